#include "nodesatcursor.h"

#include "api/resources.h"

namespace ksv {

namespace {
const QString zoneLabel = QStringLiteral("topology.kubernetes.io/zone");
} // namespace

NodeRow nodeRowOf(const Node& node)
{
    NodeRow row;
    row.name = node.meta.name;
    row.zone = node.meta.labels.value(zoneLabel);
    row.allocatableMilliCpu = node.allocatable.value(ResourceName::cpu).milliValue();
    row.allocatableMemory = node.allocatable.value(ResourceName::memory).value();
    row.allocatablePods = node.allocatable.value(ResourceName::pods).value();
    QStringList taints;
    for (const auto& taint : node.taints) {
        taints.append(taint.key + (taint.value.isEmpty() ? QString() : QLatin1Char('=') + taint.value) + QLatin1Char(':')
                      + toString(taint.effect));
    }
    row.taints = taints.join(QStringLiteral(", "));
    for (const auto& condition : node.conditions) {
        if (condition.type == QLatin1String("Ready"))
            row.ready = condition.status == QLatin1String("True");
    }
    row.unschedulable = node.unschedulable;
    return row;
}

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
