#pragma once

#include "clustersummary.h"

#include <QAbstractTableModel>

namespace ksv {

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
