#include "nodevolumelimits.h"

#include "storagehelpers.h"

#include <QCryptographicHash>
#include <QRegularExpression>

namespace ksv::plugins {

using framework::Code;
using framework::Status;

namespace {

const QString awsEBSInTreePluginName = QStringLiteral("kubernetes.io/aws-ebs");
const QString gcePDInTreePluginName = QStringLiteral("kubernetes.io/gce-pd");
const QString azureDiskInTreePluginName = QStringLiteral("kubernetes.io/azure-disk");
const QString cinderInTreePluginName = QStringLiteral("kubernetes.io/cinder");
const QString portworxVolumePluginName = QStringLiteral("kubernetes.io/portworx-volume");
const QString awsEBSDriverName = QStringLiteral("ebs.csi.aws.com");
const QString gcePDDriverName = QStringLiteral("pd.csi.storage.gke.io");

// csi-translation-lib's in-tree plugins and the CSI drivers they migrate to
// (GetCSINameFromInTreeName; IsMigratableIntreePluginByName is "is a key here").
const QHash<QString, QString>& inTreeToCSIDriver()
{
    static const QHash<QString, QString> drivers = {
        {awsEBSInTreePluginName, awsEBSDriverName},
        {gcePDInTreePluginName, gcePDDriverName},
        {azureDiskInTreePluginName, QStringLiteral("disk.csi.azure.com")},
        {QStringLiteral("kubernetes.io/azure-file"), QStringLiteral("file.csi.azure.com")},
        {cinderInTreePluginName, QStringLiteral("cinder.csi.openstack.org")},
        {QStringLiteral("kubernetes.io/vsphere-volume"), QStringLiteral("csi.vsphere.vmware.com")},
        {portworxVolumePluginName, QStringLiteral("pxd.portworx.com")},
    };
    return drivers;
}

// isCSIMigrationOn (utils.go): GA migrations need only a CSINode; Portworx (beta, on by default since
// v1.31) must also be listed in the CSINode's migrated-plugins annotation; Azure File and vSphere are
// not handled and count as off. The RBD migration was removed in v1.31.
bool isCSIMigrationOn(const CSINode* csiNode, const QString& pluginName)
{
    if (!csiNode || pluginName.isEmpty())
        return false;
    if (pluginName == awsEBSInTreePluginName || pluginName == gcePDInTreePluginName
        || pluginName == azureDiskInTreePluginName || pluginName == cinderInTreePluginName)
        return true;
    if (pluginName != portworxVolumePluginName)
        return false;
    const QString migrated = csiNode->meta.annotations.value(storage::migratedPluginsAnnotation);
    return !migrated.isEmpty() && migrated.split(QLatin1Char(',')).contains(pluginName);
}

// The in-tree inline sources of the model that csi-translation-lib can migrate (IsInlineMigratable).
bool isInlineMigratable(const Volume& volume)
{
    return volume.type == storage::volumeTypeGCEPersistentDisk || volume.type == storage::volumeTypeAWSElasticBlockStore;
}

// KubernetesVolumeIDToEBSVolumeID: "aws://<zone>/<id>", "aws:///<id>" or a bare id.
std::optional<QString> ebsVolumeID(const QString& kubernetesID, QString& error)
{
    static const QString scheme = QStringLiteral("aws://");
    if (!kubernetesID.startsWith(scheme))
        return kubernetesID;
    const QString rest = kubernetesID.mid(scheme.size());
    const qsizetype slash = rest.indexOf(QLatin1Char('/'));
    QString awsID = slash < 0 ? QString() : rest.mid(slash);
    while (awsID.startsWith(QLatin1Char('/')))
        awsID.remove(0, 1);
    while (awsID.endsWith(QLatin1Char('/')))
        awsID.chop(1);
    static const QRegularExpression awsVolumeRegMatch(QStringLiteral("^vol-[^/]*$"));
    if (!awsVolumeRegMatch.match(awsID).hasMatch()) {
        error = QStringLiteral("Invalid format for AWS volume (") + kubernetesID + QLatin1Char(')');
        return std::nullopt;
    }
    return awsID;
}

// volumeLimits (utils.go): the node's attachable-volumes-* allocatable, overridden by the CSINode's
// per-driver allocatable counts (getVolumeLimits).
QHash<QString, qint64> volumeLimits(const framework::NodeInfo& nodeInfo, const CSINode* csiNode)
{
    QHash<QString, qint64> limits;
    const auto& scalars = nodeInfo.allocatable().scalarResources;
    for (auto it = scalars.cbegin(); it != scalars.cend(); ++it) {
        if (it.key().startsWith(QLatin1String("attachable-volumes-")))
            limits.insert(it.key(), it.value());
    }
    if (csiNode) {
        for (const auto& driver : csiNode->drivers) {
            if (driver.allocatableCount)
                limits.insert(NodeVolumeLimits::csiAttachLimitKey(driver.name), *driver.allocatableCount);
        }
    }
    return limits;
}

} // namespace

NodeVolumeLimits::NodeVolumeLimits(framework::Handle& handle)
    : m_handle(handle)
    // Upstream draws rand.String(32) once, only so that the made-up handles of unbound claims cannot
    // collide with real volume handles; the value never shows. A constant keeps runs reproducible
    // without taking numbers from the scenario's random sequence.
    , m_randomVolumeIDPrefix(QStringLiteral("bcdfghjklmnpqrstvwxz2456789bcdfg"))
{
}

QString NodeVolumeLimits::csiAttachLimitKey(const QString& driverName)
{
    static const QString prefix = QStringLiteral("attachable-volumes-csi-");
    constexpr qsizetype resourceNameLengthLimit = 63;
    if (prefix.size() + driverName.size() <= resourceNameLengthLimit)
        return prefix + driverName;
    const QByteArray hashed = QCryptographicHash::hash(driverName.toUtf8(), QCryptographicHash::Sha1).toHex();
    return prefix + QString::fromLatin1(hashed.left(resourceNameLengthLimit - prefix.size()));
}

framework::PreFilterOutcome NodeVolumeLimits::preFilter(framework::CycleState& /*state*/, const Pod& pod,
                                                        const QList<framework::NodeInfoPtr>& /*nodes*/)
{
    for (const auto& volume : pod.volumes) {
        if (storage::isPersistentVolumeClaim(volume) || storage::isEphemeral(volume) || isInlineMigratable(volume))
            return {};
    }
    return {{}, Status(Code::Skip)};
}

Status NodeVolumeLimits::filter(framework::CycleState& /*state*/, const Pod& pod, const framework::NodeInfo& nodeInfo)
{
    if (pod.volumes.isEmpty())
        return {};

    // A node without a CSINode may still have limits in its allocatable.
    const CSINode* csiNode = m_handle.lister().csiNode(nodeInfo.name());

    QHash<QString, QString> newVolumes;
    if (Status status = filterAttachableVolumes(pod, csiNode, true, newVolumes); !status.isSuccess())
        return status;
    if (newVolumes.isEmpty())
        return {};

    const QHash<QString, qint64> limits = volumeLimits(nodeInfo, csiNode);
    if (limits.isEmpty())
        return {};

    QHash<QString, QString> attachedVolumes;
    for (const auto& existing : nodeInfo.pods()) {
        if (Status status = filterAttachableVolumes(*existing->pod, csiNode, false, attachedVolumes); !status.isSuccess())
            return status;
    }

    // A volume already attached for another pod is not counted twice.
    QHash<QString, qint64> attachedVolumeCount;
    for (auto it = attachedVolumes.cbegin(); it != attachedVolumes.cend(); ++it) {
        newVolumes.remove(it.key());
        ++attachedVolumeCount[it.value()];
    }
    QHash<QString, qint64> newVolumeCount;
    for (const auto& limitKey : std::as_const(newVolumes))
        ++newVolumeCount[limitKey];

    for (auto it = newVolumeCount.cbegin(); it != newVolumeCount.cend(); ++it) {
        const auto limit = limits.constFind(it.key());
        if (limit != limits.cend() && attachedVolumeCount.value(it.key()) + it.value() > *limit)
            return Status(Code::Unschedulable, ErrReasonMaxVolumeCountExceeded);
    }
    return {};
}

Status NodeVolumeLimits::filterAttachableVolumes(const Pod& pod, const CSINode* csiNode, bool newPod,
                                                 QHash<QString, QString>& result) const
{
    for (const auto& volume : pod.volumes) {
        const bool ephemeral = storage::isEphemeral(volume);
        if (!storage::isPersistentVolumeClaim(volume) && !ephemeral) {
            // checkAttachableInlineVolume: an inline in-tree disk counts against its CSI driver once
            // the node has migrated the plugin.
            if (!isInlineMigratable(volume))
                continue;
            const bool gce = volume.type == storage::volumeTypeGCEPersistentDisk;
            if (!isCSIMigrationOn(csiNode, gce ? gcePDInTreePluginName : awsEBSInTreePluginName))
                continue;
            QString handle;
            if (gce) {
                // The inline GCE PD translates to a zonal handle with project and zone unknown.
                handle = QStringLiteral("projects/UNSPECIFIED/zones/UNSPECIFIED/disks/") + volume.gcePdName;
            } else {
                QString error;
                const std::optional<QString> id = ebsVolumeID(volume.awsVolumeID, error);
                if (!id)
                    return Status::error(QStringLiteral("converting volume(") + volume.name
                                         + QStringLiteral(") from inline to csi: failed to translate Kubernetes ID to EBS Volume ID ")
                                         + error);
                handle = *id;
            }
            const QString& driverName = gce ? gcePDDriverName : awsEBSDriverName;
            result.insert(driverName + QLatin1Char('/') + handle, csiAttachLimitKey(driverName));
            continue;
        }

        const QString& claimName = volume.claimName;
        if (claimName.isEmpty())
            return Status::error(QStringLiteral("PersistentVolumeClaim had no name"));
        const PersistentVolumeClaim* claim = m_handle.lister().persistentVolumeClaim(pod.meta.namespace_, claimName);
        if (!claim) {
            // The new pod cannot run without its claim; an existing pod's missing claim is not counted.
            if (newPod)
                return Status(Code::UnschedulableAndUnresolvable, QStringLiteral("looking up PVC ") + pod.meta.namespace_
                                  + QLatin1Char('/') + claimName + QStringLiteral(": ")
                                  + storage::persistentVolumeClaimNotFound(claimName));
            continue;
        }
        if (ephemeral) {
            if (const QString error = storage::ephemeralVolumeIsForPod(pod, *claim); !error.isEmpty())
                return Status::error(error);
        }

        const auto [driverName, volumeHandle] = csiDriverInfo(csiNode, *claim);
        if (driverName.isEmpty() || volumeHandle.isEmpty())
            continue;
        result.insert(driverName + QLatin1Char('/') + volumeHandle, csiAttachLimitKey(driverName));
    }
    return {};
}

std::pair<QString, QString> NodeVolumeLimits::csiDriverInfo(const CSINode* csiNode, const PersistentVolumeClaim& claim) const
{
    // An unbound claim, or one whose PV is gone, is counted by its StorageClass's provisioner.
    if (claim.volumeName.isEmpty())
        return csiDriverInfoFromStorageClass(csiNode, claim);
    const PersistentVolume* pv = m_handle.lister().persistentVolume(claim.volumeName);
    if (!pv)
        return csiDriverInfoFromStorageClass(csiNode, claim);
    // The model's PVs are CSI volumes or sources that cannot be migrated: the latter are not counted.
    if (pv->csiDriver.isEmpty())
        return {};
    return {pv->csiDriver, pv->csiVolumeHandle};
}

std::pair<QString, QString> NodeVolumeLimits::csiDriverInfoFromStorageClass(const CSINode* csiNode,
                                                                            const PersistentVolumeClaim& claim) const
{
    // Without a class, or with one that does not exist, the claim binds immediately and must already
    // be bound, so it is safe not to count it.
    const QString className = storage::persistentVolumeClaimClass(claim);
    if (className.isEmpty())
        return {};
    const StorageClass* storageClass = m_handle.lister().storageClass(className);
    if (!storageClass)
        return {};

    // A made-up handle: if the claim gets bound while this runs and another pod on the node uses the
    // same volume, the volume is counted twice, as upstream accepts.
    const QString volumeHandle =
        m_randomVolumeIDPrefix + QLatin1Char('-') + claim.meta.namespace_ + QLatin1Char('/') + claim.meta.name;
    const QString& provisioner = storageClass->provisioner;
    const auto inTree = inTreeToCSIDriver().constFind(provisioner);
    if (inTree != inTreeToCSIDriver().cend()) {
        if (!isCSIMigrationOn(csiNode, provisioner))
            return {};
        return {*inTree, volumeHandle};
    }
    return {provisioner, volumeHandle};
}

// ---- QueueingHints (csi.go v1.32: EventsToRegister, isSchedulableAfterPodDeleted,
// isSchedulableAfterPVCAdded) -------------------------------------------------------------------------

QList<framework::ClusterEventWithHint> NodeVolumeLimits::eventsToRegister() const
{
    using namespace framework;
    // Any new CSINode may raise a limit, and a detached volume (VolumeAttachment deleted, registered in
    // v1.32 by kubernetes#128337 without a hint) frees a slot. Our model has no VolumeAttachment
    // objects, so that event never arrives; it is registered so that the list matches upstream's.
    return {
        {clusterEvent(EventResource::CSINode, action::Add), {}},
        {clusterEvent(EventResource::Pod, action::Delete), &NodeVolumeLimits::isSchedulableAfterPodDeleted},
        {clusterEvent(EventResource::PersistentVolumeClaim, action::Add), &NodeVolumeLimits::isSchedulableAfterPVCAdded},
        {clusterEvent(EventResource::VolumeAttachment, action::Delete), {}},
    };
}

namespace {

// csi-translation-lib IsInlineMigratable: an inline source one of its in-tree plugins translates
// (CanSupportInline), whether or not the node has migrated it.
bool isInlineMigratableSource(const Volume& volume)
{
    static const QStringList sources = {
        QStringLiteral("awsElasticBlockStore"), QStringLiteral("gcePersistentDisk"), QStringLiteral("azureDisk"),
        QStringLiteral("azureFile"), QStringLiteral("cinder"), QStringLiteral("vsphereVolume"), QStringLiteral("portworxVolume"),
    };
    return sources.contains(volume.type);
}

} // namespace

framework::QueueingHint NodeVolumeLimits::isSchedulableAfterPodDeleted(const Pod& /*pod*/, const KubeObject* oldObj,
                                                                      const KubeObject* newObj)
{
    const Pod* deletedPod = nullptr;
    const Pod* unused = nullptr;
    if (!framework::as(oldObj, newObj, deletedPod, unused) || !deletedPod)
        return framework::QueueingHint::Queue;
    if (deletedPod->volumes.isEmpty() || deletedPod->nodeName.isEmpty())
        return framework::QueueingHint::QueueSkip;
    // Only volumes that count against a CSI limit can free a slot.
    for (const auto& volume : deletedPod->volumes) {
        if (storage::isPersistentVolumeClaim(volume) || storage::isEphemeral(volume) || isInlineMigratableSource(volume))
            return framework::QueueingHint::Queue;
    }
    return framework::QueueingHint::QueueSkip;
}

framework::QueueingHint NodeVolumeLimits::isSchedulableAfterPVCAdded(const Pod& pod, const KubeObject* oldObj,
                                                                    const KubeObject* newObj)
{
    const PersistentVolumeClaim* unused = nullptr;
    const PersistentVolumeClaim* addedClaim = nullptr;
    if (!framework::as(oldObj, newObj, unused, addedClaim) || !addedClaim)
        return framework::QueueingHint::Queue;
    if (addedClaim->meta.namespace_ != pod.meta.namespace_)
        return framework::QueueingHint::QueueSkip;
    // The claim of a persistentVolumeClaim volume, or of an ephemeral one (<pod>-<volume>, which the
    // model keeps in claimName).
    for (const auto& volume : pod.volumes) {
        if (!storage::isPersistentVolumeClaim(volume) && !storage::isEphemeral(volume))
            continue;
        if (volume.claimName == addedClaim->meta.name)
            return framework::QueueingHint::Queue;
    }
    return framework::QueueingHint::QueueSkip;
}

} // namespace ksv::plugins
