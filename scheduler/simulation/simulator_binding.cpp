// bindingCycle and handleBindingCycleError (pkg/scheduler/schedule_one.go, v1.32), WaitOnPermit
// (framework/runtime/waiting_pods_map.go), and the cache's assume / forget / finishBinding. Binding
// cycles run concurrently with the scheduling loop: each waits on Permit, then makes its bind call,
// whose latency comes from spec.timing.

#include "simulator_p.h"

#include "plugins/volumebinding.h"

namespace ksv {

using framework::Code;
using framework::Diagnosis;
using framework::FitError;
using framework::Status;
using trace::PodLocation;

void Simulator::SimWaitingPod::allow(const QString& pluginName)
{
    m_binding.pendingPlugins.removeAll(pluginName);
    if (!m_binding.pendingPlugins.isEmpty() || m_binding.resolved)
        return;
    m_binding.resolved = true;
    m_simulator.schedule(m_simulator.m_now, ActionKind::PermitResolved, m_binding.assumed.meta.uid);
}

void Simulator::SimWaitingPod::reject(const QString& pluginName, const QString& message)
{
    if (m_binding.resolved)
        return;
    m_binding.resolved = true;
    m_binding.permitStatus = Status(Code::Unschedulable, message).withPlugin(pluginName);
    m_simulator.schedule(m_simulator.m_now, ActionKind::PermitResolved, m_binding.assumed.meta.uid);
}

void Simulator::assume(const Pod& assumed)
{
    m_cache.addPod(assumed);
    m_assumed.insert(assumed.meta.uid);
    m_queue.deleteNominatedPodIfExists(assumed);
}

void Simulator::forget(const Pod& assumed)
{
    // A pod someone else bound meanwhile is no longer ours to forget: the cache holds their binding.
    if (!m_assumed.remove(assumed.meta.uid))
        return;
    m_cache.removePod(assumed);
}

void Simulator::waitOnPermit(std::unique_ptr<Binding> binding, const QHash<QString, qint64>& waitingPlugins)
{
    binding->pendingPlugins = waitingPlugins.keys();
    binding->pendingPlugins.sort();
    binding->waitingPod = std::make_unique<SimWaitingPod>(*this, *binding);
    binding->permitStart = m_now;
    const QString uid = binding->assumed.meta.uid;
    // One timer per waiting plugin, in plugin name order so that equal timeouts fire reproducibly.
    for (const QString& plugin : std::as_const(binding->pendingPlugins))
        schedule(m_now + waitingPlugins.value(plugin), ActionKind::PermitTimeout, uid, plugin);
    traceMove(binding->assumed.key(), PodLocation::Scheduling, PodLocation::WaitingOnPermit, QStringLiteral("Permit"), binding->node);
    summary(binding->assumed).location = PodLocation::WaitingOnPermit;
    m_waitingOrder.append(uid);
    m_bindings[uid] = std::move(binding);
}

void Simulator::permitTimedOut(const QString& uid, const QString& plugin)
{
    const auto it = m_bindings.find(uid);
    if (it == m_bindings.end() || it->second->binding || !it->second->pendingPlugins.contains(plugin))
        return;
    // The timer's wait is the plugin's timeout; find it back from the Permit run's time.
    Binding& binding = *it->second;
    binding.waitingPod->reject(plugin, QStringLiteral("rejected due to timeout after waiting ")
                                           + formatGoDuration(m_now - binding.permitStart) + QStringLiteral(" at plugin ") + plugin);
}

void Simulator::permitResolved(const QString& uid)
{
    const auto it = m_bindings.find(uid);
    if (it == m_bindings.end() || it->second->binding)
        return;
    std::unique_ptr<Binding> binding = std::move(it->second);
    m_bindings.erase(it);
    m_waitingOrder.removeAll(uid);
    m_recordingPod = id(binding->assumed.key());
    m_recordingCycle = static_cast<qint32>(binding->cycle);
    pluginResult(framework::ExtensionPoint::WaitOnPermit, binding->permitStatus.plugin(), binding->permitStatus);
    if (binding->permitStatus.isSuccess()) {
        startBinding(std::move(binding));
        return;
    }
    // A rejected wait is a FitError on the node the pod waited for.
    FitError fitError;
    fitError.numAllNodes = 1;
    fitError.diagnosis.nodeToStatus.set(binding->node, binding->permitStatus);
    fitError.diagnosis.unschedulablePlugins.insert(binding->permitStatus.plugin());
    const QString message = fitError.error();
    binding->pod->unschedulablePlugins = fitError.diagnosis.unschedulablePlugins;
    const Status rejection = binding->permitStatus;
    handleBindingCycleError(std::move(binding), rejection, message, PodLocation::WaitingOnPermit);
}

void Simulator::startBinding(std::unique_ptr<Binding> binding)
{
    const QString uid = binding->assumed.meta.uid;
    binding->binding = true;
    // Done right after WaitOnPermit: a PreBind or Bind failure goes through backoff.
    m_queue.done(uid);
    m_recordingPod = id(binding->assumed.key());
    m_recordingCycle = static_cast<qint32>(binding->cycle);
    traceMove(binding->assumed.key(), binding->waitingPod ? PodLocation::WaitingOnPermit : PodLocation::Scheduling, PodLocation::Binding,
              QStringLiteral("Permit"), binding->node);
    summary(binding->assumed).location = PodLocation::Binding;
    traceEvent(trace::Event::bindingStart(m_now, m_recordingPod, m_recordingCycle, id(binding->node)));

    const Status preBind = binding->framework->runPreBindPlugins(*binding->state, binding->assumed, binding->node);
    if (!preBind.isSuccess()) {
        handleBindingCycleError(std::move(binding), preBind, preBind.message(), PodLocation::Binding);
        return;
    }
    applyVolumeDecisions(*binding->state);
    m_extenderCost = 0;
    const std::optional<Status> extenderBind = extendersBinding(binding->assumed, binding->node);
    Status bind = extenderBind ? *extenderBind : binding->framework->runBindPlugins(*binding->state, binding->assumed, binding->node);
    if (!extenderBind && bind.isSuccess() && m_timing.bindFailureRate > 0) {
        // A uniform draw in [0, 1) with 53 bits, from the latency model's own stream.
        const double draw = double(m_timingRandom.next() >> 11) / double(1ULL << 53);
        if (draw < m_timing.bindFailureRate)
            bind = Status::error(QStringLiteral("running Bind plugin \"DefaultBinder\": Internal error occurred: "
                                                "the API server rejected the binding (spec.timing.bindFailureRate)"));
    }
    binding->bindStatus = bind;
    // An extender's bind costs its calls (ignorable binders that failed included); the API server's
    // latency model is for the bind plugins' call.
    VirtualNanos latency = m_extenderCost;
    if (!extenderBind) {
        latency += m_timing.bindLatency;
        if (m_timing.bindJitter > 0)
            latency += m_timingRandom.intn(m_timing.bindJitter);
    }
    m_bindings[uid] = std::move(binding);
    schedule(m_now + latency, ActionKind::BindDone, uid);
}

void Simulator::finishBinding(const QString& uid)
{
    const auto it = m_bindings.find(uid);
    if (it == m_bindings.end())
        return;
    std::unique_ptr<Binding> binding = std::move(it->second);
    m_bindings.erase(it);
    m_recordingPod = id(binding->assumed.key());
    m_recordingCycle = static_cast<qint32>(binding->cycle);
    Status status = binding->bindStatus;
    const auto current = m_apiPods.constFind(uid);
    if (status.isSuccess() && current == m_apiPods.cend())
        status = Status::error(QStringLiteral("running Bind plugin \"DefaultBinder\": pods \"") + binding->assumed.meta.name
                               + QStringLiteral("\" not found"));
    else if (status.isSuccess() && !current->nodeName.isEmpty())
        status = Status::error(QStringLiteral("running Bind plugin \"DefaultBinder\": Operation cannot be fulfilled on pods/binding \"")
                               + binding->assumed.meta.name + QStringLiteral("\": pod ") + binding->assumed.meta.name
                               + QStringLiteral(" is already assigned to node \"") + current->nodeName + QStringLiteral("\""));
    if (!status.isSuccess()) {
        handleBindingCycleError(std::move(binding), status, status.message(), PodLocation::Binding);
        return;
    }

    // The binding lands: the informer sees the pod bound, the cache confirms the assumption.
    const QString profile = binding->framework->profileName();
    m_assumed.remove(uid);
    Pod bound = *current;
    bound.nodeName = binding->node;
    bound.phase = PodPhase::Running;
    bound.startTimeMs = m_epochMs + m_now / 1'000'000;
    bound.conditions.removeIf([](const PodCondition& c) { return c.type == QLatin1String("PodScheduled"); });
    bound.conditions.append(PodCondition {QStringLiteral("PodScheduled"), QStringLiteral("True"), QString(), QString()});
    m_apiPods.insert(uid, bound);
    m_cache.addPod(bound);

    const qint32 nodeId = id(binding->node);
    const qint32 message = id(QStringLiteral("Successfully assigned ") + bound.key() + QStringLiteral(" to ") + binding->node);
    traceEvent(trace::Event::bindingEnd(m_now, m_recordingPod, m_recordingCycle, nodeId, Code::Success, message));
    traceMove(bound.key(), PodLocation::Binding, PodLocation::Bound, QStringLiteral("Scheduled"), binding->node);
    PodSummary& entry = summary(bound);
    entry.location = PodLocation::Bound;
    entry.node = binding->node;
    entry.scheduledAt = m_now;
    entry.message.clear();
    m_lastProgress = m_now;

    m_metrics.increment(Metrics::series(QStringLiteral("scheduler_schedule_attempts_total"),
                                        {{QStringLiteral("profile"), profile}, {QStringLiteral("result"), QStringLiteral("scheduled")}}));
    m_metrics.observe(QStringLiteral("scheduler_pod_scheduling_attempts"), double(binding->pod->attempts));
    if (binding->pod->initialAttemptTimestamp)
        m_metrics.observe(QStringLiteral("scheduler_pod_scheduling_sli_duration_seconds"),
                          double(m_now - *binding->pod->initialAttemptTimestamp) / nanosPerSecond);

    const KubeObject added = bound;
    m_queue.moveAllToActiveOrBackoffQueue(framework::eventAssignedPodAdd(), nullptr, &added);
    binding->framework->runPostBindPlugins(*binding->state, bound, binding->node);
    activatePods(*binding->state);
}

void Simulator::handleBindingCycleError(std::unique_ptr<Binding> binding, const Status& status, const QString& message, PodLocation from)
{
    const Status& reported = status;
    m_recordingPod = id(binding->assumed.key());
    m_recordingCycle = static_cast<qint32>(binding->cycle);
    const qint32 nodeId = id(binding->node);
    traceEvent(trace::Event::bindingEnd(m_now, m_recordingPod, m_recordingCycle, nodeId, reported.code(), id(message)));

    binding->framework->runReservePluginsUnreserve(*binding->state, binding->assumed, binding->node);
    forget(binding->assumed);
    const KubeObject freed = binding->assumed;
    const QString uid = binding->assumed.meta.uid;
    // The assumed pod's room is free again. For a rejection the move waits until the pod itself
    // is back in the queue, and skips it.
    if (!reported.isRejected())
        m_queue.moveAllToActiveOrBackoffQueue(framework::eventAssignedPodDelete(), &freed, nullptr);
    const Diagnosis* diagnosis = nullptr;
    Diagnosis rejected;
    if (reported.isRejected()) {
        rejected.unschedulablePlugins = binding->pod->unschedulablePlugins;
        diagnosis = &rejected;
    }
    handleSchedulingFailure(std::move(binding->pod), reported, message, diagnosis, framework::NominatingInfo {QString(), true}, from,
                            binding->framework->profileName(), binding->cycleStart);
    if (reported.isRejected()) {
        m_queue.moveAllToActiveOrBackoffQueue(framework::eventAssignedPodDelete(), &freed, nullptr,
                                              [&uid](const Pod& pod) { return pod.meta.uid != uid; });
    }
}

// VolumeBinding's decisions reach the API server in PreBind: pre-provisioned PVs get their claim,
// the PV controller binds both; claims to provision get the selected node.
void Simulator::applyVolumeDecisions(const framework::CycleState& state)
{
    const plugins::PodVolumes* volumes = plugins::VolumeBinding::assumedPodVolumes(state);
    if (!volumes)
        return;
    for (const auto& binding : volumes->staticBindings) {
        PersistentVolume pv = binding.pv;
        pv.phase = QStringLiteral("Bound");
        PersistentVolumeClaim pvc = binding.pvc;
        pvc.volumeName = pv.meta.name;
        pvc.phase = QStringLiteral("Bound");
        otherObjectChanged(EventAction::Update, pv);
        otherObjectChanged(EventAction::Update, pvc);
    }
    for (const auto& claim : volumes->dynamicProvisions)
        otherObjectChanged(EventAction::Update, claim);
}

} // namespace ksv
