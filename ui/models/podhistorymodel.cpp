#include "podhistorymodel.h"

#include "eventtext.h"
#include "tracecolors.h"
#include "framework/interface.h"
#include "framework/status.h"

#include <QBrush>
#include <QFont>

#include <algorithm>

namespace ksv {

using framework::Code;
using trace::Event;
using trace::EventKind;

namespace {
const QString separator = QStringLiteral(" · ");
} // namespace

PodHistoryModel::PodHistoryModel(const trace::TraceIndex* index, QObject* parent)
    : QAbstractTableModel(parent)
    , m_index(index)
{
}

void PodHistoryModel::setIndex(const trace::TraceIndex* index)
{
    m_index = index;
    m_pod = -1;
    m_highlightedCycle = -1;
    reset();
}

void PodHistoryModel::setPod(qint32 pod)
{
    if (!m_index || pod < 0 || pod >= m_index->catalogue().podCount())
        pod = -1;
    if (pod == m_pod)
        return;
    m_pod = pod;
    reset();
}

void PodHistoryModel::setShowAllPluginResults(bool show)
{
    if (show == m_showAllPluginResults)
        return;
    m_showAllPluginResults = show;
    reset();
}

void PodHistoryModel::setHighlightedCycle(qint32 cycleIndex)
{
    if (cycleIndex == m_highlightedCycle)
        return;
    m_highlightedCycle = cycleIndex;
    if (!m_rows.empty())
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1), {Qt::FontRole});
}

qsizetype PodHistoryModel::effectiveLimit() const
{
    if (!m_index)
        return 0;
    return m_limit < 0 ? m_index->indexed() : std::min(m_limit, m_index->indexed());
}

void PodHistoryModel::setLimit(qsizetype position)
{
    m_limit = position;
    if (m_pod < 0)
        return;
    const qsizetype limit = effectiveLimit();
    const auto& events = m_index->podEvents(m_pod);
    const auto before = [](qint32 entry, qsizetype value) { return entry < value; };
    const auto examined = size_t(std::lower_bound(events.cbegin(), events.cend(), limit, before) - events.cbegin());
    if (examined < m_examined) {
        // Back in time: the tail goes.
        m_examined = examined;
        const int first = int(std::lower_bound(m_rows.cbegin(), m_rows.cend(), limit, before) - m_rows.cbegin());
        if (first < rowCount()) {
            beginRemoveRows({}, first, rowCount() - 1);
            m_rows.erase(m_rows.begin() + first, m_rows.end());
            endRemoveRows();
        }
        return;
    }
    extend(true);
}

void PodHistoryModel::reset()
{
    beginResetModel();
    m_rows.clear();
    m_examined = 0;
    if (m_pod >= 0)
        extend(false);
    endResetModel();
}

bool PodHistoryModel::accepts(const Event& event) const
{
    if (event.kind() == EventKind::FilterNodes || event.kind() == EventKind::ScoreNodes)
        return false; // the attempt's table shows them
    // PreEnqueue runs outside any cycle; one that names a cycle was attributed to the pod whose
    // cycle ran last (the engine records PreEnqueue with stale pod and cycle) and is not this pod's.
    if (event.kind() == EventKind::PluginResult && event.point() == framework::ExtensionPoint::PreEnqueue && event.cycle() >= 0)
        return false;
    if (event.kind() == EventKind::PluginResult && !m_showAllPluginResults) {
        return event.code() != Code::Success && event.code() != Code::Skip;
    }
    return true;
}

void PodHistoryModel::extend(bool notify)
{
    const auto& events = m_index->podEvents(m_pod);
    const qsizetype limit = effectiveLimit();
    const trace::Trace& trace = m_index->trace();
    std::vector<qint32> added;
    for (; m_examined < events.size() && events[m_examined] < limit; ++m_examined) {
        if (accepts(trace.at(events[m_examined])))
            added.push_back(events[m_examined]);
    }
    if (added.empty())
        return;
    if (notify)
        beginInsertRows({}, rowCount(), rowCount() + int(added.size()) - 1);
    m_rows.insert(m_rows.end(), added.cbegin(), added.cend());
    if (notify)
        endInsertRows();
}

qint32 PodHistoryModel::cycleIndexAt(int row) const
{
    const qint64 position = m_rows[size_t(row)];
    return eventtext::cycleIndexOf(*m_index, m_index->trace().at(position), position);
}

int PodHistoryModel::rowOfCycleStart(qint32 cycleIndex) const
{
    if (!m_index || cycleIndex < 0 || size_t(cycleIndex) >= m_index->cycles().size())
        return -1;
    const qint64 start = m_index->cycles()[size_t(cycleIndex)].startEvent;
    const auto it = std::lower_bound(m_rows.cbegin(), m_rows.cend(), start);
    return it != m_rows.cend() && *it == start ? int(it - m_rows.cbegin()) : -1;
}

QString PodHistoryModel::what(const Event& event) const
{
    const trace::Trace& trace = m_index->trace();
    const QString node = trace.string(event.node());
    switch (event.kind()) {
    case EventKind::ClusterChange: {
        const EventAction action = event.action();
        return action == EventAction::Create ? tr("Created") : action == EventAction::Update ? tr("Updated") : tr("Deleted");
    }
    case EventKind::QueueMove: return eventtext::move(event);
    case EventKind::CycleStart: return tr("Attempt %1").arg(event.attempt());
    case EventKind::PluginResult:
        return eventtext::point(event.point()) + QStringLiteral(": ") + trace.string(event.plugin());
    case EventKind::FilterNodes: return tr("Filter");
    case EventKind::ScoreNodes: return tr("Score");
    case EventKind::CycleEnd:
        if (event.code() == Code::Success)
            return tr("Chose %1").arg(node);
        return eventtext::code(event.code());
    case EventKind::Preemption: return tr("Preempts on %1").arg(node);
    case EventKind::Victim: return tr("Preempted on %1").arg(node);
    case EventKind::Nominated: return event.node() < 0 ? tr("Nomination cleared") : tr("Nominated to %1").arg(node);
    case EventKind::BindingStart: return tr("Binding to %1").arg(node);
    case EventKind::BindingEnd:
        return event.code() == Code::Success ? tr("Bound to %1").arg(node) : tr("Binding failed (%1)").arg(eventtext::code(event.code()));
    case EventKind::ExtenderCall: return eventtext::pointAndPlugin(trace, event);
    }
    Q_UNREACHABLE();
    return {};
}

QString PodHistoryModel::detail(const Event& event) const
{
    const trace::Trace& trace = m_index->trace();
    switch (event.kind()) {
    case EventKind::ClusterChange: return trace.string(event.object());
    case EventKind::QueueMove: {
        QString text = trace.string(event.cause());
        if (event.node() >= 0)
            text += separator + trace.string(event.node());
        if (event.to() == trace::PodLocation::Backoff)
            text += separator + tr("backoff until %1").arg(eventtext::time(event.queueTime()));
        return text;
    }
    case EventKind::CycleStart: return tr("profile %1").arg(trace.string(event.profile()));
    case EventKind::PluginResult: {
        const QString reasons = trace.string(event.reasons());
        return reasons.isEmpty() ? eventtext::code(event.code()) : QString(eventtext::code(event.code()) + QStringLiteral(": ") + reasons);
    }
    case EventKind::Nominated:
    case EventKind::BindingStart: return {};
    case EventKind::FilterNodes:
    case EventKind::ScoreNodes:
    case EventKind::Preemption:
    case EventKind::Victim:
    case EventKind::BindingEnd:
    case EventKind::ExtenderCall: return eventtext::detail(trace, event);
    case EventKind::CycleEnd: {
        const QString counts = tr("evaluated %1, feasible %2").arg(event.evaluated()).arg(event.feasible());
        return event.code() == Code::Success ? counts : QString(trace.string(event.message()) + separator + counts);
    }
    }
    Q_UNREACHABLE();
    return {};
}

int PodHistoryModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int PodHistoryModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant PodHistoryModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const qint64 position = m_rows[size_t(index.row())];
    const Event& event = m_index->trace().at(position);
    const auto column = static_cast<Column>(index.column());
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case TimeColumn: return eventtext::time(event.time());
        case WhatColumn: return what(event);
        case DetailColumn: return detail(event);
        case CycleColumn: return event.cycle() >= 0 ? QVariant(event.cycle()) : QVariant();
        case ColumnCount: break;
        }
        return {};
    case SortRole:
        switch (column) {
        case TimeColumn: return position; // the trace's order, which ties in time keep
        case WhatColumn: return what(event);
        case DetailColumn: return detail(event);
        case CycleColumn: return event.cycle();
        case ColumnCount: break;
        }
        return {};
    case PositionRole: return position;
    case CycleIndexRole: return cycleIndexAt(index.row());
    case KindRole: return int(event.kind());
    case Qt::ToolTipRole:
        if (column == DetailColumn || column == WhatColumn)
            return detail(event);
        return {};
    case Qt::FontRole:
        if (m_highlightedCycle >= 0 && event.cycle() >= 0 && cycleIndexAt(index.row()) == m_highlightedCycle) {
            QFont font;
            font.setBold(true);
            return font;
        }
        return {};
    case Qt::ForegroundRole:
        if (column != WhatColumn)
            return {};
        if (eventtext::isFailure(event))
            return QBrush(tracecolors::failure());
        if ((event.kind() == EventKind::CycleEnd || event.kind() == EventKind::BindingEnd) && event.code() == Code::Success)
            return QBrush(tracecolors::success());
        return {};
    case Qt::TextAlignmentRole:
        if (column == CycleColumn || column == TimeColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    default: return {};
    }
}

QVariant PodHistoryModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (static_cast<Column>(section)) {
    case TimeColumn: return tr("Time");
    case WhatColumn: return tr("What");
    case DetailColumn: return tr("Detail");
    case CycleColumn: return tr("Cycle");
    case ColumnCount: break;
    }
    return {};
}

} // namespace ksv
