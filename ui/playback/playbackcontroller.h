#pragma once

// Plays a Run against a ViewState: starts runs (load, reset), and moves the view state's cursor
// through the run. Playing follows the engine as it runs at the chosen speed; stepping and seeking
// move the cursor through what the engine has already published (asking it for more when the target
// lies ahead); going back rebuilds the state from the index's checkpoints, never by re-running.
//
// It answers the view state's requests (a seek from the timeline or a chart, a place from the
// history), so views need only the Run and the ViewState; the playback controls (the toolbar, the
// window's menus) and tests call it directly.

#include "config/types.h"
#include "scenario/scenario.h"
#include "simulation/simulator.h"
#include "speedmeter.h"
#include "trace/replay.h"

#include <QElapsedTimer>
#include <QObject>

#include <functional>
#include <memory>

class QTimer;

namespace ksv {

class Run;
class ViewState;
struct PreparedRun;

class PlaybackController : public QObject
{
    Q_OBJECT
public:
    enum class StepUnit { Event, ExtensionPoint, Cycle };

    explicit PlaybackController(ViewState* view, QObject* parent = nullptr);
    ~PlaybackController() override;

    // A new run of the scenario, paused at time 0: it replaces the current one. `catalogue`: see Run.
    void load(std::shared_ptr<const Scenario> scenario, const config::KubeSchedulerConfiguration& configuration,
              const SimulationOptions& options, std::shared_ptr<const trace::ReplayCatalogue> catalogue = {});
    // A prepared run (live mode's snapshot): it replaces the current one, complete at once.
    void adopt(const std::shared_ptr<PreparedRun>& prepared);
    // The same run from the start: same scenario, configuration and options.
    void reset();
    Run* run() const { return m_run.get(); } // null before load()
    bool isLoaded() const { return m_run != nullptr; }
    ViewState* viewState() const { return m_view; }

    void play();
    void pause();
    void togglePlay();
    bool isPlaying() const;
    // Virtual seconds per wall second, 0.1 to 1000; 0 is as fast as possible.
    void setSpeed(double speed);
    double speed() const { return m_speed; }
    // Pauses and moves the cursor to the next event of the unit (a cycle's Filter detail is one
    // event, its Score detail another); no-op at the end of the run.
    void step(StepUnit unit);
    // Back to the previous event of the unit.
    void stepBack(StepUnit unit);
    // The selected pod's own stops, for following one pod through a busy run. Event: the cursor right
    // after the pod's next (previous) event of its own (TraceIndex::podEvents), a step like any
    // other. Cycle: the cursor right after the end of the pod's next (previous) scheduling cycle,
    // counted from the selected cycle when it is the pod's and from the cursor otherwise, and that
    // cycle selected (a jump the view history remembers). A next stop the engine has not published
    // yet: it runs on, an instant at a time, until there is one or the run ends (any other playback
    // command cancels the wait). No-op without a selected pod, or with no such stop.
    enum class PodStep { Event, Cycle };
    void stepPod(PodStep unit);
    void stepPodBack(PodStep unit);
    // Pauses with the cursor at virtual time t (every event up to t applied).
    void seek(VirtualNanos t);
    // Pauses and moves the cursor to a trace position (<= what is indexed).
    void seekPosition(qsizetype position);
    // The run is over and the cursor at its end.
    bool isFinished() const;
    // While playing: virtual seconds per wall second over the last second or so (none until a second
    // has been seen, and none while paused).
    std::optional<double> achievedSpeed() const { return m_achieved; }
    // Playing slower than the chosen speed: the engine (or the window) cannot keep up with it.
    bool isBehind() const;
    // The wall clock the speed is measured against (nanoseconds); tests give one that runs fast.
    void setWallClock(std::function<qint64()> clock) { m_wallClock = std::move(clock); }

    // Where playing pauses by itself (a lesson's chapters). `finder(from, to)` names the first stop
    // after the cursor `from` and no later than where it goes, `to`, if any; it is asked as the
    // cursor moves on while playing, so playback stops exactly at the stop even when the engine ran
    // past it.
    struct Stop
    {
        qsizetype position = 0;
        VirtualNanos time = 0;
    };
    using StopFinder = std::function<std::optional<Stop>(Stop from, Stop to)>;
    void setStopFinder(StopFinder finder) { m_stopFinder = std::move(finder); }

Q_SIGNALS:
    // A new run replaced the old one (which is deleted once this returns): views take the new one.
    void runChanged(ksv::Run* run);
    void speedChanged(double speed);
    // achievedSpeed() or isBehind() changed (at most a few times a second).
    void achievedSpeedChanged();
    void finished();
    void failed(const QString& message);
    // Playing paused at a stop the finder named.
    void stoppedAt(qsizetype position);

private:
    std::unique_ptr<Run> takeRun(); // the current run, stopped and disconnected
    void install(std::unique_ptr<Run> run, std::unique_ptr<Run> old);
    void connectRun();
    void onProgressed(bool news);
    void onEngineFinished();
    // Leaves the engine's end and shows `position` at virtual time `time`.
    void moveCursor(qsizetype position, VirtualNanos time);
    // The cursor following the run's end.
    void followRun();
    // Replays what the engine already published at the chosen speed, then follows the engine.
    void replayTick();
    // The end of the group of events starting at `from` (one event; for ExtensionPoint all plugins of
    // one point).
    qsizetype groupEnd(qsizetype from, StepUnit unit) const;
    qsizetype nextStop(qsizetype from, StepUnit unit) const; // -1: not published yet
    qsizetype previousStop(qsizetype from, StepUnit unit) const;
    // Where a pod step stops: right after `position` events, selecting `cycle` (-1: none).
    struct PodStop
    {
        qsizetype position = -1; // -1: none (yet)
        qint32 cycle = -1;
    };
    // The cycle of `pod` a cycle step counts from: the selected one if it is the pod's, else -1 (the cursor).
    qint32 podStepOrigin(qint32 pod) const;
    PodStop nextPodStop(qint32 pod, PodStep unit, qint32 fromCycle) const;
    PodStop previousPodStop(qint32 pod, PodStep unit, qint32 fromCycle) const;
    void arriveAt(const PodStop& stop);
    void resolvePending();
    // The pending stop lies beyond what is indexed: waits for the next indexing slice, asks the engine
    // for its next instant, or gives up at the run's end.
    void awaitMore();
    VirtualNanos eventTimeBefore(qsizetype position) const;

    void measureSpeed();
    // Pauses at the finder's first stop after `from` up to `to`; false when there is none.
    bool stopBetween(Stop from, Stop to);

    ViewState* m_view;
    SpeedMeter m_meter;
    QElapsedTimer m_wall;
    std::function<qint64()> m_wallClock;
    StopFinder m_stopFinder;
    // Playing was asked for and not paused since: the cursor's moves with the engine may stop at a
    // stop, even after the engine said it finished (before its last events are indexed).
    bool m_stopsArmed = false;
    qint64 m_lastSpeedReportNs = 0;
    std::optional<double> m_achieved;
    std::unique_ptr<Run> m_run;
    double m_speed = 1.0;
    QTimer* m_replayTimer;
    QElapsedTimer m_replayClock;
    // A step or seek whose target the engine has not published yet.
    struct Pending
    {
        enum Kind { None, Step, Seek, Pod } kind = None;
        StepUnit unit = StepUnit::Event;
        VirtualNanos time = 0;
        PodStep podUnit = PodStep::Cycle;
        qint32 pod = -1;
        qint32 fromCycle = -1;
    } m_pending;
};

} // namespace ksv
