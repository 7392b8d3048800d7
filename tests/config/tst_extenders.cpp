// KubeSchedulerConfiguration.extenders: every field decoded, upstream's validation (validateExtenders)
// with its messages, broken input at its line, and buildExtenders' ignoredByScheduler rule.
#include "config/config.h"
#include "decoding/loaderror.h"
#include "decoding/yamlfield.h"

#include <QTest>

using namespace ksv;
using namespace ksv::config;

namespace {

const QString header = "apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\n";

KubeSchedulerConfiguration decode(const QString& text)
{
    return decodeConfiguration(YamlField(YAML::Load(text.toStdString()), "sched.yaml"));
}

const NodeResourcesFitArgs* fitArgs(const Profile& profile)
{
    for (const PluginConfig& config : profile.pluginConfig) {
        if (config.name == QLatin1String("NodeResourcesFit"))
            return std::get_if<NodeResourcesFitArgs>(&config.args);
    }
    return nullptr;
}

} // namespace

class TestExtenders : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyField()
    {
        const KubeSchedulerConfiguration configuration = decode(header + R"(extenders:
- urlPrefix: https://127.0.0.1:8443/scheduler
  filterVerb: filter
  preemptVerb: preempt
  prioritizeVerb: prioritize
  weight: 5
  bindVerb: bind
  enableHTTPS: true
  tlsConfig:
    insecure: false
    serverName: extender.local
    certFile: /etc/ext/tls.crt
    keyFile: /etc/ext/tls.key
    caFile: /etc/ext/ca.crt
    certData: Y2VydA==
    keyData: a2V5
    caData: Y2E=
  httpTimeout: 1m30s
  nodeCacheCapable: true
  managedResources:
  - name: example.com/gpu
    ignoredByScheduler: true
  - name: example.com/fpga
  ignorable: true
- urlPrefix: http://127.0.0.1:8888
  filterVerb: filter
)");
        QCOMPARE(configuration.extenders.size(), 2);
        const Extender& first = configuration.extenders[0];
        QCOMPARE(first.urlPrefix, QStringLiteral("https://127.0.0.1:8443/scheduler"));
        QCOMPARE(first.filterVerb, QStringLiteral("filter"));
        QCOMPARE(first.preemptVerb, QStringLiteral("preempt"));
        QCOMPARE(first.prioritizeVerb, QStringLiteral("prioritize"));
        QCOMPARE(first.weight, 5);
        QCOMPARE(first.bindVerb, QStringLiteral("bind"));
        QVERIFY(first.enableHTTPS);
        QVERIFY(first.tlsConfig);
        QCOMPARE(first.tlsConfig->serverName, QStringLiteral("extender.local"));
        QCOMPARE(first.tlsConfig->caFile, QStringLiteral("/etc/ext/ca.crt"));
        QCOMPARE(first.tlsConfig->certData, QByteArray("cert"));
        QCOMPARE(first.tlsConfig->keyData, QByteArray("key"));
        QCOMPARE(first.tlsConfig->caData, QByteArray("ca"));
        QCOMPARE(first.httpTimeoutNanos, qint64(90) * 1'000'000'000);
        QVERIFY(first.nodeCacheCapable);
        QCOMPARE(first.managedResources.size(), 2);
        QVERIFY(first.managedResources[0].ignoredByScheduler);
        QVERIFY(!first.managedResources[1].ignoredByScheduler);
        QVERIFY(first.ignorable);
        QCOMPARE(first.source.line, 4);
        // Nothing defaulted: upstream gives no weight and leaves the 5 s timeout to the client.
        const Extender& second = configuration.extenders[1];
        QCOMPARE(second.weight, 0);
        QCOMPARE(second.httpTimeoutNanos, 0);
        QVERIFY(!second.tlsConfig);
        QVERIFY(!second.ignorable);
    }

    // buildExtenders: ignoredByScheduler resources replace every profile's NodeResourcesFit ignoredResources.
    void ignoredResourcesReachEveryProfile()
    {
        const KubeSchedulerConfiguration configuration = decode(header + R"(profiles:
- schedulerName: a
  pluginConfig:
  - name: NodeResourcesFit
    args: {ignoredResources: [example.com/other]}
- schedulerName: b
extenders:
- urlPrefix: http://127.0.0.1:8888
  managedResources:
  - {name: example.com/gpu, ignoredByScheduler: true}
  - {name: example.com/fpga}
)");
        for (const Profile& profile : configuration.profiles) {
            const NodeResourcesFitArgs* args = fitArgs(profile);
            QVERIFY2(args, qPrintable(profile.schedulerName));
            QCOMPARE(args->ignoredResources, QStringList {QStringLiteral("example.com/gpu")});
        }
        // Without ignored resources the args stay as written.
        const KubeSchedulerConfiguration untouched = decode(header + R"(profiles:
- schedulerName: a
  pluginConfig:
  - name: NodeResourcesFit
    args: {ignoredResources: [example.com/other]}
extenders:
- {urlPrefix: 'http://127.0.0.1:8888', managedResources: [{name: example.com/gpu}]}
)");
        QCOMPARE(fitArgs(untouched.profiles[0])->ignoredResources, QStringList {QStringLiteral("example.com/other")});
    }

    void refused_data()
    {
        QTest::addColumn<QString>("body");
        QTest::addColumn<QString>("expected");
        const auto row = [](const char* name, const char* body, const char* expected) {
            QTest::newRow(name) << QString::fromUtf8(body) << QString::fromUtf8(expected);
        };
        // validateExtenders, with upstream's messages.
        row("prioritizer without weight", "extenders:\n- {urlPrefix: u, prioritizeVerb: prioritize}\n",
            "sched.yaml:4:3: extenders[0].weight: Invalid value: 0: must have a positive weight applied to it");
        row("negative weight", "extenders:\n- {urlPrefix: u, prioritizeVerb: prioritize, weight: -2}\n",
            "sched.yaml:4:54: extenders[0].weight: Invalid value: -2: must have a positive weight applied to it");
        row("two binders", "extenders:\n- {urlPrefix: a, bindVerb: bind}\n- {urlPrefix: b, bindVerb: bind}\n",
            "sched.yaml:4:1: extenders: Invalid value: \"found 2 extenders implementing bind\": only one extender can implement bind");
        row("native resource", "extenders:\n- urlPrefix: a\n  managedResources: [{name: memory}]\n",
            "sched.yaml:5:29: extenders[0].managedResources[0].name: Invalid value: \"memory\": is an invalid extended resource name");
        row("kubernetes.io resource", "extenders:\n- urlPrefix: a\n  managedResources: [{name: kubernetes.io/foo}]\n",
            "sched.yaml:5:29: extenders[0].managedResources[0].name: Invalid value: \"kubernetes.io/foo\": is an invalid extended resource name");
        row("not a qualified name", "extenders:\n- urlPrefix: a\n  managedResources: [{name: a/b/c}]\n",
            "sched.yaml:5:29: extenders[0].managedResources[0].name: Invalid value: \"a/b/c\": a qualified name must consist of "
            "alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or "
            "'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional "
            "DNS subdomain prefix and '/' (e.g. 'example.com/MyName')");
        row("duplicate across extenders",
            "extenders:\n- urlPrefix: a\n  managedResources: [{name: example.com/gpu}]\n- urlPrefix: b\n"
            "  managedResources: [{name: example.com/gpu}]\n",
            "sched.yaml:7:29: extenders[1].managedResources[0].name: Invalid value: \"example.com/gpu\": duplicate extender managed "
            "resource name");
        // Decoding: strict fields, durations, base64, types.
        row("unknown field", "extenders:\n- {urlPrefix: a, filterverb: filter}\n",
            "sched.yaml:4:18: extenders[0].filterverb: unknown field; an extender has urlPrefix, filterVerb, preemptVerb, "
            "prioritizeVerb, weight, bindVerb, enableHTTPS, tlsConfig, httpTimeout, nodeCacheCapable, managedResources, ignorable");
        row("unknown tls field", "extenders:\n- urlPrefix: a\n  tlsConfig: {insecure: true, caPath: /x}\n",
            "sched.yaml:5:31: extenders[0].tlsConfig.caPath: unknown field; tlsConfig has insecure, serverName, certFile, "
            "keyFile, caFile, certData, keyData, caData");
        row("duration without unit", "extenders:\n- {urlPrefix: a, httpTimeout: 5}\n",
            "sched.yaml:4:31: extenders[0].httpTimeout: time: missing unit in duration \"5\"");
        row("duration garbage", "extenders:\n- {urlPrefix: a, httpTimeout: soon}\n",
            "sched.yaml:4:31: extenders[0].httpTimeout: time: invalid duration \"soon\"");
        row("bad base64", "extenders:\n- urlPrefix: a\n  tlsConfig: {caData: 'not base64!'}\n",
            "sched.yaml:5:23: extenders[0].tlsConfig.caData: illegal base64 data");
        row("weight not a number", "extenders:\n- {urlPrefix: a, weight: heavy}\n", "sched.yaml:4:26: extenders[0].weight: \"heavy\" is not an integer");
        row("not a list", "extenders: {urlPrefix: a}\n", "sched.yaml:3:12: extenders: ");
        row("boolean as text", "extenders:\n- {urlPrefix: a, ignorable: sometimes}\n", "sched.yaml:4:29: extenders[0].ignorable: \"sometimes\" is not a boolean");
        // buildExtenders needs NodeResourcesFit args in every profile to write the ignored resources into.
        row("no NodeResourcesFit args",
            "profiles:\n- schedulerName: a\n  plugins: {multiPoint: {disabled: [{name: NodeResourcesFit}]}}\n"
            "extenders:\n- urlPrefix: a\n  managedResources: [{name: example.com/gpu, ignoredByScheduler: true}]\n",
            "sched.yaml:7:1: extenders: couldn't build extenders: can't find NodeResourcesFitArgs in plugin config (profile a)");
    }

    void refused()
    {
        QFETCH(QString, body);
        QFETCH(QString, expected);
        try {
            decode(header + body);
            QFAIL("accepted");
        } catch (const LoadError& error) {
            // Rows end where the message is upstream's or ours in full; "not a list" names only the place.
            QVERIFY2(error.toString() == expected || (expected.endsWith(QLatin1String(": ")) && error.toString().startsWith(expected)),
                     qPrintable(error.toString()));
        }
    }
};

QTEST_GUILESS_MAIN(TestExtenders)
#include "tst_extenders.moc"
