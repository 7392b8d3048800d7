#include "livetimelineview.h"

#include "viewcolors.h"

#include <QAction>
#include <QDateTime>
#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QTimer>
#include <QToolTip>
#include <QWheelEvent>
#include <array>
#include <cmath>

namespace ksv {

using live::TimelineMark;
using live::TimelineRow;
using live::Verdict;
using live::WallRange;

namespace {

constexpr qint64 defaultSpan = 10 * live::msPerMinute;
constexpr double radius = 4;
constexpr double countedRadius = 6;

QString rowLabel(int row)
{
    switch (TimelineRow(row)) {
    case TimelineRow::Binding:
        return LiveTimelineView::tr("Cluster: bindings");
    case TimelineRow::Failure:
        return LiveTimelineView::tr("Cluster: failures");
    case TimelineRow::Prediction:
        return LiveTimelineView::tr("kschedviz: predictions");
    }
    return {};
}

} // namespace

LiveTimelineView::LiveTimelineView(QWidget* parent)
    : QWidget(parent)
    , m_now(QDateTime::currentMSecsSinceEpoch())
    , m_clock(new QTimer(this))
    , m_fitAll(new QAction(tr("Fit All"), this))
    , m_follow(new QAction(tr("Follow Now"), this))
{
    m_range = { m_now - defaultSpan, m_now };
    setAttribute(Qt::WA_OpaquePaintEvent);
    setFocusPolicy(Qt::WheelFocus);
    setContextMenuPolicy(Qt::ActionsContextMenu);

    m_fitAll->setShortcuts({ QKeySequence(Qt::Key_F), QKeySequence(Qt::Key_0) });
    m_fitAll->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_fitAll->setToolTip(tr("Show every mark, up to now (F)"));
    connect(m_fitAll, &QAction::triggered, this, &LiveTimelineView::fitAll);
    m_follow->setCheckable(true);
    m_follow->setChecked(true);
    m_follow->setShortcut(QKeySequence(Qt::Key_L));
    m_follow->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_follow->setToolTip(tr("Keep the right edge on now (L)"));
    connect(m_follow, &QAction::toggled, this, &LiveTimelineView::setFollowing);
    addAction(m_fitAll);
    addAction(m_follow);

    // Ticks are whole seconds; a second's timer keeps "now" honest without repainting more.
    m_clock->setInterval(1000);
    connect(m_clock, &QTimer::timeout, this, &LiveTimelineView::onClock);
}

void LiveTimelineView::showFrame(const client::LiveFrame& frame)
{
    m_data = live::buildLiveTimeline(frame);
    update();
}

void LiveTimelineView::setNow(qint64 ms)
{
    m_fixedNow = true;
    m_clock->stop();
    m_now = ms;
    if (m_following)
        applyRange({ ms - m_range.span(), ms }, true);
    update();
}

void LiveTimelineView::onClock()
{
    if (m_fixedNow)
        return;
    m_now = QDateTime::currentMSecsSinceEpoch();
    if (m_following)
        applyRange({ m_now - m_range.span(), m_now }, true);
    else
        update(); // the now line moves
}

void LiveTimelineView::setRange(WallRange range)
{
    const bool follow = range.end >= m_now;
    if (follow)
        range = { m_now - range.span(), m_now };
    applyRange(range, follow);
}

void LiveTimelineView::setFollowing(bool follow)
{
    applyRange(follow ? WallRange { m_now - m_range.span(), m_now } : m_range, follow);
}

void LiveTimelineView::fitAll()
{
    applyRange(live::fitWall(m_data, m_now, defaultSpan), true);
}

void LiveTimelineView::applyRange(WallRange range, bool following)
{
    range.end = std::max(range.end, range.start + live::minimumWallSpan);
    const bool rangeMoved = range != m_range;
    const bool followMoved = following != m_following;
    m_range = range;
    m_following = following;
    {
        const QSignalBlocker blocker(m_follow);
        m_follow->setChecked(following);
    }
    if (rangeMoved)
        Q_EMIT rangeChanged(range);
    if (followMoved)
        Q_EMIT followingChanged(following);
    update();
}

LiveTimelineView::Layout LiveTimelineView::layout() const
{
    const QFontMetrics metrics = fontMetrics();
    Layout result;
    int labels = 0;
    for (int row = 0; row < live::timelineRowCount; ++row)
        labels = std::max(labels, metrics.horizontalAdvance(rowLabel(row)));
    result.plotLeft = labels + 16;
    // Room for a mark at now to show whole.
    result.plotRight = width() - 2 * countedRadius;
    result.axisTop = height() - (metrics.height() + 8);
    result.rowsTop = 2;
    result.rowHeight = std::max(1.0, (result.axisTop - result.rowsTop) / live::timelineRowCount);
    return result;
}

double LiveTimelineView::timeToX(const Layout& layout, qint64 ms) const
{
    return layout.plotLeft
        + double(ms - m_range.start) * layout.plotWidth() / double(std::max<qint64>(1, m_range.span()));
}

qint64 LiveTimelineView::xToTime(const Layout& layout, double x) const
{
    return m_range.start + qint64(std::llround((x - layout.plotLeft) * double(m_range.span()) / layout.plotWidth()));
}

double LiveTimelineView::markRadius(const TimelineMark& mark) const
{
    return mark.row == TimelineRow::Failure && mark.count > 1 ? countedRadius : radius;
}

QPointF LiveTimelineView::markPosition(qsizetype mark) const
{
    const Layout l = layout();
    const TimelineMark& m = m_data.marks[size_t(mark)];
    return { timeToX(l, m.at), l.rowsTop + (int(m.row) + 0.5) * l.rowHeight };
}

qsizetype LiveTimelineView::markAt(QPointF position) const
{
    const Layout l = layout();
    const double rowAt = (position.y() - l.rowsTop) / l.rowHeight;
    if (rowAt < 0 || rowAt >= live::timelineRowCount || position.x() < l.plotLeft - countedRadius)
        return -1;
    const auto row = TimelineRow(int(rowAt));
    const double slack = countedRadius + 1;
    const auto [first, last]
        = live::marksBetween(m_data, xToTime(l, position.x() - slack), xToTime(l, position.x() + slack));
    qsizetype best = -1;
    double bestDistance = 0;
    for (qsizetype i = first; i < last; ++i) {
        const TimelineMark& mark = m_data.marks[size_t(i)];
        if (mark.row != row)
            continue;
        const double distance = std::abs(timeToX(l, mark.at) - position.x());
        // Ties go to the later mark: it is painted on top.
        if (distance <= markRadius(mark) + 1 && (best < 0 || distance <= bestDistance)) {
            best = i;
            bestDistance = distance;
        }
    }
    return best;
}

QSize LiveTimelineView::sizeHint() const
{
    return { 640, 3 * (fontMetrics().height() + 16) + fontMetrics().height() + 10 };
}

QSize LiveTimelineView::minimumSizeHint() const
{
    return { 240, 3 * (fontMetrics().height() + 4) + fontMetrics().height() + 10 };
}

bool LiveTimelineView::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const qsizetype mark = markAt(help->pos());
        if (mark >= 0) {
            // Bound to the mark, so that the tip goes once the mouse leaves it.
            const QPoint centre = markPosition(mark).toPoint();
            const int r = int(std::ceil(markRadius(m_data.marks[size_t(mark)]))) + 1;
            QToolTip::showText(help->globalPos(), live::markToolTip(m_data, mark), this,
                QRect(centre - QPoint(r, r), centre + QPoint(r, r)));
        } else
            QToolTip::hideText();
        return true;
    }
    return QWidget::event(event);
}

void LiveTimelineView::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    const Layout l = layout();
    const QPalette& palette = this->palette();
    painter.fillRect(rect(), palette.color(QPalette::Base));
    painter.setPen(colors::rule(palette));
    for (int row = 1; row < live::timelineRowCount; ++row) {
        const int y = int(l.rowsTop + row * l.rowHeight);
        painter.drawLine(0, y, width(), y);
    }
    painter.drawLine(int(l.plotLeft), int(l.rowsTop), int(l.plotLeft), int(l.axisTop));
    painter.setPen(palette.color(QPalette::Text));
    for (int row = 0; row < live::timelineRowCount; ++row) {
        const QRectF band(6, l.rowsTop + row * l.rowHeight, l.plotLeft - 12, l.rowHeight);
        painter.drawText(band, Qt::AlignVCenter | Qt::AlignLeft, rowLabel(row));
    }
    paintAxis(painter, l);
    painter.setClipRect(QRectF(l.plotLeft - countedRadius, 0, width(), l.axisTop));
    if (m_now >= m_range.start && m_now <= m_range.end) {
        QPen nowPen(palette.color(QPalette::Highlight), 1, Qt::DashLine);
        painter.setPen(nowPen);
        const int x = int(timeToX(l, m_now));
        painter.drawLine(x, int(l.rowsTop), x, int(l.axisTop));
    }
    paintMarks(painter, l);
}

void LiveTimelineView::paintAxis(QPainter& painter, const Layout& l) const
{
    const QPalette& palette = this->palette();
    const double msPerPixel = double(m_range.span()) / l.plotWidth();
    const qint64 step
        = live::wallTickStep(msPerPixel, fontMetrics().horizontalAdvance(QStringLiteral("00:00:00")) + 16);
    // Ticks fall on the user's whole minutes and hours, not UTC's (which differ by half an hour in places).
    const qint64 offset = qint64(QDateTime::fromMSecsSinceEpoch(m_range.start).offsetFromUtc()) * live::msPerSecond;
    qint64 tick = (m_range.start + offset + step - 1) / step * step - offset;
    QColor grid = colors::rule(palette);
    grid.setAlphaF(grid.alphaF() / 2);
    painter.setPen(colors::rule(palette));
    painter.drawLine(QPointF(l.plotLeft, l.axisTop), QPointF(l.plotRight, l.axisTop));
    for (; tick <= m_range.end; tick += step) {
        const double x = timeToX(l, tick);
        painter.setPen(grid);
        painter.drawLine(QPointF(x, l.rowsTop), QPointF(x, l.axisTop));
        painter.setPen(palette.color(QPalette::Text));
        const QString label = live::formatWallTime(tick);
        const double half = fontMetrics().horizontalAdvance(label) / 2.0;
        if (x - half >= l.plotLeft - 4 && x + half <= width())
            painter.drawText(QRectF(x - half, l.axisTop + 2, 2 * half, height() - l.axisTop - 2),
                Qt::AlignHCenter | Qt::AlignTop, label);
    }
}

void LiveTimelineView::paintMarks(QPainter& painter, const Layout& l) const
{
    const QPalette& palette = this->palette();
    const double msPerPixel = double(m_range.span()) / l.plotWidth();
    const auto slack = qint64(std::ceil((countedRadius + 1) * msPerPixel));
    const auto [first, last] = live::marksBetween(m_data, m_range.start - slack, m_range.end + slack);
    // Marks less than a pixel from the one drawn before them in their row, with the same look,
    // would be painted over it: skipped, so a burst of thousands costs a few hundred ellipses.
    std::array<double, live::timelineRowCount> lastX;
    std::array<int, live::timelineRowCount> lastLook;
    lastX.fill(-1e9);
    lastLook.fill(-1);
    std::array<double, live::timelineRowCount> lastTextEnd;
    lastTextEnd.fill(-1e9);
    painter.setRenderHint(QPainter::Antialiasing, false);
    const QColor text = palette.color(QPalette::Text);
    for (qsizetype i = first; i < last; ++i) {
        const TimelineMark& mark = m_data.marks[size_t(i)];
        const int row = int(mark.row);
        const double x = timeToX(l, mark.at);
        const double r = markRadius(mark);
        const int look = int(mark.verdict) * 2 + (r > radius ? 1 : 0);
        if (std::abs(x - lastX[row]) < 1 && look == lastLook[row])
            continue;
        lastX[row] = x;
        lastLook[row] = look;
        const QPointF centre(x, l.rowsTop + (row + 0.5) * l.rowHeight);
        switch (mark.row) {
        case TimelineRow::Binding:
            painter.setPen(Qt::NoPen);
            painter.setBrush(colors::scheduled());
            break;
        case TimelineRow::Failure:
            painter.setPen(Qt::NoPen);
            painter.setBrush(colors::unschedulable());
            break;
        case TimelineRow::Prediction:
            if (mark.verdict == Verdict::Differ) {
                painter.setPen(QPen(colors::unschedulable(), 2));
                painter.setBrush(Qt::NoBrush);
            } else {
                painter.setPen(Qt::NoPen);
                painter.setBrush(mark.verdict == Verdict::Agree ? colors::binding() : colors::running());
            }
            break;
        }
        painter.drawEllipse(centre, r, r);
        if (r > radius && x + r + 2 > lastTextEnd[row]) {
            const QString count = QString::number(mark.count);
            const QRectF box(
                x + r + 2, centre.y() - l.rowHeight / 2, fontMetrics().horizontalAdvance(count) + 2, l.rowHeight);
            painter.setPen(text);
            painter.drawText(box, Qt::AlignVCenter | Qt::AlignLeft, count);
            lastTextEnd[row] = box.right() + 2;
        }
    }
}

void LiveTimelineView::wheelEvent(QWheelEvent* event)
{
    const Layout l = layout();
    const QPoint delta = event->angleDelta();
    if (delta.x() != 0 && std::abs(delta.x()) > std::abs(delta.y())) {
        const auto shift = qint64(std::llround(-delta.x() / 2.0 * double(m_range.span()) / l.plotWidth()));
        setRange({ m_range.start + shift, m_range.end + shift });
    } else if (delta.y() != 0) {
        // While following, the right edge is pinned to now: zoom about it, so following goes on.
        const double anchor
            = m_following ? 1.0 : std::clamp((event->position().x() - l.plotLeft) / l.plotWidth(), 0.0, 1.0);
        const WallRange zoomed = live::zoomWall(m_range, anchor, std::pow(1.2, delta.y() / 120.0));
        applyRange(zoomed, m_following);
    }
    event->accept();
}

void LiveTimelineView::mousePressEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton)
        return QWidget::mousePressEvent(event);
    m_pressAt = event->position();
    m_pressRange = m_range;
    m_dragging = false;
    event->accept();
}

void LiveTimelineView::mouseMoveEvent(QMouseEvent* event)
{
    if (!(event->buttons() & Qt::LeftButton))
        return QWidget::mouseMoveEvent(event);
    const double dx = event->position().x() - m_pressAt.x();
    if (!m_dragging && std::abs(dx) < 4)
        return;
    m_dragging = true;
    const auto shift = qint64(std::llround(-dx * double(m_pressRange.span()) / layout().plotWidth()));
    setRange({ m_pressRange.start + shift, m_pressRange.end + shift });
    event->accept();
}

void LiveTimelineView::mouseReleaseEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton)
        return QWidget::mouseReleaseEvent(event);
    if (!m_dragging) {
        const qsizetype mark = markAt(event->position());
        if (mark >= 0)
            Q_EMIT podActivated(m_data.podKey(mark));
    }
    m_dragging = false;
    event->accept();
}

void LiveTimelineView::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (!m_fixedNow) {
        onClock();
        m_clock->start();
    }
}

void LiveTimelineView::hideEvent(QHideEvent* event)
{
    m_clock->stop();
    QWidget::hideEvent(event);
}

} // namespace ksv
