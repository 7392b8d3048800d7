// scheduleOne and schedulingCycle (pkg/scheduler/schedule_one.go, v1.32) in virtual time: the
// attempt is computed when the cycle starts, against that instant's snapshot; its effects come when
// the cycle's cost (spec.timing) has passed, so cluster events in between are seen by the queue as
// events that arrived while the pod was in flight.

#include "simulator_p.h"

namespace ksv {

using framework::Code;
using framework::Diagnosis;
using framework::FitError;
using framework::Status;
using trace::PodLocation;

namespace {

const QString defaultResultLabel = QStringLiteral("result");
const QString profileLabel = QStringLiteral("profile");

} // namespace

void Simulator::startCycle()
{
    QueuedPodInfoPtr popped = m_queue.pop();
    const Pod& pod = popped->pod();
    framework::Framework* framework = m_profiles.forPod(pod);
    // skipPodSchedule: a pod being deleted, or one already assumed, is not scheduled.
    if (!framework || pod.meta.isDeleting() || m_assumed.contains(pod.meta.uid)) {
        m_queue.done(popped->uid());
        traceMove(pod.key(), PodLocation::Scheduling, PodLocation::None, QStringLiteral("SkipSchedule"));
        return;
    }
    auto cycle = std::make_unique<Cycle>();
    cycle->framework = framework;
    cycle->number = m_queue.schedulingCycle();
    cycle->start = m_now;
    cycle->state = std::make_unique<framework::CycleState>();
    cycle->state->write(framework::podsToActivateKey, std::make_unique<framework::PodsToActivate>());
    ++m_cycles;
    PodSummary& entry = summary(pod);
    entry.attempts = popped->attempts;
    entry.location = PodLocation::Scheduling;

    m_recordingPod = id(pod.key());
    m_recordingCycle = static_cast<qint32>(cycle->number);
    traceEvent(trace::Event::cycleStart(m_now, m_recordingPod, m_recordingCycle, id(framework->profileName()), popped->attempts));

    framework->setSnapshot(m_cache.snapshot());
    framework->setLister(m_cache.lister());
    m_extenderCost = 0;
    cycle->outcome = m_algorithm.schedulePod(*framework, *cycle->state, pod);
    if (cycle->outcome.fitError && framework->hasPostFilterPlugins()) {
        cycle->postFilter = framework->runPostFilterPlugins(*cycle->state, pod, cycle->outcome.fitError->diagnosis.nodeToStatus);
        cycle->outcome.fitError->diagnosis.postFilterMsg = cycle->postFilter->status.message();
        m_metrics.increment(QStringLiteral("scheduler_preemption_attempts_total"));
    }
    cycle->pod = std::move(popped);
    traceOutcome(*cycle);
    if (onAttempt)
        onAttempt(AttemptRecord {pod, *framework, cycle->outcome, *m_cache.snapshot(), m_now, cycle->pod->attempts});

    const VirtualNanos cost =
        m_timing.cycleBase + m_timing.cyclePerNode * VirtualNanos(cycle->outcome.detail.visitedNodes.size()) + m_extenderCost;
    m_metrics.observe(Metrics::series(QStringLiteral("scheduler_scheduling_attempt_duration_seconds"), {{profileLabel, framework->profileName()}}),
                      double(cost) / nanosPerSecond);
    m_cycle = std::move(cycle);
    schedule(m_now + cost, ActionKind::CycleEnd);
}

// The per-node verdicts of Filter and Score, when the trace keeps node detail.
void Simulator::traceOutcome(const Cycle& cycle)
{
    if (!m_options.nodeDetail)
        return;
    // A cycle is recorded whole or not at all: the budget is looked at once, before its first block.
    if (m_options.nodeDetailBudget > 0 && m_trace.nodeDetailBytes() >= m_options.nodeDetailBudget) {
        if (m_trace.nodeDetailCutoff() < 0)
            m_trace.setNodeDetailCutoff(m_recordingCycle);
        return;
    }

    const ScheduleOutcome& outcome = cycle.outcome;
    const framework::NodeToStatus& statuses = outcome.diagnosis.nodeToStatus;
    const std::vector<const framework::NodeInfo*>& visitedNodes = outcome.detail.visitedNodes;
    if (!visitedNodes.empty()) {
        m_detailNodes.clear();
        m_detailRejections.clear();
        for (const framework::NodeInfo* visited : visitedNodes) {
            if (const Status* status = statuses.find(*visited)) {
                trace::FilterRejection rejection;
                rejection.index = qint32(m_detailNodes.size());
                rejection.code = quint8(status->code());
                rejection.plugin = status->plugin().isEmpty() ? -1 : id(status->plugin());
                if (rejection.plugin < 0 && !outcome.detail.extenderVerdicts.isEmpty()) {
                    if (const auto by = outcome.detail.extenderVerdicts.constFind(visited->name()); by != outcome.detail.extenderVerdicts.cend())
                        rejection.plugin = id(*by);
                }
                rejection.text = id(status->message());
                m_detailRejections.push_back(rejection);
            }
            m_detailNodes.push_back(nodeId(*visited));
        }
        const qint64 block = m_trace.storeFilterNodes(m_detailNodes, m_detailRejections);
        traceEvent(trace::Event::filterNodes(m_now, m_recordingPod, m_recordingCycle, block, qint32(m_detailNodes.size())));
    }
    // A profile without Score plugins still lists its feasible nodes in the table; with nothing
    // scored there is no block (there were no ScoreNode events either).
    const framework::ScoreTable& scores = outcome.detail.scores;
    if (scores.isEmpty() || scores.plugins.isEmpty())
        return;
    m_detailPlugins.clear();
    m_detailWeights.clear();
    for (qsizetype p = 0; p < scores.plugins.size(); ++p) {
        m_detailPlugins.push_back(sharedId(scores.plugins[p]));
        m_detailWeights.push_back(qint32(scores.weights[size_t(p)]));
    }
    m_detailNodes.clear();
    for (const framework::NodeInfoPtr& node : scores.nodes)
        m_detailNodes.push_back(nodeId(*node));
    const qint64 block = m_trace.storeScoreNodes(m_detailPlugins, m_detailWeights, m_detailNodes, scores.raw, scores.normalized);
    traceEvent(trace::Event::scoreNodes(m_now, m_recordingPod, m_recordingCycle, block, qint32(m_detailNodes.size())));
}

void Simulator::finishCycle()
{
    std::unique_ptr<Cycle> cycle = std::move(m_cycle);
    const Pod pod = cycle->pod->pod();
    const QString profile = cycle->framework->profileName();
    m_recordingPod = id(pod.key());
    m_recordingCycle = static_cast<qint32>(cycle->number);
    ScheduleOutcome& outcome = cycle->outcome;

    // evaluatedNodes: a nominated node tried first and then again in the full pass counts once.
    const qint64 evaluated = outcome.result ? outcome.result->evaluatedNodes
                                            : outcome.detail.feasibleNodes.size() + outcome.diagnosis.nodeToStatus.len();
    const auto feasible = static_cast<qint32>(outcome.detail.feasibleNodes.size());
    const auto traceCycleEnd = [&](Code code, qint32 node, qint32 message) {
        traceEvent(trace::Event::cycleEnd(m_now, m_recordingPod, m_recordingCycle, code, node, message, evaluated, feasible));
    };

    if (!outcome.result) {
        std::optional<framework::NominatingInfo> nominatingInfo;
        Status status;
        QString message;
        const Diagnosis* diagnosis = nullptr;
        if (outcome.fitError) {
            status = Status(Code::Unschedulable);
            message = outcome.fitError->error();
            diagnosis = &outcome.fitError->diagnosis;
            if (cycle->postFilter) {
                nominatingInfo = cycle->postFilter->nominatingInfo;
                if (nominatingInfo && !nominatingInfo->nominatedNodeName.isEmpty())
                    prepareCandidate(pod, *cycle->postFilter, profile);
            }
        } else {
            status = outcome.error;
            message = outcome.error.message();
            nominatingInfo = framework::NominatingInfo {QString(), true}; // clearNominatedNode
        }
        traceCycleEnd(status.code(), -1, id(message));
        handleSchedulingFailure(std::move(cycle->pod), status, message, diagnosis, nominatingInfo, PodLocation::Scheduling, profile,
                                cycle->start);
        return;
    }

    const QString host = outcome.result->suggestedHost;
    const qint32 hostId = id(host);
    const auto current = m_apiPods.constFind(pod.meta.uid);
    if (current == m_apiPods.cend() || !current->nodeName.isEmpty()) {
        // Deleted or bound by someone else while the cycle ran: nothing to assume.
        traceCycleEnd(Code::Success, hostId, -1);
        m_queue.done(pod.meta.uid);
        traceMove(pod.key(), PodLocation::Scheduling, current == m_apiPods.cend() ? PodLocation::Deleted : PodLocation::Bound,
                  current == m_apiPods.cend() ? QStringLiteral("PodDelete") : QStringLiteral("AssignedPodAdd"),
                  current == m_apiPods.cend() ? QString() : current->nodeName);
        summary(pod).location = current == m_apiPods.cend() ? PodLocation::Deleted : PodLocation::Bound;
        return;
    }
    Pod assumed = pod;
    assumed.nodeName = host;
    // Upstream assumes the pod in the cache before Reserve, but plugins read the cycle's snapshot,
    // taken before the assumption. Our snapshot is the cache itself, so the pod is assumed once
    // Reserve and Permit have run: they see the cluster without it, as upstream's do.

    auto failInCycle = [&](const Status& status) {
        cycle->framework->runReservePluginsUnreserve(*cycle->state, assumed, host);
        QString message = status.message();
        std::optional<Diagnosis> diagnosis;
        Status reported = status;
        if (status.isRejected()) {
            // A rejection at Reserve or Permit is a FitError on the one node tried.
            FitError fitError;
            fitError.numAllNodes = 1;
            fitError.diagnosis.nodeToStatus.set(host, status);
            fitError.diagnosis.addPluginStatus(status);
            message = fitError.error();
            diagnosis = fitError.diagnosis;
        }
        // The cycle ends here, after Reserve or Permit said no: it failed, whatever Filter chose.
        traceCycleEnd(reported.code(), -1, id(message));
        handleSchedulingFailure(std::move(cycle->pod), reported, message, diagnosis ? &*diagnosis : nullptr,
                                framework::NominatingInfo {QString(), true}, PodLocation::Scheduling, profile, cycle->start);
    };

    const Status reserve = cycle->framework->runReservePluginsReserve(*cycle->state, assumed, host);
    if (!reserve.isSuccess()) {
        failInCycle(reserve);
        return;
    }
    const framework::Framework::PermitRun permit = cycle->framework->runPermitPlugins(*cycle->state, assumed, host);
    if (!permit.status.isSuccess() && !permit.status.isWait()) {
        failInCycle(permit.status);
        return;
    }
    traceCycleEnd(Code::Success, hostId, -1); // Reserve and Permit are part of the scheduling cycle, so it ends after them
    assume(assumed);
    activatePods(*cycle->state);

    auto binding = std::make_unique<Binding>();
    binding->pod = std::move(cycle->pod);
    binding->framework = cycle->framework;
    binding->state = std::move(cycle->state);
    binding->assumed = assumed;
    binding->node = host;
    binding->cycle = cycle->number;
    binding->cycleStart = cycle->start;
    if (permit.status.isWait())
        waitOnPermit(std::move(binding), permit.waitingPlugins);
    else
        startBinding(std::move(binding));
}

void Simulator::activatePods(framework::CycleState& state)
{
    auto* toActivate = state.read<framework::PodsToActivate>(framework::podsToActivateKey);
    if (!toActivate || toActivate->pods.isEmpty())
        return;
    m_queue.activate(toActivate->pods.values());
    toActivate->pods.clear();
}

void Simulator::handleSchedulingFailure(QueuedPodInfoPtr pod, const Status& status, const QString& message, const Diagnosis* diagnosis,
                                        const std::optional<framework::NominatingInfo>& nominatingInfo, PodLocation from,
                                        const QString& profile, VirtualNanos cycleStart)
{
    Q_UNUSED(cycleStart)
    const QString result = status.isRejected() ? QStringLiteral("unschedulable") : QStringLiteral("error");
    m_metrics.increment(Metrics::series(QStringLiteral("scheduler_schedule_attempts_total"), {{profileLabel, profile}, {defaultResultLabel, result}}));
    if (diagnosis) {
        pod->unschedulablePlugins = diagnosis->unschedulablePlugins;
        pod->pendingPlugins = diagnosis->pendingPlugins;
    }
    const QString uid = pod->uid();
    PodSummary& entry = summary(pod->pod());
    entry.message = message;

    // The pod as the informer has it now: gone or bound elsewhere means no requeue.
    const auto current = m_apiPods.constFind(uid);
    if (current == m_apiPods.cend() || !current->nodeName.isEmpty()) {
        m_queue.done(uid);
        if (current == m_apiPods.cend()) {
            traceMove(pod->key(), from, PodLocation::Deleted, QStringLiteral("PodDelete"));
            entry.location = PodLocation::Deleted;
        }
        return;
    }
    pod->podInfo = framework::PodInfo::create(*current);
    const framework::PodInfoPtr podInfo = pod->podInfo;
    m_queue.addUnschedulableIfNotPresent(std::move(pod), m_queue.schedulingCycle(), from);
    m_queue.addNominatedPod(podInfo, nominatingInfo);
    if (nominatingInfo && nominatingInfo->override) {
        const qint32 podId = id(podInfo->pod->key());
        const qint32 nodeId = nominatingInfo->nominatedNodeName.isEmpty() ? -1 : id(nominatingInfo->nominatedNodeName);
        if (nominatingInfo->nominatedNodeName != current->nominatedNodeName)
            traceEvent(trace::Event::nominated(m_now, podId, nodeId));
    }

    // updatePod: the PodScheduled=False condition and the nomination, patched through the API.
    Pod patched = *current;
    PodCondition condition;
    condition.type = QStringLiteral("PodScheduled");
    condition.status = QStringLiteral("False");
    condition.reason = status.isRejected() ? QStringLiteral("Unschedulable") : QStringLiteral("SchedulerError");
    condition.message = message;
    patched.conditions.removeIf([](const PodCondition& c) { return c.type == QLatin1String("PodScheduled"); });
    patched.conditions.append(condition);
    if (nominatingInfo && nominatingInfo->override)
        patched.nominatedNodeName = nominatingInfo->nominatedNodeName;
    patchPod(patched);
}

// prepareCandidate (framework/preemption/preemption.go): victims waiting on Permit are rejected, the
// others are deleted with the DisruptionTarget condition; lower-priority pods nominated to the node
// lose their nomination.
void Simulator::prepareCandidate(const Pod& preemptor, const framework::PostFilterOutcome& outcome, const QString& profile)
{
    const QString& nodeName = outcome.nominatingInfo->nominatedNodeName;
    const qint32 preemptorId = id(preemptor.key());
    traceEvent(trace::Event::preemption(m_now, preemptorId, id(nodeName), outcome.victims.size()));
    m_metrics.observe(QStringLiteral("scheduler_preemption_victims"), double(outcome.victims.size()));

    for (const QString& victimKey : outcome.victims) {
        const auto found = std::find_if(m_apiPods.cbegin(), m_apiPods.cend(), [&victimKey](const Pod& p) { return p.key() == victimKey; });
        if (found == m_apiPods.cend())
            continue;
        const Pod victim = *found;
        const qint32 victimId = id(victim.key());
        traceEvent(trace::Event::victim(m_now, victimId, id(nodeName), preemptorId));
        if (framework::WaitingPod* waiting = get(victim.meta.uid)) {
            waiting->reject(QStringLiteral("DefaultPreemption"), QStringLiteral("preempted"));
            continue;
        }
        if (victim.meta.isDeleting())
            continue;
        Pod terminating = victim;
        terminating.meta.deletionTimestampMs = m_epochMs + m_now / 1'000'000;
        PodCondition condition;
        condition.type = QStringLiteral("DisruptionTarget");
        condition.status = QStringLiteral("True");
        condition.reason = QStringLiteral("PreemptionByScheduler");
        condition.message = profile + QStringLiteral(": preempting to accommodate a higher priority pod");
        terminating.conditions.append(condition);
        patchPod(terminating);
        schedule(m_now + m_timing.podTermination, ActionKind::VictimGone, victim.meta.uid);
    }

    // Lower-priority pods nominated to the node make room for the preemptor.
    for (const auto& nominated : m_queue.nominatedPodsForNode(nodeName)) {
        const Pod& other = *nominated->pod;
        if (other.effectivePriority() >= preemptor.effectivePriority() || other.meta.uid == preemptor.meta.uid)
            continue;
        const auto current = m_apiPods.constFind(other.meta.uid);
        m_queue.deleteNominatedPodIfExists(other);
        if (current != m_apiPods.cend() && !current->nominatedNodeName.isEmpty()) {
            Pod cleared = *current;
            cleared.nominatedNodeName.clear();
            patchPod(cleared);
        }
    }
}

} // namespace ksv
