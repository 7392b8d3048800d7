#pragma once

// Where the engine's cluster comes from. The engine lists the source's initial state as the
// informers' first list, then takes its changes one at a time, each at its virtual time, and keeps
// them in the run's object log. A scenario file is one source (ScenarioSource); a recorded or live
// watch stream is another, whose changes arrive while the engine runs. See docs/architecture.md.

#include "scenario/scenario.h"

#include <functional>
#include <optional>

namespace ksv {

class ClusterSource
{
public:
    virtual ~ClusterSource() = default;

    // The cluster when the run starts.
    virtual const ClusterState& initialState() const = 0;
    // When the next change happens, if one is there to take now. A live source can have none now
    // and more later; the engine asks again after each step. A change stamped before the engine's
    // clock is applied at the engine's time (it cannot happen in the past).
    virtual std::optional<VirtualNanos> nextChangeAt() const = 0;
    // Hands over the change nextChangeAt() announced.
    virtual ObjectChange takeChange() = 0;
    // True once no change will ever come: a file's last change taken, a recording's end, a watch
    // closed for good. A run is not over while its source may still bring changes.
    virtual bool exhausted() const = 0;
    // The changes this source already knows it will hand over, in order (a file knows all of them;
    // a watch knows none). The replay catalogue numbers their objects ahead of the run, so that
    // views can lay out every node of a scenario before it is created.
    virtual void forEachKnownChange(const std::function<void(const ObjectChange&)>& visit) const = 0;
};

} // namespace ksv
