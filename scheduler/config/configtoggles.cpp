#include "configtoggles.h"

#include "config.h"
#include "scenario/yamldocuments.h"

#include <yaml-cpp/yaml.h>

namespace ksv::config {

namespace {

YAML::Node parse(const QByteArray& text, const QString& fileName)
{
    const std::vector<YAML::Node> documents = parseYamlDocuments(text, fileName);
    for (const YAML::Node& document : documents) {
        if (document.IsMap())
            return YAML::Clone(document);
    }
    throw LoadError({fileName, 1, 1}, {}, QStringLiteral("expected a KubeSchedulerConfiguration mapping"));
}

QByteArray emit(const YAML::Node& document)
{
    YAML::Emitter out;
    out.SetIndent(2);
    out << document;
    QByteArray text(out.c_str(), static_cast<qsizetype>(out.size()));
    text.append('\n');
    return text;
}

std::string utf8(const QString& text)
{
    return text.toStdString();
}

// yaml-cpp's non-const operator[] inserts a null value for a key it does not find, and assigning one
// Node to another rewrites what the first referred to. Lookups here are const, and a node is pointed
// elsewhere with reset(), so that reading never changes the document.
// A missing key gives an Undefined node, never yaml-cpp's invalid one (whose every query throws).
YAML::Node existing(const YAML::Node& node, const char* key)
{
    if (!node.IsDefined() || !node.IsMap())
        return YAML::Node(YAML::NodeType::Undefined);
    const YAML::Node found = node[key];
    return found.IsDefined() ? found : YAML::Node(YAML::NodeType::Undefined);
}

YAML::Node ensure(YAML::Node parent, const char* key, YAML::NodeType::value type)
{
    const YAML::Node found = existing(parent, key);
    if (found.Type() == type)
        return found;
    parent[key] = YAML::Node(type);
    return existing(parent, key);
}

bool isNamed(const YAML::Node& entry, const QString& name)
{
    const YAML::Node own = existing(entry, "name");
    return own.IsScalar() && QString::fromStdString(own.Scalar()) == name;
}

// The profile named `name`, created when the text has none of that name.
YAML::Node profileNode(YAML::Node document, const QString& name)
{
    const YAML::Node profiles = ensure(document, "profiles", YAML::NodeType::Sequence);
    const QString wanted = name.isEmpty() ? QStringLiteral("default-scheduler") : name;
    for (std::size_t i = 0; i < profiles.size(); ++i) {
        const YAML::Node scheduler = existing(profiles[i], "schedulerName");
        const QString own = scheduler.IsScalar() ? QString::fromStdString(scheduler.Scalar()) : QStringLiteral("default-scheduler");
        if (own == wanted)
            return profiles[i];
    }
    YAML::Node profile(YAML::NodeType::Map);
    profile["schedulerName"] = utf8(wanted);
    YAML::Node list = profiles;
    list.push_back(profile);
    return profiles[profiles.size() - 1];
}

// plugins.<point>.<list> of a profile, created when absent.
YAML::Node pluginList(YAML::Node profile, const char* point, const char* list)
{
    YAML::Node plugins = ensure(profile, "plugins", YAML::NodeType::Map);
    YAML::Node set = ensure(plugins, point, YAML::NodeType::Map);
    return ensure(set, list, YAML::NodeType::Sequence);
}

// Removes the entries named `plugin` from plugins.<point>.<list>, if there is such a list.
void removeNamed(const YAML::Node& profile, const char* point, const char* list, const QString& plugin)
{
    YAML::Node entries = existing(existing(existing(profile, "plugins"), point), list);
    if (!entries.IsSequence())
        return;
    YAML::Node kept(YAML::NodeType::Sequence);
    bool removed = false;
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const YAML::Node entry = static_cast<const YAML::Node&>(entries)[i];
        if (isNamed(entry, plugin))
            removed = true;
        else
            kept.push_back(entry);
    }
    if (removed) {
        YAML::Node set = existing(existing(profile, "plugins"), point);
        set[list] = kept;
    }
}

// The text does not say which version it will run under, so a plugin counts as default if any modelled
// version has it by default: the newest list holds every older one's plugins (it only gained
// DynamicResources), and disabling a name a version lacks changes nothing there.
const Plugins& defaultsOfAnyVersion()
{
    static const Plugins plugins = defaultPlugins(version::defaultFeatures(version::modelledVersions.back()));
    return plugins;
}

bool isDefault(const QString& plugin)
{
    for (const PluginRef& ref : defaultsOfAnyVersion().multiPoint.enabled) {
        if (ref.name == plugin)
            return true;
    }
    return false;
}

// Whether a default plugin extends `point`, for the two points a profile switches off with "*" to stop
// scoring (the "no scoring" profile of the Kubernetes docs): score, for the defaults with a weight, and
// preScore, for those of them with a PreScore in v1.32 (ImageLocality has none).
bool pointHasPlugin(const ExtensionPoint& point, const QString& plugin)
{
    int weight = 0;
    for (const PluginRef& ref : defaultsOfAnyVersion().multiPoint.enabled) {
        if (ref.name == plugin)
            weight = ref.weight;
    }
    if (point.name == QLatin1String("score"))
        return weight > 0;
    if (point.name == QLatin1String("preScore"))
        return weight > 0 && plugin != QLatin1String("ImageLocality");
    return false;
}

} // namespace

QByteArray setPercentageOfNodesToScore(const QByteArray& text, const QString& profile, int percentage, const QString& fileName)
{
    YAML::Node document = parse(text, fileName);
    YAML::Node target = document;
    const YAML::Node profiles = existing(document, "profiles");
    for (std::size_t i = 0; profiles.IsSequence() && i < profiles.size(); ++i) {
        const YAML::Node scheduler = existing(profiles[i], "schedulerName");
        const QString own = scheduler.IsScalar() ? QString::fromStdString(scheduler.Scalar()) : QStringLiteral("default-scheduler");
        if (own == profile && existing(profiles[i], "percentageOfNodesToScore").IsDefined())
            target.reset(profiles[i]);
    }
    // On a profile 0 is said, not left out: a profile without the key takes the global value, and
    // an explicit 0 is adaptive there.
    if (percentage <= 0 && target == document)
        target.remove("percentageOfNodesToScore");
    else
        target["percentageOfNodesToScore"] = std::max(percentage, 0);
    return emit(document);
}

QByteArray setScoringStrategy(const QByteArray& text, const QString& profile, ScoringStrategyType type, const QString& fileName)
{
    YAML::Node document = parse(text, fileName);
    YAML::Node own = profileNode(document, profile);
    YAML::Node configs = ensure(own, "pluginConfig", YAML::NodeType::Sequence);
    YAML::Node fit(YAML::NodeType::Undefined);
    for (std::size_t i = 0; i < configs.size(); ++i) {
        if (isNamed(static_cast<const YAML::Node&>(configs)[i], QStringLiteral("NodeResourcesFit")))
            fit.reset(static_cast<const YAML::Node&>(configs)[i]);
    }
    if (!fit.IsMap()) {
        YAML::Node entry(YAML::NodeType::Map);
        entry["name"] = "NodeResourcesFit";
        configs.push_back(entry);
        fit.reset(static_cast<const YAML::Node&>(configs)[configs.size() - 1]);
    }
    YAML::Node args = ensure(fit, "args", YAML::NodeType::Map);
    YAML::Node strategy = ensure(args, "scoringStrategy", YAML::NodeType::Map);
    strategy["type"] = utf8(toString(type));
    // RequestedToCapacityRatio needs a shape (validation refuses it without one): upstream's example,
    // score rising with utilisation, unless one is there already.
    if (type == ScoringStrategyType::RequestedToCapacityRatio && !existing(existing(strategy, "requestedToCapacityRatio"), "shape").IsSequence()) {
        YAML::Node shape(YAML::NodeType::Sequence);
        for (const auto& [utilization, score] : {std::pair {0, 0}, std::pair {100, 10}}) {
            YAML::Node point(YAML::NodeType::Map);
            point["utilization"] = utilization;
            point["score"] = score;
            point.SetStyle(YAML::EmitterStyle::Flow);
            shape.push_back(point);
        }
        YAML::Node ratio = ensure(strategy, "requestedToCapacityRatio", YAML::NodeType::Map);
        ratio["shape"] = shape;
    }
    return emit(document);
}

QByteArray setPluginEnabled(const QByteArray& text, const QString& profile, const QString& plugin, bool enabled, const QString& fileName)
{
    YAML::Node document = parse(text, fileName);
    YAML::Node own = profileNode(document, profile);
    for (const ExtensionPoint& point : extensionPoints)
        removeNamed(own, point.name.data(), enabled ? "disabled" : "enabled", plugin);
    // Enabled: out of every disabled list, and enabled where the defaults are when it is not a default
    // or when the profile disables every default ("*"). Disabled: out of every enabled list, and in
    // multiPoint's disabled.
    // A "*" disables every default of its extension point: enabling a default there takes an entry
    // in that point's enabled list.
    if (enabled && isDefault(plugin)) {
        for (const ExtensionPoint& point : extensionPoints) {
            if (point.name == QLatin1String("multiPoint"))
                continue; // below
            const YAML::Node disabled = existing(existing(existing(own, "plugins"), point.name.data()), "disabled");
            bool all = false;
            for (std::size_t i = 0; disabled.IsSequence() && i < disabled.size(); ++i)
                all = all || isNamed(disabled[i], QStringLiteral("*"));
            if (all && pointHasPlugin(point, plugin)) {
                YAML::Node entry(YAML::NodeType::Map);
                entry["name"] = utf8(plugin);
                pluginList(own, point.name.data(), "enabled").push_back(entry);
            }
        }
    }
    bool allDefaultsOff = false;
    const YAML::Node disabledAll = existing(existing(existing(own, "plugins"), "multiPoint"), "disabled");
    for (std::size_t i = 0; disabledAll.IsSequence() && i < disabledAll.size(); ++i)
        allDefaultsOff = allDefaultsOff || isNamed(disabledAll[i], QStringLiteral("*"));
    if (!enabled || !isDefault(plugin) || allDefaultsOff) {
        YAML::Node entry(YAML::NodeType::Map);
        entry["name"] = utf8(plugin);
        pluginList(own, "multiPoint", enabled ? "enabled" : "disabled").push_back(entry);
    }
    return emit(document);
}

QByteArray setPluginWeight(const QByteArray& text, const QString& profile, const QString& plugin, int weight, const QString& fileName)
{
    YAML::Node document = parse(text, fileName);
    YAML::Node own = profileNode(document, profile);
    // An entry already enabling it (at score or multiPoint) gets the weight; else a multiPoint entry,
    // which replaces the default's in place.
    bool set = false;
    for (const char* point : {"score", "multiPoint"}) {
        const YAML::Node list = existing(existing(existing(own, "plugins"), point), "enabled");
        if (!list.IsSequence())
            continue;
        for (std::size_t i = 0; i < list.size(); ++i) {
            YAML::Node entry = list[i];
            if (isNamed(entry, plugin)) {
                entry["weight"] = weight;
                set = true;
            }
        }
    }
    if (!set) {
        YAML::Node entry(YAML::NodeType::Map);
        entry["name"] = utf8(plugin);
        entry["weight"] = weight;
        pluginList(own, "multiPoint", "enabled").push_back(entry);
    }
    return emit(document);
}

} // namespace ksv::config
