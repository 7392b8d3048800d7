#pragma once

// The live timeline (issue 18): the cluster's bindings and failures and kschedviz's predictions, in
// three rows against the wall clock. It paints the frame's marks (livetimelinedata.h) from one flat
// array: no QObject per mark. While following, the right edge is now and the window slides with the
// clock, and the wheel zooms about now; otherwise about the cursor. Panning or dragging into the past
// stops following; Follow Now (or Fit All) resumes it.

#include "livetimelinedata.h"

#include <QWidget>
#include <algorithm>

class QAction;
class QTimer;

namespace ksv {

class LiveTimelineView : public QWidget
{
    Q_OBJECT
public:
    explicit LiveTimelineView(QWidget* parent = nullptr);

    void showFrame(const client::LiveFrame& frame);
    // Fixes the clock at `ms` (tests, screenshots): the view no longer reads the wall clock.
    void setNow(qint64 ms);
    qint64 now() const { return m_now; }

    const live::LiveTimelineData& data() const { return m_data; }
    live::WallRange range() const { return m_range; }
    // Shows `range`; following stops unless it ends at now or later.
    void setRange(live::WallRange range);
    bool isFollowing() const { return m_following; }
    void setFollowing(bool follow);
    // Every mark up to now; the right edge stays on now.
    void fitAll();
    QAction* fitAllAction() const { return m_fitAll; }
    QAction* followAction() const { return m_follow; }

    // Where a mark is drawn (its centre), and the mark under a point (-1 for none): for the mouse and tests.
    QPointF markPosition(qsizetype mark) const;
    qsizetype markAt(QPointF position) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

Q_SIGNALS:
    // A mark was clicked: the pod to select.
    void podActivated(const QString& key);
    void rangeChanged(live::WallRange range);
    void followingChanged(bool following);

protected:
    bool event(QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void showEvent(QShowEvent* event) override;
    void hideEvent(QHideEvent* event) override;

private:
    struct Layout
    {
        double plotLeft = 0;
        double plotRight = 0;
        double rowsTop = 0;
        double rowHeight = 0;
        double axisTop = 0;
        double plotWidth() const { return std::max(1.0, plotRight - plotLeft); }
    };
    Layout layout() const;
    double timeToX(const Layout& layout, qint64 ms) const;
    qint64 xToTime(const Layout& layout, double x) const;
    double markRadius(const live::TimelineMark& mark) const;
    void onClock();
    void applyRange(live::WallRange range, bool following);
    void paintAxis(QPainter& painter, const Layout& layout) const;
    void paintMarks(QPainter& painter, const Layout& layout) const;

    live::LiveTimelineData m_data;
    live::WallRange m_range;
    qint64 m_now = 0;
    bool m_fixedNow = false;
    bool m_following = true;
    QTimer* m_clock;
    QAction* m_fitAll;
    QAction* m_follow;
    QPointF m_pressAt;
    live::WallRange m_pressRange;
    bool m_dragging = false;
};

} // namespace ksv
