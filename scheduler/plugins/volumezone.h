#pragma once

// VolumeZone (pkg/scheduler/framework/plugins/volumezone/volume_zone.go, v1.32): a pod whose bound
// PersistentVolumes carry zone or region labels fits only nodes with matching labels.

#include "framework/events.h"
#include "framework/interface.h"

#include <QSet>

namespace ksv::plugins {

class VolumeZone : public framework::Plugin,
                   public framework::PreFilterPlugin,
                   public framework::FilterPlugin,
                   public framework::EnqueueExtensions
{
public:
    static inline const QString Name = QStringLiteral("VolumeZone");
    static inline const QString preFilterStateKey = QStringLiteral("PreFilterVolumeZone");
    static inline const QString ErrReasonConflict = QStringLiteral("node(s) had no available volume zone");

    // pvTopology: one topology label of a PV, its value split into the set of zones it names.
    struct PVTopology
    {
        QString pvName;
        QString key;
        QSet<QString> values;
    };

    struct StateData : public framework::StateData
    {
        QList<PVTopology> podPVTopologies;
        std::unique_ptr<framework::StateData> clone() const override { return std::make_unique<StateData>(*this); }
    };

    explicit VolumeZone(framework::Handle& handle);

    QString name() const override { return Name; }

    framework::PreFilterOutcome preFilter(framework::CycleState& state, const Pod& pod,
                                          const QList<framework::NodeInfoPtr>& nodes) override;
    framework::Status filter(framework::CycleState& state, const Pod& pod, const framework::NodeInfo& nodeInfo) override;

    QList<framework::ClusterEventWithHint> eventsToRegister() const override;
    static framework::QueueingHint isSchedulableAfterPersistentVolumeClaimChange(const Pod& pod, const KubeObject* oldObj, const KubeObject* newObj);
    static framework::QueueingHint isSchedulableAfterStorageClassAdded(const Pod& pod, const KubeObject* oldObj, const KubeObject* newObj);
    static framework::QueueingHint isSchedulableAfterPersistentVolumeChange(const Pod& pod, const KubeObject* oldObj, const KubeObject* newObj);
    // getPVTopologies: the PV's zone and region labels that parse, in topologyLabels order.
    static QList<PVTopology> getPVTopologies(const PersistentVolume& pv);

private:
    // getPVbyPod: the topology labels of the PVs bound to the pod's claims.
    framework::Status getPVbyPod(const Pod& pod, QList<PVTopology>& topologies) const;

    framework::Handle& m_handle;
};

} // namespace ksv::plugins
