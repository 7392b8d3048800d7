#pragma once

// "How many more of this pod fit?" — cluster-capacity's question, answered with this engine: copies
// of a pod are scheduled one after another on the cluster as it is at a virtual time, each through
// the whole scheduling and binding cycle, until one does not fit (docs/whatif.md).

#include "config/types.h"
#include "explain.h"
#include "scenario/scenario.h"

namespace ksv {

struct CapacityRequest
{
    Pod pod;                     // the template, admitted (loadPodTemplate)
    VirtualNanos at = 0;         // the cluster as the scenario has it at this time
    std::optional<int> maxCopies; // stop after this many fit (cluster-capacity's --max-limit)
};

struct CapacityReport
{
    QString pod;  // the template's key
    VirtualNanos at = 0;
    int fit = 0;  // copies scheduled and bound
    bool limitReached = false; // stopped by maxCopies, not by a copy that did not fit
    QList<std::pair<QString, int>> nodes; // copies per node, in the node tree's order; nodes with none left out
    QList<std::pair<QString, int>> zones; // per topology.kubernetes.io/zone ("" for nodes without one)
    // The copy that stopped it: its attempt node by node, and the FailedScheduling message.
    std::optional<ExplainReport> stoppedBy;
    int pendingLeftOut = 0; // the scenario's pods still pending at `at`: not part of the cluster copied
    int boundAt = 0;        // the scenario's pods bound (or binding) at `at`
};

// A pod manifest for a template: one document of kind Pod, admitted against the cluster's
// PriorityClasses (the scenario's, not the file's). Throws LoadError at the file's line and field.
Pod loadPodTemplate(const QString& path, const ClusterState& cluster);

// The cluster the scenario has at `at`: its nodes and other objects, and the pods bound or binding
// there (bound, at t=0 of the copy). `pendingLeftOut` counts the pods it leaves out.
ClusterState clusterAt(const Scenario& scenario, const config::KubeSchedulerConfiguration& configuration, VirtualNanos at,
                       int* pendingLeftOut = nullptr);

// Throws LoadError for a template no profile schedules.
CapacityReport estimateCapacity(const Scenario& scenario, const config::KubeSchedulerConfiguration& configuration,
                                const CapacityRequest& request);

} // namespace ksv
