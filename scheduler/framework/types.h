#pragma once

// The scheduler's own view of pods and nodes (pkg/scheduler/framework/types.go): pods with their
// requests and affinity terms pre-computed, and nodes with what their pods use.

#include "api/objects.h"

#include <QHash>
#include <QList>
#include <QMap>
#include <QSet>

#include <array>
#include <memory>
#include <optional>

namespace ksv::framework {

// framework.Resource: integer amounts as the plugins compare them.
struct Resource
{
    qint64 milliCPU = 0;
    qint64 memory = 0;
    qint64 ephemeralStorage = 0;
    qint64 allowedPodNumber = 0;
    QMap<QString, qint64> scalarResources; // extended resources, hugepages, ...

    static Resource fromResourceList(const ResourceList& list);
    void add(const ResourceList& list);
    void add(const Resource& other);
    void subtract(const Resource& other);
    qint64 scalar(const QString& name) const { return scalarResources.value(name); }
    friend bool operator==(const Resource&, const Resource&) = default;
};

// framework.AffinityTerm: a pod (anti-)affinity term with its namespaces resolved. A selector
// without a value is labels.Nothing().
struct AffinityTerm
{
    QSet<QString> namespaces;
    std::optional<LabelSelector> selector;
    QString topologyKey;
    std::optional<LabelSelector> namespaceSelector;

    // AffinityTerm.Matches: the pod is in one of the namespaces (or its namespace's labels match the
    // namespace selector), and its labels match the selector.
    bool matches(const Pod& pod, const Labels& namespaceLabels) const;
};

struct WeightedAffinityTerm
{
    AffinityTerm term;
    int weight = 0;
};

// framework.PodInfo, plus the requests that NodeInfo.update would compute on every add.
struct PodInfo
{
    std::shared_ptr<const Pod> pod;
    QList<AffinityTerm> requiredAffinityTerms;
    QList<AffinityTerm> requiredAntiAffinityTerms;
    QList<WeightedAffinityTerm> preferredAffinityTerms;
    QList<WeightedAffinityTerm> preferredAntiAffinityTerms;
    Resource requests;         // resourcehelper.PodRequests
    qint64 nonZeroMilliCPU = 0; // with the 100m default for containers without a request
    qint64 nonZeroMemory = 0;   // with the 200Mi default

    static std::shared_ptr<const PodInfo> create(std::shared_ptr<const Pod> pod);
    static std::shared_ptr<const PodInfo> create(const Pod& pod) { return create(std::make_shared<const Pod>(pod)); }
};
using PodInfoPtr = std::shared_ptr<const PodInfo>;

// framework.HostPortInfo: host ports in use per IP; "" means 0.0.0.0 and "" protocol means TCP.
class HostPortInfo
{
public:
    void add(const QString& ip, Protocol protocol, int port);
    void remove(const QString& ip, Protocol protocol, int port);
    // CheckConflict: 0.0.0.0 conflicts with the port on any IP; another IP with itself and 0.0.0.0.
    bool checkConflict(const QString& ip, Protocol protocol, int port) const;
    qsizetype size() const;

private:
    QHash<QString, QSet<quint32>> m_ports; // ip → (protocol << 16 | port)
};

struct ImageStateSummary
{
    qint64 size = 0;
    int numNodes = 0;
};

// framework.NodeInfo: a node with the pods assigned (or assumed) to it and their totals.
class NodeInfo
{
public:
    NodeInfo() = default;
    explicit NodeInfo(std::shared_ptr<const Node> node);
    // Copies are clones (preemption's dry runs, nominated pods added); nothing assigns over a node,
    // which would leave its generation mirror stale.
    NodeInfo(const NodeInfo&) = default;
    NodeInfo& operator=(const NodeInfo&) = delete;
    ~NodeInfo() = default;

    const Node& node() const { return *m_node; }
    const std::shared_ptr<const Node>& nodePtr() const { return m_node; }
    const QString& name() const { return m_node->meta.name; }
    // The node's spec.unschedulable and whether it has any taint, copied into this object: Filter
    // asks both of every node it visits and most nodes answer no, so NodeUnschedulable and
    // TaintToleration need not load the Node (a cold heap block on a large cluster). The Node never
    // changes under a NodeInfo: an update builds a new NodeInfo.
    bool nodeUnschedulable() const { return m_nodeUnschedulable; }
    bool nodeHasTaints() const { return m_nodeHasTaints; }

    const QList<PodInfoPtr>& pods() const { return m_pods; }
    const QList<PodInfoPtr>& podsWithAffinity() const { return m_podsWithAffinity; }
    const QList<PodInfoPtr>& podsWithRequiredAntiAffinity() const { return m_podsWithRequiredAntiAffinity; }
    const HostPortInfo& usedPorts() const { return m_usedPorts; }
    // The host ports of the pods' sidecars (restartable init containers), kept apart: NodeInfo's
    // UsedPorts counts them from v1.34 (#132040), and only NodePorts of such a version reads them.
    const HostPortInfo& usedSidecarPorts() const { return m_usedSidecarPorts; }
    const Resource& requested() const { return m_requested; }
    // Only milliCPU and memory are set: the sums of the pods' non-zero requests.
    const Resource& nonZeroRequested() const { return m_nonZeroRequested; }
    const Resource& allocatable() const { return m_allocatable; }
    const QHash<QString, ImageStateSummary>& imageStates() const { return m_imageStates; }
    void setImageStates(QHash<QString, ImageStateSummary> states) { m_imageStates = std::move(states); }
    // "namespace/claimName" → number of pods on this node using the claim.
    const QHash<QString, int>& pvcRefCounts() const { return m_pvcRefCounts; }
    qint64 generation() const { return m_generation; }

    // A memo for counts plugins derive from this node's pods alone (PodTopologySpread counts the
    // pods a selector matches on every node in every cycle: 150,000 label matches per cycle on a
    // large cluster, where one node changes per cycle). `key` names what was counted (see
    // podCountMemoKey); an entry holds while generation() is unchanged. The engine's thread only.
    std::optional<int> memoizedCount(quint32 key) const;
    void memoizeCount(quint32 key, int count) const;
    // The memoized count under `key`, or compute() memoized.
    template<typename Compute>
    int memoizedCount(quint32 key, Compute compute) const
    {
        if (const std::optional<int> memoized = memoizedCount(key))
            return *memoized;
        const int count = compute();
        memoizeCount(key, count);
        return count;
    }

    // A slot the node writes its generation into whenever it changes (NodeColumns keeps them in one
    // array). One slot at a time: false if another is set. Copies of the node start without.
    bool setGenerationMirror(qint64* slot) const;
    // Forgets `slot` if it is the node's.
    void clearGenerationMirror(const qint64* slot) const;
    const qint64* generationMirror() const { return m_generationMirror.slot; }

    // A small id one observer keeps for this node (the simulator's trace id of its name), tagged with
    // that observer so that no other reads it: it saves the observer a lookup per node and cycle.
    // -1 when this observer has none. Copies keep it: the name is the same.
    qint32 observerId(const void* observer) const { return m_observer == observer ? m_observerId : -1; }
    void setObserverId(const void* observer, qint32 id) const
    {
        m_observer = observer;
        m_observerId = id;
    }

    // A loop over thousands of nodes waits on memory, not on its work: each NodeInfo and its Node
    // are separate heap blocks, cold by the time a cycle comes back to them. These ask the CPU to load
    // what Filter reads first, some nodes ahead. prefetch() needs only this object's address;
    // prefetchNode() reads this object, so it should come a few nodes after prefetch().
    void prefetch() const
    {
        __builtin_prefetch(this);
        __builtin_prefetch(&m_nodeUnschedulable); // the same line as `this`, or the next
        __builtin_prefetch(&m_requested);
        __builtin_prefetch(&m_allocatable);
    }
    // The Node's taints only if it has any: an untainted node's Filter never reads its Node for them.
    void prefetchNode() const
    {
        const Node* node = m_node.get();
        if (!node)
            return;
        if (m_nodeHasTaints)
            __builtin_prefetch(&node->taints + 1);
        __builtin_prefetch(&node->meta.labels);
    }

    void addPod(PodInfoPtr pod);
    // Removes the pod with this UID; false if it is not on the node.
    bool removePod(const QString& uid);

private:
    void update(const PodInfo& pod, int sign);

    std::shared_ptr<const Node> m_node;
    // Beside m_node, on the first cache line, which every plugin touching the node loads anyway: loops
    // over the snapshot's nodes find a node's column index from its mirror slot (NodeColumns::indexOf).
    struct GenerationMirror
    {
        GenerationMirror() = default;
        GenerationMirror(const GenerationMirror&) {}
        GenerationMirror& operator=(const GenerationMirror&) = delete;
        ~GenerationMirror() = default;
        qint64* slot = nullptr;
    };
    mutable GenerationMirror m_generationMirror;
    mutable const void* m_observer = nullptr;
    mutable qint32 m_observerId = -1;
    bool m_nodeUnschedulable = false;
    bool m_nodeHasTaints = false;
    QList<PodInfoPtr> m_pods;
    QList<PodInfoPtr> m_podsWithAffinity;
    QList<PodInfoPtr> m_podsWithRequiredAntiAffinity;
    HostPortInfo m_usedPorts;
    HostPortInfo m_usedSidecarPorts;
    Resource m_requested;
    Resource m_nonZeroRequested;
    Resource m_allocatable;
    QHash<QString, ImageStateSummary> m_imageStates;
    QHash<QString, int> m_pvcRefCounts;
    qint64 m_generation = 0;
    struct CountMemo
    {
        quint32 key = 0;
        qint64 generation = -1;
        int count = 0;
    };
    mutable std::array<CountMemo, 6> m_countMemo {};
    mutable quint8 m_countMemoNext = 0;
};

// A small integer naming one exact counting question (for NodeInfo::memoizedCount), the same for
// the same `description` for the life of the process. Thread-safe.
quint32 podCountMemoKey(const QString& description);
using NodeInfoPtr = std::shared_ptr<NodeInfo>;

// Helpers plugins share.
bool podHasAffinityConstraints(const Pod& pod);
bool podHasRequiredAntiAffinity(const Pod& pod);

} // namespace ksv::framework
