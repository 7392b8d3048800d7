// KubeSchedulerConfiguration decoding and defaulting: the v1.32 defaults (apis/config/v1/default_plugins.go,
// defaults.go), mergePlugins, typed args, multiple profiles and the sample configurations.
#include "config/config.h"
#include "config/defaults.h"
#include "scenario/loader.h"

#include <QtTest>

using namespace ksv;

Q_DECLARE_METATYPE(ksv::version::Features)
using namespace ksv::config;

namespace {

const QString header = "apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\n";

KubeSchedulerConfiguration decode(const QString& body)
{
    return decodeConfiguration(YamlField(YAML::Load(QString(header + body).toStdString()), "sched.yaml"));
}

// "Name" or "Name(weight)" for each plugin, space separated.
QString render(const QList<PluginRef>& plugins)
{
    QStringList names;
    for (const auto& plugin : plugins)
        names.append(plugin.weight == 0 ? plugin.name : plugin.name + '(' + QString::number(plugin.weight) + ')');
    return names.join(' ');
}

QString render(const PluginSet& set)
{
    return render(set.enabled) + " | " + render(set.disabled);
}

QStringList configNames(const Profile& profile)
{
    QStringList names;
    for (const auto& config : profile.pluginConfig)
        names.append(config.name);
    return names;
}

template <typename T> T argsOf(const Profile& profile, const QString& plugin)
{
    const PluginArgs* args = profile.argsFor(plugin);
    if (!args || !std::holds_alternative<T>(*args))
        return T {};
    return std::get<T>(*args);
}

const QString defaultMultiPoint
    = "SchedulingGates PrioritySort NodeUnschedulable NodeName TaintToleration(3) NodeAffinity(2) NodePorts "
      "NodeResourcesFit(1) VolumeRestrictions NodeVolumeLimits VolumeBinding VolumeZone PodTopologySpread(2) "
      "InterPodAffinity(2) DefaultPreemption NodeResourcesBalancedAllocation(1) ImageLocality(1) DefaultBinder";

const QStringList defaultConfigNames
    = {"DefaultPreemption", "InterPodAffinity",  "NodeAffinity", "NodeResourcesBalancedAllocation",
       "NodeResourcesFit",  "PodTopologySpread", "VolumeBinding"};

void checkDefaultArgs(const Profile& profile)
{
    QCOMPARE(configNames(profile), defaultConfigNames);
    const auto preemption = argsOf<DefaultPreemptionArgs>(profile, "DefaultPreemption");
    QCOMPARE(preemption.minCandidateNodesPercentage, 10);
    QCOMPARE(preemption.minCandidateNodesAbsolute, 100);
    const auto affinity = argsOf<InterPodAffinityArgs>(profile, "InterPodAffinity");
    QCOMPARE(affinity.hardPodAffinityWeight, 1);
    QCOMPARE(affinity.ignorePreferredTermsOfExistingPods, false);
    QVERIFY(!argsOf<NodeAffinityArgs>(profile, "NodeAffinity").addedAffinity);
    const QList<ResourceSpec> cpuAndMemory = {{"cpu", 1}, {"memory", 1}};
    QCOMPARE(argsOf<NodeResourcesBalancedAllocationArgs>(profile, "NodeResourcesBalancedAllocation").resources,
             cpuAndMemory);
    const auto fit = argsOf<NodeResourcesFitArgs>(profile, "NodeResourcesFit");
    QCOMPARE(toString(fit.scoringStrategy.type), "LeastAllocated");
    QCOMPARE(fit.scoringStrategy.resources, cpuAndMemory);
    QVERIFY(!fit.scoringStrategy.requestedToCapacityRatio);
    QVERIFY(fit.ignoredResources.isEmpty() && fit.ignoredResourceGroups.isEmpty());
    const auto spread = argsOf<PodTopologySpreadArgs>(profile, "PodTopologySpread");
    QCOMPARE(toString(spread.defaultingType), "System");
    QVERIFY(spread.defaultConstraints.isEmpty());
    const auto binding = argsOf<VolumeBindingArgs>(profile, "VolumeBinding");
    QCOMPARE(binding.bindTimeoutSeconds, 600);
    QVERIFY(!binding.shape);
}

} // namespace

class TestConfig : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void defaultPluginsV132()
    {
        const Plugins plugins = defaultPlugins();
        QCOMPARE(render(plugins.multiPoint.enabled), defaultMultiPoint);
        for (const auto& point : extensionPoints) {
            if (point.name != QLatin1String("multiPoint"))
                QVERIFY2((plugins.*point.set) == PluginSet {}, point.name.data());
        }
    }

    // TestApplyFeatureGates (apis/config/v1/default_plugins_test.go), v1.33 to v1.37: DynamicResources
    // joins with DynamicResourceAllocation, just before DefaultPreemption, without a weight while it
    // has no Score (v1.34) and with weight 2 from v1.35.
    void defaultPluginsByVersion_data()
    {
        QTest::addColumn<ksv::version::Features>("features");
        QTest::addColumn<QString>("multiPoint");
        const QString before = "SchedulingGates PrioritySort NodeUnschedulable NodeName TaintToleration(3) NodeAffinity(2) NodePorts "
                               "NodeResourcesFit(1) VolumeRestrictions NodeVolumeLimits VolumeBinding VolumeZone PodTopologySpread(2) "
                               "InterPodAffinity(2) ";
        const QString after = "DefaultPreemption NodeResourcesBalancedAllocation(1) ImageLocality(1) DefaultBinder";
        QTest::newRow("v1.33: DRA beta, off") << version::defaultFeatures(version::v1_33) << before + after;
        QTest::newRow("v1.33 with DynamicResourceAllocation") << version::resolveFeatures(
            version::v1_33, {version::GateSetting {"DynamicResourceAllocation", true, {}, "--feature-gates"}})
                                                              << before + "DynamicResources " + after;
        QTest::newRow("v1.34: DRA GA") << version::defaultFeatures(version::v1_34) << before + "DynamicResources " + after;
        QTest::newRow("v1.34 with DRA off") << version::resolveFeatures(version::v1_34, {version::GateSetting {"DynamicResourceAllocation", false, {}, "--feature-gates"}})
                                            << before + after;
        QTest::newRow("v1.35: it scores") << version::defaultFeatures(version::v1_35) << before + "DynamicResources(2) " + after;
        QTest::newRow("v1.37") << version::defaultFeatures(version::v1_37) << before + "DynamicResources(2) " + after;
    }
    void defaultPluginsByVersion()
    {
        QFETCH(ksv::version::Features, features);
        QFETCH(QString, multiPoint);
        QCOMPARE(render(defaultPlugins(features).multiPoint.enabled), multiPoint);
        QCOMPARE(render(defaultConfiguration(features).profiles[0].plugins.multiPoint.enabled), multiPoint);
    }

    // A configuration decodes once; applyFeatures defaults it again for another version from what the
    // profile wrote, keeping the args it wrote and dropping the defaulted ones it no longer needs.
    void applyFeaturesKeepsWhatWasWritten()
    {
        KubeSchedulerConfiguration configuration = decode("profiles:\n"
                                                          "- schedulerName: default-scheduler\n"
                                                          "  plugins:\n"
                                                          "    multiPoint:\n"
                                                          "      disabled:\n"
                                                          "      - name: ImageLocality\n"
                                                          "  pluginConfig:\n"
                                                          "  - name: InterPodAffinity\n"
                                                          "    args:\n"
                                                          "      hardPodAffinityWeight: 7\n");
        QVERIFY(!render(configuration.profiles[0].plugins.multiPoint.enabled).contains("DynamicResources"));
        config::applyFeatures(configuration, version::defaultFeatures(version::v1_36));
        const Profile& profile = configuration.profiles[0];
        QCOMPARE(configuration.features.version, version::v1_36);
        const QString rendered = render(profile.plugins.multiPoint.enabled);
        QVERIFY2(rendered.contains("InterPodAffinity(2) DynamicResources(2) DefaultPreemption"), qPrintable(rendered));
        QVERIFY(!rendered.contains("ImageLocality"));
        QCOMPARE(argsOf<InterPodAffinityArgs>(profile, "InterPodAffinity").hardPodAffinityWeight, 7);
        QCOMPARE(configNames(profile).count("InterPodAffinity"), 1);
        // And back: the same as decoding it for v1.32.
        config::applyFeatures(configuration, version::defaultFeatures(version::v1_32));
        QCOMPARE(configuration.profiles[0].plugins, decode("profiles:\n"
                                                           "- schedulerName: default-scheduler\n"
                                                           "  plugins:\n"
                                                           "    multiPoint:\n"
                                                           "      disabled:\n"
                                                           "      - name: ImageLocality\n")
                                                        .profiles[0]
                                                        .plugins);
    }

    void defaultConfigurationV132()
    {
        const KubeSchedulerConfiguration configuration = defaultConfiguration();
        QCOMPARE(configuration.parallelism, 16);
        QCOMPARE(configuration.percentageOfNodesToScore, 0);
        QCOMPARE(configuration.podInitialBackoffSeconds, 1);
        QCOMPARE(configuration.podMaxBackoffSeconds, 10);
        QCOMPARE(configuration.profiles.size(), 1);
        const Profile& profile = configuration.profiles[0];
        QCOMPARE(profile.schedulerName, "default-scheduler");
        QVERIFY(!profile.percentageOfNodesToScore);
        QCOMPARE(profile.plugins, defaultPlugins());
        checkDefaultArgs(profile);
    }

    // An empty document is defaulted to what kube-scheduler runs with no configuration at all.
    void emptyDocumentIsDefault_data()
    {
        QTest::addColumn<QString>("body");
        QTest::newRow("nothing") << "";
        QTest::newRow("empty profiles") << "profiles: []\n";
        QTest::newRow("one empty profile") << "profiles:\n- {}\n";
        QTest::newRow("empty plugins") << "profiles:\n- plugins: {}\n  pluginConfig: []\n";
        QTest::newRow("unused fields")
            << "leaderElection: {leaderElect: false, resourceLock: endpoints}\n"
               "clientConnection: {kubeconfig: /etc/kubernetes/scheduler.conf, qps: 50, burst: 100}\n"
               "enableProfiling: true\nenableContentionProfiling: false\n"
               "delayCacheUntilActive: true\n"
               "extenders:\n- {urlPrefix: 'http://127.0.0.1:8888/', filterVerb: filter}\n";
    }
    void emptyDocumentIsDefault()
    {
        QFETCH(QString, body);
        const KubeSchedulerConfiguration configuration = decode(body);
        const KubeSchedulerConfiguration expected = defaultConfiguration();
        QCOMPARE(configuration.parallelism, expected.parallelism);
        QCOMPARE(configuration.profiles.size(), 1);
        QCOMPARE(configuration.profiles[0].schedulerName, "default-scheduler");
        QCOMPARE(configuration.profiles[0].path, "profiles[0]");
        QCOMPARE(configuration.profiles[0].plugins, expected.profiles[0].plugins);
        checkDefaultArgs(configuration.profiles[0]);
    }

    // mergePlugins after v1 defaulting; the cases of notes 7.3 (ME2-ME6) seen before the framework
    // expands MultiPoint. Columns hold "enabled | disabled" of the points a case changes.
    void mergePlugins_data()
    {
        QTest::addColumn<QString>("plugins");
        QTest::addColumn<QString>("multiPoint");
        QTest::addColumn<QString>("point");
        QTest::addColumn<QString>("expected");
        const QString defaults = defaultMultiPoint + " | ";
        QTest::newRow("ME2 score weight override")
            << "score: {enabled: [{name: PodTopologySpread, weight: 5}]}" << defaults << "score"
            << "PodTopologySpread(5) | ";
        QTest::newRow("ME3 score disabled *") << "score: {disabled: [{name: '*'}]}" << defaults << "score"
                                              << " | *";
        QTest::newRow("ME4 filter disabled NodePorts")
            << "filter: {disabled: [{name: NodePorts}]}" << defaults << "filter"
            << " | NodePorts";
        QTest::newRow("ME5 unknown plugin appended")
            << "multiPoint: {enabled: [{name: Foo}]}" << defaultMultiPoint + " Foo | "
            << "filter"
            << " | ";
        QTest::newRow("ME6 multiPoint replaced") << "multiPoint: {disabled: [{name: '*'}], enabled: [{name: "
                                                    "PrioritySort}, {name: NodeName}, {name: DefaultBinder}]}"
                                                 << "PrioritySort NodeName DefaultBinder | *"
                                                 << "score"
                                                 << " | ";
        QTest::newRow("weight replaced in place")
            << "multiPoint: {enabled: [{name: ImageLocality, weight: 7}, {name: TaintToleration}]}"
            << QString(defaultMultiPoint)
                    .replace("TaintToleration(3)", "TaintToleration")
                    .replace("ImageLocality(1)", "ImageLocality(7)")
                + " | "
            << "score"
            << " | ";
        QTest::newRow("multiPoint disabled one")
            << "multiPoint: {disabled: [{name: ImageLocality}, {name: VolumeZone}]}"
            << QString(defaultMultiPoint).remove(" VolumeZone").remove(" ImageLocality(1)")
                + " | ImageLocality VolumeZone"
            << "score"
            << " | ";
        QTest::newRow("disabled and enabled again moves to the end")
            << "multiPoint: {disabled: [{name: PrioritySort}], enabled: [{name: PrioritySort}]}"
            << QString(defaultMultiPoint).remove(" PrioritySort") + " PrioritySort | PrioritySort"
            << "queueSort"
            << " | ";
        // Upstream's map keeps the last of two equal names: that one replaces the default, the other is
        // appended (and the framework refuses the pair).
        QTest::newRow("duplicates kept for the framework")
            << "multiPoint: {enabled: [{name: ImageLocality, weight: 4}, {name: ImageLocality, weight: 9}]}"
            << QString(defaultMultiPoint).replace("ImageLocality(1)", "ImageLocality(9)") + " ImageLocality(4) | "
            << "score"
            << " | ";
        QTest::newRow("custom bind") << "bind: {enabled: [{name: CustomBinder}], disabled: [{name: DefaultBinder}]}"
                                     << defaults << "bind"
                                     << "CustomBinder | DefaultBinder";
    }
    void mergePlugins()
    {
        QFETCH(QString, plugins);
        QFETCH(QString, multiPoint);
        QFETCH(QString, point);
        QFETCH(QString, expected);
        const Profile profile = decode("profiles:\n- plugins: {" + plugins + "}\n").profiles[0];
        QCOMPARE(render(profile.plugins.multiPoint), multiPoint);
        for (const auto& extension : extensionPoints) {
            if (extension.name == point)
                QCOMPARE(render(profile.plugins.*extension.set), expected);
        }
    }

    void pluginSourcesAreKept()
    {
        const Profile profile = decode("profiles:\n- plugins:\n    score:\n      enabled:\n      - {name: A}\n      - "
                                       "{name: B, weight: 4}\n")
                                    .profiles[0];
        QCOMPARE(profile.plugins.score.enabled.size(), 2);
        const PluginRef& b = profile.plugins.score.enabled[1];
        QCOMPARE(b.path, "profiles[0].plugins.score.enabled[1]");
        QCOMPARE(b.source.toString(), "sched.yaml:8:9");
        QCOMPARE(b.weight, 4);
        QVERIFY(!profile.plugins.multiPoint.enabled[0].source.isValid());
    }

    void argsDecoding()
    {
        const Profile profile = decode(R"(profiles:
- pluginConfig:
  - name: NodeResourcesFit
    args:
      apiVersion: kubescheduler.config.k8s.io/v1
      kind: NodeResourcesFitArgs
      ignoredResources: [example.com/foo]
      ignoredResourceGroups: [example.org]
      scoringStrategy:
        type: RequestedToCapacityRatio
        resources: [{name: cpu, weight: 3}, {name: nvidia.com/gpu}]
        requestedToCapacityRatio:
          shape: [{utilization: 0, score: 10}, {utilization: 100, score: 0}]
  - name: NodeResourcesBalancedAllocation
    args: {resources: [{name: cpu}, {name: memory, weight: 1}, {name: example.com/foo, weight: 0}]}
  - name: InterPodAffinity
    args: {hardPodAffinityWeight: 0, ignorePreferredTermsOfExistingPods: true}
  - name: DefaultPreemption
    args: {minCandidateNodesPercentage: 0}
  - name: VolumeBinding
    args: {bindTimeoutSeconds: 0}
  - name: PodTopologySpread
    args:
      defaultingType: List
      defaultConstraints:
      - {maxSkew: 3, topologyKey: kubernetes.io/hostname, whenUnsatisfiable: ScheduleAnyway}
      - {maxSkew: 2, topologyKey: topology.kubernetes.io/zone, whenUnsatisfiable: DoNotSchedule, minDomains: 3, nodeTaintsPolicy: Honor}
  - name: NodeAffinity
    args:
      addedAffinity:
        requiredDuringSchedulingIgnoredDuringExecution:
          nodeSelectorTerms:
          - matchExpressions: [{key: pool, operator: In, values: [batch]}]
        preferredDuringSchedulingIgnoredDuringExecution:
        - weight: 5
          preference: {matchExpressions: [{key: zone, operator: NotIn, values: [z9]}]}
)")
                                    .profiles[0];
        // The profile's entries keep their order; no defaults are appended for plugins it configured.
        QCOMPARE(configNames(profile),
                 (QStringList {"NodeResourcesFit", "NodeResourcesBalancedAllocation", "InterPodAffinity",
                               "DefaultPreemption", "VolumeBinding", "PodTopologySpread", "NodeAffinity"}));
        QCOMPARE(profile.pluginConfig[0].path, "profiles[0].pluginConfig[0]");
        QCOMPARE(profile.pluginConfig[0].source.toString(), "sched.yaml:5:5");

        const auto fit = argsOf<NodeResourcesFitArgs>(profile, "NodeResourcesFit");
        QCOMPARE(fit.ignoredResources, QStringList {"example.com/foo"});
        QCOMPARE(fit.ignoredResourceGroups, QStringList {"example.org"});
        QCOMPARE(toString(fit.scoringStrategy.type), "RequestedToCapacityRatio");
        QCOMPARE(fit.scoringStrategy.resources, (QList<ResourceSpec> {{"cpu", 3}, {"nvidia.com/gpu", 1}}));
        QVERIFY(fit.scoringStrategy.requestedToCapacityRatio);
        QCOMPARE(fit.scoringStrategy.requestedToCapacityRatio->shape,
                 (QList<UtilizationShapePoint> {{0, 10}, {100, 0}}));

        QCOMPARE(argsOf<NodeResourcesBalancedAllocationArgs>(profile, "NodeResourcesBalancedAllocation").resources,
                 (QList<ResourceSpec> {{"cpu", 1}, {"memory", 1}, {"example.com/foo", 1}}));
        const auto affinity = argsOf<InterPodAffinityArgs>(profile, "InterPodAffinity");
        QCOMPARE(affinity.hardPodAffinityWeight, 0);
        QCOMPARE(affinity.ignorePreferredTermsOfExistingPods, true);
        const auto preemption = argsOf<DefaultPreemptionArgs>(profile, "DefaultPreemption");
        QCOMPARE(preemption.minCandidateNodesPercentage, 0);
        QCOMPARE(preemption.minCandidateNodesAbsolute, 100);
        QCOMPARE(argsOf<VolumeBindingArgs>(profile, "VolumeBinding").bindTimeoutSeconds, 0);

        const auto spread = argsOf<PodTopologySpreadArgs>(profile, "PodTopologySpread");
        QCOMPARE(toString(spread.defaultingType), "List");
        QCOMPARE(spread.defaultConstraints.size(), 2);
        QCOMPARE(spread.defaultConstraints[0].maxSkew, 3);
        QCOMPARE(spread.defaultConstraints[0].topologyKey, "kubernetes.io/hostname");
        QCOMPARE(spread.defaultConstraints[0].whenUnsatisfiable, UnsatisfiableConstraintAction::ScheduleAnyway);
        QVERIFY(!spread.defaultConstraints[0].labelSelector);
        QCOMPARE(spread.defaultConstraints[1].minDomains, 3);
        QCOMPARE(spread.defaultConstraints[1].nodeTaintsPolicy, NodeInclusionPolicy::Honor);
        QVERIFY(!spread.defaultConstraints[1].nodeAffinityPolicy);

        const auto nodeAffinity = argsOf<NodeAffinityArgs>(profile, "NodeAffinity");
        QVERIFY(nodeAffinity.addedAffinity);
        const auto& required = nodeAffinity.addedAffinity->requiredDuringSchedulingIgnoredDuringExecution;
        QVERIFY(required);
        QCOMPARE(required->nodeSelectorTerms.size(), 1);
        QCOMPARE(required->nodeSelectorTerms[0].matchExpressions[0].values, QStringList {"batch"});
        QCOMPARE(nodeAffinity.addedAffinity->preferredDuringSchedulingIgnoredDuringExecution.size(), 1);
        QCOMPARE(nodeAffinity.addedAffinity->preferredDuringSchedulingIgnoredDuringExecution[0].weight, 5);
    }

    // A plugin enabled only at one extension point still gets defaulted args; one disabled everywhere
    // does not; the defaults are appended after the profile's own entries, sorted by name.
    void defaultArgsFollowEnabledPlugins()
    {
        const Profile profile = decode(R"(profiles:
- plugins:
    multiPoint:
      disabled: [{name: DefaultPreemption}, {name: VolumeBinding}]
    score:
      enabled: [{name: NodeResourcesFit, weight: 2}]
  pluginConfig:
  - name: PodTopologySpread
    args: {defaultingType: List}
  - name: PrioritySort
)")
                                    .profiles[0];
        QCOMPARE(configNames(profile),
                 (QStringList {"PodTopologySpread", "PrioritySort", "InterPodAffinity", "NodeAffinity",
                               "NodeResourcesBalancedAllocation", "NodeResourcesFit"}));
        QVERIFY(std::holds_alternative<std::monostate>(*profile.argsFor("PrioritySort")));
        QCOMPARE(profile.argsFor("VolumeBinding"), nullptr);
    }

    // scheduler-plugins' Coscheduling: out of the default profile; its args are defaulted like the
    // in-tree ones once it is enabled (SetDefaults_CoschedulingArgs: 60 and 0).
    void coschedulingArgs()
    {
        QVERIFY(!render(defaultPlugins().multiPoint).contains("Coscheduling"));
        const KubeSchedulerConfiguration defaults0 = defaultConfiguration();
        QCOMPARE(defaults0.profiles[0].argsFor("Coscheduling"), nullptr);

        const Profile enabled = decode(R"(profiles:
- plugins:
    multiPoint:
      enabled: [{name: Coscheduling}]
)")
                                    .profiles[0];
        const auto defaults = argsOf<CoschedulingArgs>(enabled, "Coscheduling");
        QVERIFY(std::holds_alternative<CoschedulingArgs>(*enabled.argsFor("Coscheduling")));
        QCOMPARE(defaults.permitWaitingTimeSeconds, 60);
        QCOMPARE(defaults.podGroupBackoffSeconds, 0);

        const Profile configured = decode(R"(profiles:
- plugins:
    multiPoint:
      enabled: [{name: Coscheduling}]
  pluginConfig:
  - name: Coscheduling
    args: {kind: CoschedulingArgs, podGroupBackoffSeconds: 30}
)")
                                       .profiles[0];
        const auto args = argsOf<CoschedulingArgs>(configured, "Coscheduling");
        QCOMPARE(args.permitWaitingTimeSeconds, 60);
        QCOMPARE(args.podGroupBackoffSeconds, 30);

        const Profile zero = decode(R"(profiles:
- pluginConfig:
  - name: Coscheduling
    args: {permitWaitingTimeSeconds: 0}
)")
                                 .profiles[0];
        QCOMPARE(argsOf<CoschedulingArgs>(zero, "Coscheduling").permitWaitingTimeSeconds, 0);
    }

    void multipleProfiles()
    {
        const KubeSchedulerConfiguration configuration = decode(R"(parallelism: 4
percentageOfNodesToScore: 30
podInitialBackoffSeconds: 2
podMaxBackoffSeconds: 20
profiles:
- schedulerName: default-scheduler
  pluginConfig:
  - name: InterPodAffinity
    args: {hardPodAffinityWeight: 10}
- schedulerName: bin-packing
  percentageOfNodesToScore: 100
  plugins:
    score:
      disabled: [{name: NodeResourcesBalancedAllocation}]
  pluginConfig:
  - name: NodeResourcesFit
    args: {scoringStrategy: {type: MostAllocated}}
)");
        QCOMPARE(configuration.parallelism, 4);
        QCOMPARE(configuration.percentageOfNodesToScore, 30);
        QCOMPARE(configuration.podInitialBackoffSeconds, 2);
        QCOMPARE(configuration.podMaxBackoffSeconds, 20);
        QCOMPARE(configuration.profiles.size(), 2);
        const Profile& first = configuration.profiles[0];
        const Profile& second = configuration.profiles[1];
        QCOMPARE(first.schedulerName, "default-scheduler");
        QCOMPARE(second.schedulerName, "bin-packing");
        QVERIFY(!first.percentageOfNodesToScore);
        QCOMPARE(second.percentageOfNodesToScore, 100);
        QCOMPARE(second.path, "profiles[1]");
        QCOMPARE(second.source.toString(), "sched.yaml:12:3");
        QCOMPARE(argsOf<InterPodAffinityArgs>(first, "InterPodAffinity").hardPodAffinityWeight, 10);
        QCOMPARE(argsOf<InterPodAffinityArgs>(second, "InterPodAffinity").hardPodAffinityWeight, 1);
        QCOMPARE(toString(argsOf<NodeResourcesFitArgs>(first, "NodeResourcesFit").scoringStrategy.type),
                 "LeastAllocated");
        const auto fit = argsOf<NodeResourcesFitArgs>(second, "NodeResourcesFit").scoringStrategy;
        QCOMPARE(toString(fit.type), "MostAllocated");
        QCOMPARE(fit.resources, (QList<ResourceSpec> {{"cpu", 1}, {"memory", 1}}));
        QCOMPARE(render(second.plugins.score), " | NodeResourcesBalancedAllocation");
        QCOMPARE(render(first.plugins.score), " | ");
    }

    void samples_data()
    {
        QTest::addColumn<QString>("file");
        const QDir dir(QStringLiteral(KSV_SAMPLES_DIR) + "/configs");
        const QStringList files = dir.entryList({"*.yaml"}, QDir::Files, QDir::Name);
        QCOMPARE(files, (QStringList {"coscheduling.yaml", "most-allocated.yaml", "two-profiles.yaml"}));
        for (const auto& file : files)
            QTest::newRow(qPrintable(file)) << dir.filePath(file);
    }
    void samples()
    {
        QFETCH(QString, file);
        try {
            const KubeSchedulerConfiguration configuration = loadSchedulerConfigFile(file).configuration();
            if (file.endsWith("coscheduling.yaml")) {
                QCOMPARE(configuration.profiles.size(), 1);
                const Profile& profile = configuration.profiles[0];
                QCOMPARE(render(profile.plugins.queueSort), "Coscheduling | *");
                QVERIFY(render(profile.plugins.multiPoint).contains("Coscheduling"));
                QCOMPARE(argsOf<CoschedulingArgs>(profile, "Coscheduling").permitWaitingTimeSeconds, 10);
            } else if (file.endsWith("most-allocated.yaml")) {
                QCOMPARE(configuration.profiles.size(), 1);
                const Profile& profile = configuration.profiles[0];
                QCOMPARE(render(profile.plugins.score), "NodeResourcesFit(5) | NodeResourcesBalancedAllocation");
                const auto fit = argsOf<NodeResourcesFitArgs>(profile, "NodeResourcesFit").scoringStrategy;
                QCOMPARE(toString(fit.type), "MostAllocated");
                QCOMPARE(fit.resources, (QList<ResourceSpec> {{"cpu", 1}, {"memory", 1}, {"nvidia.com/gpu", 3}}));
            } else {
                QCOMPARE(configuration.profiles.size(), 2);
                QCOMPARE(configuration.profiles[1].schedulerName, "no-scoring-scheduler");
                QCOMPARE(configuration.profiles[1].percentageOfNodesToScore, 20);
                QCOMPARE(render(configuration.profiles[1].plugins.score), " | *");
                QCOMPARE(render(configuration.profiles[1].plugins.preScore), " | *");
                const auto spread = argsOf<PodTopologySpreadArgs>(configuration.profiles[1], "PodTopologySpread");
                QCOMPARE(toString(spread.defaultingType), "List");
                QCOMPARE(spread.defaultConstraints.size(), 1);
                QCOMPARE(configuration.profiles[0].plugins, defaultPlugins());
            }
        } catch (const LoadError& error) {
            QFAIL(qPrintable(error.toString()));
        }
    }
};

QTEST_GUILESS_MAIN(TestConfig)
#include "tst_config.moc"
