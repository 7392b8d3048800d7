#include "noderesourcesfit.h"

#include "api/resources.h"

namespace ksv::plugins {

using framework::Code;
using framework::Status;

namespace {

// nodeResourceStrategyTypeMap: the scorer of each strategy. All of them score with the non-zero
// requests (useRequested = false).
ResourceAllocationScorer makeScorer(const config::ScoringStrategy& strategy)
{
    switch (strategy.type) {
    case config::ScoringStrategyType::LeastAllocated:
        return ResourceAllocationScorer(false, strategy.resources, leastResourceScorer(strategy.resources));
    case config::ScoringStrategyType::MostAllocated:
        return ResourceAllocationScorer(false, strategy.resources, mostResourceScorer(strategy.resources));
    case config::ScoringStrategyType::RequestedToCapacityRatio:
        break;
    }
    // Validation insists on a shape for this strategy; without one every utilization scores 0.
    const QList<config::UtilizationShapePoint> shape =
        strategy.requestedToCapacityRatio ? strategy.requestedToCapacityRatio->shape : QList<config::UtilizationShapePoint> {};
    return ResourceAllocationScorer(false, strategy.resources, requestedToCapacityRatioScorer(strategy.resources, shape));
}

const QString reasonTooManyPods = QStringLiteral("Too many pods");
const QString reasonInsufficientCpu = QStringLiteral("Insufficient cpu");
const QString reasonInsufficientMemory = QStringLiteral("Insufficient memory");
const QString reasonInsufficientEphemeralStorage = QStringLiteral("Insufficient ephemeral-storage");

} // namespace

NodeResourcesFit::NodeResourcesFit(const config::NodeResourcesFitArgs& args, framework::Handle& /*handle*/)
    : m_ignoredResources(args.ignoredResources.cbegin(), args.ignoredResources.cend())
    , m_ignoredResourceGroups(args.ignoredResourceGroups.cbegin(), args.ignoredResourceGroups.cend())
    , m_resourceAllocationScorer(makeScorer(args.scoringStrategy))
{
}

NodeResourcesFit::PreFilterState NodeResourcesFit::computePodResourceRequest(const Pod& pod) const
{
    // PodRequests without the non-zero defaults, as SetMaxResource keeps it: the pod has not been
    // scheduled yet, so no status resources either.
    PreFilterState state;
    state.request = framework::Resource::fromResourceList(podRequests(pod));
    state.request.allowedPodNumber = 0; // SetMaxResource ignores "pods"
    for (auto it = state.request.scalarResources.cbegin(); it != state.request.scalarResources.cend(); ++it) {
        const QString& name = it.key();
        // fitsRequest: skip a zero request, and an ignored extended resource (by name, or by the
        // group before its '/'; kubernetes.io and hugepages resources cannot be ignored).
        if (it.value() == 0)
            continue;
        if (isExtendedResourceName(name)) {
            if (m_ignoredResources.contains(name))
                continue;
            if (!m_ignoredResourceGroups.isEmpty() && m_ignoredResourceGroups.contains(name.section(QLatin1Char('/'), 0, 0)))
                continue;
        }
        state.scalarsToCheck.append({name, it.value(), QStringLiteral("Insufficient ") + name});
    }
    return state;
}

framework::PreFilterOutcome NodeResourcesFit::preFilter(framework::CycleState& state, const Pod& pod,
                                                        const QList<framework::NodeInfoPtr>& /*nodes*/)
{
    // v1.32 neither skips nor restricts nodes: even a pod requesting nothing must pass the pod count.
    // The SidecarContainers gate is on (beta) in v1.32, so sidecars are not rejected here.
    state.write(preFilterStateKey, std::make_unique<PreFilterState>(computePodResourceRequest(pod)));
    return {};
}

QList<NodeResourcesFit::InsufficientResource> NodeResourcesFit::fitsRequest(const PreFilterState& podRequest,
                                                                            const framework::NodeInfo& nodeInfo)
{
    QList<InsufficientResource> insufficientResources;
    const framework::Resource& allocatable = nodeInfo.allocatable();
    const framework::Resource& requested = nodeInfo.requested();
    const framework::Resource& request = podRequest.request;

    const qint64 podCount = nodeInfo.pods().size();
    if (podCount + 1 > allocatable.allowedPodNumber)
        insufficientResources.append({ResourceName::pods, reasonTooManyPods, 1, podCount, allocatable.allowedPodNumber});

    if (request.milliCPU == 0 && request.memory == 0 && request.ephemeralStorage == 0 && request.scalarResources.isEmpty())
        return insufficientResources;

    if (request.milliCPU > 0 && request.milliCPU > allocatable.milliCPU - requested.milliCPU) {
        insufficientResources.append(
            {ResourceName::cpu, reasonInsufficientCpu, request.milliCPU, requested.milliCPU, allocatable.milliCPU});
    }
    if (request.memory > 0 && request.memory > allocatable.memory - requested.memory) {
        insufficientResources.append(
            {ResourceName::memory, reasonInsufficientMemory, request.memory, requested.memory, allocatable.memory});
    }
    if (request.ephemeralStorage > 0 && request.ephemeralStorage > allocatable.ephemeralStorage - requested.ephemeralStorage) {
        insufficientResources.append({ResourceName::ephemeralStorage, reasonInsufficientEphemeralStorage,
                                      request.ephemeralStorage, requested.ephemeralStorage, allocatable.ephemeralStorage});
    }
    for (const ScalarRequest& scalar : podRequest.scalarsToCheck) {
        const qint64 nodeAllocatable = allocatable.scalar(scalar.name);
        const qint64 nodeRequested = requested.scalar(scalar.name);
        if (scalar.quantity > nodeAllocatable - nodeRequested)
            insufficientResources.append({scalar.name, scalar.reason, scalar.quantity, nodeRequested, nodeAllocatable});
    }
    return insufficientResources;
}

Status NodeResourcesFit::filter(framework::CycleState& state, const Pod& /*pod*/, const framework::NodeInfo& nodeInfo)
{
    const auto* s = state.read<PreFilterState>(preFilterStateKey);
    if (!s) {
        return Status::error(QStringLiteral("error reading \"") + preFilterStateKey
                             + QStringLiteral("\" from cycleState: not found"));
    }
    const QList<InsufficientResource> insufficientResources = fitsRequest(*s, nodeInfo);
    if (insufficientResources.isEmpty())
        return {};
    // Every reason is kept, in order.
    QStringList failureReasons;
    failureReasons.reserve(insufficientResources.size());
    for (const auto& insufficient : insufficientResources)
        failureReasons.append(insufficient.reason);
    return Status(Code::Unschedulable, std::move(failureReasons));
}

Status NodeResourcesFit::preScore(framework::CycleState& state, const Pod& pod, const QList<framework::NodeInfoPtr>& /*nodes*/)
{
    auto s = std::make_unique<PodResourceRequestsState>();
    s->podRequests = m_resourceAllocationScorer.calculatePodResourceRequestList(pod);
    state.write(preScoreStateKey, std::move(s));
    return {};
}

framework::ScoreOutcome NodeResourcesFit::score(framework::CycleState& state, const Pod& pod, const framework::NodeInfo& nodeInfo)
{
    // Without PreScore state (PreScore not run), the requests are computed here, as upstream does.
    if (const auto* s = state.read<PodResourceRequestsState>(preScoreStateKey))
        return m_resourceAllocationScorer.score(nodeInfo, s->podRequests);
    return m_resourceAllocationScorer.score(nodeInfo, m_resourceAllocationScorer.calculatePodResourceRequestList(pod));
}

} // namespace ksv::plugins
