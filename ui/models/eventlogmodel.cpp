#include "eventlogmodel.h"

#include "eventtext.h"
#include "tracecolors.h"
#include "framework/interface.h"
#include "framework/status.h"

#include <QBrush>

#include <algorithm>

namespace ksv {

using trace::Event;
using trace::EventKind;

namespace {
constexpr int codeCount = int(framework::Code::Pending) + 1;
constexpr int pointCount = int(framework::ExtensionPoint::PostBind) + 1;

bool flag(const std::vector<quint8>& flags, int index)
{
    return index >= 0 && size_t(index) < flags.size() && flags[size_t(index)];
}

bool hasPoint(EventKind kind)
{
    return kind == EventKind::PluginResult || kind == EventKind::FilterNodes || kind == EventKind::ScoreNodes;
}
} // namespace

EventLogModel::EventLogModel(const trace::TraceIndex* index, QObject* parent)
    : QAbstractTableModel(parent)
    , m_index(index)
{
    rebuild();
}

void EventLogModel::setIndex(const trace::TraceIndex* index)
{
    m_index = index;
    m_stringMatches.clear();
    m_podFilter = -1;
    rebuild();
}

qsizetype EventLogModel::effectiveLimit() const
{
    if (!m_index)
        return 0;
    return m_limit < 0 ? m_index->indexed() : std::min(m_limit, m_index->indexed());
}

void EventLogModel::setLimit(qsizetype position)
{
    m_limit = position;
    const qsizetype limit = effectiveLimit();
    // Matches beyond the limit are kept (the trace only grows, so they stay valid until the filter
    // or the run changes): going back hides the tail and going forward again over ground already
    // scanned is a binary search, not a scan of hundreds of thousands of events.
    scan(limit, m_rows);
    const int shown = int(std::lower_bound(m_rows.cbegin(), m_rows.cend(), limit, [](qint32 row, qsizetype value) { return row < value; })
                          - m_rows.cbegin());
    if (shown < m_shown) {
        // Back in time: the tail goes, the rest stays (and so does the view's scroll position).
        beginRemoveRows({}, shown, m_shown - 1);
        m_shown = shown;
        endRemoveRows();
    } else if (shown > m_shown) {
        // One batch per cursor move, however many events it covers.
        beginInsertRows({}, m_shown, shown - 1);
        m_shown = shown;
        endInsertRows();
    }
}

qsizetype EventLogModel::scanned() const
{
    return std::min(m_scanned, effectiveLimit());
}

void EventLogModel::setKinds(quint32 kinds)
{
    kinds &= allKinds;
    if (kinds == m_kinds)
        return;
    m_kinds = kinds;
    rebuild();
}

void EventLogModel::setKindEnabled(EventKind kind, bool enabled)
{
    setKinds(enabled ? (m_kinds | kindBit(kind)) : (m_kinds & ~kindBit(kind)));
}

void EventLogModel::setSearch(const QString& text)
{
    const QString trimmed = text.trimmed();
    if (trimmed == m_search)
        return;
    m_search = trimmed;
    m_stringMatches.clear();
    const auto matchNames = [this](std::vector<quint8>& flags, int count, auto name) {
        flags.assign(size_t(count), 0);
        for (int i = 0; i < count; ++i)
            flags[size_t(i)] = !m_search.isEmpty() && name(i).contains(m_search, Qt::CaseInsensitive);
    };
    matchNames(m_kindMatches, kindCount, [](int i) { return trace::toString(static_cast<EventKind>(i)); });
    matchNames(m_codeMatches, codeCount, [](int i) { return eventtext::code(quint8(i)); });
    matchNames(m_pointMatches, pointCount, [](int i) { return eventtext::point(quint8(i)); });
    matchNames(m_locationMatches, trace::podLocationCount, [](int i) { return eventtext::location(quint8(i)); });
    rebuild();
}

void EventLogModel::setPodFilter(qint32 pod)
{
    if (pod < 0)
        pod = -1;
    if (pod == m_podFilter)
        return;
    m_podFilter = pod;
    rebuild();
}

int EventLogModel::rowAtOrAfter(qint64 position) const
{
    const auto shownEnd = m_rows.cbegin() + m_shown;
    return int(std::lower_bound(m_rows.cbegin(), shownEnd, position, [](qint32 row, qint64 value) { return row < value; })
               - m_rows.cbegin());
}

void EventLogModel::rebuild()
{
    beginResetModel();
    m_rows.clear();
    m_scanned = 0;
    scan(effectiveLimit(), m_rows);
    m_shown = int(m_rows.size());
    endResetModel();
}

void EventLogModel::updateStringMatches()
{
    const trace::Trace& trace = m_index->trace();
    const qsizetype count = trace.stringCount();
    for (auto id = qsizetype(m_stringMatches.size()); id < count; ++id)
        m_stringMatches.push_back(trace.string(qint32(id)).contains(m_search, Qt::CaseInsensitive) ? 1 : 0);
}

// A block row matches through anything it holds, as the per-node rows it stands for did: a node's
// name; for Filter a rejecting plugin, a reason or a verdict's code (Success when a node passed).
bool EventLogModel::blockMatches(const Event& event) const
{
    const trace::Trace& trace = m_index->trace();
    if (event.kind() == EventKind::FilterNodes) {
        const trace::FilterNodes block = trace.filterNodes(event);
        for (qsizetype i = 0; i < block.size(); ++i) {
            if (flag(m_stringMatches, block.node(i)))
                return true;
        }
        for (qsizetype r = 0; r < block.rejectionCount(); ++r) {
            const trace::FilterRejection rejection = block.rejection(r);
            if (flag(m_stringMatches, rejection.plugin) || flag(m_stringMatches, rejection.text) || flag(m_codeMatches, rejection.code))
                return true;
        }
        return block.feasibleCount() > 0 && flag(m_codeMatches, int(framework::Code::Success));
    }
    if (event.kind() == EventKind::ScoreNodes) {
        const trace::ScoreNodes block = trace.scoreNodes(event);
        for (int p = 0; p < block.pluginCount(); ++p) {
            if (flag(m_stringMatches, block.plugin(p)))
                return true;
        }
        for (qsizetype n = 0; n < block.size(); ++n) {
            if (flag(m_stringMatches, block.node(n)))
                return true;
        }
    }
    return false;
}

bool EventLogModel::searchMatches(const Event& event) const
{
    if (blockMatches(event))
        return true;
    if (flag(m_stringMatches, event.pod()) || flag(m_stringMatches, event.node()) || flag(m_stringMatches, event.text())
        || flag(m_kindMatches, int(event.kind())))
        return true;
    if (event.kind() == EventKind::PluginResult && flag(m_stringMatches, event.plugin()))
        return true;
    if (eventtext::hasCode(event.kind()) && flag(m_codeMatches, int(event.code())))
        return true;
    if (hasPoint(event.kind()) && flag(m_pointMatches, int(event.point())))
        return true;
    return event.kind() == EventKind::QueueMove && (flag(m_locationMatches, int(event.from())) || flag(m_locationMatches, int(event.to())));
}

bool EventLogModel::matches(const Event& event) const
{
    if (!(m_kinds & kindBit(event.kind())))
        return false;
    if (m_podFilter >= 0 && (event.pod() < 0 || m_index->podOf(event.pod()) != m_podFilter))
        return false;
    return m_search.isEmpty() || searchMatches(event);
}

void EventLogModel::scan(qsizetype limit, trace::AppendArray<qint32>& out)
{
    if (!m_index || limit <= m_scanned)
        return;
    if (!m_search.isEmpty())
        updateStringMatches();
    const trace::Trace& trace = m_index->trace();
    for (qsizetype position = m_scanned; position < limit; ++position) {
        if (matches(trace.at(position)))
            out.push_back(qint32(position));
    }
    m_scanned = limit;
}

int EventLogModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : m_shown;
}

int EventLogModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant EventLogModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const qint64 position = m_rows[size_t(index.row())];
    const trace::Trace& trace = m_index->trace();
    const Event& event = trace.at(position);
    const auto column = static_cast<Column>(index.column());
    const auto display = [&]() -> QVariant {
        switch (column) {
        case TimeColumn: return eventtext::time(event.time());
        case KindColumn: return trace::toString(event.kind());
        case PodColumn: return trace.string(event.pod());
        case NodeColumn: return trace.string(event.node());
        case CycleColumn: return event.cycle() >= 0 ? QVariant(event.cycle()) : QVariant();
        case PluginColumn: return eventtext::pointAndPlugin(trace, event);
        case CodeColumn: return eventtext::hasCode(event.kind()) ? QVariant(eventtext::code(event.code())) : QVariant();
        case DetailColumn: return eventtext::detail(trace, event);
        case ColumnCount: break;
        }
        return {};
    };
    switch (role) {
    case Qt::DisplayRole: return display();
    case SortRole:
        if (column == TimeColumn)
            return position;
        if (column == CycleColumn)
            return event.cycle();
        return display();
    case PositionRole: return position;
    case PodRole: return event.pod() >= 0 ? m_index->podOf(event.pod()) : -1;
    case NodeRole: return event.node() >= 0 ? m_index->nodeOf(event.node()) : -1;
    case CycleIndexRole: return eventtext::cycleIndexOf(*m_index, event, position);
    case KindRole: return int(event.kind());
    case Qt::ToolTipRole:
        if (column == DetailColumn || column == PodColumn || column == PluginColumn)
            return display();
        return {};
    case Qt::ForegroundRole:
        if ((column == KindColumn || column == CodeColumn || column == DetailColumn) && eventtext::isFailure(event))
            return QBrush(tracecolors::failure());
        return {};
    case Qt::TextAlignmentRole:
        if (column == TimeColumn || column == CycleColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    default: return {};
    }
}

QVariant EventLogModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (static_cast<Column>(section)) {
    case TimeColumn: return tr("Time");
    case KindColumn: return tr("Kind");
    case PodColumn: return tr("Pod");
    case NodeColumn: return tr("Node");
    case CycleColumn: return tr("Cycle");
    case PluginColumn: return tr("Point · Plugin");
    case CodeColumn: return tr("Code");
    case DetailColumn: return tr("Detail");
    case ColumnCount: break;
    }
    return {};
}

} // namespace ksv
