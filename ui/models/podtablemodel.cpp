#include "podtablemodel.h"

#include "format.h"
#include "queuelanes.h"

#include <algorithm>

namespace ksv {

using trace::PodLocation;

PodTableModel::PodTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void PodTableModel::setRun(const trace::TraceIndex* index)
{
    beginResetModel();
    m_index = index;
    m_state = nullptr;
    m_rows.clear();
    m_byName.clear();
    endResetModel();
}

void PodTableModel::refresh(const trace::ReplayState& state)
{
    if (!m_index)
        return;
    m_state = &state;
    catchUpNameOrder();
    showRows(orderedRows());
}

void PodTableModel::setFilterText(const QString& text)
{
    if (text == m_filter)
        return;
    m_filter = text;
    if (m_state)
        showRows(orderedRows());
}

void PodTableModel::sort(int column, Qt::SortOrder order)
{
    if (column < 0 || column >= ColumnCount)
        return;
    m_sortColumn = column;
    m_sortOrder = order;
    if (m_state)
        showRows(orderedRows());
}

int PodTableModel::rowOfPod(qint32 pod) const
{
    const auto found = std::ranges::find(m_rows, pod);
    return found == m_rows.cend() ? -1 : int(found - m_rows.cbegin());
}

bool PodTableModel::isShown(qint32 pod) const
{
    if (size_t(pod) >= m_state->pods.size())
        return false; // numbered after the state was built: not in its cluster
    const trace::PodRow& row = m_state->pods[size_t(pod)];
    return row.present && row.location != PodLocation::Deleted;
}

const Pod* PodTableModel::specOf(qint32 pod) const
{
    return m_index->podSpec(pod, m_state->pods[size_t(pod)].spec);
}

qint64 PodTableModel::request(qint32 pod, int measure) const
{
    return m_state->podRequests[size_t(pod) * size_t(m_state->measureCount) + size_t(measure)];
}

QString PodTableModel::stateText(qint32 pod) const
{
    const trace::PodRow& row = m_state->pods[size_t(pod)];
    if (row.location != PodLocation::None)
        return laneTitle(row.location);
    // Present and never queued: finished before the run began, or left to another scheduler.
    const Pod* spec = specOf(pod);
    if (spec && spec->isTerminal())
        return toString(spec->phase);
    return laneTitle(PodLocation::None);
}

bool PodTableModel::matchesFilter(qint32 pod) const
{
    if (m_filter.isEmpty())
        return true;
    const trace::ReplayCatalogue& catalogue = m_index->catalogue();
    const qint32 node = m_state->pods[size_t(pod)].node;
    return catalogue.podKey(pod).contains(m_filter, Qt::CaseInsensitive)
        || (node >= 0 && catalogue.nodeName(node).contains(m_filter, Qt::CaseInsensitive))
        || stateText(pod).contains(m_filter, Qt::CaseInsensitive);
}

void PodTableModel::catchUpNameOrder()
{
    // The catalogue only grows (a live cluster numbers pods as they are seen): a few newcomers are
    // inserted in place, a crowd is sorted in once.
    const trace::ReplayCatalogue& catalogue = m_index->catalogue();
    const auto known = qint32(m_byName.size());
    const qint32 count = catalogue.podCount();
    if (count == known)
        return;
    const auto byKey = [&catalogue](qint32 a, qint32 b) { return catalogue.podKey(a) < catalogue.podKey(b); };
    if (count - known > known / 16 + 16) {
        for (qint32 pod = known; pod < count; ++pod)
            m_byName.push_back(pod);
        std::ranges::sort(m_byName, byKey);
        return;
    }
    for (qint32 pod = known; pod < count; ++pod)
        m_byName.insert(std::ranges::upper_bound(m_byName, pod, byKey), pod);
}

std::vector<qint32> PodTableModel::orderedRows() const
{
    std::vector<qint32> rows;
    rows.reserve(m_byName.size());
    for (const qint32 pod : m_byName) {
        if (isShown(pod) && matchesFilter(pod))
            rows.push_back(pod);
    }
    const bool descending = m_sortOrder == Qt::DescendingOrder;
    if (m_sortColumn == PodColumn) {
        if (descending)
            std::ranges::reverse(rows);
        return rows;
    }
    // Other columns sort stably over the name order, so equal values stay by name.
    const auto& pods = m_state->pods;
    // Each key is worked out once per row, not once per comparison.
    const auto sortBy = [&rows, descending](auto key) {
        std::vector<std::pair<decltype(key(0)), qint32>> keyed;
        keyed.reserve(rows.size());
        for (const qint32 pod : rows)
            keyed.emplace_back(key(pod), pod);
        std::ranges::stable_sort(keyed, [descending](const auto& a, const auto& b) { return descending ? b.first < a.first : a.first < b.first; });
        for (size_t i = 0; i < keyed.size(); ++i)
            rows[i] = keyed[i].second;
    };
    switch (static_cast<Column>(m_sortColumn)) {
    case NodeColumn: {
        // Pods nowhere sort first, then by node name.
        const trace::ReplayCatalogue& catalogue = m_index->catalogue();
        std::vector<qint32> nodesByName(size_t(catalogue.nodeCount()));
        for (qint32 node = 0; node < catalogue.nodeCount(); ++node)
            nodesByName[size_t(node)] = node;
        std::ranges::sort(nodesByName, [&catalogue](qint32 a, qint32 b) { return catalogue.nodeName(a) < catalogue.nodeName(b); });
        std::vector<qint32> rank(nodesByName.size());
        for (size_t i = 0; i < nodesByName.size(); ++i)
            rank[size_t(nodesByName[i])] = qint32(i);
        sortBy([&](qint32 pod) { return pods[size_t(pod)].node < 0 ? -1 : rank[size_t(pods[size_t(pod)].node)]; });
        break;
    }
    case StateColumn: // in the lanes' order, the queues first
        sortBy([&](qint32 pod) { return std::pair(int(pods[size_t(pod)].location), stateText(pod)); });
        break;
    case PriorityColumn:
        sortBy([&](qint32 pod) {
            const Pod* spec = specOf(pod);
            return spec ? spec->effectivePriority() : 0;
        });
        break;
    case AttemptsColumn: sortBy([&](qint32 pod) { return pods[size_t(pod)].attempts; }); break;
    case CpuColumn: sortBy([&](qint32 pod) { return request(pod, trace::MeasureCpu); }); break;
    case MemoryColumn: sortBy([&](qint32 pod) { return request(pod, trace::MeasureMemory); }); break;
    case SchedulerColumn:
        sortBy([&](qint32 pod) {
            const Pod* spec = specOf(pod);
            return spec ? spec->schedulerName : QString();
        });
        break;
    case PodColumn:
    case ColumnCount: break;
    }
    return rows;
}

void PodTableModel::showRows(std::vector<qint32> rows)
{
    // Persistent indexes (the selection, the current row) follow their pods: those that leave go
    // to the end in one layout change and are removed there; newcomers are appended, then the
    // final order is one more layout change. Each step is one a view and the model tester accept.
    if (rows != m_rows) {
        const size_t podCount = size_t(m_index->catalogue().podCount());
        std::vector<char> staysShown(podCount, 0), wasShown(podCount, 0);
        for (const qint32 pod : rows)
            staysShown[size_t(pod)] = 1;
        for (const qint32 pod : m_rows)
            wasShown[size_t(pod)] = 1;

        std::vector<qint32> interim;
        interim.reserve(m_rows.size());
        std::ranges::copy_if(m_rows, std::back_inserter(interim), [&](qint32 pod) { return staysShown[size_t(pod)] != 0; });
        const auto staying = int(interim.size());
        if (staying < int(m_rows.size())) {
            std::ranges::copy_if(m_rows, std::back_inserter(interim), [&](qint32 pod) { return staysShown[size_t(pod)] == 0; });
            relayout(std::move(interim));
            beginRemoveRows({}, staying, int(m_rows.size()) - 1);
            m_rows.resize(size_t(staying));
            endRemoveRows();
        }
        std::vector<qint32> arriving;
        std::ranges::copy_if(rows, std::back_inserter(arriving), [&](qint32 pod) { return wasShown[size_t(pod)] == 0; });
        if (!arriving.empty()) {
            beginInsertRows({}, int(m_rows.size()), int(m_rows.size() + arriving.size()) - 1);
            m_rows.insert(m_rows.end(), arriving.cbegin(), arriving.cend());
            endInsertRows();
        }
        if (rows != m_rows)
            relayout(std::move(rows));
    }
    // Whatever moved, the cells read a newer state now.
    if (!m_rows.empty())
        Q_EMIT dataChanged(index(0, 0), index(int(m_rows.size()) - 1, ColumnCount - 1));
}

void PodTableModel::relayout(std::vector<qint32> order)
{
    Q_EMIT layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
    std::vector<qint32> rowOf(size_t(m_index->catalogue().podCount()), -1);
    for (size_t row = 0; row < order.size(); ++row)
        rowOf[size_t(order[row])] = qint32(row);
    const QModelIndexList from = persistentIndexList();
    QModelIndexList to;
    to.reserve(from.size());
    for (const QModelIndex& old : from) {
        const qint32 row = rowOf[size_t(m_rows[size_t(old.row())])];
        to.append(row < 0 ? QModelIndex() : createIndex(row, old.column()));
    }
    m_rows = std::move(order);
    changePersistentIndexList(from, to);
    Q_EMIT layoutChanged({}, QAbstractItemModel::VerticalSortHint);
}

int PodTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int PodTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant PodTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const qint32 pod = m_rows[size_t(index.row())];
    if (size_t(pod) >= m_state->pods.size())
        return {};
    const trace::ReplayCatalogue& catalogue = m_index->catalogue();
    const trace::PodRow& row = m_state->pods[size_t(pod)];
    if (role == Qt::DisplayRole) {
        switch (static_cast<Column>(index.column())) {
        case PodColumn: return catalogue.podKey(pod);
        case NodeColumn:
            if (row.node >= 0)
                return catalogue.nodeName(row.node);
            if (row.nominatedNode >= 0)
                return tr("— (nominated %1)").arg(catalogue.nodeName(row.nominatedNode));
            return QStringLiteral("—");
        case StateColumn: return stateText(pod);
        case PriorityColumn: {
            const Pod* spec = specOf(pod);
            return spec ? spec->effectivePriority() : 0;
        }
        case AttemptsColumn: return row.attempts;
        case CpuColumn: return format::cpu(request(pod, trace::MeasureCpu));
        case MemoryColumn: return format::bytes(request(pod, trace::MeasureMemory));
        case SchedulerColumn: {
            const Pod* spec = specOf(pod);
            return spec ? spec->schedulerName : QString();
        }
        case ColumnCount: break;
        }
        return {};
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
    case StateColumn: return tr("State");
    case PriorityColumn: return tr("Priority");
    case AttemptsColumn: return tr("Attempts");
    case CpuColumn: return tr("CPU request");
    case MemoryColumn: return tr("Memory request");
    case SchedulerColumn: return tr("Scheduler");
    case ColumnCount: break;
    }
    return {};
}

} // namespace ksv
