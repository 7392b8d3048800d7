#include "lesson/chapterstops.h"

#include "framework/status.h"
#include "trace/trace.h"

namespace ksv {

using trace::EventKind;

ChapterStops::ChapterStops(QList<Chapter> chapters)
    : m_chapters(std::move(chapters))
    , m_stops(m_chapters.size())
{
}

bool ChapterStops::isString(const trace::Trace& trace, qint32 id, const QString& text)
{
    if (id < 0)
        return false;
    // A trigger may name a pod and a cause at once: each text keeps its own answers.
    QHash<qint32, bool>& answers = m_stringMatches[text];
    auto it = answers.constFind(id);
    if (it == answers.constEnd())
        it = answers.insert(id, trace.string(id) == text);
    return *it;
}

bool ChapterStops::matches(const trace::Trace& trace, const trace::Event& event, const ChapterTrigger& trigger)
{
    using E = ChapterTrigger::Event;
    switch (trigger.event) {
    case E::Attempt: if (event.kind() != EventKind::CycleStart) return false; break;
    case E::FailedAttempt: if (event.kind() != EventKind::CycleEnd || event.node() >= 0) return false; break;
    case E::Assumed: if (event.kind() != EventKind::CycleEnd || event.node() < 0) return false; break;
    case E::Bound: if (event.kind() != EventKind::BindingEnd || event.code() != framework::Code::Success) return false; break;
    case E::BindingFailed: if (event.kind() != EventKind::BindingEnd || event.code() == framework::Code::Success) return false; break;
    case E::QueueMove:
        if (event.kind() != EventKind::QueueMove)
            return false;
        if (!trigger.from.isEmpty() && trace::toString(event.from()) != trigger.from)
            return false;
        if (!trigger.to.isEmpty() && trace::toString(event.to()) != trigger.to)
            return false;
        if (!trigger.cause.isEmpty() && !isString(trace, event.cause(), trigger.cause))
            return false;
        break;
    case E::Preemption: if (event.kind() != EventKind::Preemption) return false; break;
    case E::Victim: if (event.kind() != EventKind::Victim) return false; break;
    case E::Nominated: if (event.kind() != EventKind::Nominated || event.node() < 0) return false; break;
    case E::ClusterChange:
        if (event.kind() != EventKind::ClusterChange)
            return false;
        if (!trigger.action.isEmpty() && toString(event.action()) != trigger.action)
            return false;
        break;
    }
    if (!trigger.pod.isEmpty() && !isString(trace, event.pod(), trigger.pod))
        return false;
    if (!trigger.node.isEmpty() && !isString(trace, event.node(), trigger.node))
        return false;
    return true;
}

void ChapterStops::advance(const trace::Trace& trace, qsizetype available, VirtualNanos engineTime, bool finished)
{
    while (m_next < m_chapters.size()) {
        const Chapter& chapter = m_chapters.at(m_next);
        const qsizetype from = m_next == 0 ? 0 : m_stops.at(m_next - 1).position;
        m_scanned = std::max(m_scanned, from);
        ChapterStop stop;
        if (chapter.at) {
            // After every event at or before the time: the first event later than it is the end.
            const VirtualNanos earliest = m_next == 0 ? 0 : m_stops.at(m_next - 1).time;
            const VirtualNanos at = std::max(*chapter.at, earliest);
            while (m_scanned < available && trace.at(m_scanned).time() <= at)
                ++m_scanned;
            // Once the clock has passed the time, every event up to it is published.
            if (m_scanned < available || finished || engineTime > at)
                stop = {m_scanned, at};
        } else {
            for (; m_scanned < available && !stop.isFound(); ++m_scanned) {
                const trace::Event& event = trace.at(m_scanned);
                if (event.isNodeDetail() || !matches(trace, event, *chapter.when))
                    continue;
                if (++m_matches == chapter.when->nth)
                    stop = {m_scanned + 1, event.time()};
            }
        }
        if (!stop.isFound())
            return;
        m_stops[m_next++] = stop;
        m_matches = 0;
    }
}

int ChapterStops::chapterAt(qsizetype position, VirtualNanos time) const
{
    int chapter = -1;
    for (int i = 0; i < m_next && m_stops.at(i).position <= position && m_stops.at(i).time <= time; ++i)
        chapter = i;
    return chapter;
}

int ChapterStops::firstBetween(qsizetype from, VirtualNanos fromTime, qsizetype to, VirtualNanos toTime) const
{
    for (int i = 0; i < m_next; ++i) {
        const ChapterStop& stop = m_stops.at(i);
        const bool after = stop.position > from || (stop.position == from && stop.time > fromTime);
        if (after && stop.position <= to && stop.time <= toTime)
            return i;
    }
    return -1;
}

} // namespace ksv
