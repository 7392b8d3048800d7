// kubeconfig loading: kubectl's file precedence and merge rules, the fields a read-only client uses,
// and one clear message for every kind of broken file.
#include "kubeconfig.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace ksv;
using namespace ksv::client;

namespace {

const QString tlsDir = QStringLiteral(KSV_CLIENT_DATA_DIR "/tls");

QByteArray readFixture(const QString& name)
{
    QFile file(tlsDir + QLatin1Char('/') + name);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", qPrintable(name));
    return file.readAll();
}

QString b64(const QString& fixture)
{
    return QString::fromLatin1(readFixture(fixture).toBase64());
}

} // namespace

class TestKubeconfig : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    QString write(const QString& relative, const QString& text)
    {
        const QString path = m_dir.filePath(relative);
        QDir().mkpath(QFileInfo(path).absolutePath());
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
            qFatal("cannot write %s", qPrintable(path));
        file.write(text.toUtf8());
        return path;
    }

    static KubeconfigOptions only(const QString& file, const QString& context = {})
    {
        return KubeconfigOptions {file, context, {}, {}};
    }

private Q_SLOTS:
    void precedence_data()
    {
        QTest::addColumn<QString>("flag");
        QTest::addColumn<QString>("env");
        QTest::addColumn<QStringList>("expected");
        QTest::addColumn<bool>("explicitFile");
        QTest::newRow("flag alone, env ignored") << "/a/flag" << "/b:/c" << QStringList {"/a/flag"} << true;
        QTest::newRow("env split on colons, duplicates once") << "" << "/b::/c:/b" << QStringList {"/b", "/c"} << false;
        QTest::newRow("home default") << "" << "" << QStringList {"/home/u/.kube/config"} << false;
    }
    void precedence()
    {
        QFETCH(QString, flag);
        QFETCH(QString, env);
        QFETCH(QStringList, expected);
        QFETCH(bool, explicitFile);
        bool isExplicit = !explicitFile;
        QCOMPARE(kubeconfigPrecedence(KubeconfigOptions {flag, {}, env, "/home/u"}, &isExplicit), expected);
        QCOMPARE(isExplicit, explicitFile);
    }

    void homeDefault()
    {
        write("home/.kube/config", "clusters: [{name: c, cluster: {server: 'https://h:1'}}]\n"
                                   "contexts: [{name: x, context: {cluster: c}}]\ncurrent-context: x\n");
        const auto config = loadKubeconfig(KubeconfigOptions {{}, {}, {}, m_dir.filePath("home")});
        QCOMPARE(config.cluster.server, QUrl("https://h:1"));
        QCOMPARE(config.files, QStringList {m_dir.filePath("home/.kube/config")});
    }

    // The first file to define a name wins as a whole entry; current-context from the first file
    // that sets one; missing $KUBECONFIG files are skipped; relative paths against each file's folder.
    void mergeAcrossFiles()
    {
        QDir().mkpath(m_dir.filePath("second"));
        QFile::copy(tlsDir + "/ca.crt", m_dir.filePath("second/ca.crt"));
        const QString first = write("first/config", "clusters:\n"
                                                    "- name: shared\n"
                                                    "  cluster: {server: 'https://first:6443', insecure-skip-tls-verify: true}\n"
                                                    "users: [{name: u, user: {token: first-token}}]\n"
                                                    "contexts: [{name: a, context: {cluster: shared, user: u, namespace: team-a}}]\n");
        const QString second = write("second/config", "current-context: b\n"
                                                       "clusters:\n"
                                                       "- name: shared\n"
                                                       "  cluster: {server: 'https://second:6443', tls-server-name: not-merged}\n"
                                                       "- name: own\n"
                                                       "  cluster: {server: 'https://own:6443', certificate-authority: ca.crt}\n"
                                                       "users: [{name: u, user: {token: second-token}}, {name: v, user: {tokenFile: token}}]\n"
                                                       "contexts:\n"
                                                       "- {name: a, context: {cluster: own}}\n"
                                                       "- {name: b, context: {cluster: own, user: v}}\n");
        write("second/token", "  file-token \n");
        write("third/config", "current-context: a\n");
        const QString env = first + ":" + m_dir.filePath("missing/config") + ":" + second + ":" + m_dir.filePath("third/config");

        const auto config = loadKubeconfig(KubeconfigOptions {{}, {}, env, {}});
        QCOMPARE(config.files, (QStringList {first, second, m_dir.filePath("third/config")}));
        QCOMPARE(config.contextName, "b");
        QCOMPARE(config.namespace_, "default");
        QCOMPARE(config.cluster.name, "own");
        QCOMPARE(config.cluster.certificateAuthorityPem, readFixture("ca.crt"));
        QCOMPARE(config.user.token, QByteArray("file-token"));

        const auto a = loadKubeconfig(KubeconfigOptions {{}, "a", env, {}});
        QCOMPARE(a.namespace_, "team-a");
        QCOMPARE(a.cluster.server, QUrl("https://first:6443"));
        QVERIFY(a.cluster.insecureSkipTlsVerify);
        QVERIFY2(a.cluster.tlsServerName.isEmpty(), "entries merge whole, never field by field");
        QCOMPARE(a.user.token, QByteArray("first-token"));
        QCOMPARE(a.warnings.size(), 1);
        QVERIFY(a.warnings.constFirst().contains("insecure-skip-tls-verify"));
    }

    // File > Connect to Cluster…: every context of the merged files, the current one first, then by
    // name; a context whose user is broken is still listed (it fails when used).
    void contextsForTheConnectDialog()
    {
        const QString first = write("contexts/first", "current-context: staging\n"
                                                      "clusters: [{name: prod, cluster: {server: 'https://prod:6443'}},\n"
                                                      "           {name: stage, cluster: {server: 'https://stage:6443'}}]\n"
                                                      "users: [{name: u, user: {tokenFile: /missing/token}}]\n"
                                                      "contexts:\n"
                                                      "- {name: zeta, context: {cluster: prod, user: u, namespace: ops}}\n"
                                                      "- {name: staging, context: {cluster: stage, user: u}}\n");
        const QString second = write("contexts/second", "contexts: [{name: alpha, context: {cluster: nowhere}}, {name: zeta, context: {cluster: stage}}]\n");
        const KubeconfigContexts found = listContexts(KubeconfigOptions {{}, {}, first + ":" + second, {}});
        QCOMPARE(found.files, (QStringList {first, second}));
        QCOMPARE(found.current, "staging");
        QStringList names;
        for (const ContextEntry& entry : found.contexts)
            names.append(entry.name);
        QCOMPARE(names, (QStringList {"staging", "alpha", "zeta"}));
        QCOMPARE(found.contexts[0].server, "https://stage:6443");
        QCOMPARE(found.contexts[0].namespace_, "default");
        QCOMPARE(found.contexts[1].cluster, "nowhere");
        QVERIFY(found.contexts[1].server.isEmpty());
        // Merging takes the first file's whole entry.
        QCOMPARE(found.contexts[2].cluster, "prod");
        QCOMPARE(found.contexts[2].namespace_, "ops");
        QCOMPARE(found.contexts[2].user, "u");

        // A file that does not parse is said with its line, as for loadKubeconfig.
        const QString broken = write("contexts/broken", "contexts: [unterminated\n");
        try {
            listContexts(only(broken));
            QFAIL("listed a broken kubeconfig");
        } catch (const LoadError& error) {
            QVERIFY2(error.toString().startsWith(broken + ":"), qPrintable(error.toString()));
        }
        try {
            listContexts(only(m_dir.filePath("contexts/missing")));
            QFAIL("listed a missing kubeconfig");
        } catch (const LoadError& error) {
            QVERIFY2(error.toString().contains(m_dir.filePath("contexts/missing")), qPrintable(error.toString()));
        }
    }

    void clusterAndUserFields()
    {
        const QString path = write("fields/config",
                                   "current-context: x\n"
                                   "clusters: [{name: c, cluster: {server: 'https://10.0.0.1:6443', certificate-authority-data: "
                                       + b64("ca.crt")
                                       + ", tls-server-name: kubernetes.test, proxy-url: 'socks5://127.0.0.1:1080'}}]\n"
                                         "users:\n"
                                         "- name: rsa\n"
                                         "  user: {client-certificate: "
                                       + tlsDir + "/client-rsa.crt, client-key: " + tlsDir
                                       + "/client-rsa.key, token: t1, tokenFile: /nonexistent}\n"
                                         "- name: ec\n"
                                         "  user: {client-certificate-data: "
                                       + b64("client-ec.crt") + ", client-key-data: " + b64("client-ec.key")
                                       + "}\n"
                                         "- name: plugin\n"
                                         "  user:\n"
                                         "    exec:\n"
                                         "      apiVersion: client.authentication.k8s.io/v1\n"
                                         "      command: ./bin/plugin\n"
                                         "      args: [get-token, --fast]\n"
                                         "      env: [{name: A, value: b}]\n"
                                         "      installHint: install it\n"
                                         "      provideClusterInfo: true\n"
                                         "      interactiveMode: Never\n"
                                         "- name: inpath\n"
                                         "  user: {exec: {apiVersion: client.authentication.k8s.io/v1beta1, command: aws}}\n"
                                         "contexts:\n"
                                         "- {name: x, context: {cluster: c, user: rsa}}\n"
                                         "- {name: y, context: {cluster: c, user: ec}}\n"
                                         "- {name: z, context: {cluster: c, user: plugin}}\n"
                                         "- {name: w, context: {cluster: c, user: inpath}}\n");
        const auto x = loadKubeconfig(only(path));
        QCOMPARE(x.cluster.tlsServerName, "kubernetes.test");
        QCOMPARE(x.cluster.proxyUrl, QUrl("socks5://127.0.0.1:1080"));
        QCOMPARE(x.cluster.certificateAuthorityPem, readFixture("ca.crt"));
        QCOMPARE(x.user.clientKeyPem, readFixture("client-rsa.key"));
        QCOMPARE(x.user.token, QByteArray("t1")); // token wins; the missing tokenFile is never read
        QVERIFY(x.warnings.isEmpty());

        const auto y = loadKubeconfig(only(path, "y"));
        QCOMPARE(y.user.clientCertificatePem, readFixture("client-ec.crt"));
        QCOMPARE(y.user.clientKeyPem, readFixture("client-ec.key"));

        const auto z = loadKubeconfig(only(path, "z"));
        QVERIFY(z.user.exec);
        QCOMPARE(z.user.exec->command, m_dir.filePath("fields/bin/plugin"));
        QCOMPARE(z.user.exec->args, (QStringList {"get-token", "--fast"}));
        QCOMPARE(z.user.exec->env.size(), 1);
        QCOMPARE(z.user.exec->env.constFirst().second, "b");
        QCOMPARE(z.user.exec->installHint, "install it");
        QVERIFY(z.user.exec->provideClusterInfo);
        QCOMPARE(z.user.exec->interactiveMode, ExecConfig::InteractiveMode::Never);
        QVERIFY(z.user.exec->where.isValid());

        const auto w = loadKubeconfig(only(path, "w"));
        QCOMPARE(w.user.exec->command, "aws"); // looked up in PATH when run, not next to the file
        QCOMPARE(w.user.exec->interactiveMode, ExecConfig::InteractiveMode::IfAvailable);
    }

    void proxyNeedsNoCredentials()
    {
        const QString path = write("proxy/config", "clusters: [{name: p, cluster: {server: 'http://127.0.0.1:8001'}}]\n"
                                                   "contexts: [{name: p, context: {cluster: p}}]\ncurrent-context: p\n");
        const auto config = loadKubeconfig(only(path));
        QCOMPARE(config.cluster.server, QUrl("http://127.0.0.1:8001"));
        QVERIFY(config.user.token.isEmpty() && config.user.clientKeyPem.isEmpty() && !config.user.exec);
    }

    // Every broken file: one message, "file:line:column: field: message", never a credential.
    void brokenInput_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("context");
        QTest::addColumn<QString>("expected"); // with FILE for the file's path

        const QString head = "current-context: x\ncontexts: [{name: x, context: {cluster: c, user: u}}]\n";
        const QString cluster = "clusters: [{name: c, cluster: {server: 'https://h:1'}}]\n";
        const auto user = [&](const QString& fields) -> QString { return head + cluster + "users:\n- name: u\n  user: {" + fields + "}\n"; };
        const auto withCluster = [&](const QString& fields) -> QString {
            return head + "clusters:\n- name: c\n  cluster: {server: 'https://h:1', " + fields + "}\nusers: [{name: u}]\n";
        };

        QTest::newRow("yaml syntax") << "clusters: [\n" << "" << "FILE:2:1: not a valid kubeconfig (YAML): end of sequence flow not found";
        QTest::newRow("not a mapping") << "- a\n" << "" << "FILE:1:1: expected a kubeconfig mapping, found a list";
        QTest::newRow("no current context") << cluster << "" << "FILE: current-context: no context is set: set current-context or pass --context NAME";
        QTest::newRow("unknown current context") << "current-context: nope\n" + cluster << ""
                                                 << "FILE:1:18: current-context: context \"nope\" is not defined";
        QTest::newRow("unknown --context") << head + cluster << "other" << "FILE: --context: context \"other\" is not defined";
        QTest::newRow("unknown cluster") << head << "" << "FILE:2:41: contexts[0].context.cluster: cluster \"c\" is not defined";
        QTest::newRow("unknown user") << head + cluster << "" << "FILE:2:50: contexts[0].context.user: user \"u\" is not defined";
        QTest::newRow("server missing") << head + "clusters: [{name: c, cluster: {insecure-skip-tls-verify: true}}]\n" << ""
                                        << "FILE:3:31: clusters[0].cluster.server: required value is missing";
        QTest::newRow("server not a URL") << head + "clusters: [{name: c, cluster: {server: 'ftp://h'}}]\n" << ""
                                          << "FILE:3:40: clusters[0].cluster.server: \"ftp://h\" is not an http:// or https:// URL with a host";
        QTest::newRow("bad base64 CA") << withCluster("certificate-authority-data: 'not*base64'") << ""
                                       << "FILE:5:64: clusters[0].cluster.certificate-authority-data: not valid base64";
        QTest::newRow("CA not PEM") << withCluster("certificate-authority-data: " + QString::fromLatin1(QByteArray("hello").toBase64())) << ""
                                    << "FILE:5:64: clusters[0].cluster.certificate-authority-data: no PEM certificate in it";
        QTest::newRow("CA file missing") << withCluster("certificate-authority: nope.crt") << ""
                                         << "FILE:5:59: clusters[0].cluster.certificate-authority: cannot read \"DIR/nope.crt\": No such file or directory";
        QTest::newRow("insecure with CA") << withCluster("insecure-skip-tls-verify: true, certificate-authority-data: " + b64("ca.crt")) << ""
                                          << "FILE:5:62: clusters[0].cluster.insecure-skip-tls-verify: specifying a root certificates file with the insecure flag is not allowed";
        QTest::newRow("https proxy") << withCluster("proxy-url: 'https://proxy:3128'") << ""
                                     << "FILE:5:47: clusters[0].cluster.proxy-url: \"https\" proxies are not supported: use http or socks5";
        QTest::newRow("bad base64 key") << user("client-certificate-data: " + b64("client-rsa.crt") + ", client-key-data: 'c2VjcmV0LWtleQ=*'") << ""
                                        << "FILE:6:PLACEHOLDER: users[0].user.client-key-data: not valid base64";
        QTest::newRow("key of no certificate") << user("client-certificate: " + tlsDir + "/client-rsa.crt, client-key: " + tlsDir + "/unrelated.key")
                                               << "" << "users[0].user.client-key: the client key does not match the client certificate";
        QTest::newRow("EC key, RSA certificate") << user("client-certificate: " + tlsDir + "/client-rsa.crt, client-key: " + tlsDir + "/client-ec.key")
                                                 << "" << "users[0].user.client-key: the client key does not match the client certificate";
        QTest::newRow("key not a key") << user("client-certificate: " + tlsDir + "/client-rsa.crt, client-key: " + tlsDir + "/client-rsa.crt")
                                       << "" << "users[0].user.client-key: the client key is not an unencrypted PEM RSA or EC private key";
        QTest::newRow("certificate without key") << user("client-certificate: " + tlsDir + "/client-rsa.crt") << ""
                                                 << "users[0].user.client-certificate: client-key-data or client-key must be given with a client certificate";
        QTest::newRow("empty token file") << user("tokenFile: empty-token") << ""
                                          << "FILE:6:21: users[0].user.tokenFile: the token file is empty";
        QTest::newRow("auth-provider oidc") << user("auth-provider: {name: oidc, config: {id-token: secret-id-token}}") << ""
                                            << "FILE:6:25: users[0].user.auth-provider: the legacy auth-provider \"oidc\" is not supported: configure an exec credential plugin such as kubelogin (\"kubectl oidc-login get-token\"), or run \"kubectl proxy\" and connect to http://127.0.0.1:8001 without credentials";
        QTest::newRow("basic auth") << user("username: admin, password: secret-password") << ""
                                    << "FILE:6:20: users[0].user.username: basic authentication is not supported";
        QTest::newRow("exec without command") << user("exec: {apiVersion: client.authentication.k8s.io/v1, interactiveMode: Never}") << ""
                                              << "FILE:6:16: users[0].user.exec.command: required value is missing";
        QTest::newRow("exec old apiVersion") << user("exec: {apiVersion: client.authentication.k8s.io/v1alpha1, command: x}") << ""
                                             << "FILE:6:29: users[0].user.exec.apiVersion: \"client.authentication.k8s.io/v1alpha1\" is not one of client.authentication.k8s.io/v1, client.authentication.k8s.io/v1beta1";
        QTest::newRow("exec v1 without interactiveMode") << user("exec: {apiVersion: client.authentication.k8s.io/v1, command: x}") << ""
                                                         << "users[0].user.exec.interactiveMode: required value is missing";
        QTest::newRow("token over http") << head + "clusters: [{name: c, cluster: {server: 'http://10.1.1.1:8080'}}]\nusers: [{name: u, user: {token: abc}}]\n"
                                         << "" << "contexts[0].context.user: credentials would be sent over plain http://";
    }
    void brokenInput()
    {
        QFETCH(QString, text);
        QFETCH(QString, context);
        QFETCH(QString, expected);
        write("broken/empty-token", "\n  \n");
        const QString path = write("broken/config", text);
        expected.replace("FILE", path).replace("DIR", m_dir.filePath("broken"));
        try {
            loadKubeconfig(only(path, context));
            QFAIL("loaded a broken kubeconfig");
        } catch (const LoadError& error) {
            const QString message = error.toString();
            if (expected.contains("PLACEHOLDER")) // the column depends on the fixture's base64 length
                QVERIFY2(message.startsWith(path + ":6:") && message.endsWith(expected.section(": ", 1)), qPrintable(message));
            else if (expected.startsWith(path))
                QVERIFY2(message.startsWith(expected), qPrintable(message + "\nexpected: " + expected));
            else
                QVERIFY2(message.startsWith(path + ":") && message.contains(expected), qPrintable(message + "\nexpected: " + expected));
            for (const char* secret : {"secret", "c2VjcmV0", "abc", "PRIVATE KEY"})
                QVERIFY2(!message.contains(QLatin1String(secret)), qPrintable(message));
        }
    }

    void missingFiles()
    {
        const QString missing = m_dir.filePath("absent/config");
        try {
            loadKubeconfig(only(missing));
            QFAIL("a missing --kubeconfig loaded");
        } catch (const LoadError& error) {
            QCOMPARE(error.toString(), missing + ": the kubeconfig file does not exist");
        }
        try {
            loadKubeconfig(KubeconfigOptions {{}, {}, missing + ":" + m_dir.filePath("absent/other"), {}});
            QFAIL("an empty merge loaded");
        } catch (const LoadError& error) {
            QVERIFY2(error.toString().contains("no kubeconfig found"), qPrintable(error.toString()));
        }
    }

    void certificateKeyCheck_data()
    {
        QTest::addColumn<QString>("certificate");
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("problem");
        QTest::newRow("rsa pkcs8") << "client-rsa.crt" << "client-rsa.key" << "";
        QTest::newRow("ec sec1") << "client-ec.crt" << "client-ec.key" << "";
        QTest::newRow("other rsa key") << "client-rsa.crt" << "unrelated.key" << "the client key does not match the client certificate";
        QTest::newRow("ca key") << "client-ec.crt" << "ca.key" << "the client key does not match the client certificate";
        QTest::newRow("key as certificate") << "client-rsa.key" << "client-rsa.key" << "the client certificate is not a PEM certificate";
    }
    void certificateKeyCheck()
    {
        QFETCH(QString, certificate);
        QFETCH(QString, key);
        QFETCH(QString, problem);
        QCOMPARE(checkCertificateAndKey(readFixture(certificate), readFixture(key)), problem);
    }
};

QTEST_GUILESS_MAIN(TestKubeconfig)
#include "tst_kubeconfig.moc"
