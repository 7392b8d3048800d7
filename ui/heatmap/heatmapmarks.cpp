// Preemption on the heatmap (issue 20, finding 11): the selected pod's nominated node is ringed with
// dashes inside its cell, and a node its latest preemption took victims from carries a corner
// (preemptionglyphs.h). Both sit inside the cell, in black or white against its fill, so they read
// in every mode and theme and leave the chosen and selected rings around the cell alone.
#include "heatmapcanvas.h"
#include "heatmapview.h"
#include "preemptionglyphs.h"

#include <QPainter>

namespace ksv {

void HeatmapCanvas::paintPreemptionMarks(QPainter& painter, qint32 node, const QRect& cell, const QColor& fill) const
{
    const PreemptionMarks* marks = m_frame.preemption;
    if (!marks || marks->isEmpty())
        return;
    const QColor ink = textOn(fill);
    if (node == marks->nominatedNode)
        glyphs::paintNominated(painter, cell, ink);
    if (marks->preemption.victimsOn(node) > 0)
        glyphs::paintVictim(painter, cell, ink);
}

void HeatmapCanvas::addPreemptionLegend(std::vector<LegendItem>& items) const
{
    const PreemptionMarks* marks = m_frame.preemption;
    if (!marks || marks->isEmpty())
        return;
    if (marks->nominatedNode >= 0)
        items.push_back({ LegendItem::DashedOutline, HeatmapView::tr("nominated node"), {}, {}, {} });
    const auto victims = qint32(marks->preemption.victims.size());
    if (victims > 0)
        items.push_back({ LegendItem::Corner,
            victims == 1 ? HeatmapView::tr("1 preemption victim")
                         : HeatmapView::tr("%1 preemption victims").arg(victims),
            {}, {}, {} });
}

void HeatmapCanvas::paintMarkGlyph(QPainter& painter, const LegendItem& item, const QRect& box, const QColor& fill)
{
    // A cell of the "not evaluated" grey with the mark, as it shows on the map.
    const QRect cell = box.adjusted(-1, -1, 1, 1);
    if (item.kind == LegendItem::DashedOutline)
        glyphs::paintNominatedGlyph(painter, cell, fill);
    else
        glyphs::paintVictimGlyph(painter, cell, fill);
}

} // namespace ksv
