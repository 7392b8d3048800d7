#pragma once

// The cycle timeline: a toolbar (zoom, history, follow), the painted lanes (TimelinePlot) with a
// scrollbar for many binding lanes, and a legend. See timelineplot.h for what the lanes show.

#include <QWidget>

class QAction;
class QLabel;
class QScrollBar;

namespace ksv {

class Run;
class TimelinePlot;
class TimelineZoom;
class ViewState;

class TimelineView : public QWidget
{
    Q_OBJECT
public:
    explicit TimelineView(ViewState* viewState, QWidget* parent = nullptr);
    ~TimelineView() override;

    // The run shown (null: none). Call again for each new run.
    void setRun(const Run* run);

    // Actions the plot's context menu offers before the zoom's (the window's pod steps).
    void setContextActions(const QList<QAction*>& actions);

    TimelinePlot* plot() const { return m_plot; }
    TimelineZoom* zoom() const { return m_zoom; }

private:
    void updateScrollBar();
    void updateRangeLabel();

    TimelineZoom* m_zoom;
    TimelinePlot* m_plot;
    QScrollBar* m_scrollBar;
    QLabel* m_rangeLabel;
};

} // namespace ksv
