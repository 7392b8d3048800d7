#pragma once

// The scheduling queue of kube-scheduler v1.32 (pkg/scheduler/backend/queue/scheduling_queue.go,
// active_queue.go, nominator.go) with the SchedulerQueueingHints gate on, in virtual time.
//
// activeQ is ordered by the QueueSort plugin, podBackoffQ by backoff expiry, and unschedulablePods
// (which also holds the pods PreEnqueue gated) by pod key. Where upstream iterates a Go map (the
// unschedulable pods, the hint map) we iterate in key or registration order, and ties in a heap are
// broken by the order pods entered it: a run is reproducible and every order is one upstream could
// have produced.

#include "framework/events.h"
#include "framework/runtime.h"
#include "trace/trace.h"

#include <deque>
#include <functional>
#include <memory>
#include <set>
#include <unordered_map>

namespace ksv {

class Profiles;

// framework.QueuedPodInfo.
struct QueuedPodInfo
{
    framework::PodInfoPtr podInfo;
    VirtualNanos timestamp = 0; // when the pod was (re)queued: QueueSort and backoff read it
    std::optional<VirtualNanos> initialAttemptTimestamp;
    int attempts = 0;
    QSet<QString> unschedulablePlugins;
    QSet<QString> pendingPlugins;
    bool gated = false;
    quint64 sequence = 0; // order of entering the current heap
    trace::PodLocation location = trace::PodLocation::None; // the structure holding it

    const Pod& pod() const { return *podInfo->pod; }
    QString key() const { return podInfo->pod->key(); }
    const QString& uid() const { return podInfo->pod->meta.uid; }
};
using QueuedPodInfoPtr = std::unique_ptr<QueuedPodInfo>;

struct QueueSettings
{
    VirtualNanos podInitialBackoff = nanosPerSecond;
    VirtualNanos podMaxBackoff = 10 * nanosPerSecond;
    VirtualNanos podMaxInUnschedulablePodsDuration = 5 * 60 * nanosPerSecond;
};

// Told about every move, for the trace and the metrics.
class QueueObserver
{
public:
    virtual ~QueueObserver() = default;
    virtual void podMoved(const QueuedPodInfo& pod, trace::PodLocation from, trace::PodLocation to, const QString& cause) = 0;
    // metrics.SchedulerQueueIncomingPods(queue, event).Inc(), where upstream counts it.
    virtual void podIncoming(const QString& queue, const QString& event) = 0;
    // A hint function ran (queueing_hint_execution_duration_seconds' labels).
    virtual void hintEvaluated(const QueuedPodInfo& pod, const QString& plugin, const QString& event, framework::QueueingHint hint) = 0;
    // PreEnqueue is about to run for `pod` (null: it has finished). PreEnqueue runs outside any
    // scheduling cycle, so whoever records plugin results learns here whose they are.
    virtual void preEnqueueRunning(const QueuedPodInfo* pod) { Q_UNUSED(pod) }
};

class SchedulingQueue final : public framework::PodNominator
{
public:
    // `now` is the simulation's clock; the frameworks give PreEnqueue, QueueSort and the hints.
    SchedulingQueue(const Profiles& profiles, QueueSettings settings, const VirtualNanos& now, QueueObserver* observer);
    ~SchedulingQueue() override;

    // Add: a new unscheduled pod.
    void add(const Pod& pod);
    // Activate: pods in unschedulablePods or backoffQ move to activeQ; an in-flight pod gets a
    // ForceActivate event.
    void activate(const QList<Pod>& pods);
    // Pop: the head of activeQ, now in flight; null when activeQ is empty.
    QueuedPodInfoPtr pop();
    // Done: the pod's attempt is over; the events recorded for it can go.
    void done(const QString& uid);
    qint64 schedulingCycle() const { return m_schedulingCycle; }
    // AddUnschedulableIfNotPresent: a failed attempt's pod goes back. `from` is where the attempt
    // failed (scheduling, waiting on Permit or binding), for the trace.
    void addUnschedulableIfNotPresent(QueuedPodInfoPtr pod, qint64 podSchedulingCycle, trace::PodLocation from);
    void flushBackoffQCompleted();
    void flushUnschedulablePodsLeftover();
    // Update: an unscheduled pod changed (oldPod null: not known before).
    void update(const Pod* oldPod, const Pod& newPod);
    void remove(const Pod& pod);
    // MoveAllToActiveOrBackoffQueue.
    void moveAllToActiveOrBackoffQueue(const framework::ClusterEvent& event, const KubeObject* oldObj, const KubeObject* newObj,
                                       const std::function<bool(const Pod&)>& preCheck = {});

    // The nominator.
    void addNominatedPod(const framework::PodInfoPtr& podInfo, const std::optional<framework::NominatingInfo>& nominatingInfo);
    void deleteNominatedPodIfExists(const Pod& pod);
    QList<framework::PodInfoPtr> nominatedPodsForNode(const QString& nodeName) const override;
    bool hasNominatedPods() const override { return !m_nominatedPods.isEmpty(); }
    QString nominatedNodeName(const QString& uid) const { return m_nominatedPodToNode.value(uid); }

    // What the lanes and the loop read.
    qsizetype activeCount() const { return qsizetype(m_activeQ.size()); }
    qsizetype backoffCount() const { return qsizetype(m_backoffQ.size()); }
    qsizetype unschedulableCount() const { return m_unschedulable.size() - m_gatedCount; }
    qsizetype gatedCount() const { return m_gatedCount; }
    qsizetype inFlightCount() const { return m_inFlight.size(); }
    // The earliest backoff expiry in backoffQ, if any.
    std::optional<VirtualNanos> nextBackoffExpiry() const;
    // Pod keys of activeQ in pop order (for tests and the lanes).
    QStringList activeKeys() const;
    QStringList backoffKeys() const;
    QStringList unschedulableKeys() const; // gated pods included
    // The cluster events kept for in-flight pods, oldest first (for tests).
    QStringList inFlightEventLabels() const;
    const QueuedPodInfo* find(const QString& uid) const;

    // calculateBackoffDuration / getBackoffTime: 0 for a pod never tried.
    VirtualNanos backoffDuration(const QueuedPodInfo& pod) const;
    VirtualNanos backoffTime(const QueuedPodInfo& pod) const { return pod.timestamp + backoffDuration(pod); }

private:
    enum class Strategy : quint8 { QueueSkip, QueueAfterBackoff, QueueImmediately };
    struct HintFunction
    {
        QString plugin;
        framework::QueueingHintFn fn;
    };
    struct Registration
    {
        framework::ClusterEvent event;
        QList<HintFunction> functions;
    };
    struct InFlightEvent
    {
        framework::ClusterEvent event;
        std::shared_ptr<const KubeObject> oldObj;
        std::shared_ptr<const KubeObject> newObj;
    };
    struct ActiveLess
    {
        const SchedulingQueue* queue;
        bool operator()(const QueuedPodInfo* a, const QueuedPodInfo* b) const;
    };
    struct BackoffLess
    {
        const SchedulingQueue* queue;
        bool operator()(const QueuedPodInfo* a, const QueuedPodInfo* b) const;
    };

    bool runPreEnqueuePlugins(QueuedPodInfo& pod);
    // moveToActiveQ: false when PreEnqueue gated the pod (it is then in unschedulablePods).
    bool moveToActiveQ(QueuedPodInfo* pod, trace::PodLocation from, const QString& event);
    bool isPodBackingoff(const QueuedPodInfo& pod) const;
    Strategy isPodWorthRequeuing(const QueuedPodInfo& pod, const framework::ClusterEvent& event, const KubeObject* oldObj,
                                 const KubeObject* newObj);
    Strategy determineSchedulingHintForInFlightPod(const QueuedPodInfo& pod);
    // requeuePodViaQueueingHint: the pod is in no structure when called; returns where it went.
    trace::PodLocation requeuePodViaQueueingHint(QueuedPodInfo* pod, trace::PodLocation from, Strategy strategy, const QString& event);
    void movePodsToActiveOrBackoffQueue(const QList<QueuedPodInfo*>& pods, const framework::ClusterEvent& event,
                                        const KubeObject* oldObj, const KubeObject* newObj);
    bool isEventOfInterest(const framework::ClusterEvent& event) const;
    void addEventIfAnyInFlight(const framework::ClusterEvent& event, const KubeObject* oldObj, const KubeObject* newObj);
    void pruneInFlightEvents();

    void insertActive(QueuedPodInfo* pod);
    void insertBackoff(QueuedPodInfo* pod);
    void insertUnschedulable(QueuedPodInfo* pod);
    QueuedPodInfoPtr take(const QString& uid);
    std::optional<framework::NominatingInfo> keptNomination(const Pod& oldPod, const Pod& newPod) const;
    // Takes the pod out of whichever structure holds it.
    void detach(QueuedPodInfo* pod);
    void moved(const QueuedPodInfo& pod, trace::PodLocation from, trace::PodLocation to, const QString& cause);

    const Profiles& m_profiles;
    QueueSettings m_settings;
    const VirtualNanos& m_now;
    QueueObserver* m_observer;

    std::unordered_map<QString, QueuedPodInfoPtr> m_pods; // by UID: every pod in activeQ, backoffQ or unschedulablePods
    std::set<QueuedPodInfo*, ActiveLess> m_activeQ;
    std::set<QueuedPodInfo*, BackoffLess> m_backoffQ;
    QMap<QString, QueuedPodInfo*> m_unschedulable; // by pod key
    qsizetype m_gatedCount = 0;
    quint64 m_sequence = 0;
    qint64 m_schedulingCycle = 0;
    qint64 m_moveRequestCycle = -1;

    // inFlightPods / inFlightEvents: an event's index grows by one per event; a pod sees the events
    // recorded at or after the index it was popped at.
    QHash<QString, qint64> m_inFlight; // UID → first event index it must see
    std::deque<InFlightEvent> m_inFlightEvents;
    qint64 m_inFlightEventsBase = 0; // index of m_inFlightEvents.front()

    QMap<QString, QList<Registration>> m_hintMap; // profile → registrations in plugin order

    // nominator.go: node → pods in nomination order, and pod → node.
    QHash<QString, QList<framework::PodInfoPtr>> m_nominatedPods; // no empty lists
    QHash<QString, QString> m_nominatedPodToNode;
};

} // namespace ksv
