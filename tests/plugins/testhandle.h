#pragma once

// A framework::Handle for plugin unit tests: a snapshot made from nodes and pods, the cluster's other
// objects, and, for plugins that run other plugins (preemption), the filter plugins to run.

#include "framework/interface.h"
#include "framework/random.h"

namespace ksv::test {

// The pod informer of a test: the pods given, in order.
class ListPodLister : public framework::PodLister
{
public:
    void forEachPod(const std::function<void(const Pod&)>& callback) const override
    {
        for (const auto& pod : pods)
            callback(pod);
    }
    QList<Pod> pods;
};

// Waiting pods a test puts in place; each records what plugins did to it.
class RecordingWaitingPod : public framework::WaitingPod
{
public:
    RecordingWaitingPod(Pod pod, QString nodeName, QStringList pending)
        : m_pod(std::move(pod))
        , m_nodeName(std::move(nodeName))
        , m_pending(std::move(pending))
    {
    }
    const Pod& pod() const override { return m_pod; }
    const QString& nodeName() const override { return m_nodeName; }
    QStringList pendingPlugins() const override { return m_pending; }
    void allow(const QString& pluginName) override
    {
        m_pending.removeAll(pluginName);
        allowedBy.append(pluginName);
    }
    void reject(const QString& pluginName, const QString& message) override { rejections.append(pluginName + QStringLiteral(": ") + message); }

    QStringList allowedBy;
    QStringList rejections;

private:
    Pod m_pod;
    QString m_nodeName;
    QStringList m_pending;
};

class ListWaitingPods : public framework::WaitingPods
{
public:
    void iterate(const std::function<void(framework::WaitingPod&)>& callback) override
    {
        for (const auto& pod : pods)
            callback(*pod);
    }
    framework::WaitingPod* get(const QString& uid) override
    {
        for (const auto& pod : pods) {
            if (pod->pod().meta.uid == uid)
                return pod.get();
        }
        return nullptr;
    }
    std::vector<std::unique_ptr<RecordingWaitingPod>> pods;
};

class TestHandle : public framework::Handle
{
public:
    explicit TestHandle(const QList<Node>& nodes = {}, const QList<Pod>& pods = {}, ClusterState cluster = {})
        : m_snapshot(framework::Snapshot::fromCluster(nodes, pods))
    {
        cluster.nodes = nodes;
        cluster.pods = pods;
        podList.pods = pods;
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
    framework::WaitingPods& waitingPods() override { return waiting; }
    const framework::PodLister& podLister() const override { return podList; }
    qint64 now() const override { return clock; }
    const QList<framework::Extender*>& extenders() const override { return extenderList; }

    framework::Snapshot& mutableSnapshot() { return m_snapshot; }

    QList<framework::FilterPlugin*> filters;
    QList<framework::PreFilterPlugin*> preFilters;
    QList<framework::Extender*> extenderList; // Handle.Extenders: what preemption's callExtenders asks
    QHash<QString, QList<framework::PodInfoPtr>> nominated;
    ListPodLister podList;
    ListWaitingPods waiting;
    qint64 clock = 0; // virtual nanoseconds; tests advance it to expire time-bound caches

private:
    framework::Snapshot m_snapshot;
    framework::ClusterLister m_lister;
    framework::Random m_random {1};
};

} // namespace ksv::test
