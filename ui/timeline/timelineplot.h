#pragma once

// The timeline's painting widget: a time axis, the scheduling lane (one bar per scheduling cycle,
// its extension points as modeled segments, failures and preemptions marked underneath), the
// selected pod's lane (its attempts joined so retries read left to right) and one lane per
// concurrent binding cycle (Permit wait hatched, the bind call solid). It paints the frames of a
// TimelineModel (ui/models/timelinemodel.h), which finds the visible slice of the flat, time-sorted
// arrays of TraceIndex by binary search and folds items narrower than a few pixels into one block
// (STYLE.md rule 10), so 150,000 cycles cost what a screenful does.

#include "timelinemodel.h"

#include <QElapsedTimer>
#include <QList>
#include <QWidget>
#include <vector>

namespace ksv {

class Run;
class TimelineZoom;
class ViewRefresh;
class ViewState;

class TimelinePlot : public QWidget
{
    Q_OBJECT
public:
    enum class Lane { None, Axis, Scheduling, SelectedPod, Binding };
    // Below this many pixels an item folds into its neighbours.
    static constexpr double foldWidth = timeline::TimelineModel::foldWidth;
    // From this many pixels a cycle shows its extension points.
    static constexpr double segmentWidth = 28;

    TimelinePlot(ViewState* viewState, TimelineZoom* zoom, QWidget* parent = nullptr);
    ~TimelinePlot() override;

    // The run shown (null: none). Call again for each new run.
    void setRun(const Run* run);

    // What a paint draws, for the current window (see TimelineFrame). With `visibleLanesOnly`,
    // binding lanes scrolled out of view are left empty.
    using Frame = timeline::TimelineFrame;
    Frame frame(bool visibleLanesOnly = false) const;

    timeline::TimelineCoordinates coordinates() const;
    // The area time maps onto: right of the lane labels.
    int plotLeft() const { return m_labelWidth; }
    int plotWidth() const { return std::max(1, width() - m_labelWidth); }
    QRect laneRect(Lane lane, int bindingLane = 0) const;
    // The bar of a scheduling cycle inside the scheduling lane.
    QRect cycleBarRect() const;

    struct Hit
    {
        Lane lane = Lane::None;
        VirtualNanos time = 0;
        qint32 cycle = -1; // index into cycles()
        qint32 binding = -1; // index into bindings()
        qint64 folded = 0; // > 1: the point lies on a fold of that many items
    };
    Hit hitTest(QPoint position) const;
    QString toolTipAt(QPoint position) const;

    // What the plot derives from the run, kept up to date with its index.
    const timeline::TimelineModel& model() const { return m_model; }
    const std::vector<qint32>& failedCycles() const { return m_model.failedCycles(); }

    // Binding lanes scroll under the fixed axis, scheduling and pod lanes.
    int contentHeight() const;
    int verticalOffset() const { return m_scrollY; }
    void setVerticalOffset(int offset);

    // Brings the model and the window up to date with the run and the cursor now (normally coalesced).
    void refresh();

    // Offered first in the context menu (the window's pod steps), before the zoom's own actions.
    void setContextActions(const QList<QAction*>& actions) { m_contextActions = actions; }

Q_SIGNALS:
    void contentHeightChanged();

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;
    bool event(QEvent* event) override;

private:
    // Layout, in pixels.
    static constexpr int schedulingHeight = 46; // a text row, the bar, the marks strip
    static constexpr int textRowHeight = 14;
    static constexpr int barHeight = 20;
    static constexpr int marksHeight = 10;
    static constexpr int podLaneHeight = 30;
    static constexpr int lanesGap = 6;
    static constexpr int maxBindingLaneHeight = 18;
    // Binding lanes squeeze to fit the dock, but no thinner than a bar that can be seen and clicked
    // (6 px between 2 px gaps); more lanes than fit scroll. Thin stripes of 4 px showed how many
    // binding cycles ran at once, but not which (issue 20, finding 9).
    static constexpr int minBindingLaneHeight = 10;
    static constexpr int dragThreshold = 4;

    void scheduleRefresh();
    void resetData();
    void followCursor();
    void revealSelection();
    const trace::TraceIndex* index() const { return m_model.index(); }
    VirtualNanos cursorTime() const { return m_model.cursorTime(); }
    // The binding lanes in view: [first, last).
    std::pair<int, int> visibleBindingLanes() const;

    int axisHeight() const;
    // Moves the cursor to the time under x; `record` once per gesture.
    void seekAt(int x, bool record);

    void paintAxis(QPainter& painter, const Frame& frame) const;
    void paintScheduling(QPainter& painter, const Frame& frame) const;
    void paintCycle(QPainter& painter, const Frame& frame, qint32 index, QRectF bar) const;
    void paintSelectedPod(QPainter& painter, const Frame& frame) const;
    void paintBindings(QPainter& painter, const Frame& frame) const;
    // At least `minWidth` pixels wide (a run of the frame is drawn at least the fold width).
    void paintBinding(QPainter& painter, const timeline::TimelineCoordinates& coordinates,
        const trace::BindingRecord& binding, QRectF row, double minWidth) const;
    void paintLabels(QPainter& painter) const;

    QString cycleToolTip(qint32 cycle) const;
    QString bindingToolTip(qint32 binding) const;

    const Run* m_run = nullptr;
    QList<QAction*> m_contextActions;
    ViewState* m_viewState;
    TimelineZoom* m_zoom;
    ViewRefresh* m_refresh;
    timeline::TimelineModel m_model;
    // Where the cursor was when follow mode last looked: it scrolls once per move of the cursor, so
    // that the user can still zoom and look elsewhere while the cursor stays put.
    struct FollowedCursor
    {
        qsizetype position = -1;
        VirtualNanos time = -1;
        bool operator==(const FollowedCursor&) const = default;
    };
    FollowedCursor m_followed;
    int m_labelWidth = 124;
    int m_scrollY = 0;

    // Mouse gestures.
    QPoint m_pressPos;
    timeline::TimeRange m_pressRange;
    bool m_pressed = false;
    bool m_dragging = false;
    bool m_scrubbing = false;
    QElapsedTimer m_lastWheel;
};

} // namespace ksv
