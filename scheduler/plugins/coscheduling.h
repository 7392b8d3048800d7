#pragma once

// Coscheduling (kubernetes-sigs/scheduler-plugins pkg/coscheduling/coscheduling.go, release v0.32 for
// Kubernetes 1.32): gang scheduling with the PodGroup CRD. Pods labelled
// scheduling.x-k8s.io/pod-group=<group> wait at Permit until minMember of their group have a node,
// then go to binding together; if the group cannot get there in time, all of them are rejected.
// Out-of-tree: registered, but in no default profile.

#include "config/args.h"
#include "framework/events.h"
#include "framework/interface.h"
#include "podgroupmanager.h"

namespace ksv::plugins {

class Coscheduling final : public framework::Plugin,
                           public framework::QueueSortPlugin,
                           public framework::PreFilterPlugin,
                           public framework::PostFilterPlugin,
                           public framework::PermitPlugin,
                           public framework::ReservePlugin,
                           public framework::EnqueueExtensions
{
public:
    static inline const QString Name = QStringLiteral("Coscheduling");

    Coscheduling(const config::CoschedulingArgs& args, framework::Handle& handle);

    QString name() const override { return Name; }

    QList<framework::ClusterEventWithHint> eventsToRegister() const override;
    bool less(const framework::QueuedPodSortKey& a, const framework::QueuedPodSortKey& b) const override;
    framework::PreFilterOutcome preFilter(
        framework::CycleState& state, const Pod& pod, const QList<framework::NodeInfoPtr>& nodes) override;
    framework::PostFilterOutcome postFilter(
        framework::CycleState& state, const Pod& pod, const framework::NodeToStatus& filteredNodeStatuses) override;
    framework::PermitOutcome permit(framework::CycleState& state, const Pod& pod, const QString& nodeName) override;
    framework::Status reserve(framework::CycleState& state, const Pod& pod, const QString& nodeName) override;
    void unreserve(framework::CycleState& state, const Pod& pod, const QString& nodeName) override;

    PodGroupManager& podGroupManager() { return m_pgMgr; }

private:
    framework::Handle& m_handle;
    qint64 m_scheduleTimeout; // permitWaitingTimeSeconds, in nanoseconds
    std::optional<qint64> m_pgBackoff; // podGroupBackoffSeconds when positive, in nanoseconds
    PodGroupManager m_pgMgr;
};

} // namespace ksv::plugins
