#pragma once

// `kschedviz explain`: the first scheduling attempt of one pod, node by node.

#include "framework/runtime.h"

#include "config/types.h"
#include "scenario/scenario.h"

#include <stdexcept>

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
    QList<ExplainNode> nodes; // every node of the snapshot, in the order the scheduler lists them
};

// A request explain cannot answer (unknown pod, a pod that never gets an attempt).
class ExplainError : public std::runtime_error
{
public:
    explicit ExplainError(const QString& message)
        : std::runtime_error(message.toStdString())
    {
    }
};

// Runs the scenario in virtual time (the Simulator, as `kschedviz run` does) until the pod's first
// scheduling attempt and reports it: the attempt sees the cluster as the scheduling loop left it,
// with earlier pods bound, retried, preempted or still binding.
ExplainReport explainPod(const Scenario& scenario, const config::KubeSchedulerConfiguration& configuration, const QString& podKey);

} // namespace ksv
