#include "timelinecoordinates.h"

#include "format.h"

#include <QStringList>
#include <array>
#include <cmath>

namespace ksv::timeline {

namespace {

constexpr std::array<VirtualNanos, 36> tickSteps {
    1 * nanosPerMicro,
    2 * nanosPerMicro,
    5 * nanosPerMicro,
    10 * nanosPerMicro,
    20 * nanosPerMicro,
    50 * nanosPerMicro,
    100 * nanosPerMicro,
    200 * nanosPerMicro,
    500 * nanosPerMicro,
    1 * nanosPerMilli,
    2 * nanosPerMilli,
    5 * nanosPerMilli,
    10 * nanosPerMilli,
    20 * nanosPerMilli,
    50 * nanosPerMilli,
    100 * nanosPerMilli,
    200 * nanosPerMilli,
    500 * nanosPerMilli,
    1 * nanosPerSecond,
    2 * nanosPerSecond,
    5 * nanosPerSecond,
    10 * nanosPerSecond,
    15 * nanosPerSecond,
    30 * nanosPerSecond,
    1 * nanosPerMinute,
    2 * nanosPerMinute,
    5 * nanosPerMinute,
    10 * nanosPerMinute,
    15 * nanosPerMinute,
    30 * nanosPerMinute,
    1 * nanosPerHour,
    2 * nanosPerHour,
    3 * nanosPerHour,
    6 * nanosPerHour,
    12 * nanosPerHour,
    24 * nanosPerHour,
};

// Decimals a multiple of `step` needs when printed in `unit`.
int decimalsFor(VirtualNanos step, VirtualNanos unit)
{
    int decimals = 0;
    VirtualNanos resolution = unit;
    while (decimals < 9 && resolution > 1 && step % resolution != 0) {
        resolution /= 10;
        ++decimals;
    }
    return decimals;
}

} // namespace

TimelineCoordinates::TimelineCoordinates(TimeRange range, double width)
    : m_range(range.isValid() ? range : TimeRange { range.start, range.start + minimumSpan })
    , m_width(std::max(width, 1.0))
    , m_nanosPerPixel(double(m_range.span()) / m_width)
{
}

VirtualNanos TimelineCoordinates::xToTime(double x) const
{
    return m_range.start + static_cast<VirtualNanos>(std::llround(x * m_nanosPerPixel));
}

TimeRange zoomAround(TimeRange range, double anchor, double factor)
{
    if (!range.isValid() || factor <= 0)
        return range;
    const double anchorTime = double(range.start) + anchor * double(range.span());
    const double span = std::clamp(double(range.span()) / factor, double(minimumSpan), double(maximumSpan));
    const auto start = static_cast<VirtualNanos>(std::llround(anchorTime - anchor * span));
    return { start, start + static_cast<VirtualNanos>(std::llround(span)) };
}

TimeRange zoomAboutTime(TimeRange range, VirtualNanos t, double factor)
{
    if (!range.isValid())
        return range;
    if (range.contains(t))
        return zoomAround(range, double(t - range.start) / double(range.span()), factor);
    const TimeRange zoomed = zoomAround(range, 0.5, factor);
    return { t - zoomed.span() / 2, t - zoomed.span() / 2 + zoomed.span() };
}

TimeRange followTime(TimeRange range, VirtualNanos t, double margin, double lead)
{
    if (!range.isValid())
        return range;
    const auto edge = static_cast<VirtualNanos>(margin * double(range.span()));
    if (t >= range.start && t < range.end - edge)
        return range;
    const auto before = static_cast<VirtualNanos>(lead * double(range.span()));
    return { t - before, t - before + range.span() };
}

TimeRange panByPixels(TimeRange range, double width, double pixels)
{
    const auto shift = static_cast<VirtualNanos>(std::llround(pixels * double(range.span()) / std::max(width, 1.0)));
    return { range.start - shift, range.end - shift };
}

TimeRange ensureVisible(TimeRange range, VirtualNanos from, VirtualNanos to, double margin)
{
    if (to < from)
        std::swap(from, to);
    if (from >= range.start && to <= range.end && (from < range.end || from == to))
        return range;
    const VirtualNanos span = range.span();
    const double room = double(span) * (1 - 2 * margin);
    if (double(to - from) > room) {
        const VirtualNanos wanted
            = std::clamp(static_cast<VirtualNanos>(double(to - from) / (1 - 2 * margin)), minimumSpan, maximumSpan);
        const VirtualNanos start = from + (to - from) / 2 - wanted / 2;
        return { start, start + wanted };
    }
    const auto spare = static_cast<VirtualNanos>(margin * double(span));
    if (from < range.start)
        return { from - spare, from - spare + span };
    return { to + spare - span, to + spare };
}

TimeRange fitRange(VirtualNanos start, VirtualNanos end)
{
    const VirtualNanos span = std::max(end - start, minimumSpan);
    return { start - span / 100, start + span + span / 50 };
}

VirtualNanos tickStep(double nanosPerPixel, double minPixels)
{
    const double wanted = nanosPerPixel * minPixels;
    VirtualNanos step = tickSteps.front();
    while (double(step) < wanted)
        step = nextTickStep(step);
    return step;
}

VirtualNanos nextTickStep(VirtualNanos step)
{
    for (const VirtualNanos candidate : tickSteps) {
        if (candidate > step)
            return candidate;
    }
    return step * 2; // days
}

QList<VirtualNanos> ticks(TimeRange range, VirtualNanos step)
{
    QList<VirtualNanos> result;
    if (step <= 0 || !range.isValid())
        return result;
    // The first multiple of step at or after the start (floor division for negative starts).
    VirtualNanos t = range.start / step * step;
    if (t < range.start)
        t += step;
    for (; t <= range.end; t += step)
        result.append(t);
    return result;
}

QString formatTick(VirtualNanos t, VirtualNanos step)
{
    // The app's clock, to the step's precision: "0:30", "1:00", "0:00.250", "0:00.000250".
    return format::virtualTime(t, decimalsFor(step, nanosPerSecond));
}

} // namespace ksv::timeline
