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

} // namespace ksv::plugins
