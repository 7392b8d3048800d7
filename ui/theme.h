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

} // namespace ksv::theme
