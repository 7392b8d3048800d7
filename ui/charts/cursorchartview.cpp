#include "cursorchartview.h"
#include "theme.h"

#include "format.h"

#include "viewstate.h"

#include <QHelpEvent>
#include <QLegend>
#include <QLocale>
#include <QMouseEvent>
#include <QPainter>
#include <QPaintEngine>
#include <QPicture>
#include <QToolTip>
#include <QXYSeries>

#include <algorithm>
#include <cmath>

namespace ksv {

CursorChartView::CursorChartView(QChart* chart, ViewState* viewState, const double* cursorSeconds, QWidget* parent)
    : QChartView(chart, parent)
    , m_viewState(viewState)
    , m_cursorSeconds(cursorSeconds)
{
    setRenderHint(QPainter::Antialiasing);
    setRubberBand(QChartView::NoRubberBand);
    viewport()->setMouseTracking(true); // the values under the mouse follow it
    // Heading and legend share one row (the view is often a short dock): the heading is painted
    // here, the legend detached and placed at the row's right end.
    chart->legend()->setAlignment(Qt::AlignTop); // a horizontal row
    chart->legend()->detachFromChart();
    chart->legend()->setBackgroundVisible(false);
    // Anything that changes what the scene shows (points, axes, legend, theme, hover) goes through
    // the scene's change notification: the pixmap is rendered again on the next paint.
    connect(scene(), &QGraphicsScene::changed, this, &CursorChartView::invalidatePlot);
}

void CursorChartView::invalidatePlot()
{
    m_plotValid = false;
    viewport()->update();
}

int CursorChartView::headingHeight() const
{
    return QFontMetrics(headingFont()).height() + 8;
}

void CursorChartView::setHeading(const QString& heading)
{
    if (heading == m_heading)
        return;
    m_heading = heading;
    invalidatePlot();
}

void CursorChartView::placeLegend()
{
    // A detached legend has no useful size hint: room for each marker and its name, in a row.
    QLegend* legend = chart()->legend();
    legend->setAlignment(Qt::AlignTop);
    const QFontMetrics metrics(legend->font());
    double width = 24;
    for (const QAbstractSeries* series : chart()->series())
        width += metrics.horizontalAdvance(series->name()) + 3 * metrics.height() + 8;
    width = std::min(width, chart()->size().width() / 2);
    legend->setGeometry(QRectF(chart()->size().width() - width - 8, 1, width, headingHeight()));
    legend->update();
}

QFont CursorChartView::headingFont() const
{
    QFont font = this->font();
    font.setBold(true);
    return font;
}

void CursorChartView::resizeEvent(QResizeEvent* event)
{
    QChartView::resizeEvent(event);
    placeLegend();
    invalidatePlot();
}

void CursorChartView::changeEvent(QEvent* event)
{
    QChartView::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange || event->type() == QEvent::FontChange)
        invalidatePlot();
}

void CursorChartView::paintEvent(QPaintEvent*)
{
    {
        // An export (ui/export) paints into an SVG, or an image at another pixel ratio: there the
        // chart is drawn itself, in vectors and sharp, and the screen's cached pixmap stays as it is.
        QPainter painter(viewport());
        const QPaintEngine* engine = painter.paintEngine();
        const QRectF target(QPointF(0, 0), QSizeF(viewport()->size()));
        // Drawn through a device of their own: the scene's items do not paint through the
        // viewport's painter from within its paint event.
        if (engine->type() != QPaintEngine::Raster) {
            QPicture picture;
            QPainter recorder(&picture);
            render(&recorder, target, viewport()->rect(), Qt::IgnoreAspectRatio);
            recorder.end();
            painter.drawPicture(0, 0, picture);
            drawCursor(painter);
            return;
        }
        if (const qreal ratio = engine->paintDevice()->devicePixelRatioF(); !qFuzzyCompare(ratio, viewport()->devicePixelRatioF())) {
            QImage image(viewport()->size() * ratio, QImage::Format_ARGB32_Premultiplied);
            image.setDevicePixelRatio(ratio);
            image.fill(viewport()->palette().color(viewport()->backgroundRole()));
            QPainter imagePainter(&image);
            imagePainter.setRenderHints(renderHints());
            render(&imagePainter, target, viewport()->rect(), Qt::IgnoreAspectRatio);
            imagePainter.end();
            painter.drawImage(0, 0, image);
            drawCursor(painter);
            return;
        }
    }
    const qreal ratio = viewport()->devicePixelRatioF();
    const QSize pixels = viewport()->size() * ratio;
    if (!m_plotValid || m_plot.size() != pixels || !qFuzzyCompare(m_plot.devicePixelRatio(), ratio)) {
        // Drawn over in place while the size holds: a new pixmap of 1400×900 is 5 MB of fresh pages
        // for every refresh while a run plays.
        if (m_plot.size() != pixels)
            m_plot = QPixmap(pixels);
        m_plot.setDevicePixelRatio(ratio);
        m_plot.fill(viewport()->palette().color(viewport()->backgroundRole()));
        QPainter painter(&m_plot);
        painter.setRenderHints(renderHints());
        // The whole scene as the view shows it: background, items, then drawForeground()'s heading.
        render(&painter, QRectF(QPointF(0, 0), QSizeF(viewport()->size())), viewport()->rect(), Qt::IgnoreAspectRatio);
        m_plotValid = true;
        ++m_plotRenders;
    }
    QPainter painter(viewport());
    painter.drawPixmap(0, 0, m_plot);
    drawCursor(painter);
}

void CursorChartView::drawForeground(QPainter* painter, const QRectF& rect)
{
    QChartView::drawForeground(painter, rect);
    const QFontMetrics metrics(headingFont());
    const double room = chart()->size().width() - chart()->legend()->geometry().width() - 32;
    painter->setFont(headingFont());
    painter->setPen(chart()->titleBrush().color());
    painter->drawText(QRectF(12, 1, room, headingHeight()), Qt::AlignLeft | Qt::AlignVCenter, metrics.elidedText(m_heading, Qt::ElideRight, int(room)));
}

void CursorChartView::drawCursor(QPainter& painter)
{
    m_cursorX = -1;
    if (!m_run || chart()->series().isEmpty())
        return;
    // Scene to viewport: the identity while the view neither scrolls nor scales, as QChartView does.
    const QTransform toViewport = viewportTransform();
    const QRectF plot = toViewport.mapRect(chart()->mapToScene(chart()->plotArea()).boundingRect());
    const double x = toViewport.map(chart()->mapToScene(chart()->mapToPosition(QPointF(*m_cursorSeconds, 0), chart()->series().constFirst()))).x();
    if (x < plot.left() || x > plot.right())
        return;
    m_cursorX = x;
    QColor veil = palette().color(QPalette::Base);
    veil.setAlphaF(0.45f);
    painter.fillRect(QRectF(QPointF(x, plot.top()), plot.bottomRight()), veil);
    painter.setPen(QPen(palette().color(QPalette::Highlight), theme::stroke(2)));
    painter.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
}

std::optional<double> CursorChartView::secondsAt(QPoint position) const
{
    const QPointF scene = mapToScene(position);
    const QPointF inChart = chart()->mapFromScene(scene);
    if (!m_run || chart()->series().isEmpty() || !chart()->plotArea().contains(inChart))
        return std::nullopt;
    return chart()->mapToValue(inChart, chart()->series().constFirst()).x();
}

void CursorChartView::mousePressEvent(QMouseEvent* event)
{
    if (event->button() == Qt::LeftButton) {
        if (const auto seconds = secondsAt(event->position().toPoint())) {
            m_viewState->requestSeek(std::max<VirtualNanos>(0, std::llround(*seconds * double(nanosPerSecond))));
            event->accept();
            return;
        }
    }
    QChartView::mousePressEvent(event);
}

void CursorChartView::mouseMoveEvent(QMouseEvent* event)
{
    QChartView::mouseMoveEvent(event);
    const auto seconds = secondsAt(event->position().toPoint());
    const QString text = seconds ? toolTipAt(*seconds) : QString();
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(event->globalPosition().toPoint(), text, viewport());
}

bool CursorChartView::viewportEvent(QEvent* event)
{
    // The hover text comes from mouseMoveEvent; the help event of a resting mouse asks again.
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const auto seconds = secondsAt(help->pos());
        const QString text = seconds ? toolTipAt(*seconds) : QString();
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, viewport());
        return true;
    }
    return QChartView::viewportEvent(event);
}

QString CursorChartView::toolTipAt(double seconds) const
{
    if (seconds < 0)
        return {};
    // A point's x is the end of its bucket's last second: the bucket holding `seconds` is the first
    // point at or after it, if that point's bucket starts before it.
    QString rows;
    for (QAbstractSeries* abstract : chart()->series()) {
        const auto* series = static_cast<const QXYSeries*>(abstract);
        const QList<QPointF> points = series->points();
        const auto found = std::lower_bound(points.cbegin(), points.cend(), seconds, [](const QPointF& p, double t) { return p.x() < t; });
        QString value = QStringLiteral("–");
        if (found != points.cend() && found->x() - seconds < m_bucket)
            value = QLocale().toString(found->y(), 'g', 4);
        rows += QStringLiteral("<tr><td style='color:%1'>&#9632;</td><td>%2</td><td align='right'>&nbsp;%3</td></tr>")
                    .arg(series->color().name(), series->name().toHtmlEscaped(), value);
    }
    if (rows.isEmpty())
        return {};
    // The second (or bucket of seconds) the point stands for, on the app's clock.
    const auto second = VirtualNanos(std::floor(seconds)) * nanosPerSecond;
    const QString span = tr("%1 to %2").arg(format::virtualTime(second, 0), format::virtualTime(second + nanosPerSecond, 0));
    const QString when = m_bucket > 1 ? tr("%1 (the peak of %2 seconds)").arg(span).arg(m_bucket) : span;
    return QStringLiteral("<b>") + when + QStringLiteral("</b><table>") + rows + QStringLiteral("</table><i>")
        + tr("Click to move the playback cursor here.") + QStringLiteral("</i>");
}

} // namespace ksv
