#pragma once
// framework.NodeToStatus: the status of every node that was filtered out, and the status any other
// node gets (AbsentNodesStatus: by default UnschedulableAndUnresolvable without reasons; when a
// PreFilterResult excluded nodes, "node(s) didn't satisfy plugin(s) [...]").
//
// Upstream keeps a map from node name to status. A pod with a nodeSelector on 5,000 nodes leaves some
// 4,000 rejections per cycle; hashing each node's name touched 4,000 cold strings, half of such a
// cycle's time. Filter's rejections are therefore kept by node pointer, in the order they were set
// (the node lists they come from are retained, so the pointers stay valid), and a name index is
// built only when someone asks by name: preemption, `explain`, tests.

#include "status.h"
#include "types.h"

#include <QHash>
#include <QList>
#include <QString>

#include <vector>

namespace ksv::framework {

class NodeToStatus
{
public:
    Status absentNodesStatus = Status(Code::UnschedulableAndUnresolvable);

    // The status of the node called `nodeName`, replacing any earlier status of that node.
    void set(const QString& nodeName, Status status);
    // The status of nodes[index], which Filter rejected; replaces any earlier status of that node.
    void setRejected(const QList<NodeInfoPtr>& nodes, qsizetype index, Status status);

    // The node's own status, or null when it has none (it then gets absentNodesStatus).
    const Status* find(const QString& nodeName) const;
    // By identity: the node object whose rejection was set, or a node named as one set by name.
    const Status* find(const NodeInfo& node) const;
    Status get(const QString& nodeName) const
    {
        const Status* status = find(nodeName);
        return status ? *status : absentNodesStatus;
    }

    // The nodes with a status of their own, in the order their statuses were first set.
    qsizetype len() const { return qsizetype(m_entries.size()); }
    bool isEmpty() const { return m_entries.empty(); }
    const Status& statusAt(qsizetype i) const { return m_entries[size_t(i)].status; }
    const QString& nameAt(qsizetype i) const { return m_entries[size_t(i)].name(); }

private:
    struct Entry
    {
        const NodeInfo* node = nullptr; // null for statuses set by name
        QString nodeName;
        Status status;
        const QString& name() const { return node ? node->name() : nodeName; }
    };
    qsizetype indexOf(const QString& nodeName) const;
    void append(Entry entry);

    std::vector<Entry> m_entries;
    // Keeps the nodes behind Entry::node alive; the last one is the list Filter is walking.
    std::vector<QList<NodeInfoPtr>> m_retained;
    // Entries before this index were set by name or from another node list: the only ones a node of
    // the current list can repeat (a nominated node tried alone, then again with all nodes).
    size_t m_otherListsEnd = 0;
    qsizetype m_namedEntries = 0;
    // Built on the first lookup, kept up to date by later sets.
    mutable QHash<QString, qsizetype> m_byName;
    mutable bool m_byNameBuilt = false;
    mutable QHash<const NodeInfo*, qsizetype> m_byNode;
    mutable bool m_byNodeBuilt = false;
};

} // namespace ksv::framework
