#pragma once

#include "nodecolumns.h"
#include "types.h"

#include "scenario/scenario.h"

namespace ksv::framework {

// addNodeImageStates over a node set: per image name its size (the first seen) and how many nodes have it.
QHash<QString, ImageStateSummary> imageStateSummaries(const QList<Node>& nodes);
// The summaries of the images one node has, as NodeInfo.ImageStates holds them.
QHash<QString, ImageStateSummary> nodeImageStates(const Node& node, const QHash<QString, ImageStateSummary>& summaries);

// internal/cache.Snapshot: the nodes of one scheduling cycle with their pods, in the order the
// cache lists them (the order Filter visits nodes in, starting at the round-robin index).
class Snapshot
{
public:
    Snapshot() = default;
    // Nodes in the given order; assigned, non-terminal pods are placed on their nodes. Image
    // summaries (size, number of nodes having the image) are computed over all nodes.
    static Snapshot fromCluster(const QList<Node>& nodes, const QList<Pod>& pods);

    const QList<NodeInfoPtr>& nodeInfos() const { return m_nodeInfos; }
    const QList<NodeInfoPtr>& havePodsWithAffinityNodeInfos() const { return m_havePodsWithAffinity; }
    const QList<NodeInfoPtr>& havePodsWithRequiredAntiAffinityNodeInfos() const { return m_havePodsWithRequiredAntiAffinity; }
    NodeInfoPtr get(const QString& nodeName) const { return m_byName.value(nodeName); }
    qsizetype numNodes() const { return m_nodeInfos.size(); }
    // Flat per-node columns in nodeInfos() order: label value ids, the nodes' generations and count
    // memos (nodecolumns.h). Built when first asked for, dropped when the node list changes. The
    // engine's thread only.
    const NodeColumns& nodeColumns() const;

    // Recomputes the affinity lists after pods were added to or removed from node infos.
    void refreshAffinityLists();
    void addNodeInfo(NodeInfoPtr nodeInfo);
    // Replaces the node list (the cache's node tree order) and recomputes the affinity lists.
    void setNodeInfos(QList<NodeInfoPtr> nodeInfos);

private:
    QList<NodeInfoPtr> m_nodeInfos;
    QList<NodeInfoPtr> m_havePodsWithAffinity;
    QList<NodeInfoPtr> m_havePodsWithRequiredAntiAffinity;
    QHash<QString, NodeInfoPtr> m_byName;
    // Dropped whenever m_nodeInfos changes; a copy of the snapshot starts without.
    struct LazyNodeColumns
    {
        LazyNodeColumns() = default;
        LazyNodeColumns(const LazyNodeColumns&) {}
        LazyNodeColumns(LazyNodeColumns&&) noexcept = default;
        LazyNodeColumns& operator=(const LazyNodeColumns&)
        {
            columns.reset();
            return *this;
        }
        LazyNodeColumns& operator=(LazyNodeColumns&&) noexcept = default;
        ~LazyNodeColumns() = default;
        std::unique_ptr<NodeColumns> columns;
    };
    mutable LazyNodeColumns m_nodeColumns;
};

// The informer listers plugins read besides the node snapshot: namespaces, workload selectors,
// storage and disruption budgets. Lookups by name are hashed once per cluster change.
class ClusterLister
{
public:
    ClusterLister() = default;
    explicit ClusterLister(std::shared_ptr<const ClusterState> cluster);

    const ClusterState& cluster() const { return *m_cluster; }
    // Labels of a namespace; a namespace the scenario does not define has none.
    Labels namespaceLabels(const QString& name) const { return m_namespaceLabels.value(name); }
    const PersistentVolumeClaim* persistentVolumeClaim(const QString& namespace_, const QString& name) const;
    const PersistentVolume* persistentVolume(const QString& name) const;
    const StorageClass* storageClass(const QString& name) const;
    const CSINode* csiNode(const QString& name) const;
    // The Coscheduling plugin's PodGroup informer (its controller-runtime client's cache).
    const PodGroup* podGroup(const QString& namespace_, const QString& name) const;

private:
    std::shared_ptr<const ClusterState> m_cluster = std::make_shared<const ClusterState>();
    QHash<QString, Labels> m_namespaceLabels;
    QHash<QString, qsizetype> m_pvcs;
    QHash<QString, qsizetype> m_pvs;
    QHash<QString, qsizetype> m_storageClasses;
    QHash<QString, qsizetype> m_csiNodes;
    QHash<QString, qsizetype> m_podGroups;
};

} // namespace ksv::framework
