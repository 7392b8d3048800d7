#include "interpodaffinity.h"

#include "nodeaffinitymatching.h"
#include "selectorparsing.h"

namespace ksv::plugins {

// ---- plugin.go -----------------------------------------------------------------------------------

InterPodAffinity::InterPodAffinity(const config::InterPodAffinityArgs& args, framework::Handle& handle)
    : m_args(args)
    , m_handle(handle)
    , m_affinityRulesNotMatch(framework::Code::UnschedulableAndUnresolvable, ErrReasonAffinityRulesNotMatch)
    , m_antiAffinityRulesNotMatch(framework::Code::Unschedulable, ErrReasonAntiAffinityRulesNotMatch)
    , m_existingAntiAffinityRulesNotMatch(framework::Code::Unschedulable, ErrReasonExistingAntiAffinityRulesNotMatch)
{
}

void InterPodAffinity::mergeAffinityTermNamespacesIfNotEmpty(framework::AffinityTerm& term) const
{
    // An empty selector (labels.Everything()) already matches every namespace with nil labels. A nil
    // one (labels.Nothing()) lists no namespace, so it falls through harmlessly.
    if (term.namespaceSelector && term.namespaceSelector->isEmpty())
        return;
    for (const auto& ns : m_handle.lister().cluster().namespaces) {
        if (selectorMatches(term.namespaceSelector, ns.meta.labels))
            term.namespaces.insert(ns.meta.name);
    }
    term.namespaceSelector.reset();
}

namespace {

// getAffinityTerms / getWeightedAffinityTerms stop at the first term whose selector or namespace
// selector does not parse.
QString termsParseError(const QList<PodAffinityTerm>& terms)
{
    for (const auto& term : terms) {
        if (QString error = labelSelectorParseError(term.labelSelector); !error.isEmpty())
            return error;
        if (QString error = labelSelectorParseError(term.namespaceSelector); !error.isEmpty())
            return error;
    }
    return {};
}

QList<PodAffinityTerm> requiredTermsOf(const std::optional<PodAffinity>& affinity)
{
    return affinity ? affinity->requiredDuringSchedulingIgnoredDuringExecution : QList<PodAffinityTerm>();
}

QList<PodAffinityTerm> preferredTermsOf(const std::optional<PodAffinity>& affinity)
{
    QList<PodAffinityTerm> terms;
    if (affinity) {
        for (const auto& weighted : affinity->preferredDuringSchedulingIgnoredDuringExecution)
            terms.append(weighted.podAffinityTerm);
    }
    return terms;
}

} // namespace

QString InterPodAffinity::podInfoParseError(const Pod& pod)
{
    const struct
    {
        QLatin1String prefix;
        QList<PodAffinityTerm> terms;
    } lists[] = {
        {QLatin1String("requiredAffinityTerms: "), requiredTermsOf(pod.affinity.podAffinity)},
        {QLatin1String("requiredAntiAffinityTerms: "), requiredTermsOf(pod.affinity.podAntiAffinity)},
        {QLatin1String("preferredAffinityTerms: "), preferredTermsOf(pod.affinity.podAffinity)},
        {QLatin1String("preferredAntiAffinityTerms: "), preferredTermsOf(pod.affinity.podAntiAffinity)},
    };
    QStringList errors;
    for (const auto& list : lists) {
        if (const QString error = termsParseError(list.terms); !error.isEmpty())
            errors.append(list.prefix + error);
    }
    return nodeaffinity::aggregateErrorMessage(errors);
}

// ---- topologyToMatchedTermCount ------------------------------------------------------------------

qint64 InterPodAffinity::TopologyToMatchedTermCount::value(const QString& key, const QString& value) const
{
    const auto values = m_counts.constFind(key);
    return values == m_counts.cend() ? 0 : values->value(value, 0);
}

void InterPodAffinity::TopologyToMatchedTermCount::add(const QString& key, const QString& value, qint64 delta)
{
    QHash<QString, qint64>& values = m_counts[key];
    auto it = values.find(value);
    if (it == values.end()) {
        values.insert(value, delta);
        ++m_size;
    } else {
        *it += delta;
    }
}

void InterPodAffinity::TopologyToMatchedTermCount::update(const Labels& nodeLabels, const QString& tk, qint64 delta)
{
    const auto tv = nodeLabels.constFind(tk);
    if (tv == nodeLabels.cend())
        return;
    add(tk, *tv, delta);
    auto values = m_counts.find(tk);
    auto it = values->find(*tv);
    if (*it == 0) {
        values->erase(it);
        --m_size;
        if (values->isEmpty())
            m_counts.erase(values);
    }
}

namespace interpodaffinity {

bool podMatchesAllAffinityTerms(const QList<framework::AffinityTerm>& terms, const Pod& pod)
{
    if (terms.isEmpty())
        return false;
    static const Labels noLabels;
    return std::all_of(terms.cbegin(), terms.cend(), [&pod](const framework::AffinityTerm& term) { return term.matches(pod, noLabels); });
}

} // namespace interpodaffinity

void InterPodAffinity::TopologyToMatchedTermCount::updateWithAffinityTerms(const QList<framework::AffinityTerm>& terms,
                                                                          const Pod& pod, const Labels& nodeLabels,
                                                                          qint64 delta)
{
    if (!interpodaffinity::podMatchesAllAffinityTerms(terms, pod))
        return;
    for (const auto& term : terms)
        update(nodeLabels, term.topologyKey, delta);
}

void InterPodAffinity::TopologyToMatchedTermCount::updateWithAntiAffinityTerms(const QList<framework::AffinityTerm>& terms,
                                                                              const Pod& pod, const Labels& nsLabels,
                                                                              const Labels& nodeLabels, qint64 delta)
{
    for (const auto& term : terms) {
        if (term.matches(pod, nsLabels))
            update(nodeLabels, term.topologyKey, delta);
    }
}

QMap<QString, qint64> InterPodAffinity::TopologyToMatchedTermCount::toMap() const
{
    QMap<QString, qint64> map;
    for (auto key = m_counts.cbegin(); key != m_counts.cend(); ++key) {
        for (auto value = key->cbegin(); value != key->cend(); ++value)
            map.insert(key.key() + QLatin1Char('=') + value.key(), value.value());
    }
    return map;
}

// ---- QueueingHints (plugin.go v1.32: EventsToRegister with hints on, isSchedulableAfterPodChange,
// isSchedulableAfterNodeChange) -----------------------------------------------------------------------

QList<framework::ClusterEventWithHint> InterPodAffinity::eventsToRegister() const
{
    using namespace framework;
    return {
        // A scheduled pod deleted may lift anti-affinity, relabelled may do either, added may satisfy affinity.
        {clusterEvent(EventResource::Pod, action::Add | action::UpdatePodLabel | action::Delete), &InterPodAffinity::isSchedulableAfterPodChange},
        // No UpdateNodeTaint with hints on: it only worked around preCheck.
        {clusterEvent(EventResource::Node, action::Add | action::UpdateNodeLabel), &InterPodAffinity::isSchedulableAfterNodeChange},
    };
}

framework::QueueingHint InterPodAffinity::isSchedulableAfterPodChange(const Pod& pod, const KubeObject* oldObj,
                                                                     const KubeObject* newObj)
{
    using framework::QueueingHint;
    const Pod* originalPod = nullptr;
    const Pod* modifiedPod = nullptr;
    if (!framework::as(oldObj, newObj, originalPod, modifiedPod) || (!originalPod && !modifiedPod))
        return QueueingHint::Queue;
    // Only scheduled pods take part in inter-pod affinity.
    if ((modifiedPod && modifiedPod->nodeName.isEmpty()) || (originalPod && originalPod->nodeName.isEmpty()))
        return QueueingHint::QueueSkip;

    // GetAffinityTerms of the pod's required terms, namespaces not merged with the namespace selector;
    // a term that does not parse is an error, which the queue takes as Queue.
    if (!termsParseError(requiredTermsOf(pod.affinity.podAffinity)).isEmpty()
        || !termsParseError(requiredTermsOf(pod.affinity.podAntiAffinity)).isEmpty())
        return QueueingHint::Queue;
    const framework::PodInfoPtr podInfo = framework::PodInfo::create(pod);
    const QList<framework::AffinityTerm>& terms = podInfo->requiredAffinityTerms;
    const QList<framework::AffinityTerm>& antiTerms = podInfo->requiredAntiAffinityTerms;
    using interpodaffinity::podMatchesAllAffinityTerms;

    // One existing pod must satisfy all affinity terms at once, so the terms are checked together.
    if (modifiedPod && originalPod) {
        if (!podMatchesAllAffinityTerms(terms, *originalPod) && podMatchesAllAffinityTerms(terms, *modifiedPod))
            return QueueingHint::Queue;
        if (podMatchesAllAffinityTerms(antiTerms, *originalPod) && !podMatchesAllAffinityTerms(antiTerms, *modifiedPod))
            return QueueingHint::Queue;
        return QueueingHint::QueueSkip;
    }
    if (modifiedPod)
        return podMatchesAllAffinityTerms(terms, *modifiedPod) ? QueueingHint::Queue : QueueingHint::QueueSkip;
    return podMatchesAllAffinityTerms(antiTerms, *originalPod) ? QueueingHint::Queue : QueueingHint::QueueSkip;
}

framework::QueueingHint InterPodAffinity::isSchedulableAfterNodeChange(const Pod& pod, const KubeObject* oldObj,
                                                                      const KubeObject* newObj)
{
    using framework::QueueingHint;
    const Node* originalNode = nullptr;
    const Node* modifiedNode = nullptr;
    if (!framework::as(oldObj, newObj, originalNode, modifiedNode) || !modifiedNode)
        return QueueingHint::Queue;

    // A node carrying the topology key of a term may open a domain for the pod.
    if (!termsParseError(requiredTermsOf(pod.affinity.podAffinity)).isEmpty())
        return QueueingHint::Queue;
    const framework::PodInfoPtr podInfo = framework::PodInfo::create(pod);
    for (const auto& term : podInfo->requiredAffinityTerms) {
        if (modifiedNode->meta.labels.contains(term.topologyKey))
            return QueueingHint::Queue;
    }
    if (!termsParseError(requiredTermsOf(pod.affinity.podAntiAffinity)).isEmpty())
        return QueueingHint::Queue;
    for (const auto& term : podInfo->requiredAntiAffinityTerms) {
        if (modifiedNode->meta.labels.contains(term.topologyKey))
            return QueueingHint::Queue;
    }
    return QueueingHint::QueueSkip;
}

} // namespace ksv::plugins
