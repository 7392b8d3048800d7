#include "preemption.h"

#include "framework/diagnosis.h"

#include <limits>

namespace ksv::preemption {

using framework::Code;
using framework::NodeInfoPtr;
using framework::Status;

namespace {

const QString preemptionNotHelpful = QStringLiteral("Preemption is not helpful for scheduling");

} // namespace

QString DryRunResult::aggregateError() const
{
    if (errors.size() == 1)
        return errors.first();
    QStringList seen;
    for (const auto& message : errors) {
        if (!seen.contains(message))
            seen.append(message);
    }
    if (seen.size() == 1)
        return seen.first();
    return QLatin1Char('[') + seen.join(QStringLiteral(", ")) + QLatin1Char(']');
}

Evaluator::Evaluator(QString pluginName, framework::Handle& handle, Interface& interface)
    : m_pluginName(std::move(pluginName))
    , m_handle(handle)
    , m_interface(interface)
{
}

// Evaluator.Preempt, the synchronous path. Step 0 (re-reading the pod from the informer) has nothing
// to do here: the pod we are given is current.
framework::PostFilterOutcome Evaluator::preempt(framework::CycleState& state, const Pod& pod, const framework::NodeToStatus& m)
{
    framework::PostFilterOutcome outcome;

    // 1) Ensure the preemptor is eligible to preempt other pods. A nil result keeps its nomination.
    const Eligibility eligibility = m_interface.podEligibleToPreemptOthers(pod, m.get(pod.nominatedNodeName));
    if (!eligibility.eligible) {
        outcome.status = Status(Code::Unschedulable, eligibility.reason);
        return outcome;
    }

    // 2) findCandidates.
    const framework::Snapshot& snapshot = m_handle.snapshot();
    if (snapshot.numNodes() == 0) {
        outcome.status = Status::error(QStringLiteral("no nodes available"));
        return outcome;
    }
    // Only nodes a filter found plainly Unschedulable: evicting pods cannot fix UnschedulableAndUnresolvable.
    const QList<NodeInfoPtr> potentialNodes = nodesForStatusCode(m, snapshot, Code::Unschedulable);
    DryRunResult dryRun;
    if (!potentialNodes.isEmpty()) {
        const QList<DisruptionBudget> pdbs = getPodDisruptionBudgets();
        const auto [offset, numCandidates] = m_interface.getOffsetAndNumCandidates(static_cast<qint32>(potentialNodes.size()));
        dryRun = dryRunPreemption(state, pod, potentialNodes, pdbs, offset, numCandidates);
        if (!dryRun.errors.isEmpty() && dryRun.candidates.isEmpty()) {
            outcome.status = Status::error(dryRun.aggregateError());
            return outcome;
        }
    }

    // Return a FitError only when no candidate fits the pod; the empty nomination clears the pod's.
    if (dryRun.candidates.isEmpty()) {
        framework::FitError fitError;
        fitError.numAllNodes = static_cast<int>(snapshot.numNodes());
        fitError.diagnosis.nodeToStatus = dryRun.nodeToStatus;
        fitError.diagnosis.nodeToStatus.absentNodesStatus = Status(Code::UnschedulableAndUnresolvable, preemptionNotHelpful);
        outcome.nominatingInfo = framework::NominatingInfo {QString(), true};
        outcome.status = Status(Code::Unschedulable, fitError.error());
        return outcome;
    }

    // 3) Interact with registered extenders to filter out some candidates if needed.
    if (const std::optional<QString> error = callExtenders(pod, dryRun.candidates)) {
        outcome.status = Status::error(*error);
        return outcome;
    }

    // 4) Find the best candidate.
    const std::optional<Candidate> best = selectCandidate(dryRun.candidates);
    if (!best || best->name.isEmpty()) {
        outcome.status = Status(Code::Unschedulable, QStringLiteral("no candidate node for preemption"));
        return outcome;
    }

    // 5) prepareCandidate: the scheduling loop deletes the victims and clears the nominations of
    // lower-priority pods on the node.
    for (const auto& victim : best->victims.pods)
        outcome.victims.append(victim->pod->key());
    outcome.nominatingInfo = framework::NominatingInfo {best->name, true};
    return outcome;
}

// Evaluator.DryRunPreemption with parallelism 1: nodes are checked from `offset` on, wrapping around,
// each on copies of its NodeInfo and of the cycle state, until enough candidates were found.
DryRunResult Evaluator::dryRunPreemption(framework::CycleState& state, const Pod& pod, const QList<NodeInfoPtr>& potentialNodes,
                                         const QList<DisruptionBudget>& pdbs, qint32 offset, qint32 numCandidates)
{
    DryRunResult result;
    // candidateList: a fixed capacity of numCandidates; adds beyond it are dropped.
    QList<Candidate> nonViolating;
    QList<Candidate> violating;
    const qsizetype numNodes = potentialNodes.size();
    for (qsizetype i = 0; i < numNodes; ++i) {
        framework::NodeInfo nodeInfoCopy = *potentialNodes[(offset + i) % numNodes];
        const std::unique_ptr<framework::CycleState> stateCopy = state.clone();
        SelectedVictims selected = m_interface.selectVictimsOnNode(*stateCopy, pod, nodeInfoCopy, pdbs);
        if (selected.status.isSuccess() && !selected.victims.isEmpty()) {
            Candidate candidate {nodeInfoCopy.name(), Victims {selected.victims, selected.numViolatingVictim}};
            QList<Candidate>& list = selected.numViolatingVictim == 0 ? nonViolating : violating;
            if (list.size() < numCandidates)
                list.append(std::move(candidate));
            if (!nonViolating.isEmpty() && nonViolating.size() + violating.size() >= numCandidates)
                break; // cancel(): the remaining nodes are not checked
            continue;
        }
        if (selected.status.isSuccess())
            selected.status = Status::error(QStringLiteral("expected at least one victim pod on node \"") + nodeInfoCopy.name()
                                            + QLatin1Char('"'));
        if (selected.status.code() == Code::Error)
            result.errors.append(selected.status.message());
        result.nodeToStatus.set(nodeInfoCopy.name(), selected.status);
    }
    result.candidates = nonViolating + violating;
    return result;
}

std::optional<QString> Evaluator::callExtenders(const Pod& pod, QList<Candidate>& candidates) const
{
    const QList<framework::Extender*>& extenders = m_handle.extenders();
    if (extenders.isEmpty())
        return std::nullopt;
    framework::NodeNameToVictims victimsMap; // CandidatesToVictimsMap
    for (const Candidate& candidate : std::as_const(candidates))
        victimsMap.insert(candidate.name, candidate.victims);
    if (victimsMap.isEmpty())
        return std::nullopt;
    for (framework::Extender* extender : extenders) {
        if (!extender->supportsPreemption() || !extender->isInterested(pod))
            continue;
        framework::ExtenderPreemptionResult result = extender->processPreemption(pod, victimsMap, m_handle.snapshot());
        if (result.error) {
            if (extender->isIgnorable())
                continue; // "Skipped extender as it returned error and has ignorable flag set"
            return result.error;
        }
        for (auto it = result.victims.begin(); it != result.victims.end();) {
            if (!it->pods.isEmpty()) {
                ++it;
                continue;
            }
            if (!extender->isIgnorable())
                return QStringLiteral("expected at least one victim pod on node \"%1\"").arg(it.key());
            it = result.victims.erase(it); // "Ignored node for which the extender didn't report victims"
        }
        victimsMap = std::move(result.victims);
        if (victimsMap.isEmpty())
            break;
    }
    candidates.clear();
    for (auto it = victimsMap.cbegin(); it != victimsMap.cend(); ++it)
        candidates.append(Candidate {it.key(), it.value()});
    return std::nullopt;
}

std::optional<Candidate> Evaluator::selectCandidate(const QList<Candidate>& candidates) const
{
    if (candidates.isEmpty())
        return std::nullopt;
    if (candidates.size() == 1)
        return candidates.first();
    const QString node = pickOneNodeForPreemption(candidates);
    for (const auto& candidate : candidates) {
        if (candidate.name == node)
            return candidate;
    }
    // Not reached: upstream logs and falls back to the first candidate.
    return candidates.first();
}

QList<DisruptionBudget> Evaluator::getPodDisruptionBudgets() const
{
    // The disruption controller counts the pods bound to nodes: those are the snapshot's, not the
    // lister's (which holds the other kinds only).
    ClusterState cluster = m_handle.lister().cluster();
    if (cluster.pods.isEmpty() && !cluster.podDisruptionBudgets.isEmpty()) {
        for (const auto& nodeInfo : m_handle.snapshot().nodeInfos()) {
            for (const auto& podInfo : nodeInfo->pods())
                cluster.pods.append(*podInfo->pod);
        }
    }
    QList<DisruptionBudget> pdbs;
    pdbs.reserve(cluster.podDisruptionBudgets.size());
    for (const auto& pdb : cluster.podDisruptionBudgets)
        pdbs.append({pdb.meta.namespace_, pdb.selector, pdbDisruptionsAllowed(pdb, cluster), {}});
    return pdbs;
}

QList<NodeInfoPtr> nodesForStatusCode(const framework::NodeToStatus& m, const framework::Snapshot& snapshot, Code code)
{
    const bool absentMatches = m.absentNodesStatus.code() == code;
    QList<NodeInfoPtr> nodes;
    for (const auto& nodeInfo : snapshot.nodeInfos()) {
        const Status* status = m.find(nodeInfo->name());
        if (status ? status->code() == code : absentMatches)
            nodes.append(nodeInfo);
    }
    return nodes;
}

qint64 podStartTime(const Pod& pod)
{
    return pod.startTimeMs.value_or(std::numeric_limits<qint64>::max());
}

bool moreImportantPod(const Pod& a, const Pod& b)
{
    const int p1 = a.effectivePriority();
    const int p2 = b.effectivePriority();
    if (p1 != p2)
        return p1 > p2;
    return podStartTime(a) < podStartTime(b);
}

qint64 earliestPodStartTime(const Victims& victims)
{
    if (victims.pods.isEmpty())
        return std::numeric_limits<qint64>::min(); // not reached: a candidate has victims
    qint64 earliest = podStartTime(*victims.pods.first()->pod);
    int maxPriority = victims.pods.first()->pod->effectivePriority();
    for (const auto& podInfo : victims.pods) {
        const int priority = podInfo->pod->effectivePriority();
        if (priority == maxPriority) {
            earliest = std::min(earliest, podStartTime(*podInfo->pod));
        } else if (priority > maxPriority) {
            maxPriority = priority;
            earliest = podStartTime(*podInfo->pod);
        }
    }
    return earliest;
}

QString pickOneNodeForPreemption(const QList<Candidate>& candidates)
{
    if (candidates.isEmpty())
        return {};
    using ScoreFunc = qint64 (*)(const Victims&);
    static const ScoreFunc scoreFuncs[] = {
        // minNumPDBViolatingScoreFunc
        [](const Victims& v) -> qint64 { return -v.numPDBViolations; },
        // minHighestPriorityScoreFunc: victims are sorted most important first.
        [](const Victims& v) -> qint64 { return -static_cast<qint64>(v.pods.first()->pod->effectivePriority()); },
        // minSumPrioritiesScoreFunc: MaxInt32 + 1 added to each priority, so that a few victims of
        // negative priority do not beat fewer victims of the same priority.
        [](const Victims& v) -> qint64 {
            qint64 sum = 0;
            for (const auto& podInfo : v.pods)
                sum += static_cast<qint64>(podInfo->pod->effectivePriority()) + std::numeric_limits<qint32>::max() + 1;
            return -sum;
        },
        // minNumPodsScoreFunc
        [](const Victims& v) -> qint64 { return -static_cast<qint64>(v.pods.size()); },
        // latestStartTimeScoreFunc
        [](const Victims& v) -> qint64 { return earliestPodStartTime(v); },
    };

    QList<const Candidate*> remaining;
    for (const auto& candidate : candidates)
        remaining.append(&candidate);
    for (const ScoreFunc f : scoreFuncs) {
        QList<const Candidate*> selected;
        qint64 maxScore = std::numeric_limits<qint64>::min();
        for (const Candidate* candidate : std::as_const(remaining)) {
            const qint64 score = f(candidate->victims);
            if (score > maxScore) {
                maxScore = score;
                selected.clear();
            }
            if (score == maxScore)
                selected.append(candidate);
        }
        if (selected.size() == 1)
            return selected.first()->name;
        remaining = selected;
    }
    return remaining.first()->name;
}

// ---- PDB status ----------------------------------------------------------------------------------

namespace {

// intstr.GetScaledValueFromIntOrPercent with roundUp.
qint64 scaledValue(const IntOrPercent& value, qint64 total)
{
    if (!value.isPercent)
        return value.value;
    return (static_cast<qint64>(value.value) * total + 99) / 100;
}

// The replicas of the pod's controller, found as the disruption controller's finders would; nullopt
// when it cannot be sized (a kind we do not model the scale of, or a controller that does not exist).
std::optional<std::pair<QString, qint64>> controllerScale(const OwnerReference& ref, const QString& namespace_, const ClusterState& cluster)
{
    const auto sameController = [&](const ObjectMeta& meta) {
        return meta.namespace_ == namespace_ && meta.name == ref.name && (ref.uid.isEmpty() || meta.uid.isEmpty() || ref.uid == meta.uid);
    };
    const QString key = ref.kind + QLatin1Char('/') + ref.name;
    if (ref.kind == QLatin1String("ReplicaSet")) {
        for (const auto& rs : cluster.replicaSets) {
            if (sameController(rs.meta))
                return std::make_pair(key, static_cast<qint64>(rs.replicas));
        }
    } else if (ref.kind == QLatin1String("StatefulSet")) {
        for (const auto& ss : cluster.statefulSets) {
            if (sameController(ss.meta))
                return std::make_pair(key, static_cast<qint64>(ss.replicas));
        }
    }
    return std::nullopt;
}

} // namespace

int pdbDisruptionsAllowed(const PodDisruptionBudget& pdb, const ClusterState& cluster)
{
    if (pdb.disruptionsAllowed)
        return *pdb.disruptionsAllowed;

    // getPodsForPdb: the pods of the PDB's namespace its selector matches (nil matches none).
    QList<const Pod*> pods;
    for (const auto& pod : cluster.pods) {
        if (pod.meta.namespace_ == pdb.meta.namespace_ && !pod.isTerminal() && selectorMatches(pdb.selector, pod.meta.labels))
            pods.append(&pod);
    }

    // getExpectedScale: the sum of the replicas of the pods' controllers; pods without one are ignored.
    const auto expectedScale = [&]() -> std::optional<qint64> {
        QHash<QString, qint64> scales;
        for (const Pod* pod : std::as_const(pods)) {
            const auto ref = std::find_if(pod->meta.ownerReferences.cbegin(), pod->meta.ownerReferences.cend(),
                                          [](const OwnerReference& r) { return r.controller; });
            if (ref == pod->meta.ownerReferences.cend())
                continue;
            const auto scale = controllerScale(*ref, pod->meta.namespace_, cluster);
            if (!scale)
                return std::nullopt; // "found no controllers for pod": failSafe
            scales.insert(scale->first, scale->second);
        }
        qint64 sum = 0;
        for (const qint64 scale : std::as_const(scales))
            sum += scale;
        return sum;
    };

    // getExpectedPodCount.
    qint64 expectedCount = 0;
    qint64 desiredHealthy = 0;
    if (pdb.maxUnavailable) {
        const std::optional<qint64> scale = expectedScale();
        if (!scale)
            return 0;
        expectedCount = *scale;
        desiredHealthy = std::max<qint64>(0, expectedCount - scaledValue(*pdb.maxUnavailable, expectedCount));
    } else if (pdb.minAvailable) {
        if (pdb.minAvailable->isPercent) {
            const std::optional<qint64> scale = expectedScale();
            if (!scale)
                return 0;
            expectedCount = *scale;
        } else {
            expectedCount = pods.size();
        }
        desiredHealthy = scaledValue(*pdb.minAvailable, expectedCount);
    }

    // countHealthyPods: running on a node (our stand-in for Ready) and not being deleted.
    qint64 currentHealthy = 0;
    for (const Pod* pod : std::as_const(pods)) {
        if (!pod->meta.isDeleting() && !pod->nodeName.isEmpty())
            ++currentHealthy;
    }

    // updatePdbStatus: no disruption while no pod is expected, so a PDB is safe before its pods appear.
    const qint64 allowed = currentHealthy - desiredHealthy;
    if (expectedCount <= 0 || allowed <= 0)
        return 0;
    return static_cast<int>(std::min<qint64>(allowed, std::numeric_limits<int>::max()));
}

} // namespace ksv::preemption
