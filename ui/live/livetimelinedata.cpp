#include "livetimelinedata.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QHash>
#include <QRegularExpression>
#include <QSet>
#include <algorithm>
#include <cmath>

namespace ksv::live {

using client::SchedulingEvent;
using client::ShadowComparison;
using client::ShadowObservation;
using client::ShadowPod;

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("ksv::live", text);
}

struct Staged
{
    TimelineMark mark;
    QString detail;
    QString note;
    QString uid;
};

// The pod's index in `pods`, added on first sight.
class PodIndex
{
public:
    explicit PodIndex(QStringList& pods)
        : m_pods(pods)
    {
    }
    qint32 operator()(const QString& key)
    {
        const auto found = m_index.constFind(key);
        if (found != m_index.cend())
            return *found;
        const auto index = qint32(m_pods.size());
        m_pods.append(key);
        m_index.insert(key, index);
        return index;
    }

private:
    QStringList& m_pods;
    QHash<QString, qint32> m_index;
};

// The same pod under one name: an event written before its uid was known (or a core/v1 event
// without one) matches the shadow's pod, but a pod deleted and made again under its name does not.
bool samePod(const QString& a, const QString& b)
{
    return a.isEmpty() || b.isEmpty() || a == b;
}

// The node of upstream's "Successfully assigned <ns>/<name> to <node>".
QString boundNode(const QString& message)
{
    static const QRegularExpression assigned(QStringLiteral("^Successfully assigned \\S+ to (\\S+)$"));
    const QRegularExpressionMatch match = assigned.match(message.trimmed());
    return match.hasMatch() ? match.captured(1) : QString();
}

Verdict verdictOf(const ShadowComparison& comparison)
{
    if (comparison.outcome == ShadowComparison::Outcome::Undecided)
        return Verdict::Undecided;
    return comparison.agree ? Verdict::Agree : Verdict::Differ;
}

// A FailedScheduling message lists a reason per group of nodes and can run to kilobytes.
QString shortened(const QString& message, qsizetype limit = 160)
{
    const QString simplified = message.simplified();
    return simplified.size() <= limit ? simplified : simplified.left(limit - 1) + QChar(0x2026);
}

} // namespace

LiveTimelineData buildLiveTimeline(const client::LiveFrame& frame)
{
    LiveTimelineData data;
    PodIndex podIndex(data.pods);
    std::vector<Staged> staged;
    // Per pod, the bindings staged so far: one mark a pod, however many ways it was seen bound.
    QHash<qint32, QList<size_t>> bindings;
    QSet<QString> failures; // the Event objects already marked

    for (const SchedulingEvent& event : frame.events) {
        if (!event.lastTimestamp.isValid())
            continue;
        const qint32 pod = podIndex(event.namespace_ + QLatin1Char('/') + event.name);
        const qint64 at = event.lastTimestamp.toMSecsSinceEpoch();
        if (event.reason == SchedulingEvent::Reason::Scheduled) {
            bool merged = false;
            for (size_t i : bindings.value(pod)) {
                if (samePod(staged[i].uid, event.uid)) {
                    staged[i].mark.at = staged[i].mark.firstAt = std::min(staged[i].mark.at, at);
                    merged = true;
                }
            }
            if (merged)
                continue;
            bindings[pod].append(staged.size());
            staged.push_back({ { at, at, pod, 1, TimelineRow::Binding, Verdict::None }, boundNode(event.message),
                tr("Scheduled event"), event.uid });
            continue;
        }
        if (!event.eventName.isEmpty()) {
            const QString object = event.eventNamespace + QLatin1Char('/') + event.eventName;
            if (failures.contains(object))
                continue;
            failures.insert(object);
        }
        const qint64 first = event.firstTimestamp.isValid() ? event.firstTimestamp.toMSecsSinceEpoch() : at;
        staged.push_back({ { at, first, pod, qint32(std::max(1, event.count)), TimelineRow::Failure, Verdict::None },
            event.message, {}, event.uid });
    }

    for (const ShadowPod& shadow : frame.shadow) {
        const qint32 pod = podIndex(shadow.key);
        if (shadow.arrivedAt.isValid()) {
            const qint64 at = shadow.arrivedAt.toMSecsSinceEpoch();
            const Verdict verdict = verdictOf(shadow.comparison);
            QString note = shadow.comparison.why;
            if (note.isEmpty() && verdict == Verdict::Differ)
                note = client::outcomeName(shadow.comparison.outcome);
            staged.push_back({ { at, at, pod, 1, TimelineRow::Prediction, verdict },
                client::describePrediction(shadow.prediction), note, shadow.uid });
        }
        if (shadow.observed.kind != ShadowObservation::Kind::Bound || !shadow.decidedAt.isValid())
            continue;
        bool merged = false;
        for (size_t i : bindings.value(pod)) {
            if (samePod(staged[i].uid, shadow.uid)) {
                // The event's time is the scheduler's own; the shadow only says when we heard.
                if (staged[i].detail.isEmpty())
                    staged[i].detail = shadow.observed.node;
                merged = true;
            }
        }
        if (merged)
            continue;
        const qint64 at = shadow.decidedAt.toMSecsSinceEpoch();
        bindings[pod].append(staged.size());
        staged.push_back({ { at, at, pod, 1, TimelineRow::Binding, Verdict::None }, shadow.observed.node,
            shadow.observed.source, shadow.uid });
    }

    std::stable_sort(staged.begin(), staged.end(), [](const Staged& a, const Staged& b) {
        return a.mark.at != b.mark.at ? a.mark.at < b.mark.at : a.mark.row < b.mark.row;
    });
    data.marks.reserve(staged.size());
    data.details.reserve(qsizetype(staged.size()));
    data.notes.reserve(qsizetype(staged.size()));
    for (Staged& s : staged) {
        data.marks.push_back(s.mark);
        data.details.append(std::move(s.detail));
        data.notes.append(std::move(s.note));
    }
    return data;
}

QString markToolTip(const LiveTimelineData& data, qsizetype index)
{
    const TimelineMark& mark = data.marks[size_t(index)];
    const QString& detail = data.details.at(index);
    const QString& note = data.notes.at(index);
    const QString head = data.podKey(index) + QLatin1Char('\n');
    switch (mark.row) {
    case TimelineRow::Binding: {
        const QString where = detail.isEmpty() ? tr("Bound at %1").arg(formatWallTime(mark.at))
                                               : tr("Bound to %1 at %2").arg(detail, formatWallTime(mark.at));
        return head + where
            + (note.isEmpty() ? QString() : QStringLiteral(" (") + note + QLatin1Char(')'));
    }
    case TimelineRow::Failure: {
        const QString when = mark.count > 1 ? tr("FailedScheduling %1 times, last at %2 (first at %3)")
                                                  .arg(mark.count)
                                                  .arg(formatWallTime(mark.at), formatWallTime(mark.firstAt))
                                            : tr("FailedScheduling at %1").arg(formatWallTime(mark.at));
        return head + when + (detail.isEmpty() ? QString() : QLatin1Char('\n') + shortened(detail));
    }
    case TimelineRow::Prediction: {
        QString verdict;
        switch (mark.verdict) {
        case Verdict::Agree:
            verdict = tr("Agrees with the cluster");
            break;
        case Verdict::Differ:
            verdict = tr("Differs from the cluster");
            break;
        case Verdict::Undecided:
        case Verdict::None:
            verdict = tr("The cluster has not decided yet");
            break;
        }
        if (!note.isEmpty() && mark.verdict != Verdict::Undecided)
            verdict += QStringLiteral(": ") + shortened(note);
        return head + tr("kschedviz predicted %1 at %2").arg(detail, formatWallTime(mark.at))
            + QLatin1Char('\n') + verdict;
    }
    }
    return head;
}

std::pair<qsizetype, qsizetype> marksBetween(const LiveTimelineData& data, qint64 from, qint64 to)
{
    const auto first = std::lower_bound(
        data.marks.begin(), data.marks.end(), from, [](const TimelineMark& m, qint64 t) { return m.at < t; });
    const auto last
        = std::upper_bound(first, data.marks.end(), to, [](qint64 t, const TimelineMark& m) { return t < m.at; });
    return { first - data.marks.begin(), last - data.marks.begin() };
}

WallRange zoomWall(WallRange range, double anchor, double factor)
{
    const double anchorAt = double(range.start) + anchor * double(range.span());
    const qint64 span
        = std::clamp(qint64(std::llround(double(range.span()) / factor)), minimumWallSpan, maximumWallSpan);
    const qint64 start = qint64(std::llround(anchorAt - anchor * double(span)));
    return { start, start + span };
}

WallRange fitWall(const LiveTimelineData& data, qint64 now, qint64 fallback)
{
    if (data.isEmpty())
        return { now - fallback, now };
    const qint64 end = std::max(now, data.marks.back().at);
    const qint64 span = std::clamp(end - data.marks.front().at, minimumWallSpan, maximumWallSpan);
    // Room for the earliest mark's whole dot.
    const qint64 start = end - span - span / 20;
    return { start, end };
}

qint64 wallTickStep(double msPerPixel, double minPixels)
{
    static constexpr qint64 steps[]
        = { 1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400 };
    for (qint64 seconds : steps) {
        if (double(seconds * msPerSecond) / msPerPixel >= minPixels)
            return seconds * msPerSecond;
    }
    const qint64 day = 86400 * msPerSecond;
    return day * std::max<qint64>(1, qint64(std::ceil(minPixels * msPerPixel / double(day))));
}

QString formatWallTime(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms).toString(QStringLiteral("HH:mm:ss"));
}

} // namespace ksv::live
