#pragma once

// The few colours the inspector and the event log add to the palette, for text and row tints: a
// failure, a success, the chosen node. The hues of viewcolors.h's result fills, in tones that read as
// text on the palette in use (theme::isDark), light or dark.

#include "theme.h"

#include <QColor>

namespace ksv::tracecolors {

inline QColor failure()
{
    return theme::isDark() ? QColor(255, 120, 110) : QColor(200, 40, 40);
}

inline QColor success()
{
    return theme::isDark() ? QColor(110, 210, 130) : QColor(30, 130, 50);
}

inline QColor caution()
{
    return theme::isDark() ? QColor(240, 190, 90) : QColor(176, 112, 0);
}

// Translucent: the row's own (alternating) background shows through.
inline QColor chosenBackground()
{
    return QColor(46, 160, 67, theme::isDark() ? 90 : 70);
}

} // namespace ksv::tracecolors
