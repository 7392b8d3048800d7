// Broken scenario files: every one must be refused with one LoadError whose text says where
// ("file:line:column"), which field, and what is wrong, and nothing else may ever escape the loader.
#include "scenario/loader.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <random>

using namespace ksv;

namespace {

const QString fileName = QStringLiteral("broken.yaml");

// Bytes that may hold NUL, without the literal's terminator.
template<qsizetype N>
QByteArray bytes(const char (&text)[N])
{
    return QByteArray(text, N - 1);
}

// A valid scenario the fuzz test mutates: most of the decoder is on the path of some byte of it.
const char validScenario[] = R"yaml(apiVersion: kschedviz.io/v1alpha1
kind: Scenario
metadata: {name: fuzz}
spec:
  seed: 7
  schedulerConfig:
    apiVersion: kubescheduler.config.k8s.io/v1
    kind: KubeSchedulerConfiguration
  objects:
  - apiVersion: scheduling.k8s.io/v1
    kind: PriorityClass
    metadata: {name: high}
    value: 1000
    preemptionPolicy: PreemptLowerPriority
  - apiVersion: v1
    kind: Node
    count: 3
    metadata:
      name: node
      labels: {kubernetes.io/hostname: node, topology.kubernetes.io/zone: "z1"}
    spec:
      taints:
      - {key: dedicated, value: gpu, effect: NoSchedule}
    status:
      capacity: {cpu: "4", memory: 8Gi, pods: "110"}
      allocatable: {cpu: 3900m, memory: 7Gi, pods: "110"}
  - apiVersion: v1
    kind: Pod
    metadata:
      name: web
      namespace: shop
      labels: {app: web}
    spec:
      nodeName: node-0
      priorityClassName: high
      containers:
      - name: app
        image: nginx
        resources:
          requests: {cpu: 100m, memory: 64Mi}
          limits: {cpu: 200m, memory: 128Mi}
        ports:
        - {containerPort: 80, hostPort: 8080, protocol: TCP}
      tolerations:
      - {key: dedicated, operator: Equal, value: gpu, effect: NoSchedule}
      - {key: node.kubernetes.io/unreachable, operator: Exists, effect: NoExecute, tolerationSeconds: 60}
      affinity:
        nodeAffinity:
          requiredDuringSchedulingIgnoredDuringExecution:
            nodeSelectorTerms:
            - matchExpressions:
              - {key: topology.kubernetes.io/zone, operator: In, values: [z1, z2]}
              matchFields:
              - {key: metadata.name, operator: NotIn, values: [node-2]}
      topologySpreadConstraints:
      - maxSkew: 1
        topologyKey: topology.kubernetes.io/zone
        whenUnsatisfiable: DoNotSchedule
        minDomains: 2
        labelSelector: {matchLabels: {app: web}}
    status: {phase: Running}
  events:
  - at: 1m30s
    action: create
    count: 2
    object:
      apiVersion: v1
      kind: Pod
      metadata: {name: batch, namespace: shop}
      spec:
        containers:
        - {name: job, resources: {requests: {cpu: "1"}}}
  - at: 2m
    action: delete
    object: {apiVersion: v1, kind: Node, metadata: {name: node-2}}
)yaml";

} // namespace

class TestBrokenInput : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void refused_data();
    void refused();
    void unreadKindsAreSkippedWithOneWarningEach();
    void mutationsNeverEscapeAsAnythingButLoadError();
    void brokenFilesOnDisk_data();
    void brokenFilesOnDisk();
    void schedulerConfigFile();
};

void TestBrokenInput::refused_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("expected");

    const auto row = [](const char* name, const QByteArray& text, const QByteArray& expected) {
        QTest::newRow(name) << text << QString::fromUtf8(expected);
    };

    // ---- Not YAML at all ----------------------------------------------------------------------

    row("unclosed bracket", R"yaml(apiVersion: v1
kind: Node
metadata:
  name: node-1
  labels: [a, b
status: {}
)yaml",
        "broken.yaml:6:7: invalid YAML: a '[' is not closed by a matching ']'");

    row("mismatched bracket", R"yaml(apiVersion: v1
kind: Node
metadata: {name: node-1, labels: {a: b]}
)yaml",
        "broken.yaml:3:39: invalid YAML: unexpected ']': it does not close the last opened bracket");

    row("bad indentation", R"yaml(apiVersion: v1
kind: Node
metadata:
    name: node-1
  labels: {a: b}
)yaml",
        "broken.yaml:5:3: invalid YAML: this line does not fit in the mapping above it; check its indentation");

    row("key indented deeper than its siblings", R"yaml(apiVersion: v1
kind: Node
metadata:
  name: node-1
   labels: {a: b}
)yaml",
        "broken.yaml:5:10: invalid YAML: a mapping value is not allowed here; check the indentation, or quote a value "
        "that contains \": \"");

    row("reserved character", R"yaml(apiVersion: v1
kind: Node
metadata:
  name: node-1
  annotations: {owner: @team-a}
)yaml",
        "broken.yaml:5:24: invalid YAML: unexpected '@'; a value that starts with it must be quoted");

    row("tab indentation", "apiVersion: v1\nkind: Node\nmetadata:\n\tname: node-1\n",
        "broken.yaml:4:1: invalid YAML: a tab character indents this line; YAML allows only spaces for indentation");

    row("tab after spaces in indentation", "apiVersion: v1\nkind: Node\nmetadata:\n  name: node-1\n  labels:\n  \ta: b\n",
        "broken.yaml:6:3: invalid YAML: a tab character indents this line; YAML allows only spaces for indentation");

    // yaml-cpp takes the rest of the file into a string that is never closed.
    row("unclosed quote", R"yaml(apiVersion: v1
kind: Node
metadata:
  name: node-1
  annotations:
    note: "half
status:
  allocatable: {cpu: 4}
)yaml",
        "broken.yaml:6:11: invalid YAML: this quoted string is never closed; it runs to the end of the file");

    row("unclosed quote at the end without a line break", "apiVersion: v1\nkind: Node\nmetadata: {name: 'node-1}",
        "broken.yaml:3:26: invalid YAML: the file ends inside a quoted string; a closing quote is missing");

    row("unclosed quote before the next document", R"yaml(apiVersion: v1
kind: Node
metadata: {name: node-1}
status: {capacity: {cpu: "4}}
---
apiVersion: v1
kind: Node
metadata: {name: node-2}
)yaml",
        "broken.yaml:5:1: invalid YAML: a quoted string runs into the next document (\"---\"); a closing quote is missing");

    // yaml-cpp keeps both; the API server's reader refuses the document.
    row("duplicate key", R"yaml(apiVersion: v1
kind: Node
metadata:
  name: node-1
  name: node-2
)yaml",
        "broken.yaml:5:3: metadata.name: duplicate field (first defined at broken.yaml:4:3)");

    row("undefined alias", R"yaml(apiVersion: v1
kind: Node
metadata:
  name: node-1
  labels: *common
)yaml",
        "broken.yaml:5:11: invalid YAML: the referenced anchor is not defined");

    // Found by tests/fuzz (crashers/scenario, crashers/config): yaml-cpp's LoadAll loops forever here.
    row("comma alone", ",\n", "broken.yaml:1:1: invalid YAML: unexpected ',' outside [ ] or { }; a value that starts with it must be quoted");

    row("comma after a flow mapping", "---\n{apiVersion: v1, kind: Node, metadata: {name: node-1}},\n",
        "broken.yaml:2:55: invalid YAML: unexpected ',' outside [ ] or { }; a value that starts with it must be quoted");

    row("comma as a document", "apiVersion: v1\nkind: Node\nmetadata: {name: node-1}\n---\n,\n",
        "broken.yaml:5:1: invalid YAML: unexpected ',' outside [ ] or { }; a value that starts with it must be quoted");

    row("nested too deep", "a: " + QByteArray(3000, '[') + QByteArray(3000, ']') + '\n',
        "broken.yaml:1:6004: invalid YAML: nested too deeply (more than 500 levels)");

    // ---- Not text ------------------------------------------------------------------------------

    row("NUL byte", bytes("apiVersion: v1\nkind: No\0de\n"),
        "broken.yaml:2:9: the file is not YAML text (control byte 0x00)");

    row("random bytes", bytes("\x5b\x13\xe7\x9c\x00\xff\x41\x07\xc3\x28\x1b\x80"),
        "broken.yaml:1:2: the file is not YAML text (control byte 0x13)");

    row("binary starting with invalid UTF-8", bytes("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"),
        "broken.yaml:1:1: the file is not valid UTF-8 (byte 0x89)");

    row("Latin-1 instead of UTF-8", bytes("apiVersion: v1\nkind: Node\nmetadata:\n  name: caf\xe9\n"),
        "broken.yaml:4:12: the file is not valid UTF-8 (byte 0xe9)");

    row("truncated UTF-8 sequence", bytes("apiVersion: v1\nkind: Node\nmetadata:\n  name: n\xc3\xa9\xe2\x82\n"),
        "broken.yaml:4:11: the file is not valid UTF-8 (byte 0xe2)");

    row("UTF-16", bytes("\xff\xfe" "a\0p\0"), "broken.yaml:1:1: the file is not valid UTF-8 (byte 0xff)");

    // ---- No object -----------------------------------------------------------------------------

    row("empty file", "", "broken.yaml:1:1: the file is empty");

    row("only comments", "# nothing here yet\n---\n# nor here\n",
        "broken.yaml:1:1: the file holds no object the scheduler reads");

    row("scenario without objects", R"yaml(apiVersion: kschedviz.io/v1alpha1
kind: Scenario
metadata: {name: nothing}
spec:
  seed: 1
  objects: []
)yaml",
        "broken.yaml:1:1: the file holds no object the scheduler reads");

    row("document is a scalar", "just some words\n",
        "broken.yaml:1:1: expected a Kubernetes object (a mapping), found the value \"just some words\"");

    row("document is a list", "- apiVersion: v1\n  kind: Node\n  metadata: {name: node-1}\n",
        "broken.yaml:1:1: expected a Kubernetes object (a mapping), found a list");

    // Valid YAML, but `labels` went to the object instead of its metadata.
    row("field indented too little", R"yaml(apiVersion: v1
kind: Node
metadata:
  name: node-1
labels:
  topology.kubernetes.io/zone: z1
)yaml",
        "broken.yaml:5:1: labels: unknown field; a Node has apiVersion, kind, metadata, spec, status and count");

    row("missing kind", "apiVersion: v1\nmetadata: {name: node-1}\n",
        "broken.yaml:1:1: kind: required value is missing");

    // ---- Wrong types ---------------------------------------------------------------------------

    row("name is a list", R"yaml(apiVersion: v1
kind: Node
metadata:
  name: [node-1, node-2]
)yaml",
        "broken.yaml:4:9: metadata.name: expected a string, found a list");

    row("containers is a mapping", R"yaml(apiVersion: v1
kind: Pod
metadata: {name: web}
spec:
  containers:
    name: app
    image: nginx
)yaml",
        "broken.yaml:6:5: spec.containers: expected a list, found a mapping");

    row("replicas is a word", R"yaml(apiVersion: apps/v1
kind: ReplicaSet
metadata: {name: web}
spec:
  replicas: three
)yaml",
        "broken.yaml:5:13: spec.replicas: \"three\" is not an integer");

    row("maxSkew is a word", R"yaml(apiVersion: v1
kind: Pod
metadata: {name: web}
spec:
  containers: [{name: app}]
  topologySpreadConstraints:
  - maxSkew: one
    topologyKey: topology.kubernetes.io/zone
    whenUnsatisfiable: DoNotSchedule
)yaml",
        "broken.yaml:7:14: spec.topologySpreadConstraints[0].maxSkew: \"one\" is not an integer");

    row("boolean is maybe", R"yaml(apiVersion: v1
kind: Node
metadata: {name: node-1}
spec:
  unschedulable: maybe
)yaml",
        "broken.yaml:5:18: spec.unschedulable: \"maybe\" is not a boolean");

    // ---- Quantities ----------------------------------------------------------------------------

    const char* const podWithRequest = R"yaml(apiVersion: v1
kind: Pod
metadata: {name: web}
spec:
  containers:
  - name: app
    resources:
      requests:
        cpu: %1
)yaml";
    const auto withRequest = [podWithRequest](const char* value) {
        return QString::fromUtf8(podWithRequest).arg(QString::fromUtf8(value)).toUtf8();
    };
    row("quantity abc", withRequest("abc"),
        "broken.yaml:9:14: spec.containers[0].resources.requests.cpu: \"abc\" is not a quantity");
    row("quantity 1.2.3", withRequest("1.2.3"),
        "broken.yaml:9:14: spec.containers[0].resources.requests.cpu: \"1.2.3\" is not a quantity");
    row("quantity 5Kb", withRequest("5Kb"),
        "broken.yaml:9:14: spec.containers[0].resources.requests.cpu: \"5Kb\" is not a quantity");
    row("negative request", withRequest("\"-100m\""),
        "broken.yaml:9:14: spec.containers[0].resources.requests.cpu: \"-100m\" must be greater than or equal to 0");

    row("request above limit", R"yaml(apiVersion: v1
kind: Pod
metadata: {name: web}
spec:
  containers:
  - name: app
    resources:
      requests: {cpu: "2", memory: 1Gi}
      limits: {cpu: 500m, memory: 2Gi}
)yaml",
        "broken.yaml:8:23: spec.containers[0].resources.requests.cpu: must be less than or equal to cpu limit of 500m");

    row("node capacity not a quantity", R"yaml(apiVersion: v1
kind: Node
metadata: {name: node-1}
status:
  capacity:
    memory: 8 GB
)yaml",
        "broken.yaml:6:13: status.capacity.memory: \"8 GB\" is not a quantity");

    // ---- Values outside an enumeration ---------------------------------------------------------

    row("toleration operator Equals", R"yaml(apiVersion: v1
kind: Pod
metadata: {name: web}
spec:
  containers: [{name: app}]
  tolerations:
  - key: dedicated
    operator: Equals
    value: gpu
)yaml",
        "broken.yaml:8:15: spec.tolerations[0].operator: \"Equals\" is not one of Equal, Exists");

    row("taint effect", R"yaml(apiVersion: v1
kind: Node
metadata: {name: node-1}
spec:
  taints:
  - {key: dedicated, value: gpu, effect: NoScheduling}
)yaml",
        "broken.yaml:6:42: spec.taints[0].effect: \"NoScheduling\" is not one of NoSchedule, PreferNoSchedule, NoExecute");

    row("whenUnsatisfiable", R"yaml(apiVersion: v1
kind: Pod
metadata: {name: web}
spec:
  containers: [{name: app}]
  topologySpreadConstraints:
  - maxSkew: 1
    topologyKey: topology.kubernetes.io/zone
    whenUnsatisfiable: DoNotScheduleIfPossible
)yaml",
        "broken.yaml:9:24: spec.topologySpreadConstraints[0].whenUnsatisfiable: \"DoNotScheduleIfPossible\" is not one "
        "of DoNotSchedule, ScheduleAnyway");

    row("port protocol", R"yaml(apiVersion: v1
kind: Pod
metadata: {name: web}
spec:
  containers:
  - name: app
    ports:
    - containerPort: 80
      protocol: HTTP
)yaml",
        "broken.yaml:9:17: spec.containers[0].ports[0].protocol: \"HTTP\" is not one of TCP, UDP, SCTP");

    row("label selector operator", R"yaml(apiVersion: v1
kind: Pod
metadata: {name: web}
spec:
  containers: [{name: app}]
  affinity:
    podAntiAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
      - topologyKey: kubernetes.io/hostname
        labelSelector:
          matchExpressions:
          - {key: app, operator: Equals, values: [web]}
)yaml",
        "broken.yaml:12:34: spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0]"
        ".labelSelector.matchExpressions[0].operator: \"Equals\" is not one of In, NotIn, Exists, DoesNotExist");

    row("pod phase", R"yaml(apiVersion: v1
kind: Pod
metadata: {name: web}
spec:
  containers: [{name: app}]
status:
  phase: Sleeping
)yaml",
        "broken.yaml:7:10: status.phase: \"Sleeping\" is not one of Pending, Running, Succeeded, Failed, Unknown");

    // ---- Names and labels ----------------------------------------------------------------------

    row("missing name", R"yaml(apiVersion: v1
kind: Node
metadata:
  labels: {zone: a}
)yaml",
        "broken.yaml:4:3: metadata.name: required value is missing");

    row("empty name", R"yaml(apiVersion: v1
kind: Node
metadata:
  name:
  labels: {zone: a}
)yaml",
        "broken.yaml:4:3: metadata.name: required value is missing");

    row("missing metadata", "apiVersion: v1\nkind: Node\nspec: {}\n",
        "broken.yaml:1:1: metadata: required value is missing");

    row("uppercase name", "apiVersion: v1\nkind: Node\nmetadata: {name: Node-1}\n",
        "broken.yaml:3:18: metadata.name: \"Node-1\" is not a valid name: a lowercase RFC 1123 subdomain must consist "
        "of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character");

    row("underscore in name", "apiVersion: v1\nkind: Node\nmetadata: {name: node_1}\n",
        "broken.yaml:3:18: metadata.name: \"node_1\" is not a valid name: a lowercase RFC 1123 subdomain must consist "
        "of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character");

    row("invalid label key", R"yaml(apiVersion: v1
kind: Node
metadata:
  name: node-1
  labels:
    -zone: a
)yaml",
        "broken.yaml:6:12: metadata.labels.-zone: \"-zone\" is not a valid label key");

    row("invalid label value", R"yaml(apiVersion: v1
kind: Node
metadata:
  name: node-1
  labels:
    zone: us east
)yaml",
        "broken.yaml:6:11: metadata.labels.zone: \"us east\" is not a valid label value");

    // ---- Objects against each other ------------------------------------------------------------

    row("duplicate object", R"yaml(apiVersion: v1
kind: Node
metadata: {name: node-1}
---
apiVersion: v1
kind: Node
metadata: {name: node-1}
)yaml",
        "broken.yaml:7:18: metadata.name: duplicate Node node-1 (first defined at broken.yaml:1:1)");

    row("count overlaps an explicit object", R"yaml(apiVersion: kschedviz.io/v1alpha1
kind: Scenario
metadata: {name: overlap}
spec:
  objects:
  - apiVersion: v1
    kind: Pod
    metadata: {name: web-1, namespace: shop}
    spec: {containers: [{name: app}]}
  - apiVersion: v1
    kind: Pod
    count: 3
    metadata: {name: web, namespace: shop}
    spec: {containers: [{name: app}]}
)yaml",
        "broken.yaml:13:22: spec.objects[1].metadata.name: duplicate Pod shop/web-1 (first defined at broken.yaml:6:5)");

    row("pod bound to a missing node", R"yaml(apiVersion: v1
kind: Node
metadata: {name: node-1}
---
apiVersion: v1
kind: Pod
metadata: {name: web}
spec:
  nodeName: node-9
  containers: [{name: app}]
)yaml",
        "broken.yaml:9:13: spec.nodeName: the pod is bound to \"node-9\", which is not a node of the scenario");

    row("unknown PriorityClass", R"yaml(apiVersion: v1
kind: Pod
metadata: {name: web}
spec:
  priorityClassName: gold
  containers: [{name: app}]
)yaml",
        "broken.yaml:5:22: spec.priorityClassName: no PriorityClass with name gold was found");

    row("priority does not match its class", R"yaml(apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: gold}
value: 1000
---
apiVersion: v1
kind: Pod
metadata: {name: web}
spec:
  priorityClassName: gold
  priority: 5
  containers: [{name: app}]
)yaml",
        "broken.yaml:11:13: spec.priority: the integer value of priority (5) must not be provided in pod spec; "
        "priority admission controller computed 1000 from the given PriorityClass name");

    // ---- Tolerations, selectors and spread -----------------------------------------------------

    row("Exists toleration with a value", R"yaml(apiVersion: v1
kind: Pod
metadata: {name: web}
spec:
  containers: [{name: app}]
  tolerations:
  - {key: dedicated, operator: Exists, value: gpu}
)yaml",
        "broken.yaml:7:47: spec.tolerations[0].value: value must be empty when `operator` is 'Exists'");

    row("tolerationSeconds without NoExecute", R"yaml(apiVersion: v1
kind: Pod
metadata: {name: web}
spec:
  containers: [{name: app}]
  tolerations:
  - key: dedicated
    operator: Exists
    effect: NoSchedule
    tolerationSeconds: 30
)yaml",
        "broken.yaml:9:13: spec.tolerations[0].effect: effect must be 'NoExecute' when `tolerationSeconds` is set");

    const char* const podWithNodeSelectorTerm = R"yaml(apiVersion: v1
kind: Pod
metadata: {name: web}
spec:
  containers: [{name: app}]
  affinity:
    nodeAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
        nodeSelectorTerms:
        - %1:
          - %2
)yaml";
    const auto withTerm = [podWithNodeSelectorTerm](const char* list, const char* requirement) {
        return QString::fromUtf8(podWithNodeSelectorTerm).arg(QString::fromUtf8(list), QString::fromUtf8(requirement)).toUtf8();
    };
    const char* const termPath = "spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0]";
    row("Gt with a non-integer", withTerm("matchExpressions", "{key: cpus, operator: Gt, values: [four]}"),
        QByteArray("broken.yaml:11:48: ") + termPath + ".matchExpressions[0].values[0]: \"four\" is not an integer");
    row("In without values", withTerm("matchExpressions", "{key: zone, operator: In}"),
        QByteArray("broken.yaml:11:13: ") + termPath + ".matchExpressions[0].values: must be specified when `operator` is 'In' or 'NotIn'");
    row("matchFields on a label", withTerm("matchFields", "{key: metadata.labels, operator: In, values: [a]}"),
        QByteArray("broken.yaml:11:19: ") + termPath + ".matchFields[0].key: \"metadata.labels\" is not a supported field: only metadata.name");

    row("minDomains with ScheduleAnyway", R"yaml(apiVersion: v1
kind: Pod
metadata: {name: web}
spec:
  containers: [{name: app}]
  topologySpreadConstraints:
  - maxSkew: 1
    topologyKey: topology.kubernetes.io/zone
    whenUnsatisfiable: ScheduleAnyway
    minDomains: 3
)yaml",
        "broken.yaml:10:17: spec.topologySpreadConstraints[0].minDomains: can only use minDomains if "
        "whenUnsatisfiable=DoNotSchedule");

    // ---- Pods ----------------------------------------------------------------------------------

    row("pod without containers", R"yaml(apiVersion: v1
kind: Pod
metadata: {name: web}
spec:
  containers: []
)yaml",
        "broken.yaml:5:15: spec.containers: a pod needs at least one container");

    row("duplicate container names", R"yaml(apiVersion: v1
kind: Pod
metadata: {name: web}
spec:
  containers:
  - name: app
    image: nginx
  - name: app
    image: envoy
)yaml",
        "broken.yaml:8:11: spec.containers[1].name: duplicate container name \"app\"");

    row("init container named like a container", R"yaml(apiVersion: v1
kind: Pod
metadata: {name: web}
spec:
  containers: [{name: app}]
  initContainers: [{name: app}]
)yaml",
        "broken.yaml:6:27: spec.initContainers[0].name: duplicate container name \"app\"");

    row("Pod with apps/v1", "apiVersion: apps/v1\nkind: Pod\nmetadata: {name: web}\n",
        "broken.yaml:1:13: apiVersion: \"apps/v1\" is not the API version of Pod: expected \"v1\"");

    // ---- Scenario documents and events ---------------------------------------------------------

    const char* const scenarioWithEvent = R"yaml(apiVersion: kschedviz.io/v1alpha1
kind: Scenario
metadata: {name: events}
spec:
  objects:
  - {apiVersion: v1, kind: Node, metadata: {name: node-1}}
  events:
  - at: %1
    action: %2
    object: {apiVersion: v1, kind: Pod, metadata: {name: web}, spec: {containers: [{name: app}]}}
    %3
)yaml";
    const auto withEvent = [scenarioWithEvent](const char* at, const char* action, const char* extra = "") {
        return QString::fromUtf8(scenarioWithEvent)
            .arg(QString::fromUtf8(at), QString::fromUtf8(action), QString::fromUtf8(extra))
            .toUtf8();
    };
    row("event time soon", withEvent("soon", "create"),
        "broken.yaml:8:9: spec.events[0].at: \"soon\" is not a duration (such as 30s, 1m30s, 500ms)");
    row("event time negative", withEvent("-5s", "create"),
        "broken.yaml:8:9: spec.events[0].at: \"-5s\" is negative; event times count from the start of the scenario");
    row("event action patch", withEvent("5s", "patch"),
        "broken.yaml:9:13: spec.events[0].action: \"patch\" is not one of create, update, delete");
    row("update of a missing object", withEvent("5s", "update"),
        "broken.yaml:10:58: spec.events[0].object.metadata.name: update of Pod default/web, which does not exist at 5s");
    row("delete of a missing object", withEvent("1m", "delete"),
        "broken.yaml:10:58: spec.events[0].object.metadata.name: delete of Pod default/web, which does not exist at 60s");
    row("event with unknown field", withEvent("5s", "create", "after: 3s"),
        "broken.yaml:11:5: spec.events[0].after: unknown field; an event has at, action, object and count");
    row("event count 0", withEvent("5s", "create", "count: 0"),
        "broken.yaml:11:12: spec.events[0].count: \"0\" is out of range: must be between 1 and 1000000");
    row("event count many", withEvent("5s", "create", "count: many"),
        "broken.yaml:11:12: spec.events[0].count: \"many\" is not an integer");
    row("created pod bound to a deleted node", R"yaml(apiVersion: kschedviz.io/v1alpha1
kind: Scenario
metadata: {name: events}
spec:
  objects:
  - {apiVersion: v1, kind: Node, metadata: {name: node-1}}
  events:
  - {at: 10s, action: delete, object: {apiVersion: v1, kind: Node, metadata: {name: node-1}}}
  - at: 20s
    action: create
    object: {apiVersion: v1, kind: Pod, metadata: {name: web}, spec: {nodeName: node-1, containers: [{name: app}]}}
)yaml",
        "broken.yaml:11:81: spec.events[1].object.spec.nodeName: the pod is bound to \"node-1\", which is not a node of "
        "the scenario at 20s");

    row("count inside an event's object", withEvent("5s", "create").replace("kind: Pod,", "kind: Pod, count: 2,"),
        "broken.yaml:10:48: spec.events[0].object.count: count belongs to the event, next to its object");

    row("object count 0", R"yaml(apiVersion: v1
kind: Node
count: 0
metadata: {name: node}
)yaml",
        "broken.yaml:3:8: count: \"0\" is out of range: must be between 1 and 1000000");

    row("scenario spec unknown field", R"yaml(apiVersion: kschedviz.io/v1alpha1
kind: Scenario
metadata: {name: typo}
spec:
  seed: 1
  nodes:
  - {apiVersion: v1, kind: Node, metadata: {name: node-1}}
)yaml",
        "broken.yaml:6:3: spec.nodes: unknown field; a Scenario spec has seed, kubernetesVersion, featureGates, timing, schedulerConfig, objects, "
        "events, recording, lesson, demoExtender");

    // ---- The Kubernetes version and its gates (docs/versions.md) ------------------------------

    row("kubernetesVersion malformed", R"yaml(apiVersion: kschedviz.io/v1alpha1
kind: Scenario
metadata: {name: v}
spec:
  kubernetesVersion: latest
)yaml",
        "broken.yaml:5:22: spec.kubernetesVersion: \"latest\" is not a Kubernetes version: write MAJOR.MINOR such as 1.36 (v1.36 and 1.36.4 "
        "are read too)");

    row("kubernetesVersion not modelled", R"yaml(apiVersion: kschedviz.io/v1alpha1
kind: Scenario
metadata: {name: v}
spec:
  kubernetesVersion: "1.31"
)yaml",
        "broken.yaml:5:22: spec.kubernetesVersion: Kubernetes v1.31 is not modelled: kschedviz models v1.32, v1.33, v1.34, v1.35, v1.36, v1.37");

    row("featureGates not a mapping", R"yaml(apiVersion: kschedviz.io/v1alpha1
kind: Scenario
metadata: {name: v}
spec:
  featureGates: [SchedulerAsyncPreemption]
)yaml",
        "broken.yaml:5:17: spec.featureGates: expected a mapping of feature gate names to true or false, found a list");

    row("featureGates value not a bool", R"yaml(apiVersion: kschedviz.io/v1alpha1
kind: Scenario
metadata: {name: v}
spec:
  featureGates:
    DynamicResourceAllocation: sometimes
)yaml",
        "broken.yaml:6:32: spec.featureGates.DynamicResourceAllocation: \"sometimes\" is not a boolean");

    row("pod with resource claims", R"yaml(apiVersion: v1
kind: Pod
metadata: {name: trainer}
spec:
  containers: [{name: c, image: i}]
  resourceClaims:
  - {name: gpu, resourceClaimTemplateName: one-gpu}
)yaml",
        "broken.yaml:7:3: spec.resourceClaims: resource claims (Dynamic Resource Allocation) are not modelled yet: kschedviz would place "
        "this pod as if it had none (docs/versions.md)");

    row("scenario without spec", "apiVersion: kschedviz.io/v1alpha1\nkind: Scenario\nmetadata: {name: empty}\n",
        "broken.yaml:1:1: spec: required value is missing");

    row("wrong Scenario apiVersion", R"yaml(apiVersion: kschedviz.io/v1
kind: Scenario
metadata: {name: old}
spec:
  objects:
  - {apiVersion: v1, kind: Node, metadata: {name: node-1}}
)yaml",
        "broken.yaml:1:13: apiVersion: \"kschedviz.io/v1\" is not supported: expected \"kschedviz.io/v1alpha1\"");

    row("second Scenario document", R"yaml(apiVersion: kschedviz.io/v1alpha1
kind: Scenario
metadata: {name: one}
spec:
  objects:
  - {apiVersion: v1, kind: Node, metadata: {name: node-1}}
---
apiVersion: kschedviz.io/v1alpha1
kind: Scenario
metadata: {name: two}
spec:
  objects:
  - {apiVersion: v1, kind: Node, metadata: {name: node-2}}
)yaml",
        "broken.yaml:8:1: a Scenario must be the only document in its file");

    row("two scheduler configurations", R"yaml(apiVersion: kschedviz.io/v1alpha1
kind: Scenario
metadata: {name: twice}
spec:
  schedulerConfig:
    apiVersion: kubescheduler.config.k8s.io/v1
    kind: KubeSchedulerConfiguration
  objects:
  - {apiVersion: v1, kind: Node, metadata: {name: node-1}}
---
apiVersion: kubescheduler.config.k8s.io/v1
kind: KubeSchedulerConfiguration
profiles: []
)yaml",
        "broken.yaml:11:1: a second scheduler configuration; the first is at broken.yaml:6:5");

    row("scheduler configuration among the objects", R"yaml(apiVersion: kschedviz.io/v1alpha1
kind: Scenario
metadata: {name: misplaced}
spec:
  objects:
  - {apiVersion: v1, kind: Node, metadata: {name: node-1}}
  - apiVersion: kubescheduler.config.k8s.io/v1
    kind: KubeSchedulerConfiguration
    profiles: [{schedulerName: default-scheduler}]
)yaml",
        "broken.yaml:8:11: spec.objects[1].kind: a Scenario's KubeSchedulerConfiguration belongs in spec.schedulerConfig, "
        "not among its objects");

    row("List item of the wrong version", R"yaml(apiVersion: v1
kind: List
items:
- apiVersion: v1
  kind: Node
  metadata: {name: node-1}
- apiVersion: policy/v1beta1
  kind: PodDisruptionBudget
  metadata: {name: web}
)yaml",
        "broken.yaml:7:15: items[1].apiVersion: \"policy/v1beta1\" is not the API version of PodDisruptionBudget: "
        "expected \"policy/v1\"");

    // ---- PodGroup (scheduler-plugins) ------------------------------------------------------------

    row("PodGroup of the old API group", R"yaml(apiVersion: scheduling.sigs.k8s.io/v1alpha1
kind: PodGroup
metadata: {name: trainer}
spec: {minMember: 3}
)yaml",
        "broken.yaml:1:13: apiVersion: \"scheduling.sigs.k8s.io/v1alpha1\" is not the API version of PodGroup: "
        "expected \"scheduling.x-k8s.io/v1alpha1\"");

    row("PodGroup minMember negative", R"yaml(apiVersion: scheduling.x-k8s.io/v1alpha1
kind: PodGroup
metadata: {name: trainer, namespace: ml}
spec:
  minMember: -1
)yaml",
        "broken.yaml:5:14: spec.minMember: \"-1\" is out of range: must be between 0 and 2147483647");

    row("PodGroup minMember not an integer", R"yaml(apiVersion: scheduling.x-k8s.io/v1alpha1
kind: PodGroup
metadata: {name: trainer}
spec:
  minMember: three
)yaml",
        "broken.yaml:5:14: spec.minMember: \"three\" is not an integer");

    row("PodGroup timeout negative", R"yaml(apiVersion: scheduling.x-k8s.io/v1alpha1
kind: PodGroup
metadata: {name: trainer}
spec:
  minMember: 2
  scheduleTimeoutSeconds: -5
)yaml",
        "broken.yaml:6:27: spec.scheduleTimeoutSeconds: \"-5\" is out of range: must be between 0 and 2147483647");

    row("PodGroup minResources not a quantity", R"yaml(apiVersion: scheduling.x-k8s.io/v1alpha1
kind: PodGroup
metadata: {name: trainer}
spec:
  minMember: 2
  minResources: {cpu: lots}
)yaml",
        "broken.yaml:6:23: spec.minResources.cpu: \"lots\" is not a quantity");

    row("PodGroup minResources negative", R"yaml(apiVersion: scheduling.x-k8s.io/v1alpha1
kind: PodGroup
metadata: {name: trainer}
spec:
  minResources:
    memory: -1Gi
)yaml",
        "broken.yaml:6:13: spec.minResources.memory: \"-1Gi\" must be greater than or equal to 0");

    row("PodGroup spec field indented too little", R"yaml(apiVersion: scheduling.x-k8s.io/v1alpha1
kind: PodGroup
metadata: {name: trainer}
minMember: 2
)yaml",
        "broken.yaml:4:1: minMember: unknown field; a PodGroup has apiVersion, kind, metadata, spec, status and count");

    row("PodGroup without a name", R"yaml(apiVersion: scheduling.x-k8s.io/v1alpha1
kind: PodGroup
metadata: {namespace: ml}
spec: {minMember: 2}
)yaml",
        "broken.yaml:3:11: metadata.name: required value is missing");

    row("PodGroup twice", R"yaml(apiVersion: scheduling.x-k8s.io/v1alpha1
kind: PodGroup
metadata: {name: trainer, namespace: ml}
spec: {minMember: 2}
---
apiVersion: scheduling.x-k8s.io/v1alpha1
kind: PodGroup
metadata: {name: trainer, namespace: ml}
spec: {minMember: 3}
)yaml",
        "broken.yaml:8:18: metadata.name: duplicate PodGroup ml/trainer (first defined at broken.yaml:1:1)");

    // ---- spec.recording, as `kschedviz record` writes it ----------------------------------------

    const QByteArray recorded = R"yaml(apiVersion: kschedviz.io/v1alpha1
kind: Scenario
metadata: {name: recorded}
spec:
  objects:
  - {apiVersion: v1, kind: Node, metadata: {name: n1}, status: {capacity: {cpu: "1"}}}
  recording:
)yaml";
    row("recording field unknown", recorded + "    server: https://127.0.0.1:6443\n    bindngs: []\n",
        "broken.yaml:9:5: spec.recording.bindngs: unknown field; a recording has server, context, startedAt, duration, bindings");
    row("recording start not a time", recorded + "    startedAt: yesterday\n",
        "broken.yaml:8:16: spec.recording.startedAt: \"yesterday\" is not an RFC 3339 time");
    row("recording duration negative", recorded + "    duration: -5s\n",
        "broken.yaml:8:15: spec.recording.duration: \"-5s\" is not a non-negative duration (such as 500us, 20ms, 2s)");
    row("binding without a node", recorded + "    bindings:\n    - {at: 2s, pod: default/web}\n",
        "broken.yaml:9:7: spec.recording.bindings[0].node: required value is missing");
    row("binding pod without a namespace", recorded + "    bindings:\n    - {at: 2s, pod: web, node: n1}\n",
        "broken.yaml:9:21: spec.recording.bindings[0].pod: \"web\" is not NAMESPACE/NAME");
    row("recording not a mapping", recorded + "    [a]\n",
        "broken.yaml:8:5: spec.recording: expected a mapping with server, context, startedAt, duration, bindings");
}

void TestBrokenInput::refused()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, expected);
    QStringList warnings;
    try {
        loadScenarioText(text, fileName, &warnings);
    } catch (const LoadError& e) {
        QCOMPARE(e.toString(), expected);
        QCOMPARE(QString::fromUtf8(e.what()), expected);
        return;
    } catch (const std::exception& e) {
        QFAIL(qPrintable(QStringLiteral("an exception other than LoadError escaped: ") + QString::fromUtf8(e.what())));
    } catch (...) {
        QFAIL("an exception other than LoadError escaped");
    }
    QFAIL("the input was accepted");
}

void TestBrokenInput::unreadKindsAreSkippedWithOneWarningEach()
{
    const QByteArray text = R"yaml(apiVersion: v1
kind: ConfigMap
metadata: {name: settings, namespace: shop}
data: {a: b}
---
apiVersion: kschedviz.io/v1alpha1
kind: Nonsense
metadata: {name: skipped-too}
---
apiVersion: v1
kind: List
items:
- apiVersion: apps/v1
  kind: Deployment
  metadata: {name: web, namespace: shop}
  spec: {replicas: 3}
- apiVersion: stable.example.com/v1
  kind: CronTab
  metadata: {name: nightly, namespace: batch}
  spec: {cronSpec: "* * * * */5"}
- apiVersion: v1
  kind: Node
  metadata: {name: node-1}
)yaml";
    QStringList warnings;
    Scenario scenario;
    try {
        scenario = loadScenarioText(text, fileName, &warnings);
    } catch (const LoadError& e) {
        QFAIL(qPrintable(e.toString()));
    }
    QCOMPARE(scenario.initial.nodes.size(), 1);
    QCOMPARE(scenario.initial.objectCount(), 1);
    const QStringList expected = {
        QStringLiteral("broken.yaml:1:1: skipping ConfigMap shop/settings: the scheduler does not read this kind"),
        QStringLiteral("broken.yaml:6:1: skipping Nonsense skipped-too: the scheduler does not read this kind"),
        QStringLiteral("broken.yaml:13:3: skipping Deployment shop/web: the scheduler does not read this kind"),
        QStringLiteral("broken.yaml:17:3: skipping CronTab batch/nightly: the scheduler does not read this kind"),
    };
    QCOMPARE(warnings, expected);

    // In a Scenario's objects and events too; loading without a warning list is fine.
    const QByteArray scenarioText = R"yaml(apiVersion: kschedviz.io/v1alpha1
kind: Scenario
metadata: {name: skip}
spec:
  objects:
  - {apiVersion: v1, kind: Node, metadata: {name: node-1}}
  - {apiVersion: v1, kind: Secret, metadata: {name: token, namespace: kube-system}}
  events:
  - at: 5s
    action: create
    object: {apiVersion: batch/v1, kind: Job, metadata: {name: backup, namespace: ops}}
)yaml";
    warnings.clear();
    try {
        loadScenarioText(scenarioText, fileName);
        scenario = loadScenarioText(scenarioText, fileName, &warnings);
    } catch (const LoadError& e) {
        QFAIL(qPrintable(e.toString()));
    }
    QCOMPARE(scenario.initial.objectCount(), 1);
    QVERIFY(scenario.events.isEmpty());
    QCOMPARE(warnings,
             QStringList({QStringLiteral("broken.yaml:7:5: skipping Secret kube-system/token: the scheduler does not read this kind"),
                          QStringLiteral("broken.yaml:11:13: skipping Job ops/backup: the scheduler does not read this kind")}));
}

void TestBrokenInput::mutationsNeverEscapeAsAnythingButLoadError()
{
    const QByteArray valid(validScenario);
    {
        // The base must load, or the mutations test only the first error.
        QStringList warnings;
        try {
            const Scenario scenario = loadScenarioText(valid, fileName, &warnings);
            QCOMPARE(scenario.initial.nodes.size(), 3);
            QCOMPARE(scenario.events.size(), 3);
        } catch (const LoadError& e) {
            QFAIL(qPrintable(e.toString()));
        }
        QVERIFY(warnings.isEmpty());
    }

    std::mt19937 random(20240501);
    const auto below = [&random](qsizetype bound) {
        return static_cast<qsizetype>(std::uniform_int_distribution<qsizetype>(0, bound - 1)(random));
    };
    const QByteArray interesting = QByteArrayLiteral(":-[]{}\"'#&*!|>%@`,?\t\n \\0xZ9.");

    constexpr int mutations = 2000;
    int loaded = 0;
    int refused = 0;
    for (int n = 0; n < mutations; ++n) {
        QByteArray text = valid;
        const int edits = 1 + static_cast<int>(below(3));
        QString what;
        for (int edit = 0; edit < edits && !text.isEmpty(); ++edit) {
            const qsizetype at = below(text.size());
            switch (below(7)) {
            case 0: // flip one bit
                text[at] = static_cast<char>(text[at] ^ (1 << below(8)));
                what += QStringLiteral(" flip@%1").arg(at);
                break;
            case 1: // a random byte
                text[at] = static_cast<char>(below(256));
                what += QStringLiteral(" byte@%1").arg(at);
                break;
            case 2: // a byte that means something to YAML
                text[at] = interesting[below(interesting.size())];
                what += QStringLiteral(" syntax@%1").arg(at);
                break;
            case 3: // truncate
                text.truncate(at);
                what += QStringLiteral(" truncate@%1").arg(at);
                break;
            case 4:
            case 5: { // duplicate or delete the line holding `at`
                const qsizetype start = text.lastIndexOf('\n', at) + 1;
                const qsizetype newline = text.indexOf('\n', at);
                const qsizetype end = newline < 0 ? text.size() : newline + 1;
                if (below(2) == 0) {
                    text.insert(start, text.mid(start, end - start));
                    what += QStringLiteral(" dupline@%1").arg(start);
                } else {
                    text.remove(start, end - start);
                    what += QStringLiteral(" delline@%1").arg(start);
                }
                break;
            }
            case 6: // delete a run of bytes
                text.remove(at, 1 + below(16));
                what += QStringLiteral(" cut@%1").arg(at);
                break;
            }
        }
        try {
            loadScenarioText(text, fileName);
            ++loaded;
        } catch (const LoadError& e) {
            ++refused;
            const QString message = e.toString();
            if (!message.startsWith(QLatin1String("broken.yaml:")) || e.where().line <= 0 || e.where().column <= 0)
                QFAIL(qPrintable(QStringLiteral("mutation %1 (%2): message without position: %3").arg(n).arg(what, message)));
            if (e.message().isEmpty())
                QFAIL(qPrintable(QStringLiteral("mutation %1 (%2): empty message").arg(n).arg(what)));
        } catch (const std::exception& e) {
            QFAIL(qPrintable(QStringLiteral("mutation %1 (%2): %3 escaped").arg(n).arg(what, QString::fromUtf8(e.what()))));
        } catch (...) {
            QFAIL(qPrintable(QStringLiteral("mutation %1 (%2): an unknown exception escaped").arg(n).arg(what)));
        }
    }
    qInfo("%d mutations loaded, %d were refused", loaded, refused);
    QCOMPARE(loaded + refused, mutations);
    // The mutations must exercise both sides, or they prove little.
    QVERIFY2(refused > mutations / 4, qPrintable(QString::number(refused)));
    QVERIFY2(loaded > mutations / 20, qPrintable(QString::number(loaded)));
}

void TestBrokenInput::brokenFilesOnDisk_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("expected"); // after the path

    QTest::newRow("indentation") << QStringLiteral("bad-indentation.yaml")
                                 << QStringLiteral(":11:6: invalid YAML: this line does not fit in the mapping above it; check its indentation");
    QTest::newRow("quantity") << QStringLiteral("bad-quantity.yaml")
                              << QStringLiteral(":20:18: spec.objects[1].spec.containers[0].resources.requests.cpu: "
                                                "\"abc\" is not a quantity");
    QTest::newRow("missing node") << QStringLiteral("missing-node.yaml")
                                  << QStringLiteral(":20:17: spec.objects[1].spec.nodeName: the pod is bound to \"node-3\", which "
                                                    "is not a node of the scenario");
    QTest::newRow("not UTF-8") << QStringLiteral("latin1.yaml")
                               << QStringLiteral(":6:27: the file is not valid UTF-8 (byte 0xe9)");
}

void TestBrokenInput::brokenFilesOnDisk()
{
    QFETCH(QString, file);
    QFETCH(QString, expected);
    const QString path = QStringLiteral(KSV_TEST_DATA_DIR "/broken/") + file;
    QVERIFY2(QFile::exists(path), qPrintable(path));
    try {
        loadScenarioFile(path);
    } catch (const LoadError& e) {
        QCOMPARE(e.where().file, path);
        QCOMPARE(e.toString(), path + expected);
        return;
    } catch (...) {
        QFAIL("an exception other than LoadError escaped");
    }
    QFAIL("the file was accepted");
}

void TestBrokenInput::schedulerConfigFile()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());

    const auto expectError = [](const QString& path, const QString& expected) {
        try {
            loadSchedulerConfigFile(path);
        } catch (const LoadError& e) {
            QCOMPARE(e.toString(), expected);
            return;
        } catch (...) {
            QFAIL("an exception other than LoadError escaped");
        }
        QFAIL("the file was accepted");
    };
    const auto write = [&dir](const char* name, const QByteArray& text) {
        const QString path = dir.filePath(QString::fromUtf8(name));
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly) || file.write(text) != text.size())
            return QString();
        return path;
    };

    const QString missing = dir.filePath(QStringLiteral("missing.yaml"));
    expectError(missing, missing + QStringLiteral(": cannot read file: No such file or directory"));
    if (QTest::currentTestFailed())
        return;

    const QString pod = write("pod.yaml", "apiVersion: v1\nkind: Pod\nmetadata: {name: web}\n");
    QVERIFY(!pod.isEmpty());
    expectError(pod, pod + QStringLiteral(":2:7: kind: expected kind KubeSchedulerConfiguration, found the value \"Pod\""));
    if (QTest::currentTestFailed())
        return;

    const QString noKind = write("nokind.yaml", "apiVersion: kubescheduler.config.k8s.io/v1\nprofiles: []\n");
    QVERIFY(!noKind.isEmpty());
    expectError(noKind, noKind + QStringLiteral(":1:1: kind: expected kind KubeSchedulerConfiguration, found nothing"));
    if (QTest::currentTestFailed())
        return;

    const QString empty = write("empty.yaml", "");
    QVERIFY(!empty.isEmpty());
    expectError(empty, empty + QStringLiteral(":1:1: the file holds no KubeSchedulerConfiguration"));
    if (QTest::currentTestFailed())
        return;

    const QString twice = write("twice.yaml", "kind: KubeSchedulerConfiguration\n---\nkind: KubeSchedulerConfiguration\n");
    QVERIFY(!twice.isEmpty());
    expectError(twice, twice + QStringLiteral(":3:1: a second KubeSchedulerConfiguration in one file"));
    if (QTest::currentTestFailed())
        return;

    // Found by tests/fuzz (crashers/config): yaml-cpp's LoadAll loops forever on it.
    const QString comma = write("comma.yaml", "apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\n---\n,\n");
    QVERIFY(!comma.isEmpty());
    expectError(comma, comma + QStringLiteral(":4:1: invalid YAML: unexpected ',' outside [ ] or { }; a value that starts with it must be quoted"));
    if (QTest::currentTestFailed())
        return;

    const QString good = write("good.yaml", "apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\n");
    QVERIFY(!good.isEmpty());
    try {
        const SchedulerConfigSource config = loadSchedulerConfigFile(good);
        QCOMPARE(config.source.toString(), good + QStringLiteral(":1:1"));
    } catch (const LoadError& e) {
        QFAIL(qPrintable(e.toString()));
    }
}

QTEST_GUILESS_MAIN(TestBrokenInput)
#include "tst_brokeninput.moc"
