// What the loader reads from valid files: plain manifests, Lists, Scenario documents with `count`
// and events, and the defaulting and admission the API server would have applied.
#include "scenario/loader.h"

#include <QDir>
#include <QTest>

using namespace ksv;

namespace {

Scenario load(const char* text, QStringList* warnings = nullptr)
{
    try {
        return loadScenarioText(QByteArray(text), QStringLiteral("test.yaml"), warnings);
    } catch (const LoadError& e) {
        qFatal("unexpected load error: %s", e.what());
    }
}

const Pod& podNamed(const Scenario& scenario, const QString& name)
{
    for (const auto& pod : scenario.initial.pods) {
        if (pod.meta.name == name)
            return pod;
    }
    qFatal("no pod %s", qPrintable(name));
}

} // namespace

class TestLoader : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void plainManifests()
    {
        const Scenario scenario = load(R"(
apiVersion: v1
kind: Node
metadata:
  name: n1
  labels: {topology.kubernetes.io/zone: a}
spec:
  taints: [{key: dedicated, value: gpu, effect: NoSchedule}]
status:
  capacity: {cpu: "4", memory: 16Gi, pods: "110", nvidia.com/gpu: "2"}
---
apiVersion: v1
kind: Pod
metadata: {name: p1}
spec:
  containers:
  - name: app
    image: nginx
    resources:
      limits: {cpu: 500m, memory: 1Gi}
    ports: [{containerPort: 8080, hostPort: 80}]
  tolerations: [{key: dedicated, operator: Equal, value: gpu, effect: NoSchedule}]
)");
        QCOMPARE(scenario.name, QStringLiteral("test"));
        QCOMPARE(scenario.seed, 1u);
        QCOMPARE(scenario.initial.nodes.size(), 1);
        const Node& node = scenario.initial.nodes.constFirst();
        QCOMPARE(node.meta.source.line, 2);
        QCOMPARE(node.taints.size(), 1);
        QCOMPARE(node.taints.constFirst().toString(), QStringLiteral("{dedicated: gpu}"));
        // Allocatable defaults to capacity.
        QCOMPARE(node.allocatable.value(QStringLiteral("nvidia.com/gpu")).value(), 2);
        QCOMPARE(node.allocatable.value(ResourceName::memory).value(), 16LL << 30);

        const Pod& pod = scenario.initial.pods.constFirst();
        QCOMPARE(pod.meta.namespace_, QStringLiteral("default"));
        QCOMPARE(pod.schedulerName, QStringLiteral("default-scheduler"));
        QVERIFY(!pod.meta.uid.isEmpty());
        QCOMPARE(int(pod.phase), int(PodPhase::Pending));
        // Limits become requests when no request is given.
        QCOMPARE(pod.containers.constFirst().requests.value(ResourceName::cpu).milliValue(), 500);
        // Priority admission with no global default: 0, PreemptLowerPriority.
        QCOMPARE(pod.priority, std::optional<int>(0));
        QCOMPARE(pod.preemptionPolicy, std::optional(PreemptionPolicy::PreemptLowerPriority));
        // DefaultTolerationSeconds appended two NoExecute tolerations.
        QCOMPARE(pod.tolerations.size(), 3);
        QCOMPARE(pod.tolerations[1].key, QStringLiteral("node.kubernetes.io/not-ready"));
        QCOMPARE(pod.tolerations[2].tolerationSeconds, std::optional<qint64>(300));
        QCOMPARE(pod.containers.constFirst().ports.constFirst().hostPort, 80);
    }

    // scheduler-plugins' PodGroup: spec read, status ignored, nil and empty minResources kept apart.
    void podGroups()
    {
        const Scenario scenario = load(R"(
apiVersion: scheduling.x-k8s.io/v1alpha1
kind: PodGroup
metadata: {name: trainer, namespace: ml, creationTimestamp: "2024-05-01T10:00:00Z"}
spec:
  minMember: 3
  minResources: {cpu: "6", memory: 12Gi}
  scheduleTimeoutSeconds: 20
status: {phase: Running, occupiedBy: abc, running: 3}
---
apiVersion: scheduling.x-k8s.io/v1alpha1
kind: PodGroup
metadata: {name: empty}
spec: {minResources: {}}
---
apiVersion: scheduling.x-k8s.io/v1alpha1
kind: PodGroup
metadata: {name: bare}
)");
        const QList<PodGroup>& groups = scenario.initial.podGroups;
        QCOMPARE(groups.size(), 3);
        QCOMPARE(scenario.initial.objectCount(), 3);
        const PodGroup& trainer = groups[0];
        QCOMPARE(trainer.meta.namespace_, QStringLiteral("ml"));
        QVERIFY(!trainer.meta.uid.isEmpty());
        QCOMPARE(trainer.minMember, 3);
        QCOMPARE(trainer.scheduleTimeoutSeconds, std::optional<int>(20));
        QVERIFY(trainer.minResources.has_value());
        QCOMPARE(trainer.minResources->value(ResourceName::cpu).value(), 6);
        QCOMPARE(trainer.minResources->value(ResourceName::memory).toString(), QStringLiteral("12Gi"));
        QCOMPARE(groups[1].meta.namespace_, QStringLiteral("default"));
        QVERIFY(groups[1].minResources.has_value());
        QVERIFY(groups[1].minResources->isEmpty());
        QCOMPARE(groups[2].minMember, 0);
        QVERIFY(!groups[2].minResources.has_value());
        QVERIFY(!groups[2].scheduleTimeoutSeconds.has_value());
        QCOMPARE(kindOf(KubeObject(trainer)), QStringLiteral("PodGroup"));
    }

    void uidsAreStable()
    {
        const char* text = "apiVersion: v1\nkind: Node\nmetadata: {name: n1}\n";
        QCOMPARE(load(text).initial.nodes.constFirst().meta.uid, load(text).initial.nodes.constFirst().meta.uid);
    }

    void priorityClasses()
    {
        const Scenario scenario = load(R"(
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: high}
value: 1000
preemptionPolicy: Never
---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: default-low}
value: 10
globalDefault: true
---
apiVersion: v1
kind: Pod
metadata: {name: important}
spec:
  priorityClassName: high
  containers: [{name: c, image: x}]
---
apiVersion: v1
kind: Pod
metadata: {name: ordinary}
spec:
  containers: [{name: c, image: x}]
---
apiVersion: v1
kind: Pod
metadata: {name: critical, namespace: kube-system}
spec:
  priorityClassName: system-node-critical
  containers: [{name: c, image: x}]
)");
        QCOMPARE(podNamed(scenario, QStringLiteral("important")).priority, std::optional<int>(1000));
        QCOMPARE(podNamed(scenario, QStringLiteral("important")).preemptionPolicy, std::optional(PreemptionPolicy::Never));
        QCOMPARE(podNamed(scenario, QStringLiteral("ordinary")).priority, std::optional<int>(10));
        QCOMPARE(podNamed(scenario, QStringLiteral("critical")).priority, std::optional<int>(2000001000));
    }

    void scenarioWithCountAndEvents()
    {
        const Scenario scenario = load(R"(
apiVersion: kschedviz.io/v1alpha1
kind: Scenario
metadata: {name: demo}
spec:
  seed: 42
  schedulerConfig:
    apiVersion: kubescheduler.config.k8s.io/v1
    kind: KubeSchedulerConfiguration
  objects:
  - apiVersion: v1
    kind: Node
    count: 3
    metadata:
      name: worker
      labels: {kubernetes.io/hostname: worker, topology.kubernetes.io/zone: a}
    status: {allocatable: {cpu: "2", memory: 4Gi, pods: "10"}}
  - apiVersion: v1
    kind: Pod
    metadata: {name: bound}
    spec:
      nodeName: worker-1
      containers: [{name: c, image: x}]
  events:
  - at: 1m30s
    action: delete
    object: {apiVersion: v1, kind: Pod, metadata: {name: bound}}
  - at: 2s
    action: create
    count: 2
    object:
      apiVersion: v1
      kind: Pod
      metadata: {name: web, labels: {app: web}}
      spec: {containers: [{name: c, image: x}]}
  - at: 2s
    action: update
    object:
      apiVersion: v1
      kind: Node
      metadata: {name: worker-0}
      spec: {unschedulable: true}
)");
        QCOMPARE(scenario.name, QStringLiteral("demo"));
        QCOMPARE(scenario.seed, 42u);
        QVERIFY(scenario.schedulerConfig.has_value());
        QCOMPARE(scenario.schedulerConfig->fieldPath, QStringLiteral("spec.schedulerConfig"));
        QCOMPARE(scenario.initial.nodes.size(), 3);
        QCOMPARE(scenario.initial.nodes[2].meta.name, QStringLiteral("worker-2"));
        QCOMPARE(scenario.initial.nodes[2].meta.labels.value(QStringLiteral("kubernetes.io/hostname")), QStringLiteral("worker-2"));
        QCOMPARE(scenario.initial.nodes[2].meta.labels.value(QStringLiteral("topology.kubernetes.io/zone")), QStringLiteral("a"));
        QCOMPARE(int(scenario.initial.pods.constFirst().phase), int(PodPhase::Running));

        // Sorted by time, file order kept for equal times.
        QCOMPARE(scenario.events.size(), 4);
        QCOMPARE(scenario.events[0].at, 2 * nanosPerSecond);
        QCOMPARE(metaOf(scenario.events[0].object).name, QStringLiteral("web-0"));
        QCOMPARE(metaOf(scenario.events[1].object).name, QStringLiteral("web-1"));
        QCOMPARE(kindOf(scenario.events[2].object), QStringLiteral("Node"));
        QCOMPARE(int(scenario.events[2].action), int(EventAction::Update));
        QCOMPARE(scenario.events[3].at, 90 * nanosPerSecond);
        QCOMPARE(int(scenario.events[3].action), int(EventAction::Delete));
        // An update or delete keeps the UID of the object it refers to.
        QCOMPARE(metaOf(scenario.events[3].object).uid, scenario.initial.pods.constFirst().meta.uid);
        QCOMPARE(metaOf(scenario.events[2].object).uid, scenario.initial.nodes[0].meta.uid);
    }

    void listOfObjects()
    {
        QStringList warnings;
        const Scenario scenario = load(R"(
apiVersion: v1
kind: List
items:
- apiVersion: v1
  kind: Node
  metadata: {name: n1}
- apiVersion: v1
  kind: ConfigMap
  metadata: {name: settings, namespace: kube-system}
- apiVersion: v1
  kind: Pod
  metadata: {name: done}
  spec: {nodeName: n1, containers: [{name: c, image: x}]}
  status: {phase: Succeeded}
)",
                                       &warnings);
        QCOMPARE(scenario.initial.nodes.size(), 1);
        QCOMPARE(scenario.initial.pods.size(), 1);
        QVERIFY(scenario.initial.pods.constFirst().isTerminal());
        QCOMPARE(warnings, QStringList {QStringLiteral("test.yaml:8:3: skipping ConfigMap kube-system/settings: the scheduler does not read this kind")});
    }

    void affinityAndSpread()
    {
        const Scenario scenario = load(R"(
apiVersion: v1
kind: Pod
metadata: {name: db-0, labels: {app: db, pod-template-hash: abc}}
spec:
  containers: [{name: c, image: x}]
  affinity:
    nodeAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
        nodeSelectorTerms:
        - matchExpressions: [{key: cores, operator: Gt, values: ["4"]}]
          matchFields: [{key: metadata.name, operator: In, values: [n1]}]
      preferredDuringSchedulingIgnoredDuringExecution:
      - weight: 20
        preference: {matchExpressions: [{key: disk, operator: Exists}]}
    podAntiAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
      - labelSelector: {matchLabels: {app: db}}
        topologyKey: kubernetes.io/hostname
        matchLabelKeys: [pod-template-hash]
  topologySpreadConstraints:
  - maxSkew: 1
    topologyKey: topology.kubernetes.io/zone
    whenUnsatisfiable: DoNotSchedule
    minDomains: 3
    nodeTaintsPolicy: Honor
    labelSelector: {matchLabels: {app: db}}
    matchLabelKeys: [pod-template-hash]
  schedulingGates: [{name: example.com/wait}]
  initContainers:
  - {name: proxy, image: envoy, restartPolicy: Always, resources: {requests: {cpu: 100m}}}
)");
        const Pod& pod = scenario.initial.pods.constFirst();
        const auto& required = pod.affinity.nodeAffinity->requiredDuringSchedulingIgnoredDuringExecution->nodeSelectorTerms;
        QCOMPARE(int(required.constFirst().matchExpressions.constFirst().op), int(SelectorOperator::Gt));
        QCOMPARE(required.constFirst().matchFields.constFirst().values, QStringList {QStringLiteral("n1")});
        QCOMPARE(pod.affinity.nodeAffinity->preferredDuringSchedulingIgnoredDuringExecution.constFirst().weight, 20);
        // The API server merged matchLabelKeys into the anti-affinity selector.
        const auto& anti = pod.affinity.podAntiAffinity->requiredDuringSchedulingIgnoredDuringExecution.constFirst();
        QCOMPARE(anti.labelSelector->matchExpressions.size(), 1);
        QCOMPARE(anti.labelSelector->matchExpressions.constFirst().values, QStringList {QStringLiteral("abc")});
        const auto& spread = pod.topologySpreadConstraints.constFirst();
        QCOMPARE(spread.minDomains, std::optional<int>(3));
        QCOMPARE(spread.nodeTaintsPolicy, std::optional(NodeInclusionPolicy::Honor));
        QVERIFY(!spread.nodeAffinityPolicy.has_value());
        // Topology spread's matchLabelKeys is merged by the scheduler in v1.32, not at admission.
        QCOMPARE(spread.labelSelector->matchExpressions.size(), 0);
        QCOMPARE(pod.schedulingGates, QStringList {QStringLiteral("example.com/wait")});
        QVERIFY(pod.initContainers.constFirst().restartPolicyAlways);
    }

    void durations_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<qint64>("nanos");
        QTest::newRow("seconds") << "2s" << 2 * nanosPerSecond;
        QTest::newRow("plain number") << "5" << 5 * nanosPerSecond;
        QTest::newRow("fraction") << "2.5s" << 2500'000'000LL;
        QTest::newRow("compound") << "1m30s" << 90 * nanosPerSecond;
        QTest::newRow("hours") << "1h" << 3600 * nanosPerSecond;
        QTest::newRow("millis") << "500ms" << 500'000'000LL;
        QTest::newRow("micro") << "3us" << 3000LL;
        QTest::newRow("zero") << "0" << 0LL;
    }

    void durations()
    {
        QFETCH(QString, text);
        QFETCH(qint64, nanos);
        QCOMPARE(parseDuration(text), std::optional<VirtualNanos>(nanos));
    }

    void badDurations()
    {
        for (const char* text : {"", "soon", "-5s", "5", "5x", "s", "1.2.3s", "nan", "inf", "1e30"}) {
            if (QByteArray(text) == "5")
                continue;
            QVERIFY2(!parseDuration(QString::fromLatin1(text)), text);
        }
    }
};

QTEST_GUILESS_MAIN(TestLoader)
#include "tst_loader.moc"
