// Events as the scheduler's word on a pod, in both shapes the API server serves one Event in.
// Recorded (data/apiserver/events-{v1,core}-list.json, README.md there): the same six events of a
// kube-apiserver 1.20.2 listed through events.k8s.io/v1 and through core/v1. Written by hand below:
// kube-scheduler 1.20's events as core/v1 shows them (source empty, eventTime set,
// first/lastTimestamp null, reportingComponent the scheduler's name) and an older scheduler's
// (source.component, count, timestamps). (An apostrophe in a raw string makes moc miss the test
// class: the JSON spells it \u0027.)
#include "decoding/loaderror.h"
#include "fakecluster.h"
#include "fakesession.h"
#include "fastoptions.h"
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
const QString sourceV1 = QStringLiteral("https://127.0.0.1:6443/apis/events.k8s.io/v1/events");
const QString eventsV1Path = QStringLiteral("/apis/events.k8s.io/v1/events");
const QString coreV1Path = QStringLiteral("/api/v1/events");

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

// The items of a recorded list, by name.
QMap<QString, QJsonObject> recordedItems(const char* file)
{
    QMap<QString, QJsonObject> items;
    const QJsonDocument list = QJsonDocument::fromJson(test::FakeApiServer::readFixture(QStringLiteral("apiserver/") + QLatin1StringView(file)));
    for (const QJsonValue item : list.object().value("items").toArray())
        items.insert(item["metadata"]["name"].toString(), item.toObject());
    if (items.isEmpty())
        qFatal("no items recorded in %s", file);
    return items;
}

// The recorded events.k8s.io/v1 event with a series (written by the admin, listed by the server)
// with top-level fields replaced (or added).
QString withFieldsV1(std::initializer_list<std::pair<const char*, const char*>> fields)
{
    QJsonObject event = recordedItems("events-v1-list.json").value("pending-1.series");
    for (const auto& [key, valueJson] : fields) {
        const QJsonDocument value = QJsonDocument::fromJson(QByteArray("[") + valueJson + "]");
        event.insert(QString::fromUtf8(key), value.array().at(0));
    }
    return QString::fromUtf8(QJsonDocument(event).toJson(QJsonDocument::Compact));
}

// Every request's path; a method other than GET is marked so that a comparison fails on it.
QStringList requestedPaths(const test::FakeApiServer& server)
{
    QStringList paths;
    for (const test::FakeRequest& request : server.requests())
        paths.append(request.method == "GET" ? request.path : QStringLiteral("not a GET: ") + request.path);
    return paths;
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
    // kube-scheduler 1.20's events as core/v1 shows them.
    void coreV1ShapeOf120()
    {
        const auto failed = decodeSchedulingEvent(parse(QString::fromUtf8(failedScheduling120)), EventApi::CoreV1, source);
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

        const auto scheduled = decodeSchedulingEvent(parse(QString::fromUtf8(scheduled120)), EventApi::CoreV1, source);
        QVERIFY(scheduled);
        QCOMPARE(scheduled->reason, SchedulingEvent::Reason::Scheduled);
        QCOMPARE(scheduled->message, "Successfully assigned shop/web-0 to node-1");
        QCOMPARE(scheduled->count, 1);
        QCOMPARE(scheduled->lastTimestamp, scheduled->firstTimestamp);
    }

    void coreV1ShapeAndSchedulerName()
    {
        const QJsonObject json = parse(QString::fromUtf8(failedSchedulingCore));
        QVERIFY(!decodeSchedulingEvent(json, EventApi::CoreV1, source)); // not the default scheduler's
        const auto event = decodeSchedulingEvent(json, EventApi::CoreV1, source, QStringLiteral("my-scheduler"));
        QVERIFY(event);
        QCOMPARE(event->reportingController, "my-scheduler");
        QCOMPARE(event->count, 4);
        QCOMPARE(event->firstTimestamp, utc("2026-11-26T03:00:00Z"));
        QCOMPARE(event->lastTimestamp, utc("2026-11-26T03:05:00Z"));
    }

    // One stored Event, read through either API, is the same SchedulingEvent: the six recorded
    // events (the real scheduler's two FailedScheduling and one Scheduled, one with a series and
    // one in an older scheduler's core/v1 form as the admin wrote them, and a kubelet's Pulled).
    void recordedBothShapes()
    {
        const QMap<QString, QJsonObject> v1 = recordedItems("events-v1-list.json");
        const QMap<QString, QJsonObject> core = recordedItems("events-core-list.json");
        QCOMPARE(v1.keys(), core.keys());
        QMap<QString, SchedulingEvent> decoded;
        for (const QString& name : v1.keys()) {
            const auto fromV1 = decodeSchedulingEvent(v1[name], EventApi::EventsV1, sourceV1);
            const auto fromCore = decodeSchedulingEvent(core[name], EventApi::CoreV1, source);
            QVERIFY2(fromV1 == fromCore, qPrintable(name));
            if (fromV1)
                decoded.insert(name, *fromV1);
        }
        QCOMPARE(decoded.keys(), (QStringList {"pending-1.18eb81acc2aea61e", "pending-1.18eb81acc3229d4e", "pending-1.legacy",
                                               "pending-1.series", "sched-1.18eb81acc18c5e75"}));

        // The real scheduler's, through events.k8s.io/v1: regarding, note, eventTime, reportingController.
        const SchedulingEvent failed = decoded["pending-1.18eb81acc2aea61e"];
        QCOMPARE(failed.reason, SchedulingEvent::Reason::FailedScheduling);
        QCOMPARE(failed.eventNamespace, "default");
        QCOMPARE(failed.kind, "Pod");
        QCOMPARE(failed.namespace_, "default");
        QCOMPARE(failed.name, "pending-1");
        QCOMPARE(failed.uid, "b4fabc79-5737-4931-ab29-62e006819c56");
        QCOMPARE(failed.message, "0/1 nodes are available: 1 Insufficient cpu.");
        QCOMPARE(failed.type, "Warning");
        QCOMPARE(failed.count, 1);
        QCOMPARE(failed.firstTimestamp, utc("2026-11-26T05:37:35.438Z"));
        QCOMPARE(failed.lastTimestamp, failed.firstTimestamp);
        QCOMPARE(failed.reportingController, "default-scheduler");
        const SchedulingEvent scheduled = decoded["sched-1.18eb81acc18c5e75"];
        QCOMPARE(scheduled.reason, SchedulingEvent::Reason::Scheduled);
        QCOMPARE(scheduled.message, "Successfully assigned default/sched-1 to node-a");
        QCOMPARE(scheduled.type, "Normal");

        // series: count and lastObservedTime.
        const SchedulingEvent series = decoded["pending-1.series"];
        QCOMPARE(series.count, 3);
        QCOMPARE(series.firstTimestamp, utc("2026-11-26T05:36:00.123Z"));
        QCOMPARE(series.lastTimestamp, utc("2026-11-26T05:38:00.654Z"));

        // An older scheduler's: deprecatedSource, deprecatedCount, deprecated*Timestamp (and
        // reportingController absent, not empty, in events.k8s.io/v1).
        QVERIFY(!v1["pending-1.legacy"].contains("reportingController"));
        const SchedulingEvent legacy = decoded["pending-1.legacy"];
        QCOMPARE(legacy.reportingController, "default-scheduler");
        QCOMPARE(legacy.count, 4);
        QCOMPARE(legacy.firstTimestamp, utc("2026-11-26T05:30:00Z"));
        QCOMPARE(legacy.lastTimestamp, utc("2026-11-26T05:35:00Z"));
        QCOMPARE(legacy.message, "0/1 nodes are available: 1 node(s) didn\u0027t match node selector.");
    }

    // Other reasons and other components are dropped without a look at their other fields.
    void dropped_data()
    {
        QTest::addColumn<EventApi>("api");
        QTest::addColumn<QString>("json");
        QTest::newRow("kubelet Pulled") << EventApi::CoreV1 << withField("reason", "\"Pulled\"");
        QTest::newRow("Preempted") << EventApi::CoreV1 << withField("reason", "\"Preempted\"");
        QTest::newRow("another scheduler") << EventApi::CoreV1 << withField("reportingComponent", "\"my-scheduler\"");
        QTest::newRow("no reason, broken rest") << EventApi::CoreV1 << QStringLiteral("{\"metadata\": 7, \"involvedObject\": \"x\"}");
        QTest::newRow("v1 Preempted") << EventApi::EventsV1 << withFieldsV1({{"reason", "\"Preempted\""}});
        QTest::newRow("v1 another scheduler") << EventApi::EventsV1 << withFieldsV1({{"reportingController", "\"my-scheduler\""}});
        // No reportingController: deprecatedSource.component names the reporter.
        QTest::newRow("v1 kubelet, deprecatedSource")
            << EventApi::EventsV1 << withFieldsV1({{"reportingController", "\"\""}, {"deprecatedSource", "{\"component\": \"kubelet\"}"}});
        // core/v1's names mean nothing in events.k8s.io/v1's shape.
        QTest::newRow("v1 with core/v1 names")
            << EventApi::EventsV1
            << withFieldsV1({{"reportingController", "null"}, {"reportingComponent", "\"default-scheduler\""},
                             {"source", "{\"component\": \"default-scheduler\"}"}});
        QTest::newRow("v1 no reason, broken rest") << EventApi::EventsV1 << QStringLiteral("{\"metadata\": 7, \"regarding\": \"x\"}");
    }
    void dropped()
    {
        QFETCH(EventApi, api);
        QFETCH(QString, json);
        QVERIFY(!decodeSchedulingEvent(parse(json), api, api == EventApi::EventsV1 ? sourceV1 : source));
    }

    // One message naming the source and the field, by the name the shape gives it.
    void brokenInput_data()
    {
        QTest::addColumn<EventApi>("api");
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("expected");
        const auto core = EventApi::CoreV1;
        QTest::newRow("eventTime not a time") << core << withField("eventTime", "\"yesterday\"")
                                              << "eventTime: \"yesterday\" is not a UTC time (RFC 3339, as 2006-01-02T15:04:05Z)";
        QTest::newRow("eventTime not UTC") << core << withField("eventTime", "\"2026-11-26T04:00:01\"")
                                           << "eventTime: \"2026-11-26T04:00:01\" is not a UTC time (RFC 3339, as 2006-01-02T15:04:05Z)";
        QTest::newRow("no time at all") << core << withField("eventTime", "null")
                                        << "eventTime: required value is missing (and firstTimestamp too)";
        QTest::newRow("series count negative") << core << withField("series", "{\"count\": -1}")
                                               << "series.count: \"-1\" is out of range: must be between 0 and 2147483647";
        QTest::newRow("count a string") << core << withField("count", "\"many\"") << "count: \"many\" is not an integer";
        QTest::newRow("involvedObject a string") << core << withField("involvedObject", "\"pending\"")
                                                 << "involvedObject: expected a mapping, found the value \"pending\"";
        QTest::newRow("involvedObject without name") << core << withField("involvedObject", "{\"kind\": \"Pod\"}")
                                                     << "involvedObject.name: required value is missing";
        QTest::newRow("no metadata") << core << withField("metadata", "null") << "metadata: required value is missing";
        QTest::newRow("type unknown") << core << withField("type", "\"Error\"") << "type: \"Error\" is not one of Normal, Warning";

        const auto v1 = EventApi::EventsV1;
        QTest::newRow("v1 eventTime not a time") << v1 << withFieldsV1({{"eventTime", "\"yesterday\""}})
                                                 << "eventTime: \"yesterday\" is not a UTC time (RFC 3339, as 2006-01-02T15:04:05Z)";
        QTest::newRow("v1 no time at all") << v1 << withFieldsV1({{"eventTime", "null"}})
                                           << "eventTime: required value is missing (and deprecatedFirstTimestamp too)";
        QTest::newRow("v1 deprecatedFirstTimestamp not UTC")
            << v1 << withFieldsV1({{"deprecatedFirstTimestamp", "\"2026-11-26T05:30:00+01:00\""}})
            << "deprecatedFirstTimestamp: \"2026-11-26T05:30:00+01:00\" is not a UTC time (RFC 3339, as 2006-01-02T15:04:05Z)";
        // Read only without a series: series.lastObservedTime comes first.
        QTest::newRow("v1 deprecatedLastTimestamp not a time")
            << v1 << withFieldsV1({{"series", "null"}, {"deprecatedLastTimestamp", "\"soon\""}})
            << "deprecatedLastTimestamp: \"soon\" is not a UTC time (RFC 3339, as 2006-01-02T15:04:05Z)";
        QTest::newRow("v1 series.lastObservedTime not a time")
            << v1 << withFieldsV1({{"series", "{\"count\": 2, \"lastObservedTime\": \"later\"}"}})
            << "series.lastObservedTime: \"later\" is not a UTC time (RFC 3339, as 2006-01-02T15:04:05Z)";
        QTest::newRow("v1 series a list") << v1 << withFieldsV1({{"series", "[3]"}}) << "series: expected a mapping with field \"count\", found a list";
        QTest::newRow("v1 deprecatedCount a string") << v1 << withFieldsV1({{"deprecatedCount", "\"many\""}})
                                                     << "deprecatedCount: \"many\" is not an integer";
        QTest::newRow("v1 regarding a string") << v1 << withFieldsV1({{"regarding", "\"pending\""}})
                                               << "regarding: expected a mapping, found the value \"pending\"";
        QTest::newRow("v1 no regarding") << v1 << withFieldsV1({{"regarding", "null"}}) << "regarding: required value is missing";
        QTest::newRow("v1 regarding without kind") << v1 << withFieldsV1({{"regarding", "{\"name\": \"pending-1\"}"}})
                                                   << "regarding.kind: required value is missing";
        QTest::newRow("v1 note a mapping") << v1 << withFieldsV1({{"note", "{\"text\": \"x\"}"}})
                                           << "note: expected a string, found a mapping";
        QTest::newRow("v1 no metadata name") << v1 << withFieldsV1({{"metadata", "{\"namespace\": \"default\"}"}})
                                             << "metadata.name: required value is missing";
        QTest::newRow("v1 type unknown") << v1 << withFieldsV1({{"type", "\"Error\""}}) << "type: \"Error\" is not one of Normal, Warning";
    }
    void brokenInput()
    {
        QFETCH(EventApi, api);
        QFETCH(QString, json);
        QFETCH(QString, expected);
        const QString where = api == EventApi::EventsV1 ? sourceV1 : source;
        try {
            decodeSchedulingEvent(parse(json), api, where);
            QFAIL("decoded a broken event");
        } catch (const LoadError& error) {
            QCOMPARE(error.toString(), where + QStringLiteral(": ") + expected);
        }
    }

    // events.k8s.io/v1 through the reflector against the fake server: the recorded events listed,
    // the scheduler's kept by the Event's namespace/name, a broken one reported, core/v1 never asked.
    void reflectorReadsEventsK8sIo()
    {
        test::FakeApiServer server;
        QVERIFY(server.listen());
        auto* cluster = new test::FakeCluster(server, QStringLiteral("Event"), QStringLiteral("events.k8s.io/v1"), eventsV1Path);
        const QMap<QString, QJsonObject> recorded = recordedItems("events-v1-list.json");
        for (const QJsonObject& event : recorded)
            cluster->add(event);
        QJsonObject broken = recorded.value("pending-1.series");
        broken["metadata"] = QJsonObject {{"name", "broken.1"}, {"namespace", "default"}};
        broken["regarding"] = "pending-1";
        cluster->add(broken);

        RestClient client(test::readerConfig(server));
        Reflector reflector(client, *readResource("Event"), ksv::test::fastOptions(7, 500));
        QCOMPARE(reflector.resource().path, eventsV1Path);
        QSignalSpy rejected(&reflector, &Reflector::objectRejected);
        QSignalSpy synced(&reflector, &Reflector::synced);
        reflector.start();
        QVERIFY(synced.wait(10'000));
        QTRY_COMPARE(reflector.state(), Reflector::State::Watching);
        QCOMPARE(reflector.resource().apiVersion, "events.k8s.io/v1");
        QCOMPARE(reflector.store().size(), 0);
        const QMap<QString, QJsonObject> core = recordedItems("events-core-list.json");
        QStringList keys = reflector.events().keys();
        keys.sort();
        QCOMPARE(keys, (QStringList {"default/pending-1.18eb81acc2aea61e", "default/pending-1.18eb81acc3229d4e", "default/pending-1.legacy",
                                     "default/pending-1.series", "default/sched-1.18eb81acc18c5e75"}));
        for (const QString& key : std::as_const(keys)) // the same as core/v1 would have given
            QCOMPARE(reflector.events().value(key), *decodeSchedulingEvent(core.value(key.section('/', 1)), EventApi::CoreV1, source));
        QCOMPARE(rejected.size(), 1);
        QCOMPARE(rejected[0][0].toString(), "Event");
        QCOMPARE(rejected[0][1].toString(), "default/broken.1");
        QCOMPARE(rejected[0][2].toString(), server.url().toString() + eventsV1Path + QStringLiteral(": regarding: expected a mapping, found the value \"pending-1\""));

        // The watch: the scheduler's repeat becomes a series (the events.k8s.io recorder's way).
        QTRY_COMPARE(server.openStreams().size(), 1);
        QSignalSpy changed(&reflector, &Reflector::objectChanged);
        QJsonObject repeat = recorded.value("pending-1.18eb81acc2aea61e");
        repeat["series"] = QJsonObject {{"count", 2}, {"lastObservedTime", "2026-11-26T05:43:35.000001Z"}};
        cluster->modify(repeat);
        QVERIFY(changed.wait(5000));
        QCOMPARE(changed.last().at(0).toString(), "default/pending-1.18eb81acc2aea61e");
        const SchedulingEvent repeated = reflector.events().value("default/pending-1.18eb81acc2aea61e");
        QCOMPARE(repeated.count, 2);
        QCOMPARE(repeated.lastTimestamp, utc("2026-11-26T05:43:35.000Z"));
        QCOMPARE(requestedPaths(server), (QStringList {eventsV1Path, eventsV1Path})); // list, watch
        reflector.stop();
    }

    // A server without events.k8s.io/v1 (before 1.19): its list is a 404, and the reflector lists
    // and watches /api/v1/events instead, for good.
    void reflectorFallsBackToCoreV1()
    {
        test::FakeApiServer server;
        QVERIFY(server.listen());
        auto* cluster = new test::FakeCluster(server, QStringLiteral("Event"), QStringLiteral("v1"), coreV1Path);
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

        RestClient client(test::readerConfig(server));
        Reflector reflector(client, *readResource("Event"), ksv::test::fastOptions(7, 500));
        QSignalSpy rejected(&reflector, &Reflector::objectRejected);
        QSignalSpy synced(&reflector, &Reflector::synced);
        reflector.start();
        QVERIFY(synced.wait(10'000));
        QTRY_COMPARE(reflector.state(), Reflector::State::Watching);
        QCOMPARE(reflector.resource().apiVersion, "v1");
        QCOMPARE(reflector.resource().path, coreV1Path);
        QVERIFY(!olderVersion(reflector.resource()));
        const QString url = server.url().toString() + coreV1Path;
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
        // The 404, then core/v1's list and watch; core/v1 has nothing older to fall back to.
        QCOMPARE(requestedPaths(server), (QStringList {eventsV1Path, coreV1Path, coreV1Path}));
        reflector.stop();
    }
};

QTEST_GUILESS_MAIN(TestSchedulingEvent)
#include "tst_schedulingevent.moc"
