// The scheduling loop in virtual time: queue rules, failure paths, preemption and determinism,
// checked on the trace the Simulator writes.
#include "config/config.h"
#include "framework/registry.h"
#include "scenario/effectiveconfig.h"
#include "scenario/loader.h"
#include "simulation/simulator.h"
#include "trace/jsonl.h"

#include <QBuffer>
#include <QFile>
#include <QTest>

using namespace ksv;
using trace::EventKind;
using trace::PodLocation;

namespace {

constexpr VirtualNanos second = nanosPerSecond;

// A scenario with the given spec body (timing, objects, events), indented under `spec:`.
Scenario scenario(const QByteArray& spec)
{
    const QByteArray text = "apiVersion: kschedviz.io/v1alpha1\nkind: Scenario\nmetadata: {name: test}\nspec:\n" + spec;
    return loadScenarioText(text, QStringLiteral("test.yaml"));
}

// No virtual cost at all, unless a test asks for it.
const QByteArray instant = R"(
  timing: {cycleBase: 0s, cyclePerNode: 0s, bindLatency: 0s, bindJitter: 0s, podTermination: 0s}
)";

QByteArray node(const char* name, const char* cpu, const char* extra = "")
{
    return QByteArray("  - apiVersion: v1\n    kind: Node\n    metadata: {name: ") + name + ", labels: {kubernetes.io/hostname: " + name
        + "}}\n    status: {allocatable: {cpu: \"" + cpu + "\", memory: 16Gi, pods: \"110\"}}\n" + extra;
}

QByteArray pod(const char* name, const char* cpu, const char* extraSpec = "")
{
    return QByteArray("  - apiVersion: v1\n    kind: Pod\n    metadata: {name: ") + name + ", namespace: default}\n    spec:\n      "
        + extraSpec + "containers: [{name: c, image: busybox, resources: {requests: {cpu: \"" + cpu + "\"}}}]\n";
}

// A Reserve and PreBind plugin for failure paths the default plugins rarely take: it rejects at
// Reserve pods labelled probe=reserve and fails PreBind for pods labelled probe=prebind.
class FailureProbe final : public framework::Plugin, public framework::ReservePlugin, public framework::PreBindPlugin
{
public:
    static inline const QString Name = QStringLiteral("FailureProbe");
    QString name() const override { return Name; }
    framework::Status reserve(framework::CycleState&, const Pod& pod, const QString&) override
    {
        if (pod.meta.labels.value(QStringLiteral("probe")) == QLatin1String("reserve"))
            return framework::Status(framework::Code::Unschedulable, QStringLiteral("probe says no"));
        return {};
    }
    void unreserve(framework::CycleState&, const Pod& pod, const QString&) override { unreserved.append(pod.key()); }
    framework::Status preBind(framework::CycleState&, const Pod& pod, const QString&) override
    {
        if (pod.meta.labels.value(QStringLiteral("probe")) == QLatin1String("prebind"))
            return framework::Status::error(QStringLiteral("volume attach failed"));
        return {};
    }
    static inline QStringList unreserved;
};

SimulationOptions withProbe(SimulationOptions options = {})
{
    options.extraPlugins = [](framework::Registry& registry) {
        registry.add(FailureProbe::Name, [](const config::PluginConfig*, framework::Handle&) -> std::unique_ptr<framework::Plugin> {
            return std::make_unique<FailureProbe>();
        });
    };
    return options;
}

const QByteArray probeConfig = R"(
  schedulerConfig:
    apiVersion: kubescheduler.config.k8s.io/v1
    kind: KubeSchedulerConfiguration
    profiles:
    - schedulerName: default-scheduler
      plugins:
        reserve: {enabled: [{name: FailureProbe}]}
        preBind: {enabled: [{name: FailureProbe}]}
)";

struct Run
{
    std::unique_ptr<trace::Trace> trace = std::make_unique<trace::Trace>();
    std::unique_ptr<Scenario> scenario;
    std::unique_ptr<Simulator> simulator;

    QList<trace::Event> events(EventKind kind, const QString& podKey = {}) const
    {
        QList<trace::Event> result;
        for (qsizetype i = 0; i < trace->size(); ++i) {
            const trace::Event& event = trace->at(i);
            if (event.kind() == kind && (podKey.isEmpty() || trace->string(event.pod()) == podKey))
                result.append(event);
        }
        return result;
    }
    QList<VirtualNanos> cycleStarts(const QString& podKey) const
    {
        QList<VirtualNanos> times;
        for (const auto& event : events(EventKind::CycleStart, podKey))
            times.append(event.time());
        return times;
    }
    // "from>to@cause" for each of the pod's moves, with times.
    QStringList moves(const QString& podKey) const
    {
        QStringList result;
        for (const auto& event : events(EventKind::QueueMove, podKey)) {
            result.append(toString(event.from()) + QLatin1Char('>') + toString(event.to()) + QLatin1Char('@')
                          + trace->string(event.text()) + QLatin1Char('@') + QString::number(double(event.time()) / second));
        }
        return result;
    }
    PodSummary summary(const QString& key) const
    {
        for (const auto& s : simulator->podSummaries()) {
            if (s.key == key)
                return s;
        }
        return {};
    }
};

Run simulate(const QByteArray& spec, SimulationOptions options = {}, const config::KubeSchedulerConfiguration& configuration = config::defaultConfiguration())
{
    Run run;
    run.scenario = std::make_unique<Scenario>(scenario(spec));
    run.simulator = std::make_unique<Simulator>(*run.scenario, configuration, options, *run.trace);
    run.simulator->run();
    return run;
}

// One pod labelled probe=<probe> on a 4-CPU node, under a profile with FailureProbe.
Run simulateWithProbe(const char* name, const char* probe, SimulationOptions options = {})
{
    FailureProbe::unreserved.clear();
    const QByteArray spec = instant + probeConfig + "  objects:\n" + node("n1", "4") + "  - apiVersion: v1\n    kind: Pod\n    metadata: {name: "
        + name + ", namespace: default, labels: {probe: " + probe
        + "}}\n    spec:\n      containers: [{name: c, image: busybox, resources: {requests: {cpu: \"1\"}}}]\n";
    Run run;
    run.scenario = std::make_unique<Scenario>(scenario(spec));
    run.simulator = std::make_unique<Simulator>(*run.scenario, run.scenario->schedulerConfig->configuration(),
                                                withProbe(std::move(options)), *run.trace);
    run.simulator->run();
    return run;
}

QByteArray jsonLines(const trace::Trace& trace)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    trace::writeJsonLines(trace, buffer);
    return buffer.data();
}

} // namespace

class TestSimulation : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void goDurations()
    {
        QCOMPARE(formatGoDuration(0), QStringLiteral("0s"));
        QCOMPARE(formatGoDuration(10 * second), QStringLiteral("10s"));
        QCOMPARE(formatGoDuration(60 * second), QStringLiteral("1m0s"));
        QCOMPARE(formatGoDuration(90 * second), QStringLiteral("1m30s"));
        QCOMPARE(formatGoDuration(3600 * second), QStringLiteral("1h0m0s"));
        QCOMPARE(formatGoDuration(1500 * 1'000'000), QStringLiteral("1.5s"));
        QCOMPARE(formatGoDuration(500 * 1'000'000), QStringLiteral("500ms"));
        QCOMPARE(formatGoDuration(1500), QStringLiteral("1.5\u00b5s"));
        QCOMPARE(formatGoDuration(15 * 60 * second), QStringLiteral("15m0s"));
    }

    // Every bind fails with an API error: no plugin rejected the pod, so each failure goes through
    // backoff, 1, 2, 4, 8 and then 10 s (podMaxBackoffSeconds), released by the 1-second flush.
    void backoffDoublesToTheMaximum()
    {
        SimulationOptions options;
        options.until = 40 * second;
        const Run run = simulate(R"(
  timing: {cycleBase: 0s, cyclePerNode: 0s, bindLatency: 0s, bindJitter: 0s, bindFailureRate: 1}
  objects:
)" + node("n1", "4") + pod("p", "1"),
                                 options);
        QCOMPARE(run.cycleStarts(QStringLiteral("default/p")),
                 (QList<VirtualNanos> {0, 1 * second, 3 * second, 7 * second, 15 * second, 25 * second, 35 * second}));
        const PodSummary p = run.summary(QStringLiteral("default/p"));
        QVERIFY(p.message.contains(QLatin1String("spec.timing.bindFailureRate")));
        QCOMPARE(int(p.location), int(PodLocation::Backoff));
        QVERIFY(run.moves(QStringLiteral("default/p")).contains(QStringLiteral("Binding>Backoff@ScheduleAttemptFailure@15")));
        QVERIFY(run.moves(QStringLiteral("default/p")).contains(QStringLiteral("Backoff>Active@BackoffComplete@25")));
        QCOMPARE(run.simulator->now(), 40 * second);
    }

    void backoffDurationsFromTheQueue()
    {
        trace::Trace trace;
        const Scenario s = scenario(instant + "  objects:\n" + node("n1", "1"));
        Simulator simulator(s, config::defaultConfiguration(), {}, trace);
        QueuedPodInfo info;
        QList<VirtualNanos> durations;
        for (int attempts = 0; attempts <= 6; ++attempts) {
            info.attempts = attempts;
            durations.append(simulator.queue().backoffDuration(info));
        }
        // A pod never tried owes no backoff (v1.32's calculateBackoffDuration).
        QCOMPARE(durations, (QList<VirtualNanos> {0, 1 * second, 2 * second, 4 * second, 8 * second, 10 * second, 10 * second}));
    }

    // A pod nothing can help stays unschedulable: without --until the run ends there; with it, the
    // 30-second sweep moves the pod once it has waited more than five minutes.
    void unschedulableTimeoutSweep()
    {
        const QByteArray spec = instant + "  objects:\n" + node("n1", "1") + pod("big", "8");
        const Run once = simulate(spec);
        QCOMPARE(once.cycleStarts(QStringLiteral("default/big")).size(), 1);
        QCOMPARE(once.simulator->now(), VirtualNanos(0));
        QCOMPARE(int(once.summary(QStringLiteral("default/big")).location), int(PodLocation::Unschedulable));

        SimulationOptions options;
        options.until = 12 * 60 * second;
        const Run swept = simulate(spec, options);
        // Failed at 0; at 300 s it has waited exactly five minutes (not more), at 330 s it moves.
        QCOMPARE(swept.cycleStarts(QStringLiteral("default/big")), (QList<VirtualNanos> {0, 330 * second, 660 * second}));
        QVERIFY(swept.moves(QStringLiteral("default/big")).contains(QStringLiteral("Unschedulable>Active@UnschedulableTimeout@330")));
        QCOMPARE(swept.simulator->now(), 12 * 60 * second);
    }

    // activeQ pops by priority, then by the time the pod was queued, then in arrival order.
    void activeQueueOrder()
    {
        const Run run = simulate(instant + R"(
  objects:
  - {apiVersion: scheduling.k8s.io/v1, kind: PriorityClass, metadata: {name: high}, value: 1000}
  - {apiVersion: scheduling.k8s.io/v1, kind: PriorityClass, metadata: {name: mid}, value: 100}
)" + node("n1", "64") + pod("low", "1") + pod("high", "1", "priorityClassName: high\n      ")
                                 + pod("mid", "1", "priorityClassName: mid\n      ") + pod("low2", "1"));
        QStringList order;
        for (const auto& event : run.events(EventKind::CycleStart))
            order.append(run.trace->string(event.pod()));
        QCOMPARE(order, (QStringList {QStringLiteral("default/high"), QStringLiteral("default/mid"), QStringLiteral("default/low"),
                                      QStringLiteral("default/low2")}));
    }

    // A gated pod waits in the unschedulable pods until its gates are removed.
    void schedulingGates()
    {
        const Run run = simulate(instant + "  objects:\n" + node("n1", "4") + pod("gated", "1", "schedulingGates: [{name: example.com/quota}]\n      ")
                                 + R"(  events:
  - at: 5s
    action: update
    object:
      apiVersion: v1
      kind: Pod
      metadata: {name: gated, namespace: default}
      spec:
        containers: [{name: c, image: busybox, resources: {requests: {cpu: "1"}}}]
)");
        const QStringList moves = run.moves(QStringLiteral("default/gated"));
        QCOMPARE(moves.value(0), QStringLiteral("None>Gated@UnschedulablePodAdd@0"));
        QCOMPARE(moves.value(1), QStringLiteral("Gated>Active@UnschedulablePodUpdatePodSchedulingGatesEliminated@5"));
        QCOMPARE(run.cycleStarts(QStringLiteral("default/gated")), (QList<VirtualNanos> {5 * second}));
        QCOMPARE(run.summary(QStringLiteral("default/gated")).node, QStringLiteral("n1"));
        // No attempt was spent while gated.
        QCOMPARE(run.summary(QStringLiteral("default/gated")).attempts, 1);
    }

    // PreEnqueue runs as a pod enters the queue, outside any cycle: its results name that pod and
    // no cycle, even when another pod's cycle ran just before.
    void preEnqueueResultsNameTheirPod()
    {
        const Run run = simulate(instant + "  objects:\n" + node("n1", "4") + pod("first", "1") + R"(  events:
  - at: 2s
    action: create
    object:
      apiVersion: v1
      kind: Pod
      metadata: {name: gated, namespace: default}
      spec:
        schedulingGates: [{name: example.com/quota}]
        containers: [{name: c, image: busybox, resources: {requests: {cpu: "1"}}}]
)");
        QVERIFY(!run.events(EventKind::CycleStart, QStringLiteral("default/first")).isEmpty());
        int gatedRejections = 0;
        for (const auto& event : run.events(EventKind::PluginResult)) {
            if (event.point() != framework::ExtensionPoint::PreEnqueue)
                continue;
            QCOMPARE(event.cycle(), -1);
            const QString podKey = run.trace->string(event.pod());
            QVERIFY2(podKey == QLatin1String("default/first") || podKey == QLatin1String("default/gated"), qPrintable(podKey));
            if (event.code() != framework::Code::Success) {
                QCOMPARE(podKey, QStringLiteral("default/gated"));
                QCOMPARE(run.trace->string(event.plugin()), QStringLiteral("SchedulingGates"));
                ++gatedRejections;
            }
        }
        QCOMPARE(gatedRejections, 1);
    }

    // A node joins at 10 s: the pod NodeResourcesFit rejected comes back, the pod NodeAffinity
    // rejected (the new node lacks its label) stays where it is.
    void nodeAddReleasesWhatItsHintsAllow()
    {
        const Run run = simulate(instant + "  objects:\n" + node("n1", "2") + pod("wants-cpu", "4")
                                 + pod("wants-ssd", "1", "nodeSelector: {disktype: ssd}\n      ") + R"(  events:
  - at: 10s
    action: create
    object:
      apiVersion: v1
      kind: Node
      metadata: {name: n2, labels: {kubernetes.io/hostname: n2}}
      status: {allocatable: {cpu: "8", memory: 16Gi, pods: "110"}}
)");
        QVERIFY(run.moves(QStringLiteral("default/wants-cpu")).contains(QStringLiteral("Unschedulable>Active@NodeAdd@10")));
        QCOMPARE(run.summary(QStringLiteral("default/wants-cpu")).node, QStringLiteral("n2"));
        QCOMPARE(run.cycleStarts(QStringLiteral("default/wants-ssd")).size(), 1);
        QCOMPARE(int(run.summary(QStringLiteral("default/wants-ssd")).location), int(PodLocation::Unschedulable));
    }

    // A node added while the pod's attempt is in flight is replayed when the attempt fails: the pod
    // goes to backoff rather than waiting among the unschedulable pods.
    void inFlightEventsAreReplayed()
    {
        const Run run = simulate(R"(
  timing: {cycleBase: 1s, cyclePerNode: 0s, bindLatency: 0s, bindJitter: 0s}
  objects:
)" + node("n1", "2") + pod("wants-cpu", "4") + R"(  events:
  - at: 500ms
    action: create
    object:
      apiVersion: v1
      kind: Node
      metadata: {name: n2, labels: {kubernetes.io/hostname: n2}}
      status: {allocatable: {cpu: "8", memory: 16Gi, pods: "110"}}
)");
        const QStringList moves = run.moves(QStringLiteral("default/wants-cpu"));
        QVERIFY2(moves.contains(QStringLiteral("Scheduling>Backoff@ScheduleAttemptFailure@1")), qPrintable(moves.join(QLatin1Char(' '))));
        QCOMPARE(run.cycleStarts(QStringLiteral("default/wants-cpu")), (QList<VirtualNanos> {0, 2 * second}));
        QCOMPARE(run.summary(QStringLiteral("default/wants-cpu")).node, QStringLiteral("n2"));
    }

    // The pod is deleted while its bind call is under way: the binding fails, nothing is requeued.
    void podDeletedWhileBinding()
    {
        const Run run = simulate(R"(
  timing: {cycleBase: 0s, cyclePerNode: 0s, bindLatency: 2s, bindJitter: 0s}
  objects:
)" + node("n1", "4") + pod("p", "1") + R"(  events:
  - at: 1s
    action: delete
    object: {apiVersion: v1, kind: Pod, metadata: {name: p, namespace: default}}
)");
        const auto ends = run.events(EventKind::BindingEnd, QStringLiteral("default/p"));
        QCOMPARE(ends.size(), 1);
        QCOMPARE(run.trace->string(ends[0].message()), QStringLiteral("running Bind plugin \"DefaultBinder\": pods \"p\" not found"));
        QCOMPARE(int(run.summary(QStringLiteral("default/p")).location), int(PodLocation::Deleted));
        QCOMPARE(run.simulator->cache().snapshot()->get(QStringLiteral("n1"))->pods().size(), 0);
        QCOMPARE(run.simulator->queue().unschedulableCount() + run.simulator->queue().backoffCount(), 0);
    }

    // Preemption: the victim gets the DisruptionTarget condition, is gone podTermination later, and
    // the preemptor, nominated meanwhile, lands on the node.
    void preemptionEvictsAndNominates()
    {
        const Run run = simulate(R"(
  timing: {cycleBase: 0s, cyclePerNode: 0s, bindLatency: 0s, bindJitter: 0s, podTermination: 3s}
  objects:
  - {apiVersion: scheduling.k8s.io/v1, kind: PriorityClass, metadata: {name: high}, value: 1000}
)" + node("n1", "2") + pod("victim", "2", "nodeName: n1\n      ") + R"(  events:
  - at: 1s
    action: create
    object:
      apiVersion: v1
      kind: Pod
      metadata: {name: urgent, namespace: default}
      spec:
        priorityClassName: high
        containers: [{name: c, image: busybox, resources: {requests: {cpu: "2"}}}]
)");
        const auto preemptions = run.events(EventKind::Preemption, QStringLiteral("default/urgent"));
        QCOMPARE(preemptions.size(), 1);
        QCOMPARE(run.trace->string(preemptions[0].node()), QStringLiteral("n1"));
        const auto victims = run.events(EventKind::Victim, QStringLiteral("default/victim"));
        QCOMPARE(victims.size(), 1);
        QVERIFY(run.moves(QStringLiteral("default/victim")).contains(QStringLiteral("Bound>Deleted@Preempted@4")));
        const auto nominated = run.events(EventKind::Nominated, QStringLiteral("default/urgent"));
        QCOMPARE(nominated.size(), 1);
        QCOMPARE(run.trace->string(nominated[0].node()), QStringLiteral("n1"));
        const PodSummary urgent = run.summary(QStringLiteral("default/urgent"));
        QCOMPARE(urgent.node, QStringLiteral("n1"));
        QCOMPARE(urgent.attempts, 2);
        QCOMPARE(*urgent.scheduledAt, 4 * second);
        QCOMPARE(run.simulator->metrics().counter(QStringLiteral("scheduler_preemption_attempts_total")), 1.0);
    }

    // Permit rejects at once (a pod naming a PodGroup that does not exist): Unreserve runs, the pod
    // is not assumed, and the FailedScheduling message is a FitError on the one node.
    void permitRejection()
    {
        const Scenario s = loadScenarioFile(QStringLiteral(KSV_SAMPLES_DIR "/gang-scheduling.yaml"));
        const auto configuration = s.schedulerConfig->configuration();
        const Run run = simulate(instant + "  objects:\n" + node("n1", "4") + R"(  - apiVersion: v1
    kind: Pod
    metadata: {name: orphan, namespace: default, labels: {scheduling.x-k8s.io/pod-group: ghost}}
    spec:
      containers: [{name: c, image: busybox, resources: {requests: {cpu: "1"}}}]
)",
                                 {}, configuration);
        const PodSummary orphan = run.summary(QStringLiteral("default/orphan"));
        QCOMPARE(orphan.message, QStringLiteral("0/1 nodes are available: 1 PodGroup not found."));
        QCOMPARE(int(orphan.location), int(PodLocation::Unschedulable));
        QCOMPARE(run.simulator->cache().snapshot()->get(QStringLiteral("n1"))->pods().size(), 0);
        bool unreserved = false;
        for (const auto& event : run.events(EventKind::PluginResult, QStringLiteral("default/orphan")))
            unreserved = unreserved || event.point() == framework::ExtensionPoint::Unreserve;
        QVERIFY(unreserved);
        const auto ends = run.events(EventKind::CycleEnd, QStringLiteral("default/orphan"));
        QVERIFY(!ends.isEmpty());
        QCOMPARE(int(ends[0].code()), int(framework::Code::Unschedulable)); // Coscheduling's Permit: PodGroupNotFound
        QCOMPARE(ends[0].node(), -1);
        QCOMPARE(run.trace->string(ends[0].message()), orphan.message);
    }

    // The gang sample: trainer-a's three pods wait at Permit until the last one arrives, then bind
    // together; trainer-b can place only nine of ten, waits, and times out after 20 s.
    void gangWaitsAtPermitAndTimesOut()
    {
        SimulationOptions options;
        options.until = 40 * second;
        Run run;
        run.scenario = std::make_unique<Scenario>(loadScenarioFile(QStringLiteral(KSV_SAMPLES_DIR "/gang-scheduling.yaml")));
        run.simulator = std::make_unique<Simulator>(*run.scenario, run.scenario->schedulerConfig->configuration(), options,
                                                    *run.trace);
        run.simulator->run();
        QList<VirtualNanos> bindingStarts;
        for (const auto& event : run.events(EventKind::BindingStart)) {
            if (run.trace->string(event.pod()).startsWith(QLatin1String("ml/trainer-a-")))
                bindingStarts.append(event.time());
        }
        QCOMPARE(bindingStarts.size(), 3);
        QCOMPARE(bindingStarts[0], bindingStarts[2]); // released by the third pod's Permit
        QVERIFY(run.moves(QStringLiteral("ml/trainer-a-0")).value(2).startsWith(QLatin1String("Scheduling>WaitingOnPermit@Permit")));

        QStringList rejections;
        for (const auto& event : run.events(EventKind::PluginResult)) {
            if (event.point() == framework::ExtensionPoint::WaitOnPermit && event.code() != framework::Code::Success)
                rejections.append(run.trace->string(event.text()));
        }
        QVERIFY2(rejections.contains(QStringLiteral("rejected due to timeout after waiting 20s at plugin Coscheduling")),
                 qPrintable(rejections.join(QLatin1Char('|'))));
        QVERIFY(rejections.contains(QStringLiteral("rejection in Unreserve")));
        for (int i = 0; i < 10; ++i)
            QVERIFY(run.summary(QStringLiteral("ml/trainer-b-%1").arg(i)).node.isEmpty());
    }

    // No node at all: ErrNoNodesAvailable, no rejecting plugin, so the pod goes through backoff.
    void noNodesAvailable()
    {
        SimulationOptions options;
        options.until = 4 * second;
        const Run run = simulate(instant + "  objects:\n" + pod("lonely", "1"), options);
        QCOMPARE(run.cycleStarts(QStringLiteral("default/lonely")), (QList<VirtualNanos> {0, 1 * second, 3 * second}));
        QCOMPARE(run.summary(QStringLiteral("default/lonely")).message, QStringLiteral("no nodes available to schedule pods"));
        QVERIFY(run.moves(QStringLiteral("default/lonely")).contains(QStringLiteral("Scheduling>Backoff@ScheduleAttemptFailure@0")));
    }

    // Reserve rejects: every Reserve plugin's Unreserve runs, the pod is not assumed, and the
    // rejection reads as a FitError on the one node; the pod waits among the unschedulable pods.
    void reserveRejection()
    {
        const Run run = simulateWithProbe("refused", "reserve");
        const PodSummary refused = run.summary(QStringLiteral("default/refused"));
        QCOMPARE(refused.message, QStringLiteral("0/1 nodes are available: 1 probe says no."));
        QCOMPARE(int(refused.location), int(PodLocation::Unschedulable));
        // FailureProbe registers no events, so it is interested in all of them (upstream's
        // defaultEnqueueExtension): the pod's own PodScheduled=False patch requeues it once, after
        // backoff; the second rejection patches nothing new and the pod stays.
        QCOMPARE(FailureProbe::unreserved, (QStringList {QStringLiteral("default/refused"), QStringLiteral("default/refused")}));
        QCOMPARE(run.cycleStarts(QStringLiteral("default/refused")), (QList<VirtualNanos> {0, 1 * second}));
        QCOMPARE(run.simulator->cache().snapshot()->get(QStringLiteral("n1"))->pods().size(), 0);
        QVERIFY(run.moves(QStringLiteral("default/refused")).contains(QStringLiteral("Scheduling>Unschedulable@ScheduleAttemptFailure@0")));
        // The cycle ends after Reserve, and it failed: no chosen node, the FailedScheduling text.
        const auto ends = run.events(EventKind::CycleEnd, QStringLiteral("default/refused"));
        QCOMPARE(ends.size(), 2);
        for (const auto& end : ends) {
            QCOMPARE(int(end.code()), int(framework::Code::Unschedulable));
            QCOMPARE(end.node(), -1);
            QCOMPARE(run.trace->string(end.text()), refused.message);
        }
        qsizetype reservePosition = -1;
        qsizetype endPosition = -1;
        for (qsizetype i = 0; i < run.trace->size() && endPosition < 0; ++i) {
            const trace::Event& event = run.trace->at(i);
            if (event.kind() == EventKind::PluginResult && event.point() == framework::ExtensionPoint::Reserve && event.cycle() == ends[0].cycle())
                reservePosition = i;
            if (event.kind() == EventKind::CycleEnd && event.cycle() == ends[0].cycle())
                endPosition = i;
        }
        QVERIFY(reservePosition >= 0);
        QVERIFY(reservePosition < endPosition);
    }

    // A pod nominated to a node that no longer fits: the nominated node is tried first, then every
    // node; upstream's evaluatedNodes counts it once.
    void nominatedNodeCountsOnceInEvaluated()
    {
        const Run run = simulate(instant + "  objects:\n" + node("n1", "1") + node("n2", "4") + node("n3", "4") + R"(  - apiVersion: v1
    kind: Pod
    metadata: {name: nominee, namespace: default}
    spec:
      containers: [{name: c, image: busybox, resources: {requests: {cpu: "2"}}}]
    status: {nominatedNodeName: n1}
)");
        const auto ends = run.events(EventKind::CycleEnd, QStringLiteral("default/nominee"));
        QCOMPARE(ends.size(), 1);
        QCOMPARE(int(ends[0].code()), int(framework::Code::Success));
        QCOMPARE(ends[0].evaluated(), 3); // n1 (rejected, once), n2, n3
        QCOMPARE(ends[0].feasible(), 2);
        QVERIFY(run.trace->string(ends[0].node()) != QLatin1String("n1"));
    }

    // PreBind fails with an error: the binding cycle unreserves and forgets the pod, which retries
    // after backoff.
    void preBindFailure()
    {
        SimulationOptions options;
        options.until = 2 * second;
        const Run run = simulateWithProbe("stuck", "prebind", options);
        const auto ends = run.events(EventKind::BindingEnd, QStringLiteral("default/stuck"));
        QCOMPARE(ends.size(), 2);
        QCOMPARE(int(ends[0].code()), int(framework::Code::Error));
        QCOMPARE(run.trace->string(ends[0].message()), QStringLiteral("running PreBind plugin \"FailureProbe\": volume attach failed"));
        QCOMPARE(run.cycleStarts(QStringLiteral("default/stuck")), (QList<VirtualNanos> {0, 1 * second}));
        QCOMPARE(FailureProbe::unreserved.size(), 2);
        QCOMPARE(run.simulator->cache().snapshot()->get(QStringLiteral("n1"))->pods().size(), 0);
        QVERIFY(run.moves(QStringLiteral("default/stuck")).contains(QStringLiteral("Binding>Backoff@ScheduleAttemptFailure@0")));
    }

    // Same scenario, configuration and seed: the same trace, byte for byte.
    void tracesAreDeterministic()
    {
        const QString path = QStringLiteral(KSV_SAMPLES_DIR "/priority-preemption.yaml");
        const Scenario s = loadScenarioFile(path);
        const auto configuration = effectiveConfiguration(s);
        QByteArray first;
        for (int round = 0; round < 2; ++round) {
            trace::Trace trace;
            Simulator simulator(s, configuration, {}, trace);
            simulator.run();
            const QByteArray lines = jsonLines(trace);
            QVERIFY(lines.count('\n') > 50);
            if (round == 0)
                first = lines;
            else
                QVERIFY(lines == first);
        }
        // Another seed changes the bind latencies' jitter.
        trace::Trace other;
        SimulationOptions options;
        options.seed = 99;
        Simulator simulator(s, configuration, options, other);
        simulator.run();
        QVERIFY(jsonLines(other) != first);
    }

    // Filter and Score spread over threads change nothing in the trace: every sample, and the scale
    // sample cut down to 50 nodes and 600 pods (its spread and nodeSelector mix, at a size where the
    // nodes are split into eight ranges), with node detail on.
    void threadsDoNotChangeTheTrace_data()
    {
        QTest::addColumn<QString>("sample");
        for (const char* name : {"default", "zone-spread", "gpu-pool", "affinity-spread", "database-anti-affinity", "priority-preemption",
                                 "backlog-node-added", "gang-scheduling", "scale-5000"})
            QTest::newRow(name) << QString::fromLatin1(name);
    }
    void threadsDoNotChangeTheTrace()
    {
        QFETCH(QString, sample);
        const QString path = QStringLiteral(KSV_SAMPLES_DIR "/") + sample + QStringLiteral(".yaml");
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QByteArray text = file.readAll();
        if (sample == QLatin1String("scale-5000")) {
            const QList<std::pair<QByteArray, QByteArray>> counts {{"count: 500\n", "count: 5\n"},      {"count: 300\n", "count: 3\n"},
                                                                   {"count: 200\n", "count: 2\n"},      {"count: 10000\n", "count: 100\n"},
                                                                   {"count: 50000\n", "count: 200\n"},  {"count: 40000\n", "count: 150\n"},
                                                                   {"count: 30000\n", "count: 100\n"},  {"count: 20000\n", "count: 50\n"}};
            for (const auto& [from, to] : counts) {
                QVERIFY2(text.contains(from), from.constData());
                text.replace(from, to);
            }
        }
        const Scenario s = loadScenarioText(text, path);
        const auto configuration = effectiveConfiguration(s);
        QByteArray traces[2];
        const int threads[2] = {1, 4};
        for (int i = 0; i < 2; ++i) {
            trace::Trace trace;
            SimulationOptions options;
            options.threads = threads[i];
            Simulator simulator(s, configuration, options, trace);
            simulator.run();
            QVERIFY(simulator.finished());
            traces[i] = jsonLines(trace);
        }
        QVERIFY(traces[0].count('\n') > 50);
        QVERIFY(traces[0] == traces[1]);
    }

    // Every bundled sample but the 150,000-pod one runs to its end.
    void everySampleRuns_data()
    {
        QTest::addColumn<QString>("sample");
        for (const char* name : {"default", "zone-spread", "gpu-pool", "affinity-spread", "database-anti-affinity", "priority-preemption",
                                 "backlog-node-added", "gang-scheduling"})
            QTest::newRow(name) << QString::fromLatin1(name);
    }
    void everySampleRuns()
    {
        QFETCH(QString, sample);
        const QString path = QStringLiteral(KSV_SAMPLES_DIR "/") + sample + QStringLiteral(".yaml");
        if (!QFile::exists(path))
            QSKIP("sample not present");
        const Scenario s = loadScenarioFile(path);
        const auto configuration = effectiveConfiguration(s);
        trace::Trace trace;
        Simulator simulator(s, configuration, {}, trace);
        simulator.run();
        QVERIFY(simulator.finished());
        QVERIFY(simulator.schedulingCycles() > 0);
        int bound = 0;
        for (const auto& pod : simulator.podSummaries())
            bound += pod.location == PodLocation::Bound ? 1 : 0;
        QVERIFY(bound > 0);
    }
};

QTEST_GUILESS_MAIN(TestSimulation)
#include "tst_simulation.moc"
