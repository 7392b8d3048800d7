#pragma once

// The scheduling framework's plugin interfaces (pkg/scheduler/framework/interface.go). A plugin is
// a class deriving from Plugin and from the interface of every extension point it implements; the
// framework finds them with dynamic_cast, as upstream does with type assertions.

#include "cyclestate.h"
#include "extender.h"
#include "nodetostatus.h"
#include "random.h"
#include "snapshot.h"
#include "status.h"

#include <QSet>

#include <functional>
#include <optional>

namespace ksv::framework {

inline constexpr qint64 maxNodeScore = 100;
inline constexpr qint64 minNodeScore = 0;
inline constexpr qint64 maxTotalScore = std::numeric_limits<qint64>::max();

// framework.WaitingPod: a pod that Permit asked to wait. It goes on to binding once every plugin that
// asked it to wait has allowed it, and fails as soon as one rejects it or its timer fires.
class WaitingPod
{
public:
    virtual ~WaitingPod() = default;
    virtual const Pod& pod() const = 0;
    virtual const QString& nodeName() const = 0;
    // GetPendingPlugins: the plugins that have not allowed the pod yet, sorted.
    virtual QStringList pendingPlugins() const = 0;
    virtual void allow(const QString& pluginName) = 0;
    virtual void reject(const QString& pluginName, const QString& message) = 0;
};

// The waiting pods of every profile (runtime.waitingPodsMap, shared by the profiles as upstream).
class WaitingPods
{
public:
    virtual ~WaitingPods() = default;
    // In the order the pods started waiting.
    virtual void iterate(const std::function<void(WaitingPod&)>& callback) = 0;
    virtual WaitingPod* get(const QString& uid) = 0;
};

// The pod informer's lister: every pod the scheduler has been told about, bound or not, as the API
// server has it (an assumed pod is still unbound here).
class PodLister
{
public:
    virtual ~PodLister() = default;
    // In a stable order (by UID).
    virtual void forEachPod(const std::function<void(const Pod&)>& callback) const = 0;
};

// What a plugin can reach (framework.Handle): the cycle's snapshot, the other informers' objects,
// the seeded randomness, and the framework's own runners that preemption needs.
class Handle
{
public:
    virtual ~Handle() = default;
    virtual const Snapshot& snapshot() const = 0;
    virtual const ClusterLister& lister() const = 0;
    virtual Random& random() = 0;
    virtual Status runFilterPluginsWithNominatedPods(CycleState& state, const Pod& pod, const NodeInfo& nodeInfo) = 0;
    virtual Status runPreFilterExtensionAddPod(CycleState& state, const Pod& podToSchedule, const PodInfoPtr& podToAdd, const NodeInfo& nodeInfo) = 0;
    virtual Status runPreFilterExtensionRemovePod(CycleState& state, const Pod& podToSchedule, const PodInfoPtr& podToRemove, const NodeInfo& nodeInfo) = 0;
    // Pods nominated to a node (PodNominator.NominatedPodsForNode).
    virtual QList<PodInfoPtr> nominatedPodsForNode(const QString& nodeName) const = 0;
    // IterateOverWaitingPods, GetWaitingPod, RejectWaitingPod.
    virtual WaitingPods& waitingPods() = 0;
    // SharedInformerFactory().Core().V1().Pods().Lister().
    virtual const PodLister& podLister() const = 0;
    // Virtual time in nanoseconds, where upstream plugins call time.Now() (Coscheduling's expiring
    // caches).
    virtual qint64 now() const = 0;
    // Handle.Extenders: the scheduler's extenders, in the order it calls them (non-ignorable ones
    // first). Preemption's callExtenders asks them.
    virtual const QList<Extender*>& extenders() const;
};

// The extension points, in the order a pod meets them.
enum class ExtensionPoint : quint8 {
    PreEnqueue, QueueSort, PreFilter, Filter, PostFilter, PreScore, Score, NormalizeScore,
    Reserve, Unreserve, Permit, WaitOnPermit, PreBind, Bind, PostBind,
};
QString toString(ExtensionPoint point);

// Told every plugin's result at the extension points that run once per pod (Filter and Score run
// per node; their results come from the attempt's outcome instead). The scheduling loop records
// them in the trace; without a recorder nothing is spent.
class PluginResultRecorder
{
public:
    virtual ~PluginResultRecorder() = default;
    virtual void pluginResult(ExtensionPoint point, const QString& plugin, const Status& status) = 0;
};

class Plugin
{
public:
    virtual ~Plugin() = default;
    virtual QString name() const = 0;
};

// ---- Queue -------------------------------------------------------------------------------------

class PreEnqueuePlugin
{
public:
    virtual ~PreEnqueuePlugin() = default;
    virtual Status preEnqueue(const Pod& pod) = 0;
};

// What QueueSort compares: the pod and the time it was (re)queued.
struct QueuedPodSortKey
{
    const Pod* pod = nullptr;
    qint64 timestamp = 0; // virtual nanoseconds
};

class QueueSortPlugin
{
public:
    virtual ~QueueSortPlugin() = default;
    virtual bool less(const QueuedPodSortKey& a, const QueuedPodSortKey& b) const = 0;
};

// ---- Filtering ---------------------------------------------------------------------------------

// framework.PreFilterResult: nil NodeNames means every node.
struct PreFilterResult
{
    std::optional<QSet<QString>> nodeNames;

    bool allNodes() const { return !nodeNames.has_value(); }
    // Merge: the intersection of two restrictions.
    PreFilterResult merge(const PreFilterResult& other) const
    {
        if (allNodes())
            return other;
        if (other.allNodes())
            return *this;
        PreFilterResult result;
        result.nodeNames = *nodeNames & *other.nodeNames;
        return result;
    }
};

class PreFilterExtensions
{
public:
    virtual ~PreFilterExtensions() = default;
    virtual Status addPod(CycleState& state, const Pod& podToSchedule, const PodInfoPtr& podToAdd, const NodeInfo& nodeInfo) = 0;
    virtual Status removePod(CycleState& state, const Pod& podToSchedule, const PodInfoPtr& podToRemove, const NodeInfo& nodeInfo) = 0;
};

struct PreFilterOutcome
{
    PreFilterResult result;
    Status status;
};

class PreFilterPlugin
{
public:
    virtual ~PreFilterPlugin() = default;
    virtual PreFilterOutcome preFilter(CycleState& state, const Pod& pod, const QList<NodeInfoPtr>& nodes) = 0;
    virtual PreFilterExtensions* preFilterExtensions() { return nullptr; }
};

class FilterPlugin
{
public:
    virtual ~FilterPlugin() = default;
    virtual Status filter(CycleState& state, const Pod& pod, const NodeInfo& nodeInfo) = 0;
};

struct NominatingInfo
{
    QString nominatedNodeName;
    bool override = false; // ModeOverride: set (possibly to empty); otherwise leave as is
};

struct PostFilterOutcome
{
    std::optional<NominatingInfo> nominatingInfo;
    Status status;
    QStringList victims; // keys of the pods preempted, for the trace
};

class PostFilterPlugin
{
public:
    virtual ~PostFilterPlugin() = default;
    virtual PostFilterOutcome postFilter(CycleState& state, const Pod& pod, const NodeToStatus& filteredNodeStatuses) = 0;
};

// ---- Scoring -----------------------------------------------------------------------------------

struct NodeScore
{
    QString name;
    qint64 score = 0;
};

class PreScorePlugin
{
public:
    virtual ~PreScorePlugin() = default;
    virtual Status preScore(CycleState& state, const Pod& pod, const QList<NodeInfoPtr>& nodes) = 0;
};

class ScoreExtensions
{
public:
    virtual ~ScoreExtensions() = default;
    virtual Status normalizeScore(CycleState& state, const Pod& pod, QList<NodeScore>& scores) = 0;
};

struct ScoreOutcome
{
    qint64 score = 0;
    Status status;
};

class ScorePlugin
{
public:
    virtual ~ScorePlugin() = default;
    virtual ScoreOutcome score(CycleState& state, const Pod& pod, const NodeInfo& nodeInfo) = 0;
    virtual ScoreExtensions* scoreExtensions() { return nullptr; }
};

// ---- Reserving and binding ---------------------------------------------------------------------

class ReservePlugin
{
public:
    virtual ~ReservePlugin() = default;
    virtual Status reserve(CycleState& state, const Pod& pod, const QString& nodeName) = 0;
    virtual void unreserve(CycleState& state, const Pod& pod, const QString& nodeName) = 0;
};

struct PermitOutcome
{
    Status status;
    qint64 timeout = 0; // virtual nanoseconds, with Wait
};

class PermitPlugin
{
public:
    virtual ~PermitPlugin() = default;
    virtual PermitOutcome permit(CycleState& state, const Pod& pod, const QString& nodeName) = 0;
};

class PreBindPlugin
{
public:
    virtual ~PreBindPlugin() = default;
    virtual Status preBind(CycleState& state, const Pod& pod, const QString& nodeName) = 0;
};

class BindPlugin
{
public:
    virtual ~BindPlugin() = default;
    virtual Status bind(CycleState& state, const Pod& pod, const QString& nodeName) = 0;
};

class PostBindPlugin
{
public:
    virtual ~PostBindPlugin() = default;
    virtual void postBind(CycleState& state, const Pod& pod, const QString& nodeName) = 0;
};

} // namespace ksv::framework
