#include "nodetablemodel.h"

#include "format.h"

namespace ksv {

namespace {
double ratio(qint64 used, qint64 total)
{
    return total > 0 ? static_cast<double>(used) / static_cast<double>(total) : 0.0;
}
} // namespace

NodeTableModel::NodeTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void NodeTableModel::setRows(QList<NodeRow> rows)
{
    const bool sameNodes = rows.size() == m_rows.size()
        && std::equal(rows.cbegin(), rows.cend(), m_rows.cbegin(), [](const NodeRow& a, const NodeRow& b) { return a.name == b.name; });
    if (sameNodes && !rows.isEmpty()) {
        m_rows = std::move(rows);
        Q_EMIT dataChanged(index(0, 0), index(int(m_rows.size()) - 1, ColumnCount - 1));
        return;
    }
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
}

int NodeTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int NodeTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant NodeTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const NodeRow& row = m_rows[index.row()];
    if (role == FilterRole)
        return QString(row.name + QLatin1Char(' ') + row.zone + QLatin1Char(' ') + row.taints);
    if (role == SortRole) {
        switch (static_cast<Column>(index.column())) {
        case NameColumn: return row.name;
        case ZoneColumn: return row.zone;
        case CpuColumn: return ratio(row.requestedMilliCpu, row.allocatableMilliCpu);
        case MemoryColumn: return ratio(row.requestedMemory, row.allocatableMemory);
        case PodsColumn: return row.podCount;
        case TaintsColumn: return row.taints;
        case StatusColumn: return int(row.ready) * 2 + int(!row.unschedulable);
        case ColumnCount: break;
        }
        return {};
    }
    if (role == Qt::DisplayRole) {
        switch (static_cast<Column>(index.column())) {
        case NameColumn: return row.name;
        case ZoneColumn: return row.zone;
        case CpuColumn: return QString(format::cpu(row.requestedMilliCpu) + QStringLiteral(" / ") + format::cpu(row.allocatableMilliCpu));
        case MemoryColumn: return QString(format::bytes(row.requestedMemory) + QStringLiteral(" / ") + format::bytes(row.allocatableMemory));
        case PodsColumn: return QString(QString::number(row.podCount) + QStringLiteral(" / ") + QString::number(row.allocatablePods));
        case TaintsColumn: return row.taints;
        case StatusColumn: {
            QString status = row.ready ? tr("Ready") : tr("NotReady");
            if (row.unschedulable)
                status += tr(", SchedulingDisabled");
            return status;
        }
        case ColumnCount: break;
        }
    }
    if (role == Qt::ToolTipRole && index.column() == TaintsColumn && !row.taints.isEmpty())
        return row.taints;
    if (role == Qt::TextAlignmentRole && index.column() >= CpuColumn && index.column() <= PodsColumn)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant NodeTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (static_cast<Column>(section)) {
    case NameColumn: return tr("Node");
    case ZoneColumn: return tr("Zone");
    case CpuColumn: return tr("CPU req / alloc");
    case MemoryColumn: return tr("Memory req / alloc");
    case PodsColumn: return tr("Pods");
    case TaintsColumn: return tr("Taints");
    case StatusColumn: return tr("Status");
    case ColumnCount: break;
    }
    return {};
}

} // namespace ksv
