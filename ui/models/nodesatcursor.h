#pragma once

// The Nodes table's rows for the cluster at the cursor (issue 20: it listed the scenario's nodes at
// t=0 whatever the cursor showed): the nodes that exist there, in catalogue order, each with its
// spec at the cursor (zone, allocatable, taints, status) and what the pods bound, binding or
// waiting on Permit there request — the scheduler's cache's view, as the heatmap shows it.

#include "nodetablemodel.h"
#include "trace/replay.h"

#include <vector>

namespace ksv {

// A node's row as its spec says (name, zone, allocatable, taints, status); nothing requested yet.
NodeRow nodeRowOf(const Node& node);

class NodesAtCursor
{
public:
    // A new run: forget the rows worked out from the last one's specs.
    void reset() { m_specs.clear(); }
    QList<NodeRow> rows(const trace::TraceIndex& index, const trace::ReplayState& state);

private:
    // The part of a row its spec decides, worked out once per spec version: taint text and the
    // like would otherwise be rebuilt for every node on every cursor move.
    struct Spec
    {
        qint32 version = -3; // none worked out yet (-2 and -1 are versions)
        NodeRow row;
    };
    std::vector<Spec> m_specs;
};

} // namespace ksv
