#pragma once

// `kschedviz shadow`: kschedviz decides every pod the cluster's scheduler has to decide, on the
// snapshot of the moment the pod arrived, and is compared with what the cluster's scheduler did.
//   - A pod pending at the first list, or arriving pending after it, is predicted: the session's
//     state as a scenario (scenarioState), with every other unbound pod left out (the real
//     scheduler has not placed them either, and they hold no resources), and the pod's first
//     attempt explained with the chosen configuration. Pods pending at the first list are decided
//     together, in one run, as `pending` decides them; so are pods that arrive within one batch
//     window (100 ms) of each other while nothing else changes (no binding, no deletion, no node
//     change): a burst of arrivals is one run on the snapshot of the first arrival, not one run of
//     the whole cluster per pod. A change closes the batch: the next arrival opens another, on the
//     snapshot of its own arrival (else a pod would be decided on a cluster without a binding the
//     cluster's scheduler made before the pod came). A pod of a batch the cluster bound meanwhile is
//     decided as it was seen, pending. At most two batches wait; more arrivals join the last (each
//     keeps a copy of the cluster). A run goes on a pool thread, off the session's thread (a first
//     list of 3,000 pending pods on 5,000 nodes is minutes of a sanitized build's time): the
//     session keeps listing and watching meanwhile.
//   - The cluster's word: the pod's nodeName (or a Scheduled event) for a binding; the PodScheduled
//     condition's message (or, before it, a FailedScheduling event) for a failure. A failure counts
//     as first said (later attempts see a later cluster), and a later binding replaces it. For a pod
//     pending at the first list, the word is its condition, else its latest event.
//   - Each pod's comparison (shadowcomparison.h) and the agreement over the session and over the
//     last 100 pods the cluster decided.
// Pods the configuration has no profile for, and gated pods, are not predicted until they can be.

#include "clustersession.h"
#include "shadowcomparison.h"

#include "config/types.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QSet>
#include <QTimer>

#include <atomic>
#include <memory>

namespace ksv::client {

struct ShadowPod
{
    QString key; // namespace/name
    QString uid;
    QDateTime arrivedAt; // the snapshot kschedviz predicted it on
    bool pendingAtStart = false; // pending at the first list (decided with the others pending then)
    bool seenBound = false; // first seen already bound: predicted on the snapshot with it pending
    ExplainReport prediction;
    ShadowObservation observed;
    ShadowComparison comparison;
    QDateTime decidedAt; // when the cluster's latest word came
};

struct ShadowAgreement
{
    int agreed = 0;
    int total = 0;
    double rate() const { return total ? double(agreed) / total : 1.0; }
};

class ShadowTracker : public QObject
{
    Q_OBJECT

public:
    ShadowTracker(ClusterSession& session, config::KubeSchedulerConfiguration configuration, QObject* parent = nullptr);
    ~ShadowTracker() override;
    // How long arrivals are gathered before they are decided together (0: at the next turn of the
    // event loop).
    void setBatchWindow(int milliseconds) { m_batchWindowMs = milliseconds; }

    // The pods pending at the first list are decided (started() was said).
    bool isStarted() const { return m_initialDone; }
    // A run of predictions is under way, or arrivals wait for one.
    bool isPredicting() const { return m_running || !m_batches.isEmpty(); }
    // Every pod predicted, in the order they were.
    const QList<ShadowPod>& pods() const { return m_pods; }
    const ShadowPod* pod(const QString& key) const;
    // Over every pod the cluster has decided, and over the last `window` of them (by when it decided).
    ShadowAgreement agreement() const;
    ShadowAgreement recentAgreement(int window = 100) const;

Q_SIGNALS:
    void started(); // the pods pending at the first list are decided
    void predicted(const QString& key);
    void decided(const QString& key);

private:
    void begin();
    void onChanged(const QString& kind, const QString& key, bool deleted);
    void onRelisted(const QString& kind);
    void onPod(const Pod& pod);
    void onEvent(const SchedulingEvent& event);
    bool canPredict(const Pod& pod) const;
    struct Arrival
    {
        Pod seen; // as first seen: what is decided, pending
        Pod latest; // as last seen: what the cluster has said about it since
        bool seenBound = false; // first seen already bound
    };
    void arrive(const Pod& pod, bool seenBound);
    void predictArrivals();
    // Starts predicting `arrivals` on `state` (the cluster as a scenario when the first of them
    // arrived, at `stateAt`), each of them pending in it.
    void predict(QList<Arrival> arrivals, bool atStart, ClusterState state, QDateTime stateAt);
    void finishPrediction();
    Arrival* waiting(const QString& id); // an arrival not decided yet, by its key and uid
    void observe(qsizetype index, const ShadowObservation& observation);
    void observeFromPod(qsizetype index, const Pod& pod);
    qsizetype indexOf(const QString& key, const QString& uid) const;

    ClusterSession& m_session;
    config::KubeSchedulerConfiguration m_configuration;
    QSet<QString> m_schedulerNames; // of the configuration's profiles
    bool m_started = false;
    bool m_initialDone = false;
    qint64 m_startedAtMs = 0;
    QList<ShadowPod> m_pods;
    QHash<QString, qsizetype> m_index; // key -> the latest pod of that name in m_pods
    QList<qsizetype> m_decisions; // indexes into m_pods, by when the cluster decided them
    QSet<QString> m_noAttempt; // "key uid": the run gave no attempt; not tried again
    // Arrivals waiting for their run, oldest first; the last batch may still take more.
    struct Batch
    {
        QList<Arrival> arrivals;
        ClusterState state; // the cluster when the first of them came: what they are decided on
        QDateTime stateAt;
        QElapsedTimer age;
        bool closed = false; // the cluster changed since: later arrivals open another batch
    };
    QList<Batch> m_batches;
    QTimer m_batch;
    int m_batchWindowMs = 100;
    void closeOpenBatch();
    // The run under way: its arrivals, and the flag that stops it when the tracker goes.
    QFutureWatcher<QHash<QString, ExplainReport>>* m_running = nullptr;
    QList<Arrival> m_inFlight;
    QHash<QString, qsizetype> m_inFlightIndex;
    bool m_inFlightAtStart = false;
    QDateTime m_inFlightAt; // its snapshot
    QList<SchedulingEvent> m_inFlightEvents; // the scheduler's events at that moment
    std::shared_ptr<std::atomic<bool>> m_cancel;
};

} // namespace ksv::client
