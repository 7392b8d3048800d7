#pragma once

#include "clustersummary.h"

#include <QAbstractTableModel>

namespace ksv {

// The scenario's pods at t=0 as a table: where each runs (or that it is pending) and its requests.
class PodTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { PodColumn, NodeColumn, PhaseColumn, PriorityColumn, CpuColumn, MemoryColumn, SchedulerColumn, ColumnCount };
    enum Role { SortRole = Qt::UserRole, FilterRole };

    explicit PodTableModel(QObject* parent = nullptr);

    void setRows(QList<PodRow> rows);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<PodRow> m_rows;
};

} // namespace ksv
