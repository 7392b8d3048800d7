#include "preparedrun.h"

#include "trace/releaseoffgui.h"

namespace ksv {

std::shared_ptr<PreparedRun> prepareRunAtStart(std::shared_ptr<const Scenario> scenario, std::shared_ptr<const trace::ReplayCatalogue> catalogue,
                                               const config::KubeSchedulerConfiguration& configuration, const SimulationOptions& options)
{
    auto prepared = makeReleasedOffGui<PreparedRun>();
    prepared->scenario = std::move(scenario);
    prepared->catalogue = std::move(catalogue);
    prepared->configuration = configuration;
    prepared->options = options;
    prepared->trace = makeReleasedOffGui<trace::Trace>();
    prepared->trace->objects().setInitial(prepared->scenario->initial);
    {
        // Its constructor applies the initial state (the pending pods enter their queues); it is never
        // stepped, so nothing is scheduled.
        Simulator simulator(*prepared->scenario, configuration, options, *prepared->trace);
    }
    prepared->index = makeReleasedOffGui<trace::TraceIndex>(*prepared->catalogue, prepared->trace, prepared->scenario->timing);
    prepared->index->advance(prepared->trace->size());
    prepared->laneNaming = queueLaneNaming(*prepared->catalogue);
    return prepared;
}

} // namespace ksv
