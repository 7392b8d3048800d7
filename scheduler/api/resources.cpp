#include "resources.h"

namespace ksv {

namespace {

void addResourceList(ResourceList& into, const ResourceList& add)
{
    for (auto it = add.cbegin(); it != add.cend(); ++it)
        into[it.key()] += it.value();
}

// maxResourceList: for every resource in `other`, keep the larger of the two.
void maxResourceList(ResourceList& into, const ResourceList& other)
{
    for (auto it = other.cbegin(); it != other.cend(); ++it) {
        auto existing = into.find(it.key());
        if (existing == into.end())
            into.insert(it.key(), it.value());
        else if (it.value() > *existing)
            *existing = it.value();
    }
}

ResourceList applyNonMissing(const ResourceList& requests, const std::optional<ResourceList>& nonMissing)
{
    if (!nonMissing)
        return requests;
    ResourceList result = requests;
    for (auto it = nonMissing->cbegin(); it != nonMissing->cend(); ++it) {
        if (!result.contains(it.key()))
            result.insert(it.key(), it.value());
    }
    return result;
}

} // namespace

ResourceList podRequests(const Pod& pod, const PodResourcesOptions& options)
{
    ResourceList requests;
    for (const auto& container : pod.containers)
        addResourceList(requests, applyNonMissing(container.requests, options.nonMissingContainerRequests));

    ResourceList restartableInitContainerRequests;
    ResourceList initContainerRequests;
    for (const auto& container : pod.initContainers) {
        const ResourceList containerRequests =
            applyNonMissing(container.requests, options.nonMissingContainerRequests);
        ResourceList effective;
        if (container.restartPolicyAlways) {
            // A sidecar runs alongside the regular containers and every later init container.
            addResourceList(requests, containerRequests);
            addResourceList(restartableInitContainerRequests, containerRequests);
            effective = restartableInitContainerRequests;
        } else {
            effective = containerRequests;
            addResourceList(effective, restartableInitContainerRequests);
        }
        maxResourceList(initContainerRequests, effective);
    }
    maxResourceList(requests, initContainerRequests);

    if (!options.excludeOverhead)
        addResourceList(requests, pod.overhead);
    return requests;
}

NonZeroRequests podNonZeroRequests(const Pod& pod)
{
    PodResourcesOptions options;
    options.nonMissingContainerRequests = ResourceList {
        {ResourceName::cpu, Quantity::fromMilliValue(defaultMilliCPURequest)},
        {ResourceName::memory, Quantity::fromValue(defaultMemoryRequest)},
    };
    const ResourceList requests = podRequests(pod, options);
    return {requests.value(ResourceName::cpu).milliValue(), requests.value(ResourceName::memory).value()};
}

namespace {

bool isPrefixedNativeResource(const QString& name)
{
    return name.contains(QLatin1String("kubernetes.io/"));
}

bool isNativeResource(const QString& name)
{
    return !name.contains(QLatin1Char('/')) || isPrefixedNativeResource(name);
}

} // namespace

bool isExtendedResourceName(const QString& name)
{
    if (isNativeResource(name) || name.startsWith(QLatin1String("requests.")))
        return false;
    return isQualifiedName(QStringLiteral("requests.") + name);
}

bool isHugePageResourceName(const QString& name)
{
    return name.startsWith(ResourceName::hugePagesPrefix);
}

bool isScalarResourceName(const QString& name)
{
    return isExtendedResourceName(name) || isHugePageResourceName(name) || isPrefixedNativeResource(name)
        || name.startsWith(QLatin1String("attachable-volumes-"));
}

} // namespace ksv
