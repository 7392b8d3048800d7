#include "schedulinggates.h"

namespace ksv::plugins {

SchedulingGates::SchedulingGates(framework::Handle& /*handle*/)
{
}

// SchedulingGates.PreEnqueue: the message prints the gate names as Go's %v prints a []string,
// "[a b]", in spec order.
framework::Status SchedulingGates::preEnqueue(const Pod& pod)
{
    if (pod.schedulingGates.isEmpty())
        return {};
    return framework::Status(framework::Code::UnschedulableAndUnresolvable,
                             QStringLiteral("waiting for scheduling gates: [") + pod.schedulingGates.join(QLatin1Char(' '))
                                 + QLatin1Char(']'));
}

// ---- QueueingHints (scheduling_gates.go v1.32: EventsToRegister,
// isSchedulableAfterUpdatePodSchedulingGatesEliminated) --------------------------------------------

QList<framework::ClusterEventWithHint> SchedulingGates::eventsToRegister() const
{
    using namespace framework;
    // With hints on, a gated pod waits for its own gates to go: only that update can let it in.
    return {
        {clusterEvent(EventResource::Pod, action::UpdatePodSchedulingGatesEliminated),
         &SchedulingGates::isSchedulableAfterUpdatePodSchedulingGatesEliminated},
    };
}

framework::QueueingHint SchedulingGates::isSchedulableAfterUpdatePodSchedulingGatesEliminated(const Pod& pod,
                                                                                             const KubeObject* oldObj,
                                                                                             const KubeObject* newObj)
{
    const Pod* oldPod = nullptr;
    const Pod* modifiedPod = nullptr;
    if (!framework::as(oldObj, newObj, oldPod, modifiedPod) || !modifiedPod)
        return framework::QueueingHint::Queue;
    // Another pod losing its gates does not make this one schedulable.
    if (modifiedPod->meta.uid != pod.meta.uid)
        return framework::QueueingHint::QueueSkip;
    return framework::QueueingHint::Queue;
}

} // namespace ksv::plugins
