#pragma once

// component-helpers/scheduling/corev1/nodeaffinity: node selectors and node affinity parsed once and
// matched against many nodes. NodeAffinity, PodTopologySpread (nodeAffinityPolicy: Honor) and
// VolumeBinding (PersistentVolume node affinity) all match through these, so that "does this node
// match" has one answer in the whole scheduler.
//
// Parsing mirrors labels.NewRequirement and nodeSelectorRequirementsAsFieldSelector: a term with an
// invalid requirement never matches, and the reasons are kept as upstream's field errors
// ("[0].matchExpressions[0].key: Invalid value: ...") for the callers that report them.

#include "api/objects.h"
#include "framework/nodecolumns.h"
#include "framework/types.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace ksv::plugins::nodeaffinity {

// nodeaffinity.nodeSelectorTerm: one parsed v1.NodeSelectorTerm. Its matchExpressions and matchFields
// are ANDed; an empty list is not consulted.
class NodeSelectorTerm
{
public:
    // newNodeSelectorTerm; `path` prefixes the field errors, e.g. "nodeSelectorTerms[0]".
    NodeSelectorTerm(const ksv::NodeSelectorTerm& term, const QString& path);

    // nodeSelectorTerm.match: false when the term did not parse. matchFields are skipped for a node
    // without a name, as extractNodeFields yields no fields for it.
    bool match(const Labels& nodeLabels, const QString& nodeName) const;
    const QStringList& parseErrors() const { return m_parseErrors; }

private:
    ksv::NodeSelectorTerm m_term;
    QStringList m_parseErrors;
};

// nodeaffinity.LazyErrorNodeSelector: the terms of a v1.NodeSelector, ORed. Empty terms are dropped,
// so a selector whose terms are all empty matches no node.
class LazyErrorNodeSelector
{
public:
    LazyErrorNodeSelector() = default;
    // NewLazyErrorNodeSelector; `path` is the field path of the selector itself (empty for none).
    explicit LazyErrorNodeSelector(const ksv::NodeSelector& selector, const QString& path = {});

    // Match: true if a term matches. Parse errors are reported in `error` only when no term matched.
    bool match(const Node& node, QString* error = nullptr) const;
    // Every term's parse errors, in term order (what NewNodeSelector refuses).
    QStringList parseErrors() const;

private:
    QList<NodeSelectorTerm> m_terms;
};

// nodeaffinity.NewNodeSelector: the strict form, nullopt with `error` set when any term has a parse error.
std::optional<LazyErrorNodeSelector> newNodeSelector(const ksv::NodeSelector& selector, const QString& path = {},
                                                     QString* error = nullptr);

// nodeaffinity.PreferredSchedulingTerms: preferred terms with their weights.
class PreferredSchedulingTerms
{
public:
    // NewPreferredSchedulingTerms: terms of weight 0 and empty terms are skipped; nullopt with `error`
    // set when a remaining term does not parse. `path` prefixes the field errors ("" gives "[0]...").
    static std::optional<PreferredSchedulingTerms> create(const QList<PreferredSchedulingTerm>& terms,
                                                          const QString& path = {}, QString* error = nullptr);

    // Score: the sum of the weights of the terms matching the node.
    qint64 score(const Node& node) const;
    qsizetype size() const { return m_terms.size(); }

private:
    struct WeightedTerm
    {
        NodeSelectorTerm term;
        int weight = 0;
    };
    QList<WeightedTerm> m_terms;
};

// nodeaffinity.RequiredNodeAffinity: a pod's spec.nodeSelector AND its required node affinity.
// Cheap to copy (implicitly shared), so plugins keep one per cycle in their state.
class RequiredNodeAffinity
{
public:
    RequiredNodeAffinity() = default;
    // GetRequiredNodeAffinity. Parse errors of the affinity are kept lazily, as upstream does for
    // backwards compatibility.
    explicit RequiredNodeAffinity(const Pod& pod);

    // Match: the node's labels equal every nodeSelector entry, and the required terms (if any) match.
    // `error` is set only when the terms did not match and some of them did not parse.
    bool match(const Node& node, QString* error = nullptr) const;
    // match(nodeInfo.node()), memoized on the node while the pod has only a nodeSelector (loops
    // over every node of a large cluster call it once per node and cycle).
    bool match(const framework::NodeInfo& nodeInfo) const;
    // match(*nodes[i]) for every node, as 1 or 0. `columns` are the label columns of `nodes`: a pod
    // with only a nodeSelector is matched by comparing value ids, without touching the nodes.
    std::vector<char> matchAll(const QList<framework::NodeInfoPtr>& nodes, const framework::NodeColumns& columns) const;
    // A nodeSelector and no required affinity terms: match() is columns.selectorMatches(nodeSelector()).
    bool isSelectorOnly() const { return !m_affinity && !m_nodeSelector.isEmpty(); }
    const Labels& nodeSelector() const { return m_nodeSelector; }

private:
    quint32 m_memoKey = 0; // 0: not memoized (no nodeSelector, or affinity terms)
    Labels m_nodeSelector; // empty: no label selector
    std::optional<LazyErrorNodeSelector> m_affinity;
};

// corev1.MatchNodeSelectorTerms: NewLazyErrorNodeSelector(selector).Match(node). VolumeBinding's
// volumeutil.CheckNodeAffinity calls it with a node that carries only labels, so pass a name-less node
// there to keep matchFields ignored as upstream does.
bool matchNodeSelectorTerms(const Node& node, const ksv::NodeSelector& selector, QString* error = nullptr);

// The result of GetRequiredNodeAffinity(pod).Match(node) with parse errors ignored, for one-off checks.
// Per-node loops should build a RequiredNodeAffinity once instead.
bool podMatchesNodeSelectorAndAffinityTerms(const Pod& pod, const Node& node);

// utilerrors.Flatten(NewAggregate(errs)).Error(): one message as is; several deduplicated, joined with
// ", " inside brackets; none is empty.
QString aggregateErrorMessage(const QStringList& messages);

} // namespace ksv::plugins::nodeaffinity
