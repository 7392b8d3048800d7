#include "podtablemodel.h"

#include "format.h"

namespace ksv {

PodTableModel::PodTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void PodTableModel::setRows(QList<PodRow> rows)
{
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
}

int PodTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int PodTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant PodTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const PodRow& row = m_rows[index.row()];
    const auto phaseText = [&row] {
        if (row.nodeName.isEmpty())
            return row.schedulingGates > 0 ? tr("SchedulingGated") : tr("Pending");
        return toString(row.phase);
    };
    if (role == FilterRole)
        return QString(row.key + QLatin1Char(' ') + row.nodeName + QLatin1Char(' ') + phaseText());
    if (role == SortRole) {
        switch (static_cast<Column>(index.column())) {
        case PodColumn: return row.key;
        case NodeColumn: return row.nodeName;
        case PhaseColumn: return phaseText();
        case PriorityColumn: return row.priority;
        case CpuColumn: return row.requestedMilliCpu;
        case MemoryColumn: return row.requestedMemory;
        case SchedulerColumn: return row.schedulerName;
        case ColumnCount: break;
        }
        return {};
    }
    if (role == Qt::DisplayRole) {
        switch (static_cast<Column>(index.column())) {
        case PodColumn: return row.key;
        case NodeColumn: return row.nodeName.isEmpty() ? QStringLiteral("—") : row.nodeName;
        case PhaseColumn: return phaseText();
        case PriorityColumn: return row.priority;
        case CpuColumn: return format::cpu(row.requestedMilliCpu);
        case MemoryColumn: return format::bytes(row.requestedMemory);
        case SchedulerColumn: return row.schedulerName;
        case ColumnCount: break;
        }
    }
    if (role == Qt::TextAlignmentRole && index.column() >= PriorityColumn && index.column() <= MemoryColumn)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant PodTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (static_cast<Column>(section)) {
    case PodColumn: return tr("Pod");
    case NodeColumn: return tr("Node");
    case PhaseColumn: return tr("Phase");
    case PriorityColumn: return tr("Priority");
    case CpuColumn: return tr("CPU request");
    case MemoryColumn: return tr("Memory request");
    case SchedulerColumn: return tr("Scheduler");
    case ColumnCount: break;
    }
    return {};
}

} // namespace ksv
