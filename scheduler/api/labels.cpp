#include "labels.h"

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

namespace {
// labels/selector.go parses Gt/Lt operands with strconv.ParseInt(s, 10, 64); a value that does not
// parse makes the requirement false rather than an error at match time.
std::optional<qint64> parseInt64(const QString& text)
{
    bool ok = false;
    const qint64 value = text.toLongLong(&ok, 10);
    if (!ok || text.startsWith(QLatin1Char(' ')) || text.endsWith(QLatin1Char(' ')))
        return std::nullopt;
    return value;
}
} // namespace

bool requirementMatches(const LabelSelectorRequirement& requirement, const Labels& labels)
{
    const auto it = labels.constFind(requirement.key);
    const bool has = it != labels.cend();
    switch (requirement.op) {
    case SelectorOperator::In: return has && requirement.values.contains(*it);
    case SelectorOperator::NotIn: return !has || !requirement.values.contains(*it);
    case SelectorOperator::Exists: return has;
    case SelectorOperator::DoesNotExist: return !has;
    case SelectorOperator::Gt:
    case SelectorOperator::Lt: {
        if (!has || requirement.values.size() != 1)
            return false;
        const auto labelValue = parseInt64(*it);
        const auto operand = parseInt64(requirement.values.constFirst());
        if (!labelValue || !operand)
            return false;
        return requirement.op == SelectorOperator::Gt ? *labelValue > *operand : *labelValue < *operand;
    }
    }
    return false;
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

} // namespace ksv
