// The plugin-args validators (pkg/scheduler/apis/config/validation/validation_pluginargs.go, v1.32).
// Enumerated values (scoringStrategy.type, defaultingType, whenUnsatisfiable) are checked while decoding,
// with the same messages, because the typed args cannot hold a value outside their enum.
#include "validation.h"

#include <QSet>

namespace ksv::config {

namespace {

QString child(const QString& path, const char* name)
{
    return path + QLatin1Char('.') + QLatin1String(name);
}

QString index(const QString& path, qsizetype i)
{
    return path + QLatin1Char('[') + QString::number(i) + QLatin1Char(']');
}

void validateDefaultPreemption(QList<FieldError>& errors, const QString& path, const DefaultPreemptionArgs& args)
{
    const QString percentagePath = child(path, "minCandidateNodesPercentage");
    const QString absolutePath = child(path, "minCandidateNodesAbsolute");
    const QString percentage = QString::number(args.minCandidateNodesPercentage);
    const QString absolute = QString::number(args.minCandidateNodesAbsolute);
    if (args.minCandidateNodesPercentage < 0 || args.minCandidateNodesPercentage > 100)
        errors.append(field::invalid(percentagePath, percentage, QStringLiteral("not in valid range [0, 100]")));
    if (args.minCandidateNodesAbsolute < 0)
        errors.append(field::invalid(absolutePath, absolute, QStringLiteral("not in valid range [0, inf)")));
    if (args.minCandidateNodesPercentage == 0 && args.minCandidateNodesAbsolute == 0) {
        errors.append(field::invalid(percentagePath, percentage,
                                     QStringLiteral("cannot be zero at the same time as minCandidateNodesAbsolute")));
        errors.append(field::invalid(absolutePath, absolute,
                                     QStringLiteral("cannot be zero at the same time as minCandidateNodesPercentage")));
    }
}

void validateInterPodAffinity(QList<FieldError>& errors, const QString& path, const InterPodAffinityArgs& args)
{
    if (args.hardPodAffinityWeight < 0 || args.hardPodAffinityWeight > 100) {
        errors.append(field::invalid(child(path, "hardPodAffinityWeight"), QString::number(args.hardPodAffinityWeight),
                                     QStringLiteral("not in valid range [0, 100]")));
    }
}

QString toString(UnsatisfiableConstraintAction action)
{
    return action == UnsatisfiableConstraintAction::DoNotSchedule ? QStringLiteral("DoNotSchedule")
                                                                  : QStringLiteral("ScheduleAnyway");
}

void validatePodTopologySpread(QList<FieldError>& errors, const QString& path, const PodTopologySpreadArgs& args)
{
    if (args.defaultingType == PodTopologySpreadDefaulting::System && !args.defaultConstraints.isEmpty()) {
        errors.append(field::invalid(child(path, "defaultingType"), field::quote(QStringLiteral("System")),
                                     QStringLiteral("when .defaultConstraints are not empty")));
    }
    const QString constraintsPath = child(path, "defaultConstraints");
    for (qsizetype i = 0; i < args.defaultConstraints.size(); ++i) {
        const TopologySpreadConstraint& constraint = args.defaultConstraints[i];
        const QString p = index(constraintsPath, i);
        if (constraint.maxSkew <= 0)
            errors.append(field::invalid(child(p, "maxSkew"), QString::number(constraint.maxSkew),
                                         QStringLiteral("not in valid range (0, inf)")));
        if (constraint.topologyKey.isEmpty())
            errors.append(field::required(child(p, "topologyKey"), QStringLiteral("can not be empty")));
        else
            errors.append(validateLabelName(constraint.topologyKey, child(p, "topologyKey")));
        if (constraint.labelSelector) {
            errors.append(field::forbidden(
                child(p, "labelSelector"),
                QStringLiteral("constraint must not define a selector, as they deduced for each pod")));
        }
        for (qsizetype k = 0; k < i; ++k) {
            const TopologySpreadConstraint& other = args.defaultConstraints[k];
            if (constraint.topologyKey == other.topologyKey
                && constraint.whenUnsatisfiable == other.whenUnsatisfiable) {
                errors.append(
                    field::duplicate(p,
                                     field::quote(QLatin1Char('{') + constraint.topologyKey + QStringLiteral(", ")
                                                  + toString(constraint.whenUnsatisfiable) + QLatin1Char('}'))));
                break;
            }
        }
    }
}

void validateBalancedAllocation(QList<FieldError>& errors, const QString& path,
                                const NodeResourcesBalancedAllocationArgs& args)
{
    QSet<QString> seen;
    for (qsizetype i = 0; i < args.resources.size(); ++i) {
        const ResourceSpec& resource = args.resources[i];
        const QString p = index(child(path, "resources"), i);
        if (seen.contains(resource.name))
            errors.append(field::duplicate(child(p, "name"), field::quote(resource.name)));
        else
            seen.insert(resource.name);
        if (resource.weight != 1)
            errors.append(
                field::invalid(child(p, "weight"), QString::number(resource.weight), QStringLiteral("must be 1")));
    }
}

void validateFunctionShape(QList<FieldError>& errors, const QList<UtilizationShapePoint>& shape, const QString& path,
                           const QString& yamlPath)
{
    const auto add = [&](FieldError error, const QString& where) {
        error.yamlPath = where;
        errors.append(error);
    };
    if (shape.isEmpty()) {
        add(field::required(path, QStringLiteral("at least one point must be specified")), yamlPath);
        return;
    }
    for (qsizetype i = 1; i < shape.size(); ++i) {
        if (shape[i - 1].utilization >= shape[i].utilization) {
            add(field::invalid(child(index(path, i), "utilization"), QString::number(shape[i].utilization),
                               QStringLiteral("values must be sorted in increasing order")),
                child(index(yamlPath, i), "utilization"));
            break;
        }
    }
    for (qsizetype i = 0; i < shape.size(); ++i) {
        const UtilizationShapePoint& point = shape[i];
        if (point.utilization < 0 || point.utilization > 100) {
            add(field::invalid(child(index(path, i), "utilization"), QString::number(point.utilization),
                               QStringLiteral("not in valid range [0, 100]")),
                child(index(yamlPath, i), "utilization"));
        }
        if (point.score < 0 || point.score > 10) {
            add(field::invalid(child(index(path, i), "score"), QString::number(point.score),
                               QStringLiteral("not in valid range [0, 10]")),
                child(index(yamlPath, i), "score"));
        }
    }
}

void validateNodeResourcesFit(QList<FieldError>& errors, const QString& path, const NodeResourcesFitArgs& args)
{
    for (qsizetype i = 0; i < args.ignoredResources.size(); ++i)
        errors.append(validateLabelName(args.ignoredResources[i], index(child(path, "ignoredResources"), i)));
    for (qsizetype i = 0; i < args.ignoredResourceGroups.size(); ++i) {
        const QString& group = args.ignoredResourceGroups[i];
        const QString p = index(child(path, "ignoredResourceGroups"), i);
        if (group.contains(QLatin1Char('/')))
            errors.append(
                field::invalid(p, field::quote(group), QStringLiteral("resource group name can't contain '/'")));
        errors.append(validateLabelName(group, p));
    }
    const QString strategyPath = child(path, "scoringStrategy");
    const ScoringStrategy& strategy = args.scoringStrategy;
    for (qsizetype i = 0; i < strategy.resources.size(); ++i) {
        const ResourceSpec& resource = strategy.resources[i];
        if (resource.weight <= 0 || resource.weight > 100) {
            errors.append(field::invalid(child(index(child(strategyPath, "resources"), i), "weight"),
                                         QString::number(resource.weight),
                                         QStringLiteral("resource weight of ") + resource.name
                                             + QStringLiteral(" not in valid range (0, 100]")));
        }
    }
    // Upstream reports shape errors at scoringStrategy.shape, although the shape sits under
    // scoringStrategy.requestedToCapacityRatio.
    const QString shapeYamlPath = child(child(strategyPath, "requestedToCapacityRatio"), "shape");
    if (strategy.requestedToCapacityRatio) {
        validateFunctionShape(errors, strategy.requestedToCapacityRatio->shape, child(strategyPath, "shape"),
                              shapeYamlPath);
    } else if (strategy.type == ScoringStrategyType::RequestedToCapacityRatio) {
        // Upstream v1.32 dereferences the missing parameters in the plugin's constructor; refuse it here.
        validateFunctionShape(errors, {}, child(strategyPath, "shape"),
                              child(strategyPath, "requestedToCapacityRatio"));
    }
}

void validateVolumeBinding(QList<FieldError>& errors, const QString& path, const VolumeBindingArgs& args)
{
    if (args.bindTimeoutSeconds < 0) {
        errors.append(field::invalid(child(path, "bindTimeoutSeconds"), QString::number(args.bindTimeoutSeconds),
                                     QStringLiteral("invalid BindTimeoutSeconds, should not be a negative value")));
    }
    if (args.shape) {
        errors.append(field::invalid(
            child(path, "shape"), goSyntax(*args.shape),
            QStringLiteral("unexpected field `shape`, remove it or turn on the feature gate VolumeCapacityPriority")));
    }
}

// v0.32's Coscheduling New() refuses a negative podGroupBackoffSeconds ("PodGroupBackoffSeconds cannot
// be negative", failing with "parse arguments failed"); later releases moved the check into
// ValidateCoschedulingArgs with this message. A negative permitWaitingTimeSeconds is accepted, as in
// v0.32: the wait then times out at once.
void validateCoscheduling(QList<FieldError>& errors, const QString& path, const CoschedulingArgs& args)
{
    if (args.podGroupBackoffSeconds < 0) {
        errors.append(field::invalid(child(path, "podGroupBackoffSeconds"), QString::number(args.podGroupBackoffSeconds),
                                     QStringLiteral("must be greater than 0")));
    }
}

template <class... Ts> struct Overloaded : Ts...
{
    using Ts::operator()...;
};
// Spelled out for clang 14 (the fuzz build), which lacks C++20's deduction for aggregates.
template <class... Ts> Overloaded(Ts...) -> Overloaded<Ts...>;

} // namespace

QString goSyntax(const QList<UtilizationShapePoint>& shape)
{
    QStringList points;
    for (const auto& point : shape) {
        points.append(QStringLiteral("config.UtilizationShapePoint{Utilization:") + QString::number(point.utilization)
                      + QStringLiteral(", Score:") + QString::number(point.score) + QLatin1Char('}'));
    }
    return QStringLiteral("[]config.UtilizationShapePoint{") + points.join(QStringLiteral(", ")) + QLatin1Char('}');
}

QList<FieldError> validatePluginArgs(const QString& path, const PluginArgs& args)
{
    QList<FieldError> errors;
    std::visit(Overloaded {
                   [](const std::monostate&) {},
                   [&](const NodeResourcesFitArgs& a) { validateNodeResourcesFit(errors, path, a); },
                   [&](const NodeResourcesBalancedAllocationArgs& a) { validateBalancedAllocation(errors, path, a); },
                   [&](const InterPodAffinityArgs& a) { validateInterPodAffinity(errors, path, a); },
                   [&](const PodTopologySpreadArgs& a) { validatePodTopologySpread(errors, path, a); },
                   // Its node selectors are checked while decoding, as a pod's are.
                   [](const NodeAffinityArgs&) {},
                   [&](const DefaultPreemptionArgs& a) { validateDefaultPreemption(errors, path, a); },
                   [&](const VolumeBindingArgs& a) { validateVolumeBinding(errors, path, a); },
                   [&](const CoschedulingArgs& a) { validateCoscheduling(errors, path, a); },
               },
               args);
    return errors;
}

} // namespace ksv::config
