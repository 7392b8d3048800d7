#pragma once

// "How many more of this pod fit?" — cluster-capacity's question, answered with this engine: copies
// of a pod are scheduled one after another on the cluster as it is at a virtual time, each through
// the whole scheduling and binding cycle, until one does not fit (docs/whatif.md).

#include "config/types.h"
#include "explain.h"
#include "scenario/scenario.h"

namespace ksv {

// The cluster a scenario has at a virtual time: its nodes and other objects, and the pods bound,
// binding or waiting at Permit there (they are placed, as the scheduler's cache counts them).
struct ClusterAtTime
{
    ClusterState cluster;
    VirtualNanos at = 0;     // the time asked for, or the run's end
    int pendingLeftOut = 0;  // the scenario's pods still in a queue or a cycle then: not copied
};
// Without `at`: when the scenario's run has nothing left to do, with every pod it places placed.
ClusterAtTime clusterAt(const Scenario& scenario, const config::KubeSchedulerConfiguration& configuration,
                        std::optional<VirtualNanos> at);

struct CapacityReport
{
    QString pod;  // the template's key
    VirtualNanos at = 0;
    int fit = 0;  // copies scheduled and bound
    bool limitReached = false; // stopped by maxCopies, not by a copy that did not fit
    QList<std::pair<QString, int>> nodes; // copies per node, in the cluster's node order; nodes with none left out
    QList<std::pair<QString, int>> zones; // per topology.kubernetes.io/zone ("" for nodes without one)
    // The copy that stopped it: its attempt node by node, and the FailedScheduling message.
    std::optional<ExplainReport> stoppedBy;
    int pendingLeftOut = 0;
    int boundAt = 0; // the cluster's pods (bound, binding or waiting at Permit)
};

// A pod manifest for a template: one document of kind Pod, admitted against the cluster's
// PriorityClasses (the scenario's, not the file's). Throws LoadError at the file's line and field,
// also for a template with scheduling gates (no copy would ever get an attempt).
Pod loadPodTemplate(const QString& path, const ClusterState& cluster);

// Schedules copies of `pod` one after another on `cluster`, with the scenario's seed and timing,
// until one does not fit or `maxCopies` do. Throws LoadError for a template no profile schedules.
CapacityReport estimateCapacity(const Scenario& scenario, const config::KubeSchedulerConfiguration& configuration,
                                const ClusterAtTime& cluster, const Pod& pod, std::optional<int> maxCopies = std::nullopt);

} // namespace ksv
