#pragma once

#include "api/objects.h"
#include "config/types.h"
#include "decoding/loaderror.h"
#include "extender/demorules.h"
#include "lesson/lesson.h"
#include "version/features.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>
#include <variant>

namespace ksv {

// Every kind the scheduler reads. Objects of other kinds are skipped with a warning when loading.
using KubeObject = std::variant<Node, Pod, Namespace, PriorityClass, PodDisruptionBudget, Service,
                                ReplicationController, ReplicaSet, StatefulSet, PersistentVolumeClaim,
                                PersistentVolume, StorageClass, CSINode, PodGroup>;

QString kindOf(const KubeObject& object);
const ObjectMeta& metaOf(const KubeObject& object);
ObjectMeta& metaOf(KubeObject& object);

// The cluster as the scheduler's informers would list it at one instant.
struct ClusterState
{
    QList<Node> nodes;
    QList<Pod> pods;
    QList<Namespace> namespaces;
    QList<PriorityClass> priorityClasses;
    QList<PodDisruptionBudget> podDisruptionBudgets;
    QList<Service> services;
    QList<ReplicationController> replicationControllers;
    QList<ReplicaSet> replicaSets;
    QList<StatefulSet> statefulSets;
    QList<PersistentVolumeClaim> persistentVolumeClaims;
    QList<PersistentVolume> persistentVolumes;
    QList<StorageClass> storageClasses;
    QList<CSINode> csiNodes;
    QList<PodGroup> podGroups;

    void add(KubeObject object);
    qsizetype objectCount() const;
};

// Virtual time is counted in nanoseconds from the start of the scenario, like Go's time.Duration.
using VirtualNanos = qint64;
inline constexpr VirtualNanos nanosPerSecond = 1'000'000'000;

enum class EventAction : quint8 { Create, Update, Delete };
QString toString(EventAction action);

// One change to one object at a virtual time: what a cluster source hands the engine (a scenario
// file's `events`, later a recorded or live watch), and what the object log keeps.
struct ObjectChange
{
    VirtualNanos at = 0;
    EventAction action = EventAction::Create;
    KubeObject object;
    SourceLocation source;
};

// A KubeSchedulerConfiguration as found (inline in a scenario, in a List, or in a document of its own),
// decoded, defaulted and validated where it was read, so that a Scenario holds no YAML. One that is not
// valid keeps its LoadError instead, thrown only where the configuration is used: `check` says where
// the configuration is without using it, and a --config file takes the place of the scenario's own.
struct SchedulerConfigSource
{
    SourceLocation source;
    QString fieldPath; // "spec.schedulerConfig" when inline, "items[N]" in a List, "" for a whole document
    std::variant<config::KubeSchedulerConfiguration, LoadError> decoded;

    // The configuration; throws the LoadError it was read with.
    const config::KubeSchedulerConfiguration& configuration() const
    {
        if (const auto* error = std::get_if<LoadError>(&decoded))
            throw *error;
        return std::get<config::KubeSchedulerConfiguration>(decoded);
    }
};

// spec.timing: the virtual cost of the scheduler's work (docs/scenario-format.md). A scheduling
// cycle costs `cycleBase` plus `cyclePerNode` for every node Filter evaluated; a bind call takes
// `bindLatency` plus a uniform jitter in [0, bindJitter) drawn from the seed, and fails with
// probability `bindFailureRate`; a preempted pod is gone `podTermination` after its deletion. A
// call to a scheduler extender costs `extenderLatency`, or, with `extenderLatency: measured`, the
// round trip the call took (recorded in the trace, so that a replay of it costs the same).
struct Timing
{
    VirtualNanos cycleBase = 500'000;     // 500µs
    VirtualNanos cyclePerNode = 5'000;    // 5µs
    VirtualNanos bindLatency = 20'000'000; // 20ms
    VirtualNanos bindJitter = 10'000'000;  // 10ms
    double bindFailureRate = 0;
    VirtualNanos podTermination = 2 * nanosPerSecond;
    VirtualNanos extenderLatency = 2'000'000; // 2ms
    bool extenderLatencyMeasured = false;
    friend bool operator==(const Timing&, const Timing&) = default;
};

// What `kschedviz record` saw the cluster's own scheduler do, kept apart from the workload's changes:
// a replay schedules the recorded pods itself, and compares its placements with these.
struct ObservedBinding
{
    VirtualNanos at = 0;
    QString pod; // namespace/name
    QString node;
    friend bool operator==(const ObservedBinding&, const ObservedBinding&) = default;
};

struct Recording
{
    QString server;  // the API server's URL (never a credential)
    QString context; // the kubeconfig context
    qint64 startedAtMs = 0; // wall clock of t=0, milliseconds since the Unix epoch
    VirtualNanos duration = 0;
    QList<ObservedBinding> bindings; // by time
    friend bool operator==(const Recording&, const Recording&) = default;
};

struct Scenario
{
    QString name;
    QString file;
    quint64 seed = 1;
    Timing timing;
    std::optional<SchedulerConfigSource> schedulerConfig;
    // spec.kubernetesVersion and spec.featureGates (docs/versions.md): the version the scenario is
    // written for, unless the command line or the app chooses another, and gates set for it.
    std::optional<version::KubeVersion> kubernetesVersion;
    SourceLocation kubernetesVersionSource;
    QList<version::GateSetting> featureGates;
    ClusterState initial;       // objects that exist at t=0
    QList<ObjectChange> events; // sorted by time; stable for equal times (file order)
    std::optional<Recording> recording; // spec.recording, written by `kschedviz record`
    std::optional<Lesson> lesson;       // spec.lesson: chapters for the views (lesson/lesson.h)
    // spec.demoExtender.rules: the demo extender the front ends start for the run (extender/demorules.h).
    std::optional<extender::DemoRules> demoExtender;
};

} // namespace ksv
