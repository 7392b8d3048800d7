#include "cache.h"

namespace ksv {

using framework::NodeInfo;
using framework::NodeInfoPtr;

namespace {

template<typename T>
void upsert(QList<T>& list, const T& object)
{
    for (auto& existing : list) {
        if (existing.meta.name == object.meta.name && existing.meta.namespace_ == object.meta.namespace_) {
            existing = object;
            return;
        }
    }
    list.append(object);
}

template<typename T>
void erase(QList<T>& list, const ObjectMeta& meta)
{
    list.removeIf([&meta](const T& o) { return o.meta.name == meta.name && o.meta.namespace_ == meta.namespace_; });
}

// The list of a ClusterState that holds objects of kind T (not Node or Pod: the cache keeps those).
template<typename T>
QList<T>& listOf(ClusterState& c)
{
    if constexpr (std::is_same_v<T, Namespace>) return c.namespaces;
    else if constexpr (std::is_same_v<T, PriorityClass>) return c.priorityClasses;
    else if constexpr (std::is_same_v<T, PodDisruptionBudget>) return c.podDisruptionBudgets;
    else if constexpr (std::is_same_v<T, Service>) return c.services;
    else if constexpr (std::is_same_v<T, ReplicationController>) return c.replicationControllers;
    else if constexpr (std::is_same_v<T, ReplicaSet>) return c.replicaSets;
    else if constexpr (std::is_same_v<T, StatefulSet>) return c.statefulSets;
    else if constexpr (std::is_same_v<T, PersistentVolumeClaim>) return c.persistentVolumeClaims;
    else if constexpr (std::is_same_v<T, PersistentVolume>) return c.persistentVolumes;
    else if constexpr (std::is_same_v<T, StorageClass>) return c.storageClasses;
    else if constexpr (std::is_same_v<T, CSINode>) return c.csiNodes;
    else return c.podGroups;
}

} // namespace

QString SchedulerCache::zoneKey(const Node& node)
{
    const Labels& labels = node.meta.labels;
    QString region = labels.value(QStringLiteral("topology.kubernetes.io/region"));
    if (region.isEmpty())
        region = labels.value(QStringLiteral("failure-domain.beta.kubernetes.io/region"));
    QString zone = labels.value(QStringLiteral("topology.kubernetes.io/zone"));
    if (zone.isEmpty())
        zone = labels.value(QStringLiteral("failure-domain.beta.kubernetes.io/zone"));
    if (region.isEmpty() && zone.isEmpty())
        return {};
    return region + QStringLiteral(":\\x00:") + zone;
}

SchedulerCache::SchedulerCache(const ClusterState& cluster)
    : m_snapshot(std::make_shared<framework::Snapshot>())
{
    m_objects = cluster;
    m_objects.nodes.clear();
    m_objects.pods.clear();
    for (const auto& pod : cluster.pods)
        m_pods.insert(pod.meta.uid, pod);
    for (const auto& node : cluster.nodes) {
        m_nodes.append(node);
        const QString zone = zoneKey(node);
        if (!m_zoneNodes.contains(zone))
            m_zones.append(zone);
        m_zoneNodes[zone].append(node.meta.name);
        m_nodeInfos.insert(node.meta.name, std::make_shared<NodeInfo>(std::make_shared<const Node>(node)));
    }
    // Pods join their nodes in the order the file lists them, as an informer would add them.
    for (const auto& pod : cluster.pods) {
        if (pod.nodeName.isEmpty() || pod.isTerminal())
            continue;
        if (const NodeInfoPtr info = m_nodeInfos.value(pod.nodeName))
            info->addPod(framework::PodInfo::create(pod));
    }
    refreshImageStates();
    rebuildOrder();
    relist();
}

const Pod* SchedulerCache::pod(const QString& uid) const
{
    const auto it = m_pods.constFind(uid);
    return it == m_pods.cend() ? nullptr : &*it;
}

// nodeTree.list(): one node from each zone in turn until every zone is exhausted.
void SchedulerCache::rebuildOrder()
{
    QList<NodeInfoPtr> ordered;
    ordered.reserve(m_nodeInfos.size());
    for (qsizetype round = 0;; ++round) {
        bool any = false;
        for (const auto& zone : m_zones) {
            const QStringList& names = m_zoneNodes[zone];
            if (round < names.size()) {
                ordered.append(m_nodeInfos.value(names[round]));
                any = true;
            }
        }
        if (!any)
            break;
    }
    m_snapshot->setNodeInfos(std::move(ordered));
}

// ImageStateSummary counts the nodes that have each image, so it changes with the node set.
void SchedulerCache::refreshImageStates()
{
    const auto summaries = framework::imageStateSummaries(m_nodes);
    for (const auto& node : m_nodes)
        m_nodeInfos.value(node.meta.name)->setImageStates(framework::nodeImageStates(node, summaries));
}

void SchedulerCache::relist()
{
    m_lister = std::make_shared<const framework::ClusterLister>(std::make_shared<const ClusterState>(m_objects));
}

void SchedulerCache::addNode(const Node& node)
{
    m_nodes.append(node);
    const QString zone = zoneKey(node);
    if (!m_zoneNodes.contains(zone))
        m_zones.append(zone);
    m_zoneNodes[zone].append(node.meta.name);
    auto info = std::make_shared<NodeInfo>(std::make_shared<const Node>(node));
    for (const auto& pod : m_pods) {
        if (pod.nodeName == node.meta.name && !pod.isTerminal())
            info->addPod(framework::PodInfo::create(pod));
    }
    m_nodeInfos.insert(node.meta.name, info);
    refreshImageStates();
    rebuildOrder();
}

void SchedulerCache::updateNode(const Node& node)
{
    for (auto& existing : m_nodes) {
        if (existing.meta.name != node.meta.name)
            continue;
        const QString oldZone = zoneKey(existing);
        const QString newZone = zoneKey(node);
        if (oldZone != newZone) {
            m_zoneNodes[oldZone].removeAll(node.meta.name);
            if (m_zoneNodes[oldZone].isEmpty()) {
                m_zoneNodes.remove(oldZone);
                m_zones.removeAll(oldZone);
            }
            if (!m_zoneNodes.contains(newZone))
                m_zones.append(newZone);
            m_zoneNodes[newZone].append(node.meta.name);
        }
        existing = node;
    }
    // The node changes; its pods stay, in the order they joined.
    const NodeInfoPtr old = m_nodeInfos.value(node.meta.name);
    auto info = std::make_shared<NodeInfo>(std::make_shared<const Node>(node));
    if (old) {
        for (const auto& pod : old->pods())
            info->addPod(pod);
    }
    m_nodeInfos.insert(node.meta.name, info);
    refreshImageStates();
    rebuildOrder();
}

void SchedulerCache::removeNode(const QString& name)
{
    for (const auto& node : m_nodes) {
        if (node.meta.name != name)
            continue;
        const QString zone = zoneKey(node);
        m_zoneNodes[zone].removeAll(name);
        if (m_zoneNodes[zone].isEmpty()) {
            m_zoneNodes.remove(zone);
            m_zones.removeAll(zone);
        }
    }
    m_nodes.removeIf([&name](const Node& n) { return n.meta.name == name; });
    m_nodeInfos.remove(name);
    refreshImageStates();
    rebuildOrder();
}

void SchedulerCache::addPod(const Pod& pod)
{
    if (const Pod* previous = this->pod(pod.meta.uid); previous && !previous->nodeName.isEmpty()) {
        if (const NodeInfoPtr info = m_nodeInfos.value(previous->nodeName))
            info->removePod(pod.meta.uid);
    }
    m_pods.insert(pod.meta.uid, pod);
    if (pod.nodeName.isEmpty() || pod.isTerminal())
        return;
    if (const NodeInfoPtr info = m_nodeInfos.value(pod.nodeName)) {
        info->addPod(framework::PodInfo::create(pod));
        if (framework::podHasAffinityConstraints(pod))
            m_snapshot->refreshAffinityLists();
    }
}

void SchedulerCache::removePod(const Pod& pod)
{
    const Pod* existing = this->pod(pod.meta.uid);
    if (!existing)
        return;
    if (!existing->nodeName.isEmpty()) {
        if (const NodeInfoPtr info = m_nodeInfos.value(existing->nodeName)) {
            info->removePod(existing->meta.uid);
            if (framework::podHasAffinityConstraints(*existing))
                m_snapshot->refreshAffinityLists();
        }
    }
    m_pods.remove(pod.meta.uid);
}

void SchedulerCache::setObject(const KubeObject& object)
{
    std::visit(
        [this](const auto& o) {
            using T = std::decay_t<decltype(o)>;
            if constexpr (std::is_same_v<T, Node>) {
                const bool exists = m_nodeInfos.contains(o.meta.name);
                exists ? updateNode(o) : addNode(o);
            } else if constexpr (std::is_same_v<T, Pod>) {
                addPod(o);
            } else {
                upsert(listOf<T>(m_objects), o);
                relist();
            }
        },
        object);
}

void SchedulerCache::removeObject(const KubeObject& object)
{
    std::visit(
        [this](const auto& o) {
            using T = std::decay_t<decltype(o)>;
            if constexpr (std::is_same_v<T, Node>) {
                removeNode(o.meta.name);
            } else if constexpr (std::is_same_v<T, Pod>) {
                removePod(o);
            } else {
                erase(listOf<T>(m_objects), o.meta);
                relist();
            }
        },
        object);
}

} // namespace ksv
