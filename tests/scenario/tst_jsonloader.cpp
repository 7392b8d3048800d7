// The loader's JSON path (QJsonDocument, for `kubectl get -o json` dumps): it must give the same
// Scenario as reading the same text through yaml-cpp, and broken JSON must get the same kind of
// message as broken YAML: "file:line:column: field: what is wrong".
#include "scenario/loader.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <random>

using namespace ksv;

namespace {

const QString jsonName = QStringLiteral("broken.json");

QByteArray readFixture()
{
    QFile file(QStringLiteral(KSV_SCENARIO_DATA_DIR "/kubectl-dump.json"));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(file.fileName()));
    return file.readAll();
}

// A first line that is not JSON sends the same text through yaml-cpp (JSON is YAML), one line lower.
QByteArray asYaml(const QByteArray& json)
{
    return "# read through yaml-cpp\n" + json;
}

// The JSON path keeps the file but no line; everything else must be equal.
template<typename T>
QList<T> withoutLines(QList<T> objects)
{
    for (auto& object : objects) {
        object.meta.source.line = 0;
        object.meta.source.column = 0;
    }
    return objects;
}

bool sameObjects(const ClusterState& a, const ClusterState& b)
{
    return withoutLines(a.nodes) == withoutLines(b.nodes) && withoutLines(a.pods) == withoutLines(b.pods)
        && withoutLines(a.namespaces) == withoutLines(b.namespaces) && withoutLines(a.priorityClasses) == withoutLines(b.priorityClasses)
        && withoutLines(a.podDisruptionBudgets) == withoutLines(b.podDisruptionBudgets) && withoutLines(a.services) == withoutLines(b.services)
        && withoutLines(a.replicationControllers) == withoutLines(b.replicationControllers)
        && withoutLines(a.replicaSets) == withoutLines(b.replicaSets) && withoutLines(a.statefulSets) == withoutLines(b.statefulSets)
        && withoutLines(a.persistentVolumeClaims) == withoutLines(b.persistentVolumeClaims)
        && withoutLines(a.persistentVolumes) == withoutLines(b.persistentVolumes)
        && withoutLines(a.storageClasses) == withoutLines(b.storageClasses) && withoutLines(a.csiNodes) == withoutLines(b.csiNodes)
        && withoutLines(a.podGroups) == withoutLines(b.podGroups);
}

// "file:12:5: rest" one line up, as the JSON text has it without asYaml's first line.
QString oneLineUp(const QString& warning)
{
    const QStringList parts = warning.split(QLatin1Char(':'));
    QStringList shifted = parts;
    shifted[1] = QString::number(parts[1].toInt() - 1);
    return shifted.join(QLatin1Char(':'));
}

// A JSON List as kubectl prints it, small enough to mutate: a node and a pod bound to it.
const char validList[] = R"json({
    "apiVersion": "v1",
    "kind": "List",
    "items": [
        {
            "apiVersion": "v1",
            "kind": "Node",
            "metadata": {"name": "node-1", "labels": {"kubernetes.io/hostname": "node-1", "zone": "a"}},
            "spec": {"taints": [{"key": "gpu", "value": "yes", "effect": "NoSchedule"}]},
            "status": {"allocatable": {"cpu": "4", "memory": "8Gi", "pods": "110"}}
        },
        {
            "apiVersion": "v1",
            "kind": "Pod",
            "metadata": {"name": "web", "namespace": "shop", "labels": {"app": "web"}},
            "spec": {
                "nodeName": "node-1",
                "priority": 0,
                "containers": [{"name": "app", "image": "nginx",
                                "resources": {"requests": {"cpu": "100m", "memory": "64Mi"}},
                                "ports": [{"containerPort": 80, "hostPort": 8080, "protocol": "TCP"}]}],
                "tolerations": [{"key": "gpu", "operator": "Exists", "effect": "NoExecute", "tolerationSeconds": 30}]
            },
            "status": {"phase": "Running"}
        }
    ]
}
)json";

} // namespace

class TestJsonLoader : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void kubectlDumpAsJsonEqualsYaml()
    {
        const QByteArray json = readFixture();
        QStringList jsonWarnings;
        QStringList yamlWarnings;
        Scenario fromJson;
        Scenario fromYaml;
        try {
            fromJson = loadScenarioText(json, QStringLiteral("dump.json"), &jsonWarnings);
            fromYaml = loadScenarioText(asYaml(json), QStringLiteral("dump.json"), &yamlWarnings);
        } catch (const LoadError& e) {
            QFAIL(e.what());
        }
        // The fixture is the YAML dump of tst_samples (kubectlDump), printed as JSON.
        QCOMPARE(fromJson.initial.nodes.size(), 3);
        QCOMPARE(fromJson.initial.pods.size(), 19);
        QCOMPARE(fromJson.initial.objectCount(), fromYaml.initial.objectCount());
        QVERIFY(sameObjects(fromJson.initial, fromYaml.initial));
        // Which path read it: JSON objects name the file without a line, YAML ones with theirs.
        QCOMPARE(fromJson.initial.pods.constFirst().meta.source, (SourceLocation {QStringLiteral("dump.json"), 0, 0}));
        QVERIFY(fromYaml.initial.pods.constFirst().meta.source.line > 1);
        // Skipped kinds are found at the same place as yaml-cpp finds them.
        QCOMPARE(jsonWarnings.size(), 2);
        QCOMPARE(yamlWarnings.size(), 2);
        for (qsizetype i = 0; i < jsonWarnings.size(); ++i) {
            QVERIFY2(jsonWarnings[i].startsWith(QLatin1String("dump.json:")), qPrintable(jsonWarnings[i]));
            QCOMPARE(jsonWarnings[i], oneLineUp(yamlWarnings[i]));
        }
    }

    void kubectlDumpFromFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("dump.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(readFixture());
        file.close();
        QStringList warnings;
        const Scenario scenario = loadScenarioFile(path, &warnings);
        QCOMPARE(scenario.file, path);
        QCOMPARE(scenario.name, QStringLiteral("dump"));
        QCOMPARE(scenario.initial.pods.size(), 19);
        QCOMPARE(warnings.size(), 2);
        QVERIFY2(warnings[0].startsWith(path + QLatin1Char(':')), qPrintable(warnings[0]));
    }

    void scenarioDocumentAsJsonEqualsYaml()
    {
        // count, events and a skipped kind among the objects: the warning needs a position the JSON
        // path does not find (it is not a List item), so the file is read through yaml-cpp.
        const QByteArray json = R"json({"apiVersion": "kschedviz.io/v1alpha1", "kind": "Scenario",
 "metadata": {"name": "json"},
 "spec": {"seed": 7, "timing": {"cycleBase": "2ms", "bindFailureRate": 0.25},
  "objects": [
   {"apiVersion": "v1", "kind": "Node", "count": 3, "metadata": {"name": "n", "labels": {"kubernetes.io/hostname": "n"}},
    "status": {"allocatable": {"cpu": 2, "memory": "4Gi", "pods": 10}}},
   {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p"}, "spec": {"containers": [{"name": "c"}]}}],
  "events": [
   {"at": "10s", "action": "create", "count": 2,
    "object": {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "later"}, "spec": {"containers": [{"name": "c"}]}}},
   {"at": 20, "action": "delete", "object": {"apiVersion": "v1", "kind": "Node", "metadata": {"name": "n-2"}}}]}}
)json";
        Scenario fromJson;
        Scenario fromYaml;
        try {
            fromJson = loadScenarioText(json, QStringLiteral("s.json"));
            fromYaml = loadScenarioText(asYaml(json), QStringLiteral("s.json"));
        } catch (const LoadError& e) {
            QFAIL(e.what());
        }
        QCOMPARE(fromJson.name, QStringLiteral("json"));
        QCOMPARE(fromJson.seed, quint64(7));
        QCOMPARE(fromJson.timing.bindFailureRate, 0.25);
        QCOMPARE(fromJson.timing.cycleBase, fromYaml.timing.cycleBase);
        QCOMPARE(fromJson.initial.nodes.size(), 3);
        QCOMPARE(fromJson.initial.nodes[2].meta.name, QStringLiteral("n-2"));
        QVERIFY(sameObjects(fromJson.initial, fromYaml.initial));
        QCOMPARE(fromJson.events.size(), 3);
        QCOMPARE(fromYaml.events.size(), 3);
        for (qsizetype i = 0; i < fromJson.events.size(); ++i) {
            QCOMPARE(fromJson.events[i].at, fromYaml.events[i].at);
            QCOMPARE(int(fromJson.events[i].action), int(fromYaml.events[i].action));
            KubeObject a = fromJson.events[i].object;
            KubeObject b = fromYaml.events[i].object;
            metaOf(a).source = {};
            metaOf(b).source = {};
            QVERIFY(a == b);
        }
        QCOMPARE(fromJson.events[2].at, 20 * nanosPerSecond);

        const QByteArray withSecret = R"json({"apiVersion": "kschedviz.io/v1alpha1", "kind": "Scenario", "spec": {"objects": [
  {"apiVersion": "v1", "kind": "Node", "metadata": {"name": "n"}},
  {"apiVersion": "v1", "kind": "Secret", "metadata": {"name": "token", "namespace": "kube-system"}}]}}
)json";
        QStringList warnings;
        const Scenario scenario = loadScenarioText(withSecret, QStringLiteral("s.json"), &warnings);
        QCOMPARE(scenario.initial.nodes.size(), 1);
        QCOMPARE(warnings, QStringList {QStringLiteral("s.json:3:3: skipping Secret kube-system/token: the scheduler does not read this kind")});
    }

    void schedulerConfigKeepsItsPosition()
    {
        // Its errors are reported when the profile is built, long after loading: it needs its line.
        const QByteArray json = R"json({"apiVersion": "v1", "kind": "List", "items": [
  {"apiVersion": "v1", "kind": "Node", "metadata": {"name": "n"}},
  {"apiVersion": "kubescheduler.config.k8s.io/v1", "kind": "KubeSchedulerConfiguration",
   "profiles": [{"schedulerName": "default-scheduler"}]}]}
)json";
        const Scenario scenario = loadScenarioText(json, QStringLiteral("c.json"));
        QVERIFY(scenario.schedulerConfig.has_value());
        QCOMPARE(scenario.schedulerConfig->source, (SourceLocation {QStringLiteral("c.json"), 3, 3}));
        QVERIFY(std::holds_alternative<config::KubeSchedulerConfiguration>(scenario.schedulerConfig->decoded));
    }

    void flowStyleYamlStillLoads()
    {
        // Starts with '{' but is YAML, not JSON: it must load as before.
        const Scenario scenario = loadScenarioText("{apiVersion: v1, kind: Node, metadata: {name: n1}}\n", QStringLiteral("flow.yaml"));
        QCOMPARE(scenario.initial.nodes.size(), 1);
        QCOMPARE(scenario.initial.nodes[0].meta.source.line, 1);
    }

    void refused_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("expected");
        const auto row = [](const char* name, const QByteArray& text, const char* expected) {
            QTest::newRow(name) << text << QString::fromUtf8(expected);
        };
        const QByteArray valid(validList);
        const auto replaced = [&valid](const char* before, const char* after) {
            QByteArray text = valid;
            if (!text.contains(before))
                qFatal("fixture lacks %s", before);
            return text.replace(before, after);
        };

        row("truncated", valid.left(valid.indexOf("\"status\": {\"phase\"")),
            "broken.json:24:13: invalid JSON: unterminated object");
        row("truncated in a string", valid.left(valid.indexOf("nginx") + 2), "broken.json:19:60: invalid JSON: unterminated string");
        // Qt names a missing comma as it sees it; the position is right after the value that lacks it.
        row("missing comma", replaced(R"("kind": "Node",)", R"("kind": "Node")"), "broken.json:8:14: invalid JSON: unterminated object");
        row("garbage after the document", valid + "}\n", "broken.json:28:1: invalid JSON: garbage at the end of the document");
        // QJsonDocument takes a raw control byte inside a string; YAML and JSON both forbid it.
        row("control byte", replaced("nginx", "ngi\x01nx"), "broken.json:19:61: the file is not YAML text (control byte 0x01)");
        row("not UTF-8", replaced("nginx", "ngi\xe9nx"), "broken.json:19:61: the file is not valid UTF-8 (byte 0xe9)");
        row("bare array", "[\n  {\"apiVersion\": \"v1\", \"kind\": \"Node\", \"metadata\": {\"name\": \"n\"}}\n]\n",
            "broken.json:1:1: expected a Kubernetes object, a List or a Scenario (a JSON object), found a JSON array");
        row("a List of lists", R"({"kind": "List", "items": [[1, 2]]})",
            "broken.json:1:28: items[0]: expected a Kubernetes object (a mapping), found a list");
        row("wrong type: a mapping for a list", replaced(R"("containers": [{"name": "app", "image": "nginx",)",
                                                        R"("containers": {"name": "app", "image": "nginx",)")
                                                   .replace(R"("protocol": "TCP"}]}],)", R"("protocol": "TCP"}]},)"),
            "broken.json:19:31: items[1].spec.containers: expected a list, found a mapping");
        row("wrong type: a number for a mapping", replaced(R"("labels": {"app": "web"})", R"("labels": 5)"),
            "broken.json:15:72: items[1].metadata.labels: expected a mapping, found the value \"5\"");
        row("not a quantity", replaced(R"("cpu": "100m")", R"("cpu": "lots")"),
            "broken.json:20:67: items[1].spec.containers[0].resources.requests.cpu: \"lots\" is not a quantity");
        row("kind missing", replaced(R"("kind": "Pod",)", ""),
            "broken.json:12:9: items[1].kind: required value is missing");
        row("bound to a missing node", replaced(R"("nodeName": "node-1")", R"("nodeName": "node-9")"),
            "broken.json:17:29: items[1].spec.nodeName: the pod is bound to \"node-9\", which is not a node of the scenario");
        row("duplicate object", replaced(R"("name": "web")", R"("name": "node-1")").replace(R"("kind": "Pod")", R"("kind": "Node")"),
            "broken.json:15:34: items[1].metadata.name: duplicate Node node-1 (first defined at broken.json:5:9)");
        // A key twice in item 0 is valid JSON but not YAML: reading the whole file through yaml-cpp
        // would report that; the fault of item 1 is found by reading item 1 alone.
        row("only the faulty item is read again", replaced(R"("zone": "a"})", R"("zone": "a", "zone": "b"})")
                                                      .replace(R"("cpu": "100m")", R"("cpu": "lots")"),
            "broken.json:20:67: items[1].spec.containers[0].resources.requests.cpu: \"lots\" is not a quantity");
        row("no object the scheduler reads", R"({"apiVersion": "v1", "kind": "List", "items": [{"kind": "ConfigMap", "metadata": {"name": "c"}}]})",
            "broken.json:1:1: the file holds no object the scheduler reads");
    }

    void refused()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, expected);
        try {
            loadScenarioText(text, jsonName);
        } catch (const LoadError& e) {
            QCOMPARE(e.toString(), expected);
            return;
        } catch (...) {
            QFAIL("an exception other than LoadError escaped");
        }
        QFAIL("the input was accepted");
    }

    void brokenFileOnDisk()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("cut.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QByteArray(validList).left(200));
        file.close();
        try {
            loadScenarioFile(path);
        } catch (const LoadError& e) {
            QCOMPARE(e.where().file, path);
            QCOMPARE(e.toString(), path + QStringLiteral(":8:70: invalid JSON: unterminated string"));
            return;
        }
        QFAIL("the file was accepted");
    }

    void unreadKindIsAWarning()
    {
        QByteArray text(validList);
        text.replace(R"("kind": "Node")", R"("kind": "CronTab")");
        text.replace(R"("nodeName": "node-1",)", "");
        QStringList warnings;
        Scenario scenario;
        try {
            scenario = loadScenarioText(text, jsonName, &warnings);
        } catch (const LoadError& e) {
            QFAIL(e.what());
        }
        QCOMPARE(scenario.initial.objectCount(), 1);
        QCOMPARE(warnings, QStringList {QStringLiteral("broken.json:5:9: skipping CronTab node-1: the scheduler does not read this kind")});
    }

    void mutationsAlwaysNameTheirPosition()
    {
        // Every refusal of a mutated JSON List, whichever path found it, says file:line:column.
        const QByteArray valid(validList);
        std::mt19937 random(20261126);
        const auto below = [&random](qsizetype bound) {
            return static_cast<qsizetype>(std::uniform_int_distribution<qsizetype>(0, bound - 1)(random));
        };
        const QByteArray interesting = QByteArrayLiteral("{}[]\":,0aZ-\\ \n\xff");
        constexpr int mutations = 1500;
        int loaded = 0;
        int refused = 0;
        for (int n = 0; n < mutations; ++n) {
            QByteArray text = valid;
            const qsizetype at = below(text.size());
            switch (below(4)) {
            case 0: text[at] = interesting[below(interesting.size())]; break;
            case 1: text.truncate(at); break;
            case 2: text.remove(at, 1 + below(12)); break;
            case 3: text.insert(at, interesting[below(interesting.size())]); break;
            }
            try {
                loadScenarioText(text, jsonName);
                ++loaded;
            } catch (const LoadError& e) {
                ++refused;
                if (e.where().file != jsonName || e.where().line <= 0 || e.where().column <= 0 || e.message().isEmpty())
                    QFAIL(qPrintable(QStringLiteral("mutation %1: message without position: %2").arg(n).arg(e.toString())));
            } catch (...) {
                QFAIL(qPrintable(QStringLiteral("mutation %1: an exception other than LoadError escaped").arg(n)));
            }
        }
        qInfo("%d mutations loaded, %d were refused", loaded, refused);
        QVERIFY2(refused > mutations / 4, qPrintable(QString::number(refused)));
        QVERIFY2(loaded > mutations / 20, qPrintable(QString::number(loaded)));
    }
};

QTEST_GUILESS_MAIN(TestJsonLoader)
#include "tst_jsonloader.moc"
