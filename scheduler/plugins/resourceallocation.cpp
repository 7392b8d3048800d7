#include "resourceallocation.h"

#include "api/resources.h"

#include <QVarLengthArray>

#include <algorithm>
#include <cmath>

namespace ksv::plugins {

using framework::maxNodeScore;

namespace {

// Go's int64 multiplication wraps on overflow; C++'s is undefined. Only absurd quantities (exabytes
// times 100) get there, but the sanitizer build should not trip on a scenario that writes them.
qint64 mulWrapping(qint64 a, qint64 b)
{
    return static_cast<qint64>(static_cast<quint64>(a) * static_cast<quint64>(b));
}

// v1beta/v1 config.MaxCustomPriorityScore: the shape's scores are written on a 0-10 scale.
constexpr qint64 maxCustomPriorityScore = 10;
// requested_to_capacity_ratio.go maxUtilization.
constexpr qint64 maxUtilization = 100;

// leastRequestedScore.
qint64 leastRequestedScore(qint64 requested, qint64 capacity)
{
    if (capacity == 0 || requested > capacity)
        return 0;
    return mulWrapping(capacity - requested, maxNodeScore) / capacity;
}

// mostRequestedScore: requested may exceed capacity because pods without requests count with the
// non-zero defaults; it is clamped rather than scored 0.
qint64 mostRequestedScore(qint64 requested, qint64 capacity)
{
    if (capacity == 0)
        return 0;
    if (requested > capacity)
        requested = capacity;
    return mulWrapping(requested, maxNodeScore) / capacity;
}

// The weighted mean least_allocated.go and most_allocated.go both compute, truncated.
template<typename ResourceScore>
ResourceScorer weightedMeanScorer(const QList<config::ResourceSpec>& resources, ResourceScore resourceScore)
{
    QList<qint64> weights;
    weights.reserve(resources.size());
    for (const auto& resource : resources)
        weights.append(resource.weight);
    return [weights, resourceScore](std::span<const qint64> requested, std::span<const qint64> /*allocated*/, std::span<const qint64> allocatable) -> qint64 {
        qint64 nodeScore = 0;
        qint64 weightSum = 0;
        for (std::size_t i = 0; i < requested.size(); ++i) {
            if (allocatable[i] == 0)
                continue;
            const qint64 weight = weights[static_cast<qsizetype>(i)];
            nodeScore += resourceScore(requested[i], allocatable[i]) * weight;
            weightSum += weight;
        }
        return weightSum == 0 ? 0 : nodeScore / weightSum;
    };
}

} // namespace

qint64 brokenLinear(const FunctionShape& shape, qint64 p)
{
    // Validation requires at least one point; upstream would panic on an empty shape.
    if (shape.isEmpty())
        return 0;
    for (qsizetype i = 0; i < shape.size(); ++i) {
        if (p <= shape[i].utilization) {
            if (i == 0)
                return shape[0].score;
            const FunctionShapePoint& previous = shape[i - 1];
            return previous.score
                + mulWrapping(shape[i].score - previous.score, p - previous.utilization)
                / (shape[i].utilization - previous.utilization);
        }
    }
    return shape.last().score;
}

ResourceScorer leastResourceScorer(const QList<config::ResourceSpec>& resources)
{
    return weightedMeanScorer(resources, leastRequestedScore);
}

ResourceScorer mostResourceScorer(const QList<config::ResourceSpec>& resources)
{
    return weightedMeanScorer(resources, mostRequestedScore);
}

ResourceScorer requestedToCapacityRatioScorer(const QList<config::ResourceSpec>& resources,
                                              const QList<config::UtilizationShapePoint>& shape)
{
    FunctionShape scaled;
    scaled.reserve(shape.size());
    for (const auto& point : shape)
        scaled.append({point.utilization, point.score * (maxNodeScore / maxCustomPriorityScore)});
    QList<qint64> weights;
    weights.reserve(resources.size());
    for (const auto& resource : resources)
        weights.append(resource.weight);

    // buildRequestedToCapacityRatioScorerFunction.
    return [scaled, weights](std::span<const qint64> requested, std::span<const qint64> /*allocated*/, std::span<const qint64> allocatable) -> qint64 {
        const auto resourceScoringFunction = [&scaled](qint64 req, qint64 capacity) {
            if (capacity == 0 || req > capacity)
                return brokenLinear(scaled, maxUtilization);
            return brokenLinear(scaled, mulWrapping(req, maxUtilization) / capacity);
        };
        qint64 nodeScore = 0;
        qint64 weightSum = 0;
        for (std::size_t i = 0; i < requested.size(); ++i) {
            if (allocatable[i] == 0)
                continue;
            const qint64 weight = weights[static_cast<qsizetype>(i)];
            const qint64 resourceScore = resourceScoringFunction(requested[i], allocatable[i]);
            // A resource scoring 0 does not dilute the mean (upstream's `if resourceScore > 0`).
            if (resourceScore > 0) {
                nodeScore += resourceScore * weight;
                weightSum += weight;
            }
        }
        if (weightSum == 0)
            return 0;
        // math.Round: half away from zero, as std::round.
        return static_cast<qint64>(std::round(static_cast<double>(nodeScore) / static_cast<double>(weightSum)));
    };
}

qint64 balancedResourceScorer(std::span<const qint64> requested, std::span<const qint64> allocatable)
{
    // The same double operations in the same order as Go, so that truncation lands identically.
    QVarLengthArray<double, 8> fractions;
    double totalFraction = 0;
    for (std::size_t i = 0; i < requested.size(); ++i) {
        if (allocatable[i] == 0)
            continue;
        double fraction = static_cast<double>(requested[i]) / static_cast<double>(allocatable[i]);
        if (fraction > 1)
            fraction = 1;
        totalFraction += fraction;
        fractions.append(fraction);
    }

    double deviation = 0;
    if (fractions.size() == 2) {
        deviation = std::abs((fractions[0] - fractions[1]) / 2);
    } else if (fractions.size() > 2) {
        const double mean = totalFraction / static_cast<double>(fractions.size());
        double sum = 0;
        for (const double fraction : fractions)
            sum = sum + (fraction - mean) * (fraction - mean);
        deviation = std::sqrt(sum / static_cast<double>(fractions.size()));
    }
    return static_cast<qint64>((1 - deviation) * static_cast<double>(maxNodeScore));
}

qint64 balancedResourceChangeScorer(std::span<const qint64> requested, std::span<const qint64> allocated, std::span<const qint64> allocatable)
{
    // Both scores lie in [50, 100], so the sum in parentheses is never negative and Go's truncating
    // division is a floor.
    const qint64 scoreWithPod = balancedResourceScorer(requested, allocatable);
    const qint64 scoreWithoutPod = balancedResourceScorer(allocated, allocatable);
    return maxNodeScore / 2 + (maxNodeScore / 2 + scoreWithPod - scoreWithoutPod) / 2;
}

// ---- ResourceAllocationScorer ------------------------------------------------------------------

ResourceAllocationScorer::ResourceAllocationScorer(bool useRequested, QList<config::ResourceSpec> resources,
                                                   ResourceScorer scorer)
    : m_useRequested(useRequested)
    , m_resources(std::move(resources))
    , m_scorer(std::move(scorer))
{
    m_kinds.reserve(m_resources.size());
    for (const auto& resource : m_resources) {
        if (resource.name == ResourceName::cpu)
            m_kinds.append(Kind::Cpu);
        else if (resource.name == ResourceName::memory)
            m_kinds.append(Kind::Memory);
        else if (resource.name == ResourceName::ephemeralStorage)
            m_kinds.append(Kind::EphemeralStorage);
        else if (isScalarResourceName(resource.name))
            m_kinds.append(Kind::Scalar);
        else
            m_kinds.append(Kind::Other);
    }
}

QList<qint64> ResourceAllocationScorer::calculatePodResourceRequestList(const Pod& pod) const
{
    // calculatePodResourceRequest per resource; PodRequests does not depend on the resource, so it
    // runs once here.
    PodResourcesOptions options;
    if (!m_useRequested) {
        static const ResourceList nonZeroDefaults {
            {ResourceName::cpu, Quantity::fromMilliValue(defaultMilliCPURequest)},
            {ResourceName::memory, Quantity::fromValue(defaultMemoryRequest)},
        };
        options.nonMissingContainerRequests = nonZeroDefaults;
    }
    const ResourceList requests = podRequests(pod, options);

    QList<qint64> podRequests;
    podRequests.reserve(m_resources.size());
    for (const auto& resource : m_resources) {
        const Quantity quantity = requests.value(resource.name);
        podRequests.append(resource.name == ResourceName::cpu ? quantity.milliValue() : quantity.value());
    }
    return podRequests;
}

ResourceAllocationScorer::Allocation ResourceAllocationScorer::calculateResourceAllocatableRequest(
    const framework::NodeInfo& nodeInfo, qsizetype index, qint64 podRequest) const
{
    const framework::Resource& requested = m_useRequested ? nodeInfo.requested() : nodeInfo.nonZeroRequested();
    const framework::Resource& allocatable = nodeInfo.allocatable();
    switch (m_kinds[index]) {
    case Kind::Cpu:
        return {allocatable.milliCPU, requested.milliCPU + podRequest};
    case Kind::Memory:
        return {allocatable.memory, requested.memory + podRequest};
    case Kind::EphemeralStorage:
        // Always the plain requests: NonZeroRequested only tracks cpu and memory.
        return {allocatable.ephemeralStorage, nodeInfo.requested().ephemeralStorage + podRequest};
    case Kind::Scalar: {
        // An extended resource the pod does not request is left out of the score altogether.
        if (podRequest == 0)
            return {};
        const QString& name = m_resources[index].name;
        const auto it = allocatable.scalarResources.constFind(name);
        if (it == allocatable.scalarResources.cend())
            return {};
        return {*it, nodeInfo.requested().scalar(name) + podRequest};
    }
    case Kind::Other:
        // "pods" or an unknown name: never among Allocatable.ScalarResources.
        break;
    }
    return {};
}

framework::ScoreOutcome ResourceAllocationScorer::score(const framework::NodeInfo& nodeInfo,
                                                        const QList<qint64>& podRequests) const
{
    if (m_resources.isEmpty())
        return {0, framework::Status(framework::Code::Error, QStringLiteral("resources not found"))};

    // On the stack for the usual handful of resources: Score runs once per node. Every entry is
    // written below, so the arrays are not filled first.
    const auto count = size_t(m_resources.size());
    QVarLengthArray<qint64, 8> requested(m_resources.size());
    QVarLengthArray<qint64, 8> allocated(m_resources.size());
    QVarLengthArray<qint64, 8> allocatable(m_resources.size());
    for (size_t i = 0; i < count; ++i) {
        const qint64 podRequest = qsizetype(i) < podRequests.size() ? podRequests[qsizetype(i)] : 0;
        const Allocation allocation = calculateResourceAllocatableRequest(nodeInfo, qsizetype(i), podRequest);
        // Only fill the entry when the node has some of the resource.
        allocatable[qsizetype(i)] = allocation.allocatable;
        requested[qsizetype(i)] = allocation.allocatable == 0 ? 0 : allocation.requested;
        allocated[qsizetype(i)] = allocation.allocatable == 0 ? 0 : allocation.requested - podRequest;
    }
    return {m_scorer(std::span<const qint64>(requested.constData(), count), std::span<const qint64>(allocated.constData(), count),
                     std::span<const qint64>(allocatable.constData(), count)),
            {}};
}

} // namespace ksv::plugins
