#pragma once

// The scheduler's word on a pod, from core/v1 Events: FailedScheduling (why no node fits) and
// Scheduled (the node it bound the pod to). A plain value, decoded from the API server's JSON;
// every other event is dropped. kube-scheduler 1.20 writes its events through events.k8s.io/v1,
// which core/v1 shows with `source` empty, `eventTime` set and `firstTimestamp`/`lastTimestamp`
// null, the scheduler's name in `reportingComponent` and repeats in `series` (research note, A5);
// older schedulers set `source.component`, `count` and the timestamps. Both shapes are read.

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
    // involvedObject: the pod.
    QString kind;
    QString namespace_;
    QString name;
    QString uid;
    Reason reason = Reason::FailedScheduling;
    QString message;
    QString type; // "Warning" or "Normal"
    int count = 1; // series.count, else count; at least 1
    QDateTime firstTimestamp; // eventTime when firstTimestamp is null (events.k8s.io)
    QDateTime lastTimestamp; // series.lastObservedTime, else lastTimestamp, else firstTimestamp
    QString reportingController; // reportingComponent, else source.component: the scheduler's name

    friend bool operator==(const SchedulingEvent&, const SchedulingEvent&) = default;
};

// Decodes one core/v1 Event. Events of other reasons, or reported by another component than
// `schedulerName`, yield nothing and are not checked further. A scheduling event with a broken
// field throws LoadError naming `source` and the field, as the scenario decoders do.
std::optional<SchedulingEvent> decodeSchedulingEvent(const QJsonObject& event, const QString& source,
                                                     const QString& schedulerName = QStringLiteral("default-scheduler"));

} // namespace ksv::client

Q_DECLARE_METATYPE(ksv::client::SchedulingEvent)
