// The views' data: the state rebuilt from the trace equals the engine's own account of the run, at
// the end and at every earlier position (from checkpoints); the indexes of cycles, binding cycles and
// seconds agree with the raw events.
#include "api/resources.h"
#include "cluster/scenariosource.h"
#include "framework/status.h"
#include "scenario/effectiveconfig.h"
#include "scenario/loader.h"
#include "simulation/simulator.h"
#include "trace/replay.h"

#include <QTest>

#include <algorithm>

using namespace ksv;
using trace::EventKind;
using trace::PodLocation;

namespace {

struct Run
{
    std::shared_ptr<const Scenario> scenario;
    std::shared_ptr<trace::Trace> trace = std::make_shared<trace::Trace>();
    QList<PodSummary> summaries;
};

config::KubeSchedulerConfiguration configurationOf(const Scenario& scenario)
{
    return effectiveConfiguration(scenario);
}

Run run(Scenario scenario)
{
    Run result;
    result.scenario = std::make_shared<const Scenario>(std::move(scenario));
    Simulator simulator(*result.scenario, configurationOf(*result.scenario), {}, *result.trace);
    simulator.run();
    result.summaries = simulator.podSummaries();
    return result;
}

Run run(const QString& name)
{
    return run(loadScenarioFile(QStringLiteral(KSV_SAMPLES_DIR "/") + name));
}

// The state after `position` events, applied one by one from the initial state: no checkpoints.
trace::ReplayState fromScratch(const trace::TraceIndex& index, qsizetype position)
{
    trace::ReplayState state(index.catalogue(), index.trace().objects().initial());
    for (qsizetype i = 0; i < position; ++i)
        state.apply(index.trace().at(i), index);
    return state;
}

void compareStates(const trace::ReplayState& actual, const trace::ReplayState& expected)
{
    QCOMPARE(actual.position, expected.position);
    QCOMPARE(actual.time, expected.time);
    QCOMPARE(actual.counts, expected.counts);
    QCOMPARE(actual.nodeRequested, expected.nodeRequested);
    QCOMPARE(actual.nodeAllocatable, expected.nodeAllocatable);
    QCOMPARE(actual.nodeSpec, expected.nodeSpec);
    QCOMPARE(actual.podRequests, expected.podRequests);
    QCOMPARE(actual.measureCount, expected.measureCount);
    QCOMPARE(actual.cyclesStarted, expected.cyclesStarted);
    QCOMPARE(actual.pods.size(), expected.pods.size());
    for (size_t pod = 0; pod < actual.pods.size(); ++pod) {
        const trace::PodRow& a = actual.pods[pod];
        const trace::PodRow& e = expected.pods[pod];
        QCOMPARE(int(a.location), int(e.location));
        QCOMPARE(a.node, e.node);
        QCOMPARE(a.attempts, e.attempts);
        QCOMPARE(a.lastCycle, e.lastCycle);
        QCOMPARE(a.since, e.since);
        QCOMPARE(a.firstQueued, e.firstQueued);
        QCOMPARE(a.queueValue, e.queueValue);
        QCOMPARE(a.priority, e.priority);
        QCOMPARE(a.cause, e.cause);
        QCOMPARE(a.nominatedNode, e.nominatedNode);
        QCOMPARE(a.spec, e.spec);
    }
}

} // namespace

class TestReplay : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void endStateEqualsTheEnginesSummary_data()
    {
        QTest::addColumn<QString>("sample");
        for (const char* sample : {"default.yaml", "backlog-node-added.yaml", "priority-preemption.yaml", "gang-scheduling.yaml",
                                   "gpu-pool.yaml", "zone-spread.yaml"})
            QTest::newRow(sample) << QString::fromLatin1(sample);
    }

    void endStateEqualsTheEnginesSummary()
    {
        QFETCH(QString, sample);
        const Run result = run(sample);
        trace::TraceIndex index(trace::ReplayCatalogue(ScenarioSource(result.scenario)), result.trace, result.scenario->timing);
        index.advance(result.trace->size());
        const trace::ReplayState& head = index.head();
        const trace::ReplayCatalogue& catalogue = index.catalogue();

        // Where every pod ended, and what each node carries, computed from the engine's summaries and
        // the scenario's pod specs (the last spec the scenario gives each pod).
        std::vector<qint64> expectedCpu(size_t(catalogue.nodeCount()), 0);
        std::vector<qint64> expectedPods(size_t(catalogue.nodeCount()), 0);
        QHash<QString, const Pod*> lastSpec;
        for (const Pod& pod : result.scenario->initial.pods)
            lastSpec.insert(pod.key(), &pod);
        for (const ObjectChange& event : result.scenario->events) {
            if (const auto* pod = std::get_if<Pod>(&event.object); pod && event.action != EventAction::Delete)
                lastSpec.insert(pod->key(), pod);
        }
        for (const PodSummary& summary : result.summaries) {
            const qint32 pod = catalogue.podIndex(summary.key);
            QVERIFY2(pod >= 0, qPrintable(summary.key));
            QCOMPARE(int(head.pods[size_t(pod)].location), int(summary.location));
            if (summary.location == PodLocation::Bound || summary.location == PodLocation::Binding
                || summary.location == PodLocation::WaitingOnPermit) {
                const qint32 node = head.pods[size_t(pod)].node;
                QVERIFY2(node >= 0, qPrintable(summary.key));
                if (summary.location == PodLocation::Bound)
                    QCOMPARE(catalogue.nodeName(node), summary.node);
                expectedCpu[size_t(node)] += ksv::podRequests(*lastSpec.value(summary.key)).value(QStringLiteral("cpu")).milliValue();
                expectedPods[size_t(node)] += 1;
            }
        }
        for (qint32 node = 0; node < catalogue.nodeCount(); ++node) {
            QCOMPARE(head.requested(node, trace::MeasureCpu), expectedCpu[size_t(node)]);
            QCOMPARE(head.requested(node, trace::MeasurePods), expectedPods[size_t(node)]);
        }
        std::array<qint32, trace::podLocationCount> counts {};
        for (const trace::PodRow& row : head.pods)
            ++counts[size_t(row.location)];
        QCOMPARE(head.counts, counts);
    }

    void everyPositionRebuildsFromCheckpoints()
    {
        const Run result = run(QStringLiteral("priority-preemption.yaml"));
        // Small spacing: the run takes many checkpoints and thins them out repeatedly.
        trace::TraceIndex index(trace::ReplayCatalogue(ScenarioSource(result.scenario)), result.trace, result.scenario->timing, 8);
        // Indexed as the engine would publish it: in uneven batches.
        for (qsizetype published = 0; published < result.trace->size(); published += 37)
            index.advance(published);
        index.advance(result.trace->size());
        const qsizetype size = result.trace->size();
        QVERIFY(size > 8 * trace::TraceIndex::maxCheckpoints); // the spacing had to grow
        for (qsizetype position : {qsizetype(0), qsizetype(1), size / 3, size / 2, size - 1, size}) {
            const trace::ReplayState state = index.stateAt(position);
            compareStates(state, fromScratch(index, position));
        }
        compareStates(index.stateAt(size), index.head());
        // The checkpoint a position starts from: at or before it, and within a spacing of it.
        for (qsizetype position : {qsizetype(0), qsizetype(1), size / 3, size / 2, size - 1, size}) {
            const qsizetype checkpoint = index.checkpointBefore(position);
            QVERIFY(checkpoint <= position);
            QVERIFY(position - checkpoint < 8 * (qsizetype(1) << 12)); // the grown spacing, generously
            trace::ReplayState state = index.stateAt(checkpoint);
            QCOMPARE(state.position, checkpoint);
            index.advanceState(state, position);
            compareStates(state, fromScratch(index, position));
        }
        QVERIFY(index.checkpointBefore(size) > index.checkpointBefore(size / 4)); // seeks far ahead start later
        // Forward from an earlier state.
        trace::ReplayState state = index.stateAt(size / 4);
        index.advanceState(state, size / 2);
        compareStates(state, fromScratch(index, size / 2));
    }

    // Each checkpoint copies the state into memory written ahead a slice per advance(): with a slice
    // of a few bytes the copy lands in vectors prepared only in part, and must still hold the whole
    // state at its position.
    void checkpointsPreparedInPartHoldTheirState_data()
    {
        QTest::addColumn<qsizetype>("prepareBytes");
        QTest::newRow("one element a slice") << qsizetype(1);
        QTest::newRow("64 bytes a slice") << qsizetype(64);
        QTest::newRow("4 KiB a slice") << qsizetype(4096);
        QTest::newRow("the default") << qsizetype(512 * 1024);
    }

    void checkpointsPreparedInPartHoldTheirState()
    {
        QFETCH(qsizetype, prepareBytes);
        const Run result = run(QStringLiteral("priority-preemption.yaml"));
        trace::TraceIndex index(trace::ReplayCatalogue(ScenarioSource(result.scenario)), result.trace, result.scenario->timing, 8, prepareBytes);
        for (qsizetype published = 0; published < result.trace->size(); published += 5)
            index.advance(published);
        index.advance(result.trace->size());
        const qsizetype size = result.trace->size();
        qsizetype checked = 0;
        for (qsizetype position = 0; position <= size; position += 7) {
            const qsizetype checkpoint = index.checkpointBefore(position);
            compareStates(index.stateAt(checkpoint), fromScratch(index, checkpoint)); // the checkpoint as taken
            ++checked;
        }
        QVERIFY(checked > 10);
        compareStates(index.stateAt(size), index.head());
    }

    // Cluster changes change what replay counts: a bound pod's requests, a node added, resized and
    // deleted. The catalogue works out each event's row once; seeking over the same events again
    // (from checkpoints, back and forth) must read the same rows.
    void clusterChangesReplayTheirObjects()
    {
        const QByteArray text = R"(apiVersion: kschedviz.io/v1alpha1
kind: Scenario
metadata:
  name: changes
spec:
  objects:
  - apiVersion: v1
    kind: Node
    metadata: {name: node-a}
    status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
  - apiVersion: v1
    kind: Node
    metadata: {name: node-b}
    status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
  - apiVersion: v1
    kind: Pod
    metadata: {name: running, namespace: default}
    spec:
      nodeName: node-a
      containers: [{name: c, image: i, resources: {requests: {cpu: 100m}}}]
  events:
  - at: 1s
    action: update
    object:
      apiVersion: v1
      kind: Pod
      metadata: {name: running, namespace: default}
      spec:
        nodeName: node-a
        containers: [{name: c, image: i, resources: {requests: {cpu: 300m}}}]
  - at: 2s
    action: create
    object:
      apiVersion: v1
      kind: Node
      metadata: {name: node-c}
      status: {allocatable: {cpu: "8", memory: 8Gi, pods: "110"}}
  - at: 3s
    action: update
    object:
      apiVersion: v1
      kind: Node
      metadata: {name: node-c}
      status: {allocatable: {cpu: "16", memory: 8Gi, pods: "110"}}
  - at: 4s
    action: delete
    object:
      apiVersion: v1
      kind: Node
      metadata: {name: node-b}
  - at: 5s
    action: create
    object:
      apiVersion: v1
      kind: Pod
      metadata: {name: late, namespace: default}
      spec:
        containers: [{name: c, image: i, resources: {requests: {cpu: "2"}}}]
)";
        const Run result = run(loadScenarioText(text, QStringLiteral("changes.yaml")));
        trace::TraceIndex index(trace::ReplayCatalogue(ScenarioSource(result.scenario)), result.trace, result.scenario->timing, 2);
        index.advance(result.trace->size());
        const trace::ReplayCatalogue& catalogue = index.catalogue();
        const qint32 nodeA = catalogue.nodeIndex(QStringLiteral("node-a"));
        const qint32 nodeB = catalogue.nodeIndex(QStringLiteral("node-b"));
        const qint32 nodeC = catalogue.nodeIndex(QStringLiteral("node-c"));
        const qint32 running = catalogue.podIndex(QStringLiteral("default/running"));
        const qint32 late = catalogue.podIndex(QStringLiteral("default/late"));
        QCOMPARE(catalogue.changeObject(0), running);
        QCOMPARE(catalogue.changeObject(1), nodeC);
        QCOMPARE(catalogue.changeObject(2), nodeC);
        QCOMPARE(catalogue.changeObject(3), nodeB);
        QCOMPARE(catalogue.changeObject(4), late);

        const auto at = [&](double seconds) { return index.positionAfter(VirtualNanos(seconds * double(nanosPerSecond))); };
        // Twice over, so that the second pass reads the rows the first one worked out.
        for (int pass = 0; pass < 2; ++pass) {
            trace::ReplayState state;
            index.stateAt(at(0.5), state);
            QCOMPARE(state.requested(nodeA, trace::MeasureCpu), 100);
            index.stateAt(at(1.5), state);
            QCOMPARE(state.requested(nodeA, trace::MeasureCpu), 300);
            QCOMPARE(state.podRequests[size_t(running) * size_t(state.measureCount) + trace::MeasureCpu], 300);
            QVERIFY(!state.nodeExists(nodeC));
            index.stateAt(at(2.5), state);
            QVERIFY(state.nodeExists(nodeC));
            QCOMPARE(state.allocatable(nodeC, trace::MeasureCpu), 8000);
            index.stateAt(at(3.5), state);
            QCOMPARE(state.allocatable(nodeC, trace::MeasureCpu), 16000);
            QVERIFY(state.nodeExists(nodeB));
            index.stateAt(at(4.5), state);
            QVERIFY(!state.nodeExists(nodeB));
            QCOMPARE(state.allocatable(nodeB, trace::MeasureCpu), 0);
            index.stateAt(index.indexed(), state);
            QCOMPARE(state.podRequests[size_t(late) * size_t(state.measureCount) + trace::MeasureCpu], 2000);
            QCOMPARE(int(state.pods[size_t(late)].location), int(PodLocation::Bound));
            for (qsizetype position = 0; position <= index.indexed(); ++position)
                compareStates(index.stateAt(position), fromScratch(index, position));
        }
    }

    void cyclesAndBindingsMatchTheEvents()
    {
        const Run result = run(QStringLiteral("gang-scheduling.yaml"));
        trace::TraceIndex index(trace::ReplayCatalogue(ScenarioSource(result.scenario)), result.trace, result.scenario->timing);
        index.advance(result.trace->size());
        qsizetype starts = 0;
        qsizetype successes = 0;
        qsizetype bindingStarts = 0;
        qsizetype bindingEnds = 0;
        for (qsizetype i = 0; i < result.trace->size(); ++i) {
            const trace::Event& event = result.trace->at(i);
            if (event.kind() == EventKind::CycleStart) {
                const qint32 cycle = index.cycleAt(i);
                QVERIFY(cycle >= 0);
                QCOMPARE(index.cycles()[size_t(cycle)].startEvent, i);
                QCOMPARE(index.cycles()[size_t(cycle)].cycle, event.cycle());
                ++starts;
            }
            if (event.kind() == EventKind::CycleEnd && event.code() == framework::Code::Success)
                ++successes;
            bindingStarts += event.kind() == EventKind::BindingStart;
            bindingEnds += event.kind() == EventKind::BindingEnd;
        }
        QCOMPARE(qsizetype(index.cycles().size()), starts);
        for (const trace::CycleRecord& cycle : index.cycles()) {
            QVERIFY(cycle.endEvent > cycle.startEvent);
            QCOMPARE(int(result.trace->at(cycle.endEvent).kind()), int(EventKind::CycleEnd));
            QVERIFY(cycle.end >= cycle.start);
            QVERIFY(index.podCycles(cycle.pod).size() >= 1);
        }
        // A pod rejected while waiting on Permit ends its binding cycle (BindingEnd) without starting it.
        qsizetype started = 0;
        qsizetype ended = 0;
        qsizetype waited = 0;
        qsizetype rejectedWaiting = 0;
        for (const trace::BindingRecord& binding : index.bindings()) {
            started += binding.start >= 0;
            ended += binding.finished;
            waited += binding.permitStart >= 0;
            rejectedWaiting += binding.start < 0 && binding.finished;
            QVERIFY(!binding.finished || binding.start >= 0 || binding.code != quint8(framework::Code::Success));
            QVERIFY(binding.lane >= 0 && binding.lane < index.bindingLanes());
        }
        QCOMPARE(started, bindingStarts);
        QCOMPARE(ended, bindingEnds);
        // Each binding cycle keeps its BindingEnd's message: the apiserver's "Successfully assigned"
        // or why it failed (the gang that times out at Permit).
        qsizetype failedWithMessage = 0;
        for (qsizetype i = 0; i < result.trace->size(); ++i) {
            const trace::Event& event = result.trace->at(i);
            if (event.kind() != EventKind::BindingEnd)
                continue;
            const qint32 pod = index.podOf(event.pod());
            const auto& bindings = index.podBindings(pod);
            const auto record = std::find_if(bindings.cbegin(), bindings.cend(), [&](qint32 b) {
                return index.bindings()[size_t(b)].end == event.time();
            });
            QVERIFY(record != bindings.cend());
            const trace::BindingRecord& binding = index.bindings()[size_t(*record)];
            QCOMPARE(binding.message, event.message());
            QCOMPARE(binding.code, quint8(event.code()));
            const QString message = result.trace->string(binding.message);
            if (binding.code == quint8(framework::Code::Success)) {
                QVERIFY2(message.startsWith(QStringLiteral("Successfully assigned ")), qPrintable(message));
            } else {
                QVERIFY(!message.isEmpty());
                ++failedWithMessage;
            }
        }
        QVERIFY(failedWithMessage > 0);
        QVERIFY(waited > 0);          // the gang waits at Permit
        QVERIFY(rejectedWaiting > 0); // and the group that never completes times out there
        // Bindings sharing a lane never overlap.
        for (int lane = 0; lane < index.bindingLanes(); ++lane) {
            VirtualNanos previousEnd = -1;
            for (const trace::BindingRecord& binding : index.bindings()) {
                if (binding.lane != lane)
                    continue;
                const VirtualNanos begin = binding.permitStart >= 0 ? binding.permitStart : binding.start;
                QVERIFY(begin >= previousEnd);
                previousEnd = binding.finished ? binding.end : std::numeric_limits<VirtualNanos>::max();
            }
        }
        qsizetype scheduled = 0;
        qsizetype bound = 0;
        for (const trace::SecondSample& second : index.seconds()) {
            scheduled += second.scheduled;
            bound += second.bound;
            QVERIFY(second.latencyP50 <= second.latencyP90 && second.latencyP90 <= second.latencyP99);
        }
        QCOMPARE(scheduled, successes);
        QCOMPARE(bound, qsizetype(std::count_if(result.summaries.cbegin(), result.summaries.cend(), [](const PodSummary& summary) {
                     return summary.location == PodLocation::Bound && summary.scheduledAt.has_value();
                 })));
    }

    void positionsByTime()
    {
        const Run result = run(QStringLiteral("backlog-node-added.yaml"));
        trace::TraceIndex index(trace::ReplayCatalogue(ScenarioSource(result.scenario)), result.trace, result.scenario->timing);
        index.advance(result.trace->size());
        const qsizetype size = result.trace->size();
        QCOMPARE(index.positionAfter(-1), qsizetype(0));
        QCOMPARE(index.positionAfter(std::numeric_limits<VirtualNanos>::max()), size);
        for (qsizetype i = 0; i < size; i += 7) {
            const VirtualNanos t = result.trace->at(i).time();
            const qsizetype after = index.positionAfter(t);
            QVERIFY(after > i);
            QVERIFY(after == size || result.trace->at(after).time() > t);
            QCOMPARE(result.trace->at(after - 1).time(), t);
        }
    }

    void nodeAddedLaterAppearsAtItsEvent()
    {
        const Run result = run(QStringLiteral("backlog-node-added.yaml"));
        trace::TraceIndex index(trace::ReplayCatalogue(ScenarioSource(result.scenario)), result.trace, result.scenario->timing);
        index.advance(result.trace->size());
        for (qsizetype i = 0; i < result.trace->size(); ++i) {
            const trace::Event& event = result.trace->at(i);
            if (event.kind() != EventKind::ClusterChange || event.node() < 0)
                continue;
            const qint32 node = index.nodeOf(event.node());
            QVERIFY(!index.stateAt(i).nodeExists(node) || event.action() != EventAction::Create);
            QVERIFY(index.stateAt(i + 1).nodeExists(node) == (event.action() != EventAction::Delete));
            QVERIFY(index.stateAt(i + 1).allocatable(node, trace::MeasureCpu) > 0);
            return;
        }
        QFAIL("the sample adds a node");
    }
};

QTEST_GUILESS_MAIN(TestReplay)
#include "tst_replay.moc"
