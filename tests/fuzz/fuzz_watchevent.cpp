// A watch stream (GET ...?watch=1): one JSON event per line, as the reflector takes each line from
// RestReply. A line that is not {"type", "object"} ends the watch; ERROR events carry a Status;
// ADDED and MODIFIED objects are decoded whole, DELETED ones for their identity (apiresponse.h).

#include "apiresponse.h"
#include "fuzzsupport.h"

#include <QJsonDocument>

extern "C" int LLVMFuzzerInitialize(int*, char***)
{
    ksv::fuzz::silenceQtMessages();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const QByteArray input = ksv::fuzz::bytes(data, size);
    for (const QByteArray& line : input.split('\n')) {
        QJsonParseError parseError;
        const QJsonObject event = QJsonDocument::fromJson(line, &parseError).object();
        const QString type = event.value(QLatin1StringView("type")).toString();
        const QJsonObject object = event.value(QLatin1StringView("object")).toObject();
        if (parseError.error != QJsonParseError::NoError || type.isEmpty() || object.isEmpty())
            return 0; // the reflector backs off and lists again
        if (type == QLatin1String("ERROR")) {
            (void)object.value(QLatin1StringView("message")).toString();
            (void)object.value(QLatin1StringView("code")).toInt();
            return 0;
        }
        const auto resource = ksv::fuzz::resourceFor(object.value(QLatin1StringView("kind")).toString(),
            object.value(QLatin1StringView("apiVersion")).toString());
        if (type == QLatin1String("ADDED") || type == QLatin1String("MODIFIED"))
            ksv::fuzz::decodeAsReflector(resource, object, false);
        else if (type == QLatin1String("DELETED") && resource.kind != QLatin1String("Event"))
            ksv::fuzz::decodeAsReflector(resource, object, true); // a deleted Event is only dropped
        else if (type != QLatin1String("BOOKMARK"))
            return 0;
    }
    return 0;
}
