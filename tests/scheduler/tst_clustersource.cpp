// The engine fed from a cluster source other than a scenario file, as a recorded or live watch
// will feed it: changes that arrive while it runs, the object log they go into, and a replay
// catalogue that numbers objects on first sight.

#include "cluster/scenariosource.h"
#include "scenario/effectiveconfig.h"
#include "scenario/loader.h"
#include "simulation/simulator.h"
#include "trace/jsonl.h"
#include "trace/replay.h"

#include <QBuffer>
#include <QTest>

#include <deque>

using namespace ksv;

namespace {

// Changes pushed in by the test, like a watch stream: it knows none of them ahead, and the run
// cannot end until it is closed.
class PushSource final : public ClusterSource
{
public:
    explicit PushSource(ClusterState initial)
        : m_initial(std::move(initial))
    {
    }
    void push(ObjectChange change) { m_changes.push_back(std::move(change)); }
    void close() { m_closed = true; }

    const ClusterState& initialState() const override { return m_initial; }
    std::optional<VirtualNanos> nextChangeAt() const override
    {
        return m_changes.empty() ? std::nullopt : std::optional<VirtualNanos>(m_changes.front().at);
    }
    ObjectChange takeChange() override
    {
        ObjectChange change = std::move(m_changes.front());
        m_changes.pop_front();
        return change;
    }
    bool exhausted() const override { return m_closed && m_changes.empty(); }
    void forEachKnownChange(const std::function<void(const ObjectChange&)>&) const override {}

private:
    ClusterState m_initial;
    std::deque<ObjectChange> m_changes;
    bool m_closed = false;
};

const char* const clusterText = R"(apiVersion: kschedviz.io/v1alpha1
kind: Scenario
metadata: {name: source}
spec:
  seed: 3
  objects:
  - apiVersion: v1
    kind: Node
    metadata: {name: node-a, labels: {zone: a}}
    status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
  - apiVersion: v1
    kind: Pod
    metadata: {name: first, namespace: default}
    spec:
      containers: [{name: c, image: i, resources: {requests: {cpu: "3"}}}]
  events:
  - at: 1s
    action: create
    object:
      apiVersion: v1
      kind: Pod
      metadata: {name: second, namespace: default}
      spec:
        containers: [{name: c, image: i, resources: {requests: {cpu: "3"}}}]
  - at: 2s
    action: create
    object:
      apiVersion: v1
      kind: Node
      metadata: {name: node-b, labels: {zone: b}}
      status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
  - at: 3s
    action: create
    object:
      apiVersion: v1
      kind: Pod
      metadata: {name: third, namespace: default}
      spec:
        containers: [{name: c, image: i, resources: {requests: {cpu: "1"}}}]
  - at: 4s
    action: delete
    object:
      apiVersion: v1
      kind: Pod
      metadata: {name: first, namespace: default}
)";

Scenario scenario()
{
    return loadScenarioText(QByteArray(clusterText), QStringLiteral("source.yaml"));
}

QByteArray jsonLines(const trace::Trace& trace)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    trace::writeJsonLines(trace, buffer);
    return buffer.data();
}

SimulationOptions optionsOf(const Scenario& scenario)
{
    SimulationOptions options;
    options.seed = scenario.seed;
    options.timing = scenario.timing;
    return options;
}

// Where each pod is and what each node holds at the index's head, by name: comparable between
// two catalogues that number the same objects differently.
QMap<QString, QString> placements(const trace::TraceIndex& index)
{
    QMap<QString, QString> result;
    const trace::ReplayState& state = index.head();
    const trace::ReplayCatalogue& catalogue = index.catalogue();
    for (qint32 pod = 0; pod < catalogue.podCount(); ++pod) {
        const trace::PodRow& row = state.pods[size_t(pod)];
        result.insert(catalogue.podKey(pod), trace::toString(row.location) + QLatin1Char(' ')
                                                 + (row.node >= 0 ? catalogue.nodeName(row.node) : QString()));
    }
    for (qint32 node = 0; node < catalogue.nodeCount(); ++node)
        result.insert(QStringLiteral("node ") + catalogue.nodeName(node),
                      QString::number(state.requested(node, trace::MeasureCpu)) + QLatin1Char('/')
                          + QString::number(state.allocatable(node, trace::MeasureCpu)));
    return result;
}

} // namespace

class TestClusterSource : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void scenarioSourceHandsOverEveryEventInOrder()
    {
        const Scenario file = scenario();
        ScenarioSource source(file);
        QCOMPARE(source.nextChangeAt(), std::optional<VirtualNanos>(nanosPerSecond));
        int known = 0;
        source.forEachKnownChange([&known](const ObjectChange&) { ++known; });
        QCOMPARE(known, 4);
        for (qsizetype i = 0; i < file.events.size(); ++i) {
            QVERIFY(!source.exhausted());
            QCOMPARE(source.takeChange().at, file.events[i].at);
        }
        QVERIFY(source.exhausted());
        QCOMPARE(source.nextChangeAt(), std::nullopt);
    }

    // The object log holds what the run saw; every ClusterChange names its entry.
    void objectLogHoldsTheRunsChanges()
    {
        const Scenario file = scenario();
        trace::Trace trace;
        Simulator simulator(file, effectiveConfiguration(file), {}, trace);
        simulator.run();
        const ObjectLog& log = trace.objects();
        QCOMPARE(log.initial().nodes.size(), 1);
        QCOMPARE(log.initial().pods.size(), 1);
        QCOMPARE(log.size(), file.events.size());
        qsizetype changes = 0;
        for (qsizetype i = 0; i < trace.size(); ++i) {
            const trace::Event& event = trace.at(i);
            if (event.kind() != trace::EventKind::ClusterChange)
                continue;
            QCOMPARE(event.objectChange(), changes);
            const ObjectChange& change = log.at(event.objectChange());
            QCOMPARE(change.at, event.time());
            QVERIFY(change.action == event.action());
            QCOMPARE(change.at, file.events[changes].at);
            QCOMPARE(metaOf(change.object).name, metaOf(file.events[changes].object).name);
            ++changes;
        }
        QCOMPARE(changes, log.size());
    }

    // The engine does not care where changes come from: the same changes from a source that knows
    // none of them ahead give the same trace, byte for byte.
    void sameChangesSameTrace()
    {
        const Scenario file = scenario();
        const auto configuration = effectiveConfiguration(file);
        trace::Trace fromFile;
        Simulator(file, configuration, {}, fromFile).run();

        PushSource pushed(file.initial);
        for (const ObjectChange& change : file.events)
            pushed.push(change);
        pushed.close();
        trace::Trace fromPushes;
        Simulator(pushed, configuration, optionsOf(file), fromPushes).run();
        QCOMPARE(jsonLines(fromPushes), jsonLines(fromFile));
    }

    // Changes that arrive while the engine runs: it waits for them while the source is open, takes
    // them at its own clock when they come late, and ends only once the source is closed.
    void changesArriveWhileRunning()
    {
        const Scenario file = scenario();
        PushSource source(file.initial);
        trace::Trace trace;
        Simulator simulator(source, effectiveConfiguration(file), optionsOf(file), trace);
        simulator.run(); // "first" is bound; nothing more to do now
        QVERIFY(!simulator.finished());
        QCOMPARE(simulator.nextTime(), std::nullopt);
        const VirtualNanos now = simulator.now();
        QVERIFY(now > 0);

        ObjectChange late = file.events[0]; // "second", stamped at 1 s
        late.at = 0;                       // ... and arriving after its time
        source.push(late);
        QCOMPARE(simulator.nextTime(), std::optional<VirtualNanos>(now));
        QVERIFY(simulator.step());
        QCOMPARE(trace.objects().size(), 1);
        QCOMPARE(trace.objects().at(0).at, now); // applied when the engine took it
        // "second" does not fit. While the source is open the queue's flushes go on (run() would
        // not return), so step a while of virtual time.
        for (auto next = simulator.nextTime(); next && *next < now + 60 * nanosPerSecond; next = simulator.nextTime())
            QVERIFY(simulator.step());
        QVERIFY(!simulator.finished());

        source.push(file.events[1]); // node-b; "second" fits there
        source.push(file.events[2]);
        source.close();
        simulator.run();
        QVERIFY(simulator.finished());
        QCOMPARE(trace.objects().size(), 3);
        QMap<QString, QString> nodes;
        for (const PodSummary& summary : simulator.podSummaries())
            nodes.insert(summary.key, summary.node);
        QCOMPARE(nodes.value(QStringLiteral("default/first")), QStringLiteral("node-a"));
        QCOMPARE(nodes.value(QStringLiteral("default/second")), QStringLiteral("node-b"));
        QVERIFY(!nodes.value(QStringLiteral("default/third")).isEmpty());
    }

    // A catalogue built from a source that knows nothing ahead numbers each pod and node as the
    // index meets it, and the replayed state equals the one the scenario's catalogue gives.
    void catalogueNumbersOnFirstSight()
    {
        const Scenario file = scenario();
        const auto configuration = effectiveConfiguration(file);
        auto fileTrace = std::make_shared<trace::Trace>();
        Simulator(file, configuration, {}, *fileTrace).run();
        trace::TraceIndex fileIndex(trace::ReplayCatalogue(ScenarioSource(file)), fileTrace, file.timing, 4);
        QCOMPARE(fileIndex.catalogue().podCount(), 3);
        QCOMPARE(fileIndex.catalogue().nodeCount(), 2);

        PushSource pushed(file.initial);
        for (const ObjectChange& change : file.events)
            pushed.push(change);
        pushed.close();
        auto pushedTrace = std::make_shared<trace::Trace>();
        const trace::ReplayCatalogue initialOnly(pushed);
        QCOMPARE(initialOnly.podCount(), 1);
        QCOMPARE(initialOnly.nodeCount(), 1);
        QCOMPARE(initialOnly.changeCount(), 0);
        Simulator(pushed, configuration, optionsOf(file), *pushedTrace).run();
        trace::TraceIndex index(initialOnly, pushedTrace, file.timing, 4);

        // Index it a few events at a time, as the GUI does while the engine runs.
        for (qsizetype published = 0; published <= pushedTrace->size(); published += 3)
            index.advance(published);
        index.advance(pushedTrace->size());
        fileIndex.advance(fileTrace->size());
        QCOMPARE(index.catalogue().podCount(), 3);
        QCOMPARE(index.catalogue().nodeCount(), 2);
        QCOMPARE(index.catalogue().changeCount(), 4);
        QCOMPARE(index.catalogue().podKey(1), QStringLiteral("default/second"));
        QCOMPARE(index.catalogue().nodeName(1), QStringLiteral("node-b"));
        QCOMPARE(index.catalogue().nodeLabel(1, QStringLiteral("zone")), QStringLiteral("b"));
        QCOMPARE(placements(index), placements(fileIndex));
        // Every pod's events were indexed, the late ones' included.
        for (qint32 pod = 0; pod < index.catalogue().podCount(); ++pod)
            QVERIFY2(!index.podEvents(pod).empty(), qPrintable(index.catalogue().podKey(pod)));
        // A state rebuilt from a checkpoint taken before node-b was seen has room for it.
        for (qsizetype position = 0; position <= index.indexed(); ++position) {
            const trace::ReplayState state = index.stateAt(position);
            QCOMPARE(qsizetype(state.pods.size()), qsizetype(3));
            QCOMPARE(qsizetype(state.nodeSpec.size()), qsizetype(2));
            qint32 counted = 0;
            for (const qint32 count : state.counts)
                counted += count;
            QCOMPARE(counted, 3);
        }
        const qint32 nodeB = index.catalogue().nodeIndex(QStringLiteral("node-b"));
        QVERIFY(!index.stateAt(index.positionAfter(nanosPerSecond)).nodeExists(nodeB));
        QVERIFY(index.stateAt(index.positionAfter(2 * nanosPerSecond)).nodeExists(nodeB));
        QCOMPARE(index.nodeSpec(nodeB, -1)->meta.name, QStringLiteral("node-b"));
    }

    // A trace may name a node before the index has seen it (a pod bound to a node that the watch
    // lists later): the name resolves once the node is seen.
    void nameResolvesWhenItsObjectIsSeen()
    {
        const Scenario file = scenario();
        auto trace = std::make_shared<trace::Trace>();
        trace->objects().setInitial(file.initial);
        const qint32 first = trace->intern(QStringLiteral("default/first"));
        const qint32 nodeB = trace->intern(QStringLiteral("node-b"));
        const qint32 cause = trace->intern(QStringLiteral("AssignedPodAdd"));
        trace->append(trace::Event::queueMove(0, first, trace::PodLocation::None, trace::PodLocation::Bound, cause, nodeB, 0, 0));
        const qsizetype change = trace->objects().append(file.events[1]);
        trace->append(trace::Event::clusterChange(2 * nanosPerSecond, EventAction::Create, trace->intern(QStringLiteral("Node node-b")),
                                                  change, -1, nodeB));
        trace->append(trace::Event::queueMove(3 * nanosPerSecond, first, trace::PodLocation::Bound, trace::PodLocation::Bound, cause,
                                              nodeB, 0, 0));

        PushSource none(file.initial);
        trace::TraceIndex index(trace::ReplayCatalogue(none), trace, file.timing);
        index.advance(1);
        QCOMPARE(index.nodeOf(nodeB), -1);
        index.advance(trace->size());
        const qint32 node = index.catalogue().nodeIndex(QStringLiteral("node-b"));
        QCOMPARE(node, 1);
        QCOMPARE(index.nodeOf(nodeB), node);
        const qint32 pod = index.catalogue().podIndex(QStringLiteral("default/first"));
        QCOMPARE(index.head().pods[size_t(pod)].node, node);
        QCOMPARE(index.head().requested(node, trace::MeasureCpu), 3000);
    }
};

QTEST_GUILESS_MAIN(TestClusterSource)
#include "tst_clustersource.moc"
