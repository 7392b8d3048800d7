#pragma once

// Light and dark palettes on the Fusion style (the one style that follows a palette everywhere), or
// the platform's own. Views take their colours from the palette, so they follow along.

#include <QPalette>
#include <QString>

namespace ksv::theme {

enum class Theme { System, Light, Dark };

void apply(Theme theme);
Theme saved();         // from QSettings; System when never chosen
void save(Theme theme);
QString name(Theme theme);
// Whether the application's current palette is dark (views pick chart themes and heat colours by it).
bool isDark();
// The palette Theme::Dark applies (tests paint views with it).
QPalette darkPalette();
// Presentation mode's palettes for a projector: black on white or white on black, with a strong
// highlight, so that a washed-out beamer still shows every edge.
QPalette projectorPalette(bool dark);

// How much thicker than usual views draw their lines (presentation mode's scale, 1 to 2.5). Views
// multiply the widths of the lines that carry meaning (cursor, selection, outlines) by it.
qreal strokeScale();
void setStrokeScale(qreal scale);
inline qreal stroke(qreal width) { return width * strokeScale(); }

} // namespace ksv::theme
