#pragma once

// DynamicResources (pkg/scheduler/framework/plugins/dynamicresources/dynamicresources.go) for pods
// without resource claims, which is every pod kschedviz runs until Dynamic Resource Allocation is
// modelled: the loader refuses a pod with spec.resourceClaims. The plugin is in the default profile
// from v1.34 (DynamicResourceAllocation GA), and what it says there reaches FailedScheduling
// messages, so its PostFilter answers as each version's does. docs/versions.md gives the sources.

#include "framework/events.h"
#include "framework/interface.h"
#include "version/features.h"

namespace ksv::plugins {

class DynamicResources : public framework::Plugin,
                         public framework::PreEnqueuePlugin,
                         public framework::PreFilterPlugin,
                         public framework::PostFilterPlugin,
                         public framework::EnqueueExtensions
{
public:
    static inline const QString Name = QStringLiteral("DynamicResources");

    explicit DynamicResources(framework::Handle& handle, const version::Features& features = {});

    QString name() const override { return Name; }

    framework::Status preEnqueue(const Pod& pod) override;
    framework::PreFilterOutcome preFilter(framework::CycleState& state, const Pod& pod, const QList<framework::NodeInfoPtr>& nodes) override;
    framework::PostFilterOutcome postFilter(framework::CycleState& state, const Pod& pod,
                                            const framework::NodeToStatus& filteredNodeStatuses) override;
    QList<framework::ClusterEventWithHint> eventsToRegister() const override;

    // The plugin as `features`' version builds it: with Score from v1.35.
    static std::unique_ptr<framework::Plugin> create(framework::Handle& handle, const version::Features& features);

private:
    bool m_enabled;              // DynamicResourceAllocation: off, the plugin does nothing
    bool m_postFilterSilent;     // v1.33's fast path for pods without claims: no reason at all
    bool m_nodeAllocatableEvent; // v1.34 registers UpdateNodeAllocatable too
};

// v1.35 added Score (prioritized-list scoring), so from then on DynamicResources is a score plugin
// with weight 2 in the default profile: a type of its own, because a plugin's extension points are
// what it implements.
class DynamicResourcesWithScore final : public DynamicResources, public framework::ScorePlugin, public framework::ScoreExtensions
{
public:
    using DynamicResources::DynamicResources;
    framework::ScoreOutcome score(framework::CycleState& state, const Pod& pod, const framework::NodeInfo& nodeInfo) override;
    framework::ScoreExtensions* scoreExtensions() override { return this; }
    framework::Status normalizeScore(framework::CycleState& state, const Pod& pod, QList<framework::NodeScore>& scores) override;
};

} // namespace ksv::plugins
