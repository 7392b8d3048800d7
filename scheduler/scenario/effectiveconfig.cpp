#include "effectiveconfig.h"

#include "config/config.h"
#include "loader.h"

namespace ksv {

std::optional<SchedulerConfigSource> effectiveConfigSource(const Scenario& scenario, const QString& overridePath)
{
    if (!overridePath.isEmpty())
        return loadSchedulerConfigFile(overridePath);
    return scenario.schedulerConfig;
}

config::KubeSchedulerConfiguration effectiveConfiguration(const Scenario& scenario, const QString& overridePath)
{
    const std::optional<SchedulerConfigSource> source = effectiveConfigSource(scenario, overridePath);
    return source ? source->configuration() : config::defaultConfiguration();
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
