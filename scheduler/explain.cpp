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
        // An extender's verdict has no plugin upstream; the report names the extender that gave it.
        if (node.plugin.isEmpty() && status.isRejected())
            node.plugin = outcome.detail.extenderVerdicts.value(node.name);
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

ExplainReport explainAttempt(const AttemptRecord& attempt)
{
    ExplainReport report = buildReport(attempt.pod, attempt.framework, attempt.outcome, attempt.snapshot);
    report.atNanos = attempt.time;
    report.attempt = attempt.attempt;
    return report;
}

namespace {

// Every pod key the scenario mentions, in file order, once each.
QStringList podKeys(const Scenario& scenario)
{
    QStringList keys;
    QSet<QString> seen;
    const auto add = [&](const Pod& pod) {
        const QString key = pod.key();
        if (!seen.contains(key)) {
            seen.insert(key);
            keys.append(key);
        }
    };
    for (const Pod& pod : scenario.initial.pods)
        add(pod);
    for (const ObjectChange& change : scenario.events) {
        if (const auto* pod = std::get_if<Pod>(&change.object))
            add(*pod);
    }
    return keys;
}

// What the user may have meant by an unknown key: the same name in other namespaces first, then
// names that start with it (a template's replicas: "web" for "web-0", "web-1"), at most five.
QStringList suggestionsFor(const QString& podKey, const QStringList& keys)
{
    const QString name = podKey.section(QLatin1Char('/'), 1);
    QStringList sameName;
    QStringList prefixed;
    for (const QString& key : keys) {
        const QString candidate = key.section(QLatin1Char('/'), 1);
        if (candidate == name)
            sameName.append(key);
        else if (candidate.startsWith(name))
            prefixed.append(key);
    }
    QStringList suggestions = sameName + prefixed;
    if (suggestions.size() > 5)
        suggestions.resize(5);
    return suggestions;
}

} // namespace

ExplainReport explainPod(const Scenario& scenario, const config::KubeSchedulerConfiguration& configuration, const QString& podKey,
                         ExplainAttempt which, std::shared_ptr<extender::ExtenderTransport> extenders)
{
    const QStringList keys = podKeys(scenario);
    if (!keys.contains(podKey)) {
        const QStringList suggestions = suggestionsFor(podKey, keys);
        throw ExplainError(QStringLiteral("no pod ") + podKey + QStringLiteral(" in ") + scenario.file
                           + (suggestions.isEmpty() ? QString() : QStringLiteral("; did you mean ") + suggestions.join(QStringLiteral(", ")) + QLatin1Char('?')));
    }

    trace::Trace trace;
    SimulationOptions options;
    options.nodeDetail = false;
    options.extenderTransport = std::move(extenders);
    Simulator simulator(scenario, configuration, options, trace);
    std::optional<ExplainReport> report;
    int attempts = 0;
    simulator.onAttempt = [&](const AttemptRecord& attempt) {
        if (attempt.pod.key() != podKey)
            return;
        ++attempts;
        if (!which.last && attempt.attempt != which.number)
            return;
        report = buildReport(attempt.pod, attempt.framework, attempt.outcome, attempt.snapshot);
        report->atNanos = attempt.time;
        report->attempt = attempt.attempt;
    };
    // The Nth attempt ends the run there; the last one is known only at the run's end.
    while ((which.last || !report) && simulator.step()) {
    }
    if (report)
        return *report;
    if (attempts > 0)
        throw ExplainError(QStringLiteral("pod ") + podKey + QStringLiteral(" has %1 scheduling attempt%2 in this run, not %3")
                               .arg(attempts)
                               .arg(attempts == 1 ? QString() : QStringLiteral("s"))
                               .arg(which.number));
    const QList<PodSummary> pods = simulator.podSummaries();
    const bool gated = std::any_of(pods.cbegin(), pods.cend(), [&podKey](const PodSummary& p) {
        return p.key == podKey && p.location == trace::PodLocation::Gated;
    });
    throw ExplainError(QStringLiteral("pod ") + podKey + QStringLiteral(" never gets a scheduling attempt (")
                       + (gated ? QStringLiteral("its scheduling gates are never removed")
                                : QStringLiteral("no profile handles its schedulerName, or it is bound from the start"))
                       + QLatin1Char(')'));
}

QHash<QString, ExplainReport> explainFirstAttempts(const Scenario& scenario, const config::KubeSchedulerConfiguration& configuration,
                                                   const QStringList& podKeys)
{
    QSet<QString> wanted(podKeys.cbegin(), podKeys.cend());
    QHash<QString, ExplainReport> reports;
    if (wanted.isEmpty())
        return reports;
    trace::Trace trace;
    SimulationOptions options;
    options.nodeDetail = false;
    Simulator simulator(scenario, configuration, options, trace);
    simulator.onAttempt = [&](const AttemptRecord& attempt) {
        const QString key = attempt.pod.key();
        if (!wanted.remove(key))
            return;
        ExplainReport report = buildReport(attempt.pod, attempt.framework, attempt.outcome, attempt.snapshot);
        report.atNanos = attempt.time;
        report.attempt = attempt.attempt;
        reports.insert(key, std::move(report));
    };
    while (!wanted.isEmpty() && simulator.step()) {
    }
    return reports;
}

} // namespace ksv
