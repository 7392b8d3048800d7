#include "admission.h"

#include "decoding/loaderror.h"
#include "loader.h"

#include <QUuid>

namespace ksv {

namespace {

QString toString(PreemptionPolicy policy)
{
    return policy == PreemptionPolicy::Never ? QStringLiteral("Never") : QStringLiteral("PreemptLowerPriority");
}

// plugin/pkg/admission/priority/admission.go: the PriorityClass a pod resolves to.
std::optional<PriorityClass> resolvePriorityClass(const Pod& pod, const QHash<QString, PriorityClass>& classes)
{
    if (pod.priorityClassName.isEmpty()) {
        // With several global defaults (a race upstream tolerates) the lowest value wins.
        std::optional<PriorityClass> lowest;
        for (const auto& priorityClass : classes) {
            if (priorityClass.globalDefault && (!lowest || priorityClass.value < lowest->value))
                lowest = priorityClass;
        }
        return lowest;
    }
    const auto builtIn = [&pod](int value) {
        PriorityClass priorityClass;
        priorityClass.meta.name = pod.priorityClassName;
        priorityClass.value = value;
        return priorityClass;
    };
    if (pod.priorityClassName == QLatin1String("system-node-critical"))
        return builtIn(systemNodeCriticalPriority);
    if (pod.priorityClassName == QLatin1String("system-cluster-critical"))
        return builtIn(systemClusterCriticalPriority);
    if (const auto found = classes.constFind(pod.priorityClassName); found != classes.cend())
        return *found;
    return std::nullopt;
}

void admitPriority(Pod& pod, const QHash<QString, PriorityClass>& classes)
{
    const auto priorityClass = resolvePriorityClass(pod, classes);
    if (!priorityClass && !pod.priorityClassName.isEmpty()) {
        // A cluster dump without its PriorityClasses still carries each pod's resolved priority.
        if (pod.priority)
            return;
        throw LoadError(pod.meta.source, QStringLiteral("spec.priorityClassName"),
                        QStringLiteral("no PriorityClass with name ") + pod.priorityClassName + QStringLiteral(" was found"));
    }
    const int computed = priorityClass ? priorityClass->value : 0;
    const PreemptionPolicy policy = priorityClass && priorityClass->preemptionPolicy ? *priorityClass->preemptionPolicy
                                                                                     : PreemptionPolicy::PreemptLowerPriority;
    if (pod.priority && *pod.priority != computed) {
        throw LoadError(pod.meta.source, QStringLiteral("spec.priority"),
                        QStringLiteral("the integer value of priority (") + QString::number(*pod.priority)
                            + QStringLiteral(") must not be provided in pod spec; priority admission controller computed ")
                            + QString::number(computed) + QStringLiteral(" from the given PriorityClass name"));
    }
    if (pod.preemptionPolicy && *pod.preemptionPolicy != policy) {
        throw LoadError(pod.meta.source, QStringLiteral("spec.preemptionPolicy"),
                        QStringLiteral("the string value of PreemptionPolicy (") + toString(*pod.preemptionPolicy)
                            + QStringLiteral(") must not be provided in pod spec; priority admission controller computed ")
                            + toString(policy) + QStringLiteral(" from the given PriorityClass name"));
    }
    pod.priority = computed;
    pod.preemptionPolicy = policy;
}

// plugin/pkg/admission/defaulttolerationseconds: tolerate not-ready and unreachable for 300 s.
void admitDefaultTolerationSeconds(Pod& pod)
{
    const auto tolerates = [&pod](const QString& key) {
        return std::any_of(pod.tolerations.cbegin(), pod.tolerations.cend(), [&key](const Toleration& t) {
            return (t.key.isEmpty() || t.key == key) && (!t.effect || *t.effect == TaintEffect::NoExecute);
        });
    };
    for (const QString& key : {QStringLiteral("node.kubernetes.io/not-ready"), QStringLiteral("node.kubernetes.io/unreachable")}) {
        if (!tolerates(key))
            pod.tolerations.append(Toleration {key, TolerationOperator::Exists, {}, TaintEffect::NoExecute, 300});
    }
}

void mergeMatchLabelKeys(PodAffinityTerm& term, const Labels& podLabels)
{
    // A nil selector matches nothing, and stays nil (pkg/registry/core/pod/strategy.go).
    if (!term.labelSelector)
        return;
    // A pod read back from the API server or from a snapshot was merged already: a requirement that
    // is there is not added twice, so that loading a saved pod gives the pod that was saved.
    auto& expressions = term.labelSelector->matchExpressions;
    const auto merge = [&](const QStringList& keys, SelectorOperator op) {
        for (const auto& key : keys) {
            if (const auto value = podLabels.constFind(key); value != podLabels.cend()) {
                const LabelSelectorRequirement requirement {key, op, {*value}};
                if (!expressions.contains(requirement))
                    expressions.append(requirement);
            }
        }
    };
    merge(term.matchLabelKeys, SelectorOperator::In);
    merge(term.mismatchLabelKeys, SelectorOperator::NotIn);
}

// Every term of a pod's affinity and anti-affinity, required and preferred.
template<typename F>
void forEachAffinityTerm(Pod& pod, F&& f)
{
    for (std::optional<PodAffinity>* affinity : {&pod.affinity.podAffinity, &pod.affinity.podAntiAffinity}) {
        if (!*affinity)
            continue;
        for (auto& term : (*affinity)->requiredDuringSchedulingIgnoredDuringExecution)
            f(term);
        for (auto& weighted : (*affinity)->preferredDuringSchedulingIgnoredDuringExecution)
            f(weighted.podAffinityTerm);
    }
}

void unmergeMatchLabelKeys(PodAffinityTerm& term, const Labels& podLabels)
{
    if (!term.labelSelector)
        return;
    auto& expressions = term.labelSelector->matchExpressions;
    const auto unmerge = [&](const QStringList& keys, SelectorOperator op) {
        for (const auto& key : keys) {
            if (const auto value = podLabels.constFind(key); value != podLabels.cend())
                expressions.removeAll(LabelSelectorRequirement {key, op, {*value}});
        }
    };
    unmerge(term.matchLabelKeys, SelectorOperator::In);
    unmerge(term.mismatchLabelKeys, SelectorOperator::NotIn);
}

} // namespace

void unmergeMatchLabelKeys(Pod& pod)
{
    forEachAffinityTerm(pod, [&pod](PodAffinityTerm& term) { unmergeMatchLabelKeys(term, pod.meta.labels); });
}

void admitPod(Pod& pod, const QHash<QString, PriorityClass>& priorityClasses)
{
    admitPriority(pod, priorityClasses);
    admitDefaultTolerationSeconds(pod);
    forEachAffinityTerm(pod, [&pod](PodAffinityTerm& term) { mergeMatchLabelKeys(term, pod.meta.labels); });
}

QString synthesizeUid(const QString& kind, const ObjectMeta& meta)
{
    static const QUuid kschedvizNamespace(QStringLiteral("{6b0f3f56-0d55-4c3e-9a63-8f3c1f1d2b7a}"));
    return QUuid::createUuidV5(kschedvizNamespace, kind + QLatin1Char('/') + meta.namespace_ + QLatin1Char('/') + meta.name)
        .toString(QUuid::WithoutBraces);
}

} // namespace ksv
