#include "scenarioedits.h"

#include "decoding/yamlfield.h"
#include "decoding/loaderror.h"
#include "scenario/decode.h"
#include "scenario/encode.h"
#include "scenario/loader.h"
#include "scenario/yamldocuments.h"

#include <QRegularExpression>

#include <yaml-cpp/yaml.h>

namespace ksv {

namespace {

// The list of `cluster` that holds objects of `object`'s kind, and the index of the one `ref` names.
template<typename F>
auto withList(ClusterState& cluster, const QString& kind, F&& f)
{
    if (kind == QLatin1String("Node")) return f(cluster.nodes);
    if (kind == QLatin1String("Pod")) return f(cluster.pods);
    if (kind == QLatin1String("Namespace")) return f(cluster.namespaces);
    if (kind == QLatin1String("PriorityClass")) return f(cluster.priorityClasses);
    if (kind == QLatin1String("PodDisruptionBudget")) return f(cluster.podDisruptionBudgets);
    if (kind == QLatin1String("Service")) return f(cluster.services);
    if (kind == QLatin1String("ReplicationController")) return f(cluster.replicationControllers);
    if (kind == QLatin1String("ReplicaSet")) return f(cluster.replicaSets);
    if (kind == QLatin1String("StatefulSet")) return f(cluster.statefulSets);
    if (kind == QLatin1String("PersistentVolumeClaim")) return f(cluster.persistentVolumeClaims);
    if (kind == QLatin1String("PersistentVolume")) return f(cluster.persistentVolumes);
    if (kind == QLatin1String("StorageClass")) return f(cluster.storageClasses);
    if (kind == QLatin1String("CSINode")) return f(cluster.csiNodes);
    return f(cluster.podGroups);
}

bool names(const ObjectMeta& meta, const ObjectRef& ref)
{
    return meta.name == ref.name && meta.namespace_ == ref.namespace_;
}

// Removes the object from the cluster at t=0; false if it is not there.
bool removeInitial(ClusterState& cluster, const ObjectRef& ref)
{
    return withList(cluster, ref.kind, [&ref](auto& list) {
        for (qsizetype i = 0; i < list.size(); ++i) {
            if (names(list[i].meta, ref)) {
                list.removeAt(i);
                return true;
            }
        }
        return false;
    });
}

// Replaces the object in the cluster at t=0 (where it was, so that the order of pods stays); false if
// it is not there.
bool replaceInitial(ClusterState& cluster, const ObjectRef& ref, const KubeObject& replacement)
{
    return withList(cluster, ref.kind, [&](auto& list) {
        using T = typename std::decay_t<decltype(list)>::value_type;
        const T* object = std::get_if<T>(&replacement);
        for (qsizetype i = 0; i < list.size(); ++i) {
            if (names(list[i].meta, ref)) {
                if (object) {
                    list[i] = *object;
                } else { // another kind than before: delete and add
                    list.removeAt(i);
                    cluster.add(replacement);
                }
                return true;
            }
        }
        return false;
    });
}

qsizetype createEventOf(const QList<ObjectChange>& events, const ObjectRef& ref)
{
    for (qsizetype i = 0; i < events.size(); ++i) {
        if (events[i].action == EventAction::Create && refOf(events[i].object) == ref)
            return i;
    }
    return -1;
}

// After the events at the same time, as the loader orders events with equal times (file order).
void insertEvent(QList<ObjectChange>& events, ObjectChange change)
{
    qsizetype at = events.size();
    while (at > 0 && events[at - 1].at > change.at)
        --at;
    events.insert(at, std::move(change));
}

KubeObject singleObject(const ScenarioEdit& edit, const QString& fileName)
{
    QList<KubeObject> objects = decodeEditText(edit.manifest, fileName);
    if (objects.size() != 1) {
        throw LoadError({fileName, 1, 1}, {},
                        QStringLiteral("an edit of %1 is one object, found %2").arg(edit.target.toString()).arg(objects.size()));
    }
    return objects.takeFirst();
}

void apply(Scenario& scenario, const ScenarioEdit& edit, const QString& fileName)
{
    const bool atStart = !edit.at || *edit.at <= 0;
    const auto noSuchObject = [&] {
        return LoadError({fileName, 1, 1}, {}, edit.target.toString() + QStringLiteral(" is not in the scenario"));
    };
    switch (edit.kind) {
    case ScenarioEdit::Kind::Replace: {
        const KubeObject object = singleObject(edit, fileName);
        if (!atStart) {
            if (refOf(object) != edit.target)
                throw LoadError(locateField(edit.manifest, fileName, QStringLiteral("metadata.name")), QStringLiteral("metadata.name"),
                                QStringLiteral("a timed edit changes %1: its kind, namespace and name stay").arg(edit.target.toString()));
            insertEvent(scenario.events, ObjectChange {*edit.at, EventAction::Update, object, {fileName, 1, 1}});
        } else if (!replaceInitial(scenario.initial, edit.target, object)) {
            const qsizetype created = createEventOf(scenario.events, edit.target);
            if (created < 0)
                throw noSuchObject();
            scenario.events[created].object = object;
        }
        return;
    }
    case ScenarioEdit::Kind::Add:
        for (KubeObject& object : decodeEditText(edit.manifest, fileName)) {
            if (atStart)
                scenario.initial.add(std::move(object));
            else
                insertEvent(scenario.events, ObjectChange {*edit.at, EventAction::Create, std::move(object), {fileName, 1, 1}});
        }
        return;
    case ScenarioEdit::Kind::Delete: {
        if (!atStart) {
            const std::optional<KubeObject> object = findObject(scenario, edit.target);
            if (!object)
                throw noSuchObject();
            insertEvent(scenario.events, ObjectChange {*edit.at, EventAction::Delete, *object, {fileName, 1, 1}});
            return;
        }
        // Gone from the start: its creation and every later change of it go too.
        bool found = removeInitial(scenario.initial, edit.target);
        const qsizetype before = scenario.events.size();
        scenario.events.removeIf([&edit](const ObjectChange& change) { return refOf(change.object) == edit.target; });
        found = found || scenario.events.size() < before;
        if (!found)
            throw noSuchObject();
        return;
    }
    }
}

// The field path of a loader error about an object, without the place of the object in the
// generated document: "spec.objects[3].spec.nodeName" and "spec.events[0].object.spec.nodeName" are
// "spec.nodeName".
QString objectFieldPath(const QString& fieldPath)
{
    static const QRegularExpression prefix(QStringLiteral("^spec\\.(objects\\[\\d+\\]|events\\[\\d+\\]\\.object)\\.?"));
    QString path = fieldPath;
    return path.remove(prefix);
}

} // namespace

QString ObjectRef::toString() const
{
    return kind + QLatin1Char(' ') + (namespace_.isEmpty() ? name : namespace_ + QLatin1Char('/') + name);
}

ObjectRef refOf(const KubeObject& object)
{
    const ObjectMeta& meta = metaOf(object);
    return {kindOf(object), meta.namespace_, meta.name};
}

QString ScenarioEdit::description() const
{
    QString verb;
    switch (kind) {
    case Kind::Replace: verb = QStringLiteral("Edit ") + target.toString(); break;
    case Kind::Delete: verb = QStringLiteral("Delete ") + target.toString(); break;
    case Kind::Add: verb = target.name.isEmpty() ? QStringLiteral("Add objects") : QStringLiteral("Add ") + target.toString(); break;
    }
    return at && *at > 0 ? verb + QStringLiteral(" at ") + formatDuration(*at) : verb;
}

QList<KubeObject> decodeEditText(const QByteArray& text, const QString& fileName)
{
    QList<KubeObject> objects;
    for (const YAML::Node& document : parseYamlDocuments(text, fileName)) {
        if (!document.IsDefined() || document.IsNull())
            continue;
        const YamlField field(document, fileName);
        if (!field.isMap())
            field.fail(QStringLiteral("expected a Kubernetes object (a mapping), found ") + field.describe());
        const QString kind = field.requiredString("kind");
        if (!isReadKind(kind)) {
            field["kind"].fail(kind == QLatin1String("KubeSchedulerConfiguration")
                                   ? QStringLiteral("the scheduler configuration is edited on its own tab")
                                   : quoteForMessage(kind) + QStringLiteral(" is not a kind the scheduler reads"));
        }
        if (field.has("count"))
            field["count"].fail(QStringLiteral("count is read in scenario files only: add the copies as objects"));
        objects.append(decodeObject(field));
    }
    if (objects.isEmpty())
        throw LoadError({fileName, 1, 1}, {}, QStringLiteral("no object: the text holds no Kubernetes manifest"));
    return objects;
}

QByteArray objectYaml(const KubeObject& object)
{
    return writeObjectYaml(encodeObject(object));
}

QByteArray cloneYaml(const KubeObject& object, const Scenario& scenario)
{
    KubeObject clone = object;
    ObjectMeta& meta = metaOf(clone);
    meta.uid.clear();
    const QString base = meta.name + QStringLiteral("-copy");
    ObjectRef ref = refOf(object);
    for (int n = 1;; ++n) {
        ref.name = n == 1 ? base : base + QLatin1Char('-') + QString::number(n);
        if (!findObject(scenario, ref))
            break;
    }
    meta.name = ref.name;
    // A node's hostname label names the node (the kubelet sets it so): it follows the new name, as
    // `count` copies get it.
    if (auto* node = std::get_if<Node>(&clone)) {
        const auto hostname = node->meta.labels.find(QStringLiteral("kubernetes.io/hostname"));
        if (hostname != node->meta.labels.end() && *hostname == refOf(object).name)
            *hostname = ref.name;
    }
    return objectYaml(clone);
}

std::optional<KubeObject> findObject(const Scenario& scenario, const ObjectRef& ref, VirtualNanos* createdAt)
{
    if (createdAt)
        *createdAt = 0;
    ClusterState& initial = const_cast<ClusterState&>(scenario.initial); // read only: withList is shared with the writers
    std::optional<KubeObject> found = withList(initial, ref.kind, [&ref](auto& list) -> std::optional<KubeObject> {
        for (const auto& object : list) {
            if (names(object.meta, ref))
                return KubeObject(object);
        }
        return std::nullopt;
    });
    if (found)
        return found;
    const qsizetype created = createEventOf(scenario.events, ref);
    if (created < 0)
        return std::nullopt;
    if (createdAt)
        *createdAt = scenario.events[created].at;
    return scenario.events[created].object;
}

QString editFileName(qsizetype index, const ScenarioEdit& edit)
{
    return QStringLiteral("edit %1 (%2)").arg(index + 1).arg(edit.description());
}

Scenario applyEdits(const Scenario& base, const QList<ScenarioEdit>& edits)
{
    Scenario edited = base;
    for (qsizetype i = 0; i < edits.size(); ++i)
        apply(edited, edits[i], editFileName(i, edits[i]));
    if (edits.isEmpty())
        return edited;
    // Through the loader again (JSON, its fast path): admission and every check of a file. The
    // loader's messages place a problem in the generated text; it is placed in the last edit that
    // touched the object instead.
    Scenario reloaded;
    try {
        reloaded = loadScenarioText(writeScenario(edited, ScenarioFormat::Json), base.file);
    } catch (const LoadError& error) {
        const ScenarioEdit& last = edits.constLast();
        const QString fileName = editFileName(edits.size() - 1, last);
        const QString field = objectFieldPath(error.fieldPath());
        const SourceLocation where = last.manifest.isEmpty() ? SourceLocation {fileName, 1, 1} : locateField(last.manifest, fileName, field);
        throw LoadError(where, field, error.message());
    }
    reloaded.name = base.name;
    reloaded.file = base.file;
    reloaded.schedulerConfig = base.schedulerConfig;
    reloaded.lesson = base.lesson;
    reloaded.demoExtender = base.demoExtender;
    return reloaded;
}

QByteArray writeEditedScenario(const Scenario& scenario, const QByteArray& schedulerConfigYaml)
{
    QByteArray text = writeScenario(scenario, ScenarioFormat::Yaml);
    if (schedulerConfigYaml.trimmed().isEmpty())
        return text;
    // writeScenario ends with `spec`, its last key, at two spaces: the configuration goes there as typed
    // (comments and all), four spaces in.
    text.append("  schedulerConfig:\n");
    for (const QByteArray& line : schedulerConfigYaml.split('\n')) {
        if (line.trimmed() == "---" || line.trimmed() == "...")
            continue; // document markers of a file of its own
        text.append(line.isEmpty() ? QByteArray() : QByteArray("    ") + line);
        text.append('\n');
    }
    while (text.endsWith("\n\n"))
        text.chop(1);
    return text;
}

QByteArray configurationText(const SourceLocation& source, const QByteArray& fileText)
{
    const QList<QByteArray> lines = fileText.split('\n');
    if (source.line < 1 || source.line > lines.size() || source.column < 1)
        return {};
    const qsizetype indent = source.column - 1;
    QByteArray text = lines[source.line - 1].mid(indent) + '\n';
    for (qsizetype i = source.line; i < lines.size(); ++i) {
        const QByteArray& line = lines[i];
        const QByteArray trimmed = line.trimmed();
        if (trimmed == "---" || trimmed == "...")
            break; // the next document
        qsizetype spaces = 0;
        while (spaces < line.size() && line[spaces] == ' ')
            ++spaces;
        if (!trimmed.isEmpty() && spaces < indent)
            break;
        text += (trimmed.isEmpty() ? QByteArray() : line.mid(indent)) + '\n';
    }
    while (text.endsWith("\n\n"))
        text.chop(1);
    return text;
}

SourceLocation locateField(const QByteArray& text, const QString& fileName, const QString& fieldPath)
{
    std::vector<YAML::Node> documents;
    try {
        documents = parseYamlDocuments(text, fileName);
    } catch (const LoadError& error) {
        return error.where();
    }
    for (const YAML::Node& document : documents) {
        if (!document.IsMap())
            continue;
        YamlField field(document, fileName);
        SourceLocation where = field.location();
        static const QRegularExpression part(QStringLiteral("([^.\\[]+)|\\[(\\d+)\\]"));
        try {
            for (auto it = part.globalMatch(fieldPath); it.hasNext();) {
                const QRegularExpressionMatch match = it.next();
                std::optional<YamlField> next;
                if (match.capturedLength(1) > 0) {
                    next = field[match.captured(1).toUtf8().constData()];
                } else {
                    const QList<YamlField> elements = field.elements();
                    const qsizetype index = match.captured(2).toLongLong();
                    if (index < elements.size())
                        next = elements[index];
                }
                if (!next || !next->isDefined())
                    break;
                field = *next;
                where = field.location();
            }
        } catch (const LoadError&) {
            // A key into a list or an index into a mapping: the nearest parent it reached.
        }
        return where;
    }
    return {fileName, 1, 1};
}

} // namespace ksv
