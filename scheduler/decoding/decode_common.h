#pragma once

#include "api/objects.h"
#include "yamlfield.h"

namespace ksv {

// Decoding of the API types that many kinds and plugin arguments share (metav1.ObjectMeta, selectors,
// affinity, taints, tolerations, resource lists): scenario/ decodes manifests with them and config/
// decodes NodeAffinityArgs and PodTopologySpreadArgs. Each function reads the fields the scheduler
// uses, checks their types and values, and throws LoadError naming the exact field. Unknown fields are
// ignored, as `kubectl get -o yaml` output carries many (managedFields, ...).

ObjectMeta decodeObjectMeta(const YamlField& metadata, bool namespaced);
LabelSelector decodeLabelSelector(const YamlField& selector);
std::optional<LabelSelector> decodeOptionalLabelSelector(const YamlField& selector);
NodeSelector decodeNodeSelector(const YamlField& selector);
NodeSelectorTerm decodeNodeSelectorTerm(const YamlField& term);
Toleration decodeToleration(const YamlField& toleration);
Taint decodeTaint(const YamlField& taint);
Affinity decodeAffinity(const YamlField& affinity);
ResourceList decodeResourceList(const YamlField& resources);
// RFC 3339 timestamps as the API prints them ("2024-05-01T10:00:00Z").
qint64 decodeTimestampMs(const YamlField& timestamp);

} // namespace ksv
