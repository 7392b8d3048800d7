// `explain`: one attempt of a pod (the first, the Nth or the last), node by node, through the real
// default profile.
#include "config/config.h"
#include "explain.h"
#include "explaincommand.h"
#include "scenario/loader.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace ksv;

namespace {

Scenario load(const QByteArray& text)
{
    return loadScenarioText(text, QStringLiteral("explain.yaml"));
}

const char* const threeNodes = R"(
apiVersion: kschedviz.io/v1alpha1
kind: Scenario
metadata: {name: explain}
spec:
  objects:
  - apiVersion: v1
    kind: Node
    metadata: {name: n1, labels: {kubernetes.io/hostname: n1}}
    status: {allocatable: {cpu: "1", memory: 4Gi, pods: "110"}}
  - apiVersion: v1
    kind: Node
    metadata: {name: n2, labels: {kubernetes.io/hostname: n2}}
    status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
  - apiVersion: v1
    kind: Node
    metadata: {name: n3, labels: {kubernetes.io/hostname: n3}}
    spec: {taints: [{key: dedicated, value: gpu, effect: NoSchedule}]}
    status: {allocatable: {cpu: "8", memory: 16Gi, pods: "110"}}
  - apiVersion: v1
    kind: Pod
    metadata: {name: first}
    spec: {containers: [{name: c, image: x, resources: {requests: {cpu: "3", memory: 1Gi}}}]}
  - apiVersion: v1
    kind: Pod
    metadata: {name: p1}
    spec: {containers: [{name: c, image: x, resources: {requests: {cpu: "2", memory: 1Gi}}}]}
)";

// p1 fails at first; a node created at 10 s lets its retry succeed there.
const char* const laterNode = R"(
apiVersion: kschedviz.io/v1alpha1
kind: Scenario
metadata: {name: later}
spec:
  objects:
  - apiVersion: v1
    kind: Node
    metadata: {name: n1}
    status: {allocatable: {cpu: "1", memory: 4Gi, pods: "110"}}
  - apiVersion: v1
    kind: Pod
    metadata: {name: p1, namespace: media}
    spec: {containers: [{name: c, image: x, resources: {requests: {cpu: "2"}}}]}
  - apiVersion: v1
    kind: Pod
    metadata: {name: p1-sidecar, namespace: media}
    spec: {containers: [{name: c, image: x, resources: {requests: {cpu: 100m}}}]}
  events:
  - at: 10s
    action: create
    object:
      apiVersion: v1
      kind: Node
      metadata: {name: n2}
      status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
)";

QString errorOf(const Scenario& scenario, const QString& pod, ExplainAttempt which = {})
{
    try {
        explainPod(scenario, config::defaultConfiguration(), pod, which);
    } catch (const ExplainError& error) {
        return QString::fromStdString(error.what());
    }
    return {};
}

} // namespace

class TestExplain : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void unschedulableAfterEarlierPod()
    {
        // "first" takes 3 of n2's 4 cpus; p1 (2 cpus) then fits nowhere.
        const Scenario scenario = load(threeNodes);
        const ExplainReport report = explainPod(scenario, config::defaultConfiguration(), QStringLiteral("default/p1"));
        QCOMPARE(report.result, QStringLiteral("Unschedulable"));
        QCOMPARE(report.profile, QStringLiteral("default-scheduler"));
        QVERIFY(report.node.isEmpty());
        QCOMPARE(report.message, QStringLiteral("0/3 nodes are available: 1 node(s) had untolerated taint {dedicated: gpu}, 2 Insufficient cpu. "
                                                "preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, "
                                                "2 No preemption victims found for incoming pod."));
        QCOMPARE(report.nodes.size(), 3);
        for (const auto& node : report.nodes) {
            if (node.name == QLatin1String("n3")) {
                QCOMPARE(node.code, QStringLiteral("UnschedulableAndUnresolvable"));
                QCOMPARE(node.plugin, QStringLiteral("TaintToleration"));
                QCOMPARE(node.reasons, QStringList {QStringLiteral("node(s) had untolerated taint {dedicated: gpu}")});
            } else {
                QCOMPARE(node.code, QStringLiteral("Unschedulable"));
                QCOMPARE(node.plugin, QStringLiteral("NodeResourcesFit"));
                QCOMPARE(node.reasons, QStringList {QStringLiteral("Insufficient cpu")});
            }
            QVERIFY(!node.scored);
        }
    }

    void scheduledWithScores()
    {
        const Scenario scenario = load(threeNodes);
        const ExplainReport report = explainPod(scenario, config::defaultConfiguration(), QStringLiteral("default/first"));
        // n1 lacks cpu, n3 is tainted: n2 is the only feasible node, chosen without scoring.
        QCOMPARE(report.result, QStringLiteral("Scheduled"));
        QCOMPARE(report.node, QStringLiteral("n2"));
        QCOMPARE(report.message, QStringLiteral("Successfully assigned default/first to n2"));
        const QJsonObject json = QJsonDocument::fromJson(cli::explainJson(report)).object();
        QCOMPARE(json.value("pod").toString(), QStringLiteral("default/first"));
        QCOMPARE(json.value("node").toString(), QStringLiteral("n2"));
        const QJsonArray nodes = json.value("nodes").toArray();
        QCOMPARE(nodes.size(), 3);
        QCOMPARE(nodes[1].toObject().value("filter").toObject().value("code").toString(), QStringLiteral("Success"));
        QVERIFY(nodes[1].toObject().value("filter").toObject().value("plugin").isNull());
        QVERIFY(!nodes[1].toObject().contains("scores"));
    }

    void scoresAndTotals()
    {
        // Two empty nodes of different size: both feasible, so every score plugin runs.
        const Scenario scenario = load(R"(
apiVersion: v1
kind: Node
metadata: {name: small}
status: {allocatable: {cpu: "2", memory: 4Gi, pods: "110"}}
---
apiVersion: v1
kind: Node
metadata: {name: large}
status: {allocatable: {cpu: "8", memory: 16Gi, pods: "110"}}
---
apiVersion: v1
kind: Pod
metadata: {name: web}
spec: {containers: [{name: c, image: x, resources: {requests: {cpu: "1", memory: 1Gi}}}]}
)");
        const ExplainReport report = explainPod(scenario, config::defaultConfiguration(), QStringLiteral("default/web"));
        QCOMPARE(report.result, QStringLiteral("Scheduled"));
        QCOMPARE(report.node, QStringLiteral("large"));
        for (const auto& node : report.nodes) {
            QVERIFY(node.scored);
            qint64 total = 0;
            for (const auto& score : node.scores)
                total += score.normalized * score.weight;
            QCOMPARE(node.total, total);
            const auto fit = std::find_if(node.scores.cbegin(), node.scores.cend(), [](const auto& s) { return s.name == QLatin1String("NodeResourcesFit"); });
            QVERIFY(fit != node.scores.cend());
            // LeastAllocated: ((8000-1000)*100/8000 + (16Gi-1Gi)*100/16Gi) / 2 = (87 + 93) / 2 = 90 on large;
            // ((2000-1000)*100/2000 + (4Gi-1Gi)*100/4Gi) / 2 = (50 + 75) / 2 = 62 on small.
            QCOMPARE(fit->raw, node.name == QLatin1String("large") ? 90 : 62);
        }
        const QJsonObject json = QJsonDocument::fromJson(cli::explainJson(report)).object();
        const QJsonObject large = json.value("nodes").toArray()[1].toObject();
        QVERIFY(large.value("scores").toObject().value("NodeResourcesFit").toObject().contains("normalized"));
        QCOMPARE(large.value("scores").toObject().value("TaintToleration").toObject().value("weight").toInt(), 3);
    }

    void samplingMarksSkippedNodes()
    {
        QByteArray text = "apiVersion: kschedviz.io/v1alpha1\nkind: Scenario\nmetadata: {name: many}\nspec:\n  objects:\n"
                          "  - {apiVersion: v1, kind: Node, count: 200, metadata: {name: n}, status: {allocatable: {cpu: '4', memory: 8Gi, pods: '110'}}}\n"
                          "  - {apiVersion: v1, kind: Pod, metadata: {name: p}, spec: {containers: [{name: c, image: x}]}}\n";
        const ExplainReport report = explainPod(load(text), config::defaultConfiguration(), QStringLiteral("default/p"));
        // numFeasibleNodesToFind(200) = 100: the other 100 nodes are never looked at.
        const auto skipped = std::count_if(report.nodes.cbegin(), report.nodes.cend(), [](const ExplainNode& n) { return n.code == QLatin1String("Skipped"); });
        QCOMPARE(skipped, 100);
    }

    void errors()
    {
        const Scenario scenario = load(threeNodes);
        try {
            explainPod(scenario, config::defaultConfiguration(), QStringLiteral("default/nope"));
            QFAIL("no error");
        } catch (const ExplainError& e) {
            QCOMPARE(QString::fromStdString(e.what()), QStringLiteral("no pod default/nope in explain.yaml"));
        }
        const Scenario gated = load(R"(
apiVersion: v1
kind: Node
metadata: {name: n1}
status: {allocatable: {cpu: "1", pods: "10"}}
---
apiVersion: v1
kind: Pod
metadata: {name: held}
spec: {schedulingGates: [{name: example.com/hold}], containers: [{name: c, image: x}]}
)");
        QVERIFY_THROWS_EXCEPTION(ExplainError, explainPod(gated, config::defaultConfiguration(), QStringLiteral("default/held")));
    }

    // A pod asked for in the wrong namespace (explain's default is "default") names the ones meant.
    void unknownPodSuggests_data()
    {
        QTest::addColumn<QString>("pod");
        QTest::addColumn<QString>("error");
        QTest::newRow("other namespace") << "default/p1" << "no pod default/p1 in explain.yaml; did you mean media/p1, media/p1-sidecar?";
        QTest::newRow("prefix") << "media/p" << "no pod media/p in explain.yaml; did you mean media/p1, media/p1-sidecar?";
        QTest::newRow("sidecar") << "default/p1-sidecar" << "no pod default/p1-sidecar in explain.yaml; did you mean media/p1-sidecar?";
        QTest::newRow("nothing alike") << "default/web" << "no pod default/web in explain.yaml";
    }
    void unknownPodSuggests()
    {
        QFETCH(QString, pod);
        QFETCH(QString, error);
        QCOMPARE(errorOf(load(laterNode), pod), error);
    }

    void chosenAttempt()
    {
        const Scenario scenario = load(laterNode);
        const QString pod = QStringLiteral("media/p1");
        const ExplainReport first = explainPod(scenario, config::defaultConfiguration(), pod);
        QCOMPARE(first.attempt, 1);
        QCOMPARE(first.result, QStringLiteral("Unschedulable"));
        QCOMPARE(first.nodes.size(), 1);

        const ExplainReport last = explainPod(scenario, config::defaultConfiguration(), pod, ExplainAttempt {1, true});
        QVERIFY(last.attempt > 1);
        QCOMPARE(last.result, QStringLiteral("Scheduled"));
        QCOMPARE(last.node, QStringLiteral("n2"));
        QCOMPARE(last.nodes.size(), 2); // the attempt's own cluster, with the node created since
        QVERIFY(last.atNanos >= 10 * nanosPerSecond);

        const ExplainReport second = explainPod(scenario, config::defaultConfiguration(), pod, ExplainAttempt {last.attempt});
        QCOMPARE(second.attempt, last.attempt);
        QCOMPARE(second.atNanos, last.atNanos);
        QCOMPARE(second.message, last.message);

        QCOMPARE(errorOf(scenario, pod, ExplainAttempt {last.attempt + 1}),
                 QStringLiteral("pod media/p1 has %1 scheduling attempts in this run, not %2").arg(last.attempt).arg(last.attempt + 1));
        const QJsonObject json = QJsonDocument::fromJson(cli::explainJson(last)).object();
        QCOMPARE(json.value(QStringLiteral("attempt")).toInt(), last.attempt);
        QCOMPARE(json.value(QStringLiteral("atSeconds")).toDouble(), double(last.atNanos) / 1e9);
        QVERIFY(cli::explainTable(last).startsWith(QStringLiteral("Pod:     media/p1  (profile default-scheduler, attempt %1 at ").arg(last.attempt)));
    }
};

QTEST_GUILESS_MAIN(TestExplain)
#include "tst_explain.moc"
