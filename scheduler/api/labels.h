#pragma once

#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>

namespace ksv {

// Labels, annotations and nodeSelector: a sorted map, implicitly shared so that the N copies a
// scenario's `count` makes cost one allocation.
using Labels = QMap<QString, QString>;

// metav1.LabelSelectorOperator and v1.NodeSelectorOperator share one enum; Gt and Lt are only
// valid in node selectors, and the decoder enforces that.
enum class SelectorOperator : quint8 { In, NotIn, Exists, DoesNotExist, Gt, Lt };

QString toString(SelectorOperator op);
std::optional<SelectorOperator> selectorOperatorFromString(QStringView text);

struct LabelSelectorRequirement
{
    QString key;
    SelectorOperator op = SelectorOperator::In;
    QStringList values;
    friend bool operator==(const LabelSelectorRequirement&, const LabelSelectorRequirement&) = default;
};

// metav1.LabelSelector. Where upstream distinguishes a nil selector (matches nothing) from an empty
// one (matches everything), the model holds std::optional<LabelSelector>.
struct LabelSelector
{
    Labels matchLabels;
    QList<LabelSelectorRequirement> matchExpressions;

    bool isEmpty() const { return matchLabels.isEmpty() && matchExpressions.isEmpty(); }
    // metav1.LabelSelectorAsSelector(...).Matches(labels).
    bool matches(const Labels& labels) const;
    friend bool operator==(const LabelSelector&, const LabelSelector&) = default;
};

// labels.Selector semantics for one requirement (labels/selector.go: Requirement.Matches).
bool requirementMatches(const LabelSelectorRequirement& requirement, const Labels& labels);

// An exact text of the selector, equal for equal selectors: keys for memos of what it matched.
// Separated by control characters that label keys and values cannot contain.
QString canonicalText(const std::optional<LabelSelector>& selector);

// A nil selector matches nothing (metav1.LabelSelectorAsSelector returns labels.Nothing()).
inline bool selectorMatches(const std::optional<LabelSelector>& selector, const Labels& labels)
{
    return selector && selector->matches(labels);
}

// validation.IsQualifiedName: label keys, annotation keys and extended resource names.
bool isQualifiedName(const QString& value);
// validation.IsValidLabelValue.
bool isValidLabelValue(const QString& value);
// validation.IsDNS1123Subdomain: names of nodes, pods and most other objects.
bool isDNS1123Subdomain(const QString& value);

// Merges `key In [value]` requirements into a selector, as upstream does for matchLabelKeys.
LabelSelector withRequirements(LabelSelector selector, const QList<LabelSelectorRequirement>& extra);

} // namespace ksv
