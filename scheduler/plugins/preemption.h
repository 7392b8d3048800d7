#pragma once

// The preemption evaluator (pkg/scheduler/framework/preemption/preemption.go, v1.32, with the
// SchedulerAsyncPreemption gate off): find the nodes where evicting lower-priority pods could let the
// pod fit, dry-run the evictions on copies of those nodes, pick one node and name its victims.
//
// Upstream runs the dry run on 16 goroutines and keeps nodes and candidates in Go maps. We run it
// serially (upstream's tests do too, with parallelism 1, where the order matters), list nodes in the
// snapshot's order, and break the last tie of pickOneNodeForPreemption by candidate order, where Go's
// map order is random: a run is reproducible, and every choice is one upstream could have made.

#include "framework/interface.h"

#include <QSet>

#include <optional>
#include <utility>

namespace ksv::preemption {

// A PodDisruptionBudget as preemption reads it (filterPodsWithPDBViolation): its namespace and
// selector, and its status. Our object model has no status.disruptedPods; tests fill it in directly.
struct DisruptionBudget
{
    QString namespace_;
    std::optional<LabelSelector> selector;
    int disruptionsAllowed = 0;
    QSet<QString> disruptedPods; // names of pods whose eviction the API server has processed
};

// extenderv1.Victims: the pods to evict, most important first, and how many of them a PDB protects.
using Victims = framework::ExtenderVictims;

// preemption.Candidate: a node the pod could be nominated to, and what it takes.
struct Candidate
{
    QString name;
    Victims victims;
};

// What SelectVictimsOnNode returns.
struct SelectedVictims
{
    QList<framework::PodInfoPtr> victims;
    int numViolatingVictim = 0;
    framework::Status status;
};

// What PodEligibleToPreemptOthers returns: the reason is set when the pod is not eligible.
struct Eligibility
{
    bool eligible = true;
    QString reason;
};

// preemption.Interface: what a preemption plugin decides, the evaluator runs the rest.
class Interface
{
public:
    virtual ~Interface() = default;
    // GetOffsetAndNumCandidates: where the dry run starts among the potential nodes, and how many
    // candidates it should find.
    virtual std::pair<qint32, qint32> getOffsetAndNumCandidates(qint32 numNodes) = 0;
    virtual Eligibility podEligibleToPreemptOthers(const Pod& pod, const framework::Status& nominatedNodeStatus) = 0;
    // SelectVictimsOnNode: state and nodeInfo are the dry run's copies, free to change.
    virtual SelectedVictims selectVictimsOnNode(framework::CycleState& state, const Pod& pod, framework::NodeInfo& nodeInfo,
                                                const QList<DisruptionBudget>& pdbs) = 0;
};

// What DryRunPreemption returns: non-violating candidates first, then violating ones; the status of
// every node that is no candidate; and the messages of those that failed with Error, in visiting order.
struct DryRunResult
{
    QList<Candidate> candidates;
    framework::NodeToStatus nodeToStatus;
    QStringList errors;

    // utilerrors.NewAggregate(errs).Error(): one message as is, several deduplicated in "[a, b]".
    QString aggregateError() const;
};

class Evaluator
{
public:
    explicit Evaluator(QString pluginName, framework::Handle& handle, Interface& interface);

    // Preempt: the PostFilter result before DefaultPreemption prefixes its message. On success the
    // nominating info names the node and `victims` the pods to delete ("namespace/name"); deleting them
    // and clearing lower-priority nominations on that node (prepareCandidate) is the scheduling loop's.
    framework::PostFilterOutcome preempt(framework::CycleState& state, const Pod& pod, const framework::NodeToStatus& m);

    DryRunResult dryRunPreemption(framework::CycleState& state, const Pod& pod, const QList<framework::NodeInfoPtr>& potentialNodes,
                                  const QList<DisruptionBudget>& pdbs, qint32 offset, qint32 numCandidates);

    // callExtenders: every interested extender that supports preemption cuts the candidates to the
    // nodes (and victims) it returns, in the scheduler's extender order. The error of a non-ignorable
    // extender fails preemption. The candidates come back in node-name order (upstream: a Go map's).
    std::optional<QString> callExtenders(const Pod& pod, QList<Candidate>& candidates) const;

    // SelectCandidate: none for no candidates, the only one, or pickOneNodeForPreemption's.
    std::optional<Candidate> selectCandidate(const QList<Candidate>& candidates) const;

    // getPodDisruptionBudgets: every PDB the lister holds, with its status (see pdbDisruptionsAllowed).
    QList<DisruptionBudget> getPodDisruptionBudgets() const;

private:
    QString m_pluginName;
    framework::Handle& m_handle;
    Interface& m_interface;
};

// NodeToStatusReader.NodesForStatusCode: the nodes whose status has this code, absent nodes included
// when the absent status has it, in snapshot order.
QList<framework::NodeInfoPtr> nodesForStatusCode(const framework::NodeToStatus& m, const framework::Snapshot& snapshot,
                                                 framework::Code code);

// pickOneNodeForPreemption with the default score functions: fewest PDB violations, then the lowest
// highest victim priority, the smallest sum of priorities (each shifted by MaxInt32 + 1), the fewest
// victims, the latest start among the highest-priority victims; then the first candidate.
QString pickOneNodeForPreemption(const QList<Candidate>& candidates);

// util.GetPodStartTime in milliseconds: a pod without a start time counts as starting now, which is
// after every recorded start time.
qint64 podStartTime(const Pod& pod);
// util.MoreImportantPod: higher priority, then the earlier start.
bool moreImportantPod(const Pod& a, const Pod& b);
// util.GetEarliestPodStartTime: the earliest start among the victims of the highest priority.
qint64 earliestPodStartTime(const Victims& victims);

// pdb.Status.DisruptionsAllowed. A PDB read from a file rarely carries a status, which a live cluster's
// disruption controller would have written; lacking one, we compute what that controller would
// (pkg/controller/disruption: getExpectedPodCount, countHealthyPods, updatePdbStatus) from the lister's
// pods: healthy pods are the matching pods bound to a node and not being deleted; expected counts come
// from the pods (integer minAvailable) or from the replicas of their ReplicaSets and StatefulSets
// (maxUnavailable, percentage minAvailable). A pod whose controller we cannot size gives 0, as the
// controller's failSafe does.
int pdbDisruptionsAllowed(const PodDisruptionBudget& pdb, const ClusterState& cluster);

} // namespace ksv::preemption
