#include "nodesatcursor.h"

namespace ksv {

QList<NodeRow> NodesAtCursor::rows(const trace::TraceIndex& index, const trace::ReplayState& state)
{
    const trace::ReplayCatalogue& catalogue = index.catalogue();
    if (m_specs.size() < size_t(catalogue.nodeCount()))
        m_specs.resize(size_t(catalogue.nodeCount()));
    QList<NodeRow> rows;
    for (qint32 node = 0; node < catalogue.nodeCount() && size_t(node) < state.nodeSpec.size(); ++node) {
        if (!state.nodeExists(node))
            continue;
        Spec& spec = m_specs[size_t(node)];
        const qint32 version = state.nodeSpec[size_t(node)];
        if (spec.version != version) {
            const Node* object = index.nodeSpec(node, version);
            spec.row = object ? nodeRowOf(*object) : NodeRow {};
            spec.row.name = catalogue.nodeName(node);
            spec.version = version;
        }
        NodeRow row = spec.row;
        row.requestedMilliCpu = state.requested(node, trace::MeasureCpu);
        row.requestedMemory = state.requested(node, trace::MeasureMemory);
        row.podCount = state.requested(node, trace::MeasurePods);
        rows.append(row);
    }
    return rows;
}

} // namespace ksv
