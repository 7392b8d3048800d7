#include "demorules.h"

#include "decoding/yamlfield.h"
#include "scenario/loader.h"
#include "scenario/yamldocuments.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace ksv::extender {

namespace {

const QString rulesApiVersion = QStringLiteral("kschedviz.io/v1alpha1");
const QString rulesKind = QStringLiteral("ExtenderRules");

LabelRule labelRule(const YamlField& field)
{
    const QString text = field.toString();
    const qsizetype equals = text.indexOf(QLatin1Char('='));
    if (equals <= 0)
        field.fail(QStringLiteral("expected key=value, such as disktype=ssd"));
    return LabelRule {text.left(equals), text.mid(equals + 1)};
}

Fault decodeFault(const YamlField& field)
{
    field.rejectUnknownKeys({QStringLiteral("verb"), QStringLiteral("answer"), QStringLiteral("pods"), QStringLiteral("delay")},
                            QStringLiteral("unknown field; a fault has verb, answer, pods, delay"));
    Fault fault;
    const QStringList verbs = {QStringLiteral("filter"), QStringLiteral("prioritize"), QStringLiteral("bind"), QStringLiteral("preempt")};
    if (!field.has("verb"))
        field["verb"].fail(QStringLiteral("required field is missing"));
    fault.verb = static_cast<Verb>(field["verb"].toEnum(verbs));
    const QStringList answers = {QStringLiteral("error500"),   QStringLiteral("garbage"), QStringLiteral("unknownNode"),
                                 QStringLiteral("errorField"), QStringLiteral("slow"),    QStringLiteral("empty")};
    if (!field.has("answer"))
        field["answer"].fail(QStringLiteral("required field is missing"));
    fault.answer = static_cast<FaultAnswer>(field["answer"].toEnum(answers));
    if (field.has("pods"))
        fault.pods = field["pods"].toStringList();
    if (const YamlField delay = field["delay"]; delay.isDefined()) {
        const auto nanos = parseDuration(delay.toString());
        if (!nanos || *nanos < 0)
            delay.fail(QStringLiteral("\"") + delay.toString() + QStringLiteral("\" is not a non-negative duration (such as 500ms, 7s)"));
        fault.delayNanos = *nanos;
    }
    if (fault.answer == FaultAnswer::Slow && fault.delayNanos == 0)
        field["delay"].fail(QStringLiteral("a slow answer needs a delay"));
    return fault;
}

} // namespace

DemoRules decodeDemoRules(const QByteArray& text, const QString& fileName)
{
    const std::vector<YAML::Node> documents = parseYamlDocuments(text, fileName);
    if (documents.size() != 1)
        throw LoadError(SourceLocation {fileName, 1, 1}, {}, QStringLiteral("expected one ExtenderRules document"));
    const YamlField root(documents.front(), fileName);
    if (!root.isMap())
        root.fail(QStringLiteral("expected an ExtenderRules mapping, found ") + root.describe());
    root.rejectUnknownKeys({QStringLiteral("apiVersion"), QStringLiteral("kind"), QStringLiteral("filter"), QStringLiteral("prioritize"),
                            QStringLiteral("bind"), QStringLiteral("preempt"), QStringLiteral("faults")},
                           QStringLiteral("unknown field; ExtenderRules has apiVersion, kind, filter, prioritize, bind, preempt, faults"));
    if (root["apiVersion"].toString() != rulesApiVersion)
        root["apiVersion"].fail(QStringLiteral("expected ") + rulesApiVersion);
    if (root["kind"].toString() != rulesKind)
        root["kind"].fail(QStringLiteral("expected ") + rulesKind);
    return decodeDemoRules(root);
}

DemoRules decodeDemoRules(const YamlField& root)
{
    if (!root.isMap())
        root.fail(QStringLiteral("expected a mapping with filter, prioritize, bind, preempt, faults"));
    root.rejectUnknownKeys({QStringLiteral("apiVersion"), QStringLiteral("kind"), QStringLiteral("filter"), QStringLiteral("prioritize"),
                            QStringLiteral("bind"), QStringLiteral("preempt"), QStringLiteral("faults")},
                           QStringLiteral("unknown field; the rules have filter, prioritize, bind, preempt, faults"));
    DemoRules rules;
    if (const YamlField filter = root["filter"]; filter.isDefined()) {
        filter.rejectUnknownKeys({QStringLiteral("requireLabel"), QStringLiteral("allowNodes"), QStringLiteral("unresolvable"),
                                  QStringLiteral("refusePods")},
                                 QStringLiteral("unknown field; filter has requireLabel, allowNodes, unresolvable, refusePods"));
        if (filter.has("requireLabel"))
            rules.requireLabel = labelRule(filter["requireLabel"]);
        if (filter.has("allowNodes"))
            rules.allowNodes = filter["allowNodes"].toStringList();
        if (filter.has("unresolvable"))
            rules.unresolvable = filter["unresolvable"].toBool();
        if (filter.has("refusePods"))
            rules.filterRefusePods = filter["refusePods"].toStringList();
    }
    if (const YamlField prioritize = root["prioritize"]; prioritize.isDefined()) {
        prioritize.rejectUnknownKeys({QStringLiteral("scoreLabel"), QStringLiteral("scores")},
                                     QStringLiteral("unknown field; prioritize has scoreLabel, scores"));
        rules.scoreLabel = prioritize.stringOr("scoreLabel");
        if (const YamlField scores = prioritize["scores"]; scores.isDefined()) {
            if (!scores.isMap())
                scores.fail(QStringLiteral("expected a mapping of node names to scores 0-10"));
            for (const auto& [node, score] : scores.entries())
                rules.scores.insert(node, score.toInt(0, 10));
        }
    }
    if (const YamlField bind = root["bind"]; bind.isDefined()) {
        bind.rejectUnknownKeys({QStringLiteral("refusePods")}, QStringLiteral("unknown field; bind has refusePods"));
        if (bind.has("refusePods"))
            rules.bindRefusePods = bind["refusePods"].toStringList();
    }
    if (const YamlField preempt = root["preempt"]; preempt.isDefined()) {
        preempt.rejectUnknownKeys({QStringLiteral("protectLabel")}, QStringLiteral("unknown field; preempt has protectLabel"));
        if (preempt.has("protectLabel"))
            rules.protectLabel = labelRule(preempt["protectLabel"]);
    }
    if (const YamlField faults = root["faults"]; faults.isDefined()) {
        if (!faults.isSequence())
            faults.fail(QStringLiteral("expected a list of faults"));
        rules.faults = faults.list<Fault>(decodeFault);
    }
    return rules;
}

DemoRules loadDemoRules(const QString& path)
{
    return decodeDemoRules(readYamlFile(path), path);
}

namespace {

// Keys as Go's decoder matches them: exact, else case-insensitive.
QJsonValue member(const QJsonObject& object, const char* name)
{
    const QString key = QString::fromLatin1(name);
    if (object.contains(key))
        return object.value(key);
    for (auto it = object.begin(); it != object.end(); ++it) {
        if (it.key().compare(key, Qt::CaseInsensitive) == 0)
            return it.value();
    }
    return QJsonValue(QJsonValue::Undefined);
}

QString podKey(const QJsonObject& pod)
{
    const QJsonObject meta = pod.value(QStringLiteral("metadata")).toObject();
    return meta.value(QStringLiteral("namespace")).toString() + QLatin1Char('/') + meta.value(QStringLiteral("name")).toString();
}

bool hasLabel(const QJsonObject& object, const LabelRule& rule)
{
    const QJsonObject labels = object.value(QStringLiteral("metadata")).toObject().value(QStringLiteral("labels")).toObject();
    return labels.contains(rule.key) && labels.value(rule.key).toString() == rule.value;
}

DemoAnswer json(const QJsonValue& value)
{
    DemoAnswer answer;
    answer.body = value.isArray() ? QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact)
                                  : QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact);
    return answer;
}

DemoAnswer badRequest(const QString& why)
{
    return DemoAnswer {400, why.toUtf8(), 0};
}

struct SentNodes
{
    QStringList names;
    QList<QJsonObject> objects; // empty when sent by name
    bool byName = false;
};

SentNodes sentNodes(const QJsonObject& args)
{
    SentNodes sent;
    const QJsonValue nodes = member(args, "Nodes");
    if (nodes.isObject()) {
        for (const QJsonValue& item : nodes.toObject().value(QStringLiteral("items")).toArray()) {
            sent.objects.append(item.toObject());
            sent.names.append(item.toObject().value(QStringLiteral("metadata")).toObject().value(QStringLiteral("name")).toString());
        }
        return sent;
    }
    sent.byName = true;
    for (const QJsonValue& name : member(args, "NodeNames").toArray())
        sent.names.append(name.toString());
    return sent;
}

DemoAnswer filter(const DemoRules& rules, const QJsonObject& args, bool addUnknownNode)
{
    const QString pod = podKey(member(args, "Pod").toObject());
    const SentNodes sent = sentNodes(args);
    if (rules.requireLabel.isSet() && sent.byName)
        return json(QJsonObject {{QStringLiteral("Error"), QStringLiteral("the demo extender's requireLabel needs whole nodes: set nodeCacheCapable to false")}});
    QJsonObject failed;
    QJsonArray passingNames;
    QJsonArray passingItems;
    for (qsizetype i = 0; i < sent.names.size(); ++i) {
        QString reason;
        if (rules.filterRefusePods.contains(pod))
            reason = QStringLiteral("pod refused by the demo extender");
        else if (rules.allowNodes && !rules.allowNodes->contains(sent.names[i]))
            reason = QStringLiteral("node(s) not allowed by the demo extender");
        else if (rules.requireLabel.isSet() && !hasLabel(sent.objects[i], rules.requireLabel))
            reason = QStringLiteral("node(s) didn't have label ") + rules.requireLabel.key + QLatin1Char('=') + rules.requireLabel.value;
        if (!reason.isEmpty()) {
            failed.insert(sent.names[i], reason);
        } else {
            passingNames.append(sent.names[i]);
            if (!sent.byName)
                passingItems.append(sent.objects[i]);
        }
    }
    if (addUnknownNode) {
        passingNames.append(QStringLiteral("ghost-node"));
        passingItems.append(QJsonObject {{QStringLiteral("metadata"), QJsonObject {{QStringLiteral("name"), QStringLiteral("ghost-node")}}}});
    }
    QJsonObject result {{QStringLiteral("Error"), QString()}};
    if (sent.byName) {
        result.insert(QStringLiteral("NodeNames"), passingNames);
        result.insert(QStringLiteral("Nodes"), QJsonValue::Null);
    } else {
        result.insert(QStringLiteral("Nodes"), QJsonObject {{QStringLiteral("metadata"), QJsonObject()}, {QStringLiteral("items"), passingItems}});
        result.insert(QStringLiteral("NodeNames"), QJsonValue::Null);
    }
    result.insert(rules.unresolvable ? QStringLiteral("FailedAndUnresolvableNodes") : QStringLiteral("FailedNodes"), failed);
    return json(result);
}

DemoAnswer prioritize(const DemoRules& rules, const QJsonObject& args)
{
    const SentNodes sent = sentNodes(args);
    if (!rules.scoreLabel.isEmpty() && sent.byName)
        return DemoAnswer {500, QByteArrayLiteral("the demo extender's scoreLabel needs whole nodes: set nodeCacheCapable to false"), 0};
    QJsonArray list;
    for (qsizetype i = 0; i < sent.names.size(); ++i) {
        qint64 score = rules.scores.value(sent.names[i], 0);
        if (!rules.scores.contains(sent.names[i]) && !rules.scoreLabel.isEmpty()) {
            const QJsonObject labels = sent.objects[i].value(QStringLiteral("metadata")).toObject().value(QStringLiteral("labels")).toObject();
            score = labels.value(rules.scoreLabel).toString().toLongLong();
        }
        list.append(QJsonObject {{QStringLiteral("Host"), sent.names[i]}, {QStringLiteral("Score"), score}});
    }
    return json(list);
}

DemoAnswer bind(const DemoRules& rules, const QJsonObject& args)
{
    const QString pod = member(args, "PodNamespace").toString() + QLatin1Char('/') + member(args, "PodName").toString();
    if (rules.bindRefusePods.contains(pod))
        return json(QJsonObject {{QStringLiteral("Error"), QString(QStringLiteral("binding of ") + pod + QStringLiteral(" refused by the demo extender"))}});
    return json(QJsonObject {{QStringLiteral("Error"), QString()}});
}

DemoAnswer preempt(const DemoRules& rules, const QJsonObject& args)
{
    const QJsonValue whole = member(args, "NodeNameToVictims");
    const bool byUid = !whole.isObject();
    if (rules.protectLabel.isSet() && byUid)
        return DemoAnswer {500, QByteArrayLiteral("the demo extender's protectLabel needs whole pods: set nodeCacheCapable to false"), 0};
    const QJsonObject byNode = byUid ? member(args, "NodeNameToMetaVictims").toObject() : whole.toObject();
    QJsonObject result;
    for (auto it = byNode.begin(); it != byNode.end(); ++it) {
        const QJsonObject victims = it.value().toObject();
        QJsonArray metaPods;
        bool protectedVictim = false;
        for (const QJsonValue& pod : member(victims, "Pods").toArray()) {
            const QJsonObject object = pod.toObject();
            if (!byUid && rules.protectLabel.isSet() && hasLabel(object, rules.protectLabel))
                protectedVictim = true;
            const QString uid = byUid ? member(object, "UID").toString() : object.value(QStringLiteral("metadata")).toObject().value(QStringLiteral("uid")).toString();
            metaPods.append(QJsonObject {{QStringLiteral("UID"), uid}});
        }
        if (protectedVictim)
            continue;
        result.insert(it.key(), QJsonObject {{QStringLiteral("Pods"), metaPods}, {QStringLiteral("NumPDBViolations"), member(victims, "NumPDBViolations")}});
    }
    return json(QJsonObject {{QStringLiteral("NodeNameToMetaVictims"), result}});
}

} // namespace

DemoAnswer answerDemoRequest(const DemoRules& rules, Verb verb, const QByteArray& body)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(body, &error);
    if (error.error != QJsonParseError::NoError || !document.isObject())
        return badRequest(QStringLiteral("the demo extender could not read the request: ") + error.errorString());
    const QJsonObject args = document.object();
    const QString pod = verb == Verb::Bind
        ? member(args, "PodNamespace").toString() + QLatin1Char('/') + member(args, "PodName").toString()
        : podKey(member(args, "Pod").toObject());

    qint64 delay = 0;
    bool unknownNode = false;
    for (const Fault& fault : rules.faults) {
        if (fault.verb != verb || (!fault.pods.isEmpty() && !fault.pods.contains(pod)))
            continue;
        switch (fault.answer) {
        case FaultAnswer::Error500: return DemoAnswer {500, QByteArrayLiteral("demo fault: error500"), 0};
        case FaultAnswer::Garbage: return DemoAnswer {200, QByteArrayLiteral("<html>this is not JSON</html>"), 0};
        case FaultAnswer::Empty: return DemoAnswer {200, QByteArray(), 0};
        case FaultAnswer::ErrorField: // for prioritize, an object where a list belongs: a type error
            return json(QJsonObject {{QStringLiteral("Error"), QStringLiteral("demo fault: errorField")}});
        case FaultAnswer::UnknownNode: unknownNode = true; break;
        case FaultAnswer::Slow: delay = fault.delayNanos; break;
        }
        break;
    }
    DemoAnswer answer;
    switch (verb) {
    case Verb::Filter: answer = filter(rules, args, unknownNode); break;
    case Verb::Prioritize: answer = prioritize(rules, args); break;
    case Verb::Bind: answer = bind(rules, args); break;
    case Verb::Preempt: answer = preempt(rules, args); break;
    }
    answer.delayNanos = delay;
    return answer;
}

} // namespace ksv::extender
