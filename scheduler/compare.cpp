#include "compare.h"

#include "cache.h"
#include "trace/trace.h"

namespace ksv {

namespace {

double counterSum(const Metrics& metrics, const QString& name, const QString& labelSuffix = {})
{
    double total = 0;
    for (auto it = metrics.counters().cbegin(); it != metrics.counters().cend(); ++it) {
        if (it.key().startsWith(name + QLatin1Char('{')) && (labelSuffix.isEmpty() || it.key().endsWith(labelSuffix)))
            total += it.value();
    }
    return total;
}

void addUse(QList<ResourceUse>& uses, const QString& resource, qint64 requested, qint64 allocatable)
{
    for (ResourceUse& use : uses) {
        if (use.resource == resource) {
            use.requested += requested;
            use.allocatable += allocatable;
            return;
        }
    }
    uses.append({resource, requested, allocatable});
}

} // namespace

QString toString(PodDifference::Kind kind)
{
    switch (kind) {
    case PodDifference::Kind::Moved: return QStringLiteral("moved");
    case PodDifference::Kind::OnlyA: return QStringLiteral("onlyA");
    case PodDifference::Kind::OnlyB: return QStringLiteral("onlyB");
    case PodDifference::Kind::Timing: return QStringLiteral("timing");
    case PodDifference::Kind::Message: return QStringLiteral("message");
    }
    return {};
}

RunSummary summarizeRun(const Scenario& scenario, const config::KubeSchedulerConfiguration& configuration, SimulationOptions options,
                        const std::atomic<bool>* stop)
{
    trace::Trace trace;
    options.nodeDetail = false;
    Simulator simulator(scenario, configuration, options, trace);
    while ((!stop || !stop->load(std::memory_order_relaxed)) && simulator.step()) {
    }

    RunSummary summary;
    summary.end = simulator.now();
    summary.pods = simulator.podSummaries();
    for (const PodSummary& pod : summary.pods) {
        if (pod.location == trace::PodLocation::Deleted)
            continue;
        if (pod.location == trace::PodLocation::Bound && !pod.node.isEmpty())
            ++summary.scheduled;
        else
            ++summary.notScheduled;
    }
    const Metrics& metrics = simulator.metrics();
    summary.attempts = counterSum(metrics, QStringLiteral("scheduler_schedule_attempts_total"));
    summary.unschedulableAttempts = counterSum(metrics, QStringLiteral("scheduler_schedule_attempts_total"), QStringLiteral("result=\"unschedulable\"}"));
    const QString sli = QStringLiteral("scheduler_pod_scheduling_sli_duration_seconds");
    summary.latencyP50 = metrics.quantile(sli, 0.5);
    summary.latencyP99 = metrics.quantile(sli, 0.99);
    for (qsizetype i = 0; i < trace.size(); ++i) {
        const trace::EventKind kind = trace.at(i).kind();
        summary.preemptions += kind == trace::EventKind::Preemption ? 1 : 0;
        summary.victims += kind == trace::EventKind::Victim ? 1 : 0;
    }

    // The cluster at the end, as the scheduler's cache has it (assumed pods count, as they do there).
    QMap<QString, int> perZone;
    for (const framework::NodeInfoPtr& info : simulator.cache().snapshot()->nodeInfos()) {
        const framework::Resource& requested = info->requested();
        const framework::Resource& allocatable = info->allocatable();
        addUse(summary.utilisation, QStringLiteral("cpu"), requested.milliCPU, allocatable.milliCPU);
        addUse(summary.utilisation, QStringLiteral("memory"), requested.memory, allocatable.memory);
        addUse(summary.utilisation, QStringLiteral("pods"), info->pods().size(), allocatable.allowedPodNumber);
        for (auto it = allocatable.scalarResources.cbegin(); it != allocatable.scalarResources.cend(); ++it)
            addUse(summary.utilisation, it.key(), requested.scalar(it.key()), it.value());
        ++summary.nodes;
        summary.nodesUsed += info->pods().isEmpty() ? 0 : 1;
        int& zone = perZone[info->node().meta.labels.value(QStringLiteral("topology.kubernetes.io/zone"))];
        zone += int(info->pods().size());
    }
    // Nodes without a zone label are no zone of their own beside labelled ones.
    if (perZone.size() > 1)
        perZone.remove(QString());
    if (!perZone.isEmpty()) {
        const auto [smallest, largest] = std::minmax_element(perZone.cbegin(), perZone.cend());
        summary.zoneSkew = *largest - *smallest;
    }
    return summary;
}

QList<PodDifference> podDifferences(const QList<PodSummary>& a, const QList<PodSummary>& b)
{
    // Where each run left the pod, as `run --json` says: a pod bound and later deleted (a preemption
    // victim) is not bound at the end.
    const auto bound = [](const PodSummary& pod) { return !pod.node.isEmpty() && pod.location == trace::PodLocation::Bound; };
    // One entry per pod name: a pod deleted and created again under its name (a StatefulSet's) has
    // a summary per UID, and its fate at the end is the last one's.
    const auto lastByKey = [](const QList<PodSummary>& pods) {
        QList<const PodSummary*> order;
        QHash<QString, qsizetype> at;
        for (const PodSummary& pod : pods) {
            if (const auto found = at.constFind(pod.key); found != at.cend()) {
                order[*found] = &pod;
            } else {
                at.insert(pod.key, order.size());
                order.append(&pod);
            }
        }
        return order;
    };
    const QList<const PodSummary*> inA = lastByKey(a);
    const QList<const PodSummary*> orderB = lastByKey(b);
    QHash<QString, const PodSummary*> inB;
    for (const PodSummary* pod : orderB)
        inB.insert(pod->key, pod);
    QList<PodDifference> differences;
    QSet<QString> seen;
    const auto compareOne = [&](const PodSummary* left, const PodSummary* right, const QString& key) {
        PodDifference difference;
        difference.pod = key;
        const bool boundA = left && bound(*left);
        const bool boundB = right && bound(*right);
        difference.nodeA = boundA ? left->node : QString();
        difference.nodeB = boundB ? right->node : QString();
        difference.scheduledA = boundA ? left->scheduledAt : std::nullopt;
        difference.scheduledB = boundB ? right->scheduledAt : std::nullopt;
        if (!boundA && !boundB) {
            // Both runs left it pending (not deleted): the words may still differ.
            const auto pending = [](const PodSummary* pod) { return pod && pod->location != trace::PodLocation::Deleted; };
            if (!pending(left) || !pending(right) || left->message == right->message)
                return;
            difference.kind = PodDifference::Kind::Message;
            difference.messageA = left->message;
            difference.messageB = right->message;
            differences.append(difference);
            return;
        }
        if (boundA != boundB)
            difference.kind = boundA ? PodDifference::Kind::OnlyA : PodDifference::Kind::OnlyB;
        else if (difference.nodeA != difference.nodeB)
            difference.kind = PodDifference::Kind::Moved;
        else if (difference.scheduledA != difference.scheduledB)
            difference.kind = PodDifference::Kind::Timing;
        else
            return;
        differences.append(difference);
    };
    for (const PodSummary* pod : inA) {
        seen.insert(pod->key);
        compareOne(pod, inB.value(pod->key), pod->key);
    }
    for (const PodSummary* pod : orderB) {
        if (!seen.contains(pod->key))
            compareOne(nullptr, pod, pod->key);
    }
    return differences;
}

} // namespace ksv
