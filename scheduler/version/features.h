#pragma once

// feature.Features (pkg/scheduler/framework/plugins/feature/feature.go) and the queue's and the
// loop's gates, as plain bools: one value, decided once for a run from the Kubernetes version's
// defaults and the gates a user set, then handed to the configuration's defaulting, every plugin
// factory, the queue and the loop. Plugins copy the bools they need when they are built.
//
// Each gate's default per minor is one row of the table in features.cpp, transcribed from
// upstream's versioned gate specs (docs/versions.md, "Feature gates").

#include "decoding/loaderror.h"
#include "kubeversion.h"

#include <QList>
#include <QString>

#include <span>

namespace ksv::version {

struct Features
{
    KubeVersion version = v1_32;

    // The queue and the loop.
    bool enableSchedulingQueueHint = true;              // SchedulerQueueingHints
    bool enableAsyncPreemption = false;                 // SchedulerAsyncPreemption
    bool enablePopFromBackoffQ = false;                 // SchedulerPopFromBackoffQ
    bool enableAsyncAPICalls = false;                   // SchedulerAsyncAPICalls
    bool enableNominatedNodeNameForExpectation = false; // NominatedNodeNameForExpectation
    bool enableClearingNominatedNodeNameAfterBinding = false; // ClearingNominatedNodeNameAfterBinding (kube-apiserver's)
    bool enableOpportunisticBatching = false;           // OpportunisticBatching

    // What a pod requests.
    bool enablePodLevelResources = false;         // PodLevelResources
    bool enableInPlacePodVerticalScaling = false; // InPlacePodVerticalScaling
    bool enableSidecarContainers = true;          // SidecarContainers

    // Plugins.
    bool enableMatchLabelKeysInPodTopologySpread = true;      // MatchLabelKeysInPodTopologySpread
    bool enableNodeInclusionPolicyInPodTopologySpread = true; // NodeInclusionPolicyInPodTopologySpread
    bool enableTaintTolerationComparisonOperators = false;    // TaintTolerationComparisonOperators
    bool enableNodeDeclaredFeatures = false;                  // NodeDeclaredFeatures
    bool enableStorageCapacityScoring = false;                // StorageCapacityScoring
    bool enableVolumeLimitScaling = false;                    // VolumeLimitScaling

    // Dynamic Resource Allocation.
    bool enableDynamicResourceAllocation = false; // DynamicResourceAllocation
    bool enableDRASchedulerFilterTimeout = false;
    bool enableDRAPrioritizedList = false;
    bool enableDRAAdminAccess = false;
    bool enableDRAResourceClaimDeviceStatus = false;
    bool enableDRAPartitionableDevices = false;
    bool enableDRADeviceTaints = false;
    bool enableDRADeviceTaintRules = false;
    bool enableDRAConsumableCapacity = false;
    bool enableDRADeviceBindingConditions = false;
    bool enableDRAExtendedResource = false;

    // Workloads and gangs.
    bool enableGenericWorkload = false; // GenericWorkload
    bool enableGangScheduling = false;  // GangScheduling

    friend bool operator==(const Features&, const Features&) = default;
};

// What the engine can run of a gate.
enum class GateSupport : quint8 {
    Both,      // either value
    OnlyOn,    // the engine has only the gate's on path (upstream's default since before v1.32)
    OnlyOff,   // the gate's behaviour is not built yet: it runs as off, and a version that turns it on
               // by default says so (partialModelWarning)
    AtDefault, // it only changes what the engine refuses today (resource claims): the version's
               // default is accepted, another value is not
};

// A gate's state in one minor, as upstream's versioned spec gives it.
enum class GateState : quint8 { Absent, Off, On, LockedOn };

struct GateSpec
{
    const char* name;
    bool Features::*field;
    // One character per modelled minor, v1.32 first: '-' absent, 'a' alpha (off), 'b' beta off,
    // 'B' beta on, 'G' GA (on, may be turned off), 'L' GA locked on.
    const char* states;
    GateSupport support;
    const char* effect; // one line for messages and docs
};

std::span<const GateSpec> gates();
const GateSpec* findGate(const QString& name);
GateState stateIn(const GateSpec& gate, KubeVersion version);

// A gate set by a user: --feature-gates or spec.featureGates, with where it was written.
struct GateSetting
{
    QString name;
    bool value = false;
    SourceLocation source; // file:line of spec.featureGates; empty file for the command line
    QString fieldPath;     // "spec.featureGates.X", or "--feature-gates"
};

// Parses --feature-gates' "A=true,B=false" (kube-scheduler's syntax: values true or false, any
// case). Throws LoadError naming --feature-gates.
QList<GateSetting> parseGateList(const QString& text);

// The version's defaults.
Features defaultFeatures(KubeVersion version);

// The version's defaults with `settings` applied in order (a later setting of the same gate wins,
// as with kube-scheduler's flag). Throws LoadError at the setting's place for a gate the version
// lacks ("unrecognized feature gate: X", upstream's text), a locked gate set against its lock, or a
// value the engine cannot run.
Features resolveFeatures(KubeVersion version, const QList<GateSetting>& settings);

// Empty when every gate the version turns on by default is modelled (or was turned off by
// `settings`); else one sentence naming the gates that run as off, for status bars and stderr.
QString partialModelWarning(KubeVersion version, const QList<GateSetting>& settings);

} // namespace ksv::version
