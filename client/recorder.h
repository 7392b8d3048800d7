#pragma once

// `kschedviz record`: a ClusterSession's changes as a Scenario. The cluster when every resource has
// listed is t=0; every change after it is a timed event at its observed offset, so that a recorded
// hour replays the same way every time. What the cluster's own scheduler did is kept apart
// (Scenario::recording): a pod that was pending arrives pending, its binding is noted, not replayed,
// and the replay's scheduler places it itself (docs/live-client.md, "Record").

#include "clustersession.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QSet>

#include <functional>

namespace ksv::client {

// What a live object becomes in a scenario: only the annotations the scheduler reads, and no
// terminal pods (the scheduler's informers never see them). Shared with `snapshot`.
std::optional<KubeObject> forScenario(KubeObject object);
// The cluster state as a scenario's objects: forScenario on each, and pods bound to nodes that are
// not (or no longer) in the cluster left out, each named in `skipped`.
ClusterState scenarioState(const ClusterState& state, QStringList* skipped = nullptr);

class Recorder : public QObject
{
    Q_OBJECT

public:
    // `clock` gives nanoseconds since an arbitrary start (tests drive it by hand); by default a
    // QElapsedTimer.
    explicit Recorder(ClusterSession& session, std::function<qint64()> clock = {}, QObject* parent = nullptr);

    bool isRecording() const { return m_started; }
    // The recording so far: the state at t=0, the events, and the scheduler's bindings.
    Scenario scenario(const QString& name, const QString& context) const;
    // What was left out, one line each (pods on unknown nodes, objects the decoders refused).
    const QStringList& skipped() const { return m_skipped; }
    qint64 now() const;

Q_SIGNALS:
    void started();
    void recorded(qsizetype events, qsizetype bindings);

private:
    void begin();
    void onChanged(const QString& kind, const QString& key, bool deleted);
    void onRelisted(const QString& kind);
    void apply(const QString& kind, const QString& key, const KubeObject* current);
    void recordPod(const QString& id, const Pod* previous, const Pod* current);
    void add(EventAction action, KubeObject object);

    ClusterSession& m_session;
    std::function<qint64()> m_clock;
    QElapsedTimer m_timer;
    qint64 m_startNanos = 0;
    bool m_started = false;
    QDateTime m_startedAt;

    ClusterState m_initial;
    QList<ObjectChange> m_events;
    QList<ObservedBinding> m_bindings;
    QStringList m_skipped;
    // The last version written, by "Kind key": what the next change is compared with.
    QHash<QString, KubeObject> m_written;
    // Pods the replay's scheduler places: pending when seen first. Their bindings are observed only.
    QSet<QString> m_replayPlaces;
    QSet<QString> m_observedBound; // of those, the ones whose binding was noted
    QSet<QString> m_nodes;
};

} // namespace ksv::client
