#include "playbackcontroller.h"

#include "enginecontroller.h"
#include "run.h"
#include "viewstate.h"

#include <QTimer>

#include <algorithm>

namespace ksv {

using trace::Event;
using trace::EventKind;

namespace {

constexpr int frameMs = 16;

bool isExtensionPoint(const Event& event)
{
    return event.kind() == EventKind::PluginResult || event.kind() == EventKind::FilterNodes || event.kind() == EventKind::ScoreNodes
        || event.kind() == EventKind::CycleEnd;
}

// Whether `next` continues the step that `previous` belongs to.
bool sameGroup(const Event& previous, const Event& next, PlaybackController::StepUnit unit)
{
    if (previous.cycle() != next.cycle() || previous.kind() != next.kind())
        return false;
    // Filter's and Score's per-node detail is one event each: a step shows every node at once.
    switch (unit) {
    case PlaybackController::StepUnit::Event: return false;
    case PlaybackController::StepUnit::ExtensionPoint:
        return previous.kind() == EventKind::PluginResult && previous.point() == next.point();
    case PlaybackController::StepUnit::Cycle: return false;
    }
    Q_UNREACHABLE();
    return false;
}

} // namespace

PlaybackController::PlaybackController(ViewState* view, QObject* parent)
    : QObject(parent)
    , m_view(view)
    , m_replayTimer(new QTimer(this))
{
    m_replayTimer->setInterval(frameMs);
    connect(m_replayTimer, &QTimer::timeout, this, &PlaybackController::replayTick);
    m_wall.start();
    connect(m_view, &ViewState::cursorChanged, this, &PlaybackController::measureSpeed);
    connect(m_view, &ViewState::playingChanged, this, [this] {
        m_meter.reset();
        if (m_achieved) {
            m_achieved.reset();
            Q_EMIT achievedSpeedChanged();
        }
    });
    connect(m_view, &ViewState::seekRequested, this, &PlaybackController::seek);
    connect(m_view, &ViewState::cursorRequested, this, [this](qsizetype position, VirtualNanos time) {
        if (!m_run)
            return;
        pause();
        moveCursor(position, time);
    });
}

PlaybackController::~PlaybackController() = default;

void PlaybackController::load(std::shared_ptr<const Scenario> scenario, const config::KubeSchedulerConfiguration& configuration,
                              const SimulationOptions& options, std::shared_ptr<const trace::ReplayCatalogue> catalogue)
{
    // The old run's engine stops before the new one starts, as two runs of one window never need to
    // compete for the cores.
    std::unique_ptr<Run> old = takeRun();
    install(std::make_unique<Run>(std::move(scenario), configuration, options, std::move(catalogue)), std::move(old));
}

void PlaybackController::adopt(const std::shared_ptr<PreparedRun>& prepared)
{
    std::unique_ptr<Run> old = takeRun();
    install(std::make_unique<Run>(prepared), std::move(old));
}

std::unique_ptr<Run> PlaybackController::takeRun()
{
    m_replayTimer->stop();
    m_pending = {};
    std::unique_ptr<Run> old = std::move(m_run);
    if (old) {
        old->disconnect(this);
        old->stop();
    }
    return old;
}

void PlaybackController::install(std::unique_ptr<Run> run, std::unique_ptr<Run> old)
{
    m_run = std::move(run);
    m_run->engine()->setSpeed(m_speed);
    connectRun();
    m_view->setPlaying(false);
    m_view->reset();
    // The old run stays readable until the views have the new one.
    Q_EMIT runChanged(m_run.get());
    old.reset();
    m_view->select({}, false);
    followRun();
}

void PlaybackController::reset()
{
    if (!m_run)
        return;
    // Copies: load() deletes the run they belong to.
    const std::shared_ptr<const Scenario> scenario = m_run->scenario();
    const config::KubeSchedulerConfiguration configuration = m_run->configuration();
    const SimulationOptions options = m_run->options();
    const std::shared_ptr<const trace::ReplayCatalogue> catalogue = m_run->catalogue();
    load(scenario, configuration, options, catalogue);
}

void PlaybackController::connectRun()
{
    Run* run = m_run.get();
    connect(run, &Run::progressed, this, &PlaybackController::onProgressed);
    connect(run, &Run::engineFinished, this, &PlaybackController::onEngineFinished);
    connect(run, &Run::finished, this, [this] {
        m_pending = {};
        Q_EMIT finished();
    });
    connect(run, &Run::failed, this, [this](const QString& message) {
        m_view->setPlaying(false);
        Q_EMIT failed(message);
    });
}

bool PlaybackController::isPlaying() const
{
    return m_view->isPlaying();
}

bool PlaybackController::isFinished() const
{
    return m_run && m_run->isFinished();
}

VirtualNanos PlaybackController::eventTimeBefore(qsizetype position) const
{
    return position > 0 ? m_run->trace().at(position - 1).time() : 0;
}

void PlaybackController::play()
{
    if (!m_run || isPlaying() || isFinished())
        return;
    m_pending = {};
    if (m_run->isFollowing()) {
        m_run->engine()->play();
    } else {
        m_replayClock.start();
        m_replayTimer->start();
    }
    m_stopsArmed = true;
    m_view->setPlaying(true);
}

void PlaybackController::pause()
{
    m_stopsArmed = false;
    m_replayTimer->stop();
    m_pending = {};
    if (m_run)
        m_run->engine()->pause();
    m_view->setPlaying(false);
}

void PlaybackController::togglePlay()
{
    if (isPlaying())
        pause();
    else
        play();
}

void PlaybackController::measureSpeed()
{
    if (!isPlaying())
        return;
    const qint64 now = m_wallClock ? m_wallClock() : m_wall.nsecsElapsed();
    m_meter.sample(now, m_view->cursorTime());
    // A few reports a second are plenty for a number a person reads.
    if (now - m_lastSpeedReportNs < 250'000'000)
        return;
    m_lastSpeedReportNs = now;
    m_achieved = m_meter.achieved();
    Q_EMIT achievedSpeedChanged();
}

bool PlaybackController::isBehind() const
{
    // A tenth below the wish is frame jitter, not a machine that cannot keep up.
    return isPlaying() && m_speed > 0 && m_achieved && *m_achieved < 0.9 * m_speed;
}

void PlaybackController::setSpeed(double speed)
{
    m_meter.reset(); // the old speed's samples say nothing of the new one
    m_speed = speed <= 0 ? 0 : std::clamp(speed, 0.1, 1000.0);
    if (m_run)
        m_run->engine()->setSpeed(m_speed);
    Q_EMIT speedChanged(m_speed);
}

void PlaybackController::followRun()
{
    m_run->follow();
    m_view->setCursor(m_run->position(), m_run->engineTime(), true);
}

void PlaybackController::replayTick()
{
    if (!m_run || m_run->isFollowing())
        return;
    const qint64 elapsed = m_replayClock.restart();
    const VirtualNanos target = m_speed <= 0 ? std::numeric_limits<VirtualNanos>::max()
                                             : m_view->cursorTime() + VirtualNanos(double(elapsed) * 1e6 * m_speed);
    const trace::TraceIndex& index = m_run->index();
    const qsizetype position = index.positionAfter(target);
    if (stopBetween({m_run->position(), m_view->cursorTime()}, {std::min(position, index.indexed()), std::min(target, m_run->engineTime())}))
        return;
    if (position >= index.indexed() && target >= m_run->engineTime()) {
        // Caught up with the engine: from here it paces the run itself.
        m_replayTimer->stop();
        m_run->follow();
        if (m_run->isEngineFinished())
            m_view->setPlaying(false);
        else
            m_run->engine()->play();
        followRun();
        return;
    }
    m_run->advanceTo(position);
    m_view->setCursor(m_run->position(), target, false);
}

void PlaybackController::onProgressed(bool news)
{
    // Only news moves the views: the answer to a pause leaves the cursor, the index and isFinished()
    // as they were.
    if (news) {
        if (m_run->isFollowing() && m_stopsArmed
            && stopBetween({m_view->cursor(), m_view->cursorTime()}, {m_run->indexed(), m_run->engineTime()}))
            return;
        if (m_run->isFollowing())
            followRun();
        else
            m_view->setCursor(m_view->cursor(), m_view->cursorTime(), false);
    }
    resolvePending();
}

void PlaybackController::onEngineFinished()
{
    if (m_run->isFollowing())
        m_view->setPlaying(false);
}

bool PlaybackController::stopBetween(Stop from, Stop to)
{
    if (!m_stopFinder || to.position < from.position || (to.position == from.position && to.time <= from.time))
        return false;
    const std::optional<Stop> stop = m_stopFinder(from, to);
    if (!stop)
        return false;
    pause();
    moveCursor(stop->position, stop->time);
    Q_EMIT stoppedAt(stop->position);
    return true;
}

void PlaybackController::moveCursor(qsizetype position, VirtualNanos time)
{
    m_run->moveTo(position);
    m_view->setCursor(m_run->position(), time, false);
}

void PlaybackController::seekPosition(qsizetype position)
{
    if (!m_run)
        return;
    pause();
    position = std::clamp<qsizetype>(position, 0, m_run->indexed());
    moveCursor(position, eventTimeBefore(position));
}

void PlaybackController::seek(VirtualNanos t)
{
    if (!m_run)
        return;
    pause();
    t = std::max<VirtualNanos>(t, 0);
    const VirtualNanos now = m_run->engineTime();
    if (t <= now || m_run->isEngineFinished()) {
        moveCursor(m_run->index().positionAfter(t), std::min(t, std::max(now, m_run->index().head().time)));
        return;
    }
    m_pending = {Pending::Seek, StepUnit::Event, t};
    m_run->engine()->runUntil(t);
}

qsizetype PlaybackController::groupEnd(qsizetype from, StepUnit unit) const
{
    const trace::Trace& trace = m_run->trace();
    const qsizetype end = m_run->indexed();
    qsizetype position = from + 1;
    while (position < end && sameGroup(trace.at(position - 1), trace.at(position), unit))
        ++position;
    // A cycle's events are published together, so a group reaching the published end is complete
    // unless the engine has not reported since it began appending them; it reports whole steps only.
    return position;
}

qsizetype PlaybackController::nextStop(qsizetype from, StepUnit unit) const
{
    const qsizetype end = m_run->indexed();
    const trace::Trace& trace = m_run->trace();
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

qsizetype PlaybackController::previousStop(qsizetype from, StepUnit unit) const
{
    const trace::Trace& trace = m_run->trace();
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

void PlaybackController::step(StepUnit unit)
{
    if (!m_run)
        return;
    pause();
    // The cursor leaves the engine's end, which would otherwise move on with what the step publishes.
    if (m_run->isFollowing())
        moveCursor(m_run->indexed(), m_run->engineTime());
    m_pending = {Pending::Step, unit, 0};
    resolvePending();
}

void PlaybackController::stepBack(StepUnit unit)
{
    if (!m_run)
        return;
    pause();
    const qsizetype position = previousStop(m_run->position(), unit);
    moveCursor(position, eventTimeBefore(position));
}

qint32 PlaybackController::podStepOrigin(qint32 pod) const
{
    const qint32 selected = m_view->selectedCycle();
    const auto& cycles = m_run->index().cycles();
    return selected >= 0 && size_t(selected) < cycles.size() && cycles[size_t(selected)].pod == pod ? selected : -1;
}

PlaybackController::PodStop PlaybackController::nextPodStop(qint32 pod, PodStep unit, qint32 fromCycle) const
{
    const trace::TraceIndex& index = m_run->index();
    const qsizetype position = m_run->position();
    switch (unit) {
    case PodStep::Event: {
        // The first event at or after the cursor: the cursor goes past it.
        const std::vector<qint32>& events = index.podEvents(pod);
        const auto next = std::lower_bound(events.cbegin(), events.cend(), position);
        if (next == events.cend())
            return {};
        return {qsizetype(*next) + 1, -1};
    }
    case PodStep::Cycle: {
        const std::vector<qint32>& podCycles = index.podCycles(pod);
        // From the cursor: the first cycle not over before it (the one running at it, if any).
        const auto next = fromCycle >= 0 ? std::upper_bound(podCycles.cbegin(), podCycles.cend(), fromCycle)
                                         : std::find_if(podCycles.cbegin(), podCycles.cend(), [&](qint32 cycle) {
                                               const trace::CycleRecord& record = index.cycles()[size_t(cycle)];
                                               return record.endEvent < 0 || record.endEvent + 1 > position;
                                           });
        if (next == podCycles.cend() || index.cycles()[size_t(*next)].endEvent < 0)
            return {}; // not begun or not over yet
        return {qsizetype(index.cycles()[size_t(*next)].endEvent) + 1, *next};
    }
    }
    Q_UNREACHABLE();
    return {};
}

PlaybackController::PodStop PlaybackController::previousPodStop(qint32 pod, PodStep unit, qint32 fromCycle) const
{
    const trace::TraceIndex& index = m_run->index();
    const qsizetype position = m_run->position();
    switch (unit) {
    case PodStep::Event: {
        // The last event the cursor is past, not counting the one it has just passed.
        const std::vector<qint32>& events = index.podEvents(pod);
        auto after = std::lower_bound(events.cbegin(), events.cend(), position - 1);
        if (after == events.cbegin())
            return {};
        return {qsizetype(*--after) + 1, -1};
    }
    case PodStep::Cycle: {
        const std::vector<qint32>& podCycles = index.podCycles(pod);
        // From the cursor: the cycle before the first not over strictly before it.
        auto after = fromCycle >= 0 ? std::lower_bound(podCycles.cbegin(), podCycles.cend(), fromCycle)
                                    : std::find_if(podCycles.cbegin(), podCycles.cend(), [&](qint32 cycle) {
                                          const trace::CycleRecord& record = index.cycles()[size_t(cycle)];
                                          return record.endEvent < 0 || record.endEvent + 1 >= position;
                                      });
        if (after == podCycles.cbegin())
            return {};
        const qint32 previous = *--after; // over: the pod's cycles run one after the other
        return {qsizetype(index.cycles()[size_t(previous)].endEvent) + 1, previous};
    }
    }
    Q_UNREACHABLE();
    return {};
}

void PlaybackController::arriveAt(const PodStop& stop)
{
    moveCursor(stop.position, m_run->trace().at(stop.position - 1).time());
    if (stop.cycle >= 0)
        selectCycle(*m_view, m_run.get(), stop.cycle, false); // remembered when asked for
}

void PlaybackController::stepPod(PodStep unit)
{
    if (!m_run)
        return;
    const qint32 pod = m_view->selectedPod();
    if (pod < 0 || pod >= m_run->index().catalogue().podCount())
        return;
    const qint32 from = podStepOrigin(pod);
    pause();
    if (m_run->isFollowing())
        moveCursor(m_run->indexed(), m_run->engineTime());
    if (unit == PodStep::Cycle)
        m_view->remember();
    m_pending = {Pending::Pod, StepUnit::Event, 0, unit, pod, from};
    resolvePending();
}

void PlaybackController::stepPodBack(PodStep unit)
{
    if (!m_run)
        return;
    const qint32 pod = m_view->selectedPod();
    if (pod < 0 || pod >= m_run->index().catalogue().podCount())
        return;
    pause();
    const PodStop stop = previousPodStop(pod, unit, podStepOrigin(pod));
    if (stop.position < 0)
        return;
    if (unit == PodStep::Cycle)
        m_view->remember();
    arriveAt(stop);
}

void PlaybackController::awaitMore()
{
    if (m_run->indexed() < m_run->engine()->published()) {
        // Not indexed yet: the next indexing slice comes back here.
    } else if (m_run->isEngineFinished()) {
        m_pending = {};
    } else {
        m_run->requestStep();
    }
}

void PlaybackController::resolvePending()
{
    switch (m_pending.kind) {
    case Pending::None: return;
    case Pending::Seek:
        if (m_run->engineTime() >= m_pending.time || m_run->isEngineFinished()) {
            const VirtualNanos t = m_pending.time;
            m_pending = {};
            moveCursor(m_run->index().positionAfter(t), std::min(t, std::max(m_run->engineTime(), m_run->index().head().time)));
        }
        return;
    case Pending::Step: {
        const qsizetype stop = nextStop(m_run->position(), m_pending.unit);
        if (stop >= 0) {
            m_pending = {};
            moveCursor(stop, m_run->trace().at(stop - 1).time());
        } else {
            awaitMore();
        }
        return;
    }
    case Pending::Pod: {
        const PodStop stop = nextPodStop(m_pending.pod, m_pending.podUnit, m_pending.fromCycle);
        if (stop.position >= 0) {
            m_pending = {};
            arriveAt(stop);
        } else {
            awaitMore();
        }
        return;
    }
    }
}

} // namespace ksv
