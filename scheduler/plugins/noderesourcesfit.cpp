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

namespace {

// computePodResourceRequest with the given resources ignored (Fits ignores none).
NodeResourcesFit::PreFilterState computeRequest(const Pod& pod, const QSet<QString>& ignoredResources,
                                                const QSet<QString>& ignoredResourceGroups)
{
    // PodRequests without the non-zero defaults, as SetMaxResource keeps it: the pod has not been
    // scheduled yet, so no status resources either.
    NodeResourcesFit::PreFilterState state;
    state.request = framework::Resource::fromResourceList(podRequests(pod));
    state.request.allowedPodNumber = 0; // SetMaxResource ignores "pods"
    for (auto it = state.request.scalarResources.cbegin(); it != state.request.scalarResources.cend(); ++it) {
        const QString& name = it.key();
        // fitsRequest: skip a zero request, and an ignored extended resource (by name, or by the
        // group before its '/'; kubernetes.io and hugepages resources cannot be ignored).
        if (it.value() == 0)
            continue;
        if (isExtendedResourceName(name)) {
            if (ignoredResources.contains(name))
                continue;
            if (!ignoredResourceGroups.isEmpty() && ignoredResourceGroups.contains(name.section(QLatin1Char('/'), 0, 0)))
                continue;
        }
        state.scalarsToCheck.append({name, it.value(), QStringLiteral("Insufficient ") + name});
    }
    return state;
}

} // namespace

NodeResourcesFit::PreFilterState NodeResourcesFit::computePodResourceRequest(const Pod& pod) const
{
    return computeRequest(pod, m_ignoredResources, m_ignoredResourceGroups);
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

// ---- QueueingHints (fit.go v1.32: EventsToRegister with hints on, isSchedulableAfterPodEvent,
// isSchedulableAfterPodScaleDown, isSchedulableAfterNodeChange, haveAnyRequestedResourcesIncreased,
// isFit) ----------------------------------------------------------------------------------------------

QList<framework::ClusterEventWithHint> NodeResourcesFit::eventsToRegister() const
{
    using namespace framework;
    // A pod update can free resources only with in-place resizing (UpdatePodScaleDown).
    ActionType podActionType = action::Delete;
    if (m_enableInPlacePodVerticalScaling)
        podActionType |= action::UpdatePodScaleDown;
    return {
        {clusterEvent(EventResource::Pod, podActionType),
         [this](const Pod& pod, const KubeObject* oldObj, const KubeObject* newObj) {
             return isSchedulableAfterPodEvent(pod, oldObj, newObj);
         }},
        {clusterEvent(EventResource::Node, action::Add | action::UpdateNodeAllocatable), &NodeResourcesFit::isSchedulableAfterNodeChange},
    };
}

framework::QueueingHint NodeResourcesFit::isSchedulableAfterPodEvent(const Pod& pod, const KubeObject* oldObj,
                                                                    const KubeObject* newObj) const
{
    using framework::QueueingHint;
    const Pod* originalPod = nullptr;
    const Pod* modifiedPod = nullptr;
    if (!framework::as(oldObj, newObj, originalPod, modifiedPod) || (!originalPod && !modifiedPod))
        return QueueingHint::Queue;
    if (!modifiedPod) {
        // Deleting an unscheduled pod frees nothing; any scheduled pod's deletion may.
        return originalPod->nodeName.isEmpty() ? QueueingHint::QueueSkip : QueueingHint::Queue;
    }
    if (!m_enableInPlacePodVerticalScaling || !originalPod)
        return QueueingHint::QueueSkip;
    return isSchedulableAfterPodScaleDown(pod, *originalPod, *modifiedPod) ? QueueingHint::Queue : QueueingHint::QueueSkip;
}

bool NodeResourcesFit::isSchedulableAfterPodScaleDown(const Pod& targetPod, const Pod& originalPod, const Pod& modifiedPod) const
{
    if (modifiedPod.meta.uid == targetPod.meta.uid)
        return true;
    if (modifiedPod.nodeName.isEmpty())
        return false;
    // SetMaxResource of both versions' requests, compared on the resources the target pod requests.
    const framework::Resource originalMax = framework::Resource::fromResourceList(podRequests(originalPod));
    const framework::Resource modifiedMax = framework::Resource::fromResourceList(podRequests(modifiedPod));
    const ResourceList targetRequests = podRequests(targetPod);
    for (auto it = targetRequests.cbegin(); it != targetRequests.cend(); ++it) {
        if (it->isZero())
            continue;
        const QString& name = it.key();
        if (name == ResourceName::cpu) {
            if (originalMax.milliCPU > modifiedMax.milliCPU)
                return true;
        } else if (name == ResourceName::memory) {
            if (originalMax.memory > modifiedMax.memory)
                return true;
        } else if (name == ResourceName::ephemeralStorage) {
            if (originalMax.ephemeralStorage > modifiedMax.ephemeralStorage)
                return true;
        } else if (isScalarResourceName(name) && originalMax.scalar(name) > modifiedMax.scalar(name)) {
            return true;
        }
    }
    return false;
}

framework::QueueingHint NodeResourcesFit::isSchedulableAfterNodeChange(const Pod& pod, const KubeObject* oldObj,
                                                                      const KubeObject* newObj)
{
    using framework::QueueingHint;
    const Node* originalNode = nullptr;
    const Node* modifiedNode = nullptr;
    if (!framework::as(oldObj, newObj, originalNode, modifiedNode))
        return QueueingHint::Queue;
    // The pod would not fit even the empty node: nothing to gain.
    if (!isFit(pod, modifiedNode))
        return QueueingHint::QueueSkip;
    if (!originalNode)
        return QueueingHint::Queue;
    // It fits, but if nothing it asks for grew, the update changes no earlier verdict.
    return haveAnyRequestedResourcesIncreased(pod, *originalNode, *modifiedNode) ? QueueingHint::Queue : QueueingHint::QueueSkip;
}

bool NodeResourcesFit::haveAnyRequestedResourcesIncreased(const Pod& pod, const Node& originalNode, const Node& modifiedNode)
{
    const framework::Resource podRequest = computeRequest(pod, {}, {}).request;
    const framework::NodeInfo originalNodeInfo(std::make_shared<const Node>(originalNode));
    const framework::NodeInfo modifiedNodeInfo(std::make_shared<const Node>(modifiedNode));
    const framework::Resource& original = originalNodeInfo.allocatable();
    const framework::Resource& modified = modifiedNodeInfo.allocatable();

    if (modified.allowedPodNumber > original.allowedPodNumber)
        return true;
    if (podRequest.milliCPU == 0 && podRequest.memory == 0 && podRequest.ephemeralStorage == 0 && podRequest.scalarResources.isEmpty())
        return false;
    if ((podRequest.milliCPU > 0 && modified.milliCPU > original.milliCPU)
        || (podRequest.memory > 0 && modified.memory > original.memory)
        || (podRequest.ephemeralStorage > 0 && modified.ephemeralStorage > original.ephemeralStorage))
        return true;
    for (auto it = podRequest.scalarResources.cbegin(); it != podRequest.scalarResources.cend(); ++it) {
        if (it.value() != 0 && modified.scalar(it.key()) > original.scalar(it.key()))
            return true;
    }
    return false;
}

bool NodeResourcesFit::isFit(const Pod& pod, const Node* node)
{
    if (!node)
        return false;
    const framework::NodeInfo nodeInfo(std::make_shared<const Node>(*node));
    return fitsRequest(computeRequest(pod, {}, {}), nodeInfo).isEmpty();
}

} // namespace ksv::plugins
