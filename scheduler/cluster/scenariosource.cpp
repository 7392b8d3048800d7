#include "scenariosource.h"

namespace ksv {

ScenarioSource::ScenarioSource(std::shared_ptr<const Scenario> scenario)
    : m_scenario(std::move(scenario))
{
}

ScenarioSource::ScenarioSource(const Scenario& scenario)
    : m_scenario(&scenario, [](const Scenario*) {})
{
}

std::optional<VirtualNanos> ScenarioSource::nextChangeAt() const
{
    if (exhausted())
        return std::nullopt;
    return m_scenario->events[m_next].at;
}

ObjectChange ScenarioSource::takeChange()
{
    Q_ASSERT(!exhausted());
    return m_scenario->events[m_next++];
}

void ScenarioSource::forEachKnownChange(const std::function<void(const ObjectChange&)>& visit) const
{
    for (const ObjectChange& change : m_scenario->events)
        visit(change);
}

} // namespace ksv
