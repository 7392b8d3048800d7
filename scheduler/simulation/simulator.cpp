#include "simulator_p.h"

#include "cluster/scenariosource.h"
#include "extender/exchange.h"
#include "extender/httpextender.h"
#include "plugins/registry.h"

#include <algorithm>

namespace ksv {

using trace::PodLocation;

namespace {

// The default epoch of virtual time 0 when the scenario carries no timestamps: 2026-01-01T00:00:00Z.
constexpr qint64 defaultEpochMs = 1'767'225'600'000;

QueueSettings queueSettings(const config::KubeSchedulerConfiguration& configuration)
{
    QueueSettings settings;
    settings.podInitialBackoff = configuration.podInitialBackoffSeconds * nanosPerSecond;
    settings.podMaxBackoff = configuration.podMaxBackoffSeconds * nanosPerSecond;
    return settings;
}

framework::Registry registryWith(const SimulationOptions& options, const version::Features& features)
{
    framework::Registry registry = plugins::inTreeRegistry(features);
    if (options.extraPlugins)
        options.extraPlugins(registry);
    return registry;
}

// The epoch is after every timestamp the initial objects carry, so pods that start during the run
// are younger than those that were running before it (preemption compares start times).
qint64 epochFor(const ClusterState& initial)
{
    qint64 latest = defaultEpochMs;
    for (const auto& pod : initial.pods) {
        latest = std::max(latest, pod.startTimeMs.value_or(0));
        latest = std::max(latest, pod.meta.creationTimestampMs.value_or(0));
    }
    for (const auto& node : initial.nodes)
        latest = std::max(latest, node.meta.creationTimestampMs.value_or(0));
    return latest;
}

QString fraction(qint64 value, int digits)
{
    // value holds `digits` fractional digits; print them without trailing zeros.
    qint64 scale = 1;
    for (int i = 0; i < digits; ++i)
        scale *= 10;
    QString text = QString::number(value / scale);
    qint64 rest = value % scale;
    if (rest == 0)
        return text;
    QString decimals = QString::number(rest).rightJustified(digits, QLatin1Char('0'));
    while (decimals.endsWith(QLatin1Char('0')))
        decimals.chop(1);
    return text + QLatin1Char('.') + decimals;
}

} // namespace

QString formatGoDuration(VirtualNanos nanos)
{
    if (nanos == 0)
        return QStringLiteral("0s");
    const QString sign = nanos < 0 ? QStringLiteral("-") : QString();
    const qint64 u = nanos < 0 ? -nanos : nanos;
    if (u < 1000)
        return sign + QString::number(u) + QStringLiteral("ns");
    if (u < 1'000'000)
        return sign + fraction(u, 3) + QStringLiteral("\u00b5s");
    if (u < nanosPerSecond)
        return sign + fraction(u, 6) + QStringLiteral("ms");
    const qint64 totalSeconds = u / nanosPerSecond;
    QString text = fraction((totalSeconds % 60) * nanosPerSecond + u % nanosPerSecond, 9) + QLatin1Char('s');
    const qint64 minutes = totalSeconds / 60;
    if (minutes > 0) {
        text = QString::number(minutes % 60) + QLatin1Char('m') + text;
        if (minutes / 60 > 0)
            text = QString::number(minutes / 60) + QLatin1Char('h') + text;
    }
    return sign + text;
}

static SimulationOptions withScenarioSettings(SimulationOptions options, const Scenario& scenario)
{
    options.seed = options.seed.value_or(scenario.seed);
    options.timing = options.timing.value_or(scenario.timing);
    return options;
}

Simulator::Simulator(ClusterSource& source, const config::KubeSchedulerConfiguration& configuration, SimulationOptions options,
                     trace::Trace& trace)
    : Simulator(nullptr, &source, configuration, std::move(options), trace)
{
}

Simulator::Simulator(const Scenario& scenario, const config::KubeSchedulerConfiguration& configuration, SimulationOptions options,
                     trace::Trace& trace)
    : Simulator(std::make_unique<ScenarioSource>(scenario), nullptr, configuration, withScenarioSettings(std::move(options), scenario), trace)
{
}

Simulator::Simulator(std::unique_ptr<ClusterSource> ownedSource, ClusterSource* source, const config::KubeSchedulerConfiguration& configuration,
                     SimulationOptions options, trace::Trace& trace)
    : m_ownedSource(std::move(ownedSource))
    , m_source(source ? *source : *m_ownedSource)
    , m_options(options)
    , m_trace(trace)
    , m_timing(options.timing.value_or(Timing {}))
    , m_epochMs(epochFor(m_source.initialState()))
    , m_random(options.seed.value_or(1))
    , m_timingRandom(options.seed.value_or(1) ^ 0x7469'6d69'6e67ULL)
    , m_registry(registryWith(options, configuration.features))
    , m_parallelizer(options.threads.value_or(framework::effectiveParallelism(configuration.parallelism)))
    , m_profiles(configuration, m_registry, m_random)
    , m_algorithm(configuration.percentageOfNodesToScore)
    , m_cache(m_source.initialState())
    , m_queue(m_profiles, queueSettings(configuration), m_now, this)
{
    for (const auto& framework : m_profiles.all()) {
        framework->setNominator(&m_queue);
        framework->setWaitingPods(this);
        framework->setPodLister(this);
        framework->setRecorder(this);
        framework->setClock(&m_now);
        framework->setParallelizer(&m_parallelizer);
        framework->setLister(m_cache.lister());
        framework->setSnapshot(m_cache.snapshot());
    }
    buildExtenders(configuration);
    if (m_trace.size() == 0)
        m_trace.setFeatures(configuration.features);
    // Whoever made the trace may have set it already, for readers on other threads.
    if (!m_trace.objects().hasInitial())
        m_trace.objects().setInitial(m_source.initialState());
    applyInitialState();
    scheduleTicks(); // gated pods at t=0 get their sweeps even when nothing else happens
}

Simulator::~Simulator() = default;

void Simulator::buildExtenders(const config::KubeSchedulerConfiguration& configuration)
{
    if (!m_options.extenderTransport || configuration.extenders.isEmpty())
        return;
    QList<framework::Extender*> ordered;
    for (const int index : extender::extenderCallOrder(configuration.extenders)) {
        m_extenders.push_back(std::make_unique<extender::HTTPExtender>(configuration.extenders[index], index, *m_options.extenderTransport,
                                                                   static_cast<extender::ExtenderCallObserver*>(this)));
        ordered.append(m_extenders.back().get());
    }
    for (const auto& framework : m_profiles.all())
        framework->setExtenders(ordered);
}

void Simulator::extenderCalled(const extender::ExtenderCall& call)
{
    const VirtualNanos cost = m_timing.extenderLatencyMeasured ? call.response.elapsedNanos : m_timing.extenderLatency;
    m_extenderCost += cost;
    const qint32 message = call.error.isEmpty() ? -1 : id(call.error);
    const qint32 node = call.bindNode.isEmpty() ? -1 : id(call.bindNode);
    traceEvent(trace::Event::extenderCall(m_now, m_recordingPod, m_recordingCycle, id(call.extenderName), call.verb, node,
                                          call.error.isEmpty() ? framework::Code::Success : framework::Code::Error, message,
                                          call.response.transportError.isEmpty() ? call.response.status : 0, cost,
                                          id(extender::encodeExchange(call, m_timing.extenderLatencyMeasured))));
    m_metrics.increment(Metrics::series(QStringLiteral("scheduler_extender_calls_total"),
                                        {{QStringLiteral("verb"), extender::toString(call.verb)},
                                         {QStringLiteral("result"), call.error.isEmpty() ? QStringLiteral("success") : QStringLiteral("error")}}));
}

std::optional<framework::Status> Simulator::extendersBinding(const Pod& pod, const QString& node)
{
    for (const std::unique_ptr<framework::Extender>& extender : m_extenders) { // in call order
        if (!extender->isBinder() || !extender->isInterested(pod))
            continue;
        const std::optional<QString> error = extender->bind(pod, node);
        if (error && extender->isIgnorable())
            continue; // "Skipping extender in bind as it returned error and has ignorable flag set"
        return error ? framework::Status::error(*error) : framework::Status();
    }
    return std::nullopt;
}

void Simulator::schedule(VirtualNanos time, ActionKind kind, const QString& uid, const QString& plugin)
{
    if (countsAsWork(kind))
        ++m_pendingNonTicks;
    m_actions.push(Action {time, m_actionSequence++, kind, uid, plugin});
}

std::optional<VirtualNanos> Simulator::nextOccurrence() const
{
    std::optional<VirtualNanos> next = m_source.nextChangeAt();
    if (next)
        next = std::max(*next, m_now);
    if (!m_actions.empty() && (!next || m_actions.top().time < *next))
        next = m_actions.top().time;
    return next;
}

void Simulator::takeChangesDue()
{
    for (auto at = m_source.nextChangeAt(); at && *at <= m_now; at = m_source.nextChangeAt())
        applyObjectChange(m_source.takeChange());
}

// The queue's flushes never keep a run going, nor do Permit timers: a pod that still waits on Permit
// keeps it going by itself (m_bindings), and the timers of pods that were allowed are stale.
bool Simulator::countsAsWork(ActionKind kind)
{
    return kind != ActionKind::FlushBackoff && kind != ActionKind::FlushUnschedulable && kind != ActionKind::PermitTimeout;
}

bool Simulator::onlyTicksPending() const
{
    return m_pendingNonTicks == 0 && m_source.exhausted();
}

bool Simulator::finished() const
{
    if (m_options.until) {
        const std::optional<VirtualNanos> next = nextOccurrence();
        return !next || *next > *m_options.until;
    }
    // Without --until: done when nothing but the queue's periodic flushes could happen, and they
    // could only move pods whose backoff is over or that waited five minutes: the backoffQ must be
    // empty; unschedulable pods alone do not keep the run going.
    if (onlyTicksPending() && !m_cycle && m_queue.activeCount() == 0 && m_queue.backoffCount() == 0 && m_bindings.empty())
        return true;
    // Idle: pods may still wait on Permit (a gang that never completes), but no cycle or bind call
    // is under way.
    if (!m_source.exhausted() || m_cycle || m_now - m_lastProgress <= idleHorizon)
        return false;
    return std::none_of(m_bindings.cbegin(), m_bindings.cend(), [](const auto& entry) { return entry.second->binding; });
}

bool Simulator::step()
{
    // An idle scheduler with pods in activeQ works now (only at the start: afterwards every step
    // ends by starting a cycle when it can).
    const bool workNow = !m_cycle && m_queue.activeCount() > 0;
    const std::optional<VirtualNanos> next = nextOccurrence();
    if (!workNow && (finished() || !next)) {
        if (m_options.until)
            m_now = std::max(m_now, *m_options.until);
        return false;
    }
    if (!workNow)
        m_now = *next;
    for (;;) {
        takeChangesDue();
        while (!m_actions.empty() && m_actions.top().time == m_now) {
            const Action action = m_actions.top();
            m_actions.pop();
            if (countsAsWork(action.kind))
                --m_pendingNonTicks;
            process(action);
        }
        // scheduleOne: the loop pops the next pod as soon as it is free.
        if (!m_cycle && m_queue.activeCount() > 0) {
            startCycle();
            continue;
        }
        break;
    }
    scheduleTicks();
    updatePendingPods();
    return true;
}

// scheduler_pending_pods{queue}: the queue's lengths after each instant.
void Simulator::updatePendingPods()
{
    static const QString active = Metrics::series(QStringLiteral("scheduler_pending_pods"), {{QStringLiteral("queue"), QStringLiteral("active")}});
    static const QString backoff = Metrics::series(QStringLiteral("scheduler_pending_pods"), {{QStringLiteral("queue"), QStringLiteral("backoff")}});
    static const QString unschedulable =
        Metrics::series(QStringLiteral("scheduler_pending_pods"), {{QStringLiteral("queue"), QStringLiteral("unschedulable")}});
    static const QString gated = Metrics::series(QStringLiteral("scheduler_pending_pods"), {{QStringLiteral("queue"), QStringLiteral("gated")}});
    m_metrics.set(active, double(m_queue.activeCount()));
    m_metrics.set(backoff, double(m_queue.backoffCount()));
    m_metrics.set(unschedulable, double(m_queue.unschedulableCount()));
    m_metrics.set(gated, double(m_queue.gatedCount()));
}

std::optional<VirtualNanos> Simulator::nextTime() const
{
    if (!m_cycle && m_queue.activeCount() > 0)
        return m_now;
    if (finished())
        return std::nullopt;
    return nextOccurrence();
}

void Simulator::run()
{
    while (step()) {
    }
}

// The queue's goroutines: flushBackoffQCompleted every second, flushUnschedulablePodsLeftover every
// 30 seconds, both from time 0. Ticks that would find nothing to do are not simulated.
void Simulator::scheduleTicks()
{
    const auto nextTick = [this](VirtualNanos period, VirtualNanos last) {
        VirtualNanos tick = (m_now + period - 1) / period * period;
        if (tick <= last)
            tick = last + period;
        return tick;
    };
    if (!m_backoffTickScheduled && m_queue.backoffCount() > 0) {
        m_backoffTickScheduled = true;
        schedule(nextTick(nanosPerSecond, m_lastBackoffTick), ActionKind::FlushBackoff);
    }
    if (!m_sweepTickScheduled && m_queue.unschedulableCount() + m_queue.gatedCount() > 0) {
        m_sweepTickScheduled = true;
        schedule(nextTick(30 * nanosPerSecond, m_lastSweepTick), ActionKind::FlushUnschedulable);
    }
}

void Simulator::process(const Action& action)
{
    switch (action.kind) {
    case ActionKind::FlushBackoff:
        m_backoffTickScheduled = false;
        m_lastBackoffTick = m_now;
        m_queue.flushBackoffQCompleted();
        break;
    case ActionKind::FlushUnschedulable:
        m_sweepTickScheduled = false;
        m_lastSweepTick = m_now;
        m_queue.flushUnschedulablePodsLeftover();
        break;
    case ActionKind::CycleEnd: finishCycle(); break;
    case ActionKind::PermitTimeout: permitTimedOut(action.uid, action.plugin); break;
    case ActionKind::PermitResolved: permitResolved(action.uid); break;
    case ActionKind::BindDone: finishBinding(action.uid); break;
    case ActionKind::VictimGone: deletePod(action.uid, QStringLiteral("Preempted")); break;
    }
}

// ---- Trace --------------------------------------------------------------------------------------

void Simulator::traceEvent(const trace::Event& event)
{
    Q_ASSERT(event.time() == m_now);
    m_trace.append(event);
}

qint32 Simulator::sharedId(const QString& text)
{
    // Only strings with heap data qualify: raw or static data could be freed or reused.
    if (!text.data_ptr().isMutable())
        return id(text);
    const auto it = m_sharedIds.find(text.constData());
    if (it != m_sharedIds.end())
        return it->second.id;
    const qint32 interned = id(text);
    m_sharedIds.emplace(text.constData(), SharedId {text, interned});
    return interned;
}

qint32 Simulator::nodeId(const framework::NodeInfo& nodeInfo)
{
    qint32 cached = nodeInfo.observerId(this);
    if (cached < 0) {
        cached = sharedId(nodeInfo.name());
        nodeInfo.setObserverId(this, cached);
    }
    return cached;
}

void Simulator::traceMove(const QString& podKey, PodLocation from, PodLocation to, const QString& cause, const QString& node,
                          qint64 queueTime, qint32 priority)
{
    const qint32 podId = id(podKey);
    const qint32 nodeId = node.isEmpty() ? -1 : id(node);
    traceEvent(trace::Event::queueMove(m_now, podId, from, to, id(cause), nodeId, queueTime, priority));
}

PodSummary& Simulator::summary(const Pod& pod)
{
    auto it = m_summaryIndex.constFind(pod.meta.uid);
    if (it == m_summaryIndex.cend()) {
        PodSummary entry;
        entry.key = pod.key();
        entry.uid = pod.meta.uid;
        m_summaries.append(entry);
        it = m_summaryIndex.insert(pod.meta.uid, m_summaries.size() - 1);
    }
    return m_summaries[*it];
}

QList<PodSummary> Simulator::podSummaries() const
{
    return m_summaries;
}

void Simulator::podMoved(const QueuedPodInfo& pod, PodLocation from, PodLocation to, const QString& cause)
{
    // The lanes order activeQ and count down backoff from these (PrioritySort's key; getBackoffTime).
    qint64 queueTime = 0;
    if (to == PodLocation::Active)
        queueTime = pod.timestamp;
    else if (to == PodLocation::Backoff)
        queueTime = m_queue.backoffTime(pod);
    traceMove(pod.key(), from, to, cause, {}, queueTime, pod.pod().effectivePriority());
    summary(pod.pod()).location = to;
}

void Simulator::podIncoming(const QString& queue, const QString& event)
{
    m_metrics.increment(Metrics::series(QStringLiteral("scheduler_queue_incoming_pods_total"),
                                        {{QStringLiteral("event"), event}, {QStringLiteral("queue"), queue}}));
}

void Simulator::hintEvaluated(const QueuedPodInfo&, const QString& plugin, const QString& event, framework::QueueingHint hint)
{
    m_metrics.increment(Metrics::series(QStringLiteral("scheduler_queueing_hint_evaluations_total"),
                                        {{QStringLiteral("event"), event}, {QStringLiteral("hint"), framework::toString(hint)},
                                         {QStringLiteral("plugin"), plugin}}));
}

void Simulator::preEnqueueRunning(const QueuedPodInfo* pod)
{
    // PreEnqueue belongs to no cycle: its results name the pod and cycle -1. The cycle being
    // recorded, if any, gets its own attribution back afterwards.
    if (pod) {
        m_savedRecording = {m_recordingPod, m_recordingCycle};
        m_recordingPod = id(pod->key());
        m_recordingCycle = -1;
    } else {
        std::tie(m_recordingPod, m_recordingCycle) = m_savedRecording;
    }
}

void Simulator::pluginResult(framework::ExtensionPoint point, const QString& plugin, const framework::Status& status)
{
    const qint32 pluginId = plugin.isEmpty() ? -1 : id(plugin);
    const qint32 reasons = status.reasons().isEmpty() ? -1 : id(status.message());
    traceEvent(trace::Event::pluginResult(m_now, m_recordingPod, m_recordingCycle, point, pluginId, status.code(), reasons));
}

// ---- Handle services ----------------------------------------------------------------------------

void Simulator::forEachPod(const std::function<void(const Pod&)>& callback) const
{
    for (const auto& pod : m_apiPods)
        callback(pod);
}

void Simulator::iterate(const std::function<void(framework::WaitingPod&)>& callback)
{
    const QStringList order = m_waitingOrder; // a callback may resolve pods
    for (const auto& uid : order) {
        if (framework::WaitingPod* pod = get(uid))
            callback(*pod);
    }
}

framework::WaitingPod* Simulator::get(const QString& uid)
{
    const auto it = m_bindings.find(uid);
    if (it == m_bindings.end() || !it->second->waitingPod || it->second->binding)
        return nullptr;
    return it->second->waitingPod.get();
}

} // namespace ksv
