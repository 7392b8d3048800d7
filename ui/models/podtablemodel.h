#pragma once

// The Pods tab: the pods in the cluster at the cursor, where each is (its queue, or the node it is
// bound, binding or waiting on), its priority, attempts and requests.
//
// The 150,000-pod sample decides the shape. A row is a catalogue pod id; the model sorts and filters
// those ids itself, from the replay state's flat arrays, instead of behind a QSortFilterProxyModel
// that would ask data() of every row and copy a row per pod at each refresh. Cells are read from
// the state when painted; refresh() only reorders, keeping the selection on the same pods.

#include "trace/replay.h"

#include <QAbstractTableModel>

#include <vector>

namespace ksv {

class PodTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column {
        PodColumn,
        NodeColumn,
        StateColumn,
        PriorityColumn,
        AttemptsColumn,
        CpuColumn,
        MemoryColumn,
        SchedulerColumn,
        ColumnCount
    };

    explicit PodTableModel(QObject* parent = nullptr);

    // A new run (or none): no rows until refresh() gives a state of it.
    void setRun(const trace::TraceIndex* index);
    // The rows for `state`, which must stay alive (a run's cursor or head state) until the next
    // refresh() or setRun(): pods that appeared or left, and the order, are brought up to date.
    void refresh(const trace::ReplayState& state);
    // Keeps the pods whose name, node or state contains `text` (any case).
    void setFilterText(const QString& text);
    QString filterText() const { return m_filter; }

    // The pod a row shows, and the row showing a pod (-1 when it is not shown).
    qint32 podAt(int row) const { return m_rows[size_t(row)]; }
    int rowOfPod(qint32 pod) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

private:
    bool isShown(qint32 pod) const;
    bool matchesFilter(qint32 pod) const;
    QString stateText(qint32 pod) const;
    const Pod* specOf(qint32 pod) const;
    qint64 request(qint32 pod, int measure) const;
    void catchUpNameOrder();
    std::vector<qint32> orderedRows() const;
    void showRows(std::vector<qint32> rows);
    void relayout(std::vector<qint32> order);

    const trace::TraceIndex* m_index = nullptr;
    const trace::ReplayState* m_state = nullptr;
    std::vector<qint32> m_rows;   // pod ids, in display order
    std::vector<qint32> m_byName; // every pod the catalogue has numbered, by key
    QString m_filter;
    int m_sortColumn = PodColumn;
    Qt::SortOrder m_sortOrder = Qt::AscendingOrder;
};

} // namespace ksv
