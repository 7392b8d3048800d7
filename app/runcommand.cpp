#include "runcommand.h"

#include "extendersession.h"

#include "extender/recordedtransport.h"

#include "scenario/effectiveconfig.h"
#include "scenario/loader.h"
#include "simulation/simulator.h"
#include "trace/jsonl.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace ksv::cli {

namespace {

double seconds(VirtualNanos nanos)
{
    return double(nanos) / double(nanosPerSecond);
}

QString secondsText(VirtualNanos nanos)
{
    return QString::number(seconds(nanos), 'f', 3) + QLatin1Char('s');
}

struct Counts
{
    int scheduled = 0;
    int pending = 0;
    QMap<QString, int> byLocation;
};

Counts countPods(const QList<PodSummary>& pods)
{
    Counts counts;
    for (const auto& pod : pods) {
        if (pod.location == trace::PodLocation::Deleted)
            continue;
        if (!pod.node.isEmpty() && pod.location == trace::PodLocation::Bound) {
            ++counts.scheduled;
            continue;
        }
        ++counts.pending;
        counts.byLocation[trace::toString(pod.location)]++;
    }
    return counts;
}

double attemptsTotal(const Metrics& metrics, const QString& result)
{
    double total = 0;
    const QString suffix = QStringLiteral("result=\"") + result + QStringLiteral("\"}");
    for (auto it = metrics.counters().cbegin(); it != metrics.counters().cend(); ++it) {
        if (it.key().startsWith(QLatin1String("scheduler_schedule_attempts_total{")) && it.key().endsWith(suffix))
            total += it.value();
    }
    return total;
}

struct Placement
{
    QString pod;
    QString clusterNode;
    QString ourNode; // empty: kschedviz did not bind it
};

// The recorded cluster scheduler's bindings beside this run's (docs/live-client.md, "Record").
QList<Placement> comparePlacements(const Simulator& simulator, const Recording& recording)
{
    QHash<QString, QString> ours;
    for (const auto& pod : simulator.podSummaries()) {
        if (pod.location == trace::PodLocation::Bound || (pod.location == trace::PodLocation::Deleted && !pod.node.isEmpty()))
            ours.insert(pod.key, pod.node);
    }
    QList<Placement> placements;
    for (const ObservedBinding& binding : recording.bindings)
        placements.append(Placement {binding.pod, binding.node, ours.value(binding.pod)});
    return placements;
}

QString placementsText(const QList<Placement>& placements)
{
    int same = 0;
    int elsewhere = 0;
    QStringList differences;
    for (const Placement& p : placements) {
        if (p.ourNode == p.clusterNode) {
            ++same;
            continue;
        }
        elsewhere += p.ourNode.isEmpty() ? 0 : 1;
        differences.append(QStringLiteral("  ") + p.pod + QStringLiteral(": cluster ") + p.clusterNode + QStringLiteral(", kschedviz ")
                           + (p.ourNode.isEmpty() ? QStringLiteral("not bound") : p.ourNode));
    }
    const qsizetype unbound = placements.size() - same - elsewhere;
    QString text = QStringLiteral("Recorded placements: ") + QString::number(same) + QStringLiteral(" of ") + QString::number(placements.size())
        + QStringLiteral(" on the node the cluster's scheduler chose, ") + QString::number(elsewhere) + QStringLiteral(" elsewhere, ")
        + QString::number(unbound) + QStringLiteral(" not bound by kschedviz\n");
    for (const QString& line : differences)
        text += line + QLatin1Char('\n');
    return text;
}

QJsonObject placementsJson(const QList<Placement>& placements)
{
    QJsonArray pods;
    int same = 0;
    int elsewhere = 0;
    for (const Placement& p : placements) {
        same += p.ourNode == p.clusterNode ? 1 : 0;
        elsewhere += p.ourNode != p.clusterNode && !p.ourNode.isEmpty() ? 1 : 0;
        pods.append(QJsonObject {{QStringLiteral("pod"), p.pod},
                                 {QStringLiteral("clusterNode"), p.clusterNode},
                                 {QStringLiteral("node"), p.ourNode.isEmpty() ? QJsonValue() : QJsonValue(p.ourNode)}});
    }
    return QJsonObject {{QStringLiteral("same"), same},
                        {QStringLiteral("elsewhere"), elsewhere},
                        {QStringLiteral("notBound"), int(placements.size()) - same - elsewhere},
                        {QStringLiteral("pods"), pods}};
}

} // namespace

QString runTable(const Simulator& simulator, const QString& scenarioName, quint64 seed)
{
    const QList<PodSummary> pods = simulator.podSummaries();
    QString text = QStringLiteral("Scenario ") + scenarioName + QStringLiteral(", Kubernetes ") + simulator.features().version.toString()
        + QStringLiteral(", seed ") + QString::number(seed) + QStringLiteral(", ran to ")
        + secondsText(simulator.now()) + QStringLiteral(" of virtual time\n\n");
    QList<QStringList> rows {{QStringLiteral("POD"), QStringLiteral("NODE"), QStringLiteral("ATTEMPTS"), QStringLiteral("SCHEDULED"),
                              QStringLiteral("STATE / LAST MESSAGE")}};
    for (const auto& pod : pods) {
        const bool bound = pod.location == trace::PodLocation::Bound;
        rows.append({pod.key, bound ? pod.node : QStringLiteral("-"), QString::number(pod.attempts),
                     pod.scheduledAt ? secondsText(*pod.scheduledAt) : QStringLiteral("-"),
                     bound ? QString() : trace::toString(pod.location) + (pod.message.isEmpty() ? QString() : QStringLiteral(": ") + pod.message)});
    }
    QList<qsizetype> widths(5, 0);
    for (const auto& row : rows) {
        for (qsizetype i = 0; i < row.size() - 1; ++i)
            widths[i] = std::max(widths[i], row[i].size());
    }
    for (const auto& row : rows) {
        QString line;
        for (qsizetype i = 0; i < row.size(); ++i)
            line += i + 1 < row.size() ? row[i].leftJustified(widths[i] + 2) : row[i];
        text += line.trimmed() + QLatin1Char('\n');
    }
    const Counts counts = countPods(pods);
    const Metrics& metrics = simulator.metrics();
    text += QStringLiteral("\nPods: ") + QString::number(counts.scheduled) + QStringLiteral(" scheduled, ") + QString::number(counts.pending)
        + QStringLiteral(" not");
    QStringList where;
    for (auto it = counts.byLocation.cbegin(); it != counts.byLocation.cend(); ++it)
        where.append(QString::number(it.value()) + QLatin1Char(' ') + it.key());
    if (!where.isEmpty())
        text += QStringLiteral(" (") + where.join(QStringLiteral(", ")) + QLatin1Char(')');
    text += QStringLiteral("\nScheduling cycles: ") + QString::number(simulator.schedulingCycles()) + QStringLiteral(" (attempts: ")
        + QString::number(attemptsTotal(metrics, QStringLiteral("scheduled"))) + QStringLiteral(" scheduled, ")
        + QString::number(attemptsTotal(metrics, QStringLiteral("unschedulable"))) + QStringLiteral(" unschedulable, ")
        + QString::number(attemptsTotal(metrics, QStringLiteral("error"))) + QStringLiteral(" error)\n");
    const SchedulingQueue& queue = simulator.queue();
    text += QStringLiteral("Queue at the end: active ") + QString::number(queue.activeCount()) + QStringLiteral(", backoff ")
        + QString::number(queue.backoffCount()) + QStringLiteral(", unschedulable ") + QString::number(queue.unschedulableCount())
        + QStringLiteral(", gated ") + QString::number(queue.gatedCount()) + QLatin1Char('\n');
    const QString sli = QStringLiteral("scheduler_pod_scheduling_sli_duration_seconds");
    if (metrics.histograms().contains(sli)) {
        text += QStringLiteral("Pod scheduling latency (first attempt to bound): p50 ") + QString::number(metrics.quantile(sli, 0.5), 'f', 3)
            + QStringLiteral("s, p90 ") + QString::number(metrics.quantile(sli, 0.9), 'f', 3) + QStringLiteral("s, p99 ")
            + QString::number(metrics.quantile(sli, 0.99), 'f', 3) + QStringLiteral("s\n");
    }
    return text;
}

QByteArray runJson(const Simulator& simulator, quint64 seed, const trace::Trace& trace)
{
    QJsonArray pods;
    for (const auto& pod : simulator.podSummaries()) {
        const bool bound = pod.location == trace::PodLocation::Bound;
        pods.append(QJsonObject {
            {QStringLiteral("pod"), pod.key},
            {QStringLiteral("node"), bound ? QJsonValue(pod.node) : QJsonValue()},
            {QStringLiteral("attempts"), pod.attempts},
            {QStringLiteral("scheduledAt"), pod.scheduledAt ? QJsonValue(seconds(*pod.scheduledAt)) : QJsonValue()},
            {QStringLiteral("state"), trace::toString(pod.location)},
            {QStringLiteral("message"), bound ? QJsonValue() : QJsonValue(pod.message)},
        });
    }
    const Metrics& metrics = simulator.metrics();
    QJsonObject counters;
    for (auto it = metrics.counters().cbegin(); it != metrics.counters().cend(); ++it)
        counters.insert(it.key(), it.value());
    QJsonObject histograms;
    for (auto it = metrics.histograms().cbegin(); it != metrics.histograms().cend(); ++it) {
        histograms.insert(it.key(), QJsonObject {{QStringLiteral("count"), it->size()},
                                                 {QStringLiteral("p50"), metrics.quantile(it.key(), 0.5)},
                                                 {QStringLiteral("p90"), metrics.quantile(it.key(), 0.9)},
                                                 {QStringLiteral("p99"), metrics.quantile(it.key(), 0.99)}});
    }
    const Counts counts = countPods(simulator.podSummaries());
    const SchedulingQueue& queue = simulator.queue();
    QJsonObject stats {
        {QStringLiteral("seed"), QString::number(seed)},
        {QStringLiteral("virtualTime"), seconds(simulator.now())},
        {QStringLiteral("scheduled"), counts.scheduled},
        {QStringLiteral("notScheduled"), counts.pending},
        {QStringLiteral("schedulingCycles"), double(simulator.schedulingCycles())},
        {QStringLiteral("attempts"),
         QJsonObject {{QStringLiteral("scheduled"), attemptsTotal(metrics, QStringLiteral("scheduled"))},
                      {QStringLiteral("unschedulable"), attemptsTotal(metrics, QStringLiteral("unschedulable"))},
                      {QStringLiteral("error"), attemptsTotal(metrics, QStringLiteral("error"))}}},
        {QStringLiteral("pendingPods"),
         QJsonObject {{QStringLiteral("active"), double(queue.activeCount())},
                      {QStringLiteral("backoff"), double(queue.backoffCount())},
                      {QStringLiteral("unschedulable"), double(queue.unschedulableCount())},
                      {QStringLiteral("gated"), double(queue.gatedCount())}}},
        {QStringLiteral("counters"), counters},
        {QStringLiteral("histograms"), histograms},
        {QStringLiteral("traceEvents"), double(trace.size())},
    };
    // Only with --node-detail-budget: the trace file's per-node lines stop at this cycle.
    if (trace.nodeDetailCutoff() >= 0)
        stats.insert(QStringLiteral("nodeDetailStoppedAtCycle"), trace.nodeDetailCutoff());
    QJsonObject root {{QStringLiteral("kubernetesVersion"), trace.features().version.toString()},
                      {QStringLiteral("pods"), pods},
                      {QStringLiteral("stats"), stats}};
    if (const QJsonObject gates = trace::changedFeatureGates(trace.features()); !gates.isEmpty())
        root.insert(QStringLiteral("featureGates"), gates);
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

int runRun(const Options& options, QTextStream& out, QTextStream& err)
{
    try {
        const Scenario scenario = loadScenarioFile(options.scenario);
        const config::KubeSchedulerConfiguration configuration = effectiveConfiguration(scenario, options.config, versionChoice(options));
        // The extenders: called over HTTP, or answered from a recorded trace.
        std::shared_ptr<extender::ExtenderTransport> extenders;
        if (!options.extenderAnswers.isEmpty()) {
            QFile answers(options.extenderAnswers);
            if (!answers.open(QIODevice::ReadOnly)) {
                err << QStringLiteral("kschedviz: cannot read ") << options.extenderAnswers << QStringLiteral(": ") << answers.errorString() << Qt::endl;
                return ExitBadInput;
            }
            trace::Trace recorded;
            trace::readJsonLines(answers, options.extenderAnswers, recorded); // a broken line throws LoadError
            extenders = std::make_shared<extender::RecordedTransport>(extender::RecordedTransport::exchangesOf(recorded));
        } else if (const auto session = extenderhttp::ExtenderSession::start(scenario, configuration)) {
            extenders = session->transport();
        }
        std::unique_ptr<QFile> traceFile;
        if (!options.traceFile.isEmpty()) {
            traceFile = std::make_unique<QFile>(options.traceFile);
            if (!traceFile->open(QIODevice::WriteOnly | QIODevice::Truncate)) {
                err << QStringLiteral("kschedviz: cannot write ") << options.traceFile << QStringLiteral(": ") << traceFile->errorString()
                    << Qt::endl;
                return ExitBadInput;
            }
        }
        warnAboutVersion(scenario, versionChoice(options), err);
        SimulationOptions simulation;
        simulation.seed = options.seed;
        simulation.until = options.untilNanos;
        simulation.threads = options.threads;
        simulation.nodeDetail = options.nodeDetail;
        simulation.nodeDetailBudget = options.nodeDetailBudgetMiB << 20;
        simulation.extenderTransport = extenders;
        trace::Trace trace;
        Simulator simulator(scenario, configuration, simulation, trace);
        qsizetype written = 0;
        while (simulator.step()) {
            if (traceFile && trace.size() - written > 100'000)
                written = trace::writeJsonLines(trace, *traceFile, written);
        }
        if (traceFile) {
            trace::writeJsonLines(trace, *traceFile, written);
            traceFile->close();
        }
        const quint64 seed = options.seed.value_or(scenario.seed);
        if (options.json) {
            QByteArray json = runJson(simulator, seed, trace);
            if (scenario.recording) {
                QJsonObject root = QJsonDocument::fromJson(json).object();
                root.insert(QStringLiteral("recordedPlacements"), placementsJson(comparePlacements(simulator, *scenario.recording)));
                json = QJsonDocument(root).toJson(QJsonDocument::Indented);
            }
            out << QString::fromUtf8(json);
        } else {
            out << runTable(simulator, scenario.name.isEmpty() ? scenario.file : scenario.name, seed);
            if (scenario.recording)
                out << placementsText(comparePlacements(simulator, *scenario.recording));
        }
        out.flush();
        return ExitOk;
    } catch (const LoadError& error) {
        err << error.toString() << Qt::endl;
        return ExitBadInput;
    }
}

} // namespace ksv::cli
