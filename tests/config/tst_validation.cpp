// Invalid KubeSchedulerConfigurations: each is refused with one LoadError carrying upstream's field.Error
// text. The cases port upstream's TestValidateKubeSchedulerConfiguration and the plugin-args tables of
// validation_pluginargs_test.go (pkg/scheduler/apis/config/validation), plus strict-decoding errors.
#include "config/config.h"
#include "config/validation.h"
#include "scenario/loader.h"

#include <QtTest>

using namespace ksv;
using namespace ksv::config;

namespace {

const QString header = "apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\n";

KubeSchedulerConfiguration decode(const QString& text)
{
    return decodeConfiguration(YamlField(YAML::Load(text.toStdString()), "sched.yaml"));
}

// upstream's validConfig, in v1 form: two profiles sharing a custom queue sort.
const QString validConfig = header + R"(parallelism: 8
percentageOfNodesToScore: 35
podInitialBackoffSeconds: 1
podMaxBackoffSeconds: 1
leaderElection: {leaderElect: true, resourceLock: leases}
profiles:
- schedulerName: me
  plugins:
    queueSort: {enabled: [{name: CustomSort}]}
    score: {disabled: [{name: '*'}]}
  pluginConfig:
  - name: DefaultPreemption
    args: {minCandidateNodesPercentage: 10, minCandidateNodesAbsolute: 100}
- schedulerName: other
  plugins:
    queueSort: {enabled: [{name: CustomSort}]}
    bind: {enabled: [{name: CustomBind}]}
)";

} // namespace

class TestValidation : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void validConfigIsAccepted()
    {
        try {
            const auto configuration = decode(validConfig);
            QCOMPARE(configuration.profiles.size(), 2);
        } catch (const LoadError& error) {
            QFAIL(qPrintable(error.toString()));
        }
    }

    void invalid_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected");
        const auto row = [](const char* name, const QString& body, const char* expected) {
            QTest::newRow(name) << header + body << QString::fromUtf8(expected);
        };
        const auto edit = [](const char* from, const char* to) { return QString(validConfig).replace(from, to); };

        // Decoding: version, kind and strict fields.
        QTest::newRow("apiVersion v1beta3")
            << QString(header).replace("/v1\n", "/v1beta3\n")

            << "sched.yaml:1:13: apiVersion: expected kubescheduler.config.k8s.io/v1, found the value "
               "\"kubescheduler.config.k8s.io/v1beta3\" (kube-scheduler v1.32 reads no other version)";
        QTest::newRow("wrong kind")
            << QString(header).replace("KubeSchedulerConfiguration", "KubeProxyConfiguration")

            << "sched.yaml:2:7: kind: expected KubeSchedulerConfiguration, found the value \"KubeProxyConfiguration\"";
        row("unknown top-level field", "parallelism: 4\nparalelism: 8\n",
            "sched.yaml:4:1: paralelism: unknown field; a KubeSchedulerConfiguration has apiVersion, kind, "
            "parallelism, leaderElection, clientConnection, enableProfiling, enableContentionProfiling, "
            "percentageOfNodesToScore, podInitialBackoffSeconds, podMaxBackoffSeconds, profiles, extenders, "
            "delayCacheUntilActive");
        row("healthzBindAddress removed", "healthzBindAddress: 0.0.0.0:10251\n",
            "sched.yaml:3:1: healthzBindAddress: unknown field; it was removed from the configuration API "
            "in kubescheduler.config.k8s.io/v1beta3");
        row("unknown profile field", "profiles:\n- schedulerName: a\n  plugin: {}\n",
            "sched.yaml:5:3: profiles[0].plugin: unknown field; a profile has schedulerName, "
            "percentageOfNodesToScore, plugins, pluginConfig");
        row("unknown extension point", "profiles:\n- plugins:\n    scor: {enabled: [{name: A}]}\n",
            "sched.yaml:5:5: profiles[0].plugins.scor: unknown field; plugins has preEnqueue, queueSort, "
            "preFilter, filter, postFilter, preScore, score, reserve, permit, preBind, bind, postBind, "
            "multiPoint");
        row("plugin with unknown field", "profiles:\n- plugins:\n    score: {enabled: [{name: A, wieght: 2}]}\n",
            "sched.yaml:5:33: profiles[0].plugins.score.enabled[0].wieght: unknown field; a plugin has "
            "name, weight");
        row("parallelism not an integer", "parallelism: many\n",
            "sched.yaml:3:14: parallelism: \"many\" is not an integer");
        row("bool not a bool", "enableProfiling: sometimes\n",
            "sched.yaml:3:18: enableProfiling: \"sometimes\" is not a boolean");

        // TestValidateKubeSchedulerConfiguration.
        QTest::newRow("bad-parallelism-invalid-value")
            << edit("parallelism: 8", "parallelism: 0")
            << "sched.yaml:3:14: parallelism: Invalid value: 0: should be an integer value greater than zero";
        QTest::newRow("bad-percentage-of-nodes-to-score")
            << edit("percentageOfNodesToScore: 35", "percentageOfNodesToScore: 101")
            << "sched.yaml:4:27: percentageOfNodesToScore: Invalid value: 101: not in valid range [0-100]";
        QTest::newRow("scheduler-name-not-set") << edit("- schedulerName: other\n  plugins:", "- plugins:")
                                                << "sched.yaml:16:3: profiles[1].schedulerName: Required value";
        QTest::newRow("repeated-scheduler-name")
            << edit("- schedulerName: me", "- schedulerName: other")
            << "sched.yaml:16:18: profiles[1].schedulerName: Duplicate value: \"profiles[0].schedulerName\"";
        QTest::newRow("different-queue-sort")
            << edit("{name: CustomSort}]}\n    bind", "{name: AnotherSort}]}\n    bind")
            << "sched.yaml:18:16: profiles[1].plugins.queueSort: Invalid value: "
               "config.PluginSet{Enabled:[]config.Plugin{config.Plugin{Name:\"AnotherSort\", Weight:0}}, "
               "Disabled:[]config.Plugin(nil)}: queueSort must be the same for all profiles";
        QTest::newRow("one-empty-queue-sort")
            << edit("    queueSort: {enabled: [{name: CustomSort}]}\n    score", "    score")
            << "sched.yaml:17:16: profiles[1].plugins.queueSort: Invalid value: "
               "config.PluginSet{Enabled:[]config.Plugin{config.Plugin{Name:\"CustomSort\", Weight:0}}, "
               "Disabled:[]config.Plugin(nil)}: queueSort must be the same for all profiles";
        QTest::newRow("invalid-node-percentage")
            << edit("minCandidateNodesPercentage: 10", "minCandidateNodesPercentage: 200")
            << "sched.yaml:15:41: profiles[0].pluginConfig[0].args.minCandidateNodesPercentage: Invalid value: "
               "200: not in valid range [0, 100]";
        QTest::newRow("invalid-plugin-args")
            << edit("args: {minCandidateNodesPercentage: 10, minCandidateNodesAbsolute: 100}",
                    "args: {kind: InterPodAffinityArgs}")

            << "sched.yaml:15:18: profiles[0].pluginConfig[0].args.kind: args for plugin DefaultPreemption "
               "were not of type DefaultPreemptionArgs.kubescheduler.config.k8s.io, got "
               "InterPodAffinityArgs.kubescheduler.config.k8s.io";
        QTest::newRow("duplicated-plugin-config")
            << edit("  - name: DefaultPreemption\n",
                    "  - name: config\n  - name: config\n  - name: DefaultPreemption\n")

            << "sched.yaml:15:5: profiles[0].pluginConfig[1]: Duplicate value: \"config\"";
        QTest::newRow("mismatch-queue-sort")
            << edit("{name: CustomSort}]}\n    score", "{name: PrioritySort}]}\n    score")
            << "sched.yaml:18:16: profiles[1].plugins.queueSort: Invalid value: "
               "config.PluginSet{Enabled:[]config.Plugin{config.Plugin{Name:\"CustomSort\", Weight:0}}, "
               "Disabled:[]config.Plugin(nil)}: queueSort must be the same for all profiles";
        QTest::newRow("leader-election-resource-lock")
            << edit("resourceLock: leases", "resourceLock: configmaps")
            << "sched.yaml:7:51: leaderElection.resourceLock: Invalid value: \"configmaps\": resourceLock value "
               "must be \"leases\"";
        row("empty scheduler name", "profiles:\n- schedulerName: \"\"\n",
            "sched.yaml:4:18: profiles[0].schedulerName: Required value");
        row("profile percentage", "profiles:\n- percentageOfNodesToScore: -1\n",
            "sched.yaml:4:29: profiles[0].percentageOfNodesToScore: Invalid value: -1: not in valid range "
            "[0-100]");
        row("initial backoff zero", "podInitialBackoffSeconds: 0\n",
            "sched.yaml:3:27: podInitialBackoffSeconds: Invalid value: 0: must be greater than 0");
        row("max backoff below initial", "podInitialBackoffSeconds: 5\npodMaxBackoffSeconds: 3\n",
            "sched.yaml:4:23: podMaxBackoffSeconds: Invalid value: 3: must be greater than or equal to "
            "PodInitialBackoffSeconds");
        row("two queue sorts",
            "profiles:\n- plugins:\n    queueSort:\n      enabled: [{name: PrioritySort}, {name: Other}]\n",
            "sched.yaml:6:16: profiles[0].plugins.queueSort.Enabled: Invalid value: 2: only one queue sort "
            "plugin can be enabled");
        row("queueSort args differ",
            "profiles:\n- schedulerName: a\n  plugins: {queueSort: {enabled: [{name: NodeAffinity}]}}\n"
            "- schedulerName: b\n  plugins: {queueSort: {enabled: [{name: NodeAffinity}]}}\n"
            "  pluginConfig:\n  - name: NodeAffinity\n    args: {addedAffinity: {}}\n",
            "sched.yaml:9:3: profiles[1].pluginConfig.args: Invalid value: &config.NodeAffinityArgs{...}: queueSort "
            "must be the same for all profiles");
        row("args for a plugin without args",
            "profiles:\n- pluginConfig:\n  - name: PrioritySort\n    args: {foo: 1}\n",
            "sched.yaml:5:11: profiles[0].pluginConfig[0].name: Invalid value: \"PrioritySort\": no such "
            "plugin has arguments");
        row("args for an unknown plugin", "profiles:\n- pluginConfig:\n  - name: MyPlugin\n    args: {}\n",
            "sched.yaml:5:11: profiles[0].pluginConfig[0].name: Invalid value: \"MyPlugin\": no such plugin "
            "has arguments");
        row("unknown args field",
            "profiles:\n- pluginConfig:\n  - name: DefaultPreemption\n    args: {minCandidateNodes: 3}\n",
            "sched.yaml:6:12: profiles[0].pluginConfig[0].args.minCandidateNodes: unknown field; "
            "DefaultPreemptionArgs has minCandidateNodesPercentage, minCandidateNodesAbsolute");

        // Plugin args (validation_pluginargs_test.go).
        const auto args = [&row](const char* name, const char* plugin, const char* argsBody, const char* expected) {
            row(name, QString("profiles:\n- pluginConfig:\n  - name: ") + plugin + "\n    args:\n" + argsBody,
                expected);
        };
        args("DefaultPreemption negative absolute", "DefaultPreemption", "      minCandidateNodesAbsolute: -1\n",
             "sched.yaml:7:34: profiles[0].pluginConfig[0].args.minCandidateNodesAbsolute: Invalid value: "
             "-1: not in valid range [0, inf)");
        args("DefaultPreemption all zero", "DefaultPreemption",
             "      minCandidateNodesPercentage: 0\n      minCandidateNodesAbsolute: 0\n",
             "sched.yaml:7:36: profiles[0].pluginConfig[0].args.minCandidateNodesPercentage: Invalid value: "
             "0: cannot be zero at the same time as minCandidateNodesAbsolute");
        args("InterPodAffinity weight above max", "InterPodAffinity", "      hardPodAffinityWeight: 101\n",
             "sched.yaml:7:30: profiles[0].pluginConfig[0].args.hardPodAffinityWeight: Invalid value: 101: "
             "not in valid range [0, 100]");
        args("InterPodAffinity weight below min", "InterPodAffinity", "      hardPodAffinityWeight: -1\n",
             "sched.yaml:7:30: profiles[0].pluginConfig[0].args.hardPodAffinityWeight: Invalid value: -1: "
             "not in valid range [0, 100]");
        args("PodTopologySpread maxSkew", "PodTopologySpread",
             "      defaultingType: List\n      defaultConstraints:\n      - {maxSkew: -1, topologyKey: node, "
             "whenUnsatisfiable: DoNotSchedule}\n",
             "sched.yaml:9:19: profiles[0].pluginConfig[0].args.defaultConstraints[0].maxSkew: Invalid "
             "value: -1: not in valid range (0, inf)");
        args("PodTopologySpread empty topologyKey", "PodTopologySpread",
             "      defaultingType: List\n      defaultConstraints:\n      - {maxSkew: 1, topologyKey: \"\", "
             "whenUnsatisfiable: DoNotSchedule}\n",
             "sched.yaml:9:35: profiles[0].pluginConfig[0].args.defaultConstraints[0].topologyKey: Required "
             "value: can not be empty");
        args("PodTopologySpread invalid topologyKey", "PodTopologySpread",
             "      defaultingType: List\n      defaultConstraints:\n      - {maxSkew: 1, topologyKey: a/b/c, "
             "whenUnsatisfiable: DoNotSchedule}\n",
             "sched.yaml:9:35: profiles[0].pluginConfig[0].args.defaultConstraints[0].topologyKey: Invalid "
             "value: \"a/b/c\": a qualified name must consist of alphanumeric characters, '-', '_' or '.', and "
             "must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or "
             "'123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an "
             "optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')");
        args("PodTopologySpread whenUnsatisfiable empty", "PodTopologySpread",
             "      defaultingType: List\n      defaultConstraints:\n      - {maxSkew: 1, topologyKey: node}\n",
             "sched.yaml:9:9: profiles[0].pluginConfig[0].args.defaultConstraints[0].whenUnsatisfiable: "
             "Required value: can not be empty");
        args("PodTopologySpread whenUnsatisfiable unknown", "PodTopologySpread",
             "      defaultingType: List\n      defaultConstraints:\n      - {maxSkew: 1, topologyKey: node, "
             "whenUnsatisfiable: unknown action}\n",
             "sched.yaml:9:60: profiles[0].pluginConfig[0].args.defaultConstraints[0].whenUnsatisfiable: "
             "Unsupported value: \"unknown action\": supported values: \"DoNotSchedule\", \"ScheduleAnyway\"");
        args("PodTopologySpread duplicated constraints", "PodTopologySpread",
             "      defaultingType: List\n      defaultConstraints:\n      - {maxSkew: 1, topologyKey: node, "
             "whenUnsatisfiable: DoNotSchedule}\n"
             "      - {maxSkew: 2, topologyKey: node, whenUnsatisfiable: DoNotSchedule}\n",
             "sched.yaml:10:9: profiles[0].pluginConfig[0].args.defaultConstraints[1]: Duplicate value: "
             "\"{node, DoNotSchedule}\"");
        args("PodTopologySpread label selector", "PodTopologySpread",
             "      defaultingType: List\n      defaultConstraints:\n      - maxSkew: 1\n        topologyKey: key\n    "
             "    whenUnsatisfiable: DoNotSchedule\n"
             "        labelSelector: {matchLabels: {a: b}}\n",
             "sched.yaml:12:24: profiles[0].pluginConfig[0].args.defaultConstraints[0].labelSelector: "
             "Forbidden: constraint must not define a selector, as they deduced for each pod");
        args("PodTopologySpread wrong defaultingType", "PodTopologySpread", "      defaultingType: unknown\n",
             "sched.yaml:7:23: profiles[0].pluginConfig[0].args.defaultingType: Unsupported value: "
             "\"unknown\": supported values: \"System\", \"List\"");
        args("PodTopologySpread System with constraints", "PodTopologySpread",
             "      defaultingType: System\n      defaultConstraints:\n      - {maxSkew: 1, topologyKey: key, "
             "whenUnsatisfiable: DoNotSchedule}\n",
             "sched.yaml:7:23: profiles[0].pluginConfig[0].args.defaultingType: Invalid value: \"System\": "
             "when .defaultConstraints are not empty");
        args("BalancedAllocation weight", "NodeResourcesBalancedAllocation",
             "      resources:\n      - {name: cpu, weight: 2}\n      - {name: memory, weight: 1}\n",
             "sched.yaml:8:29: profiles[0].pluginConfig[0].args.resources[0].weight: Invalid value: 2: must "
             "be 1");
        args("BalancedAllocation repeated resources", "NodeResourcesBalancedAllocation",
             "      resources:\n      - {name: cpu, weight: 1}\n      - {name: cpu, weight: 1}\n",
             "sched.yaml:9:16: profiles[0].pluginConfig[0].args.resources[1].name: Duplicate value: \"cpu\"");
        args("Fit unsupported type", "NodeResourcesFit", "      scoringStrategy: {type: Invalid}\n",
             "sched.yaml:7:31: profiles[0].pluginConfig[0].args.scoringStrategy.type: Unsupported value: "
             "\"Invalid\": supported values: \"LeastAllocated\", \"MostAllocated\", \"RequestedToCapacityRatio\"");
        args("Fit weight above max", "NodeResourcesFit",
             "      scoringStrategy:\n        type: MostAllocated\n        resources:\n        - {name: cpu, weight: "
             "1}\n        - {name: memory, weight: 101}\n",
             "sched.yaml:11:34: profiles[0].pluginConfig[0].args.scoringStrategy.resources[1].weight: "
             "Invalid value: 101: resource weight of memory not in valid range (0, 100]");
        args("Fit weight below min", "NodeResourcesFit",
             "      scoringStrategy:\n        type: LeastAllocated\n        resources: [{name: cpu, weight: -1}]\n",
             "sched.yaml:9:41: profiles[0].pluginConfig[0].args.scoringStrategy.resources[0].weight: Invalid "
             "value: -1: resource weight of cpu not in valid range (0, 100]");
        args("Fit no shapes", "NodeResourcesFit",
             "      scoringStrategy:\n        type: RequestedToCapacityRatio\n        requestedToCapacityRatio: "
             "{shape: []}\n",
             "sched.yaml:9:43: profiles[0].pluginConfig[0].args.scoringStrategy.shape: Required value: at "
             "least one point must be specified");
        args("Fit non-increasing utilization", "NodeResourcesFit",
             "      scoringStrategy:\n        type: RequestedToCapacityRatio\n        requestedToCapacityRatio:\n      "
             "    shape:\n"
             "          - {utilization: 10, score: 3}\n          - {utilization: 20, score: 3}\n          - "
             "{utilization: 15, score: 3}\n",
             "sched.yaml:13:27: profiles[0].pluginConfig[0].args.scoringStrategy.shape[2].utilization: "
             "Invalid value: 15: values must be sorted in increasing order");
        args("Fit utilization above max", "NodeResourcesFit",
             "      scoringStrategy:\n        type: RequestedToCapacityRatio\n        requestedToCapacityRatio:\n      "
             "    shape:\n"
             "          - {utilization: 101, score: 3}\n",
             "sched.yaml:11:27: profiles[0].pluginConfig[0].args.scoringStrategy.shape[0].utilization: "
             "Invalid value: 101: not in valid range [0, 100]");
        args("Fit score above max", "NodeResourcesFit",
             "      scoringStrategy:\n        type: RequestedToCapacityRatio\n        requestedToCapacityRatio:\n      "
             "    shape:\n"
             "          - {utilization: 10, score: 11}\n",
             "sched.yaml:11:38: profiles[0].pluginConfig[0].args.scoringStrategy.shape[0].score: Invalid "
             "value: 11: not in valid range [0, 10]");
        args("Fit ratio without shape", "NodeResourcesFit", "      scoringStrategy: {type: RequestedToCapacityRatio}\n",
             "sched.yaml:7:24: profiles[0].pluginConfig[0].args.scoringStrategy.shape: Required value: at "
             "least one point must be specified");
        args("Fit ignoredResources too long", "NodeResourcesFit",
             "      ignoredResources: [longvalueaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa]\n",
             "sched.yaml:7:26: profiles[0].pluginConfig[0].args.ignoredResources[0]: Invalid value: "
             "\"longvalueaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\": name part must be "
             "no more than 63 characters");
        args("Fit ignoredResources empty name", "NodeResourcesFit", "      ignoredResources: [example.com/]\n",
             "sched.yaml:7:26: profiles[0].pluginConfig[0].args.ignoredResources[0]: Invalid value: "
             "\"example.com/\": name part must be non-empty");
        args("Fit ignoredResources too many slashes", "NodeResourcesFit",
             "      ignoredResources: [example.com/aaa/bbb]\n",
             "sched.yaml:7:26: profiles[0].pluginConfig[0].args.ignoredResources[0]: Invalid value: "
             "\"example.com/aaa/bbb\": a qualified name must consist of alphanumeric characters, '-', '_' or "
             "'.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or "
             "'123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an "
             "optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')");
        args("Fit ignoredResourceGroups slash", "NodeResourcesFit", "      ignoredResourceGroups: [example.com/aa]\n",
             "sched.yaml:7:31: profiles[0].pluginConfig[0].args.ignoredResourceGroups[0]: Invalid value: "
             "\"example.com/aa\": resource group name can't contain '/'");
        args("VolumeBinding negative timeout", "VolumeBinding", "      bindTimeoutSeconds: -10\n",
             "sched.yaml:7:27: profiles[0].pluginConfig[0].args.bindTimeoutSeconds: Invalid value: -10: "
             "invalid BindTimeoutSeconds, should not be a negative value");
        args("VolumeBinding shape without gate", "VolumeBinding",
             "      bindTimeoutSeconds: 10\n      shape:\n      - {utilization: 1, score: 1}\n      - {utilization: 3, "
             "score: 3}\n",
             "sched.yaml:9:7: profiles[0].pluginConfig[0].args.shape: Invalid value: "
             "[]config.UtilizationShapePoint{config.UtilizationShapePoint{Utilization:1, Score:1}, "
             "config.UtilizationShapePoint{Utilization:3, Score:3}}: unexpected field `shape`, remove it or "
             "turn on the feature gate VolumeCapacityPriority");
        // scheduler-plugins' Coscheduling (v0.32 refuses this in New(); later releases' ValidateCoschedulingArgs
        // with this text).
        args("Coscheduling negative backoff", "Coscheduling", "      podGroupBackoffSeconds: -1\n",
             "sched.yaml:7:31: profiles[0].pluginConfig[0].args.podGroupBackoffSeconds: Invalid value: -1: "
             "must be greater than 0");
        args("Coscheduling unknown field", "Coscheduling", "      permitWaitingTime: 5\n",
             "sched.yaml:7:7: profiles[0].pluginConfig[0].args.permitWaitingTime: unknown field; CoschedulingArgs has "
             "permitWaitingTimeSeconds, podGroupBackoffSeconds");
        args("Coscheduling timeout not an integer", "Coscheduling", "      permitWaitingTimeSeconds: 10s\n",
             "sched.yaml:7:33: profiles[0].pluginConfig[0].args.permitWaitingTimeSeconds: \"10s\" is not an integer");
        args("NodeAffinity invalid key", "NodeAffinity",
             "      addedAffinity:\n        requiredDuringSchedulingIgnoredDuringExecution:\n          "
             "nodeSelectorTerms:\n"
             "          - matchExpressions: [{key: invalid/label/key, operator: In, values: [v]}]\n",
             "sched.yaml:10:38: "
             "profiles[0].pluginConfig[0].args.addedAffinity.requiredDuringSchedulingIgnoredDuringExecution."
             "nodeSelectorTerms[0].matchExpressions[0].key: "
             "\"invalid/label/key\" is not a valid label key");
    }
    void invalid()
    {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        try {
            decode(text);
            QFAIL("accepted");
        } catch (const LoadError& error) {
            QCOMPARE(error.toString(), expected);
        }
    }

    // A configuration inline in a scenario reports its errors with the scenario's path prefix.
    void inlineInScenario()
    {
        const QByteArray scenario = R"(apiVersion: kschedviz.io/v1alpha1
kind: Scenario
metadata: {name: inline}
spec:
  schedulerConfig:
    apiVersion: kubescheduler.config.k8s.io/v1
    kind: KubeSchedulerConfiguration
    profiles:
    - schedulerName: a
    - schedulerName: b
      plugins:
        queueSort:
          enabled: [{name: PrioritySort}]
  objects:
  - {apiVersion: v1, kind: Node, metadata: {name: n1}, status: {allocatable: {cpu: "1"}}}
)";
        const Scenario loaded = loadScenarioText(scenario, "scenario.yaml");
        QVERIFY(loaded.schedulerConfig);
        try {
            loaded.schedulerConfig->configuration();
            QFAIL("a queueSort differing across profiles must be refused");
        } catch (const LoadError& error) {
            QCOMPARE(error.fieldPath(), "spec.schedulerConfig.profiles[1].plugins.queueSort");
            QCOMPARE(error.toString(),
                     "scenario.yaml:13:11: spec.schedulerConfig.profiles[1].plugins.queueSort: Invalid value: "
                     "config.PluginSet{Enabled:[]config.Plugin{config.Plugin{Name:\"PrioritySort\", Weight:0}}, "
                     "Disabled:[]config.Plugin(nil)}: queueSort must be the same for all profiles");
        }
    }
    // validation.IsQualifiedName's messages, word for word.
    void qualifiedNameMessages_data()
    {
        QTest::addColumn<QString>("value");
        QTest::addColumn<QStringList>("expected");
        const QString regex
            = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an "
              "alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation "
              "is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
        QTest::newRow("valid") << "example.com/foo" << QStringList {};
        QTest::newRow("too long") << QString(64, 'a') << QStringList {"name part must be no more than 63 characters"};
        QTest::newRow("empty name") << "example.com/"
                                    << QStringList {"name part must be non-empty", "name part " + regex};
        QTest::newRow("empty prefix") << "/foo" << QStringList {"prefix part must be non-empty"};
        QTest::newRow("bad prefix") << "Example.com/foo"
                                    << QStringList {
                                           "prefix part a lowercase RFC 1123 subdomain must consist of lower case "
                                           "alphanumeric characters, '-' or '.', and must start and end with an "
                                           "alphanumeric character (e.g. 'example.com', regex used for validation is "
                                           "'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')"};
        QTest::newRow("bad name") << "-foo" << QStringList {"name part " + regex};
    }
    void qualifiedNameMessages()
    {
        QFETCH(QString, value);
        QFETCH(QStringList, expected);
        QCOMPARE(qualifiedNameErrors(value), expected);
    }
};

QTEST_GUILESS_MAIN(TestValidation)
#include "tst_validation.moc"
