#include "timelineplot.h"

#include "run.h"
#include "timelinezoom.h"
#include "viewrefresh.h"
#include "viewstate.h"

#include <QContextMenuEvent>
#include <QHelpEvent>
#include <QMenu>
#include <QMouseEvent>
#include <QToolTip>
#include <QWheelEvent>
#include <cmath>

namespace ksv {

using timeline::FoldedRun;
using timeline::TimelineCoordinates;
using timeline::TimeRange;

TimelinePlot::TimelinePlot(ViewState* viewState, TimelineZoom* zoom, QWidget* parent)
    : QWidget(parent)
    , m_viewState(viewState)
    , m_zoom(zoom)
    // The run reports every batch of trace and every cursor move; while playing, the view catches
    // up at most about 30 times a second (a paint reads the newest cycles itself).
    , m_refresh(new ViewRefresh(this, viewState, 33, [this] { refresh(); }))
{
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setMinimumSize(400, axisHeight() + schedulingHeight + podLaneHeight + lanesGap + 3 * maxBindingLaneHeight);

    connect(m_viewState, &ViewState::cursorChanged, this, [this] {
        // Now, not at the coalesced refresh: a zoom key pressed right after a step zooms about
        // where the cursor went.
        m_zoom->setCursorTime(m_run ? m_viewState->cursorTime() : 0);
        scheduleRefresh();
    });
    connect(m_viewState, &ViewState::selectionChanged, this, [this] {
        // A cursor move still waiting for its refresh came first (a jump to a pod's cycle moves the
        // cursor, then selects): follow it, then reveal the selection.
        if (m_refresh->isPending())
            refresh();
        revealSelection();
        update();
    });
    connect(m_zoom, &TimelineZoom::rangeChanged, this, qOverload<>(&QWidget::update));
    connect(m_zoom, &TimelineZoom::followingChanged, this, [this](bool following) {
        if (following) {
            m_followed = {};
            followCursor();
        }
    });
    resetData();
    refresh();
}

TimelinePlot::~TimelinePlot() = default;

void TimelinePlot::setRun(const Run* run)
{
    m_run = run;
    resetData();
    m_zoom->reset();
    refresh();
}

// ---- Data ---------------------------------------------------------------------------------------

void TimelinePlot::scheduleRefresh()
{
    m_refresh->request();
}

void TimelinePlot::resetData()
{
    m_model.reset(m_run ? &m_run->index() : nullptr);
    m_followed = {};
    m_scrollY = 0;
}

void TimelinePlot::refresh()
{
    m_refresh->markRefreshed();
    const int oldHeight = contentHeight();
    m_model.update(m_run && m_run->isFinished());
    m_model.setCursorTime(m_run ? m_viewState->cursorTime() : 0);
    m_zoom->setCursorTime(cursorTime());
    m_zoom->setDataBounds({ 0, std::max(m_model.dataEnd(), cursorTime()) });
    followCursor();
    if (contentHeight() != oldHeight)
        Q_EMIT contentHeightChanged();
    update();
}

// ---- Window -------------------------------------------------------------------------------------

void TimelinePlot::followCursor()
{
    // Every move of the cursor, not only playing: a step, a jump to a time, a place from the
    // history. A scrub on the axis stays inside the window and must not move it under the pointer.
    // A step may move the cursor by an event and not in time: either counts as a move.
    const VirtualNanos cursor = cursorTime();
    const FollowedCursor now {m_run ? m_viewState->cursor() : 0, cursor};
    if (!index() || !m_zoom->isFollowing() || m_scrubbing || now == m_followed)
        return;
    m_followed = now;
    if (m_zoom->isFitAll())
        return; // the whole run is in view, the cursor with it
    // Playing, the cursor turns the page before it reaches the edge; paused, only leaving the window does.
    const bool moving = m_viewState->isPlaying() || m_viewState->isFollowing();
    const TimeRange range = m_zoom->range();
    const TimeRange followed = timeline::followTime(range, cursor, moving ? 0.02 : 0.0);
    if (followed != range)
        m_zoom->scrollTo(followed);
}

void TimelinePlot::revealSelection()
{
    const trace::TraceIndex* index = this->index();
    const qint32 selected = m_viewState->selectedCycle();
    if (!index || selected < 0 || size_t(selected) >= index->cycles().size())
        return;
    const trace::CycleRecord& cycle = index->cycles()[size_t(selected)];
    const TimeRange range = m_zoom->range();
    const TimeRange wanted = timeline::ensureVisible(range, cycle.start, m_model.cycleEnd(cycle));
    if (wanted != range)
        m_zoom->setRange(wanted, true);
}

TimelineCoordinates TimelinePlot::coordinates() const
{
    return TimelineCoordinates(m_zoom->range(), plotWidth());
}

TimelinePlot::Frame TimelinePlot::frame(bool visibleLanesOnly) const
{
    const auto [first, last] = visibleLanesOnly ? visibleBindingLanes() : std::pair(0, m_model.bindingLaneCount());
    return m_model.frame(coordinates(), first, last);
}

std::pair<int, int> TimelinePlot::visibleBindingLanes() const
{
    // Lanes scroll under the fixed ones: those between the pod lane's bottom and the plot's.
    const int lanesTop = laneRect(Lane::SelectedPod).bottom();
    int first = m_model.bindingLaneCount();
    int last = 0;
    for (int lane = 0; lane < m_model.bindingLaneCount(); ++lane) {
        const QRect row = laneRect(Lane::Binding, lane);
        if (row.bottom() < lanesTop || row.top() > height())
            continue;
        first = std::min(first, lane);
        last = lane + 1;
    }
    return {first, std::max(first, last)};
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
        if (bindingLane == 0 && m_model.bindingLaneCount() == 0)
            return QRect(plotLeft(), lanesTop, plotWidth(), maxBindingLaneHeight);
        const int height = std::clamp((this->height() - lanesTop) / std::max(1, m_model.bindingLaneCount()),
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
    return lanesTop + m_model.bindingLaneCount() * minBindingLaneHeight;
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

TimelinePlot::Hit TimelinePlot::hitTest(QPoint position) const
{
    Hit hit;
    const trace::TraceIndex* index = this->index();
    if (!index || position.x() < plotLeft())
        return hit;
    const TimelineCoordinates c = coordinates();
    hit.time = c.xToTime(position.x() - plotLeft());
    const auto tolerance = static_cast<VirtualNanos>(std::ceil(foldWidth * c.nanosPerPixel()));
    if (laneRect(Lane::Axis).contains(position)) {
        hit.lane = Lane::Axis;
    } else if (laneRect(Lane::Scheduling).contains(position)) {
        hit.lane = Lane::Scheduling;
        hit.cycle = m_model.cycleNear(hit.time, tolerance);
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
        const qint32 pod = m_viewState->selectedPod();
        if (pod >= 0 && pod < index->catalogue().podCount()) {
            hit.cycle = m_model.podCycleNear(pod, hit.time, tolerance);
            if (hit.cycle < 0)
                hit.binding = m_model.podBindingAt(pod, hit.time, tolerance);
        }
    } else if (position.y() > laneRect(Lane::SelectedPod).bottom()) {
        for (int lane = 0; lane < m_model.bindingLaneCount(); ++lane) {
            if (laneRect(Lane::Binding, lane).contains(position)) {
                hit.lane = Lane::Binding;
                hit.binding = m_model.bindingNear(lane, hit.time, tolerance);
                break;
            }
        }
    }
    return hit;
}

void TimelinePlot::seekAt(int x, bool record)
{
    const VirtualNanos t = coordinates().xToTime(x - plotLeft());
    m_viewState->requestSeek(std::max<VirtualNanos>(0, t), record);
}

void TimelinePlot::mousePressEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton || !index()) {
        QWidget::mousePressEvent(event);
        return;
    }
    m_pressed = true;
    m_dragging = false;
    m_pressPos = event->position().toPoint();
    m_pressRange = m_zoom->range();
    m_scrubbing = laneRect(Lane::Axis).contains(m_pressPos);
    if (m_scrubbing)
        seekAt(m_pressPos.x(), true); // one history entry per drag on the axis
}

void TimelinePlot::mouseMoveEvent(QMouseEvent* event)
{
    if (!m_pressed)
        return;
    const QPoint position = event->position().toPoint();
    if (m_scrubbing) {
        seekAt(position.x(), false);
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
        selectCycle(*m_viewState, m_run, hit.cycle);
    else if (hit.binding >= 0)
        selectCycle(*m_viewState, m_run, index()->bindings()[size_t(hit.binding)].cycle);
    else if (hit.lane == Lane::Scheduling || hit.lane == Lane::Binding)
        selectCycle(*m_viewState, m_run, -1);
}

void TimelinePlot::contextMenuEvent(QContextMenuEvent* event)
{
    // A right-click on a cycle or a binding selects it first, so that the pod steps act on its pod.
    if (event->reason() == QContextMenuEvent::Mouse) {
        const Hit hit = hitTest(event->pos());
        if (hit.cycle >= 0)
            selectCycle(*m_viewState, m_run, hit.cycle);
        else if (hit.binding >= 0)
            selectCycle(*m_viewState, m_run, index()->bindings()[size_t(hit.binding)].cycle);
    }
    auto* menu = new QMenu(this);
    menu->setObjectName(QStringLiteral("timelineContextMenu"));
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->addActions(m_contextActions);
    if (!m_contextActions.isEmpty())
        menu->addSeparator();
    for (const TimelineZoom::Action action : {TimelineZoom::ZoomIn, TimelineZoom::ZoomOut, TimelineZoom::FitAll, TimelineZoom::Follow})
        menu->addAction(m_zoom->action(action));
    menu->popup(event->globalPos());
    event->accept();
}

void TimelinePlot::mouseDoubleClickEvent(QMouseEvent* event)
{
    // Zoom onto what was double-clicked (a fold, a cycle, a binding).
    const Hit hit = hitTest(event->position().toPoint());
    const trace::TraceIndex* index = this->index();
    if (!index)
        return;
    VirtualNanos from = -1;
    VirtualNanos to = -1;
    if (hit.cycle >= 0 && hit.folded > 1) {
        for (const FoldedRun& run : frame().cycles) {
            if (hit.cycle >= run.first && hit.cycle < run.last) {
                from = index->cycles()[size_t(run.first)].start;
                to = m_model.cycleEnd(index->cycles()[size_t(run.last - 1)]);
            }
        }
    } else if (hit.cycle >= 0) {
        from = index->cycles()[size_t(hit.cycle)].start;
        to = m_model.cycleEnd(index->cycles()[size_t(hit.cycle)]);
    } else if (hit.binding >= 0) {
        from = m_model.bindingStart(index->bindings()[size_t(hit.binding)]);
        to = m_model.bindingEnd(index->bindings()[size_t(hit.binding)]);
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
        m_zoom->setRange({ cursorTime() - range.span() * 9 / 10, cursorTime() + range.span() / 10 }, true);
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
