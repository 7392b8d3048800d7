#pragma once

// How the app runs a scenario: the options every Run the window starts gets. Kept apart from the
// window so that the policy is decided in one place and tested on its own.

#include "config/types.h"
#include "simulation/simulator.h"

namespace ksv {

// Per-node detail the app records before it goes on without. A fixed amount, so that a run of any
// length fits: on 5,000 nodes, 9,200 cycles of the scale sample (Filter visits 4,500 nodes in each)
// or some 37,000 where Filter stops after 500 nodes (14 KiB each).
inline constexpr qsizetype appNodeDetailBudget = qsizetype(512) << 20;

// The options for a run of `configuration` in the app on a machine of `cores` hardware threads
// (QThread::idealThreadCount()).
//
// Per-node Filter and Score results are what the inspector and the heatmap's verdict modes show,
// but they grow with nodes × attempts: compact as their blocks are, the scale sample (5,000 nodes,
// 150,000 pods) would need gigabytes of them. They are recorded up to appNodeDetailBudget, and the
// views say which cycles came after it.
//
// Filter and Score may use every core but one: that one keeps the views answering while the engine
// runs flat out (on two cores the engine uses one thread). The trace does not change.
SimulationOptions defaultRunOptions(const config::KubeSchedulerConfiguration& configuration, int cores);

} // namespace ksv
