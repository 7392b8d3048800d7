#include "schedulingevent.h"

#include "decoding/loaderror.h"
#include "decoding/yamlfield.h"

namespace ksv::client {

namespace {

// metav1.Time ("2026-11-26T04:00:00Z") and metav1.MicroTime ("...04:00:00.123456Z"); null or
// absent is an invalid QDateTime.
QDateTime decodeTime(const YamlField& field)
{
    if (!field.isDefined())
        return {};
    const QString text = field.toString();
    QDateTime time = QDateTime::fromString(text, Qt::ISODateWithMs);
    if (!time.isValid() || !text.endsWith(QLatin1Char('Z')))
        field.fail(quoteForMessage(text) + QStringLiteral(" is not a UTC time (RFC 3339, as 2006-01-02T15:04:05Z)"));
    return time;
}

int decodeCount(const YamlField& field)
{
    return field.isDefined() ? static_cast<int>(field.toInt(0, std::numeric_limits<int>::max())) : 0;
}

// The fields that differ between the two shapes of one Event (k8s.io/api/events/v1 names the
// core/v1 ones it keeps only for old writers "deprecated*").
struct Shape
{
    const char* regarding;
    const char* note;
    const char* reportingController;
    const char* source;
    const char* count;
    const char* firstTimestamp;
    const char* lastTimestamp;
};

constexpr Shape coreV1 {"involvedObject", "message", "reportingComponent", "source", "count", "firstTimestamp", "lastTimestamp"};
constexpr Shape eventsV1 {"regarding", "note", "reportingController", "deprecatedSource", "deprecatedCount", "deprecatedFirstTimestamp",
                          "deprecatedLastTimestamp"};

void requireMap(const YamlField& field)
{
    if (!field.isMap())
        field.fail(field.isDefined() ? QStringLiteral("expected a mapping, found ") + field.describe() : QStringLiteral("required value is missing"));
}

} // namespace

std::optional<SchedulingEvent> decodeSchedulingEvent(const QJsonObject& json, EventApi api, const QString& source, const QString& schedulerName)
{
    const Shape& shape = api == EventApi::EventsV1 ? eventsV1 : coreV1;
    const YamlField event(json, source);
    const QString reason = event.stringOr("reason");
    if (reason != QLatin1String("FailedScheduling") && reason != QLatin1String("Scheduled"))
        return std::nullopt;
    QString controller = event.stringOr(shape.reportingController);
    if (controller.isEmpty())
        controller = event[shape.source].stringOr("component");
    if (controller != schedulerName)
        return std::nullopt;

    SchedulingEvent result;
    result.reason = reason == QLatin1String("Scheduled") ? SchedulingEvent::Reason::Scheduled : SchedulingEvent::Reason::FailedScheduling;
    result.reportingController = controller;
    const YamlField meta = event["metadata"];
    requireMap(meta);
    result.eventNamespace = meta.stringOr("namespace");
    result.eventName = meta.requiredString("name");
    const YamlField regarding = event[shape.regarding];
    requireMap(regarding);
    result.kind = regarding.requiredString("kind");
    result.namespace_ = regarding.stringOr("namespace");
    result.name = regarding.requiredString("name");
    result.uid = regarding.stringOr("uid");
    result.message = event.stringOr(shape.note);
    result.type = event.stringOr("type");
    if (!result.type.isEmpty() && result.type != QLatin1String("Normal") && result.type != QLatin1String("Warning"))
        event["type"].fail(quoteForMessage(result.type) + QStringLiteral(" is not one of Normal, Warning"));

    const YamlField series = event["series"];
    const int seriesCount = series.isDefined() ? decodeCount(series["count"]) : 0;
    const int count = decodeCount(event[shape.count]);
    result.count = std::max({1, seriesCount, count});

    const QDateTime eventTime = decodeTime(event["eventTime"]);
    result.firstTimestamp = decodeTime(event[shape.firstTimestamp]);
    if (!result.firstTimestamp.isValid())
        result.firstTimestamp = eventTime;
    const QDateTime lastObserved = series.isDefined() ? decodeTime(series["lastObservedTime"]) : QDateTime();
    result.lastTimestamp = lastObserved.isValid() ? lastObserved : decodeTime(event[shape.lastTimestamp]);
    if (!result.lastTimestamp.isValid())
        result.lastTimestamp = result.firstTimestamp;
    if (!result.firstTimestamp.isValid())
        event["eventTime"].fail(QStringLiteral("required value is missing (and ") + QLatin1StringView(shape.firstTimestamp) + QStringLiteral(" too)"));
    return result;
}

} // namespace ksv::client
