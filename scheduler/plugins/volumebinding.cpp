#include "volumebinding.h"

#include "storagehelpers.h"

namespace ksv::plugins {

using framework::Code;
using framework::Status;

namespace {

// getStateData's error: CycleState.Read returns framework.ErrNotFound.
Status stateNotFound()
{
    return Status::error(QStringLiteral("not found"));
}

} // namespace

VolumeBinding::VolumeBinding(const config::VolumeBindingArgs& args, framework::Handle& handle, const version::Features& features)
    : m_handle(handle)
    , m_binder(handle, features)
    , m_bindTimeoutSeconds(args.bindTimeoutSeconds)
{
    // The scorer exists only with the VolumeCapacityPriority feature gate, alpha and off in v1.32
    // (validation refuses args.shape without it), so this plugin never scores.
}

bool VolumeBinding::podHasPVCs(const Pod& pod, QString& error) const
{
    bool hasPVC = false;
    for (const auto& volume : pod.volumes) {
        const bool ephemeral = storage::isEphemeral(volume);
        if (!storage::isPersistentVolumeClaim(volume) && !ephemeral)
            continue;
        hasPVC = true;
        const PersistentVolumeClaim* claim = m_handle.lister().persistentVolumeClaim(pod.meta.namespace_, volume.claimName);
        if (!claim) {
            // Right after a pod with a generic ephemeral volume is created its claim does not exist
            // yet, which upstream words more helpfully.
            error = ephemeral ? QStringLiteral("waiting for ephemeral volume controller to create the persistentvolumeclaim ")
                    + storage::goQuote(volume.claimName)
                              : storage::persistentVolumeClaimNotFound(volume.claimName);
            return hasPVC;
        }
        if (claim->phase == QLatin1String("Lost")) {
            error = QStringLiteral("persistentvolumeclaim ") + storage::goQuote(claim->meta.name)
                + QStringLiteral(" bound to non-existent persistentvolume ") + storage::goQuote(claim->volumeName);
            return hasPVC;
        }
        if (claim->meta.isDeleting()) {
            error = QStringLiteral("persistentvolumeclaim ") + storage::goQuote(claim->meta.name) + QStringLiteral(" is being deleted");
            return hasPVC;
        }
        if (ephemeral) {
            error = storage::ephemeralVolumeIsForPod(pod, *claim);
            if (!error.isEmpty())
                return hasPVC;
        }
    }
    return hasPVC;
}

framework::PreFilterOutcome VolumeBinding::preFilter(framework::CycleState& state, const Pod& pod,
                                                     const QList<framework::NodeInfoPtr>& /*nodes*/)
{
    QString error;
    const bool hasPVC = podHasPVCs(pod, error);
    if (!error.isEmpty())
        return {{}, Status(Code::UnschedulableAndUnresolvable, error)};
    if (!hasPVC) {
        // Reserve and PreBind still read the state: "every claim bound" for a pod without claims.
        state.write(stateKey, std::make_unique<StateData>());
        return {{}, Status(Code::Skip)};
    }

    PodVolumeClaims claims = m_binder.getPodVolumeClaims(pod, error);
    if (!error.isEmpty())
        return {{}, Status::error(error)};
    // Immediate claims are bound by the PV controller; the pod waits for that.
    if (!claims.unboundClaimsImmediate.isEmpty())
        return {{}, Status(Code::UnschedulableAndUnresolvable, ErrReasonUnboundImmediate)};

    // v1.32 returns no PreFilterResult: the node reduction from bound local PVs (v1.27) assumed
    // kubernetes.io/hostname equals the node name and was removed (kubernetes#127584, in v1.32.0).
    auto stateData = std::make_unique<StateData>();
    stateData->podVolumeClaims = std::move(claims);
    state.write(stateKey, std::move(stateData));
    return {};
}

Status VolumeBinding::filter(framework::CycleState& state, const Pod& pod, const framework::NodeInfo& nodeInfo)
{
    auto* stateData = state.read<StateData>(stateKey);
    if (!stateData)
        return stateNotFound();

    const VolumeBinder::FindResult found =
        m_binder.findPodVolumes(pod, stateData->podVolumeClaims.value_or(PodVolumeClaims()), nodeInfo.node());
    if (!found.error.isEmpty())
        return Status::error(found.error);
    if (!found.reasons.isEmpty())
        return Status(Code::UnschedulableAndUnresolvable, found.reasons);

    const std::lock_guard lock(stateData->filterLock.mutex);
    stateData->podVolumesByNode.insert(nodeInfo.name(), found.podVolumes);
    stateData->hasStaticBindings = stateData->hasStaticBindings || !found.podVolumes.staticBindings.isEmpty();
    return {};
}

Status VolumeBinding::preScore(framework::CycleState& /*state*/, const Pod& /*pod*/,
                               const QList<framework::NodeInfoPtr>& /*nodes*/)
{
    // Without a scorer (VolumeCapacityPriority off) Score is skipped.
    return Status(Code::Skip);
}

framework::ScoreOutcome VolumeBinding::score(framework::CycleState& /*state*/, const Pod& /*pod*/,
                                             const framework::NodeInfo& /*nodeInfo*/)
{
    // Score with a nil scorer: 0 for every node.
    return {};
}

Status VolumeBinding::reserve(framework::CycleState& state, const Pod& pod, const QString& nodeName)
{
    auto* stateData = state.read<StateData>(stateKey);
    if (!stateData)
        return stateNotFound();
    const auto it = stateData->podVolumesByNode.find(nodeName);
    if (it == stateData->podVolumesByNode.end()) {
        // No decisions for the node: the pod references no claim.
        stateData->allBound = true;
        return {};
    }
    stateData->allBound = m_binder.assumePodVolumes(pod, nodeName, *it);
    if (!stateData->allBound)
        stateData->assumedNode = nodeName;
    return {};
}

void VolumeBinding::unreserve(framework::CycleState& state, const Pod& /*pod*/, const QString& nodeName)
{
    // Idempotent, and nothing to do without decisions for the node.
    auto* stateData = state.read<StateData>(stateKey);
    if (!stateData || !stateData->podVolumesByNode.contains(nodeName))
        return;
    if (stateData->assumedNode == nodeName)
        stateData->assumedNode.clear();
}

Status VolumeBinding::preBind(framework::CycleState& state, const Pod& /*pod*/, const QString& nodeName)
{
    const auto* stateData = state.read<StateData>(stateKey);
    if (!stateData)
        return stateNotFound();
    if (stateData->allBound)
        return {};
    if (!stateData->podVolumesByNode.contains(nodeName))
        return Status::error(QStringLiteral("no pod volumes found for node ") + storage::goQuote(nodeName));
    // BindPodVolumes: upstream updates the PVs and claims through the API and waits, up to
    // bindTimeoutSeconds, for the PV controller. The scheduling loop applies assumedPodVolumes().
    return {};
}

const PodVolumes* VolumeBinding::assumedPodVolumes(const framework::CycleState& state)
{
    const auto* stateData = state.read<StateData>(stateKey);
    if (!stateData || stateData->allBound || stateData->assumedNode.isEmpty())
        return nullptr;
    const auto it = stateData->podVolumesByNode.constFind(stateData->assumedNode);
    return it == stateData->podVolumesByNode.cend() ? nullptr : &*it;
}

// ---- QueueingHints (volume_binding.go v1.32: EventsToRegister with hints on,
// isSchedulableAfterCSINodeChange, isSchedulableAfterPersistentVolumeClaimChange,
// isSchedulableAfterStorageClassChange; see objectKindNotModelled for the CSIDriver and
// CSIStorageCapacity hints) ---------------------------------------------------------------------------

namespace {

// Our model has no CSIDriver or CSIStorageCapacity objects, so those events never arrive. This stands
// for upstream's isSchedulableAfterCSIDriverChange and isSchedulableAfterCSIStorageCapacityChange
// with the answer upstream gives for an object it cannot read: Queue.
framework::QueueingHint objectKindNotModelled(const Pod& /*pod*/, const KubeObject* /*oldObj*/, const KubeObject* /*newObj*/)
{
    return framework::QueueingHint::Queue;
}

} // namespace

QList<framework::ClusterEventWithHint> VolumeBinding::eventsToRegister() const
{
    using namespace framework;
    return {
        // A missing or mis-configured class (allowedTopologies) may be fixed by an add or update.
        {clusterEvent(EventResource::StorageClass, action::Add | action::Update), &VolumeBinding::isSchedulableAfterStorageClassChange},
        // Claims are bound to volumes: any change of either may help.
        {clusterEvent(EventResource::PersistentVolumeClaim, action::Add | action::Update),
         &VolumeBinding::isSchedulableAfterPersistentVolumeClaimChange},
        {clusterEvent(EventResource::PersistentVolume, action::Add | action::Update), {}},
        // Node labels decide allowed topologies and PV node affinity (no UpdateNodeTaint with hints on).
        {clusterEvent(EventResource::Node, action::Add | action::UpdateNodeLabel), {}},
        // The CSINode says which in-tree plugins are migrated to CSI.
        {clusterEvent(EventResource::CSINode, action::Add | action::Update), &VolumeBinding::isSchedulableAfterCSINodeChange},
        {clusterEvent(EventResource::CSIDriver, action::Update), &objectKindNotModelled},
        {clusterEvent(EventResource::CSIStorageCapacity, action::Add | action::Update), &objectKindNotModelled},
    };
}

framework::QueueingHint VolumeBinding::isSchedulableAfterCSINodeChange(const Pod& /*pod*/, const KubeObject* oldObj,
                                                                      const KubeObject* newObj)
{
    if (!oldObj)
        return framework::QueueingHint::Queue;
    const CSINode* oldCSINode = nullptr;
    const CSINode* modifiedCSINode = nullptr;
    if (!framework::as(oldObj, newObj, oldCSINode, modifiedCSINode) || !oldCSINode || !modifiedCSINode)
        return framework::QueueingHint::Queue;
    const bool migratedPluginsChanged = oldCSINode->meta.annotations.value(storage::migratedPluginsAnnotation)
        != modifiedCSINode->meta.annotations.value(storage::migratedPluginsAnnotation);
    return migratedPluginsChanged ? framework::QueueingHint::Queue : framework::QueueingHint::QueueSkip;
}

framework::QueueingHint VolumeBinding::isSchedulableAfterPersistentVolumeClaimChange(const Pod& pod, const KubeObject* oldObj,
                                                                                    const KubeObject* newObj)
{
    const PersistentVolumeClaim* oldClaim = nullptr;
    const PersistentVolumeClaim* newClaim = nullptr;
    if (!framework::as(oldObj, newObj, oldClaim, newClaim) || !newClaim)
        return framework::QueueingHint::Queue;
    if (pod.meta.namespace_ != newClaim->meta.namespace_)
        return framework::QueueingHint::QueueSkip;
    // Almost any creation or update of a claim the pod uses (bound, provisioned, ...) may help.
    for (const auto& volume : pod.volumes) {
        if (!storage::isPersistentVolumeClaim(volume) && !storage::isEphemeral(volume))
            continue;
        if (volume.claimName == newClaim->meta.name)
            return framework::QueueingHint::Queue;
    }
    return framework::QueueingHint::QueueSkip;
}

framework::QueueingHint VolumeBinding::isSchedulableAfterStorageClassChange(const Pod& /*pod*/, const KubeObject* oldObj,
                                                                           const KubeObject* newObj)
{
    const StorageClass* oldClass = nullptr;
    const StorageClass* newClass = nullptr;
    if (!framework::as(oldObj, newObj, oldClass, newClass) || !newClass)
        return framework::QueueingHint::Queue;
    if (!oldClass)
        return framework::QueueingHint::Queue;
    // volumeBindingMode is immutable; of the rest only allowedTopologies matters.
    return newClass->allowedTopologies != oldClass->allowedTopologies ? framework::QueueingHint::Queue
                                                                      : framework::QueueingHint::QueueSkip;
}

} // namespace ksv::plugins
