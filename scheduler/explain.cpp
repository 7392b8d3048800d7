#include "explain.h"

#include "schedule_one.h"
#include "simulation/simulator.h"

#include <algorithm>

namespace ksv {

using framework::Code;
using framework::Status;

namespace {

ExplainReport buildReport(const Pod& pod, const framework::Framework& framework, const ScheduleOutcome& outcome,
                          const framework::Snapshot& snapshot)
{
    ExplainReport report;
    report.pod = pod.key();
    report.profile = framework.profileName();
    if (outcome.result) {
        report.result = QStringLiteral("Scheduled");
        report.node = outcome.result->suggestedHost;
        report.message = QStringLiteral("Successfully assigned ") + pod.key() + QStringLiteral(" to ") + report.node;
    } else if (outcome.fitError) {
        report.result = QStringLiteral("Unschedulable");
        report.message = outcome.fitError->error();
    } else {
        report.result = outcome.error.code() == Code::Error ? QStringLiteral("Error") : QStringLiteral("Unschedulable");
        report.message = outcome.error.message();
    }

    QSet<QString> visited;
    for (const auto& node : outcome.detail.visitedNodes)
        visited.insert(node->name());
    QSet<QString> feasible;
    for (const auto& node : outcome.detail.feasibleNodes)
        feasible.insert(node->name());
    QHash<QString, framework::NodePluginScores> scores;
    for (qsizetype n = 0; n < outcome.detail.scores.size(); ++n)
        scores.insert(outcome.detail.scores.nodeName(n), outcome.detail.scores.node(n));
    const bool preFilterRejected = outcome.detail.preFilterStatus.isRejected();
    const framework::NodeToStatus& statuses = outcome.diagnosis.nodeToStatus;

    for (const auto& info : snapshot.nodeInfos()) {
        ExplainNode node;
        node.name = info->name();
        Status status;
        bool evaluated = true;
        if (const Status* own = statuses.find(node.name)) {
            status = *own;
        } else if (preFilterRejected) {
            status = statuses.absentNodesStatus;
        } else if (feasible.contains(node.name)) {
            status = Status();
        } else if (!visited.contains(node.name) && !statuses.absentNodesStatus.reasons().isEmpty()) {
            status = statuses.absentNodesStatus; // excluded by a PreFilterResult
        } else {
            evaluated = false;
        }
        node.code = evaluated ? framework::toString(status.code()) : QStringLiteral("Skipped");
        node.plugin = status.plugin();
        node.reasons = status.reasons();
        if (const auto it = scores.constFind(node.name); it != scores.cend()) {
            node.scored = true;
            node.scores = it->scores;
            node.total = it->totalScore;
        }
        report.nodes.append(node);
    }
    return report;
}

} // namespace

ExplainReport explainPod(const Scenario& scenario, const config::KubeSchedulerConfiguration& configuration, const QString& podKey)
{
    const auto isPod = [&podKey](const Pod& pod) { return pod.key() == podKey; };
    const bool known = std::any_of(scenario.initial.pods.cbegin(), scenario.initial.pods.cend(), isPod)
        || std::any_of(scenario.events.cbegin(), scenario.events.cend(), [&isPod](const ObjectChange& e) {
               const auto* pod = std::get_if<Pod>(&e.object);
               return pod && isPod(*pod);
           });
    if (!known)
        throw ExplainError(QStringLiteral("no pod ") + podKey + QStringLiteral(" in ") + scenario.file);

    trace::Trace trace;
    SimulationOptions options;
    options.nodeDetail = false;
    Simulator simulator(scenario, configuration, options, trace);
    std::optional<ExplainReport> report;
    simulator.onAttempt = [&](const AttemptRecord& attempt) {
        if (report || attempt.pod.key() != podKey)
            return;
        report = buildReport(attempt.pod, attempt.framework, attempt.outcome, attempt.snapshot);
        report->atNanos = attempt.time;
    };
    while (!report && simulator.step()) {
    }
    if (report)
        return *report;
    const bool gated = std::any_of(simulator.podSummaries().cbegin(), simulator.podSummaries().cend(), [&podKey](const PodSummary& p) {
        return p.key == podKey && p.location == trace::PodLocation::Gated;
    });
    throw ExplainError(QStringLiteral("pod ") + podKey + QStringLiteral(" never gets a scheduling attempt (")
                       + (gated ? QStringLiteral("its scheduling gates are never removed")
                                : QStringLiteral("no profile handles its schedulerName, or it is bound from the start"))
                       + QLatin1Char(')'));
}

} // namespace ksv
