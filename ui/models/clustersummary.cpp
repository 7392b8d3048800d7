#include "clustersummary.h"

#include "api/resources.h"

#include <QHash>

namespace ksv {

NodeRow nodeRowOf(const Node& node)
{
    NodeRow row;
    row.name = node.meta.name;
    row.zone = node.meta.labels.value(zoneLabel);
    row.allocatableMilliCpu = node.allocatable.value(ResourceName::cpu).milliValue();
    row.allocatableMemory = node.allocatable.value(ResourceName::memory).value();
    row.allocatablePods = node.allocatable.value(ResourceName::pods).value();
    QStringList taints;
    for (const auto& taint : node.taints) {
        taints.append(taint.key + (taint.value.isEmpty() ? QString() : QLatin1Char('=') + taint.value) + QLatin1Char(':')
                      + toString(taint.effect));
    }
    row.taints = taints.join(QStringLiteral(", "));
    for (const auto& condition : node.conditions) {
        if (condition.type == QLatin1String("Ready"))
            row.ready = condition.status == QLatin1String("True");
    }
    row.unschedulable = node.unschedulable;
    return row;
}

ClusterSummary ClusterSummary::fromCluster(const ClusterState& cluster)
{
    ClusterSummary summary;
    summary.nodes.reserve(cluster.nodes.size());
    QHash<QString, qsizetype> nodeIndex;
    for (const auto& node : cluster.nodes) {
        const NodeRow row = nodeRowOf(node);
        nodeIndex.insert(row.name, summary.nodes.size());
        summary.nodes.append(row);
    }

    summary.pods.reserve(cluster.pods.size());
    for (const auto& pod : cluster.pods) {
        PodRow row;
        row.key = pod.key();
        row.nodeName = pod.nodeName;
        row.phase = pod.phase;
        row.priority = pod.effectivePriority();
        const ResourceList requests = podRequests(pod);
        row.requestedMilliCpu = requests.value(ResourceName::cpu).milliValue();
        row.requestedMemory = requests.value(ResourceName::memory).value();
        row.schedulerName = pod.schedulerName;
        row.schedulingGates = static_cast<int>(pod.schedulingGates.size());
        if (pod.nodeName.isEmpty()) {
            ++summary.pendingPods;
        } else if (!pod.isTerminal()) {
            ++summary.boundPods;
            if (const auto it = nodeIndex.constFind(pod.nodeName); it != nodeIndex.cend()) {
                NodeRow& node = summary.nodes[*it];
                ++node.podCount;
                node.requestedMilliCpu += row.requestedMilliCpu;
                node.requestedMemory += row.requestedMemory;
            }
        }
        summary.pods.append(row);
    }
    return summary;
}

} // namespace ksv
