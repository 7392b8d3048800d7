#include "labels.h"
#include "requirement.h"

#include <QtGlobal>

namespace ksv {

QString toString(SelectorOperator op)
{
    switch (op) {
    case SelectorOperator::In: return QStringLiteral("In");
    case SelectorOperator::NotIn: return QStringLiteral("NotIn");
    case SelectorOperator::Exists: return QStringLiteral("Exists");
    case SelectorOperator::DoesNotExist: return QStringLiteral("DoesNotExist");
    case SelectorOperator::Gt: return QStringLiteral("Gt");
    case SelectorOperator::Lt: return QStringLiteral("Lt");
    }
    Q_UNREACHABLE();
    return {};
}

std::optional<SelectorOperator> selectorOperatorFromString(QStringView text)
{
    for (auto op : {SelectorOperator::In, SelectorOperator::NotIn, SelectorOperator::Exists,
                    SelectorOperator::DoesNotExist, SelectorOperator::Gt, SelectorOperator::Lt}) {
        if (text == toString(op))
            return op;
    }
    return std::nullopt;
}

// strconv.ParseInt(s, 10, 64), as labels/selector.go parses Gt/Lt operands: a value that does not
// parse makes the requirement false rather than an error at match time.
std::optional<qint64> parseInt64(QStringView text)
{
    qsizetype i = 0;
    bool negative = false;
    if (!text.isEmpty() && (text[0] == QLatin1Char('+') || text[0] == QLatin1Char('-'))) {
        negative = text[0] == QLatin1Char('-');
        i = 1;
    }
    if (i == text.size())
        return std::nullopt;
    const quint64 limit = negative ? quint64(1) << 63 : (quint64(1) << 63) - 1;
    quint64 value = 0;
    for (; i < text.size(); ++i) {
        const char16_t c = text[i].unicode();
        if (c < u'0' || c > u'9')
            return std::nullopt;
        const quint64 digit = c - u'0';
        if (value > (limit - digit) / 10)
            return std::nullopt;
        value = value * 10 + digit;
    }
    return negative ? static_cast<qint64>(0 - value) : static_cast<qint64>(value);
}

bool requirementMatches(const QString& key, SelectorOperator op, const QStringList& values, const Labels& labels)
{
    const auto it = labels.constFind(key);
    const bool has = it != labels.cend();
    switch (op) {
    case SelectorOperator::In: return has && values.contains(*it);
    case SelectorOperator::NotIn: return !has || !values.contains(*it);
    case SelectorOperator::Exists: return has;
    case SelectorOperator::DoesNotExist: return !has;
    case SelectorOperator::Gt:
    case SelectorOperator::Lt: {
        if (!has || values.size() != 1)
            return false;
        const auto labelValue = parseInt64(*it);
        const auto operand = parseInt64(values.constFirst());
        if (!labelValue || !operand)
            return false;
        return op == SelectorOperator::Gt ? *labelValue > *operand : *labelValue < *operand;
    }
    }
    return false;
}

bool requirementMatches(const LabelSelectorRequirement& requirement, const Labels& labels)
{
    return requirementMatches(requirement.key, requirement.op, requirement.values, labels);
}

bool LabelSelector::matches(const Labels& labels) const
{
    for (auto it = matchLabels.cbegin(); it != matchLabels.cend(); ++it) {
        const auto found = labels.constFind(it.key());
        if (found == labels.cend() || *found != it.value())
            return false;
    }
    for (const auto& requirement : matchExpressions) {
        if (!requirementMatches(requirement, labels))
            return false;
    }
    return true;
}

LabelSelector withRequirements(LabelSelector selector, const QList<LabelSelectorRequirement>& extra)
{
    selector.matchExpressions.append(extra);
    return selector;
}

} // namespace ksv

namespace ksv {

namespace {

bool isAlphaNumeric(QChar c)
{
    return (c >= QLatin1Char('a') && c <= QLatin1Char('z')) || (c >= QLatin1Char('A') && c <= QLatin1Char('Z'))
        || (c >= QLatin1Char('0') && c <= QLatin1Char('9'));
}

bool isLowerAlphaNumeric(QChar c)
{
    return (c >= QLatin1Char('a') && c <= QLatin1Char('z')) || (c >= QLatin1Char('0') && c <= QLatin1Char('9'));
}

// [A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])? of at most `maxLength` characters.
bool isQualifiedNamePart(const QString& name, qsizetype maxLength)
{
    if (name.isEmpty() || name.size() > maxLength || !isAlphaNumeric(name.front()) || !isAlphaNumeric(name.back()))
        return false;
    for (QChar c : name) {
        if (!(isAlphaNumeric(c) || c == QLatin1Char('-') || c == QLatin1Char('_') || c == QLatin1Char('.')))
            return false;
    }
    return true;
}

} // namespace

bool isDNS1123Subdomain(const QString& value)
{
    if (value.isEmpty() || value.size() > 253)
        return false;
    for (const auto& label : value.split(QLatin1Char('.'))) {
        if (label.isEmpty() || !isLowerAlphaNumeric(label.front()) || !isLowerAlphaNumeric(label.back()))
            return false;
        for (QChar c : label) {
            if (!(isLowerAlphaNumeric(c) || c == QLatin1Char('-')))
                return false;
        }
    }
    return true;
}

bool isQualifiedName(const QString& value)
{
    const auto slash = value.indexOf(QLatin1Char('/'));
    if (slash < 0)
        return isQualifiedNamePart(value, 63);
    const QString prefix = value.left(slash);
    const QString name = value.mid(slash + 1);
    return isDNS1123Subdomain(prefix) && isQualifiedNamePart(name, 63);
}

bool isValidLabelValue(const QString& value)
{
    return value.isEmpty() || isQualifiedNamePart(value, 63);
}

QString canonicalText(const std::optional<LabelSelector>& selector)
{
    if (!selector)
        return QStringLiteral("\x1cnothing");
    QString text;
    for (auto it = selector->matchLabels.cbegin(); it != selector->matchLabels.cend(); ++it)
        text += QLatin1Char('\x1f') + it.key() + QLatin1Char('=') + it.value();
    for (const auto& requirement : selector->matchExpressions) {
        text += QLatin1Char('\x1e') + requirement.key + QLatin1Char('\x1d') + QString::number(int(requirement.op));
        for (const auto& value : requirement.values)
            text += QLatin1Char('\x1d') + value;
    }
    return text;
}

} // namespace ksv
