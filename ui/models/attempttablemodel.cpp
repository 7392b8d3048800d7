#include "attempttablemodel.h"

#include "eventtext.h"
#include "tracecolors.h"

#include <QBrush>
#include <QFont>
#include <QGuiApplication>
#include <QPalette>
#include <QSet>

#include <algorithm>

namespace ksv {

using framework::Code;
using trace::Event;
using trace::EventKind;

namespace {
bool isCycleEvent(EventKind kind)
{
    return kind == EventKind::CycleStart || kind == EventKind::FilterNodes || kind == EventKind::ScoreNodes || kind == EventKind::CycleEnd;
}
} // namespace

AttemptTableModel::AttemptTableModel(const trace::TraceIndex* index, QObject* parent)
    : QAbstractTableModel(parent)
    , m_index(index)
{
}

void AttemptTableModel::setIndex(const trace::TraceIndex* index)
{
    m_index = index;
    m_cycle = -1;
    forget();
    rebuild();
}

void AttemptTableModel::forget()
{
    m_eventPositions.clear();
    m_collectedUpTo = 0;
    m_podEventsSeen = 0;
    m_shownEvents = 0;
    m_existingNodes.clear();
}

void AttemptTableModel::setCycle(qint32 cycleIndex)
{
    if (!m_index || cycleIndex < 0 || size_t(cycleIndex) >= m_index->cycles().size())
        cycleIndex = -1;
    if (cycleIndex == m_cycle)
        return;
    m_cycle = cycleIndex;
    forget();
    collect();
    rebuild();
}

void AttemptTableModel::setLimit(qsizetype position)
{
    m_limit = position;
    if (m_cycle < 0)
        return;
    collect();
    if (visibleEvents() != m_shownEvents)
        rebuild();
}

void AttemptTableModel::setScoreMode(ScoreMode mode)
{
    if (mode == m_scoreMode)
        return;
    m_scoreMode = mode;
    if (!m_rows.empty() && scorePluginCount() > 0)
        Q_EMIT dataChanged(index(0, scoreColumn(0)), index(rowCount() - 1, scoreColumn(scorePluginCount() - 1)));
    if (scorePluginCount() > 0)
        Q_EMIT headerDataChanged(Qt::Horizontal, scoreColumn(0), scoreColumn(scorePluginCount() - 1));
}

void AttemptTableModel::setShowUnevaluated(bool show)
{
    if (show == m_showUnevaluated)
        return;
    m_showUnevaluated = show;
    rebuild();
}

const trace::CycleRecord* AttemptTableModel::record() const
{
    return m_index && m_cycle >= 0 ? &m_index->cycles()[size_t(m_cycle)] : nullptr;
}

int AttemptTableModel::rowOfNode(const QString& name) const
{
    for (size_t row = 0; row < m_rows.size(); ++row) {
        if (m_rows[row].node == name)
            return int(row);
    }
    return -1;
}

qsizetype AttemptTableModel::effectiveLimit() const
{
    if (!m_index)
        return 0;
    return m_limit < 0 ? m_index->indexed() : std::min(m_limit, m_index->indexed());
}

void AttemptTableModel::collect()
{
    const trace::CycleRecord* cycle = record();
    if (!cycle)
        return;
    const trace::Trace& trace = m_index->trace();
    const qsizetype indexed = m_index->indexed();
    bool unordered = false;
    // The cycle's own events lie between its CycleStart and CycleEnd, interleaved with whatever
    // else happened meanwhile (cluster events, other pods' bindings).
    const qsizetype from = std::max<qsizetype>(m_collectedUpTo, cycle->startEvent);
    const qsizetype to = cycle->endEvent >= 0 ? std::min<qsizetype>(cycle->endEvent + 1, indexed) : indexed;
    for (qsizetype position = from; position < to; ++position) {
        const Event& event = trace.at(position);
        // Preemption (prepareCandidate) happens before the cycle ends; its events name no cycle.
        const bool preemption = (event.kind() == EventKind::Preemption && event.pod() >= 0 && m_index->podOf(event.pod()) == cycle->pod)
            || (event.kind() == EventKind::Victim && event.text() >= 0 && m_index->podOf(event.text()) == cycle->pod);
        if ((event.cycle() == cycle->cycle && isCycleEvent(event.kind())) || preemption) {
            unordered = unordered || (!m_eventPositions.empty() && m_eventPositions.back() > position);
            m_eventPositions.push_back(position);
        }
    }
    // Per-pod extension points, binding cycle included: from the pod's own events.
    const std::vector<qint32>& podEvents = m_index->podEvents(cycle->pod);
    for (; m_podEventsSeen < podEvents.size(); ++m_podEventsSeen) {
        const qint32 position = podEvents[m_podEventsSeen];
        const Event& event = trace.at(position);
        // PreEnqueue runs before a pod reaches the queue, never inside a cycle.
        if (event.kind() == EventKind::PluginResult && event.cycle() == cycle->cycle && event.point() != framework::ExtensionPoint::PreEnqueue) {
            unordered = unordered || (!m_eventPositions.empty() && m_eventPositions.back() > position);
            m_eventPositions.push_back(position);
        }
    }
    m_collectedUpTo = std::max(m_collectedUpTo, indexed);
    if (unordered)
        std::sort(m_eventPositions.begin(), m_eventPositions.end());
}

qsizetype AttemptTableModel::visibleEvents() const
{
    const qsizetype limit = effectiveLimit();
    return std::lower_bound(m_eventPositions.cbegin(), m_eventPositions.cend(), qint64(limit)) - m_eventPositions.cbegin();
}

void AttemptTableModel::rebuild()
{
    beginResetModel();
    m_rows.clear();
    m_scores.clear();
    m_scorePlugins.clear();
    m_pluginWeights.clear();
    m_pluginResults.clear();
    m_filterEvents = 0;
    m_started = m_finished = false;
    m_resultCode = Code::Success;
    m_message.clear();
    m_chosenNode.clear();
    m_evaluated = m_feasible = 0;
    m_chosenRow = -1;
    m_nominatedFirstRow = -1;
    m_nominatedFirstCode = Code::Success;
    m_nominatedFirstReason.clear();
    m_preemptionNode.clear();
    m_victims.clear();
    if (m_cycle >= 0)
        build();
    endResetModel();
    Q_EMIT summaryChanged();
}

void AttemptTableModel::build()
{
    const trace::Trace& trace = m_index->trace();
    const trace::CycleRecord& cycle = m_index->cycles()[size_t(m_cycle)];
    m_shownEvents = visibleEvents();

    QHash<qint32, int> rowOfNodeString;
    QHash<qint32, int> pluginOfString;
    const auto rowFor = [&](qint32 node) {
        auto it = rowOfNodeString.constFind(node);
        if (it != rowOfNodeString.cend())
            return *it;
        Row row;
        row.node = trace.string(node);
        row.nodeIndex = m_index->nodeOf(node);
        row.evaluated = true;
        m_rows.push_back(row);
        return *rowOfNodeString.insert(node, int(m_rows.size()) - 1);
    };

    // First pass: rows, plugins, verdicts and the outcome; second pass: the scores, once the
    // number of plugins is known.
    qint32 chosenString = -1;
    for (qsizetype i = 0; i < m_shownEvents; ++i) {
        const qsizetype position = m_eventPositions[size_t(i)];
        const Event& event = trace.at(position);
        switch (event.kind()) {
        case EventKind::CycleStart: m_started = true; break;
        case EventKind::FilterNodes: {
            const trace::FilterNodes block = trace.filterNodes(event);
            m_filterEvents += block.size();
            block.forEach([&](qint32 node, const trace::FilterRejection& verdict) {
                const bool seen = rowOfNodeString.contains(node);
                const int rowIndex = rowFor(node);
                Row& row = m_rows[size_t(rowIndex)];
                if (seen) {
                    // The nominated node, tried alone first, then again with every node.
                    m_nominatedFirstRow = rowIndex;
                    m_nominatedFirstCode = row.code;
                    m_nominatedFirstReason = row.reason;
                }
                row.code = static_cast<Code>(verdict.code);
                row.rejectedBy = trace.string(verdict.plugin);
                row.reason = row.code == Code::Success ? QString() : trace.string(verdict.text);
            });
            break;
        }
        case EventKind::ScoreNodes: {
            const trace::ScoreNodes block = trace.scoreNodes(event);
            for (qsizetype n = 0; n < block.size(); ++n)
                rowFor(block.node(n));
            for (int p = 0; p < block.pluginCount(); ++p) {
                if (!pluginOfString.contains(block.plugin(p))) {
                    pluginOfString.insert(block.plugin(p), int(m_scorePlugins.size()));
                    m_scorePlugins.append(trace.string(block.plugin(p)));
                    m_pluginWeights.push_back(block.weight(p));
                }
            }
            break;
        }
        case EventKind::CycleEnd:
            m_finished = true;
            m_resultCode = event.code();
            m_message = trace.string(event.message());
            m_evaluated = qint32(event.evaluated());
            m_feasible = event.feasible();
            if (m_resultCode == Code::Success && event.node() >= 0) {
                chosenString = event.node();
                m_chosenNode = trace.string(event.node());
            }
            break;
        case EventKind::PluginResult: {
            PluginResult result;
            result.position = position;
            result.time = event.time();
            result.point = event.point();
            result.code = event.code();
            result.plugin = trace.string(event.plugin());
            result.reasons = trace.string(event.reasons());
            m_pluginResults.append(result);
            break;
        }
        case EventKind::Preemption: m_preemptionNode = trace.string(event.node()); break;
        case EventKind::Victim: m_victims.append(trace.string(event.pod())); break;
        case EventKind::ClusterChange:
        case EventKind::QueueMove:
        case EventKind::Nominated:
        case EventKind::BindingStart:
        case EventKind::BindingEnd:
        case EventKind::ExtenderCall: break;
        }
    }

    const size_t plugins = size_t(m_scorePlugins.size());
    m_scores.assign(m_rows.size() * plugins, Score {});
    for (qsizetype i = 0; i < m_shownEvents && plugins > 0; ++i) {
        const Event& event = trace.at(m_eventPositions[size_t(i)]);
        if (event.kind() != EventKind::ScoreNodes)
            continue;
        const trace::ScoreNodes block = trace.scoreNodes(event);
        for (qsizetype n = 0; n < block.size(); ++n) {
            const int row = rowOfNodeString.value(block.node(n));
            for (int p = 0; p < block.pluginCount(); ++p) {
                const int plugin = pluginOfString.value(block.plugin(p));
                const qint64 normalized = block.normalized(n, p);
                m_scores[size_t(row) * plugins + size_t(plugin)] = Score {block.raw(n, p), qint32(normalized), block.weight(p), true};
                m_rows[size_t(row)].scored = true;
                m_rows[size_t(row)].total += normalized * block.weight(p);
            }
        }
    }
    if (chosenString >= 0) {
        const auto it = rowOfNodeString.constFind(chosenString);
        if (it != rowOfNodeString.cend()) {
            m_chosenRow = *it;
            m_rows[size_t(m_chosenRow)].chosen = true;
        }
    }

    if (m_showUnevaluated && m_started) {
        if (m_existingNodes.empty()) {
            const trace::ReplayState state = m_index->stateAt(cycle.startEvent);
            for (qint32 node = 0; node < m_index->catalogue().nodeCount(); ++node) {
                if (state.nodeExists(node))
                    m_existingNodes.push_back(node);
            }
        }
        QSet<qint32> evaluated;
        for (const Row& row : m_rows)
            evaluated.insert(row.nodeIndex);
        for (const qint32 node : m_existingNodes) {
            if (evaluated.contains(node))
                continue;
            Row row;
            row.node = m_index->catalogue().nodeName(node);
            row.nodeIndex = node;
            m_rows.push_back(row);
        }
        m_scores.resize(m_rows.size() * plugins);
    }
}

const AttemptTableModel::Score* AttemptTableModel::score(int row, int plugin) const
{
    const Score& score = m_scores[size_t(row) * size_t(scorePluginCount()) + size_t(plugin)];
    return score.set ? &score : nullptr;
}

qint64 AttemptTableModel::shownScore(const Score& score) const
{
    switch (m_scoreMode) {
    case ScoreMode::Weighted: return qint64(score.normalized) * score.weight;
    case ScoreMode::Normalized: return score.normalized;
    case ScoreMode::Raw: return score.raw;
    }
    Q_UNREACHABLE();
    return 0;
}

int AttemptTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int AttemptTableModel::columnCount(const QModelIndex& parent) const
{
    // Constant while a cycle is shown; changes only inside a reset.
    return parent.isValid() ? 0 : reasonColumn() + 1;
}

QVariant AttemptTableModel::displayData(const Row& row, int rowIndex, int column) const
{
    switch (column) {
    case NodeColumn: return row.node;
    case VerdictColumn:
        if (!row.evaluated)
            return tr("Not evaluated");
        if (row.code == Code::Success)
            return row.chosen ? tr("Feasible · chosen") : tr("Feasible");
        return eventtext::code(quint8(row.code));
    case TotalColumn:
        if (row.scored)
            return row.total;
        return row.evaluated && row.code == Code::Success && m_finished && m_scorePlugins.isEmpty() ? QVariant(QStringLiteral("—")) : QVariant();
    default: break;
    }
    if (column == rejectedByColumn())
        return row.rejectedBy;
    if (column == reasonColumn())
        return row.reason;
    if (const Score* value = score(rowIndex, column - FixedColumnCount))
        return shownScore(*value);
    return {};
}

QVariant AttemptTableModel::sortData(const Row& row, int rowIndex, int column) const
{
    const bool feasible = row.evaluated && row.code == Code::Success;
    switch (column) {
    case NodeColumn: return row.node;
    case VerdictColumn: return row.chosen ? 3 : feasible ? 2 : row.evaluated ? 1 : 0;
    case TotalColumn:
        // Feasible nodes by total, the chosen one first among equals (selectHost breaks ties at
        // random), then the rejected nodes, then those not evaluated.
        if (feasible)
            return double(row.total) + (row.chosen ? 0.5 : 0.0);
        return row.evaluated ? -1.0 : -2.0;
    default: break;
    }
    if (column == rejectedByColumn())
        return row.rejectedBy;
    if (column == reasonColumn())
        return row.reason;
    if (const Score* value = score(rowIndex, column - FixedColumnCount))
        return shownScore(*value);
    return qint64(-1);
}

QVariant AttemptTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row& row = m_rows[size_t(index.row())];
    const int column = index.column();
    const bool isScore = column >= FixedColumnCount && column < rejectedByColumn();
    switch (role) {
    case Qt::DisplayRole: return displayData(row, index.row(), column);
    case SortRole: return sortData(row, index.row(), column);
    case FilterRole: return row.node;
    case NodeRole: return row.nodeIndex;
    case FeasibleRole: return row.evaluated && row.code == Code::Success;
    case ChosenRole: return row.chosen;
    case TotalRole: return row.scored ? row.total : qint64(-1);
    case RawRole:
    case NormalizedRole:
    case WeightRole: {
        const Score* value = isScore ? score(index.row(), column - FixedColumnCount) : nullptr;
        if (!value)
            return {};
        return role == RawRole ? value->raw : role == NormalizedRole ? qint64(value->normalized) : qint64(value->weight);
    }
    case Qt::ToolTipRole: {
        if (isScore) {
            const Score* value = score(index.row(), column - FixedColumnCount);
            if (!value)
                return {};
            return tr("%1 on %2\nraw %3 · normalized %4 · weight %5 → contributes %6")
                .arg(m_scorePlugins.at(column - FixedColumnCount), row.node)
                .arg(value->raw)
                .arg(value->normalized)
                .arg(value->weight)
                .arg(qint64(value->normalized) * value->weight);
        }
        if (column == TotalColumn && row.scored)
            return tr("Σ normalized × weight over %n Score plugin(s)", nullptr, scorePluginCount());
        if (column == TotalColumn && row.evaluated && row.code == Code::Success && m_finished && m_scorePlugins.isEmpty())
            return tr("Only one node was feasible: the scheduler skipped scoring");
        if (column == VerdictColumn && index.row() == m_nominatedFirstRow)
            return tr("The pod's nominated node: evaluated alone first (%1%2), then again with every node")
                .arg(eventtext::code(quint8(m_nominatedFirstCode)),
                     m_nominatedFirstReason.isEmpty() ? QString() : QString(QStringLiteral(": ") + m_nominatedFirstReason));
        if (column == reasonColumn() && !row.reason.isEmpty())
            return row.reason;
        if (column == NodeColumn && row.chosen)
            return tr("The node selectHost chose");
        return {};
    }
    case Qt::FontRole:
        if (row.chosen) {
            QFont font;
            font.setBold(true);
            return font;
        }
        return {};
    case Qt::BackgroundRole:
        if (row.chosen)
            return QBrush(tracecolors::chosenBackground());
        return {};
    case Qt::ForegroundRole:
        if (!row.evaluated)
            return QGuiApplication::palette().brush(QPalette::Disabled, QPalette::Text);
        if (row.code != Code::Success && (column == VerdictColumn || column == rejectedByColumn()))
            return QBrush(tracecolors::failure());
        return {};
    case Qt::TextAlignmentRole:
        if (column == TotalColumn || isScore)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    default: return {};
    }
}

QVariant AttemptTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section > reasonColumn())
        return {};
    const bool isScore = section >= FixedColumnCount && section < rejectedByColumn();
    const int plugin = section - FixedColumnCount;
    if (role == Qt::DisplayRole) {
        switch (section) {
        case NodeColumn: return tr("Node");
        case VerdictColumn: return tr("Filter");
        case TotalColumn: return tr("Total");
        default: break;
        }
        if (section == rejectedByColumn())
            return tr("Rejected by");
        if (section == reasonColumn())
            return tr("Reason");
        // The weight is in the header: in the Weighted mode it is what the column was multiplied by.
        return QString(m_scorePlugins.at(plugin) + QStringLiteral(" ×") + QString::number(m_pluginWeights[size_t(plugin)]));
    }
    if (role == Qt::ToolTipRole && isScore) {
        const QString shown = m_scoreMode == ScoreMode::Weighted ? tr("normalized score × weight")
            : m_scoreMode == ScoreMode::Normalized                ? tr("normalized score (0–100)")
                                                                  : tr("raw score, before NormalizeScore");
        return tr("Score plugin %1, weight %2\nShown: %3").arg(m_scorePlugins.at(plugin)).arg(m_pluginWeights[size_t(plugin)]).arg(shown);
    }
    if (role == Qt::ToolTipRole && section == TotalColumn)
        return tr("Σ normalized × weight over the Score plugins: what selectHost compares");
    if (role == Qt::TextAlignmentRole && (section == TotalColumn || isScore))
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

} // namespace ksv
