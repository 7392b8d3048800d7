#include "volumezone.h"

#include "storagehelpers.h"

namespace ksv::plugins {

using framework::Code;
using framework::Status;

namespace {

const QString labelFailureDomainBetaZone = QStringLiteral("failure-domain.beta.kubernetes.io/zone");
const QString labelFailureDomainBetaRegion = QStringLiteral("failure-domain.beta.kubernetes.io/region");
const QString labelTopologyZone = QStringLiteral("topology.kubernetes.io/zone");
const QString labelTopologyRegion = QStringLiteral("topology.kubernetes.io/region");

// topologyLabels, in upstream's order.
const QStringList& topologyLabels()
{
    static const QStringList labels = {labelFailureDomainBetaZone, labelFailureDomainBetaRegion, labelTopologyZone,
                                       labelTopologyRegion};
    return labels;
}

// translateToGALabel: a beta label on the PV may be matched by the node's GA label, never the reverse.
QString translateToGALabel(const QString& label)
{
    if (label == labelFailureDomainBetaRegion)
        return labelTopologyRegion;
    if (label == labelFailureDomainBetaZone)
        return labelTopologyZone;
    return label;
}

// volumehelpers.LabelZonesToSet: zones separated by "__", trimmed; an empty element makes the whole
// label invalid (upstream logs it and ignores the label).
std::optional<QSet<QString>> labelZonesToSet(const QString& value)
{
    QSet<QString> zones;
    for (const auto& part : value.split(QStringLiteral("__"))) {
        const QString zone = part.trimmed();
        if (zone.isEmpty())
            return std::nullopt;
        zones.insert(zone);
    }
    return zones;
}

} // namespace

VolumeZone::VolumeZone(framework::Handle& handle)
    : m_handle(handle)
{
}

Status VolumeZone::getPVbyPod(const Pod& pod, QList<PVTopology>& topologies) const
{
    const framework::ClusterLister& lister = m_handle.lister();
    // getPersistentVolumeClaimNameFromPod: only persistentVolumeClaim volumes, not ephemeral ones.
    for (const auto& volume : pod.volumes) {
        if (!storage::isPersistentVolumeClaim(volume))
            continue;
        const QString& claimName = volume.claimName;
        if (claimName.isEmpty())
            return Status(Code::UnschedulableAndUnresolvable, QStringLiteral("PersistentVolumeClaim had no name"));
        const PersistentVolumeClaim* claim = lister.persistentVolumeClaim(pod.meta.namespace_, claimName);
        if (!claim)
            return Status(Code::UnschedulableAndUnresolvable, storage::persistentVolumeClaimNotFound(claimName));

        const QString& pvName = claim->volumeName;
        if (pvName.isEmpty()) {
            const QString className = storage::persistentVolumeClaimClass(*claim);
            if (className.isEmpty())
                return Status(Code::UnschedulableAndUnresolvable,
                              QStringLiteral("PersistentVolumeClaim had no pv name and storageClass name"));
            const StorageClass* storageClass = lister.storageClass(className);
            if (!storageClass)
                return Status(Code::UnschedulableAndUnresolvable, storage::storageClassNotFound(className));
            // The API server defaults volumeBindingMode, so upstream's "VolumeBindingMode not set"
            // cannot arise here. An unbound WaitForFirstConsumer claim is VolumeBinding's business.
            if (storageClass->volumeBindingMode == VolumeBindingMode::WaitForFirstConsumer)
                continue;
            return Status(Code::UnschedulableAndUnresolvable, QStringLiteral("PersistentVolume had no name"));
        }

        const PersistentVolume* pv = lister.persistentVolume(pvName);
        if (!pv)
            return Status(Code::UnschedulableAndUnresolvable, storage::persistentVolumeNotFound(pvName));
        for (const auto& key : topologyLabels()) {
            const auto it = pv->meta.labels.constFind(key);
            if (it == pv->meta.labels.cend())
                continue;
            if (auto zones = labelZonesToSet(*it))
                topologies.append({pv->meta.name, key, std::move(*zones)});
        }
    }
    return {};
}

framework::PreFilterOutcome VolumeZone::preFilter(framework::CycleState& state, const Pod& pod,
                                                  const QList<framework::NodeInfoPtr>& /*nodes*/)
{
    auto stateData = std::make_unique<StateData>();
    if (Status status = getPVbyPod(pod, stateData->podPVTopologies); !status.isSuccess())
        return {{}, status};
    if (stateData->podPVTopologies.isEmpty())
        return {{}, Status(Code::Skip)};
    state.write(preFilterStateKey, std::move(stateData));
    return {};
}

Status VolumeZone::filter(framework::CycleState& state, const Pod& pod, const framework::NodeInfo& nodeInfo)
{
    // A pod without volumes always fits; the fast path upstream takes before reading the state.
    if (pod.volumes.isEmpty())
        return {};

    QList<PVTopology> computed;
    const QList<PVTopology>* podPVTopologies = nullptr;
    if (const auto* stateData = state.read<StateData>(preFilterStateKey)) {
        podPVTopologies = &stateData->podPVTopologies;
    } else {
        // Without PreFilter's state upstream computes the topologies here.
        if (Status status = getPVbyPod(pod, computed); !status.isSuccess())
            return status;
        podPVTopologies = &computed;
    }

    // A node without any topology label fits: the single-zone cluster whose nodes are not labelled.
    const Labels& nodeLabels = nodeInfo.node().meta.labels;
    bool hasAnyNodeConstraint = false;
    for (const auto& key : topologyLabels()) {
        if (nodeLabels.contains(key)) {
            hasAnyNodeConstraint = true;
            break;
        }
    }
    if (!hasAnyNodeConstraint)
        return {};

    for (const auto& topology : *podPVTopologies) {
        auto it = nodeLabels.constFind(topology.key);
        if (it == nodeLabels.cend())
            it = nodeLabels.constFind(translateToGALabel(topology.key));
        if (it == nodeLabels.cend() || !topology.values.contains(*it))
            return Status(Code::UnschedulableAndUnresolvable, ErrReasonConflict);
    }
    return {};
}

// ---- QueueingHints (volume_zone.go v1.32: EventsToRegister with hints on,
// isSchedulableAfterPersistentVolumeClaimChange, isSchedulableAfterStorageClassAdded,
// isSchedulableAfterPersistentVolumeChange, getPVTopologies) ----------------------------------------

QList<framework::ClusterEventWithHint> VolumeZone::eventsToRegister() const
{
    using namespace framework;
    return {
        // volumeBindingMode is immutable, so only a new WaitForFirstConsumer class can help.
        {clusterEvent(EventResource::StorageClass, action::Add), &VolumeZone::isSchedulableAfterStorageClassAdded},
        {clusterEvent(EventResource::Node, action::Add | action::UpdateNodeLabel), {}},
        // A new claim, or one whose volumeName got filled.
        {clusterEvent(EventResource::PersistentVolumeClaim, action::Add | action::Update),
         &VolumeZone::isSchedulableAfterPersistentVolumeClaimChange},
        // A new PV, or one whose zone labels changed.
        {clusterEvent(EventResource::PersistentVolume, action::Add | action::Update), &VolumeZone::isSchedulableAfterPersistentVolumeChange},
    };
}

framework::QueueingHint VolumeZone::isSchedulableAfterPersistentVolumeClaimChange(const Pod& pod, const KubeObject* oldObj,
                                                                                 const KubeObject* newObj)
{
    const PersistentVolumeClaim* oldClaim = nullptr;
    const PersistentVolumeClaim* modifiedClaim = nullptr;
    if (!framework::as(oldObj, newObj, oldClaim, modifiedClaim))
        return framework::QueueingHint::Queue;
    // isPVCRequestedFromPod: only persistentVolumeClaim volumes (getPersistentVolumeClaimNameFromPod).
    if (!modifiedClaim || pod.meta.namespace_ != modifiedClaim->meta.namespace_)
        return framework::QueueingHint::QueueSkip;
    for (const auto& volume : pod.volumes) {
        if (storage::isPersistentVolumeClaim(volume) && volume.claimName == modifiedClaim->meta.name)
            return framework::QueueingHint::Queue;
    }
    return framework::QueueingHint::QueueSkip;
}

framework::QueueingHint VolumeZone::isSchedulableAfterStorageClassAdded(const Pod& /*pod*/, const KubeObject* /*oldObj*/,
                                                                       const KubeObject* newObj)
{
    const StorageClass* unused = nullptr;
    const StorageClass* addedClass = nullptr;
    if (!framework::as(nullptr, newObj, unused, addedClass) || !addedClass)
        return framework::QueueingHint::Queue;
    return addedClass->volumeBindingMode == VolumeBindingMode::WaitForFirstConsumer ? framework::QueueingHint::Queue
                                                                                    : framework::QueueingHint::QueueSkip;
}

framework::QueueingHint VolumeZone::isSchedulableAfterPersistentVolumeChange(const Pod& /*pod*/, const KubeObject* oldObj,
                                                                            const KubeObject* newObj)
{
    const PersistentVolume* originalPV = nullptr;
    const PersistentVolume* modifiedPV = nullptr;
    if (!framework::as(oldObj, newObj, originalPV, modifiedPV) || !modifiedPV)
        return framework::QueueingHint::Queue;
    if (!originalPV)
        return framework::QueueingHint::Queue;
    // Only the zone and region labels matter: spec.nodeAffinity is immutable and NodeAffinity's concern.
    const QList<PVTopology> original = getPVTopologies(*originalPV);
    const QList<PVTopology> modified = getPVTopologies(*modifiedPV);
    const bool changed = original.size() != modified.size()
        || !std::equal(original.cbegin(), original.cend(), modified.cbegin(), [](const PVTopology& a, const PVTopology& b) {
               return a.pvName == b.pvName && a.key == b.key && a.values == b.values;
           });
    return changed ? framework::QueueingHint::Queue : framework::QueueingHint::QueueSkip;
}

QList<VolumeZone::PVTopology> VolumeZone::getPVTopologies(const PersistentVolume& pv)
{
    QList<PVTopology> topologies;
    for (const auto& key : topologyLabels()) {
        const auto it = pv.meta.labels.constFind(key);
        if (it == pv.meta.labels.cend())
            continue;
        // A label that does not parse is logged and ignored upstream.
        if (auto zones = labelZonesToSet(*it))
            topologies.append({pv.meta.name, key, *zones});
    }
    return topologies;
}

} // namespace ksv::plugins
