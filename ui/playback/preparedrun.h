#pragma once

// A run that is over before it starts: the scenario at time 0, its objects in place and its pending
// pods in the queues the simulator put them in, with nothing scheduled. Live mode shows each snapshot
// of a cluster this way (the cluster as it is now), and prepares it on the live feed's thread: the
// simulator's set-up, the trace and its index for 150,000 pods cost the GUI thread nothing; it only
// adopts the result (Run's second constructor). The parts are released off the GUI thread
// (releaseoffgui.h).

#include "config/types.h"
#include "scenario/scenario.h"
#include "simulation/simulator.h"
#include "queuelanes.h"
#include "trace/replay.h"

#include <memory>

namespace ksv {

struct PreparedRun
{
    std::shared_ptr<const Scenario> scenario;
    std::shared_ptr<const trace::ReplayCatalogue> catalogue;
    config::KubeSchedulerConfiguration configuration;
    SimulationOptions options;
    std::shared_ptr<trace::Trace> trace; // what the simulator recorded while it set the scenario up
    std::shared_ptr<trace::TraceIndex> index; // all of it indexed
    std::shared_ptr<const QueueLaneNaming> laneNaming; // what the queue lanes would number on the GUI thread
};

// Runs on any thread. Throws what the Simulator throws for a configuration it cannot run.
std::shared_ptr<PreparedRun> prepareRunAtStart(std::shared_ptr<const Scenario> scenario, std::shared_ptr<const trace::ReplayCatalogue> catalogue,
                                               const config::KubeSchedulerConfiguration& configuration, const SimulationOptions& options);

} // namespace ksv
