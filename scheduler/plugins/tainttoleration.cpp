#include "tainttoleration.h"

#include "helpers.h"

namespace ksv::plugins {

using framework::Code;
using framework::Status;

bool tolerationsTolerateTaint(const QList<Toleration>& tolerations, const Taint& taint)
{
    for (const auto& toleration : tolerations) {
        if (toleration.toleratesTaint(taint))
            return true;
    }
    return false;
}

const Taint* findMatchingUntoleratedTaint(const QList<Taint>& taints, const QList<Toleration>& tolerations,
                                          bool (*inclusionFilter)(const Taint&))
{
    for (const auto& taint : taints) {
        if (inclusionFilter && !inclusionFilter(taint))
            continue;
        if (!tolerationsTolerateTaint(tolerations, taint))
            return &taint;
    }
    return nullptr;
}

namespace {

const QString preScoreStateKey = QStringLiteral("PreScoreTaintToleration");

// preScoreState: the pod's tolerations that can tolerate a PreferNoSchedule taint.
struct PreScoreState final : framework::StateData
{
    std::unique_ptr<StateData> clone() const override { return std::make_unique<PreScoreState>(*this); }

    QList<Toleration> tolerationsPreferNoSchedule;
};

// getAllTolerationPreferNoSchedule: an empty effect means every effect, PreferNoSchedule included.
QList<Toleration> getAllTolerationPreferNoSchedule(const QList<Toleration>& tolerations)
{
    QList<Toleration> result;
    for (const auto& toleration : tolerations) {
        if (!toleration.effect || *toleration.effect == TaintEffect::PreferNoSchedule)
            result.append(toleration);
    }
    return result;
}

// countIntolerableTaintsPreferNoSchedule.
qint64 countIntolerableTaintsPreferNoSchedule(const QList<Taint>& taints, const QList<Toleration>& tolerations)
{
    qint64 count = 0;
    for (const auto& taint : taints) {
        if (taint.effect == TaintEffect::PreferNoSchedule && !tolerationsTolerateTaint(tolerations, taint))
            ++count;
    }
    return count;
}

} // namespace

TaintToleration::TaintToleration(framework::Handle& /*handle*/, const version::Features& features)
    : m_reasonNamesTaint(features.version < version::v1_34)
{
}

// TaintToleration.Filter: up to v1.34.1 the reason names the first untolerated taint as
// "{key: value}", so an empty value reads "{key: }"; from v1.35 (#134740, and v1.34.2 by #135023) it
// is "node(s) had untolerated taint(s)" whatever the taint, which keeps keys and values out of pod
// statuses and counts nodes with different taints together.
Status TaintToleration::filter(framework::CycleState& /*state*/, const Pod& pod, const framework::NodeInfo& nodeInfo)
{
    if (!nodeInfo.nodeHasTaints())
        return {};
    const Taint* taint = findMatchingUntoleratedTaint(nodeInfo.node().taints, pod.tolerations, doNotScheduleTaintsFilter);
    if (!taint)
        return {};
    if (!m_reasonNamesTaint)
        return Status(Code::UnschedulableAndUnresolvable, QStringLiteral("node(s) had untolerated taint(s)"));
    return Status(Code::UnschedulableAndUnresolvable, QStringLiteral("node(s) had untolerated taint ") + taint->toString());
}

// TaintToleration.PreScore: never skips; Score reads the filtered tolerations.
Status TaintToleration::preScore(framework::CycleState& state, const Pod& pod, const QList<framework::NodeInfoPtr>& /*nodes*/)
{
    auto preScoreState = std::make_unique<PreScoreState>();
    preScoreState->tolerationsPreferNoSchedule = getAllTolerationPreferNoSchedule(pod.tolerations);
    state.write(preScoreStateKey, std::move(preScoreState));
    return {};
}

// TaintToleration.Score: the number of PreferNoSchedule taints the pod does not tolerate (more is
// worse; NormalizeScore reverses it).
framework::ScoreOutcome TaintToleration::score(framework::CycleState& state, const Pod& /*pod*/, const framework::NodeInfo& nodeInfo)
{
    const auto* preScoreState = state.read<PreScoreState>(preScoreStateKey);
    if (!preScoreState)
        return {0, Status::error(QStringLiteral("failed to read \"PreScoreTaintToleration\" from cycleState: not found"))};
    if (!nodeInfo.nodeHasTaints())
        return {0, {}};
    return {countIntolerableTaintsPreferNoSchedule(nodeInfo.node().taints, preScoreState->tolerationsPreferNoSchedule), {}};
}

Status TaintToleration::normalizeScore(framework::CycleState& /*state*/, const Pod& /*pod*/, QList<framework::NodeScore>& scores)
{
    return defaultNormalizeScore(framework::maxNodeScore, true, scores);
}

// ---- QueueingHints (taint_toleration.go v1.32: EventsToRegister with hints on,
// isSchedulableAfterNodeChange, isSchedulableAfterPodTolerationChange) -----------------------------

QList<framework::ClusterEventWithHint> TaintToleration::eventsToRegister() const
{
    using namespace framework;
    return {
        {clusterEvent(EventResource::Node, action::Add | action::UpdateNodeTaint), &TaintToleration::isSchedulableAfterNodeChange},
        {clusterEvent(EventResource::Pod, action::UpdatePodTolerations), &TaintToleration::isSchedulableAfterPodTolerationChange},
    };
}

framework::QueueingHint TaintToleration::isSchedulableAfterNodeChange(const Pod& pod, const KubeObject* oldObj,
                                                                     const KubeObject* newObj)
{
    const Node* originalNode = nullptr;
    const Node* modifiedNode = nullptr;
    if (!framework::as(oldObj, newObj, originalNode, modifiedNode) || !modifiedNode)
        return framework::QueueingHint::Queue;
    // Only a change from an untolerated taint to none can help; an added node counts as untolerated before.
    bool wasUntolerated = true;
    if (originalNode)
        wasUntolerated = findMatchingUntoleratedTaint(originalNode->taints, pod.tolerations, doNotScheduleTaintsFilter) != nullptr;
    const bool isUntolerated = findMatchingUntoleratedTaint(modifiedNode->taints, pod.tolerations, doNotScheduleTaintsFilter) != nullptr;
    return wasUntolerated && !isUntolerated ? framework::QueueingHint::Queue : framework::QueueingHint::QueueSkip;
}

framework::QueueingHint TaintToleration::isSchedulableAfterPodTolerationChange(const Pod& pod, const KubeObject* oldObj,
                                                                              const KubeObject* newObj)
{
    const Pod* oldPod = nullptr;
    const Pod* modifiedPod = nullptr;
    if (!framework::as(oldObj, newObj, oldPod, modifiedPod) || !modifiedPod)
        return framework::QueueingHint::Queue;
    // The rejected pod itself got a toleration: it may now tolerate the taint that stopped it.
    return pod.meta.uid == modifiedPod->meta.uid ? framework::QueueingHint::Queue : framework::QueueingHint::QueueSkip;
}

} // namespace ksv::plugins
