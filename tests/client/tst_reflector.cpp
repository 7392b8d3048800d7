// The reflector against the fake API server: paged lists, watches, bookmarks, and every scripted
// fault. After each fault the store must equal what a fresh list returns.
#include "fakecluster.h"
#include "fakesession.h"
#include "fastoptions.h"
#include "reflector.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTest>

using namespace ksv;
using namespace ksv::client;
using ksv::test::FakeApiServer;
using ksv::test::FakeCluster;
using ksv::test::FakeRequest;

namespace {

// The three nodes recorded from kube-apiserver 1.20.2, as list items.
QList<QJsonObject> recordedNodes()
{
    QList<QJsonObject> nodes;
    for (const char* page : {"apiserver/nodes-page1.json", "apiserver/nodes-page2.json"}) {
        const QJsonArray items = QJsonDocument::fromJson(FakeApiServer::readFixture(page)).object()["items"].toArray();
        for (const QJsonValue& item : items)
            nodes.append(item.toObject());
    }
    return nodes;
}

QJsonObject nodeNamed(const QString& name, const QString& cpu = "4")
{
    QJsonObject node = recordedNodes().constFirst();
    QJsonObject meta = node["metadata"].toObject();
    meta["name"] = name;
    meta.remove("uid");
    QJsonObject labels = meta["labels"].toObject();
    labels["kubernetes.io/hostname"] = name;
    meta["labels"] = labels;
    node["metadata"] = meta;
    QJsonObject status = node["status"].toObject();
    QJsonObject capacity = status["capacity"].toObject();
    capacity["cpu"] = cpu;
    status["capacity"] = capacity;
    node["status"] = status;
    return node;
}

} // namespace

class TestReflector : public QObject
{
    Q_OBJECT

    std::unique_ptr<FakeApiServer> m_server;
    FakeCluster* m_cluster = nullptr;
    std::unique_ptr<RestClient> m_client;
    std::unique_ptr<Reflector> m_reflector;

    ResolvedConfig config() const { return ksv::test::readerConfig(*m_server); }

    void startReflector(ReflectorOptions options = ksv::test::fastOptions())
    {
        m_client = std::make_unique<RestClient>(config());
        m_reflector = std::make_unique<Reflector>(*m_client, *readResource("Node"), options);
        QSignalSpy synced(m_reflector.get(), &Reflector::synced);
        m_reflector->start();
        QVERIFY(synced.wait(10'000));
        QTRY_COMPARE(m_reflector->state(), Reflector::State::Watching);
        QTRY_COMPARE(m_server->openStreams().size(), 1);
    }

    // What a new reflector lists from the server now.
    Store freshStore()
    {
        RestClient client(config());
        Reflector fresh(client, *readResource("Node"), ksv::test::fastOptions());
        QSignalSpy synced(&fresh, &Reflector::synced);
        fresh.start();
        if (!synced.wait(10'000))
            qWarning("the fresh list did not finish");
        fresh.stop();
        return fresh.store();
    }

    QList<FakeRequest> watchRequests() const
    {
        QList<FakeRequest> watches;
        for (const FakeRequest& request : m_server->requests()) {
            if (request.isWatch())
                watches.append(request);
        }
        return watches;
    }

private Q_SLOTS:
    void init()
    {
        m_server = std::make_unique<FakeApiServer>();
        QVERIFY(m_server->listen());
        m_cluster = new FakeCluster(*m_server, "Node", "v1", "/api/v1/nodes");
        for (const QJsonObject& node : recordedNodes())
            m_cluster->add(node);
    }

    void cleanup()
    {
        m_reflector.reset();
        m_client.reset();
        for (const FakeRequest& request : m_server->requests())
            QCOMPARE(request.method, QByteArray("GET"));
        m_server.reset();
    }

    void pagedListThenWatch()
    {
        startReflector();
        const QList<FakeRequest> requests = m_server->requests();
        QCOMPARE(requests[0].queryValue("limit"), "2");
        QCOMPARE(requests[0].queryValue("resourceVersion"), "0");
        QCOMPARE(requests[1].queryValue("limit"), "2");
        QVERIFY(!requests[1].queryValue("continue").isEmpty());
        QVERIFY(!requests[1].query.hasQueryItem("resourceVersion"));
        QCOMPARE(m_reflector->store().size(), 3);
        const Node& tainted = std::get<Node>(*m_reflector->store().find("node-3"));
        QCOMPARE(tainted.taints.size(), 1);
        QCOMPARE(tainted.taints.constFirst().key, "dedicated");

        const FakeRequest watch = watchRequests().constFirst();
        QCOMPARE(watch.queryValue("allowWatchBookmarks"), "true");
        QCOMPARE(watch.queryValue("resourceVersion"), QString::number(m_cluster->resourceVersion()));
        const int timeout = watch.queryValue("timeoutSeconds").toInt();
        QVERIFY2(timeout >= 300 && timeout < 600, qPrintable(QString::number(timeout)));

        QSignalSpy changed(m_reflector.get(), &Reflector::objectChanged);
        m_cluster->add(nodeNamed("node-4"));
        m_cluster->modify(nodeNamed("node-1", "8"));
        m_cluster->remove("node-2");
        QTRY_COMPARE(changed.size(), 3);
        QCOMPARE(changed[2][0].toString(), "node-2");
        QCOMPARE(changed[2][1].toBool(), true);
        QVERIFY(!m_reflector->store().find("node-2"));
        QCOMPARE(std::get<Node>(*m_reflector->store().find("node-1")).capacity.value("cpu").toString(), "8");
        QCOMPARE(m_reflector->lastSyncResourceVersion(), QString::number(m_cluster->resourceVersion()));
        QCOMPARE(m_reflector->store(), freshStore());
    }

    // timeoutSeconds runs out: the next watch starts from the last version, without a list.
    void watchAgainAfterTimeout()
    {
        startReflector();
        m_cluster->modify(nodeNamed("node-3", "2"));
        QTRY_COMPARE(m_reflector->lastSyncResourceVersion(), QString::number(m_cluster->resourceVersion()));
        const int lists = m_cluster->listRequests();
        m_cluster->endWatches();
        QTRY_COMPARE(m_cluster->watchRequests(), 2);
        QCOMPARE(m_cluster->listRequests(), lists);
        QCOMPARE(watchRequests().last().queryValue("resourceVersion"), QString::number(m_cluster->resourceVersion()));
        for (int timeout : m_cluster->watchTimeouts())
            QVERIFY(timeout >= 300 && timeout < 600);
    }

    void expiredContinueListsAgain()
    {
        m_cluster->inject(FakeCluster::Fault::ExpireNextContinue);
        startReflector();
        QCOMPARE(m_cluster->listRequests(), 3); // page 1, page 2 expired, then the whole list
        QVERIFY(!m_server->requests()[2].query.hasQueryItem("limit"));
        QVERIFY(!m_server->requests()[2].query.hasQueryItem("continue"));
        QCOMPARE(m_reflector->store(), freshStore());
    }

    void bookmarkMovesTheVersion()
    {
        startReflector();
        m_cluster->advanceVersion(5); // other resources changed
        m_cluster->sendBookmark();
        QTRY_COMPARE(m_reflector->lastSyncResourceVersion(), QString::number(m_cluster->resourceVersion()));
        QCOMPARE(m_reflector->store().size(), 3);
        m_cluster->endWatches();
        QTRY_COMPARE(m_cluster->watchRequests(), 2);
        QCOMPARE(watchRequests().last().queryValue("resourceVersion"), QString::number(m_cluster->resourceVersion()));
    }

    void watchGone_data()
    {
        QTest::addColumn<FakeCluster::Fault>("fault");
        QTest::newRow("HTTP 410") << FakeCluster::Fault::WatchHttp410;
        QTest::newRow("in-stream ERROR 410") << FakeCluster::Fault::WatchStreamError410;
    }
    void watchGone()
    {
        QFETCH(FakeCluster::Fault, fault);
        startReflector();
        const int lists = m_cluster->listRequests();
        m_cluster->inject(fault);
        m_cluster->endWatches();
        m_cluster->remove("node-1"); // unseen by any watch: only the new list shows it
        // A relist from a known version is one unpaged request, as client-go's pager makes it.
        QTRY_COMPARE(m_cluster->listRequests(), lists + 1);
        QTRY_COMPARE(m_reflector->state(), Reflector::State::Watching);
        QVERIFY(!m_reflector->store().find("node-1"));
        QCOMPARE(m_reflector->store(), freshStore());
    }

    void cutMidLine()
    {
        startReflector();
        QSignalSpy states(m_reflector.get(), &Reflector::stateChanged);
        const int lists = m_cluster->listRequests();
        m_cluster->inject(FakeCluster::Fault::CutNextEventMidLine);
        m_cluster->modify(nodeNamed("node-2", "16")); // half sent, then the connection drops
        QTRY_COMPARE(std::get<Node>(*m_reflector->store().find("node-2")).capacity.value("cpu").toString(), "16");
        QCOMPARE(m_cluster->listRequests(), lists); // the next watch replayed it: no list needed
        QVERIFY(!states.isEmpty());
        QCOMPARE(states.constFirst()[0].value<Reflector::State>(), Reflector::State::BackingOff);
        QVERIFY(!states.constFirst()[1].toString().contains("reader-token"));
        QCOMPARE(m_reflector->store(), freshStore());
    }

    void stall()
    {
        ReflectorOptions options = ksv::test::fastOptions();
        options.watchTransferTimeoutMs = 600;
        startReflector(options);
        QSignalSpy states(m_reflector.get(), &Reflector::stateChanged);
        m_cluster->inject(FakeCluster::Fault::StallNextWatch);
        m_cluster->endWatches(); // the next watch stalls
        QTRY_COMPARE(m_cluster->watchRequests(), 2);
        m_cluster->add(nodeNamed("node-9")); // nobody hears it while the watch stalls
        QTRY_VERIFY_WITH_TIMEOUT(m_reflector->store().find("node-9"), 10'000);
        bool sawTimeout = false;
        for (const auto& state : states)
            sawTimeout |= state[0].value<Reflector::State>() == Reflector::State::BackingOff && state[1].toString().contains("no data for 0.6 s");
        QVERIFY(sawTimeout);
        QCOMPARE(m_reflector->store(), freshStore());
    }

    void garbage_data()
    {
        QTest::addColumn<FakeCluster::Fault>("fault");
        QTest::newRow("watch line") << FakeCluster::Fault::GarbageLineOnNextWatch;
        QTest::newRow("list body") << FakeCluster::Fault::GarbageNextList;
    }
    void garbage()
    {
        QFETCH(FakeCluster::Fault, fault);
        std::unique_ptr<QSignalSpy> states;
        if (fault == FakeCluster::Fault::GarbageNextList) {
            m_cluster->inject(fault);
            startReflector();
        } else {
            startReflector();
            m_cluster->inject(fault);
            m_cluster->endWatches();
            states = std::make_unique<QSignalSpy>(m_reflector.get(), &Reflector::stateChanged);
            QTRY_COMPARE(m_cluster->watchRequests(), 3); // garbage, then a list and a good watch
        }
        m_cluster->remove("node-3");
        QTRY_VERIFY(!m_reflector->store().find("node-3"));
        QCOMPARE(m_reflector->store(), freshStore());
        if (states) {
            bool reported = false;
            for (const auto& state : *states)
                reported |= state[1].toString().contains("(watch): not a watch event: illegal value at byte 1");
            QVERIFY(reported);
        }
    }

    // The server goes away (connections reset, then refused) and comes back.
    void serverRestart()
    {
        startReflector();
        QSignalSpy states(m_reflector.get(), &Reflector::stateChanged);
        const quint16 port = m_server->port();
        m_server->close();
        QTRY_VERIFY(!states.isEmpty());
        m_cluster->modify(nodeNamed("node-1", "32"));
        m_cluster->remove("node-2");
        QTest::qWait(300); // a few refused attempts
        QVERIFY(m_server->listen(port));
        QTRY_VERIFY_WITH_TIMEOUT(!m_reflector->store().find("node-2"), 10'000);
        QTRY_COMPARE(m_reflector->state(), Reflector::State::Watching);
        QCOMPARE(m_reflector->store(), freshStore());
        int backoffs = 0;
        for (const auto& state : states)
            backoffs += state[0].value<Reflector::State>() == Reflector::State::BackingOff;
        QVERIFY(backoffs >= 2);
    }

    // An object the decoders refuse is reported and left out; everything else carries on.
    void refusedObject()
    {
        m_cluster->add(nodeNamed("bad-list", "lots"));
        m_client = std::make_unique<RestClient>(config());
        m_reflector = std::make_unique<Reflector>(*m_client, *readResource("Node"), ksv::test::fastOptions());
        QSignalSpy rejectedSpy(m_reflector.get(), &Reflector::objectRejected);
        QTest::ignoreMessage(QtWarningMsg, QRegularExpression("Node bad-list skipped: .*status.capacity.cpu: \"lots\" is not a quantity"));
        m_reflector->start();
        QTRY_COMPARE(m_reflector->state(), Reflector::State::Watching);
        QCOMPARE(rejectedSpy.size(), 1);
        QCOMPARE(rejectedSpy[0][0].toString(), "Node");
        QCOMPARE(rejectedSpy[0][1].toString(), "bad-list");
        QCOMPARE(rejectedSpy[0][2].toString(), m_server->url().toString() + "/api/v1/nodes: status.capacity.cpu: \"lots\" is not a quantity");
        QCOMPARE(m_reflector->store().size(), 3);

        // In a watch: node-1 turns bad (its old version goes), then a good node still arrives.
        QTest::ignoreMessage(QtWarningMsg, QRegularExpression("Node node-1 skipped: .*status.capacity.cpu"));
        m_cluster->modify(nodeNamed("node-1", "lots"));
        m_cluster->add(nodeNamed("node-5"));
        QTRY_VERIFY(m_reflector->store().find("node-5"));
        QCOMPARE(rejectedSpy.size(), 2);
        QVERIFY(!m_reflector->store().find("node-1"));
        QTest::ignoreMessage(QtWarningMsg, QRegularExpression("Node bad-list skipped"));
        QTest::ignoreMessage(QtWarningMsg, QRegularExpression("Node node-1 skipped"));
        QCOMPARE(m_reflector->store(), freshStore());
    }

    void oneMebibyteObject()
    {
        QJsonObject big = nodeNamed("big-list");
        QJsonObject meta = big["metadata"].toObject();
        QJsonObject annotations;
        annotations["example.com/blob"] = QString(1024 * 1024, QLatin1Char('x'));
        meta["annotations"] = annotations;
        big["metadata"] = meta;
        m_cluster->add(big);
        startReflector();
        QCOMPARE(metaOf(*m_reflector->store().find("big-list")).annotations.value("example.com/blob").size(), 1024 * 1024);
        meta["name"] = "big-watch";
        big["metadata"] = meta;
        m_cluster->add(big);
        QTRY_VERIFY(m_reflector->store().find("big-watch"));
        QCOMPARE(metaOf(*m_reflector->store().find("big-watch")).annotations.value("example.com/blob").size(), 1024 * 1024);
    }

    void fiveThousandNodes()
    {
        for (int i = 0; i < 5000; ++i)
            m_cluster->add(nodeNamed(QStringLiteral("scale-%1").arg(i, 4, 10, QLatin1Char('0'))));
        ReflectorOptions options = ksv::test::fastOptions();
        options.pageSize = 500;
        QElapsedTimer clock;
        clock.start();
        startReflector(options);
        qInfo("5,003 nodes listed in %lld ms (%d list requests)", clock.elapsed(), m_cluster->listRequests());
        QCOMPARE(m_reflector->store().size(), 5003);
        QCOMPARE(m_cluster->listRequests(), 11);
        m_cluster->remove("scale-4999");
        QTRY_VERIFY(!m_reflector->store().find("scale-4999"));
        QCOMPARE(m_reflector->store().size(), 5002);
    }
};

QTEST_GUILESS_MAIN(TestReflector)
#include "tst_reflector.moc"
