#pragma once

// The live timeline's marks (issue 18), built from one LiveFrame without a widget: the cluster's
// bindings and failures and kschedviz's predictions, against wall-clock time. One flat array sorted
// by time, so that the view culls to its window by binary search and paints without a QObject per
// mark; the strings a tooltip needs sit beside it, shared with the frame's.

#include "livefeed.h"

#include <QStringList>
#include <utility>
#include <vector>

namespace ksv::live {

enum class TimelineRow : quint8 { Binding, Failure, Prediction };
inline constexpr int timelineRowCount = 3;

// A prediction against the cluster's word; None for the cluster's own marks.
enum class Verdict : quint8 { None, Agree, Differ, Undecided };

struct TimelineMark
{
    qint64 at = 0; // wall clock, ms since the epoch
    qint64 firstAt = 0; // failures: the event's firstTimestamp; else `at`
    qint32 pod = 0; // index into LiveTimelineData::pods
    qint32 count = 1; // failures: how often the scheduler said it
    TimelineRow row = TimelineRow::Binding;
    Verdict verdict = Verdict::None;
    friend bool operator==(const TimelineMark&, const TimelineMark&) = default;
};

struct LiveTimelineData
{
    std::vector<TimelineMark> marks; // sorted by `at`, then row
    // Beside marks, index for index. detail: the node bound to, the failure's message, or what
    // kschedviz predicted (a node, "unschedulable"). note: where a binding was seen, or why a
    // prediction agrees or not.
    QStringList details;
    QStringList notes;
    QStringList pods; // namespace/name

    qsizetype size() const { return qsizetype(marks.size()); }
    bool isEmpty() const { return marks.empty(); }
    const QString& podKey(qsizetype mark) const { return pods.at(marks[size_t(mark)].pod); }
};

LiveTimelineData buildLiveTimeline(const client::LiveFrame& frame);

// What happened at a mark, in plain text for its tooltip.
QString markToolTip(const LiveTimelineData& data, qsizetype mark);

// ---- The wall-clock axis, in ms ----------------------------------------------------------------

struct WallRange
{
    qint64 start = 0;
    qint64 end = 0;
    qint64 span() const { return end - start; }
    friend bool operator==(const WallRange&, const WallRange&) = default;
};

inline constexpr qint64 msPerSecond = 1000;
inline constexpr qint64 msPerMinute = 60 * msPerSecond;
// Narrower than a few seconds, wall-clock marks (second resolution, at best) tell nothing more.
inline constexpr qint64 minimumWallSpan = 5 * msPerSecond;
inline constexpr qint64 maximumWallSpan = 7 * 24 * 60 * msPerMinute;

// Marks [first, last) with at in [from, to].
std::pair<qsizetype, qsizetype> marksBetween(const LiveTimelineData& data, qint64 from, qint64 to);
// The window zoomed by `factor` (> 1 zooms in) keeping the time at fraction `anchor` of the width.
WallRange zoomWall(WallRange range, double anchor, double factor);
// [earliest mark, now] with a little room on the left, or the last `fallback` ms when there is none.
WallRange fitWall(const LiveTimelineData& data, qint64 now, qint64 fallback);
// A tick step of whole seconds, minutes or hours at least `minPixels` apart.
qint64 wallTickStep(double msPerPixel, double minPixels);
// HH:mm:ss in local time: the clock on the user's wall.
QString formatWallTime(qint64 ms);

} // namespace ksv::live
