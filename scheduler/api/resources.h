#pragma once

#include "objects.h"

namespace ksv {

// schedutil.DefaultMilliCPURequest / DefaultMemoryRequest (pkg/scheduler/util/pod_resources.go):
// what a container without a cpu or memory request counts as when scoring spreads pods.
inline constexpr qint64 defaultMilliCPURequest = 100;
inline constexpr qint64 defaultMemoryRequest = 200LL * 1024 * 1024;

struct PodResourcesOptions
{
    // Substituted for a container's cpu/memory request when the container has none at all (an
    // explicit 0 stays 0): the "non-zero" requests of calculateResource.
    std::optional<ResourceList> nonMissingContainerRequests;
    bool excludeOverhead = false;
};

// resourcehelper.PodRequests (k8s.io/component-helpers/resource/helpers.go, v1.32): containers
// summed; restartable init containers (sidecars) added to the sum and carried into every later init
// container; the max of that and each init container; then the pod overhead.
ResourceList podRequests(const Pod& pod, const PodResourcesOptions& options = {});

// The cpu (millicores) and memory (bytes) requests with the scoring defaults applied.
struct NonZeroRequests
{
    qint64 milliCPU = 0;
    qint64 memory = 0;
};
NonZeroRequests podNonZeroRequests(const Pod& pod);

// v1helper.IsExtendedResourceName: a fully qualified name outside kubernetes.io/ (and not
// requests.*), e.g. nvidia.com/gpu. Hugepages and the native resources are not extended.
bool isExtendedResourceName(const QString& name);
bool isHugePageResourceName(const QString& name);
// schedutil.IsScalarResourceName: extended, hugepages, prefixed native or attachable volumes.
bool isScalarResourceName(const QString& name);

} // namespace ksv
