#pragma once

// The live cluster for the app: a ClusterSession and a ShadowTracker on a thread of their own, so
// that a first list of 150,000 pods (some 20 s of one core) and every shadow prediction stay off
// the GUI thread. The GUI hears about the cluster in frames, at most one per interval: an immutable
// LiveFrame with the cluster as a snapshot scenario (numbered for the views there, not on the GUI
// thread), the connection's status, the scheduler's events and the shadow comparison.
//
// As EngineController does, the queued signal carries no argument: the newest frame waits in a
// mailbox behind a std::mutex, and an older one nobody took is simply replaced.

#include "kubeconfig.h"
#include "reflector.h"
#include "schedulingevent.h"
#include "shadow.h"

#include "config/types.h"
#include "scenario/scenario.h"
#include "trace/replay.h"

#include <QObject>
#include <QPointer>

#include <functional>
#include <memory>
#include <mutex>

class QThread;

namespace ksv::client {

struct LiveStatus
{
    enum class Phase : quint8 { Connecting, Connected, Reconnecting, Failed };
    Phase phase = Phase::Connecting;
    QString reason; // the latest fault or refusal (never a credential)
    qint64 retryAtMs = 0; // Reconnecting: when the next list or watch is sent (wall clock, ms since the epoch); 0 when under way
    bool synced = false; // every resource has listed once
    qint64 lostAtMs = 0; // when a connection that was up was lost; 0 while it is up
    int watching = 0; // resources being watched
    int resources = 0;
    friend bool operator==(const LiveStatus&, const LiveStatus&) = default;
};
QString phaseName(LiveStatus::Phase phase);

struct LiveFrame
{
    quint64 sequence = 0;
    QString context;
    QString server; // the URL, never a credential
    LiveStatus status;
    // The cluster as the scheduler's informers list it, as a scenario (scenarioState): bound pods on
    // their nodes, pending pods pending. Null before the first complete list. A new version only when
    // an object changed; frames that bring only events or status share it.
    std::shared_ptr<const Scenario> snapshot;
    std::shared_ptr<const trace::ReplayCatalogue> catalogue;
    quint64 snapshotVersion = 0;
    qint64 snapshotAtMs = 0; // wall clock of the snapshot
    // What LiveFeedOptions::prepare made of the snapshot on the feed's thread (the app: a run at its
    // start, ui/playback/preparedrun.h), or why it could not.
    std::shared_ptr<void> prepared;
    QString prepareError;
    QStringList skipped; // objects left out of it (pods on unknown nodes)
    QList<SchedulingEvent> events; // the scheduler's FailedScheduling and Scheduled events
    QList<ShadowPod> shadow;
    ShadowAgreement agreement;
    ShadowAgreement recent; // over the last 100 pods the cluster decided

    // A pod of the snapshot by namespace/name, through the catalogue (no scan of 150,000 pods on the
    // GUI thread); null when it is not there.
    const Pod* pod(const QString& key) const;
};

struct LiveFeedOptions
{
    ReflectorOptions reflector;
    // The shortest time between two frames. A frame whose snapshot took long to build waits twice
    // that long for the next, so that a busy 150,000-pod cluster does not keep the thread copying.
    int minFrameIntervalMs = 1000;
    // Called on the feed's thread with each new snapshot (its catalogue numbered): whatever the
    // consumer would otherwise build from it on its own thread. May throw std::exception.
    std::function<std::shared_ptr<void>(const LiveFrame&)> prepare;
};

struct LiveMailbox
{
    std::mutex mutex;
    std::shared_ptr<const LiveFrame> latest;
};

class LiveWorker;

class LiveFeed : public QObject
{
    Q_OBJECT
public:
    LiveFeed(ResolvedConfig config, config::KubeSchedulerConfiguration configuration, LiveFeedOptions options = {}, QObject* parent = nullptr);
    ~LiveFeed() override;

    void start();
    // Stops the session and its thread; the latest frame stays.
    void stop();
    bool isRunning() const { return m_thread != nullptr; }
    const ResolvedConfig& config() const { return m_config; }
    const config::KubeSchedulerConfiguration& configuration() const { return m_configuration; }
    // The newest frame (null before the first).
    std::shared_ptr<const LiveFrame> latest() const { return m_latest; }

Q_SIGNALS:
    void frameReady();

private:
    void onPosted();

    ResolvedConfig m_config;
    config::KubeSchedulerConfiguration m_configuration;
    LiveFeedOptions m_options;
    std::shared_ptr<LiveMailbox> m_mailbox;
    QThread* m_thread = nullptr;
    QPointer<LiveWorker> m_worker;
    std::shared_ptr<const LiveFrame> m_latest;
};

// The snapshot with `pod` the only pending pod: what kschedviz decides for it on the cluster as it
// is now. Other pending pods are left out, as shadow leaves them out (the cluster's scheduler has not
// placed them either, and they hold no resources). A pod not in the snapshot (pasted) is added.
Scenario scenarioDeciding(const Scenario& snapshot, const Pod& pod);

} // namespace ksv::client
