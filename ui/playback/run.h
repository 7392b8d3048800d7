#pragma once

// One run of the engine: the scenario, configuration and options it was started with, the engine on
// its thread (EngineController), the index of the trace it publishes, and the run's state at the
// cursor. A new run (a reload, a reset) is a new Run; two Runs can live side by side.
//
// The index catches up with the engine here, in slices of a few milliseconds, one per turn of the
// event loop, so that a burst from an engine running as fast as possible never holds the loop for
// long. Where the cursor is comes from whoever drives the run (PlaybackController): the run keeps the
// state there, following the index's end or rebuilt from its checkpoints, never by re-running.

#include "config/types.h"
#include "scenario/scenario.h"
#include "simulation/simulator.h"
#include "trace/replay.h"

#include <QObject>

#include <memory>

namespace ksv {

class EngineController;
class ViewState;
struct PreparedRun;
struct QueueLaneNaming;

class Run : public QObject
{
    Q_OBJECT
public:
    // Starts the engine, paused at time 0 until asked to play or step. `catalogue`: the scenario's,
    // numbered off the GUI thread by the load job; numbered here when null.
    Run(std::shared_ptr<const Scenario> scenario, const config::KubeSchedulerConfiguration& configuration,
        const SimulationOptions& options, std::shared_ptr<const trace::ReplayCatalogue> catalogue = {}, QObject* parent = nullptr);
    // A run prepared on another thread (preparedrun.h): complete from the start, with no engine to
    // run; adopting it costs the GUI thread no more than a few pointers.
    explicit Run(const std::shared_ptr<PreparedRun>& prepared, QObject* parent = nullptr);
    ~Run() override;

    const std::shared_ptr<const Scenario>& scenario() const { return m_scenario; }
    const config::KubeSchedulerConfiguration& configuration() const { return m_configuration; }
    const SimulationOptions& options() const { return m_options; }
    const std::shared_ptr<const trace::ReplayCatalogue>& catalogue() const { return m_catalogue; }
    // The queue lanes' numbering of the catalogue when it was prepared with the run; null otherwise.
    const std::shared_ptr<const QueueLaneNaming>& laneNaming() const { return m_laneNaming; }
    EngineController* engine() const { return m_engine; }
    // Stops the engine; what it published stays readable.
    void stop();

    const trace::TraceIndex& index() const { return *m_index; }
    const trace::Trace& trace() const { return m_index->trace(); }
    // Events the views may read: what the engine published and the index has caught up with.
    qsizetype indexed() const { return m_index->indexed(); }
    VirtualNanos engineTime() const;
    bool isEngineFinished() const;
    // The engine is done and everything it published is indexed.
    bool isComplete() const;

    // The run at the cursor: the index's end while following it, else the state after position().
    const trace::ReplayState& state() const { return m_following ? m_index->head() : m_state; }
    qsizetype position() const { return state().position; }
    bool isFollowing() const { return m_following; }
    // The run is over and the cursor at its end.
    bool isFinished() const { return isComplete() && (m_following || position() == indexed()); }
    // The cursor at the index's end, moving on with it.
    void follow() { m_following = true; } // m_state keeps its memory for the next move
    // The cursor at `position` (clamped to what is indexed).
    void moveTo(qsizetype position);
    // Forward to `position` by applying events from the cursor (playing back what was published).
    void advanceTo(qsizetype position);

    // Asks the engine for its next instant, unless an earlier request is still unanswered.
    void requestStep();

Q_SIGNALS:
    // An indexing slice ran; `news` when it indexed events or the engine's clock or end changed (an
    // answer to a pause changes none of them).
    void progressed(bool news);
    // The engine ended the run (reported before the index has caught up with its last events).
    void engineFinished();
    // The run is complete: said once.
    void finished();
    void failed(const QString& message);

private:
    void onProgress();
    void scheduleIndexing(); // one indexPublished() in the next turn of the event loop
    void indexPublished();

    std::shared_ptr<const Scenario> m_scenario;
    std::shared_ptr<const trace::ReplayCatalogue> m_catalogue;
    std::shared_ptr<const QueueLaneNaming> m_laneNaming;
    config::KubeSchedulerConfiguration m_configuration;
    SimulationOptions m_options;
    EngineController* m_engine;
    std::shared_ptr<trace::TraceIndex> m_index; // released off the GUI thread
    trace::ReplayState m_state;
    bool m_following = true;
    bool m_awaitingEngine = false; // a step asked of the engine has not been reported yet
    bool m_indexScheduled = false; // more published events wait to be indexed
    bool m_finishedReported = false;
    // What progressed(true) last reported. The engine also reports when it merely paused (every seek and
    // step pauses it), and such a report changes nothing a view shows: without this each seek told
    // every view the cursor changed a second time, a turn after they had refreshed for the seek.
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
};

// Selecting through a run, so that the selection stays linked: a pod with its latest cycle at the
// cursor, a cycle with its pod; an id the run does not know selects nothing. Without a run nothing
// is selected. `record` puts the place left on the view state's history (a user's choice does, a
// view following the cursor does not).
void selectPod(ViewState& view, const Run* run, qint32 pod, bool record = true);
void selectCycle(ViewState& view, const Run* run, qint32 cycle, bool record = true);
void selectNode(ViewState& view, const Run* run, qint32 node, bool record = true);

} // namespace ksv
