#include "noderesourcesbalancedallocation.h"

#include <algorithm>

namespace ksv::plugins {

namespace {

qint64 balanceScorer(std::span<const qint64> requested, std::span<const qint64> /*allocated*/, std::span<const qint64> allocatable)
{
    return balancedResourceScorer(requested, allocatable);
}

} // namespace

// NewBalancedAllocation: the plain requests (useRequested), so a container without requests adds
// nothing; the weights are not used by balancedResourceScorer. From v1.36 it scores the change in
// balance the pod makes rather than the balance it leaves.
NodeResourcesBalancedAllocation::NodeResourcesBalancedAllocation(const config::NodeResourcesBalancedAllocationArgs& args,
                                                                 framework::Handle& /*handle*/, const version::Features& features)
    : m_resourceAllocationScorer(true, args.resources,
                                 features.version >= version::v1_36 ? ResourceScorer(balancedResourceChangeScorer) : ResourceScorer(balanceScorer))
    , m_skipBestEffort(features.version >= version::v1_33)
{
}

// isBestEffortPod: the pod requests none of the configured resources (plain requests, so no
// 100m / 200Mi defaults).
bool NodeResourcesBalancedAllocation::isBestEffortPod(const QList<qint64>& podRequests) const
{
    return std::all_of(podRequests.begin(), podRequests.end(), [](qint64 request) { return request == 0; });
}

framework::Status NodeResourcesBalancedAllocation::preScore(framework::CycleState& state, const Pod& pod,
                                                            const QList<framework::NodeInfoPtr>& /*nodes*/)
{
    // v1.32 scores best-effort pods too (an empty pod on an empty node gets 100). From v1.33 they are
    // Skipped, so that they do not all pile onto the emptiest nodes (kubernetes#129138).
    auto s = std::make_unique<PodResourceRequestsState>();
    s->podRequests = m_resourceAllocationScorer.calculatePodResourceRequestList(pod);
    if (m_skipBestEffort && isBestEffortPod(s->podRequests))
        return framework::Status(framework::Code::Skip);
    state.write(preScoreStateKey, std::move(s));
    return {};
}

framework::ScoreOutcome NodeResourcesBalancedAllocation::score(framework::CycleState& state, const Pod& pod,
                                                               const framework::NodeInfo& nodeInfo)
{
    // Without PreScore state the requests are computed here, as upstream does.
    if (const auto* s = state.read<PodResourceRequestsState>(preScoreStateKey))
        return m_resourceAllocationScorer.score(nodeInfo, s->podRequests);
    const QList<qint64> podRequests = m_resourceAllocationScorer.calculatePodResourceRequestList(pod);
    if (m_skipBestEffort && isBestEffortPod(podRequests))
        return {0, {}};
    return m_resourceAllocationScorer.score(nodeInfo, podRequests);
}

} // namespace ksv::plugins
