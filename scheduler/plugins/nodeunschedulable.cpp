#include "nodeunschedulable.h"

#include "tainttoleration.h"

namespace ksv::plugins {

NodeUnschedulable::NodeUnschedulable(framework::Handle& /*handle*/)
{
}

// NodeUnschedulable.Filter: a pod tolerating the unschedulable taint (key, empty value, NoSchedule)
// also tolerates spec.unschedulable, whether or not the node carries that taint.
framework::Status NodeUnschedulable::filter(framework::CycleState& /*state*/, const Pod& pod, const framework::NodeInfo& nodeInfo)
{
    if (!nodeInfo.nodeUnschedulable())
        return {};
    static const Taint unschedulableTaint {TaintNodeUnschedulable, QString(), TaintEffect::NoSchedule};
    if (tolerationsTolerateTaint(pod.tolerations, unschedulableTaint))
        return {};
    static const framework::Status unschedulable(framework::Code::UnschedulableAndUnresolvable, ErrReasonUnschedulable);
    return unschedulable;
}

// ---- QueueingHints (node_unschedulable.go v1.32: EventsToRegister with hints on,
// isSchedulableAfterPodTolerationChange, isSchedulableAfterNodeChange) -----------------------------

QList<framework::ClusterEventWithHint> NodeUnschedulable::eventsToRegister() const
{
    using namespace framework;
    // No UpdateNodeLabel: it only worked around preCheck, which is off with hints. A node turning
    // schedulable arrives as UpdateNodeTaint (NodeSchedulingPropertiesChange).
    return {
        {clusterEvent(EventResource::Node, action::Add | action::UpdateNodeTaint), &NodeUnschedulable::isSchedulableAfterNodeChange},
        {clusterEvent(EventResource::Pod, action::UpdatePodTolerations), &NodeUnschedulable::isSchedulableAfterPodTolerationChange},
    };
}

framework::QueueingHint NodeUnschedulable::isSchedulableAfterPodTolerationChange(const Pod& pod, const KubeObject* oldObj,
                                                                                const KubeObject* newObj)
{
    const Pod* oldPod = nullptr;
    const Pod* modifiedPod = nullptr;
    if (!framework::as(oldObj, newObj, oldPod, modifiedPod) || !modifiedPod)
        return framework::QueueingHint::Queue;
    if (pod.meta.uid != modifiedPod->meta.uid)
        return framework::QueueingHint::QueueSkip;
    // Tolerations can only be added, and a pod this plugin rejected did not tolerate the taint before,
    // so the new tolerations alone decide.
    static const Taint unschedulableTaint {TaintNodeUnschedulable, QString(), TaintEffect::NoSchedule};
    return tolerationsTolerateTaint(modifiedPod->tolerations, unschedulableTaint) ? framework::QueueingHint::Queue
                                                                                  : framework::QueueingHint::QueueSkip;
}

framework::QueueingHint NodeUnschedulable::isSchedulableAfterNodeChange(const Pod& /*pod*/, const KubeObject* oldObj,
                                                                       const KubeObject* newObj)
{
    const Node* originalNode = nullptr;
    const Node* modifiedNode = nullptr;
    if (!framework::as(oldObj, newObj, originalNode, modifiedNode) || !modifiedNode)
        return framework::QueueingHint::Queue;
    // Queue when a node is uncordoned, or added schedulable.
    if ((originalNode && originalNode->unschedulable && !modifiedNode->unschedulable)
        || (!originalNode && !modifiedNode->unschedulable))
        return framework::QueueingHint::Queue;
    return framework::QueueingHint::QueueSkip;
}

} // namespace ksv::plugins
