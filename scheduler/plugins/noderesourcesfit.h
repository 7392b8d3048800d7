#pragma once

// NodeResourcesFit (pkg/scheduler/framework/plugins/noderesources/fit.go, v1.32): Filter rejects a
// node without room for the pod's requests; Score ranks nodes by the configured strategy
// (LeastAllocated, MostAllocated or RequestedToCapacityRatio).

#include "resourceallocation.h"

#include "config/args.h"
#include "framework/events.h"
#include "framework/interface.h"

#include <QSet>

namespace ksv::plugins {

class NodeResourcesFit : public framework::Plugin,
                         public framework::PreFilterPlugin,
                         public framework::FilterPlugin,
                         public framework::PreScorePlugin,
                         public framework::ScorePlugin,
                         public framework::EnqueueExtensions
{
public:
    static inline const QString Name = QStringLiteral("NodeResourcesFit");
    static inline const QString preFilterStateKey = QStringLiteral("PreFilterNodeResourcesFit");
    static inline const QString preScoreStateKey = QStringLiteral("PreScoreNodeResourcesFit");

    // A scalar resource Filter compares, with its reason string built once per cycle rather than
    // once per node that lacks it.
    struct ScalarRequest
    {
        QString name;
        qint64 quantity = 0;
        QString reason; // "Insufficient <name>"
    };

    // preFilterState: computePodResourceRequest, plus the scalar requests Filter has to check, those
    // that are non-zero and not ignored (the per-node part of fitsRequest's loop, hoisted).
    struct PreFilterState : public framework::StateData
    {
        framework::Resource request;
        QList<ScalarRequest> scalarsToCheck;
        std::unique_ptr<framework::StateData> clone() const override { return std::make_unique<PreFilterState>(*this); }
    };

    // InsufficientResource: what the node lacks, for the reason and for callers that want numbers.
    struct InsufficientResource
    {
        QString resourceName;
        QString reason;
        qint64 requested = 0; // by the pod
        qint64 used = 0;      // by the node's pods
        qint64 capacity = 0;  // allocatable
    };

    explicit NodeResourcesFit(const config::NodeResourcesFitArgs& args, framework::Handle& handle);

    QString name() const override { return Name; }

    framework::PreFilterOutcome preFilter(framework::CycleState& state, const Pod& pod,
                                          const QList<framework::NodeInfoPtr>& nodes) override;
    framework::Status filter(framework::CycleState& state, const Pod& pod, const framework::NodeInfo& nodeInfo) override;
    framework::Status preScore(framework::CycleState& state, const Pod& pod,
                               const QList<framework::NodeInfoPtr>& nodes) override;
    framework::ScoreOutcome score(framework::CycleState& state, const Pod& pod, const framework::NodeInfo& nodeInfo) override;

    // computePodResourceRequest with this plugin's ignoredResources / ignoredResourceGroups applied.
    PreFilterState computePodResourceRequest(const Pod& pod) const;

    // fitsRequest: every resource the node lacks, in upstream's order (pods, cpu, memory,
    // ephemeral-storage, then scalar resources; those by name, where Go's map order is random).
    static QList<InsufficientResource> fitsRequest(const PreFilterState& podRequest, const framework::NodeInfo& nodeInfo);

    QList<framework::ClusterEventWithHint> eventsToRegister() const override;
    framework::QueueingHint isSchedulableAfterPodEvent(const Pod& pod, const KubeObject* oldObj, const KubeObject* newObj) const;
    static framework::QueueingHint isSchedulableAfterNodeChange(const Pod& pod, const KubeObject* oldObj, const KubeObject* newObj);
    // isSchedulableAfterPodScaleDown: the update is the pod's own, or shrinks a scheduled pod's request
    // of a resource the pod asks for.
    bool isSchedulableAfterPodScaleDown(const Pod& targetPod, const Pod& originalPod, const Pod& modifiedPod) const;
    // haveAnyRequestedResourcesIncreased: the node's pod count, or the allocatable of a resource the pod
    // requests, grew.
    static bool haveAnyRequestedResourcesIncreased(const Pod& pod, const Node& originalNode, const Node& modifiedNode);
    // isFit: the pod fits the empty node (Fits: no resource ignored); false for no node.
    static bool isFit(const Pod& pod, const Node* node);

    // InPlacePodVerticalScaling is alpha and off in v1.32; upstream's tests turn it on.
    void setEnableInPlacePodVerticalScalingForTesting(bool enable) { m_enableInPlacePodVerticalScaling = enable; }

private:
    QSet<QString> m_ignoredResources;
    QSet<QString> m_ignoredResourceGroups;
    ResourceAllocationScorer m_resourceAllocationScorer;
    bool m_enableInPlacePodVerticalScaling = false;
};

} // namespace ksv::plugins
