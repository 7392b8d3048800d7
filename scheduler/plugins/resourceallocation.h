#pragma once

// What NodeResourcesFit's scoring and NodeResourcesBalancedAllocation share
// (pkg/scheduler/framework/plugins/noderesources/resource_allocation.go, v1.32): the per-resource
// gathering of requested and allocatable amounts, and the scorer functions that turn them into a
// node score (least_allocated.go, most_allocated.go, requested_to_capacity_ratio.go,
// balanced_allocation.go) plus helper.BuildBrokenLinearFunction (plugins/helper/shape_score.go).

#include "config/args.h"
#include "framework/interface.h"

#include <functional>
#include <span>

namespace ksv::plugins {

// helper.FunctionShapePoint: utilization in [0, 100] and the score at that utilization, already
// scaled to [0, MaxNodeScore].
struct FunctionShapePoint
{
    qint64 utilization = 0;
    qint64 score = 0;
};
using FunctionShape = QList<FunctionShapePoint>;

// helper.BuildBrokenLinearFunction(shape)(p): linear interpolation between the points, flat before
// the first and after the last, with Go's truncating int64 division.
qint64 brokenLinear(const FunctionShape& shape, qint64 p);

// A scorer sees, per configured resource (in args order), what the node would have requested with
// the pod, what it has requested without it (v1.36's BalancedAllocation compares the two) and what it
// has allocatable; entries whose allocatable is 0 are to be skipped.
using ResourceScorer = std::function<qint64(std::span<const qint64> requested, std::span<const qint64> allocated,
                                            std::span<const qint64> allocatable)>;

// leastResourceScorer: weighted mean of (allocatable - requested) * 100 / allocatable.
ResourceScorer leastResourceScorer(const QList<config::ResourceSpec>& resources);
// mostResourceScorer: weighted mean of min(requested, allocatable) * 100 / allocatable.
ResourceScorer mostResourceScorer(const QList<config::ResourceSpec>& resources);
// requestedToCapacityRatioScorer: the shape given in args (scores 0-10) scaled to 0-100, evaluated at
// each resource's utilization; resources scoring 0 are left out of the weighted mean, which is rounded.
ResourceScorer requestedToCapacityRatioScorer(const QList<config::ResourceSpec>& resources,
                                              const QList<config::UtilizationShapePoint>& shape);
// balancedResourceScorer: (1 - standard deviation of the utilization fractions) * 100, truncated.
qint64 balancedResourceScorer(std::span<const qint64> requested, std::span<const qint64> allocatable);
// v1.36's balancedResourceScorer (#135573): the change in balance the pod makes,
// MaxNodeScore/2 + (MaxNodeScore/2 + with - without)/2: 75 for no change, towards 100 for better
// balance and 50 for worse.
qint64 balancedResourceChangeScorer(std::span<const qint64> requested, std::span<const qint64> allocated, std::span<const qint64> allocatable);

// preScoreState / balancedAllocationPreScoreState: the pod's request for each configured resource,
// in args order.
struct PodResourceRequestsState : public framework::StateData
{
    QList<qint64> podRequests;
    std::unique_ptr<framework::StateData> clone() const override { return std::make_unique<PodResourceRequestsState>(*this); }
};

// resourceAllocationScorer.
class ResourceAllocationScorer
{
public:
    // useRequested: BalancedAllocation compares the plain requests; Fit's strategies use the
    // non-zero requests (100m cpu, 200Mi memory for a container that requests none).
    ResourceAllocationScorer(bool useRequested, QList<config::ResourceSpec> resources, ResourceScorer scorer);

    const QList<config::ResourceSpec>& resources() const { return m_resources; }

    // calculatePodResourceRequestList.
    QList<qint64> calculatePodResourceRequestList(const Pod& pod) const;
    // resourceAllocationScorer.score.
    framework::ScoreOutcome score(const framework::NodeInfo& nodeInfo, const QList<qint64>& podRequests) const;

private:
    // How calculateResourceAllocatableRequest's switch treats a resource name; decided once here
    // rather than with string comparisons per node.
    enum class Kind : quint8 { Cpu, Memory, EphemeralStorage, Scalar, Other };

    struct Allocation
    {
        qint64 allocatable = 0;
        qint64 requested = 0;
    };
    Allocation calculateResourceAllocatableRequest(const framework::NodeInfo& nodeInfo, qsizetype index,
                                                   qint64 podRequest) const;

    bool m_useRequested = false;
    QList<config::ResourceSpec> m_resources;
    QList<Kind> m_kinds; // parallel to m_resources
    ResourceScorer m_scorer;
};

} // namespace ksv::plugins
