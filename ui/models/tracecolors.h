#pragma once

// The few colours the inspector and the event log add to the palette, for text and row tints: a
// failure, a success, the chosen node. The hues of viewcolors.h's result fills, in tones that read as
// text on the palette in use, light or dark.

#include <QColor>
#include <QGuiApplication>
#include <QPalette>

namespace ksv::tracecolors {

// Whether the application's palette is dark: window darker than its text. Here, in the widget-free
// models, rather than in theme.h, which sets palettes on the widget style; theme::isDark asks this.
inline bool paletteIsDark()
{
    const QPalette palette = QGuiApplication::palette();
    return palette.color(QPalette::Window).lightness() < palette.color(QPalette::WindowText).lightness();
}

inline QColor failure()
{
    return paletteIsDark() ? QColor(255, 120, 110) : QColor(200, 40, 40);
}

inline QColor success()
{
    return paletteIsDark() ? QColor(110, 210, 130) : QColor(30, 130, 50);
}

inline QColor caution()
{
    return paletteIsDark() ? QColor(240, 190, 90) : QColor(176, 112, 0);
}

// Translucent: the row's own (alternating) background shows through.
inline QColor chosenBackground()
{
    return QColor(46, 160, 67, paletteIsDark() ? 90 : 70);
}

} // namespace ksv::tracecolors
