#include "queuelanescanvas.h"
#include "theme.h"

#include "colormix.h"
#include "format.h"

#include "queuelanesview.h"

#include <QApplication>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QLocale>
#include <QPainter>
#include <QScrollBar>
#include <QStyle>
#include <QToolTip>
#include <QWheelEvent>
#include <algorithm>

namespace ksv {

using trace::PodLocation;

namespace {

constexpr int margin = 4;
constexpr int columnGap = 6;
constexpr int columnCount = 5; // the four queues, then the three in-flight lanes stacked
constexpr int strip = 3; // the cause colour's bar at a row's left edge

using colors::mix;

// Black or white, whichever reads on `background`.
QColor textOn(const QColor& background)
{
    return 0.299 * background.redF() + 0.587 * background.greenF() + 0.114 * background.blueF() > 0.6
        ? QColor(Qt::black)
        : QColor(Qt::white);
}

QString subtitle(PodLocation location)
{
    switch (location) {
    case PodLocation::Active:
        return QueueLanesView::tr("pop order: priority, then queue time");
    case PodLocation::Backoff:
        return QueueLanesView::tr("by expiry · backoff left");
    case PodLocation::Unschedulable:
        return QueueLanesView::tr("by time entered · waiting");
    case PodLocation::Gated:
        return QueueLanesView::tr("by time entered · waiting");
    case PodLocation::Scheduling:
        return QueueLanesView::tr("the scheduling cycle");
    case PodLocation::WaitingOnPermit:
        return QueueLanesView::tr("by time entered · node");
    case PodLocation::Binding:
        return QueueLanesView::tr("by time entered · node");
    default:
        return {};
    }
}

// The queue's own causes are long; on a chip their short form reads faster (the tooltip has the
// full one). Cluster events keep their label: NodeAdd is what the user looks for.
QString chipText(const QString& cause)
{
    switch (causeFamily(cause)) {
    case CauseFamily::BackoffDone:
        return QueueLanesView::tr("backoff done");
    case CauseFamily::Sweep:
        return QueueLanesView::tr("timeout");
    case CauseFamily::FailedAttempt:
        return QueueLanesView::tr("failed");
    case CauseFamily::Activation:
        return QueueLanesView::tr("activated");
    case CauseFamily::Arrival:
        return QueueLanesView::tr("new");
    case CauseFamily::Pipeline:
    case CauseFamily::ClusterEvent:
        return cause;
    }
    Q_UNREACHABLE();
    return {};
}

} // namespace

QueueLanesCanvas::QueueLanesCanvas(QWidget* parent)
    : QWidget(parent)
{
    setMouseTracking(false);
    setFocusPolicy(Qt::StrongFocus); // arrows move the selection (queuelaneskeys.cpp)
    setMinimumSize(480, 240);
    for (LaneGeometry& lane : m_lanes) {
        lane.bar = new QScrollBar(Qt::Vertical, this);
        lane.bar->hide();
        connect(lane.bar, &QScrollBar::valueChanged, this, qOverload<>(&QWidget::update));
    }
}

void QueueLanesCanvas::setFrame(const QueueLanesFrame& frame)
{
    m_frame = frame;
}

const QueueLanes& QueueLanesCanvas::lanes() const
{
    static const QueueLanes none; // before the view's first frame
    return m_frame.lanes ? *m_frame.lanes : none;
}

int QueueLanesCanvas::laneCount(PodLocation location) const
{
    return m_frame.catalogue ? m_frame.state->count(location) : 0;
}

int QueueLanesCanvas::rowHeight() const
{
    return fontMetrics().height() + 6;
}

int QueueLanesCanvas::headerHeight() const
{
    return 2 * fontMetrics().height() + 10;
}

void QueueLanesCanvas::relayout()
{
    const QRect area = rect().adjusted(margin, margin, -margin, -margin);
    const int legendHeight = fontMetrics().height() + 6;
    m_legend = QRect(area.left(), area.bottom() - legendHeight + 1, area.width(), legendHeight);
    const QRect lanes = area.adjusted(0, 0, 0, -legendHeight - margin);
    const int columnWidth = std::max(40, (lanes.width() - (columnCount - 1) * columnGap) / columnCount);
    auto column = [&](int index) {
        return QRect(lanes.left() + index * (columnWidth + columnGap), lanes.top(), columnWidth, lanes.height());
    };
    for (int lane = 0; lane < 4; ++lane)
        m_lanes[size_t(lane)].frame = column(lane);
    // The in-flight column: Scheduling holds the one pod of the serial scheduling loop, the rest
    // of the height goes to the Permit and binding lanes, which can hold many.
    const QRect inFlight = column(4);
    const int schedulingRows = std::clamp(int(laneAt(laneOf(PodLocation::Scheduling)).rows.size()), 1, 3);
    const int schedulingHeight = headerHeight() + schedulingRows * rowHeight() + 2;
    m_lanes[4].frame = QRect(inFlight.left(), inFlight.top(), inFlight.width(), schedulingHeight);
    const int rest = std::max(0, inFlight.height() - schedulingHeight - 2 * columnGap);
    m_lanes[5].frame = QRect(inFlight.left(), m_lanes[4].frame.bottom() + 1 + columnGap, inFlight.width(), rest / 2);
    m_lanes[6].frame
        = QRect(inFlight.left(), m_lanes[5].frame.bottom() + 1 + columnGap, inFlight.width(), rest - rest / 2);

    const int barWidth = style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, this);
    for (int index = 0; index < queueLaneCount; ++index) {
        LaneGeometry& lane = m_lanes[size_t(index)];
        lane.header = QRect(lane.frame.left() + 1, lane.frame.top() + 1, lane.frame.width() - 2, headerHeight());
        lane.body = QRect(lane.frame.left() + 1, lane.header.bottom() + 1, lane.frame.width() - 2,
            std::max(0, lane.frame.bottom() - lane.header.bottom() - 1));
        lane.visibleRows = std::max(0, lane.body.height() / rowHeight());
        const int rows = int(laneAt(index).rows.size());
        const bool scrolls = rows > lane.visibleRows;
        if (scrolls) {
            lane.body.setRight(lane.body.right() - barWidth);
            lane.bar->setGeometry(lane.body.right() + 1, lane.body.top(), barWidth, lane.body.height());
            lane.bar->setRange(0, rows - lane.visibleRows);
            lane.bar->setPageStep(std::max(1, lane.visibleRows));
        } else {
            lane.bar->setRange(0, 0);
        }
        lane.bar->setVisible(scrolls);
    }
    update();
}

void QueueLanesCanvas::reveal(qint32 pod)
{
    if (!m_frame.state || pod < 0 || size_t(pod) >= m_frame.state->pods.size())
        return;
    const int index = laneOf(m_frame.state->pods[size_t(pod)].location);
    if (index < 0)
        return;
    const QueueLanes::Lane& lane = laneAt(index);
    auto row = std::find(lane.rows.begin(), lane.rows.end(), pod);
    if (row == lane.rows.end() && !lane.groups.empty()) {
        // Folded: show the header of its section instead.
        const QString key = lanes().grouping() == LaneGrouping::Namespace
            ? QStringLiteral("ns:") + lanes().podNamespace(pod)
            : QStringLiteral("prio:") + QString::number(m_frame.state->pods[size_t(pod)].priority);
        row = std::find_if(lane.rows.begin(), lane.rows.end(),
            [&](qint32 r) { return r < 0 && lane.groups[size_t(-r - 1)].key == key; });
    }
    if (row == lane.rows.end())
        return;
    const int position = int(row - lane.rows.begin());
    QScrollBar* bar = m_lanes[size_t(index)].bar;
    const int visible = m_lanes[size_t(index)].visibleRows;
    if (position < bar->value())
        bar->setValue(position);
    else if (position >= bar->value() + visible)
        bar->setValue(position - visible + 1);
}

QueueLanesCanvas::Hit QueueLanesCanvas::hitTest(QPoint position) const
{
    for (int index = 0; index < queueLaneCount; ++index) {
        const LaneGeometry& lane = m_lanes[size_t(index)];
        if (!lane.frame.contains(position))
            continue;
        Hit hit;
        hit.lane = index;
        if (lane.body.contains(position)) {
            const qint32 row = lane.bar->value() + (position.y() - lane.body.top()) / rowHeight();
            if (row < lane.visibleRows + lane.bar->value() && size_t(row) < laneAt(index).rows.size())
                hit.row = row;
        }
        return hit;
    }
    return {};
}

QRect QueueLanesCanvas::rowRect(int lane, int row) const
{
    const LaneGeometry& geometry = m_lanes[size_t(lane)];
    const int offset = row - geometry.bar->value();
    if (offset < 0 || offset >= geometry.visibleRows || size_t(row) >= laneAt(lane).rows.size())
        return {};
    return QRect(geometry.body.left(), geometry.body.top() + offset * rowHeight(), geometry.body.width(), rowHeight());
}

void QueueLanesCanvas::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    relayout();
}

void QueueLanesCanvas::wheelEvent(QWheelEvent* event)
{
    const Hit hit = hitTest(event->position().toPoint());
    if (hit.lane < 0) {
        event->ignore();
        return;
    }
    QScrollBar* bar = m_lanes[size_t(hit.lane)].bar;
    const int steps = event->angleDelta().y() / 40; // three rows a notch, as item views scroll
    bar->setValue(bar->value() - steps);
    event->accept();
}

void QueueLanesCanvas::mousePressEvent(QMouseEvent* event)
{
    const Hit hit = hitTest(event->position().toPoint());
    if (hit.lane < 0 || hit.row < 0 || event->button() != Qt::LeftButton) {
        QWidget::mousePressEvent(event);
        return;
    }
    const qint32 row = laneAt(hit.lane).rows[size_t(hit.row)];
    m_key = {hit.lane, hit.row, row};
    activate(m_key);
}

bool QueueLanesCanvas::event(QEvent* event)
{
    // Focused, the lanes take the plain arrows the window would use to step the playback.
    if (event->type() == QEvent::ShortcutOverride && isNavigationKey(static_cast<QKeyEvent*>(event))) {
        event->accept();
        return true;
    }
    if (event->type() != QEvent::ToolTip)
        return QWidget::event(event);
    auto* help = static_cast<QHelpEvent*>(event);
    const Hit hit = hitTest(help->pos());
    QString text;
    if (hit.lane >= 0 && hit.row >= 0) {
        const QueueLanes::Lane& lane = laneAt(hit.lane);
        const qint32 row = lane.rows[size_t(hit.row)];
        if (row >= 0) {
            text = podToolTip(row);
        } else {
            const QueueLanes::Group& group = lane.groups[size_t(-row - 1)];
            text = tr("%1: %2 pods%3 — click to %4")
                       .arg(group.name, QLocale().toString(group.count),
                           lanes().filter().isEmpty() ? QString() : tr(", %1 matching").arg(group.matches),
                           group.collapsed ? tr("expand") : tr("fold"));
        }
    } else if (m_legend.contains(help->pos())) {
        text = tr(
            "A pod that moved within the last second of virtual time is tinted with the colour of its move's cause; "
            "the tint fades as time goes on. The latest %1 moves are outlined.")
                   .arg(laneLatestMoveCount)
            + QStringLiteral("<br>")
            + tr("A dashed ring marks a pod nominated to a node (preemption is making room for it there), a solid "
                 "corner a preemption victim back in the queue: the marks the heatmap gives their nodes.");
    }
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(help->globalPos(), text, this);
    return true;
}

void QueueLanesCanvas::setPodWords(PodWordsProvider provider)
{
    m_podWords = std::move(provider);
    update();
}

QString QueueLanesCanvas::detailText(int lane, qint32 pod) const
{
    if (m_podWords) {
        if (PodWords words = m_podWords(pod); !words.detail.isEmpty())
            return words.detail;
    }
    // A caller may hold a pod id from an earlier run (a live snapshot replaced since): not one of this frame's.
    if (!m_frame.state || pod < 0 || size_t(pod) >= m_frame.state->pods.size())
        return {};
    const trace::PodRow& row = m_frame.state->pods[size_t(pod)];
    const VirtualNanos now = m_frame.now;
    switch (queueLanes[size_t(lane)]) {
    case PodLocation::Active: {
        // The priority where it decides the order, and whether the pod is new or retrying.
        const auto& order = laneAt(lane).order;
        const auto& pods = m_frame.state->pods;
        const bool mixed
            = !order.empty() && pods[size_t(order.front())].priority != pods[size_t(order.back())].priority;
        // A pod never tried shows how long it has waited since it was queued; a retried one how
        // often it was tried (its queue timestamp is from before its failures).
        const QString tries
            = row.attempts == 0 ? format::duration(now - row.queueValue) : tr("tried %1×").arg(row.attempts);
        return mixed && lanes().grouping() != LaneGrouping::Priority
            ? tr("prio %1 · %2").arg(row.priority).arg(tries)
            : tries;
    }
    case PodLocation::Backoff:
        return row.queueValue > now ? format::duration(row.queueValue - now) : tr("due");
    case PodLocation::Unschedulable:
    case PodLocation::Gated:
        return format::duration(now - row.since);
    case PodLocation::Scheduling:
        return row.nominatedNode >= 0
            ? tr("attempt %1 · nominated %2").arg(row.attempts).arg(m_frame.catalogue->nodeName(row.nominatedNode))
            : tr("attempt %1").arg(row.attempts);
    case PodLocation::WaitingOnPermit:
    case PodLocation::Binding:
        return row.node >= 0 ? m_frame.catalogue->nodeName(row.node) : QString();
    default:
        return {};
    }
}

QString QueueLanesCanvas::podToolTip(qint32 pod) const
{
    if (!m_frame.state || pod < 0 || size_t(pod) >= m_frame.state->pods.size())
        return {};
    const trace::PodRow& row = m_frame.state->pods[size_t(pod)];
    const trace::ReplayCatalogue& catalogue = *m_frame.catalogue;
    const QString cause = m_frame.trace->string(row.cause);
    const VirtualNanos now = m_frame.now;
    QString text = QStringLiteral("<b>") + catalogue.podKey(pod).toHtmlEscaped() + QStringLiteral("</b><table>");
    auto line = [&text](const QString& name, const QString& value) {
        text += QStringLiteral("<tr><td>") + name + QStringLiteral("&nbsp;</td><td>") + value.toHtmlEscaped()
            + QStringLiteral("</td></tr>");
    };
    line(tr("Where"), laneTitle(row.location));
    line(tr("Priority"), QString::number(row.priority));
    line(tr("Attempts"), QString::number(row.attempts));
    line(tr("Since"), tr("%1 (%2 ago)").arg(format::virtualTime(row.since, format::microsecondDigits), format::duration(now - row.since)));
    if (!cause.isEmpty())
        line(tr("Last move"), tr("%1 (%2)").arg(cause, toString(causeFamily(cause))));
    if (row.location == PodLocation::Active)
        line(tr("Queued at"), format::virtualTime(row.queueValue, format::microsecondDigits));
    if (row.location == PodLocation::Backoff)
        line(tr("Backoff until"),
            tr("%1 (%2 left)")
                .arg(
                    format::virtualTime(row.queueValue, format::microsecondDigits), format::duration(std::max<qint64>(0, row.queueValue - now))));
    if (row.node >= 0)
        line(tr("Node"), catalogue.nodeName(row.node));
    if (row.nominatedNode >= 0)
        line(tr("Nominated"), catalogue.nodeName(row.nominatedNode));
    if (m_podWords) {
        for (const auto& [name, value] : m_podWords(pod).toolTip)
            line(name, value);
    }
    return text + QStringLiteral("</table>") + preemptionToolTip(pod);
}

void QueueLanesCanvas::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.fillRect(rect(), palette().window());
    if (!m_frame.catalogue) {
        painter.setPen(palette().color(QPalette::PlaceholderText));
        painter.drawText(rect(), Qt::AlignCenter, tr("No run loaded"));
        return;
    }
    for (int lane = 0; lane < queueLaneCount; ++lane)
        paintLane(painter, lane);
    paintLegend(painter);
    paintKeyPosition(painter);
}

void QueueLanesCanvas::paintLane(QPainter& painter, int index) const
{
    const LaneGeometry& geometry = m_lanes[size_t(index)];
    if (geometry.frame.height() < headerHeight())
        return;
    const PodLocation location = queueLanes[size_t(index)];
    const QueueLanes::Lane& lane = laneAt(index);
    const QPalette& pal = palette();
    painter.setPen(pal.color(QPalette::Mid));
    painter.setBrush(pal.base());
    painter.drawRect(geometry.frame.adjusted(0, 0, -1, -1));
    painter.fillRect(geometry.header, mix(pal.color(QPalette::Window), pal.color(QPalette::Button), 0.5));

    const QFontMetrics metrics = fontMetrics();
    const QRect title = geometry.header.adjusted(6, 4, -6, -(metrics.height() + 4));
    const QRect second = geometry.header.adjusted(6, metrics.height() + 5, -6, -3);
    QFont bold = font();
    bold.setBold(true);
    painter.setFont(bold);
    painter.setPen(pal.color(QPalette::WindowText));
    const int count = laneCount(location);
    const bool filtering = !lanes().filter().isEmpty();
    const QString countText = filtering && count > 0
        ? tr("%1 of %2").arg(QLocale().toString(lane.matches), QLocale().toString(count))
        : QLocale().toString(count);
    painter.drawText(title, Qt::AlignRight | Qt::AlignVCenter, countText);
    const int countWidth = QFontMetrics(bold).horizontalAdvance(countText) + 8;
    painter.drawText(title.adjusted(0, 0, -countWidth, 0), Qt::AlignLeft | Qt::AlignVCenter,
        QFontMetrics(bold).elidedText(laneTitle(location), Qt::ElideRight, title.width() - countWidth));
    painter.setFont(font());
    painter.setPen(pal.color(QPalette::PlaceholderText));
    painter.drawText(second, Qt::AlignLeft | Qt::AlignVCenter,
        metrics.elidedText(subtitle(location), Qt::ElideRight, second.width()));
    painter.setPen(pal.color(QPalette::Mid));
    painter.drawLine(geometry.header.bottomLeft(), geometry.header.bottomRight());

    painter.save();
    painter.setClipRect(geometry.body);
    if (lane.rows.empty()) {
        painter.setPen(pal.color(QPalette::PlaceholderText));
        const QRect first(geometry.body.left(), geometry.body.top(), geometry.body.width(), rowHeight());
        painter.drawText(first, Qt::AlignCenter, filtering && count > 0 ? tr("no match") : tr("empty"));
    }
    // Only the rows in view: the lane may hold 150,000 pods.
    const int first = geometry.bar->value();
    const int last = std::min<int>(int(lane.rows.size()), first + geometry.visibleRows + 1);
    for (int row = first; row < last; ++row) {
        const QRect rect(geometry.body.left(), geometry.body.top() + (row - first) * rowHeight(), geometry.body.width(),
            rowHeight());
        const qint32 entry = lane.rows[size_t(row)];
        if (entry < 0)
            paintGroupRow(painter, lane.groups[size_t(-entry - 1)], rect);
        else
            paintPodRow(painter, index, entry, rect, row % 2 == 1);
    }
    painter.restore();
}

void QueueLanesCanvas::paintGroupRow(QPainter& painter, const QueueLanes::Group& group, const QRect& rect) const
{
    const QPalette& pal = palette();
    painter.fillRect(rect.adjusted(0, 0, 0, -1), mix(pal.color(QPalette::Base), pal.color(QPalette::Button), 0.7));
    painter.setPen(pal.color(QPalette::Mid));
    painter.drawLine(rect.bottomLeft(), rect.bottomRight());
    const QRect text = rect.adjusted(6, 0, -6, 0);
    const bool filtering = !lanes().filter().isEmpty();
    const QString count = filtering
        ? tr("%1 / %2").arg(QLocale().toString(group.matches), QLocale().toString(group.count))
        : QLocale().toString(group.count);
    painter.setPen(pal.color(QPalette::ButtonText));
    painter.drawText(text, Qt::AlignRight | Qt::AlignVCenter, count);
    const int countWidth = fontMetrics().horizontalAdvance(count) + 8;
    // ▸ folded, ▾ open: the convention of tree views.
    const QString arrow = group.collapsed ? QStringLiteral("\u25B8 ") : QStringLiteral("\u25BE ");
    QFont bold = font();
    bold.setBold(true);
    painter.setFont(bold);
    painter.drawText(text.adjusted(0, 0, -countWidth, 0), Qt::AlignLeft | Qt::AlignVCenter,
        QFontMetrics(bold).elidedText(arrow + group.name, Qt::ElideRight, text.width() - countWidth));
    painter.setFont(font());
}

void QueueLanesCanvas::paintPodRow(QPainter& painter, int lane, qint32 pod, const QRect& rect, bool alternate) const
{
    const QPalette& pal = palette();
    const trace::PodRow& row = m_frame.state->pods[size_t(pod)];
    const bool selected = pod == m_frame.selectedPod;
    const double highlight = moveHighlight(*m_frame.state, pod, m_frame.now);
    const QString cause = highlight > 0 ? m_frame.trace->string(row.cause) : QString();
    const QColor causeColour = causeColor(causeFamily(cause));
    const QColor base = pal.color(alternate ? QPalette::AlternateBase : QPalette::Base);

    QColor background = base;
    if (selected)
        background = pal.color(QPalette::Highlight);
    else if (highlight > 0)
        background = mix(
            base, causeColour, (0.08 + 0.27 * highlight) * (causeFamily(cause) == CauseFamily::Pipeline ? 0.5 : 1.0));
    painter.fillRect(rect, background);
    if (highlight > 0) {
        QColor bar = causeColour;
        bar.setAlphaF(float(0.35 + 0.65 * highlight));
        painter.fillRect(QRect(rect.left(), rect.top(), strip, rect.height()), bar);
    }
    const auto latest = std::find(m_frame.latestMoves.begin(), m_frame.latestMoves.end(), pod);
    if (latest != m_frame.latestMoves.end() && !cause.isEmpty()) {
        QColor outline = causeColour;
        outline.setAlphaF(0.8f);
        painter.setPen(QPen(outline, theme::stroke(1)));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(rect.adjusted(0, 0, -1, -1));
    }

    const QFontMetrics metrics = fontMetrics();
    QRect text = rect.adjusted(strip + 4, 0, -5, 0);
    const QColor foreground = pal.color(selected ? QPalette::HighlightedText : QPalette::Text);
    const QColor dim = selected ? foreground : pal.color(QPalette::PlaceholderText);

    // The detail column: durations get a third of the row; node names in the in-flight lanes up to
    // half, giving way to the pod's name while it does not fit whole.
    const PodLocation location = queueLanes[size_t(lane)];
    const bool nodeDetail = location == PodLocation::WaitingOnPermit || location == PodLocation::Binding;
    const QString detail = detailText(lane, pod);
    const QueueLanes::RowLabel label = lanes().rowLabel(pod);
    // (+2: elidedText() elides a string given exactly its own advance, which is rounded.)
    const int nameRoom = text.width() - (metrics.horizontalAdvance(label.name) + 2) - 6;
    const int detailWidth = std::min(metrics.horizontalAdvance(detail) + 2, nodeDetail ? std::min(text.width() / 2, nameRoom) : text.width() / 3);
    const QString shownDetail = metrics.elidedText(detail, Qt::ElideMiddle, std::max(detailWidth, 0));
    // A node name cut to less than a few letters says nothing: the tooltip has it.
    if (!nodeDetail || shownDetail.size() >= std::min<qsizetype>(detail.size(), 4)) {
        painter.setPen(dim);
        painter.drawText(text, Qt::AlignRight | Qt::AlignVCenter, shownDetail);
        text.setRight(text.right() - detailWidth - 6);
    }

    // The cause chip, when the row has room for it next to a readable part of the key. The
    // scheduling loop's own steps (Pop, Permit, ...) go without: the lane already says as much.
    if (!cause.isEmpty() && causeFamily(cause) != CauseFamily::Pipeline) {
        const QString chipLabel = chipText(cause);
        const int chipWidth = metrics.horizontalAdvance(chipLabel) + 8;
        if (text.width() - chipWidth - 6 >= metrics.horizontalAdvance(QStringLiteral("w")) * 8) {
            const QRect chip(text.right() - chipWidth + 1, rect.top() + 2, chipWidth, rect.height() - 4);
            QColor fill = causeColour;
            fill.setAlphaF(float(0.45 + 0.55 * highlight));
            const QColor chipBackground = mix(background, causeColour, 0.45 + 0.55 * highlight);
            painter.setPen(Qt::NoPen);
            painter.setBrush(fill);
            painter.setRenderHint(QPainter::Antialiasing, true);
            painter.drawRoundedRect(chip, 3, 3);
            painter.setRenderHint(QPainter::Antialiasing, false);
            painter.setPen(textOn(chipBackground));
            painter.drawText(chip, Qt::AlignCenter, chipLabel);
            text.setRight(chip.left() - 6);
        }
    }

    // The name first, whole where it fits; the namespace after it, dimmed, only where the name
    // alone is shared by another namespace's pod (grouped by namespace, the header says it).
    const QString suffix = label.ns.isEmpty() ? QString() : QStringLiteral(" · ") + label.ns;
    const int suffixWidth = std::min(metrics.horizontalAdvance(suffix), text.width() / 3);
    const QString shownName = metrics.elidedText(label.name, Qt::ElideMiddle, text.width() - suffixWidth);
    painter.setPen(foreground);
    painter.drawText(text, Qt::AlignLeft | Qt::AlignVCenter, shownName);
    if (!suffix.isEmpty()) {
        painter.setPen(dim);
        painter.drawText(text.adjusted(metrics.horizontalAdvance(shownName), 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter,
                         metrics.elidedText(suffix, Qt::ElideRight, suffixWidth + 2));
    }
    paintPreemptionMarks(painter, pod, rect, background);
}

void QueueLanesCanvas::paintLegend(QPainter& painter) const
{
    const QFontMetrics metrics = fontMetrics();
    int x = m_legend.left() + 2;
    const int right = m_legend.right() - paintMarksLegend(painter);
    painter.setPen(palette().color(QPalette::PlaceholderText));
    const QString intro = tr("Moved in the last second:");
    painter.drawText(QRect(x, m_legend.top(), right - x, m_legend.height()), Qt::AlignLeft | Qt::AlignVCenter, intro);
    x += metrics.horizontalAdvance(intro) + 10;
    static constexpr std::array<CauseFamily, causeFamilyCount> order = {
        CauseFamily::ClusterEvent,
        CauseFamily::BackoffDone,
        CauseFamily::Sweep,
        CauseFamily::FailedAttempt,
        CauseFamily::Activation,
        CauseFamily::Arrival,
        CauseFamily::Pipeline,
    };
    const int swatch = metrics.height() - 4;
    for (const CauseFamily family : order) {
        const QString label = toString(family);
        const int width = swatch + 4 + metrics.horizontalAdvance(label) + 14;
        if (x + width > right)
            break;
        painter.fillRect(QRect(x, m_legend.center().y() - swatch / 2, swatch, swatch), causeColor(family));
        painter.setPen(palette().color(QPalette::WindowText));
        painter.drawText(
            QRect(x + swatch + 4, m_legend.top(), width, m_legend.height()), Qt::AlignLeft | Qt::AlignVCenter, label);
        x += width;
    }
}

} // namespace ksv
