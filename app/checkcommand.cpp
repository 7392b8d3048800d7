#include "checkcommand.h"

#include "scenario/effectiveconfig.h"
#include "scenario/loader.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace ksv::cli {

namespace {

QJsonObject objectCounts(const ClusterState& cluster)
{
    QJsonObject counts;
    const auto add = [&counts](const char* kind, qsizetype n) {
        if (n > 0)
            counts.insert(QLatin1String(kind), static_cast<qint64>(n));
    };
    add("Node", cluster.nodes.size());
    add("Pod", cluster.pods.size());
    add("Namespace", cluster.namespaces.size());
    add("PriorityClass", cluster.priorityClasses.size());
    add("PodDisruptionBudget", cluster.podDisruptionBudgets.size());
    add("Service", cluster.services.size());
    add("ReplicationController", cluster.replicationControllers.size());
    add("ReplicaSet", cluster.replicaSets.size());
    add("StatefulSet", cluster.statefulSets.size());
    add("PersistentVolumeClaim", cluster.persistentVolumeClaims.size());
    add("PersistentVolume", cluster.persistentVolumes.size());
    add("StorageClass", cluster.storageClasses.size());
    add("CSINode", cluster.csiNodes.size());
    add("PodGroup", cluster.podGroups.size());
    return counts;
}

QString seconds(VirtualNanos nanos)
{
    return QString::number(static_cast<double>(nanos) / nanosPerSecond, 'g', 12) + QLatin1Char('s');
}

} // namespace

int runCheck(const Options& options, QTextStream& out, QTextStream& err)
{
    QStringList warnings;
    Scenario scenario;
    std::optional<SchedulerConfigSource> schedulerConfig;
    try {
        scenario = loadScenarioFile(options.scenario, &warnings);
        // Where the configuration is, not whether it is valid: check reports what a run would use.
        schedulerConfig = effectiveConfigSource(scenario, options.config);
    } catch (const LoadError& error) {
        err << error.toString() << Qt::endl;
        return ExitBadInput;
    }
    for (const auto& warning : warnings)
        err << QStringLiteral("warning: ") << warning << Qt::endl;

    qint64 pending = 0;
    qint64 bound = 0;
    for (const auto& pod : scenario.initial.pods) {
        if (pod.nodeName.isEmpty())
            ++pending;
        else if (!pod.isTerminal())
            ++bound;
    }
    const QJsonObject counts = objectCounts(scenario.initial);
    if (options.json) {
        QJsonObject root {{QStringLiteral("file"), scenario.file},
                          {QStringLiteral("name"), scenario.name},
                          {QStringLiteral("seed"), static_cast<qint64>(scenario.seed)},
                          {QStringLiteral("objects"), counts},
                          {QStringLiteral("pendingPods"), pending},
                          {QStringLiteral("boundPods"), bound},
                          {QStringLiteral("events"), static_cast<qint64>(scenario.events.size())},
                          {QStringLiteral("schedulerConfig"), schedulerConfig ? schedulerConfig->source.toString() : QString()},
                          {QStringLiteral("warnings"), QJsonArray::fromStringList(warnings)}};
        out << QJsonDocument(root).toJson(QJsonDocument::Compact) << Qt::endl;
        return ExitOk;
    }
    out << scenario.file << QStringLiteral(": scenario \"") << scenario.name << QStringLiteral("\", seed ") << scenario.seed << Qt::endl;
    for (auto it = counts.begin(); it != counts.end(); ++it)
        out << QStringLiteral("  ") << it.key() << QStringLiteral(": ") << it.value().toInteger() << Qt::endl;
    out << QStringLiteral("  pods pending at 0s: ") << pending << QStringLiteral(", bound: ") << bound << Qt::endl;
    if (!scenario.events.isEmpty()) {
        out << QStringLiteral("  events: ") << scenario.events.size() << QStringLiteral(" from ") << seconds(scenario.events.constFirst().at)
            << QStringLiteral(" to ") << seconds(scenario.events.constLast().at) << Qt::endl;
    }
    out << QStringLiteral("  scheduler configuration: ")
        << (schedulerConfig ? schedulerConfig->source.toString() : QStringLiteral("defaults")) << Qt::endl;
    return ExitOk;
}

} // namespace ksv::cli
