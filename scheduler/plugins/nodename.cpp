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

} // namespace ksv::plugins
