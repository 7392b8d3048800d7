// What `snapshot` and `record` write loads back as the model it was written from: every sample,
// in YAML and in JSON, and the corners a writer gets wrong (strings YAML would read as numbers,
// durations, the recording).
#include "scenario/encode.h"
#include "scenario/loader.h"

#include <QDir>
#include <QJsonArray>
#include <QTest>

using namespace ksv;

namespace {

// Locations differ by construction (another file, other lines); everything else must not.
template<typename T>
QList<T> withoutSources(QList<T> objects)
{
    for (T& object : objects)
        object.meta.source = {};
    return objects;
}

KubeObject withoutSource(KubeObject object)
{
    metaOf(object).source = {};
    return object;
}

void compareStates(const ClusterState& actual, const ClusterState& expected)
{
    QCOMPARE(withoutSources(actual.nodes), withoutSources(expected.nodes));
    QCOMPARE(withoutSources(actual.pods), withoutSources(expected.pods));
    QCOMPARE(withoutSources(actual.namespaces), withoutSources(expected.namespaces));
    QCOMPARE(withoutSources(actual.priorityClasses), withoutSources(expected.priorityClasses));
    QCOMPARE(withoutSources(actual.podDisruptionBudgets), withoutSources(expected.podDisruptionBudgets));
    QCOMPARE(withoutSources(actual.services), withoutSources(expected.services));
    QCOMPARE(withoutSources(actual.replicationControllers), withoutSources(expected.replicationControllers));
    QCOMPARE(withoutSources(actual.replicaSets), withoutSources(expected.replicaSets));
    QCOMPARE(withoutSources(actual.statefulSets), withoutSources(expected.statefulSets));
    QCOMPARE(withoutSources(actual.persistentVolumeClaims), withoutSources(expected.persistentVolumeClaims));
    QCOMPARE(withoutSources(actual.persistentVolumes), withoutSources(expected.persistentVolumes));
    QCOMPARE(withoutSources(actual.storageClasses), withoutSources(expected.storageClasses));
    QCOMPARE(withoutSources(actual.csiNodes), withoutSources(expected.csiNodes));
    QCOMPARE(withoutSources(actual.podGroups), withoutSources(expected.podGroups));
}

void compareScenarios(const Scenario& actual, const Scenario& expected)
{
    QCOMPARE(actual.name, expected.name);
    QCOMPARE(actual.seed, expected.seed);
    QVERIFY(actual.timing == expected.timing);
    compareStates(actual.initial, expected.initial);
    QCOMPARE(actual.events.size(), expected.events.size());
    for (qsizetype i = 0; i < expected.events.size(); ++i) {
        QCOMPARE(actual.events[i].at, expected.events[i].at);
        QVERIFY(actual.events[i].action == expected.events[i].action);
        QVERIFY2(withoutSource(actual.events[i].object) == withoutSource(expected.events[i].object),
                 qPrintable(QStringLiteral("event ") + QString::number(i) + QStringLiteral(" differs")));
    }
    QVERIFY(actual.recording == expected.recording);
}

Scenario reload(const Scenario& scenario, ScenarioFormat format)
{
    const QByteArray text = writeScenario(scenario, format);
    return loadScenarioText(text, format == ScenarioFormat::Json ? QStringLiteral("written.json") : QStringLiteral("written.yaml"));
}

} // namespace

class TestEncode : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void everySampleRoundTrips_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("format");
        const QDir dir(QStringLiteral(KSV_SAMPLES_DIR));
        for (const QString& file : dir.entryList({QStringLiteral("*.yaml")}, QDir::Files, QDir::Name)) {
            if (file == QLatin1String("scale-5000.yaml"))
                continue; // 150,000 pods of one template: the small samples cover its fields
            for (const auto format : {ScenarioFormat::Yaml, ScenarioFormat::Json})
                QTest::newRow(qPrintable(file + (format == ScenarioFormat::Json ? QStringLiteral(" json") : QStringLiteral(" yaml"))))
                    << dir.filePath(file) << static_cast<int>(format);
        }
        QTest::newRow("kubectl dump") << QStringLiteral(KSV_TEST_DATA_DIR "/kubectl-dump.yaml") << static_cast<int>(ScenarioFormat::Yaml);
        QTest::newRow("nodes come and go") << QStringLiteral(KSV_TEST_DATA_DIR "/nodes-come-and-go.yaml") << static_cast<int>(ScenarioFormat::Yaml);
        QTest::newRow("preemption at permit") << QStringLiteral(KSV_TEST_DATA_DIR "/preemption-at-permit.yaml")
                                              << static_cast<int>(ScenarioFormat::Json);
    }

    void everySampleRoundTrips()
    {
        QFETCH(QString, file);
        QFETCH(int, format);
        const Scenario original = loadScenarioFile(file);
        QVERIFY(original.initial.objectCount() > 0);
        compareScenarios(reload(original, static_cast<ScenarioFormat>(format)), original);
    }

    // Every field of every kind, set to something other than its default, survives.
    void everyFieldRoundTrips()
    {
        const Scenario original = loadScenarioText(R"yaml(apiVersion: kschedviz.io/v1alpha1
kind: Scenario
metadata: {name: fields}
spec:
  seed: 42
  timing: {cycleBase: 1ms, bindJitter: 0s, bindFailureRate: 0.25}
  objects:
  - {apiVersion: v1, kind: Namespace, metadata: {name: team, labels: {tier: "1"}}}
  - {apiVersion: scheduling.k8s.io/v1, kind: PriorityClass, metadata: {name: high}, value: 1000, preemptionPolicy: Never, description: "d"}
  - apiVersion: storage.k8s.io/v1
    kind: StorageClass
    metadata: {name: local}
    provisioner: kubernetes.io/no-provisioner
    volumeBindingMode: WaitForFirstConsumer
    allowedTopologies: [{matchLabelExpressions: [{key: zone, values: [a, b]}]}]
  - apiVersion: v1
    kind: Node
    metadata:
      name: n1
      labels: {zone: a, "true": "false", empty: "", num: "0123"}
      annotations: {note: "yes"}
      creationTimestamp: "2024-05-01T10:00:00Z"
    spec:
      unschedulable: true
      taints: [{key: k, value: v, effect: NoExecute}, {key: k2, effect: PreferNoSchedule}]
    status:
      capacity: {cpu: 1500m, memory: 1Gi, example.com/gpu: "2"}
      allocatable: {cpu: "1", memory: 512Mi}
      images: [{names: [nginx:1], sizeBytes: 1000000}]
      conditions: [{type: Ready, status: "True"}]
  - apiVersion: storage.k8s.io/v1
    kind: CSINode
    metadata: {name: n1}
    spec: {drivers: [{name: ebs.csi.aws.com, nodeID: i-1, allocatable: {count: 25}, topologyKeys: [zone]}]}
  - apiVersion: v1
    kind: PersistentVolume
    metadata: {name: pv1}
    spec:
      capacity: {storage: 10Gi}
      accessModes: [ReadWriteOnce, ReadOnlyMany]
      storageClassName: local
      claimRef: {namespace: team, name: data, uid: u-1}
      nodeAffinity: {required: {nodeSelectorTerms: [{matchExpressions: [{key: zone, operator: In, values: [a]}]}]}}
      csi: {driver: ebs.csi.aws.com, volumeHandle: vol-1}
    status: {phase: Bound}
  - apiVersion: v1
    kind: PersistentVolumeClaim
    metadata: {name: data, namespace: team, annotations: {volume.kubernetes.io/selected-node: n1}}
    spec: {storageClassName: "", accessModes: [ReadWriteOncePod], resources: {requests: {storage: 5Gi}}, volumeName: pv1}
    status: {phase: Bound}
  - {apiVersion: v1, kind: Service, metadata: {name: s, namespace: team}, spec: {selector: {app: web}}}
  - {apiVersion: v1, kind: ReplicationController, metadata: {name: rc, namespace: team}, spec: {selector: {app: web}}}
  - {apiVersion: apps/v1, kind: ReplicaSet, metadata: {name: rs, namespace: team}, spec: {replicas: 0, selector: {matchExpressions: [{key: app, operator: Exists}]}}}
  - {apiVersion: apps/v1, kind: StatefulSet, metadata: {name: ss, namespace: team}, spec: {replicas: 3, selector: {matchLabels: {app: db}}}}
  - {apiVersion: policy/v1, kind: PodDisruptionBudget, metadata: {name: pdb, namespace: team}, spec: {minAvailable: 50%, selector: {}}, status: {disruptionsAllowed: 1}}
  - {apiVersion: policy/v1, kind: PodDisruptionBudget, metadata: {name: pdb2, namespace: team}, spec: {maxUnavailable: 2}}
  - {apiVersion: scheduling.x-k8s.io/v1alpha1, kind: PodGroup, metadata: {name: g, namespace: team}, spec: {minMember: 2, minResources: {cpu: "2"}, scheduleTimeoutSeconds: 30}}
  - apiVersion: v1
    kind: Pod
    metadata:
      name: web
      namespace: team
      uid: pod-uid-1
      labels: {app: web, version: "1.0"}
      ownerReferences: [{apiVersion: apps/v1, kind: ReplicaSet, name: rs, uid: rs-uid, controller: true}]
      deletionTimestamp: "2024-05-01T10:00:01.250Z"
    spec:
      schedulerName: other-scheduler
      priorityClassName: high
      nodeSelector: {zone: a}
      affinity:
        nodeAffinity:
          requiredDuringSchedulingIgnoredDuringExecution:
            nodeSelectorTerms:
            - matchExpressions: [{key: zone, operator: NotIn, values: [c]}, {key: size, operator: Gt, values: ["3"]}]
              matchFields: [{key: metadata.name, operator: In, values: [n1]}]
          preferredDuringSchedulingIgnoredDuringExecution: [{weight: 5, preference: {matchExpressions: [{key: zone, operator: Exists}]}}]
        podAffinity:
          requiredDuringSchedulingIgnoredDuringExecution:
          - {labelSelector: {matchLabels: {app: db}}, topologyKey: zone, namespaces: [team], matchLabelKeys: [version]}
        podAntiAffinity:
          preferredDuringSchedulingIgnoredDuringExecution:
          - weight: 10
            podAffinityTerm: {labelSelector: {matchLabels: {app: web}}, topologyKey: kubernetes.io/hostname, namespaceSelector: {}, mismatchLabelKeys: [version]}
      tolerations: [{key: k, operator: Exists, effect: NoExecute, tolerationSeconds: 60}, {operator: Exists}]
      topologySpreadConstraints:
      - {maxSkew: 2, topologyKey: zone, whenUnsatisfiable: DoNotSchedule, labelSelector: {matchLabels: {app: web}}, minDomains: 2, nodeAffinityPolicy: Ignore, nodeTaintsPolicy: Honor, matchLabelKeys: [version]}
      hostNetwork: true
      initContainers:
      - {name: sidecar, restartPolicy: Always, resources: {requests: {cpu: 100m}}}
      - {name: init, resources: {limits: {memory: 64Mi}}}
      containers:
      - name: app
        image: nginx:1
        resources: {requests: {cpu: 250m, memory: 128Mi}, limits: {cpu: "1"}}
        ports: [{containerPort: 8080, protocol: UDP, name: http, hostIP: 127.0.0.1}]
      overhead: {cpu: 10m}
      schedulingGates: [{name: wait}]
      volumes:
      - {name: data, persistentVolumeClaim: {claimName: data, readOnly: true}}
      - {name: scratch, ephemeral: {volumeClaimTemplate: {spec: {}}}}
      - {name: pd, gcePersistentDisk: {pdName: disk-1}}
      - {name: ebs, awsElasticBlockStore: {volumeID: vol-2, readOnly: true}}
      - {name: target, iscsi: {targetPortal: "10.0.0.1:3260", iqn: iqn.x, lun: 3}}
      - {name: ceph, rbd: {monitors: [m1, m2], image: img}}
      - {name: cache, emptyDir: {}}
    status:
      phase: Pending
      nominatedNodeName: n1
      startTime: "2024-05-01T10:00:00Z"
      conditions: [{type: PodScheduled, status: "False", reason: Unschedulable, message: "0/1 nodes are available"}]
  events:
  - {at: 1.5s, action: update, object: {apiVersion: v1, kind: Node, metadata: {name: n1}, status: {capacity: {cpu: "2"}}}}
  - {at: 2500us, action: create, object: {apiVersion: v1, kind: Pod, metadata: {name: late, namespace: team}, spec: {nodeName: n1, containers: [{name: c}]}}}
  - {at: 3ns, action: delete, object: {apiVersion: apps/v1, kind: StatefulSet, metadata: {name: ss, namespace: team}}}
  recording:
    server: https://127.0.0.1:6443
    context: kind-kind
    startedAt: "2026-11-26T05:00:00.123Z"
    duration: 1m30s
    bindings: [{at: 250ms, pod: team/web, node: n1}]
)yaml",
                                                   QStringLiteral("fields.yaml"));
        QCOMPARE(original.initial.objectCount(), 15);
        QVERIFY(original.recording);
        for (const auto format : {ScenarioFormat::Yaml, ScenarioFormat::Json})
            compareScenarios(reload(original, format), original);
    }

    void durationsReadBackExactly()
    {
        for (const VirtualNanos nanos : {VirtualNanos(0), VirtualNanos(3), VirtualNanos(1'500), VirtualNanos(2'000'000),
                                         VirtualNanos(1'234'567'891), 90 * nanosPerSecond, 3600 * nanosPerSecond + 1}) {
            const QString text = formatDuration(nanos);
            QCOMPARE(parseDuration(text), std::optional<VirtualNanos>(nanos));
        }
        QCOMPARE(formatDuration(1'500'000'000), QStringLiteral("1.5s"));
        QCOMPARE(formatDuration(3), QStringLiteral("0.000000003s"));
        // A recording of a day, to the microsecond.
        const VirtualNanos day = 86'399 * nanosPerSecond + 999'999'000;
        QCOMPARE(parseDuration(formatDuration(day)), std::optional<VirtualNanos>(day));
        QCOMPARE(formatDuration(90 * nanosPerSecond), QStringLiteral("90s"));
    }

    // A live cluster's annotations mostly say nothing to the scheduler (and may say what nobody
    // should copy around); what the scheduler reads stays.
    void onlyAnnotationsTheSchedulerReadsAreKept()
    {
        Pod pod;
        pod.meta.annotations = {{QStringLiteral("kubectl.kubernetes.io/last-applied-configuration"), QStringLiteral("{...}")}};
        KubeObject object = pod;
        keepSchedulerAnnotations(object);
        QVERIFY(metaOf(object).annotations.isEmpty());

        Node node;
        node.meta.annotations = {{QStringLiteral("node.alpha.kubernetes.io/ttl"), QStringLiteral("0")}};
        object = node;
        keepSchedulerAnnotations(object);
        QCOMPARE(metaOf(object).annotations, node.meta.annotations);

        PersistentVolumeClaim claim;
        claim.meta.annotations = {{QStringLiteral("volume.kubernetes.io/selected-node"), QStringLiteral("n1")},
                                  {QStringLiteral("pv.kubernetes.io/bind-completed"), QStringLiteral("yes")},
                                  {QStringLiteral("owner"), QStringLiteral("team-a")}};
        object = claim;
        keepSchedulerAnnotations(object);
        QCOMPARE(metaOf(object).annotations.keys(),
                 (QStringList {QStringLiteral("pv.kubernetes.io/bind-completed"), QStringLiteral("volume.kubernetes.io/selected-node")}));
    }

    void manifestShape()
    {
        Pod pod;
        pod.meta.name = QStringLiteral("web");
        pod.meta.namespace_ = QStringLiteral("default");
        pod.containers = {Container {QStringLiteral("c"), {}, {{QStringLiteral("cpu"), *Quantity::parse(u"100m")}}, {}, {}, false}};
        const QJsonObject manifest = encodeObject(pod);
        QCOMPARE(manifest.value(QStringLiteral("apiVersion")).toString(), QStringLiteral("v1"));
        QCOMPARE(manifest.value(QStringLiteral("kind")).toString(), QStringLiteral("Pod"));
        QCOMPARE(manifest.value(QStringLiteral("metadata")).toObject().value(QStringLiteral("namespace")).toString(), QStringLiteral("default"));
        const QJsonObject container = manifest.value(QStringLiteral("spec")).toObject().value(QStringLiteral("containers")).toArray().at(0).toObject();
        QCOMPARE(container.value(QStringLiteral("resources")).toObject().value(QStringLiteral("requests")).toObject().value(QStringLiteral("cpu")).toString(),
                 QStringLiteral("100m"));
        // The default scheduler is the default: not written.
        QVERIFY(!manifest.value(QStringLiteral("spec")).toObject().contains(QStringLiteral("schedulerName")));
    }
};

QTEST_GUILESS_MAIN(TestEncode)
#include "tst_encode.moc"
