#pragma once

#include <QColor>

#include <algorithm>

namespace ksv::colors {

// The colour a fraction `t` of the way from `a` to `b`, in RGB: the tints of lanes, headers and
// heatmap cells between the palette's background and a colour of meaning.
inline QColor mix(const QColor& a, const QColor& b, double t)
{
    t = std::clamp(t, 0.0, 1.0);
    return QColor::fromRgbF(float(a.redF() + (b.redF() - a.redF()) * t), float(a.greenF() + (b.greenF() - a.greenF()) * t),
                            float(a.blueF() + (b.blueF() - a.blueF()) * t));
}

} // namespace ksv::colors
