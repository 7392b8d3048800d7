#include "effectiveconfig.h"

#include "config/config.h"
#include "config/defaults.h"
#include "loader.h"

namespace ksv {

std::optional<SchedulerConfigSource> effectiveConfigSource(const Scenario& scenario, const QString& overridePath)
{
    if (!overridePath.isEmpty())
        return loadSchedulerConfigFile(overridePath);
    return scenario.schedulerConfig;
}

namespace {

version::KubeVersion runVersion(const Scenario& scenario, const VersionChoice& choice)
{
    return choice.version.value_or(scenario.kubernetesVersion.value_or(version::defaultVersion));
}

} // namespace

version::Features runFeatures(const Scenario& scenario, const VersionChoice& choice)
{
    return version::resolveFeatures(runVersion(scenario, choice), scenario.featureGates + choice.gates);
}

QString versionWarning(const Scenario& scenario, const VersionChoice& choice)
{
    return version::partialModelWarning(runVersion(scenario, choice), scenario.featureGates + choice.gates);
}

config::KubeSchedulerConfiguration effectiveConfiguration(const Scenario& scenario, const QString& overridePath, const VersionChoice& choice)
{
    const version::Features features = runFeatures(scenario, choice);
    const std::optional<SchedulerConfigSource> source = effectiveConfigSource(scenario, overridePath);
    if (!source)
        return config::defaultConfiguration(features);
    config::KubeSchedulerConfiguration configuration = source->configuration();
    // Decoding defaulted it for v1.32; another version's defaults replace those.
    if (configuration.features != features)
        config::applyFeatures(configuration, features);
    return configuration;
}

QString extenderWarning(const config::KubeSchedulerConfiguration& configuration)
{
    if (configuration.extenders.isEmpty())
        return {};
    QStringList urls;
    for (const config::Extender& extender : configuration.extenders)
        urls.append(extender.urlPrefix.isEmpty() ? QStringLiteral("(no urlPrefix)") : extender.urlPrefix);
    const config::Extender& first = configuration.extenders.constFirst();
    return first.source.toString() + QStringLiteral(": extenders: the configuration has %1 extender%2 (%3), which this command does not "
                                                     "call (run, explain, compare and the app do): its verdicts and scores are those of kube-scheduler without them")
                                         .arg(configuration.extenders.size())
                                         .arg(configuration.extenders.size() == 1 ? QString() : QStringLiteral("s"))
                                         .arg(urls.join(QStringLiteral(", ")));
}

} // namespace ksv
