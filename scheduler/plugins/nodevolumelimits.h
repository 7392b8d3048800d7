#pragma once

// NodeVolumeLimits (pkg/scheduler/framework/plugins/nodevolumelimits/csi.go, v1.32; the Go type is
// CSILimits): the CSI volumes a node can attach per driver, from its CSINode's allocatable counts (or
// the node's attachable-volumes-* allocatable). The non-CSI EBSLimits, GCEPDLimits, AzureDiskLimits
// and CinderLimits plugins were deleted in v1.32.

#include "framework/events.h"
#include "framework/interface.h"

namespace ksv::plugins {

class NodeVolumeLimits : public framework::Plugin,
                         public framework::PreFilterPlugin,
                         public framework::FilterPlugin,
                         public framework::EnqueueExtensions
{
public:
    static inline const QString Name = QStringLiteral("NodeVolumeLimits");
    static inline const QString ErrReasonMaxVolumeCountExceeded = QStringLiteral("node(s) exceed max volume count");

    explicit NodeVolumeLimits(framework::Handle& handle);

    QString name() const override { return Name; }

    framework::PreFilterOutcome preFilter(framework::CycleState& state, const Pod& pod,
                                          const QList<framework::NodeInfoPtr>& nodes) override;
    framework::Status filter(framework::CycleState& state, const Pod& pod, const framework::NodeInfo& nodeInfo) override;

    // volumeutil.GetCSIAttachLimitKey: "attachable-volumes-csi-<driver>", with a driver name too long
    // for a resource name replaced by the leading hex digits of its SHA-1.
    static QString csiAttachLimitKey(const QString& driverName);

    QList<framework::ClusterEventWithHint> eventsToRegister() const override;
    static framework::QueueingHint isSchedulableAfterPodDeleted(const Pod& pod, const KubeObject* oldObj, const KubeObject* newObj);
    static framework::QueueingHint isSchedulableAfterPVCAdded(const Pod& pod, const KubeObject* oldObj, const KubeObject* newObj);

private:
    // filterAttachableVolumes: the pod's CSI volumes as "<driver>/<volumeHandle>" → limit key.
    // Returns a non-success status only for errors; `newPod` makes a missing PVC an error.
    framework::Status filterAttachableVolumes(const Pod& pod, const CSINode* csiNode, bool newPod,
                                              QHash<QString, QString>& result) const;
    // getCSIDriverInfo / getCSIDriverInfoFromSC: driver name and volume handle, empty if not counted.
    std::pair<QString, QString> csiDriverInfo(const CSINode* csiNode, const PersistentVolumeClaim& claim) const;
    std::pair<QString, QString> csiDriverInfoFromStorageClass(const CSINode* csiNode, const PersistentVolumeClaim& claim) const;

    framework::Handle& m_handle;
    QString m_randomVolumeIDPrefix;
};

} // namespace ksv::plugins
