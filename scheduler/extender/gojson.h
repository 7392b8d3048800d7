#pragma once

// JSON read as Go's encoding/json reads an extender's answer (json.NewDecoder(body).Decode): the
// first value of the body only, trailing bytes ignored, and Go's own error texts, which upstream
// hands on unchanged as the attempt's FailedScheduling message ("invalid character 'x' looking for
// beginning of value", "unexpected EOF", "EOF"). Numbers keep their literal text, because Go refuses
// "7.5" or "1e2" for an int64 field where a double would hide the difference.

#include <QByteArray>
#include <QList>
#include <QString>

#include <memory>
#include <optional>
#include <utility>

namespace ksv::extender {

struct GoJsonValue
{
    enum class Type : quint8 { Null, Bool, Number, String, Array, Object };
    Type type = Type::Null;
    bool boolean = false;
    QString text; // a string's value, or a number's literal
    QList<GoJsonValue> items;                        // Array
    QList<std::pair<QString, GoJsonValue>> members;  // Object, in document order (duplicates kept)

    // Go's name of the JSON type in unmarshal errors: "string", "number", "bool", "array", "object".
    QString goTypeName() const;
    // The member Go's decoder leaves in field `name`: the last key that matches it, exactly or
    // case-insensitively (a later key overwrites an earlier one). Null when there is none.
    const GoJsonValue* member(QLatin1StringView name) const;
};

struct GoJsonResult
{
    std::optional<GoJsonValue> value;
    QString error; // set when value is empty
};

// Decoder.Decode's reading of the first JSON value in `body`.
GoJsonResult decodeFirstValue(const QByteArray& body);

} // namespace ksv::extender
