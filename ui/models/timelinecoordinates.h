#pragma once

// The timeline's time-to-pixel math, free of widgets so that it can be tested row by row
// (tests/ui/tst_timelinecoordinates.cpp). Times are virtual nanoseconds; x is in pixels from the
// left edge of the plot area. Modeled on Qt Creator's timelinecoordinates and Tracy's zone folding.

#include "scenario/scenario.h"

#include <QList>
#include <QString>
#include <vector>

namespace ksv::timeline {

inline constexpr VirtualNanos nanosPerMicro = 1'000;
inline constexpr VirtualNanos nanosPerMilli = 1'000'000;
inline constexpr VirtualNanos nanosPerMinute = 60 * nanosPerSecond;
inline constexpr VirtualNanos nanosPerHour = 60 * nanosPerMinute;

// The narrowest window the views zoom to: a few ticks of the finest step (1 µs).
inline constexpr VirtualNanos minimumSpan = 10 * nanosPerMicro;
// The widest: a week of virtual time.
inline constexpr VirtualNanos maximumSpan = 7 * 24 * nanosPerHour;

// A half-open window of virtual time [start, end).
struct TimeRange
{
    VirtualNanos start = 0;
    VirtualNanos end = 0;

    VirtualNanos span() const { return end - start; }
    bool isValid() const { return end > start; }
    bool contains(VirtualNanos t) const { return t >= start && t < end; }
    // True if [from, to] and the window share a point (zero-length items at `start` count).
    bool intersects(VirtualNanos from, VirtualNanos to) const { return to >= start && from < end; }
    friend bool operator==(const TimeRange&, const TimeRange&) = default;
};

// The mapping between a window of virtual time and `width` pixels.
class TimelineCoordinates
{
public:
    TimelineCoordinates() = default;
    TimelineCoordinates(TimeRange range, double width);

    TimeRange range() const { return m_range; }
    double width() const { return m_width; }
    double nanosPerPixel() const { return m_nanosPerPixel; }

    double timeToX(VirtualNanos t) const { return double(t - m_range.start) / m_nanosPerPixel; }
    // Rounded to the nearest nanosecond.
    VirtualNanos xToTime(double x) const;

private:
    TimeRange m_range { 0, nanosPerSecond };
    double m_width = 1;
    double m_nanosPerPixel = double(nanosPerSecond);
};

// The window zoomed by `factor` (> 1 zooms in) so that the time at fraction `anchor` of the width
// (0 = left edge, 1 = right edge) stays where it is; the span is kept within [minimumSpan, maximumSpan].
TimeRange zoomAround(TimeRange range, double anchor, double factor);
// The window zoomed by `factor` about time t, as the zoom keys do about the cursor: t keeps its
// place while it is in the window; from outside, the window comes to t, centred on it, at the new span.
TimeRange zoomAboutTime(TimeRange range, VirtualNanos t, double factor);
// Follow mode: the window scrolled, span kept, so that t is in view, with t at `lead` (a fraction of
// the width) so that what led up to it shows; unchanged while t lies inside and at least `margin`
// (a fraction of the span) away from the right edge. Playing keeps a margin so that the cursor
// never reaches the edge; a paused move needs none, so that a click inside never scrolls.
TimeRange followTime(TimeRange range, VirtualNanos t, double margin, double lead = 0.85);
// The window moved by `pixels` (positive: the content moves right, so earlier times come into view).
TimeRange panByPixels(TimeRange range, double width, double pixels);
// The window moved as little as possible so that [from, to] lies inside it, with `margin` (a fraction
// of the span) to spare on the side it came in from; zoomed out around the item when it is wider than
// the window allows. Unchanged when the item is already inside.
TimeRange ensureVisible(TimeRange range, VirtualNanos from, VirtualNanos to, double margin = 0.1);
// [start, end] of data shown whole, with small margins (marks at the edges stay whole); at least
// minimumSpan wide.
TimeRange fitRange(VirtualNanos start, VirtualNanos end);

// Axis ticks. The steps: 1-2-5 from 1 µs to 500 ms, then 1, 2, 5, 10, 15, 30 s, 1, 2, 5, 10, 15,
// 30 min, 1, 2, 3, 6, 12, 24 h (and whole days beyond).
VirtualNanos tickStep(double nanosPerPixel, double minPixels);
// The step after `step` in that sequence.
VirtualNanos nextTickStep(VirtualNanos step);
// Every multiple of `step` inside [range.start, range.end].
QList<VirtualNanos> ticks(TimeRange range, VirtualNanos step);
// A tick's label: the app's clock (format::virtualTime) as precise as the step requires: "0:00",
// "0:00.000250", "0:00.012", "0:00.5", "1:30", "1:30.5", "2:15:00".
QString formatTick(VirtualNanos t, VirtualNanos step);

// ---- Visible slices and folding ---------------------------------------------------------------

// The first index in [lo, hi) for which `pred` is false, given pred is true for a prefix.
template <typename Pred> qsizetype partitionPoint(qsizetype lo, qsizetype hi, Pred pred)
{
    while (lo < hi) {
        const qsizetype mid = lo + (hi - lo) / 2;
        if (pred(mid))
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

// Items [first, last) of `count` items sorted by start that do not overlap one another (the
// scheduling cycles; the binding cycles of one lane) which may reach into `range`: the item before
// the first one starting inside may extend into it, and nothing after the last may.
template <typename StartAt>
std::pair<qsizetype, qsizetype> visibleSlice(qsizetype count, TimeRange range, StartAt startAt)
{
    const qsizetype last = partitionPoint(0, count, [&](qsizetype i) { return startAt(i) <= range.end; });
    const qsizetype first = partitionPoint(0, last, [&](qsizetype i) { return startAt(i) < range.start; });
    return { first > 0 ? first - 1 : 0, last };
}

// What the view paints for a run of items: one item at its extent, or several folded into one
// block because each is narrower than the fold width. [x0, x1) is the extent drawn: see foldItems.
struct FoldedRun
{
    qsizetype first = 0; // item indexes [first, last)
    qsizetype last = 0;
    double x0 = 0;
    double x1 = 0;
    qsizetype count() const { return last - first; }
    bool folded() const { return last - first > 1; }
};

// Folds the items [first, last) (sorted by start, not overlapping) at `coordinates`: items at least
// `minWidth` pixels wide come out alone; a narrower item swallows every item that starts less than
// `minWidth` pixels after it (found by binary search, so a slice of 150,000 items costs a few hundred
// steps), except a wide last one, which comes out on its own.
// A run is drawn at least `minWidth` wide, so that a 0.5 ms cycle seen across minutes still shows
// as a mark that can be found and clicked; but never over the start of the next run, so that
// neighbours do not merge into a misleading bar (a run the next one follows closely is at least a
// pixel wide).
template <typename StartAt, typename EndAt>
std::vector<FoldedRun> foldItems(const TimelineCoordinates& coordinates, qsizetype first, qsizetype last,
    StartAt startAt, EndAt endAt, double minWidth)
{
    std::vector<FoldedRun> runs;
    qsizetype i = first;
    while (i < last) {
        const double x0 = coordinates.timeToX(startAt(i));
        double end = coordinates.timeToX(endAt(i));
        qsizetype next = i + 1;
        if (end - x0 < minWidth) {
            const VirtualNanos limit = coordinates.xToTime(x0 + minWidth);
            next = partitionPoint(i + 1, last, [&](qsizetype j) { return startAt(j) < limit; });
            // A long item that merely starts inside the fold is drawn alone, at its own extent.
            if (next - 1 > i && coordinates.timeToX(endAt(next - 1)) - coordinates.timeToX(startAt(next - 1)) >= minWidth)
                --next;
            end = coordinates.timeToX(endAt(next - 1));
        }
        double drawnEnd = std::max(end, x0 + minWidth);
        if (next < last)
            drawnEnd = std::min(drawnEnd, std::max(coordinates.timeToX(startAt(next)), x0 + 1.0));
        runs.push_back({ i, next, x0, drawnEnd });
        i = next;
    }
    return runs;
}

} // namespace ksv::timeline
