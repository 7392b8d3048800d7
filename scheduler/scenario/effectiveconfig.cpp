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

} // namespace ksv
