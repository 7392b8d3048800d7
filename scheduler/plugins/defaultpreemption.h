#pragma once

// DefaultPreemption (pkg/scheduler/framework/plugins/defaultpreemption/default_preemption.go, v1.32):
// when no node fits a pod, find a node where evicting pods of lower priority makes room, nominate the
// pod to it and name the victims. The evaluator that drives it is in preemption.h.

#include "preemption.h"

#include "config/args.h"
#include "framework/events.h"
#include "framework/interface.h"

#include <functional>

namespace ksv::plugins {

class DefaultPreemption final : public framework::Plugin,
                                public framework::PreEnqueuePlugin,
                                public framework::PostFilterPlugin,
                                public preemption::Interface,
                                public framework::EnqueueExtensions
{
public:
    static inline const QString Name = QStringLiteral("DefaultPreemption");
    static inline const QString ErrReasonPreemptionPolicyNever = QStringLiteral("not eligible due to preemptionPolicy=Never.");
    static inline const QString ErrReasonTerminatingPod =
        QStringLiteral("not eligible due to a terminating pod on the nominated node.");

    explicit DefaultPreemption(const config::DefaultPreemptionArgs& args, framework::Handle& handle);

    QString name() const override { return Name; }

    // PreEnqueue only gates pods while an asynchronous preemption runs; that gate is off in v1.32.
    framework::Status preEnqueue(const Pod& pod) override;
    framework::PostFilterOutcome postFilter(framework::CycleState& state, const Pod& pod,
                                            const framework::NodeToStatus& filteredNodeStatuses) override;

    // EventsToRegister (v1.32): with SchedulerAsyncPreemption off PreEnqueue never rejects, so no event
    // is needed. Registering none, rather than not implementing the interface, keeps the queue from
    // registering every event for this plugin.
    QList<framework::ClusterEventWithHint> eventsToRegister() const override { return {}; }

    // preemption::Interface
    std::pair<qint32, qint32> getOffsetAndNumCandidates(qint32 numNodes) override;
    preemption::Eligibility podEligibleToPreemptOthers(const Pod& pod, const framework::Status& nominatedNodeStatus) override;
    preemption::SelectedVictims selectVictimsOnNode(framework::CycleState& state, const Pod& pod, framework::NodeInfo& nodeInfo,
                                                    const QList<preemption::DisruptionBudget>& pdbs) override;

    // calculateNumCandidates: numNodes × minCandidateNodesPercentage / 100, at least
    // minCandidateNodesAbsolute, at most numNodes.
    qint32 calculateNumCandidates(qint32 numNodes) const;

    preemption::Evaluator& evaluator() { return m_evaluator; }

    // Upstream's getOffsetRand package variable: tests replace the seeded rand.Int31n to fix offsets.
    void setOffsetRandForTesting(std::function<qint32(qint32)> offsetRand) { m_offsetRand = std::move(offsetRand); }

    // filterPodsWithPDBViolation: splits the pods, keeping their order, into those whose eviction
    // would exceed a PDB's allowed disruptions and the others.
    static std::pair<QList<framework::PodInfoPtr>, QList<framework::PodInfoPtr>>
    filterPodsWithPDBViolation(const QList<framework::PodInfoPtr>& podInfos, const QList<preemption::DisruptionBudget>& pdbs);

    // podTerminatingByPreemption: being deleted, with the DisruptionTarget condition preemption sets.
    static bool podTerminatingByPreemption(const Pod& pod);

private:
    config::DefaultPreemptionArgs m_args;
    framework::Handle& m_handle;
    preemption::Evaluator m_evaluator;
    std::function<qint32(qint32)> m_offsetRand;
};

} // namespace ksv::plugins
