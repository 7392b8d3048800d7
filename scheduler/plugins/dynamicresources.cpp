#include "dynamicresources.h"

namespace ksv::plugins {

namespace {

const QString stateKey = QStringLiteral("DynamicResources");

// stateData: the pod's claims, none here. Its presence says PreFilter ran.
struct DynamicResourcesState : public framework::StateData
{
    std::unique_ptr<framework::StateData> clone() const override { return std::make_unique<DynamicResourcesState>(*this); }
};

} // namespace

DynamicResources::DynamicResources(framework::Handle& /*handle*/, const version::Features& features)
    : m_enabled(features.enableDynamicResourceAllocation)
    , m_postFilterSilent(features.version == version::v1_33)
    , m_nodeAllocatableEvent(features.version >= version::v1_34)
{
}

std::unique_ptr<framework::Plugin> DynamicResources::create(framework::Handle& handle, const version::Features& features)
{
    if (features.version >= version::v1_35)
        return std::make_unique<DynamicResourcesWithScore>(handle, features);
    return std::make_unique<DynamicResources>(handle, features);
}

// PreEnqueue waits for a pod's claims to exist; a pod without claims has none to wait for.
framework::Status DynamicResources::preEnqueue(const Pod& /*pod*/)
{
    return {};
}

framework::PreFilterOutcome DynamicResources::preFilter(framework::CycleState& state, const Pod& /*pod*/,
                                                        const QList<framework::NodeInfoPtr>& /*nodes*/)
{
    // Enabled, it first records an empty state (the pod has no claims), then Skips, so Filter is not
    // run for it; disabled, it Skips without a state.
    if (m_enabled)
        state.write(stateKey, std::make_unique<DynamicResourcesState>());
    return {{}, framework::Status(framework::Code::Skip)};
}

framework::PostFilterOutcome DynamicResources::postFilter(framework::CycleState& state, const Pod& /*pod*/,
                                                          const framework::NodeToStatus& /*filteredNodeStatuses*/)
{
    if (!m_enabled)
        return {std::nullopt, framework::Status(framework::Code::Unschedulable, {QStringLiteral("plugin disabled")}), {}};
    // v1.33 answers pods without claims before reading its state (#129823).
    if (m_postFilterSilent)
        return {std::nullopt, framework::Status(framework::Code::Unschedulable), {}};
    // v1.32 and v1.34 on read the state first. It is missing when an earlier PreFilter rejected the
    // pod (VolumeBinding's unbound immediate claims, say): CycleState.Read's error then ends
    // PostFilter with an Error, before DefaultPreemption runs, and the message ends in "not found".
    if (!state.read<DynamicResourcesState>(stateKey))
        return {std::nullopt, framework::Status(framework::Code::Error, {QStringLiteral("not found")}), {}};
    return {std::nullopt, framework::Status(framework::Code::Unschedulable, {QStringLiteral("no new claims to deallocate")}), {}};
}

// Without claims every node scores 0, and NormalizeScore leaves all-zero scores as they are.
framework::ScoreOutcome DynamicResourcesWithScore::score(framework::CycleState& /*state*/, const Pod& /*pod*/, const framework::NodeInfo& /*nodeInfo*/)
{
    return {0, {}};
}

framework::Status DynamicResourcesWithScore::normalizeScore(framework::CycleState& /*state*/, const Pod& /*pod*/, QList<framework::NodeScore>& /*scores*/)
{
    return {};
}

QList<framework::ClusterEventWithHint> DynamicResources::eventsToRegister() const
{
    using namespace framework;
    if (!m_enabled)
        return {};
    // Its other events are of kinds kschedviz does not load yet (ResourceClaim, ResourceSlice,
    // DeviceClass) and a pod's generated claims, so none of them can happen here. Node events come
    // without a hint: a pod this plugin rejected is queued by any of them.
    const ActionType nodeActions = action::Add | action::UpdateNodeLabel | (m_nodeAllocatableEvent ? action::UpdateNodeAllocatable : 0);
    return {{clusterEvent(EventResource::Node, nodeActions), nullptr}};
}

} // namespace ksv::plugins
