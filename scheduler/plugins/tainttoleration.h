#pragma once

// TaintToleration (pkg/scheduler/framework/plugins/tainttoleration/taint_toleration.go): a node's
// NoSchedule and NoExecute taints must be tolerated; its PreferNoSchedule taints lower the score.

#include "framework/events.h"
#include "framework/interface.h"
#include "version/features.h"

namespace ksv::plugins {

// v1helper.TolerationsTolerateTaint: some toleration tolerates the taint.
bool tolerationsTolerateTaint(const QList<Toleration>& tolerations, const Taint& taint);

// helper.DoNotScheduleTaintsFilterFunc: the taints that keep pods off a node.
inline bool doNotScheduleTaintsFilter(const Taint& taint)
{
    return taint.effect == TaintEffect::NoSchedule || taint.effect == TaintEffect::NoExecute;
}

// v1helper.FindMatchingUntoleratedTaint: the first taint, in the node's order, that passes
// `inclusionFilter` (all taints when null) and no toleration tolerates; null when there is none.
const Taint* findMatchingUntoleratedTaint(const QList<Taint>& taints, const QList<Toleration>& tolerations,
                                          bool (*inclusionFilter)(const Taint&) = nullptr);

class TaintToleration final : public framework::Plugin,
                              public framework::FilterPlugin,
                              public framework::PreScorePlugin,
                              public framework::ScorePlugin,
                              public framework::ScoreExtensions,
                              public framework::EnqueueExtensions
{
public:
    static inline const QString Name = QStringLiteral("TaintToleration");

    explicit TaintToleration(framework::Handle& handle, const version::Features& features = {});

    QString name() const override { return Name; }

    framework::Status filter(framework::CycleState& state, const Pod& pod, const framework::NodeInfo& nodeInfo) override;

    framework::Status preScore(framework::CycleState& state, const Pod& pod, const QList<framework::NodeInfoPtr>& nodes) override;
    framework::ScoreOutcome score(framework::CycleState& state, const Pod& pod, const framework::NodeInfo& nodeInfo) override;
    framework::ScoreExtensions* scoreExtensions() override { return this; }
    framework::Status normalizeScore(framework::CycleState& state, const Pod& pod, QList<framework::NodeScore>& scores) override;

    QList<framework::ClusterEventWithHint> eventsToRegister() const override;
    static framework::QueueingHint isSchedulableAfterNodeChange(const Pod& pod, const KubeObject* oldObj, const KubeObject* newObj);
    static framework::QueueingHint isSchedulableAfterPodTolerationChange(const Pod& pod, const KubeObject* oldObj, const KubeObject* newObj);

private:
    bool m_reasonNamesTaint; // the Filter reason of v1.34.1 and before
};

} // namespace ksv::plugins
