// An API server's answer to a list (GET /api/v1/pods?limit=500): the reflector parses the body
// with QJsonDocument, refuses anything that is not an object with an items array, and decodes
// every item as the list's resource (apiresponse.h), Events included.

#include "apiresponse.h"
#include "fuzzsupport.h"

#include <QJsonArray>
#include <QJsonDocument>

extern "C" int LLVMFuzzerInitialize(int*, char***)
{
    ksv::fuzz::silenceQtMessages();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    QJsonParseError parseError;
    const QJsonObject list = QJsonDocument::fromJson(ksv::fuzz::bytes(data, size), &parseError).object();
    if (parseError.error != QJsonParseError::NoError || !list.value(QLatin1StringView("items")).isArray())
        return 0;
    const auto type = ksv::fuzz::resourceFor(
        list.value(QLatin1StringView("kind")).toString(), list.value(QLatin1StringView("apiVersion")).toString());
    const QJsonObject meta = list.value(QLatin1StringView("metadata")).toObject();
    (void)meta.value(QLatin1StringView("continue")).toString();
    (void)meta.value(QLatin1StringView("resourceVersion")).toString();
    for (const QJsonValue& item : list.value(QLatin1StringView("items")).toArray())
        ksv::fuzz::decodeAsReflector(type, item.toObject(), false);
    return 0;
}
