// The trace's JSON Lines form, both ways: every event kind survives a write and a read with each
// typed field intact, every sample's trace reads back to the same bytes, and a broken line gets one
// message naming the file, the line and the field.

#include "config/config.h"
#include "decoding/loaderror.h"
#include "framework/interface.h"
#include "framework/status.h"
#include "scenario/effectiveconfig.h"
#include "scenario/loader.h"
#include "simulation/simulator.h"
#include "extender/transport.h"
#include "trace/jsonl.h"

#include <QBuffer>
#include <QTest>

using namespace ksv;
using trace::Event;
using trace::EventKind;
using trace::PodLocation;
using framework::Code;
using framework::ExtensionPoint;

Q_DECLARE_METATYPE(QList<ksv::version::GateSetting>)

namespace {

QByteArray write(const trace::Trace& trace)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    trace::writeJsonLines(trace, buffer);
    return buffer.data();
}

void read(const QByteArray& lines, trace::Trace& trace)
{
    QBuffer buffer;
    buffer.setData(lines);
    buffer.open(QIODevice::ReadOnly);
    trace::readJsonLines(buffer, QStringLiteral("trace.jsonl"), trace);
}

// Two events say the same through every accessor their kind has, strings compared as strings (two
// traces number their strings differently).
void compareEvents(const trace::Trace& a, const Event& x, const trace::Trace& b, const Event& y)
{
    const auto same = [&](qint32 s, qint32 t) {
        QCOMPARE(s < 0, t < 0);
        QCOMPARE(a.string(s), b.string(t));
    };
    QCOMPARE(int(y.kind()), int(x.kind()));
    QCOMPARE(y.time(), x.time());
    QCOMPARE(y.cycle(), x.cycle());
    same(x.pod(), y.pod());
    same(x.node(), y.node());
    switch (x.kind()) {
    case EventKind::ClusterChange:
        QCOMPARE(int(y.action()), int(x.action()));
        same(x.object(), y.object());
        QCOMPARE(y.objectChange(), x.objectChange());
        break;
    case EventKind::QueueMove:
        QCOMPARE(int(y.from()), int(x.from()));
        QCOMPARE(int(y.to()), int(x.to()));
        same(x.cause(), y.cause());
        QCOMPARE(y.queueTime(), x.queueTime());
        QCOMPARE(y.priority(), x.priority());
        break;
    case EventKind::CycleStart:
        same(x.profile(), y.profile());
        QCOMPARE(y.attempt(), x.attempt());
        break;
    case EventKind::PluginResult:
        QCOMPARE(int(y.point()), int(x.point()));
        same(x.plugin(), y.plugin());
        QCOMPARE(int(y.code()), int(x.code()));
        same(x.reasons(), y.reasons());
        break;
    case EventKind::FilterNodes: {
        QCOMPARE(int(y.point()), int(ExtensionPoint::Filter));
        QCOMPARE(y.blockNodes(), x.blockNodes());
        const trace::FilterNodes p = a.filterNodes(x);
        const trace::FilterNodes q = b.filterNodes(y);
        QCOMPARE(q.size(), p.size());
        QCOMPARE(q.rejectionCount(), p.rejectionCount());
        for (qsizetype i = 0; i < p.size(); ++i) {
            same(p.node(i), q.node(i));
            const trace::FilterRejection v = p.verdict(i);
            const trace::FilterRejection w = q.verdict(i);
            QCOMPARE(w.code, v.code);
            same(v.plugin, w.plugin);
            same(v.text, w.text);
        }
        break;
    }
    case EventKind::ScoreNodes: {
        QCOMPARE(int(y.point()), int(ExtensionPoint::Score));
        QCOMPARE(y.blockNodes(), x.blockNodes());
        const trace::ScoreNodes p = a.scoreNodes(x);
        const trace::ScoreNodes q = b.scoreNodes(y);
        QCOMPARE(q.size(), p.size());
        QCOMPARE(q.pluginCount(), p.pluginCount());
        for (int plugin = 0; plugin < p.pluginCount(); ++plugin) {
            same(p.plugin(plugin), q.plugin(plugin));
            QCOMPARE(q.weight(plugin), p.weight(plugin));
        }
        for (qsizetype n = 0; n < p.size(); ++n) {
            same(p.node(n), q.node(n));
            for (int plugin = 0; plugin < p.pluginCount(); ++plugin) {
                QCOMPARE(q.raw(n, plugin), p.raw(n, plugin));
                QCOMPARE(q.normalized(n, plugin), p.normalized(n, plugin));
            }
        }
        break;
    }
    case EventKind::CycleEnd:
        QCOMPARE(int(y.code()), int(x.code()));
        same(x.message(), y.message());
        QCOMPARE(y.evaluated(), x.evaluated());
        QCOMPARE(y.feasible(), x.feasible());
        break;
    case EventKind::Preemption: QCOMPARE(y.victims(), x.victims()); break;
    case EventKind::Victim: same(x.preemptor(), y.preemptor()); break;
    case EventKind::Nominated:
    case EventKind::BindingStart: break;
    case EventKind::BindingEnd:
        QCOMPARE(int(y.code()), int(x.code()));
        same(x.message(), y.message());
        break;
    case EventKind::ExtenderCall:
        same(x.extender(), y.extender());
        QCOMPARE(int(y.verb()), int(x.verb()));
        QCOMPARE(int(y.code()), int(x.code()));
        same(x.message(), y.message());
        QCOMPARE(y.httpStatus(), x.httpStatus());
        QCOMPARE(y.duration(), x.duration());
        same(x.exchange(), y.exchange());
        break;
    }
}

// One event of every kind, with values away from their defaults, and the edge cases the file
// format has: a cleared nomination, PreEnqueue outside any cycle, a score beyond 32 bits.
void appendEveryKind(trace::Trace& trace)
{
    const auto s = [&trace](const char* text) { return trace.intern(QString::fromUtf8(text)); };
    const qint32 pod = s("default/web-0");
    const qint32 node = s("node-b");
    trace.append(Event::clusterChange(0, EventAction::Update, s("Node node-b"), 3, -1, node));
    trace.append(Event::clusterChange(0, EventAction::Create, s("Pod default/web-0"), 4, pod, -1));
    trace.append(Event::pluginResult(0, pod, -1, ExtensionPoint::PreEnqueue, s("SchedulingGates"), Code::UnschedulableAndUnresolvable,
                                     s("waiting for scheduling gates: [example.com/gate]")));
    trace.append(Event::queueMove(10, pod, PodLocation::None, PodLocation::Active, s("PodAdd"), -1, 10, 1000));
    trace.append(Event::queueMove(11, pod, PodLocation::Active, PodLocation::Scheduling, s("Pop"), -1, 0, 0));
    trace.append(Event::cycleStart(11, pod, 7, s("default-scheduler"), 2));
    trace.append(Event::pluginResult(11, pod, 7, ExtensionPoint::PreFilter, s("NodeAffinity"), Code::Skip, -1));
    const std::vector<qint32> nodes = {s("node-a"), node, s("node-c")};
    trace::FilterRejection rejection;
    rejection.index = 1;
    rejection.code = quint8(Code::Unschedulable);
    rejection.plugin = s("NodeResourcesFit");
    rejection.text = s("Insufficient cpu");
    const std::vector<trace::FilterRejection> rejections = {rejection};
    trace.append(Event::filterNodes(11, pod, 7, trace.storeFilterNodes(nodes, rejections), 3));
    const std::vector<qint32> plugins = {s("NodeResourcesFit"), s("TaintToleration")};
    const std::vector<qint32> weights = {1, 3};
    const std::vector<qint32> scored = {nodes[0], nodes[2]};
    const std::vector<qint64> raw = {37, 0, qint64(1) << 40, -2};
    const std::vector<qint64> normalized = {63, 100, 0, 100};
    trace.append(Event::scoreNodes(11, pod, 7, trace.storeScoreNodes(plugins, weights, scored, raw, normalized), 2));
    trace.append(Event::cycleEnd(511, pod, 7, Code::Success, nodes[2], -1, 3, 2));
    trace.append(Event::bindingStart(511, pod, 7, nodes[2]));
    trace.append(Event::bindingEnd(530, pod, 7, nodes[2], Code::Success, s("Successfully assigned default/web-0 to node-c")));
    trace.append(Event::queueMove(530, pod, PodLocation::Binding, PodLocation::Bound, s("Scheduled"), nodes[2], 0, 0));
    const qint32 big = s("default/big");
    trace.append(Event::queueMove(600, big, PodLocation::Scheduling, PodLocation::Backoff, s("ScheduleAttemptFailure"), -1, 1'600, -5));
    trace.append(Event::cycleEnd(600, big, 8, Code::Unschedulable, -1, s("0/3 nodes are available: 3 Insufficient memory."), 3, 0));
    trace.append(Event::preemption(600, big, node, 2));
    trace.append(Event::victim(600, s("default/low"), node, big));
    trace.append(Event::nominated(600, big, node));
    trace.append(Event::nominated(700, big, -1));
    trace.append(Event::bindingEnd(800, big, 9, node, Code::Error, s("running PreBind plugin \"VolumeBinding\": failed")));
    // Extender calls: a filter that answered, a bind that got no answer at all (no HTTP status).
    const qint32 extenderName = s("http://demo-extender.kschedviz/scheduler");
    trace.append(Event::extenderCall(900, big, 10, extenderName, extender::Verb::Filter, -1, Code::Success, -1, 200, 2'000'000,
                                     s(R"({"request":"{}","response":"{\"NodeNames\":[]}","status":200,"url":"http://x/filter"})")));
    trace.append(Event::extenderCall(950, pod, 7, extenderName, extender::Verb::Bind, node, Code::Error,
                                     s("Post \"http://x/bind\": context canceled"), 0, 2'000'000, s(R"({"url":"http://x/bind"})")));
}

} // namespace

class TestJsonLines : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyKindRoundTrips()
    {
        trace::Trace original;
        appendEveryKind(original);
        QSet<EventKind> kinds;
        for (qsizetype i = 0; i < original.size(); ++i)
            kinds.insert(original.at(i).kind());
        QCOMPARE(kinds.size(), trace::eventKindCount);

        const QByteArray lines = write(original);
        trace::Trace copy;
        read(lines, copy);
        QCOMPARE(copy.size(), original.size());
        for (qsizetype i = 0; i < original.size(); ++i) {
            compareEvents(original, original.at(i), copy, copy.at(i));
            if (QTest::currentTestFailed())
                QFAIL(qPrintable(QStringLiteral("event %1 (%2)").arg(i).arg(toString(original.at(i).kind()))));
        }
        QCOMPARE(write(copy), lines);

        // Read twice, the same file numbers its strings the same way: the events are equal as values.
        trace::Trace again;
        read(lines, again);
        for (qsizetype i = 0; i < copy.size(); ++i)
            QVERIFY(copy.at(i) == again.at(i));
        QVERIFY(!(copy.at(0) == copy.at(1)));
    }

    void namedConstructorsFillTheirKind()
    {
        const Event move = Event::queueMove(5, 1, PodLocation::Unschedulable, PodLocation::Backoff, 2, -1, 99, -7);
        QCOMPARE(int(move.kind()), int(EventKind::QueueMove));
        QCOMPARE(int(move.from()), int(PodLocation::Unschedulable));
        QCOMPARE(int(move.to()), int(PodLocation::Backoff));
        QCOMPARE(move.cause(), 2);
        QCOMPARE(move.text(), 2);
        QCOMPARE(move.queueTime(), 99);
        QCOMPARE(move.priority(), -7);
        QCOMPARE(move.cycle(), -1);
        // Priority is a queue's ordering key: a move out of the queues keeps none.
        QCOMPARE(Event::queueMove(5, 1, PodLocation::Active, PodLocation::Scheduling, 2, -1, 0, 1000).priority(), 0);
        const Event end = Event::cycleEnd(8, 1, 4, Code::UnschedulableAndUnresolvable, -1, 3, 500, 0);
        QCOMPARE(int(end.code()), int(Code::UnschedulableAndUnresolvable));
        QCOMPARE(end.message(), 3);
        QCOMPARE(end.evaluated(), 500);
        QCOMPARE(end.feasible(), 0);
        QCOMPARE(end.node(), -1);
        QCOMPARE(int(Event::filterNodes(1, 1, 1, 77, 3).point()), int(ExtensionPoint::Filter));
        QCOMPARE(Event::scoreNodes(1, 1, 1, 77, 3).block(), 77);
        QVERIFY(Event::scoreNodes(1, 1, 1, 77, 3).isNodeDetail());
        QVERIFY(!end.isNodeDetail());
    }

    void samplesRoundTrip_data()
    {
        QTest::addColumn<QString>("sample");
        for (const char* sample : {"default", "affinity-spread", "backlog-node-added", "database-anti-affinity", "gang-scheduling",
                                   "gpu-pool", "priority-preemption", "zone-spread"})
            QTest::newRow(sample) << QString::fromLatin1(sample);
    }

    void samplesRoundTrip()
    {
        QFETCH(QString, sample);
        const Scenario scenario = loadScenarioFile(QStringLiteral(KSV_SAMPLES_DIR "/") + sample + QStringLiteral(".yaml"));
        const config::KubeSchedulerConfiguration configuration = effectiveConfiguration(scenario);
        trace::Trace original;
        Simulator simulator(scenario, configuration, {}, original);
        simulator.run();
        QVERIFY(original.size() > 100);

        const QByteArray lines = write(original);
        trace::Trace copy;
        read(lines, copy);
        QCOMPARE(copy.size(), original.size());
        QCOMPARE(write(copy), lines);
        for (qsizetype i = 0; i < original.size(); ++i) {
            compareEvents(original, original.at(i), copy, copy.at(i));
            if (QTest::currentTestFailed())
                QFAIL(qPrintable(QStringLiteral("event %1").arg(i)));
        }
    }

    // A run of another version than v1.32 (or with gates set) opens with a Run line naming them; the
    // reader takes it back, so a replay runs the same version. v1.32 as it comes has no such line.
    void runHeaderRoundTrips_data()
    {
        QTest::addColumn<QString>("version");
        QTest::addColumn<QList<version::GateSetting>>("gates");
        QTest::addColumn<QByteArray>("header");
        QTest::newRow("v1.32") << "1.32" << QList<version::GateSetting> {} << QByteArray();
        QTest::newRow("v1.36") << "1.36" << QList<version::GateSetting> {}
                               << QByteArray(R"({"kind":"Run","kubernetesVersion":"v1.36","t":0})" "\n");
        QTest::newRow("v1.32 with a gate") << "1.32" << QList<version::GateSetting> {{"DynamicResourceAllocation", true, {}, {}}}
                                           << QByteArray(R"({"featureGates":{"DynamicResourceAllocation":true},"kind":"Run","kubernetesVersion":"v1.32","t":0})" "\n");
    }
    void runHeaderRoundTrips()
    {
        QFETCH(QString, version);
        QFETCH(QList<version::GateSetting>, gates);
        QFETCH(QByteArray, header);
        const Scenario scenario = loadScenarioFile(QStringLiteral(KSV_SAMPLES_DIR "/default.yaml"));
        const config::KubeSchedulerConfiguration configuration
            = effectiveConfiguration(scenario, {}, VersionChoice {version::parseKubeVersion(version, nullptr), gates});
        trace::Trace original;
        Simulator simulator(scenario, configuration, {}, original);
        simulator.run();
        const QByteArray lines = write(original);
        QVERIFY(lines.startsWith(header));
        QVERIFY(!lines.mid(header.size()).contains(R"("kind":"Run")"));
        trace::Trace copy;
        read(lines, copy);
        QCOMPARE(copy.features(), configuration.features);
        QCOMPARE(write(copy), lines);
    }

    void brokenLines_data()
    {
        QTest::addColumn<QByteArray>("lines");
        QTest::addColumn<QString>("message");
        const QByteArray good = R"({"kind":"Nominated","node":"n1","pod":"default/a","t":5})"
                                "\n";
        QTest::newRow("not JSON") << good + "{\"t\":1,\n" << QStringLiteral("trace.jsonl:2:9: not JSON: unterminated object");
        QTest::newRow("not an object") << good + "[1,2]\n" << QStringLiteral("trace.jsonl:2:1: expected one JSON object per line");
        QTest::newRow("no time") << QByteArray(R"({"kind":"Nominated"})") << QStringLiteral("trace.jsonl:1:1: t: required field is missing");
        QTest::newRow("fractional time") << QByteArray(R"({"kind":"Nominated","t":1.5})")
                                         << QStringLiteral("trace.jsonl:1:1: t: expected an integer from 0 to 9007199254740992");
        QTest::newRow("negative time") << QByteArray(R"({"kind":"Nominated","t":-1})")
                                       << QStringLiteral("trace.jsonl:1:1: t: expected an integer from 0 to 9007199254740992");
        QTest::newRow("unknown kind") << QByteArray(R"({"kind":"Teleport","t":1})") << QStringLiteral("trace.jsonl:1:1: kind: unknown value \"Teleport\"");
        QTest::newRow("Run line not first") << good + R"({"kind":"Run","kubernetesVersion":"v1.36","t":0})"
                                            << QStringLiteral("trace.jsonl:2:1: kind: unknown value \"Run\"");
        QTest::newRow("Run line, version not modelled") << QByteArray(R"({"kind":"Run","kubernetesVersion":"v1.40","t":0})")
                                                        << QStringLiteral("trace.jsonl:1:1: kubernetesVersion: Kubernetes v1.40 is not modelled: kschedviz "
                                                                          "models v1.32, v1.33, v1.34, v1.35, v1.36, v1.37");
        QTest::newRow("Run line, unknown gate") << QByteArray(R"({"featureGates":{"Teleport":true},"kind":"Run","kubernetesVersion":"v1.36","t":0})")
                                                << QStringLiteral("trace.jsonl:1:1: featureGates.Teleport: unrecognized feature gate: Teleport (kschedviz "
                                                                  "knows the gates that change what kube-scheduler decides: docs/versions.md)");
        QTest::newRow("Run line, gate not a bool") << QByteArray(R"({"featureGates":{"DynamicResourceAllocation":1},"kind":"Run","kubernetesVersion":"v1.36","t":0})")
                                                   << QStringLiteral("trace.jsonl:1:1: featureGates.DynamicResourceAllocation: expected true or false");
        QTest::newRow("Run line, unknown field") << QByteArray(R"({"kind":"Run","kubernetesVersion":"v1.36","seed":3,"t":0})")
                                                 << QStringLiteral("trace.jsonl:1:1: seed: unknown field; a Run line has featureGates, kind, kubernetesVersion and t");
        QTest::newRow("block kind") << QByteArray(R"({"kind":"FilterNodes","t":1})")
                                    << QStringLiteral("trace.jsonl:1:1: kind: the file has a FilterNode or ScoreNode line per node, not FilterNodes");
        QTest::newRow("kind not a string") << QByteArray(R"({"kind":3,"t":1})") << QStringLiteral("trace.jsonl:1:1: kind: expected a string");
        QTest::newRow("unknown code") << good + R"({"code":"Maybe","kind":"CycleEnd","evaluated":1,"feasible":0,"t":9})"
                                      << QStringLiteral("trace.jsonl:2:1: code: unknown value \"Maybe\"");
        QTest::newRow("unknown location") << QByteArray(R"({"cause":"Pop","from":"Active","kind":"QueueMove","pod":"a/b","t":1,"to":"Mars"})")
                                          << QStringLiteral("trace.jsonl:1:1: to: unknown value \"Mars\"");
        QTest::newRow("active without queuedAt")
            << QByteArray(R"({"cause":"PodAdd","from":"None","kind":"QueueMove","pod":"a/b","priority":0,"t":1,"to":"Active"})")
            << QStringLiteral("trace.jsonl:1:1: queuedAt: required field is missing");
        QTest::newRow("FilterNode without node") << QByteArray(R"({"code":"Success","cycle":1,"kind":"FilterNode","point":"Filter","t":1})")
                                                 << QStringLiteral("trace.jsonl:1:1: node: required field is missing");
        const QByteArray score = R"({"cycle":1,"kind":"ScoreNode","node":"n1","normalized":1,"plugin":"A","raw":1,"t":1,"weight":1})"
                                 "\n"
                                 R"({"cycle":1,"kind":"ScoreNode","node":"n1","normalized":1,"plugin":"B","raw":1,"t":1,"weight":1})"
                                 "\n";
        QTest::newRow("score plugins out of order")
            << score + R"({"cycle":1,"kind":"ScoreNode","node":"n2","normalized":1,"plugin":"B","raw":1,"t":1,"weight":1})"
            << QStringLiteral("trace.jsonl:3:1: plugin: expected the cycle's Score plugins, with their weights, in the order its first node lists them");
        QTest::newRow("score weight changes")
            << score + R"({"cycle":1,"kind":"ScoreNode","node":"n2","normalized":1,"plugin":"A","raw":1,"t":1,"weight":2})"
            << QStringLiteral("trace.jsonl:3:1: plugin: expected the cycle's Score plugins, with their weights, in the order its first node lists them");
        QTest::newRow("score row short at the end")
            << score + R"({"cycle":1,"kind":"ScoreNode","node":"n2","normalized":1,"plugin":"A","raw":1,"t":1,"weight":1})"
            << QStringLiteral("trace.jsonl:3:1: plugin: node n2 lists 1 of the cycle's 2 Score plugins");
        QTest::newRow("score row short before the next")
            << score + R"({"cycle":1,"kind":"ScoreNode","node":"n2","normalized":1,"plugin":"A","raw":1,"t":1,"weight":1})"
                       "\n"
                       R"({"cycle":1,"kind":"ScoreNode","node":"n3","normalized":1,"plugin":"A","raw":1,"t":1,"weight":1})"
            << QStringLiteral("trace.jsonl:4:1: node: node n2 lists 1 of the cycle's 2 Score plugins");
    }

    void brokenLines()
    {
        QFETCH(QByteArray, lines);
        QFETCH(QString, message);
        trace::Trace trace;
        try {
            read(lines, trace);
            QFAIL("read without an error");
        } catch (const LoadError& error) {
            QCOMPARE(error.toString(), message);
        }
    }

    void blankLinesAreSkipped()
    {
        trace::Trace trace;
        read(QByteArray("\n" R"({"kind":"Nominated","node":null,"pod":"default/a","t":5})" "\n\n"), trace);
        QCOMPARE(trace.size(), 1);
        QCOMPARE(int(trace.at(0).kind()), int(EventKind::Nominated));
        QCOMPARE(trace.at(0).node(), -1);
        QCOMPARE(trace.string(trace.at(0).pod()), QStringLiteral("default/a"));
    }
};

QTEST_GUILESS_MAIN(TestJsonLines)
#include "tst_jsonl.moc"
