#pragma once

// `kschedviz shadow`: kschedviz decides every pod the cluster's scheduler has to decide, on the
// snapshot of the moment the pod arrived, and is compared with what the cluster's scheduler did.
//   - A pod pending at the first list, or arriving pending after it, is predicted: the session's
//     state as a scenario (scenarioState), with every other unbound pod left out (the real
//     scheduler has not placed them either, and they hold no resources), and the pod's first
//     attempt explained with the chosen configuration. Pods pending at the first list are decided
//     together, in one run, as `pending` decides them.
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
#include <QSet>

namespace ksv::client {

struct ShadowPod
{
    QString key; // namespace/name
    QString uid;
    QDateTime arrivedAt; // when kschedviz predicted it
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

    bool isStarted() const { return m_started; }
    // Every pod predicted, in the order they were.
    const QList<ShadowPod>& pods() const { return m_pods; }
    const ShadowPod* pod(const QString& key) const;
    // Over every pod the cluster has decided, and over the last `window` of them (by when it decided).
    ShadowAgreement agreement() const;
    ShadowAgreement recentAgreement(int window = 100) const;

Q_SIGNALS:
    void started();
    void predicted(const QString& key);
    void decided(const QString& key);

private:
    void begin();
    void onChanged(const QString& kind, const QString& key, bool deleted);
    void onRelisted(const QString& kind);
    void onPod(const Pod& pod);
    void onEvent(const SchedulingEvent& event);
    bool canPredict(const Pod& pod) const;
    // Predicts `pods` (their keys) on the session's state now; they are pending in it.
    void predict(const QList<Pod>& pods, bool atStart, bool seenBound);
    void observe(qsizetype index, const ShadowObservation& observation);
    void observeFromPod(qsizetype index, const Pod& pod);
    qsizetype indexOf(const QString& key, const QString& uid) const;

    ClusterSession& m_session;
    config::KubeSchedulerConfiguration m_configuration;
    QSet<QString> m_schedulerNames; // of the configuration's profiles
    bool m_started = false;
    qint64 m_startedAtMs = 0;
    QList<ShadowPod> m_pods;
    QHash<QString, qsizetype> m_index; // key -> the latest pod of that name in m_pods
    QList<qsizetype> m_decisions; // indexes into m_pods, by when the cluster decided them
    QSet<QString> m_noAttempt; // "key uid": the run gave no attempt; not tried again
};

} // namespace ksv::client
