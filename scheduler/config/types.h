#pragma once

// KubeSchedulerConfiguration (kubescheduler.config.k8s.io/v1, staging/src/k8s.io/kube-scheduler/config/v1/
// types.go) as the scheduler runs with it: decoded, defaulted (apis/config/v1/defaults.go) and validated.
// Only the fields the simulation uses are kept; leaderElection, clientConnection, profiling and extenders
// are read, checked and dropped.

#include "api/objects.h"
#include "args.h"
#include "version/features.h"

#include <QByteArray>
#include <QLatin1String>
#include <QList>
#include <QString>

#include <array>

namespace ksv::config {

// v1.Plugin. `source` and `path` say where the entry was written ("profiles[0].plugins.score.enabled[1]",
// with the document's own prefix such as "spec.schedulerConfig." when inline); both are empty for entries
// that come from the default plugins.
struct PluginRef
{
    QString name;
    int weight = 0; // as given; 0 (unset) becomes 1 for score plugins in the framework
    SourceLocation source;
    QString path;
    friend bool operator==(const PluginRef&, const PluginRef&) = default;
};

// v1.PluginSet. A disabled name "*" disables every default plugin of the extension point.
struct PluginSet
{
    QList<PluginRef> enabled;
    QList<PluginRef> disabled;
    friend bool operator==(const PluginSet&, const PluginSet&) = default;
};

struct Plugins
{
    PluginSet preEnqueue, queueSort, preFilter, filter, postFilter, preScore, score, reserve, permit, preBind, bind,
        postBind, multiPoint;
    friend bool operator==(const Plugins&, const Plugins&) = default;
};

// The extension points by their YAML names, in the order of v1.Plugins.
struct ExtensionPoint
{
    QLatin1String name;
    PluginSet Plugins::*set;
};
inline constexpr std::array<ExtensionPoint, 13> extensionPoints = {{
    {QLatin1String("preEnqueue"), &Plugins::preEnqueue},
    {QLatin1String("queueSort"), &Plugins::queueSort},
    {QLatin1String("preFilter"), &Plugins::preFilter},
    {QLatin1String("filter"), &Plugins::filter},
    {QLatin1String("postFilter"), &Plugins::postFilter},
    {QLatin1String("preScore"), &Plugins::preScore},
    {QLatin1String("score"), &Plugins::score},
    {QLatin1String("reserve"), &Plugins::reserve},
    {QLatin1String("permit"), &Plugins::permit},
    {QLatin1String("preBind"), &Plugins::preBind},
    {QLatin1String("bind"), &Plugins::bind},
    {QLatin1String("postBind"), &Plugins::postBind},
    {QLatin1String("multiPoint"), &Plugins::multiPoint},
}};

// v1.PluginConfig. After defaulting every plugin with an Args type that a profile enables has one;
// `source` and `path` are empty for those added by defaulting.
struct PluginConfig
{
    QString name;
    PluginArgs args;
    SourceLocation source;
    QString path;
    friend bool operator==(const PluginConfig&, const PluginConfig&) = default;
};

// v1.KubeSchedulerProfile.
struct Profile
{
    QString schedulerName;
    std::optional<int> percentageOfNodesToScore; // overrides the global value when set
    Plugins plugins; // defaults merged with the profile's own (mergePlugins)
    Plugins custom;  // the profile's own plugins, as written: merged again for another version (applyFeatures)
    QList<PluginConfig> pluginConfig;
    SourceLocation source;
    QString path; // "profiles[0]", with the document's prefix

    // The args configured (or defaulted) for `plugin`, or nullptr when it has none.
    const PluginArgs* argsFor(const QString& plugin) const;
    friend bool operator==(const Profile&, const Profile&) = default;
};

inline constexpr int defaultParallelism = 16;

// extenders[] of KubeSchedulerConfiguration v1 (kube-scheduler/config/v1 Extender): HTTP services
// the scheduler calls. Decoded, validated and kept; kschedviz does not call them yet (issue 21).
struct ExtenderManagedResource
{
    QString name;
    bool ignoredByScheduler = false;
    friend bool operator==(const ExtenderManagedResource&, const ExtenderManagedResource&) = default;
};

struct ExtenderTLSConfig
{
    bool insecure = false;
    QString serverName;
    QString certFile;
    QString keyFile;
    QString caFile;
    QByteArray certData; // base64 in the file; the *Data fields win over the *File ones
    QByteArray keyData;
    QByteArray caData;
    friend bool operator==(const ExtenderTLSConfig&, const ExtenderTLSConfig&) = default;
};

struct Extender
{
    QString urlPrefix;
    QString filterVerb;
    QString preemptVerb;
    QString prioritizeVerb;
    qint64 weight = 0; // not defaulted upstream: 0 unless given
    QString bindVerb;
    bool enableHTTPS = false;
    std::optional<ExtenderTLSConfig> tlsConfig;
    qint64 httpTimeoutNanos = 0; // 0: 5 s (DefaultExtenderTimeout) when the client is built
    bool nodeCacheCapable = false;
    QList<ExtenderManagedResource> managedResources;
    bool ignorable = false;
    SourceLocation source;
    friend bool operator==(const Extender&, const Extender&) = default;
};

struct KubeSchedulerConfiguration
{
    int parallelism = defaultParallelism;
    int percentageOfNodesToScore = 0; // 0: adaptive, 50 - nodes/125 percent, at least 5
    qint64 podInitialBackoffSeconds = 1;
    qint64 podMaxBackoffSeconds = 10;
    QList<Profile> profiles;
    QList<Extender> extenders;
    SourceLocation source;
    // The Kubernetes version and gates the profiles were defaulted for (applyFeatures), and which the
    // engine runs: plugins, the queue and the loop read their settings from here.
    version::Features features;
    friend bool operator==(const KubeSchedulerConfiguration&, const KubeSchedulerConfiguration&) = default;
};

} // namespace ksv::config
