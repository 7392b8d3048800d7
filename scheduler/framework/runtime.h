#pragma once

#include "events.h"
#include "interface.h"
#include "parallelize.h"
#include "random.h"

#include "config/types.h"

#include <memory>
#include <vector>

namespace ksv::framework {

class Registry;

// A plugin's verdict for one node in the Score phase: raw, after NormalizeScore, and its weight.
struct PluginScore
{
    QString name;
    qint64 raw = 0;
    qint64 normalized = 0;
    qint64 weight = 1;
    qint64 weighted() const { return normalized * weight; }
};

// framework.NodePluginScores.
struct NodePluginScores
{
    QString name;
    QList<PluginScore> scores;
    qint64 totalScore = 0;
};

// Every scored node's NodePluginScores, flat: a table of nodes by plugins. Upstream allocates a
// NodePluginScores per node; at hundreds of nodes per cycle these arrays are what scoring costs.
struct ScoreTable
{
    QStringList plugins;          // the Score plugins that ran, in order
    std::vector<qint64> weights;  // per plugin
    QList<NodeInfoPtr> nodes;     // the scored nodes, in Filter order
    std::vector<qint64> raw;      // [node * plugins + plugin]: what Score returned
    std::vector<qint64> normalized; // the same after NormalizeScore
    std::vector<qint64> totals;   // per node: sum of normalized × weight

    qsizetype size() const { return nodes.size(); }
    bool isEmpty() const { return nodes.isEmpty(); }
    const QString& nodeName(qsizetype node) const { return nodes[node]->name(); }
    // One node's row as upstream's NodePluginScores (explain and tests).
    NodePluginScores node(qsizetype node) const;
};

// Pods nominated to nodes by earlier preemptions (the queue's PodNominator).
class PodNominator
{
public:
    virtual ~PodNominator() = default;
    virtual QList<PodInfoPtr> nominatedPodsForNode(const QString& nodeName) const = 0;
    // False when no pod is nominated anywhere: Filter then skips the per-node lookup.
    virtual bool hasNominatedPods() const { return true; }
};

// What a profile runs: its plugins per extension point, in upstream's order (frameworkImpl,
// pkg/scheduler/framework/runtime/framework.go), and the runners for each extension point.
class Framework : public Handle
{
public:
    // NewFramework: instantiates the profile's plugins from the registry and expands multiPoint.
    // Throws LoadError, at the plugin entry's position, for unknown or misplaced plugins.
    static std::unique_ptr<Framework> create(const Registry& registry, const config::Profile& profile, Random& random);
    ~Framework() override;

    const QString& profileName() const { return m_profileName; }
    const std::optional<int>& percentageOfNodesToScore() const { return m_percentageOfNodesToScore; }

    // The cycle's view of the cluster; set by the scheduler before each scheduling cycle.
    void setSnapshot(std::shared_ptr<const Snapshot> snapshot) { m_snapshot = std::move(snapshot); }
    void setLister(std::shared_ptr<const ClusterLister> lister) { m_lister = std::move(lister); }
    void setNominator(const PodNominator* nominator) { m_nominator = nominator; }
    // Both outlive the framework; without them the framework has no waiting pods and lists no pods.
    void setWaitingPods(WaitingPods* waitingPods) { m_waitingPods = waitingPods; }
    void setPodLister(const PodLister* podLister) { m_podLister = podLister; }
    void setRecorder(PluginResultRecorder* recorder) { m_recorder = recorder; }
    // The simulation's clock; without one the framework's time stands at 0.
    void setClock(const qint64* now) { m_clock = now; }
    // What Filter and Score spread their nodes over (upstream's fwk.Parallelizer()). It outlives the
    // framework; without one everything runs on the calling thread.
    void setParallelizer(Parallelizer* parallelizer) { m_parallelizer = parallelizer; }
    Parallelizer& parallelizer() const;

    // Handle
    const Snapshot& snapshot() const override { return *m_snapshot; }
    const ClusterLister& lister() const override { return *m_lister; }
    Random& random() override { return m_random; }
    Status runFilterPluginsWithNominatedPods(CycleState& state, const Pod& pod, const NodeInfo& nodeInfo) override;
    Status runPreFilterExtensionAddPod(CycleState& state, const Pod& podToSchedule, const PodInfoPtr& podToAdd, const NodeInfo& nodeInfo) override;
    Status runPreFilterExtensionRemovePod(CycleState& state, const Pod& podToSchedule, const PodInfoPtr& podToRemove, const NodeInfo& nodeInfo) override;
    QList<PodInfoPtr> nominatedPodsForNode(const QString& nodeName) const override;
    WaitingPods& waitingPods() override;
    const PodLister& podLister() const override;
    qint64 now() const override { return m_clock ? *m_clock : 0; }
    // The scheduler's extenders (they outlive the framework), shared by every profile as upstream's are.
    const QList<Extender*>& extenders() const override { return m_extenders; }
    void setExtenders(QList<Extender*> extenders) { m_extenders = std::move(extenders); }

    // Extension points.
    Status runPreEnqueuePlugins(const Pod& pod);
    bool queueSortLess(const QueuedPodSortKey& a, const QueuedPodSortKey& b) const;

    struct PreFilterRun
    {
        PreFilterResult result;
        Status status;
        QStringList unschedulablePlugins; // sorted
    };
    PreFilterRun runPreFilterPlugins(CycleState& state, const Pod& pod);
    Status runFilterPlugins(CycleState& state, const Pod& pod, const NodeInfo& nodeInfo);
    // Computes what runFilterPlugins would compute on its first call in the cycle, so that threads
    // filtering nodes at once only read the state.
    void prepareFilterPlugins(CycleState& state) const;
    PostFilterOutcome runPostFilterPlugins(CycleState& state, const Pod& pod, const NodeToStatus& statuses);
    Status runPreScorePlugins(CycleState& state, const Pod& pod, const QList<NodeInfoPtr>& nodes);
    // RunScorePlugins: per node, every score plugin's raw, normalized and weighted score.
    ScoreTable runScorePlugins(CycleState& state, const Pod& pod, const QList<NodeInfoPtr>& nodes, Status* status);
    Status runReservePluginsReserve(CycleState& state, const Pod& pod, const QString& nodeName);
    void runReservePluginsUnreserve(CycleState& state, const Pod& pod, const QString& nodeName);
    struct PermitRun
    {
        Status status;
        QHash<QString, qint64> waitingPlugins; // plugin → timeout (virtual ns) for a Wait
    };
    PermitRun runPermitPlugins(CycleState& state, const Pod& pod, const QString& nodeName);
    Status runPreBindPlugins(CycleState& state, const Pod& pod, const QString& nodeName);
    Status runBindPlugins(CycleState& state, const Pod& pod, const QString& nodeName);
    void runPostBindPlugins(CycleState& state, const Pod& pod, const QString& nodeName);

    bool hasFilterPlugins() const { return !m_filter.empty(); }
    bool hasPostFilterPlugins() const { return !m_postFilter.empty(); }
    bool hasScorePlugins() const { return !m_score.empty(); }
    bool hasPermitPlugins() const { return !m_permit.empty(); }
    // Every plugin instance with its name, in the order the profile created them.
    QList<std::pair<QString, Plugin*>> plugins() const;

    // fillEnqueueExtensions: the events each plugin registered; a plugin that does not implement
    // EnqueueExtensions is interested in every event (upstream's defaultEnqueueExtension).
    struct PluginEvents
    {
        QString plugin;
        QList<ClusterEventWithHint> events;
    };
    QList<PluginEvents> enqueueExtensions() const;

    // The enabled plugins per extension point, by upstream's extension point names, in run order.
    QList<std::pair<QString, QStringList>> listPlugins() const;
    const QMap<QString, qint64>& scoreWeights() const { return m_scoreWeights; }
    framework::Plugin* plugin(const QString& name) const;

private:
    Framework(QString profileName, Random& random);

    template<typename T>
    struct Entry
    {
        T* plugin = nullptr;
        QString name;
    };

    QString m_profileName;
    std::optional<int> m_percentageOfNodesToScore;
    QList<Extender*> m_extenders;
    Random& m_random;
    std::vector<std::unique_ptr<Plugin>> m_plugins;
    QMap<QString, Plugin*> m_byName;
    std::vector<Entry<PreEnqueuePlugin>> m_preEnqueue;
    std::vector<Entry<QueueSortPlugin>> m_queueSort;
    std::vector<Entry<PreFilterPlugin>> m_preFilter;
    std::vector<Entry<FilterPlugin>> m_filter;
    std::vector<Entry<PostFilterPlugin>> m_postFilter;
    std::vector<Entry<PreScorePlugin>> m_preScore;
    std::vector<Entry<ScorePlugin>> m_score;
    std::vector<Entry<ReservePlugin>> m_reserve;
    std::vector<Entry<PermitPlugin>> m_permit;
    std::vector<Entry<PreBindPlugin>> m_preBind;
    std::vector<Entry<BindPlugin>> m_bind;
    std::vector<Entry<PostBindPlugin>> m_postBind;
    QMap<QString, qint64> m_scoreWeights;
    std::shared_ptr<const Snapshot> m_snapshot = std::make_shared<const Snapshot>();
    std::shared_ptr<const ClusterLister> m_lister = std::make_shared<const ClusterLister>();
    const PodNominator* m_nominator = nullptr;
    WaitingPods* m_waitingPods = nullptr;
    const PodLister* m_podLister = nullptr;
    PluginResultRecorder* m_recorder = nullptr;
    const qint64* m_clock = nullptr;
    Parallelizer* m_parallelizer = nullptr;

    void record(ExtensionPoint point, const QString& plugin, const Status& status) const
    {
        if (m_recorder)
            m_recorder->pluginResult(point, plugin, status);
    }

    friend class FrameworkBuilder;
};

} // namespace ksv::framework
