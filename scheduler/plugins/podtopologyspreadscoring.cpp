// PodTopologySpread's PreScore, Score and NormalizeScore (podtopologyspread/scoring.go, v1.32).

#include "podtopologyspread.h"

#include "helpers.h"

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

    // Node labels are read from the snapshot's integer columns (nodecolumns.h): the second loop
    // visits every node in every cycle. Like upstream's `node.Labels[key]`, a missing label reads as
    // the empty value; `emptyValue` is that id (one past the real ids when no node has "").
    std::unique_ptr<framework::NodeColumns> scratch;
    const framework::NodeColumns& columns = framework::nodeColumnsFor(m_handle.snapshot(), allNodes, scratch);
    QList<const std::vector<qint32>*> keyColumns;
    for (const QString& key : std::as_const(keys))
        keyColumns.append(&columns.column(key));
    const qint32 idCount = columns.valueCount() + 1;
    const qint32 emptyValue = columns.valueId(QString()) != framework::NodeColumns::missing ? columns.valueId(QString())
                                                                                                  : idCount - 1;
    auto valueAt = [&](qsizetype slot, qsizetype node) {
        const qint32 id = (*keyColumns[slot])[size_t(node)];
        return id == framework::NodeColumns::missing ? emptyValue : id;
    };
    // Per key slot and value id: whether a candidate node is in that domain, and its matching pods.
    QList<std::vector<char>> domains(keys.size(), std::vector<char>(size_t(idCount), 0));
    QList<std::vector<qint64>> podCounts(keys.size(), std::vector<qint64>(size_t(idCount), 0));
    // A candidate node outside the snapshot (only tests pass such) may bring values of its own.
    QHash<QString, qint32> extraValues;
    auto valueOf = [&](const Labels& labels, const QString& key) {
        const auto label = labels.constFind(key);
        if (label == labels.cend() || label->isEmpty())
            return emptyValue;
        const qint32 id = columns.valueId(*label);
        if (id != framework::NodeColumns::missing)
            return id;
        const auto extra = extraValues.constFind(*label);
        if (extra != extraValues.cend())
            return *extra;
        const auto added = qint32(idCount + extraValues.size());
        extraValues.insert(*label, added);
        for (auto& slotDomains : domains)
            slotDomains.push_back(0);
        return added;
    };
    auto hasEveryKey = [&keyColumns](qsizetype n) {
        return std::all_of(keyColumns.cbegin(), keyColumns.cend(),
                           [n](const std::vector<qint32>* column) { return (*column)[size_t(n)] != framework::NodeColumns::missing; });
    };
    QList<qsizetype> topoSize(count, 0);
    const bool ownColumns = &columns == &m_handle.snapshot().nodeColumns();
    for (const auto& nodeInfo : filteredNodes) {
        // The snapshot's own nodes read their values from the columns, others from their labels.
        if (const qsizetype n = ownColumns ? columns.indexOf(*nodeInfo) : -1; n >= 0) {
            if (requireAllTopologies && !hasEveryKey(n)) {
                s->ignoredNodes.insert(nodeInfo->name());
                continue;
            }
            for (qsizetype i = 0; i < count; ++i) {
                if (s->constraints[i].topologyKey == labelHostname)
                    continue;
                char& domain = domains[s->keyIndex[i]][size_t(valueAt(s->keyIndex[i], n))];
                if (!domain) {
                    domain = 1;
                    ++topoSize[i];
                }
            }
            continue;
        }
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
            char& domain = domains[s->keyIndex[i]][size_t(valueOf(labels, c.topologyKey))];
            if (!domain) {
                domain = 1;
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

    QList<std::shared_ptr<framework::NodeColumns::CountMemo>> countMemos;
    for (const auto& constraint : std::as_const(s->constraints)) {
        s->countMemoKeys.append(countMemoKey(constraint.selector, pod.meta.namespace_));
        countMemos.append(columns.countMemo(s->countMemoKeys.constLast()));
    }

    // NodeInclusionPolicyInPodTopologySpread is on in v1.32: node affinity is applied per constraint.
    const nodeaffinity::RequiredNodeAffinity requiredNodeAffinity(pod);
    const bool honorsNodeAffinity = anyHonorsNodeAffinity(s->constraints);
    const std::vector<char> nodeAffinityMatches = honorsNodeAffinity ? requiredNodeAffinity.matchAll(allNodes, columns) : std::vector<char>();
    for (qsizetype n = 0; n < allNodes.size(); ++n) {
        if (requireAllTopologies && !hasEveryKey(n))
            continue;
        const bool affinityMatches = !honorsNodeAffinity || nodeAffinityMatches[size_t(n)];
        for (qsizetype i = 0; i < count; ++i) {
            const Constraint& c = s->constraints[i];
            // Domains that no candidate node is in are not counted (and hostname never is here).
            const qsizetype slot = s->keyIndex[i];
            const qint32 value = valueAt(slot, n);
            if (!domains[slot][size_t(value)])
                continue;
            if (!matchNodeInclusionPolicies(c, pod, *allNodes[n], affinityMatches))
                continue;
            podCounts[slot][size_t(value)] +=
                countPodsMatchSelector(columns, countMemos[i].get(), n, c.selector, pod.meta.namespace_, s->countMemoKeys[i]);
        }
    }
    for (qsizetype slot = 0; slot < keys.size(); ++slot) {
        for (qint32 value = 0; value < idCount; ++value) {
            if (domains[slot][size_t(value)])
                s->valueToPodCounts[slot].insert(value == emptyValue ? QString() : columns.value(value), podCounts[slot][size_t(value)]);
        }
        // Domains only nodes outside the snapshot are in: no node of the snapshot adds to them.
        for (auto extra = extraValues.cbegin(); extra != extraValues.cend(); ++extra) {
            if (domains[slot][size_t(*extra)])
                s->valueToPodCounts[slot].insert(extra.key(), 0);
        }
    }
    if (ownColumns) {
        // A value id outside every candidate's domain holds 0, as valueToPodCounts' absent entries do.
        s->columnsSerial = columns.serial();
        s->keyColumns = keyColumns;
        s->podCountsById = std::make_shared<const QList<std::vector<qint64>>>(std::move(podCounts));
        s->countMemos = countMemos;
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
    if (const qsizetype n = snapshotColumnIndex(m_handle, s->columnsSerial, nodeInfo); n >= 0)
        return scoreByColumns(*s, pod, nodeInfo, n);
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

// Score on node `n` of the snapshot's columns: the same sum, with value ids for label values and the
// columns' count memos for the hostname counts.
framework::ScoreOutcome PodTopologySpread::scoreByColumns(const PreScoreState& s, const Pod& pod, const framework::NodeInfo& nodeInfo,
                                                          qsizetype n) const
{
    if (!s.ignoredNodes.isEmpty() && s.ignoredNodes.contains(nodeInfo.name()))
        return {};
    const framework::NodeColumns& columns = m_handle.snapshot().nodeColumns();
    double score = 0;
    for (qsizetype i = 0; i < s.constraints.size(); ++i) {
        const Constraint& c = s.constraints[i];
        const qsizetype slot = s.keyIndex[i];
        const qint32 value = (*s.keyColumns[slot])[size_t(n)];
        if (value == framework::NodeColumns::missing)
            continue;
        qint64 count = 0;
        if (c.topologyKey == labelHostname)
            count = countPodsMatchSelector(columns, s.countMemos[i].get(), n, c.selector, pod.meta.namespace_, s.countMemoKeys[i]);
        else
            count = (*s.podCountsById)[slot][size_t(value)];
        score += scoreForCount(count, c.maxSkew, s.topologyNormalizingWeight[i]);
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
