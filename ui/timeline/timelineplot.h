#pragma once

// The timeline's painting widget: a time axis, the scheduling lane (one bar per scheduling cycle,
// its extension points as modeled segments, failures and preemptions marked underneath), the
// selected pod's lane (its attempts joined so retries read left to right) and one lane per
// concurrent binding cycle (Permit wait hatched, the bind call solid). It paints from the flat,
// time-sorted arrays of TraceIndex: a binary search finds the visible slice, items narrower than a
// few pixels fold into one block (STYLE.md rule 10), so 150,000 cycles cost what a screenful does.

#include "timelinecoordinates.h"

#include <QElapsedTimer>
#include <QWidget>
#include <vector>

namespace ksv {

class Playback;
class TimelineZoom;
class ViewRefresh;

namespace trace {
struct CycleRecord;
struct BindingRecord;
} // namespace trace

class TimelinePlot : public QWidget
{
    Q_OBJECT
public:
    enum class Lane { None, Axis, Scheduling, SelectedPod, Binding };
    // Below this many pixels an item folds into its neighbours.
    static constexpr double foldWidth = 3;
    // From this many pixels a cycle shows its extension points.
    static constexpr double segmentWidth = 28;

    TimelinePlot(Playback* playback, TimelineZoom* zoom, QWidget* parent = nullptr);
    ~TimelinePlot() override;

    // What a paint draws, for the current window: runs index into cycles(), failedCycles(),
    // preemptedCycles() and, per binding lane, laneBindings(lane). With `visibleLanesOnly`, binding
    // lanes scrolled out of view are left empty.
    struct Frame
    {
        timeline::TimelineCoordinates coordinates;
        std::vector<timeline::FoldedRun> cycles;
        std::vector<timeline::FoldedRun> failures;
        std::vector<timeline::FoldedRun> preemptions;
        std::vector<std::vector<timeline::FoldedRun>> bindings;
    };
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

    // Derived indexes, kept up to date with the trace index (finished cycles and bindings only).
    const std::vector<qint32>& failedCycles() const { return m_failedCycles; }
    const std::vector<qint32>& preemptedCycles() const { return m_preemptedCycles; }
    const std::vector<qint32>& laneBindings(int lane) const { return m_laneBindings[size_t(lane)]; }

    // Binding lanes scroll under the fixed axis, scheduling and pod lanes.
    int contentHeight() const;
    int verticalOffset() const { return m_scrollY; }
    void setVerticalOffset(int offset);

    // Brings the indexes and the window up to date with the playback now (normally coalesced).
    void refresh();

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
    // Binding lanes squeeze down to thin stripes before they scroll: in a short dock seeing how many
    // binding cycles run at once matters more than reading each one.
    static constexpr int minBindingLaneHeight = 4;
    static constexpr int dragThreshold = 4;

    void scheduleRefresh();
    void resetData();
    void updateIndexes();
    void followCursor();
    void revealSelection();

    VirtualNanos cycleEnd(const trace::CycleRecord& cycle) const;
    VirtualNanos bindingStart(const trace::BindingRecord& binding) const;
    VirtualNanos bindingEnd(const trace::BindingRecord& binding) const;
    bool cycleFailed(qsizetype cycle) const;
    bool bindingFailed(const trace::BindingRecord& binding) const;
    qint64 failuresIn(qsizetype first, qsizetype last) const;
    qint64 laneFailuresIn(int lane, qsizetype first, qsizetype last) const;
    quint32 pointsOf(qint32 cycle) const;

    int axisHeight() const;
    qint32 cycleNear(VirtualNanos t, VirtualNanos tolerance) const;
    qint32 bindingNear(int lane, VirtualNanos t, VirtualNanos tolerance) const;
    void seekAt(int x);

    void paintAxis(QPainter& painter, const Frame& frame) const;
    void paintScheduling(QPainter& painter, const Frame& frame) const;
    void paintCycle(QPainter& painter, const Frame& frame, qint32 index, QRectF bar) const;
    void paintSelectedPod(QPainter& painter, const Frame& frame) const;
    void paintBindings(QPainter& painter, const Frame& frame) const;
    void paintBinding(QPainter& painter, const timeline::TimelineCoordinates& coordinates,
        const trace::BindingRecord& binding, QRectF row) const;
    void paintLabels(QPainter& painter) const;

    QString cycleToolTip(qint32 cycle) const;
    QString bindingToolTip(qint32 binding) const;

    Playback* m_playback;
    TimelineZoom* m_zoom;
    ViewRefresh* m_refresh;
    VirtualNanos m_cursorTime = 0;
    VirtualNanos m_followedCursor = -1;
    int m_labelWidth = 124;
    int m_scrollY = 0;

    // Cycles [0, m_cyclesFinal) are finished and counted in the arrays below; cycles only finish in
    // order (the scheduling loop is serial).
    qsizetype m_cyclesFinal = 0;
    std::vector<qint32> m_failedPrefix { 0 }; // failures among cycles [0, i)
    std::vector<qint32> m_failedCycles;
    std::vector<qint32> m_preemptedCycles;
    mutable std::vector<quint16> m_points; // per cycle: the extension points that ran, 0 = not read yet
    // Per binding lane: its bindings in order (a lane's bindings never overlap), and how many of the
    // first are finished, with failures among the first i.
    std::vector<std::vector<qint32>> m_laneBindings;
    std::vector<qsizetype> m_laneFinal;
    std::vector<std::vector<qint32>> m_laneFailedPrefix;
    size_t m_bindingsSeen = 0;
    VirtualNanos m_dataEnd = 0;

    // Mouse gestures.
    QPoint m_pressPos;
    timeline::TimeRange m_pressRange;
    bool m_pressed = false;
    bool m_dragging = false;
    bool m_scrubbing = false;
    QElapsedTimer m_lastWheel;
};

} // namespace ksv
