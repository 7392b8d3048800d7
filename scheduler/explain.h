#pragma once

// `kschedviz explain`: one scheduling attempt of one pod (the first, the Nth or the last), node by node.

#include "framework/runtime.h"

#include "config/types.h"
#include "scenario/scenario.h"

#include <memory>

#include <stdexcept>

namespace ksv::extender {
class ExtenderTransport;
} // namespace ksv::extender

namespace ksv {

struct ExplainNode
{
    QString name;
    QString code;        // Success, Unschedulable, UnschedulableAndUnresolvable, Error, or Skipped (not evaluated)
    QString plugin;      // the plugin that gave the first non-success PreFilter/Filter status
    QStringList reasons;
    bool scored = false;
    QList<framework::PluginScore> scores;
    qint64 total = 0;
};

struct ExplainReport
{
    QString pod;     // namespace/name
    QString profile; // the scheduler name of the profile that ran the attempt
    QString result;  // Scheduled, Unschedulable, Error
    QString node;    // empty unless Scheduled
    QString message; // the FailedScheduling message, the error, or "Successfully assigned ..."
    qint64 atNanos = 0;
    int attempt = 1; // the pod's attempt number (1 is its first scheduling cycle)
    QList<ExplainNode> nodes; // every node of the snapshot, in the order the scheduler lists them
};

struct AttemptRecord;
// One attempt as explain reports it (what-if and capacity report the attempt that stopped them).
ExplainReport explainAttempt(const AttemptRecord& attempt);

// A request explain cannot answer (unknown pod, a pod that never gets an attempt).
class ExplainError : public std::runtime_error
{
public:
    explicit ExplainError(const QString& message)
        : std::runtime_error(message.toStdString())
    {
    }
};

// Which attempt: the Nth (from 1), or the pod's last one in the run.
struct ExplainAttempt
{
    int number = 1;
    bool last = false;
};

// Runs the scenario in virtual time (the Simulator, as `kschedviz run` does) until the pod's chosen
// scheduling attempt and reports it: the attempt sees the cluster as the scheduling loop left it,
// with earlier pods bound, retried, preempted or still binding. An unknown pod's error names the
// pods the user may have meant (same name in another namespace, or names that start the same).
// `extenders` carries the calls to the configuration's extenders; without it they are not called.
ExplainReport explainPod(const Scenario& scenario, const config::KubeSchedulerConfiguration& configuration, const QString& podKey,
                         ExplainAttempt which = {}, std::shared_ptr<extender::ExtenderTransport> extenders = {});

// The first attempt of each of `podKeys`, in one run that ends once all are reported (`pending`
// asks for every pending pod of a cluster). A pod that never gets an attempt has no entry.
QHash<QString, ExplainReport> explainFirstAttempts(const Scenario& scenario, const config::KubeSchedulerConfiguration& configuration,
                                                   const QStringList& podKeys);

} // namespace ksv
