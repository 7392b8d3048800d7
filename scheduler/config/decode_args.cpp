// Decoding and defaulting of the typed plugin args (kube-scheduler/config/v1/types_pluginargs.go,
// apis/config/v1/defaults.go: SetDefaults_*Args).
#include "decode_args.h"

#include "config.h"
#include "decoding/decode_common.h"
#include "decoding/fielderror.h"

#include <limits>

namespace ksv::config {

int decodeInt32(const YamlField& field)
{
    return static_cast<int>(field.toInt(std::numeric_limits<qint32>::min(), std::numeric_limits<qint32>::max()));
}

void failNotSupported(const YamlField& where, const QString& value, const QStringList& supported)
{
    where.fail(field::notSupported({}, field::quote(value), supported).message);
}

namespace {

void rejectUnknown(const YamlField& field, const char* type, const QStringList& known)
{
    field.rejectUnknownKeys(known,
                            QStringLiteral("unknown field; ") + QLatin1String(type) + QStringLiteral(" has ")
                                + known.join(QStringLiteral(", ")));
}

ResourceSpec decodeResourceSpec(const YamlField& field)
{
    rejectUnknown(field, "a resource", {QStringLiteral("name"), QStringLiteral("weight")});
    ResourceSpec spec;
    spec.name = field.stringOr("name");
    if (const YamlField weight = field["weight"]; weight.isDefined())
        spec.weight = weight.toInt(std::numeric_limits<qint64>::min(), std::numeric_limits<qint64>::max());
    return spec;
}

// No resources means cpu and memory; a weight left at 0 means 1.
QList<ResourceSpec> defaultedResources(QList<ResourceSpec> resources)
{
    if (resources.isEmpty())
        return defaultResourceSpecs();
    for (auto& resource : resources) {
        if (resource.weight == 0)
            resource.weight = 1;
    }
    return resources;
}

QList<UtilizationShapePoint> decodeShape(const YamlField& field)
{
    return field.list<UtilizationShapePoint>([](const YamlField& point) {
        rejectUnknown(point, "a shape point", {QStringLiteral("utilization"), QStringLiteral("score")});
        UtilizationShapePoint result;
        if (const YamlField utilization = point["utilization"]; utilization.isDefined())
            result.utilization = decodeInt32(utilization);
        if (const YamlField score = point["score"]; score.isDefined())
            result.score = decodeInt32(score);
        return result;
    });
}

NodeResourcesFitArgs decodeNodeResourcesFit(const YamlField& args)
{
    NodeResourcesFitArgs result;
    result.ignoredResources = args["ignoredResources"].toStringList();
    result.ignoredResourceGroups = args["ignoredResourceGroups"].toStringList();
    const YamlField strategy = args["scoringStrategy"];
    if (!strategy.isDefined())
        return result;
    rejectUnknown(strategy, "a scoringStrategy",
                  {QStringLiteral("type"), QStringLiteral("resources"), QStringLiteral("requestedToCapacityRatio")});
    // Upstream has no default for the type of a strategy that is given: a missing type is "".
    const QStringList types
        = {toString(ScoringStrategyType::LeastAllocated), toString(ScoringStrategyType::MostAllocated),
           toString(ScoringStrategyType::RequestedToCapacityRatio)};
    const QString type = strategy.stringOr("type");
    if (!types.contains(type))
        failNotSupported(strategy["type"], type, types);
    result.scoringStrategy.type = static_cast<ScoringStrategyType>(types.indexOf(type));
    result.scoringStrategy.resources = defaultedResources(strategy["resources"].list<ResourceSpec>(decodeResourceSpec));
    if (const YamlField ratio = strategy["requestedToCapacityRatio"]; ratio.isDefined()) {
        rejectUnknown(ratio, "requestedToCapacityRatio", {QStringLiteral("shape")});
        result.scoringStrategy.requestedToCapacityRatio = RequestedToCapacityRatioParam {decodeShape(ratio["shape"])};
    }
    return result;
}

TopologySpreadConstraint decodeDefaultConstraint(const YamlField& item)
{
    rejectUnknown(item, "a topology spread constraint",
                  {QStringLiteral("maxSkew"), QStringLiteral("topologyKey"), QStringLiteral("whenUnsatisfiable"),
                   QStringLiteral("labelSelector"), QStringLiteral("minDomains"), QStringLiteral("nodeAffinityPolicy"),
                   QStringLiteral("nodeTaintsPolicy"), QStringLiteral("matchLabelKeys")});
    TopologySpreadConstraint constraint;
    // Unset is 0 here, which validation refuses, where a pod's constraint would fail decoding.
    constraint.maxSkew = item["maxSkew"].isDefined() ? decodeInt32(item["maxSkew"]) : 0;
    constraint.topologyKey = item.stringOr("topologyKey");
    const QString action = item.stringOr("whenUnsatisfiable");
    const QStringList actions = {QStringLiteral("DoNotSchedule"), QStringLiteral("ScheduleAnyway")};
    if (action.isEmpty())
        item["whenUnsatisfiable"].fail(field::required({}, QStringLiteral("can not be empty")).message);
    if (!actions.contains(action))
        failNotSupported(item["whenUnsatisfiable"], action, actions);
    constraint.whenUnsatisfiable = static_cast<UnsatisfiableConstraintAction>(actions.indexOf(action));
    constraint.labelSelector = decodeOptionalLabelSelector(item["labelSelector"]);
    if (const YamlField minDomains = item["minDomains"]; minDomains.isDefined())
        constraint.minDomains = decodeInt32(minDomains);
    const QStringList policies = {QStringLiteral("Ignore"), QStringLiteral("Honor")};
    if (const YamlField policy = item["nodeAffinityPolicy"]; policy.isDefined())
        constraint.nodeAffinityPolicy = static_cast<NodeInclusionPolicy>(policy.toEnum(policies));
    if (const YamlField policy = item["nodeTaintsPolicy"]; policy.isDefined())
        constraint.nodeTaintsPolicy = static_cast<NodeInclusionPolicy>(policy.toEnum(policies));
    constraint.matchLabelKeys = item["matchLabelKeys"].toStringList();
    return constraint;
}

PodTopologySpreadArgs decodePodTopologySpread(const YamlField& args)
{
    PodTopologySpreadArgs result;
    result.defaultConstraints = args["defaultConstraints"].list<TopologySpreadConstraint>(decodeDefaultConstraint);
    const QString defaulting = args.stringOr("defaultingType");
    const QStringList types
        = {toString(PodTopologySpreadDefaulting::System), toString(PodTopologySpreadDefaulting::List)};
    if (!defaulting.isEmpty() && !types.contains(defaulting))
        failNotSupported(args["defaultingType"], defaulting, types);
    if (defaulting == toString(PodTopologySpreadDefaulting::List))
        result.defaultingType = PodTopologySpreadDefaulting::List;
    return result;
}

NodeAffinityArgs decodeNodeAffinity(const YamlField& args)
{
    NodeAffinityArgs result;
    const YamlField added = args["addedAffinity"];
    if (!added.isDefined())
        return result;
    rejectUnknown(added, "addedAffinity",
                  {QStringLiteral("requiredDuringSchedulingIgnoredDuringExecution"),
                   QStringLiteral("preferredDuringSchedulingIgnoredDuringExecution")});
    NodeAffinity affinity;
    if (const YamlField required = added["requiredDuringSchedulingIgnoredDuringExecution"]; required.isDefined())
        affinity.requiredDuringSchedulingIgnoredDuringExecution = decodeNodeSelector(required);
    affinity.preferredDuringSchedulingIgnoredDuringExecution
        = added["preferredDuringSchedulingIgnoredDuringExecution"].list<PreferredSchedulingTerm>(
            [](const YamlField& f) {
                PreferredSchedulingTerm term;
                // Upstream's nodeaffinity.NewPreferredSchedulingTerms does not range-check the weight.
                if (const YamlField weight = f["weight"]; weight.isDefined())
                    term.weight = decodeInt32(weight);
                term.preference = decodeNodeSelectorTerm(f["preference"]);
                return term;
            });
    result.addedAffinity = affinity;
    return result;
}

QStringList knownFields(const QString& kind)
{
    if (kind == QLatin1String("NodeResourcesFitArgs"))
        return {QStringLiteral("ignoredResources"), QStringLiteral("ignoredResourceGroups"),
                QStringLiteral("scoringStrategy")};
    if (kind == QLatin1String("NodeResourcesBalancedAllocationArgs"))
        return {QStringLiteral("resources")};
    if (kind == QLatin1String("InterPodAffinityArgs"))
        return {QStringLiteral("hardPodAffinityWeight"), QStringLiteral("ignorePreferredTermsOfExistingPods")};
    if (kind == QLatin1String("PodTopologySpreadArgs"))
        return {QStringLiteral("defaultConstraints"), QStringLiteral("defaultingType")};
    if (kind == QLatin1String("NodeAffinityArgs"))
        return {QStringLiteral("addedAffinity")};
    if (kind == QLatin1String("DefaultPreemptionArgs"))
        return {QStringLiteral("minCandidateNodesPercentage"), QStringLiteral("minCandidateNodesAbsolute")};
    if (kind == QLatin1String("VolumeBindingArgs"))
        return {QStringLiteral("bindTimeoutSeconds"), QStringLiteral("shape")};
    if (kind == QLatin1String("CoschedulingArgs"))
        return {QStringLiteral("permitWaitingTimeSeconds"), QStringLiteral("podGroupBackoffSeconds")};
    return {};
}

} // namespace

PluginArgs decodePluginArgs(const QString& plugin, const YamlField& args)
{
    const QString kind = argsKindFor(plugin);
    Q_ASSERT(!kind.isEmpty());
    const QStringList fields = knownFields(kind);
    args.rejectUnknownKeys(fields + QStringList {QStringLiteral("apiVersion"), QStringLiteral("kind")},
                           QStringLiteral("unknown field; ") + kind + QStringLiteral(" has ")
                               + fields.join(QStringLiteral(", ")));
    if (const YamlField apiVersion = args["apiVersion"];
        apiVersion.isDefined() && apiVersion.toString() != apiVersionV1)
        apiVersion.fail(QStringLiteral("expected ") + apiVersionV1 + QStringLiteral(", found ")
                        + apiVersion.describe());
    if (const YamlField given = args["kind"]; given.isDefined() && given.toString() != kind) {
        const QString group = QStringLiteral(".kubescheduler.config.k8s.io");
        given.fail(QStringLiteral("args for plugin ") + plugin + QStringLiteral(" were not of type ") + kind + group
                   + QStringLiteral(", got ") + given.toString() + group);
    }

    PluginArgs result = defaultArgsFor(plugin);
    if (auto* fit = std::get_if<NodeResourcesFitArgs>(&result)) {
        *fit = decodeNodeResourcesFit(args);
    } else if (auto* balanced = std::get_if<NodeResourcesBalancedAllocationArgs>(&result)) {
        balanced->resources = defaultedResources(args["resources"].list<ResourceSpec>(decodeResourceSpec));
    } else if (auto* affinity = std::get_if<InterPodAffinityArgs>(&result)) {
        if (const YamlField weight = args["hardPodAffinityWeight"]; weight.isDefined())
            affinity->hardPodAffinityWeight = decodeInt32(weight);
        if (const YamlField ignore = args["ignorePreferredTermsOfExistingPods"]; ignore.isDefined())
            affinity->ignorePreferredTermsOfExistingPods = ignore.toBool();
    } else if (auto* spread = std::get_if<PodTopologySpreadArgs>(&result)) {
        *spread = decodePodTopologySpread(args);
    } else if (auto* nodeAffinity = std::get_if<NodeAffinityArgs>(&result)) {
        *nodeAffinity = decodeNodeAffinity(args);
    } else if (auto* preemption = std::get_if<DefaultPreemptionArgs>(&result)) {
        if (const YamlField percentage = args["minCandidateNodesPercentage"]; percentage.isDefined())
            preemption->minCandidateNodesPercentage = decodeInt32(percentage);
        if (const YamlField absolute = args["minCandidateNodesAbsolute"]; absolute.isDefined())
            preemption->minCandidateNodesAbsolute = decodeInt32(absolute);
    } else if (auto* binding = std::get_if<VolumeBindingArgs>(&result)) {
        if (const YamlField timeout = args["bindTimeoutSeconds"]; timeout.isDefined())
            binding->bindTimeoutSeconds
                = timeout.toInt(std::numeric_limits<qint64>::min(), std::numeric_limits<qint64>::max());
        if (const YamlField shape = args["shape"]; shape.isDefined())
            binding->shape = decodeShape(shape);
    } else if (auto* coscheduling = std::get_if<CoschedulingArgs>(&result)) {
        // Both are *int64 in v1: absent keeps the default, an explicit 0 stays 0.
        if (const YamlField wait = args["permitWaitingTimeSeconds"]; wait.isDefined())
            coscheduling->permitWaitingTimeSeconds
                = wait.toInt(std::numeric_limits<qint64>::min(), std::numeric_limits<qint64>::max());
        if (const YamlField backoff = args["podGroupBackoffSeconds"]; backoff.isDefined())
            coscheduling->podGroupBackoffSeconds
                = backoff.toInt(std::numeric_limits<qint64>::min(), std::numeric_limits<qint64>::max());
    }
    return result;
}

} // namespace ksv::config
