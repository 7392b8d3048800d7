#pragma once

// An extender call's request and response as one string in the trace (Event::exchange): a JSON
// object with the URL, the request body, and the HTTP status and response body or the transport's
// error. A body that is not UTF-8 is kept in base64 ("responseBase64"), so that a replay hands the
// engine the very bytes the extender sent.

#include "transport.h"

#include <optional>

namespace ksv::extender {

// `withElapsed`: keep the measured round trip, which only a run with measured extender latency
// depends on; left out otherwise, so that the same answers make the same trace, byte for byte.
QString encodeExchange(const ExtenderCall& call, bool withElapsed);

struct Exchange
{
    QString url;
    QByteArray request;
    ExtenderResponse response;
};
// Null when `text` is not an exchange encodeExchange wrote.
std::optional<Exchange> decodeExchange(const QString& text);

} // namespace ksv::extender
