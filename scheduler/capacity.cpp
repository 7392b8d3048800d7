#include "capacity.h"

#include "cache.h"
#include "cluster/clustersource.h"
#include "decoding/loaderror.h"
#include "decoding/yamlfield.h"
#include "scenario/admission.h"
#include "scenario/decode.h"
#include "scenario/yamldocuments.h"
#include "simulation/simulator.h"
#include "trace/trace.h"

namespace ksv {

namespace {

// Hands the engine one copy of the template at a time: the next once the one before is bound, so
// that each copy is scheduled on the cluster the copies before it left (cluster-capacity's order).
class CopySource final : public ClusterSource
{
public:
    CopySource(ClusterState initial, Pod pod)
        : m_initial(std::move(initial))
        , m_template(std::move(pod))
    {
    }

    const ClusterState& initialState() const override { return m_initial; }
    // Stamped 0: the engine applies a change from its past at its own time.
    std::optional<VirtualNanos> nextChangeAt() const override { return m_ready && !m_done ? std::optional<VirtualNanos>(0) : std::nullopt; }
    ObjectChange takeChange() override
    {
        m_ready = false;
        Pod copy = m_template;
        copy.meta.name = m_template.meta.name + QStringLiteral("-copy-") + QString::number(++m_made);
        copy.meta.uid = synthesizeUid(QStringLiteral("Pod"), copy.meta);
        m_current = copy.key();
        return ObjectChange {0, EventAction::Create, std::move(copy), m_template.meta.source};
    }
    bool exhausted() const override { return m_done; }
    void forEachKnownChange(const std::function<void(const ObjectChange&)>&) const override {}

    void makeNext() { m_ready = true; }
    void stop() { m_done = true; }
    const QString& current() const { return m_current; }
    bool waiting() const { return m_ready; }

private:
    ClusterState m_initial;
    Pod m_template;
    QString m_current;
    int m_made = 0;
    bool m_ready = false;
    bool m_done = false;
};

QString zoneOf(const Node& node)
{
    return node.meta.labels.value(QStringLiteral("topology.kubernetes.io/zone"));
}

} // namespace

Pod loadPodTemplate(const QString& path, const ClusterState& cluster)
{
    const std::vector<YAML::Node> documents = parseYamlDocuments(readYamlFile(path), path);
    std::vector<YAML::Node> pods;
    std::optional<SourceLocation> secondPod;
    for (const YAML::Node& document : documents) {
        if (document.IsNull())
            continue;
        const YamlField field(document, path);
        const QString kind = field.stringOr("kind");
        if (kind != QLatin1String("Pod"))
            throw LoadError(field.location(), QStringLiteral("kind"),
                            QStringLiteral("a pod template is one Pod manifest, not ") + (kind.isEmpty() ? QStringLiteral("a document without a kind") : kind));
        if (pods.size() == 1 && !secondPod)
            secondPod = field.location();
        pods.push_back(document);
    }
    if (pods.empty())
        throw LoadError(SourceLocation {path, 1, 1}, {}, QStringLiteral("no Pod in the file: a pod template is one Pod manifest"));
    if (pods.size() > 1)
        throw LoadError(*secondPod, QStringLiteral("kind"),
                        QStringLiteral("a second Pod (%1 in the file): a pod template is one Pod manifest").arg(pods.size()));
    const YamlField document(pods.front(), path);
    Pod pod = decodePod(document);
    if (!pod.schedulingGates.isEmpty())
        throw LoadError(document["spec"]["schedulingGates"].location(), QStringLiteral("spec.schedulingGates"),
                        QStringLiteral("a template with scheduling gates would never get a scheduling attempt: remove them"));
    pod.nodeName.clear(); // a template is placed, not bound
    QHash<QString, PriorityClass> classes;
    for (const PriorityClass& priorityClass : cluster.priorityClasses)
        classes.insert(priorityClass.meta.name, priorityClass);
    admitPod(pod, classes);
    return pod;
}

ClusterAtTime clusterAt(const Scenario& scenario, const config::KubeSchedulerConfiguration& configuration, std::optional<VirtualNanos> at)
{
    trace::Trace trace;
    SimulationOptions options;
    options.nodeDetail = false;
    options.until = at;
    Simulator simulator(scenario, configuration, options, trace);
    simulator.run();
    const SchedulerCache& cache = simulator.cache();
    ClusterAtTime result;
    result.at = at.value_or(simulator.now());
    // Everything but nodes and pods, as the scheduler's listers have it now.
    result.cluster = cache.lister()->cluster();
    result.cluster.nodes = cache.nodes();
    result.cluster.pods.clear();
    for (const Pod& pod : cache.pods()) {
        if (!pod.nodeName.isEmpty())
            result.cluster.pods.append(pod);
    }
    // In a queue or in a scheduling cycle: not on a node yet (the cache holds only pods that are).
    using trace::PodLocation;
    const QList<PodSummary> pods = simulator.podSummaries();
    result.pendingLeftOut = int(std::count_if(pods.cbegin(), pods.cend(), [](const PodSummary& pod) {
        return pod.location == PodLocation::Active || pod.location == PodLocation::Backoff || pod.location == PodLocation::Unschedulable
            || pod.location == PodLocation::Gated || pod.location == PodLocation::Scheduling;
    }));
    return result;
}

CapacityReport estimateCapacity(const Scenario& scenario, const config::KubeSchedulerConfiguration& configuration,
                                const ClusterAtTime& cluster, const Pod& pod, std::optional<int> maxCopies)
{
    CapacityReport report;
    report.pod = pod.key();
    report.at = cluster.at;
    report.pendingLeftOut = cluster.pendingLeftOut;
    report.boundAt = int(cluster.cluster.pods.size());

    CopySource source(cluster.cluster, pod);
    trace::Trace trace;
    SimulationOptions options;
    options.nodeDetail = false;
    options.seed = scenario.seed;
    // The latency model's random binding failures are not the cluster's capacity.
    Timing timing = scenario.timing;
    timing.bindFailureRate = 0;
    options.timing = timing;
    Simulator simulator(source, configuration, options, trace);

    int attemptsOfCurrent = 0;
    simulator.onAttempt = [&](const AttemptRecord& attempt) {
        if (attempt.pod.key() != source.current())
            return;
        ++attemptsOfCurrent;
        if (attempt.outcome.result && attemptsOfCurrent == 1)
            return;
        report.stoppedBy = explainAttempt(attempt);
        if (attempt.outcome.result) {
            // Scheduled again: Permit or the binding cycle sent it back (a gang that never completes).
            report.stoppedBy->result = QStringLiteral("NotBound");
            report.stoppedBy->message = QStringLiteral("scheduled to a node, but its binding cycle did not bind it (Permit rejected it or "
                                                       "binding failed), and it was tried again");
        }
        source.stop();
    };
    if (maxCopies.value_or(1) > 0) {
        source.makeNext();
    } else {
        report.limitReached = true;
        source.stop();
    }

    QHash<QString, int> perNode;
    qsizetype seen = 0;
    while (!source.exhausted() && simulator.step()) {
        for (; seen < trace.size(); ++seen) {
            const trace::Event& event = trace.at(seen);
            if (event.kind() != trace::EventKind::QueueMove || trace.string(event.pod()) != source.current())
                continue;
            // Parked for good (a PreEnqueue plugin of the profile): no attempt will come.
            if (event.to() == trace::PodLocation::Gated)
                throw LoadError(pod.meta.source, {},
                                QStringLiteral("a copy of ") + report.pod + QStringLiteral(" waits in the gated pods (PreEnqueue: ")
                                    + trace.string(event.cause()) + QStringLiteral(") and would never get a scheduling attempt"));
            if (event.to() != trace::PodLocation::Bound)
                continue;
            ++report.fit;
            ++perNode[trace.string(event.node())];
            attemptsOfCurrent = 0;
            if (maxCopies && report.fit >= *maxCopies) {
                report.limitReached = true;
                source.stop();
            } else {
                source.makeNext();
            }
        }
    }
    if (!source.exhausted()) {
        // The engine ran out of work with a copy that never got an attempt.
        throw LoadError(pod.meta.source, QStringLiteral("spec.schedulerName"),
                        QStringLiteral("no scheduling attempt for a copy of ") + report.pod
                            + QStringLiteral(": no profile has schedulerName \"") + pod.schedulerName + QStringLiteral("\""));
    }

    QMap<QString, int> perZone;
    for (const Node& node : cluster.cluster.nodes) {
        if (const int copies = perNode.value(node.meta.name); copies > 0) {
            report.nodes.append({node.meta.name, copies});
            perZone[zoneOf(node)] += copies;
        }
    }
    for (auto it = perZone.cbegin(); it != perZone.cend(); ++it)
        report.zones.append({it.key(), it.value()});
    return report;
}

} // namespace ksv
