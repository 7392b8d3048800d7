#pragma once

// A scenario file's cluster: its objects at t=0, then its `events` in time order (file order for
// equal times).

#include "clustersource.h"

#include <memory>

namespace ksv {

class ScenarioSource final : public ClusterSource
{
public:
    explicit ScenarioSource(std::shared_ptr<const Scenario> scenario);
    // For callers that keep the scenario alive themselves (the command line, tests).
    explicit ScenarioSource(const Scenario& scenario);

    const ClusterState& initialState() const override { return m_scenario->initial; }
    std::optional<VirtualNanos> nextChangeAt() const override;
    ObjectChange takeChange() override;
    bool exhausted() const override { return m_next >= m_scenario->events.size(); }
    void forEachKnownChange(const std::function<void(const ObjectChange&)>& visit) const override;

private:
    std::shared_ptr<const Scenario> m_scenario;
    qsizetype m_next = 0;
};

} // namespace ksv
