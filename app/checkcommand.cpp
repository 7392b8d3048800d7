#include "checkcommand.h"

#include "extendersession.h"

#include "lesson/chapterstops.h"
#include "scenario/effectiveconfig.h"
#include "scenario/loader.h"
#include "simulation/simulator.h"
#include "trace/trace.h"

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

// Plays a lesson's scenario to its end and finds where each chapter starts: a chapter that never
// does is an error at its place in the file (and so is every chapter after it).
std::optional<LoadError> checkLesson(const Scenario& scenario, const QString& configPath, const VersionChoice& choice, QList<ChapterStop>& stops)
{
    const Lesson& lesson = *scenario.lesson;
    trace::Trace trace;
    const config::KubeSchedulerConfiguration configuration = effectiveConfiguration(scenario, configPath, choice);
    const std::shared_ptr<extenderhttp::ExtenderSession> extenders = extenderhttp::ExtenderSession::start(scenario, configuration);
    SimulationOptions options;
    if (extenders)
        options.extenderTransport = extenders->transport();
    Simulator(scenario, configuration, options, trace).run();
    ChapterStops found(lesson.chapters);
    found.advance(trace, trace.size(), -1, true);
    stops = found.stops();
    if (found.foundCount() == found.count())
        return std::nullopt;
    const int missing = found.foundCount();
    const Chapter& chapter = lesson.chapters.at(missing);
    QString after = missing == 0 ? QStringLiteral("in the run")
                                 : QStringLiteral("after chapter %1 began (at %2)").arg(missing).arg(seconds(stops.at(missing - 1).time));
    const qsizetype later = lesson.chapters.size() - missing - 1;
    const QString rest = later == 0 ? QString()
        : later == 1                ? QStringLiteral(", nor does the chapter after it")
                                    : QStringLiteral(", nor do the %1 chapters after it").arg(later);
    return LoadError(chapter.location, QStringLiteral("spec.lesson.chapters[%1].when").arg(missing),
                     QStringLiteral("chapter \"%1\" never starts: no event matches %2%3").arg(chapter.title, after, rest));
}

} // namespace

int runCheck(const Options& options, QTextStream& out, QTextStream& err)
{
    QStringList warnings;
    Scenario scenario;
    std::optional<SchedulerConfigSource> schedulerConfig;
    version::Features features;
    try {
        scenario = loadScenarioFile(options.scenario, &warnings);
        // Where the configuration is, not whether it is valid: check reports what a run would use.
        schedulerConfig = effectiveConfigSource(scenario, options.config);
        // The version and gates are checked, though: a run could not start without them.
        features = runFeatures(scenario, versionChoice(options));
        if (const QString warning = versionWarning(scenario, versionChoice(options)); !warning.isEmpty())
            warnings.append(warning);
    } catch (const LoadError& error) {
        err << error.toString() << Qt::endl;
        return ExitBadInput;
    }
    for (const auto& warning : warnings)
        err << QStringLiteral("warning: ") << warning << Qt::endl;
    QList<ChapterStop> stops;
    if (scenario.lesson) {
        try {
            if (const auto error = checkLesson(scenario, options.config, versionChoice(options), stops)) {
                err << error->toString() << Qt::endl;
                return ExitBadInput;
            }
        } catch (const LoadError& error) {
            err << error.toString() << Qt::endl;
            return ExitBadInput;
        }
    }

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
                          {QStringLiteral("kubernetesVersion"), features.version.toString()},
                          {QStringLiteral("objects"), counts},
                          {QStringLiteral("pendingPods"), pending},
                          {QStringLiteral("boundPods"), bound},
                          {QStringLiteral("events"), static_cast<qint64>(scenario.events.size())},
                          {QStringLiteral("schedulerConfig"), schedulerConfig ? schedulerConfig->source.toString() : QString()},
                          {QStringLiteral("warnings"), QJsonArray::fromStringList(warnings)}};
        if (scenario.lesson) {
            QJsonArray chapters;
            for (qsizetype i = 0; i < stops.size(); ++i) {
                chapters.append(QJsonObject {{QStringLiteral("title"), scenario.lesson->chapters.at(i).title},
                                             {QStringLiteral("startsAtSeconds"), double(stops.at(i).time) / nanosPerSecond}});
            }
            root.insert(QStringLiteral("lesson"), QJsonObject {{QStringLiteral("title"), scenario.lesson->title}, {QStringLiteral("chapters"), chapters}});
        }
        out << QJsonDocument(root).toJson(QJsonDocument::Compact) << Qt::endl;
        return ExitOk;
    }
    out << scenario.file << QStringLiteral(": scenario \"") << scenario.name << QStringLiteral("\", seed ") << scenario.seed << Qt::endl;
    for (auto it = counts.begin(); it != counts.end(); ++it)
        out << QStringLiteral("  ") << it.key() << QStringLiteral(": ") << it.value().toInteger() << Qt::endl;
    out << QStringLiteral("  Kubernetes: ") << features.version.toString()
        << (options.kubernetesVersion ? QStringLiteral(" (--kubernetes-version)")
            : scenario.kubernetesVersion ? QStringLiteral(" (spec.kubernetesVersion)")
                                         : QStringLiteral(" (the default)"))
        << Qt::endl;
    out << QStringLiteral("  pods pending at 0s: ") << pending << QStringLiteral(", bound: ") << bound << Qt::endl;
    if (!scenario.events.isEmpty()) {
        out << QStringLiteral("  events: ") << scenario.events.size() << QStringLiteral(" from ") << seconds(scenario.events.constFirst().at)
            << QStringLiteral(" to ") << seconds(scenario.events.constLast().at) << Qt::endl;
    }
    out << QStringLiteral("  scheduler configuration: ")
        << (schedulerConfig ? schedulerConfig->source.toString() : QStringLiteral("defaults")) << Qt::endl;
    if (schedulerConfig && !scenario.lesson) { // a lesson's play calls the extenders
        if (const auto* configuration = std::get_if<config::KubeSchedulerConfiguration>(&schedulerConfig->decoded))
            if (const QString warning = extenderWarning(*configuration); !warning.isEmpty())
                err << QStringLiteral("warning: ") << warning << Qt::endl;
    }
    if (scenario.lesson) {
        out << QStringLiteral("  lesson \"") << scenario.lesson->title << QStringLiteral("\": ") << stops.size()
            << QStringLiteral(" chapters, each starts:") << Qt::endl;
        for (qsizetype i = 0; i < stops.size(); ++i)
            out << QStringLiteral("    ") << (i + 1) << QStringLiteral(". ") << seconds(stops.at(i).time) << QStringLiteral("  ")
                << scenario.lesson->chapters.at(i).title << Qt::endl;
    }
    return ExitOk;
}

} // namespace ksv::cli
