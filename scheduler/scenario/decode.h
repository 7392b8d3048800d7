#pragma once

#include "decoding/yamlfield.h"
#include "scenario.h"

namespace ksv {

// Decoding of single Kubernetes manifests into the model. Each function reads the fields the
// scheduler uses, checks their types and values, and throws LoadError naming the exact field.
// Unknown fields are ignored, as `kubectl get -o yaml` output carries many (managedFields, ...).

enum class DecodeMode : quint8 {
    Full,
    IdentityOnly, // apiVersion, kind and metadata only: what a delete event needs
};

// The kinds kschedviz reads, by kind name; apiVersion must match the kind.
bool isReadKind(const QString& kind);
QString expectedApiVersion(const QString& kind);

// Decodes one object. The kind must satisfy isReadKind().
KubeObject decodeObject(const YamlField& object, DecodeMode mode = DecodeMode::Full);

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

Node decodeNode(const YamlField& object);
Pod decodePod(const YamlField& object);

} // namespace ksv
