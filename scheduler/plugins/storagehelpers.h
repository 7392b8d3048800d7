#pragma once

// What the volume plugins share from k8s.io/component-helpers/storage (volume/helpers.go,
// volume/pv_helpers.go, ephemeral/ephemeral.go) and from the informer listers' NotFound errors, so
// that VolumeBinding, VolumeRestrictions, VolumeZone and NodeVolumeLimits word a missing object the
// same way kube-scheduler does.

#include "api/objects.h"

#include <QString>

namespace ksv::plugins::storage {

inline const QString betaStorageClassAnnotation = QStringLiteral("volume.beta.kubernetes.io/storage-class");
inline const QString annBindCompleted = QStringLiteral("pv.kubernetes.io/bind-completed");
inline const QString annBoundByController = QStringLiteral("pv.kubernetes.io/bound-by-controller");
inline const QString annSelectedNode = QStringLiteral("volume.kubernetes.io/selected-node");
inline const QString notSupportedProvisioner = QStringLiteral("kubernetes.io/no-provisioner");
inline const QString migratedPluginsAnnotation = QStringLiteral("storage.alpha.kubernetes.io/migrated-plugins");

inline const QString volumeTypePersistentVolumeClaim = QStringLiteral("persistentVolumeClaim");
inline const QString volumeTypeEphemeral = QStringLiteral("ephemeral");
inline const QString volumeTypeGCEPersistentDisk = QStringLiteral("gcePersistentDisk");
inline const QString volumeTypeAWSElasticBlockStore = QStringLiteral("awsElasticBlockStore");
inline const QString volumeTypeISCSI = QStringLiteral("iscsi");
inline const QString volumeTypeRBD = QStringLiteral("rbd");

inline bool isPersistentVolumeClaim(const Volume& volume) { return volume.type == volumeTypePersistentVolumeClaim; }
inline bool isEphemeral(const Volume& volume) { return volume.type == volumeTypeEphemeral; }

// Go's %q for the names that appear in these messages: quotes and backslashes escaped.
inline QString goQuote(const QString& text)
{
    QString quoted = text;
    quoted.replace(QLatin1Char('\\'), QStringLiteral("\\\\"));
    quoted.replace(QLatin1Char('"'), QStringLiteral("\\\""));
    return QLatin1Char('"') + quoted + QLatin1Char('"');
}

// errors.NewNotFound as the generated client-go listers raise it: the singular, lower-case resource
// ("persistentvolumeclaim", "storageclass.storage.k8s.io"). Upstream's unit tests use fake listers
// that print plurals; a running kube-scheduler prints these.
inline QString persistentVolumeClaimNotFound(const QString& name)
{
    return QStringLiteral("persistentvolumeclaim ") + goQuote(name) + QStringLiteral(" not found");
}
inline QString persistentVolumeNotFound(const QString& name)
{
    return QStringLiteral("persistentvolume ") + goQuote(name) + QStringLiteral(" not found");
}
inline QString storageClassNotFound(const QString& name)
{
    return QStringLiteral("storageclass.storage.k8s.io ") + goQuote(name) + QStringLiteral(" not found");
}

// volume.GetPersistentVolumeClaimClass: the beta annotation wins over spec.storageClassName.
inline QString persistentVolumeClaimClass(const PersistentVolumeClaim& claim)
{
    const auto it = claim.meta.annotations.constFind(betaStorageClassAnnotation);
    if (it != claim.meta.annotations.cend())
        return *it;
    return claim.hasStorageClassName ? claim.storageClassName : QString();
}

// volume.GetPersistentVolumeClass.
inline QString persistentVolumeClass(const PersistentVolume& volume)
{
    const auto it = volume.meta.annotations.constFind(betaStorageClassAnnotation);
    return it != volume.meta.annotations.cend() ? *it : volume.storageClassName;
}

// v1helper.ContainsAccessMode.
inline bool containsAccessMode(const QList<PersistentVolumeAccessMode>& modes, PersistentVolumeAccessMode mode)
{
    return modes.contains(mode);
}

// volume.IsVolumeBoundToClaim: pre-bound or bound to this claim (the UID only when the PV names one).
inline bool isVolumeBoundToClaim(const PersistentVolume& volume, const PersistentVolumeClaim& claim)
{
    if (!volume.claimRef)
        return false;
    if (claim.meta.name != volume.claimRef->name || claim.meta.namespace_ != volume.claimRef->namespace_)
        return false;
    return volume.claimRef->uid.isEmpty() || claim.meta.uid == volume.claimRef->uid;
}

// ephemeral.VolumeIsForPod: the PVC of a generic ephemeral volume must be controlled by the pod.
// Returns upstream's error text, or an empty string when the claim belongs to the pod.
inline QString ephemeralVolumeIsForPod(const Pod& pod, const PersistentVolumeClaim& claim)
{
    bool controlledByPod = false;
    // metav1.IsControlledBy: the first controller reference decides.
    for (const auto& owner : claim.meta.ownerReferences) {
        if (owner.controller) {
            controlledByPod = owner.uid == pod.meta.uid;
            break;
        }
    }
    if (claim.meta.namespace_ == pod.meta.namespace_ && controlledByPod)
        return {};
    return QStringLiteral("PVC ") + claim.meta.namespace_ + QLatin1Char('/') + claim.meta.name
        + QStringLiteral(" was not created for pod ") + pod.meta.namespace_ + QLatin1Char('/') + pod.meta.name
        + QStringLiteral(" (pod is not owner)");
}

} // namespace ksv::plugins::storage
