// Preemption in the queue lanes (issue 20, finding 11): the row of a pod nominated to a node and of
// a preemption victim back in the queue carries the mark the heatmap gives a node's cell
// (preemptionglyphs.h): a dashed ring, a solid corner. Drawn over the row, they take no room from
// its text. The legend names them while some row has one; the tooltip says who preempted a victim,
// where and when.
#include "format.h"
#include "heatmapdata.h"
#include "preemptionglyphs.h"
#include "preemptionmarks.h"
#include "queuelanescanvas.h"

#include <QPainter>

namespace ksv {

namespace {

constexpr int glyphGap = 4; // between a legend glyph and its label

QColor glyphGrey(const QPalette& palette)
{
    return missingColor(palette.color(QPalette::Base), palette.color(QPalette::Mid));
}

} // namespace

void QueueLanesCanvas::paintPreemptionMarks(
    QPainter& painter, qint32 pod, const QRect& row, const QColor& background) const
{
    const LaneMarks marks = laneMarks(*m_frame.state, pod);
    if (!marks.any())
        return;
    // A row is the pod's cell: marked as the heatmap marks a node's, in black or white against its fill.
    const QColor ink = 0.299 * background.redF() + 0.587 * background.greenF() + 0.114 * background.blueF() > 0.55
        ? QColor(Qt::black)
        : QColor(Qt::white);
    if (marks.nominated)
        glyphs::paintNominated(painter, row, ink);
    if (marks.victim)
        glyphs::paintVictim(painter, row, ink);
}

int QueueLanesCanvas::paintMarksLegend(QPainter& painter) const
{
    if (!m_frame.preemptionMarks)
        return 0;
    const QFontMetrics metrics = fontMetrics();
    const int side = std::min(m_legend.height() - 2, metrics.height() + 1);
    const QString nominated = tr("nominated");
    const QString victim = tr("preemption victim");
    const int width
        = 2 * (side + glyphGap) + metrics.horizontalAdvance(nominated) + 12 + metrics.horizontalAdvance(victim);
    int x = m_legend.right() - width;
    const int top = m_legend.center().y() - side / 2;
    const QColor grey = glyphGrey(palette());
    painter.setPen(palette().color(QPalette::WindowText));
    glyphs::paintNominatedGlyph(painter, QRect(x, top, side, side), grey);
    x += side + glyphGap;
    painter.setPen(palette().color(QPalette::WindowText));
    painter.drawText(QRect(x, m_legend.top(), width, m_legend.height()), Qt::AlignLeft | Qt::AlignVCenter, nominated);
    x += metrics.horizontalAdvance(nominated) + 12;
    glyphs::paintVictimGlyph(painter, QRect(x, top, side, side), grey);
    x += side + glyphGap;
    painter.setPen(palette().color(QPalette::WindowText));
    painter.drawText(QRect(x, m_legend.top(), width, m_legend.height()), Qt::AlignLeft | Qt::AlignVCenter, victim);
    return width + 14;
}

QString QueueLanesCanvas::preemptionToolTip(qint32 pod) const
{
    if (!laneMarks(*m_frame.state, pod).victim || !m_frame.index)
        return {};
    const PreemptedBy by = preemptedBy(*m_frame.index, pod, m_frame.state->position);
    if (by.pod < 0)
        return {};
    return QStringLiteral("<br>")
        + tr("<b>Preemption victim</b>: evicted from %1 at %2 to make room for %3; not placed again since")
              .arg(by.node >= 0 ? m_frame.catalogue->nodeName(by.node).toHtmlEscaped() : tr("its node"),
                  format::virtualTime(by.time), m_frame.catalogue->podKey(by.pod).toHtmlEscaped());
}

} // namespace ksv
