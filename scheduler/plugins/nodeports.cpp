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

// fitsPorts: HostPortInfo.CheckConflict per wanted port (0.0.0.0 on either side conflicts with any IP),
// against the node's used ports, and its sidecars' from v1.34: a conflict with either is one with
// their union, which is what upstream's UsedPorts holds.
bool fitsPorts(const QList<ContainerPort>& wantPorts, const framework::NodeInfo& nodeInfo, bool sidecars)
{
    const framework::HostPortInfo& existingPorts = nodeInfo.usedPorts();
    for (const auto& port : wantPorts) {
        if (existingPorts.checkConflict(port.hostIP, port.protocol, port.hostPort))
            return false;
        if (sidecars && nodeInfo.usedSidecarPorts().checkConflict(port.hostIP, port.protocol, port.hostPort))
            return false;
    }
    return true;
}

} // namespace

NodePorts::NodePorts(framework::Handle& /*handle*/, const version::Features& features)
    : m_sidecarPorts(features.version >= version::v1_34)
{
}

QList<ContainerPort> NodePorts::getContainerPorts(const Pod& pod, bool sidecars)
{
    QList<ContainerPort> ports;
    const auto appendHostPorts = [&ports](const Container& container) {
        for (const auto& port : container.ports) {
            if (port.hostPort > 0)
                ports.append(port);
        }
    };
    if (sidecars) {
        for (const auto& container : pod.initContainers) {
            if (container.restartPolicyAlways)
                appendHostPorts(container);
        }
    }
    for (const auto& container : pod.containers)
        appendHostPorts(container);
    return ports;
}

bool NodePorts::fits(const Pod& pod, const framework::NodeInfo& nodeInfo)
{
    return fitsPorts(getContainerPorts(pod), nodeInfo, false);
}

// NodePorts.PreFilter: a pod without host ports skips the Filter.
framework::PreFilterOutcome NodePorts::preFilter(framework::CycleState& state, const Pod& pod,
                                                 const QList<framework::NodeInfoPtr>& /*nodes*/)
{
    QList<ContainerPort> ports = getContainerPorts(pod, m_sidecarPorts);
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
    if (!fitsPorts(preFilterState->wantPorts, nodeInfo, m_sidecarPorts)) {
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
    const bool sidecars = m_sidecarPorts;
    return {
        {clusterEvent(EventResource::Pod, action::Delete),
         [sidecars](const Pod& pod, const KubeObject* oldObj, const KubeObject* newObj) {
             return isSchedulableAfterPodDeleted(pod, oldObj, newObj, sidecars);
         }},
        {clusterEvent(EventResource::Node, action::Add), {}},
    };
}

framework::QueueingHint NodePorts::isSchedulableAfterPodDeleted(const Pod& pod, const KubeObject* oldObj,
                                                               const KubeObject* newObj, bool sidecars)
{
    const Pod* deletedPod = nullptr;
    const Pod* unused = nullptr;
    if (!framework::as(oldObj, newObj, deletedPod, unused) || !deletedPod)
        return framework::QueueingHint::Queue;
    if (deletedPod->nodeName.isEmpty())
        return framework::QueueingHint::QueueSkip;
    // util.GetHostPorts of the deleted pod: the host ports it held.
    const QList<ContainerPort> ports = getContainerPorts(*deletedPod, sidecars);
    if (ports.isEmpty())
        return framework::QueueingHint::QueueSkip;
    framework::HostPortInfo portsInUse;
    for (const auto& port : ports)
        portsInUse.add(port.hostIP, port.protocol, port.hostPort);
    // fitsPorts: only a deleted pod holding a port this pod wants can help.
    for (const auto& port : getContainerPorts(pod, sidecars)) {
        if (portsInUse.checkConflict(port.hostIP, port.protocol, port.hostPort))
            return framework::QueueingHint::Queue;
    }
    return framework::QueueingHint::QueueSkip;
}

} // namespace ksv::plugins
