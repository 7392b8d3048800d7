// The words the event log and the inspector give each event kind, read through the typed event
// accessors: widget-free, so this runs on QCoreApplication alone.

#include "eventtext.h"
#include "format.h"
#include "framework/interface.h"
#include "framework/status.h"

#include <QTest>

using namespace ksv;
using trace::Event;
using trace::PodLocation;
using framework::Code;
using framework::ExtensionPoint;

class TestEventText : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void detailOfEveryKind()
    {
        trace::Trace trace;
        const auto s = [&trace](const char* text) { return trace.intern(QString::fromUtf8(text)); };
        const qint32 pod = s("default/web-0");
        const std::vector<qint32> nodes = {s("node-a"), s("node-b"), s("node-c")};
        trace::FilterRejection rejection;
        rejection.index = 1;
        rejection.code = quint8(Code::Unschedulable);
        rejection.plugin = s("NodeResourcesFit");
        rejection.text = s("Insufficient cpu");
        const std::vector<trace::FilterRejection> rejections = {rejection};
        const qint64 filter = trace.storeFilterNodes(nodes, rejections);
        const std::vector<qint32> plugins = {s("NodeResourcesFit"), s("TaintToleration")};
        const std::vector<qint32> weights = {1, 3};
        const std::vector<qint32> scored = {nodes[0], nodes[2]};
        const qint64 score = trace.storeScoreNodes(plugins, weights, scored, std::vector<qint64> {37, 0, 80, 0},
                                                   std::vector<qint64> {63, 100, 0, 100});

        const QList<std::pair<Event, QString>> rows = {
            {Event::clusterChange(0, EventAction::Update, s("Node node-b"), 3, -1, nodes[1]), QStringLiteral("update Node node-b")},
            {Event::queueMove(1, pod, PodLocation::None, PodLocation::Active, s("PodAdd"), -1, 1, 0), QStringLiteral("new → Active · PodAdd")},
            {Event::queueMove(2, pod, PodLocation::Scheduling, PodLocation::Backoff, s("ScheduleAttemptFailure"), -1, 1'600'000'000, 0),
             QStringLiteral("Scheduling → Backoff · ScheduleAttemptFailure · backoff until 0:01.600000")},
            {Event::cycleStart(3, pod, 4, s("default-scheduler"), 2), QStringLiteral("attempt 2 · profile default-scheduler")},
            {Event::pluginResult(3, pod, 4, ExtensionPoint::PreFilter, s("NodeAffinity"), Code::Skip, -1), QString()},
            {Event::pluginResult(3, pod, 4, ExtensionPoint::Permit, s("Coscheduling"), Code::Wait, s("waiting for 2 pods")),
             QStringLiteral("waiting for 2 pods")},
            {Event::filterNodes(3, pod, 4, filter, 3), QStringLiteral("3 node(s) · 2 feasible · rejected by NodeResourcesFit 1")},
            {Event::scoreNodes(3, pod, 4, score, 2),
             QStringLiteral("2 node(s) · highest total 363 (node-a) · NodeResourcesFit ×1, TaintToleration ×3")},
            {Event::cycleEnd(4, pod, 4, Code::Success, nodes[0], -1, 3, 2), QStringLiteral("evaluated 3, feasible 2")},
            {Event::cycleEnd(4, pod, 5, Code::Unschedulable, -1, s("0/3 nodes are available: 3 Insufficient memory."), 3, 0),
             QStringLiteral("0/3 nodes are available: 3 Insufficient memory. · evaluated 3, feasible 0")},
            {Event::preemption(5, pod, nodes[1], 2), QStringLiteral("2 victim(s)")},
            {Event::victim(5, s("default/low"), nodes[1], pod), QStringLiteral("preempted by default/web-0")},
            {Event::nominated(5, pod, nodes[1]), QStringLiteral("nominated")},
            {Event::nominated(6, pod, -1), QStringLiteral("nomination cleared")},
            {Event::bindingStart(6, pod, 4, nodes[0]), QString()},
            {Event::bindingEnd(7, pod, 4, nodes[0], Code::Success, s("Successfully assigned default/web-0 to node-a")),
             QStringLiteral("Successfully assigned default/web-0 to node-a")},
        };
        for (const auto& [event, expected] : rows)
            QCOMPARE(eventtext::detail(trace, event), expected);

        QCOMPARE(eventtext::pointAndPlugin(trace, rows[4].first), QStringLiteral("PreFilter · NodeAffinity"));
        QCOMPARE(eventtext::pointAndPlugin(trace, rows[6].first), QStringLiteral("Filter"));
        QCOMPARE(eventtext::pointAndPlugin(trace, rows[7].first), QStringLiteral("Score"));
        QCOMPARE(eventtext::pointAndPlugin(trace, rows[8].first), QString());
    }

    void failures_data()
    {
        QTest::addColumn<Event>("event");
        QTest::addColumn<bool>("failure");
        QTest::newRow("cycle scheduled") << Event::cycleEnd(1, 0, 1, Code::Success, 1, -1, 1, 1) << false;
        QTest::newRow("cycle unschedulable") << Event::cycleEnd(1, 0, 1, Code::Unschedulable, -1, 2, 1, 0) << true;
        QTest::newRow("plugin skipped") << Event::pluginResult(1, 0, 1, ExtensionPoint::PreScore, 3, Code::Skip, -1) << false;
        QTest::newRow("plugin waits") << Event::pluginResult(1, 0, 1, ExtensionPoint::Permit, 3, Code::Wait, -1) << false;
        QTest::newRow("plugin rejects") << Event::pluginResult(1, 0, 1, ExtensionPoint::Reserve, 3, Code::UnschedulableAndUnresolvable, 4)
                                        << true;
        QTest::newRow("bind failed") << Event::bindingEnd(1, 0, 1, 1, Code::Error, 4) << true;
        QTest::newRow("victim") << Event::victim(1, 0, 1, 2) << true;
        QTest::newRow("preemption") << Event::preemption(1, 0, 1, 1) << false;
        QTest::newRow("queue move") << Event::queueMove(1, 0, PodLocation::Active, PodLocation::Scheduling, 1, -1, 0, 0) << false;
    }

    void failures()
    {
        QFETCH(Event, event);
        QFETCH(bool, failure);
        QCOMPARE(eventtext::isFailure(event), failure);
    }

    void times_data()
    {
        QTest::addColumn<qint64>("nanos");
        QTest::addColumn<QString>("text");
        QTest::newRow("zero") << qint64(0) << QStringLiteral("0:00.000000");
        QTest::newRow("sub-microsecond") << qint64(999) << QStringLiteral("0:00.000000");
        QTest::newRow("45 s") << qint64(45'020'331'000) << QStringLiteral("0:45.020331");
        QTest::newRow("12 min") << qint64(723'500'000'000) << QStringLiteral("12:03.500000");
        QTest::newRow("negative") << qint64(-1'500) << QStringLiteral("-0:00.000001");
    }

    void times()
    {
        QFETCH(qint64, nanos);
        QFETCH(QString, text);
        QCOMPARE(eventtext::time(nanos), text);
    }

    // The app's one clock for instants (issue 20, finding 13: "0.000 s", "2:00.000", "0:00.000000"
    // and "1m38s" were all in use), at any precision, and its one form for spans.
    void clock_data()
    {
        QTest::addColumn<qint64>("nanos");
        QTest::addColumn<int>("decimals");
        QTest::addColumn<QString>("text");
        QTest::newRow("zero") << qint64(0) << 3 << QStringLiteral("0:00.000");
        QTest::newRow("under a minute") << qint64(2'001'250'000) << 3 << QStringLiteral("0:02.001");
        QTest::newRow("microseconds") << qint64(2'001'250'000) << 6 << QStringLiteral("0:02.001250");
        QTest::newRow("truncated, never rounded up") << qint64(59'999'999'999) << 3 << QStringLiteral("0:59.999");
        QTest::newRow("minutes") << qint64(98'000'000'000) << 3 << QStringLiteral("1:38.000");
        QTest::newRow("whole seconds") << qint64(98'700'000'000) << 0 << QStringLiteral("1:38");
        QTest::newRow("an hour") << qint64(3'723'000'000'000) << 3 << QStringLiteral("1:02:03.000");
        QTest::newRow("nanoseconds") << qint64(1) << 9 << QStringLiteral("0:00.000000001");
        QTest::newRow("negative") << qint64(-1'500'000'000) << 1 << QStringLiteral("-0:01.5");
    }
    void clock()
    {
        QFETCH(qint64, nanos);
        QFETCH(int, decimals);
        QFETCH(QString, text);
        QCOMPARE(format::virtualTime(nanos, decimals), text);
    }

    void spans_data()
    {
        QTest::addColumn<qint64>("nanos");
        QTest::addColumn<QString>("text");
        QTest::newRow("ns") << qint64(750) << "750 ns";
        QTest::newRow("cycle") << qint64(515'000) << "515 µs";
        QTest::newRow("1.25 ms") << qint64(1'250'000) << "1.25 ms";
        QTest::newRow("20.4 ms") << qint64(20'400'000) << "20.4 ms";
        QTest::newRow("850 ms") << qint64(850'000'000) << "850 ms";
        QTest::newRow("3.2 s") << qint64(3'240'000'000) << "3.24 s";
        QTest::newRow("1 min 38 s") << qint64(98) * nanosPerSecond << "1 min 38 s";
        QTest::newRow("2 min") << qint64(120) * nanosPerSecond << "2 min";
        QTest::newRow("1 h 2 min") << qint64(3720) * nanosPerSecond << "1 h 2 min";
        QTest::newRow("negative") << qint64(-2'000'000) << "-2 ms";
    }
    void spans()
    {
        QFETCH(qint64, nanos);
        QFETCH(QString, text);
        QCOMPARE(format::duration(nanos), text);
    }

    void moves()
    {
        QCOMPARE(eventtext::move(Event::queueMove(0, 0, PodLocation::Binding, PodLocation::Bound, 1, 2, 0, 0)),
                 QStringLiteral("Binding → Bound"));
        QCOMPARE(eventtext::location(quint8(200)), QStringLiteral("200"));
        QCOMPARE(eventtext::code(Code::UnschedulableAndUnresolvable), QStringLiteral("UnschedulableAndUnresolvable"));
        QCOMPARE(eventtext::point(quint8(ExtensionPoint::WaitOnPermit)), QStringLiteral("WaitOnPermit"));
    }
};

QTEST_GUILESS_MAIN(TestEventText)
#include "tst_eventtext.moc"
