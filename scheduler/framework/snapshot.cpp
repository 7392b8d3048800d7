#include "snapshot.h"

namespace ksv::framework {

QHash<QString, ImageStateSummary> imageStateSummaries(const QList<Node>& nodes)
{
    QHash<QString, ImageStateSummary> images;
    for (const auto& node : nodes) {
        // A node counts once per image name, and the first size seen stays.
        QSet<QString> seen;
        for (const auto& image : node.images) {
            for (const auto& name : image.names) {
                if (seen.contains(name))
                    continue;
                seen.insert(name);
                auto it = images.find(name);
                if (it == images.end())
                    it = images.insert(name, ImageStateSummary {image.sizeBytes, 0});
                ++it->numNodes;
            }
        }
    }
    return images;
}

QHash<QString, ImageStateSummary> nodeImageStates(const Node& node, const QHash<QString, ImageStateSummary>& summaries)
{
    QHash<QString, ImageStateSummary> nodeImages;
    for (const auto& image : node.images) {
        for (const auto& name : image.names)
            nodeImages.insert(name, summaries.value(name));
    }
    return nodeImages;
}

Snapshot Snapshot::fromCluster(const QList<Node>& nodes, const QList<Pod>& pods)
{
    Snapshot snapshot;
    const QHash<QString, ImageStateSummary> images = imageStateSummaries(nodes);
    for (const auto& node : nodes) {
        auto info = std::make_shared<NodeInfo>(std::make_shared<const Node>(node));
        info->setImageStates(nodeImageStates(node, images));
        snapshot.m_byName.insert(node.meta.name, info);
        snapshot.m_nodeInfos.append(std::move(info));
    }
    for (const auto& pod : pods) {
        if (pod.nodeName.isEmpty() || pod.isTerminal())
            continue;
        if (const NodeInfoPtr info = snapshot.m_byName.value(pod.nodeName))
            info->addPod(PodInfo::create(pod));
    }
    snapshot.refreshAffinityLists();
    return snapshot;
}

const NodeColumns& Snapshot::nodeColumns() const
{
    if (!m_nodeColumns.columns)
        m_nodeColumns.columns = std::make_unique<NodeColumns>(m_nodeInfos, true);
    return *m_nodeColumns.columns;
}

void Snapshot::addNodeInfo(NodeInfoPtr nodeInfo)
{
    m_nodeColumns.columns.reset();
    m_byName.insert(nodeInfo->name(), nodeInfo);
    m_nodeInfos.append(std::move(nodeInfo));
    refreshAffinityLists();
}

void Snapshot::setNodeInfos(QList<NodeInfoPtr> nodeInfos)
{
    m_nodeInfos = std::move(nodeInfos);
    m_nodeColumns.columns.reset();
    m_byName.clear();
    for (const auto& info : m_nodeInfos)
        m_byName.insert(info->name(), info);
    refreshAffinityLists();
}

void Snapshot::refreshAffinityLists()
{
    m_havePodsWithAffinity.clear();
    m_havePodsWithRequiredAntiAffinity.clear();
    for (const auto& info : m_nodeInfos) {
        if (!info->podsWithAffinity().isEmpty())
            m_havePodsWithAffinity.append(info);
        if (!info->podsWithRequiredAntiAffinity().isEmpty())
            m_havePodsWithRequiredAntiAffinity.append(info);
    }
}

ClusterLister::ClusterLister(std::shared_ptr<const ClusterState> cluster)
    : m_cluster(std::move(cluster))
{
    for (const auto& ns : m_cluster->namespaces)
        m_namespaceLabels.insert(ns.meta.name, ns.meta.labels);
    for (qsizetype i = 0; i < m_cluster->persistentVolumeClaims.size(); ++i) {
        const auto& meta = m_cluster->persistentVolumeClaims[i].meta;
        m_pvcs.insert(meta.namespace_ + QLatin1Char('/') + meta.name, i);
    }
    for (qsizetype i = 0; i < m_cluster->persistentVolumes.size(); ++i)
        m_pvs.insert(m_cluster->persistentVolumes[i].meta.name, i);
    for (qsizetype i = 0; i < m_cluster->storageClasses.size(); ++i)
        m_storageClasses.insert(m_cluster->storageClasses[i].meta.name, i);
    for (qsizetype i = 0; i < m_cluster->csiNodes.size(); ++i)
        m_csiNodes.insert(m_cluster->csiNodes[i].meta.name, i);
    for (qsizetype i = 0; i < m_cluster->podGroups.size(); ++i) {
        const auto& meta = m_cluster->podGroups[i].meta;
        m_podGroups.insert(meta.namespace_ + QLatin1Char('/') + meta.name, i);
    }
}

const PersistentVolumeClaim* ClusterLister::persistentVolumeClaim(const QString& namespace_, const QString& name) const
{
    const auto it = m_pvcs.constFind(namespace_ + QLatin1Char('/') + name);
    return it == m_pvcs.cend() ? nullptr : &m_cluster->persistentVolumeClaims[*it];
}

const PersistentVolume* ClusterLister::persistentVolume(const QString& name) const
{
    const auto it = m_pvs.constFind(name);
    return it == m_pvs.cend() ? nullptr : &m_cluster->persistentVolumes[*it];
}

const StorageClass* ClusterLister::storageClass(const QString& name) const
{
    const auto it = m_storageClasses.constFind(name);
    return it == m_storageClasses.cend() ? nullptr : &m_cluster->storageClasses[*it];
}

const CSINode* ClusterLister::csiNode(const QString& name) const
{
    const auto it = m_csiNodes.constFind(name);
    return it == m_csiNodes.cend() ? nullptr : &m_cluster->csiNodes[*it];
}

const PodGroup* ClusterLister::podGroup(const QString& namespace_, const QString& name) const
{
    const auto it = m_podGroups.constFind(namespace_ + QLatin1Char('/') + name);
    return it == m_podGroups.cend() ? nullptr : &m_cluster->podGroups[*it];
}

} // namespace ksv::framework
