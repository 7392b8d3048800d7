#pragma once

// A framework::Handle for plugin unit tests: a snapshot made from nodes and pods, the cluster's other
// objects, and, for plugins that run other plugins (preemption), the filter plugins to run.

#include "framework/interface.h"
#include "framework/random.h"

namespace ksv::test {

class TestHandle : public framework::Handle
{
public:
    explicit TestHandle(const QList<Node>& nodes = {}, const QList<Pod>& pods = {}, ClusterState cluster = {})
        : m_snapshot(framework::Snapshot::fromCluster(nodes, pods))
    {
        cluster.nodes = nodes;
        cluster.pods = pods;
        m_lister = framework::ClusterLister(std::make_shared<const ClusterState>(std::move(cluster)));
    }

    const framework::Snapshot& snapshot() const override { return m_snapshot; }
    const framework::ClusterLister& lister() const override { return m_lister; }
    framework::Random& random() override { return m_random; }

    framework::Status runFilterPluginsWithNominatedPods(framework::CycleState& state, const Pod& pod,
                                                        const framework::NodeInfo& nodeInfo) override
    {
        for (auto* plugin : filters) {
            framework::Status status = plugin->filter(state, pod, nodeInfo);
            if (!status.isSuccess())
                return status;
        }
        return {};
    }
    framework::Status runPreFilterExtensionAddPod(framework::CycleState& state, const Pod& podToSchedule,
                                                  const framework::PodInfoPtr& podToAdd, const framework::NodeInfo& nodeInfo) override
    {
        for (auto* plugin : preFilters) {
            if (auto* extensions = plugin->preFilterExtensions()) {
                framework::Status status = extensions->addPod(state, podToSchedule, podToAdd, nodeInfo);
                if (!status.isSuccess())
                    return status;
            }
        }
        return {};
    }
    framework::Status runPreFilterExtensionRemovePod(framework::CycleState& state, const Pod& podToSchedule,
                                                     const framework::PodInfoPtr& podToRemove, const framework::NodeInfo& nodeInfo) override
    {
        for (auto* plugin : preFilters) {
            if (auto* extensions = plugin->preFilterExtensions()) {
                framework::Status status = extensions->removePod(state, podToSchedule, podToRemove, nodeInfo);
                if (!status.isSuccess())
                    return status;
            }
        }
        return {};
    }
    QList<framework::PodInfoPtr> nominatedPodsForNode(const QString& nodeName) const override { return nominated.value(nodeName); }

    framework::Snapshot& mutableSnapshot() { return m_snapshot; }

    QList<framework::FilterPlugin*> filters;
    QList<framework::PreFilterPlugin*> preFilters;
    QHash<QString, QList<framework::PodInfoPtr>> nominated;

private:
    framework::Snapshot m_snapshot;
    framework::ClusterLister m_lister;
    framework::Random m_random {1};
};

} // namespace ksv::test
