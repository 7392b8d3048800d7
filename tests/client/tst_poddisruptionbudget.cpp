// PodDisruptionBudgets from servers that serve policy/v1 and from 1.20, which serves only
// policy/v1beta1: the reflector falls back on a 404 of the v1 list and decodes both versions into
// the same model. The objects are written by hand in the shape kube-apiserver 1.20.2 returns
// (not recorded: the recorded fixtures hold nodes and pods only).
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

const QString v1Path = QStringLiteral("/apis/policy/v1/poddisruptionbudgets");
const QString v1beta1Path = QStringLiteral("/apis/policy/v1beta1/poddisruptionbudgets");

QJsonObject pdb(const QString& name, const char* specJson, const char* statusJson = "{}")
{
    // As a 1.20 server lists one (metadata trimmed of managedFields).
    QJsonObject meta;
    meta.insert("name", name);
    meta.insert("namespace", "shop");
    meta.insert("uid", QString("6c1e0a4e-" + name));
    meta.insert("generation", 1);
    meta.insert("creationTimestamp", "2026-11-26T04:00:00Z");
    QJsonObject object;
    object.insert("metadata", meta);
    object.insert("spec", QJsonDocument::fromJson(specJson).object());
    object.insert("status", QJsonDocument::fromJson(statusJson).object());
    return object;
}


const PodDisruptionBudget& budget(const Reflector& reflector, const QString& key)
{
    const KubeObject* object = reflector.store().find(key);
    if (!object)
        qFatal("no %s in the store", qPrintable(key));
    return std::get<PodDisruptionBudget>(*object);
}

} // namespace

class TestPodDisruptionBudget : public QObject
{
    Q_OBJECT

    std::unique_ptr<FakeApiServer> m_server;
    FakeCluster* m_cluster = nullptr;
    std::unique_ptr<RestClient> m_client;
    std::unique_ptr<Reflector> m_reflector;

    void serve(const QString& apiVersion, const QString& path)
    {
        m_server = std::make_unique<FakeApiServer>();
        QVERIFY(m_server->listen());
        m_cluster = new FakeCluster(*m_server, QStringLiteral("PodDisruptionBudget"), apiVersion, path);
        m_client = std::make_unique<RestClient>(ksv::test::readerConfig(*m_server));
    }

    void startReflector()
    {
        m_reflector = std::make_unique<Reflector>(*m_client, *readResource("PodDisruptionBudget"), ksv::test::fastOptions(7, 500));
        QSignalSpy synced(m_reflector.get(), &Reflector::synced);
        m_reflector->start();
        QVERIFY(synced.wait(10'000));
        QTRY_COMPARE(m_reflector->state(), Reflector::State::Watching);
    }

    QStringList requestedPaths() const
    {
        QStringList paths;
        for (const FakeRequest& request : m_server->requests()) {
            paths.append(request.method == "GET" ? request.path : QStringLiteral("not a GET: ") + request.path);
        }
        return paths;
    }

private Q_SLOTS:
    void cleanup()
    {
        m_reflector.reset();
        m_client.reset();
        m_server.reset();
    }

    // A 1.20 server: the v1 list is a 404, the reflector reads v1beta1, lists and watches it.
    void servesV1beta1Only()
    {
        serve(QStringLiteral("policy/v1beta1"), v1beta1Path);
        m_cluster->add(pdb("web", R"({"selector": {"matchLabels": {"app": "web"}}, "minAvailable": 2})",
                           R"({"disruptionsAllowed": 1, "currentHealthy": 3, "desiredHealthy": 2, "expectedPods": 3})"));
        m_cluster->add(pdb("db", R"({"selector": {"matchExpressions": [{"key": "app", "operator": "In", "values": ["db"]}]},
                                     "maxUnavailable": "50%"})"));
        m_cluster->add(pdb("none", R"({"selector": {}, "minAvailable": 1})")); // v1beta1: selects no pod
        startReflector();

        QCOMPARE(m_reflector->resource().apiVersion, "policy/v1beta1");
        QCOMPARE(m_reflector->resource().path, v1beta1Path);
        QTRY_COMPARE(m_server->openStreams().size(), 1);
        QCOMPARE(requestedPaths(), (QStringList {v1Path, v1beta1Path, v1beta1Path})); // 404, list, watch
        QCOMPARE(m_reflector->store().size(), 3);

        const PodDisruptionBudget& web = budget(*m_reflector, "shop/web");
        QVERIFY(web.selector.has_value());
        QCOMPARE(web.selector->matchLabels.value("app"), "web");
        QCOMPARE(web.minAvailable, (IntOrPercent {2, false}));
        QVERIFY(!web.maxUnavailable);
        QCOMPARE(web.disruptionsAllowed, 1);
        QCOMPARE(web.meta.source.file, m_server->url().toString() + v1beta1Path);

        const PodDisruptionBudget& db = budget(*m_reflector, "shop/db");
        QCOMPARE(db.maxUnavailable, (IntOrPercent {50, true}));
        QCOMPARE(db.selector->matchExpressions.size(), 1);
        QVERIFY(!db.disruptionsAllowed);

        QVERIFY(!budget(*m_reflector, "shop/none").selector); // matches none, as v1beta1 meant

        // Watch events carry apiVersion policy/v1beta1 and decode as list items do.
        QSignalSpy changed(m_reflector.get(), &Reflector::objectChanged);
        m_cluster->add(pdb("late", R"({"selector": {"matchLabels": {"app": "late"}}, "maxUnavailable": 1})"));
        QVERIFY(changed.wait(5000));
        QCOMPARE(budget(*m_reflector, "shop/late").maxUnavailable, (IntOrPercent {1, false}));
        QVERIFY(!requestedPaths().mid(1).contains(v1Path)); // no second try of v1
    }

    // A server that serves v1: v1 is read, v1beta1 never asked for; an empty v1 selector selects all.
    void servesV1()
    {
        serve(QStringLiteral("policy/v1"), v1Path);
        m_cluster->add(pdb("all", R"({"selector": {}, "maxUnavailable": 1})", R"({"disruptionsAllowed": 0})"));
        startReflector();
        QCOMPARE(m_reflector->resource().apiVersion, "policy/v1");
        QVERIFY(!requestedPaths().contains(v1beta1Path));
        const PodDisruptionBudget& all = budget(*m_reflector, "shop/all");
        QVERIFY(all.selector.has_value());
        QVERIFY(all.selector->matchLabels.isEmpty() && all.selector->matchExpressions.isEmpty());
        QCOMPARE(all.disruptionsAllowed, 0);
    }

    // Only policy/v1's PodDisruptionBudget (and events.k8s.io/v1's Event: tst_schedulingevent) has
    // an older version to fall back to; a 404 on any other kind stays a fault (backoff, list again).
    void olderVersions()
    {
        QVERIFY(!olderVersion(*readResource("Node")));
        QCOMPARE(olderVersion(*readResource("PodDisruptionBudget"))->path, v1beta1Path);
        QVERIFY(!olderVersion(*olderVersion(*readResource("PodDisruptionBudget"))));
    }

    // One broken budget among good ones: one message naming the URL and the field; the rest listed.
    void brokenInput_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<QString>("expected"); // after "<url><path>: "
        QTest::newRow("selector operator") << R"({"selector": {"matchExpressions": [{"key": "app", "operator": "Near", "values": ["x"]}]}, "minAvailable": 1})"
                                           
                                           << "spec.selector.matchExpressions[0].operator: \"Near\" is not one of In, NotIn, Exists, DoesNotExist";
        QTest::newRow("matchLabels a list") << R"({"selector": {"matchLabels": ["app"]}, "minAvailable": 1})" 
                                           << "spec.selector.matchLabels: expected a mapping, found a list";
        QTest::newRow("minAvailable word") << R"({"selector": {"matchLabels": {"app": "web"}}, "minAvailable": "ten"})" 
                                           << "spec.minAvailable: \"ten\" is not a non-negative integer or a percentage";
        QTest::newRow("maxUnavailable bad percent") << R"({"selector": {"matchLabels": {"app": "web"}}, "maxUnavailable": "5x%"})" 
                                           << "spec.maxUnavailable: \"5x%\" is not a non-negative integer or a percentage";
        QTest::newRow("minAvailable fraction") << R"({"selector": {"matchLabels": {"app": "web"}}, "minAvailable": 1.5})" 
                                           << "spec.minAvailable: \"1.5\" is not a non-negative integer or a percentage";
        QTest::newRow("both set") << R"({"selector": {"matchLabels": {"app": "web"}}, "minAvailable": 1, "maxUnavailable": 1})" 
                                           << "spec.maxUnavailable: minAvailable and maxUnavailable cannot be both set";
    }
    void brokenInput()
    {
        QFETCH(QString, spec);
        QFETCH(QString, expected);
        serve(QStringLiteral("policy/v1beta1"), v1beta1Path);
        m_cluster->add(pdb("good", R"({"selector": {"matchLabels": {"app": "web"}}, "minAvailable": 1})"));
        m_cluster->add(pdb("broken", spec.toUtf8().constData()));
        m_reflector = std::make_unique<Reflector>(*m_client, *readResource("PodDisruptionBudget"), ksv::test::fastOptions(7, 500));
        QSignalSpy rejected(m_reflector.get(), &Reflector::objectRejected);
        QSignalSpy synced(m_reflector.get(), &Reflector::synced);
        m_reflector->start();
        QVERIFY(synced.wait(10'000));
        QCOMPARE(rejected.size(), 1);
        QCOMPARE(rejected[0][0].toString(), "PodDisruptionBudget");
        QCOMPARE(rejected[0][1].toString(), "shop/broken");
        QCOMPARE(rejected[0][2].toString(), m_server->url().toString() + v1beta1Path + QStringLiteral(": ") + expected);
        QCOMPARE(m_reflector->store().size(), 1);
        QVERIFY(m_reflector->store().find("shop/good"));
    }
};

QTEST_GUILESS_MAIN(TestPodDisruptionBudget)
#include "tst_poddisruptionbudget.moc"
