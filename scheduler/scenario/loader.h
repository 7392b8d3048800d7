#pragma once

#include "decoding/loaderror.h"
#include "scenario.h"

namespace ksv {

// Reads a scenario: a kschedviz Scenario document, a multi-document YAML of Kubernetes objects, or
// a `kind: List` as `kubectl get -o yaml` prints it. Throws LoadError with file:line:column and
// field path on the first problem. Objects of kinds the scheduler does not read are skipped, each
// with one warning appended to `warnings`.
Scenario loadScenarioFile(const QString& path, QStringList* warnings = nullptr);
Scenario loadScenarioText(const QByteArray& text, const QString& fileName, QStringList* warnings = nullptr);

// What the loader does once a file's objects are decoded, on a scenario built in memory (what-if
// edits): events sorted by time, then admission (priorities, default tolerations), UIDs for objects
// without one, and the checks across objects (duplicates, a pod bound to a node that is not there,
// an update or delete of an object that does not exist then). A problem throws LoadError at the
// object's own source location, with the field's path.
void admitAndCheck(Scenario& scenario);

// Reads a KubeSchedulerConfiguration file (`--config`). Its contents are checked by the framework.
SchedulerConfigSource loadSchedulerConfigFile(const QString& path);
// The same from text (the app's configuration editor), its messages naming `fileName`.
SchedulerConfigSource loadSchedulerConfigText(const QByteArray& text, const QString& fileName);

// Parses a virtual-time offset: a Go duration ("1m30s", "500ms", "2.5s") or plain seconds ("5").
std::optional<VirtualNanos> parseDuration(QStringView text);

// Built-in PriorityClasses every cluster has (pkg/apis/scheduling/types.go).
inline constexpr int systemClusterCriticalPriority = 2000000000;
inline constexpr int systemNodeCriticalPriority = 2000001000;

} // namespace ksv
