#include "fielderror.h"

#include <QRegularExpression>

namespace ksv {

namespace field {

QString quote(const QString& value)
{
    QString quoted = QStringLiteral("\"");
    for (const QChar c : value) {
        switch (c.unicode()) {
        case '"':
            quoted += QStringLiteral("\\\"");
            break;
        case '\\':
            quoted += QStringLiteral("\\\\");
            break;
        case '\n':
            quoted += QStringLiteral("\\n");
            break;
        case '\t':
            quoted += QStringLiteral("\\t");
            break;
        case '\r':
            quoted += QStringLiteral("\\r");
            break;
        default:
            if (c.unicode() < 0x20 || c.unicode() == 0x7f)
                quoted += QStringLiteral("\\x") + QString::number(c.unicode(), 16).rightJustified(2, QLatin1Char('0'));
            else
                quoted += c;
        }
    }
    return quoted + QLatin1Char('"');
}

namespace {

FieldError make(const QString& path, const QString& body, const QString& detail)
{
    return FieldError {path, detail.isEmpty() ? body : body + QStringLiteral(": ") + detail, {}};
}

} // namespace

FieldError invalid(const QString& path, const QString& value, const QString& detail)
{
    return make(path, QStringLiteral("Invalid value: ") + value, detail);
}

FieldError required(const QString& path, const QString& detail)
{
    return make(path, QStringLiteral("Required value"), detail);
}

FieldError duplicate(const QString& path, const QString& value)
{
    return make(path, QStringLiteral("Duplicate value: ") + value, {});
}

FieldError notSupported(const QString& path, const QString& value, const QStringList& supported)
{
    QStringList quoted;
    for (const auto& item : supported)
        quoted.append(quote(item));
    const QString detail
        = supported.isEmpty() ? QString() : QStringLiteral("supported values: ") + quoted.join(QStringLiteral(", "));
    return make(path, QStringLiteral("Unsupported value: ") + value, detail);
}

FieldError forbidden(const QString& path, const QString& detail)
{
    return make(path, QStringLiteral("Forbidden"), detail);
}

} // namespace field

namespace {

// validation.RegexError, double spaces before "or" included.
QString regexError(const QString& message, const QString& format, const QStringList& examples)
{
    QString text = message + QStringLiteral(" (e.g. ");
    for (qsizetype i = 0; i < examples.size(); ++i) {
        if (i > 0)
            text += QStringLiteral(" or ");
        text += QLatin1Char('\'') + examples[i] + QStringLiteral("', ");
    }
    return text + QStringLiteral("regex used for validation is '") + format + QStringLiteral("')");
}

const QString qualifiedNameFormat = QStringLiteral("([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]");
const QString qualifiedNameMessage = QStringLiteral(
    "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character");
const QString subdomainFormat = QStringLiteral("[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");
const QString subdomainMessage = QStringLiteral(
    "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must "
    "start and end with an alphanumeric character");

bool matchesWhole(const QString& format, const QString& value)
{
    const QRegularExpression expression(QRegularExpression::anchoredPattern(format));
    return expression.match(value).hasMatch();
}

QString qualifiedNameRegexError()
{
    return regexError(qualifiedNameMessage, qualifiedNameFormat,
                      {QStringLiteral("MyName"), QStringLiteral("my.name"), QStringLiteral("123-abc")});
}

} // namespace

QStringList qualifiedNameErrors(const QString& value)
{
    QStringList errors;
    const QStringList parts = value.split(QLatin1Char('/'));
    QString name;
    if (parts.size() == 1) {
        name = parts[0];
    } else if (parts.size() == 2) {
        const QString& prefix = parts[0];
        name = parts[1];
        if (prefix.isEmpty()) {
            errors.append(QStringLiteral("prefix part must be non-empty"));
        } else {
            if (prefix.size() > 253)
                errors.append(QStringLiteral("prefix part must be no more than 253 characters"));
            if (!matchesWhole(subdomainFormat, prefix))
                errors.append(QStringLiteral("prefix part ")
                              + regexError(subdomainMessage, subdomainFormat, {QStringLiteral("example.com")}));
        }
    } else {
        errors.append(QStringLiteral("a qualified name ") + qualifiedNameRegexError()
                      + QStringLiteral(" with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')"));
        return errors;
    }
    if (name.isEmpty())
        errors.append(QStringLiteral("name part must be non-empty"));
    else if (name.size() > 63)
        errors.append(QStringLiteral("name part must be no more than 63 characters"));
    if (!matchesWhole(qualifiedNameFormat, name))
        errors.append(QStringLiteral("name part ") + qualifiedNameRegexError());
    return errors;
}

QList<FieldError> validateLabelName(const QString& value, const QString& path)
{
    QList<FieldError> errors;
    for (const auto& message : qualifiedNameErrors(value))
        errors.append(field::invalid(path, field::quote(value), message));
    return errors;
}

} // namespace ksv
