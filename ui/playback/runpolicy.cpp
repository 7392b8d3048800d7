#include "runpolicy.h"

#include "framework/parallelize.h"

namespace ksv {

SimulationOptions defaultRunOptions(const config::KubeSchedulerConfiguration& configuration, int cores)
{
    SimulationOptions options;
    options.nodeDetailBudget = appNodeDetailBudget;
    options.threads = framework::effectiveParallelism(configuration.parallelism, std::max(1, std::max(1, cores) - 1));
    return options;
}

} // namespace ksv
