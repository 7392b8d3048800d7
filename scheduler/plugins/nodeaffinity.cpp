#include "nodeaffinity.h"

#include "decoding/loaderror.h"
#include "helpers.h"

namespace ksv::plugins {

using framework::Code;
using framework::Status;

namespace {

const QString preFilterStateKey = QStringLiteral("PreFilterNodeAffinity");
const QString preScoreStateKey = QStringLiteral("PreScoreNodeAffinity");

// preFilterState: the pod's nodeSelector and required affinity, parsed once per cycle. Pods added or
// removed by preemption's dry runs do not change it, so a clone shares the parsed terms.
struct PreFilterState final : framework::StateData
{
    explicit PreFilterState(nodeaffinity::RequiredNodeAffinity affinity)
        : requiredNodeSelectorAndAffinity(std::move(affinity))
    {
    }
    std::unique_ptr<StateData> clone() const override { return std::make_unique<PreFilterState>(*this); }

    nodeaffinity::RequiredNodeAffinity requiredNodeSelectorAndAffinity;
    // A pod with only a nodeSelector: its match on every node of the snapshot's columns (whose
    // serial is kept), so that Filter reads one byte instead of the node's labels.
    std::shared_ptr<const std::vector<char>> selectorMatches;
    quint64 columnsSerial = 0;
};

struct PreScoreState final : framework::StateData
{
    explicit PreScoreState(std::optional<nodeaffinity::PreferredSchedulingTerms> preferred)
        : preferredNodeAffinity(std::move(preferred))
    {
    }
    std::unique_ptr<StateData> clone() const override { return std::make_unique<PreScoreState>(*this); }

    std::optional<nodeaffinity::PreferredSchedulingTerms> preferredNodeAffinity;
};

// getPodPreferredNodeAffinity. Upstream tells a nil list (no terms: nil) from an empty one (terms that
// score 0); our model has no nil list, and an empty one scores 0 on every node either way.
struct PodPreferred
{
    std::optional<nodeaffinity::PreferredSchedulingTerms> terms;
    QString error; // non-empty: a term did not parse
};

PodPreferred getPodPreferredNodeAffinity(const Pod& pod)
{
    PodPreferred result;
    const auto& nodeAffinity = pod.affinity.nodeAffinity;
    if (nodeAffinity && !nodeAffinity->preferredDuringSchedulingIgnoredDuringExecution.isEmpty()) {
        result.terms = nodeaffinity::PreferredSchedulingTerms::create(nodeAffinity->preferredDuringSchedulingIgnoredDuringExecution,
                                                                      {}, &result.error);
    }
    return result;
}

// Filter's verdicts, built once: returning a copy shares the reason list instead of allocating one
// per rejected node.
const Status& podMismatchStatus()
{
    static const Status status(Code::UnschedulableAndUnresolvable, NodeAffinity::ErrReasonPod);
    return status;
}

const Status& enforcedMismatchStatus()
{
    static const Status status(Code::UnschedulableAndUnresolvable, NodeAffinity::ErrReasonEnforced);
    return status;
}

} // namespace

NodeAffinity::NodeAffinity(const config::NodeAffinityArgs& args, framework::Handle& handle)
    : m_handle(handle)
{
    if (!args.addedAffinity)
        return;
    QString error;
    if (const auto& required = args.addedAffinity->requiredDuringSchedulingIgnoredDuringExecution) {
        m_addedNodeSelector = nodeaffinity::newNodeSelector(*required, {}, &error);
        if (!m_addedNodeSelector) {
            throw LoadError({}, {}, QStringLiteral("parsing addedAffinity.requiredDuringSchedulingIgnoredDuringExecution: ") + error);
        }
    }
    if (const auto& preferred = args.addedAffinity->preferredDuringSchedulingIgnoredDuringExecution; !preferred.isEmpty()) {
        m_addedPrefSchedTerms = nodeaffinity::PreferredSchedulingTerms::create(preferred, {}, &error);
        if (!m_addedPrefSchedTerms) {
            throw LoadError({}, {}, QStringLiteral("parsing addedAffinity.preferredDuringSchedulingIgnoredDuringExecution: ") + error);
        }
    }
}

// NodeAffinity.PreFilter: Skip when nothing is required; a PreFilterResult when every required term
// names its nodes through matchFields metadata.name In.
framework::PreFilterOutcome NodeAffinity::preFilter(framework::CycleState& state, const Pod& pod,
                                                    const QList<framework::NodeInfoPtr>& /*nodes*/)
{
    const auto& nodeAffinity = pod.affinity.nodeAffinity;
    const bool noNodeAffinity = !nodeAffinity || !nodeAffinity->requiredDuringSchedulingIgnoredDuringExecution;
    // Upstream checks `pod.Spec.NodeSelector == nil`; an empty map (which our model cannot tell from
    // nil) would not Skip there but would match every node, so the verdicts are the same.
    if (noNodeAffinity && !m_addedNodeSelector && pod.nodeSelector.isEmpty())
        return {{}, Status(Code::Skip)};

    auto preFilterState = std::make_unique<PreFilterState>(nodeaffinity::RequiredNodeAffinity(pod));
    if (preFilterState->requiredNodeSelectorAndAffinity.isSelectorOnly()) {
        const framework::NodeColumns& columns = m_handle.snapshot().nodeColumns();
        preFilterState->selectorMatches = columns.selectorMatches(preFilterState->requiredNodeSelectorAndAffinity.nodeSelector());
        preFilterState->columnsSerial = columns.serial();
    }
    state.write(preFilterStateKey, std::move(preFilterState));

    if (noNodeAffinity || nodeAffinity->requiredDuringSchedulingIgnoredDuringExecution->nodeSelectorTerms.isEmpty())
        return {};

    // Only the pod's own terms restrict nodes; the added affinity's matchFields never do.
    std::optional<QSet<QString>> nodeNames;
    for (const auto& term : nodeAffinity->requiredDuringSchedulingIgnoredDuringExecution->nodeSelectorTerms) {
        std::optional<QSet<QString>> termNodeNames;
        for (const auto& requirement : term.matchFields) {
            if (requirement.key != QLatin1String("metadata.name") || requirement.op != SelectorOperator::In)
                continue;
            // The requirements of a term are ANDed: intersect.
            QSet<QString> names(requirement.values.cbegin(), requirement.values.cend());
            if (termNodeNames)
                termNodeNames->intersect(names);
            else
                termNodeNames = std::move(names);
        }
        // A term without a name constraint admits every node, since terms are ORed.
        if (!termNodeNames)
            return {};
        if (nodeNames)
            nodeNames->unite(*termNodeNames);
        else
            nodeNames = std::move(termNodeNames);
    }
    if (nodeNames && nodeNames->isEmpty())
        return {{}, Status(Code::UnschedulableAndUnresolvable, ErrReasonConflict)};
    framework::PreFilterOutcome outcome;
    outcome.result.nodeNames = std::move(nodeNames);
    return outcome;
}

// NodeAffinity.Filter: the added affinity first (its own reason), then the pod's. Without PreFilter
// state (PreFilter disabled) the pod's affinity is parsed here, as upstream falls back to.
Status NodeAffinity::filter(framework::CycleState& state, const Pod& pod, const framework::NodeInfo& nodeInfo)
{
    const Node& node = nodeInfo.node();
    if (m_addedNodeSelector && !m_addedNodeSelector->match(node))
        return enforcedMismatchStatus();

    // Parse errors are ignored for backwards compatibility: a term that does not parse just fails.
    const auto* preFilterState = state.read<PreFilterState>(preFilterStateKey);
    if (preFilterState) {
        if (const qsizetype index = snapshotColumnIndex(m_handle, preFilterState->columnsSerial, nodeInfo); index >= 0)
            return (*preFilterState->selectorMatches)[size_t(index)] ? Status() : podMismatchStatus();
    }
    const bool match = preFilterState ? preFilterState->requiredNodeSelectorAndAffinity.match(nodeInfo)
                                      : nodeaffinity::RequiredNodeAffinity(pod).match(node);
    if (!match)
        return podMismatchStatus();
    return {};
}

// NodeAffinity.PreScore: a preferred term that does not parse is an Error; no preferred terms from
// either the pod or the args means Skip.
Status NodeAffinity::preScore(framework::CycleState& state, const Pod& pod, const QList<framework::NodeInfoPtr>& /*nodes*/)
{
    PodPreferred preferred = getPodPreferredNodeAffinity(pod);
    if (!preferred.error.isEmpty())
        return Status::error(preferred.error);
    if (!preferred.terms && !m_addedPrefSchedTerms)
        return Status(Code::Skip);
    state.write(preScoreStateKey, std::make_unique<PreScoreState>(std::move(preferred.terms)));
    return {};
}

// NodeAffinity.Score: the weights of the matching added and pod terms.
framework::ScoreOutcome NodeAffinity::score(framework::CycleState& state, const Pod& pod, const framework::NodeInfo& nodeInfo)
{
    const Node& node = nodeInfo.node();
    qint64 count = 0;
    if (m_addedPrefSchedTerms)
        count += m_addedPrefSchedTerms->score(node);

    if (const auto* preScoreState = state.read<PreScoreState>(preScoreStateKey)) {
        if (preScoreState->preferredNodeAffinity)
            count += preScoreState->preferredNodeAffinity->score(node);
        return {count, {}};
    }
    // PreScore did not run (disabled): parse here, as upstream falls back to.
    const PodPreferred preferred = getPodPreferredNodeAffinity(pod);
    if (!preferred.error.isEmpty())
        return {0, Status::error(preferred.error)};
    if (preferred.terms)
        count += preferred.terms->score(node);
    return {count, {}};
}

Status NodeAffinity::normalizeScore(framework::CycleState& /*state*/, const Pod& /*pod*/, QList<framework::NodeScore>& scores)
{
    return defaultNormalizeScore(framework::maxNodeScore, false, scores);
}

// ---- QueueingHints (node_affinity.go v1.32: EventsToRegister with hints on,
// isSchedulableAfterNodeChange) -----------------------------------------------------------------------

QList<framework::ClusterEventWithHint> NodeAffinity::eventsToRegister() const
{
    using namespace framework;
    return {
        {clusterEvent(EventResource::Node, action::Add | action::UpdateNodeLabel),
         [this](const Pod& pod, const KubeObject* oldObj, const KubeObject* newObj) {
             return isSchedulableAfterNodeChange(pod, oldObj, newObj);
         }},
    };
}

framework::QueueingHint NodeAffinity::isSchedulableAfterNodeChange(const Pod& pod, const KubeObject* oldObj,
                                                                  const KubeObject* newObj) const
{
    using framework::QueueingHint;
    const Node* originalNode = nullptr;
    const Node* modifiedNode = nullptr;
    if (!framework::as(oldObj, newObj, originalNode, modifiedNode) || !modifiedNode)
        return QueueingHint::Queue;
    if (m_addedNodeSelector && !m_addedNodeSelector->match(*modifiedNode))
        return QueueingHint::QueueSkip;

    const nodeaffinity::RequiredNodeAffinity requiredNodeAffinity(pod);
    QString error;
    const bool isMatched = requiredNodeAffinity.match(*modifiedNode, &error);
    if (!error.isEmpty())
        return QueueingHint::Queue;
    if (!isMatched)
        return QueueingHint::QueueSkip;
    if (!originalNode)
        return QueueingHint::Queue;
    // An update helps only when it turns a non-matching node into a matching one.
    const bool wasMatched = requiredNodeAffinity.match(*originalNode, &error);
    if (!error.isEmpty())
        return QueueingHint::Queue;
    return wasMatched ? QueueingHint::QueueSkip : QueueingHint::Queue;
}

} // namespace ksv::plugins
