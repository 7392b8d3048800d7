// LiveFeed against the fake API server: frames come from the feed's own thread with the cluster as a
// snapshot scenario, a new snapshot only when an object changed, the scheduler's events and the
// shadow comparison; the status goes connecting → connected → reconnecting (with a countdown and the
// time the connection was lost, the snapshot kept) → connected when the server is back. Also
// scenarioDeciding, what the app's live pod and what-next decide on, and the agreement report.
#include "fakeobjects.h"
#include "fastoptions.h"
#include "livefeed.h"
#include "shadowreport.h"

#include "scenario/effectiveconfig.h"

#include <QJsonArray>
#include <QSignalSpy>
#include <QTest>

using namespace ksv;
using namespace ksv::client;
using namespace ksv::test::objects;
using ksv::test::FakeApiServer;
using ksv::test::FakeCluster;
using Phase = LiveStatus::Phase;

class TestLiveFeed : public QObject
{
    Q_OBJECT

    std::unique_ptr<FakeApiServer> m_server;
    QHash<QString, FakeCluster*> m_clusters;

    std::unique_ptr<LiveFeed> feed()
    {
        LiveFeedOptions options;
        options.reflector = ksv::test::fastOptions();
        options.minFrameIntervalMs = 20;
        return std::make_unique<LiveFeed>(ksv::test::readerConfig(*m_server), effectiveConfiguration(Scenario {}), options);
    }

    // The first frame that satisfies `wanted`, or null after the timeout.
    static std::shared_ptr<const LiveFrame> waitFor(LiveFeed& feed, const std::function<bool(const LiveFrame&)>& wanted, int timeoutMs = 10000)
    {
        std::shared_ptr<const LiveFrame> found;
        (void)QTest::qWaitFor([&] {
            const auto frame = feed.latest();
            if (frame && wanted(*frame))
                found = frame;
            return bool(found);
        }, timeoutMs);
        return found;
    }

    static bool has(const Scenario& scenario, const QString& key)
    {
        return std::any_of(scenario.initial.pods.cbegin(), scenario.initial.pods.cend(), [&key](const Pod& pod) { return pod.key() == key; });
    }

private Q_SLOTS:
    void init()
    {
        m_server = std::make_unique<FakeApiServer>();
        QVERIFY(m_server->listen());
        m_clusters = ksv::test::serveEveryResource(*m_server);
        m_clusters["Node"]->add(node("n1", "2", "4Gi"));
        m_clusters["Node"]->add(node("n2", "4", "8Gi"));
        m_clusters["Pod"]->add(pod("running", "500m", "n1"));
        m_clusters["Pod"]->add(withCondition(pod("waiting", "64"), QStringLiteral("0/2 nodes are available: 2 Insufficient cpu.")));
    }

    void cleanup()
    {
        for (const auto& request : m_server->requests())
            QCOMPARE(request.method, QByteArray("GET"));
        m_server.reset();
    }

    void framesFollowTheCluster()
    {
        const auto live = feed();
        QSignalSpy frames(live.get(), &LiveFeed::frameReady);
        live->start();
        QVERIFY(live->isRunning());
        // The snapshot comes at once; the prediction of the pod pending at the first list follows,
        // from a pool thread.
        const auto first = waitFor(*live, [](const LiveFrame& f) { return f.status.phase == Phase::Connected && f.shadow.size() == 1; });
        QVERIFY(first);
        QVERIFY(first->status.synced);
        QCOMPARE(first->status.watching, first->status.resources);
        QCOMPARE(first->status.lostAtMs, 0);
        QCOMPARE(first->context, QStringLiteral("fake"));
        QCOMPARE(first->server, m_server->url().toString());
        QVERIFY(first->snapshot);
        QVERIFY(first->catalogue);
        QCOMPARE(first->snapshot->initial.nodes.size(), 2);
        QCOMPARE(first->snapshot->initial.pods.size(), 2);
        QCOMPARE(first->catalogue->podCount(), 2);
        QVERIFY(first->catalogue->podIndex(QStringLiteral("default/waiting")) >= 0);
        // The pod pending at the first list is predicted, and compared with its condition at once.
        QCOMPARE(first->shadow.size(), 1);
        QCOMPARE(first->shadow.constFirst().key, QStringLiteral("default/waiting"));
        QVERIFY(first->shadow.constFirst().comparison.agree);
        QCOMPARE(first->agreement.total, 1);

        // A pod arrives: a new snapshot, and a prediction.
        const quint64 version = first->snapshotVersion;
        m_clusters["Pod"]->add(pod("web", "1"));
        const auto added = waitFor(*live, [version](const LiveFrame& f) { return f.snapshotVersion > version && f.shadow.size() == 2; });
        QVERIFY(added);
        QVERIFY(has(*added->snapshot, QStringLiteral("default/web")));
        QVERIFY(added->snapshot != first->snapshot);

        // An event only: the same snapshot, shared, not rebuilt.
        m_clusters["Event"]->add(failedSchedulingEvent(QStringLiteral("waiting"), QStringLiteral("0/2 nodes are available: 2 Insufficient cpu."),
                                                       QStringLiteral("2026-11-26T08:00:00.000000Z")));
        const auto evented = waitFor(*live, [](const LiveFrame& f) { return f.events.size() == 1; });
        QVERIFY(evented);
        QCOMPARE(evented->snapshotVersion, added->snapshotVersion);
        QCOMPARE(evented->snapshot.get(), added->snapshot.get());
        QCOMPARE(evented->events.constFirst().name, QStringLiteral("waiting"));

        // The cluster binds the new pod where kschedviz would (the larger node).
        m_clusters["Pod"]->modify(bound(pod("web", "1"), QStringLiteral("n2")));
        const auto decided = waitFor(*live, [](const LiveFrame& f) { return f.agreement.total == 2; });
        QVERIFY(decided);
        QCOMPARE(decided->agreement.agreed, 2);
        QVERIFY(frames.size() >= 4);
        // Frames are numbered in order.
        QVERIFY(decided->sequence > evented->sequence && evented->sequence > added->sequence && added->sequence > first->sequence);
        live->stop();
        QVERIFY(!live->isRunning());
        QVERIFY(live->latest()); // the last frame stays
    }

    void reconnects()
    {
        const auto live = feed();
        live->start();
        const auto connected = waitFor(*live, [](const LiveFrame& f) { return f.status.phase == Phase::Connected; });
        QVERIFY(connected);
        const quint16 port = m_server->port();
        const qint64 before = QDateTime::currentMSecsSinceEpoch();
        m_server->close();
        const auto lost = waitFor(*live, [](const LiveFrame& f) { return f.status.phase == Phase::Reconnecting && f.status.retryAtMs > 0; });
        QVERIFY(lost);
        QVERIFY(lost->status.lostAtMs >= before);
        QVERIFY(!lost->status.reason.isEmpty());
        QVERIFY(lost->status.retryAtMs >= lost->status.lostAtMs);
        // The last known cluster stays.
        QCOMPARE(lost->snapshot.get(), connected->snapshot.get());
        QVERIFY(m_server->listen(port));
        const auto back = waitFor(*live, [](const LiveFrame& f) { return f.status.phase == Phase::Connected; });
        QVERIFY(back);
        QCOMPARE(back->status.lostAtMs, 0);
    }

    void refusedIsFailed()
    {
        m_server->setHandler([](const ksv::test::FakeRequest&, ksv::test::FakeExchange& exchange) {
            exchange.respondStatus(403, QStringLiteral("Forbidden"), QStringLiteral("nodes is forbidden: User \"reader\" cannot list resource \"nodes\""));
        });
        const auto live = feed();
        live->start();
        const auto failed = waitFor(*live, [](const LiveFrame& f) { return f.status.phase == Phase::Failed; });
        QVERIFY(failed);
        QVERIFY2(failed->status.reason.contains(QStringLiteral("forbidden")), qPrintable(failed->status.reason));
        QVERIFY(!failed->snapshot);
    }

    void scenarioDecidingKeepsOnlyThePod()
    {
        Scenario snapshot;
        snapshot.name = QStringLiteral("cluster");
        Node n1;
        n1.meta.name = QStringLiteral("n1");
        snapshot.initial.nodes.append(n1);
        const auto makePod = [](const QString& name, const QString& nodeName) {
            Pod p;
            p.meta.namespace_ = QStringLiteral("default");
            p.meta.name = name;
            p.nodeName = nodeName;
            return p;
        };
        snapshot.initial.pods = {makePod(QStringLiteral("bound"), QStringLiteral("n1")), makePod(QStringLiteral("a"), {}),
                                 makePod(QStringLiteral("b"), {})};
        const Scenario deciding = scenarioDeciding(snapshot, snapshot.initial.pods[1]);
        QCOMPARE(deciding.initial.pods.size(), 2);
        QCOMPARE(deciding.initial.pods[0].key(), QStringLiteral("default/bound"));
        QCOMPARE(deciding.initial.pods[1].key(), QStringLiteral("default/a"));
        QCOMPARE(deciding.initial.nodes.size(), 1);
        QCOMPARE(deciding.name, QStringLiteral("cluster"));
        // A pasted pod is added; one already bound is decided again, pending.
        const Scenario pasted = scenarioDeciding(snapshot, makePod(QStringLiteral("new"), {}));
        QCOMPARE(pasted.initial.pods.size(), 2);
        QCOMPARE(pasted.initial.pods[1].key(), QStringLiteral("default/new"));
        const Scenario again = scenarioDeciding(snapshot, snapshot.initial.pods[0]);
        QCOMPARE(again.initial.pods.size(), 1);
        QVERIFY(again.initial.pods[0].nodeName.isEmpty());
        QVERIFY(again.initial.pods[0].phase == PodPhase::Pending);
    }

    void reportAsCsvAndJson()
    {
        ShadowPod agreeing;
        agreeing.key = QStringLiteral("default/a");
        agreeing.uid = QStringLiteral("uid-a");
        agreeing.arrivedAt = QDateTime::fromMSecsSinceEpoch(1'700'000'000'000, Qt::UTC);
        agreeing.prediction.result = QStringLiteral("Scheduled");
        agreeing.prediction.node = QStringLiteral("n1");
        agreeing.observed = {ShadowObservation::Kind::Bound, QStringLiteral("n1"), {}, QStringLiteral("nodeName")};
        agreeing.comparison = compare(agreeing.prediction, agreeing.observed);
        ShadowPod differing = agreeing;
        differing.key = QStringLiteral("default/b, \"quoted\"");
        differing.observed = {ShadowObservation::Kind::Unschedulable, {}, QStringLiteral("0/1 nodes are available: 1 Insufficient cpu."),
                              QStringLiteral("FailedScheduling event")};
        differing.comparison = compare(differing.prediction, differing.observed);
        QVERIFY(agreeing.comparison.agree);
        QVERIFY(!differing.comparison.agree);

        const QByteArray csv = shadowReportCsv({agreeing, differing});
        const QList<QByteArray> lines = csv.split('\n');
        QCOMPARE(lines.size(), 4); // header, two rows, the empty rest after the last CRLF
        QVERIFY(lines[0].startsWith("pod,uid,observed,predicted,agree,outcome,why"));
        QVERIFY2(lines[1].startsWith("default/a,uid-a,n1,n1,true,sameNode,"), lines[1].constData());
        QVERIFY2(lines[2].startsWith("\"default/b, \"\"quoted\"\"\",uid-a,unschedulable,n1,false,predictedBinding,"), lines[2].constData());

        const QJsonObject json = shadowReportJson({agreeing, differing}, {1, 2}, {1, 2}, {QStringLiteral("https://x"), QStringLiteral("ctx"), QStringLiteral("cfg")});
        QCOMPARE(json["agreement"].toObject()["agreed"].toInt(), 1);
        QCOMPARE(json["agreement"].toObject()["total"].toInt(), 2);
        QCOMPARE(json["context"].toString(), QStringLiteral("ctx"));
        const QJsonArray pods = json["pods"].toArray();
        QCOMPARE(pods.size(), 2);
        QCOMPARE(pods[0].toObject()["pod"].toString(), QStringLiteral("default/a"));
        QCOMPARE(pods[0].toObject()["agree"].toBool(), true);
        QCOMPARE(pods[1].toObject()["agree"].toBool(), false);
        QCOMPARE(pods[1].toObject()["observed"].toString(), QStringLiteral("unschedulable"));
    }
};

QTEST_GUILESS_MAIN(TestLiveFeed)
#include "tst_livefeed.moc"
