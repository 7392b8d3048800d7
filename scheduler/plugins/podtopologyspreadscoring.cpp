// PodTopologySpread's PreScore, Score and NormalizeScore (podtopologyspread/scoring.go, v1.32).

#include "podtopologyspread.h"

#include <cmath>

namespace ksv::plugins {

using namespace podtopologyspread;

namespace {

const QString labelHostname = QStringLiteral("kubernetes.io/hostname");
constexpr qint64 invalidScore = -1;

// topologyNormalizingWeight: ln(size + 2), so that the counts of small topologies are not watered
// down by big ones.
double topologyNormalizingWeight(qsizetype size)
{
    return std::log(static_cast<double>(size + 2));
}

// scoreForCount: maxSkew - 1 is added so that differences between domains are watered down,
// controlling the tolerance of the score to skews.
double scoreForCount(qint64 count, int maxSkew, double weight)
{
    return static_cast<double>(count) * weight + static_cast<double>(maxSkew - 1);
}

} // namespace

// PreScore with initPreScoreState inlined: the filtered nodes decide the ignored nodes and the
// domains counted; the pods are then counted over every node of the snapshot.
framework::Status PodTopologySpread::preScore(framework::CycleState& state, const Pod& pod,
                                              const QList<framework::NodeInfoPtr>& filteredNodes)
{
    const QList<framework::NodeInfoPtr>& allNodes = m_handle.snapshot().nodeInfos();
    if (allNodes.isEmpty())
        return framework::Status(framework::Code::Skip);

    // Only non-system-default spreading requires nodes to have every topology key, so that nodes
    // without a zone label still get hostname spreading.
    const bool requireAllTopologies = !pod.topologySpreadConstraints.isEmpty() || !m_systemDefaulted;
    ConstraintsResult constraints = constraintsFor(pod, UnsatisfiableConstraintAction::ScheduleAnyway);
    if (!constraints.error.isEmpty())
        return framework::Status::error(QStringLiteral("calculating preScoreState: ") + constraints.error);
    if (constraints.constraints.isEmpty())
        return framework::Status(framework::Code::Skip);

    auto s = std::make_unique<PreScoreState>();
    s->constraints = std::move(constraints.constraints);
    const qsizetype count = s->constraints.size();
    QStringList keys;
    for (const auto& constraint : std::as_const(s->constraints)) {
        qsizetype slot = keys.indexOf(constraint.topologyKey);
        if (slot < 0) {
            slot = keys.size();
            keys.append(constraint.topologyKey);
        }
        s->keyIndex.append(slot);
    }
    s->valueToPodCounts.resize(keys.size());

    QList<qsizetype> topoSize(count, 0);
    for (const auto& nodeInfo : filteredNodes) {
        const Labels& labels = nodeInfo->node().meta.labels;
        if (requireAllTopologies && !nodeLabelsMatchSpreadConstraints(labels, s->constraints)) {
            // Nodes missing a topology key are ignored when scoring.
            s->ignoredNodes.insert(nodeInfo->name());
            continue;
        }
        for (qsizetype i = 0; i < count; ++i) {
            const Constraint& c = s->constraints[i];
            // Per-node counts are taken in Score.
            if (c.topologyKey == labelHostname)
                continue;
            QHash<QString, qint64>& counts = s->valueToPodCounts[s->keyIndex[i]];
            const QString value = labels.value(c.topologyKey);
            if (!counts.contains(value)) {
                counts.insert(value, 0);
                ++topoSize[i];
            }
        }
    }
    for (qsizetype i = 0; i < count; ++i) {
        qsizetype size = topoSize[i];
        if (s->constraints[i].topologyKey == labelHostname)
            size = filteredNodes.size() - s->ignoredNodes.size();
        s->topologyNormalizingWeight.append(topologyNormalizingWeight(size));
    }

    for (const auto& constraint : std::as_const(s->constraints))
        s->countMemoKeys.append(countMemoKey(constraint.selector, pod.meta.namespace_));

    // NodeInclusionPolicyInPodTopologySpread is on in v1.32: node affinity is applied per constraint.
    const nodeaffinity::RequiredNodeAffinity requiredNodeAffinity(pod);
    const bool honorsNodeAffinity = anyHonorsNodeAffinity(s->constraints);
    for (const auto& nodeInfo : allNodes) {
        const Node& node = nodeInfo->node();
        if (requireAllTopologies && !nodeLabelsMatchSpreadConstraints(node.meta.labels, s->constraints))
            continue;
        const bool affinityMatches = !honorsNodeAffinity || requiredNodeAffinity.match(*nodeInfo);
        for (qsizetype i = 0; i < count; ++i) {
            const Constraint& c = s->constraints[i];
            if (!matchNodeInclusionPolicies(c, pod, node, affinityMatches))
                continue;
            // Domains that no candidate node is in are not counted (and hostname never is here).
            QHash<QString, qint64>& counts = s->valueToPodCounts[s->keyIndex[i]];
            const auto it = counts.find(node.meta.labels.value(c.topologyKey));
            if (it == counts.end())
                continue;
            *it += countPodsMatchSelector(*nodeInfo, c.selector, pod.meta.namespace_, s->countMemoKeys[i]);
        }
    }

    state.write(preScoreStateKey, std::move(s));
    return {};
}

// Score: per constraint whose key the node has, the matching pods of its domain (of the node itself
// for hostname) weighted by the topology's size, plus maxSkew - 1; rounded half away from zero.
framework::ScoreOutcome PodTopologySpread::score(framework::CycleState& state, const Pod& pod, const framework::NodeInfo& nodeInfo)
{
    const auto* s = state.read<PreScoreState>(preScoreStateKey);
    if (!s)
        return {0, framework::Status::error(QStringLiteral("error reading \"PreScorePodTopologySpread\" from cycleState: not found"))};
    if (s->ignoredNodes.contains(nodeInfo.name()))
        return {};

    const Labels& labels = nodeInfo.node().meta.labels;
    double score = 0;
    for (qsizetype i = 0; i < s->constraints.size(); ++i) {
        const Constraint& c = s->constraints[i];
        const auto value = labels.constFind(c.topologyKey);
        if (value == labels.cend())
            continue;
        qint64 count = 0;
        if (c.topologyKey == labelHostname)
            count = countPodsMatchSelector(nodeInfo, c.selector, pod.meta.namespace_, s->countMemoKeys[i]);
        else
            count = s->valueToPodCounts[s->keyIndex[i]].value(*value, 0);
        score += scoreForCount(count, c.maxSkew, s->topologyNormalizingWeight[i]);
    }
    return {static_cast<qint64>(std::round(score)), {}};
}

// NormalizeScore: fewer matching pods score higher; (max + min - score) / max scaled to 100, with
// ignored nodes at 0 and every node at 100 when the maximum is 0.
framework::Status PodTopologySpread::normalizeScore(framework::CycleState& state, const Pod&, QList<framework::NodeScore>& scores)
{
    const auto* s = state.read<PreScoreState>(preScoreStateKey);
    if (!s)
        return framework::Status::error(QStringLiteral("error reading \"PreScorePodTopologySpread\" from cycleState: not found"));

    qint64 minScore = std::numeric_limits<qint64>::max();
    qint64 maxScore = 0;
    for (auto& score : scores) {
        if (s->ignoredNodes.contains(score.name)) {
            score.score = invalidScore;
            continue;
        }
        minScore = std::min(minScore, score.score);
        maxScore = std::max(maxScore, score.score);
    }
    for (auto& score : scores) {
        if (score.score == invalidScore) {
            score.score = 0;
            continue;
        }
        if (maxScore == 0) {
            score.score = framework::maxNodeScore;
            continue;
        }
        score.score = framework::maxNodeScore * (maxScore + minScore - score.score) / maxScore;
    }
    return {};
}

} // namespace ksv::plugins
