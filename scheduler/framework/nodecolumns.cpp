#include "nodecolumns.h"

#include "snapshot.h"

#include <algorithm>
#include <atomic>

namespace ksv::framework {

namespace {
std::atomic<quint64> lastSerial {0};
}

NodeColumns::NodeColumns(QList<NodeInfoPtr> nodes, bool mirrorGenerations)
    : m_serial(++lastSerial)
    , m_nodes(std::move(nodes))
{
    if (!mirrorGenerations)
        return;
    m_generations.resize(size_t(m_nodes.size()));
    m_mirrors = true;
    for (qsizetype i = 0; i < m_nodes.size(); ++i) {
        if (!m_nodes[i]->setGenerationMirror(&m_generations[size_t(i)]))
            m_mirrors = false;
    }
    if (m_mirrors)
        return;
    // Some node reports to another column set already: undo ours, and do without count memos.
    for (qsizetype i = 0; i < m_nodes.size(); ++i)
        m_nodes[i]->clearGenerationMirror(&m_generations[size_t(i)]);
}

NodeColumns::~NodeColumns()
{
    if (!m_mirrors)
        return;
    for (qsizetype i = 0; i < m_nodes.size(); ++i)
        m_nodes[i]->clearGenerationMirror(&m_generations[size_t(i)]);
}

const std::vector<qint32>& NodeColumns::column(const QString& key) const
{
    const auto found = m_columns.find(key);
    if (found != m_columns.end())
        return found->second;
    std::vector<qint32> ids(size_t(m_nodes.size()), missing);
    for (qsizetype i = 0; i < m_nodes.size(); ++i) {
        const Labels& labels = m_nodes[i]->node().meta.labels;
        const auto label = labels.constFind(key);
        if (label == labels.cend())
            continue;
        auto id = m_valueIds.constFind(*label);
        if (id == m_valueIds.cend()) {
            id = m_valueIds.insert(*label, qint32(m_values.size()));
            m_values.append(*label);
        }
        ids[size_t(i)] = *id;
    }
    return m_columns.emplace(key, std::move(ids)).first->second;
}

std::shared_ptr<const std::vector<char>> NodeColumns::selectorMatches(const Labels& selector) const
{
    for (const auto& [kept, matches] : m_selectorMatches) {
        if (kept == selector)
            return matches;
    }
    auto matches = std::make_shared<std::vector<char>>(size_t(m_nodes.size()), 1);
    for (auto it = selector.cbegin(); it != selector.cend(); ++it) {
        const std::vector<qint32>& ids = column(it.key());
        // A value no node has under any key built so far cannot be this key's on any node.
        const qint32 wanted = valueId(it.value());
        for (size_t i = 0; i < matches->size(); ++i)
            (*matches)[i] = char((*matches)[i] && wanted != missing && ids[i] == wanted);
    }
    if (m_selectorMatches.size() >= maxSelectorMatches)
        m_selectorMatches.erase(m_selectorMatches.begin());
    m_selectorMatches.emplace_back(selector, matches);
    return matches;
}

qint32 NodeColumns::valueId(const QString& value) const
{
    return m_valueIds.value(value, missing);
}

std::shared_ptr<NodeColumns::CountMemo> NodeColumns::countMemo(quint32 key) const
{
    if (!m_mirrors)
        return nullptr;
    const auto found = m_countMemos.find(key);
    if (found != m_countMemos.end())
        return found->second;
    if (m_countMemos.size() >= maxCountMemos) {
        m_countMemos.erase(m_countMemoOrder.front());
        m_countMemoOrder.erase(m_countMemoOrder.begin());
    }
    auto memo = std::make_shared<CountMemo>();
    memo->m_generations = &m_generations;
    // Generations start at 0, so -1 marks a count never taken.
    memo->m_takenAt.assign(m_generations.size(), -1);
    memo->m_counts.assign(m_generations.size(), 0);
    m_countMemos.emplace(key, memo);
    m_countMemoOrder.push_back(key);
    return memo;
}

const NodeColumns& nodeColumnsFor(const Snapshot& snapshot, const QList<NodeInfoPtr>& nodes, std::unique_ptr<NodeColumns>& scratch)
{
    const QList<NodeInfoPtr>& own = snapshot.nodeInfos();
    if (nodes.size() == own.size() && nodes.constData() == own.constData())
        return snapshot.nodeColumns();
    scratch = std::make_unique<NodeColumns>(nodes, false);
    return *scratch;
}

} // namespace ksv::framework
