#include "selectorparsing.h"

#include "decoding/fielderror.h"
#include "nodeaffinitymatching.h"

namespace ksv::plugins {

namespace {

bool isLabelValueChar(QChar c, bool inner)
{
    const bool alphaNumeric = (c >= QLatin1Char('a') && c <= QLatin1Char('z')) || (c >= QLatin1Char('A') && c <= QLatin1Char('Z'))
        || (c >= QLatin1Char('0') && c <= QLatin1Char('9'));
    return alphaNumeric || (inner && (c == QLatin1Char('-') || c == QLatin1Char('_') || c == QLatin1Char('.')));
}

// validation.IsValidLabelValue's messages: the length (in UTF-8 bytes, as Go counts) and the regex
// (([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?, each reported on its own.
QStringList labelValueErrors(const QString& value)
{
    QStringList errors;
    if (value.toUtf8().size() > 63)
        errors.append(QStringLiteral("must be no more than 63 characters"));
    bool matches = true;
    for (qsizetype i = 0; i < value.size(); ++i) {
        const bool inner = i > 0 && i + 1 < value.size();
        if (!isLabelValueChar(value.at(i), inner)) {
            matches = false;
            break;
        }
    }
    if (!matches) {
        errors.append(QStringLiteral(
            "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must "
            "start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for "
            "validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')"));
    }
    return errors;
}

// labels.NewRequirement's value checks: one field error per bad value, path values[i][key].
QStringList requirementValueErrors(const QString& key, const QStringList& values)
{
    QStringList errors;
    for (qsizetype i = 0; i < values.size(); ++i) {
        const QStringList messages = labelValueErrors(values.at(i));
        if (messages.isEmpty())
            continue;
        const QString path = QStringLiteral("values[") + QString::number(i) + QStringLiteral("][") + key + QLatin1Char(']');
        errors.append(field::invalid(path, field::quote(values.at(i)), messages.join(QStringLiteral("; "))).toString());
    }
    return errors;
}

} // namespace

QString labelSelectorParseError(const std::optional<LabelSelector>& selector)
{
    if (!selector)
        return {};
    // LabelSelectorAsSelector stops at the first requirement that fails: matchLabels first, then
    // matchExpressions in order.
    for (auto it = selector->matchLabels.cbegin(); it != selector->matchLabels.cend(); ++it) {
        const QStringList errors = requirementValueErrors(it.key(), {it.value()});
        if (!errors.isEmpty())
            return nodeaffinity::aggregateErrorMessage(errors);
    }
    for (const auto& requirement : selector->matchExpressions) {
        const QStringList errors = requirementValueErrors(requirement.key, requirement.values);
        if (!errors.isEmpty())
            return nodeaffinity::aggregateErrorMessage(errors);
    }
    return {};
}

} // namespace ksv::plugins
