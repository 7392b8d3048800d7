// What-if edits (scheduler/scenarioedits.h): each kind of edit changes the run as the same change in a
// scenario file would, errors land on the edit's own line and column, and a saved edited scenario
// loads back to the same run, byte for byte.
#include "scenarioedits.h"
#include "config/config.h"
#include "scenario/admission.h"
#include "scenario/loader.h"
#include "simulation/simulator.h"
#include "trace/jsonl.h"
#include "trace/trace.h"

#include <QBuffer>
#include <QFile>
#include <QTest>

using namespace ksv;

namespace {

const QString baseFile = QStringLiteral(KSV_TEST_DATA_DIR "/whatif-edits.yaml");

Scenario loadBase()
{
    return loadScenarioFile(baseFile);
}

struct RunResult
{
    QMap<QString, QString> nodes; // pod key to node ("" unscheduled)
    QByteArray trace;             // the trace as JSON Lines
};

RunResult runOf(const Scenario& scenario, const config::KubeSchedulerConfiguration& configuration = config::defaultConfiguration())
{
    trace::Trace trace;
    SimulationOptions options;
    Simulator simulator(scenario, configuration, options, trace);
    simulator.run();
    RunResult result;
    for (const PodSummary& pod : simulator.podSummaries())
        result.nodes.insert(pod.key, pod.node);
    QBuffer out(&result.trace);
    out.open(QIODevice::WriteOnly);
    trace::writeJsonLines(trace, out);
    return result;
}

ScenarioEdit replaceNode(const QByteArray& yaml, std::optional<VirtualNanos> at = std::nullopt)
{
    return {ScenarioEdit::Kind::Replace, {QStringLiteral("Node"), {}, QStringLiteral("node-a")}, yaml, at};
}

QByteArray taintedNodeA(const Scenario& scenario)
{
    QByteArray yaml = objectYaml(*findObject(scenario, {QStringLiteral("Node"), {}, QStringLiteral("node-a")}));
    // The node's manifest as the editor shows it, with a taint typed under spec.
    yaml.append("spec:\n  taints:\n  - {key: maintenance, effect: NoSchedule}\n");
    return yaml;
}

const QString earlyPod = QStringLiteral("default/early");
const QString latePod = QStringLiteral("default/late");

} // namespace

class TestScenarioEdits : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void baseRunUsesNodeA()
    {
        const RunResult run = runOf(loadBase());
        QCOMPARE(run.nodes.value(earlyPod), QStringLiteral("node-a"));
        QCOMPARE(run.nodes.value(latePod), QStringLiteral("node-a"));
    }

    void objectYamlDecodesToTheSameObject()
    {
        const Scenario scenario = loadBase();
        for (const ObjectRef& ref : {ObjectRef {QStringLiteral("Node"), {}, QStringLiteral("node-b")},
                                     ObjectRef {QStringLiteral("Pod"), QStringLiteral("default"), QStringLiteral("late")}}) {
            const KubeObject object = *findObject(scenario, ref);
            const QByteArray yaml = objectYaml(object);
            const QList<KubeObject> decoded = decodeEditText(yaml, QStringLiteral("editor"));
            QCOMPARE(decoded.size(), 1);
            QCOMPARE(refOf(decoded.front()), ref);
            QCOMPARE(objectYaml(decoded.front()), yaml);
        }
    }

    void taintAtStartMovesEveryPod()
    {
        const Scenario base = loadBase();
        const Scenario edited = applyEdits(base, {replaceNode(taintedNodeA(base))});
        QCOMPARE(edited.initial.nodes.front().taints.size(), 1);
        const RunResult run = runOf(edited);
        QCOMPARE(run.nodes.value(earlyPod), QStringLiteral("node-b"));
        QCOMPARE(run.nodes.value(latePod), QStringLiteral("node-b"));
        // The base is untouched: edits are values applied to a copy.
        QVERIFY(base.initial.nodes.front().taints.isEmpty());
    }

    void timedTaintMovesOnlyLaterPods()
    {
        const Scenario base = loadBase();
        const Scenario edited = applyEdits(base, {replaceNode(taintedNodeA(base), 5 * nanosPerSecond)});
        QCOMPARE(edited.events.size(), 2);
        QCOMPARE(edited.events.front().at, 5 * nanosPerSecond); // before the pod created at 10s
        QVERIFY(edited.events.front().action == EventAction::Update);
        const RunResult run = runOf(edited);
        QCOMPARE(run.nodes.value(earlyPod), QStringLiteral("node-a"));
        QCOMPARE(run.nodes.value(latePod), QStringLiteral("node-b"));
    }

    void editOfAnObjectCreatedLaterChangesItsCreation()
    {
        const Scenario base = loadBase();
        QByteArray pod = objectYaml(*findObject(base, {QStringLiteral("Pod"), QStringLiteral("default"), QStringLiteral("late")}));
        QVERIFY(pod.contains("cpu: \"100m\"\n"));
        pod.replace("cpu: \"100m\"\n", "cpu: \"6\"\n"); // more than node-b has: only node-a fits
        const Scenario edited = applyEdits(base, {replaceNode(taintedNodeA(base)),
                                                  {ScenarioEdit::Kind::Replace, {QStringLiteral("Pod"), QStringLiteral("default"), QStringLiteral("late")}, pod, {}}});
        QCOMPARE(edited.events.size(), 1);
        QCOMPARE(edited.events.front().at, 10 * nanosPerSecond);
        QCOMPARE(runOf(edited).nodes.value(latePod), QString()); // tainted node-a, too small node-b
    }

    void deleteAtStartAndLater()
    {
        const Scenario base = loadBase();
        const ScenarioEdit deleteA {ScenarioEdit::Kind::Delete, {QStringLiteral("Node"), {}, QStringLiteral("node-a")}, {}, {}};
        const Scenario gone = applyEdits(base, {deleteA});
        QCOMPARE(gone.initial.nodes.size(), 1);
        QCOMPARE(runOf(gone).nodes.value(earlyPod), QStringLiteral("node-b"));

        ScenarioEdit later = deleteA;
        later.at = 5 * nanosPerSecond;
        const Scenario goneLater = applyEdits(base, {later});
        QCOMPARE(goneLater.initial.nodes.size(), 2);
        QVERIFY(goneLater.events.front().action == EventAction::Delete);
        const RunResult run = runOf(goneLater);
        QCOMPARE(run.nodes.value(latePod), QStringLiteral("node-b"));

        // A pod created by an event, deleted from the start: its creation goes.
        const Scenario noLate = applyEdits(base, {{ScenarioEdit::Kind::Delete, {QStringLiteral("Pod"), QStringLiteral("default"), QStringLiteral("late")}, {}, {}}});
        QVERIFY(noLate.events.isEmpty());
        QVERIFY(!runOf(noLate).nodes.contains(latePod));
    }

    void cloneAndAdd()
    {
        const Scenario base = loadBase();
        const KubeObject nodeA = *findObject(base, {QStringLiteral("Node"), {}, QStringLiteral("node-a")});
        const QByteArray clone = cloneYaml(nodeA, base);
        QVERIFY(clone.contains("name: node-a-copy\n"));
        QVERIFY(clone.contains("kubernetes.io/hostname: node-a-copy\n"));
        QVERIFY(!clone.contains("uid:"));
        const Scenario once = applyEdits(base, {{ScenarioEdit::Kind::Add, {}, clone, {}}});
        QCOMPARE(once.initial.nodes.size(), 3);
        QVERIFY(cloneYaml(nodeA, once).contains("name: node-a-copy-2\n"));

        // Added later, as a create event, in time order among the scenario's own.
        const QByteArray pod = "apiVersion: v1\nkind: Pod\nmetadata: {name: added, namespace: default}\nspec: {containers: [{name: c}]}\n";
        const Scenario added = applyEdits(base, {{ScenarioEdit::Kind::Add, {}, pod, 20 * nanosPerSecond}});
        QCOMPARE(added.events.size(), 2);
        QVERIFY(added.events.back().action == EventAction::Create);
        QCOMPARE(added.events.back().at, 20 * nanosPerSecond);
        QVERIFY(!runOf(added).nodes.value(QStringLiteral("default/added")).isEmpty());
    }

    void errorsLandInTheEditText_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("expected");
        const QString file = QStringLiteral("edit 1 (Add objects)");
        QTest::newRow("broken YAML") << QByteArray("apiVersion: v1\nkind: Node\nmetadata: {name: x\n")
                                     << file + QStringLiteral(":4:1: invalid YAML");
        QTest::newRow("bad taint effect")
            << QByteArray("apiVersion: v1\nkind: Node\nmetadata: {name: x}\nspec:\n  taints:\n  - {key: k, effect: Sometimes}\n")
            << file + QStringLiteral(":6:22: spec.taints[0].effect");
        QTest::newRow("not a kind read") << QByteArray("apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: x}\n")
                                         << file + QStringLiteral(":2:7: kind: \"Deployment\" is not a kind the scheduler reads");
        QTest::newRow("count") << QByteArray("apiVersion: v1\nkind: Node\nmetadata: {name: x}\ncount: 3\n")
                               << file + QStringLiteral(":4:8: count: count is read in scenario files only");
        QTest::newRow("empty") << QByteArray("# nothing\n") << file + QStringLiteral(":1:1: no object");
        // Found by the loader's checks after decoding, placed back in the edit's text.
        QTest::newRow("duplicate") << QByteArray("apiVersion: v1\nkind: Node\nmetadata:\n  name: node-b\n")
                                   << file + QStringLiteral(":4:9: metadata.name: duplicate Node node-b");
        QTest::newRow("bound to no node")
            << QByteArray("apiVersion: v1\nkind: Pod\nmetadata: {name: p, namespace: default}\nspec:\n  nodeName: node-z\n  containers: [{name: c}]\n")
            << file + QStringLiteral(":5:13: spec.nodeName: the pod is bound to \"node-z\", which is not a node of the scenario");
    }

    void errorsLandInTheEditText()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, expected);
        try {
            applyEdits(loadBase(), {{ScenarioEdit::Kind::Add, {}, text, {}}});
            QFAIL("no error");
        } catch (const LoadError& error) {
            if (!error.toString().startsWith(expected))
                QFAIL(qPrintable(QStringLiteral("%1\n   does not start with\n%2").arg(error.toString(), expected)));
        }
    }

    void replaceIsOneObjectOfTheSameIdentityWhenTimed()
    {
        const Scenario base = loadBase();
        QByteArray two = taintedNodeA(base) + "---\n" + objectYaml(base.initial.nodes.back());
        QVERIFY_THROWS_EXCEPTION(LoadError, applyEdits(base, {replaceNode(two)}));
        QByteArray renamed = objectYaml(base.initial.nodes.front());
        renamed.replace("name: node-a\n", "name: node-q\n");
        try {
            applyEdits(base, {replaceNode(renamed, nanosPerSecond)});
            QFAIL("no error");
        } catch (const LoadError& error) {
            QVERIFY2(error.toString().contains(QStringLiteral("metadata.name: a timed edit changes Node node-a")), qPrintable(error.toString()));
        }
        // At t=0 a rename is allowed: the object is replaced by another.
        const Scenario edited = applyEdits(base, {replaceNode(renamed)});
        QCOMPARE(edited.initial.nodes.front().meta.name, QStringLiteral("node-q"));
    }

    void savedScenarioLoadsToTheSameRun()
    {
        const Scenario base = loadBase();
        const QByteArray pod = "apiVersion: v1\nkind: Pod\nmetadata: {name: added, namespace: default}\nspec: {containers: [{name: c}]}\n";
        const QList<ScenarioEdit> edits {replaceNode(taintedNodeA(base), 5 * nanosPerSecond),
                                         {ScenarioEdit::Kind::Add, {}, pod, 12 * nanosPerSecond},
                                         {ScenarioEdit::Kind::Delete, {QStringLiteral("Node"), {}, QStringLiteral("node-b")}, {}, 30 * nanosPerSecond}};
        const Scenario edited = applyEdits(base, edits);
        const QByteArray config = "# as typed, comments kept\napiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\n"
                                  "profiles:\n- schedulerName: default-scheduler\n  pluginConfig:\n  - name: NodeResourcesFit\n    args:\n"
                                  "      scoringStrategy:\n        type: MostAllocated\n";
        const config::KubeSchedulerConfiguration configuration = loadSchedulerConfigText(config, QStringLiteral("config")).configuration();
        const QByteArray saved = writeEditedScenario(edited, config);
        QVERIFY(saved.contains("    # as typed, comments kept\n"));
        const Scenario reloaded = loadScenarioText(saved, QStringLiteral("saved.yaml"));
        QVERIFY(reloaded.schedulerConfig);
        const RunResult before = runOf(edited, configuration);
        const RunResult after = runOf(reloaded, reloaded.schedulerConfig->configuration());
        QCOMPARE(after.nodes, before.nodes);
        QCOMPARE(after.trace, before.trace);
        // MostAllocated packs node-b (the fuller of the two once one pod is there).
        QCOMPARE(before.nodes.value(earlyPod), QStringLiteral("node-b"));
        // Without a configuration the file has none, and runs as before too.
        const Scenario plain = loadScenarioText(writeEditedScenario(edited, {}), QStringLiteral("plain.yaml"));
        QVERIFY(!plain.schedulerConfig);
        QCOMPARE(runOf(plain).trace, runOf(edited).trace);
    }

    void locateFieldFindsTheNearestParent()
    {
        const QByteArray text = "kind: Node\nmetadata:\n  name: n\nspec:\n  taints:\n  - key: a\n    effect: X\n";
        const SourceLocation first {QStringLiteral("f"), 1, 1};
        QCOMPARE(locateField(text, first, QStringLiteral("spec.taints[0].effect")).toString(), QStringLiteral("f:7:13"));
        QCOMPARE(locateField(text, first, QStringLiteral("spec.taints[3].effect")).toString(), QStringLiteral("f:6:3")); // the list
        QCOMPARE(locateField(text, first, QStringLiteral("metadata.name.deeper")).toString(), QStringLiteral("f:3:9"));
        QCOMPARE(locateField(text, first, QString()).toString(), QStringLiteral("f:1:1"));
        QCOMPARE(locateField("a: [", first, QStringLiteral("a")).file, QStringLiteral("f"));
        // The document the object is in.
        const QByteArray two = "kind: Node\nmetadata: {name: a}\n---\nkind: Node\nmetadata:\n  name: b\n";
        QCOMPARE(locateField(two, SourceLocation {QStringLiteral("f"), 4, 1}, QStringLiteral("metadata.name")).toString(), QStringLiteral("f:6:9"));
    }

    void configurationTextIsTheBlockAsTyped()
    {
        const QByteArray file = "kind: Scenario\nspec:\n  schedulerConfig:\n    apiVersion: kubescheduler.config.k8s.io/v1\n"
                                "    kind: KubeSchedulerConfiguration\n    # a comment\n\n    profiles:\n    - schedulerName: x\n"
                                "  objects: []\n";
        const SourceLocation where {QStringLiteral("s.yaml"), 4, 5};
        QCOMPARE(configurationText(where, file), QByteArray("apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\n"
                                                             "# a comment\n\nprofiles:\n- schedulerName: x\n"));
        // A configuration document of its own ends at the next document.
        QCOMPARE(configurationText(SourceLocation {QStringLiteral("f"), 1, 1}, "kind: KubeSchedulerConfiguration\na: 1\n---\nkind: Node\n"),
                 QByteArray("kind: KubeSchedulerConfiguration\na: 1\n"));
        QCOMPARE(configurationText(SourceLocation {QStringLiteral("f"), 9, 1}, "a: 1\n"), QByteArray());
        // Every sample with an inline configuration: the text found decodes to the same configuration.
        for (const QString& name : {QStringLiteral("gang-scheduling.yaml"), QStringLiteral("lessons/04-sampling.yaml"), QStringLiteral("lessons/07-profiles.yaml")}) {
            const QString path = QStringLiteral(KSV_SAMPLES_DIR "/") + name;
            QFile in(path);
            QVERIFY(in.open(QIODevice::ReadOnly));
            const QByteArray text = in.readAll();
            const Scenario sample = loadScenarioFile(path);
            QVERIFY(sample.schedulerConfig);
            const QByteArray config = configurationText(sample.schedulerConfig->source, text);
            QVERIFY2(config.startsWith("apiVersion: kubescheduler.config.k8s.io/v1\n"), config.constData());
            const config::KubeSchedulerConfiguration decoded = loadSchedulerConfigText(config, QStringLiteral("c")).configuration();
            QCOMPARE(decoded.profiles.size(), sample.schedulerConfig->configuration().profiles.size());
            QCOMPARE(decoded.percentageOfNodesToScore, sample.schedulerConfig->configuration().percentageOfNodesToScore);
        }
    }

    // An update that leaves spec.nodeName out (a what-if edit of the pod as the scenario defines it)
    // keeps the node the scheduler bound it to, as `kubectl apply` would.
    void timedEditOfABoundPodKeepsItsNode()
    {
        const Scenario base = loadBase();
        QByteArray pod = objectYaml(*findObject(base, {QStringLiteral("Pod"), QStringLiteral("default"), QStringLiteral("early")}));
        pod.replace("  name: early\n", "  labels:\n    tier: web\n  name: early\n");
        const Scenario edited = applyEdits(base, {{ScenarioEdit::Kind::Replace, {QStringLiteral("Pod"), QStringLiteral("default"), QStringLiteral("early")}, pod, 5 * nanosPerSecond}});
        QVERIFY(edited.events.front().action == EventAction::Update);
        trace::Trace trace;
        Simulator simulator(edited, config::defaultConfiguration(), SimulationOptions {}, trace);
        simulator.run();
        for (const PodSummary& summary : simulator.podSummaries()) {
            if (summary.key == earlyPod) {
                QCOMPARE(summary.node, QStringLiteral("node-a"));
                QCOMPARE(summary.attempts, 1);
                QCOMPARE(int(summary.location), int(trace::PodLocation::Bound));
            }
        }
        // The late pod still sees node-a's room taken by the early one: both on node-a.
        QCOMPARE(runOf(edited).nodes, runOf(base).nodes);
    }

    // An update of a pod that the run deleted (a preemption victim) is the API server's NotFound: the
    // pod does not come back.
    void updateOfAGonePodIsIgnored()
    {
        const QByteArray text = R"(apiVersion: kschedviz.io/v1alpha1
kind: Scenario
metadata: {name: victim}
spec:
  objects:
  - {apiVersion: scheduling.k8s.io/v1, kind: PriorityClass, metadata: {name: high}, value: 1000}
  - apiVersion: v1
    kind: Node
    metadata: {name: only, labels: {kubernetes.io/hostname: only}}
    status: {allocatable: {cpu: "1", memory: 1Gi, pods: "10"}}
  - apiVersion: v1
    kind: Pod
    metadata: {name: low, namespace: default}
    spec: {containers: [{name: c, resources: {requests: {cpu: "1"}}}]}
  events:
  - at: 5s
    action: create
    object:
      apiVersion: v1
      kind: Pod
      metadata: {name: high, namespace: default}
      spec: {priorityClassName: high, containers: [{name: c, resources: {requests: {cpu: "1"}}}]}
)";
        const Scenario base = loadScenarioText(text, QStringLiteral("victim.yaml"));
        QByteArray low = objectYaml(*findObject(base, {QStringLiteral("Pod"), QStringLiteral("default"), QStringLiteral("low")}));
        low.replace("  name: low\n", "  labels:\n    edited: \"yes\"\n  name: low\n");
        const Scenario edited = applyEdits(base, {{ScenarioEdit::Kind::Replace, {QStringLiteral("Pod"), QStringLiteral("default"), QStringLiteral("low")}, low, 20 * nanosPerSecond}});
        trace::Trace trace;
        Simulator simulator(edited, config::defaultConfiguration(), SimulationOptions {}, trace);
        simulator.run();
        bool sawLow = false;
        for (const PodSummary& summary : simulator.podSummaries()) {
            if (summary.key == QLatin1String("default/low")) {
                sawLow = true;
                QCOMPARE(int(summary.location), int(trace::PodLocation::Deleted));
                QCOMPARE(summary.attempts, 1); // never queued again
            }
            if (summary.key == QLatin1String("default/high"))
                QCOMPARE(summary.node, QStringLiteral("only"));
        }
        QVERIFY(sawLow);
    }

    void errorsInAnotherDocumentOrObject()
    {
        const Scenario base = loadBase();
        // The second document of an addition: placed there, not on the first.
        const QByteArray two = "apiVersion: v1\nkind: Node\nmetadata: {name: n1}\n---\napiVersion: v1\nkind: Node\nmetadata:\n  name: node-b\n";
        try {
            applyEdits(base, {{ScenarioEdit::Kind::Add, {}, two, {}}});
            QFAIL("no error");
        } catch (const LoadError& error) {
            QCOMPARE(error.where().line, 8);
            QVERIFY2(error.toString().contains(QStringLiteral("duplicate Node node-b")), qPrintable(error.toString()));
        }
        // A scenario object the edit breaks: said at its place in the scenario's file.
        const QByteArray bound = R"(apiVersion: kschedviz.io/v1alpha1
kind: Scenario
metadata: {name: bound}
spec:
  objects:
  - apiVersion: v1
    kind: Node
    metadata: {name: n}
  - apiVersion: v1
    kind: Pod
    metadata: {name: p, namespace: default}
    spec: {nodeName: n, containers: [{name: c}]}
)";
        const Scenario withBound = loadScenarioText(bound, QStringLiteral("bound.yaml"));
        try {
            applyEdits(withBound, {{ScenarioEdit::Kind::Delete, {QStringLiteral("Node"), {}, QStringLiteral("n")}, {}, {}}});
            QFAIL("no error");
        } catch (const LoadError& error) {
            QVERIFY2(error.toString().startsWith(QStringLiteral("bound.yaml:9:5: spec.nodeName")), qPrintable(error.toString()));
            QVERIFY2(error.toString().contains(QStringLiteral("spec.nodeName")), qPrintable(error.toString()));
        }
    }

    void configurationTextOfJsonAndComments()
    {
        // A JSON scenario: its configuration is written out again as YAML.
        const QByteArray json = R"({"apiVersion": "kschedviz.io/v1alpha1", "kind": "Scenario", "metadata": {"name": "j"},
 "spec": {"schedulerConfig": {"apiVersion": "kubescheduler.config.k8s.io/v1", "kind": "KubeSchedulerConfiguration",
                              "percentageOfNodesToScore": 30},
          "objects": [{"apiVersion": "v1", "kind": "Node", "metadata": {"name": "n"}}]}}
)";
        const Scenario scenario = loadScenarioText(json, QStringLiteral("j.json"));
        QVERIFY(scenario.schedulerConfig);
        const QByteArray text = configurationText(*scenario.schedulerConfig, json);
        QVERIFY2(!text.isEmpty(), json.constData());
        QCOMPARE(loadSchedulerConfigText(text, QStringLiteral("c")).configuration().percentageOfNodesToScore, 30);
        // A comment less indented than the block does not end it, and comes out as a comment.
        const QByteArray yaml = "kind: Scenario\nspec:\n  schedulerConfig:\n    apiVersion: kubescheduler.config.k8s.io/v1\n"
                                "# a note\n    kind: KubeSchedulerConfiguration\n    percentageOfNodesToScore: 40\n  # about objects\n  objects: []\n";
        QCOMPARE(configurationText(SourceLocation {QStringLiteral("s"), 4, 5}, yaml),
                 QByteArray("apiVersion: kubescheduler.config.k8s.io/v1\n# a note\nkind: KubeSchedulerConfiguration\npercentageOfNodesToScore: 40\n"));
    }

    void timedDeleteDropsTheObjectsLaterChanges()
    {
        const Scenario base = loadBase();
        const ObjectRef late {QStringLiteral("Pod"), QStringLiteral("default"), QStringLiteral("late")};
        QByteArray pod = objectYaml(*findObject(base, late));
        pod.replace("  name: late\n", "  labels:\n    x: y\n  name: late\n");
        const ScenarioEdit update {ScenarioEdit::Kind::Replace, late, pod, 20 * nanosPerSecond};
        const ScenarioEdit remove {ScenarioEdit::Kind::Delete, late, {}, 15 * nanosPerSecond};
        const Scenario edited = applyEdits(base, {update, remove});
        QCOMPARE(edited.events.size(), 2); // the creation at 10s, the deletion at 15s; the update went
        QVERIFY(edited.events.back().action == EventAction::Delete);
        QCOMPARE(edited.events.back().at, 15 * nanosPerSecond);
    }

    void priorityClassEditsReachTheirPods()
    {
        const QByteArray text = R"(apiVersion: kschedviz.io/v1alpha1
kind: Scenario
metadata: {name: classes}
spec:
  objects:
  - {apiVersion: scheduling.k8s.io/v1, kind: PriorityClass, metadata: {name: high}, value: 1000}
  - {apiVersion: v1, kind: Node, metadata: {name: n}, status: {allocatable: {cpu: "4", memory: 4Gi, pods: "10"}}}
  - apiVersion: v1
    kind: Pod
    metadata: {name: p, namespace: default}
    spec: {priorityClassName: high, containers: [{name: c}]}
)";
        const Scenario base = loadScenarioText(text, QStringLiteral("classes.yaml"));
        QCOMPARE(base.initial.pods.front().priority, std::optional<int>(1000));
        QByteArray high = objectYaml(base.initial.priorityClasses.front());
        QVERIFY(high.contains("value: 1000\n"));
        high.replace("value: 1000\n", "value: 2000\n");
        const Scenario edited = applyEdits(base, {{ScenarioEdit::Kind::Replace, {QStringLiteral("PriorityClass"), {}, QStringLiteral("high")}, high, {}}});
        QCOMPARE(edited.initial.pods.front().priority, std::optional<int>(2000));
    }

    void renameAtTheStartIsAnotherObject()
    {
        const Scenario base = loadBase();
        QByteArray renamed = objectYaml(base.initial.nodes.front());
        renamed.replace("name: node-a\n", "name: node-q\n");
        const Scenario edited = applyEdits(base, {replaceNode(renamed)});
        QVERIFY(edited.initial.nodes.front().meta.uid != base.initial.nodes.front().meta.uid);
        QCOMPARE(edited.initial.nodes.front().meta.uid, synthesizeUid(QStringLiteral("Node"), edited.initial.nodes.front().meta));
    }

    void matchLabelKeysMergeAfresh()
    {
        const QByteArray text = R"(apiVersion: kschedviz.io/v1alpha1
kind: Scenario
metadata: {name: keys}
spec:
  objects:
  - {apiVersion: v1, kind: Node, metadata: {name: n, labels: {kubernetes.io/hostname: n}}}
  - apiVersion: v1
    kind: Pod
    metadata: {name: p, namespace: default, labels: {app: web}}
    spec:
      containers: [{name: c}]
      affinity:
        podAntiAffinity:
          requiredDuringSchedulingIgnoredDuringExecution:
          - labelSelector: {matchLabels: {tier: front}}
            topologyKey: kubernetes.io/hostname
            matchLabelKeys: [app]
)";
        const Scenario base = loadScenarioText(text, QStringLiteral("keys.yaml"));
        const auto expressions = [](const Scenario& scenario) {
            return scenario.initial.pods.front().affinity.podAntiAffinity->requiredDuringSchedulingIgnoredDuringExecution.front().labelSelector->matchExpressions;
        };
        QCOMPARE(expressions(base).size(), 1); // app In [web], merged at admission
        // The editor shows the pod as created, without what admission merged.
        QByteArray pod = objectYaml(base.initial.pods.front());
        QVERIFY2(!pod.contains("matchExpressions"), pod.constData());
        pod.replace("app: web", "app: db");
        const Scenario edited = applyEdits(base, {{ScenarioEdit::Kind::Replace, {QStringLiteral("Pod"), QStringLiteral("default"), QStringLiteral("p")}, pod, {}}});
        QCOMPARE(expressions(edited).size(), 1);
        QCOMPARE(expressions(edited).front().values, QStringList {QStringLiteral("db")});
    }

    // A file's update that leaves out the node of a pod the file itself bound keeps it, as the
    // simulator keeps the node it bound a pod to.
    void fileUpdateKeepsTheNode()
    {
        const QByteArray text = R"(apiVersion: kschedviz.io/v1alpha1
kind: Scenario
metadata: {name: kept}
spec:
  objects:
  - {apiVersion: v1, kind: Node, metadata: {name: n}}
  - {apiVersion: v1, kind: Pod, metadata: {name: p, namespace: default}, spec: {nodeName: n, containers: [{name: c}]}}
  events:
  - at: 5s
    action: update
    object: {apiVersion: v1, kind: Pod, metadata: {name: p, namespace: default, labels: {a: b}}, spec: {containers: [{name: c}]}}
)";
        const Scenario scenario = loadScenarioText(text, QStringLiteral("kept.yaml"));
        QCOMPARE(std::get<Pod>(scenario.events.front().object).nodeName, QStringLiteral("n"));
    }

    void descriptions()
    {
        QCOMPARE(replaceNode({}).description(), QStringLiteral("Edit Node node-a"));
        QCOMPARE(replaceNode({}, 2 * nanosPerSecond).description(), QStringLiteral("Edit Node node-a at 2s"));
        const ScenarioEdit remove {ScenarioEdit::Kind::Delete, {QStringLiteral("Pod"), QStringLiteral("ns"), QStringLiteral("p")}, {}, {}};
        QCOMPARE(remove.description(), QStringLiteral("Delete Pod ns/p"));
    }
};

QTEST_GUILESS_MAIN(TestScenarioEdits)
#include "tst_scenarioedits.moc"
