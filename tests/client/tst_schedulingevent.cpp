// core/v1 Events as the scheduler's word on a pod. The JSON is written by hand in the shape a
// kube-apiserver 1.20.2 returns for kube-scheduler 1.20's events (written through events.k8s.io/v1:
// source empty, eventTime set, first/lastTimestamp null, reportingComponent the scheduler's name)
// and for an older scheduler's (source.component, count, timestamps); it is not recorded. (An
// apostrophe in a raw string makes moc miss the test class: the JSON spells it \u0027.)
#include "decoding/loaderror.h"
#include "fakecluster.h"
#include "reflector.h"
#include "schedulingevent.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTest>

using namespace ksv;
using namespace ksv::client;

namespace {

const QString source = QStringLiteral("https://127.0.0.1:6443/api/v1/events");

// kube-scheduler 1.20 through events.k8s.io/v1, as core/v1 lists it (managedFields trimmed).
const char* const failedScheduling120 = R"({
  "metadata": {"name": "pending.1649d2c1c0b1a2f3", "namespace": "shop", "uid": "8f1c", "resourceVersion": "612",
               "creationTimestamp": "2026-11-26T04:00:01Z"},
  "involvedObject": {"kind": "Pod", "namespace": "shop", "name": "pending", "uid": "4b2d", "apiVersion": "v1", "resourceVersion": "590"},
  "reason": "FailedScheduling",
  "message": "0/3 nodes are available: 3 Insufficient cpu.",
  "source": {},
  "firstTimestamp": null,
  "lastTimestamp": null,
  "type": "Warning",
  "eventTime": "2026-11-26T04:00:01.234567Z",
  "series": {"count": 3, "lastObservedTime": "2026-11-26T04:02:11.000001Z"},
  "action": "Scheduling",
  "reportingComponent": "default-scheduler",
  "reportingInstance": "default-scheduler-host-1"
})";

const char* const scheduled120 = R"({
  "metadata": {"name": "web-0.1649d2c1c0b1a2f4", "namespace": "shop", "uid": "8f1d", "resourceVersion": "613"},
  "involvedObject": {"kind": "Pod", "namespace": "shop", "name": "web-0", "uid": "4b2e", "apiVersion": "v1"},
  "reason": "Scheduled",
  "message": "Successfully assigned shop/web-0 to node-1",
  "source": {},
  "firstTimestamp": null,
  "lastTimestamp": null,
  "type": "Normal",
  "eventTime": "2026-11-26T04:00:02.000000Z",
  "action": "Binding",
  "reportingComponent": "default-scheduler",
  "reportingInstance": "default-scheduler-host-1"
})";

// An older scheduler's, through the core/v1 recorder.
const char* const failedSchedulingCore = R"({
  "metadata": {"name": "pending.1649d2c1c0b1a2f5", "namespace": "shop"},
  "involvedObject": {"kind": "Pod", "namespace": "shop", "name": "pending", "uid": "4b2d"},
  "reason": "FailedScheduling",
  "message": "0/3 nodes are available: 3 node(s) didn\u0027t match node selector.",
  "source": {"component": "my-scheduler"},
  "firstTimestamp": "2026-11-26T03:00:00Z",
  "lastTimestamp": "2026-11-26T03:05:00Z",
  "count": 4,
  "type": "Warning",
  "eventTime": null,
  "reportingComponent": "",
  "reportingInstance": ""
})";

QJsonObject parse(const QString& json)
{
    QJsonParseError error;
    const QJsonObject object = QJsonDocument::fromJson(json.toUtf8(), &error).object();
    if (error.error != QJsonParseError::NoError)
        qFatal("test JSON does not parse: %s", qPrintable(error.errorString()));
    return object;
}

// The 1.20 FailedScheduling with one top-level field replaced.
QString withField(const char* key, const char* valueJson)
{
    QJsonObject event = parse(QString::fromUtf8(failedScheduling120));
    const QJsonDocument value = QJsonDocument::fromJson(QByteArray("[") + valueJson + "]");
    event.insert(QString::fromUtf8(key), value.array().at(0));
    return QString::fromUtf8(QJsonDocument(event).toJson(QJsonDocument::Compact));
}

QDateTime utc(const char* text)
{
    return QDateTime::fromString(QString::fromLatin1(text), Qt::ISODateWithMs);
}

} // namespace

class TestSchedulingEvent : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void eventsK8sIoShape()
    {
        const auto failed = decodeSchedulingEvent(parse(QString::fromUtf8(failedScheduling120)), source);
        QVERIFY(failed);
        QCOMPARE(failed->reason, SchedulingEvent::Reason::FailedScheduling);
        QCOMPARE(failed->eventNamespace, "shop");
        QCOMPARE(failed->eventName, "pending.1649d2c1c0b1a2f3");
        QCOMPARE(failed->kind, "Pod");
        QCOMPARE(failed->namespace_, "shop");
        QCOMPARE(failed->name, "pending");
        QCOMPARE(failed->uid, "4b2d");
        QCOMPARE(failed->message, "0/3 nodes are available: 3 Insufficient cpu.");
        QCOMPARE(failed->type, "Warning");
        QCOMPARE(failed->count, 3);
        QCOMPARE(failed->firstTimestamp, utc("2026-11-26T04:00:01.235Z")); // microseconds rounded to ms
        QCOMPARE(failed->lastTimestamp, utc("2026-11-26T04:02:11.000Z"));
        QCOMPARE(failed->reportingController, "default-scheduler");

        const auto scheduled = decodeSchedulingEvent(parse(QString::fromUtf8(scheduled120)), source);
        QVERIFY(scheduled);
        QCOMPARE(scheduled->reason, SchedulingEvent::Reason::Scheduled);
        QCOMPARE(scheduled->message, "Successfully assigned shop/web-0 to node-1");
        QCOMPARE(scheduled->count, 1);
        QCOMPARE(scheduled->lastTimestamp, scheduled->firstTimestamp);
    }

    void coreV1ShapeAndSchedulerName()
    {
        const QJsonObject json = parse(QString::fromUtf8(failedSchedulingCore));
        QVERIFY(!decodeSchedulingEvent(json, source)); // not the default scheduler's
        const auto event = decodeSchedulingEvent(json, source, QStringLiteral("my-scheduler"));
        QVERIFY(event);
        QCOMPARE(event->reportingController, "my-scheduler");
        QCOMPARE(event->count, 4);
        QCOMPARE(event->firstTimestamp, utc("2026-11-26T03:00:00Z"));
        QCOMPARE(event->lastTimestamp, utc("2026-11-26T03:05:00Z"));
    }

    // Other reasons and other components are dropped without a look at their other fields.
    void dropped_data()
    {
        QTest::addColumn<QString>("json");
        QTest::newRow("kubelet Pulled") << withField("reason", "\"Pulled\"");
        QTest::newRow("Preempted") << withField("reason", "\"Preempted\"");
        QTest::newRow("another scheduler") << withField("reportingComponent", "\"my-scheduler\"");
        QTest::newRow("no reason, broken rest") << QStringLiteral("{\"metadata\": 7, \"involvedObject\": \"x\"}");
    }
    void dropped()
    {
        QFETCH(QString, json);
        QVERIFY(!decodeSchedulingEvent(parse(json), source));
    }

    void brokenInput_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("expected");
        QTest::newRow("eventTime not a time") << withField("eventTime", "\"yesterday\"")
                                              << "eventTime: \"yesterday\" is not a UTC time (RFC 3339, as 2006-01-02T15:04:05Z)";
        QTest::newRow("eventTime not UTC") << withField("eventTime", "\"2026-11-26T04:00:01\"")
                                           << "eventTime: \"2026-11-26T04:00:01\" is not a UTC time (RFC 3339, as 2006-01-02T15:04:05Z)";
        QTest::newRow("no time at all") << withField("eventTime", "null")
                                        << "eventTime: required value is missing (and firstTimestamp too)";
        QTest::newRow("series count negative") << withField("series", "{\"count\": -1}") 
                                                 << "series.count: \"-1\" is out of range: must be between 0 and 2147483647";
        QTest::newRow("count a string") << withField("count", "\"many\"") 
                                                 << "count: \"many\" is not an integer";
        QTest::newRow("involvedObject a string") << withField("involvedObject", "\"pending\"") 
                                                 << "involvedObject: expected a mapping, found the value \"pending\"";
        QTest::newRow("involvedObject without name") << withField("involvedObject", "{\"kind\": \"Pod\"}") 
                                                 << "involvedObject.name: required value is missing";
        QTest::newRow("no metadata") << withField("metadata", "null") << "metadata: required value is missing";
        QTest::newRow("type unknown") << withField("type", "\"Error\"") << "type: \"Error\" is not one of Normal, Warning";
    }
    void brokenInput()
    {
        QFETCH(QString, json);
        QFETCH(QString, expected);
        try {
            decodeSchedulingEvent(parse(json), source);
            QFAIL("decoded a broken event");
        } catch (const LoadError& error) {
            QCOMPARE(error.toString(), source + QStringLiteral(": ") + expected);
        }
    }

    // List and watch /api/v1/events through the reflector against the fake server: the scheduler's
    // events kept by the Event's namespace/name, the rest dropped, a broken one reported.
    void reflectorListsAndWatches()
    {
        test::FakeApiServer server;
        QVERIFY(server.listen());
        auto* cluster = new test::FakeCluster(server, QStringLiteral("Event"), QStringLiteral("v1"), QStringLiteral("/api/v1/events"));
        cluster->add(parse(QString::fromUtf8(failedScheduling120)));
        cluster->add(parse(QString::fromUtf8(scheduled120)));
        QJsonObject pulled = parse(QString::fromUtf8(scheduled120));
        pulled["metadata"] = QJsonObject {{"name", "web-0.pulled"}, {"namespace", "shop"}};
        pulled["reason"] = "Pulled";
        pulled["reportingComponent"] = "kubelet";
        cluster->add(pulled);
        QJsonObject broken = parse(QString::fromUtf8(failedScheduling120));
        broken["metadata"] = QJsonObject {{"name", "broken.1"}, {"namespace", "shop"}};
        broken["eventTime"] = "yesterday";
        cluster->add(broken);

        ResolvedConfig config;
        config.cluster.server = server.url();
        config.cluster.certificateAuthorityPem = test::FakeApiServer::readFixture("tls/ca.crt");
        config.user.token = "reader-token";
        RestClient client(config);
        ReflectorOptions options;
        options.backoffInitialMs = 20;
        options.backoffMaxMs = 200;
        options.watchTransferTimeoutMs = 4000;
        options.seed = 7;
        Reflector reflector(client, *readResource("Event"), options);
        QSignalSpy rejected(&reflector, &Reflector::objectRejected);
        QSignalSpy synced(&reflector, &Reflector::synced);
        reflector.start();
        QVERIFY(synced.wait(10'000));
        QTRY_COMPARE(reflector.state(), Reflector::State::Watching);
        const QString url = server.url().toString() + QStringLiteral("/api/v1/events");
        QCOMPARE(reflector.store().size(), 0);
        QCOMPARE(reflector.events().keys().size(), 2);
        QCOMPARE(reflector.events().value("shop/pending.1649d2c1c0b1a2f3").message, "0/3 nodes are available: 3 Insufficient cpu.");
        QCOMPARE(reflector.events().value("shop/web-0.1649d2c1c0b1a2f4").reason, SchedulingEvent::Reason::Scheduled);
        QCOMPARE(rejected.size(), 1);
        QCOMPARE(rejected[0][1].toString(), "shop/broken.1");
        QCOMPARE(rejected[0][2].toString(), url + QStringLiteral(": eventTime: \"yesterday\" is not a UTC time (RFC 3339, as 2006-01-02T15:04:05Z)"));

        // The watch: a repeat raises the series count, a deletion (TTL) removes it.
        QTRY_COMPARE(server.openStreams().size(), 1);
        QSignalSpy changed(&reflector, &Reflector::objectChanged);
        QJsonObject repeat = parse(QString::fromUtf8(failedScheduling120));
        repeat["series"] = QJsonObject {{"count", 4}, {"lastObservedTime", "2026-11-26T04:03:00.000000Z"}};
        cluster->modify(repeat);
        QVERIFY(changed.wait(5000));
        QCOMPARE(reflector.events().value("shop/pending.1649d2c1c0b1a2f3").count, 4);
        cluster->remove("web-0.1649d2c1c0b1a2f4");
        QVERIFY(changed.wait(5000));
        QCOMPARE(changed.last().at(0).toString(), "shop/web-0.1649d2c1c0b1a2f4");
        QCOMPARE(changed.last().at(1).toBool(), true);
        QVERIFY(!reflector.events().contains("shop/web-0.1649d2c1c0b1a2f4"));
        cluster->add(pulled); // dropped: no change signalled
        cluster->sendBookmark();
        QTest::qWait(200);
        QCOMPARE(changed.size(), 2);
        QCOMPARE(reflector.events().size(), 1);
        for (const test::FakeRequest& request : server.requests())
            QCOMPARE(request.method, "GET");
        reflector.stop();
    }
};

QTEST_GUILESS_MAIN(TestSchedulingEvent)
#include "tst_schedulingevent.moc"
