// SetDefaults for the configuration, its profiles and the plugin args (apis/config/v1/defaults.go,
// default_plugins.go), and the lookups that go with them.
#include "defaults.h"

#include "config.h"
#include "decode_extenders.h"

#include <QHash>
#include <QSet>

#include <algorithm>

namespace ksv::config {

QList<ResourceSpec> defaultResourceSpecs()
{
    return {ResourceSpec {QStringLiteral("cpu"), 1}, ResourceSpec {QStringLiteral("memory"), 1}};
}

QString toString(ScoringStrategyType type)
{
    switch (type) {
    case ScoringStrategyType::LeastAllocated:
        return QStringLiteral("LeastAllocated");
    case ScoringStrategyType::MostAllocated:
        return QStringLiteral("MostAllocated");
    case ScoringStrategyType::RequestedToCapacityRatio:
        return QStringLiteral("RequestedToCapacityRatio");
    }
    return {};
}

QString toString(PodTopologySpreadDefaulting defaulting)
{
    return defaulting == PodTopologySpreadDefaulting::System ? QStringLiteral("System") : QStringLiteral("List");
}

QString argsKindFor(const QString& plugin)
{
    // The Args kinds registered in the v1 scheme of kube-scheduler v1.32, and Coscheduling's, which
    // scheduler-plugins adds to that scheme.
    static const QStringList withArgs = {
        QStringLiteral("DefaultPreemption"), QStringLiteral("InterPodAffinity"),
        QStringLiteral("NodeAffinity"),      QStringLiteral("NodeResourcesBalancedAllocation"),
        QStringLiteral("NodeResourcesFit"),  QStringLiteral("PodTopologySpread"),
        QStringLiteral("VolumeBinding"),     QStringLiteral("Coscheduling"),
    };
    return withArgs.contains(plugin) ? plugin + QStringLiteral("Args") : QString();
}

PluginArgs defaultArgsFor(const QString& plugin)
{
    if (plugin == QLatin1String("DefaultPreemption"))
        return DefaultPreemptionArgs {};
    if (plugin == QLatin1String("InterPodAffinity"))
        return InterPodAffinityArgs {};
    if (plugin == QLatin1String("NodeAffinity"))
        return NodeAffinityArgs {};
    if (plugin == QLatin1String("NodeResourcesBalancedAllocation"))
        return NodeResourcesBalancedAllocationArgs {};
    if (plugin == QLatin1String("NodeResourcesFit"))
        return NodeResourcesFitArgs {};
    if (plugin == QLatin1String("PodTopologySpread"))
        return PodTopologySpreadArgs {};
    if (plugin == QLatin1String("VolumeBinding"))
        return VolumeBindingArgs {};
    if (plugin == QLatin1String("Coscheduling"))
        return CoschedulingArgs {};
    return std::monostate {};
}

const PluginArgs* Profile::argsFor(const QString& plugin) const
{
    for (const auto& config : pluginConfig) {
        if (config.name == plugin)
            return &config.args;
    }
    return nullptr;
}

Plugins defaultPlugins(const version::Features& features)
{
    const auto plugin = [](const char* name, int weight = 0) {
        return PluginRef {QString::fromLatin1(name), weight, {}, {}};
    };
    Plugins plugins;
    // v1.31+ list: the in-tree EBS, GCE PD and Azure Disk limits plugins are gone. DynamicResources would
    // go before DefaultPreemption, but its feature gate is off by default in v1.32.
    plugins.multiPoint.enabled = {
        plugin("SchedulingGates"),
        plugin("PrioritySort"),
        plugin("NodeUnschedulable"),
        plugin("NodeName"),
        plugin("TaintToleration", 3),
        plugin("NodeAffinity", 2),
        plugin("NodePorts"),
        plugin("NodeResourcesFit", 1),
        plugin("VolumeRestrictions"),
        plugin("NodeVolumeLimits"),
        plugin("VolumeBinding"),
        plugin("VolumeZone"),
        plugin("PodTopologySpread", 2),
        plugin("InterPodAffinity", 2),
        plugin("DefaultPreemption"),
        plugin("NodeResourcesBalancedAllocation", 1),
        plugin("ImageLocality", 1),
        plugin("DefaultBinder"),
    };
    // applyFeatureGates: DynamicResources goes just before DefaultPreemption. It has no Score in
    // v1.34, so no weight; from v1.35 it scores with weight 2.
    if (features.enableDynamicResourceAllocation) {
        auto& enabled = plugins.multiPoint.enabled;
        const auto preemption = std::find_if(enabled.begin(), enabled.end(),
                                             [](const PluginRef& ref) { return ref.name == QLatin1String("DefaultPreemption"); });
        enabled.insert(preemption, plugin("DynamicResources", features.version >= version::v1_35 ? 2 : 0));
    }
    return plugins;
}

PluginSet mergePluginSet(const PluginSet& defaults, const PluginSet& custom)
{
    PluginSet merged;
    QSet<QString> disabled;
    for (const auto* list : {&custom.disabled, &defaults.disabled}) {
        for (const auto& plugin : *list) {
            // Upstream keeps names only.
            merged.disabled.append(PluginRef {plugin.name, 0, plugin.source, plugin.path});
            disabled.insert(plugin.name);
        }
    }
    // A name enabled twice maps to its last entry, as upstream's map does.
    QHash<QString, qsizetype> customIndex;
    for (qsizetype i = 0; i < custom.enabled.size(); ++i)
        customIndex.insert(custom.enabled[i].name, i);
    QSet<qsizetype> replaced;
    if (!disabled.contains(QStringLiteral("*"))) {
        for (const auto& plugin : defaults.enabled) {
            if (disabled.contains(plugin.name))
                continue;
            if (const auto it = customIndex.constFind(plugin.name); it != customIndex.cend()) {
                merged.enabled.append(custom.enabled[*it]);
                replaced.insert(*it);
            } else {
                merged.enabled.append(plugin);
            }
        }
    }
    for (qsizetype i = 0; i < custom.enabled.size(); ++i) {
        if (!replaced.contains(i))
            merged.enabled.append(custom.enabled[i]);
    }
    return merged;
}

Plugins mergePlugins(const Plugins& defaults, const Plugins& custom)
{
    Plugins merged;
    for (const auto& point : extensionPoints)
        merged.*point.set = mergePluginSet(defaults.*point.set, custom.*point.set);
    return merged;
}

void setProfileDefaults(Profile& profile, const Plugins& custom, const version::Features& features)
{
    profile.custom = custom;
    profile.plugins = mergePlugins(defaultPlugins(features), custom);
    // Every plugin enabled anywhere that has an Args type and no pluginConfig gets defaulted args,
    // appended in name order (upstream walks a sorted set of names).
    QStringList names;
    for (const auto& point : extensionPoints) {
        for (const auto& plugin : (profile.plugins.*point.set).enabled)
            names.append(plugin.name);
    }
    std::sort(names.begin(), names.end());
    names.erase(std::unique(names.begin(), names.end()), names.end());
    for (const auto& name : names) {
        if (profile.argsFor(name) || argsKindFor(name).isEmpty())
            continue;
        profile.pluginConfig.append(PluginConfig {name, defaultArgsFor(name), {}, {}});
    }
}

KubeSchedulerConfiguration defaultConfiguration(const version::Features& features)
{
    KubeSchedulerConfiguration configuration;
    configuration.features = features;
    Profile profile;
    profile.schedulerName = defaultSchedulerName;
    profile.path = QStringLiteral("profiles[0]");
    setProfileDefaults(profile, Plugins {}, features);
    configuration.profiles.append(profile);
    return configuration;
}

void applyFeatures(KubeSchedulerConfiguration& configuration, const version::Features& features)
{
    configuration.features = features;
    for (Profile& profile : configuration.profiles) {
        // The entries defaulting added have no place in the file; those the profile wrote stay.
        profile.pluginConfig.removeIf([](const PluginConfig& config) { return config.path.isEmpty() && !config.source.isValid(); });
        setProfileDefaults(profile, profile.custom, features);
    }
    // The extenders' ignoredByScheduler resources go into NodeResourcesFit's args again, as the
    // decoder put them there (buildExtenders), defaulted entry or not.
    const QStringList ignored = extenderIgnoredResources(configuration);
    if (ignored.isEmpty())
        return;
    for (Profile& profile : configuration.profiles) {
        for (PluginConfig& config : profile.pluginConfig) {
            if (auto* args = std::get_if<NodeResourcesFitArgs>(&config.args); args && config.name == QLatin1String("NodeResourcesFit"))
                args->ignoredResources = ignored;
        }
    }
}

} // namespace ksv::config
