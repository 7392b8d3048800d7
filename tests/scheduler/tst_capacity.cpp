// `kschedviz capacity` (scheduler/capacity.h): how many copies of a pod fit, checked against the
// arithmetic of the nodes' free cpu and against `run` scheduling the same copies one by one.
#include "capacity.h"
#include "decoding/loaderror.h"
#include "scenario/effectiveconfig.h"
#include "scenario/loader.h"
#include "simulation/simulator.h"
#include "trace/trace.h"
#include "commandline.h"
#include "whatifcommands.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace ksv;

namespace {

constexpr VirtualNanos second = nanosPerSecond;

QByteArray node(const char* name, const char* zone, const char* cpu)
{
    return QByteArray("  - apiVersion: v1\n    kind: Node\n    metadata: {name: ") + name + ", labels: {kubernetes.io/hostname: " + name
        + ", topology.kubernetes.io/zone: " + zone + "}}\n    status: {allocatable: {cpu: \"" + cpu
        + "\", memory: 16Gi, pods: \"110\"}}\n";
}

QByteArray boundPod(const char* name, const char* nodeName, const char* cpu)
{
    return QByteArray("  - apiVersion: v1\n    kind: Pod\n    metadata: {name: ") + name + ", namespace: default}\n    spec:\n      nodeName: "
        + nodeName + "\n      containers: [{name: c, image: busybox, resources: {requests: {cpu: \"" + cpu + "\"}}}]\n";
}

QByteArray podObject(const QByteArray& name, const char* cpu, const char* indent)
{
    const QByteArray in(indent);
    return in + "apiVersion: v1\n" + in + "kind: Pod\n" + in + "metadata: {name: " + name + ", namespace: default}\n" + in + "spec:\n" + in
        + "  containers: [{name: c, image: busybox, resources: {requests: {cpu: \"" + cpu + "\"}}}]\n";
}

// Three nodes in two zones; 1 cpu of node-a taken at t=0. Free: a 1, b 2, c 4 cpu.
const QByteArray cluster = "  objects:\n" + node("node-a", "zone-1", "2") + node("node-b", "zone-1", "2") + node("node-c", "zone-2", "4")
    + boundPod("taken", "node-a", "1");

Scenario scenario(const QByteArray& body)
{
    return loadScenarioText("apiVersion: kschedviz.io/v1alpha1\nkind: Scenario\nmetadata: {name: capacity}\nspec:\n" + body,
                            QStringLiteral("capacity.yaml"));
}

QString writeFile(const QTemporaryDir& dir, const char* name, const QByteArray& text)
{
    QFile file(dir.filePath(QString::fromLatin1(name)));
    if (!file.open(QIODevice::WriteOnly))
        return {};
    file.write(text);
    return file.fileName();
}

CapacityReport capacityOf(const Scenario& s, const char* cpu, std::optional<VirtualNanos> at = VirtualNanos(0), std::optional<int> max = std::nullopt)
{
    const config::KubeSchedulerConfiguration configuration = effectiveConfiguration(s);
    QTemporaryDir dir;
    const QString path = writeFile(dir, "web.yaml", podObject("web", cpu, ""));
    const ClusterAtTime atTime = clusterAt(s, configuration, at);
    return estimateCapacity(s, configuration, atTime, loadPodTemplate(path, atTime.cluster), max);
}

int copiesOn(const CapacityReport& report, const QString& node)
{
    for (const auto& [name, copies] : report.nodes) {
        if (name == node)
            return copies;
    }
    return 0;
}

} // namespace

class TestCapacity : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void fillsTheFreeCpu()
    {
        const CapacityReport report = capacityOf(scenario(cluster), "500m");
        // 1 + 2 + 4 free cores, half a core each.
        QCOMPARE(report.fit, 14);
        QCOMPARE(copiesOn(report, QStringLiteral("node-a")), 2);
        QCOMPARE(copiesOn(report, QStringLiteral("node-b")), 4);
        QCOMPARE(copiesOn(report, QStringLiteral("node-c")), 8);
        QCOMPARE(report.zones, (QList<std::pair<QString, int>> {{QStringLiteral("zone-1"), 6}, {QStringLiteral("zone-2"), 8}}));
        QVERIFY(!report.limitReached);
        QCOMPARE(report.boundAt, 1);
        QCOMPARE(report.pendingLeftOut, 0);
        // The copy that did not fit, as kube-scheduler words it.
        QVERIFY(report.stoppedBy);
        QCOMPARE(report.stoppedBy->result, QStringLiteral("Unschedulable"));
        QVERIFY2(report.stoppedBy->message.startsWith(QLatin1String("0/3 nodes are available: 3 Insufficient cpu.")),
                 qPrintable(report.stoppedBy->message));
        QCOMPARE(report.stoppedBy->nodes.size(), 3);
        for (const ExplainNode& verdict : report.stoppedBy->nodes) {
            QCOMPARE(verdict.plugin, QStringLiteral("NodeResourcesFit"));
            QCOMPARE(verdict.reasons, QStringList {QStringLiteral("Insufficient cpu")});
        }
    }

    // The same copies created one by one in a scenario and played by `run` land on the same nodes,
    // and the next one stays pending with the same message.
    void agreesWithRunningTheCopies_data()
    {
        QTest::addColumn<int>("max");
        QTest::newRow("until one does not fit") << -1;
        // Part way, where the scores decide which node each copy takes.
        QTest::newRow("five copies") << 5;
    }

    void agreesWithRunningTheCopies()
    {
        QFETCH(int, max);
        const Scenario base = scenario(cluster);
        const CapacityReport report = capacityOf(base, "300m", 0, max < 0 ? std::nullopt : std::optional<int>(max));
        QVERIFY(report.fit > 0);
        const int created = max < 0 ? report.fit + 1 : report.fit;
        QByteArray events = "  events:\n";
        for (int copy = 1; copy <= created; ++copy) {
            events += "  - at: " + QByteArray::number(copy * 10) + "s\n    action: create\n    object:\n"
                + podObject("web-copy-" + QByteArray::number(copy), "300m", "      ");
        }
        const Scenario copies = scenario(cluster + events);
        trace::Trace trace;
        Simulator simulator(copies, effectiveConfiguration(copies), {}, trace);
        simulator.run();
        QHash<QString, int> perNode;
        QString lastMessage;
        int bound = 0;
        for (const PodSummary& pod : simulator.podSummaries()) {
            if (!pod.key.startsWith(QLatin1String("default/web-copy-")))
                continue;
            if (pod.location == trace::PodLocation::Bound) {
                ++bound;
                ++perNode[pod.node];
            } else {
                QCOMPARE(pod.key, QStringLiteral("default/web-copy-%1").arg(report.fit + 1));
                lastMessage = pod.message;
            }
        }
        QCOMPARE(bound, report.fit);
        for (const auto& [node, count] : report.nodes)
            QCOMPARE(perNode.value(node), count);
        if (max < 0)
            QCOMPARE(lastMessage, report.stoppedBy->message);
    }

    // The cluster as it is at --at: a node that joins later is not there yet; a pod deleted by
    // then has freed its cpu; pods still pending are left out.
    void theClusterAtATime()
    {
        const QByteArray events = R"(  events:
  - at: 20s
    action: create
    object:
      apiVersion: v1
      kind: Node
      metadata: {name: node-d, labels: {kubernetes.io/hostname: node-d, topology.kubernetes.io/zone: zone-2}}
      status: {allocatable: {cpu: "2", memory: 16Gi, pods: "110"}}
  - at: 30s
    action: delete
    object:
      apiVersion: v1
      kind: Pod
      metadata: {name: taken, namespace: default}
  - at: 40s
    action: create
    object:
      apiVersion: v1
      kind: Pod
      metadata: {name: huge, namespace: default}
      spec:
        containers: [{name: c, image: busybox, resources: {requests: {cpu: "64"}}}]
)";
        const Scenario s = scenario(cluster + events);
        QCOMPARE(capacityOf(s, "1", 10 * second).fit, 7);
        QCOMPARE(capacityOf(s, "1", 25 * second).fit, 9);
        const CapacityReport later = capacityOf(s, "1", 50 * second);
        QCOMPARE(later.fit, 10);
        QCOMPARE(later.boundAt, 0);
        QCOMPARE(later.pendingLeftOut, 1); // huge
        QCOMPARE(copiesOn(later, QStringLiteral("node-d")), 2);
        // Without --at: the cluster once the scenario has nothing left to do.
        const CapacityReport end = capacityOf(s, "1", std::nullopt);
        QCOMPARE(end.fit, 10);
        QVERIFY(end.at >= 40 * second);
        QCOMPARE(end.pendingLeftOut, 1);
    }

    void stopsAtTheLimit()
    {
        const CapacityReport report = capacityOf(scenario(cluster), "500m", 0, 3);
        QCOMPARE(report.fit, 3);
        QVERIFY(report.limitReached);
        QVERIFY(!report.stoppedBy);
        QCOMPARE(capacityOf(scenario(cluster), "500m", 0, 0).fit, 0);
    }

    void nothingFits()
    {
        const CapacityReport report = capacityOf(scenario(cluster), "8");
        QCOMPARE(report.fit, 0);
        QVERIFY(report.nodes.isEmpty());
        QVERIFY(report.stoppedBy && report.stoppedBy->message.startsWith(QLatin1String("0/3 nodes are available")));
    }

    void templates()
    {
        QTemporaryDir dir;
        const Scenario s = scenario("  objects:\n" + node("n", "z", "4") + R"(  - apiVersion: scheduling.k8s.io/v1
    kind: PriorityClass
    metadata: {name: high}
    value: 1000
)");
        const ClusterState& initial = s.initial;
        // The scenario's PriorityClass, not the file's: the template file has none.
        const QString classed = writeFile(dir, "classed.yaml", podObject("p", "1", "").replace("spec:\n", "spec:\n  priorityClassName: high\n"));
        QCOMPARE(loadPodTemplate(classed, initial).priority, 1000);
        // A nodeName in the template is dropped: copies are placed, not bound.
        const QString bound = writeFile(dir, "bound.yaml", podObject("p", "1", "").replace("spec:\n", "spec:\n  nodeName: n\n"));
        QVERIFY(loadPodTemplate(bound, initial).nodeName.isEmpty());

        const auto refused = [&](const char* name, const QByteArray& text, const QString& expected) {
            const QString path = writeFile(dir, name, text);
            try {
                loadPodTemplate(path, initial);
                QFAIL(name);
            } catch (const LoadError& error) {
                QVERIFY2(error.toString().startsWith(path + QLatin1Char(':')) && error.toString().contains(expected), qPrintable(error.toString()));
            }
        };
        refused("node.yaml", "apiVersion: v1\nkind: Node\nmetadata: {name: n}\n", QStringLiteral("kind: a pod template is one Pod manifest, not Node"));
        refused("two.yaml", podObject("a", "1", "") + "---\n" + podObject("b", "1", ""),
                QStringLiteral("two.yaml:7:1: kind: a second Pod (2 in the file)"));
        refused("empty.yaml", "# nothing\n", QStringLiteral("no Pod in the file"));
        refused("missing-class.yaml", podObject("p", "1", "").replace("spec:\n", "spec:\n  priorityClassName: nope\n"),
                QStringLiteral("spec.priorityClassName: no PriorityClass with name nope was found"));
        refused("broken.yaml", "kind: Pod\nmetadata: {name: [\n", QStringLiteral("broken.yaml:"));
        // Gated copies would wait for ever: refused where the gates are.
        refused("gated.yaml", podObject("p", "1", "").replace("spec:\n", "spec:\n  schedulingGates: [{name: example.com/quota}]\n"),
                QStringLiteral("gated.yaml:5:20: spec.schedulingGates: a template with scheduling gates would never get a scheduling attempt"));
        refused("badcpu.yaml", podObject("p", "lots", ""), QStringLiteral("requests.cpu"));
    }

    // A template no profile schedules never gets an attempt: an error, not a count of 0.
    void unscheduledTemplateIsAnError()
    {
        QTemporaryDir dir;
        const Scenario s = scenario(cluster);
        const QString path = writeFile(dir, "other.yaml", podObject("p", "1", "").replace("spec:\n", "spec:\n  schedulerName: other\n"));
        const ClusterAtTime at = clusterAt(s, effectiveConfiguration(s), VirtualNanos(0));
        try {
            estimateCapacity(s, effectiveConfiguration(s), at, loadPodTemplate(path, s.initial));
            QFAIL("no error");
        } catch (const LoadError& error) {
            QVERIFY2(error.toString().contains(QLatin1String("spec.schedulerName")), qPrintable(error.toString()));
        }
    }

    // The command as main() runs it: bad input exits 2 with one message at the file and line.
    void commandExitStatus()
    {
        QTemporaryDir dir;
        const QString scenarioPath = writeFile(dir, "cluster.yaml",
                                               "apiVersion: kschedviz.io/v1alpha1\nkind: Scenario\nmetadata: {name: c}\nspec:\n" + cluster);
        const QString good = writeFile(dir, "good.yaml", podObject("web", "500m", ""));
        const QString broken = writeFile(dir, "broken.yaml", podObject("web", "half", ""));
        const auto run = [&](const QStringList& arguments, QString* out, QString* err) {
            const cli::ParseResult parsed = cli::parseArguments(arguments);
            QTextStream outStream(out);
            QTextStream errStream(err);
            const int status = cli::runCapacity(*parsed.options, outStream, errStream);
            outStream.flush();
            errStream.flush();
            return status;
        };
        QString out;
        QString err;
        QCOMPARE(run({QStringLiteral("capacity"), scenarioPath, QStringLiteral("--pod"), good, QStringLiteral("--json")}, &out, &err), 0);
        QCOMPARE(QJsonDocument::fromJson(out.toUtf8()).object().value(QStringLiteral("fit")).toInt(), 14);
        out.clear();
        QCOMPARE(run({QStringLiteral("capacity"), scenarioPath, QStringLiteral("--pod"), broken}, &out, &err), int(cli::ExitBadInput));
        QVERIFY2(err.startsWith(broken + QStringLiteral(":5:")) && err.contains(QLatin1String("requests.cpu")), qPrintable(err));
        QVERIFY(out.isEmpty());
        err.clear();
        QCOMPARE(run({QStringLiteral("capacity"), scenarioPath, QStringLiteral("--pod"), dir.filePath(QStringLiteral("missing.yaml"))}, &out, &err),
                 int(cli::ExitBadInput));
        QVERIFY2(err.contains(QLatin1String("missing.yaml")), qPrintable(err));
    }

    void commandOutput()
    {
        const CapacityReport report = capacityOf(scenario(cluster), "500m");
        const QString text = cli::capacityText(report);
        QVERIFY2(text.startsWith(QLatin1String("14 more copies of default/web fit at 0.000s\n")), qPrintable(text));
        QVERIFY(text.contains(QLatin1String("node-c  8")));
        QVERIFY(text.contains(QLatin1String("zone-2  8")));
        QVERIFY(text.contains(QLatin1String("Copy 15 did not fit: 0/3 nodes are available: 3 Insufficient cpu.")));
        const QJsonObject json = QJsonDocument::fromJson(cli::capacityJson(report)).object();
        QCOMPARE(json.value(QStringLiteral("fit")).toInt(), 14);
        QCOMPARE(json.value(QStringLiteral("nodes")).toArray().size(), 3);
        QCOMPARE(json.value(QStringLiteral("stoppedBy")).toObject().value(QStringLiteral("nodes")).toArray().size(), 3);
    }
};

QTEST_GUILESS_MAIN(TestCapacity)
#include "tst_capacity.moc"
