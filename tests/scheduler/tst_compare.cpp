// `kschedviz compare` (scheduler/compare.h): two runs' differences are what their `run --json`
// outputs imply, and the summary is what each run's own counters say.
#include "compare.h"
#include "runcommand.h"
#include "scenario/effectiveconfig.h"
#include "scenario/loader.h"
#include "trace/trace.h"
#include "commandline.h"
#include "whatifcommands.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace ksv;

namespace {

const QString mostAllocated = QStringLiteral(KSV_SAMPLES_DIR "/configs/most-allocated.yaml");

struct JsonPod
{
    QString node;
    QJsonValue scheduledAt;
    QString state;
    QString message;
    bool present = false;
};

// What `kschedviz run --json` prints for the scenario with this configuration and seed, by pod.
QMap<QString, JsonPod> runJsonPods(const Scenario& scenario, const QString& configPath, quint64 seed, QJsonObject* stats = nullptr)
{
    trace::Trace trace;
    SimulationOptions options;
    options.seed = seed;
    options.nodeDetail = false;
    Simulator simulator(scenario, effectiveConfiguration(scenario, configPath), options, trace);
    simulator.run();
    const QJsonObject root = QJsonDocument::fromJson(cli::runJson(simulator, seed, trace)).object();
    if (stats)
        *stats = root.value(QStringLiteral("stats")).toObject();
    QMap<QString, JsonPod> pods;
    for (const QJsonValue& value : root.value(QStringLiteral("pods")).toArray()) {
        const QJsonObject pod = value.toObject();
        pods.insert(pod.value(QStringLiteral("pod")).toString(),
                    {pod.value(QStringLiteral("node")).toString(), pod.value(QStringLiteral("scheduledAt")), pod.value(QStringLiteral("state")).toString(),
                     pod.value(QStringLiteral("message")).toString(), true});
    }
    return pods;
}

// The differences the two outputs imply, in the kinds compare uses.
QMap<QString, QString> impliedDifferences(const QMap<QString, JsonPod>& a, const QMap<QString, JsonPod>& b)
{
    QMap<QString, QString> differences;
    QSet<QString> keys;
    for (auto it = a.cbegin(); it != a.cend(); ++it)
        keys.insert(it.key());
    for (auto it = b.cbegin(); it != b.cend(); ++it)
        keys.insert(it.key());
    for (const QString& key : keys) {
        const JsonPod left = a.value(key);
        const JsonPod right = b.value(key);
        if (left.node.isEmpty() && right.node.isEmpty()) {
            const bool pendingInBoth = left.present && right.present && left.state != QLatin1String("Deleted") && right.state != QLatin1String("Deleted");
            if (pendingInBoth && left.message != right.message)
                differences.insert(key, QStringLiteral("message"));
            continue;
        }
        if (left.node.isEmpty() != right.node.isEmpty())
            differences.insert(key, left.node.isEmpty() ? QStringLiteral("onlyB") : QStringLiteral("onlyA"));
        else if (left.node != right.node)
            differences.insert(key, QStringLiteral("moved"));
        else if (left.scheduledAt != right.scheduledAt)
            differences.insert(key, QStringLiteral("timing"));
    }
    return differences;
}

QMap<QString, QString> byPod(const QList<PodDifference>& differences)
{
    QMap<QString, QString> result;
    for (const PodDifference& difference : differences)
        result.insert(difference.pod, toString(difference.kind));
    return result;
}

} // namespace

class TestCompare : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void differencesAreWhatRunJsonImplies_data()
    {
        QTest::addColumn<QString>("sample");
        QTest::addColumn<QString>("configB");
        QTest::addColumn<quint64>("seedB");
        QTest::addColumn<bool>("somePodMoves");
        // LeastAllocated spreads, MostAllocated packs: pods land elsewhere.
        QTest::newRow("zone-spread, two configurations") << QStringLiteral("zone-spread.yaml") << mostAllocated << quint64(1) << true;
        // Without its Coscheduling profile the gang is no longer all or nothing: pods bound in B only.
        QTest::newRow("gang-scheduling, two configurations") << QStringLiteral("gang-scheduling.yaml") << mostAllocated << quint64(1) << true;
        QTest::newRow("default, two seeds") << QStringLiteral("default.yaml") << QString() << quint64(7) << false;
        QTest::newRow("priority-preemption, two seeds") << QStringLiteral("priority-preemption.yaml") << QString() << quint64(7) << false;
    }

    void differencesAreWhatRunJsonImplies()
    {
        QFETCH(QString, sample);
        QFETCH(QString, configB);
        QFETCH(quint64, seedB);
        QFETCH(bool, somePodMoves);
        const Scenario scenario = loadScenarioFile(QStringLiteral(KSV_SAMPLES_DIR "/") + sample);
        const quint64 seedA = scenario.seed;
        QJsonObject statsA;
        QJsonObject statsB;
        const auto jsonA = runJsonPods(scenario, {}, seedA, &statsA);
        const auto jsonB = runJsonPods(scenario, configB, seedB, &statsB);

        SimulationOptions optionsA;
        optionsA.seed = seedA;
        SimulationOptions optionsB;
        optionsB.seed = seedB;
        const RunSummary a = summarizeRun(scenario, effectiveConfiguration(scenario), optionsA);
        const RunSummary b = summarizeRun(scenario, effectiveConfiguration(scenario, configB), optionsB);
        const QList<PodDifference> differences = podDifferences(a.pods, b.pods);
        QCOMPARE(byPod(differences), impliedDifferences(jsonA, jsonB));
        if (somePodMoves)
            QVERIFY(std::any_of(differences.cbegin(), differences.cend(), [](const PodDifference& d) { return d.kind == PodDifference::Kind::Moved; }));
        // Each difference names the nodes and times run printed.
        for (const PodDifference& difference : differences) {
            QCOMPARE(difference.nodeA, jsonA.value(difference.pod).node);
            QCOMPARE(difference.nodeB, jsonB.value(difference.pod).node);
        }

        // The summary agrees with run's own stats.
        QCOMPARE(a.scheduled, statsA.value(QStringLiteral("scheduled")).toInt());
        QCOMPARE(b.scheduled, statsB.value(QStringLiteral("scheduled")).toInt());
        QCOMPARE(a.notScheduled, statsA.value(QStringLiteral("notScheduled")).toInt());
        const QJsonObject attemptsA = statsA.value(QStringLiteral("attempts")).toObject();
        QCOMPARE(a.attempts, attemptsA.value(QStringLiteral("scheduled")).toDouble() + attemptsA.value(QStringLiteral("unschedulable")).toDouble()
                                 + attemptsA.value(QStringLiteral("error")).toDouble());
        QCOMPARE(a.unschedulableAttempts, attemptsA.value(QStringLiteral("unschedulable")).toDouble());
        const QJsonObject sli = statsA.value(QStringLiteral("histograms")).toObject().value(QStringLiteral("scheduler_pod_scheduling_sli_duration_seconds")).toObject();
        QCOMPARE(a.latencyP50, sli.value(QStringLiteral("p50")).toDouble());
        QCOMPARE(a.latencyP99, sli.value(QStringLiteral("p99")).toDouble());
    }

    void sameRunHasNoDifferences()
    {
        const Scenario scenario = loadScenarioFile(QStringLiteral(KSV_SAMPLES_DIR "/zone-spread.yaml"));
        const RunSummary a = summarizeRun(scenario, effectiveConfiguration(scenario), {});
        const RunSummary b = summarizeRun(scenario, effectiveConfiguration(scenario), {});
        QVERIFY(podDifferences(a.pods, b.pods).isEmpty());
        QCOMPARE(a.utilisation.size(), b.utilisation.size());
    }

    // A pod deleted and created again under its name has a summary per UID: its fate is the last's.
    void podCreatedAgainUnderItsName()
    {
        const Scenario scenario = loadScenarioText(R"(apiVersion: kschedviz.io/v1alpha1
kind: Scenario
metadata: {name: recreated}
spec:
  objects:
  - apiVersion: v1
    kind: Node
    metadata: {name: a, labels: {kubernetes.io/hostname: a}}
    status: {allocatable: {cpu: "4", memory: 8Gi, pods: "10"}}
  - apiVersion: v1
    kind: Pod
    metadata: {name: db-0, namespace: default, uid: first}
    spec:
      containers: [{name: c, image: i, resources: {requests: {cpu: "1"}}}]
  events:
  - at: 10s
    action: delete
    object:
      apiVersion: v1
      kind: Pod
      metadata: {name: db-0, namespace: default, uid: first}
  - at: 20s
    action: create
    object:
      apiVersion: v1
      kind: Pod
      metadata: {name: db-0, namespace: default, uid: second}
      spec:
        containers: [{name: c, image: i, resources: {requests: {cpu: "1"}}}]
)",
                                                   QStringLiteral("recreated.yaml"));
        const RunSummary a = summarizeRun(scenario, effectiveConfiguration(scenario), {});
        const RunSummary b = summarizeRun(scenario, effectiveConfiguration(scenario), {});
        QCOMPARE(a.pods.size(), 2); // one per UID
        QVERIFY(podDifferences(a.pods, b.pods).isEmpty());
        QCOMPARE(a.scheduled, 1);
    }

    // Utilisation, nodes used and zone skew, on a cluster worked out by hand.
    void summaryByHand()
    {
        const Scenario scenario = loadScenarioText(R"(apiVersion: kschedviz.io/v1alpha1
kind: Scenario
metadata: {name: by-hand}
spec:
  objects:
  - apiVersion: v1
    kind: Node
    metadata: {name: a, labels: {kubernetes.io/hostname: a, topology.kubernetes.io/zone: z1}}
    status: {allocatable: {cpu: "4", memory: 8Gi, pods: "10"}}
  - apiVersion: v1
    kind: Node
    metadata: {name: b, labels: {kubernetes.io/hostname: b, topology.kubernetes.io/zone: z2}}
    status: {allocatable: {cpu: "4", memory: 8Gi, pods: "10"}}
  - apiVersion: v1
    kind: Node
    metadata: {name: c, labels: {kubernetes.io/hostname: c, topology.kubernetes.io/zone: z2}}
    status: {allocatable: {cpu: "4", memory: 8Gi, pods: "10"}}
  - apiVersion: v1
    kind: Pod
    metadata: {name: p1, namespace: default}
    spec:
      nodeName: a
      containers: [{name: c, image: i, resources: {requests: {cpu: "1", memory: 1Gi}}}]
  - apiVersion: v1
    kind: Pod
    metadata: {name: p2, namespace: default}
    spec:
      nodeName: a
      containers: [{name: c, image: i, resources: {requests: {cpu: "2", memory: 1Gi}}}]
  - apiVersion: v1
    kind: Pod
    metadata: {name: p3, namespace: default}
    spec:
      nodeName: b
      containers: [{name: c, image: i, resources: {requests: {cpu: "1"}}}]
  - apiVersion: v1
    kind: Pod
    metadata: {name: toobig, namespace: default}
    spec:
      containers: [{name: c, image: i, resources: {requests: {cpu: "9"}}}]
)",
                                                   QStringLiteral("by-hand.yaml"));
        const RunSummary summary = summarizeRun(scenario, effectiveConfiguration(scenario), {});
        QCOMPARE(summary.scheduled, 3);
        QCOMPARE(summary.notScheduled, 1);
        QCOMPARE(summary.nodes, 3);
        QCOMPARE(summary.nodesUsed, 2);
        QCOMPARE(summary.zoneSkew, 1); // z1 2 pods, z2 1
        const auto find = [&summary](const char* name) {
            return *std::find_if(summary.utilisation.cbegin(), summary.utilisation.cend(),
                                 [name](const ResourceUse& use) { return use.resource == QLatin1String(name); });
        };
        QCOMPARE(find("cpu").requested, 4000);
        QCOMPARE(find("cpu").allocatable, 12000);
        QCOMPARE(find("pods").requested, 3);
        QCOMPARE(find("pods").allocatable, 30);
        QCOMPARE(find("memory").allocatable, qint64(24) << 30);
    }

    void commandExitStatus()
    {
        const QString sample = QStringLiteral(KSV_SAMPLES_DIR "/zone-spread.yaml");
        const auto run = [](const QStringList& arguments, QString* out, QString* err) {
            const cli::ParseResult parsed = cli::parseArguments(arguments);
            QTextStream outStream(out);
            QTextStream errStream(err);
            const int status = cli::runCompare(*parsed.options, outStream, errStream);
            outStream.flush();
            errStream.flush();
            return status;
        };
        QString out;
        QString err;
        QCOMPARE(run({QStringLiteral("compare"), sample, QStringLiteral("--seed"), QStringLiteral("7"), QStringLiteral("--json")}, &out, &err), 0);
        const QJsonObject json = QJsonDocument::fromJson(out.toUtf8()).object();
        QCOMPARE(json.value(QStringLiteral("a")).toObject().value(QStringLiteral("seed")).toString(), QStringLiteral("1"));
        QCOMPARE(json.value(QStringLiteral("b")).toObject().value(QStringLiteral("seed")).toString(), QStringLiteral("7"));
        out.clear();
        const QString broken = QStringLiteral(KSV_TEST_DATA_DIR "/no-such-config.yaml");
        QCOMPARE(run({QStringLiteral("compare"), sample, QStringLiteral("--config"), broken}, &out, &err), int(cli::ExitBadInput));
        QVERIFY2(err.contains(QLatin1String("no-such-config.yaml")), qPrintable(err));
        QVERIFY(out.isEmpty());
    }

    void commandOutput()
    {
        const Scenario scenario = loadScenarioFile(QStringLiteral(KSV_SAMPLES_DIR "/zone-spread.yaml"));
        const RunSummary a = summarizeRun(scenario, effectiveConfiguration(scenario), {});
        const RunSummary b = summarizeRun(scenario, effectiveConfiguration(scenario, mostAllocated), {});
        const QList<PodDifference> differences = podDifferences(a.pods, b.pods);
        const cli::ComparedRun runA {QString(), 1, version::v1_32};
        const cli::ComparedRun runB {mostAllocated, 1, version::v1_32};
        const QString text = cli::compareText(QStringLiteral("zone-spread.yaml"), runA, a, runB, b, differences);
        QVERIFY(text.contains(QLatin1String("A: the scenario's configuration, seed 1")));
        QVERIFY(text.contains(QLatin1String("Requested cpu")));
        QVERIFY(text.contains(QLatin1String("Differences: ")));
        for (const PodDifference& difference : differences)
            QVERIFY(text.contains(difference.pod));
        const QJsonObject json = QJsonDocument::fromJson(cli::compareJson(QStringLiteral("zone-spread.yaml"), runA, a, runB, b, differences)).object();
        QCOMPARE(json.value(QStringLiteral("differences")).toArray().size(), differences.size());
        QCOMPARE(json.value(QStringLiteral("a")).toObject().value(QStringLiteral("scheduled")).toInt(), a.scheduled);
        QCOMPARE(json.value(QStringLiteral("b")).toObject().value(QStringLiteral("config")).toString(), mostAllocated);
    }
};

QTEST_GUILESS_MAIN(TestCompare)
#include "tst_compare.moc"
