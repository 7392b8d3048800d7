#include "wire.h"

#include "gojson.h"
#include "scenario/encode.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace ksv::extender {

namespace {

QString key(const char* text)
{
    return QString::fromLatin1(text);
}

QJsonObject podJson(const Pod& pod)
{
    return encodeObject(KubeObject(pod));
}

QByteArray compact(const QJsonObject& object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

} // namespace

QByteArray encodeExtenderArgs(const Pod& pod, const QList<framework::NodeInfoPtr>& nodes, bool nodeCacheCapable)
{
    QJsonObject args {{key("Pod"), podJson(pod)}};
    if (nodeCacheCapable) {
        QJsonArray names;
        for (const framework::NodeInfoPtr& node : nodes)
            names.append(node->name());
        args.insert(key("NodeNames"), names);
        args.insert(key("Nodes"), QJsonValue::Null);
    } else {
        QJsonArray items;
        for (const framework::NodeInfoPtr& node : nodes)
            items.append(encodeObject(KubeObject(node->node())));
        args.insert(key("Nodes"), QJsonObject {{key("metadata"), QJsonObject()}, {key("items"), items}});
        args.insert(key("NodeNames"), QJsonValue::Null);
    }
    return compact(args);
}

QByteArray encodeBindingArgs(const Pod& pod, const QString& node)
{
    return compact(QJsonObject {{key("PodName"), pod.meta.name},
                                {key("PodNamespace"), pod.meta.namespace_},
                                {key("PodUID"), pod.meta.uid},
                                {key("Node"), node}});
}

QByteArray encodePreemptionArgs(const Pod& pod, const framework::NodeNameToVictims& victims, bool nodeCacheCapable)
{
    QJsonObject byNode;
    for (auto it = victims.cbegin(); it != victims.cend(); ++it) {
        QJsonArray pods;
        for (const framework::PodInfoPtr& victim : it->pods)
            pods.append(nodeCacheCapable ? QJsonValue(QJsonObject {{key("UID"), victim->pod->meta.uid}}) : QJsonValue(podJson(*victim->pod)));
        byNode.insert(it.key(), QJsonObject {{key("Pods"), pods}, {key("NumPDBViolations"), it->numPDBViolations}});
    }
    QJsonObject args {{key("Pod"), podJson(pod)}};
    args.insert(key("NodeNameToVictims"), nodeCacheCapable ? QJsonValue(QJsonValue::Null) : QJsonValue(byNode));
    args.insert(key("NodeNameToMetaVictims"), nodeCacheCapable ? QJsonValue(byNode) : QJsonValue(QJsonValue::Null));
    return compact(args);
}

namespace {

using Type = GoJsonValue::Type;

// Walks a decoded value into Go types, keeping the first type error as Go's Unmarshal reports it
// (it goes on decoding and returns the first). `structName` is the innermost Go struct, `path` the
// field names from the top.
class Unmarshal
{
public:
    QString error;

    bool ok() const { return error.isEmpty(); }

    // A value of the wrong JSON type for the Go type `goType`.
    void mismatch(const GoJsonValue& value, const QString& structName, const QString& path, const QString& goType, bool withLiteral = false)
    {
        if (!error.isEmpty())
            return;
        QString what = value.goTypeName();
        if (withLiteral)
            what += QLatin1Char(' ') + value.text;
        error = structName.isEmpty() ? QStringLiteral("json: cannot unmarshal %1 into Go value of type %2").arg(what, goType)
                                     : QStringLiteral("json: cannot unmarshal %1 into Go struct field %2.%3 of type %4")
                                           .arg(what, structName, path, goType);
    }

    // Whether `value` may go into a Go value whose JSON form is `type` (null always may).
    bool expect(const GoJsonValue* value, Type type, const QString& structName, const QString& path, const QString& goType)
    {
        if (!value || value->type == Type::Null)
            return false;
        if (value->type != type) {
            mismatch(*value, structName, path, goType);
            return false;
        }
        return true;
    }

    QString string(const GoJsonValue* value, const QString& structName, const QString& path)
    {
        return expect(value, Type::String, structName, path, QStringLiteral("string")) ? value->text : QString();
    }

    qint64 int64(const GoJsonValue* value, const QString& structName, const QString& path)
    {
        if (!expect(value, Type::Number, structName, path, QStringLiteral("int64")))
            return 0;
        bool parsed = false;
        const qint64 number = value->text.toLongLong(&parsed);
        if (!parsed)
            mismatch(*value, structName, path, QStringLiteral("int64"), true);
        return parsed ? number : 0;
    }

    QMap<QString, QString> stringMap(const GoJsonValue* value, const QString& structName, const QString& path, const QString& goType)
    {
        QMap<QString, QString> map;
        if (!expect(value, Type::Object, structName, path, goType))
            return map;
        for (const auto& [name, entry] : value->members) {
            if (entry.type == Type::Null) {
                map.insert(name, QString());
                continue;
            }
            map.insert(name, string(&entry, structName, path));
        }
        return map;
    }
};

} // namespace

namespace {

// Decoder.Decode into `Result`: the first value of the body, then `decode` walks it into Go types.
// A syntax error or the first type error is the error; there is no answer then.
template<typename Result, typename Decode>
std::optional<Result> decodeAs(const QByteArray& body, QString* error, Decode&& decode)
{
    const GoJsonResult parsed = decodeFirstValue(body);
    if (!parsed.value) {
        *error = parsed.error;
        return std::nullopt;
    }
    Unmarshal go;
    Result result = decode(*parsed.value, go);
    if (!go.ok()) {
        *error = go.error;
        return std::nullopt;
    }
    return result;
}

QStringList nodeListNames(const GoJsonValue& nodes, Unmarshal& go)
{
    QStringList names;
    const GoJsonValue* items = nodes.member(QLatin1StringView("items"));
    if (!go.expect(items, Type::Array, QStringLiteral("NodeList"), QStringLiteral("Nodes.items"), QStringLiteral("[]v1.Node")))
        return names;
    for (const GoJsonValue& item : items->items) {
        QString name;
        if (go.expect(&item, Type::Object, QStringLiteral("NodeList"), QStringLiteral("Nodes.items"), QStringLiteral("v1.Node"))) {
            const GoJsonValue* meta = item.member(QLatin1StringView("metadata"));
            if (go.expect(meta, Type::Object, QStringLiteral("Node"), QStringLiteral("Nodes.items.metadata"), QStringLiteral("v1.ObjectMeta")))
                name = go.string(meta->member(QLatin1StringView("name")), QStringLiteral("ObjectMeta"), QStringLiteral("Nodes.items.metadata.name"));
        }
        names.append(name);
    }
    return names;
}

MetaVictims metaVictims(const GoJsonValue& value, Unmarshal& go)
{
    const QString field = QStringLiteral("NodeNameToMetaVictims");
    const QString victimsStruct = QStringLiteral("MetaVictims");
    MetaVictims victims;
    const GoJsonValue* pods = value.member(QLatin1StringView("Pods"));
    if (go.expect(pods, Type::Array, victimsStruct, field + QStringLiteral(".Pods"), QStringLiteral("[]*v1.MetaPod"))) {
        for (const GoJsonValue& pod : pods->items) {
            if (go.expect(&pod, Type::Object, victimsStruct, field + QStringLiteral(".Pods"), QStringLiteral("v1.MetaPod")))
                victims.podUids.append(go.string(pod.member(QLatin1StringView("UID")), QStringLiteral("MetaPod"), field + QStringLiteral(".Pods.UID")));
            else if (pod.type == Type::Null)
                victims.podUids.append(QString()); // a nil *MetaPod: no pod has an empty UID, so it is not found
        }
    }
    victims.numPDBViolations = go.int64(value.member(QLatin1StringView("NumPDBViolations")), victimsStruct, field + QStringLiteral(".NumPDBViolations"));
    return victims;
}

} // namespace

std::optional<FilterAnswer> decodeFilterResult(const QByteArray& body, QString* error)
{
    return decodeAs<FilterAnswer>(body, error, [](const GoJsonValue& root, Unmarshal& go) {
        FilterAnswer answer;
        const QString top = QStringLiteral("ExtenderFilterResult");
        if (root.type != Type::Null && root.type != Type::Object)
            go.mismatch(root, QString(), QString(), QStringLiteral("v1.ExtenderFilterResult"));
        if (root.type != Type::Object)
            return answer;
        if (const GoJsonValue* nodes = root.member(QLatin1StringView("Nodes"));
            go.expect(nodes, Type::Object, top, QStringLiteral("Nodes"), QStringLiteral("v1.NodeList")))
            answer.nodes = nodeListNames(*nodes, go);
        if (const GoJsonValue* names = root.member(QLatin1StringView("NodeNames"));
            go.expect(names, Type::Array, top, QStringLiteral("NodeNames"), QStringLiteral("[]string"))) {
            answer.nodeNames = QStringList();
            for (const GoJsonValue& name : names->items)
                answer.nodeNames->append(go.string(&name, top, QStringLiteral("NodeNames")));
        }
        answer.failedNodes = go.stringMap(root.member(QLatin1StringView("FailedNodes")), top, QStringLiteral("FailedNodes"),
                                          QStringLiteral("v1.FailedNodesMap"));
        answer.failedAndUnresolvableNodes = go.stringMap(root.member(QLatin1StringView("FailedAndUnresolvableNodes")), top,
                                                         QStringLiteral("FailedAndUnresolvableNodes"), QStringLiteral("v1.FailedNodesMap"));
        answer.error = go.string(root.member(QLatin1StringView("Error")), top, QStringLiteral("Error"));
        return answer;
    });
}

std::optional<QList<framework::HostPriority>> decodeHostPriorityList(const QByteArray& body, QString* error)
{
    return decodeAs<QList<framework::HostPriority>>(body, error, [](const GoJsonValue& root, Unmarshal& go) {
        QList<framework::HostPriority> list;
        if (!go.expect(&root, Type::Array, QString(), QString(), QStringLiteral("v1.HostPriorityList")))
            return list;
        const QString entry = QStringLiteral("HostPriority");
        for (const GoJsonValue& item : root.items) {
            framework::HostPriority priority;
            if (go.expect(&item, Type::Object, QString(), QString(), QStringLiteral("v1.HostPriority"))) {
                priority.host = go.string(item.member(QLatin1StringView("Host")), entry, QStringLiteral("Host"));
                priority.score = go.int64(item.member(QLatin1StringView("Score")), entry, QStringLiteral("Score"));
            }
            list.append(priority);
        }
        return list;
    });
}

std::optional<QString> decodeBindingResult(const QByteArray& body, QString* error)
{
    return decodeAs<QString>(body, error, [](const GoJsonValue& root, Unmarshal& go) {
        if (!go.expect(&root, Type::Object, QString(), QString(), QStringLiteral("v1.ExtenderBindingResult")))
            return QString();
        return go.string(root.member(QLatin1StringView("Error")), QStringLiteral("ExtenderBindingResult"), QStringLiteral("Error"));
    });
}

std::optional<PreemptionAnswer> decodePreemptionResult(const QByteArray& body, QString* error)
{
    return decodeAs<PreemptionAnswer>(body, error, [](const GoJsonValue& root, Unmarshal& go) {
        PreemptionAnswer answer;
        if (!go.expect(&root, Type::Object, QString(), QString(), QStringLiteral("v1.ExtenderPreemptionResult")))
            return answer;
        const GoJsonValue* byNode = root.member(QLatin1StringView("NodeNameToMetaVictims"));
        if (!go.expect(byNode, Type::Object, QStringLiteral("ExtenderPreemptionResult"), QStringLiteral("NodeNameToMetaVictims"),
                       QStringLiteral("map[string]*v1.MetaVictims")))
            return answer;
        for (const auto& [node, value] : byNode->members) {
            if (value.type == Type::Null)
                answer.nodeNameToMetaVictims.insert(node, std::nullopt);
            else if (go.expect(&value, Type::Object, QStringLiteral("ExtenderPreemptionResult"), QStringLiteral("NodeNameToMetaVictims"),
                               QStringLiteral("v1.MetaVictims")))
                answer.nodeNameToMetaVictims.insert(node, metaVictims(value, go));
        }
        return answer;
    });
}

} // namespace ksv::extender
