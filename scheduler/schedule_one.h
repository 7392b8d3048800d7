#pragma once

// One scheduling attempt as kube-scheduler v1.32 runs it (pkg/scheduler/schedule_one.go:
// schedulePod, findNodesThatFitPod, findNodesThatPassFilters, prioritizeNodes, selectHost). Its
// FailedScheduling message is framework::FitError's (framework/diagnosis.h).

#include "framework/diagnosis.h"
#include "framework/runtime.h"

namespace ksv {

inline const QString noNodesAvailableMessage = QStringLiteral("no nodes available to schedule pods");

// Constants of schedule_one.go.
inline constexpr qint64 minFeasibleNodesToFind = 100;
inline constexpr qint64 minFeasibleNodesPercentageToFind = 5;
inline constexpr int numberOfHighestScoredNodesToReport = 3;
// extenderv1.MaxExtenderPriority: an extender scores 0-10, scaled to MaxNodeScore.
inline constexpr qint64 maxExtenderPriority = 10;

// How the views and `explain` name an extender's filter verdicts and score column.
inline QString extenderColumnName(const QString& extenderName)
{
    return QStringLiteral("extender:") + extenderName;
}

// What one attempt computed, kept for `explain` and the inspector.
struct AttemptDetail
{
    // In Filter order, from the round-robin start. Plain node pointers, neither names nor shared
    // pointers: copying 5,000 names a cycle touched 5,000 cold strings, and 5,000 reference counts
    // were 5,000 atomic increments. They are valid while the snapshot is unchanged, i.e. while the
    // attempt's results are traced and explained at the cycle's start; later only the count is used.
    std::vector<const framework::NodeInfo*> visitedNodes;
    QList<framework::NodeInfoPtr> feasibleNodes;      // passed every filter
    framework::ScoreTable scores;                     // empty when fewer than two nodes were feasible
    framework::Status preFilterStatus;
    // Node name → the extender column (extenderColumnName) whose filter gave the node its status.
    QHash<QString, QString> extenderVerdicts;
};

struct ScheduleResult
{
    QString suggestedHost;
    int evaluatedNodes = 0;
    int feasibleNodes = 0;
};

struct ScheduleOutcome
{
    std::optional<ScheduleResult> result;        // success
    std::optional<framework::FitError> fitError; // the pod fits nowhere
    framework::Status error;                     // any other failure (Error, or no nodes at all)
    framework::Diagnosis diagnosis;              // per-node statuses, also when the pod was scheduled
    AttemptDetail detail;
};

// The part of upstream's Scheduler that schedulePod needs: the round-robin start index, the
// global percentage of nodes to score, and the seeded randomness of selectHost.
class SchedulingAlgorithm
{
public:
    explicit SchedulingAlgorithm(int percentageOfNodesToScore = 0)
        : m_percentageOfNodesToScore(percentageOfNodesToScore)
    {
    }

    // Runs PreFilter, Filter, PreScore, Score and selectHost for the pod. The framework's snapshot
    // must be the one to schedule against.
    ScheduleOutcome schedulePod(framework::Framework& framework, framework::CycleState& state, const Pod& pod);

    qint64 nextStartNodeIndex() const { return m_nextStartNodeIndex; }
    void setNextStartNodeIndex(qint64 index) { m_nextStartNodeIndex = index; }

    static qint64 numFeasibleNodesToFind(int globalPercentage, std::optional<int> profilePercentage, qint64 numAllNodes);
    // prioritizeNodes: PreScore, then Score with NormalizeScore and the weights, over the feasible
    // nodes; without score plugins every node scores 1. On failure `status` holds the error and the
    // table is empty (upstream returns nil scores with the error).
    static framework::ScoreTable prioritizeNodes(framework::Framework& framework, framework::CycleState& state, const Pod& pod,
                                                 const QList<framework::NodeInfoPtr>& nodes, framework::Status* status);
    // selectHost: the index of the highest total, ties broken by reservoir sampling with `random`
    // in list order. Upstream pops a max-heap, so it meets ties in heap order; the choice among the
    // tied nodes is uniform either way.
    static qsizetype selectHostIndex(const std::vector<qint64>& totals, framework::Random& random);
    // selectHost: the chosen node's name, and the top `count` entries (selected first).
    static QString selectHost(const QList<framework::NodePluginScores>& scores, int count, framework::Random& random,
                              QList<framework::NodePluginScores>* top = nullptr);
    // findNodesThatPassExtenders: each interested extender, in order, filters what the one before
    // left; its rejections overwrite the nodes' statuses. An error from a non-ignorable extender
    // fails the attempt (outcome.error) with the extender's text.
    static QList<framework::NodeInfoPtr> findNodesThatPassExtenders(const QList<framework::Extender*>& extenders, const Pod& pod,
                                                                     QList<framework::NodeInfoPtr> feasible,
                                                                     framework::NodeToStatus& statuses, ScheduleOutcome& outcome);
    static bool hasExtenderFilters(const framework::Framework& framework);
    // hasScoring: Score plugins, or an extender that prioritizes.
    static bool hasScoring(const framework::Framework& framework);
    // One extender's Prioritize answer as a score column: its 0-10 scores, weighted by its weight ×
    // MaxNodeScore / MaxExtenderPriority, added to the totals.
    static void addExtenderScores(framework::ScoreTable& scores, const QString& column, const framework::ExtenderPrioritizeResult& result);

private:
    QList<framework::NodeInfoPtr> findNodesThatFitPod(framework::Framework& framework, framework::CycleState& state,
                                                      const Pod& pod, framework::Diagnosis& diagnosis, ScheduleOutcome& outcome);
    QList<framework::NodeInfoPtr> findNodesThatPassFilters(framework::Framework& framework, framework::CycleState& state,
                                                           const Pod& pod, framework::Diagnosis& diagnosis,
                                                           const QList<framework::NodeInfoPtr>& nodes, ScheduleOutcome& outcome);

    int m_percentageOfNodesToScore = 0;
    qint64 m_nextStartNodeIndex = 0;
    // The parallel Filter pass's per-node statuses, by position from the round-robin start. Kept
    // between cycles so that 5,000 slots are not allocated each time.
    std::vector<framework::Status> m_filterStatuses;
};

} // namespace ksv
