#pragma once

// The scheduler running a cluster in virtual time: a discrete-event simulation of kube-scheduler
// v1.32's Scheduler.Run — the informers applying the cluster source's changes to the cache and the queue,
// the queue's periodic flushes, the serial scheduling loop (scheduleOne) whose cycles cost
// spec.timing's virtual time, and the binding cycles that run concurrently after Permit. Every queue
// move, extension point result and binding is appended to the trace. See docs/simulation.md.

#include "cache.h"
#include "cluster/clustersource.h"
#include "config/types.h"
#include "extender/transport.h"
#include "metrics.h"
#include "profiles.h"
#include "queue/schedulingqueue.h"
#include "schedule_one.h"
#include "trace/trace.h"

#include "framework/registry.h"

#include <map>
#include <unordered_map>
#include <queue>

namespace ksv {

struct SimulationOptions
{
    // Plugins besides the in-tree ones (out-of-tree plugins; tests' probes). Same name: this wins.
    std::function<void(framework::Registry&)> extraPlugins;
    std::optional<quint64> seed;        // overrides the scenario's spec.seed; 1 for other sources
    std::optional<Timing> timing;       // overrides the scenario's spec.timing; Timing's defaults for other sources
    std::optional<VirtualNanos> until;  // run to this time, sweeps included
    bool nodeDetail = true;             // per-node Filter and Score blocks in the trace
    // Bytes of node detail blocks (in whole 1 MiB chunks) after which cycles are recorded without
    // them; the trace names the first such cycle (Trace::nodeDetailCutoff). 0: no limit.
    qsizetype nodeDetailBudget = 0;
    // Threads Filter and Score spread nodes over. Default: framework::effectiveParallelism of the
    // configuration's parallelism (at most the hardware threads; one on two cores or fewer). The
    // trace is the same for any number.
    std::optional<int> threads;
    // Carries the calls to the configuration's extenders (the HTTP client, a replay, a test's fake).
    // Without one, extenders are not called, and front ends say so (extenderWarning).
    std::shared_ptr<extender::ExtenderTransport> extenderTransport;
};

// One pod's fate, for `kschedviz run`.
struct PodSummary
{
    QString key;
    QString uid;
    QString node; // where it was bound; empty if it was not
    int attempts = 0;
    std::optional<VirtualNanos> scheduledAt; // when its binding finished
    QString message;                         // the last FailedScheduling message
    trace::PodLocation location = trace::PodLocation::None;
};

// What an attempt computed, before its effects, for `explain` and tests.
struct AttemptRecord
{
    const Pod& pod;
    const framework::Framework& framework;
    const ScheduleOutcome& outcome;
    const framework::Snapshot& snapshot;
    VirtualNanos time;
    int attempt;
};

// Go's time.Duration.String(): "10s", "1m30s", "500ms", "1.5µs".
QString formatGoDuration(VirtualNanos nanos);

class Simulator final : private QueueObserver, private framework::PluginResultRecorder, private framework::PodLister,
                        private framework::WaitingPods, private extender::ExtenderCallObserver
{
public:
    // Throws LoadError when the configuration names plugins the registry lacks. The source must
    // outlive the simulator; what it hands over goes into the trace's object log.
    Simulator(ClusterSource& source, const config::KubeSchedulerConfiguration& configuration, SimulationOptions options,
              trace::Trace& trace);
    // A scenario file's run: its own ScenarioSource, and the scenario's seed and timing unless the
    // options override them. The scenario must outlive the simulator.
    Simulator(const Scenario& scenario, const config::KubeSchedulerConfiguration& configuration, SimulationOptions options,
              trace::Trace& trace);
    ~Simulator() override;

    // Processes everything that happens at the next instant; false once the run is over.
    bool step();
    void run();
    // Without `until`: the source is exhausted and nothing but the queue's flushes could happen and
    // no pod waits for backoff, or the source is exhausted and nothing was bound or deleted for
    // `idleHorizon` (pods that retry forever without progress, such as a gang that can never
    // complete). With `until`: that time.
    bool finished() const;
    static constexpr VirtualNanos idleHorizon = 20 * 60 * nanosPerSecond;
    VirtualNanos now() const { return m_now; }
    // When the next step() will happen; nullopt once the run is over.
    std::optional<VirtualNanos> nextTime() const;

    QList<PodSummary> podSummaries() const;
    const Metrics& metrics() const { return m_metrics; }
    // The version and gates the run models (its configuration's).
    const version::Features& features() const { return m_trace.features(); }
    const SchedulingQueue& queue() const { return m_queue; }
    const SchedulerCache& cache() const { return m_cache; }
    qint64 schedulingCycles() const { return m_cycles; }

    // Called after each attempt's scheduling algorithm and PostFilter ran.
    std::function<void(const AttemptRecord&)> onAttempt;

private:
    enum class ActionKind : quint8 { FlushBackoff, FlushUnschedulable, CycleEnd, PermitTimeout, PermitResolved, BindDone, VictimGone };
    struct Action
    {
        VirtualNanos time = 0;
        quint64 sequence = 0;
        ActionKind kind = ActionKind::FlushBackoff;
        QString uid;
        QString plugin;
        bool operator>(const Action& other) const
        {
            return time != other.time ? time > other.time : sequence > other.sequence;
        }
    };
    struct Cycle;
    struct Binding;
    class SimWaitingPod;

    Simulator(std::unique_ptr<ClusterSource> ownedSource, ClusterSource* source, const config::KubeSchedulerConfiguration& configuration,
              SimulationOptions options, trace::Trace& trace);
    void schedule(VirtualNanos time, ActionKind kind, const QString& uid = {}, const QString& plugin = {});
    // The next instant anything happens: a scheduled action or the source's next change.
    std::optional<VirtualNanos> nextOccurrence() const;
    // Applies every change of the source due at or before now, in order, before the actions of this
    // instant (a file's events come before the scheduler's own work at the same time).
    void takeChangesDue();
    void process(const Action& action);
    void scheduleTicks();
    void updatePendingPods();
    bool onlyTicksPending() const;
    static bool countsAsWork(ActionKind kind);

    // Informers (simulator_events.cpp).
    void applyInitialState();
    void applyObjectChange(ObjectChange change);
    void podAdded(const Pod& pod);
    void podUpdated(const Pod& oldPod, const Pod& newPod);
    void podDeleted(const Pod& pod);
    void assignedPodUpdated(const Pod& oldPod, const Pod& newPod);
    void nodeChanged(EventAction action, const Node& node);
    void otherObjectChanged(EventAction action, const KubeObject& object);
    bool responsibleForPod(const Pod& pod) const { return m_profiles.forPod(pod) != nullptr; }
    // A change the scheduler itself makes through the API server (status patches, preemption).
    void patchPod(const Pod& updated);
    void deletePod(const QString& uid, const QString& cause);

    // scheduleOne (simulator_cycle.cpp).
    void startCycle();
    void finishCycle();
    void handleSchedulingFailure(QueuedPodInfoPtr pod, const framework::Status& status, const QString& message,
                                 const framework::Diagnosis* diagnosis, const std::optional<framework::NominatingInfo>& nominatingInfo,
                                 trace::PodLocation from, const QString& profile, VirtualNanos cycleStart);
    void prepareCandidate(const Pod& preemptor, const framework::PostFilterOutcome& outcome, const QString& profile);
    void activatePods(framework::CycleState& state);
    // Binding (simulator_binding.cpp).
    void waitOnPermit(std::unique_ptr<Binding> binding, const QHash<QString, qint64>& waitingPlugins);
    void startBinding(std::unique_ptr<Binding> binding);
    void finishBinding(const QString& uid);
    void permitResolved(const QString& uid);
    void permitTimedOut(const QString& uid, const QString& plugin);
    void handleBindingCycleError(std::unique_ptr<Binding> binding, const framework::Status& status, const QString& message,
                                 trace::PodLocation from);
    void assume(const Pod& assumed);
    void forget(const Pod& assumed);
    void applyVolumeDecisions(const framework::CycleState& state);

    // Trace.
    void traceEvent(const trace::Event& event);
    qint32 id(const QString& text) { return m_trace.intern(text); }
    // id() for strings the engine keeps and passes around shared (node and plugin names): looked
    // up by the string's data pointer. The cache holds a copy of each string, so the data it points
    // at stays alive and can never be another string's. Node detail interns thousands per cycle.
    qint32 sharedId(const QString& text);
    // The trace id of a node's name, kept on the node (NodeInfo::observerId).
    qint32 nodeId(const framework::NodeInfo& nodeInfo);
    // node: where a pod is bound, binding or waiting (views show it); queueTime and priority as
    // trace::Event::queueMove.
    void traceMove(const QString& podKey, trace::PodLocation from, trace::PodLocation to, const QString& cause, const QString& node = {},
                   qint64 queueTime = 0, qint32 priority = 0);
    void traceOutcome(const Cycle& cycle);
    PodSummary& summary(const Pod& pod);

    // QueueObserver
    void podMoved(const QueuedPodInfo& pod, trace::PodLocation from, trace::PodLocation to, const QString& cause) override;
    void podIncoming(const QString& queue, const QString& event) override;
    void hintEvaluated(const QueuedPodInfo& pod, const QString& plugin, const QString& event, framework::QueueingHint hint) override;
    void preEnqueueRunning(const QueuedPodInfo* pod) override;
    // PluginResultRecorder
    void pluginResult(framework::ExtensionPoint point, const QString& plugin, const framework::Status& status) override;
    // PodLister
    void forEachPod(const std::function<void(const Pod&)>& callback) const override;
    // WaitingPods
    void iterate(const std::function<void(framework::WaitingPod&)>& callback) override;
    framework::WaitingPod* get(const QString& uid) override;
    // ExtenderCallObserver: a call is traced at the time of the cycle or binding that made it, and
    // its cost is added to that cycle's or binding's.
    void extenderCalled(const extender::ExtenderCall& call) override;
    void buildExtenders(const config::KubeSchedulerConfiguration& configuration);
    // extendersBinding: the first interested binder extender binds the pod; nullopt when none did.
    std::optional<framework::Status> extendersBinding(const Pod& pod, const QString& node);

    std::unique_ptr<ClusterSource> m_ownedSource; // the scenario constructor's
    ClusterSource& m_source;
    SimulationOptions m_options;
    trace::Trace& m_trace;
    Timing m_timing;
    VirtualNanos m_now = 0;
    qint64 m_epochMs = 0; // wall-clock milliseconds at virtual time 0, for timestamps written on pods

    framework::Random m_random;       // the scheduler's: selectHost, preemption offsets
    framework::Random m_timingRandom; // the latency model's: kept apart so timing never moves a placement
    framework::Registry m_registry;
    framework::Parallelizer m_parallelizer;
    Profiles m_profiles;
    SchedulingAlgorithm m_algorithm;
    SchedulerCache m_cache;
    SchedulingQueue m_queue;
    Metrics m_metrics;
    std::vector<std::unique_ptr<framework::Extender>> m_extenders; // in call order (extenderCallOrder)
    VirtualNanos m_extenderCost = 0; // of the calls since the cycle or binding started

    std::priority_queue<Action, std::vector<Action>, std::greater<>> m_actions;
    quint64 m_actionSequence = 0;
    qsizetype m_pendingNonTicks = 0;
    VirtualNanos m_lastProgress = 0; // the last bind, deletion or change from the source
    bool m_backoffTickScheduled = false;
    bool m_sweepTickScheduled = false;
    VirtualNanos m_lastBackoffTick = -1;
    VirtualNanos m_lastSweepTick = -1;

    QMap<QString, Pod> m_apiPods;             // the pod informer's store, by UID
    QMap<QString, KubeObject> m_apiObjects;   // other objects by "Kind/namespace/name", for old versions
    QSet<QString> m_assumed;                  // UIDs
    std::unique_ptr<Cycle> m_cycle;           // the scheduling cycle in progress
    std::map<QString, std::unique_ptr<Binding>> m_bindings; // by UID: waiting on Permit or binding
    QStringList m_waitingOrder;               // UIDs of waiting pods, in the order they started waiting
    QMap<QString, qsizetype> m_summaryIndex;  // UID → index in m_summaries
    QList<PodSummary> m_summaries;
    qint64 m_cycles = 0;

    // What pluginResult records: the pod and cycle the framework is running for.
    qint32 m_recordingPod = -1;
    qint32 m_recordingCycle = -1;
    std::pair<qint32, qint32> m_savedRecording {-1, -1}; // while PreEnqueue runs
    struct SharedId
    {
        QString text; // keeps the data alive
        qint32 id = -1;
    };
    std::unordered_map<const QChar*, SharedId> m_sharedIds;
    // Scratch for traceOutcome's blocks, kept to spare an allocation a cycle.
    std::vector<qint32> m_detailNodes;
    std::vector<trace::FilterRejection> m_detailRejections;
    std::vector<qint32> m_detailPlugins;
    std::vector<qint32> m_detailWeights;
};

} // namespace ksv
