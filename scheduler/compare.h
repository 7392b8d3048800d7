#pragma once

// Two runs of one scenario side by side: two configurations, or two seeds (docs/whatif.md). What
// each run did, summarised, and every pod whose fate differs.

#include "config/types.h"
#include "scenario/scenario.h"
#include "simulation/simulator.h"

#include <atomic>

namespace ksv {

struct ResourceUse
{
    QString resource; // cpu (millicores), memory (bytes), pods, or an extended resource
    qint64 requested = 0;
    qint64 allocatable = 0;
};

struct RunSummary
{
    int scheduled = 0;     // bound at the end
    int notScheduled = 0;  // pending at the end (any queue, or waiting, or binding)
    double attempts = 0;   // scheduling attempts, all results
    double unschedulableAttempts = 0;
    double latencyP50 = 0; // pod scheduling latency (first attempt to bound), seconds
    double latencyP99 = 0;
    int preemptions = 0;   // preemptors that evicted
    int victims = 0;
    QList<ResourceUse> utilisation; // at the end, summed over nodes
    int nodesUsed = 0;     // nodes with a pod bound at the end
    int nodes = 0;
    int zoneSkew = 0;      // bound pods per topology.kubernetes.io/zone: the largest minus the smallest
    VirtualNanos end = 0;
    QList<PodSummary> pods;
};

// One run to its end (or SimulationOptions::until), summarised. `stop`, when set by another thread,
// ends the run early (the summary is then of a part of it, for a caller that drops it).
RunSummary summarizeRun(const Scenario& scenario, const config::KubeSchedulerConfiguration& configuration, SimulationOptions options,
                        const std::atomic<bool>* stop = nullptr);

struct PodDifference
{
    // Message: bound in neither run, and the last FailedScheduling messages differ (another
    // version's wording, another reason): what an upgrade changes for pods that stay pending.
    enum class Kind { Moved, OnlyA, OnlyB, Timing, Message };
    Kind kind = Kind::Moved;
    QString pod;
    QString nodeA; // where each run bound it ("" where it did not)
    QString nodeB;
    std::optional<VirtualNanos> scheduledA; // when each run's binding finished
    std::optional<VirtualNanos> scheduledB;
    QString messageA; // Message only: each run's last FailedScheduling message
    QString messageB;
};
QString toString(PodDifference::Kind kind);

// Every pod whose fate at the end differs, in the order of the runs' pods: bound to different
// nodes, bound in one run only, bound to the same node at a different time, or pending in both
// runs with another message.
QList<PodDifference> podDifferences(const QList<PodSummary>& a, const QList<PodSummary>& b);

} // namespace ksv
