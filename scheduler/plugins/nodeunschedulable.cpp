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
    if (!nodeInfo.node().unschedulable)
        return {};
    static const Taint unschedulableTaint {TaintNodeUnschedulable, QString(), TaintEffect::NoSchedule};
    if (tolerationsTolerateTaint(pod.tolerations, unschedulableTaint))
        return {};
    static const framework::Status unschedulable(framework::Code::UnschedulableAndUnresolvable, ErrReasonUnschedulable);
    return unschedulable;
}

} // namespace ksv::plugins
