#pragma once

// The Differences table (docs/whatif.md, "Compared in the app"): every pod whose fate differs between
// the run before the edits and the run after them, as `kschedviz compare` lists them
// (scheduler/compare.h: podDifferences). A row per pod; sorting is a proxy's, by SortRole.

#include "compare.h"

#include <QAbstractTableModel>

namespace ksv {

class DifferencesModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { PodColumn, ChangeColumn, NodeBeforeColumn, NodeAfterColumn, BoundBeforeColumn, BoundAfterColumn, ColumnCount };
    enum Role {
        SortRole = Qt::UserRole + 1, // node names as text, times as nanoseconds (-1 when not bound)
        PodKeyRole,                  // namespace/name
    };

    explicit DifferencesModel(QObject* parent = nullptr);

    void setDifferences(QList<PodDifference> differences);
    const QList<PodDifference>& differences() const { return m_differences; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // "moved", "only before", …: how the Change column says a kind.
    static QString changeText(PodDifference::Kind kind);

private:
    QList<PodDifference> m_differences;
};

} // namespace ksv
