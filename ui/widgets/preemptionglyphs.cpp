#include "preemptionglyphs.h"
#include "theme.h"

#include <QPainter>
#include <algorithm>

namespace ksv::glyphs {

namespace {

QColor inkOn(const QColor& fill)
{
    return 0.299 * fill.redF() + 0.587 * fill.greenF() + 0.114 * fill.blueF() > 0.55 ? QColor(Qt::black)
                                                                                     : QColor(Qt::white);
}

} // namespace

void paintNominated(QPainter& painter, const QRect& cell, const QColor& ink)
{
    painter.setBrush(Qt::NoBrush);
    if (std::min(cell.width(), cell.height()) < 12) {
        // Too small for dashes to read as such: a ring inside the cell.
        painter.setPen(QPen(ink, theme::stroke(1)));
        painter.drawRect(cell.adjusted(1, 1, -2, -2));
        return;
    }
    QPen pen(ink, 2);
    pen.setDashPattern({ 2.0, 1.5 });
    painter.setPen(pen);
    painter.drawRect(cell.adjusted(2, 2, -3, -3));
}

void paintVictim(QPainter& painter, const QRect& cell, const QColor& ink)
{
    const int side = std::clamp(std::min(cell.width(), cell.height()) * 3 / 5, 4, 14);
    const QPoint corner = cell.topRight();
    const QPolygon triangle({ corner, corner - QPoint(side - 1, 0), corner + QPoint(0, side - 1) });
    // Solid black or white: the timeline's amber for preemption vanished on a cell as full as that.
    painter.setPen(QPen(ink, theme::stroke(1)));
    painter.setBrush(ink);
    painter.drawPolygon(triangle);
}

void paintNominatedGlyph(QPainter& painter, const QRect& box, const QColor& grey)
{
    painter.fillRect(box, grey);
    paintNominated(painter, box, inkOn(grey));
}

void paintVictimGlyph(QPainter& painter, const QRect& box, const QColor& grey)
{
    painter.fillRect(box, grey);
    paintVictim(painter, box, inkOn(grey));
}

} // namespace ksv::glyphs
