#pragma once

// VolumeBinding (pkg/scheduler/framework/plugins/volumebinding/volume_binding.go, v1.32): a pod's
// PersistentVolumeClaims must be bound, or bindable on the node (a matching Available PV, or dynamic
// provisioning), and bound PVs' node affinity must match. Reserve and PreBind record the binding
// decisions in the CycleState; the scheduling loop applies them to the cluster.

#include "volumebinder.h"

#include "config/args.h"
#include "framework/events.h"
#include "framework/interface.h"

#include <mutex>

#include <optional>

namespace ksv::plugins {

class VolumeBinding : public framework::Plugin,
                      public framework::PreFilterPlugin,
                      public framework::FilterPlugin,
                      public framework::PreScorePlugin,
                      public framework::ScorePlugin,
                      public framework::ReservePlugin,
                      public framework::PreBindPlugin,
                      public framework::EnqueueExtensions
{
public:
    static inline const QString Name = QStringLiteral("VolumeBinding");
    static inline const QString stateKey = Name;
    static inline const QString ErrReasonUnboundImmediate = QStringLiteral("pod has unbound immediate PersistentVolumeClaims");

    // stateData: written in PreFilter, filled per node in Filter, read in Reserve and PreBind.
    struct StateData : public framework::StateData
    {
        // Set by Reserve: every claim of the pod was bound already, PreBind has nothing to do.
        bool allBound = false;
        // podVolumesByNode: Filter's decisions for each node that passed (after Reserve, the chosen
        // node's entry holds the assumed PVs and claims).
        QHash<QString, PodVolumes> podVolumesByNode;
        // nullopt when the pod has no claims (PreFilter returned Skip).
        std::optional<PodVolumeClaims> podVolumeClaims;
        // hasStaticBindings: some node would bind a pre-provisioned PV (only Score looks at it).
        bool hasStaticBindings = false;
        // The node Reserve assumed the decisions for; cleared by Unreserve (RevertAssumedPodVolumes).
        QString assumedNode;
        // Filter runs on several nodes at once and writes the two fields above it (upstream locks
        // the state too). A copy gets a mutex of its own.
        struct Lock
        {
            Lock() = default;
            Lock(const Lock&) {}
            Lock& operator=(const Lock&) { return *this; }
            std::mutex mutex;
        };
        Lock filterLock;

        std::unique_ptr<framework::StateData> clone() const override { return std::make_unique<StateData>(*this); }
    };

    VolumeBinding(const config::VolumeBindingArgs& args, framework::Handle& handle, const version::Features& features = {});

    QString name() const override { return Name; }

    framework::PreFilterOutcome preFilter(framework::CycleState& state, const Pod& pod,
                                          const QList<framework::NodeInfoPtr>& nodes) override;
    framework::Status filter(framework::CycleState& state, const Pod& pod, const framework::NodeInfo& nodeInfo) override;
    framework::Status preScore(framework::CycleState& state, const Pod& pod, const QList<framework::NodeInfoPtr>& nodes) override;
    framework::ScoreOutcome score(framework::CycleState& state, const Pod& pod, const framework::NodeInfo& nodeInfo) override;
    framework::Status reserve(framework::CycleState& state, const Pod& pod, const QString& nodeName) override;
    void unreserve(framework::CycleState& state, const Pod& pod, const QString& nodeName) override;
    framework::Status preBind(framework::CycleState& state, const Pod& pod, const QString& nodeName) override;

    // What the scheduling loop applies after PreBind succeeded: the PVs to bind (claimRef set) and the
    // claims to provision (selected-node annotation set) on the reserved node. nullptr when every
    // claim was bound already, or nothing was reserved.
    static const PodVolumes* assumedPodVolumes(const framework::CycleState& state);

    // How long upstream's PreBind waits for the PV controller to finish binding.
    qint64 bindTimeoutSeconds() const { return m_bindTimeoutSeconds; }

    QList<framework::ClusterEventWithHint> eventsToRegister() const override;
    static framework::QueueingHint isSchedulableAfterCSINodeChange(const Pod& pod, const KubeObject* oldObj, const KubeObject* newObj);
    static framework::QueueingHint isSchedulableAfterPersistentVolumeClaimChange(const Pod& pod, const KubeObject* oldObj, const KubeObject* newObj);
    static framework::QueueingHint isSchedulableAfterStorageClassChange(const Pod& pod, const KubeObject* oldObj, const KubeObject* newObj);

private:
    // podHasPVCs: whether the pod references a claim; a non-empty error when one is unusable.
    bool podHasPVCs(const Pod& pod, QString& error) const;

    framework::Handle& m_handle;
    VolumeBinder m_binder;
    qint64 m_bindTimeoutSeconds = 600;
};

} // namespace ksv::plugins
