#include "whatifcommands.h"

#include "extendersession.h"

#include "capacity.h"
#include "compare.h"
#include "scenario/effectiveconfig.h"
#include "scenario/loader.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace ksv::cli {

namespace {

QString secondsText(VirtualNanos nanos)
{
    return QString::number(double(nanos) / double(nanosPerSecond), 'f', 3) + QLatin1Char('s');
}

QJsonValue secondsJson(const std::optional<VirtualNanos>& nanos)
{
    return nanos ? QJsonValue(double(*nanos) / double(nanosPerSecond)) : QJsonValue();
}

QString table(const QList<QStringList>& rows, const QString& indent = {})
{
    QList<qsizetype> widths;
    for (const QStringList& row : rows) {
        for (qsizetype i = 0; i < row.size(); ++i) {
            if (widths.size() <= i)
                widths.append(0);
            widths[i] = std::max(widths[i], row[i].size());
        }
    }
    QString text;
    for (const QStringList& row : rows) {
        QString line = indent;
        for (qsizetype i = 0; i < row.size(); ++i)
            line += i + 1 < row.size() ? row[i].leftJustified(widths[i] + 2) : row[i];
        while (line.endsWith(QLatin1Char(' ')))
            line.chop(1);
        text += line + QLatin1Char('\n');
    }
    return text;
}

QString zoneName(const QString& zone)
{
    return zone.isEmpty() ? QStringLiteral("(no zone)") : zone;
}

// What a resource's sum reads as: cores, GiB, or the count.
QString amount(const QString& resource, qint64 value)
{
    if (resource == QLatin1String("cpu"))
        return QString::number(double(value) / 1000, 'g', 6);
    if (resource == QLatin1String("memory") || resource.startsWith(QLatin1String("hugepages-")) || resource == QLatin1String("ephemeral-storage"))
        return QString::number(double(value) / double(qint64(1) << 30), 'f', 1) + QStringLiteral("Gi");
    return QString::number(value);
}

QString use(const ResourceUse& use)
{
    const double share = use.allocatable > 0 ? 100.0 * double(use.requested) / double(use.allocatable) : 0;
    return amount(use.resource, use.requested) + QLatin1Char('/') + amount(use.resource, use.allocatable) + QStringLiteral(" (")
        + QString::number(share, 'f', 0) + QStringLiteral("%)");
}

QString runLabel(const ComparedRun& run)
{
    return (run.configuration.isEmpty() ? QStringLiteral("the scenario's configuration") : run.configuration) + QStringLiteral(", seed ")
        + QString::number(run.seed) + QStringLiteral(", Kubernetes ") + run.kubernetesVersion.toString();
}

QJsonObject summaryJson(const ComparedRun& run, const RunSummary& summary)
{
    QJsonArray utilisation;
    for (const ResourceUse& use : summary.utilisation)
        utilisation.append(QJsonObject {{QStringLiteral("resource"), use.resource},
                                        {QStringLiteral("requested"), double(use.requested)},
                                        {QStringLiteral("allocatable"), double(use.allocatable)}});
    return QJsonObject {
        {QStringLiteral("config"), run.configuration.isEmpty() ? QJsonValue() : QJsonValue(run.configuration)},
        {QStringLiteral("kubernetesVersion"), run.kubernetesVersion.toString()},
        {QStringLiteral("seed"), QString::number(run.seed)},
        {QStringLiteral("scheduled"), summary.scheduled},
        {QStringLiteral("notScheduled"), summary.notScheduled},
        {QStringLiteral("attempts"), summary.attempts},
        {QStringLiteral("unschedulableAttempts"), summary.unschedulableAttempts},
        {QStringLiteral("latencyP50"), summary.latencyP50},
        {QStringLiteral("latencyP99"), summary.latencyP99},
        {QStringLiteral("preemptions"), summary.preemptions},
        {QStringLiteral("victims"), summary.victims},
        {QStringLiteral("utilisation"), utilisation},
        {QStringLiteral("nodesUsed"), summary.nodesUsed},
        {QStringLiteral("nodes"), summary.nodes},
        {QStringLiteral("zoneSkew"), summary.zoneSkew},
        {QStringLiteral("virtualTime"), double(summary.end) / double(nanosPerSecond)},
    };
}

QString placement(const QString& node, const std::optional<VirtualNanos>& at)
{
    return node.isEmpty() ? QStringLiteral("- (not bound)") : node + (at ? QStringLiteral(" at ") + secondsText(*at) : QString());
}

} // namespace

QString capacityText(const CapacityReport& report)
{
    QString text = QStringLiteral("%1 more cop%2 of %3 fit at %4").arg(report.fit).arg(report.fit == 1 ? QStringLiteral("y") : QStringLiteral("ies"))
                       .arg(report.pod, secondsText(report.at));
    text += report.limitReached ? QStringLiteral(" (stopped at --max; more may fit)\n") : QStringLiteral("\n");
    text += QStringLiteral("The cluster at %1: %2 pods bound or binding, %3 pending left out\n")
                .arg(secondsText(report.at))
                .arg(report.boundAt)
                .arg(report.pendingLeftOut);
    if (!report.nodes.isEmpty()) {
        QList<QStringList> rows {{QStringLiteral("NODE"), QStringLiteral("COPIES")}};
        for (const auto& [node, copies] : report.nodes)
            rows.append({node, QString::number(copies)});
        text += QLatin1Char('\n') + table(rows);
        QList<QStringList> zones {{QStringLiteral("ZONE"), QStringLiteral("COPIES")}};
        for (const auto& [zone, copies] : report.zones)
            zones.append({zoneName(zone), QString::number(copies)});
        text += QLatin1Char('\n') + table(zones);
    }
    if (report.stoppedBy) {
        const ExplainReport& stop = *report.stoppedBy;
        text += QStringLiteral("\nCopy %1 did not fit: %2\n").arg(report.fit + 1).arg(stop.message);
        QList<QStringList> rows {{QStringLiteral("NODE"), QStringLiteral("VERDICT")}};
        for (const ExplainNode& node : stop.nodes) {
            QString verdict = node.code;
            if (!node.plugin.isEmpty())
                verdict += QStringLiteral(" (") + node.plugin + QStringLiteral(": ") + node.reasons.join(QStringLiteral("; ")) + QLatin1Char(')');
            rows.append({node.name, verdict});
        }
        text += table(rows);
    }
    return text;
}

QByteArray capacityJson(const CapacityReport& report)
{
    QJsonArray nodes;
    for (const auto& [node, copies] : report.nodes)
        nodes.append(QJsonObject {{QStringLiteral("node"), node}, {QStringLiteral("copies"), copies}});
    QJsonArray zones;
    for (const auto& [zone, copies] : report.zones)
        zones.append(QJsonObject {{QStringLiteral("zone"), zone}, {QStringLiteral("copies"), copies}});
    QJsonObject root {
        {QStringLiteral("pod"), report.pod},
        {QStringLiteral("at"), double(report.at) / double(nanosPerSecond)},
        {QStringLiteral("fit"), report.fit},
        {QStringLiteral("limitReached"), report.limitReached},
        {QStringLiteral("boundAt"), report.boundAt},
        {QStringLiteral("pendingLeftOut"), report.pendingLeftOut},
        {QStringLiteral("nodes"), nodes},
        {QStringLiteral("zones"), zones},
    };
    if (report.stoppedBy) {
        QJsonArray verdicts;
        for (const ExplainNode& node : report.stoppedBy->nodes)
            verdicts.append(QJsonObject {{QStringLiteral("name"), node.name},
                                         {QStringLiteral("code"), node.code},
                                         {QStringLiteral("plugin"), node.plugin},
                                         {QStringLiteral("reasons"), QJsonArray::fromStringList(node.reasons)}});
        root.insert(QStringLiteral("stoppedBy"), QJsonObject {{QStringLiteral("result"), report.stoppedBy->result},
                                                              {QStringLiteral("message"), report.stoppedBy->message},
                                                              {QStringLiteral("nodes"), verdicts}});
    }
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

int runCapacity(const Options& options, QTextStream& out, QTextStream& err)
{
    try {
        const Scenario scenario = loadScenarioFile(options.scenario);
        const config::KubeSchedulerConfiguration configuration = effectiveConfiguration(scenario, options.config, versionChoice(options));
        warnAboutVersion(scenario, versionChoice(options), err);
        if (const QString warning = extenderWarning(configuration); !warning.isEmpty())
            err << QStringLiteral("warning: ") << warning << Qt::endl;
        // The cluster once, for the template's PriorityClasses and for the copies.
        const ClusterAtTime cluster = clusterAt(scenario, configuration, options.atNanos);
        const Pod pod = loadPodTemplate(options.pod, cluster.cluster);
        const CapacityReport report = estimateCapacity(scenario, configuration, cluster, pod, options.maxCopies);
        out << (options.json ? QString::fromUtf8(capacityJson(report)) : capacityText(report));
        out.flush();
        return ExitOk;
    } catch (const LoadError& error) {
        err << error.toString() << Qt::endl;
        return ExitBadInput;
    }
}

QString compareText(const QString& scenario, const ComparedRun& a, const RunSummary& runA, const ComparedRun& b, const RunSummary& runB,
                    const QList<PodDifference>& differences)
{
    QString text = QStringLiteral("Comparing ") + scenario + QStringLiteral("\n  A: ") + runLabel(a) + QStringLiteral("\n  B: ") + runLabel(b)
        + QStringLiteral("\n\n");
    QList<QStringList> rows {{QString(), QStringLiteral("A"), QStringLiteral("B")}};
    const auto row = [&rows](const QString& name, const QString& left, const QString& right) { rows.append({name, left, right}); };
    const auto number = [](double value) { return QString::number(value, 'g', 10); };
    row(QStringLiteral("Scheduled"), number(runA.scheduled), number(runB.scheduled));
    row(QStringLiteral("Not scheduled"), number(runA.notScheduled), number(runB.notScheduled));
    row(QStringLiteral("Attempts"), number(runA.attempts), number(runB.attempts));
    row(QStringLiteral("  unschedulable"), number(runA.unschedulableAttempts), number(runB.unschedulableAttempts));
    row(QStringLiteral("Latency p50"), QString::number(runA.latencyP50, 'f', 3) + QLatin1Char('s'), QString::number(runB.latencyP50, 'f', 3) + QLatin1Char('s'));
    row(QStringLiteral("Latency p99"), QString::number(runA.latencyP99, 'f', 3) + QLatin1Char('s'), QString::number(runB.latencyP99, 'f', 3) + QLatin1Char('s'));
    row(QStringLiteral("Preemptions (victims)"), QStringLiteral("%1 (%2)").arg(runA.preemptions).arg(runA.victims),
        QStringLiteral("%1 (%2)").arg(runB.preemptions).arg(runB.victims));
    for (const ResourceUse& left : runA.utilisation) {
        // A resource no node offers (hugepages on most clusters) says nothing.
        if (left.allocatable == 0 && left.requested == 0)
            continue;
        const auto right = std::find_if(runB.utilisation.cbegin(), runB.utilisation.cend(),
                                        [&left](const ResourceUse& each) { return each.resource == left.resource; });
        row(QStringLiteral("Requested ") + left.resource, use(left), right == runB.utilisation.cend() ? QStringLiteral("-") : use(*right));
    }
    row(QStringLiteral("Nodes used"), QStringLiteral("%1 of %2").arg(runA.nodesUsed).arg(runA.nodes),
        QStringLiteral("%1 of %2").arg(runB.nodesUsed).arg(runB.nodes));
    row(QStringLiteral("Zone skew (pods)"), number(runA.zoneSkew), number(runB.zoneSkew));
    row(QStringLiteral("Ran to"), secondsText(runA.end), secondsText(runB.end));
    text += table(rows);

    int counts[5] = {0, 0, 0, 0, 0};
    for (const PodDifference& difference : differences)
        ++counts[int(difference.kind)];
    text += QStringLiteral("\nDifferences: %1 on another node, %2 bound in A only, %3 in B only, %4 at another time, %5 pending with another message\n")
                .arg(counts[int(PodDifference::Kind::Moved)])
                .arg(counts[int(PodDifference::Kind::OnlyA)])
                .arg(counts[int(PodDifference::Kind::OnlyB)])
                .arg(counts[int(PodDifference::Kind::Timing)])
                .arg(counts[int(PodDifference::Kind::Message)]);
    if (!differences.isEmpty()) {
        QList<QStringList> pods {{QStringLiteral("POD"), QStringLiteral("DIFFERENCE"), QStringLiteral("A"), QStringLiteral("B")}};
        QStringList messages;
        for (const PodDifference& difference : differences) {
            pods.append({difference.pod, toString(difference.kind), placement(difference.nodeA, difference.scheduledA),
                         placement(difference.nodeB, difference.scheduledB)});
            if (difference.kind == PodDifference::Kind::Message)
                messages.append(difference.pod + QStringLiteral("\n  A: ") + difference.messageA + QStringLiteral("\n  B: ") + difference.messageB);
        }
        text += QLatin1Char('\n') + table(pods);
        if (!messages.isEmpty())
            text += QStringLiteral("\nPending in both runs, with another message:\n") + messages.join(QLatin1Char('\n')) + QLatin1Char('\n');
    }
    return text;
}

QByteArray compareJson(const QString& scenario, const ComparedRun& a, const RunSummary& runA, const ComparedRun& b, const RunSummary& runB,
                       const QList<PodDifference>& differences)
{
    // One run's side of a difference; "message" only for a pod pending in both runs.
    const auto side = [](const QString& node, const std::optional<VirtualNanos>& at, const QString& message) {
        QJsonObject object {{QStringLiteral("node"), node.isEmpty() ? QJsonValue() : QJsonValue(node)}, {QStringLiteral("scheduledAt"), secondsJson(at)}};
        if (!message.isEmpty())
            object.insert(QStringLiteral("message"), message);
        return object;
    };
    QJsonArray pods;
    for (const PodDifference& difference : differences) {
        pods.append(QJsonObject {
            {QStringLiteral("pod"), difference.pod},
            {QStringLiteral("kind"), toString(difference.kind)},
            {QStringLiteral("a"), side(difference.nodeA, difference.scheduledA, difference.messageA)},
            {QStringLiteral("b"), side(difference.nodeB, difference.scheduledB, difference.messageB)},
        });
    }
    return QJsonDocument(QJsonObject {{QStringLiteral("scenario"), scenario},
                                      {QStringLiteral("a"), summaryJson(a, runA)},
                                      {QStringLiteral("b"), summaryJson(b, runB)},
                                      {QStringLiteral("differences"), pods}})
        .toJson(QJsonDocument::Indented);
}

int runCompare(const Options& options, QTextStream& out, QTextStream& err)
{
    try {
        const Scenario scenario = loadScenarioFile(options.scenario);
        // --config A --config B: A against B. --seed N: one configuration (--config's, else the
        // scenario's) with the scenario's seed against N. --config A alone: the scenario's own against A.
        ComparedRun a;
        ComparedRun b;
        if (options.kubernetesVersionB) {
            // The upgrade what-if: one configuration, one seed, two versions.
            a = {options.config, scenario.seed, {}};
            b = {options.config, scenario.seed, {}};
        } else if (!options.configB.isEmpty()) {
            a = {options.config, scenario.seed, {}};
            b = {options.configB, scenario.seed, {}};
        } else if (options.seed) {
            a = {options.config, scenario.seed, {}};
            b = {options.config, *options.seed, {}};
        } else {
            a = {QString(), scenario.seed, {}};
            b = {options.config, scenario.seed, {}};
        }
        const VersionChoice choiceA {options.kubernetesVersion, options.featureGates};
        const VersionChoice choiceB {options.kubernetesVersionB ? options.kubernetesVersionB : options.kubernetesVersion, options.featureGates};
        const config::KubeSchedulerConfiguration configurationA = effectiveConfiguration(scenario, a.configuration, choiceA);
        const config::KubeSchedulerConfiguration configurationB = effectiveConfiguration(scenario, b.configuration, choiceB);
        a.kubernetesVersion = configurationA.features.version;
        b.kubernetesVersion = configurationB.features.version;
        warnAboutVersion(scenario, choiceA, err);
        if (configurationB.features.version != configurationA.features.version)
            warnAboutVersion(scenario, choiceB, err);
        // Each run calls its configuration's extenders (and the scenario's demo extender) as run does.
        SimulationOptions optionsA;
        optionsA.seed = a.seed;
        if (const auto session = extenderhttp::ExtenderSession::start(scenario, configurationA))
            optionsA.extenderTransport = session->transport();
        SimulationOptions optionsB;
        optionsB.seed = b.seed;
        if (const auto session = extenderhttp::ExtenderSession::start(scenario, configurationB))
            optionsB.extenderTransport = session->transport();
        const RunSummary runA = summarizeRun(scenario, configurationA, optionsA);
        const RunSummary runB = summarizeRun(scenario, configurationB, optionsB);
        const QList<PodDifference> differences = podDifferences(runA.pods, runB.pods);
        out << (options.json ? QString::fromUtf8(compareJson(options.scenario, a, runA, b, runB, differences))
                             : compareText(options.scenario, a, runA, b, runB, differences));
        out.flush();
        return ExitOk;
    } catch (const LoadError& error) {
        err << error.toString() << Qt::endl;
        return ExitBadInput;
    }
}

} // namespace ksv::cli
