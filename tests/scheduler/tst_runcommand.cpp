// `kschedviz run`: arguments, the summary in both forms, --trace, --until, and bad input; the cluster
// commands' arguments, and their kubeconfig errors (tests/live covers them against a real server).
#include "commandline.h"
#include "explaincommand.h"
#include "livecommands.h"
#include "runcommand.h"
#include "whatifcommands.h"

#include "../refusedport.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace ksv;

namespace {

const QString sample = QStringLiteral(KSV_SAMPLES_DIR "/priority-preemption.yaml");

struct Output
{
    int status = 0;
    QString out;
    QString err;
};

Output runWith(const QStringList& arguments)
{
    const cli::ParseResult parsed = cli::parseArguments(arguments);
    if (!parsed.options)
        return {cli::ExitBadInput, QString(), parsed.error};
    Output output;
    QTextStream out(&output.out);
    QTextStream err(&output.err);
    switch (parsed.options->command) {
    case cli::Command::Explain: output.status = cli::runExplain(*parsed.options, out, err); break;
    case cli::Command::Compare: output.status = cli::runCompare(*parsed.options, out, err); break;
    default: output.status = cli::runRun(*parsed.options, out, err); break;
    }
    out.flush();
    err.flush();
    return output;
}

// Writes `bytes` to a new file `name` in `dir`; its path.
QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& bytes)
{
    const QString path = dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
    return path;
}

// One node with a NoSchedule taint and a pod that does not tolerate it: a FailedScheduling message
// that each version words in its own way.
const QByteArray taintedNode = R"(apiVersion: v1
kind: List
items:
- apiVersion: v1
  kind: Node
  metadata: {name: gpu-1, labels: {kubernetes.io/hostname: gpu-1}}
  spec:
    taints: [{key: dedicated, value: gpu, effect: NoSchedule}]
  status:
    allocatable: {cpu: "4", memory: 8Gi, pods: "110"}
- apiVersion: v1
  kind: Pod
  metadata: {name: web, namespace: default}
  spec:
    containers: [{name: c, image: nginx, resources: {requests: {cpu: 100m}}}]
)";

// A cluster command run in this process, as main() runs it.
Output runCluster(int (*command)(const cli::Options&, QTextStream&, QTextStream&), const cli::Options& options)
{
    Output output;
    QTextStream out(&output.out);
    QTextStream err(&output.err);
    output.status = command(options, out, err);
    out.flush();
    err.flush();
    return output;
}

} // namespace

class TestRunCommand : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void parsesItsOptions()
    {
        const auto parsed = cli::parseArguments({QStringLiteral("run"), sample, QStringLiteral("--seed"), QStringLiteral("7"),
                                                 QStringLiteral("--until"), QStringLiteral("1m30s"), QStringLiteral("--trace"),
                                                 QStringLiteral("t.jsonl"), QStringLiteral("--json")});
        QVERIFY(parsed.options);
        QCOMPARE(int(parsed.options->command), int(cli::Command::Run));
        QCOMPARE(*parsed.options->seed, quint64(7));
        QCOMPARE(*parsed.options->untilNanos, qint64(90) * 1'000'000'000);
        QCOMPARE(parsed.options->traceFile, QStringLiteral("t.jsonl"));
        QVERIFY(parsed.options->json);
    }

    void parsesExplainsAttempt()
    {
        const auto nth = cli::parseArguments({QStringLiteral("explain"), sample, QStringLiteral("--pod"), QStringLiteral("media/p"),
                                              QStringLiteral("--attempt"), QStringLiteral("3")});
        QVERIFY(nth.options);
        QCOMPARE(nth.options->attempt, 3);
        const auto last = cli::parseArguments({QStringLiteral("explain"), sample, QStringLiteral("--pod"), QStringLiteral("p"),
                                               QStringLiteral("--attempt"), QStringLiteral("last")});
        QVERIFY(last.options);
        QCOMPARE(last.options->attempt, 0);
        QCOMPARE(last.options->pod, QStringLiteral("default/p"));
        const auto first = cli::parseArguments({QStringLiteral("explain"), sample, QStringLiteral("--pod"), QStringLiteral("p")});
        QCOMPARE(first.options->attempt, 1);
    }

    void parsesTheAppsOptions()
    {
        const auto parsed = cli::parseArguments({QStringLiteral("--at"), QStringLiteral("2m30s"), QStringLiteral("--theme"),
                                                 QStringLiteral("dark"), sample});
        QVERIFY(parsed.options);
        QCOMPARE(int(parsed.options->command), int(cli::Command::Gui));
        QCOMPARE(*parsed.options->atNanos, qint64(150) * 1'000'000'000);
        QCOMPARE(parsed.options->theme, QStringLiteral("dark"));
        QCOMPARE(parsed.options->scenario, sample);
        // A screenshot with a pod selected; a bare name is in the default namespace, as for explain.
        const auto shot = cli::parseArguments({QStringLiteral("--screenshot"), QStringLiteral("/tmp/shots"),
                                               QStringLiteral("--select"), QStringLiteral("web-0"), sample});
        QVERIFY(shot.options);
        QCOMPARE(shot.options->select, QStringLiteral("default/web-0"));
    }

    void rejectsBadOptions_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("error");
        QTest::newRow("seed") << QStringList {QStringLiteral("run"), sample, QStringLiteral("--seed"), QStringLiteral("x")}
                              << QStringLiteral("--seed needs a non-negative integer");
        QTest::newRow("until") << QStringList {QStringLiteral("run"), sample, QStringLiteral("--until"), QStringLiteral("soon")}
                               << QStringLiteral("--until needs a duration such as 90s, 10m or 1h30m");
        QTest::newRow("threads zero") << QStringList {QStringLiteral("run"), sample, QStringLiteral("--threads"), QStringLiteral("0")}
                                      << QStringLiteral("--threads needs a number of threads from 1 to 256");
        QTest::newRow("threads elsewhere") << QStringList {QStringLiteral("check"), sample, QStringLiteral("--threads"), QStringLiteral("2")}
                                           << QStringLiteral("--until, --trace, --threads, --no-node-detail, --node-detail-budget and --extender-answers are for run");
        QTest::newRow("version malformed") << QStringList {QStringLiteral("run"), sample, QStringLiteral("--kubernetes-version"), QStringLiteral("new")}
                                           << QStringLiteral("--kubernetes-version: \"new\" is not a Kubernetes version: write MAJOR.MINOR such as "
                                                             "1.36 (v1.36 and 1.36.4 are read too)");
        QTest::newRow("version missing") << QStringList {QStringLiteral("run"), sample, QStringLiteral("--kubernetes-version")}
                                         << QStringLiteral("--kubernetes-version: \"\" is not a Kubernetes version: write MAJOR.MINOR such as "
                                                           "1.36 (v1.36 and 1.36.4 are read too)");
        QTest::newRow("version not modelled") << QStringList {QStringLiteral("run"), sample, QStringLiteral("--kubernetes-version=1.38")}
                                              << QStringLiteral("--kubernetes-version: Kubernetes v1.38 is not modelled: kschedviz models v1.32, "
                                                                "v1.33, v1.34, v1.35, v1.36, v1.37");
        QTest::newRow("version twice for run") << QStringList {QStringLiteral("run"), sample, QStringLiteral("--kubernetes-version"), QStringLiteral("1.33"),
                                                               QStringLiteral("--kubernetes-version"), QStringLiteral("1.36")}
                                               << QStringLiteral("--kubernetes-version twice is for compare");
        QTest::newRow("version for snapshot") << QStringList {QStringLiteral("snapshot"), QStringLiteral("--kubernetes-version"), QStringLiteral("1.36")}
                                              << QStringLiteral("--kubernetes-version and --feature-gates are for check, explain, run, capacity, "
                                                                "compare, pending, shadow and the app");
        QTest::newRow("gates without a value") << QStringList {QStringLiteral("run"), sample, QStringLiteral("--feature-gates"), QStringLiteral("Foo")}
                                               << QStringLiteral("--feature-gates: missing bool value for Foo");
        QTest::newRow("gates empty") << QStringList {QStringLiteral("run"), sample, QStringLiteral("--feature-gates=")}
                                     << QStringLiteral("--feature-gates needs NAME=true|false[,NAME=true|false...]");
        QTest::newRow("unknown gate") << QStringList {QStringLiteral("run"), sample, QStringLiteral("--feature-gates"), QStringLiteral("Teleport=true")}
                                      << QStringLiteral("--feature-gates: unrecognized feature gate: Teleport (kschedviz knows the gates that change "
                                                        "what kube-scheduler decides: docs/versions.md)\n");
        QTest::newRow("locked gate") << QStringList {QStringLiteral("run"), sample, QStringLiteral("--kubernetes-version"), QStringLiteral("1.36"),
                                                     QStringLiteral("--feature-gates"), QStringLiteral("DynamicResourceAllocation=false")}
                                     << QStringLiteral("--feature-gates: cannot set feature gate DynamicResourceAllocation to false, feature is "
                                                       "locked to true\n");
        QTest::newRow("compare one version alone") << QStringList {QStringLiteral("compare"), sample, QStringLiteral("--kubernetes-version"), QStringLiteral("1.36")}
                                                   << QStringLiteral("compare: --kubernetes-version twice to compare two versions (A, then B)");
        QTest::newRow("compare versions and a seed")
            << QStringList {QStringLiteral("compare"), sample, QStringLiteral("--kubernetes-version"), QStringLiteral("1.33"),
                            QStringLiteral("--kubernetes-version"), QStringLiteral("1.36"), QStringLiteral("--seed"), QStringLiteral("2")}
            << QStringLiteral("compare: a second --config, --seed or a second --kubernetes-version, one of them");
        QTest::newRow("trace elsewhere") << QStringList {QStringLiteral("check"), sample, QStringLiteral("--trace"), QStringLiteral("t")}
                                         << QStringLiteral("--until, --trace, --threads, --no-node-detail, --node-detail-budget and --extender-answers are for run");
        QTest::newRow("budget elsewhere") << QStringList {QStringLiteral("check"), sample, QStringLiteral("--node-detail-budget"), QStringLiteral("64")}
                                          << QStringLiteral("--until, --trace, --threads, --no-node-detail, --node-detail-budget and --extender-answers are for run");
        QTest::newRow("budget not a number") << QStringList {QStringLiteral("run"), sample, QStringLiteral("--node-detail-budget"), QStringLiteral("lots")}
                                             << QStringLiteral("--node-detail-budget needs a size in MiB from 1 to 1073741824");
        QTest::newRow("budget zero") << QStringList {QStringLiteral("run"), sample, QStringLiteral("--node-detail-budget"), QStringLiteral("0")}
                                     << QStringLiteral("--node-detail-budget needs a size in MiB from 1 to 1073741824");
        QTest::newRow("budget missing") << QStringList {QStringLiteral("run"), sample, QStringLiteral("--node-detail-budget")}
                                        << QStringLiteral("--node-detail-budget needs a size in MiB from 1 to 1073741824");
        QTest::newRow("budget and no detail")
            << QStringList {QStringLiteral("run"), sample, QStringLiteral("--no-node-detail"), QStringLiteral("--node-detail-budget"), QStringLiteral("8")}
            << QStringLiteral("--no-node-detail and --node-detail-budget exclude each other");
        QTest::newRow("no scenario") << QStringList {QStringLiteral("run")} << QStringLiteral("run needs exactly one scenario file");
        QTest::newRow("at") << QStringList {QStringLiteral("--at"), QStringLiteral("later")}
                            << QStringLiteral("--at needs a duration such as 90s, 10m or 1h30m");
        QTest::newRow("theme") << QStringList {QStringLiteral("--theme"), QStringLiteral("pink")}
                               << QStringLiteral("--theme needs system, light or dark");
        QTest::newRow("select without screenshot") << QStringList {QStringLiteral("--select"), QStringLiteral("shop/api"), sample}
                                                   << QStringLiteral("--select is for --screenshot and export");
        QTest::newRow("select missing") << QStringList {QStringLiteral("--screenshot"), QStringLiteral("/tmp/x"), QStringLiteral("--select")}
                                        << QStringLiteral("--select needs NAMESPACE/NAME");
        QTest::newRow("at for run") << QStringList {QStringLiteral("run"), sample, QStringLiteral("--at"), QStringLiteral("5s")}
                                    << QStringLiteral("--at is for the desktop app, export and capacity");
        QTest::newRow("seed for check") << QStringList {QStringLiteral("check"), sample, QStringLiteral("--seed"), QStringLiteral("3")}
                                        << QStringLiteral("--seed is for run and compare");
        QTest::newRow("theme for run") << QStringList {QStringLiteral("run"), sample, QStringLiteral("--theme"), QStringLiteral("dark")}
                                       << QStringLiteral("--theme is for the desktop app and export");
        QTest::newRow("capacity without a pod") << QStringList {QStringLiteral("capacity"), sample}
                                                << QStringLiteral("capacity needs --pod FILE: the pod to place copies of, as a Pod manifest");
        QTest::newRow("compare without a second run")
            << QStringList {QStringLiteral("compare"), sample}
            << QStringLiteral("compare needs something to compare: --config A.yaml [--config B.yaml | --seed N], or --kubernetes-version A --kubernetes-version B");
        QTest::newRow("compare with a config and a seed too many")
            << QStringList {QStringLiteral("compare"), sample, QStringLiteral("--config"), QStringLiteral("a.yaml"), QStringLiteral("--config"),
                            QStringLiteral("b.yaml"), QStringLiteral("--seed"), QStringLiteral("2")}
            << QStringLiteral("compare: a second --config, --seed or a second --kubernetes-version, one of them");
        QTest::newRow("config three times")
            << QStringList {QStringLiteral("compare"), sample, QStringLiteral("--config"), QStringLiteral("a.yaml"), QStringLiteral("--config"),
                            QStringLiteral("b.yaml"), QStringLiteral("--config"), QStringLiteral("c.yaml")}
            << QStringLiteral("--config at most twice (compare: A and B)");
        QTest::newRow("config twice for run")
            << QStringList {QStringLiteral("run"), sample, QStringLiteral("--config"), QStringLiteral("a.yaml"), QStringLiteral("--config"),
                            QStringLiteral("b.yaml")}
            << QStringLiteral("--config twice is for compare");
        QTest::newRow("max not a number") << QStringList {QStringLiteral("capacity"), sample, QStringLiteral("--pod"), QStringLiteral("p.yaml"),
                                                          QStringLiteral("--max"), QStringLiteral("many")}
                                          << QStringLiteral("--max needs a number of copies (0 or more)");
        QTest::newRow("present for check") << QStringList {QStringLiteral("check"), sample, QStringLiteral("--present")}
                                           << QStringLiteral("--present and --lesson NAME are for the desktop app");
        QTest::newRow("lesson without a name") << QStringList {QStringLiteral("--lesson")}
                                               << QStringLiteral("--lesson needs the name of a bundled lesson (such as queues)");
        QTest::newRow("lesson as a path") << QStringList {QStringLiteral("--lesson"), QStringLiteral("lessons/queues")}
                                          << QStringLiteral("--lesson needs the name of a bundled lesson (such as queues)");
        QTest::newRow("lesson and a scenario") << QStringList {QStringLiteral("--lesson"), QStringLiteral("queues"), sample}
                                               << QStringLiteral("--lesson opens a bundled lesson: give no SCENARIO, --kubeconfig or --context with it");
        QTest::newRow("attempt zero") << QStringList {QStringLiteral("explain"), sample, QStringLiteral("--pod"), QStringLiteral("p"),
                                                      QStringLiteral("--attempt"), QStringLiteral("0")}
                                      << QStringLiteral("--attempt needs a number from 1, or last");
        QTest::newRow("attempt word") << QStringList {QStringLiteral("explain"), sample, QStringLiteral("--pod"), QStringLiteral("p"),
                                                      QStringLiteral("--attempt"), QStringLiteral("first")}
                                      << QStringLiteral("--attempt needs a number from 1, or last");
        QTest::newRow("attempt for run") << QStringList {QStringLiteral("run"), sample, QStringLiteral("--attempt"), QStringLiteral("2")}
                                         << QStringLiteral("--attempt is for explain");
    }
    void parsesTheClusterCommands()
    {
        const auto snapshot = cli::parseArguments({QStringLiteral("snapshot"), QStringLiteral("--kubeconfig"), QStringLiteral("/k"),
                                                   QStringLiteral("--context"), QStringLiteral("prod"), QStringLiteral("-o"), QStringLiteral("c.yaml")});
        QVERIFY(snapshot.options);
        QCOMPARE(snapshot.options->command, cli::Command::Snapshot);
        QCOMPARE(snapshot.options->kubeconfig, QStringLiteral("/k"));
        QCOMPARE(snapshot.options->context, QStringLiteral("prod"));
        QCOMPARE(snapshot.options->output, QStringLiteral("c.yaml"));
        const auto record = cli::parseArguments({QStringLiteral("record"), QStringLiteral("--duration"), QStringLiteral("1h"), QStringLiteral("-o"),
                                                 QStringLiteral("r.yaml"), QStringLiteral("--timeout"), QStringLiteral("5s")});
        QVERIFY(record.options);
        QCOMPARE(record.options->command, cli::Command::Record);
        QCOMPARE(record.options->durationNanos, std::optional<qint64>(3600LL * 1'000'000'000));
        QCOMPARE(record.options->timeoutNanos, 5LL * 1'000'000'000);
        const auto pending = cli::parseArguments({QStringLiteral("pending"), QStringLiteral("-A"), QStringLiteral("--json"),
                                                  QStringLiteral("--config"), QStringLiteral("s.yaml")});
        QVERIFY(pending.options);
        QCOMPARE(pending.options->command, cli::Command::Pending);
        QVERIFY(pending.options->allNamespaces && pending.options->json);
        QCOMPARE(pending.options->config, QStringLiteral("s.yaml"));
        const auto inNamespace = cli::parseArguments({QStringLiteral("pending"), QStringLiteral("-n"), QStringLiteral("shop")});
        QVERIFY(inNamespace.options);
        QCOMPARE(inNamespace.options->namespace_, QStringLiteral("shop"));
        const auto shadow = cli::parseArguments({QStringLiteral("shadow"), QStringLiteral("--kubeconfig"), QStringLiteral("/k"), QStringLiteral("--context"),
                                                 QStringLiteral("prod"), QStringLiteral("--config"), QStringLiteral("v120.yaml"),
                                                 QStringLiteral("--duration"), QStringLiteral("10m"), QStringLiteral("--json")});
        QVERIFY(shadow.options);
        QCOMPARE(shadow.options->command, cli::Command::Shadow);
        QCOMPARE(shadow.options->kubeconfig, QStringLiteral("/k"));
        QCOMPARE(shadow.options->context, QStringLiteral("prod"));
        QCOMPARE(shadow.options->config, QStringLiteral("v120.yaml"));
        QCOMPARE(shadow.options->durationNanos, std::optional<qint64>(600LL * 1'000'000'000));
        QVERIFY(shadow.options->json);
        // Without --duration it runs until Ctrl+C.
        const auto untilInterrupted = cli::parseArguments({QStringLiteral("shadow")});
        QVERIFY(untilInterrupted.options);
        QCOMPARE(untilInterrupted.options->command, cli::Command::Shadow);
        QVERIFY(!untilInterrupted.options->durationNanos);
    }

    void clusterCommandOptionsRefused_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("error");
        QTest::newRow("record without output") << QStringList {QStringLiteral("record"), QStringLiteral("--duration"), QStringLiteral("1m")}
                                               << QStringLiteral("record needs -o FILE");
        QTest::newRow("snapshot of a file") << QStringList {QStringLiteral("snapshot"), sample}
                                            << QStringLiteral("snapshot reads the cluster, not a file: unexpected argument ") + sample;
        QTest::newRow("both scopes") << QStringList {QStringLiteral("pending"), QStringLiteral("-n"), QStringLiteral("a"), QStringLiteral("-A")}
                                     << QStringLiteral("-n and -A exclude each other");
        QTest::newRow("duration for snapshot") << QStringList {QStringLiteral("snapshot"), QStringLiteral("--duration"), QStringLiteral("1m")}
                                               << QStringLiteral("--duration is for record and shadow");
        QTest::newRow("duration zero") << QStringList {QStringLiteral("record"), QStringLiteral("--duration"), QStringLiteral("0s"), QStringLiteral("-o"), QStringLiteral("r")}
                                       << QStringLiteral("--duration needs a duration such as 90s, 10m or 1h30m");
        QTest::newRow("kubeconfig for run") << QStringList {QStringLiteral("run"), sample, QStringLiteral("--kubeconfig"), QStringLiteral("k")}
                                            << QStringLiteral("--kubeconfig and --context are for snapshot, record, pending, shadow and the app");
        QTest::newRow("timeout for the app") << QStringList {QStringLiteral("--timeout"), QStringLiteral("5s")}
                                             << QStringLiteral("--timeout is for snapshot, record, pending and shadow");
        QTest::newRow("app with a cluster and a file") << QStringList {QStringLiteral("--context"), QStringLiteral("c"), sample}
                                                       << QStringLiteral("the app opens a scenario or a cluster (--kubeconfig, --context), not both");
        QTest::newRow("output for pending") << QStringList {QStringLiteral("pending"), QStringLiteral("-o"), QStringLiteral("x")}
                                            << QStringLiteral("-o is for snapshot, record and export");
        QTest::newRow("namespace for snapshot") << QStringList {QStringLiteral("snapshot"), QStringLiteral("-A")}
                                                << QStringLiteral("-n and -A are for pending");
        QTest::newRow("config for record") << QStringList {QStringLiteral("record"), QStringLiteral("-o"), QStringLiteral("r"), QStringLiteral("--config"), QStringLiteral("c")}
                                           << QStringLiteral("--config is for check, explain, run, export, capacity, compare, pending, shadow and the app");
        QTest::newRow("shadow of a file") << QStringList {QStringLiteral("shadow"), sample}
                                          << QStringLiteral("shadow reads the cluster, not a file: unexpected argument ") + sample;
        QTest::newRow("output for shadow") << QStringList {QStringLiteral("shadow"), QStringLiteral("-o"), QStringLiteral("x")}
                                           << QStringLiteral("-o is for snapshot, record and export");
        QTest::newRow("namespace for shadow") << QStringList {QStringLiteral("shadow"), QStringLiteral("-A")}
                                              << QStringLiteral("-n and -A are for pending");
        QTest::newRow("shadow duration zero") << QStringList {QStringLiteral("shadow"), QStringLiteral("--duration"), QStringLiteral("0s")}
                                              << QStringLiteral("--duration needs a duration such as 90s, 10m or 1h30m");
        QTest::newRow("duration for pending") << QStringList {QStringLiteral("pending"), QStringLiteral("--duration"), QStringLiteral("1m")}
                                              << QStringLiteral("--duration is for record and shadow");
        QTest::newRow("context without a name") << QStringList {QStringLiteral("snapshot"), QStringLiteral("--context")}
                                                << QStringLiteral("--context needs a value");
    }

    void clusterCommandOptionsRefused()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, error);
        const auto parsed = cli::parseArguments(arguments);
        QVERIFY(!parsed.options);
        QCOMPARE(parsed.error, error);
    }

    // A kubeconfig that cannot be used is bad input: one message naming the file, status 2, and
    // nothing sent anywhere.
    void clusterCommandsWithABrokenKubeconfig()
    {
        QTemporaryDir dir;
        const QString path = writeFile(dir, QStringLiteral("config"), "apiVersion: v1\nkind: Config\ncurrent-context: nowhere\ncontexts: []\n");
        for (const auto command : {&cli::runSnapshot, &cli::runPending}) {
            cli::Options options;
            options.kubeconfig = path;
            const Output output = runCluster(command, options);
            QCOMPARE(output.status, int(cli::ExitBadInput));
            QVERIFY2(output.err.startsWith(path + QLatin1Char(':')), qPrintable(output.err));
            QVERIFY2(output.err.contains(QLatin1String("nowhere")), qPrintable(output.err));
            QVERIFY(output.out.isEmpty());
        }
        cli::Options missing;
        missing.kubeconfig = dir.filePath(QStringLiteral("absent"));
        missing.output = dir.filePath(QStringLiteral("r.yaml"));
        const Output output = runCluster(&cli::runRecord, missing);
        QCOMPARE(output.status, int(cli::ExitBadInput));
        QVERIFY2(output.err.contains(missing.kubeconfig), qPrintable(output.err));
        QVERIFY(!QFile::exists(missing.output));
    }

    // An exec plugin that fails or prints garbage: one message naming the kubeconfig's exec field,
    // status 2. It runs before any connection, so no server is needed (the port refuses).
    void clusterCommandsWithABrokenExecPlugin_data()
    {
        QTest::addColumn<QByteArray>("script");
        QTest::addColumn<QString>("expected");
        QTest::newRow("exits 1") << QByteArray("#!/bin/sh\necho 'login expired' >&2\nexit 1\n") << QStringLiteral("exit");
        QTest::newRow("prints garbage") << QByteArray("#!/bin/sh\necho 'not json'\n") << QStringLiteral("ExecCredential");
    }

    void clusterCommandsWithABrokenExecPlugin()
    {
        QFETCH(QByteArray, script);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        const QString plugin = writeFile(dir, QStringLiteral("plugin.sh"), script);
        QFile::setPermissions(plugin, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        const QString kubeconfig = writeFile(dir, QStringLiteral("config"), QStringLiteral("apiVersion: v1\nkind: Config\n"
                                  "clusters: [{name: c, cluster: {server: \"https://127.0.0.1:1\", insecure-skip-tls-verify: true}}]\n"
                                  "users: [{name: u, user: {exec: {apiVersion: client.authentication.k8s.io/v1, command: %1, interactiveMode: Never}}}]\n"
                                  "contexts: [{name: x, context: {cluster: c, user: u}}]\ncurrent-context: x\n")
                                                                           .arg(plugin)
                                                                           .toUtf8());
        cli::Options options;
        options.kubeconfig = kubeconfig;
        options.timeoutNanos = 30'000'000'000;
        const Output output = runCluster(&cli::runSnapshot, options);
        QCOMPARE(output.status, int(cli::ExitBadInput));
        const QString& err = output.err;
        const QString& out = output.out;
        QVERIFY2(err.contains(kubeconfig + QLatin1Char(':')), qPrintable(err));
        QVERIFY2(err.contains(QLatin1String("users[0].user.exec")), qPrintable(err));
        QVERIFY2(err.contains(expected), qPrintable(err));
        QVERIFY2(err.contains(QLatin1String("cannot read the cluster")), qPrintable(err));
        QVERIFY(out.isEmpty());
    }

    // No server: the command waits --timeout, then says what it waited for, once, and exits 1.
    void clusterCommandsWithoutAServer()
    {
        QTemporaryDir dir;
        cli::Options options;
        options.kubeconfig = writeFile(dir, QStringLiteral("config"),
                                       "apiVersion: v1\nkind: Config\nclusters: [{name: p, cluster: {server: \"http://127.0.0.1:1\"}}]\n"
                                       "users: [{name: p, user: {}}]\ncontexts: [{name: p, context: {cluster: p, user: p}}]\ncurrent-context: p\n");
        options.timeoutNanos = 1'500'000'000;
        const Output output = runCluster(&cli::runPending, options);
        QCOMPARE(output.status, int(cli::ExitFailure));
        QCOMPARE(output.err, QStringLiteral("kschedviz: http://127.0.0.1:1 did not give a complete list within --timeout; still waiting for:\n"
                                            "  every resource (14): Connection refused\n"));
        QVERIFY(output.out.isEmpty());
    }

    // A recording's bindings beside the run's own placements.
    void recordedPlacementsCompared()
    {
        QTemporaryDir dir;
        const QString path = writeFile(dir, QStringLiteral("recorded.yaml"), R"yaml(apiVersion: kschedviz.io/v1alpha1
kind: Scenario
metadata: {name: recorded}
spec:
  objects:
  - {apiVersion: v1, kind: Node, metadata: {name: big}, status: {capacity: {cpu: "8", pods: "10"}}}
  - {apiVersion: v1, kind: Node, metadata: {name: small}, status: {capacity: {cpu: "1", pods: "10"}}}
  events:
  - {at: 1s, action: create, object: {apiVersion: v1, kind: Pod, metadata: {name: a}, spec: {containers: [{name: c, resources: {requests: {cpu: "4"}}}]}}}
  - {at: 2s, action: create, object: {apiVersion: v1, kind: Pod, metadata: {name: b}, spec: {containers: [{name: c, resources: {requests: {cpu: "2"}}}]}}}
  - {at: 3s, action: create, object: {apiVersion: v1, kind: Pod, metadata: {name: huge}, spec: {containers: [{name: c, resources: {requests: {cpu: "64"}}}]}}}
  recording:
    startedAt: "2026-11-26T05:00:00Z"
    duration: 10s
    bindings:
    - {at: 1.02s, pod: default/a, node: big}
    - {at: 2.02s, pod: default/b, node: small}
    - {at: 3.02s, pod: default/huge, node: big}
)yaml");
        const Output text = runWith({QStringLiteral("run"), path});
        QCOMPARE(text.status, int(cli::ExitOk));
        QVERIFY2(text.out.contains(QLatin1String("Recorded placements: 1 of 3 on the node the cluster's scheduler chose, 1 elsewhere, 1 not bound by kschedviz\n"
                                                 "  default/b: cluster small, kschedviz big\n"
                                                 "  default/huge: cluster big, kschedviz not bound\n")),
                 qPrintable(text.out));
        const Output json = runWith({QStringLiteral("run"), path, QStringLiteral("--json")});
        const QJsonObject placements = QJsonDocument::fromJson(json.out.toUtf8()).object().value(QStringLiteral("recordedPlacements")).toObject();
        QCOMPARE(placements.value(QStringLiteral("same")).toInt(), 1);
        QCOMPARE(placements.value(QStringLiteral("elsewhere")).toInt(), 1);
        QCOMPARE(placements.value(QStringLiteral("notBound")).toInt(), 1);
        const QJsonArray pods = placements.value(QStringLiteral("pods")).toArray();
        QCOMPARE(pods.size(), 3);
        QCOMPARE(pods[1].toObject().value(QStringLiteral("node")).toString(), QStringLiteral("big"));
        QVERIFY(pods[2].toObject().value(QStringLiteral("node")).isNull());
    }

    // Extenders are called over HTTP (docs/extenders.md). The lesson's demo extender, which run starts
    // for the scenario, decides the placements; two runs write the same trace, byte for byte.
    void callsExtenders()
    {
        const QString lesson = QStringLiteral(KSV_SAMPLES_DIR "/lessons/09-extenders.yaml");
        QTemporaryDir dir;
        const QString traceA = dir.filePath(QStringLiteral("a.jsonl"));
        const QString traceB = dir.filePath(QStringLiteral("b.jsonl"));
        const Output a = runWith({QStringLiteral("run"), lesson, QStringLiteral("--json"), QStringLiteral("--trace"), traceA});
        QCOMPARE(a.status, int(cli::ExitOk));
        QCOMPARE(a.err, QString());
        QHash<QString, QJsonObject> pods;
        for (const QJsonValue& pod : QJsonDocument::fromJson(a.out.toUtf8()).object().value(QStringLiteral("pods")).toArray())
            pods.insert(pod.toObject().value(QStringLiteral("pod")).toString(), pod.toObject());
        // The extender's scores (node-b 9, node-d 5, node-a 2, weighted × 2 × 10) outweigh the plugins'
        // spreading until node-b holds two pods; node-c, without disktype=ssd, is refused.
        QStringList nodes;
        for (const char* web : {"default/web-0", "default/web-1", "default/web-2"})
            nodes.append(pods.value(QLatin1String(web)).value(QStringLiteral("node")).toString());
        QVERIFY2(!nodes.contains(QStringLiteral("node-c")), qPrintable(nodes.join(QLatin1Char(' '))));
        QCOMPARE(nodes.constFirst(), QStringLiteral("node-b"));
        const Output b = runWith({QStringLiteral("run"), lesson, QStringLiteral("--trace"), traceB});
        QCOMPARE(b.status, int(cli::ExitOk));
        QFile fileA(traceA);
        QFile fileB(traceB);
        QVERIFY(fileA.open(QIODevice::ReadOnly) && fileB.open(QIODevice::ReadOnly));
        const QByteArray bytes = fileA.readAll();
        QVERIFY(bytes.contains("\"kind\":\"ExtenderCall\""));
        QVERIFY(bytes == fileB.readAll());

        // A replay from the recorded answers calls no extender and writes the same trace again.
        const QString traceC = dir.filePath(QStringLiteral("c.jsonl"));
        const Output c = runWith({QStringLiteral("run"), lesson, QStringLiteral("--extender-answers"), traceA, QStringLiteral("--trace"), traceC});
        QCOMPARE(c.status, int(cli::ExitOk));
        QFile fileC(traceC);
        QVERIFY(fileC.open(QIODevice::ReadOnly));
        QVERIFY(bytes == fileC.readAll());

        // A broken recording is refused, naming the file and line.
        const QString broken = writeFile(dir, QStringLiteral("broken.jsonl"), "{\"t\": 0, \"kind\": \"ExtenderCall\"}\n");
        const Output refused = runWith({QStringLiteral("run"), lesson, QStringLiteral("--extender-answers"), broken});
        QCOMPARE(refused.status, int(cli::ExitBadInput));
        QVERIFY2(refused.err.startsWith(broken + QStringLiteral(":1:1: verb: required field is missing")), qPrintable(refused.err));
    }

    // explain --json puts the extender beside the plugins: its verdict under nodes[].filter with the
    // plugin "extender:URL", its score under nodes[].scores with weight × 10.
    void explainShowsExtenders()
    {
        const QString lesson = QStringLiteral(KSV_SAMPLES_DIR "/lessons/09-extenders.yaml");
        const Output output = runWith({QStringLiteral("explain"), lesson, QStringLiteral("--pod"), QStringLiteral("web-0"), QStringLiteral("--json")});
        QCOMPARE(output.status, int(cli::ExitOk));
        QHash<QString, QJsonObject> nodes;
        const QJsonObject report = QJsonDocument::fromJson(output.out.toUtf8()).object();
        for (const QJsonValue& node : report.value(QStringLiteral("nodes")).toArray())
            nodes.insert(node.toObject().value(QStringLiteral("name")).toString(), node.toObject());
        const QString column = QStringLiteral("extender:http://demo-extender.kschedviz/scheduler");
        const QJsonObject refused = nodes.value(QStringLiteral("node-c")).value(QStringLiteral("filter")).toObject();
        QCOMPARE(refused.value(QStringLiteral("code")).toString(), QStringLiteral("Unschedulable"));
        QCOMPARE(refused.value(QStringLiteral("plugin")).toString(), column);
        QCOMPARE(refused.value(QStringLiteral("reasons")).toArray(), QJsonArray {QStringLiteral("node(s) didn't have label disktype=ssd")});
        const QJsonObject score = nodes.value(QStringLiteral("node-b")).value(QStringLiteral("scores")).toObject().value(column).toObject();
        QCOMPARE(score.value(QStringLiteral("raw")).toInt(), 9);
        QCOMPARE(score.value(QStringLiteral("weight")).toInt(), 20);
        QCOMPARE(report.value(QStringLiteral("node")).toString(), QStringLiteral("node-b"));
        // The plugins' totals tie on the three ssd nodes; the extender's 9 × 20 decides.
        const auto total = [&](const char* node) { return nodes.value(QLatin1String(node)).value(QStringLiteral("total")).toInteger(); };
        QCOMPARE(total("node-b") - total("node-a"), qint64((9 - 2) * 20));
    }

    // compare calls the extenders in both runs, as run does: the lesson's demo extender decides both.
    void compareCallsExtenders()
    {
        const QString lesson = QStringLiteral(KSV_SAMPLES_DIR "/lessons/09-extenders.yaml");
        const Output output = runWith({QStringLiteral("compare"), lesson, QStringLiteral("--seed"), QStringLiteral("7"), QStringLiteral("--json")});
        QCOMPARE(output.status, int(cli::ExitOk));
        QCOMPARE(output.err, QString()); // no "does not call" warning
        const QJsonObject report = QJsonDocument::fromJson(output.out.toUtf8()).object();
        for (const char* run : {"a", "b"}) {
            const QJsonObject summary = report.value(QLatin1String(run)).toObject();
            QCOMPARE(summary.value(QStringLiteral("scheduled")).toInt(), 3);
            QCOMPARE(summary.value(QStringLiteral("notScheduled")).toInt(), 0); // broken and refused are deleted at 4 s
        }
    }

    // An extender that is down fails every attempt that asks it, with Go's words, as kube-scheduler
    // would; an ignorable one is skipped.
    void extenderDown()
    {
        const testing::RefusedPort nobody;
        QVERIFY(nobody.port() != 0);
        const quint16 port = nobody.port();
        QTemporaryDir dir;
        const auto config = [&](bool ignorable) {
            return writeFile(dir, ignorable ? QStringLiteral("ignorable.yaml") : QStringLiteral("down.yaml"),
                             QStringLiteral("apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\n"
                                            "extenders:\n- {urlPrefix: 'http://127.0.0.1:%1', filterVerb: filter, ignorable: %2}\n")
                                 .arg(port)
                                 .arg(ignorable ? QStringLiteral("true") : QStringLiteral("false"))
                                 .toUtf8());
        };
        const Output down = runWith({QStringLiteral("run"), sample, QStringLiteral("--config"), config(false), QStringLiteral("--json"),
                                     QStringLiteral("--until"), QStringLiteral("30s")});
        QCOMPARE(down.status, int(cli::ExitOk));
        const QJsonArray pods = QJsonDocument::fromJson(down.out.toUtf8()).object().value(QStringLiteral("pods")).toArray();
        QVERIFY(!pods.isEmpty());
        // No attempt binds: those that reach the extender fail on it; those no node fits fail before
        // it (extenders only see nodes the Filter plugins passed).
        const QString refused = QStringLiteral("Post \"http://127.0.0.1:%1/filter\": dial tcp 127.0.0.1:%1: connect: connection refused").arg(port);
        int failedOnExtender = 0;
        for (const QJsonValue& pod : pods) {
            const QJsonObject summary = pod.toObject();
            QVERIFY(summary.value(QStringLiteral("node")).isNull() || summary.value(QStringLiteral("attempts")).toInt() == 0);
            const QString message = summary.value(QStringLiteral("message")).toString();
            if (message == refused)
                ++failedOnExtender;
            else if (summary.value(QStringLiteral("attempts")).toInt() > 0)
                QVERIFY2(message.isEmpty() /* still in its cycle at --until */ || message.startsWith(QStringLiteral("0/4 nodes are available")), qPrintable(message));
        }
        QVERIFY(failedOnExtender > 0);
        // A TLS setting upstream refuses stops the run before it starts, as kube-scheduler would not start.
        const QString insecure = writeFile(dir, QStringLiteral("insecure.yaml"),
                                           "apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\n"
                                           "extenders:\n- urlPrefix: https://127.0.0.1:1\n  filterVerb: filter\n"
                                           "  tlsConfig: {insecure: true, caData: Y2E=}\n");
        const Output tlsRefused = runWith({QStringLiteral("run"), sample, QStringLiteral("--config"), insecure});
        QCOMPARE(tlsRefused.status, int(cli::ExitBadInput));
        QCOMPARE(tlsRefused.err, insecure + QStringLiteral(":4:3: extenders: couldn't build extenders: specifying a root certificates file with "
                                                        "the insecure flag is not allowed\n"));

        const Output skipped = runWith({QStringLiteral("run"), sample, QStringLiteral("--config"), config(true), QStringLiteral("--json")});
        QCOMPARE(skipped.status, int(cli::ExitOk));
        const Output plain = runWith({QStringLiteral("run"), sample, QStringLiteral("--json")});
        // The same nodes; the times differ, since each failed call still costs its virtual latency.
        const auto placements = [](const Output& output) {
            QMap<QString, QString> result;
            for (const QJsonValue& pod : QJsonDocument::fromJson(output.out.toUtf8()).object().value(QStringLiteral("pods")).toArray())
                result.insert(pod.toObject().value(QStringLiteral("pod")).toString(), pod.toObject().value(QStringLiteral("node")).toString());
            return result;
        };
        QCOMPARE(placements(skipped), placements(plain));
    }

    void rejectsBadOptions()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, error);
        const Output output = runWith(arguments);
        QCOMPARE(output.status, int(cli::ExitBadInput));
        QCOMPARE(output.err, error);
    }

    // The version a run models reaches its output, and each version words its FailedScheduling
    // messages as it does: the taint reason of v1.35 (and v1.34.2), and from v1.34 DynamicResources'
    // PostFilter reason before preemption's.
    void kubernetesVersions_data()
    {
        QTest::addColumn<QString>("version");
        QTest::addColumn<QString>("message");
        QTest::newRow("v1.32") << "1.32"
                               << "0/1 nodes are available: 1 node(s) had untolerated taint {dedicated: gpu}. preemption: 0/1 nodes are "
                                  "available: 1 Preemption is not helpful for scheduling.";
        QTest::newRow("v1.33") << "1.33"
                               << "0/1 nodes are available: 1 node(s) had untolerated taint {dedicated: gpu}. preemption: 0/1 nodes are "
                                  "available: 1 Preemption is not helpful for scheduling.";
        QTest::newRow("v1.34") << "1.34"
                               << "0/1 nodes are available: 1 node(s) had untolerated taint(s). no new claims to deallocate, preemption: 0/1 "
                                  "nodes are available: 1 Preemption is not helpful for scheduling.";
        QTest::newRow("v1.37") << "v1.37.0"
                               << "0/1 nodes are available: 1 node(s) had untolerated taint(s). no new claims to deallocate, preemption: 0/1 "
                                  "nodes are available: 1 Preemption is not helpful for scheduling.";
    }
    void kubernetesVersions()
    {
        QFETCH(QString, version);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const QString scenario = writeFile(dir, QStringLiteral("taint.yaml"), taintedNode);
        const Output output = runWith({QStringLiteral("run"), scenario, QStringLiteral("--json"), QStringLiteral("--kubernetes-version"), version});
        QCOMPARE(output.status, int(cli::ExitOk));
        const QJsonObject root = QJsonDocument::fromJson(output.out.toUtf8()).object();
        QCOMPARE(root.value(QStringLiteral("kubernetesVersion")).toString(), version::parseKubeVersion(version, nullptr)->toString());
        QCOMPARE(root.value(QStringLiteral("pods")).toArray().first().toObject().value(QStringLiteral("message")).toString(), message);
        // A version whose default gates are not all modelled says so, once, on stderr.
        QCOMPARE(output.err.count(QStringLiteral("is modelled in part")), version == QLatin1String("1.32") ? 0 : 1);

        const Output explained = runWith({QStringLiteral("explain"), scenario, QStringLiteral("--pod"), QStringLiteral("web"), QStringLiteral("--json"),
                                          QStringLiteral("--kubernetes-version"), version});
        QCOMPARE(explained.status, int(cli::ExitOk));
        QCOMPARE(QJsonDocument::fromJson(explained.out.toUtf8()).object().value(QStringLiteral("kubernetesVersion")).toString(),
                 root.value(QStringLiteral("kubernetesVersion")).toString());
    }

    // A pod pending under both versions, with another message: the upgrade's new wording.
    void compareShowsAnotherMessage()
    {
        QTemporaryDir dir;
        const QString scenario = writeFile(dir, QStringLiteral("taint.yaml"), taintedNode);
        const Output output = runWith({QStringLiteral("compare"), scenario, QStringLiteral("--kubernetes-version"), QStringLiteral("1.33"),
                                       QStringLiteral("--kubernetes-version"), QStringLiteral("1.35"), QStringLiteral("--json")});
        QCOMPARE(output.status, int(cli::ExitOk));
        const QJsonArray differences = QJsonDocument::fromJson(output.out.toUtf8()).object().value(QStringLiteral("differences")).toArray();
        QCOMPARE(differences.size(), 1);
        const QJsonObject difference = differences.first().toObject();
        QCOMPARE(difference.value(QStringLiteral("kind")).toString(), QStringLiteral("message"));
        QVERIFY(difference.value(QStringLiteral("a")).toObject().value(QStringLiteral("message")).toString().contains(QLatin1String("taint {dedicated: gpu}")));
        QVERIFY(difference.value(QStringLiteral("b")).toObject().value(QStringLiteral("message")).toString().contains(
            QLatin1String("untolerated taint(s). no new claims to deallocate, preemption")));
        const Output text = runWith({QStringLiteral("compare"), scenario, QStringLiteral("--kubernetes-version"), QStringLiteral("1.33"),
                                     QStringLiteral("--kubernetes-version"), QStringLiteral("1.35")});
        QVERIFY2(text.out.contains(QLatin1String("0 at another time, 1 pending with another message")), qPrintable(text.out));
        QVERIFY2(text.out.contains(QLatin1String("Pending in both runs, with another message:\ndefault/web\n  A: 0/1 nodes are available")), qPrintable(text.out));
    }

    // The upgrade what-if: one configuration under two versions.
    void compareTwoVersions()
    {
        const Output output = runWith({QStringLiteral("compare"), sample, QStringLiteral("--kubernetes-version"), QStringLiteral("1.32"),
                                       QStringLiteral("--kubernetes-version"), QStringLiteral("1.36"), QStringLiteral("--json")});
        QCOMPARE(output.status, int(cli::ExitOk));
        const QJsonObject root = QJsonDocument::fromJson(output.out.toUtf8()).object();
        QCOMPARE(root.value(QStringLiteral("a")).toObject().value(QStringLiteral("kubernetesVersion")).toString(), QStringLiteral("v1.32"));
        QCOMPARE(root.value(QStringLiteral("b")).toObject().value(QStringLiteral("kubernetesVersion")).toString(), QStringLiteral("v1.36"));
        const Output text = runWith({QStringLiteral("compare"), sample, QStringLiteral("--kubernetes-version"), QStringLiteral("1.32"),
                                     QStringLiteral("--kubernetes-version"), QStringLiteral("1.36")});
        QVERIFY2(text.out.contains(QLatin1String("A: the scenario's configuration, seed 1, Kubernetes v1.32")), qPrintable(text.out));
        QVERIFY2(text.out.contains(QLatin1String("B: the scenario's configuration, seed 1, Kubernetes v1.36")), qPrintable(text.out));
    }

    void jsonSummary()
    {
        const Output output = runWith({QStringLiteral("run"), sample, QStringLiteral("--json")});
        QCOMPARE(output.status, int(cli::ExitOk));
        const QJsonObject root = QJsonDocument::fromJson(output.out.toUtf8()).object();
        const QJsonArray pods = root.value(QStringLiteral("pods")).toArray();
        QVERIFY(pods.size() > 10);
        QJsonObject checkout;
        for (const auto& pod : pods) {
            if (pod.toObject().value(QStringLiteral("pod")).toString() == QLatin1String("shop/checkout-api-7f6d5c4b8-0"))
                checkout = pod.toObject();
        }
        QCOMPARE(checkout.value(QStringLiteral("node")).toString(), QStringLiteral("worker-b-0"));
        QCOMPARE(checkout.value(QStringLiteral("attempts")).toInt(), 2);
        QVERIFY(checkout.value(QStringLiteral("scheduledAt")).toDouble() > 5.0);
        QVERIFY(checkout.value(QStringLiteral("message")).isNull());
        const QJsonObject stats = root.value(QStringLiteral("stats")).toObject();
        QVERIFY(stats.value(QStringLiteral("schedulingCycles")).toInt() > 0);
        QVERIFY(stats.value(QStringLiteral("counters")).toObject().contains(
            QStringLiteral("scheduler_schedule_attempts_total{profile=\"default-scheduler\",result=\"scheduled\"}")));
        QCOMPARE(stats.value(QStringLiteral("attempts")).toObject().value(QStringLiteral("error")).toDouble(), 0.0);
        // Two etl-backfill pods stay unschedulable at the end (the sample's point).
        QCOMPARE(stats.value(QStringLiteral("counters")).toObject().value(QStringLiteral("scheduler_pending_pods{queue=\"unschedulable\"}")).toDouble(),
                 2.0);
    }

    void tableSummaryAndTraceFile()
    {
        QTemporaryDir dir;
        const QString tracePath = dir.filePath(QStringLiteral("trace.jsonl"));
        const Output output = runWith({QStringLiteral("run"), sample, QStringLiteral("--trace"), tracePath});
        QCOMPARE(output.status, int(cli::ExitOk));
        QVERIFY(output.out.contains(QLatin1String("shop/checkout-api-7f6d5c4b8-0")));
        QVERIFY(output.out.contains(QLatin1String("Scheduling cycles:")));
        QFile file(tracePath);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = file.readAll().split('\n');
        QVERIFY(lines.size() > 100);
        const QJsonObject first = QJsonDocument::fromJson(lines.first()).object();
        QVERIFY(first.contains(QStringLiteral("t")));
        QVERIFY(first.contains(QStringLiteral("kind")));
    }

    // With a budget for node detail, the trace is the full one without the per-node lines of the
    // cycles from the one the summary names on: the app's trace, headless.
    void nodeDetailBudgetCutsTheRestOfTheDetail()
    {
        QTemporaryDir dir;
        const QString fullPath = dir.filePath(QStringLiteral("full.jsonl"));
        const QString cutPath = dir.filePath(QStringLiteral("cut.jsonl"));
        QCOMPARE(runWith({QStringLiteral("run"), sample, QStringLiteral("--trace"), fullPath, QStringLiteral("--json")}).status, int(cli::ExitOk));
        // 1 MiB: the first block takes a whole chunk, so the budget is spent after one cycle.
        const Output cut = runWith({QStringLiteral("run"), sample, QStringLiteral("--trace"), cutPath, QStringLiteral("--node-detail-budget"),
                                    QStringLiteral("1"), QStringLiteral("--json")});
        QCOMPARE(cut.status, int(cli::ExitOk));
        const QJsonObject stats = QJsonDocument::fromJson(cut.out.toUtf8()).object().value(QStringLiteral("stats")).toObject();
        QVERIFY(stats.contains(QStringLiteral("nodeDetailStoppedAtCycle")));
        const int cutoff = stats.value(QStringLiteral("nodeDetailStoppedAtCycle")).toInt();
        QVERIFY(cutoff > 1);

        const auto readLines = [](const QString& path) {
            QFile file(path);
            return file.open(QIODevice::ReadOnly) ? file.readAll().split('\n') : QList<QByteArray>();
        };
        QList<QByteArray> expected;
        int dropped = 0;
        for (const QByteArray& line : readLines(fullPath)) {
            const QJsonObject object = QJsonDocument::fromJson(line).object();
            const QString kind = object.value(QStringLiteral("kind")).toString();
            if ((kind == QLatin1String("FilterNode") || kind == QLatin1String("ScoreNode")) && object.value(QStringLiteral("cycle")).toInt() >= cutoff) {
                ++dropped;
                continue;
            }
            expected.append(line);
        }
        QVERIFY(dropped > 10);
        QCOMPARE(readLines(cutPath), expected);
    }

    void untilRunsToThatTime()
    {
        const Output output = runWith({QStringLiteral("run"), sample, QStringLiteral("--until"), QStringLiteral("10m"), QStringLiteral("--json")});
        QCOMPARE(output.status, int(cli::ExitOk));
        const QJsonObject stats = QJsonDocument::fromJson(output.out.toUtf8()).object().value(QStringLiteral("stats")).toObject();
        QCOMPARE(stats.value(QStringLiteral("virtualTime")).toDouble(), 600.0);
    }

    void brokenScenarioExitsTwo()
    {
        const Output output = runWith({QStringLiteral("run"), QStringLiteral(KSV_TEST_DATA_DIR "/broken/bad-indentation.yaml")});
        QCOMPARE(output.status, int(cli::ExitBadInput));
        QVERIFY2(output.err.contains(QLatin1String("bad-indentation.yaml:")), qPrintable(output.err));
    }
};

QTEST_GUILESS_MAIN(TestRunCommand)
#include "tst_runcommand.moc"
