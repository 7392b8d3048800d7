#pragma once

// internal/cache: the scheduler's picture of the cluster. Nodes are listed in the node tree's
// order (zones round-robin, as internal/cache/node_tree.go), pods are placed on their nodes, and
// assumed pods count as bound until their binding finishes or is forgotten.

#include "framework/snapshot.h"

namespace ksv {

class SchedulerCache
{
public:
    explicit SchedulerCache(const ClusterState& cluster);

    // The snapshot plugins read. It is updated in place: the simulation runs one cycle at a time.
    const std::shared_ptr<framework::Snapshot>& snapshot() const { return m_snapshot; }
    const std::shared_ptr<const framework::ClusterLister>& lister() const { return m_lister; }
    // Pods the cache knows, by UID (bound, assumed or pending), in a deterministic order.
    const QMap<QString, Pod>& pods() const { return m_pods; }
    const Pod* pod(const QString& uid) const;
    const QList<Node>& nodes() const { return m_nodes; }

    void addNode(const Node& node);
    void updateNode(const Node& node);
    void removeNode(const QString& name);

    // A pod with spec.nodeName that the cache should count on its node (informer add, or assume).
    void addPod(const Pod& pod);
    void removePod(const Pod& pod);
    // The other objects plugins read (namespaces, PVCs, services, ...).
    void setObject(const KubeObject& object);
    void removeObject(const KubeObject& object);

    // node_tree.go: zone key "region:\0:zone" from the topology labels.
    static QString zoneKey(const Node& node);

private:
    void rebuildOrder();
    void refreshImageStates();
    void relist();

    QList<Node> m_nodes;
    QMap<QString, Pod> m_pods;                   // by UID: QMap, because QHash iteration order varies per process
    QHash<QString, framework::NodeInfoPtr> m_nodeInfos;
    ClusterState m_objects;                      // everything but nodes and pods, for the lister
    std::shared_ptr<framework::Snapshot> m_snapshot;
    std::shared_ptr<const framework::ClusterLister> m_lister;
    QStringList m_zones;                    // in order of first appearance
    QHash<QString, QStringList> m_zoneNodes; // zone → node names in insertion order
};

} // namespace ksv
