// InterPodAffinity's PreFilter, PreFilterExtensions and Filter (interpodaffinity/filtering.go, v1.32).

#include "interpodaffinity.h"

namespace ksv::plugins {

using interpodaffinity::podMatchesAllAffinityTerms;

namespace {

const Labels noLabels;

framework::Status notFound()
{
    return framework::Status::error(QStringLiteral("error reading \"PreFilterInterPodAffinity\" from cycleState: not found"));
}

// satisfyPodAffinity: every term's topology key is on the node and some matching pod is in the
// node's domain of each, or else the pod is the first of a group that has affinity to itself: no pod
// anywhere matches all its terms and the pod matches them itself.
bool satisfyPodAffinity(const InterPodAffinity::PreFilterState& s, const Labels& nodeLabels)
{
    bool podsExist = true;
    for (const auto& term : s.requiredAffinityTerms) {
        const auto value = nodeLabels.constFind(term.topologyKey);
        if (value == nodeLabels.cend())
            return false; // all topology labels must exist on the node, even for the first pod
        if (s.affinityCounts.value(term.topologyKey, *value) <= 0)
            podsExist = false;
    }
    if (!podsExist)
        return s.affinityCounts.isEmpty() && s.podMatchesOwnAffinityTerms;
    return true;
}

// satisfyPodAntiAffinity: no pod matching an anti-affinity term is in the node's domain of that term.
bool satisfyPodAntiAffinity(const InterPodAffinity::PreFilterState& s, const Labels& nodeLabels)
{
    if (s.antiAffinityCounts.isEmpty())
        return true;
    for (const auto& term : s.requiredAntiAffinityTerms) {
        const auto value = nodeLabels.constFind(term.topologyKey);
        if (value != nodeLabels.cend() && s.antiAffinityCounts.value(term.topologyKey, *value) > 0)
            return false;
    }
    return true;
}

// satisfyExistingPodsAntiAffinity: no label of the node is a domain in which an existing pod's
// anti-affinity term matches the incoming pod.
bool satisfyExistingPodsAntiAffinity(const InterPodAffinity::PreFilterState& s, const Labels& nodeLabels)
{
    if (s.existingAntiAffinityCounts.isEmpty())
        return true;
    for (auto it = nodeLabels.cbegin(); it != nodeLabels.cend(); ++it) {
        if (s.existingAntiAffinityCounts.value(it.key(), it.value()) > 0)
            return false;
    }
    return true;
}

} // namespace

framework::PreFilterOutcome InterPodAffinity::preFilter(framework::CycleState& state, const Pod& pod,
                                                        const QList<framework::NodeInfoPtr>& nodes)
{
    if (const QString error = podInfoParseError(pod); !error.isEmpty())
        return {{}, framework::Status(framework::Code::UnschedulableAndUnresolvable, QStringLiteral("parsing pod: ") + error)};

    auto s = std::make_unique<PreFilterState>();
    const framework::PodInfoPtr podInfo = framework::PodInfo::create(pod);
    s->requiredAffinityTerms = podInfo->requiredAffinityTerms;
    for (auto& term : s->requiredAffinityTerms)
        mergeAffinityTermNamespacesIfNotEmpty(term);
    s->requiredAntiAffinityTerms = podInfo->requiredAntiAffinityTerms;
    for (auto& term : s->requiredAntiAffinityTerms)
        mergeAffinityTermNamespacesIfNotEmpty(term);
    s->podMatchesOwnAffinityTerms = podMatchesAllAffinityTerms(s->requiredAffinityTerms, pod);
    s->namespaceLabels = m_handle.lister().namespaceLabels(pod.meta.namespace_);

    // getExistingAntiAffinityCounts: existing pods' required anti-affinity terms that match the
    // incoming pod, matched with the labels of the incoming pod's namespace.
    for (const auto& nodeInfo : m_handle.snapshot().havePodsWithRequiredAntiAffinityNodeInfos()) {
        const Labels& nodeLabels = nodeInfo->node().meta.labels;
        for (const auto& existingPod : nodeInfo->podsWithRequiredAntiAffinity()) {
            for (const auto& term : existingPod->requiredAntiAffinityTerms) {
                if (!term.matches(pod, s->namespaceLabels))
                    continue;
                if (const auto value = nodeLabels.constFind(term.topologyKey); value != nodeLabels.cend())
                    s->existingAntiAffinityCounts.add(term.topologyKey, *value, 1);
            }
        }
    }

    // getIncomingAffinityAntiAffinityCounts: existing pods matching all of the incoming pod's affinity
    // terms, and those matching each of its anti-affinity terms.
    if (!s->requiredAffinityTerms.isEmpty() || !s->requiredAntiAffinityTerms.isEmpty()) {
        for (const auto& nodeInfo : nodes) {
            const Labels& nodeLabels = nodeInfo->node().meta.labels;
            for (const auto& existingPod : nodeInfo->pods()) {
                const Pod& existing = *existingPod->pod;
                if (podMatchesAllAffinityTerms(s->requiredAffinityTerms, existing)) {
                    for (const auto& term : std::as_const(s->requiredAffinityTerms)) {
                        if (const auto value = nodeLabels.constFind(term.topologyKey); value != nodeLabels.cend())
                            s->affinityCounts.add(term.topologyKey, *value, 1);
                    }
                }
                for (const auto& term : std::as_const(s->requiredAntiAffinityTerms)) {
                    if (!term.matches(existing, noLabels))
                        continue;
                    if (const auto value = nodeLabels.constFind(term.topologyKey); value != nodeLabels.cend())
                        s->antiAffinityCounts.add(term.topologyKey, *value, 1);
                }
            }
        }
    }

    if (s->existingAntiAffinityCounts.isEmpty() && s->requiredAffinityTerms.isEmpty() && s->requiredAntiAffinityTerms.isEmpty())
        return {{}, framework::Status(framework::Code::Skip)};

    state.write(preFilterStateKey, std::move(s));
    return {};
}

// preFilterState.updateWithPod, for the pods preemption adds or removes.
framework::Status InterPodAffinity::addPod(framework::CycleState& state, const Pod& podToSchedule,
                                           const framework::PodInfoPtr& podToAdd, const framework::NodeInfo& nodeInfo)
{
    auto* s = state.read<PreFilterState>(preFilterStateKey);
    if (!s)
        return notFound();
    const Labels& nodeLabels = nodeInfo.node().meta.labels;
    s->existingAntiAffinityCounts.updateWithAntiAffinityTerms(podToAdd->requiredAntiAffinityTerms, podToSchedule,
                                                              s->namespaceLabels, nodeLabels, 1);
    s->affinityCounts.updateWithAffinityTerms(s->requiredAffinityTerms, *podToAdd->pod, nodeLabels, 1);
    s->antiAffinityCounts.updateWithAntiAffinityTerms(s->requiredAntiAffinityTerms, *podToAdd->pod, noLabels, nodeLabels, 1);
    return {};
}

framework::Status InterPodAffinity::removePod(framework::CycleState& state, const Pod& podToSchedule,
                                              const framework::PodInfoPtr& podToRemove, const framework::NodeInfo& nodeInfo)
{
    auto* s = state.read<PreFilterState>(preFilterStateKey);
    if (!s)
        return notFound();
    const Labels& nodeLabels = nodeInfo.node().meta.labels;
    s->existingAntiAffinityCounts.updateWithAntiAffinityTerms(podToRemove->requiredAntiAffinityTerms, podToSchedule,
                                                              s->namespaceLabels, nodeLabels, -1);
    s->affinityCounts.updateWithAffinityTerms(s->requiredAffinityTerms, *podToRemove->pod, nodeLabels, -1);
    s->antiAffinityCounts.updateWithAntiAffinityTerms(s->requiredAntiAffinityTerms, *podToRemove->pod, noLabels, nodeLabels, -1);
    return {};
}

framework::Status InterPodAffinity::filter(framework::CycleState& state, const Pod&, const framework::NodeInfo& nodeInfo)
{
    const auto* s = state.read<PreFilterState>(preFilterStateKey);
    if (!s)
        return notFound();
    const Labels& nodeLabels = nodeInfo.node().meta.labels;
    if (!satisfyPodAffinity(*s, nodeLabels))
        return m_affinityRulesNotMatch;
    if (!satisfyPodAntiAffinity(*s, nodeLabels))
        return m_antiAffinityRulesNotMatch;
    if (!satisfyExistingPodsAntiAffinity(*s, nodeLabels))
        return m_existingAntiAffinityRulesNotMatch;
    return {};
}

} // namespace ksv::plugins
