#include "explain.h"

#include "cache.h"
#include "plugins/registry.h"
#include "profiles.h"
#include "schedule_one.h"

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

    QSet<QString> visited(outcome.detail.visitedNodes.cbegin(), outcome.detail.visitedNodes.cend());
    QSet<QString> feasible;
    for (const auto& node : outcome.detail.feasibleNodes)
        feasible.insert(node->name());
    QHash<QString, const framework::NodePluginScores*> scores;
    for (const auto& nodeScores : outcome.detail.scores)
        scores.insert(nodeScores.name, &nodeScores);
    const bool preFilterRejected = outcome.detail.preFilterStatus.isRejected();
    const framework::NodeToStatus& statuses = outcome.diagnosis.nodeToStatus;

    for (const auto& info : snapshot.nodeInfos()) {
        ExplainNode node;
        node.name = info->name();
        Status status;
        bool evaluated = true;
        if (const auto it = statuses.statuses.constFind(node.name); it != statuses.statuses.cend()) {
            status = *it;
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
        if (const auto* nodeScores = scores.value(node.name)) {
            node.scored = true;
            node.scores = nodeScores->scores;
            node.total = nodeScores->totalScore;
        }
        report.nodes.append(node);
    }
    return report;
}

// The simplified replay explained in explain.h.
class Replay
{
public:
    Replay(const Scenario& scenario, const config::KubeSchedulerConfiguration& configuration)
        : m_scenario(scenario)
        , m_random(scenario.seed)
        , m_registry(plugins::inTreeRegistry())
        , m_profiles(configuration, m_registry, m_random)
        , m_algorithm(configuration.percentageOfNodesToScore)
        , m_cache(scenario.initial)
    {
    }

    ExplainReport run(const QString& podKey)
    {
        const bool known = std::any_of(m_scenario.initial.pods.cbegin(), m_scenario.initial.pods.cend(), [&](const Pod& p) { return p.key() == podKey; })
            || std::any_of(m_scenario.events.cbegin(), m_scenario.events.cend(), [&](const ScenarioEvent& e) {
                   const auto* pod = std::get_if<Pod>(&e.object);
                   return pod && pod->key() == podKey;
               });
        if (!known)
            throw ExplainError(QStringLiteral("no pod ") + podKey + QStringLiteral(" in ") + m_scenario.file);

        for (const auto& pod : m_scenario.initial.pods)
            enqueue(pod, 0);
        qsizetype nextEvent = 0;
        VirtualNanos now = 0;
        for (;;) {
            if (auto report = drain(podKey, now))
                return *report;
            if (nextEvent >= m_scenario.events.size())
                break;
            now = m_scenario.events[nextEvent].at;
            while (nextEvent < m_scenario.events.size() && m_scenario.events[nextEvent].at == now)
                apply(m_scenario.events[nextEvent++], now);
        }
        throw ExplainError(QStringLiteral("pod ") + podKey + QStringLiteral(" never gets a scheduling attempt (")
                           + (m_gated.contains(podKey) ? QStringLiteral("its scheduling gates are never removed")
                                                       : QStringLiteral("no profile handles its schedulerName, or it is bound from the start"))
                           + QLatin1Char(')'));
    }

private:
    struct Queued
    {
        Pod pod;
        VirtualNanos timestamp = 0;
        quint64 sequence = 0;
    };

    void enqueue(const Pod& pod, VirtualNanos now)
    {
        if (!pod.nodeName.isEmpty() || pod.isTerminal() || pod.meta.isDeleting())
            return;
        framework::Framework* framework = m_profiles.forPod(pod);
        if (!framework)
            return;
        if (!framework->runPreEnqueuePlugins(pod).isSuccess()) {
            m_gated.insert(pod.key());
            return;
        }
        m_gated.remove(pod.key());
        m_active.append({pod, now, m_sequence++});
    }

    void apply(const ScenarioEvent& event, VirtualNanos now)
    {
        switch (event.action) {
        case EventAction::Create:
        case EventAction::Update:
            m_cache.setObject(event.object);
            if (const auto* pod = std::get_if<Pod>(&event.object)) {
                m_active.removeIf([pod](const Queued& q) { return q.pod.meta.uid == pod->meta.uid; });
                enqueue(*pod, now);
            }
            break;
        case EventAction::Delete:
            m_cache.removeObject(event.object);
            if (const auto* pod = std::get_if<Pod>(&event.object))
                m_active.removeIf([pod](const Queued& q) { return q.pod.meta.uid == pod->meta.uid; });
            break;
        }
    }

    std::optional<ExplainReport> drain(const QString& podKey, VirtualNanos now)
    {
        while (!m_active.isEmpty()) {
            const auto best = std::min_element(m_active.begin(), m_active.end(), [this](const Queued& a, const Queued& b) {
                framework::Framework* framework = m_profiles.all().front().get();
                if (framework->queueSortLess({&a.pod, a.timestamp}, {&b.pod, b.timestamp}))
                    return true;
                if (framework->queueSortLess({&b.pod, b.timestamp}, {&a.pod, a.timestamp}))
                    return false;
                return a.sequence < b.sequence;
            });
            const Queued queued = *best;
            m_active.erase(best);
            framework::Framework* framework = m_profiles.forPod(queued.pod);
            framework->setSnapshot(m_cache.snapshot());
            framework->setLister(m_cache.lister());
            framework::CycleState state;
            ScheduleOutcome outcome = m_algorithm.schedulePod(*framework, state, queued.pod);
            if (outcome.fitError && framework->hasPostFilterPlugins()) {
                const framework::PostFilterOutcome postFilter = framework->runPostFilterPlugins(state, queued.pod, outcome.fitError->diagnosis.nodeToStatus);
                outcome.fitError->diagnosis.postFilterMsg = postFilter.status.message();
                for (const auto& victim : postFilter.victims)
                    evict(victim);
            }
            if (queued.pod.key() == podKey) {
                ExplainReport report = buildReport(queued.pod, *framework, outcome, *m_cache.snapshot());
                report.atNanos = now;
                return report;
            }
            if (outcome.result) {
                Pod bound = queued.pod;
                bound.nodeName = outcome.result->suggestedHost;
                bound.phase = PodPhase::Running;
                m_cache.addPod(bound);
            }
        }
        return std::nullopt;
    }

    void evict(const QString& key)
    {
        for (const auto& pod : m_cache.pods()) {
            if (pod.key() == key) {
                const Pod victim = pod; // removePod erases the map entry `pod` refers to
                m_cache.removePod(victim);
                return;
            }
        }
    }

    const Scenario& m_scenario;
    framework::Random m_random;
    plugins::Registry m_registry;
    Profiles m_profiles;
    SchedulingAlgorithm m_algorithm;
    SchedulerCache m_cache;
    QList<Queued> m_active;
    QSet<QString> m_gated;
    quint64 m_sequence = 0;
};

} // namespace

ExplainReport explainPod(const Scenario& scenario, const config::KubeSchedulerConfiguration& configuration, const QString& podKey)
{
    return Replay(scenario, configuration).run(podKey);
}

} // namespace ksv
