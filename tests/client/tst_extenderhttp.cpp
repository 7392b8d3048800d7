// Scheduler extenders over real HTTP: HTTPExtender with the Qt Network transport against the demo
// extender (`kschedviz extender`), served from its own thread in this process on 127.0.0.1. Every
// verb, nodeCacheCapable, managedResources, and the broken extenders upstream must survive: 500s,
// garbage, a node that was not sent, a timeout, a refused connection, HTTPS with the test CA
// (tests/client/data/tls/gen.sh) and with the wrong one, and a call cancelled while in flight.
#include "demoextender.h"
#include "extendersession.h"
#include "httptransport.h"

#include "../plugins/builders.h"
#include "../refusedport.h"
#include "extender/httpextender.h"
#include "framework/snapshot.h"
#include "scenario/loader.h"

#include <QElapsedTimer>
#include <QTest>

#include <thread>

using namespace ksv;
using namespace ksv::extender;
using namespace ksv::extenderhttp;

namespace {

const char* const rulesText = R"(apiVersion: kschedviz.io/v1alpha1
kind: ExtenderRules
filter:
  requireLabel: disktype=ssd
prioritize:
  scores: {node-a: 3, node-b: 9}
bind:
  refusePods: [default/refused]
preempt:
  protectLabel: tier=critical
faults:
  - {verb: filter, answer: error500, pods: [default/five-hundred]}
  - {verb: filter, answer: garbage, pods: [default/garbage]}
  - {verb: filter, answer: unknownNode, pods: [default/ghost]}
  - {verb: filter, answer: errorField, pods: [default/error-field]}
  - {verb: filter, answer: empty, pods: [default/empty]}
  - {verb: filter, answer: slow, delay: 6s, pods: [default/slow]}
)";

struct Recorder : ExtenderCallObserver
{
    QList<ExtenderCall> calls;
    void extenderCalled(const ExtenderCall& call) override { calls.append(call); }
};

framework::NodeInfoPtr nodeInfo(const char* name, bool ssd)
{
    test::NodeBuilder builder(name);
    if (ssd)
        builder.label("disktype", "ssd");
    return std::make_shared<framework::NodeInfo>(std::make_shared<const Node>(Node(builder)));
}

Pod pod(const char* name)
{
    return test::PodBuilder(name).obj();
}

QString tlsFixture(const char* name)
{
    return QStringLiteral(KSV_CLIENT_DATA_DIR "/tls/") + QLatin1String(name);
}

} // namespace

class TestExtenderHttp : public QObject
{
    Q_OBJECT

    std::unique_ptr<DemoExtenderThread> m_demo;
    quint16 m_port = 0;
    HttpExtenderTransport m_transport;

    config::Extender extenderConfig(bool nodeCacheCapable = false) const
    {
        config::Extender config;
        config.urlPrefix = QStringLiteral("http://127.0.0.1:%1/scheduler/").arg(m_port);
        config.filterVerb = QStringLiteral("filter");
        config.prioritizeVerb = QStringLiteral("prioritize");
        config.bindVerb = QStringLiteral("bind");
        config.preemptVerb = QStringLiteral("preempt");
        config.weight = 2;
        config.nodeCacheCapable = nodeCacheCapable;
        // Generous: a loaded machine (CI on two cores) must not turn an answer into a timeout.
        config.httpTimeoutNanos = 30'000'000'000;
        return config;
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_demo = std::make_unique<DemoExtenderThread>(decodeDemoRules(QByteArray(rulesText), QStringLiteral("rules.yaml")));
        QString error;
        m_port = m_demo->startListening(&error);
        QVERIFY2(m_port != 0, qPrintable(error));
    }

    void filterWithWholeNodes()
    {
        const config::Extender config = extenderConfig();
        Recorder recorder;
        HTTPExtender extender(config, 0, m_transport, &recorder);
        const auto result = extender.filter(pod("web"), {nodeInfo("node-a", true), nodeInfo("node-b", false)});
        QVERIFY2(!result.error, qPrintable(result.error.value_or(QString())));
        QCOMPARE(result.feasible.size(), 1);
        QCOMPARE(result.feasible[0]->name(), QStringLiteral("node-a"));
        QCOMPARE(result.failed.value(QStringLiteral("node-b")), QStringLiteral("node(s) didn't have label disktype=ssd"));
        QCOMPARE(recorder.calls.size(), 1);
        QCOMPARE(recorder.calls[0].url, QStringLiteral("http://127.0.0.1:%1/scheduler/filter").arg(m_port));
        QCOMPARE(recorder.calls[0].response.status, 200);
        QVERIFY(recorder.calls[0].request.contains("\"Nodes\":{"));
        QVERIFY(recorder.calls[0].error.isEmpty());
    }

    // By name, the demo cannot see labels: it says so in the answer's Error, which fails the call.
    void filterByNameOnly()
    {
        const config::Extender config = extenderConfig(true);
        HTTPExtender extender(config, 0, m_transport, nullptr);
        const auto result = extender.filter(pod("web"), {nodeInfo("node-a", true)});
        QCOMPARE(result.error.value_or(QString()),
                 QStringLiteral("the demo extender's requireLabel needs whole nodes: set nodeCacheCapable to false"));
    }

    void prioritizeBindPreempt()
    {
        const config::Extender config = extenderConfig();
        HTTPExtender extender(config, 0, m_transport, nullptr);
        const auto scores = extender.prioritize(pod("web"), {nodeInfo("node-a", true), nodeInfo("node-b", true)});
        QVERIFY(!scores.error);
        QCOMPARE(scores.weight, qint64(2));
        QCOMPARE(scores.scores, (QList<framework::HostPriority> {{"node-a", 3}, {"node-b", 9}}));

        QCOMPARE(extender.bind(pod("web"), QStringLiteral("node-a")), std::nullopt);
        QCOMPARE(extender.bind(pod("refused"), QStringLiteral("node-a")).value_or(QString()),
                 QStringLiteral("binding of default/refused refused by the demo extender"));

        // Victims on two nodes; on node-b one is protected, so node-b is dropped.
        Pod low = test::PodBuilder("low").uid("u-low").node("node-a").obj();
        Pod critical = test::PodBuilder("critical").uid("u-critical").node("node-b").label("tier", "critical").obj();
        const framework::Snapshot snapshot = framework::Snapshot::fromCluster(
            {test::NodeBuilder("node-a").obj(), test::NodeBuilder("node-b").obj()}, {low, critical});
        framework::NodeNameToVictims victims;
        victims.insert(QStringLiteral("node-a"), framework::ExtenderVictims {{framework::PodInfo::create(low)}, 0});
        victims.insert(QStringLiteral("node-b"), framework::ExtenderVictims {{framework::PodInfo::create(critical)}, 1});
        const auto kept = extender.processPreemption(pod("web"), victims, snapshot);
        QVERIFY2(!kept.error, qPrintable(kept.error.value_or(QString())));
        QCOMPARE(kept.victims.keys(), QStringList {"node-a"});
        QCOMPARE(kept.victims.value("node-a").pods.constFirst()->pod->meta.uid, QStringLiteral("u-low"));
    }

    void managedResources()
    {
        config::Extender config = extenderConfig();
        config.managedResources = {config::ExtenderManagedResource {QStringLiteral("example.com/gpu"), false}};
        HTTPExtender extender(config, 0, m_transport, nullptr);
        QVERIFY(!extender.isInterested(pod("web")));
        Pod gpu = test::PodBuilder("gpu").req({{"example.com/gpu", "1"}}).obj();
        QVERIFY(extender.isInterested(gpu));
    }

    void brokenExtenders_data()
    {
        QTest::addColumn<QString>("pod");
        QTest::addColumn<QString>("error"); // %1: the port
        QTest::newRow("500") << "five-hundred" << "failed filter with extender at URL http://127.0.0.1:%1/scheduler/filter, code 500";
        QTest::newRow("garbage") << "garbage" << "invalid character '<' looking for beginning of value";
        QTest::newRow("node not sent") << "ghost"
                                       << "extender \"http://127.0.0.1:%1/scheduler/\" claims a filtered node \"ghost-node\" which is not found in the input node list";
        QTest::newRow("Error field") << "error-field" << "demo fault: errorField";
        QTest::newRow("empty body") << "empty" << "EOF";
        QTest::newRow("timeout") << "slow"
                                 << "Post \"http://127.0.0.1:%1/scheduler/filter\": context deadline exceeded (Client.Timeout exceeded while awaiting headers)";
    }
    void brokenExtenders()
    {
        QFETCH(QString, pod);
        QFETCH(QString, error);
        config::Extender config = extenderConfig();
        if (pod == QLatin1String("slow"))
            config.httpTimeoutNanos = 1'000'000'000;
        Recorder recorder;
        HTTPExtender extender(config, 0, m_transport, &recorder);
        QElapsedTimer clock;
        clock.start();
        const auto result = extender.filter(::pod(qPrintable(pod)), {nodeInfo("node-a", true)});
        QCOMPARE(result.error.value_or(QString()), error.arg(m_port));
        QVERIFY(clock.elapsed() < 5000); // the slow answer (6 s) is cut at httpTimeout (1 s)
        QCOMPARE(recorder.calls.size(), 1);
        QCOMPARE(recorder.calls[0].error, error.arg(m_port));
    }

    void connectionRefused()
    {
        config::Extender config = extenderConfig();
        const testing::RefusedPort refused;
        QVERIFY(refused.port() != 0);
        const quint16 port = refused.port();
        config.urlPrefix = QStringLiteral("http://127.0.0.1:%1").arg(port);
        HTTPExtender extender(config, 0, m_transport, nullptr);
        const auto result = extender.filter(pod("web"), {nodeInfo("node-a", true)});
        QCOMPARE(result.error.value_or(QString()),
                 QStringLiteral("Post \"http://127.0.0.1:%1/filter\": dial tcp 127.0.0.1:%1: connect: connection refused").arg(port));
    }

    void https()
    {
        DemoServerOptions options;
        options.certFile = tlsFixture("server.crt");
        options.keyFile = tlsFixture("server.key");
        DemoExtenderThread secure(decodeDemoRules(QByteArray(rulesText), QStringLiteral("rules.yaml")), options);
        QString error;
        const quint16 port = secure.startListening(&error);
        QVERIFY2(port != 0, qPrintable(error));

        config::Extender config = extenderConfig();
        config.urlPrefix = QStringLiteral("https://127.0.0.1:%1").arg(port);
        config.enableHTTPS = true;
        config.tlsConfig = config::ExtenderTLSConfig {};
        config.tlsConfig->caFile = tlsFixture("ca.crt");
        QCOMPARE(tlsConfigProblem(config), QString());
        HTTPExtender verified(config, 0, m_transport, nullptr);
        auto result = verified.filter(pod("web"), {nodeInfo("node-a", true)});
        QVERIFY2(!result.error, qPrintable(result.error.value_or(QString())));
        QCOMPARE(result.feasible.size(), 1);

        config.tlsConfig->caFile = tlsFixture("other-ca.crt");
        HTTPExtender wrongCa(config, 0, m_transport, nullptr);
        result = wrongCa.filter(pod("web"), {nodeInfo("node-a", true)});
        QCOMPARE(result.error.value_or(QString()), QStringLiteral("Post \"https://127.0.0.1:%1/filter\": tls: failed to verify certificate: "
                                                                 "x509: certificate signed by unknown authority").arg(port));

        // enableHTTPS without a CA: upstream skips verification.
        config.tlsConfig.reset();
        HTTPExtender insecure(config, 0, m_transport, nullptr);
        result = insecure.filter(pod("web"), {nodeInfo("node-a", true)});
        QVERIFY2(!result.error, qPrintable(result.error.value_or(QString())));

        config.tlsConfig = config::ExtenderTLSConfig {};
        config.tlsConfig->insecure = true;
        config.tlsConfig->caFile = tlsFixture("ca.crt");
        QCOMPARE(tlsConfigProblem(config), QStringLiteral("specifying a root certificates file with the insecure flag is not allowed"));
        config.tlsConfig->insecure = false;
        config.tlsConfig->caFile = tlsFixture("missing.crt");
        QVERIFY(tlsConfigProblem(config).startsWith(QStringLiteral("open ") + tlsFixture("missing.crt")));
    }

    // A call in flight ends at once when cancelled (a new run, stop, quitting), and so does every later one.
    void cancelInFlight()
    {
        HttpExtenderTransport transport;
        const config::Extender config = extenderConfig();
        config::Extender slow = config;
        slow.httpTimeoutNanos = 30'000'000'000;
        HTTPExtender extender(slow, 0, transport, nullptr);
        std::optional<QString> error;
        QElapsedTimer clock;
        clock.start();
        std::thread engine([&] { error = extender.filter(pod("slow"), {nodeInfo("node-a", true)}).error; });
        QTest::qWait(200);
        transport.cancel();
        engine.join();
        QVERIFY(clock.elapsed() < 5000); // well before the slow answer (6 s)
        QCOMPARE(error.value_or(QString()), QStringLiteral("Post \"http://127.0.0.1:%1/scheduler/filter\": context canceled").arg(m_port));
        QCOMPARE(extender.filter(pod("web"), {nodeInfo("node-a", true)}).error.value_or(QString()),
                 QStringLiteral("Post \"http://127.0.0.1:%1/scheduler/filter\": context canceled").arg(m_port));
    }

    void demoRulesBrokenInput_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("error");
        QTest::newRow("kind") << QByteArray("apiVersion: kschedviz.io/v1alpha1\nkind: Rules\n") << "rules.yaml:2:7: kind: expected ExtenderRules";
        QTest::newRow("unknown field") << QByteArray("apiVersion: kschedviz.io/v1alpha1\nkind: ExtenderRules\nfilter:\n  label: a=b\n")
                                       << "rules.yaml:4:3: filter.label: unknown field; filter has requireLabel, allowNodes, unresolvable, refusePods";
        QTest::newRow("label rule") << QByteArray("apiVersion: kschedviz.io/v1alpha1\nkind: ExtenderRules\nfilter:\n  requireLabel: ssd\n")
                                    << "rules.yaml:4:17: filter.requireLabel: expected key=value, such as disktype=ssd";
        QTest::newRow("score range") << QByteArray("apiVersion: kschedviz.io/v1alpha1\nkind: ExtenderRules\nprioritize:\n  scores: {a: 11}\n")
                                     << "rules.yaml:4:15: prioritize.scores.a: \"11\" is out of range: must be between 0 and 10";
        QTest::newRow("fault answer") << QByteArray("apiVersion: kschedviz.io/v1alpha1\nkind: ExtenderRules\nfaults:\n  - {verb: filter, answer: boom}\n")
                                      << "rules.yaml:4:28: faults[0].answer: \"boom\" is not one of error500, garbage, unknownNode, errorField, slow, empty";
        QTest::newRow("slow without delay") << QByteArray("apiVersion: kschedviz.io/v1alpha1\nkind: ExtenderRules\nfaults:\n  - {verb: bind, answer: slow}\n")
                                            << "rules.yaml:4:5: faults[0].delay: a slow answer needs a delay";
        QTest::newRow("broken yaml") << QByteArray("apiVersion: [\n") << "rules.yaml:2:1: invalid YAML";
    }
    void demoRulesBrokenInput()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, error);
        try {
            decodeDemoRules(text, QStringLiteral("rules.yaml"));
            QFAIL("no error");
        } catch (const LoadError& e) {
            // The whole message, but for YAML's own syntax errors, whose wording is yaml-cpp's.
            if (error.endsWith(QLatin1String("invalid YAML")))
                QVERIFY2(e.toString().startsWith(error), qPrintable(e.toString()));
            else
                QCOMPARE(e.toString(), error);
        }
    }

    void cleanupTestCase() { m_demo.reset(); }
};

QTEST_GUILESS_MAIN(TestExtenderHttp)
#include "tst_extenderhttp.moc"
