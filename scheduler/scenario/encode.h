#pragma once

// kschedviz's model written back out as Kubernetes manifests and Scenario documents: what
// `snapshot` and `record` save. Each object gets the fields the model keeps, in the API's own
// names and forms, so that loading the output gives the same model again (tests/scenario/
// tst_encode.cpp proves it on every sample). Only what the decoders read can come out: a pod's
// environment, command line or image pull secrets are never in the model to begin with.

#include "scenario.h"

#include <QByteArray>
#include <QJsonObject>

namespace ksv {

// One object as a manifest: apiVersion, kind, metadata, and the kind's spec and status fields.
QJsonObject encodeObject(const KubeObject& object);

// An encoded object (or any JSON) as YAML, as writeScenario writes its documents: for editors.
QByteArray writeObjectYaml(const QJsonObject& object);

// Drops the annotations the scheduler never reads, keeping a node's (their changes are a queueing
// event, UpdateNodeAnnotation) and the storage annotations the volume plugins read on claims and
// volumes. Used before writing a live cluster out, where annotations carry much that is not ours.
void keepSchedulerAnnotations(KubeObject& object);

enum class ScenarioFormat : quint8 { Yaml, Json };

// The whole scenario as one Scenario document (docs/scenario-format.md): seed, timing when it is not
// the default, objects, events and the recording. An inline scheduler configuration is not written:
// pass it with --config (the writer's callers, snapshot and record, never have one).
QByteArray writeScenario(const Scenario& scenario, ScenarioFormat format);

// A duration as the loader reads it back exactly: "1.5s", "250ms", "3ns".
QString formatDuration(VirtualNanos nanos);

} // namespace ksv
