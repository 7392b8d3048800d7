#include "nodename.h"

namespace ksv::plugins {

NodeName::NodeName(framework::Handle& /*handle*/)
{
}

framework::Status NodeName::filter(framework::CycleState& /*state*/, const Pod& pod, const framework::NodeInfo& nodeInfo)
{
    if (fits(pod, nodeInfo))
        return {};
    // Built once: every other node of such a pod is rejected, and a copy shares the reason.
    static const framework::Status mismatch(framework::Code::UnschedulableAndUnresolvable, ErrReason);
    return mismatch;
}

// ---- QueueingHints (node_name.go v1.32: EventsToRegister with hints on) -------------------------------

QList<framework::ClusterEventWithHint> NodeName::eventsToRegister() const
{
    using namespace framework;
    // Only a new node can be the one the pod names. No hint: every such event is worth a retry.
    return {{clusterEvent(EventResource::Node, action::Add), {}}};
}

} // namespace ksv::plugins
