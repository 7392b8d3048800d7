#include "noderesourcesbalancedallocation.h"

namespace ksv::plugins {

// NewBalancedAllocation: the plain requests (useRequested), so a container without requests adds
// nothing; the weights are not used by balancedResourceScorer.
NodeResourcesBalancedAllocation::NodeResourcesBalancedAllocation(const config::NodeResourcesBalancedAllocationArgs& args,
                                                                 framework::Handle& /*handle*/)
    : m_resourceAllocationScorer(true, args.resources, balancedResourceScorer)
{
}

framework::Status NodeResourcesBalancedAllocation::preScore(framework::CycleState& state, const Pod& pod,
                                                            const QList<framework::NodeInfoPtr>& /*nodes*/)
{
    // v1.32 scores best-effort pods too (an empty pod on an empty node gets 100); the Skip for pods
    // requesting nothing arrived in v1.33.
    auto s = std::make_unique<PodResourceRequestsState>();
    s->podRequests = m_resourceAllocationScorer.calculatePodResourceRequestList(pod);
    state.write(preScoreStateKey, std::move(s));
    return {};
}

framework::ScoreOutcome NodeResourcesBalancedAllocation::score(framework::CycleState& state, const Pod& pod,
                                                               const framework::NodeInfo& nodeInfo)
{
    // Without PreScore state the requests are computed here, as upstream does.
    if (const auto* s = state.read<PodResourceRequestsState>(preScoreStateKey))
        return m_resourceAllocationScorer.score(nodeInfo, s->podRequests);
    return m_resourceAllocationScorer.score(nodeInfo, m_resourceAllocationScorer.calculatePodResourceRequestList(pod));
}

} // namespace ksv::plugins
