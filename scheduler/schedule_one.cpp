#include "schedule_one.h"

#include <algorithm>
#include <atomic>
#include <numeric>

namespace ksv {

using framework::Code;
using framework::Diagnosis;
using framework::FitError;
using framework::Status;

qint64 SchedulingAlgorithm::numFeasibleNodesToFind(int globalPercentage, std::optional<int> profilePercentage, qint64 numAllNodes)
{
    if (numAllNodes < minFeasibleNodesToFind)
        return numAllNodes;
    qint64 percentage = profilePercentage ? *profilePercentage : globalPercentage;
    if (percentage == 0) {
        percentage = 50 - numAllNodes / 125;
        if (percentage < minFeasibleNodesPercentageToFind)
            percentage = minFeasibleNodesPercentageToFind;
    }
    const qint64 numNodes = numAllNodes * percentage / 100;
    return numNodes < minFeasibleNodesToFind ? minFeasibleNodesToFind : numNodes;
}

qsizetype SchedulingAlgorithm::selectHostIndex(const std::vector<qint64>& totals, framework::Random& random)
{
    if (totals.empty())
        return -1;
    const qint64 best = *std::max_element(totals.cbegin(), totals.cend());
    qsizetype selected = -1;
    qint64 tied = 0;
    for (size_t i = 0; i < totals.size(); ++i) {
        if (totals[i] != best)
            continue;
        ++tied;
        // The first is taken without drawing; each later tie replaces it with probability 1/tied.
        if (tied == 1 || random.intn(tied) == 0)
            selected = qsizetype(i);
    }
    return selected;
}

QString SchedulingAlgorithm::selectHost(const QList<framework::NodePluginScores>& scores, int count, framework::Random& random,
                                        QList<framework::NodePluginScores>* top)
{
    std::vector<qint64> totals;
    totals.reserve(size_t(scores.size()));
    for (const auto& score : scores)
        totals.push_back(score.totalScore);
    const qsizetype selected = selectHostIndex(totals, random);
    if (selected < 0)
        return {};
    if (top) {
        QList<qsizetype> order(scores.size());
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(), [&scores](qsizetype a, qsizetype b) { return scores[a].totalScore > scores[b].totalScore; });
        top->clear();
        top->append(scores[selected]);
        for (qsizetype i = 0; i < order.size() && top->size() < count; ++i) {
            if (order[i] != selected)
                top->append(scores[order[i]]);
        }
    }
    return scores[selected].name;
}

namespace {

// A loop over thousands of nodes waits on memory: while node i (from the round-robin start) is
// filtered, the NodeInfo some nodes ahead and the Node of a nearer one are loaded. `end` bounds the
// nodes this loop will visit.
void prefetchAhead(const QList<framework::NodeInfoPtr>& nodes, qint64 start, qint64 i, qint64 end, qint64 numAllNodes)
{
    constexpr qint64 infoAhead = 12;
    constexpr qint64 nodeAhead = 6;
    if (i + infoAhead < end)
        nodes[(start + i + infoAhead) % numAllNodes]->prefetch();
    if (i + nodeAhead < end)
        nodes[(start + i + nodeAhead) % numAllNodes]->prefetchNode();
}

// The NodeInfos of the first nodes a loop from `begin` will visit, which prefetchAhead does not reach.
void prefetchFirst(const QList<framework::NodeInfoPtr>& nodes, qint64 start, qint64 begin, qint64 end, qint64 numAllNodes)
{
    for (qint64 i = begin; i < std::min(end, begin + 12); ++i)
        nodes[(start + i) % numAllNodes]->prefetch();
}

} // namespace

QList<framework::NodeInfoPtr> SchedulingAlgorithm::findNodesThatPassFilters(framework::Framework& framework, framework::CycleState& state,
                                                                            const Pod& pod, Diagnosis& diagnosis,
                                                                            const QList<framework::NodeInfoPtr>& nodes, ScheduleOutcome& outcome)
{
    const qint64 numAllNodes = nodes.size();
    qint64 numNodesToFind = numFeasibleNodesToFind(m_percentageOfNodesToScore, framework.percentageOfNodesToScore(), numAllNodes);
    // v1.30+: without scoring (by plugins or extenders) or filtering extenders, any feasible node will do.
    if (!hasExtenderFilters(framework) && !hasScoring(framework))
        numNodesToFind = 1;
    QList<framework::NodeInfoPtr> feasible;
    if (numAllNodes == 0)
        return feasible;
    if (!framework.hasFilterPlugins()) {
        for (qint64 i = 0; i < numNodesToFind; ++i) {
            const auto& node = nodes[(m_nextStartNodeIndex + i) % numAllNodes];
            outcome.detail.visitedNodes.push_back(node.get());
            feasible.append(node);
        }
        return feasible;
    }
    // Upstream checks nodes in parallel and cancels once enough are feasible, so which extra nodes it
    // has looked at by then depends on timing. We take the results in order and stop exactly there.
    outcome.detail.visitedNodes.reserve(outcome.detail.visitedNodes.size() + size_t(std::min(numAllNodes, 2 * numNodesToFind)));
    feasible.reserve(std::min(numAllNodes, numNodesToFind));
    const qint64 start = m_nextStartNodeIndex;
    QString lastRejectingPlugin;
    Code lastRejectingCode = Code::Success;
    // Takes node i's (from the round-robin start) Filter status; false once the pass is over.
    const auto accept = [&](qint64 i, Status&& status) {
        const qint64 index = (start + i) % numAllNodes;
        const framework::NodeInfoPtr& node = nodes[index];
        outcome.detail.visitedNodes.push_back(node.get());
        if (status.code() == Code::Error) {
            outcome.error = std::move(status);
            return false;
        }
        if (status.isSuccess()) {
            feasible.append(node);
            return feasible.size() < numNodesToFind;
        }
        // Thousands of nodes are rejected by the same plugin: add it to the diagnosis's set once.
        if (status.code() != lastRejectingCode || status.plugin() != lastRejectingPlugin) {
            diagnosis.addPluginStatus(status);
            lastRejectingPlugin = status.plugin();
            lastRejectingCode = status.code();
        }
        diagnosis.nodeToStatus.setRejected(nodes, index, std::move(status));
        return true;
    };

    framework::Parallelizer& parallelizer = framework.parallelizer();
    if (parallelizer.parallelism() <= 1 || numAllNodes == 1) {
        prefetchFirst(nodes, start, 0, numAllNodes, numAllNodes);
        for (qint64 i = 0; i < numAllNodes; ++i) {
            prefetchAhead(nodes, start, i, numAllNodes, numAllNodes);
            if (!accept(i, framework.runFilterPluginsWithNominatedPods(state, pod, *nodes[(start + i) % numAllNodes])))
                break;
        }
        return feasible;
    }

    // In parallel: every node of the ranges started gets its status in its own slot, and no range is
    // started once the finished ones hold enough feasible nodes (or an error). The ranges started are
    // a prefix from the round-robin start, so taking their statuses in order ends where one thread
    // would have ended, with the same statuses.
    if (m_filterStatuses.size() < size_t(numAllNodes))
        m_filterStatuses.resize(size_t(numAllNodes));
    framework.prepareFilterPlugins(state);
    std::atomic<qint64> feasibleFound {0};
    parallelizer.until(numAllNodes, [&](qsizetype begin, qsizetype end) {
        qint64 found = 0;
        prefetchFirst(nodes, start, begin, end, numAllNodes);
        for (qsizetype i = begin; i < end; ++i) {
            prefetchAhead(nodes, start, i, end, numAllNodes);
            Status status = framework.runFilterPluginsWithNominatedPods(state, pod, *nodes[(start + i) % numAllNodes]);
            const Code code = status.code();
            m_filterStatuses[size_t(i)] = std::move(status);
            if (code == Code::Error)
                return false;
            if (code == Code::Success)
                ++found;
        }
        return feasibleFound.fetch_add(found, std::memory_order_relaxed) + found < numNodesToFind;
    });
    for (qint64 i = 0; i < numAllNodes; ++i) {
        if (!accept(i, std::move(m_filterStatuses[size_t(i)])))
            break;
    }
    return feasible;
}

QList<framework::NodeInfoPtr> SchedulingAlgorithm::findNodesThatFitPod(framework::Framework& framework, framework::CycleState& state,
                                                                       const Pod& pod, Diagnosis& diagnosis, ScheduleOutcome& outcome)
{
    const framework::Snapshot& snapshot = framework.snapshot();
    const QList<framework::NodeInfoPtr>& allNodes = snapshot.nodeInfos();
    framework::Framework::PreFilterRun preFilter = framework.runPreFilterPlugins(state, pod);
    outcome.detail.preFilterStatus = preFilter.status;
    for (const auto& plugin : preFilter.unschedulablePlugins)
        diagnosis.unschedulablePlugins.insert(plugin);
    if (!preFilter.status.isSuccess()) {
        if (!preFilter.status.isRejected()) {
            outcome.error = preFilter.status;
            return {};
        }
        // Every node gets the PreFilter status, so that preemption sees the same for all.
        diagnosis.nodeToStatus.absentNodesStatus = preFilter.status;
        diagnosis.preFilterMsg = preFilter.status.message();
        diagnosis.addPluginStatus(preFilter.status);
        return {};
    }

    // A node nominated by an earlier preemption is likely the only one that fits: try it first.
    if (!pod.nominatedNodeName.isEmpty()) {
        if (const framework::NodeInfoPtr nominated = snapshot.get(pod.nominatedNodeName)) {
            const qint64 savedIndex = m_nextStartNodeIndex;
            m_nextStartNodeIndex = 0;
            QList<framework::NodeInfoPtr> feasible = findNodesThatPassFilters(framework, state, pod, diagnosis, {nominated}, outcome);
            m_nextStartNodeIndex = savedIndex;
            if (outcome.error.code() != Code::Error)
                feasible = findNodesThatPassExtenders(framework.extenders(), pod, feasible, diagnosis.nodeToStatus, outcome);
            if (outcome.error.code() == Code::Error) {
                outcome.error = {}; // upstream logs the error and goes on with all nodes
                feasible.clear();
            }
            if (!feasible.isEmpty())
                return feasible;
        }
    }

    QList<framework::NodeInfoPtr> nodes = allNodes;
    if (!preFilter.result.allNodes()) {
        // Upstream iterates a Go map here, in random order; we keep the snapshot's order.
        nodes.clear();
        for (const auto& node : allNodes) {
            if (preFilter.result.nodeNames->contains(node->name()))
                nodes.append(node);
        }
        diagnosis.nodeToStatus.absentNodesStatus =
            Status(Code::UnschedulableAndUnresolvable,
                   QStringLiteral("node(s) didn't satisfy plugin(s) [") + preFilter.unschedulablePlugins.join(QLatin1Char(' ')) + QLatin1Char(']'));
    }
    QList<framework::NodeInfoPtr> feasible = findNodesThatPassFilters(framework, state, pod, diagnosis, nodes, outcome);
    // Always advance the round-robin start, so that every node gets its turn.
    const qint64 processed = feasible.size() + diagnosis.nodeToStatus.len();
    if (!allNodes.isEmpty())
        m_nextStartNodeIndex = (m_nextStartNodeIndex + processed) % allNodes.size();
    if (outcome.error.code() == Code::Error)
        return {};
    const QList<framework::NodeInfoPtr> afterExtenders =
        findNodesThatPassExtenders(framework.extenders(), pod, feasible, diagnosis.nodeToStatus, outcome);
    if (outcome.error.code() == Code::Error)
        return {};
    // A fake plugin name: any cluster event may now make the pod schedulable (upstream #122019).
    if (afterExtenders.size() != feasible.size())
        diagnosis.unschedulablePlugins.insert(framework::extenderPluginName);
    return afterExtenders;
}

QList<framework::NodeInfoPtr> SchedulingAlgorithm::findNodesThatPassExtenders(const QList<framework::Extender*>& extenders, const Pod& pod,
                                                                              QList<framework::NodeInfoPtr> feasible,
                                                                              framework::NodeToStatus& statuses, ScheduleOutcome& outcome)
{
    for (framework::Extender* extender : extenders) {
        if (feasible.isEmpty())
            break;
        if (!extender->isInterested(pod))
            continue;
        framework::ExtenderFilterResult result = extender->filter(pod, feasible);
        if (result.error) {
            if (extender->isIgnorable())
                continue; // upstream: "Skipping extender as it returned error and has ignorable flag set"
            outcome.error = Status::error(*result.error);
            return {};
        }
        // Statuses carry no plugin, as upstream's do; the detail remembers whose verdict each was.
        const QString rejectedBy = extenderColumnName(extender->name());
        for (auto it = result.failedAndUnresolvable.cbegin(); it != result.failedAndUnresolvable.cend(); ++it) {
            statuses.set(it.key(), Status(Code::UnschedulableAndUnresolvable, it.value()));
            outcome.detail.extenderVerdicts.insert(it.key(), rejectedBy);
        }
        for (auto it = result.failed.cbegin(); it != result.failed.cend(); ++it) {
            if (result.failedAndUnresolvable.contains(it.key()))
                continue;
            statuses.set(it.key(), Status(Code::Unschedulable, it.value()));
            outcome.detail.extenderVerdicts.insert(it.key(), rejectedBy);
        }
        feasible = std::move(result.feasible);
    }
    return feasible;
}

bool SchedulingAlgorithm::hasExtenderFilters(const framework::Framework& framework)
{
    const QList<framework::Extender*>& extenders = framework.extenders();
    return std::any_of(extenders.cbegin(), extenders.cend(), [](const framework::Extender* e) { return e->isFilter(); });
}

bool SchedulingAlgorithm::hasScoring(const framework::Framework& framework)
{
    if (framework.hasScorePlugins())
        return true;
    const QList<framework::Extender*>& extenders = framework.extenders();
    return std::any_of(extenders.cbegin(), extenders.cend(), [](const framework::Extender* e) { return e->isPrioritizer(); });
}

framework::ScoreTable SchedulingAlgorithm::prioritizeNodes(framework::Framework& framework, framework::CycleState& state, const Pod& pod,
                                                           const QList<framework::NodeInfoPtr>& nodes, Status* status)
{
    *status = {};
    // Every return hands back this one named table, so that the compiler builds it in the caller's
    // place (NRVO) and a cycle moves no more than it did when this was inline in schedulePod.
    framework::ScoreTable scores;
    const QList<framework::Extender*>& extenders = framework.extenders();
    if (extenders.isEmpty() && !framework.hasScorePlugins()) {
        scores.nodes = nodes;
        scores.totals.assign(size_t(nodes.size()), 1);
        return scores;
    }
    *status = framework.runPreScorePlugins(state, pod, nodes);
    if (!status->isSuccess())
        return scores;
    if (framework.hasScorePlugins()) {
        scores = framework.runScorePlugins(state, pod, nodes, status);
        if (!status->isSuccess()) {
            scores = {};
            return scores;
        }
    } else {
        scores.nodes = nodes; // extenders only: every total starts at 0
        scores.totals.assign(size_t(nodes.size()), 0);
    }
    for (framework::Extender* extender : extenders) {
        // An extender without a prioritize verb would add zeros with weight 0: it changes nothing,
        // and a column of it would only crowd the views.
        if (!extender->isInterested(pod) || !extender->isPrioritizer())
            continue;
        const framework::ExtenderPrioritizeResult result = extender->prioritize(pod, nodes);
        if (result.error)
            continue; // upstream logs "Failed to run extender's priority function. No score given by this extender."
        addExtenderScores(scores, extenderColumnName(extender->name()), result);
    }
    return scores;
}

void SchedulingAlgorithm::addExtenderScores(framework::ScoreTable& scores, const QString& column, const framework::ExtenderPrioritizeResult& result)
{
    const qsizetype oldColumns = scores.plugins.size();
    const qsizetype columns = oldColumns + 1;
    const qsizetype rows = scores.nodes.size();
    QHash<QString, qsizetype> rowOf;
    rowOf.reserve(rows);
    for (qsizetype row = 0; row < rows; ++row)
        rowOf.insert(scores.nodeName(row), row);
    // Hosts that were not scored are ignored and a host listed twice counts twice, as upstream adds
    // every entry to the node's total. The raw column holds the extender's own 0-10 score.
    std::vector<qint64> extenderScore(size_t(rows), 0);
    for (const framework::HostPriority& entry : result.scores) {
        const auto row = rowOf.constFind(entry.host);
        if (row != rowOf.cend()) // Go's int64 wraps; C++'s signed overflow would be undefined
            extenderScore[size_t(*row)] = qint64(quint64(extenderScore[size_t(*row)]) + quint64(entry.score));
    }
    const qint64 weight = qint64(quint64(result.weight) * quint64(framework::maxNodeScore / maxExtenderPriority));
    std::vector<qint64> raw(size_t(rows * columns));
    std::vector<qint64> normalized(size_t(rows * columns));
    for (qsizetype row = 0; row < rows; ++row) {
        for (qsizetype c = 0; c < oldColumns; ++c) {
            raw[size_t(row * columns + c)] = scores.raw[size_t(row * oldColumns + c)];
            normalized[size_t(row * columns + c)] = scores.normalized[size_t(row * oldColumns + c)];
        }
        raw[size_t(row * columns + oldColumns)] = extenderScore[size_t(row)];
        normalized[size_t(row * columns + oldColumns)] = extenderScore[size_t(row)];
        scores.totals[size_t(row)] = qint64(quint64(scores.totals[size_t(row)]) + quint64(extenderScore[size_t(row)]) * quint64(weight));
    }
    scores.plugins.append(column);
    scores.weights.push_back(weight);
    scores.raw = std::move(raw);
    scores.normalized = std::move(normalized);
}

ScheduleOutcome SchedulingAlgorithm::schedulePod(framework::Framework& framework, framework::CycleState& state, const Pod& pod)
{
    ScheduleOutcome outcome;
    const framework::Snapshot& snapshot = framework.snapshot();
    if (snapshot.numNodes() == 0) {
        outcome.error = Status(Code::UnschedulableAndUnresolvable, noNodesAvailableMessage);
        return outcome;
    }
    Diagnosis& diagnosis = outcome.diagnosis;
    const QList<framework::NodeInfoPtr> feasible = findNodesThatFitPod(framework, state, pod, diagnosis, outcome);
    outcome.detail.feasibleNodes = feasible;
    if (outcome.error.code() == Code::Error)
        return outcome;
    if (feasible.isEmpty()) {
        outcome.fitError = FitError {static_cast<int>(snapshot.numNodes()), diagnosis};
        return outcome;
    }
    if (feasible.size() == 1) {
        outcome.result = ScheduleResult {feasible.constFirst()->name(), static_cast<int>(1 + diagnosis.nodeToStatus.len()), 1};
        return outcome;
    }

    Status scoreStatus;
    framework::ScoreTable scores = prioritizeNodes(framework, state, pod, feasible, &scoreStatus);
    if (!scoreStatus.isSuccess()) {
        outcome.error = std::move(scoreStatus);
        return outcome;
    }
    const QString host = scores.nodeName(selectHostIndex(scores.totals, framework.random()));
    outcome.detail.scores = std::move(scores);
    outcome.result = ScheduleResult {host, static_cast<int>(feasible.size() + diagnosis.nodeToStatus.len()), static_cast<int>(feasible.size())};
    return outcome;
}

} // namespace ksv
