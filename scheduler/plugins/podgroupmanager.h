#pragma once

// Coscheduling's PodGroupManager (scheduler-plugins pkg/coscheduling/core/core.go, release v0.32): the
// PodGroup bookkeeping behind the plugin's extension points. Upstream keeps two go-cache caches with
// wall-clock expiry; here they expire on the framework's virtual clock (Handle::now()).

#include "framework/interface.h"

namespace ksv::plugins {

// util.GetPodGroupLabel: the group a pod names, or empty.
QString podGroupLabelOf(const Pod& pod);
// util.GetPodGroupFullName: "namespace/group", or empty for a pod without the label.
QString podGroupFullName(const Pod& pod);

// go-cache with per-item expiry as the manager uses it: Add keeps an unexpired item (and its
// expiry) unchanged, Get treats an item as gone once its expiry has passed.
class ExpiringSet
{
public:
    bool contains(const QString& key, qint64 now) const;
    void add(const QString& key, qint64 now, qint64 ttl);
    void remove(const QString& key) { m_expiry.remove(key); }

private:
    QHash<QString, qint64> m_expiry; // key → expiry in virtual nanoseconds; only looked up, never iterated
};

class PodGroupManager
{
public:
    // core.Status: what Permit makes of a pod.
    enum class PermitStatus : quint8 { PodGroupNotSpecified, PodGroupNotFound, Success, Wait };

    // scheduleTimeout: permitWaitingTimeSeconds in nanoseconds (also the permitted-group cache's TTL).
    PodGroupManager(framework::Handle& handle, qint64 scheduleTimeout);

    // PreFilter: an empty string when the pod may go on, else upstream's error text.
    QString preFilter(const Pod& pod);
    PermitStatus permit(framework::CycleState& state, const Pod& pod);
    // GetPodGroup: the group's full name (empty without the label) and the group, null when the pod
    // has no label or the group does not exist.
    std::pair<QString, const PodGroup*> podGroup(const Pod& pod) const;
    // GetCreationTimestamp: the group's creation time, else `timestamp` (virtual nanoseconds).
    qint64 creationTimestamp(const Pod& pod, qint64 timestamp) const;
    void deletePermittedPodGroup(const QString& fullName);
    // CalculateAssignedPods: pods of the group on a node in the snapshot (bound or assumed).
    int calculateAssignedPods(const QString& podGroupName, const QString& namespace_) const;
    void activateSiblings(const Pod& pod, framework::CycleState& state) const;
    void backoffPodGroup(const QString& fullName, qint64 backoff);
    // The pod informer's pods that carry the group's label, in the pod's namespace.
    QList<Pod> podsOfGroup(const QString& namespace_, const QString& podGroupName) const;

private:
    framework::Handle& m_handle;
    qint64 m_scheduleTimeout;
    ExpiringSet m_permittedPG; // groups that passed the minResources check recently
    ExpiringSet m_backedOffPG; // groups rejected in PostFilter recently (podGroupBackoffSeconds)
    // Creation times on the virtual clock, by full name: the first time the plugin saw the group.
    mutable QHash<QString, qint64> m_firstSeen;
};

// CheckClusterResource: empty when the nodes' free resources (not counting the group's own pods) add
// up to `request`, else "resource gap: ..." with what is missing.
QString checkClusterResource(
    const QList<framework::NodeInfoPtr>& nodes, ResourceList request, const QString& desiredPodGroupName);

} // namespace ksv::plugins
