#pragma once

// The scheduler's word on a pod, from Events: FailedScheduling (why no node fits) and Scheduled
// (the node it bound the pod to). A plain value, decoded from the API server's JSON; every other
// event is dropped. One Event is stored once and served in two shapes: events.k8s.io/v1 (read
// first, served since 1.19) and core/v1 (the fallback). kube-scheduler 1.20 writes through
// events.k8s.io/v1: eventTime set, the scheduler's name in reportingController (core/v1 shows it as
// reportingComponent, with `source` empty and first/lastTimestamp null), repeats in `series`
// (research note, A5). Older schedulers set source.component, count and the timestamps, which
// events.k8s.io/v1 shows as deprecatedSource, deprecatedCount and deprecated*Timestamp. Both
// schedulers' events are read in both shapes, and one Event gives the same value either way.

#include <QDateTime>
#include <QJsonObject>
#include <QMetaType>
#include <QString>

#include <optional>

namespace ksv::client {

struct SchedulingEvent
{
    enum class Reason : quint8 { FailedScheduling, Scheduled };

    QString eventNamespace; // the Event object's own
    QString eventName;
    // The pod: involvedObject (core/v1), regarding (events.k8s.io/v1).
    QString kind;
    QString namespace_;
    QString name;
    QString uid;
    Reason reason = Reason::FailedScheduling;
    QString message; // message (core/v1), note (events.k8s.io/v1)
    QString type; // "Warning" or "Normal"
    int count = 1; // series.count, else count (deprecatedCount); at least 1
    QDateTime firstTimestamp; // firstTimestamp (deprecatedFirstTimestamp), else eventTime
    QDateTime lastTimestamp; // series.lastObservedTime, else lastTimestamp (deprecatedLastTimestamp), else firstTimestamp
    // reportingComponent (core/v1) or reportingController (events.k8s.io/v1), else
    // source.component (deprecatedSource.component): the scheduler's name.
    QString reportingController;

    friend bool operator==(const SchedulingEvent&, const SchedulingEvent&) = default;
};

// The shape of the JSON: which collection it was read from.
enum class EventApi : quint8 {
    CoreV1, // /api/v1/events
    EventsV1, // /apis/events.k8s.io/v1/events
};

// Decodes one Event in `api`'s shape. Events of other reasons, or reported by another component
// than `schedulerName`, yield nothing and are not checked further. A scheduling event with a broken
// field throws LoadError naming `source` and the field (by the shape's own name), as the scenario
// decoders do.
std::optional<SchedulingEvent> decodeSchedulingEvent(const QJsonObject& event, EventApi api, const QString& source,
                                                     const QString& schedulerName = QStringLiteral("default-scheduler"));

} // namespace ksv::client

Q_DECLARE_METATYPE(ksv::client::SchedulingEvent)
