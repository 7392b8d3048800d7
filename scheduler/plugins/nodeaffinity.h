#pragma once

// NodeAffinity (pkg/scheduler/framework/plugins/nodeaffinity/node_affinity.go): the pod's
// spec.nodeSelector and required node affinity as a filter, its preferred terms as a score, and the
// profile's addedAffinity applied to every pod.

#include "config/args.h"
#include "framework/events.h"
#include "framework/interface.h"
#include "nodeaffinitymatching.h"

namespace ksv::plugins {

class NodeAffinity final : public framework::Plugin,
                           public framework::PreFilterPlugin,
                           public framework::FilterPlugin,
                           public framework::PreScorePlugin,
                           public framework::ScorePlugin,
                           public framework::ScoreExtensions,
                           public framework::EnqueueExtensions
{
public:
    static inline const QString Name = QStringLiteral("NodeAffinity");
    static inline const QString ErrReasonPod = QStringLiteral("node(s) didn't match Pod's node affinity/selector");
    static inline const QString ErrReasonEnforced = QStringLiteral("node(s) didn't match scheduler-enforced node affinity");
    static inline const QString ErrReasonConflict = QStringLiteral("pod affinity terms conflict");

    // New. The added affinity is parsed strictly: a term that does not parse throws LoadError, as
    // upstream's New fails (the configuration's validation normally refuses such args first).
    explicit NodeAffinity(const config::NodeAffinityArgs& args, framework::Handle& handle);

    QString name() const override { return Name; }

    framework::PreFilterOutcome preFilter(framework::CycleState& state, const Pod& pod,
                                          const QList<framework::NodeInfoPtr>& nodes) override;
    framework::Status filter(framework::CycleState& state, const Pod& pod, const framework::NodeInfo& nodeInfo) override;

    framework::Status preScore(framework::CycleState& state, const Pod& pod, const QList<framework::NodeInfoPtr>& nodes) override;
    framework::ScoreOutcome score(framework::CycleState& state, const Pod& pod, const framework::NodeInfo& nodeInfo) override;
    framework::ScoreExtensions* scoreExtensions() override { return this; }
    framework::Status normalizeScore(framework::CycleState& state, const Pod& pod, QList<framework::NodeScore>& scores) override;

    QList<framework::ClusterEventWithHint> eventsToRegister() const override;
    framework::QueueingHint isSchedulableAfterNodeChange(const Pod& pod, const KubeObject* oldObj, const KubeObject* newObj) const;

private:
    framework::Handle& m_handle;
    std::optional<nodeaffinity::LazyErrorNodeSelector> m_addedNodeSelector;
    std::optional<nodeaffinity::PreferredSchedulingTerms> m_addedPrefSchedTerms;
};

} // namespace ksv::plugins
