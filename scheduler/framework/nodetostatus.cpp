#include "nodetostatus.h"

namespace ksv::framework {

qsizetype NodeToStatus::indexOf(const QString& nodeName) const
{
    if (!m_byNameBuilt) {
        m_byName.reserve(qsizetype(m_entries.size()));
        for (size_t i = 0; i < m_entries.size(); ++i)
            m_byName.insert(m_entries[i].name(), qsizetype(i));
        m_byNameBuilt = true;
    }
    return m_byName.value(nodeName, -1);
}

void NodeToStatus::append(Entry entry)
{
    const auto index = qsizetype(m_entries.size());
    if (m_byNameBuilt)
        m_byName.insert(entry.name(), index);
    if (m_byNodeBuilt && entry.node)
        m_byNode.insert(entry.node, index);
    m_entries.push_back(std::move(entry));
}

void NodeToStatus::set(const QString& nodeName, Status status)
{
    if (const qsizetype i = indexOf(nodeName); i >= 0) {
        m_entries[size_t(i)].status = std::move(status);
        return;
    }
    append({nullptr, nodeName, std::move(status)});
    ++m_namedEntries;
    m_otherListsEnd = m_entries.size();
}

void NodeToStatus::setRejected(const QList<NodeInfoPtr>& nodes, qsizetype index, Status status)
{
    if (m_retained.empty() || m_retained.back().constData() != nodes.constData()) {
        m_retained.push_back(nodes);
        m_otherListsEnd = m_entries.size();
    }
    const NodeInfo* node = nodes[index].get();
    // A node of the list being walked appears once in it, so only earlier lists can hold it.
    for (size_t i = 0; i < m_otherListsEnd; ++i) {
        Entry& entry = m_entries[i];
        // Node lists are the snapshot's, so a node met twice is the same object; only statuses set
        // by name need the name, which would otherwise stay untouched.
        if (entry.node ? entry.node == node : entry.nodeName == node->name()) {
            entry.status = std::move(status);
            return;
        }
    }
    append({node, QString(), std::move(status)});
}

const Status* NodeToStatus::find(const QString& nodeName) const
{
    const qsizetype i = indexOf(nodeName);
    return i < 0 ? nullptr : &m_entries[size_t(i)].status;
}

const Status* NodeToStatus::find(const NodeInfo& node) const
{
    if (m_entries.empty())
        return nullptr;
    if (!m_byNodeBuilt) {
        m_byNode.reserve(qsizetype(m_entries.size()));
        for (size_t i = 0; i < m_entries.size(); ++i) {
            if (m_entries[i].node)
                m_byNode.insert(m_entries[i].node, qsizetype(i));
        }
        m_byNodeBuilt = true;
    }
    if (const auto it = m_byNode.constFind(&node); it != m_byNode.cend())
        return &m_entries[size_t(*it)].status;
    // Only statuses set by name need the name.
    return m_namedEntries > 0 ? find(node.name()) : nullptr;
}

} // namespace ksv::framework
