#include "volumerestrictions.h"

#include "storagehelpers.h"

namespace ksv::plugins {

using framework::Code;
using framework::Status;

namespace {

// needsRestrictionsCheck: the in-tree sources whose disks conflict on a node.
bool needsRestrictionsCheck(const Volume& volume)
{
    return volume.type == storage::volumeTypeGCEPersistentDisk || volume.type == storage::volumeTypeAWSElasticBlockStore
        || volume.type == storage::volumeTypeRBD || volume.type == storage::volumeTypeISCSI;
}

// haveOverlap: the two monitor lists share an entry.
bool haveOverlap(const QStringList& a, const QStringList& b)
{
    const QSet<QString> set(a.cbegin(), a.cend());
    for (const auto& value : b) {
        if (set.contains(value))
            return true;
    }
    return false;
}

// satisfyVolumeConflicts: no volume of the pod conflicts with a pod already on the node.
bool satisfyVolumeConflicts(const Pod& pod, const framework::NodeInfo& nodeInfo)
{
    for (const auto& volume : pod.volumes) {
        if (!needsRestrictionsCheck(volume))
            continue;
        for (const auto& existing : nodeInfo.pods()) {
            if (VolumeRestrictions::isVolumeConflict(volume, *existing->pod))
                return false;
        }
    }
    return true;
}

Status missingStateError()
{
    // getPreFilterState's message when PreFilter did not write its state.
    return Status::error(QStringLiteral("cannot read ") + storage::goQuote(VolumeRestrictions::preFilterStateKey)
                         + QStringLiteral(" from cycleState"));
}

} // namespace

void VolumeRestrictions::PreFilterState::updateWithPod(const Pod& pod, int multiplier)
{
    // conflictingPVCRefCountForPod compares claim names only, without the namespace, as upstream does.
    int conflicts = 0;
    for (const auto& volume : pod.volumes) {
        if (storage::isPersistentVolumeClaim(volume) && readWriteOncePodPVCs.contains(volume.claimName))
            ++conflicts;
    }
    conflictingPVCRefCount += multiplier * conflicts;
}

VolumeRestrictions::VolumeRestrictions(framework::Handle& handle)
    : m_handle(handle)
{
}

bool VolumeRestrictions::isVolumeConflict(const Volume& volume, const Pod& existingPod)
{
    for (const auto& existing : existingPod.volumes) {
        if (volume.type != existing.type)
            continue;
        // The same GCE disk mounted by several pods conflicts unless all of them mount it read-only.
        if (volume.type == storage::volumeTypeGCEPersistentDisk) {
            if (volume.gcePdName == existing.gcePdName && !(volume.readOnly && existing.readOnly))
                return true;
        } else if (volume.type == storage::volumeTypeAWSElasticBlockStore) {
            // An EBS volume attaches to one instance only, read-only or not.
            if (volume.awsVolumeID == existing.awsVolumeID)
                return true;
        } else if (volume.type == storage::volumeTypeISCSI) {
            // Two iSCSI volumes are the same if they share the IQN; only one read-write mount.
            if (volume.iscsiIqn == existing.iscsiIqn && !(volume.readOnly && existing.readOnly))
                return true;
        } else if (volume.type == storage::volumeTypeRBD) {
            // The same image: a shared Ceph monitor, the same pool and the same image name.
            if (haveOverlap(volume.rbdMonitors, existing.rbdMonitors) && volume.rbdPool == existing.rbdPool
                && volume.rbdImage == existing.rbdImage && !(volume.readOnly && existing.readOnly))
                return true;
        }
    }
    return false;
}

bool VolumeRestrictions::isPVCUsedByPods(const QString& namespace_, const QString& claimName) const
{
    // The snapshot's usedPVCSet comes from NodeInfo.PVCRefCounts, which upstream fills from
    // persistentVolumeClaim volumes only; pvcRefCounts() here also holds ephemeral claims, so it only
    // narrows down the nodes to look at.
    const QString key = namespace_ + QLatin1Char('/') + claimName;
    for (const auto& nodeInfo : m_handle.snapshot().nodeInfos()) {
        if (!nodeInfo->pvcRefCounts().contains(key))
            continue;
        for (const auto& podInfo : nodeInfo->pods()) {
            if (podInfo->pod->meta.namespace_ != namespace_)
                continue;
            for (const auto& volume : podInfo->pod->volumes) {
                if (storage::isPersistentVolumeClaim(volume) && volume.claimName == claimName)
                    return true;
            }
        }
    }
    return false;
}

framework::PreFilterOutcome VolumeRestrictions::preFilter(framework::CycleState& state, const Pod& pod,
                                                          const QList<framework::NodeInfoPtr>& /*nodes*/)
{
    bool needsCheck = false;
    for (const auto& volume : pod.volumes) {
        if (needsRestrictionsCheck(volume)) {
            needsCheck = true;
            break;
        }
    }

    // readWriteOncePodPVCsForPod: a missing claim is UnschedulableAndUnresolvable until it is created.
    auto preFilterState = std::make_unique<PreFilterState>();
    for (const auto& volume : pod.volumes) {
        if (!storage::isPersistentVolumeClaim(volume))
            continue;
        const PersistentVolumeClaim* claim = m_handle.lister().persistentVolumeClaim(pod.meta.namespace_, volume.claimName);
        if (!claim)
            return {{}, Status(Code::UnschedulableAndUnresolvable, storage::persistentVolumeClaimNotFound(volume.claimName))};
        if (storage::containsAccessMode(claim->accessModes, PersistentVolumeAccessMode::ReadWriteOncePod))
            preFilterState->readWriteOncePodPVCs.insert(claim->meta.name);
    }

    // calPreFilterState: at most one pod can use a ReadWriteOncePod claim, so each counts once.
    for (const auto& claimName : std::as_const(preFilterState->readWriteOncePodPVCs)) {
        if (isPVCUsedByPods(pod.meta.namespace_, claimName))
            ++preFilterState->conflictingPVCRefCount;
    }

    if (!needsCheck && preFilterState->conflictingPVCRefCount == 0)
        return {{}, Status(Code::Skip)};
    state.write(preFilterStateKey, std::move(preFilterState));
    return {};
}

Status VolumeRestrictions::addPod(framework::CycleState& state, const Pod& /*podToSchedule*/,
                                  const framework::PodInfoPtr& podToAdd, const framework::NodeInfo& /*nodeInfo*/)
{
    auto* preFilterState = state.read<PreFilterState>(preFilterStateKey);
    if (!preFilterState)
        return missingStateError();
    preFilterState->updateWithPod(*podToAdd->pod, 1);
    return {};
}

Status VolumeRestrictions::removePod(framework::CycleState& state, const Pod& /*podToSchedule*/,
                                     const framework::PodInfoPtr& podToRemove, const framework::NodeInfo& /*nodeInfo*/)
{
    auto* preFilterState = state.read<PreFilterState>(preFilterStateKey);
    if (!preFilterState)
        return missingStateError();
    preFilterState->updateWithPod(*podToRemove->pod, -1);
    return {};
}

Status VolumeRestrictions::filter(framework::CycleState& state, const Pod& pod, const framework::NodeInfo& nodeInfo)
{
    // Disk conflicts come first: they are checked even when PreFilter found no claim in use.
    if (!satisfyVolumeConflicts(pod, nodeInfo))
        return Status(Code::Unschedulable, ErrReasonDiskConflict);
    const auto* preFilterState = state.read<PreFilterState>(preFilterStateKey);
    if (!preFilterState)
        return missingStateError();
    // satisfyReadWriteOncePod: Unschedulable, not unresolvable, because preempting the user of the
    // claim can make room.
    if (preFilterState->conflictingPVCRefCount > 0)
        return Status(Code::Unschedulable, ErrReasonReadWriteOncePodConflict);
    return {};
}

// ---- QueueingHints (volume_restrictions.go v1.32: EventsToRegister with hints on,
// isSchedulableAfterPersistentVolumeClaimAdded, isSchedulableAfterPodDeleted) -----------------------

QList<framework::ClusterEventWithHint> VolumeRestrictions::eventsToRegister() const
{
    using namespace framework;
    // Volumes are immutable, so only a deleted pod releases a disk or a ReadWriteOncePod claim; every
    // new node may be free of conflicts; a claim created late lets its access modes be checked.
    return {
        {clusterEvent(EventResource::Pod, action::Delete), &VolumeRestrictions::isSchedulableAfterPodDeleted},
        {clusterEvent(EventResource::Node, action::Add), {}},
        {clusterEvent(EventResource::PersistentVolumeClaim, action::Add), &VolumeRestrictions::isSchedulableAfterPersistentVolumeClaimAdded},
    };
}

framework::QueueingHint VolumeRestrictions::isSchedulableAfterPersistentVolumeClaimAdded(const Pod& pod, const KubeObject* oldObj,
                                                                                        const KubeObject* newObj)
{
    const PersistentVolumeClaim* unused = nullptr;
    const PersistentVolumeClaim* newClaim = nullptr;
    if (!framework::as(oldObj, newObj, unused, newClaim) || !newClaim)
        return framework::QueueingHint::Queue;
    if (newClaim->meta.namespace_ != pod.meta.namespace_)
        return framework::QueueingHint::QueueSkip;
    for (const auto& volume : pod.volumes) {
        if (storage::isPersistentVolumeClaim(volume) && volume.claimName == newClaim->meta.name)
            return framework::QueueingHint::Queue;
    }
    return framework::QueueingHint::QueueSkip;
}

framework::QueueingHint VolumeRestrictions::isSchedulableAfterPodDeleted(const Pod& pod, const KubeObject* oldObj,
                                                                        const KubeObject* newObj)
{
    const Pod* deletedPod = nullptr;
    const Pod* unused = nullptr;
    if (!framework::as(oldObj, newObj, deletedPod, unused) || !deletedPod)
        return framework::QueueingHint::Queue;
    if (deletedPod->meta.namespace_ != pod.meta.namespace_)
        return framework::QueueingHint::QueueSkip;

    // framework.NewNodeInfo(deletedPod): the deleted pod alone on a node.
    framework::NodeInfo nodeInfo(std::make_shared<const Node>());
    nodeInfo.addPod(framework::PodInfo::create(*deletedPod));
    if (!satisfyVolumeConflicts(pod, nodeInfo))
        return framework::QueueingHint::Queue;

    // A deleted pod sharing a claim may have held it ReadWriteOncePod; upstream does not fetch the
    // claim to check its access modes, to keep the hint cheap.
    QSet<QString> claims;
    for (const auto& volume : pod.volumes) {
        if (storage::isPersistentVolumeClaim(volume))
            claims.insert(volume.claimName);
    }
    for (const auto& volume : deletedPod->volumes) {
        if (storage::isPersistentVolumeClaim(volume) && claims.contains(volume.claimName))
            return framework::QueueingHint::Queue;
    }
    return framework::QueueingHint::QueueSkip;
}

} // namespace ksv::plugins
