#pragma once

// VolumeRestrictions (pkg/scheduler/framework/plugins/volumerestrictions/volume_restrictions.go,
// v1.32): in-tree disks that cannot be mounted twice on one node (GCE PD, AWS EBS, iSCSI, Ceph RBD),
// and PersistentVolumeClaims with the ReadWriteOncePod access mode already in use by another pod.

#include "framework/events.h"
#include "framework/interface.h"

#include <QSet>

namespace ksv::plugins {

class VolumeRestrictions : public framework::Plugin,
                           public framework::PreFilterPlugin,
                           public framework::FilterPlugin,
                           public framework::PreFilterExtensions,
                           public framework::EnqueueExtensions
{
public:
    static inline const QString Name = QStringLiteral("VolumeRestrictions");
    static inline const QString preFilterStateKey = QStringLiteral("PreFilterVolumeRestrictions");
    static inline const QString ErrReasonDiskConflict = QStringLiteral("node(s) had no available disk");
    static inline const QString ErrReasonReadWriteOncePodConflict =
        QStringLiteral("node has pod using PersistentVolumeClaim with the same name and ReadWriteOncePod access mode");

    // preFilterState: the names of the pod's ReadWriteOncePod claims, and how many scheduled pods
    // already reference them (at most one each, as the access mode promises).
    struct PreFilterState : public framework::StateData
    {
        QSet<QString> readWriteOncePodPVCs;
        int conflictingPVCRefCount = 0;

        std::unique_ptr<framework::StateData> clone() const override { return std::make_unique<PreFilterState>(*this); }
        // updateWithPod: the pod's persistentVolumeClaim volumes naming one of those claims.
        void updateWithPod(const Pod& pod, int multiplier);
    };

    explicit VolumeRestrictions(framework::Handle& handle);

    QString name() const override { return Name; }

    framework::PreFilterOutcome preFilter(framework::CycleState& state, const Pod& pod,
                                          const QList<framework::NodeInfoPtr>& nodes) override;
    framework::PreFilterExtensions* preFilterExtensions() override { return this; }
    framework::Status addPod(framework::CycleState& state, const Pod& podToSchedule, const framework::PodInfoPtr& podToAdd,
                             const framework::NodeInfo& nodeInfo) override;
    framework::Status removePod(framework::CycleState& state, const Pod& podToSchedule,
                                const framework::PodInfoPtr& podToRemove, const framework::NodeInfo& nodeInfo) override;
    framework::Status filter(framework::CycleState& state, const Pod& pod, const framework::NodeInfo& nodeInfo) override;

    // isVolumeConflict: whether `volume` cannot be mounted next to the volumes of `existingPod`.
    static bool isVolumeConflict(const Volume& volume, const Pod& existingPod);

    QList<framework::ClusterEventWithHint> eventsToRegister() const override;
    static framework::QueueingHint isSchedulableAfterPersistentVolumeClaimAdded(const Pod& pod, const KubeObject* oldObj, const KubeObject* newObj);
    static framework::QueueingHint isSchedulableAfterPodDeleted(const Pod& pod, const KubeObject* oldObj, const KubeObject* newObj);

private:
    // StorageInfos().IsPVCUsedByPods: a scheduled pod of the snapshot mounts the claim.
    bool isPVCUsedByPods(const QString& namespace_, const QString& claimName) const;

    framework::Handle& m_handle;
};

} // namespace ksv::plugins
