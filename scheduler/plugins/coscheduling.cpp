#include "coscheduling.h"

namespace ksv::plugins {

namespace {

// util.DefaultWaitTime.
constexpr qint64 defaultWaitTime = 60 * nanosPerSecond;

// util.GetWaitTimeDuration: the group's scheduleTimeoutSeconds if set (even 0), else the plugin's
// permitWaitingTimeSeconds if not 0, else 60s.
qint64 waitTimeDuration(const PodGroup* group, qint64 scheduleTimeout)
{
    if (group && group->scheduleTimeoutSeconds)
        return *group->scheduleTimeoutSeconds * nanosPerSecond;
    if (scheduleTimeout != 0)
        return scheduleTimeout;
    return defaultWaitTime;
}

} // namespace

// New: validation refuses a negative podGroupBackoffSeconds; 0 means no backoff.
Coscheduling::Coscheduling(const config::CoschedulingArgs& args, framework::Handle& handle)
    : m_handle(handle)
    , m_scheduleTimeout(args.permitWaitingTimeSeconds * nanosPerSecond)
    , m_pgBackoff(args.podGroupBackoffSeconds > 0 ? std::optional<qint64>(args.podGroupBackoffSeconds * nanosPerSecond)
                                                  : std::nullopt)
    , m_pgMgr(handle, m_scheduleTimeout)
{
}

// EventsToRegister: a new pod may complete a group that PreFilter found too small; a PodGroup created
// or changed (minMember lowered) may make its pods schedulable. No hints: every such event requeues.
QList<framework::ClusterEventWithHint> Coscheduling::eventsToRegister() const
{
    using namespace framework;
    return {
        ClusterEventWithHint { ClusterEvent { EventResource::Pod, action::Add, QStringLiteral("PodAdd") }, {} },
        ClusterEventWithHint { ClusterEvent { EventResource::PodGroup, action::Add | action::Update,
                                   QStringLiteral("podgroups.v1alpha1.scheduling.x-k8s.io") },
            {} },
    };
}

// Less: priority, then the creation time of the pods' groups (a pod without a group uses its own
// queue timestamp), then "namespace/name". Sorting by group creation keeps a group's pods together
// in the active queue, so that they reach Permit back to back.
bool Coscheduling::less(const framework::QueuedPodSortKey& a, const framework::QueuedPodSortKey& b) const
{
    const int p1 = a.pod->effectivePriority();
    const int p2 = b.pod->effectivePriority();
    if (p1 != p2)
        return p1 > p2;
    const qint64 t1 = m_pgMgr.creationTimestamp(*a.pod, a.timestamp);
    const qint64 t2 = m_pgMgr.creationTimestamp(*b.pod, b.timestamp);
    if (t1 == t2)
        return a.pod->key() < b.pod->key();
    return t1 < t2;
}

// PreFilter: a group that failed recently, or that has fewer pods than minMember, or whose
// minResources the cluster cannot hold, is UnschedulableAndUnresolvable, so that no preemption is
// tried for it.
framework::PreFilterOutcome Coscheduling::preFilter(
    framework::CycleState& /*state*/, const Pod& pod, const QList<framework::NodeInfoPtr>& /*nodes*/)
{
    const QString error = m_pgMgr.preFilter(pod);
    if (!error.isEmpty())
        return { framework::PreFilterResult {},
            framework::Status(framework::Code::UnschedulableAndUnresolvable, error) };
    return { framework::PreFilterResult {}, framework::Status() };
}

// PostFilter: once one pod of a group failed Filter, its siblings waiting at Permit are likely to be
// stuck too; reject them now rather than hold their nodes until the timeout (unless the group is
// already complete or only 10% short of minMember).
framework::PostFilterOutcome Coscheduling::postFilter(
    framework::CycleState& /*state*/, const Pod& pod, const framework::NodeToStatus& /*filteredNodeStatuses*/)
{
    using framework::Code;
    using framework::Status;
    const auto [pgName, group] = m_pgMgr.podGroup(pod);
    if (!group)
        return { std::nullopt, Status(Code::Unschedulable, QStringLiteral("can not find pod group")), {} };

    const int assigned = m_pgMgr.calculateAssignedPods(group->meta.name, pod.meta.namespace_);
    if (assigned >= group->minMember)
        return { std::nullopt, Status(Code::Unschedulable), {} };

    // float32 as upstream computes it, so that the 10% boundary falls the same way.
    const float notAssignedPercentage
        = static_cast<float>(group->minMember - assigned) / static_cast<float>(group->minMember);
    if (notAssignedPercentage <= 0.1f)
        return { std::nullopt, Status(Code::Unschedulable), {} };

    const QString groupName = group->meta.name;
    m_handle.waitingPods().iterate([&](framework::WaitingPod& waitingPod) {
        if (waitingPod.pod().meta.namespace_ == pod.meta.namespace_ && podGroupLabelOf(waitingPod.pod()) == groupName)
            waitingPod.reject(Name, QStringLiteral("optimistic rejection in PostFilter"));
    });

    if (m_pgBackoff) {
        const qsizetype pods = m_pgMgr.podsOfGroup(pod.meta.namespace_, podGroupLabelOf(pod)).size();
        if (pods >= group->minMember)
            m_pgMgr.backoffPodGroup(pgName, *m_pgBackoff);
    }

    m_pgMgr.deletePermittedPodGroup(pgName);
    return { std::nullopt,
        Status(Code::Unschedulable,
            QStringLiteral("PodGroup ") + pgName + QStringLiteral(" gets rejected due to Pod ") + pod.meta.name
                + QStringLiteral(" is unschedulable even after PostFilter")),
        {} };
}

// Permit: wait until minMember pods of the group have a node; the pod that completes the group
// allows every sibling waiting for this plugin.
framework::PermitOutcome Coscheduling::permit(framework::CycleState& state, const Pod& pod, const QString& /*nodeName*/)
{
    using framework::Code;
    using framework::Status;
    qint64 waitTime = m_scheduleTimeout;
    switch (m_pgMgr.permit(state, pod)) {
    case PodGroupManager::PermitStatus::PodGroupNotSpecified:
        return { Status(), 0 };
    case PodGroupManager::PermitStatus::PodGroupNotFound:
        return { Status(Code::Unschedulable, QStringLiteral("PodGroup not found")), 0 };
    case PodGroupManager::PermitStatus::Wait: {
        const auto [pgName, group] = m_pgMgr.podGroup(pod);
        if (const qint64 wait = waitTimeDuration(group, m_scheduleTimeout); wait != 0)
            waitTime = wait;
        // Move the siblings back to the active queue: they may have been parked by an earlier PreFilter.
        m_pgMgr.activateSiblings(pod, state);
        return { Status(Code::Wait), waitTime };
    }
    case PodGroupManager::PermitStatus::Success: {
        const QString fullName = podGroupFullName(pod);
        m_handle.waitingPods().iterate([&](framework::WaitingPod& waitingPod) {
            if (podGroupFullName(waitingPod.pod()) == fullName)
                waitingPod.allow(Name);
        });
        return { Status(), 0 };
    }
    }
    Q_UNREACHABLE();
    return {};
}

// Reserve does nothing; the plugin is a ReservePlugin for Unreserve.
framework::Status Coscheduling::reserve(
    framework::CycleState& /*state*/, const Pod& /*pod*/, const QString& /*nodeName*/)
{
    return {};
}

// Unreserve: one pod of the group was rejected or timed out at Permit (or failed later), so the group
// cannot be complete; reject the siblings still waiting.
void Coscheduling::unreserve(framework::CycleState& /*state*/, const Pod& pod, const QString& /*nodeName*/)
{
    const auto [pgName, group] = m_pgMgr.podGroup(pod);
    if (!group)
        return;
    const QString groupName = group->meta.name;
    m_handle.waitingPods().iterate([&](framework::WaitingPod& waitingPod) {
        if (waitingPod.pod().meta.namespace_ == pod.meta.namespace_ && podGroupLabelOf(waitingPod.pod()) == groupName)
            waitingPod.reject(Name, QStringLiteral("rejection in Unreserve"));
    });
    m_pgMgr.deletePermittedPodGroup(pgName);
}

} // namespace ksv::plugins
