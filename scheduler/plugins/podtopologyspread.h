#pragma once

// PodTopologySpread (pkg/scheduler/framework/plugins/podtopologyspread, v1.32): Filter keeps the skew
// of matching pods across topology domains within each DoNotSchedule constraint's maxSkew; Score
// prefers the domains with fewer matching pods under the ScheduleAnyway constraints. Constraints come
// from the pod, or from the args' defaults with a selector made from the pod's Services and
// controllers (helper.DefaultSelector).
//
// The v1.32 state is kept per topology key, as upstream keys it by topology pair (TpPairToMatchNum,
// TpKeyToCriticalPaths, TopologyPairToPodCounts); the later per-constraint slices only differ when
// two constraints of one kind share a key, which API validation refuses.
//
// Files: podtopologyspread.cpp (construction, common.go), podtopologyspreadfiltering.cpp
// (filtering.go), podtopologyspreadscoring.cpp (scoring.go).

#include "nodeaffinitymatching.h"

#include "config/args.h"
#include "framework/events.h"
#include "framework/interface.h"

#include <array>
#include <limits>

namespace ksv::plugins {

class PodTopologySpread final : public framework::Plugin,
                                public framework::PreFilterPlugin,
                                public framework::PreFilterExtensions,
                                public framework::FilterPlugin,
                                public framework::PreScorePlugin,
                                public framework::ScorePlugin,
                                public framework::ScoreExtensions,
                                public framework::EnqueueExtensions
{
public:
    static inline const QString Name = QStringLiteral("PodTopologySpread");
    static inline const QString preFilterStateKey = QStringLiteral("PreFilterPodTopologySpread");
    static inline const QString preScoreStateKey = QStringLiteral("PreScorePodTopologySpread");
    static inline const QString ErrReasonConstraintsNotMatch = QStringLiteral("node(s) didn't match pod topology spread constraints");
    static inline const QString ErrReasonNodeLabelNotMatch =
        QStringLiteral("node(s) didn't match pod topology spread constraints (missing required label)");

    // topologySpreadConstraint: a constraint with its selector parsed (matchLabelKeys merged) and its
    // optional fields defaulted.
    struct Constraint
    {
        int maxSkew = 1;
        QString topologyKey;
        std::optional<LabelSelector> selector; // nullopt: labels.Nothing(); empty: labels.Everything()
        int minDomains = 1;
        NodeInclusionPolicy nodeAffinityPolicy = NodeInclusionPolicy::Honor;
        NodeInclusionPolicy nodeTaintsPolicy = NodeInclusionPolicy::Ignore;
        friend bool operator==(const Constraint&, const Constraint&) = default;
    };

    // One entry of criticalPaths: [0] always holds the minimum match number of the key's domains.
    struct CriticalPath
    {
        QString topologyValue;
        int matchNum = std::numeric_limits<qint32>::max();
        friend bool operator==(const CriticalPath&, const CriticalPath&) = default;
    };
    using CriticalPaths = std::array<CriticalPath, 2>;
    // criticalPaths.update.
    static void updateCriticalPaths(CriticalPaths& paths, const QString& value, int num);

    // The part of preFilterState belonging to one topology key.
    struct TopologyKeyState
    {
        QString key;
        CriticalPaths criticalPaths;      // TpKeyToCriticalPaths[key]
        int domainsNum = 0;               // TpKeyToDomainsNum[key], 0 for no entry; AddPod/RemovePod leave it alone
        QHash<QString, int> valueToMatchNum; // TpPairToMatchNum restricted to key
    };

    // preFilterState. `keyIndex[i]` is where constraint i's topology key lives in `keys`; `selfMatch[i]`
    // is whether the incoming pod matches constraint i's selector (Filter's selfMatchNum, hoisted).
    struct PreFilterState : public framework::StateData
    {
        QList<Constraint> constraints;
        QList<qsizetype> keyIndex;
        QList<int> selfMatch;
        QList<TopologyKeyState> keys;
        nodeaffinity::RequiredNodeAffinity requiredNodeAffinity;
        // Filter's fast path for the snapshot's own nodes: per key slot, its label column and the
        // match count per value id (-1: none), valid while the snapshot keeps the columns of serial
        // `columnsSerial`. 0 turns it off: AddPod and RemovePod change counts only in valueToMatchNum.
        quint64 columnsSerial = 0;
        QList<const std::vector<qint32>*> keyColumns;
        std::shared_ptr<const QList<std::vector<int>>> matchNumsById;
        // Per key slot, the value ids in the order the nodes first show them (set with matchNumsById).
        std::shared_ptr<const QList<QList<qint32>>> valueOrder;

        const TopologyKeyState* keyState(const QString& key) const;
        // TpPairToMatchNum[{key, value}], or nullopt when the pair has no entry.
        std::optional<int> matchNum(const QString& key, const QString& value) const;
        std::unique_ptr<framework::StateData> clone() const override { return std::make_unique<PreFilterState>(*this); }
    };

    // preScoreState. `valueToPodCounts[keyIndex[i]]` holds TopologyPairToPodCounts for constraint i's key
    // (never filled for kubernetes.io/hostname, counted in Score instead).
    struct PreScoreState : public framework::StateData
    {
        QList<Constraint> constraints;
        QList<qsizetype> keyIndex;
        QList<QHash<QString, qint64>> valueToPodCounts;
        QSet<QString> ignoredNodes;
        QList<double> topologyNormalizingWeight;
        QList<quint32> countMemoKeys; // per constraint, for the hostname counts Score takes
        // Score's fast path for the snapshot's own nodes, valid while the snapshot keeps the columns
        // of serial `columnsSerial` (0: off): per key slot its label column and the pod counts per
        // value id (valueToPodCounts by id), and per constraint the columns' count memo.
        quint64 columnsSerial = 0;
        QList<const std::vector<qint32>*> keyColumns;
        std::shared_ptr<const QList<std::vector<qint64>>> podCountsById;
        QList<std::shared_ptr<framework::NodeColumns::CountMemo>> countMemos;
        std::unique_ptr<framework::StateData> clone() const override { return std::make_unique<PreScoreState>(*this); }
    };

    explicit PodTopologySpread(const config::PodTopologySpreadArgs& args, framework::Handle& handle);

    QString name() const override { return Name; }

    framework::PreFilterOutcome preFilter(framework::CycleState& state, const Pod& pod,
                                          const QList<framework::NodeInfoPtr>& nodes) override;
    framework::PreFilterExtensions* preFilterExtensions() override { return this; }
    framework::Status addPod(framework::CycleState& state, const Pod& podToSchedule, const framework::PodInfoPtr& podToAdd,
                             const framework::NodeInfo& nodeInfo) override;
    framework::Status removePod(framework::CycleState& state, const Pod& podToSchedule,
                                const framework::PodInfoPtr& podToRemove, const framework::NodeInfo& nodeInfo) override;
    framework::Status filter(framework::CycleState& state, const Pod& pod, const framework::NodeInfo& nodeInfo) override;
    framework::Status filterByColumns(const PreFilterState& s, qsizetype n) const;
    framework::ScoreOutcome scoreByColumns(const PreScoreState& s, const Pod& pod, const framework::NodeInfo& nodeInfo, qsizetype n) const;

    framework::Status preScore(framework::CycleState& state, const Pod& pod, const QList<framework::NodeInfoPtr>& nodes) override;
    framework::ScoreOutcome score(framework::CycleState& state, const Pod& pod, const framework::NodeInfo& nodeInfo) override;
    framework::ScoreExtensions* scoreExtensions() override { return this; }
    framework::Status normalizeScore(framework::CycleState& state, const Pod& pod, QList<framework::NodeScore>& scores) override;

    // The constraints the pod gets for `action` (the pod's own, else the defaults with the default
    // selector), or an error message; upstream's getConstraints as PreFilter and PreScore inline it.
    struct ConstraintsResult
    {
        QList<Constraint> constraints;
        QString error;
    };
    ConstraintsResult constraintsFor(const Pod& pod, UnsatisfiableConstraintAction action) const;

    // helper.DefaultSelector: the union of the matching Services' selectors, then the selector of the
    // pod's controller (ReplicationController merged as labels; ReplicaSet and StatefulSet requirements
    // added). Never Nothing: an empty result is labels.Everything(), which callers treat as "none".
    static LabelSelector defaultSelector(const Pod& pod, const ClusterState& cluster);

    QList<framework::ClusterEventWithHint> eventsToRegister() const override;
    framework::QueueingHint isSchedulableAfterPodChange(const Pod& pod, const KubeObject* oldObj, const KubeObject* newObj) const;
    framework::QueueingHint isSchedulableAfterNodeChange(const Pod& pod, const KubeObject* oldObj, const KubeObject* newObj) const;

private:
    ConstraintsResult filterTopologySpreadConstraints(const QList<TopologySpreadConstraint>& constraints,
                                                      const Labels& podLabels, UnsatisfiableConstraintAction action) const;
    ConstraintsResult buildDefaultConstraints(const Pod& pod, UnsatisfiableConstraintAction action) const;
    void updateWithPod(PreFilterState& state, const Pod& updatedPod, const Pod& preemptorPod, const Node& node, int delta) const;

    // PreFilter's counts over the snapshot's nodes, kept across cycles (podtopologyspreadfiltering.cpp).
    // The key is what they depend on besides the nodes' pods. For one column set the nodes, their labels
    // and their taints are fixed (a node update replaces the NodeInfo and so the node list, which drops
    // the columns), so which nodes count for which key slot, and the order in which they first show each
    // value, are fixed too: only the counts move, with the generations of the nodes whose pods changed.
    struct PreFilterCountsKey
    {
        struct CountedConstraint
        {
            QString topologyKey;
            quint32 memoKey = 0; // what is counted: the selector and the namespace
            NodeInclusionPolicy nodeAffinityPolicy = NodeInclusionPolicy::Honor;
            NodeInclusionPolicy nodeTaintsPolicy = NodeInclusionPolicy::Ignore;
            friend bool operator==(const CountedConstraint&, const CountedConstraint&) = default;
        };
        quint64 columnsSerial = 0;
        QList<CountedConstraint> constraints;
        std::vector<char> nodeAffinityMatches; // empty unless some constraint honors node affinity
        QList<Toleration> tolerations;         // empty unless some constraint honors node taints
        friend bool operator==(const PreFilterCountsKey&, const PreFilterCountsKey&) = default;
    };

    struct PreFilterCounts
    {
        PreFilterCountsKey key;
        std::vector<int> nodeCounts;       // per node and key slot; -1: no constraint of the slot counts there
        QList<std::vector<int>> matchNums; // per key slot, the sum per value id; -1: no node of the value counts
        std::shared_ptr<const QList<QList<qint32>>> valueOrder; // per key slot, value ids in order of first node
        std::vector<qint64> takenAt;       // per node, the generation nodeCounts were taken at
    };

    PreFilterCounts& cachedPreFilterCounts(PreFilterCountsKey key, bool& found);

    QList<TopologySpreadConstraint> m_defaultConstraints;
    bool m_systemDefaulted = false;
    framework::Handle& m_handle;
    // The two Filter failures, built once: copies share the reason list.
    const framework::Status m_constraintsNotMatch;
    const framework::Status m_nodeLabelNotMatch;
    // Most recently used first, at most a few: PreFilter's alone (the scheduling thread); the states it
    // writes get copies, so Filter's threads never read what the next PreFilter changes.
    std::vector<std::unique_ptr<PreFilterCounts>> m_preFilterCounts;
};

// Helpers common.go shares between filtering and scoring.
namespace podtopologyspread {

// nodeLabelsMatchSpreadConstraints: the node has every constraint's topology key.
bool nodeLabelsMatchSpreadConstraints(const Labels& nodeLabels, const QList<PodTopologySpread::Constraint>& constraints);
// countPodsMatchSelector: non-terminating pods of namespace `ns` whose labels match; an Everything
// selector counts nothing.
int countPodsMatchSelector(const QList<framework::PodInfoPtr>& pods, const std::optional<LabelSelector>& selector,
                           const QString& ns);
// The same count for a node's pods, memoized on the node under `memoKey` (countMemoKey).
int countPodsMatchSelector(const framework::NodeInfo& nodeInfo, const std::optional<LabelSelector>& selector, const QString& ns,
                           quint32 memoKey);
// The memo key of countPodsMatchSelector(selector, ns): equal selectors in one namespace share it.
quint32 countMemoKey(const std::optional<LabelSelector>& selector, const QString& ns);
// topologySpreadConstraint.matchNodeInclusionPolicies.
bool matchNodeInclusionPolicies(const PodTopologySpread::Constraint& constraint, const Pod& pod, const Node& node,
                                const nodeaffinity::RequiredNodeAffinity& requiredNodeAffinity);
// The same with the pod's required node affinity already matched against the node: PreFilter and
// PreScore match it once per node rather than once per constraint.
bool matchNodeInclusionPolicies(const PodTopologySpread::Constraint& constraint, const Pod& pod, const framework::NodeInfo& nodeInfo,
                                bool nodeAffinityMatches);
// countPodsMatchSelector for node `index` of `columns`, from `memo` (the columns' count memo for
// `memoKey`) when there is one, else from the node's own memo.
int countPodsMatchSelector(const framework::NodeColumns& columns, framework::NodeColumns::CountMemo* memo, qsizetype index,
                           const std::optional<LabelSelector>& selector, const QString& ns, quint32 memoKey);
bool anyHonorsNodeAffinity(const QList<PodTopologySpread::Constraint>& constraints);

} // namespace podtopologyspread

} // namespace ksv::plugins
