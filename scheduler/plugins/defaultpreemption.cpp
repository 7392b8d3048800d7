#include "defaultpreemption.h"

#include <algorithm>

namespace ksv::plugins {

using framework::Code;
using framework::PodInfoPtr;
using framework::Status;

DefaultPreemption::DefaultPreemption(const config::DefaultPreemptionArgs& args, framework::Handle& handle)
    : m_args(args)
    , m_handle(handle)
    , m_evaluator(Name, handle, *this)
{
}

Status DefaultPreemption::preEnqueue(const Pod& /*pod*/)
{
    return {};
}

// DefaultPreemption.PostFilter: the evaluator's result, its message prefixed with "preemption: " so
// that the FailedScheduling message tells it from the filters' reasons.
framework::PostFilterOutcome DefaultPreemption::postFilter(framework::CycleState& state, const Pod& pod,
                                                           const framework::NodeToStatus& filteredNodeStatuses)
{
    framework::PostFilterOutcome outcome = m_evaluator.preempt(state, pod, filteredNodeStatuses);
    const QString message = outcome.status.message();
    if (!message.isEmpty())
        outcome.status = Status(outcome.status.code(), QStringLiteral("preemption: ") + message);
    return outcome;
}

qint32 DefaultPreemption::calculateNumCandidates(qint32 numNodes) const
{
    qint32 n = numNodes * m_args.minCandidateNodesPercentage / 100;
    if (n < m_args.minCandidateNodesAbsolute)
        n = m_args.minCandidateNodesAbsolute;
    if (n > numNodes)
        n = numNodes;
    return n;
}

// GetOffsetAndNumCandidates: the offset comes from the scenario's seeded randomness (rand.Int31n).
std::pair<qint32, qint32> DefaultPreemption::getOffsetAndNumCandidates(qint32 numNodes)
{
    const qint32 offset = m_offsetRand ? m_offsetRand(numNodes) : static_cast<qint32>(m_handle.random().intn(numNodes));
    return {offset, calculateNumCandidates(numNodes)};
}

bool DefaultPreemption::podTerminatingByPreemption(const Pod& pod)
{
    if (!pod.meta.isDeleting())
        return false;
    // Only the first DisruptionTarget condition counts, as upstream's loop returns on it.
    for (const auto& condition : pod.conditions) {
        if (condition.type == QLatin1String("DisruptionTarget"))
            return condition.status == QLatin1String("True") && condition.reason == QLatin1String("PreemptionByScheduler");
    }
    return false;
}

// PodEligibleToPreemptOthers: a pod never preempts with preemptionPolicy Never, and does not preempt
// again while the victims of its last preemption are still terminating on its nominated node, unless
// that node has meanwhile become unusable to it.
preemption::Eligibility DefaultPreemption::podEligibleToPreemptOthers(const Pod& pod, const Status& nominatedNodeStatus)
{
    if (pod.preemptionPolicy == PreemptionPolicy::Never)
        return {false, ErrReasonPreemptionPolicyNever};
    if (!pod.nominatedNodeName.isEmpty()) {
        if (nominatedNodeStatus.code() == Code::UnschedulableAndUnresolvable)
            return {true, {}};
        if (const framework::NodeInfoPtr nodeInfo = m_handle.snapshot().get(pod.nominatedNodeName)) {
            const int priority = pod.effectivePriority();
            for (const auto& podInfo : nodeInfo->pods()) {
                if (podInfo->pod->effectivePriority() < priority && podTerminatingByPreemption(*podInfo->pod))
                    return {false, ErrReasonTerminatingPod};
            }
        }
    }
    return {true, {}};
}

std::pair<QList<PodInfoPtr>, QList<PodInfoPtr>>
DefaultPreemption::filterPodsWithPDBViolation(const QList<PodInfoPtr>& podInfos, const QList<preemption::DisruptionBudget>& pdbs)
{
    QList<int> pdbsAllowed;
    pdbsAllowed.reserve(pdbs.size());
    for (const auto& pdb : pdbs)
        pdbsAllowed.append(pdb.disruptionsAllowed);

    QList<PodInfoPtr> violating;
    QList<PodInfoPtr> nonViolating;
    for (const auto& podInfo : podInfos) {
        const Pod& pod = *podInfo->pod;
        bool violated = false;
        // A pod without labels matches no PDB.
        if (!pod.meta.labels.isEmpty()) {
            for (qsizetype i = 0; i < pdbs.size(); ++i) {
                const preemption::DisruptionBudget& pdb = pdbs[i];
                if (pdb.namespace_ != pod.meta.namespace_)
                    continue;
                // Here a nil or empty selector matches nothing (the disruption controller's "all
                // pods" reading of an empty policy/v1 selector does not apply).
                if (!pdb.selector || pdb.selector->isEmpty() || !pdb.selector->matches(pod.meta.labels))
                    continue;
                // A pod the API server already counted as disrupted must not be counted twice.
                if (pdb.disruptedPods.contains(pod.meta.name))
                    continue;
                if (--pdbsAllowed[i] < 0)
                    violated = true;
            }
        }
        (violated ? violating : nonViolating).append(podInfo);
    }
    return {violating, nonViolating};
}

// SelectVictimsOnNode: remove every pod of lower priority; if the pod then fits, add them back one by
// one, most important first and PDB-protected ones before the others, keeping each that still lets
// the pod fit. Those that do not are the victims.
preemption::SelectedVictims DefaultPreemption::selectVictimsOnNode(framework::CycleState& state, const Pod& pod,
                                                                   framework::NodeInfo& nodeInfo,
                                                                   const QList<preemption::DisruptionBudget>& pdbs)
{
    preemption::SelectedVictims result;
    const auto removePod = [&](const PodInfoPtr& podInfo) -> Status {
        if (!nodeInfo.removePod(podInfo->pod->meta.uid))
            return Status::error(QStringLiteral("no corresponding pod ") + podInfo->pod->meta.name + QStringLiteral(" in pods of node ")
                                 + nodeInfo.name());
        const Status status = m_handle.runPreFilterExtensionRemovePod(state, pod, podInfo, nodeInfo);
        return status.isSuccess() ? Status() : Status::error(status.message());
    };
    const auto addPod = [&](const PodInfoPtr& podInfo) -> Status {
        nodeInfo.addPod(podInfo);
        const Status status = m_handle.runPreFilterExtensionAddPod(state, pod, podInfo, nodeInfo);
        return status.isSuccess() ? Status() : Status::error(status.message());
    };

    // isPreemptionAllowed: lower priority (IsEligiblePod is always true in v1.32).
    QList<PodInfoPtr> potentialVictims;
    const int priority = pod.effectivePriority();
    for (const auto& podInfo : nodeInfo.pods()) {
        if (podInfo->pod->effectivePriority() < priority)
            potentialVictims.append(podInfo);
    }
    for (const auto& podInfo : std::as_const(potentialVictims)) {
        if (Status status = removePod(podInfo); !status.isSuccess()) {
            result.status = std::move(status);
            return result;
        }
    }

    // Nothing to evict: the node is as the filters saw it.
    if (potentialVictims.isEmpty()) {
        result.status = Status(Code::UnschedulableAndUnresolvable, QStringLiteral("No preemption victims found for incoming pod"));
        return result;
    }

    // If the pod does not fit even without them, this node cannot help. (Affinity of the pod to one of
    // the victims is deliberately not considered, as upstream.)
    if (Status status = m_handle.runFilterPluginsWithNominatedPods(state, pod, nodeInfo); !status.isSuccess()) {
        result.status = std::move(status);
        return result;
    }

    // Most important first, so that they are the first reprieved. Go's sort.Slice is an insertion sort,
    // hence stable, for up to 12 pods; stable_sort keeps that order beyond.
    const auto moreImportant = [](const PodInfoPtr& a, const PodInfoPtr& b) { return preemption::moreImportantPod(*a->pod, *b->pod); };
    std::stable_sort(potentialVictims.begin(), potentialVictims.end(), moreImportant);
    const auto [violatingVictims, nonViolatingVictims] = filterPodsWithPDBViolation(potentialVictims, pdbs);

    const auto reprievePod = [&](const PodInfoPtr& podInfo, bool& fits) -> Status {
        if (Status status = addPod(podInfo); !status.isSuccess())
            return status;
        fits = m_handle.runFilterPluginsWithNominatedPods(state, pod, nodeInfo).isSuccess();
        if (!fits) {
            if (Status status = removePod(podInfo); !status.isSuccess())
                return status;
            result.victims.append(podInfo);
        }
        return {};
    };
    for (const auto& podInfo : violatingVictims) {
        bool fits = false;
        if (Status status = reprievePod(podInfo, fits); !status.isSuccess()) {
            result = {{}, 0, std::move(status)};
            return result;
        }
        if (!fits)
            ++result.numViolatingVictim;
    }
    for (const auto& podInfo : nonViolatingVictims) {
        bool fits = false;
        if (Status status = reprievePod(podInfo, fits); !status.isSuccess()) {
            result = {{}, 0, std::move(status)};
            return result;
        }
    }

    // Victims from both groups: back in order of importance.
    if (!violatingVictims.isEmpty() && !nonViolatingVictims.isEmpty())
        std::stable_sort(result.victims.begin(), result.victims.end(), moreImportant);
    return result;
}

} // namespace ksv::plugins
