#pragma once

#include "scenario/scenario.h"

#include <QList>
#include <QString>

namespace ksv {

// Flat per-node and per-pod rows for the cluster tables, computed once off the GUI thread so that
// models only index arrays (a 150,000-pod scenario must not be summed on every paint).
struct NodeRow
{
    QString name;
    QString zone;
    qint64 allocatableMilliCpu = 0;
    qint64 allocatableMemory = 0;
    qint64 allocatablePods = 0;
    qint64 requestedMilliCpu = 0;
    qint64 requestedMemory = 0;
    qint64 podCount = 0;
    QString taints; // "key=value:Effect, ..."
    bool ready = true;
    bool unschedulable = false;
};

struct PodRow
{
    QString key; // namespace/name
    QString nodeName;
    PodPhase phase = PodPhase::Pending;
    int priority = 0;
    qint64 requestedMilliCpu = 0;
    qint64 requestedMemory = 0;
    QString schedulerName;
    int schedulingGates = 0;
};

// A node's row as its spec says (name, zone, allocatable, taints, status); nothing requested yet.
NodeRow nodeRowOf(const Node& node);

struct ClusterSummary
{
    QList<NodeRow> nodes;
    QList<PodRow> pods;
    qint64 pendingPods = 0;
    qint64 boundPods = 0;

    static ClusterSummary fromCluster(const ClusterState& cluster);
};

inline const QString zoneLabel = QStringLiteral("topology.kubernetes.io/zone");

} // namespace ksv
