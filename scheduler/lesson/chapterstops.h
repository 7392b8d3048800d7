#pragma once

// Where a lesson's chapters start in a run's trace, found as the trace grows: the engine runs ahead
// of playback, so a chapter's stop is known before the cursor reaches it and playback can pause
// exactly there. A chapter's trigger is looked for after the previous chapter's start, so chapters
// come in order; a chapter whose previous one never started never starts either.

#include "lesson/lesson.h"

#include <QHash>
#include <QList>

namespace ksv::trace {
class Trace;
class Event;
} // namespace ksv::trace

namespace ksv {

// A chapter's start: the cursor shows the events before `position`, at virtual time `time`.
struct ChapterStop
{
    qsizetype position = -1; // -1: not (yet) found
    VirtualNanos time = 0;
    bool isFound() const { return position >= 0; }
    friend bool operator==(const ChapterStop&, const ChapterStop&) = default;
};

class ChapterStops
{
public:
    explicit ChapterStops(QList<Chapter> chapters);

    // Reads the events of `trace` up to `available`, published by an engine whose clock reads
    // `engineTime`. `finished`: the run has ended, so a chapter set at a later time starts at the
    // end, and one waiting for an event never starts.
    void advance(const trace::Trace& trace, qsizetype available, VirtualNanos engineTime, bool finished);

    const QList<ChapterStop>& stops() const { return m_stops; }
    qsizetype count() const { return m_stops.size(); }
    // The chapters found so far (a prefix of them all).
    int foundCount() const { return m_next; }
    // The chapter shown with the cursor at `position` and `time`: the last one starting at or
    // before it; -1 before the first.
    int chapterAt(qsizetype position, VirtualNanos time) const;
    // The first chapter starting after the cursor at position `from` and time `fromTime`, and no
    // later than position `to` and time `toTime`; -1 if none (yet). A chapter set at a time where
    // nothing happens starts at the cursor's position but later than it.
    int firstBetween(qsizetype from, VirtualNanos fromTime, qsizetype to, VirtualNanos toTime) const;

private:
    bool matches(const trace::Trace& trace, const trace::Event& event, const ChapterTrigger& trigger);
    bool isString(const trace::Trace& trace, qint32 id, const QString& text);

    QList<Chapter> m_chapters;
    QList<ChapterStop> m_stops;
    int m_next = 0;           // the first chapter not found yet
    qsizetype m_scanned = 0;  // events read
    int m_matches = 0;        // of the next chapter's trigger so far (for nth)
    // Per text a trigger names (its pod, node, cause): trace string id -> whether it is that text.
    QHash<QString, QHash<qint32, bool>> m_stringMatches;
};

} // namespace ksv
