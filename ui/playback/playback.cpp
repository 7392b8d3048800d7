#include "playback.h"

#include "cluster/scenariosource.h"
#include "enginecontroller.h"

#include <QTimer>

namespace ksv {

using trace::Event;
using trace::EventKind;

namespace {

constexpr int frameMs = 16;
constexpr qint64 indexSliceNs = 6'000'000;
// Events indexed between two looks at the clock: small enough that a slice overshoots by well under a
// millisecond however costly the events (a checkpoint copy, per-node detail), large enough that the
// clock is read rarely.
constexpr qsizetype indexChunk = 2'048;

bool isExtensionPoint(const Event& event)
{
    return event.kind() == EventKind::PluginResult || event.kind() == EventKind::FilterNodes || event.kind() == EventKind::ScoreNodes
        || event.kind() == EventKind::CycleEnd;
}

// Whether `next` continues the step that `previous` belongs to.
bool sameGroup(const Event& previous, const Event& next, Playback::StepUnit unit)
{
    if (previous.cycle() != next.cycle() || previous.kind() != next.kind())
        return false;
    // Filter's and Score's per-node detail is one event each: a step shows every node at once.
    switch (unit) {
    case Playback::StepUnit::Event: return false;
    case Playback::StepUnit::ExtensionPoint: return previous.kind() == EventKind::PluginResult && previous.point() == next.point();
    case Playback::StepUnit::Cycle: return false;
    }
    Q_UNREACHABLE();
    return false;
}

} // namespace

Playback::Playback(QObject* parent)
    : QObject(parent)
    , m_engine(new EngineController(this))
    , m_replayTimer(new QTimer(this))
{
    m_replayTimer->setInterval(frameMs);
    connect(m_replayTimer, &QTimer::timeout, this, &Playback::replayTick);
    connect(m_engine, &EngineController::progressed, this, &Playback::onProgress);
    connect(m_engine, &EngineController::finished, this, &Playback::onEngineFinished);
    connect(m_engine, &EngineController::failed, this, [this](const QString& message) {
        m_playing = false;
        Q_EMIT playingChanged(false);
        Q_EMIT failed(message);
    });
}

Playback::~Playback() = default;

void Playback::load(std::shared_ptr<const Scenario> scenario, const config::KubeSchedulerConfiguration& configuration,
                    const SimulationOptions& options, std::shared_ptr<const trace::ReplayCatalogue> catalogue)
{
    m_replayTimer->stop();
    m_catalogue = catalogue ? std::move(catalogue) : std::make_shared<const trace::ReplayCatalogue>(ScenarioSource(scenario));
    m_scenario = std::move(scenario);
    m_configuration = configuration;
    m_options = options;
    m_engine->start(m_scenario, m_configuration, m_options);
    m_engine->setSpeed(m_speed);
    m_index = std::make_unique<trace::TraceIndex>(*m_catalogue, m_engine->trace(), m_scenario->timing);
    // The cursor's state gets its memory now, while loading: the first seek away from the engine's
    // end then copies a checkpoint into pages already mapped (fresh pages for 150,000 pods cost some
    // 10 ms more than the copy). Unused while following; kept, not freed, when playback catches up.
    m_state = m_index->head();
    m_following = true;
    m_awaitingEngine = false;
    m_finishedReported = false;
    m_progressShown = progress(); // what the cursorChanged() below shows
    m_pending = {};
    m_cursorTime = 0;
    m_selectedPod = m_selectedCycle = m_selectedNode = -1;
    const bool wasPlaying = m_playing;
    m_playing = false;
    if (wasPlaying)
        Q_EMIT playingChanged(false);
    Q_EMIT runChanged();
    Q_EMIT selectionChanged();
    Q_EMIT cursorChanged();
}

Playback::Progress Playback::progress() const
{
    return {m_index ? m_index->indexed() : 0, m_engine->published(), m_engine->now(), m_engine->isFinished()};
}

const trace::Trace* Playback::trace() const
{
    return m_index ? &m_index->trace() : nullptr;
}

VirtualNanos Playback::engineTime() const
{
    return m_engine->now();
}

VirtualNanos Playback::cursorTime() const
{
    return m_following ? m_engine->now() : m_cursorTime;
}

qsizetype Playback::published() const
{
    return m_index ? m_index->indexed() : 0;
}

bool Playback::isFinished() const
{
    return m_index && m_engine->isFinished() && m_index->indexed() == m_engine->published()
        && (m_following || cursor() == m_index->indexed());
}

void Playback::play()
{
    if (!m_index || m_playing)
        return;
    if (isFinished())
        return;
    m_pending = {};
    m_playing = true;
    if (m_following) {
        m_engine->play();
    } else {
        m_replayClock.start();
        m_replayTimer->start();
    }
    Q_EMIT playingChanged(true);
}

void Playback::pause()
{
    m_replayTimer->stop();
    m_pending = {};
    if (m_index)
        m_engine->pause();
    if (!m_playing)
        return;
    m_playing = false;
    Q_EMIT playingChanged(false);
}

void Playback::togglePlay()
{
    if (m_playing)
        pause();
    else
        play();
}

void Playback::setSpeed(double speed)
{
    m_speed = speed <= 0 ? 0 : std::clamp(speed, 0.1, 1000.0);
    m_engine->setSpeed(m_speed);
    Q_EMIT speedChanged(m_speed);
}

void Playback::replayTick()
{
    if (!m_index || m_following)
        return;
    const qint64 elapsed = m_replayClock.restart();
    const VirtualNanos target = m_speed <= 0 ? std::numeric_limits<VirtualNanos>::max()
                                             : m_cursorTime + VirtualNanos(double(elapsed) * 1e6 * m_speed);
    const qsizetype position = m_index->positionAfter(target);
    if (position >= m_index->indexed() && target >= m_engine->now()) {
        // Caught up with the engine: from here it paces the run itself.
        m_replayTimer->stop();
        m_following = true; // m_state keeps its memory for the next seek
        if (m_engine->isFinished()) {
            m_playing = false;
            Q_EMIT playingChanged(false);
        } else {
            m_engine->play();
        }
        Q_EMIT cursorChanged();
        return;
    }
    m_index->advanceState(m_state, position);
    m_cursorTime = target;
    Q_EMIT cursorChanged();
}

void Playback::onProgress(qsizetype, qint64)
{
    if (!m_index)
        return;
    m_awaitingEngine = false;
    // Reports queue up while the GUI thread is busy (the engine reports once a frame of its own
    // time): however many arrive in one turn of the event loop, they cost one indexing slice.
    scheduleIndexing();
}

void Playback::scheduleIndexing()
{
    if (m_indexScheduled)
        return;
    m_indexScheduled = true;
    QTimer::singleShot(0, this, [this] {
        m_indexScheduled = false;
        if (m_index)
            indexPublished();
    });
}

void Playback::indexPublished()
{
    // Indexing runs on the GUI thread: in slices of a few milliseconds, one per turn of the event
    // loop, so that a burst from an engine running as fast as possible never holds the event loop
    // for long, however fast the engine appends.
    QElapsedTimer slice;
    slice.start();
    const qsizetype target = m_engine->published();
    while (m_index->indexed() < target && slice.nsecsElapsed() < indexSliceNs)
        m_index->advance(std::min(target, m_index->indexed() + indexChunk));
    if (m_index->indexed() < target)
        scheduleIndexing();
    // Only news: a report that neither published events nor moved the engine's clock (the answer
    // to a pause) leaves the cursor, the index and isFinished() as they were.
    const Progress now = progress();
    if (now != m_progressShown) {
        m_progressShown = now;
        Q_EMIT cursorChanged();
    }
    resolvePending();
    if (!m_finishedReported && m_engine->isFinished() && m_index->indexed() == target) {
        m_finishedReported = true;
        m_pending = {};
        Q_EMIT finished();
    }
}

void Playback::onEngineFinished()
{
    if (m_following && m_playing) {
        m_playing = false;
        Q_EMIT playingChanged(false);
    }
    indexPublished(); // says finished() once the index has caught up
}

void Playback::moveCursor(qsizetype position, VirtualNanos time)
{
    position = std::clamp<qsizetype>(position, 0, m_index->indexed());
    // Forward from the cursor only while no checkpoint lies between it and the target: a seek far
    // ahead copies the checkpoint and applies at most its spacing of events, not all of them.
    if (m_following || position < m_state.position || m_index->checkpointBefore(position) > m_state.position)
        m_index->stateAt(position, m_state);
    else
        m_index->advanceState(m_state, position);
    m_following = false;
    m_cursorTime = time;
    Q_EMIT cursorChanged();
}

void Playback::seekPosition(qsizetype position)
{
    if (!m_index)
        return;
    pause();
    position = std::clamp<qsizetype>(position, 0, m_index->indexed());
    moveCursor(position, position > 0 ? m_index->trace().at(position - 1).time() : 0);
}

void Playback::seek(VirtualNanos t)
{
    if (!m_index)
        return;
    pause();
    t = std::max<VirtualNanos>(t, 0);
    if (t <= m_engine->now() || m_engine->isFinished()) {
        moveCursor(m_index->positionAfter(t), std::min(t, std::max(m_engine->now(), m_index->head().time)));
        return;
    }
    m_pending = {Pending::Seek, StepUnit::Event, t};
    m_engine->runUntil(t);
}

void Playback::reset()
{
    if (m_scenario)
        load(m_scenario, m_configuration, m_options, m_catalogue);
}

qsizetype Playback::groupEnd(qsizetype from, StepUnit unit) const
{
    const qsizetype end = m_index->indexed();
    qsizetype position = from + 1;
    while (position < end && sameGroup(m_index->trace().at(position - 1), m_index->trace().at(position), unit))
        ++position;
    // A cycle's events are published together, so a group reaching the published end is complete
    // unless the engine has not reported since it began appending them; it reports whole steps only.
    return position;
}

qsizetype Playback::nextStop(qsizetype from, StepUnit unit) const
{
    const qsizetype end = m_index->indexed();
    const trace::Trace& trace = m_index->trace();
    for (qsizetype position = from; position < end; ++position) {
        const Event& event = trace.at(position);
        switch (unit) {
        case StepUnit::Event: return groupEnd(position, unit);
        case StepUnit::ExtensionPoint:
            if (isExtensionPoint(event))
                return groupEnd(position, unit);
            break;
        case StepUnit::Cycle:
            if (event.kind() == EventKind::CycleEnd)
                return position + 1;
            break;
        }
    }
    return -1;
}

qsizetype Playback::previousStop(qsizetype from, StepUnit unit) const
{
    const trace::Trace& trace = m_index->trace();
    for (qsizetype position = from - 1; position > 0; --position) {
        const Event& last = trace.at(position - 1);
        const bool groupEnds = sameGroup(last, trace.at(position), unit) == false;
        switch (unit) {
        case StepUnit::Event:
            if (groupEnds)
                return position;
            break;
        case StepUnit::ExtensionPoint:
            if (isExtensionPoint(last) && groupEnds)
                return position;
            break;
        case StepUnit::Cycle:
            if (last.kind() == EventKind::CycleEnd)
                return position;
            break;
        }
    }
    return 0;
}

void Playback::step(StepUnit unit)
{
    if (!m_index)
        return;
    pause();
    // The cursor leaves the engine's end, which would otherwise move on with what the step publishes.
    if (m_following)
        moveCursor(m_index->indexed(), m_engine->now());
    m_pending = {Pending::Step, unit, 0};
    resolvePending();
}

void Playback::stepBack(StepUnit unit)
{
    if (!m_index)
        return;
    pause();
    const qsizetype position = previousStop(cursor(), unit);
    moveCursor(position, position > 0 ? m_index->trace().at(position - 1).time() : 0);
}

void Playback::requestEngineStep()
{
    if (m_awaitingEngine)
        return;
    m_awaitingEngine = true;
    m_engine->step();
}

void Playback::resolvePending()
{
    switch (m_pending.kind) {
    case Pending::None: return;
    case Pending::Seek:
        if (m_engine->now() >= m_pending.time || m_engine->isFinished()) {
            const VirtualNanos t = m_pending.time;
            m_pending = {};
            moveCursor(m_index->positionAfter(t), std::min(t, std::max(m_engine->now(), m_index->head().time)));
        }
        return;
    case Pending::Step: {
        const qsizetype stop = nextStop(cursor(), m_pending.unit);
        if (stop >= 0) {
            m_pending = {};
            moveCursor(stop, m_index->trace().at(stop - 1).time());
        } else if (m_index->indexed() < m_engine->published()) {
            // Not indexed yet: indexPublished() comes back here.
        } else if (m_engine->isFinished()) {
            m_pending = {};
        } else {
            requestEngineStep();
        }
        return;
    }
    }
}

void Playback::selectPod(qint32 pod)
{
    if (!m_index || pod >= m_index->catalogue().podCount())
        pod = -1;
    m_selectedPod = pod;
    m_selectedCycle = pod >= 0 ? state().pods[size_t(pod)].lastCycle : -1;
    Q_EMIT selectionChanged();
}

void Playback::selectCycle(qint32 cycle)
{
    if (!m_index || cycle >= qint32(m_index->cycles().size()))
        cycle = -1;
    m_selectedCycle = cycle;
    if (cycle >= 0)
        m_selectedPod = m_index->cycles()[size_t(cycle)].pod;
    Q_EMIT selectionChanged();
}

void Playback::selectNode(qint32 node)
{
    if (!m_index || node >= m_index->catalogue().nodeCount())
        node = -1;
    m_selectedNode = node;
    Q_EMIT selectionChanged();
}

} // namespace ksv
