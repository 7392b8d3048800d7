// InterPodAffinity's PreScore, Score and NormalizeScore (interpodaffinity/scoring.go, v1.32).

#include "interpodaffinity.h"

#include <algorithm>

namespace ksv::plugins {

namespace {

const Labels noLabels;

// scoreMap.processTerm: the term's weight (times multiplier) at the existing pod's node's domain of
// the term's topology key, if `pod` matches the term.
void processTerm(InterPodAffinity::ScoreMap& scores, const framework::AffinityTerm& term, qint32 weight, const Pod& pod,
                 const Labels& nsLabels, const Labels& nodeLabels, qint32 multiplier)
{
    if (!term.matches(pod, nsLabels))
        return;
    const auto value = nodeLabels.constFind(term.topologyKey);
    if (value == nodeLabels.cend())
        return;
    scores[term.topologyKey][*value] += static_cast<qint64>(weight * multiplier);
}

void processTerms(InterPodAffinity::ScoreMap& scores, const QList<framework::WeightedAffinityTerm>& terms, const Pod& pod,
                  const Labels& nsLabels, const Labels& nodeLabels, qint32 multiplier)
{
    for (const auto& term : terms)
        processTerm(scores, term.term, term.weight, pod, nsLabels, nodeLabels, multiplier);
}

bool hasPreferredTerms(const std::optional<PodAffinity>& affinity)
{
    return affinity && !affinity->preferredDuringSchedulingIgnoredDuringExecution.isEmpty();
}

// The memo key of "how many pods on this node does the (merged) term match": the term's namespaces
// (sorted), selector and namespace selector, matched with no namespace labels as processTerm does.
quint32 termMemoKey(const framework::AffinityTerm& term)
{
    QStringList namespaces(term.namespaces.cbegin(), term.namespaces.cend());
    namespaces.sort();
    QString description = QStringLiteral("InterPodAffinity/preferredTermMatches\x1c") + namespaces.join(QLatin1Char('\x1f'))
        + QLatin1Char('\x1c') + canonicalText(term.selector) + QLatin1Char('\x1c')
        + (term.namespaceSelector ? canonicalText(term.namespaceSelector) : QStringLiteral("none"));
    return framework::podCountMemoKey(description);
}

// processTerms for every pod of the node at once: a term matches a number of the node's pods, each
// adding its weight to the node's domain. That number is memoized on the node.
void processTermsOnNode(InterPodAffinity::ScoreMap& scores, const QList<framework::WeightedAffinityTerm>& terms,
                        const QList<quint32>& memoKeys, const framework::NodeInfo& nodeInfo, qint32 multiplier)
{
    const Labels& nodeLabels = nodeInfo.node().meta.labels;
    for (qsizetype i = 0; i < terms.size(); ++i) {
        const framework::AffinityTerm& term = terms[i].term;
        const auto value = nodeLabels.constFind(term.topologyKey);
        if (value == nodeLabels.cend())
            continue;
        const int matches = nodeInfo.memoizedCount(memoKeys[i], [&] {
            return int(std::count_if(nodeInfo.pods().cbegin(), nodeInfo.pods().cend(),
                                     [&term](const framework::PodInfoPtr& existing) { return term.matches(*existing->pod, noLabels); }));
        });
        if (matches > 0)
            scores[term.topologyKey][*value] += static_cast<qint64>(terms[i].weight * multiplier) * matches;
    }
}

} // namespace

void InterPodAffinity::processExistingPod(const PreScoreState& state, const framework::PodInfo& existingPod,
                                          const Node& existingPodNode, const Pod& incomingPod, ScoreMap& topologyScore) const
{
    const Labels& nodeLabels = existingPodNode.meta.labels;
    if (nodeLabels.isEmpty())
        return;
    // The incoming pod's preferred terms are matched against all of a node's pods at once in
    // preScore (processTermsOnNode); here only the existing pod's own terms.
    // The existing pod's required affinity terms count at hardPodAffinityWeight (symmetry); its
    // required anti-affinity terms do not count in scoring.
    if (m_args.hardPodAffinityWeight > 0) {
        for (const auto& term : existingPod.requiredAffinityTerms)
            processTerm(topologyScore, term, m_args.hardPodAffinityWeight, incomingPod, state.namespaceLabels, nodeLabels, 1);
    }
    processTerms(topologyScore, existingPod.preferredAffinityTerms, incomingPod, state.namespaceLabels, nodeLabels, 1);
    processTerms(topologyScore, existingPod.preferredAntiAffinityTerms, incomingPod, state.namespaceLabels, nodeLabels, -1);
}

framework::Status InterPodAffinity::preScore(framework::CycleState& state, const Pod& pod, const QList<framework::NodeInfoPtr>&)
{
    const bool hasConstraints = hasPreferredTerms(pod.affinity.podAffinity) || hasPreferredTerms(pod.affinity.podAntiAffinity);
    // Optionally ignore the preferences of existing pods when the incoming pod has none of its own.
    if (m_args.ignorePreferredTermsOfExistingPods && !hasConstraints)
        return framework::Status(framework::Code::Skip);

    // Unless the incoming pod has preferred terms, only nodes hosting pods with affinity matter, and
    // only those pods.
    const framework::Snapshot& snapshot = m_handle.snapshot();
    const QList<framework::NodeInfoPtr>& allNodes = hasConstraints ? snapshot.nodeInfos() : snapshot.havePodsWithAffinityNodeInfos();

    // Ideally never reached, as PreFilter catches these first.
    if (const QString error = podInfoParseError(pod); !error.isEmpty())
        return framework::Status::error(QStringLiteral("failed to parse pod: ") + error);

    auto s = std::make_unique<PreScoreState>();
    const framework::PodInfoPtr podInfo = framework::PodInfo::create(pod);
    s->preferredAffinityTerms = podInfo->preferredAffinityTerms;
    for (auto& weighted : s->preferredAffinityTerms)
        mergeAffinityTermNamespacesIfNotEmpty(weighted.term);
    s->preferredAntiAffinityTerms = podInfo->preferredAntiAffinityTerms;
    for (auto& weighted : s->preferredAntiAffinityTerms)
        mergeAffinityTermNamespacesIfNotEmpty(weighted.term);
    s->namespaceLabels = m_handle.lister().namespaceLabels(pod.meta.namespace_);

    // The incoming pod's preferred terms: their namespace selectors were merged, so the existing pods'
    // namespace labels are not needed, and what a term matches on a node depends on its pods alone.
    QList<quint32> affinityKeys;
    for (const auto& weighted : std::as_const(s->preferredAffinityTerms))
        affinityKeys.append(termMemoKey(weighted.term));
    QList<quint32> antiAffinityKeys;
    for (const auto& weighted : std::as_const(s->preferredAntiAffinityTerms))
        antiAffinityKeys.append(termMemoKey(weighted.term));

    bool anyScore = false;
    ScoreMap topologyScore;
    for (const auto& nodeInfo : allNodes) {
        if (hasConstraints && !nodeInfo->pods().isEmpty() && !nodeInfo->node().meta.labels.isEmpty()) {
            processTermsOnNode(topologyScore, s->preferredAffinityTerms, affinityKeys, *nodeInfo, 1);
            processTermsOnNode(topologyScore, s->preferredAntiAffinityTerms, antiAffinityKeys, *nodeInfo, -1);
        }
        // Only pods with affinity terms of their own add anything beyond that.
        for (const auto& existingPod : nodeInfo->podsWithAffinity())
            processExistingPod(*s, *existingPod, nodeInfo->node(), pod, topologyScore);
        // Upstream collects one map per node and skips when none has an entry; entries that sum to
        // zero still count.
        anyScore = anyScore || !topologyScore.isEmpty();
    }
    if (!anyScore)
        return framework::Status(framework::Code::Skip);

    s->topologyScore = std::move(topologyScore);
    state.write(preScoreStateKey, std::move(s));
    return {};
}

// Score: the sum of the domain scores of every topology key the node has. Positive for affinity,
// negative for anti-affinity; normalised afterwards.
framework::ScoreOutcome InterPodAffinity::score(framework::CycleState& state, const Pod&, const framework::NodeInfo& nodeInfo)
{
    const auto* s = state.read<PreScoreState>(preScoreStateKey);
    if (!s)
        return {0, framework::Status::error(QStringLiteral("failed to read \"PreScoreInterPodAffinity\" from cycleState: not found"))};
    const Labels& labels = nodeInfo.node().meta.labels;
    qint64 score = 0;
    for (auto it = s->topologyScore.cbegin(); it != s->topologyScore.cend(); ++it) {
        const auto value = labels.constFind(it.key());
        if (value != labels.cend())
            score += it->value(*value, 0);
    }
    return {score, {}};
}

// NormalizeScore: (score - min) / (max - min) scaled to 100 in floating point and truncated; all
// equal gives 0 everywhere.
framework::Status InterPodAffinity::normalizeScore(framework::CycleState& state, const Pod&, QList<framework::NodeScore>& scores)
{
    const auto* s = state.read<PreScoreState>(preScoreStateKey);
    if (!s)
        return framework::Status::error(QStringLiteral("failed to read \"PreScoreInterPodAffinity\" from cycleState: not found"));
    if (s->topologyScore.isEmpty())
        return {};

    qint64 minCount = std::numeric_limits<qint64>::max();
    qint64 maxCount = std::numeric_limits<qint64>::min();
    for (const auto& score : std::as_const(scores)) {
        maxCount = std::max(maxCount, score.score);
        minCount = std::min(minCount, score.score);
    }
    const qint64 maxMinDiff = maxCount - minCount;
    for (auto& score : scores) {
        double fScore = 0;
        if (maxMinDiff > 0)
            fScore = static_cast<double>(framework::maxNodeScore)
                * (static_cast<double>(score.score - minCount) / static_cast<double>(maxMinDiff));
        score.score = static_cast<qint64>(fScore);
    }
    return {};
}

} // namespace ksv::plugins
