#include "volumebinder.h"

#include "nodeaffinitymatching.h"
#include "storagehelpers.h"

#include <algorithm>

namespace ksv::plugins {

VolumeBinder::VolumeBinder(framework::Handle& handle, const version::Features& features)
    : m_handle(handle)
    , m_nodeConflictReason(features.version >= version::v1_33 ? ErrReasonNodeConflictV133 : ErrReasonNodeConflict)
{
}

bool VolumeBinder::isPVCFullyBound(const PersistentVolumeClaim& claim)
{
    return !claim.volumeName.isEmpty()
        && (claim.meta.annotations.contains(storage::annBindCompleted) || claim.phase == QLatin1String("Bound"));
}

bool VolumeBinder::checkNodeAffinity(const PersistentVolume& pv, const Node& labelsOnlyNode)
{
    if (!pv.nodeAffinity)
        return true;
    return nodeaffinity::matchNodeSelectorTerms(labelsOnlyNode, *pv.nodeAffinity);
}

bool VolumeBinder::matchTopologySelectorTerms(const QList<QList<TopologySelectorRequirement>>& terms, const Labels& labels)
{
    if (terms.isEmpty())
        return true;
    for (const auto& term : terms) {
        // TopologySelectorRequirementsAsSelector: each requirement is `key In values`; a requirement
        // labels.NewRequirement refuses (bad key or value, no values) makes the term fail.
        if (term.isEmpty())
            continue;
        bool matches = true;
        for (const auto& requirement : term) {
            bool valid = isQualifiedName(requirement.key) && !requirement.values.isEmpty();
            for (const auto& value : requirement.values)
                valid = valid && isValidLabelValue(value);
            const auto it = labels.constFind(requirement.key);
            if (!valid || it == labels.cend() || !requirement.values.contains(*it)) {
                matches = false;
                break;
            }
        }
        if (matches)
            return true;
    }
    return false;
}

const PersistentVolume* VolumeBinder::findMatchingVolume(const PersistentVolumeClaim& claim,
                                                         const QList<PersistentVolume>& volumes,
                                                         const Node& labelsOnlyNode, const QSet<QString>& excludedVolumes)
{
    const Quantity requested = claim.requestedStorage.value_or(Quantity());
    const QString requestedClass = storage::persistentVolumeClaimClass(claim);

    const PersistentVolume* smallest = nullptr;
    Quantity smallestQuantity;
    // Every volume is visited: one pre-bound to the claim wins over the smallest fit.
    for (const auto& volume : volumes) {
        if (excludedVolumes.contains(volume.meta.name))
            continue;
        if (volume.claimRef && !storage::isVolumeBoundToClaim(volume, claim))
            continue;
        const Quantity volumeQuantity = volume.capacityStorage.value_or(Quantity());
        if (volumeQuantity < requested)
            continue;
        // Volume modes are not modelled: both sides are Filesystem, as the API defaults them.
        if (volume.meta.isDeleting())
            continue;

        const bool nodeAffinityValid = checkNodeAffinity(volume, labelsOnlyNode);
        if (storage::isVolumeBoundToClaim(volume, claim))
            return nodeAffinityValid ? &volume : nullptr;

        // Only Available volumes: binding others is likely to fail on API conflicts.
        if (volume.phase != QLatin1String("Available"))
            continue;
        if (storage::persistentVolumeClass(volume) != requestedClass)
            continue;
        if (!nodeAffinityValid)
            continue;
        // CheckAccessModes: the PV offers every mode the claim asks for.
        bool accessModesMatch = true;
        for (const auto mode : claim.accessModes)
            accessModesMatch = accessModesMatch && volume.accessModes.contains(mode);
        if (!accessModesMatch)
            continue;

        if (!smallest || smallestQuantity > volumeQuantity) {
            smallest = &volume;
            smallestQuantity = volumeQuantity;
        }
    }
    return smallest;
}

bool VolumeBinder::isVolumeBound(const Pod& pod, const Volume& volume, const PersistentVolumeClaim** claim, QString& error) const
{
    *claim = nullptr;
    const bool ephemeral = storage::isEphemeral(volume);
    if (!storage::isPersistentVolumeClaim(volume) && !ephemeral)
        return true;
    const PersistentVolumeClaim* found = m_handle.lister().persistentVolumeClaim(pod.meta.namespace_, volume.claimName);
    if (!found) {
        error = QStringLiteral("error getting PVC ") + storage::goQuote(pod.meta.namespace_ + QLatin1Char('/') + volume.claimName)
            + QStringLiteral(": ") + storage::persistentVolumeClaimNotFound(volume.claimName);
        return false;
    }
    // The claim of a generic ephemeral volume must be owned by the pod.
    if (ephemeral) {
        error = storage::ephemeralVolumeIsForPod(pod, *found);
        if (!error.isEmpty())
            return false;
    }
    *claim = found;
    return isPVCFullyBound(*found);
}

bool VolumeBinder::isDelayBindingMode(const PersistentVolumeClaim& claim) const
{
    const QString className = storage::persistentVolumeClaimClass(claim);
    if (className.isEmpty())
        return false;
    // A class that does not exist counts as immediate binding, as upstream's IsDelayBindingMode.
    const StorageClass* storageClass = m_handle.lister().storageClass(className);
    return storageClass && storageClass->volumeBindingMode == VolumeBindingMode::WaitForFirstConsumer;
}

PodVolumeClaims VolumeBinder::getPodVolumeClaims(const Pod& pod, QString& error) const
{
    PodVolumeClaims claims;
    for (const auto& volume : pod.volumes) {
        const PersistentVolumeClaim* claim = nullptr;
        const bool bound = isVolumeBound(pod, volume, &claim, error);
        if (!error.isEmpty())
            return claims;
        if (!claim)
            continue;
        if (bound)
            claims.boundClaims.append(*claim);
        else if (isDelayBindingMode(*claim) && claim->volumeName.isEmpty())
            claims.unboundClaimsDelayBinding.append(*claim);
        else
            claims.unboundClaimsImmediate.append(*claim); // pre-bound claims too: the PV controller binds them
    }

    for (const auto& claim : std::as_const(claims.unboundClaimsDelayBinding)) {
        const QString className = storage::persistentVolumeClaimClass(claim);
        if (claims.unboundVolumesDelayBinding.contains(className))
            continue;
        QList<PersistentVolume>& volumes = claims.unboundVolumesDelayBinding[className];
        for (const auto& pv : m_handle.lister().cluster().persistentVolumes) {
            if (storage::persistentVolumeClass(pv) == className)
                volumes.append(pv);
        }
    }
    return claims;
}

VolumeBinder::BoundCheck VolumeBinder::checkBoundClaims(const QList<PersistentVolumeClaim>& claims, const Node& labelsOnlyNode) const
{
    // The first claim that fails decides; a missing PV is not a node affinity conflict.
    for (const auto& claim : claims) {
        const PersistentVolume* pv = m_handle.lister().persistentVolume(claim.volumeName);
        if (!pv)
            return {true, false};
        if (!checkNodeAffinity(*pv, labelsOnlyNode))
            return {false, true};
    }
    return {true, true};
}

bool VolumeBinder::findMatchingVolumes(QList<PersistentVolumeClaim> claimsToBind, const PodVolumeClaims& claims,
                                       const Node& labelsOnlyNode, QList<BindingInfo>& bindings,
                                       QList<PersistentVolumeClaim>& unboundClaims) const
{
    // Smallest requests first, so that each gets the smallest PV that fits. Go's sort.Sort is
    // insertion sort (stable) for the handful of claims a pod has.
    std::stable_sort(claimsToBind.begin(), claimsToBind.end(), [](const PersistentVolumeClaim& a, const PersistentVolumeClaim& b) {
        return a.requestedStorage.value_or(Quantity()) < b.requestedStorage.value_or(Quantity());
    });

    QSet<QString> chosenPVs;
    bool foundMatches = true;
    for (const auto& claim : std::as_const(claimsToBind)) {
        const QList<PersistentVolume> volumes = claims.unboundVolumesDelayBinding.value(storage::persistentVolumeClaimClass(claim));
        const PersistentVolume* pv = findMatchingVolume(claim, volumes, labelsOnlyNode, chosenPVs);
        if (!pv) {
            unboundClaims.append(claim);
            foundMatches = false;
            continue;
        }
        // A chosen PV is excluded for the pod's other claims.
        chosenPVs.insert(pv->meta.name);
        bindings.append({claim, *pv});
    }
    return foundMatches;
}

VolumeBinder::ProvisionCheck VolumeBinder::checkVolumeProvisions(const QList<PersistentVolumeClaim>& claimsToProvision,
                                                                 const Node& node) const
{
    ProvisionCheck result;
    for (const auto& claim : claimsToProvision) {
        const QString className = storage::persistentVolumeClaimClass(claim);
        if (className.isEmpty()) {
            result.error = QStringLiteral("no class for claim ")
                + storage::goQuote(claim.meta.namespace_ + QLatin1Char('/') + claim.meta.name);
            return result;
        }
        const StorageClass* storageClass = m_handle.lister().storageClass(className);
        if (!storageClass) {
            result.error = QStringLiteral("failed to find storage class ") + storage::goQuote(className);
            return result;
        }
        if (storageClass->provisioner.isEmpty() || storageClass->provisioner == storage::notSupportedProvisioner)
            return {false, true, {}, {}};
        // The node must satisfy the class's allowed topologies for a volume to be provisioned there.
        if (!matchTopologySelectorTerms(storageClass->allowedTopologies, node.meta.labels))
            return {false, true, {}, {}};
        // hasEnoughCapacity: only CSI drivers whose CSIDriver object opts into storage capacity
        // tracking are checked. The model has no CSIDriver objects, so every class has capacity.
        result.dynamicProvisions.append(claim);
    }
    result.provisionSatisfied = true;
    result.sufficientStorage = true;
    return result;
}

VolumeBinder::FindResult VolumeBinder::findPodVolumes(const Pod& /*pod*/, const PodVolumeClaims& claims, const Node& node) const
{
    FindResult result;
    bool unboundVolumesSatisfied = true;
    bool boundVolumesSatisfied = true;
    bool sufficientStorage = true;
    bool boundPVsFound = true;
    // Reasons in upstream's order, added on every return that is not an error.
    const auto finish = [&]() -> FindResult {
        if (!boundVolumesSatisfied)
            result.reasons.append(m_nodeConflictReason);
        if (!unboundVolumesSatisfied)
            result.reasons.append(ErrReasonBindConflict);
        if (!sufficientStorage)
            result.reasons.append(ErrReasonNotEnoughSpace);
        if (!boundPVsFound)
            result.reasons.append(ErrReasonPVNotExist);
        return result;
    };

    // PV node affinity is matched against a node carrying only labels, as CheckNodeAffinity builds it.
    Node labelsOnlyNode;
    labelsOnlyNode.meta.labels = node.meta.labels;

    if (!claims.boundClaims.isEmpty()) {
        const BoundCheck bound = checkBoundClaims(claims.boundClaims, labelsOnlyNode);
        boundVolumesSatisfied = bound.satisfied;
        boundPVsFound = bound.pvsFound;
    }

    if (!claims.unboundClaimsDelayBinding.isEmpty()) {
        QList<PersistentVolumeClaim> claimsToFindMatching;
        QList<PersistentVolumeClaim> claimsToProvision;
        for (const auto& claim : claims.unboundClaimsDelayBinding) {
            const auto selected = claim.meta.annotations.constFind(storage::annSelectedNode);
            if (selected == claim.meta.annotations.cend()) {
                claimsToFindMatching.append(claim);
                continue;
            }
            // Provisioning already started for another node: this one cannot be used.
            if (*selected != node.meta.name) {
                unboundVolumesSatisfied = false;
                return finish();
            }
            claimsToProvision.append(claim);
        }

        if (!claimsToFindMatching.isEmpty()) {
            QList<PersistentVolumeClaim> unboundClaims;
            unboundVolumesSatisfied = findMatchingVolumes(claimsToFindMatching, claims, labelsOnlyNode,
                                                          result.podVolumes.staticBindings, unboundClaims);
            claimsToProvision.append(unboundClaims);
        }

        // Claims without a matching PV can still be provisioned, which then decides for all of them.
        if (!claimsToProvision.isEmpty()) {
            ProvisionCheck provision = checkVolumeProvisions(claimsToProvision, node);
            if (!provision.error.isEmpty()) {
                result.error = provision.error;
                return result;
            }
            unboundVolumesSatisfied = provision.provisionSatisfied;
            sufficientStorage = provision.sufficientStorage;
            result.podVolumes.dynamicProvisions = std::move(provision.dynamicProvisions);
        }
    }
    return finish();
}

bool VolumeBinder::assumePodVolumes(const Pod& pod, const QString& nodeName, PodVolumes& podVolumes) const
{
    // arePodVolumesBound: nothing to do when every claim is bound by now.
    bool allBound = true;
    for (const auto& volume : pod.volumes) {
        const PersistentVolumeClaim* claim = nullptr;
        QString error;
        if (!isVolumeBound(pod, volume, &claim, error)) {
            allBound = false;
            break;
        }
    }
    if (allBound)
        return true;

    // GetBindVolumeToClaim: point the PV at the claim, marking it bound by the controller unless the
    // user pre-bound it.
    for (auto& binding : podVolumes.staticBindings) {
        PersistentVolume& pv = binding.pv;
        const PersistentVolumeClaim& claim = binding.pvc;
        const bool preBound = storage::isVolumeBoundToClaim(pv, claim);
        if (!pv.claimRef || pv.claimRef->name != claim.meta.name || pv.claimRef->namespace_ != claim.meta.namespace_
            || pv.claimRef->uid != claim.meta.uid)
            pv.claimRef = ObjectReference {claim.meta.namespace_, claim.meta.name, claim.meta.uid};
        if (!preBound && !pv.meta.annotations.contains(storage::annBoundByController))
            pv.meta.annotations.insert(storage::annBoundByController, QStringLiteral("yes"));
    }
    // The claims to provision get the node the PV controller and the provisioner are to use.
    for (auto& claim : podVolumes.dynamicProvisions)
        claim.meta.annotations.insert(storage::annSelectedNode, nodeName);
    return false;
}

} // namespace ksv::plugins
