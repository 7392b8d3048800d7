#include "nodeports.h"

namespace ksv::plugins {

using framework::Code;
using framework::Status;

namespace {

const QString preFilterStateKey = QStringLiteral("PreFilterNodePorts");

// preFilterState: the wanted host ports, unaffected by pods added or removed on a node.
struct PreFilterState final : framework::StateData
{
    explicit PreFilterState(QList<ContainerPort> ports)
        : wantPorts(std::move(ports))
    {
    }
    std::unique_ptr<StateData> clone() const override { return std::make_unique<PreFilterState>(*this); }

    QList<ContainerPort> wantPorts;
};

// fitsPorts: HostPortInfo.CheckConflict per wanted port (0.0.0.0 on either side conflicts with any IP).
bool fitsPorts(const QList<ContainerPort>& wantPorts, const framework::NodeInfo& nodeInfo)
{
    const framework::HostPortInfo& existingPorts = nodeInfo.usedPorts();
    for (const auto& port : wantPorts) {
        if (existingPorts.checkConflict(port.hostIP, port.protocol, port.hostPort))
            return false;
    }
    return true;
}

} // namespace

NodePorts::NodePorts(framework::Handle& /*handle*/)
{
}

QList<ContainerPort> NodePorts::getContainerPorts(const Pod& pod)
{
    QList<ContainerPort> ports;
    for (const auto& container : pod.containers) {
        for (const auto& port : container.ports) {
            if (port.hostPort > 0)
                ports.append(port);
        }
    }
    return ports;
}

bool NodePorts::fits(const Pod& pod, const framework::NodeInfo& nodeInfo)
{
    return fitsPorts(getContainerPorts(pod), nodeInfo);
}

// NodePorts.PreFilter: a pod without host ports skips the Filter.
framework::PreFilterOutcome NodePorts::preFilter(framework::CycleState& state, const Pod& pod,
                                                 const QList<framework::NodeInfoPtr>& /*nodes*/)
{
    QList<ContainerPort> ports = getContainerPorts(pod);
    if (ports.isEmpty())
        return {{}, Status(Code::Skip)};
    state.write(preFilterStateKey, std::make_unique<PreFilterState>(std::move(ports)));
    return {};
}

// NodePorts.Filter: Unschedulable, not UnschedulableAndUnresolvable, because evicting the pod that holds
// the port frees it (preemption may help).
Status NodePorts::filter(framework::CycleState& state, const Pod& /*pod*/, const framework::NodeInfo& nodeInfo)
{
    const auto* preFilterState = state.read<PreFilterState>(preFilterStateKey);
    if (!preFilterState)
        return Status::error(QStringLiteral("reading \"PreFilterNodePorts\" from cycleState: not found"));
    if (!fitsPorts(preFilterState->wantPorts, nodeInfo)) {
        static const Status conflict(Code::Unschedulable, ErrReason);
        return conflict;
    }
    return {};
}

// ---- QueueingHints (node_ports.go v1.32: EventsToRegister with hints on,
// isSchedulableAfterPodDeleted) -----------------------------------------------------------------------

QList<framework::ClusterEventWithHint> NodePorts::eventsToRegister() const
{
    using namespace framework;
    // Container ports are immutable, so pod updates cannot free a port. Every new node may have it free.
    return {
        {clusterEvent(EventResource::Pod, action::Delete), &NodePorts::isSchedulableAfterPodDeleted},
        {clusterEvent(EventResource::Node, action::Add), {}},
    };
}

framework::QueueingHint NodePorts::isSchedulableAfterPodDeleted(const Pod& pod, const KubeObject* oldObj,
                                                               const KubeObject* newObj)
{
    const Pod* deletedPod = nullptr;
    const Pod* unused = nullptr;
    if (!framework::as(oldObj, newObj, deletedPod, unused) || !deletedPod)
        return framework::QueueingHint::Queue;
    if (deletedPod->nodeName.isEmpty())
        return framework::QueueingHint::QueueSkip;
    // util.GetHostPorts of the deleted pod: the host ports it held.
    const QList<ContainerPort> ports = getContainerPorts(*deletedPod);
    if (ports.isEmpty())
        return framework::QueueingHint::QueueSkip;
    framework::HostPortInfo portsInUse;
    for (const auto& port : ports)
        portsInUse.add(port.hostIP, port.protocol, port.hostPort);
    // fitsPorts: only a deleted pod holding a port this pod wants can help.
    for (const auto& port : getContainerPorts(pod)) {
        if (portsInUse.checkConflict(port.hostIP, port.protocol, port.hostPort))
            return framework::QueueingHint::Queue;
    }
    return framework::QueueingHint::QueueSkip;
}

} // namespace ksv::plugins
