#include "comparedattemptmodel.h"

#include "framework/status.h"

#include <QFont>
#include <QMap>

#include <cmath>
#include <limits>

namespace ksv {

namespace {

QString verdictText(const CycleNodes& nodes, const trace::Trace& trace, qint32 node)
{
    if (node < 0)
        return ComparedAttemptModel::tr("not in this run");
    const CycleNodes::Filter& filter = nodes.filter(node);
    switch (filter.verdict) {
    case CycleNodes::Verdict::NotEvaluated:
        return ComparedAttemptModel::tr("not evaluated");
    case CycleNodes::Verdict::Feasible:
        return node == nodes.chosenNode() ? ComparedAttemptModel::tr("chosen") : ComparedAttemptModel::tr("feasible");
    case CycleNodes::Verdict::Rejected:
        return ComparedAttemptModel::tr("rejected: %1").arg(trace.string(filter.plugin));
    }
    Q_UNREACHABLE();
    return {};
}

// Each Score plugin's share of the node's total: normalized × weight, as prioritizeNodes adds them.
QMap<QString, qint64> weightedScores(const CycleNodes& nodes, const trace::Trace& trace, qint32 node)
{
    QMap<QString, qint64> scores;
    if (node < 0)
        return scores;
    for (const CycleNodes::Score& score : nodes.scores(node))
        scores.insert(trace.string(score.plugin), qint64(score.normalized) * score.weight);
    return scores;
}

QString rejecting(const CycleNodes& nodes, const trace::Trace& trace, qint32 node)
{
    const CycleNodes::Filter& filter = nodes.filter(node);
    return node >= 0 && filter.verdict == CycleNodes::Verdict::Rejected ? trace.string(filter.plugin) : QString();
}

QString outcome(const ComparedAttemptModel::Side& side)
{
    if (!side.index || side.cycle < 0 || size_t(side.cycle) >= side.index->cycles().size())
        return ComparedAttemptModel::tr("no attempt at the cursor");
    const trace::CycleRecord& record = side.index->cycles()[size_t(side.cycle)];
    const QString attempt = ComparedAttemptModel::tr("attempt %1").arg(record.attempt);
    if (record.endEvent < 0 || record.endEvent >= side.end)
        return ComparedAttemptModel::tr("%1: still running at the cursor").arg(attempt);
    if (record.node >= 0)
        return ComparedAttemptModel::tr("%1: chose %2").arg(attempt, side.index->catalogue().nodeName(record.node));
    const QString message = side.index->trace().string(record.message);
    return ComparedAttemptModel::tr("%1: %2%3")
        .arg(attempt, message.isEmpty() ? framework::toString(framework::Code(record.code)) : message,
             record.preempted ? ComparedAttemptModel::tr(" (it preempted)") : QString());
}

} // namespace

ComparedAttemptModel::ComparedAttemptModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void ComparedAttemptModel::setAttempts(const Side& here, const Side& there)
{
    m_here = here;
    m_there = there;
    rebuild();
}

void ComparedAttemptModel::clear()
{
    setAttempts({}, {});
}

void ComparedAttemptModel::setDifferingOnly(bool on)
{
    if (on == m_differingOnly)
        return;
    m_differingOnly = on;
    rebuild();
}

void ComparedAttemptModel::rebuild()
{
    beginResetModel();
    m_rows.clear();
    m_differing = 0;
    const auto load = [](CycleNodes& nodes, const Side& side) {
        if (side.index)
            nodes.load(*side.index, side.cycle, side.end);
        else
            nodes.clear();
    };
    load(m_nodesHere, m_here);
    load(m_nodesThere, m_there);
    m_outcomeHere = outcome(m_here);
    m_outcomeThere = outcome(m_there);
    if (m_here.index && m_there.index) {
        const trace::ReplayCatalogue& here = m_here.index->catalogue();
        const trace::ReplayCatalogue& there = m_there.index->catalogue();
        // Every node either attempt evaluated, in the order of the run here, then the other's own.
        std::vector<std::pair<qint32, qint32>> pairs;
        for (qint32 node = 0; node < here.nodeCount(); ++node) {
            const qint32 match = there.nodeIndex(here.nodeName(node));
            if (m_nodesHere.filter(node).verdict != CycleNodes::Verdict::NotEvaluated
                || (match >= 0 && m_nodesThere.filter(match).verdict != CycleNodes::Verdict::NotEvaluated)) {
                pairs.emplace_back(node, match);
            }
        }
        for (qint32 node = 0; node < there.nodeCount(); ++node) {
            if (here.nodeIndex(there.nodeName(node)) < 0
                && m_nodesThere.filter(node).verdict != CycleNodes::Verdict::NotEvaluated)
                pairs.emplace_back(-1, node);
        }
        const trace::Trace& traceHere = m_here.index->trace();
        const trace::Trace& traceThere = m_there.index->trace();
        for (const auto& [a, b] : pairs) {
            Row row;
            row.node = a >= 0 ? here.nodeName(a) : there.nodeName(b);
            row.here = a;
            row.there = b;
            row.verdictHere = verdictText(m_nodesHere, traceHere, a);
            row.verdictThere = verdictText(m_nodesThere, traceThere, b);
            const double totalHere = a >= 0 ? m_nodesHere.totalScore(a) : std::numeric_limits<double>::quiet_NaN();
            const double totalThere = b >= 0 ? m_nodesThere.totalScore(b) : std::numeric_limits<double>::quiet_NaN();
            row.scoreHere = std::isnan(totalHere) ? -1 : totalHere;
            row.scoreThere = std::isnan(totalThere) ? -1 : totalThere;
            QStringList differences;
            const QString rejectHere = rejecting(m_nodesHere, traceHere, a);
            const QString rejectThere = rejecting(m_nodesThere, traceThere, b);
            if (rejectHere != rejectThere && a >= 0 && b >= 0) {
                if (!rejectHere.isEmpty())
                    differences.append(tr("%1 rejects here only").arg(rejectHere));
                if (!rejectThere.isEmpty())
                    differences.append(tr("%1 rejects there only").arg(rejectThere));
            }
            const QMap<QString, qint64> scoresHere = weightedScores(m_nodesHere, traceHere, a);
            const QMap<QString, qint64> scoresThere = weightedScores(m_nodesThere, traceThere, b);
            QStringList plugins = scoresHere.keys();
            for (const QString& plugin : scoresThere.keys()) {
                if (!plugins.contains(plugin))
                    plugins.append(plugin);
            }
            plugins.sort();
            const auto shown = [](const QMap<QString, qint64>& scores, const QString& plugin) {
                return scores.contains(plugin) ? QString::number(scores.value(plugin)) : QStringLiteral("–");
            };
            // Scores are compared where both sides scored the node; where one did not (rejected, not
            // evaluated, a lone feasible node), the verdicts say so and every plugin would read "– → n".
            if (scoresHere.isEmpty() || scoresThere.isEmpty())
                plugins.clear();
            for (const QString& plugin : plugins) {
                if (scoresHere.value(plugin, -1) != scoresThere.value(plugin, -1))
                    differences.append(tr("%1 %2 → %3").arg(plugin, shown(scoresHere, plugin), shown(scoresThere, plugin)));
            }
            row.differences = differences.join(QStringLiteral(" · "));
            row.differs = row.verdictHere != row.verdictThere || row.scoreHere != row.scoreThere || !differences.isEmpty();
            if (row.differs)
                ++m_differing;
            if (row.differs || !m_differingOnly)
                m_rows.push_back(std::move(row));
        }
    }
    endResetModel();
}

int ComparedAttemptModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int ComparedAttemptModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ComparedAttemptModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row& row = m_rows[size_t(index.row())];
    const auto score = [](double value) { return value < 0 ? QString() : QString::number(value, 'f', 0); };
    switch (role) {
    case Qt::DisplayRole:
        switch (Column(index.column())) {
        case NodeColumn:
            return row.differs ? QStringLiteral("≠ ") + row.node : row.node;
        case VerdictHereColumn:
            return row.verdictHere;
        case ScoreHereColumn:
            return score(row.scoreHere);
        case VerdictThereColumn:
            return row.verdictThere;
        case ScoreThereColumn:
            return score(row.scoreThere);
        case DifferencesColumn:
            return row.differences;
        case ColumnCount:
            break;
        }
        return {};
    case SortRole:
        switch (Column(index.column())) {
        case ScoreHereColumn:
            return row.scoreHere;
        case ScoreThereColumn:
            return row.scoreThere;
        case NodeColumn:
            return row.node;
        default:
            return data(index, Qt::DisplayRole);
        }
    case Qt::FontRole:
        if (row.differs) {
            QFont font;
            font.setBold(true);
            return font;
        }
        return {};
    case Qt::ToolTipRole:
        if (index.column() == DifferencesColumn && !row.differences.isEmpty())
            return tr("Weighted scores (normalized × weight), here → in the other run: %1").arg(row.differences);
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == ScoreHereColumn || index.column() == ScoreThereColumn)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case DiffersRole:
        return row.differs;
    case NodeRole:
        return row.here;
    case OtherNodeRole:
        return row.there;
    default:
        return {};
    }
}

QVariant ComparedAttemptModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (Column(section)) {
    case NodeColumn:
        return tr("Node");
    case VerdictHereColumn:
        return tr("Here");
    case ScoreHereColumn:
        return tr("Score here");
    case VerdictThereColumn:
        return tr("Other run");
    case ScoreThereColumn:
        return tr("Score there");
    case DifferencesColumn:
        return tr("Plugins that differ");
    case ColumnCount:
        break;
    }
    return {};
}

} // namespace ksv
