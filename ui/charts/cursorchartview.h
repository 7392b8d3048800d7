#pragma once

// One chart of ChartsView: a QChartView that draws the playback cursor over the plot (the part
// after it, already computed but not yet reached, veiled), moves the cursor where it is clicked, and
// on hover shows the value of each series at the time under the mouse.
//
// The chart (axes, series, legend, heading) is rendered into a pixmap once and reused until the
// scene changes: a cursor move repaints the pixmap and the cursor over it, not the series.

#include <QChartView>
#include <QPixmap>

#include <optional>

namespace ksv {

class Run;
class ViewState;

class CursorChartView : public QChartView
{
    Q_OBJECT // for tr(): its strings are in the context lupdate names after this class

public:
    CursorChartView(QChart* chart, ViewState* viewState, const double* cursorSeconds, QWidget* parent);

    // The run the chart plots (null: none): clicks move the cursor only over a run.
    void setRun(const Run* run) { m_run = run; }

    // The height of the heading row: the chart's top margin.
    int headingHeight() const;
    void setHeading(const QString& heading);
    void placeLegend();
    // Seconds each point stands for (each point is the peak of its bucket).
    void setBucketSeconds(int seconds) { m_bucket = seconds; }

    // The hover text at `seconds` of virtual time: every series' value there (the point of the
    // bucket that holds the time), or "" outside the data.
    QString toolTipAt(double seconds) const;

    // How often the chart itself was rendered (into the pixmap), and the cursor line's x in the
    // viewport as last painted (-1: not drawn). For tests.
    int plotRenders() const { return m_plotRenders; }
    double cursorX() const { return m_cursorX; }

protected:
    QFont headingFont() const;
    void resizeEvent(QResizeEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    void changeEvent(QEvent* event) override;
    void drawForeground(QPainter* painter, const QRectF& rect) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    bool viewportEvent(QEvent* event) override;

private:
    // The virtual time under a point of the viewport, if it lies on the plot.
    std::optional<double> secondsAt(QPoint position) const;
    void invalidatePlot();
    void drawCursor(QPainter& painter);

    const Run* m_run = nullptr;
    ViewState* m_viewState;
    const double* m_cursorSeconds;
    QString m_heading;
    int m_bucket = 1;
    QPixmap m_plot; // the chart without the cursor, as last rendered
    bool m_plotValid = false;
    int m_plotRenders = 0;
    double m_cursorX = -1;
};

} // namespace ksv
