#pragma once

// The one thread boundary: the Simulator runs on its own QThread and the GUI hears about it in
// batches (at most one progress signal per frame), never per event. Starting a new run bumps the
// generation; anything an older run still reports is dropped here, so views only ever see the
// current run. Views read the shared trace up to the size the last progress signal named.
//
// Queued calls across the boundary carry no arguments: values travel in an EngineMailbox behind a
// std::mutex. Qt's event queue locks with futexes ThreadSanitizer cannot see, so arguments copied
// through it would be reported as races; with the mailbox every hand-over is visible to it.

#include "config/types.h"
#include "scenario/scenario.h"
#include "simulation/simulator.h"
#include "trace/trace.h"

#include <QObject>
#include <QPointer>

#include <memory>
#include <mutex>

class QThread;
class QTimer;

namespace ksv {

class EngineWorker;

struct EngineMailbox
{
    std::mutex mutex;
    // GUI → engine
    double speed = 1.0;
    VirtualNanos runUntil = 0;
    // engine → GUI: the latest report wins (the GUI only needs the newest size and time)
    qsizetype traceSize = 0;
    VirtualNanos now = 0;
    bool done = false;
    QString failure;
    bool retired = false; // the engine thread is done with the worker
};

class EngineController : public QObject
{
    Q_OBJECT
public:
    explicit EngineController(QObject* parent = nullptr);
    ~EngineController() override;

    // A new run of the scenario, paused at time 0 until play() or step().
    void start(std::shared_ptr<const Scenario> scenario, const config::KubeSchedulerConfiguration& configuration,
               const SimulationOptions& options);
    void stop();
    // A trace recorded elsewhere (a prepared run): finished, everything published, no thread.
    void adopt(std::shared_ptr<const trace::Trace> trace);

    // Virtual seconds per wall second (0.1 to 1000); 0 runs as fast as possible.
    void setSpeed(double speed);
    void play();
    void pause();
    // Processes the next instant at which something happens.
    void step();
    // Runs as fast as possible up to virtual time t, then pauses; reports now() == t once there.
    void runUntil(VirtualNanos t);

    quint64 generation() const { return m_generation; }
    // The current run's trace (null before the first start); readable up to `published` events.
    const std::shared_ptr<const trace::Trace>& trace() const { return m_trace; }
    qsizetype published() const { return m_published; }
    VirtualNanos now() const { return m_now; }
    bool isFinished() const { return m_finished; }

Q_SIGNALS:
    // The current run appended events up to `traceSize` and its clock reads `now`.
    void progressed(qsizetype traceSize, qint64 now);
    void finished();
    void failed(const QString& message);

private:
    void onProgress(quint64 generation);
    void onFailed(quint64 generation);

    quint64 m_generation = 0;
    std::shared_ptr<extender::ExtenderTransport> m_extenderTransport; // the running engine's, cancelled by stop()
    std::shared_ptr<EngineMailbox> m_mailbox;
    QThread* m_thread = nullptr;
    QPointer<EngineWorker> m_worker;
    std::shared_ptr<const trace::Trace> m_trace;
    qsizetype m_published = 0;
    VirtualNanos m_now = 0;
    bool m_finished = false;
};

// Lives on the engine thread: owns the Simulator and paces it.
class EngineWorker : public QObject
{
    Q_OBJECT
public:
    EngineWorker(std::shared_ptr<EngineMailbox> mailbox, std::shared_ptr<const Scenario> scenario,
                 config::KubeSchedulerConfiguration configuration, SimulationOptions options, std::shared_ptr<trace::Trace> trace);
    ~EngineWorker() override;

    // Called on the engine thread as it finishes: stops, and moves the worker to `owner` for deletion.
    void retire(QThread* owner);

public Q_SLOTS:
    void initialize();
    void applySpeed(); // the mailbox's speed
    void play();
    void pause();
    void step();
    void runUntil(); // the mailbox's runUntil

Q_SIGNALS:
    void progress(); // the mailbox holds the report
    void failed();   // the mailbox holds the message

private:
    void advance();
    // Once the run has nothing left to do, the simulator goes: the views read the trace, and its
    // cluster, queue and caches are some 430 MiB on the scale sample (docs/performance.md).
    void releaseIfOver();
    void report(bool force);
    void post(qsizetype traceSize, VirtualNanos now, bool done);

    std::shared_ptr<EngineMailbox> m_mailbox;
    std::shared_ptr<const Scenario> m_scenario;
    config::KubeSchedulerConfiguration m_configuration;
    SimulationOptions m_options;
    std::shared_ptr<trace::Trace> m_trace;
    std::unique_ptr<Simulator> m_simulator;
    QTimer* m_timer = nullptr;
    double m_speed = 1.0;
    bool m_playing = false;
    std::optional<VirtualNanos> m_runUntil;
    // The latest time a run to a time reached: the clock the engine reports never reads less, though
    // the simulator's own clock stays at its last event.
    VirtualNanos m_reached = 0;
    VirtualNanos clock() const { return m_simulator ? std::max(m_reached, m_simulator->now()) : m_reached; }
    bool m_over = false; // the run ended and the simulator was released
    qint64 m_playStartWallNs = 0;
    VirtualNanos m_playStartVirtual = 0;
    qint64 m_lastReportWallNs = 0;
    qsizetype m_lastReportedSize = -1;
    VirtualNanos m_lastReportedClock = -1;
};

} // namespace ksv
