#pragma once

// How preemption is marked, the same in every view that marks it (issue 20, finding 11): a node
// or pod the scheduler nominated is ringed with dashes, a preemption victim carries a solid corner,
// both in black or white against what they are drawn on (no hue: every hue is some cell's fill in
// some mode). The heatmap draws them on node cells, the queue lanes on pod rows, the legends on a
// small grey cell.

class QColor;
class QPainter;
class QRect;

namespace ksv::glyphs {

// On `cell` (a node's or a pod row's), in `ink` (black or white, whichever reads on its fill).
void paintNominated(QPainter& painter, const QRect& cell, const QColor& ink);
void paintVictim(QPainter& painter, const QRect& cell, const QColor& ink);

// For a legend: a grey cell in `box` with the mark.
void paintNominatedGlyph(QPainter& painter, const QRect& box, const QColor& grey);
void paintVictimGlyph(QPainter& painter, const QRect& box, const QColor& grey);

} // namespace ksv::glyphs
