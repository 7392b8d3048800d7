#pragma once

#include "decoding/decode_common.h"
#include "scenario.h"

namespace ksv {

// Decoding of single Kubernetes manifests into the model, built on the shared decoders of
// decoding/decode_common.h. Each function reads the fields the scheduler uses, checks their types and
// values, and throws LoadError naming the exact field. Unknown fields are ignored, as
// `kubectl get -o yaml` output carries many (managedFields, ...).

enum class DecodeMode : quint8 {
    Full,
    IdentityOnly, // apiVersion, kind and metadata only: what a delete event needs
};

// The kinds kschedviz reads, by kind name; apiVersion must match the kind.
bool isReadKind(const QString& kind);
QString expectedApiVersion(const QString& kind);

// Decodes one object. The kind must satisfy isReadKind().
KubeObject decodeObject(const YamlField& object, DecodeMode mode = DecodeMode::Full);

Node decodeNode(const YamlField& object);
Pod decodePod(const YamlField& object);

} // namespace ksv
