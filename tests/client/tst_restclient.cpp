// The GET-only HTTP layer against the fake API server: TLS from the kubeconfig, credentials,
// streams, faults, and proof that nothing but GET goes out and no credential is ever printed.
#include "fakeapiserver.h"
#include "restclient.h"

#include <QDirIterator>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace ksv;
using namespace ksv::client;
using ksv::test::FakeApiServer;
using ksv::test::FakeExchange;
using ksv::test::FakeRequest;

namespace {

const QByteArray secretToken = "sekrit-token-4711";

QStringList g_messages;
QtMessageHandler g_previousHandler = nullptr;

// Every log line of the run is kept, to check at the end that no credential was printed.
void recordMessage(QtMsgType type, const QMessageLogContext& context, const QString& message)
{
    g_messages.append(message);
    g_previousHandler(type, context, message);
}

ResolvedConfig configFor(const FakeApiServer& server)
{
    ResolvedConfig config;
    config.contextName = "test";
    config.cluster.name = "fake";
    config.cluster.server = server.url();
    config.cluster.certificateAuthorityPem = FakeApiServer::readFixture("tls/ca.crt");
    return config;
}

// Waits for a reply to finish; the reply is deleted with the returned pointer.
std::unique_ptr<RestReply> wait(RestReply* reply)
{
    std::unique_ptr<RestReply> owned(reply);
    QSignalSpy finished(reply, &RestReply::finished);
    if (!reply->isFinished())
        finished.wait(15'000);
    return owned;
}

} // namespace

class TestRestClient : public QObject
{
    Q_OBJECT

    std::unique_ptr<FakeApiServer> m_server;
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase() { g_previousHandler = qInstallMessageHandler(recordMessage); }

    void init()
    {
        m_server = std::make_unique<FakeApiServer>();
        QVERIFY(m_server->listen());
        m_server->setHandler([](const FakeRequest& request, FakeExchange& exchange) {
            exchange.respond(200, "{\"kind\":\"NodeList\",\"path\":\"" + request.path.toUtf8() + "\"}");
        });
    }

    // Whatever a test did, the server saw GET only.
    void cleanup()
    {
        for (const FakeRequest& request : m_server->requests())
            QCOMPARE(request.method, QByteArray("GET"));
        m_server.reset();
    }

    void cleanupTestCase()
    {
        qInstallMessageHandler(g_previousHandler);
        for (const QString& message : std::as_const(g_messages)) {
            QVERIFY2(!message.contains(QString::fromLatin1(secretToken)), qPrintable(message));
            QVERIFY2(!message.contains("PRIVATE KEY"), qPrintable(message));
        }
    }

    void tokenOverTls()
    {
        ResolvedConfig config = configFor(*m_server);
        config.user.token = secretToken;
        RestClient client(config);
        QUrlQuery query;
        query.addQueryItem("limit", "500");
        const auto reply = wait(client.get("/api/v1/nodes", query));
        QCOMPARE(reply->error(), RestReply::Error::None);
        QCOMPARE(reply->httpStatus(), 200);
        QCOMPARE(reply->body(), QByteArray("{\"kind\":\"NodeList\",\"path\":\"/api/v1/nodes\"}"));
        QCOMPARE(m_server->requests().size(), 1);
        const FakeRequest& request = m_server->requests().constFirst();
        QCOMPARE(request.headers.value("authorization"), "Bearer " + secretToken);
        QCOMPARE(request.queryValue("limit"), "500");
        QVERIFY(request.clientCertificate.isNull());
    }

    void clientCertificates_data()
    {
        QTest::addColumn<QString>("name");
        QTest::newRow("rsa") << "client-rsa";
        QTest::newRow("ec") << "client-ec";
    }
    void clientCertificates()
    {
        QFETCH(QString, name);
        ResolvedConfig config = configFor(*m_server);
        config.user.clientCertificatePem = FakeApiServer::readFixture("tls/" + name + ".crt");
        config.user.clientKeyPem = FakeApiServer::readFixture("tls/" + name + ".key");
        RestClient client(config);
        const auto reply = wait(client.get("/api/v1/pods"));
        QCOMPARE(reply->error(), RestReply::Error::None);
        QCOMPARE(m_server->requests().constFirst().clientCertificate, QSslCertificate(config.user.clientCertificatePem));
        QVERIFY(!m_server->requests().constFirst().headers.contains("authorization"));
    }

    void tlsVerification_data()
    {
        QTest::addColumn<QString>("ca");
        QTest::addColumn<bool>("insecure");
        QTest::addColumn<QString>("serverName");
        QTest::addColumn<bool>("succeeds");
        QTest::newRow("cluster CA") << "tls/ca.crt" << false << "" << true;
        QTest::newRow("another CA") << "tls/other-ca.crt" << false << "" << false;
        QTest::newRow("insecure, no CA") << "" << true << "" << true;
        QTest::newRow("tls-server-name in the certificate") << "tls/ca.crt" << false << "kubernetes.test" << true;
        QTest::newRow("tls-server-name not in it") << "tls/ca.crt" << false << "elsewhere.test" << false;
    }
    void tlsVerification()
    {
        QFETCH(QString, ca);
        QFETCH(bool, insecure);
        QFETCH(QString, serverName);
        QFETCH(bool, succeeds);
        ResolvedConfig config = configFor(*m_server);
        config.cluster.certificateAuthorityPem = ca.isEmpty() ? QByteArray() : FakeApiServer::readFixture(ca);
        config.cluster.insecureSkipTlsVerify = insecure;
        config.cluster.tlsServerName = serverName;
        config.user.token = secretToken;
        if (insecure) {
            config.warnings.append("insecure-skip-tls-verify is set");
            QTest::ignoreMessage(QtWarningMsg, "insecure-skip-tls-verify is set");
        }
        RestClient client(config);
        QCOMPARE(client.warnings(), config.warnings);
        const auto reply = wait(client.get("/api/v1/nodes"));
        QCOMPARE(reply->error(), succeeds ? RestReply::Error::None : RestReply::Error::Network);
        if (!succeeds) {
            QVERIFY2(reply->errorString().startsWith(m_server->url().toString() + "/api/v1/nodes: "), qPrintable(reply->errorString()));
            QVERIFY(m_server->requests().isEmpty()); // the token never left the client
        }
    }

    // kubectl proxy: plain http to 127.0.0.1, no credentials at all.
    void kubectlProxy()
    {
        FakeApiServer proxy(FakeApiServer::Mode::PlainHttp);
        QVERIFY(proxy.listen());
        proxy.setHandler([](const FakeRequest&, FakeExchange& exchange) { exchange.respond(200, "{}"); });
        ResolvedConfig config;
        config.cluster.server = proxy.url();
        RestClient client(config);
        const auto reply = wait(client.get("/api/v1/namespaces"));
        QCOMPARE(reply->error(), RestReply::Error::None);
        QCOMPARE(proxy.requests().size(), 1);
        QCOMPARE(proxy.requests().constFirst().method, QByteArray("GET"));
        QVERIFY(!proxy.requests().constFirst().headers.contains("authorization"));
    }

    // proxy-url: the request goes to the proxy, in absolute form.
    void proxyUrl()
    {
        FakeApiServer proxy(FakeApiServer::Mode::PlainHttp);
        QVERIFY(proxy.listen());
        proxy.setHandler([](const FakeRequest&, FakeExchange& exchange) { exchange.respond(200, "{}"); });
        ResolvedConfig config;
        config.cluster.server = QUrl("http://cluster.invalid:8080");
        config.cluster.proxyUrl = proxy.url();
        RestClient client(config);
        const auto reply = wait(client.get("/api/v1/nodes"));
        QCOMPARE(reply->error(), RestReply::Error::None);
        QCOMPARE(proxy.requests().size(), 1);
        QCOMPARE(proxy.requests().constFirst().method, QByteArray("GET"));
        QCOMPARE(proxy.requests().constFirst().target, QByteArray("http://cluster.invalid:8080/api/v1/nodes"));
    }

    // 401 for the plugin's first token: the plugin runs again and the request is repeated once.
    void unauthorizedRefreshesExecCredential()
    {
        const QString script = m_dir.filePath("plugin.sh");
        QFile file(script);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("#!/bin/sh\nn=$(cat '" + m_dir.filePath("count").toUtf8() + "' 2>/dev/null || echo 0); n=$((n+1)); echo $n > '"
                   + m_dir.filePath("count").toUtf8()
                   + "'\nprintf '{\"apiVersion\":\"client.authentication.k8s.io/v1\",\"kind\":\"ExecCredential\",\"status\":{\"token\":\"" + secretToken
                   + "-%s\"}}' $n\n");
        file.close();
        file.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);

        m_server->setHandler([](const FakeRequest& request, FakeExchange& exchange) {
            if (request.headers.value("authorization") != "Bearer " + secretToken + "-2")
                exchange.respondStatus(401, "Unauthorized", "Unauthorized");
            else
                exchange.respond(200, "{}");
        });
        ResolvedConfig config = configFor(*m_server);
        ExecConfig exec;
        exec.apiVersion = "client.authentication.k8s.io/v1";
        exec.command = script;
        exec.interactiveMode = ExecConfig::InteractiveMode::Never;
        config.user.exec = exec;
        RestClient client(config);
        const auto reply = wait(client.get("/api/v1/nodes"));
        QCOMPARE(reply->error(), RestReply::Error::None);
        QCOMPARE(client.credentials().pluginRuns(), 2);
        QCOMPARE(m_server->requests().size(), 2);

        // A second 401 is an answer, not a loop.
        m_server->setHandler([](const FakeRequest&, FakeExchange& exchange) { exchange.respondStatus(401, "Unauthorized", "Unauthorized"); });
        const auto refused = wait(client.get("/api/v1/pods"));
        QCOMPARE(refused->error(), RestReply::Error::Http);
        QCOMPARE(refused->httpStatus(), 401);
        QCOMPARE(client.credentials().pluginRuns(), 3);
        QVERIFY(!refused->errorString().contains(QString::fromLatin1(secretToken)));
    }

    void staticTokenUnauthorized()
    {
        m_server->setHandler([](const FakeRequest&, FakeExchange& exchange) { exchange.respondStatus(401, "Unauthorized", "Unauthorized"); });
        ResolvedConfig config = configFor(*m_server);
        config.user.token = secretToken;
        RestClient client(config);
        const auto reply = wait(client.get("/api/v1/nodes"));
        QCOMPARE(reply->error(), RestReply::Error::Http);
        QCOMPARE(reply->errorString(), m_server->url().toString() + "/api/v1/nodes: HTTP 401: Unauthorized");
        QCOMPARE(m_server->requests().size(), 1);
    }

    void statusObject()
    {
        m_server->setHandler([](const FakeRequest&, FakeExchange& exchange) {
            exchange.respondStatus(410, "Expired", "The provided continue parameter is too old to display a consistent list result.");
        });
        RestClient client(configFor(*m_server));
        const auto reply = wait(client.get("/api/v1/pods"));
        QCOMPARE(reply->error(), RestReply::Error::Http);
        QCOMPARE(reply->httpStatus(), 410);
        QCOMPARE(reply->statusReason(), "Expired");
        QVERIFY(reply->errorString().endsWith("HTTP 410: The provided continue parameter is too old to display a consistent list result."));
    }

    // Lines split across chunks, several in one chunk, blank lines, then a clean end.
    void streamLines()
    {
        m_server->setHandler([](const FakeRequest&, FakeExchange& exchange) {
            exchange.startStream();
            exchange.sendChunk("{\"a\":");
            exchange.sendChunk("1}\n{\"b\":2}\n\n{\"c\"");
            exchange.sendChunk(":3}\n");
            exchange.finish();
        });
        RestClient client(configFor(*m_server));
        RestReply* raw = client.get("/api/v1/nodes", {}, GetOptions {true, 5000});
        QSignalSpy lines(raw, &RestReply::lineReceived);
        const auto reply = wait(raw);
        QCOMPARE(reply->error(), RestReply::Error::None);
        QCOMPARE(lines.size(), 3);
        QCOMPARE(lines[0][0].toByteArray(), QByteArray("{\"a\":1}"));
        QCOMPARE(lines[1][0].toByteArray(), QByteArray("{\"b\":2}"));
        QCOMPARE(lines[2][0].toByteArray(), QByteArray("{\"c\":3}"));
    }

    // Over HTTP/1.1 (as the fake server and `kubectl proxy` speak) each open watch holds a
    // connection; a session's fourteen must all stream, and a list must still get through.
    void manyWatchesOverHttp11()
    {
        QList<QPointer<FakeExchange>> streams;
        m_server->setHandler([&streams](const FakeRequest& request, FakeExchange& exchange) {
            if (request.isWatch()) {
                exchange.startStream();
                exchange.sendLine("{\"type\":\"BOOKMARK\"}");
                streams.append(&exchange);
            } else {
                exchange.respond(200, "{\"items\":[]}");
            }
        });
        RestClient client(configFor(*m_server));
        std::vector<std::unique_ptr<RestReply>> watches;
        std::vector<std::unique_ptr<QSignalSpy>> lines;
        QUrlQuery watch;
        watch.addQueryItem("watch", "1");
        for (int i = 0; i < 14; ++i) {
            watches.emplace_back(client.get("/api/v1/nodes", watch, GetOptions {true, 10'000}));
            lines.push_back(std::make_unique<QSignalSpy>(watches.back().get(), &RestReply::lineReceived));
        }
        for (const auto& spy : lines)
            QTRY_COMPARE_WITH_TIMEOUT(spy->size(), 1, 5000);
        QCOMPARE(streams.size(), 14);
        const auto list = wait(client.get("/api/v1/pods"));
        QCOMPARE(list->error(), RestReply::Error::None);
        QCOMPARE(list->body(), QByteArray("{\"items\":[]}"));
        for (const auto& reply : watches)
            QVERIFY(!reply->isFinished());
    }

    void streamFaults_data()
    {
        QTest::addColumn<int>("fault");
        QTest::addColumn<RestReply::Error>("expected");
        QTest::newRow("clean end inside a line") << 0 << RestReply::Error::Truncated;
        QTest::newRow("connection cut mid-line") << 1 << RestReply::Error::Network;
        QTest::newRow("stall") << 2 << RestReply::Error::Timeout;
    }
    void streamFaults()
    {
        QFETCH(int, fault);
        QFETCH(RestReply::Error, expected);
        m_server->setHandler([fault](const FakeRequest&, FakeExchange& exchange) {
            exchange.startStream();
            exchange.sendChunk("{\"whole\":1}\n{\"half");
            if (fault == 0)
                exchange.finish();
            else if (fault == 1)
                QTimer::singleShot(50, &exchange, [&exchange] { exchange.cut(); });
            // fault 2: nothing more, the connection stays open and silent
        });
        RestClient client(configFor(*m_server));
        RestReply* raw = client.get("/api/v1/nodes", {}, GetOptions {true, 400});
        QSignalSpy lines(raw, &RestReply::lineReceived);
        QElapsedTimer clock;
        clock.start();
        const auto reply = wait(raw);
        QCOMPARE(reply->error(), expected);
        QCOMPARE(lines.size(), 1);
        QVERIFY(clock.elapsed() < 10'000);
    }

    void connectionRefused()
    {
        const QUrl url = m_server->url();
        m_server->close();
        ResolvedConfig config = configFor(*m_server);
        config.cluster.server = url;
        RestClient client(config);
        const auto reply = wait(client.get("/api/v1/nodes"));
        QCOMPARE(reply->error(), RestReply::Error::Network);
        QVERIFY2(reply->errorString().contains("refused"), qPrintable(reply->errorString()));
    }

    void neverSecretsOrConfigMaps_data()
    {
        QTest::addColumn<QString>("path");
        QTest::newRow("secrets") << "/api/v1/secrets";
        QTest::newRow("namespaced secret") << "/api/v1/namespaces/kube-system/secrets/token";
        QTest::newRow("configmaps") << "/api/v1/namespaces/default/configmaps";
    }
    void neverSecretsOrConfigMaps()
    {
        QFETCH(QString, path);
        RestClient client(configFor(*m_server));
        const auto reply = wait(client.get(path));
        QCOMPARE(reply->error(), RestReply::Error::Aborted);
        QVERIFY(reply->errorString().endsWith(": kschedviz never reads Secrets or ConfigMaps"));
        QVERIFY(m_server->requests().isEmpty());
    }

    // The library has one way to send a request, QNetworkAccessManager::get: a tripwire for any
    // other verb creeping into client/ (the fake server checks what actually went out).
    void noOtherVerbInTheSource()
    {
        QDirIterator files(QStringLiteral(KSV_CLIENT_SOURCE_DIR), {"*.cpp", "*.h"});
        int count = 0;
        while (files.hasNext()) {
            QFile file(files.next());
            QVERIFY(file.open(QIODevice::ReadOnly));
            const QByteArray text = file.readAll();
            ++count;
            for (const char* call : {".post(", ".put(", "deleteResource(", "sendCustomRequest(", ".head(", ">post(", ">put(", ">head("})
                QVERIFY2(!text.contains(call), qPrintable(file.fileName() + " calls " + call));
            if (text.contains("QNetworkAccessManager")) {
                QVERIFY2(file.fileName().endsWith("restclient.h") || file.fileName().endsWith("restclient.cpp"), qPrintable(file.fileName()));
            }
        }
        QVERIFY(count >= 4);
    }
};

QTEST_GUILESS_MAIN(TestRestClient)
#include "tst_restclient.moc"
