#pragma once

// InterPodAffinity (pkg/scheduler/framework/plugins/interpodaffinity, v1.32): Filter enforces the
// incoming pod's required pod affinity and anti-affinity and the required anti-affinity of the pods
// already running; Score sums the preferred terms of both sides (and existing pods' required affinity
// at hardPodAffinityWeight) per topology domain.
//
// Files: interpodaffinity.cpp (plugin.go and the term helpers), interpodaffinityfiltering.cpp
// (filtering.go), interpodaffinityscoring.cpp (scoring.go).

#include "config/args.h"
#include "framework/events.h"
#include "framework/interface.h"

namespace ksv::plugins {

class InterPodAffinity final : public framework::Plugin,
                               public framework::PreFilterPlugin,
                               public framework::PreFilterExtensions,
                               public framework::FilterPlugin,
                               public framework::PreScorePlugin,
                               public framework::ScorePlugin,
                               public framework::ScoreExtensions,
                               public framework::EnqueueExtensions
{
public:
    static inline const QString Name = QStringLiteral("InterPodAffinity");
    static inline const QString preFilterStateKey = QStringLiteral("PreFilterInterPodAffinity");
    static inline const QString preScoreStateKey = QStringLiteral("PreScoreInterPodAffinity");
    static inline const QString ErrReasonExistingAntiAffinityRulesNotMatch =
        QStringLiteral("node(s) didn't satisfy existing pods anti-affinity rules");
    static inline const QString ErrReasonAffinityRulesNotMatch = QStringLiteral("node(s) didn't match pod affinity rules");
    static inline const QString ErrReasonAntiAffinityRulesNotMatch = QStringLiteral("node(s) didn't match pod anti-affinity rules");

    // topologyToMatchedTermCount: a count per topology pair, held as key → value → count so that a
    // node's labels are looked up without building pair keys.
    class TopologyToMatchedTermCount
    {
    public:
        qint64 value(const QString& key, const QString& value) const;
        // merge: add without dropping entries (PreFilter only adds).
        void add(const QString& key, const QString& value, qint64 delta);
        // update: add `delta` at (tk, node's value for tk) if the node has tk; an entry down to zero is
        // removed, which matters for AddPod/RemovePod.
        void update(const Labels& nodeLabels, const QString& tk, qint64 delta);
        // updateWithAffinityTerms: every term's pair, if `pod` matches all the terms.
        void updateWithAffinityTerms(const QList<framework::AffinityTerm>& terms, const Pod& pod, const Labels& nodeLabels,
                                     qint64 delta);
        // updateWithAntiAffinityTerms: the pair of every term `pod` matches.
        void updateWithAntiAffinityTerms(const QList<framework::AffinityTerm>& terms, const Pod& pod, const Labels& nsLabels,
                                         const Labels& nodeLabels, qint64 delta);
        // len(m): the number of pairs with an entry.
        qsizetype size() const { return m_size; }
        bool isEmpty() const { return m_size == 0; }
        // Every entry as "key=value" → count, for tests and traces.
        QMap<QString, qint64> toMap() const;

    private:
        QHash<QString, QHash<QString, qint64>> m_counts;
        qsizetype m_size = 0;
    };

    // preFilterState. The incoming pod's required terms have their namespaceSelector merged into
    // namespaces (mergeAffinityTermNamespacesIfNotEmpty), so they match with no namespace labels.
    struct PreFilterState : public framework::StateData
    {
        TopologyToMatchedTermCount existingAntiAffinityCounts;
        TopologyToMatchedTermCount affinityCounts;
        TopologyToMatchedTermCount antiAffinityCounts;
        QList<framework::AffinityTerm> requiredAffinityTerms;
        QList<framework::AffinityTerm> requiredAntiAffinityTerms;
        // podMatchesAllAffinityTerms(requiredAffinityTerms, pod): the first-pod exception's test, hoisted.
        bool podMatchesOwnAffinityTerms = false;
        Labels namespaceLabels; // of the incoming pod's namespace
        std::unique_ptr<framework::StateData> clone() const override { return std::make_unique<PreFilterState>(*this); }
    };

    // scoreMap: topology key → value → score.
    using ScoreMap = QHash<QString, QHash<QString, qint64>>;

    struct PreScoreState : public framework::StateData
    {
        ScoreMap topologyScore;
        QList<framework::WeightedAffinityTerm> preferredAffinityTerms;     // incoming pod's, namespaces merged
        QList<framework::WeightedAffinityTerm> preferredAntiAffinityTerms; // incoming pod's, namespaces merged
        Labels namespaceLabels;
        std::unique_ptr<framework::StateData> clone() const override { return std::make_unique<PreScoreState>(*this); }
    };

    explicit InterPodAffinity(const config::InterPodAffinityArgs& args, framework::Handle& handle);

    QString name() const override { return Name; }

    framework::PreFilterOutcome preFilter(framework::CycleState& state, const Pod& pod,
                                          const QList<framework::NodeInfoPtr>& nodes) override;
    framework::PreFilterExtensions* preFilterExtensions() override { return this; }
    framework::Status addPod(framework::CycleState& state, const Pod& podToSchedule, const framework::PodInfoPtr& podToAdd,
                             const framework::NodeInfo& nodeInfo) override;
    framework::Status removePod(framework::CycleState& state, const Pod& podToSchedule,
                                const framework::PodInfoPtr& podToRemove, const framework::NodeInfo& nodeInfo) override;
    framework::Status filter(framework::CycleState& state, const Pod& pod, const framework::NodeInfo& nodeInfo) override;

    framework::Status preScore(framework::CycleState& state, const Pod& pod, const QList<framework::NodeInfoPtr>& nodes) override;
    framework::ScoreOutcome score(framework::CycleState& state, const Pod& pod, const framework::NodeInfo& nodeInfo) override;
    framework::ScoreExtensions* scoreExtensions() override { return this; }
    framework::Status normalizeScore(framework::CycleState& state, const Pod& pod, QList<framework::NodeScore>& scores) override;

    // framework.NewPodInfo's error for the pod's affinity terms ("requiredAffinityTerms: values[0][k]:
    // Invalid value: ..."), aggregated as upstream does; empty when every selector parses.
    static QString podInfoParseError(const Pod& pod);

    QList<framework::ClusterEventWithHint> eventsToRegister() const override;
    static framework::QueueingHint isSchedulableAfterPodChange(const Pod& pod, const KubeObject* oldObj, const KubeObject* newObj);
    static framework::QueueingHint isSchedulableAfterNodeChange(const Pod& pod, const KubeObject* oldObj, const KubeObject* newObj);

private:
    // mergeAffinityTermNamespacesIfNotEmpty: unless the namespaceSelector is empty (all namespaces),
    // the namespaces it selects now are added to the term's namespaces and the selector is dropped.
    void mergeAffinityTermNamespacesIfNotEmpty(framework::AffinityTerm& term) const;
    void processExistingPod(const PreScoreState& state, const framework::PodInfo& existingPod, const Node& existingPodNode,
                            const Pod& incomingPod, ScoreMap& topologyScore) const;

    config::InterPodAffinityArgs m_args;
    framework::Handle& m_handle;
    // The three Filter failures, built once: copies share the reason list.
    const framework::Status m_affinityRulesNotMatch;
    const framework::Status m_antiAffinityRulesNotMatch;
    const framework::Status m_existingAntiAffinityRulesNotMatch;
};

namespace interpodaffinity {

// podMatchesAllAffinityTerms: false for no terms. The terms are an incoming pod's, whose namespace
// selectors were merged, so they are matched with no namespace labels.
bool podMatchesAllAffinityTerms(const QList<framework::AffinityTerm>& terms, const Pod& pod);

} // namespace interpodaffinity

} // namespace ksv::plugins
