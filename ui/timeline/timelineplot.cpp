#include "timelineplot.h"

#include "cyclesegments.h"
#include "playback.h"
#include "timelinezoom.h"
#include "viewrefresh.h"
#include "viewcolors.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QToolTip>
#include <QWheelEvent>
#include <cmath>

namespace ksv {

using framework::Code;
using timeline::FoldedRun;
using timeline::TimelineCoordinates;
using timeline::TimeRange;

namespace {
constexpr quint16 pointsKnown = 0x8000; // m_points: the entry has been read
} // namespace

TimelinePlot::TimelinePlot(Playback* playback, TimelineZoom* zoom, QWidget* parent)
    : QWidget(parent)
    , m_playback(playback)
    , m_zoom(zoom)
    // Playback reports every batch of trace and every cursor move; while playing, the view catches
    // up at most about 30 times a second (a paint reads the newest cycles itself).
    , m_refresh(new ViewRefresh(this, playback, 33, [this] { refresh(); }))
{
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setMinimumSize(400, axisHeight() + schedulingHeight + podLaneHeight + lanesGap + 3 * maxBindingLaneHeight);

    connect(m_playback, &Playback::cursorChanged, this, &TimelinePlot::scheduleRefresh);
    connect(m_playback, &Playback::runChanged, this, [this] {
        resetData();
        m_zoom->reset();
        refresh();
    });
    connect(m_playback, &Playback::selectionChanged, this, [this] {
        revealSelection();
        update();
    });
    connect(m_zoom, &TimelineZoom::rangeChanged, this, qOverload<>(&QWidget::update));
    connect(m_zoom, &TimelineZoom::followingChanged, this, [this](bool following) {
        if (following) {
            m_followedCursor = -1;
            followCursor();
        }
    });
    resetData();
    refresh();
}

TimelinePlot::~TimelinePlot() = default;

// ---- Data ---------------------------------------------------------------------------------------

void TimelinePlot::scheduleRefresh()
{
    m_refresh->request();
}

void TimelinePlot::resetData()
{
    m_cyclesFinal = 0;
    m_failedPrefix.assign(1, 0);
    m_failedCycles.clear();
    m_preemptedCycles.clear();
    m_points.clear();
    m_laneBindings.clear();
    m_laneFinal.clear();
    m_laneFailedPrefix.clear();
    m_bindingsSeen = 0;
    m_dataEnd = 0;
    m_followedCursor = -1;
    m_scrollY = 0;
}

void TimelinePlot::refresh()
{
    m_refresh->markRefreshed();
    const int oldHeight = contentHeight();
    updateIndexes();
    m_cursorTime = m_playback->index() ? m_playback->cursorTime() : 0;
    m_zoom->setDataBounds({ 0, std::max(m_dataEnd, m_cursorTime) });
    followCursor();
    if (contentHeight() != oldHeight)
        Q_EMIT contentHeightChanged();
    update();
}

void TimelinePlot::updateIndexes()
{
    const trace::TraceIndex* index = m_playback->index();
    if (!index)
        return;
    const auto& cycles = index->cycles();
    const bool finished = m_playback->isFinished();
    m_points.resize(cycles.size(), 0);
    // A cycle is final once the next one began (or the run is over): its record no longer changes.
    const qsizetype finalCount
        = finished ? qsizetype(cycles.size()) : std::max<qsizetype>(0, qsizetype(cycles.size()) - 1);
    for (; m_cyclesFinal < finalCount; ++m_cyclesFinal) {
        const trace::CycleRecord& cycle = cycles[size_t(m_cyclesFinal)];
        if (cycle.endEvent < 0)
            break;
        const bool failed = cycle.code != quint8(Code::Success);
        m_failedPrefix.push_back(m_failedPrefix.back() + (failed ? 1 : 0));
        if (failed)
            m_failedCycles.push_back(qint32(m_cyclesFinal));
        if (cycle.preempted)
            m_preemptedCycles.push_back(qint32(m_cyclesFinal));
    }
    if (!cycles.empty())
        m_dataEnd = std::max(m_dataEnd, cycles.back().endEvent >= 0 ? cycles.back().end : cycles.back().start);

    const auto& bindings = index->bindings();
    const auto lanes = size_t(std::max(index->bindingLanes(), 0));
    if (m_laneBindings.size() < lanes) {
        m_laneBindings.resize(lanes);
        m_laneFinal.resize(lanes, 0);
        m_laneFailedPrefix.resize(lanes, std::vector<qint32> { 0 });
    }
    for (; m_bindingsSeen < bindings.size(); ++m_bindingsSeen) {
        const auto lane = size_t(bindings[m_bindingsSeen].lane);
        if (lane >= m_laneBindings.size()) {
            m_laneBindings.resize(lane + 1);
            m_laneFinal.resize(lane + 1, 0);
            m_laneFailedPrefix.resize(lane + 1, std::vector<qint32> { 0 });
        }
        m_laneBindings[lane].push_back(qint32(m_bindingsSeen));
    }
    for (size_t lane = 0; lane < m_laneBindings.size(); ++lane) {
        const auto& members = m_laneBindings[lane];
        auto& prefix = m_laneFailedPrefix[lane];
        for (qsizetype& done = m_laneFinal[lane]; done < qsizetype(members.size()); ++done) {
            const trace::BindingRecord& binding = bindings[size_t(members[size_t(done)])];
            if (!binding.finished)
                break;
            prefix.push_back(prefix.back() + (bindingFailed(binding) ? 1 : 0));
            m_dataEnd = std::max(m_dataEnd, binding.end);
        }
    }
}

VirtualNanos TimelinePlot::cycleEnd(const trace::CycleRecord& cycle) const
{
    // A running cycle reaches the cursor.
    return cycle.endEvent >= 0 ? cycle.end : std::max(cycle.start, m_cursorTime);
}

VirtualNanos TimelinePlot::bindingStart(const trace::BindingRecord& binding) const
{
    return binding.permitStart >= 0 ? binding.permitStart : binding.start;
}

VirtualNanos TimelinePlot::bindingEnd(const trace::BindingRecord& binding) const
{
    return binding.finished && binding.end >= 0 ? binding.end : std::max(bindingStart(binding), m_cursorTime);
}

bool TimelinePlot::cycleFailed(qsizetype cycle) const
{
    const auto& record = m_playback->index()->cycles()[size_t(cycle)];
    return record.endEvent >= 0 && record.code != quint8(Code::Success);
}

bool TimelinePlot::bindingFailed(const trace::BindingRecord& binding) const
{
    return binding.finished && binding.code != quint8(Code::Success);
}

qint64 TimelinePlot::failuresIn(qsizetype first, qsizetype last) const
{
    // Finished cycles from the prefix sums; the few the last refresh has not counted yet, one by one.
    const qsizetype final = std::clamp(m_cyclesFinal, first, last);
    qint64 failures = final > first ? m_failedPrefix[size_t(final)] - m_failedPrefix[size_t(first)] : 0;
    for (qsizetype i = final; i < last; ++i)
        failures += cycleFailed(i) ? 1 : 0;
    return failures;
}

qint64 TimelinePlot::laneFailuresIn(int lane, qsizetype first, qsizetype last) const
{
    const auto& prefix = m_laneFailedPrefix[size_t(lane)];
    const qsizetype final = std::clamp(m_laneFinal[size_t(lane)], first, last);
    qint64 failures = final > first ? prefix[size_t(final)] - prefix[size_t(first)] : 0;
    const auto& bindings = m_playback->index()->bindings();
    for (qsizetype i = final; i < last; ++i)
        failures += bindingFailed(bindings[size_t(m_laneBindings[size_t(lane)][size_t(i)])]) ? 1 : 0;
    return failures;
}

quint32 TimelinePlot::pointsOf(qint32 cycle) const
{
    // A paint can come before the coalesced refresh has seen the newest cycles.
    if (size_t(cycle) >= m_points.size())
        m_points.resize(size_t(cycle) + 1, 0);
    quint16& cached = m_points[size_t(cycle)];
    if (cached & pointsKnown)
        return cached & ~pointsKnown;
    const trace::TraceIndex* index = m_playback->index();
    const timeline::PointsRan ran
        = timeline::pointsRan(index->trace(), index->indexed(), index->cycles()[size_t(cycle)]);
    if (ran.complete)
        cached = quint16(ran.mask) | pointsKnown;
    return ran.mask;
}

// ---- Window -------------------------------------------------------------------------------------

void TimelinePlot::followCursor()
{
    // Only while playing or tracking the engine: after a seek or a step the window stays where the
    // user put it.
    if (!m_playback->index() || !(m_playback->isPlaying() || m_playback->isFollowing()) || !m_zoom->isFollowing()
        || m_zoom->isFitAll() || m_cursorTime == m_followedCursor)
        return;
    m_followedCursor = m_cursorTime;
    const TimeRange range = m_zoom->range();
    const auto edge = range.span() / 50;
    if (m_cursorTime > range.end - edge || m_cursorTime < range.start) {
        const auto before = static_cast<VirtualNanos>(double(range.span()) * 0.85);
        m_zoom->scrollTo({ m_cursorTime - before, m_cursorTime - before + range.span() });
    }
}

void TimelinePlot::revealSelection()
{
    const trace::TraceIndex* index = m_playback->index();
    const qint32 selected = m_playback->selectedCycle();
    if (!index || selected < 0 || size_t(selected) >= index->cycles().size())
        return;
    const trace::CycleRecord& cycle = index->cycles()[size_t(selected)];
    const TimeRange range = m_zoom->range();
    const TimeRange wanted = timeline::ensureVisible(range, cycle.start, cycleEnd(cycle));
    if (wanted != range)
        m_zoom->setRange(wanted, true);
}

TimelineCoordinates TimelinePlot::coordinates() const
{
    return TimelineCoordinates(m_zoom->range(), plotWidth());
}

TimelinePlot::Frame TimelinePlot::frame(bool visibleLanesOnly) const
{
    Frame frame;
    frame.coordinates = coordinates();
    const trace::TraceIndex* index = m_playback->index();
    if (!index)
        return frame;
    const TimeRange range = frame.coordinates.range();
    const auto& cycles = index->cycles();

    const auto cycleStartAt = [&](qsizetype i) { return cycles[size_t(i)].start; };
    const auto cycleEndAt = [&](qsizetype i) { return cycleEnd(cycles[size_t(i)]); };
    const auto [first, last] = timeline::visibleSlice(qsizetype(cycles.size()), range, cycleStartAt);
    frame.cycles = timeline::foldItems(frame.coordinates, first, last, cycleStartAt, cycleEndAt, foldWidth);

    // Marks fold on their own: a failure stays visible however many successes surround it.
    const auto marks = [&](const std::vector<qint32>& list) {
        const auto startAt = [&](qsizetype i) { return cycles[size_t(list[size_t(i)])].start; };
        const auto endAt = [&](qsizetype i) { return cycleEnd(cycles[size_t(list[size_t(i)])]); };
        const auto [from, to] = timeline::visibleSlice(qsizetype(list.size()), range, startAt);
        return timeline::foldItems(frame.coordinates, from, to, startAt, endAt, foldWidth);
    };
    frame.failures = marks(m_failedCycles);
    frame.preemptions = marks(m_preemptedCycles);

    const auto& bindings = index->bindings();
    frame.bindings.resize(m_laneBindings.size());
    const int lanesTop = laneRect(Lane::SelectedPod).bottom();
    for (size_t lane = 0; lane < m_laneBindings.size(); ++lane) {
        const QRect row = laneRect(Lane::Binding, int(lane));
        if (visibleLanesOnly && (row.bottom() < lanesTop || row.top() > height()))
            continue;
        const auto& members = m_laneBindings[lane];
        const auto startAt = [&](qsizetype i) { return bindingStart(bindings[size_t(members[size_t(i)])]); };
        const auto endAt = [&](qsizetype i) { return bindingEnd(bindings[size_t(members[size_t(i)])]); };
        const auto [from, to] = timeline::visibleSlice(qsizetype(members.size()), range, startAt);
        frame.bindings[lane] = timeline::foldItems(frame.coordinates, from, to, startAt, endAt, foldWidth);
    }
    return frame;
}

// ---- Geometry -----------------------------------------------------------------------------------

int TimelinePlot::axisHeight() const
{
    return fontMetrics().height() + 14;
}

QRect TimelinePlot::laneRect(Lane lane, int bindingLane) const
{
    const int top = axisHeight();
    switch (lane) {
    case Lane::None:
        return {};
    case Lane::Axis:
        return QRect(plotLeft(), 0, plotWidth(), top);
    case Lane::Scheduling:
        return QRect(plotLeft(), top, plotWidth(), schedulingHeight);
    case Lane::SelectedPod:
        return QRect(plotLeft(), top + schedulingHeight, plotWidth(), podLaneHeight);
    case Lane::Binding: {
        const int lanesTop = top + schedulingHeight + podLaneHeight + lanesGap;
        if (bindingLane == 0 && m_laneBindings.empty())
            return QRect(plotLeft(), lanesTop, plotWidth(), maxBindingLaneHeight);
        const int height = std::clamp((this->height() - lanesTop) / std::max<int>(1, int(m_laneBindings.size())),
            minBindingLaneHeight, maxBindingLaneHeight);
        return QRect(plotLeft(), lanesTop + bindingLane * height - m_scrollY, plotWidth(), height);
    }
    }
    Q_UNREACHABLE();
    return {};
}

QRect TimelinePlot::cycleBarRect() const
{
    const QRect lane = laneRect(Lane::Scheduling);
    return QRect(lane.left(), lane.top() + textRowHeight, lane.width(), barHeight);
}

int TimelinePlot::contentHeight() const
{
    const int lanesTop = axisHeight() + schedulingHeight + podLaneHeight + lanesGap;
    return lanesTop + int(m_laneBindings.size()) * minBindingLaneHeight;
}

void TimelinePlot::setVerticalOffset(int offset)
{
    offset = std::clamp(offset, 0, std::max(0, contentHeight() - height()));
    if (offset == m_scrollY)
        return;
    m_scrollY = offset;
    update();
}

// ---- Interaction --------------------------------------------------------------------------------

qint32 TimelinePlot::cycleNear(VirtualNanos t, VirtualNanos tolerance) const
{
    const auto& cycles = m_playback->index()->cycles();
    const qsizetype after = timeline::partitionPoint(
        0, qsizetype(cycles.size()), [&](qsizetype i) { return cycles[size_t(i)].start <= t + tolerance; });
    qint32 best = -1;
    VirtualNanos bestDistance = tolerance + 1;
    for (qsizetype i = after - 1; i >= std::max<qsizetype>(0, after - 2); --i) {
        const auto& cycle = cycles[size_t(i)];
        const VirtualNanos distance
            = t < cycle.start ? cycle.start - t : std::max<VirtualNanos>(0, t - cycleEnd(cycle));
        if (distance < bestDistance) {
            bestDistance = distance;
            best = qint32(i);
        }
    }
    return best;
}

qint32 TimelinePlot::bindingNear(int lane, VirtualNanos t, VirtualNanos tolerance) const
{
    const auto& bindings = m_playback->index()->bindings();
    const auto& members = m_laneBindings[size_t(lane)];
    const qsizetype after = timeline::partitionPoint(0, qsizetype(members.size()),
        [&](qsizetype i) { return bindingStart(bindings[size_t(members[size_t(i)])]) <= t + tolerance; });
    qint32 best = -1;
    VirtualNanos bestDistance = tolerance + 1;
    for (qsizetype i = after - 1; i >= std::max<qsizetype>(0, after - 2); --i) {
        const auto& binding = bindings[size_t(members[size_t(i)])];
        const VirtualNanos distance = t < bindingStart(binding) ? bindingStart(binding) - t
                                                                : std::max<VirtualNanos>(0, t - bindingEnd(binding));
        if (distance < bestDistance) {
            bestDistance = distance;
            best = members[size_t(i)];
        }
    }
    return best;
}

TimelinePlot::Hit TimelinePlot::hitTest(QPoint position) const
{
    Hit hit;
    const trace::TraceIndex* index = m_playback->index();
    if (!index || position.x() < plotLeft())
        return hit;
    const TimelineCoordinates c = coordinates();
    hit.time = c.xToTime(position.x() - plotLeft());
    const auto tolerance = static_cast<VirtualNanos>(std::ceil(foldWidth * c.nanosPerPixel()));
    if (laneRect(Lane::Axis).contains(position)) {
        hit.lane = Lane::Axis;
    } else if (laneRect(Lane::Scheduling).contains(position)) {
        hit.lane = Lane::Scheduling;
        hit.cycle = cycleNear(hit.time, tolerance);
        if (hit.cycle >= 0) {
            // Count what shares the pixels: a fold cannot be clicked apart, only zoomed into.
            const Frame frame = this->frame(true);
            for (const FoldedRun& run : frame.cycles) {
                if (hit.cycle >= run.first && hit.cycle < run.last)
                    hit.folded = run.count();
            }
        }
    } else if (laneRect(Lane::SelectedPod).contains(position)) {
        hit.lane = Lane::SelectedPod;
        const qint32 pod = m_playback->selectedPod();
        if (pod >= 0 && pod < index->catalogue().podCount()) {
            VirtualNanos bestDistance = tolerance + 1;
            for (const qint32 i : index->podCycles(pod)) {
                const auto& cycle = index->cycles()[size_t(i)];
                const VirtualNanos end = std::max(cycleEnd(cycle), cycle.start + tolerance);
                const VirtualNanos distance
                    = hit.time < cycle.start ? cycle.start - hit.time : std::max<VirtualNanos>(0, hit.time - end);
                if (distance < bestDistance) {
                    bestDistance = distance;
                    hit.cycle = i;
                }
            }
            if (hit.cycle < 0) {
                for (const qint32 b : index->podBindings(pod)) {
                    const auto& binding = index->bindings()[size_t(b)];
                    if (hit.time >= bindingStart(binding) - tolerance && hit.time <= bindingEnd(binding) + tolerance)
                        hit.binding = b;
                }
            }
        }
    } else if (position.y() > laneRect(Lane::SelectedPod).bottom()) {
        for (int lane = 0; lane < int(m_laneBindings.size()); ++lane) {
            if (laneRect(Lane::Binding, lane).contains(position)) {
                hit.lane = Lane::Binding;
                hit.binding = bindingNear(lane, hit.time, tolerance);
                break;
            }
        }
    }
    return hit;
}

void TimelinePlot::seekAt(int x)
{
    const VirtualNanos t = coordinates().xToTime(x - plotLeft());
    m_playback->seek(std::max<VirtualNanos>(0, t));
}

void TimelinePlot::mousePressEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton || !m_playback->index()) {
        QWidget::mousePressEvent(event);
        return;
    }
    m_pressed = true;
    m_dragging = false;
    m_pressPos = event->position().toPoint();
    m_pressRange = m_zoom->range();
    m_scrubbing = laneRect(Lane::Axis).contains(m_pressPos);
    if (m_scrubbing)
        seekAt(m_pressPos.x());
}

void TimelinePlot::mouseMoveEvent(QMouseEvent* event)
{
    if (!m_pressed)
        return;
    const QPoint position = event->position().toPoint();
    if (m_scrubbing) {
        seekAt(position.x());
        return;
    }
    if (!m_dragging && (position - m_pressPos).manhattanLength() < dragThreshold)
        return;
    const bool first = !m_dragging;
    if (first) {
        m_dragging = true;
        m_zoom->setFollowing(false);
        setCursor(Qt::ClosedHandCursor);
    }
    // One history entry per drag: the window it started from.
    m_zoom->setRange(timeline::panByPixels(m_pressRange, plotWidth(), position.x() - m_pressPos.x()), first);
    setVerticalOffset(m_scrollY - (position.y() - m_pressPos.y()));
    m_pressPos.setY(position.y());
}

void TimelinePlot::mouseReleaseEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton || !m_pressed)
        return;
    m_pressed = false;
    unsetCursor();
    if (m_dragging || m_scrubbing) {
        m_dragging = m_scrubbing = false;
        return;
    }
    const Hit hit = hitTest(event->position().toPoint());
    if (hit.cycle >= 0)
        m_playback->selectCycle(hit.cycle);
    else if (hit.binding >= 0)
        m_playback->selectCycle(m_playback->index()->bindings()[size_t(hit.binding)].cycle);
    else if (hit.lane == Lane::Scheduling || hit.lane == Lane::Binding)
        m_playback->selectCycle(-1);
}

void TimelinePlot::mouseDoubleClickEvent(QMouseEvent* event)
{
    // Zoom onto what was double-clicked (a fold, a cycle, a binding).
    const Hit hit = hitTest(event->position().toPoint());
    const trace::TraceIndex* index = m_playback->index();
    if (!index)
        return;
    VirtualNanos from = -1;
    VirtualNanos to = -1;
    if (hit.cycle >= 0 && hit.folded > 1) {
        for (const FoldedRun& run : frame().cycles) {
            if (hit.cycle >= run.first && hit.cycle < run.last) {
                from = index->cycles()[size_t(run.first)].start;
                to = cycleEnd(index->cycles()[size_t(run.last - 1)]);
            }
        }
    } else if (hit.cycle >= 0) {
        from = index->cycles()[size_t(hit.cycle)].start;
        to = cycleEnd(index->cycles()[size_t(hit.cycle)]);
    } else if (hit.binding >= 0) {
        from = bindingStart(index->bindings()[size_t(hit.binding)]);
        to = bindingEnd(index->bindings()[size_t(hit.binding)]);
    }
    if (from < 0)
        return;
    const VirtualNanos margin = std::max<VirtualNanos>((to - from) / 4, timeline::minimumSpan);
    m_zoom->setRange({ from - margin, to + margin }, true);
}

void TimelinePlot::wheelEvent(QWheelEvent* event)
{
    const QPoint delta = event->angleDelta();
    if (event->modifiers() & Qt::ShiftModifier) {
        setVerticalOffset(m_scrollY - (delta.y() != 0 ? delta.y() : delta.x()) / 4);
        event->accept();
        return;
    }
    // One history entry per burst of wheel notches.
    const bool record = !m_lastWheel.isValid() || m_lastWheel.elapsed() > 700;
    m_lastWheel.restart();
    if (delta.x() != 0 && std::abs(delta.x()) > std::abs(delta.y())) {
        m_zoom->setRange(timeline::panByPixels(m_zoom->range(), plotWidth(), delta.x() / 2.0), record);
    } else if (delta.y() != 0) {
        const double anchor = std::clamp((event->position().x() - plotLeft()) / plotWidth(), 0.0, 1.0);
        m_zoom->setRange(timeline::zoomAround(m_zoom->range(), anchor, std::pow(1.2, delta.y() / 120.0)), record);
    }
    event->accept();
}

void TimelinePlot::keyPressEvent(QKeyEvent* event)
{
    // The arrows, Home and Space step and play (the window's playback shortcuts): the timeline
    // keeps to the keys nobody else uses. Time moves with the wheel and the mouse.
    const TimeRange range = m_zoom->range();
    switch (event->key()) {
    case Qt::Key_Up:
        setVerticalOffset(m_scrollY - maxBindingLaneHeight);
        break;
    case Qt::Key_Down:
        setVerticalOffset(m_scrollY + maxBindingLaneHeight);
        break;
    case Qt::Key_PageUp:
        setVerticalOffset(m_scrollY - height() / 2);
        break;
    case Qt::Key_PageDown:
        setVerticalOffset(m_scrollY + height() / 2);
        break;
    case Qt::Key_End: // the cursor into view, near the right edge
        m_zoom->setRange({ m_cursorTime - range.span() * 9 / 10, m_cursorTime + range.span() / 10 }, true);
        break;
    default:
        QWidget::keyPressEvent(event);
        return;
    }
    event->accept();
}

bool TimelinePlot::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const QString text = toolTipAt(help->pos());
        if (text.isEmpty()) {
            QToolTip::hideText();
            event->ignore();
        } else {
            QToolTip::showText(help->globalPos(), text, this);
        }
        return true;
    }
    if (event->type() == QEvent::Resize) {
        setVerticalOffset(m_scrollY);
        Q_EMIT contentHeightChanged();
    }
    return QWidget::event(event);
}

} // namespace ksv
