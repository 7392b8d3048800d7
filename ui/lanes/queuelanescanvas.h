#pragma once

// The painted part of QueueLanesView: lane frames, their headers and visible rows, one scroll bar
// per lane, the cause legend, preemption marks (queuelanesmarks.cpp); hit testing for clicks and
// tooltips; keyboard navigation (queuelaneskeys.cpp). It holds geometry only: what it paints is the
// frame the view hands it, and what the user picks goes back as a signal.

#include "queuelanes.h"

#include <QWidget>
#include <array>
#include <functional>
#include <span>

class QScrollBar;

namespace ksv {

// What the lanes show: the view's lanes and the run at the cursor. It refers to what the view keeps
// (its QueueLanes, the run's state and trace), valid until the view hands over the next frame.
struct QueueLanesFrame
{
    const QueueLanes* lanes = nullptr;
    const trace::ReplayCatalogue* catalogue = nullptr; // null: no run
    const trace::ReplayState* state = nullptr;
    const trace::Trace* trace = nullptr;
    const trace::TraceIndex* index = nullptr;
    VirtualNanos now = 0; // the cursor's time when the lanes were ordered
    qint32 selectedPod = -1;
    std::span<const qint32> latestMoves; // the pods of the latest queue moves, newest first
    bool preemptionMarks = false; // some pod in the lanes is nominated or a preemption victim
};

class QueueLanesCanvas : public QWidget
{
    Q_OBJECT
public:
    explicit QueueLanesCanvas(QWidget* parent = nullptr);

    void setFrame(const QueueLanesFrame& frame);

    // Recomputes lane rectangles and scroll ranges: after the rows changed or on resize.
    void relayout();
    // Scrolls the pod's lane so that its row (or its folded section's header) is visible.
    void reveal(qint32 pod);
    int rowHeight() const;

    struct Hit
    {
        int lane = -1;
        qint32 row = -1; // index into the lane's rows; -1 outside the rows
    };
    Hit hitTest(QPoint position) const;
    QRect rowRect(int lane, int row) const;

    // Where the keyboard is: a row of a lane and what it showed (a pod, or a section header
    // -(group + 1)). Follows the selected pod unless the keys left it on a section header.
    struct Position
    {
        int lane = -1;
        int row = -1;
        qint32 item = 0;
    };
    Position keyPosition() const;

    // What a pod's row says beyond the run (live mode: the pod's age, its PodScheduled message, its
    // gates): the detail in place of the time in queue, and more tooltip lines. None by default.
    struct PodWords
    {
        QString detail;
        QList<std::pair<QString, QString>> toolTip; // name, value
    };
    using PodWordsProvider = std::function<PodWords(qint32 pod)>;
    void setPodWords(PodWordsProvider provider);
    // A row's detail and tooltip as they are shown (tests, and the lanes' own painting).
    QString rowDetail(int lane, qint32 pod) const { return detailText(lane, pod); }
    QString rowToolTip(qint32 pod) const { return podToolTip(pod); }

Q_SIGNALS:
    // A click or the keyboard chose a pod's row, or a section header of a lane.
    void podActivated(qint32 pod);
    void groupToggled(int lane, const QString& key);

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    bool event(QEvent* event) override;

private:
    struct LaneGeometry
    {
        QRect frame;
        QRect header;
        QRect body;
        int visibleRows = 0;
        QScrollBar* bar = nullptr;
    };
    int headerHeight() const;
    void paintLane(QPainter& painter, int lane) const;
    void paintPodRow(QPainter& painter, int lane, qint32 pod, const QRect& rect, bool alternate) const;
    void paintGroupRow(QPainter& painter, const QueueLanes::Group& group, const QRect& rect) const;
    void paintLegend(QPainter& painter) const;
    // Preemption (queuelanesmarks.cpp): a row's marks, drawn over it as the heatmap draws them over a
    // node's cell; their legend at the right end of the legend line (returns the width it took); the
    // tooltip lines.
    void paintPreemptionMarks(QPainter& painter, qint32 pod, const QRect& row, const QColor& background) const;
    int paintMarksLegend(QPainter& painter) const;
    QString preemptionToolTip(qint32 pod) const;
    QString detailText(int lane, qint32 pod) const;
    QString podToolTip(qint32 pod) const;
    // Keyboard navigation (queuelaneskeys.cpp).
    static bool isNavigationKey(const QKeyEvent* event);
    void moveKeyPosition(int lane, int row);
    void activate(const Position& position);
    void paintKeyPosition(QPainter& painter) const;
    const QueueLanes& lanes() const;
    const QueueLanes::Lane& laneAt(int index) const { return lanes().lane(index); }
    int laneCount(trace::PodLocation location) const;

    QueueLanesFrame m_frame;
    std::array<LaneGeometry, queueLaneCount> m_lanes;
    QRect m_legend;
    Position m_key;
    PodWordsProvider m_podWords;
};

} // namespace ksv
