#pragma once
// Flat per-node columns of one node list, for plugins that visit every node in every cycle.
//
// PodTopologySpread's PreFilter and PreScore read a topology label, match the pod's nodeSelector and
// count matching pods on all nodes of the snapshot in every cycle. On 5,000 nodes the time goes to
// cache misses: each NodeInfo, its Node and its QMap of labels are separate heap blocks. A node's
// labels only change when the node is replaced, and its pods change on a few nodes per cycle, so:
//   - labels: per key asked for, one array of value ids in node order (comparing values is
//     comparing ids);
//   - generations: each node writes its generation into this array whenever its pods change
//     (NodeInfo::setGenerationMirror), so a loop sees which nodes changed without touching them;
//   - count memos: per counting question (podCountMemoKey), one count per node with the generation
//     it was taken at. A loop recounts only the nodes whose generation moved.
// The snapshot builds its columns once per node list (Snapshot::nodeColumns).
//
// Not thread-safe, like NodeInfo's count memo: the engine's thread only. Upstream has no such cache;
// it changes no result, only how often the same thing is looked up.
#include "types.h"

#include <QHash>
#include <QList>
#include <QString>

#include <memory>
#include <unordered_map>
#include <vector>

namespace ksv::framework {

class NodeColumns
{
public:
    static constexpr qint32 missing = -1;

    NodeColumns() = default;
    // `mirrorGenerations`: the nodes report their generation here, which count memos need. Only one
    // column set can mirror a node; a second gets no count memos.
    NodeColumns(QList<NodeInfoPtr> nodes, bool mirrorGenerations);
    ~NodeColumns();
    NodeColumns(const NodeColumns&) = delete;
    NodeColumns& operator=(const NodeColumns&) = delete;

    const QList<NodeInfoPtr>& nodes() const { return m_nodes; }
    qsizetype size() const { return m_nodes.size(); }
    // Unique among all column sets built in this process: a cycle's state holding indexes into
    // these columns checks that the snapshot still has them (a new set may reuse the address).
    quint64 serial() const { return m_serial; }
    // The node's position in nodes(), read from its generation mirror (no lookup), or -1 when the
    // node is not one of these columns' (a clone, another list, or columns without mirrors).
    qsizetype indexOf(const NodeInfo& node) const
    {
        const auto slot = reinterpret_cast<quintptr>(node.generationMirror());
        const auto first = reinterpret_cast<quintptr>(m_generations.data());
        if (!m_mirrors || slot < first || slot >= first + m_generations.size() * sizeof(qint64))
            return -1;
        return qsizetype((slot - first) / sizeof(qint64));
    }
    // Each node's generation, in node order, or null when these columns do not mirror generations.
    // A loop that keeps per-node results compares it with the generations it took them at.
    const std::vector<qint64>* generations() const { return m_mirrors ? &m_generations : nullptr; }
    // Per node, 1 when its labels hold every entry of `selector` (labels.SelectorFromSet), else 0.
    // Labels never change for these columns, so the answer is kept (the last few selectors asked).
    std::shared_ptr<const std::vector<char>> selectorMatches(const Labels& selector) const;

    // The id of each node's value for `key`, in node order; `missing` where a node lacks the label.
    // The reference stays valid for the life of this object.
    const std::vector<qint32>& column(const QString& key) const;
    // The id of `value` as columns use it, or `missing` when no column built so far holds it (so no
    // node compared through a column can have it).
    qint32 valueId(const QString& value) const;
    const QString& value(qint32 id) const { return m_values.at(id); }
    // One past the largest value id: ids index flat per-value arrays.
    qint32 valueCount() const { return qint32(m_values.size()); }

    // Counts derived from one node's pods alone under `key` (podCountMemoKey), or null when these
    // columns do not mirror generations. The caller's reference keeps it alive if it is evicted.
    class CountMemo
    {
    public:
        // The count of node `index`, or compute() kept until that node's generation changes.
        template<typename Compute>
        int count(qsizetype index, Compute compute)
        {
            const auto i = size_t(index);
            if (m_takenAt[i] != (*m_generations)[i]) {
                m_counts[i] = compute();
                m_takenAt[i] = (*m_generations)[i];
            }
            return m_counts[i];
        }

    private:
        friend class NodeColumns;
        const std::vector<qint64>* m_generations = nullptr;
        std::vector<qint64> m_takenAt;
        std::vector<int> m_counts;
    };
    std::shared_ptr<CountMemo> countMemo(quint32 key) const;

private:
    quint64 m_serial = 0;
    QList<NodeInfoPtr> m_nodes;
    bool m_mirrors = false;
    std::vector<qint64> m_generations;
    mutable std::unordered_map<QString, std::vector<qint32>> m_columns;
    mutable QHash<QString, qint32> m_valueIds;
    mutable QStringList m_values;
    // Bounded: a long run asks many questions (one per workload and namespace), few at a time.
    static constexpr size_t maxCountMemos = 32;
    mutable std::unordered_map<quint32, std::shared_ptr<CountMemo>> m_countMemos;
    mutable std::vector<quint32> m_countMemoOrder; // least recently created first
    static constexpr size_t maxSelectorMatches = 16;
    mutable std::vector<std::pair<Labels, std::shared_ptr<const std::vector<char>>>> m_selectorMatches; // oldest first
};

// The columns of `nodes`: the snapshot's own when `nodes` is its node list (the usual case, kept
// across cycles), otherwise built into `scratch` for this call, without count memos.
class Snapshot;
const NodeColumns& nodeColumnsFor(const Snapshot& snapshot, const QList<NodeInfoPtr>& nodes, std::unique_ptr<NodeColumns>& scratch);

} // namespace ksv::framework
