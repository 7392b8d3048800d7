#include "exchange.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QStringDecoder>

namespace ksv::extender {

namespace {

void insertBody(QJsonObject& object, const QString& key, const QByteArray& body)
{
    QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    const QString text = decoder.decode(body);
    if (!decoder.hasError())
        object.insert(key, text);
    else
        object.insert(key + QStringLiteral("Base64"), QString::fromLatin1(body.toBase64()));
}

QByteArray body(const QJsonObject& object, const QString& key)
{
    if (object.contains(key))
        return object.value(key).toString().toUtf8();
    return QByteArray::fromBase64(object.value(key + QStringLiteral("Base64")).toString().toLatin1());
}

} // namespace

QString encodeExchange(const ExtenderCall& call, bool withElapsed)
{
    QJsonObject object {{QStringLiteral("url"), call.url}};
    insertBody(object, QStringLiteral("request"), call.request);
    if (!call.response.transportError.isEmpty()) {
        object.insert(QStringLiteral("transportError"), call.response.transportError);
    } else {
        object.insert(QStringLiteral("status"), call.response.status);
        insertBody(object, QStringLiteral("response"), call.response.body);
    }
    if (withElapsed)
        object.insert(QStringLiteral("elapsed"), double(call.response.elapsedNanos));
    return QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
}

std::optional<Exchange> decodeExchange(const QString& text)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(text.toUtf8(), &error);
    if (error.error != QJsonParseError::NoError || !document.isObject())
        return std::nullopt;
    const QJsonObject object = document.object();
    if (!object.value(QStringLiteral("url")).isString())
        return std::nullopt;
    Exchange exchange;
    exchange.url = object.value(QStringLiteral("url")).toString();
    exchange.request = body(object, QStringLiteral("request"));
    exchange.response.transportError = object.value(QStringLiteral("transportError")).toString();
    exchange.response.status = object.value(QStringLiteral("status")).toInt();
    exchange.response.body = body(object, QStringLiteral("response"));
    exchange.response.elapsedNanos = qint64(object.value(QStringLiteral("elapsed")).toDouble());
    return exchange;
}

} // namespace ksv::extender
