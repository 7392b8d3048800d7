// PodTopologySpread's PreFilter, PreFilterExtensions and Filter (podtopologyspread/filtering.go, v1.32).

#include "podtopologyspread.h"

#include "helpers.h"

#include <QVarLengthArray>

namespace ksv::plugins {

using namespace podtopologyspread;

namespace {

// Gives every distinct topology key of `constraints` a slot, in order of first use.
void assignKeySlots(const QList<PodTopologySpread::Constraint>& constraints, QList<qsizetype>& keyIndex,
                    QList<PodTopologySpread::TopologyKeyState>& keys)
{
    keyIndex.reserve(constraints.size());
    for (const auto& constraint : constraints) {
        qsizetype slot = 0;
        while (slot < keys.size() && keys[slot].key != constraint.topologyKey)
            ++slot;
        if (slot == keys.size()) {
            PodTopologySpread::TopologyKeyState state;
            state.key = constraint.topologyKey;
            keys.append(std::move(state));
        }
        keyIndex.append(slot);
    }
}

framework::Status notFound()
{
    return framework::Status::error(QStringLiteral("reading \"PreFilterPodTopologySpread\" from cycleState: not found"));
}

} // namespace

// PreFilter: calPreFilterState over every node, then Skip when the pod has no hard constraint.
framework::PreFilterOutcome PodTopologySpread::preFilter(framework::CycleState& state, const Pod& pod,
                                                         const QList<framework::NodeInfoPtr>& nodes)
{
    ConstraintsResult constraints = constraintsFor(pod, UnsatisfiableConstraintAction::DoNotSchedule);
    if (!constraints.error.isEmpty())
        return {{}, framework::Status::error(constraints.error)};
    if (constraints.constraints.isEmpty())
        return {{}, framework::Status(framework::Code::Skip)};

    auto s = std::make_unique<PreFilterState>();
    s->constraints = std::move(constraints.constraints);
    s->requiredNodeAffinity = nodeaffinity::RequiredNodeAffinity(pod);
    assignKeySlots(s->constraints, s->keyIndex, s->keys);
    for (const auto& constraint : s->constraints)
        s->selfMatch.append(selectorMatches(constraint.selector, pod.meta.labels) ? 1 : 0);

    // Node labels are read from the snapshot's integer columns: this loop visits every node in every
    // cycle. A node lacking one of the keys is skipped, so every id read below is a real value.
    std::unique_ptr<framework::NodeColumns> scratch;
    const framework::NodeColumns& columns = framework::nodeColumnsFor(m_handle.snapshot(), nodes, scratch);
    QVarLengthArray<const std::vector<qint32>*, 8> keyColumns;
    for (const auto& key : std::as_const(s->keys))
        keyColumns.append(&columns.column(key.key));
    const bool honorsNodeAffinity = anyHonorsNodeAffinity(s->constraints);
    const std::vector<char> nodeAffinityMatches = honorsNodeAffinity ? s->requiredNodeAffinity.matchAll(nodes, columns) : std::vector<char>();

    // Per key slot, the matching pods per value id (-1: no node of that domain counted yet) and the
    // ids in the order the nodes first show them, so that ties between critical paths resolve the
    // same way on every run (upstream walks a Go map, in random order).
    QList<std::vector<int>> matchNums(s->keys.size(), std::vector<int>(size_t(columns.valueCount()), -1));
    QList<QList<qint32>> valueOrder(s->keys.size());
    // Upstream collects each node's counts in a map keyed by topology pair: a later constraint on the
    // same key overwrites an earlier one for that node. -1: no constraint of the slot counted here.
    QVarLengthArray<int, 8> nodeCounts(s->keys.size());
    QVarLengthArray<quint32, 8> memoKeys;
    QVarLengthArray<std::shared_ptr<framework::NodeColumns::CountMemo>, 8> countMemos;
    for (const auto& constraint : std::as_const(s->constraints)) {
        memoKeys.append(countMemoKey(constraint.selector, pod.meta.namespace_));
        countMemos.append(columns.countMemo(memoKeys.back()));
    }
    for (qsizetype n = 0; n < nodes.size(); ++n) {
        // NodeInclusionPolicyInPodTopologySpread is on in v1.32: node affinity is applied per
        // constraint below instead of to every node here.
        const bool hasEveryKey = std::all_of(keyColumns.cbegin(), keyColumns.cend(), [n](const std::vector<qint32>* column) {
            return (*column)[size_t(n)] != framework::NodeColumns::missing;
        });
        if (!hasEveryKey)
            continue;
        std::fill(nodeCounts.begin(), nodeCounts.end(), -1);
        const bool affinityMatches = !honorsNodeAffinity || nodeAffinityMatches[size_t(n)];
        for (qsizetype i = 0; i < s->constraints.size(); ++i) {
            const Constraint& c = s->constraints[i];
            if (!matchNodeInclusionPolicies(c, pod, *nodes[n], affinityMatches))
                continue;
            nodeCounts[s->keyIndex[i]] = countPodsMatchSelector(columns, countMemos[i].get(), n, c.selector, pod.meta.namespace_, memoKeys[i]);
        }
        for (qsizetype slot = 0; slot < s->keys.size(); ++slot) {
            if (nodeCounts[slot] < 0)
                continue;
            const qint32 value = (*keyColumns[slot])[size_t(n)];
            int& matchNum = matchNums[slot][size_t(value)];
            if (matchNum < 0) {
                matchNum = nodeCounts[slot];
                valueOrder[slot].append(value);
            } else {
                matchNum += nodeCounts[slot];
            }
        }
    }

    if (&columns == &m_handle.snapshot().nodeColumns()) {
        s->columnsSerial = columns.serial();
        s->keyColumns = QList<const std::vector<qint32>*>(keyColumns.cbegin(), keyColumns.cend());
    }
    for (qsizetype slot = 0; slot < s->keys.size(); ++slot) {
        TopologyKeyState& key = s->keys[slot];
        key.domainsNum = static_cast<int>(valueOrder[slot].size());
        key.valueToMatchNum.reserve(valueOrder[slot].size());
        for (const qint32 value : std::as_const(valueOrder[slot])) {
            const int matchNum = matchNums[slot][size_t(value)];
            key.valueToMatchNum.insert(columns.value(value), matchNum);
            updateCriticalPaths(key.criticalPaths, columns.value(value), matchNum);
        }
    }

    if (s->columnsSerial != 0)
        s->matchNumsById = std::make_shared<const QList<std::vector<int>>>(std::move(matchNums));
    state.write(preFilterStateKey, std::move(s));
    return {};
}

void PodTopologySpread::updateWithPod(PreFilterState& s, const Pod& updatedPod, const Pod& preemptorPod, const Node& node,
                                      int delta) const
{
    if (updatedPod.meta.namespace_ != preemptorPod.meta.namespace_)
        return;
    if (!nodeLabelsMatchSpreadConstraints(node.meta.labels, s.constraints))
        return;
    s.columnsSerial = 0; // the flat counts no longer hold
    // Unlike countPodsMatchSelector, upstream neither skips terminating pods nor Everything selectors here.
    for (qsizetype i = 0; i < s.constraints.size(); ++i) {
        const Constraint& c = s.constraints[i];
        if (!selectorMatches(c.selector, updatedPod.meta.labels))
            continue;
        if (!matchNodeInclusionPolicies(c, preemptorPod, node, s.requiredNodeAffinity))
            continue;
        TopologyKeyState& key = s.keys[s.keyIndex[i]];
        const QString& value = *node.meta.labels.constFind(c.topologyKey);
        int& count = key.valueToMatchNum[value];
        count += delta;
        updateCriticalPaths(key.criticalPaths, value, count);
    }
}

framework::Status PodTopologySpread::addPod(framework::CycleState& state, const Pod& podToSchedule,
                                            const framework::PodInfoPtr& podToAdd, const framework::NodeInfo& nodeInfo)
{
    auto* s = state.read<PreFilterState>(preFilterStateKey);
    if (!s)
        return notFound();
    updateWithPod(*s, *podToAdd->pod, podToSchedule, nodeInfo.node(), 1);
    return {};
}

framework::Status PodTopologySpread::removePod(framework::CycleState& state, const Pod& podToSchedule,
                                               const framework::PodInfoPtr& podToRemove, const framework::NodeInfo& nodeInfo)
{
    auto* s = state.read<PreFilterState>(preFilterStateKey);
    if (!s)
        return notFound();
    updateWithPod(*s, *podToRemove->pod, podToSchedule, nodeInfo.node(), -1);
    return {};
}

// Filter: for each constraint, 'existing matching num' + 'self-match (1 or 0)' - 'global minimum'
// must not exceed maxSkew. Runs per node, so it only reads the state.
framework::Status PodTopologySpread::filter(framework::CycleState& state, const Pod&, const framework::NodeInfo& nodeInfo)
{
    const auto* s = state.read<PreFilterState>(preFilterStateKey);
    if (!s)
        return notFound();
    if (const qsizetype n = snapshotColumnIndex(m_handle, s->columnsSerial, nodeInfo); n >= 0)
        return filterByColumns(*s, n);
    const Labels& labels = nodeInfo.node().meta.labels;
    for (qsizetype i = 0; i < s->constraints.size(); ++i) {
        const Constraint& c = s->constraints[i];
        const auto value = labels.constFind(c.topologyKey);
        if (value == labels.cend())
            return m_nodeLabelNotMatch;
        const TopologyKeyState& key = s->keys[s->keyIndex[i]];
        // minMatchNum: v1.32 keeps TpKeyToDomainsNum only for keys that have a domain, and a key
        // without one is an "internal error" that skips the constraint. Otherwise, with fewer
        // eligible domains than minDomains, the global minimum counts as 0.
        if (key.domainsNum == 0)
            continue;
        const int minMatchNum = key.domainsNum < c.minDomains ? 0 : key.criticalPaths[0].matchNum;
        const int matchNum = key.valueToMatchNum.value(*value, 0);
        const qint64 skew = static_cast<qint64>(matchNum) + s->selfMatch[i] - minMatchNum;
        if (skew > c.maxSkew)
            return m_constraintsNotMatch;
    }
    return {};
}

// Filter on node `n` of the snapshot's columns: the same checks, with value ids for label values.
framework::Status PodTopologySpread::filterByColumns(const PreFilterState& s, qsizetype n) const
{
    for (qsizetype i = 0; i < s.constraints.size(); ++i) {
        const Constraint& c = s.constraints[i];
        const qsizetype slot = s.keyIndex[i];
        const qint32 value = (*s.keyColumns[slot])[size_t(n)];
        if (value == framework::NodeColumns::missing)
            return m_nodeLabelNotMatch;
        const TopologyKeyState& key = s.keys[slot];
        if (key.domainsNum == 0)
            continue;
        const int minMatchNum = key.domainsNum < c.minDomains ? 0 : key.criticalPaths[0].matchNum;
        const int matchNum = std::max((*s.matchNumsById)[slot][size_t(value)], 0);
        const qint64 skew = static_cast<qint64>(matchNum) + s.selfMatch[i] - minMatchNum;
        if (skew > c.maxSkew)
            return m_constraintsNotMatch;
    }
    return {};
}

} // namespace ksv::plugins
