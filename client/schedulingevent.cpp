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

} // namespace

std::optional<SchedulingEvent> decodeSchedulingEvent(const QJsonObject& json, const QString& source, const QString& schedulerName)
{
    const YamlField event(json, source);
    const QString reason = event.stringOr("reason");
    if (reason != QLatin1String("FailedScheduling") && reason != QLatin1String("Scheduled"))
        return std::nullopt;
    QString controller = event.stringOr("reportingComponent");
    if (controller.isEmpty())
        controller = event["source"].stringOr("component");
    if (controller != schedulerName)
        return std::nullopt;

    SchedulingEvent result;
    result.reason = reason == QLatin1String("Scheduled") ? SchedulingEvent::Reason::Scheduled : SchedulingEvent::Reason::FailedScheduling;
    result.reportingController = controller;
    const YamlField meta = event["metadata"];
    if (!meta.isMap())
        meta.fail(meta.isDefined() ? QStringLiteral("expected a mapping, found ") + meta.describe() : QStringLiteral("required value is missing"));
    result.eventNamespace = meta.stringOr("namespace");
    result.eventName = meta.requiredString("name");
    const YamlField involved = event["involvedObject"];
    if (!involved.isMap())
        involved.fail(involved.isDefined() ? QStringLiteral("expected a mapping, found ") + involved.describe() : QStringLiteral("required value is missing"));
    result.kind = involved.requiredString("kind");
    result.namespace_ = involved.stringOr("namespace");
    result.name = involved.requiredString("name");
    result.uid = involved.stringOr("uid");
    result.message = event.stringOr("message");
    result.type = event.stringOr("type");
    if (!result.type.isEmpty() && result.type != QLatin1String("Normal") && result.type != QLatin1String("Warning"))
        event["type"].fail(quoteForMessage(result.type) + QStringLiteral(" is not one of Normal, Warning"));

    const YamlField series = event["series"];
    const int seriesCount = series.isDefined() ? decodeCount(series["count"]) : 0;
    const int count = decodeCount(event["count"]);
    result.count = std::max({1, seriesCount, count});

    const QDateTime eventTime = decodeTime(event["eventTime"]);
    result.firstTimestamp = decodeTime(event["firstTimestamp"]);
    if (!result.firstTimestamp.isValid())
        result.firstTimestamp = eventTime;
    const QDateTime lastObserved = series.isDefined() ? decodeTime(series["lastObservedTime"]) : QDateTime();
    result.lastTimestamp = lastObserved.isValid() ? lastObserved : decodeTime(event["lastTimestamp"]);
    if (!result.lastTimestamp.isValid())
        result.lastTimestamp = result.firstTimestamp;
    if (!result.firstTimestamp.isValid())
        event["eventTime"].fail(QStringLiteral("required value is missing (and firstTimestamp too)"));
    return result;
}

} // namespace ksv::client
