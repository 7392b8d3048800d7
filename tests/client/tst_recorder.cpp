// ClusterSession and Recorder against the fake API server serving every resource the client reads:
// the state at the first list, changes as timed events at the recorder's clock, the cluster
// scheduler's bindings kept apart, a relist that neither loses nor repeats a change, and a
// recording that loads and replays with the replay's scheduler placing the recorded pods.
#include "fakecluster.h"
#include "fakesession.h"
#include "fastoptions.h"
#include "recorder.h"

#include "scenario/effectiveconfig.h"
#include "scenario/encode.h"
#include "scenario/loader.h"
#include "simulation/simulator.h"

#include <QJsonArray>
#include <QSignalSpy>
#include <QTest>

using namespace ksv;
using namespace ksv::client;
using ksv::test::FakeApiServer;
using ksv::test::FakeCluster;
using ksv::test::uidOf;

namespace {

constexpr qint64 second = 1'000'000'000;

QJsonObject node(const QString& name)
{
    return QJsonObject {{"apiVersion", "v1"},
                        {"kind", "Node"},
                        {"metadata", QJsonObject {{"name", name}, {"uid", uidOf(name)}, {"labels", QJsonObject {{"kubernetes.io/hostname", name}}}}},
                        {"status", QJsonObject {{"capacity", QJsonObject {{"cpu", "2"}, {"memory", "4Gi"}, {"pods", "110"}}}}}};
}

QJsonObject pod(const QString& name, const QString& nodeName = {}, const QString& cpu = "500m")
{
    QJsonObject spec {{"containers", QJsonArray {QJsonObject {{"name", "c"}, {"image", "nginx"},
                                                              {"resources", QJsonObject {{"requests", QJsonObject {{"cpu", cpu}}}}}}}}};
    if (!nodeName.isEmpty())
        spec.insert("nodeName", nodeName);
    QJsonObject metadata {{"name", name}, {"namespace", "default"}, {"uid", uidOf(name)},
                          {"creationTimestamp", QDateTime::currentDateTimeUtc().toString(Qt::ISODate)},
                          {"annotations", QJsonObject {{"kubectl.kubernetes.io/last-applied-configuration", "{\"secret\":\"no\"}"}}}};
    return QJsonObject {{"apiVersion", "v1"}, {"kind", "Pod"}, {"metadata", metadata}, {"spec", spec},
                        {"status", QJsonObject {{"phase", nodeName.isEmpty() ? "Pending" : "Running"}}}};
}

// The pod as the cluster's scheduler and kubelet leave it: bound, running, conditions written.
QJsonObject boundAndRunning(QJsonObject object, const QString& nodeName)
{
    QJsonObject spec = object["spec"].toObject();
    spec["nodeName"] = nodeName;
    object["spec"] = spec;
    object["status"] = QJsonObject {{"phase", "Running"},
                                    {"startTime", "2026-11-26T05:00:00Z"},
                                    {"conditions", QJsonArray {QJsonObject {{"type", "PodScheduled"}, {"status", "True"}}}}};
    return object;
}


QStringList describe(const QList<ObjectChange>& events)
{
    QStringList lines;
    for (const ObjectChange& change : events)
        lines.append(QString::number(change.at / second) + QStringLiteral("s ") + toString(change.action) + QLatin1Char(' ')
                     + kindOf(change.object) + QLatin1Char(' ') + metaOf(change.object).name);
    return lines;
}

} // namespace

class TestRecorder : public QObject
{
    Q_OBJECT

    std::unique_ptr<FakeApiServer> m_server;
    QHash<QString, FakeCluster*> m_clusters;
    qint64 m_now = 0;
    QJsonObject m_waiting;

    ResolvedConfig config() const { return ksv::test::readerConfig(*m_server); }

private Q_SLOTS:
    void init()
    {
        m_server = std::make_unique<FakeApiServer>();
        QVERIFY(m_server->listen());
        m_clusters = ksv::test::serveEveryResource(*m_server);
        m_clusters["Node"]->add(node("n1"));
        m_clusters["Node"]->add(node("n2"));
        m_clusters["Pod"]->add(pod("running", "n1"));
        m_waiting = pod("waiting", {}, "4");
        m_clusters["Pod"]->add(m_waiting);
        m_now = 0;
    }

    void cleanup()
    {
        for (const auto& request : m_server->requests())
            QCOMPARE(request.method, QByteArray("GET"));
        m_server.reset();
    }

    void sessionSnapshotIsTheFirstList()
    {
        ClusterSession session(config(), ksv::test::fastOptions(11));
        QSignalSpy synced(&session, &ClusterSession::synced);
        session.start();
        QVERIFY(synced.wait(15'000));
        QVERIFY(session.hasSynced());
        const ClusterState state = session.state();
        QCOMPARE(state.nodes.size(), 2);
        QCOMPARE(state.nodes[0].meta.name, QStringLiteral("n1")); // sorted: the same cluster, the same file
        QCOMPARE(state.pods.size(), 2);
        QCOMPARE(state.pods[0].meta.name, QStringLiteral("running"));
        QVERIFY(session.reflector(QStringLiteral("Event")));
        // What a scenario keeps: no annotation the scheduler does not read.
        const ClusterState kept = scenarioState(state);
        QVERIFY(kept.pods[0].meta.annotations.isEmpty());
        QVERIFY(!state.pods[0].meta.annotations.isEmpty());
    }

    void recordsChangesAtTheirOffsetsAndBindingsApart()
    {
        ClusterSession session(config(), ksv::test::fastOptions(11));
        Recorder recorder(session, [this] { return m_now; });
        QSignalSpy started(&recorder, &Recorder::started);
        QSignalSpy recorded(&recorder, &Recorder::recorded);
        m_now = 50 * second; // the clock's origin is the first complete list, not zero
        session.start();
        QVERIFY(started.wait(15'000));
        QTRY_VERIFY(std::all_of(session.reflectors().cbegin(), session.reflectors().cend(),
                                [](const auto& r) { return r->state() == Reflector::State::Watching; }));

        m_now = 52 * second;
        const QJsonObject created = pod("new");
        m_clusters["Pod"]->add(created);
        QTRY_COMPARE(recorded.size(), 1);

        // The cluster's scheduler binds it and the kubelet runs it: a binding noted, no event.
        m_now = 53 * second;
        m_clusters["Pod"]->modify(boundAndRunning(created, "n2"));
        QTRY_COMPARE(recorder.scenario({}, {}).recording->bindings.size(), 1);
        // The waiting pod's nomination and condition are the scheduler's too: nothing to record.
        QJsonObject nominated = m_waiting;
        nominated["status"] = QJsonObject {{"phase", "Pending"}, {"nominatedNodeName", "n1"},
                                           {"conditions", QJsonArray {QJsonObject {{"type", "PodScheduled"}, {"status", "False"}, {"reason", "Unschedulable"}}}}};
        m_clusters["Pod"]->modify(nominated);
        QTRY_VERIFY(std::get<Pod>(*session.reflector("Pod")->store().find("default/waiting")).nominatedNodeName == QLatin1String("n1"));
        m_now = 55 * second;
        m_clusters["Node"]->add(node("n3"));
        QTRY_COMPARE(recorded.size(), 2);
        m_now = 56 * second;
        m_clusters["Pod"]->remove("running");
        QTRY_COMPARE(describe(recorder.scenario({}, {}).events),
                     (QStringList {QStringLiteral("2s create Pod new"), QStringLiteral("5s create Node n3"), QStringLiteral("6s delete Pod running")}));

        // A relist (the watch gets 410 after a compaction) while a pod goes: one delete, not two.
        m_now = 57 * second;
        m_clusters["Pod"]->compact();
        m_clusters["Pod"]->inject(FakeCluster::Fault::WatchHttp410);
        QSignalSpy relisted(&session, &ClusterSession::relisted);
        m_clusters["Pod"]->endWatches();
        m_clusters["Pod"]->remove("new");
        QTRY_COMPARE(recorded.size(), 4);
        QTRY_VERIFY(session.reflector("Pod")->state() == Reflector::State::Watching);
        QTest::qWait(200);
        QCOMPARE(recorded.size(), 4);

        m_now = 60 * second + 123'456'789;
        const Scenario scenario = recorder.scenario(QStringLiteral("rec"), QStringLiteral("fake"));
        QCOMPARE(describe(scenario.events), (QStringList {QStringLiteral("2s create Pod new"), QStringLiteral("5s create Node n3"),
                                                          QStringLiteral("6s delete Pod running"), QStringLiteral("7s delete Pod new")}));
        const Pod& arrived = std::get<Pod>(scenario.events[0].object);
        QVERIFY(arrived.nodeName.isEmpty());
        QVERIFY(arrived.meta.annotations.isEmpty());
        QVERIFY(scenario.recording);
        QCOMPARE(scenario.recording->bindings, (QList<ObservedBinding> {{3 * second, QStringLiteral("default/new"), QStringLiteral("n2")}}));
        QCOMPARE(scenario.recording->duration, 10 * second + 123'456'000); // microseconds
        QCOMPARE(scenario.recording->context, QStringLiteral("fake"));
        QCOMPARE(scenario.recording->server, m_server->url().toString());
        QCOMPARE(scenario.initial.pods.size(), 2);
        QVERIFY(recorder.skipped().isEmpty());

        // Written and read back, it replays: the replay's scheduler places the recorded pod itself.
        const Scenario loaded = loadScenarioText(writeScenario(scenario, ScenarioFormat::Yaml), QStringLiteral("rec.yaml"));
        QCOMPARE(loaded.events.size(), 4);
        QCOMPARE(loaded.recording->bindings, scenario.recording->bindings);
        trace::Trace trace;
        Simulator simulator(loaded, effectiveConfiguration(loaded), SimulationOptions {}, trace);
        bool newWasBound = false;
        while (simulator.step()) {
            for (const PodSummary& summary : simulator.podSummaries())
                newWasBound = newWasBound || (summary.key == QLatin1String("default/new") && summary.location == trace::PodLocation::Bound);
        }
        QVERIFY(newWasBound);
    }

    // A pod seen first already bound, made after the recording began by a controller: the replay
    // places it, and its binding is noted. A static pod's mirror (owned by its Node) stays bound.
    void podsFirstSeenBound()
    {
        ClusterSession session(config(), ksv::test::fastOptions(11));
        Recorder recorder(session, [this] { return m_now; });
        QSignalSpy started(&recorder, &Recorder::started);
        QSignalSpy recorded(&recorder, &Recorder::recorded);
        session.start();
        QVERIFY(started.wait(15'000));
        QTRY_VERIFY(session.reflector("Pod")->state() == Reflector::State::Watching);
        m_now = 1 * second;
        m_clusters["Pod"]->add(boundAndRunning(pod("controller-made"), "n1"));
        QJsonObject mirror = boundAndRunning(pod("kube-proxy-n2"), "n2");
        QJsonObject meta = mirror["metadata"].toObject();
        meta["ownerReferences"] = QJsonArray {QJsonObject {{"apiVersion", "v1"}, {"kind", "Node"}, {"name", "n2"}, {"uid", "uid-n2"}}};
        mirror["metadata"] = meta;
        m_clusters["Pod"]->add(mirror);
        m_clusters["Pod"]->add(boundAndRunning(pod("on-a-ghost"), "gone"));
        QTRY_COMPARE(recorded.size(), 2);
        QTest::qWait(100);
        const Scenario scenario = recorder.scenario(QStringLiteral("rec"), QStringLiteral("fake"));
        QCOMPARE(std::get<Pod>(scenario.events[0].object).nodeName, QString());
        QCOMPARE(std::get<Pod>(scenario.events[1].object).nodeName, QStringLiteral("n2"));
        QCOMPARE(scenario.recording->bindings.size(), 1);
        QCOMPARE(scenario.recording->bindings[0].pod, QStringLiteral("default/controller-made"));
        QCOMPARE(recorder.skipped().size(), 1);
        QVERIFY(recorder.skipped()[0].contains(QLatin1String("default/on-a-ghost")));
    }
};

QTEST_GUILESS_MAIN(TestRecorder)
#include "tst_recorder.moc"
