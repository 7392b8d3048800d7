// PodTopologySpread's PreFilter, PreFilterExtensions and Filter (podtopologyspread/filtering.go, v1.32).

#include "podtopologyspread.h"

#include "helpers.h"

#include <QVarLengthArray>

#include <cstring>

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

PodTopologySpread::PreFilterCounts& PodTopologySpread::cachedPreFilterCounts(PreFilterCountsKey key, bool& found)
{
    // Counts for other columns can never be asked for again: serials are not reused.
    std::erase_if(m_preFilterCounts, [&key](const auto& counts) { return counts->key.columnsSerial != key.columnsSerial; });
    const auto hit = std::find_if(m_preFilterCounts.begin(), m_preFilterCounts.end(),
                                  [&key](const auto& counts) { return counts->key == key; });
    found = hit != m_preFilterCounts.end();
    if (found) {
        std::rotate(m_preFilterCounts.begin(), hit, hit + 1);
        return *m_preFilterCounts.front();
    }
    // A few workloads with spread constraints take turns in the queue; each keeps its counts.
    constexpr size_t maxPreFilterCounts = 4;
    if (m_preFilterCounts.size() >= maxPreFilterCounts)
        m_preFilterCounts.pop_back();
    auto counts = std::make_unique<PreFilterCounts>();
    counts->key = std::move(key);
    m_preFilterCounts.insert(m_preFilterCounts.begin(), std::move(counts));
    return *m_preFilterCounts.front();
}

namespace {

// PreFilter's work on one node, shared by the count over every node and the update of changed ones.
struct NodeCounter
{
    const QList<PodTopologySpread::Constraint>& constraints;
    const QList<qsizetype>& keyIndex;
    const Pod& pod;
    const framework::NodeColumns& columns;
    const QVarLengthArray<const std::vector<qint32>*, 8>& keyColumns;
    bool honorsNodeAffinity = false;
    const std::vector<char>& nodeAffinityMatches;
    const QVarLengthArray<quint32, 8>& memoKeys;
    const QVarLengthArray<std::shared_ptr<framework::NodeColumns::CountMemo>, 8>& countMemos;

    // Node n's matching pods per key slot into counts[0, keyColumns.size()), -1 where no constraint
    // of the slot counts on the node.
    void count(qsizetype n, int* counts) const
    {
        std::fill(counts, counts + keyColumns.size(), -1);
        // A node lacking one of the keys is skipped, so every id read from the columns is a real value.
        const bool hasEveryKey = std::all_of(keyColumns.cbegin(), keyColumns.cend(), [n](const std::vector<qint32>* column) {
            return (*column)[size_t(n)] != framework::NodeColumns::missing;
        });
        if (!hasEveryKey)
            return;
        // NodeInclusionPolicyInPodTopologySpread is on in v1.32: node affinity is applied per
        // constraint here instead of to every node. Upstream collects each node's counts in a map
        // keyed by topology pair: a later constraint on the same key overwrites an earlier one.
        const bool affinityMatches = !honorsNodeAffinity || nodeAffinityMatches[size_t(n)];
        for (qsizetype i = 0; i < constraints.size(); ++i) {
            const PodTopologySpread::Constraint& c = constraints[i];
            if (!matchNodeInclusionPolicies(c, pod, *columns.nodes()[n], affinityMatches))
                continue;
            counts[keyIndex[i]] = countPodsMatchSelector(columns, countMemos[i].get(), n, c.selector, pod.meta.namespace_, memoKeys[i]);
        }
    }
};

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

    // PreFilter looks at every node in every cycle: node labels are read from the snapshot's integer
    // columns.
    std::unique_ptr<framework::NodeColumns> scratch;
    const framework::NodeColumns& columns = framework::nodeColumnsFor(m_handle.snapshot(), nodes, scratch);
    const bool ownColumns = &columns == &m_handle.snapshot().nodeColumns();
    QVarLengthArray<const std::vector<qint32>*, 8> keyColumns;
    for (const auto& key : std::as_const(s->keys))
        keyColumns.append(&columns.column(key.key));

    PreFilterCountsKey key;
    key.columnsSerial = columns.serial();
    QVarLengthArray<quint32, 8> memoKeys;
    QVarLengthArray<std::shared_ptr<framework::NodeColumns::CountMemo>, 8> countMemos;
    for (const auto& constraint : std::as_const(s->constraints)) {
        memoKeys.append(countMemoKey(constraint.selector, pod.meta.namespace_));
        countMemos.append(columns.countMemo(memoKeys.back()));
        key.constraints.append({constraint.topologyKey, memoKeys.back(), constraint.nodeAffinityPolicy, constraint.nodeTaintsPolicy});
    }
    const bool honorsNodeAffinity = anyHonorsNodeAffinity(s->constraints);
    if (honorsNodeAffinity)
        key.nodeAffinityMatches = s->requiredNodeAffinity.matchAll(nodes, columns);
    const auto honorsTaints = [](const Constraint& c) { return c.nodeTaintsPolicy == NodeInclusionPolicy::Honor; };
    if (std::any_of(s->constraints.cbegin(), s->constraints.cend(), honorsTaints))
        key.tolerations = pod.tolerations;

    // The snapshot's own columns mirror the nodes' generations: the counts are kept per key across
    // cycles, and a cycle recounts only the nodes whose pods changed since (upstream counts every
    // node in every cycle). Anything else is counted here and dropped.
    const std::vector<qint64>* generations = ownColumns ? columns.generations() : nullptr;
    PreFilterCounts uncached;
    bool found = false;
    PreFilterCounts& counts = generations ? cachedPreFilterCounts(std::move(key), found) : uncached;
    const NodeCounter counter {s->constraints, s->keyIndex, pod, columns, keyColumns, honorsNodeAffinity,
                               generations ? counts.key.nodeAffinityMatches : key.nodeAffinityMatches, memoKeys, countMemos};
    const qsizetype slots = s->keys.size();
    if (found) {
        QVarLengthArray<int, 8> fresh(slots);
        const auto recount = [&](size_t n) {
            int* old = &counts.nodeCounts[n * size_t(slots)];
            // Which slots count on a node is fixed for the key: a node counted nowhere stays so.
            if (std::all_of(old, old + slots, [](int count) { return count < 0; }))
                return;
            counter.count(qsizetype(n), fresh.data());
            for (qsizetype slot = 0; slot < slots; ++slot) {
                Q_ASSERT((old[slot] < 0) == (fresh[slot] < 0));
                if (old[slot] < 0)
                    continue;
                counts.matchNums[slot][size_t((*keyColumns[slot])[n])] += fresh[slot] - old[slot];
                old[slot] = fresh[slot];
            }
        };
        // A few nodes change between two cycles: compare the generations a block at a time.
        constexpr size_t block = 64;
        const qint64* current = generations->data();
        qint64* takenAt = counts.takenAt.data();
        for (size_t first = 0; first < generations->size(); first += block) {
            const size_t end = std::min(first + block, generations->size());
            if (std::memcmp(current + first, takenAt + first, (end - first) * sizeof(qint64)) == 0)
                continue;
            for (size_t n = first; n < end; ++n) {
                if (current[n] != takenAt[n]) {
                    takenAt[n] = current[n];
                    recount(n);
                }
            }
        }
        // Columns built since for other keys add value ids (these slots' values are older). The
        // check keeps a state still sharing the sums from being copied for nothing.
        const size_t valueCount = size_t(columns.valueCount());
        if (!counts.matchNums.isEmpty() && counts.matchNums.constFirst().size() < valueCount) {
            for (auto& matchNums : counts.matchNums)
                matchNums.resize(valueCount, -1);
        }
    } else {
        // Per key slot, the matching pods per value id (-1: no node of that domain counted yet) and
        // the ids in the order the nodes first show them, so that ties between critical paths
        // resolve the same way on every run (upstream walks a Go map, in random order).
        counts.nodeCounts.assign(size_t(nodes.size() * slots), -1);
        counts.matchNums = QList<std::vector<int>>(slots, std::vector<int>(size_t(columns.valueCount()), -1));
        QList<QList<qint32>> valueOrder(slots);
        for (qsizetype n = 0; n < nodes.size(); ++n) {
            int* nodeCounts = &counts.nodeCounts[size_t(n * slots)];
            counter.count(n, nodeCounts);
            for (qsizetype slot = 0; slot < slots; ++slot) {
                if (nodeCounts[slot] < 0)
                    continue;
                const qint32 value = (*keyColumns[slot])[size_t(n)];
                int& matchNum = counts.matchNums[slot][size_t(value)];
                if (matchNum < 0) {
                    matchNum = nodeCounts[slot];
                    valueOrder[slot].append(value);
                } else {
                    matchNum += nodeCounts[slot];
                }
            }
        }
        counts.valueOrder = std::make_shared<const QList<QList<qint32>>>(std::move(valueOrder));
        if (generations)
            counts.takenAt = *generations;
    }

    if (ownColumns) {
        s->columnsSerial = columns.serial();
        s->keyColumns = QList<const std::vector<qint32>*>(keyColumns.cbegin(), keyColumns.cend());
    }
    const QList<QList<qint32>>& valueOrder = *counts.valueOrder;
    for (qsizetype slot = 0; slot < slots; ++slot) {
        TopologyKeyState& keyState = s->keys[slot];
        keyState.domainsNum = static_cast<int>(valueOrder[slot].size());
        keyState.valueToMatchNum.reserve(valueOrder[slot].size());
        for (const qint32 value : valueOrder[slot]) {
            const int matchNum = counts.matchNums[slot][size_t(value)];
            keyState.valueToMatchNum.insert(columns.value(value), matchNum);
            updateCriticalPaths(keyState.criticalPaths, columns.value(value), matchNum);
        }
    }

    if (s->columnsSerial != 0) {
        // Filter's threads read the state's copy; the kept counts change in the next cycle.
        s->matchNumsById = std::make_shared<const QList<std::vector<int>>>(generations ? counts.matchNums : std::move(counts.matchNums));
        s->valueOrder = counts.valueOrder;
    }
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
