// The timeline's painting: see timelineplot.h.
#include "colormix.h"
#include "theme.h"
#include "cyclesegments.h"
#include "timelineplot.h"
#include "viewcolors.h"
#include "viewstate.h"

#include <QElapsedTimer>
#include <QLoggingCategory>
#include <QPainter>

namespace ksv {

namespace {
// QT_LOGGING_RULES="kschedviz.paint.debug=true": what a slow timeline paint was made of.
Q_LOGGING_CATEGORY(lcPaint, "kschedviz.paint", QtWarningMsg)
} // namespace

using framework::Code;
using timeline::FoldedRun;
using timeline::TimelineCoordinates;

namespace {

QRectF span(double x0, double x1, double top, double height)
{
    return QRectF(x0, top, std::max(x1 - x0, 2.0), height); // folds and instants stay visible
}

} // namespace

// ---- Painting -----------------------------------------------------------------------------------

void TimelinePlot::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing, false);
    painter.fillRect(rect(), palette().base());
    if (!index()) {
        painter.setPen(palette().color(QPalette::PlaceholderText));
        painter.drawText(rect(), Qt::AlignCenter, tr("No run loaded: open a scenario to see its scheduling cycles."));
        return;
    }
    QElapsedTimer timer;
    timer.start();
    const Frame frame = this->frame(true);
    const qint64 framed = timer.nsecsElapsed();
    const TimelineCoordinates& c = frame.coordinates;

    // Lanes' backgrounds, binding lanes clipped below the fixed lanes.
    const QColor alternate = palette().color(QPalette::AlternateBase);
    painter.fillRect(laneRect(Lane::SelectedPod), alternate);
    const QRect bindingsArea(0, laneRect(Lane::SelectedPod).bottom() + 1, width(), height());
    painter.save();
    painter.setClipRect(bindingsArea);
    for (int lane = 1; lane < m_model.bindingLaneCount(); lane += 2)
        painter.fillRect(laneRect(Lane::Binding, lane), alternate);
    painter.restore();

    paintAxis(painter, frame);
    painter.save();
    painter.setClipRect(QRect(plotLeft(), 0, plotWidth(), height()));
    paintScheduling(painter, frame);
    const qint64 scheduled = timer.nsecsElapsed();
    paintSelectedPod(painter, frame);
    painter.setClipRect(bindingsArea.intersected(QRect(plotLeft(), 0, plotWidth(), height())));
    paintBindings(painter, frame);
    const qint64 bound = timer.nsecsElapsed();
    painter.restore();

    // What lies after the cursor has been computed but not reached: dimmed.
    const double cursorX = plotLeft() + c.timeToX(cursorTime());
    if (cursorX < width()) {
        QColor veil = palette().color(QPalette::Base);
        veil.setAlphaF(0.55f);
        const double from = std::max(cursorX, double(plotLeft()));
        painter.fillRect(QRectF(from, axisHeight(), width() - from, height()), veil);
    }
    paintLabels(painter);
    if (cursorX >= plotLeft() && cursorX < width()) {
        const QColor cursorColor = palette().color(QPalette::Highlight);
        painter.setPen(QPen(cursorColor, theme::stroke(2)));
        painter.drawLine(QPointF(cursorX, axisHeight() - 6), QPointF(cursorX, height()));
        painter.setBrush(cursorColor);
        painter.setPen(Qt::NoPen);
        const QPointF tip(cursorX, axisHeight());
        painter.drawPolygon(QPolygonF({ tip, tip + QPointF(-6, -8), tip + QPointF(6, -8) }));
    }
    if (lcPaint().isDebugEnabled() && timer.nsecsElapsed() > 16'000'000) {
        size_t bindingRuns = 0;
        for (const auto& lane : frame.bindings)
            bindingRuns += lane.size();
        qCDebug(lcPaint,
            "timeline paint %.1f ms: frame %.1f, scheduling %.1f, bindings %.1f; %zu cycle runs, %zu failure marks, "
            "%zu binding lanes, %zu binding runs",
            double(timer.nsecsElapsed()) / 1e6, double(framed) / 1e6, double(scheduled - framed) / 1e6,
            double(bound - scheduled) / 1e6, frame.cycles.size(), frame.failures.size(), frame.bindings.size(), bindingRuns);
    }
}

void TimelinePlot::paintAxis(QPainter& painter, const Frame& frame) const
{
    const TimelineCoordinates& c = frame.coordinates;
    const QRect axis = laneRect(Lane::Axis);
    painter.fillRect(QRect(0, 0, width(), axis.height()), palette().window());
    painter.setPen(colors::rule(palette()));
    painter.drawLine(0, axis.bottom(), width(), axis.bottom());

    // The finest step whose labels do not collide.
    const QFontMetrics metrics = fontMetrics();
    VirtualNanos step = timeline::tickStep(c.nanosPerPixel(), 70);
    for (int attempt = 0; attempt < 8; ++attempt) {
        int widest = 0;
        for (const VirtualNanos t : timeline::ticks(c.range(), step))
            widest = std::max(widest, metrics.horizontalAdvance(timeline::formatTick(t, step)));
        if (widest + 16 <= double(step) / c.nanosPerPixel())
            break;
        step = timeline::nextTickStep(step);
    }
    QColor grid = colors::rule(palette());
    grid.setAlphaF(0.10f);
    const double stepPixels = double(step) / c.nanosPerPixel();
    double lastRight = -1e9;
    for (const VirtualNanos t : timeline::ticks(c.range(), step)) {
        const double x = plotLeft() + c.timeToX(t);
        painter.setPen(palette().color(QPalette::WindowText));
        painter.drawLine(QPointF(x, axis.bottom() - 5), QPointF(x, axis.bottom()));
        const QString label = timeline::formatTick(t, step);
        const int textWidth = metrics.horizontalAdvance(label);
        // A label pushed inside at either edge may run into its neighbour's: then the tick goes
        // without one rather than two labels overprinting.
        const double left = std::clamp(x - textWidth / 2.0, double(plotLeft()) + 2, double(width() - textWidth - 2));
        const bool collidesWithNext = left + textWidth + 8 > x + stepPixels - textWidth / 2.0;
        if (left >= lastRight + 8 && !(left > x - textWidth / 2.0 && collidesWithNext)) {
            painter.drawText(QPointF(left, axis.bottom() - 8 - metrics.descent()), label);
            lastRight = left + textWidth;
        }
        painter.setPen(grid);
        painter.drawLine(QPointF(x, axis.bottom() + 1), QPointF(x, height()));
    }
}

void TimelinePlot::paintScheduling(QPainter& painter, const Frame& frame) const
{
    const trace::TraceIndex& index = *this->index();
    const auto& cycles = index.cycles();
    const TimelineCoordinates& c = frame.coordinates;
    const QRect bar = cycleBarRect();
    const QRect lane = laneRect(Lane::Scheduling);
    const double left = plotLeft();

    for (size_t i = 0; i < frame.cycles.size(); ++i) {
        const FoldedRun& run = frame.cycles[i];
        QRectF block = span(left + run.x0, left + run.x1, bar.top(), bar.height());
        // A mark widened to the minimum may reach the next one: a pixel of gap keeps them two.
        if (i + 1 < frame.cycles.size() && run.x1 + 0.5 >= frame.cycles[i + 1].x0 && block.width() >= 3 && block.width() < 5)
            block.setWidth(block.width() - 1);
        if (!run.folded()) {
            paintCycle(painter, frame, qint32(run.first), block);
            continue;
        }
        // A fold: its share of failures as a red band over the success colour.
        const qint64 failures = m_model.failuresIn(run.first, run.last);
        painter.fillRect(block, colors::mix(colors::scheduled(), palette().color(QPalette::Base), 0.25));
        if (failures > 0) {
            const double share = std::max(3.0, block.height() * double(failures) / double(run.count()));
            painter.fillRect(
                QRectF(block.left(), block.bottom() - share + 1, block.width(), share), colors::unschedulable());
        }
    }

    // Highlights: every attempt of the selected pod, and the selected cycle.
    const qint32 selectedPod = m_viewState->selectedPod();
    const qint32 selectedCycle = m_viewState->selectedCycle();
    const QColor highlight = palette().color(QPalette::Highlight);
    painter.setBrush(Qt::NoBrush);
    if (selectedPod >= 0 && selectedPod < index.catalogue().podCount()) {
        painter.setPen(QPen(highlight, theme::stroke(1)));
        for (const qint32 i : index.podCycles(selectedPod)) {
            const auto& cycle = cycles[size_t(i)];
            const double x0 = left + c.timeToX(cycle.start);
            const double x1 = std::max(left + c.timeToX(m_model.cycleEnd(cycle)), x0 + 3);
            if (x1 >= left && x0 <= width())
                painter.drawRect(QRectF(x0 - 1, bar.top() - 2, x1 - x0 + 1, bar.height() + 3));
        }
    }
    if (selectedCycle >= 0 && size_t(selectedCycle) < cycles.size()) {
        const auto& cycle = cycles[size_t(selectedCycle)];
        const double x0 = left + c.timeToX(cycle.start);
        const double x1 = std::max(left + c.timeToX(m_model.cycleEnd(cycle)), x0 + 3);
        painter.setPen(QPen(highlight, theme::stroke(2)));
        painter.drawRect(QRectF(x0 - 2, bar.top() - 3, x1 - x0 + 3, bar.height() + 5));
    }

    // Marks under the bars: failures (red ticks) and preemptions (amber diamonds), folded apart from
    // the bars so that a failure amid thousands of successes still shows.
    // A mark sits under the start of its cycle, or of the first cycle of a fold.
    const double marksTop = bar.bottom() + 3;
    painter.setPen(Qt::NoPen);
    painter.setBrush(colors::unschedulable());
    for (const FoldedRun& run : frame.failures) {
        const double x = left + run.x0 + std::min(2.0, (run.x1 - run.x0) / 2);
        painter.drawPolygon(
            QPolygonF({ QPointF(x, marksTop), QPointF(x + 3.5, marksTop + 6), QPointF(x - 3.5, marksTop + 6) }));
    }
    painter.setBrush(colors::preemption());
    for (const FoldedRun& run : frame.preemptions) {
        const double x = left + run.x0 + std::min(2.0, (run.x1 - run.x0) / 2);
        const double y = marksTop + 3;
        painter.drawPolygon(QPolygonF({ QPointF(x, y - 4), QPointF(x + 4, y), QPointF(x, y + 4), QPointF(x - 4, y) }));
    }
    painter.setPen(colors::rule(palette()));
    painter.drawLine(lane.left(), lane.bottom(), lane.right(), lane.bottom());
}

void TimelinePlot::paintCycle(QPainter& painter, const Frame& frame, qint32 index, QRectF bar) const
{
    const trace::TraceIndex& traceIndex = *this->index();
    const trace::CycleRecord& cycle = traceIndex.cycles()[size_t(index)];
    const bool running = cycle.endEvent < 0;
    const QColor resultColor = running ? colors::running() : colors::result(cycle.code);
    // Cycles follow one another without a pause: a pixel of gap keeps neighbours apart.
    if (bar.width() >= 5)
        bar.setWidth(bar.width() - 1);
    if (running || bar.width() < segmentWidth) {
        painter.fillRect(bar, resultColor);
    } else {
        // Modeled extension points above a strip in the result's colour.
        const double strip = 5;
        const QRectF top(bar.left(), bar.top(), bar.width(), bar.height() - strip);
        painter.fillRect(QRectF(bar.left(), top.bottom(), bar.width(), strip), resultColor);
        const auto segments = timeline::modelSegments(
            cycle.start, cycle.end, cycle.evaluated, m_model.pointsOf(index), traceIndex.timing(), m_model.extenderTimesOf(index));
        const QFontMetrics metrics = fontMetrics();
        for (const timeline::CycleSegment& segment : segments) {
            const double x0 = plotLeft() + frame.coordinates.timeToX(segment.start);
            const double x1 = plotLeft() + frame.coordinates.timeToX(segment.end);
            const QRectF rect(x0, top.top(), std::max(x1 - x0, 1.0), top.height());
            painter.fillRect(rect, segment.extender ? colors::extender() : colors::extensionPoint(segment.point));
            const QString name = segment.extender ? tr("Extender") : framework::toString(segment.point);
            if (rect.width() > metrics.horizontalAdvance(name) + 6) {
                painter.setPen(segment.extender || segment.point == framework::ExtensionPoint::Filter
                            || segment.point == framework::ExtensionPoint::Score
                            || segment.point == framework::ExtensionPoint::Permit
                        ? QColor(Qt::white)
                        : QColor(Qt::black));
                painter.drawText(rect, Qt::AlignCenter, name);
            }
            if (x0 > bar.left() + 0.5) {
                painter.setPen(palette().color(QPalette::Base));
                painter.drawLine(QPointF(x0, top.top()), QPointF(x0, top.bottom()));
            }
        }
        if (segments.empty())
            painter.fillRect(top, resultColor);
    }
    if (running) {
        // Not over yet: an open right edge.
        painter.setPen(QPen(palette().color(QPalette::WindowText), theme::stroke(1), Qt::DashLine));
        painter.drawLine(QPointF(bar.right(), bar.top()), QPointF(bar.right(), bar.bottom()));
    }
    // Pod and attempt above a bar wide enough for them.
    const QFontMetrics metrics = fontMetrics();
    if (bar.width() > 40) {
        const QString text
            = traceIndex.catalogue().podKey(cycle.pod) + QStringLiteral(" #") + QString::number(cycle.attempt);
        painter.setPen(palette().color(QPalette::Text));
        const QRectF textRect(bar.left() + 2, bar.top() - textRowHeight, bar.width() - 4, textRowHeight);
        painter.drawText(textRect, Qt::AlignLeft | Qt::AlignVCenter,
            metrics.elidedText(text, Qt::ElideRight, int(textRect.width())));
    }
}

void TimelinePlot::paintSelectedPod(QPainter& painter, const Frame& frame) const
{
    const trace::TraceIndex& index = *this->index();
    const QRect lane = laneRect(Lane::SelectedPod);
    const qint32 pod = m_viewState->selectedPod();
    if (pod < 0 || pod >= index.catalogue().podCount()) {
        painter.setPen(palette().color(QPalette::PlaceholderText));
        painter.drawText(lane.adjusted(8, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter,
            tr("Click a cycle to follow its pod's attempts, retries and binding here."));
        return;
    }
    const TimelineCoordinates& c = frame.coordinates;
    const double left = plotLeft();
    const auto& cycles = index.cycles();
    const double mid = lane.center().y() + 0.5;
    const double blockTop = lane.top() + 6;
    const double blockHeight = lane.height() - 12;
    const QFontMetrics metrics = fontMetrics();

    // Between attempts the pod waited in a queue: a dashed line joins them so retries read as one story.
    const auto& podCycles = index.podCycles(pod);
    painter.setPen(QPen(palette().color(QPalette::WindowText), theme::stroke(1), Qt::DashLine));
    for (size_t i = 1; i < podCycles.size(); ++i) {
        const double from = left + c.timeToX(m_model.cycleEnd(cycles[size_t(podCycles[i - 1])]));
        const double to = left + c.timeToX(cycles[size_t(podCycles[i])].start);
        if (to >= left && from <= width())
            painter.drawLine(QPointF(std::max(from, left - 1), mid), QPointF(std::min(to, double(width() + 1)), mid));
    }
    const auto& bindings = index.bindings();
    for (const qint32 b : index.podBindings(pod))
        paintBinding(painter, c, bindings[size_t(b)], QRectF(left, blockTop, plotWidth(), blockHeight), foldWidth);
    for (const qint32 i : podCycles) {
        const auto& cycle = cycles[size_t(i)];
        const double x0 = left + c.timeToX(cycle.start);
        const double x1 = std::max(left + c.timeToX(m_model.cycleEnd(cycle)), x0 + 4);
        if (x1 < left || x0 > width())
            continue;
        const QRectF block(x0, blockTop, x1 - x0, blockHeight);
        painter.fillRect(block, cycle.endEvent < 0 ? colors::running() : colors::result(cycle.code));
        if (i == m_viewState->selectedCycle()) {
            painter.setPen(QPen(palette().color(QPalette::Highlight), theme::stroke(2)));
            painter.setBrush(Qt::NoBrush);
            painter.drawRect(block.adjusted(-2, -2, 2, 2));
        }
        // The attempt number after the block, when the next attempt leaves room for it.
        const QString label = QStringLiteral("#") + QString::number(cycle.attempt);
        painter.setPen(palette().color(QPalette::Text));
        painter.drawText(QPointF(x1 + 3, mid + metrics.ascent() / 2.0 - 1), label);
    }
}

void TimelinePlot::paintBinding(QPainter& painter, const TimelineCoordinates& c, const trace::BindingRecord& binding,
    QRectF row, double minWidth) const
{
    const double left = plotLeft();
    const VirtualNanos start = m_model.bindingStart(binding);
    const VirtualNanos end = m_model.bindingEnd(binding);
    const double x0 = left + c.timeToX(start);
    const double x1 = std::max(left + c.timeToX(end), x0 + std::max(minWidth, 1.0));
    if (x1 < left || x0 > width())
        return;
    // Permit wait: light and hatched; then the bind call, solid.
    const VirtualNanos waitEnd = binding.start >= 0 ? binding.start : end;
    if (binding.permitStart >= 0) {
        const QRectF wait = span(x0, left + c.timeToX(waitEnd), row.top(), row.height());
        painter.fillRect(wait, colors::permitWait());
        painter.fillRect(wait, QBrush(colors::binding(), Qt::BDiagPattern));
    }
    const bool failed = m_model.bindingFailed(binding);
    if (binding.start >= 0) {
        const QRectF call = span(left + c.timeToX(binding.start), x1, row.top(), row.height());
        painter.fillRect(call, failed ? colors::bindingFailed() : colors::binding());
    }
    if (failed) {
        // A failure, whether the bind call's or a rejection while waiting: a red outline and cross.
        const QRectF whole = span(x0, x1, row.top(), row.height());
        painter.setPen(QPen(colors::bindingFailed(), theme::stroke(2)));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(whole.adjusted(0, 0, -1, -1));
        if (whole.width() > 8) {
            const QPointF centre(whole.right() - 5, whole.center().y());
            painter.drawLine(centre + QPointF(-3, -3), centre + QPointF(3, 3));
            painter.drawLine(centre + QPointF(-3, 3), centre + QPointF(3, -3));
        }
    }
    if (!binding.finished) {
        painter.setPen(QPen(palette().color(QPalette::WindowText), theme::stroke(1), Qt::DashLine));
        painter.drawLine(QPointF(x1, row.top()), QPointF(x1, row.bottom()));
    }
}

void TimelinePlot::paintBindings(QPainter& painter, const Frame& frame) const
{
    const auto& bindings = index()->bindings();
    const double left = plotLeft();
    const QColor foldColor = colors::mix(colors::binding(), palette().color(QPalette::Base), 0.3);
    std::vector<QRectF> failedFolds; // red strips go over the blocks
    for (size_t lane = 0; lane < frame.bindings.size(); ++lane) {
        const QRect row = laneRect(Lane::Binding, int(lane));
        if (row.bottom() < laneRect(Lane::SelectedPod).bottom() || row.top() > height())
            continue;
        const double gap = row.height() >= 10 ? 2 : row.height() >= 6 ? 1 : 0;
        const QRectF inner = QRectF(row).adjusted(0, gap, 0, -gap);
        const auto& members = m_model.laneBindings(int(lane));
        // Folds that touch are filled as one block: a busy lane is a few rectangles, not hundreds.
        double blockStart = 0;
        double blockEnd = -1;
        const auto flush = [&] {
            if (blockEnd >= blockStart)
                painter.fillRect(span(blockStart, blockEnd, inner.top(), inner.height()), foldColor);
            blockEnd = -1;
        };
        for (const FoldedRun& run : frame.bindings[lane]) {
            if (!run.folded()) {
                flush();
                paintBinding(painter, frame.coordinates, bindings[size_t(members[size_t(run.first)])], inner, run.x1 - run.x0);
                continue;
            }
            const double x0 = left + run.x0;
            const double x1 = std::max(left + run.x1, x0 + 2);
            if (blockEnd >= blockStart && x0 <= blockEnd + 1) {
                blockEnd = std::max(blockEnd, x1);
            } else {
                flush();
                blockStart = x0;
                blockEnd = x1;
            }
            if (m_model.laneFailuresIn(int(lane), run.first, run.last) > 0)
                failedFolds.push_back(QRectF(x0, inner.bottom() - 3, x1 - x0, 3));
        }
        flush();
        for (const QRectF& strip : failedFolds)
            painter.fillRect(strip, colors::bindingFailed());
        failedFolds.clear();
    }
    // The selected pod's binding cycles, outlined in their lanes.
    const qint32 pod = m_viewState->selectedPod();
    if (pod < 0 || pod >= index()->catalogue().podCount())
        return;
    painter.setPen(QPen(palette().color(QPalette::Highlight), theme::stroke(2)));
    painter.setBrush(Qt::NoBrush);
    for (const qint32 b : index()->podBindings(pod)) {
        const trace::BindingRecord& binding = bindings[size_t(b)];
        const double x0 = left + frame.coordinates.timeToX(m_model.bindingStart(binding));
        const double x1 = std::max(left + frame.coordinates.timeToX(m_model.bindingEnd(binding)), x0 + foldWidth);
        if (x1 >= left && x0 <= width())
            painter.drawRect(QRectF(laneRect(Lane::Binding, binding.lane))
                                 .adjusted(0, 1, 0, -1)
                                 .intersected(QRectF(x0 - 1, 0, x1 - x0 + 2, height())));
    }
}

void TimelinePlot::paintLabels(QPainter& painter) const
{
    const QRect column(0, 0, m_labelWidth, height());
    painter.fillRect(column, palette().window());
    painter.setPen(colors::rule(palette()));
    painter.drawLine(column.right(), 0, column.right(), height());
    const QFontMetrics metrics = fontMetrics();
    const auto label
        = [&](const QRect& lane, const QString& text, bool bold = false, Qt::TextElideMode elide = Qt::ElideMiddle) {
              QFont font = painter.font();
              font.setBold(bold);
              painter.setFont(font);
              painter.setPen(palette().color(QPalette::WindowText));
              const QRect rect(6, lane.top(), std::min(m_labelWidth - 10, lane.width() - 6), lane.height());
              painter.drawText(
                  rect, Qt::AlignLeft | Qt::AlignVCenter, QFontMetrics(font).elidedText(text, elide, rect.width()));
              font.setBold(false);
              painter.setFont(font);
          };
    label(laneRect(Lane::Axis), tr("Virtual time"));
    label(cycleBarRect(), tr("Scheduling"), true);
    const trace::TraceIndex* index = this->index();
    const qint32 pod = m_viewState->selectedPod();
    label(laneRect(Lane::SelectedPod),
        index && pod >= 0 && pod < index->catalogue().podCount() ? index->catalogue().podKey(pod) : tr("Selected pod"),
        false, Qt::ElideLeft); // a pod's name says more than its namespace
    painter.save();
    painter.setClipRect(QRect(0, laneRect(Lane::SelectedPod).bottom() + 1, m_labelWidth, height()));
    const int lanes = m_model.bindingLaneCount();
    if (lanes == 0) {
        label(laneRect(Lane::Binding, 0), tr("Binding"), true);
    } else {
        const QRect first = laneRect(Lane::Binding, 0);
        if (first.height() >= metrics.height()) {
            for (int lane = 0; lane < lanes; ++lane)
                label(laneRect(Lane::Binding, lane), tr("Binding %1").arg(lane + 1), lane == 0);
        } else {
            // Lanes squeezed thinner than a line of text: each gets its number in a small font, and
            // one name for them all stays at the top of the lanes in view as they scroll.
            QFont small = painter.font();
            small.setPixelSize(std::max(7, first.height() - 2));
            const int numbersWidth = QFontMetrics(small).horizontalAdvance(QString::number(lanes)) + 4;
            const auto [firstShown, lastShown] = visibleBindingLanes();
            painter.save();
            painter.setFont(small);
            painter.setPen(palette().color(QPalette::WindowText));
            for (int lane = firstShown; lane < lastShown; ++lane) {
                const QRect row = laneRect(Lane::Binding, lane);
                painter.drawText(QRect(0, row.top(), m_labelWidth - 4, row.height()), Qt::AlignRight | Qt::AlignVCenter,
                    QString::number(lane + 1));
            }
            painter.restore();
            const int top = std::max(laneRect(Lane::SelectedPod).bottom() + 1, first.top());
            const QRect name(0, top, m_labelWidth - numbersWidth, std::min(2 * metrics.height(), height() - top));
            label(name, tr("Binding 1–%1").arg(lanes), true, Qt::ElideRight);
        }
    }
    painter.restore();
}

} // namespace ksv
