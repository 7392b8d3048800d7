#pragma once

// What `shadow` says about one pod: kschedviz's first attempt on the snapshot of the moment the pod
// arrived (an ExplainReport) beside what the cluster's scheduler did (a binding, or a
// FailedScheduling message), and why the two agree or not. Plain values and pure functions, so that
// the comparison is tested without a cluster (docs/live-client.md, "Shadow").

#include "explain.h"

#include <QJsonObject>

namespace ksv::client {

// The cluster's word on a pod.
struct ShadowObservation
{
    enum class Kind : quint8 { None, Bound, Unschedulable };
    Kind kind = Kind::None;
    QString node; // Bound
    QString message; // Unschedulable: the PodScheduled condition's message, else the FailedScheduling event's
    QString source; // "nodeName", "Scheduled event", "PodScheduled condition", "FailedScheduling event"

    friend bool operator==(const ShadowObservation&, const ShadowObservation&) = default;
};

// One plugin's weighted score on the node the cluster chose beside kschedviz's choice.
struct PluginDifference
{
    QString plugin;
    qint64 observed = 0; // weighted, on the cluster's node
    qint64 predicted = 0; // weighted, on kschedviz's node

    friend bool operator==(const PluginDifference&, const PluginDifference&) = default;
};

struct ShadowComparison
{
    enum class Outcome : quint8 {
        Undecided, // the cluster has not said yet
        SameNode, // agree
        Tie, // agree: the cluster's node scored as high as kschedviz's
        LowerScore, // disagree: feasible, scored lower
        Infeasible, // disagree: a filter rejected the cluster's node
        UnknownNode, // disagree: the cluster's node was not in kschedviz's snapshot
        NotScored, // disagree: feasible, but kschedviz never scored it (it had one feasible node, or scored a sample)
        BothUnschedulable, // agree: the same reasons
        ReasonsDiffer, // disagree: both found no node, for different reasons
        PredictedBinding, // disagree: the cluster found no node, kschedviz would bind
        PredictedUnschedulable, // disagree: kschedviz found no node (then the cluster's node is Infeasible, unless unknown)
    };
    Outcome outcome = Outcome::Undecided;
    bool agree = false;
    QString why; // one sentence; for an agreement, what made it one (a tie, an older wording)
    qint64 observedTotal = 0; // LowerScore and Tie: the cluster's node's total
    qint64 bestTotal = 0; // and kschedviz's best
    QList<PluginDifference> plugins; // LowerScore: the plugins whose weighted scores differ
    QString plugin; // Infeasible: the filter that rejected the cluster's node
    QStringList reasons; // Infeasible: its reasons; ReasonsDiffer: the reasons only one side gave

    friend bool operator==(const ShadowComparison&, const ShadowComparison&) = default;
};

QString outcomeName(ShadowComparison::Outcome outcome);

// The part of a FailedScheduling message both versions write the same way: "0/N nodes are
// available: ...", up to the " preemption: " kube-scheduler 1.26 on appends (as `pending` compares).
QString comparableMessage(QString message);
// The reasons of a FailedScheduling message ("3 Insufficient cpu", ...) in v1.32's wording, sorted:
// older kube-schedulers' wording of TaintToleration's and NodeAffinity's reasons (v1.20's among
// them) is rewritten, so that the same verdict of an older scheduler compares equal (research note
// A5, and tests/live/tst_shadow.cpp).
QStringList failureReasons(const QString& message);

// The prediction against the cluster's binding or failure.
ShadowComparison compare(const ExplainReport& prediction, const ShadowObservation& observed);

// "node-a" for a binding, "unschedulable" for none: the "observed" and "predicted" fields.
QString describe(const ShadowObservation& observed);
QString describePrediction(const ExplainReport& prediction);

QJsonObject toJson(const ShadowComparison& comparison);

} // namespace ksv::client
