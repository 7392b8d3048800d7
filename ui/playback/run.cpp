#include "run.h"

#include "cluster/scenariosource.h"
#include "extendersession.h"
#include "enginecontroller.h"
#include "preparedrun.h"
#include "trace/releaseoffgui.h"
#include "viewstate.h"

#include <QElapsedTimer>
#include <QTimer>

namespace ksv {

namespace {
constexpr qint64 indexSliceNs = 6'000'000;
// Events indexed between two looks at the clock: small enough that a slice overshoots by well under a
// millisecond however costly the events (a checkpoint copy, per-node detail), large enough that the
// clock is read rarely.
constexpr qsizetype indexChunk = 2'048;
} // namespace

Run::Run(std::shared_ptr<const Scenario> scenario, const config::KubeSchedulerConfiguration& configuration,
         const SimulationOptions& options, std::shared_ptr<const trace::ReplayCatalogue> catalogue, QObject* parent)
    : QObject(parent)
    , m_scenario(std::move(scenario))
    , m_catalogue(catalogue ? std::move(catalogue) : std::make_shared<const trace::ReplayCatalogue>(ScenarioSource(m_scenario)))
    , m_configuration(configuration)
    , m_options(options)
    , m_engine(new EngineController(this))
{
    connect(m_engine, &EngineController::progressed, this, &Run::onProgress);
    connect(m_engine, &EngineController::finished, this, [this] {
        Q_EMIT engineFinished();
        indexPublished(); // says finished() once the index has caught up
    });
    connect(m_engine, &EngineController::failed, this, &Run::failed);
    // A fresh session per run: the extenders' transport (and the scenario's demo extender) lives as
    // long as the run, and a stopped run's is cancelled, so a reset must not reuse it.
    m_options.extenderTransport.reset();
    QString extenderProblem;
    try {
        if (const auto session = extenderhttp::ExtenderSession::start(*m_scenario, m_configuration))
            m_options.extenderTransport = session->transport();
    } catch (const LoadError& error) {
        // Every call then fails with the reason; kube-scheduler itself would not have started.
        extenderProblem = error.toString();
        m_options.extenderTransport = std::make_shared<extender::FailingTransport>(error.message());
    }
    m_engine->start(m_scenario, m_configuration, m_options);
    if (!extenderProblem.isEmpty()) // after the connections: the views hear it as any failed run
        QTimer::singleShot(0, this, [this, extenderProblem] { Q_EMIT failed(extenderProblem); });
    m_index = makeReleasedOffGui<trace::TraceIndex>(*m_catalogue, m_engine->trace(), m_scenario->timing);
    // The cursor's state gets its memory now, while loading: the first seek away from the engine's
    // end then copies a checkpoint into pages already mapped (fresh pages for 150,000 pods cost some
    // 10 ms more than the copy). Unused while following; kept, not freed, when playback catches up.
    m_state = m_index->head();
    m_progressShown = progress();
}

Run::Run(const std::shared_ptr<PreparedRun>& prepared, QObject* parent)
    : QObject(parent)
    , m_scenario(prepared->scenario)
    , m_catalogue(prepared->catalogue)
    , m_laneNaming(prepared->laneNaming)
    , m_configuration(prepared->configuration)
    , m_options(prepared->options)
    , m_engine(new EngineController(this))
    , m_index(prepared->index)
{
    m_engine->adopt(prepared->trace);
    // The cursor's own state gets its memory when the cursor first leaves the end (moveTo), not here:
    // a live snapshot is replaced long before anyone seeks in it.
    m_progressShown = progress();
}

Run::~Run() = default;

void Run::stop()
{
    m_engine->stop();
}

VirtualNanos Run::engineTime() const
{
    return m_engine->now();
}

bool Run::isEngineFinished() const
{
    return m_engine->isFinished();
}

bool Run::isComplete() const
{
    return m_engine->isFinished() && m_index->indexed() == m_engine->published();
}

Run::Progress Run::progress() const
{
    return {m_index->indexed(), m_engine->published(), m_engine->now(), m_engine->isFinished()};
}

void Run::moveTo(qsizetype position)
{
    position = std::clamp<qsizetype>(position, 0, m_index->indexed());
    // Forward from the cursor only while no checkpoint lies between it and the target: a seek far
    // ahead copies the checkpoint and applies at most its spacing of events, not all of them.
    if (m_following || position < m_state.position || m_index->checkpointBefore(position) > m_state.position)
        m_index->stateAt(position, m_state);
    else
        m_index->advanceState(m_state, position);
    m_following = false;
}

void Run::advanceTo(qsizetype position)
{
    Q_ASSERT(!m_following);
    m_index->advanceState(m_state, position);
}

void Run::requestStep()
{
    if (m_awaitingEngine)
        return;
    m_awaitingEngine = true;
    m_engine->step();
}

void Run::onProgress()
{
    m_awaitingEngine = false;
    // Reports queue up while the GUI thread is busy (the engine reports once a frame of its own
    // time): however many arrive in one turn of the event loop, they cost one indexing slice.
    scheduleIndexing();
}

void Run::scheduleIndexing()
{
    if (m_indexScheduled)
        return;
    m_indexScheduled = true;
    QTimer::singleShot(0, this, [this] {
        m_indexScheduled = false;
        indexPublished();
    });
}

void Run::indexPublished()
{
    // Indexing runs on the GUI thread, where the views read the index.
    QElapsedTimer slice;
    slice.start();
    const qsizetype target = m_engine->published();
    while (m_index->indexed() < target && slice.nsecsElapsed() < indexSliceNs)
        m_index->advance(std::min(target, m_index->indexed() + indexChunk));
    if (m_index->indexed() < target)
        scheduleIndexing();
    const Progress now = progress();
    const bool news = now != m_progressShown;
    if (news)
        m_progressShown = now;
    Q_EMIT progressed(news);
    if (!m_finishedReported && m_engine->isFinished() && m_index->indexed() == target) {
        m_finishedReported = true;
        Q_EMIT finished();
    }
}

void selectPod(ViewState& view, const Run* run, qint32 pod, bool record)
{
    if (!run || pod >= run->index().catalogue().podCount())
        pod = -1;
    Selection selection = view.selection();
    selection.pod = pod;
    selection.cycle = pod >= 0 ? run->state().pods[size_t(pod)].lastCycle : -1;
    view.select(selection, record);
}

void selectCycle(ViewState& view, const Run* run, qint32 cycle, bool record)
{
    if (!run || cycle >= qint32(run->index().cycles().size()))
        cycle = -1;
    Selection selection = view.selection();
    selection.cycle = cycle;
    if (cycle >= 0)
        selection.pod = run->index().cycles()[size_t(cycle)].pod;
    view.select(selection, record);
}

void selectNode(ViewState& view, const Run* run, qint32 node, bool record)
{
    if (!run || node >= run->index().catalogue().nodeCount())
        node = -1;
    Selection selection = view.selection();
    selection.node = node;
    view.select(selection, record);
}

} // namespace ksv
