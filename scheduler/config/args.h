#pragma once

// Typed plugin arguments of kubescheduler.config.k8s.io/v1 (staging/src/k8s.io/kube-scheduler/config/v1/
// types_pluginargs.go), holding the values after SetDefaults_*Args: the member initialisers are the
// upstream defaults, so a default-constructed args value is what a profile gets for a plugin it enables
// without a pluginConfig entry.

#include "api/objects.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>
#include <variant>

namespace ksv::config {

// v1.ResourceSpec: a resource and its weight in resource scoring.
struct ResourceSpec
{
    QString name;
    qint64 weight = 0;
    friend bool operator==(const ResourceSpec&, const ResourceSpec&) = default;
};

// v1.UtilizationShapePoint: utilization in [0, 100] maps to score in [0, 10].
struct UtilizationShapePoint
{
    int utilization = 0;
    int score = 0;
    friend bool operator==(const UtilizationShapePoint&, const UtilizationShapePoint&) = default;
};

// The cpu and memory pair with weight 1 that resource scoring uses when none is configured.
QList<ResourceSpec> defaultResourceSpecs();

enum class ScoringStrategyType : quint8 { LeastAllocated, MostAllocated, RequestedToCapacityRatio };
QString toString(ScoringStrategyType type);

struct RequestedToCapacityRatioParam
{
    QList<UtilizationShapePoint> shape;
    friend bool operator==(const RequestedToCapacityRatioParam&, const RequestedToCapacityRatioParam&) = default;
};

struct ScoringStrategy
{
    ScoringStrategyType type = ScoringStrategyType::LeastAllocated;
    QList<ResourceSpec> resources = defaultResourceSpecs();
    std::optional<RequestedToCapacityRatioParam> requestedToCapacityRatio;
    friend bool operator==(const ScoringStrategy&, const ScoringStrategy&) = default;
};

struct NodeResourcesFitArgs
{
    QStringList ignoredResources;
    QStringList ignoredResourceGroups; // prefixes before '/', e.g. "example.com"
    ScoringStrategy scoringStrategy;
    friend bool operator==(const NodeResourcesFitArgs&, const NodeResourcesFitArgs&) = default;
};

struct NodeResourcesBalancedAllocationArgs
{
    QList<ResourceSpec> resources = defaultResourceSpecs(); // every weight is 1 (validation)
    friend bool operator==(const NodeResourcesBalancedAllocationArgs&, const NodeResourcesBalancedAllocationArgs&)
        = default;
};

struct InterPodAffinityArgs
{
    int hardPodAffinityWeight = 1;
    bool ignorePreferredTermsOfExistingPods = false;
    friend bool operator==(const InterPodAffinityArgs&, const InterPodAffinityArgs&) = default;
};

enum class PodTopologySpreadDefaulting : quint8 { System, List };
QString toString(PodTopologySpreadDefaulting defaulting);

struct PodTopologySpreadArgs
{
    QList<TopologySpreadConstraint> defaultConstraints; // only with List; never with a labelSelector
    PodTopologySpreadDefaulting defaultingType = PodTopologySpreadDefaulting::System;
    friend bool operator==(const PodTopologySpreadArgs&, const PodTopologySpreadArgs&) = default;
};

struct NodeAffinityArgs
{
    std::optional<NodeAffinity> addedAffinity; // ANDed with every pod's own node affinity
    friend bool operator==(const NodeAffinityArgs&, const NodeAffinityArgs&) = default;
};

struct DefaultPreemptionArgs
{
    int minCandidateNodesPercentage = 10;
    int minCandidateNodesAbsolute = 100;
    friend bool operator==(const DefaultPreemptionArgs&, const DefaultPreemptionArgs&) = default;
};

struct VolumeBindingArgs
{
    qint64 bindTimeoutSeconds = 600;
    // Only valid with the VolumeCapacityPriority feature gate, which is off in v1.32: validation refuses
    // any shape given, even an empty list. Kept so that it can say what it refused.
    std::optional<QList<UtilizationShapePoint>> shape;
    friend bool operator==(const VolumeBindingArgs&, const VolumeBindingArgs&) = default;
};

// scheduler-plugins' CoschedulingArgs (apis/config/types.go, v0.32), registered in the same
// kubescheduler.config.k8s.io/v1 scheme; defaults from its v1/defaults.go (SetDefaults_CoschedulingArgs).
struct CoschedulingArgs
{
    qint64 permitWaitingTimeSeconds = 60;
    qint64 podGroupBackoffSeconds = 0; // 0: no backoff after a group is rejected in PostFilter
    friend bool operator==(const CoschedulingArgs&, const CoschedulingArgs&) = default;
};

// std::monostate: a pluginConfig entry without args, for a plugin that has no Args type.
using PluginArgs
    = std::variant<std::monostate, NodeResourcesFitArgs, NodeResourcesBalancedAllocationArgs, InterPodAffinityArgs,
                   PodTopologySpreadArgs, NodeAffinityArgs, DefaultPreemptionArgs, VolumeBindingArgs, CoschedulingArgs>;

// The kind of a plugin's args ("<plugin>Args"), or empty for a plugin without an Args type in v1.32.
QString argsKindFor(const QString& plugin);
// The defaulted args of a plugin, std::monostate for a plugin without an Args type.
PluginArgs defaultArgsFor(const QString& plugin);

} // namespace ksv::config
