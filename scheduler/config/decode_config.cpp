// Strict decoding of kubescheduler.config.k8s.io/v1 KubeSchedulerConfiguration, then defaulting and
// validation: what cmd/kube-scheduler/app/options/configfile.go (loadConfig) and Options.Validate do.
#include "config.h"
#include "decode_args.h"
#include "defaults.h"
#include "decode_extenders.h"
#include "validation.h"

#include <QRegularExpression>

#include <limits>
#include <optional>

namespace ksv::config {

namespace {

QString joinPath(const QString& prefix, const QString& path)
{
    return prefix.isEmpty() ? path : prefix + QLatin1Char('.') + path;
}

void rejectUnknown(const YamlField& field, const char* type, const QStringList& known)
{
    field.rejectUnknownKeys(known,
                            QStringLiteral("unknown field; ") + QLatin1String(type) + QStringLiteral(" has ")
                                + known.join(QStringLiteral(", ")));
}

void checkBool(const YamlField& field)
{
    if (field.isDefined())
        field.toBool();
}

PluginRef decodePluginRef(const YamlField& field)
{
    rejectUnknown(field, "a plugin", {QStringLiteral("name"), QStringLiteral("weight")});
    PluginRef plugin;
    plugin.name = field.stringOr("name");
    if (const YamlField weight = field["weight"]; weight.isDefined())
        plugin.weight = decodeInt32(weight);
    plugin.source = field.location();
    plugin.path = field.path();
    return plugin;
}

Plugins decodePlugins(const YamlField& field)
{
    QStringList points;
    for (const auto& point : extensionPoints)
        points.append(point.name);
    rejectUnknown(field, "plugins", points);
    Plugins plugins;
    for (const auto& point : extensionPoints) {
        const YamlField set = field[point.name.data()];
        rejectUnknown(set, "a plugin set", {QStringLiteral("enabled"), QStringLiteral("disabled")});
        (plugins.*point.set).enabled = set["enabled"].list<PluginRef>(decodePluginRef);
        (plugins.*point.set).disabled = set["disabled"].list<PluginRef>(decodePluginRef);
    }
    return plugins;
}

PluginConfig decodePluginConfig(const YamlField& entry)
{
    rejectUnknown(entry, "a pluginConfig entry", {QStringLiteral("name"), QStringLiteral("args")});
    PluginConfig config;
    config.name = entry.stringOr("name");
    config.source = entry.location();
    config.path = entry.path();
    const YamlField args = entry["args"];
    if (!argsKindFor(config.name).isEmpty()) {
        config.args = decodePluginArgs(config.name, args);
    } else if (args.isDefined()) {
        // Upstream keeps unknown args as raw bytes for out-of-tree plugins; kschedviz has none, so
        // args here can only be a mistake.
        entry["name"].fail(
            field::invalid({}, field::quote(config.name), QStringLiteral("no such plugin has arguments")).message);
    }
    return config;
}

struct DecodedProfile
{
    Profile profile;
    bool hasSchedulerName = false; // a nil name is defaulted, an empty one is refused
    Plugins custom;
};

DecodedProfile decodeProfile(const YamlField& field)
{
    rejectUnknown(field, "a profile",
                  {QStringLiteral("schedulerName"), QStringLiteral("percentageOfNodesToScore"),
                   QStringLiteral("plugins"), QStringLiteral("pluginConfig")});
    DecodedProfile decoded;
    Profile& profile = decoded.profile;
    profile.source = field.location();
    profile.path = field.path();
    if (const YamlField name = field["schedulerName"]; name.isDefined()) {
        profile.schedulerName = name.toString();
        decoded.hasSchedulerName = true;
    }
    if (const YamlField percentage = field["percentageOfNodesToScore"]; percentage.isDefined())
        profile.percentageOfNodesToScore = decodeInt32(percentage);
    decoded.custom = decodePlugins(field["plugins"]);
    profile.pluginConfig = field["pluginConfig"].list<PluginConfig>(decodePluginConfig);
    return decoded;
}

// Reads the fields kube-scheduler has and the simulation does not use, for their types only.
void checkUnusedFields(const YamlField& document)
{
    const YamlField clientConnection = document["clientConnection"];
    rejectUnknown(clientConnection, "clientConnection",
                  {QStringLiteral("kubeconfig"), QStringLiteral("acceptContentTypes"), QStringLiteral("contentType"),
                   QStringLiteral("qps"), QStringLiteral("burst")});
    for (const char* key : {"kubeconfig", "acceptContentTypes", "contentType", "qps"})
        clientConnection[key].toString();
    if (const YamlField burst = clientConnection["burst"]; burst.isDefined())
        decodeInt32(burst);
    checkBool(document["enableProfiling"]);
    checkBool(document["enableContentionProfiling"]);
    checkBool(document["delayCacheUntilActive"]);
}

// leaderElection: only resourceLock is checked (ValidateKubeSchedulerConfiguration's own rule); leader
// election is meaningless for a simulation.
void checkLeaderElection(const YamlField& document)
{
    const YamlField election = document["leaderElection"];
    rejectUnknown(election, "leaderElection",
                  {QStringLiteral("leaderElect"), QStringLiteral("leaseDuration"), QStringLiteral("renewDeadline"),
                   QStringLiteral("retryPeriod"), QStringLiteral("resourceLock"), QStringLiteral("resourceName"),
                   QStringLiteral("resourceNamespace")});
    for (const char* key : {"leaseDuration", "renewDeadline", "retryPeriod", "resourceName", "resourceNamespace"})
        election[key].toString();
    // RecommendedDefaultLeaderElectionConfiguration turns leader election on when unset.
    const bool leaderElect = !election["leaderElect"].isDefined() || election["leaderElect"].toBool();
    const YamlField lock = election["resourceLock"];
    const QString resourceLock = lock.toString().isEmpty() ? QStringLiteral("leases") : lock.toString();
    if (leaderElect && resourceLock != QLatin1String("leases"))
        lock.fail(
            field::invalid({}, field::quote(resourceLock), QStringLiteral("resourceLock value must be \"leases\""))
                .message);
}

// Where a validation error's field is in the document: the deepest part of `path` that exists.
SourceLocation locate(const YamlField& document, const QString& path)
{
    static const QRegularExpression token(QStringLiteral("([^.\\[\\]]+)|\\[(\\d+)\\]"));
    // YamlField is not assignable (yaml-cpp nodes assign through to the document), hence emplace.
    std::optional<YamlField> current(document);
    for (auto it = token.globalMatch(path); it.hasNext();) {
        const auto match = it.next();
        if (!match.captured(1).isEmpty()) {
            if (!current->isMap())
                break;
            const YamlField next = (*current)[match.captured(1).toUtf8().constData()];
            if (!next.isDefined())
                break;
            current.emplace(next);
        } else {
            if (!current->isSequence())
                break;
            const auto items = current->elements();
            const qsizetype i = match.captured(2).toLongLong();
            if (i >= items.size())
                break;
            current.emplace(items[i]);
        }
    }
    return current->location();
}

} // namespace

KubeSchedulerConfiguration decodeConfiguration(const YamlField& document)
{
    if (!document.isMap())
        document.fail(QStringLiteral("expected a KubeSchedulerConfiguration mapping, found ") + document.describe());
    static const QStringList known = {QStringLiteral("apiVersion"),
                                      QStringLiteral("kind"),
                                      QStringLiteral("parallelism"),
                                      QStringLiteral("leaderElection"),
                                      QStringLiteral("clientConnection"),
                                      QStringLiteral("enableProfiling"),
                                      QStringLiteral("enableContentionProfiling"),
                                      QStringLiteral("percentageOfNodesToScore"),
                                      QStringLiteral("podInitialBackoffSeconds"),
                                      QStringLiteral("podMaxBackoffSeconds"),
                                      QStringLiteral("profiles"),
                                      QStringLiteral("extenders"),
                                      QStringLiteral("delayCacheUntilActive")};
    QStringList present;
    for (const auto& entry : document.entries())
        present.append(entry.first);
    for (const QString& key : present) {
        if (known.contains(key))
            continue;
        const bool removed = key == QLatin1String("healthzBindAddress") || key == QLatin1String("metricsBindAddress");
        // Every other key counts as known, so that the error points at this one.
        QStringList others = present;
        others.removeAll(key);
        document.rejectUnknownKeys(others,
                                   removed ? QStringLiteral("unknown field; it was removed from the configuration API "
                                                            "in kubescheduler.config.k8s.io/v1beta3")
                                           : QStringLiteral("unknown field; a KubeSchedulerConfiguration has ")
                                           + known.join(QStringLiteral(", ")));
    }
    const YamlField apiVersion = document["apiVersion"];
    if (apiVersion.toString() != apiVersionV1) {
        apiVersion.fail(QStringLiteral("expected ") + apiVersionV1 + QStringLiteral(", found ") + apiVersion.describe()
                        + QStringLiteral(" (kube-scheduler v1.32 reads no other version)"));
    }
    const YamlField kind = document["kind"];
    if (kind.toString() != configurationKind)
        kind.fail(QStringLiteral("expected ") + configurationKind + QStringLiteral(", found ") + kind.describe());

    KubeSchedulerConfiguration configuration;
    configuration.source = document.location();
    if (const YamlField parallelism = document["parallelism"]; parallelism.isDefined())
        configuration.parallelism = decodeInt32(parallelism);
    if (const YamlField percentage = document["percentageOfNodesToScore"]; percentage.isDefined())
        configuration.percentageOfNodesToScore = decodeInt32(percentage);
    const qint64 minInt64 = std::numeric_limits<qint64>::min();
    const qint64 maxInt64 = std::numeric_limits<qint64>::max();
    if (const YamlField initial = document["podInitialBackoffSeconds"]; initial.isDefined())
        configuration.podInitialBackoffSeconds = initial.toInt(minInt64, maxInt64);
    if (const YamlField max = document["podMaxBackoffSeconds"]; max.isDefined())
        configuration.podMaxBackoffSeconds = max.toInt(minInt64, maxInt64);
    checkUnusedFields(document);
    QList<DecodedProfile> decoded = document["profiles"].list<DecodedProfile>(decodeProfile);

    // SetDefaults_KubeSchedulerConfiguration.
    if (decoded.isEmpty()) {
        DecodedProfile empty;
        empty.profile.source = document.location();
        empty.profile.path = joinPath(document.path(), QStringLiteral("profiles[0]"));
        decoded.append(empty);
    }
    if (decoded.size() == 1 && !decoded[0].hasSchedulerName)
        decoded[0].profile.schedulerName = defaultSchedulerName;
    for (auto& profile : decoded) {
        setProfileDefaults(profile.profile, profile.custom);
        configuration.profiles.append(profile.profile);
    }

    configuration.extenders = decodeExtenders(document["extenders"]);
    checkLeaderElection(document);
    const QList<FieldError> errors = validateConfiguration(configuration);
    if (!errors.isEmpty()) {
        const FieldError& first = errors.constFirst();
        throw LoadError(locate(document, first.yamlPath.isEmpty() ? first.path : first.yamlPath),
                        joinPath(document.path(), first.path), first.message);
    }
    applyExtenderIgnoredResources(configuration, document);
    return configuration;
}

} // namespace ksv::config
