#pragma once

// The one object every view reads: the current run (EngineController on its thread), the index of
// its published trace, and the cursor — the position in the trace the views show. Playing follows
// the engine as it runs at the chosen speed; stepping and seeking move the cursor through what the
// engine has already published (asking it for more when the target lies ahead); going back rebuilds
// the state from the index's checkpoints, never by re-running. Selection (a pod, one of its
// scheduling cycles, a node) is shared here so the views stay linked.

#include "config/types.h"
#include "scenario/scenario.h"
#include "simulation/simulator.h"
#include "trace/replay.h"

#include <QElapsedTimer>
#include <QObject>

#include <memory>

class QTimer;

namespace ksv {

class EngineController;

class Playback : public QObject
{
    Q_OBJECT
public:
    enum class StepUnit { Event, ExtensionPoint, Cycle };

    explicit Playback(QObject* parent = nullptr);
    ~Playback() override;

    // A new run of the scenario, paused at time 0. `catalogue`: the scenario's, built off the GUI
    // thread by the load job (built here when null); kept for reset().
    void load(std::shared_ptr<const Scenario> scenario, const config::KubeSchedulerConfiguration& configuration,
              const SimulationOptions& options, std::shared_ptr<const trace::ReplayCatalogue> catalogue = {});
    bool isLoaded() const { return m_index != nullptr; }

    void play();
    void pause();
    void togglePlay();
    bool isPlaying() const { return m_playing; }
    // Virtual seconds per wall second, 0.1 to 1000; 0 is as fast as possible.
    void setSpeed(double speed);
    double speed() const { return m_speed; }
    // Pauses and moves the cursor to the next event of the unit (a cycle's Filter detail is one
    // event, its Score detail another); no-op at the end of the run.
    void step(StepUnit unit);
    // Back to the previous event of the unit.
    void stepBack(StepUnit unit);
    // Pauses with the cursor at virtual time t (every event up to t applied).
    void seek(VirtualNanos t);
    // Pauses and moves the cursor to a trace position (<= published).
    void seekPosition(qsizetype position);
    // The same run from the start: same scenario, configuration and seed.
    void reset();

    // What the views read (null/empty before load()).
    const trace::TraceIndex* index() const { return m_index.get(); }
    const trace::Trace* trace() const;
    const trace::ReplayState& state() const { return m_following && m_index ? m_index->head() : m_state; } // empty before load()
    qsizetype cursor() const { return state().position; }
    // The cursor's virtual time: the engine's clock while following it, else the last applied event's.
    VirtualNanos cursorTime() const;
    VirtualNanos engineTime() const;
    qsizetype published() const;
    bool isFinished() const;
    bool isFollowing() const { return m_following; }

    // Selection: -1 for none. Selecting a cycle selects its pod; selecting a pod selects its latest
    // cycle at the cursor.
    qint32 selectedPod() const { return m_selectedPod; }
    qint32 selectedCycle() const { return m_selectedCycle; }
    qint32 selectedNode() const { return m_selectedNode; }
    void selectPod(qint32 pod);
    void selectCycle(qint32 cycle);
    void selectNode(qint32 node);

    EngineController* engine() const { return m_engine; }

Q_SIGNALS:
    // A new run replaced the old one: views drop what they cached.
    void runChanged();
    // The cursor moved or more of the trace was indexed.
    void cursorChanged();
    void selectionChanged();
    void playingChanged(bool playing);
    void speedChanged(double speed);
    void finished();
    void failed(const QString& message);

private:
    void onProgress(qsizetype traceSize, qint64 now);
    void indexPublished();
    void scheduleIndexing(); // one indexPublished() in the next turn of the event loop
    void onEngineFinished();
    // Leaves the engine's end and shows `position` at virtual time `time`.
    void moveCursor(qsizetype position, VirtualNanos time);
    // Replays what the engine already published at the chosen speed, then follows the engine.
    void replayTick();
    // The end of the group of events starting at `from` (one event; for ExtensionPoint all plugins of
    // one point), or -1 when it may not be complete yet.
    qsizetype groupEnd(qsizetype from, StepUnit unit) const;
    qsizetype nextStop(qsizetype from, StepUnit unit) const; // -1: not published yet
    qsizetype previousStop(qsizetype from, StepUnit unit) const;
    void resolvePending();
    void requestEngineStep();

    EngineController* m_engine;
    std::shared_ptr<const Scenario> m_scenario;
    std::shared_ptr<const trace::ReplayCatalogue> m_catalogue;
    config::KubeSchedulerConfiguration m_configuration;
    SimulationOptions m_options;
    std::unique_ptr<trace::TraceIndex> m_index;
    trace::ReplayState m_state;
    bool m_following = true; // the cursor tracks the engine's published end
    bool m_playing = false;
    bool m_awaitingEngine = false; // a step asked of the engine has not been reported yet
    bool m_indexScheduled = false; // more published events wait to be indexed
    bool m_finishedReported = false;
    // What the views last heard of the engine's progress through cursorChanged() from
    // indexPublished(). The engine also reports when it merely paused (every seek and step pauses
    // it), and such a report changes nothing a view shows: without this each seek told every view
    // the cursor changed a second time, a turn after they had refreshed for the seek.
    struct Progress
    {
        qsizetype indexed = 0;
        qsizetype published = 0;
        VirtualNanos now = 0;
        bool finished = false;
        bool operator==(const Progress&) const = default;
    };
    Progress progress() const;
    Progress m_progressShown;
    double m_speed = 1.0;
    VirtualNanos m_cursorTime = 0; // while not following
    QTimer* m_replayTimer;
    QElapsedTimer m_replayClock;
    // A step or seek whose target the engine has not published yet.
    struct Pending
    {
        enum Kind { None, Step, Seek } kind = None;
        StepUnit unit = StepUnit::Event;
        VirtualNanos time = 0;
    } m_pending;
    qint32 m_selectedPod = -1;
    qint32 m_selectedCycle = -1;
    qint32 m_selectedNode = -1;
};

} // namespace ksv
