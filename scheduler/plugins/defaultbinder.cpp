#include "defaultbinder.h"

namespace ksv::plugins {

DefaultBinder::DefaultBinder(framework::Handle& /*handle*/)
{
}

// DefaultBinder.Bind: Success. Returning Success (not Skip) is what tells the framework that this
// binder took the pod, so later Bind plugins are not asked.
framework::Status DefaultBinder::bind(framework::CycleState& /*state*/, const Pod& /*pod*/, const QString& /*nodeName*/)
{
    return {};
}

} // namespace ksv::plugins
