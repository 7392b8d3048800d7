#pragma once

#include <QAbstractTableModel>
#include <QList>
#include <QString>

namespace ksv {

// One node's row: its spec (name, zone, allocatable, taints, status) and what is requested there.
struct NodeRow
{
    QString name;
    QString zone;
    qint64 allocatableMilliCpu = 0;
    qint64 allocatableMemory = 0;
    qint64 allocatablePods = 0;
    qint64 requestedMilliCpu = 0;
    qint64 requestedMemory = 0;
    qint64 podCount = 0;
    QString taints; // "key=value:Effect, ..."
    bool ready = true;
    bool unschedulable = false;
};

// The cluster's nodes as a table: allocatable resources, what the bound pods request, taints.
class NodeTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { NameColumn, ZoneColumn, CpuColumn, MemoryColumn, PodsColumn, TaintsColumn, StatusColumn, ColumnCount };
    enum Role { SortRole = Qt::UserRole, FilterRole };

    explicit NodeTableModel(QObject* parent = nullptr);

    // The same nodes in the same order (the cursor moved): their cells change in place, so that
    // the selection, the sort and the scroll position stay. Other nodes: a bulk reset.
    void setRows(QList<NodeRow> rows);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<NodeRow> m_rows;
};

} // namespace ksv
