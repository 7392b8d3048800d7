// Credentials: static ones, and exec plugins (small shell scripts written by the test) that succeed,
// expire, fail, print garbage or hang.
#include "credentials.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace ksv;
using namespace ksv::client;

namespace {

QByteArray readFile(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QString failureOf(const std::variant<Credential, QString>& result)
{
    return std::holds_alternative<QString>(result) ? std::get<QString>(result) : QString();
}

} // namespace

class TestCredentials : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    // A plugin script; `body` runs under sh with $DIR set to the test's folder.
    QString plugin(const QString& name, const QString& body)
    {
        const QString path = m_dir.filePath(name);
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
            qFatal("cannot write %s", qPrintable(path));
        file.write(("#!/bin/sh\nDIR='" + m_dir.path() + "'\n" + body + "\n").toUtf8());
        file.close();
        file.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        return path;
    }

    static UserConfig execUser(const QString& command, const QString& apiVersion = "client.authentication.k8s.io/v1")
    {
        UserConfig user;
        user.name = "u";
        ExecConfig exec;
        exec.apiVersion = apiVersion;
        exec.command = command;
        exec.interactiveMode = ExecConfig::InteractiveMode::Never;
        exec.where = SourceLocation {"/home/u/.kube/config", 12, 7};
        exec.fieldPath = "users[0].user.exec";
        user.exec = exec;
        return user;
    }

    static ClusterConfig cluster()
    {
        ClusterConfig config;
        config.name = "c";
        config.server = QUrl("https://127.0.0.1:6443");
        config.tlsServerName = "kubernetes.test";
        config.certificateAuthorityPem = "-----BEGIN CERTIFICATE-----\nfake\n-----END CERTIFICATE-----\n";
        return config;
    }

    // Runs refresh() and waits for its outcome: the credential, or the failure message.
    static std::variant<Credential, QString> fetch(CredentialProvider& provider)
    {
        QSignalSpy ready(&provider, &CredentialProvider::ready);
        QSignalSpy failed(&provider, &CredentialProvider::failed);
        provider.refresh();
        if (!QTest::qWaitFor([&] { return !ready.isEmpty() || !failed.isEmpty(); }, 10'000))
            return QString("no answer within 10 s");
        if (!failed.isEmpty())
            return failed.constFirst().constFirst().toString();
        return ready.constFirst().constFirst().value<Credential>();
    }

    static QString tokenJson(const QString& apiVersion, const QString& tokenExpression, const QString& expiry = {})
    {
        QString status = "\"token\":\"" + tokenExpression + "\"";
        if (!expiry.isEmpty())
            status += ",\"expirationTimestamp\":\"" + expiry + "\"";
        return "printf '%s' '{\"apiVersion\":\"" + apiVersion + "\",\"kind\":\"ExecCredential\",\"status\":{" + status + "}}'";
    }

private Q_SLOTS:
    void staticCredentials()
    {
        UserConfig user;
        user.token = "static-token";
        CredentialProvider provider(cluster(), user);
        QVERIFY(!provider.usesPlugin());
        QCOMPARE(provider.current()->token, QByteArray("static-token"));
        const auto result = fetch(provider);
        QCOMPARE(std::get<Credential>(result).token, QByteArray("static-token"));
    }

    // The plugin gets KUBERNETES_EXEC_INFO, its env and args; a credential without expiry is
    // cached until a 401 says otherwise.
    void execSuccessAndCache()
    {
        UserConfig user = execUser(plugin("ok.sh", "echo \"$KUBERNETES_EXEC_INFO\" > \"$DIR/info.json\"\n"
                                                   "echo \"$EXTRA $1 $2\" > \"$DIR/args.txt\"\n"
                                                   "n=$(cat \"$DIR/count\" 2>/dev/null || echo 0); n=$((n+1)); echo $n > \"$DIR/count\"\n"
                                                   "echo 'diagnostics on stderr' >&2\n"
                                                   "printf '{\"apiVersion\":\"client.authentication.k8s.io/v1\",\"kind\":\"ExecCredential\","
                                                   "\"status\":{\"token\":\"token-%s\"}}' \"$n\""));
        user.exec->args = QStringList {"get-token", "--cluster=c"};
        user.exec->env = {{"EXTRA", "from-kubeconfig"}};
        user.exec->provideClusterInfo = true;
        CredentialProvider provider(cluster(), user);
        QSignalSpy stderrSpy(&provider, &CredentialProvider::pluginStderr);
        QVERIFY(!provider.current());

        QTest::ignoreMessage(QtInfoMsg, "exec plugin: diagnostics on stderr");
        auto result = fetch(provider);
        QVERIFY2(std::holds_alternative<Credential>(result), qPrintable(failureOf(result)));
        QCOMPARE(std::get<Credential>(result).token, QByteArray("token-1"));
        QCOMPARE(stderrSpy.size(), 1);
        QCOMPARE(stderrSpy.constFirst().constFirst().toString(), "diagnostics on stderr");
        QCOMPARE(readFile(m_dir.filePath("args.txt")).trimmed(), QByteArray("from-kubeconfig get-token --cluster=c"));
        const QJsonObject info = QJsonDocument::fromJson(readFile(m_dir.filePath("info.json"))).object();
        QCOMPARE(info["apiVersion"].toString(), "client.authentication.k8s.io/v1");
        QCOMPARE(info["kind"].toString(), "ExecCredential");
        QCOMPARE(info["spec"]["interactive"].toBool(true), false);
        QCOMPARE(info["spec"]["cluster"]["server"].toString(), "https://127.0.0.1:6443");
        QCOMPARE(info["spec"]["cluster"]["tls-server-name"].toString(), "kubernetes.test");
        QCOMPARE(QByteArray::fromBase64(info["spec"]["cluster"]["certificate-authority-data"].toString().toLatin1()),
                 cluster().certificateAuthorityPem);

        QTest::ignoreMessage(QtInfoMsg, "exec plugin: diagnostics on stderr");
        const Credential first = std::get<Credential>(result);
        QCOMPARE(provider.current(), first);
        result = fetch(provider); // from the cache
        QCOMPARE(std::get<Credential>(result), first);
        QCOMPARE(provider.pluginRuns(), 1);

        Credential stale = first;
        stale.token = "some-older-token";
        provider.reportUnauthorized(stale); // not the cached one: kept
        QCOMPARE(provider.current(), first);
        provider.reportUnauthorized(first); // a 401 for the cached one: run the plugin again
        QVERIFY(!provider.current());
        result = fetch(provider);
        QCOMPARE(std::get<Credential>(result).token, QByteArray("token-2"));
        QCOMPARE(provider.pluginRuns(), 2);
    }

    void expiry()
    {
        const QString past = QDateTime::currentDateTimeUtc().addSecs(-5).toString(Qt::ISODate);
        const QString future = QDateTime::currentDateTimeUtc().addSecs(3600).toString(Qt::ISODate);
        CredentialProvider expired(cluster(), execUser(plugin("expired.sh", tokenJson("client.authentication.k8s.io/v1beta1", "old", past)),
                                                       "client.authentication.k8s.io/v1beta1"));
        QCOMPARE(std::get<Credential>(fetch(expired)).token, QByteArray("old"));
        QVERIFY2(!expired.current(), "an expired credential is never used");
        QCOMPARE(std::get<Credential>(fetch(expired)).expiry, QDateTime::fromString(past, Qt::ISODate));
        QCOMPARE(expired.pluginRuns(), 2);

        CredentialProvider fresh(cluster(), execUser(plugin("fresh.sh", tokenJson("client.authentication.k8s.io/v1", "new", future))));
        QCOMPARE(std::get<Credential>(fetch(fresh)).token, QByteArray("new"));
        QVERIFY(fresh.current());
        fetch(fresh);
        QCOMPARE(fresh.pluginRuns(), 1);
    }

    void clientCertificateFromPlugin()
    {
        const QString tls = QStringLiteral(KSV_CLIENT_DATA_DIR "/tls/");
        const QByteArray cert = readFile(tls + "client-ec.crt");
        const QByteArray key = readFile(tls + "client-ec.key");
        const QJsonObject output {{"apiVersion", "client.authentication.k8s.io/v1"}, {"kind", "ExecCredential"},
                                  {"status", QJsonObject {{"clientCertificateData", QString::fromLatin1(cert)}, {"clientKeyData", QString::fromLatin1(key)}}}};
        QFile json(m_dir.filePath("cert.json"));
        QVERIFY(json.open(QIODevice::WriteOnly));
        json.write(QJsonDocument(output).toJson());
        json.close();
        CredentialProvider provider(cluster(), execUser(plugin("cert.sh", "cat \"$DIR/cert.json\"")));
        const auto credential = std::get<Credential>(fetch(provider));
        QCOMPARE(credential.clientCertificatePem, cert);
        QCOMPARE(credential.clientKeyPem, key);
    }

    // Every failure: one line naming the kubeconfig's exec field, never what the plugin printed.
    void failures_data()
    {
        QTest::addColumn<QString>("body");
        QTest::addColumn<QString>("installHint");
        QTest::addColumn<int>("mode");
        QTest::addColumn<QString>("expected");
        const int never = int(ExecConfig::InteractiveMode::Never);
        QTest::newRow("exit 1") << "echo 'login expired for sekrit-user' >&2; exit 1" << "install it from example.com" << never
                                << "exec plugin \"PLUGIN\" failed with exit code 1";
        QTest::newRow("garbage") << "echo 'sekrit-token-garbage {'" << "" << never
                                 << "exec plugin \"PLUGIN\": its output is not an ExecCredential JSON object (illegal value at byte 1)";
        QTest::newRow("empty output") << "true" << "" << never
                                      << "exec plugin \"PLUGIN\": its output is not an ExecCredential JSON object (illegal value at byte 0)";
        QTest::newRow("wrong apiVersion") << tokenJson("client.authentication.k8s.io/v1beta1", "sekrit") << "" << never
                                          << "exec plugin \"PLUGIN\": apiVersion: the plugin is configured for client.authentication.k8s.io/v1 but returned \"client.authentication.k8s.io/v1beta1\"";
        QTest::newRow("no credential") << "echo '{\"apiVersion\":\"client.authentication.k8s.io/v1\",\"kind\":\"ExecCredential\",\"status\":{}}'" << "" << never
                                       << "exec plugin \"PLUGIN\": status: neither a token nor a client certificate and key";
        QTest::newRow("bad expiry") << tokenJson("client.authentication.k8s.io/v1", "sekrit", "tomorrow") << "" << never
                                    << "exec plugin \"PLUGIN\": status.expirationTimestamp: \"tomorrow\" is not an RFC 3339 time";
        QTest::newRow("key without certificate") << "echo '{\"apiVersion\":\"client.authentication.k8s.io/v1\",\"kind\":\"ExecCredential\",\"status\":{\"clientKeyData\":\"sekrit\"}}'"
                                                 << "" << never << "exec plugin \"PLUGIN\": status: clientCertificateData and clientKeyData must be given together";
        QTest::newRow("interactive Always") << tokenJson("client.authentication.k8s.io/v1", "sekrit") << "" << int(ExecConfig::InteractiveMode::Always)
                                            << "the plugin wants interactiveMode Always, but kschedviz cannot give it a terminal; log in with the plugin once in a shell, or use \"kubectl proxy\"";
    }
    void failures()
    {
        QFETCH(QString, body);
        QFETCH(QString, installHint);
        QFETCH(int, mode);
        QFETCH(QString, expected);
        const QString path = plugin("failing.sh", body);
        UserConfig user = execUser(path);
        user.exec->installHint = installHint;
        user.exec->interactiveMode = static_cast<ExecConfig::InteractiveMode>(mode);
        CredentialProvider provider(cluster(), user);
        QSignalSpy stderrSpy(&provider, &CredentialProvider::pluginStderr);
        if (body.contains(">&2"))
            QTest::ignoreMessage(QtInfoMsg, "exec plugin: login expired for sekrit-user");
        const auto result = fetch(provider);
        QVERIFY(std::holds_alternative<QString>(result));
        const QString message = std::get<QString>(result);
        QCOMPARE(message, "/home/u/.kube/config:12:7: users[0].user.exec: " + expected.replace("PLUGIN", path));
        QVERIFY2(!message.contains("sekrit"), qPrintable(message));
        QCOMPARE(stderrSpy.size(), body.contains(">&2") ? 1 : 0); // stderr is passed on, not put in the message
        QVERIFY(!provider.current());
    }

    void notFoundShowsInstallHint()
    {
        UserConfig user = execUser("kschedviz-no-such-plugin");
        user.exec->installHint = "Install it with: apt install kschedviz-auth";
        CredentialProvider provider(cluster(), user);
        QCOMPARE(std::get<QString>(fetch(provider)),
                 "/home/u/.kube/config:12:7: users[0].user.exec: exec plugin \"kschedviz-no-such-plugin\" was not found in PATH. "
                 "Install it with: apt install kschedviz-auth");
        CredentialProvider notExecutable(cluster(), execUser(m_dir.filePath("missing/plugin")));
        QVERIFY(std::get<QString>(fetch(notExecutable)).endsWith("missing/plugin\" is not an executable file"));
    }

    void timeout()
    {
        CredentialProvider provider(cluster(), execUser(plugin("hang.sh", "exec sleep 30")));
        provider.setTimeout(300);
        QElapsedTimer clock;
        clock.start();
        const auto result = fetch(provider);
        QVERIFY(clock.elapsed() < 5000);
        QVERIFY(std::get<QString>(result).endsWith("hang.sh\" did not finish within 0.3 s and was stopped"));
        QVERIFY(!provider.current());
    }
};

QTEST_GUILESS_MAIN(TestCredentials)
#include "tst_credentials.moc"
