#pragma once

// A scenario run to its end on the test's own thread and its trace indexed: for the widget-free
// model tests that need a real trace but no playback (no Run, no event loop).

#include "cluster/scenariosource.h"
#include "scenario/effectiveconfig.h"
#include "scenario/loader.h"
#include "simulation/simulator.h"
#include "trace/replay.h"

#include <memory>

namespace ksv::testing {

struct SimulatedRun
{
    std::shared_ptr<const Scenario> scenario;
    std::shared_ptr<trace::Trace> trace = std::make_shared<trace::Trace>();
    std::unique_ptr<trace::TraceIndex> index;
};

// `checkpointSpacing`: small to have states rebuilt from checkpoints in the middle of the run.
inline SimulatedRun simulate(const QString& path, qsizetype checkpointSpacing = 1 << 16)
{
    SimulatedRun run;
    run.scenario = std::make_shared<const Scenario>(loadScenarioFile(path));
    Simulator(*run.scenario, effectiveConfiguration(*run.scenario), {}, *run.trace).run();
    run.index = std::make_unique<trace::TraceIndex>(
        trace::ReplayCatalogue(ScenarioSource(run.scenario)), run.trace, run.scenario->timing, checkpointSpacing);
    run.index->advance(run.trace->size());
    return run;
}

// The position of the first event of `kind` for `pod` (a key), or -1.
inline qsizetype firstEvent(const trace::TraceIndex& index, trace::EventKind kind, const QString& pod)
{
    const qint32 id = index.catalogue().podIndex(pod);
    if (id < 0)
        return -1;
    for (const qint32 position : index.podEvents(id)) {
        if (index.trace().at(position).kind() == kind)
            return position;
    }
    return -1;
}

} // namespace ksv::testing
