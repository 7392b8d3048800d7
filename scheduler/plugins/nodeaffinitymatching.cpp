#include "nodeaffinitymatching.h"

#include "api/requirement.h"
#include "decoding/fielderror.h"

#include <QSet>

namespace ksv::plugins::nodeaffinity {

namespace {

const QString metadataNameField = QStringLiteral("metadata.name"); // metav1.ObjectNameField
const QString noField;                                             // fields.Set.Get of an absent field

// field.Path's String(): children joined with '.', indices and keys in brackets.
QString childPath(const QString& path, const QString& name)
{
    return path.isEmpty() ? name : path + QLatin1Char('.') + name;
}

QString indexPath(const QString& path, qsizetype index)
{
    return path + QLatin1Char('[') + QString::number(index) + QLatin1Char(']');
}

QString keyPath(const QString& path, const QString& key)
{
    return path + QLatin1Char('[') + key + QLatin1Char(']');
}

// labels.Requirement.Matches for the operators a node selector maps to.
bool requirementMatches(const NodeSelectorRequirement& requirement, const Labels& labels)
{
    return ksv::requirementMatches(requirement.key, requirement.op, requirement.values, labels);
}

// fields.OneTermEqualSelector / OneTermNotEqualSelector over extractNodeFields: only metadata.name has
// a value; any other field reads as "".
bool fieldRequirementMatches(const NodeSelectorRequirement& requirement, const QString& nodeName)
{
    const QString& value = requirement.key == metadataNameField ? nodeName : noField;
    const bool equal = value == requirement.values.constFirst();
    return requirement.op == SelectorOperator::In ? equal : !equal;
}

// ---- Parse errors (labels.NewRequirement, nodeSelectorRequirementsAsFieldSelector) -----------------

QString fieldError(const QString& path, const QString& value, const QString& detail)
{
    return field::invalid(path, value, detail).toString();
}

// Go's %#v of a []string.
QString goStringSlice(const QStringList& values)
{
    if (values.isEmpty())
        return QStringLiteral("[]string(nil)");
    QStringList quoted;
    for (const auto& value : values)
        quoted.append(field::quote(value));
    return QStringLiteral("[]string{") + quoted.join(QStringLiteral(", ")) + QLatin1Char('}');
}

bool isAlphaNumeric(QChar c)
{
    return (c >= QLatin1Char('a') && c <= QLatin1Char('z')) || (c >= QLatin1Char('A') && c <= QLatin1Char('Z'))
        || (c >= QLatin1Char('0') && c <= QLatin1Char('9'));
}

// validation.IsValidLabelValue's messages.
QStringList labelValueErrors(const QString& value)
{
    QStringList errors;
    if (value.size() > 63)
        errors.append(QStringLiteral("must be no more than 63 characters"));
    bool regexOk = value.isEmpty() || (isAlphaNumeric(value.front()) && isAlphaNumeric(value.back()));
    for (QChar c : value)
        regexOk = regexOk && (isAlphaNumeric(c) || c == QLatin1Char('-') || c == QLatin1Char('_') || c == QLatin1Char('.'));
    if (!regexOk) {
        errors.append(QStringLiteral("a valid label must be an empty string or consist of alphanumeric characters, '-', '_' "
                                     "or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or "
                                     "'my_value',  or '12345', regex used for validation is "
                                     "'(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')"));
    }
    return errors;
}

// labels.NewRequirement's errors for one matchExpressions entry at `path`.
void appendRequirementErrors(QStringList& errors, const NodeSelectorRequirement& requirement, const QString& path)
{
    if (!isQualifiedName(requirement.key)) {
        errors.append(fieldError(childPath(path, QStringLiteral("key")), field::quote(requirement.key),
                                 qualifiedNameErrors(requirement.key).join(QStringLiteral("; "))));
    }
    const QString valuesPath = childPath(path, QStringLiteral("values"));
    const QStringList& values = requirement.values;
    switch (requirement.op) {
    case SelectorOperator::In:
    case SelectorOperator::NotIn:
        if (values.isEmpty())
            errors.append(fieldError(valuesPath, goStringSlice(values), QStringLiteral("for 'in', 'notin' operators, values set can't be empty")));
        break;
    case SelectorOperator::Exists:
    case SelectorOperator::DoesNotExist:
        if (!values.isEmpty())
            errors.append(fieldError(valuesPath, goStringSlice(values), QStringLiteral("values set must be empty for exists and does not exist")));
        break;
    case SelectorOperator::Gt:
    case SelectorOperator::Lt:
        if (values.size() != 1)
            errors.append(fieldError(valuesPath, goStringSlice(values), QStringLiteral("for 'Gt', 'Lt' operators, exactly one value is required")));
        for (qsizetype i = 0; i < values.size(); ++i) {
            if (!parseInt64(values[i]))
                errors.append(fieldError(indexPath(valuesPath, i), field::quote(values[i]),
                                         QStringLiteral("for 'Gt', 'Lt' operators, the value must be an integer")));
        }
        break;
    }
    for (qsizetype i = 0; i < values.size(); ++i) {
        if (!isValidLabelValue(values[i]))
            errors.append(fieldError(keyPath(indexPath(valuesPath, i), requirement.key), field::quote(values[i]),
                                     labelValueErrors(values[i]).join(QStringLiteral("; "))));
    }
}

// nodeSelectorRequirementsAsFieldSelector's errors for one matchFields entry at `path`.
void appendFieldRequirementErrors(QStringList& errors, const NodeSelectorRequirement& requirement, const QString& path)
{
    if (requirement.op == SelectorOperator::In || requirement.op == SelectorOperator::NotIn) {
        if (requirement.values.size() != 1)
            errors.append(fieldError(childPath(path, QStringLiteral("values")), goStringSlice(requirement.values),
                                     QStringLiteral("must have one element")));
        return;
    }
    errors.append(field::notSupported(childPath(path, QStringLiteral("operator")), field::quote(toString(requirement.op)),
                                              {QStringLiteral("In"), QStringLiteral("NotIn")})
                      .toString());
}

bool isEmptyNodeSelectorTerm(const ksv::NodeSelectorTerm& term)
{
    return term.matchExpressions.isEmpty() && term.matchFields.isEmpty();
}

} // namespace

// ---- NodeSelectorTerm ------------------------------------------------------------------------------

NodeSelectorTerm::NodeSelectorTerm(const ksv::NodeSelectorTerm& term, const QString& path)
    : m_term(term)
{
    const QString expressionsPath = childPath(path, QStringLiteral("matchExpressions"));
    for (qsizetype i = 0; i < term.matchExpressions.size(); ++i)
        appendRequirementErrors(m_parseErrors, term.matchExpressions[i], indexPath(expressionsPath, i));
    const QString fieldsPath = childPath(path, QStringLiteral("matchFields"));
    for (qsizetype i = 0; i < term.matchFields.size(); ++i)
        appendFieldRequirementErrors(m_parseErrors, term.matchFields[i], indexPath(fieldsPath, i));
}

bool NodeSelectorTerm::match(const Labels& nodeLabels, const QString& nodeName) const
{
    if (!m_parseErrors.isEmpty())
        return false;
    for (const auto& requirement : m_term.matchExpressions) {
        if (!requirementMatches(requirement, nodeLabels))
            return false;
    }
    // `len(nodeFields) > 0`: a node without a name has no fields, and its matchFields are not checked.
    if (!nodeName.isEmpty()) {
        for (const auto& requirement : m_term.matchFields) {
            if (!fieldRequirementMatches(requirement, nodeName))
                return false;
        }
    }
    return true;
}

// ---- LazyErrorNodeSelector -------------------------------------------------------------------------

LazyErrorNodeSelector::LazyErrorNodeSelector(const ksv::NodeSelector& selector, const QString& path)
{
    const QString termsPath = childPath(path, QStringLiteral("nodeSelectorTerms"));
    m_terms.reserve(selector.nodeSelectorTerms.size());
    for (qsizetype i = 0; i < selector.nodeSelectorTerms.size(); ++i) {
        // "nil or empty term selects no objects"
        if (isEmptyNodeSelectorTerm(selector.nodeSelectorTerms[i]))
            continue;
        m_terms.append(NodeSelectorTerm(selector.nodeSelectorTerms[i], indexPath(termsPath, i)));
    }
}

bool LazyErrorNodeSelector::match(const Node& node, QString* error) const
{
    bool hasErrors = false;
    for (const auto& term : m_terms) {
        if (!term.parseErrors().isEmpty()) {
            hasErrors = true;
            continue;
        }
        if (term.match(node.meta.labels, node.meta.name))
            return true;
    }
    if (error && hasErrors)
        *error = aggregateErrorMessage(parseErrors());
    return false;
}

QStringList LazyErrorNodeSelector::parseErrors() const
{
    QStringList errors;
    for (const auto& term : m_terms)
        errors.append(term.parseErrors());
    return errors;
}

std::optional<LazyErrorNodeSelector> newNodeSelector(const ksv::NodeSelector& selector, const QString& path, QString* error)
{
    LazyErrorNodeSelector lazy(selector, path);
    const QStringList errors = lazy.parseErrors();
    if (!errors.isEmpty()) {
        if (error)
            *error = aggregateErrorMessage(errors);
        return std::nullopt;
    }
    return lazy;
}

// ---- PreferredSchedulingTerms ----------------------------------------------------------------------

std::optional<PreferredSchedulingTerms> PreferredSchedulingTerms::create(const QList<PreferredSchedulingTerm>& terms,
                                                                         const QString& path, QString* error)
{
    PreferredSchedulingTerms result;
    QStringList errors;
    for (qsizetype i = 0; i < terms.size(); ++i) {
        const auto& term = terms[i];
        if (term.weight == 0 || isEmptyNodeSelectorTerm(term.preference))
            continue;
        NodeSelectorTerm parsed(term.preference, indexPath(path, i));
        if (!parsed.parseErrors().isEmpty())
            errors.append(parsed.parseErrors());
        else
            result.m_terms.append({std::move(parsed), term.weight});
    }
    if (!errors.isEmpty()) {
        if (error)
            *error = aggregateErrorMessage(errors);
        return std::nullopt;
    }
    return result;
}

qint64 PreferredSchedulingTerms::score(const Node& node) const
{
    qint64 score = 0;
    for (const auto& weighted : m_terms) {
        if (weighted.term.match(node.meta.labels, node.meta.name))
            score += weighted.weight;
    }
    return score;
}

// ---- RequiredNodeAffinity --------------------------------------------------------------------------

RequiredNodeAffinity::RequiredNodeAffinity(const Pod& pod)
    : m_nodeSelector(pod.nodeSelector)
{
    const auto& nodeAffinity = pod.affinity.nodeAffinity;
    if (nodeAffinity && nodeAffinity->requiredDuringSchedulingIgnoredDuringExecution)
        m_affinity = LazyErrorNodeSelector(*nodeAffinity->requiredDuringSchedulingIgnoredDuringExecution);
    if (!m_affinity && !m_nodeSelector.isEmpty()) {
        QString description = QStringLiteral("RequiredNodeAffinity/nodeSelector");
        for (auto it = m_nodeSelector.cbegin(); it != m_nodeSelector.cend(); ++it)
            description += QLatin1Char('\x1f') + it.key() + QLatin1Char('=') + it.value();
        m_memoKey = framework::podCountMemoKey(description);
    }
}

bool RequiredNodeAffinity::match(const framework::NodeInfo& nodeInfo) const
{
    if (m_memoKey == 0)
        return match(nodeInfo.node());
    return nodeInfo.memoizedCount(m_memoKey, [&] { return match(nodeInfo.node()) ? 1 : 0; }) != 0;
}

std::vector<char> RequiredNodeAffinity::matchAll(const QList<framework::NodeInfoPtr>& nodes,
                                                 const framework::NodeColumns& columns) const
{
    if (m_affinity) {
        std::vector<char> matches(size_t(nodes.size()));
        for (qsizetype i = 0; i < nodes.size(); ++i)
            matches[size_t(i)] = match(nodes[i]->node()) ? 1 : 0;
        return matches;
    }
    return *columns.selectorMatches(m_nodeSelector);
}

bool RequiredNodeAffinity::match(const Node& node, QString* error) const
{
    // labels.SelectorFromSet: every entry must be present with an equal value.
    for (auto it = m_nodeSelector.cbegin(); it != m_nodeSelector.cend(); ++it) {
        const auto found = node.meta.labels.constFind(it.key());
        if (found == node.meta.labels.cend() || *found != it.value())
            return false;
    }
    if (m_affinity)
        return m_affinity->match(node, error);
    return true;
}

// ---- Free functions --------------------------------------------------------------------------------

bool matchNodeSelectorTerms(const Node& node, const ksv::NodeSelector& selector, QString* error)
{
    return LazyErrorNodeSelector(selector).match(node, error);
}

bool podMatchesNodeSelectorAndAffinityTerms(const Pod& pod, const Node& node)
{
    return RequiredNodeAffinity(pod).match(node);
}

QString aggregateErrorMessage(const QStringList& messages)
{
    if (messages.size() == 1)
        return messages.constFirst();
    QStringList unique;
    QSet<QString> seen;
    for (const auto& message : messages) {
        if (!seen.contains(message)) {
            seen.insert(message);
            unique.append(message);
        }
    }
    if (unique.size() <= 1)
        return unique.value(0);
    return QLatin1Char('[') + unique.join(QStringLiteral(", ")) + QLatin1Char(']');
}

} // namespace ksv::plugins::nodeaffinity
