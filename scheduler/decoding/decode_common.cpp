// Decoding of the parts many kinds share: metadata, selectors, affinity, taints and tolerations.
#include "decode_common.h"

#include <QDateTime>

namespace ksv {

namespace {

const QString nameRule = QStringLiteral(
    "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', "
    "and must start and end with an alphanumeric character");

void checkLabels(const YamlField& field, const Labels& labels)
{
    for (const auto& [key, value] : field.entries()) {
        if (!isQualifiedName(key))
            value.fail(quoteForMessage(key) + QStringLiteral(" is not a valid label key"));
        if (!isValidLabelValue(labels.value(key)))
            value.fail(quoteForMessage(labels.value(key)) + QStringLiteral(" is not a valid label value"));
    }
}

} // namespace

qint64 decodeTimestampMs(const YamlField& timestamp)
{
    const QString text = timestamp.toString();
    QDateTime parsed = QDateTime::fromString(text, Qt::ISODateWithMs);
    if (!parsed.isValid())
        timestamp.fail(quoteForMessage(text) + QStringLiteral(" is not an RFC 3339 time"));
    return parsed.toMSecsSinceEpoch();
}

ObjectMeta decodeObjectMeta(const YamlField& metadata, bool namespaced)
{
    if (!metadata.isDefined())
        metadata.fail(QStringLiteral("required value is missing"));
    ObjectMeta meta;
    meta.source = metadata.location();
    meta.name = metadata.requiredString("name");
    if (!isDNS1123Subdomain(meta.name))
        metadata["name"].fail(quoteForMessage(meta.name) + QStringLiteral(" is not a valid name: ") + nameRule);
    if (namespaced) {
        meta.namespace_ = metadata.stringOr("namespace", QStringLiteral("default"));
        if (!isDNS1123Subdomain(meta.namespace_))
            metadata["namespace"].fail(quoteForMessage(meta.namespace_) + QStringLiteral(" is not a valid namespace"));
    }
    meta.uid = metadata.stringOr("uid");
    meta.labels = metadata["labels"].toStringMap();
    checkLabels(metadata["labels"], meta.labels);
    meta.annotations = metadata["annotations"].toStringMap();
    if (const auto created = metadata["creationTimestamp"]; created.isDefined())
        meta.creationTimestampMs = decodeTimestampMs(created);
    if (const auto deleted = metadata["deletionTimestamp"]; deleted.isDefined())
        meta.deletionTimestampMs = decodeTimestampMs(deleted);
    meta.ownerReferences = metadata["ownerReferences"].list<OwnerReference>([](const YamlField& ref) {
        OwnerReference owner;
        owner.apiVersion = ref.stringOr("apiVersion");
        owner.kind = ref.requiredString("kind");
        owner.name = ref.requiredString("name");
        owner.uid = ref.stringOr("uid");
        owner.controller = ref["controller"].isDefined() && ref["controller"].toBool();
        return owner;
    });
    return meta;
}

namespace {

LabelSelectorRequirement decodeLabelSelectorRequirement(const YamlField& field)
{
    LabelSelectorRequirement requirement;
    requirement.key = field.requiredString("key");
    if (!isQualifiedName(requirement.key))
        field["key"].fail(quoteForMessage(requirement.key) + QStringLiteral(" is not a valid label key"));
    const YamlField op = field["operator"];
    if (!op.isDefined())
        op.fail(QStringLiteral("required value is missing"));
    requirement.op = static_cast<SelectorOperator>(
        op.toEnum({QStringLiteral("In"), QStringLiteral("NotIn"), QStringLiteral("Exists"), QStringLiteral("DoesNotExist")}));
    requirement.values = field["values"].toStringList();
    const bool needsValues = requirement.op == SelectorOperator::In || requirement.op == SelectorOperator::NotIn;
    if (needsValues && requirement.values.isEmpty())
        field["values"].fail(QStringLiteral("must be specified when `operator` is 'In' or 'NotIn'"));
    if (!needsValues && !requirement.values.isEmpty())
        field["values"].fail(QStringLiteral("may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
    return requirement;
}

} // namespace

LabelSelector decodeLabelSelector(const YamlField& selector)
{
    if (selector.isDefined() && !selector.isMap())
        selector.fail(QStringLiteral("expected a label selector mapping, found ") + selector.describe());
    LabelSelector result;
    result.matchLabels = selector["matchLabels"].toStringMap();
    checkLabels(selector["matchLabels"], result.matchLabels);
    result.matchExpressions = selector["matchExpressions"].list<LabelSelectorRequirement>(decodeLabelSelectorRequirement);
    return result;
}

std::optional<LabelSelector> decodeOptionalLabelSelector(const YamlField& selector)
{
    if (!selector.isDefined())
        return std::nullopt;
    return decodeLabelSelector(selector);
}

namespace {

NodeSelectorRequirement decodeNodeSelectorRequirement(const YamlField& field, bool isField)
{
    NodeSelectorRequirement requirement;
    requirement.key = field.requiredString("key");
    const YamlField op = field["operator"];
    if (!op.isDefined())
        op.fail(QStringLiteral("required value is missing"));
    requirement.op = static_cast<SelectorOperator>(op.toEnum({QStringLiteral("In"), QStringLiteral("NotIn"),
                                                               QStringLiteral("Exists"), QStringLiteral("DoesNotExist"),
                                                               QStringLiteral("Gt"), QStringLiteral("Lt")}));
    requirement.values = field["values"].toStringList();
    const YamlField values = field["values"];
    if (isField) {
        // ValidateNodeFieldSelectorRequirement: only metadata.name, In/NotIn, exactly one value.
        if (requirement.key != QLatin1String("metadata.name"))
            field["key"].fail(quoteForMessage(requirement.key) + QStringLiteral(" is not a supported field: only metadata.name"));
        if (requirement.op != SelectorOperator::In && requirement.op != SelectorOperator::NotIn)
            op.fail(quoteForMessage(toString(requirement.op)) + QStringLiteral(" is not a valid operator for matchFields: In, NotIn"));
        if (requirement.values.size() != 1)
            values.fail(QStringLiteral("must be only one value when `operator` is 'In' or 'NotIn' for node field selector"));
        return requirement;
    }
    if (!isQualifiedName(requirement.key))
        field["key"].fail(quoteForMessage(requirement.key) + QStringLiteral(" is not a valid label key"));
    switch (requirement.op) {
    case SelectorOperator::In:
    case SelectorOperator::NotIn:
        if (requirement.values.isEmpty())
            values.fail(QStringLiteral("must be specified when `operator` is 'In' or 'NotIn'"));
        break;
    case SelectorOperator::Exists:
    case SelectorOperator::DoesNotExist:
        if (!requirement.values.isEmpty())
            values.fail(QStringLiteral("may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
        break;
    case SelectorOperator::Gt:
    case SelectorOperator::Lt: {
        if (requirement.values.size() != 1)
            values.fail(QStringLiteral("must be specified single value when `operator` is 'Lt' or 'Gt'"));
        bool ok = false;
        requirement.values.constFirst().toLongLong(&ok);
        if (!ok)
            values.elements().constFirst().fail(quoteForMessage(requirement.values.constFirst()) + QStringLiteral(" is not an integer"));
        break;
    }
    }
    return requirement;
}

} // namespace

NodeSelectorTerm decodeNodeSelectorTerm(const YamlField& term)
{
    NodeSelectorTerm result;
    result.matchExpressions = term["matchExpressions"].list<NodeSelectorRequirement>(
        [](const YamlField& f) { return decodeNodeSelectorRequirement(f, false); });
    result.matchFields = term["matchFields"].list<NodeSelectorRequirement>(
        [](const YamlField& f) { return decodeNodeSelectorRequirement(f, true); });
    return result;
}

NodeSelector decodeNodeSelector(const YamlField& selector)
{
    NodeSelector result;
    const YamlField terms = selector["nodeSelectorTerms"];
    if (terms.elements().isEmpty())
        terms.fail(QStringLiteral("must have at least one node selector term"));
    result.nodeSelectorTerms = terms.list<NodeSelectorTerm>(decodeNodeSelectorTerm);
    return result;
}

Taint decodeTaint(const YamlField& field)
{
    Taint taint;
    taint.key = field.requiredString("key");
    if (!isQualifiedName(taint.key))
        field["key"].fail(quoteForMessage(taint.key) + QStringLiteral(" is not a valid taint key"));
    taint.value = field.stringOr("value");
    if (!isValidLabelValue(taint.value))
        field["value"].fail(quoteForMessage(taint.value) + QStringLiteral(" is not a valid taint value"));
    const YamlField effect = field["effect"];
    if (!effect.isDefined())
        effect.fail(QStringLiteral("required value is missing"));
    taint.effect = static_cast<TaintEffect>(effect.toEnum(
        {QStringLiteral("NoSchedule"), QStringLiteral("PreferNoSchedule"), QStringLiteral("NoExecute")}));
    return taint;
}

Toleration decodeToleration(const YamlField& field)
{
    Toleration toleration;
    toleration.key = field.stringOr("key");
    if (!toleration.key.isEmpty() && !isQualifiedName(toleration.key))
        field["key"].fail(quoteForMessage(toleration.key) + QStringLiteral(" is not a valid toleration key"));
    const YamlField op = field["operator"];
    if (op.isDefined() && !op.toString().isEmpty())
        toleration.op = static_cast<TolerationOperator>(op.toEnum({QStringLiteral("Equal"), QStringLiteral("Exists")}));
    toleration.value = field.stringOr("value");
    // ValidateTolerations (pkg/apis/core/validation/validation.go), messages as upstream's.
    if (toleration.key.isEmpty() && toleration.op != TolerationOperator::Exists)
        op.fail(QStringLiteral("operator must be Exists when `key` is empty, which means \"match all values and all keys\""));
    if (toleration.op == TolerationOperator::Exists && !toleration.value.isEmpty())
        field["value"].fail(QStringLiteral("value must be empty when `operator` is 'Exists'"));
    const YamlField effect = field["effect"];
    if (effect.isDefined() && !effect.toString().isEmpty()) {
        toleration.effect = static_cast<TaintEffect>(effect.toEnum(
            {QStringLiteral("NoSchedule"), QStringLiteral("PreferNoSchedule"), QStringLiteral("NoExecute")}));
    }
    if (const YamlField seconds = field["tolerationSeconds"]; seconds.isDefined()) {
        toleration.tolerationSeconds = seconds.toInt(std::numeric_limits<qint64>::min(), std::numeric_limits<qint64>::max());
        if (toleration.effect != TaintEffect::NoExecute)
            effect.fail(QStringLiteral("effect must be 'NoExecute' when `tolerationSeconds` is set"));
    }
    return toleration;
}

namespace {

PodAffinityTerm decodePodAffinityTerm(const YamlField& field)
{
    PodAffinityTerm term;
    term.labelSelector = decodeOptionalLabelSelector(field["labelSelector"]);
    term.namespaces = field["namespaces"].toStringList();
    term.topologyKey = field.stringOr("topologyKey");
    if (term.topologyKey.isEmpty())
        field["topologyKey"].fail(QStringLiteral("can not be empty"));
    if (!isQualifiedName(term.topologyKey))
        field["topologyKey"].fail(quoteForMessage(term.topologyKey) + QStringLiteral(" is not a valid label key"));
    term.namespaceSelector = decodeOptionalLabelSelector(field["namespaceSelector"]);
    term.matchLabelKeys = field["matchLabelKeys"].toStringList();
    term.mismatchLabelKeys = field["mismatchLabelKeys"].toStringList();
    for (const auto& key : term.matchLabelKeys) {
        if (term.mismatchLabelKeys.contains(key))
            field["matchLabelKeys"].fail(quoteForMessage(key) + QStringLiteral(" exists in both matchLabelKeys and mismatchLabelKeys"));
    }
    return term;
}

int decodeWeight(const YamlField& weight)
{
    if (!weight.isDefined())
        weight.fail(QStringLiteral("required value is missing"));
    return static_cast<int>(weight.toInt(1, 100));
}

PodAffinity decodePodAffinity(const YamlField& field)
{
    PodAffinity affinity;
    affinity.requiredDuringSchedulingIgnoredDuringExecution =
        field["requiredDuringSchedulingIgnoredDuringExecution"].list<PodAffinityTerm>(decodePodAffinityTerm);
    affinity.preferredDuringSchedulingIgnoredDuringExecution =
        field["preferredDuringSchedulingIgnoredDuringExecution"].list<WeightedPodAffinityTerm>([](const YamlField& f) {
            WeightedPodAffinityTerm weighted;
            weighted.weight = decodeWeight(f["weight"]);
            const YamlField term = f["podAffinityTerm"];
            if (!term.isDefined())
                term.fail(QStringLiteral("required value is missing"));
            weighted.podAffinityTerm = decodePodAffinityTerm(term);
            return weighted;
        });
    return affinity;
}

} // namespace

Affinity decodeAffinity(const YamlField& field)
{
    Affinity affinity;
    if (const YamlField node = field["nodeAffinity"]; node.isDefined()) {
        NodeAffinity nodeAffinity;
        if (const YamlField required = node["requiredDuringSchedulingIgnoredDuringExecution"]; required.isDefined())
            nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution = decodeNodeSelector(required);
        nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution =
            node["preferredDuringSchedulingIgnoredDuringExecution"].list<PreferredSchedulingTerm>([](const YamlField& f) {
                PreferredSchedulingTerm term;
                term.weight = decodeWeight(f["weight"]);
                const YamlField preference = f["preference"];
                if (!preference.isDefined())
                    preference.fail(QStringLiteral("required value is missing"));
                term.preference = decodeNodeSelectorTerm(preference);
                return term;
            });
        affinity.nodeAffinity = nodeAffinity;
    }
    if (const YamlField pod = field["podAffinity"]; pod.isDefined())
        affinity.podAffinity = decodePodAffinity(pod);
    if (const YamlField anti = field["podAntiAffinity"]; anti.isDefined())
        affinity.podAntiAffinity = decodePodAffinity(anti);
    return affinity;
}

ResourceList decodeResourceList(const YamlField& resources)
{
    ResourceList result;
    for (const auto& [name, value] : resources.entries()) {
        if (!isQualifiedName(name))
            value.fail(quoteForMessage(name) + QStringLiteral(" is not a valid resource name"));
        const Quantity quantity = value.toQuantity();
        if (quantity.sign() < 0)
            value.fail(quoteForMessage(value.toString()) + QStringLiteral(" must be greater than or equal to 0"));
        result.insert(name, quantity);
    }
    return result;
}

} // namespace ksv
