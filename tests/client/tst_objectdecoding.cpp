// API objects as JSON go through the scenario decoders (scheduler/scenario/decode.h) via YamlField's
// JSON backing: the same manifest decodes to the same model from YAML and from JSON, and a refused
// JSON object names its source and field.
#include "decoding/loaderror.h"
#include "scenario/decode.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace ksv;

namespace {

const char* const nodeJson = R"({
  "kind": "Node", "apiVersion": "v1",
  "metadata": {"name": "node-1", "uid": "a1", "resourceVersion": "42",
               "labels": {"kubernetes.io/hostname": "node-1", "topology.kubernetes.io/zone": "z1"},
               "creationTimestamp": "2026-11-25T10:00:00Z"},
  "spec": {"unschedulable": true, "taints": [{"key": "dedicated", "value": "gpu", "effect": "NoSchedule"}]},
  "status": {"capacity": {"cpu": "4", "memory": "16Gi", "pods": "110"},
             "allocatable": {"cpu": "3800m", "memory": "15Gi", "pods": "110"},
             "images": [{"names": ["registry/app:1"], "sizeBytes": 9007199254740993}],
             "conditions": [{"type": "Ready", "status": "True"}]}
})";

const char* const nodeYaml = R"(kind: Node
apiVersion: v1
metadata:
  name: node-1
  uid: a1
  resourceVersion: "42"
  labels: {kubernetes.io/hostname: node-1, topology.kubernetes.io/zone: z1}
  creationTimestamp: "2026-11-25T10:00:00Z"
spec:
  unschedulable: true
  taints: [{key: dedicated, value: gpu, effect: NoSchedule}]
status:
  capacity: {cpu: "4", memory: 16Gi, pods: "110"}
  allocatable: {cpu: 3800m, memory: 15Gi, pods: "110"}
  images: [{names: [registry/app:1], sizeBytes: 9007199254740993}]
  conditions: [{type: Ready, status: "True"}]
)";

const char* const podJson = R"({
  "kind": "Pod", "apiVersion": "v1",
  "metadata": {"name": "web-0", "namespace": "shop", "labels": {"app": "web"},
               "ownerReferences": [{"apiVersion": "apps/v1", "kind": "StatefulSet", "name": "web", "uid": "u", "controller": true}]},
  "spec": {"schedulerName": "default-scheduler", "priority": 1000, "hostNetwork": false,
           "containers": [{"name": "app", "image": "app:1",
                           "resources": {"requests": {"cpu": "250m", "memory": "64Mi"}, "limits": {"cpu": 1}},
                           "ports": [{"containerPort": 8080, "hostPort": 80, "protocol": "TCP"}]}],
           "tolerations": [{"key": "dedicated", "operator": "Equal", "value": "gpu", "effect": "NoExecute", "tolerationSeconds": 300}],
           "affinity": {"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [
               {"matchExpressions": [{"key": "topology.kubernetes.io/zone", "operator": "In", "values": ["z1", "z2"]}]}]}}},
           "topologySpreadConstraints": [{"maxSkew": 1, "topologyKey": "topology.kubernetes.io/zone",
                                          "whenUnsatisfiable": "DoNotSchedule", "labelSelector": {"matchLabels": {"app": "web"}}}],
           "volumes": [{"name": "data", "persistentVolumeClaim": {"claimName": "data-web-0"}}]},
  "status": {"phase": "Pending",
             "conditions": [{"type": "PodScheduled", "status": "False", "reason": "Unschedulable", "message": "0/3 nodes are available"}]}
})";

const char* const podYaml = R"(kind: Pod
apiVersion: v1
metadata:
  name: web-0
  namespace: shop
  labels: {app: web}
  ownerReferences: [{apiVersion: apps/v1, kind: StatefulSet, name: web, uid: u, controller: true}]
spec:
  schedulerName: default-scheduler
  priority: 1000
  hostNetwork: false
  containers:
  - name: app
    image: app:1
    resources: {requests: {cpu: 250m, memory: 64Mi}, limits: {cpu: 1}}
    ports: [{containerPort: 8080, hostPort: 80, protocol: TCP}]
  tolerations: [{key: dedicated, operator: Equal, value: gpu, effect: NoExecute, tolerationSeconds: 300}]
  affinity:
    nodeAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
        nodeSelectorTerms: [{matchExpressions: [{key: topology.kubernetes.io/zone, operator: In, values: [z1, z2]}]}]
  topologySpreadConstraints:
  - {maxSkew: 1, topologyKey: topology.kubernetes.io/zone, whenUnsatisfiable: DoNotSchedule, labelSelector: {matchLabels: {app: web}}}
  volumes: [{name: data, persistentVolumeClaim: {claimName: data-web-0}}]
status:
  phase: Pending
  conditions: [{type: PodScheduled, status: "False", reason: Unschedulable, message: 0/3 nodes are available}]
)";

QJsonValue parse(const char* json)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(QByteArray(json), &error);
    if (error.error != QJsonParseError::NoError)
        qFatal("test JSON does not parse: %s", qPrintable(error.errorString()));
    return document.object();
}

KubeObject fromJson(const char* json)
{
    KubeObject object = decodeObject(YamlField(parse(json), QStringLiteral("https://api/list")));
    metaOf(object).source = {};
    return object;
}

KubeObject fromYaml(const char* yaml)
{
    KubeObject object = decodeObject(YamlField(YAML::Load(yaml), QStringLiteral("file.yaml")));
    metaOf(object).source = {};
    return object;
}

} // namespace

class TestObjectDecoding : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sameModelFromJsonAndYaml()
    {
        const KubeObject node = fromJson(nodeJson);
        QCOMPARE(node, fromYaml(nodeYaml));
        const Node& n = std::get<Node>(node);
        QCOMPARE(n.images.constFirst().sizeBytes, Q_INT64_C(9007199254740993)); // above 2^53: kept exact
        QVERIFY(n.unschedulable);
        QVERIFY(n.taints.constFirst().effect == TaintEffect::NoSchedule);

        const KubeObject pod = fromJson(podJson);
        QCOMPARE(pod, fromYaml(podYaml));
        const Pod& p = std::get<Pod>(pod);
        QCOMPARE(p.meta.namespace_, "shop");
        QCOMPARE(p.priority, 1000);
        QCOMPARE(p.containers.constFirst().limits.value("cpu").toString(), "1"); // a JSON number as a quantity
        QCOMPARE(p.tolerations.constFirst().tolerationSeconds, 300);
        QCOMPARE(p.conditions.constFirst().message, "0/3 nodes are available");
    }

    // A refused JSON object: the source, the field path and what is wrong; no line numbers.
    void refusedJson_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("expected");
        QTest::newRow("bad quantity") << R"({"kind":"Node","apiVersion":"v1","metadata":{"name":"n"},"status":{"capacity":{"cpu":"lots"}}})"
                                      << "https://api/list: status.capacity.cpu: \"lots\" is not a quantity";
        QTest::newRow("taint effect") << R"({"kind":"Node","apiVersion":"v1","metadata":{"name":"n"},"spec":{"taints":[{"key":"k","effect":"Sometimes"}]}})"
                                      << "https://api/list: spec.taints[0].effect: \"Sometimes\" is not one of NoSchedule, PreferNoSchedule, NoExecute";
        QTest::newRow("number for a list") << R"({"kind":"Pod","apiVersion":"v1","metadata":{"name":"p"},"spec":{"containers":7}})"
                                           << "https://api/list: spec.containers: expected a list, found the value \"7\"";
        QTest::newRow("object for a string") << R"({"kind":"Pod","apiVersion":"v1","metadata":{"name":{"a":1}}})"
                                             << "https://api/list: metadata.name: expected a string, found a mapping";
        QTest::newRow("fractional int") << R"({"kind":"Pod","apiVersion":"v1","metadata":{"name":"p"},"spec":{"priority":1.5,"containers":[{"name":"c"}]}})"
                                        << "https://api/list: spec.priority: \"1.5\" is not an integer";
        QTest::newRow("missing name") << R"({"kind":"Node","apiVersion":"v1","metadata":{}})"
                                      << "https://api/list: metadata.name: required value is missing";
        QTest::newRow("null metadata") << R"({"kind":"Node","apiVersion":"v1","metadata":null})"
                                       << "https://api/list: metadata: required value is missing";
    }
    void refusedJson()
    {
        QFETCH(QString, json);
        QFETCH(QString, expected);
        try {
            fromJson(json.toUtf8().constData());
            QFAIL("decoded a broken object");
        } catch (const LoadError& error) {
            QCOMPARE(error.toString(), expected);
        }
    }
};

QTEST_GUILESS_MAIN(TestObjectDecoding)
#include "tst_objectdecoding.moc"
