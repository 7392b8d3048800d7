#include "scenarioedits.h"

#include "decoding/yamlfield.h"
#include "decoding/loaderror.h"
#include "scenario/admission.h"
#include "scenario/decode.h"
#include "scenario/encode.h"
#include "scenario/loader.h"
#include "scenario/yamldocuments.h"

#include <QRegularExpression>
#include <QSet>

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
        KubeObject object = singleObject(edit, fileName);
        if (!atStart) {
            if (refOf(object) != edit.target)
                throw LoadError(locateField(edit.manifest, {fileName, 1, 1}, QStringLiteral("metadata.name")), QStringLiteral("metadata.name"),
                                QStringLiteral("a timed edit changes %1: its kind, namespace and name stay").arg(edit.target.toString()));
            insertEvent(scenario.events, ObjectChange {*edit.at, EventAction::Update, object, {fileName, 1, 1}});
            return;
        }
        // Renamed: another object, whose UID the old name's would otherwise share.
        if (refOf(object) != edit.target)
            metaOf(object).uid.clear();
        if (!replaceInitial(scenario.initial, edit.target, object)) {
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
            // Gone from then on: its later updates and deletion go too, up to a creation again.
            qsizetype i = 0;
            while (i < scenario.events.size() && scenario.events[i].at <= *edit.at)
                ++i;
            while (i < scenario.events.size()) {
                const ObjectChange& change = scenario.events[i];
                if (refOf(change.object) == edit.target) {
                    if (change.action == EventAction::Create)
                        break;
                    scenario.events.removeAt(i);
                    continue;
                }
                ++i;
            }
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

// The field at `fieldPath` ("spec.taints[0].effect") below `root`, or as far as it exists: the nearest
// parent that does. `complete` says whether the whole path was found. Fields are copied, never
// assigned: YAML::Node's operator= rewrites the node it referred to.
YamlField walkFields(const YamlField& root, const QString& fieldPath, bool* complete)
{
    static const QRegularExpression part(QStringLiteral("([^.\\[]+)|\\[(\\d+)\\]"));
    std::optional<YamlField> field(root);
    *complete = true;
    try {
        for (auto it = part.globalMatch(fieldPath); it.hasNext();) {
            const QRegularExpressionMatch match = it.next();
            std::optional<YamlField> next;
            if (match.capturedLength(1) > 0) {
                next.emplace((*field)[match.captured(1).toUtf8().constData()]);
            } else {
                const QList<YamlField> elements = field->elements();
                const qsizetype index = match.captured(2).toLongLong();
                if (index < elements.size())
                    next.emplace(elements[index]);
            }
            if (!next || !next->isDefined()) {
                *complete = false;
                break;
            }
            field.emplace(*next);
        }
    } catch (const LoadError&) {
        *complete = false; // a key into a list or an index into a mapping
    }
    return *field;
}

} // namespace

QString ObjectRef::toString() const
{
    return kind + QLatin1Char(' ') + (namespace_.isEmpty() ? name : namespace_ + QLatin1Char('/') + name);
}

ObjectRef podRef(const QString& key)
{
    const qsizetype slash = key.indexOf(QLatin1Char('/'));
    return {QStringLiteral("Pod"), key.left(std::max<qsizetype>(slash, 0)), key.mid(slash + 1)};
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
    // A pod as it was created: without the requirements admission merged into its affinity from
    // matchLabelKeys, so that an edit of its labels is merged afresh, not beside the old ones.
    if (const auto* pod = std::get_if<Pod>(&object)) {
        Pod created = *pod;
        unmergeMatchLabelKeys(created);
        return writeObjectYaml(encodeObject(created));
    }
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
    // The loader's checks after decoding (admission, duplicates, references between objects), on the
    // model: a file's whole check without writing and reading the scenario again, which took 12 s on
    // the 150,000-pod sample. A problem is placed in the object's own text: an edit's manifest at
    // the field, or the scenario file's object.
    // Admission runs again on every pod. What it computed from the PriorityClasses is computed again,
    // so that an edited class (its value, its preemptionPolicy, a new global default) reaches its pods;
    // a pod whose class the scenario lacks (a cluster dump's) keeps the priority it came with.
    QSet<QString> classes;
    for (const PriorityClass& priorityClass : edited.initial.priorityClasses)
        classes.insert(priorityClass.meta.name);
    for (const ObjectChange& change : std::as_const(edited.events)) {
        if (std::holds_alternative<PriorityClass>(change.object))
            classes.insert(metaOf(change.object).name);
    }
    const auto recompute = [&classes](Pod& pod) {
        if (pod.priorityClassName.isEmpty() || classes.contains(pod.priorityClassName)) {
            pod.priority.reset();
            pod.preemptionPolicy.reset();
        }
    };
    for (Pod& pod : edited.initial.pods)
        recompute(pod);
    for (ObjectChange& change : edited.events) {
        if (auto* pod = std::get_if<Pod>(&change.object))
            recompute(*pod);
    }
    try {
        admitAndCheck(edited);
    } catch (const LoadError& error) {
        for (qsizetype i = 0; i < edits.size(); ++i) {
            if (error.where().file == editFileName(i, edits[i]))
                throw LoadError(locateField(edits[i].manifest, error.where(), error.fieldPath()), error.fieldPath(), error.message());
        }
        throw;
    }
    return edited;
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
        // A comment does not end the block, wherever it starts; it is kept as a comment.
        if (trimmed.startsWith('#')) {
            text += QByteArray(std::max<qsizetype>(spaces - indent, 0), ' ') + trimmed + '\n';
            continue;
        }
        if (!trimmed.isEmpty() && spaces < indent)
            break;
        text += (trimmed.isEmpty() ? QByteArray() : line.mid(indent)) + '\n';
    }
    // Comments and blank lines after the block belong to what follows it.
    QList<QByteArray> kept = text.split('\n');
    while (!kept.isEmpty() && (kept.back().trimmed().isEmpty() || kept.back().trimmed().startsWith('#')))
        kept.removeLast();
    return kept.join('\n') + '\n';
}

QByteArray configurationText(const SchedulerConfigSource& source, const QByteArray& fileText)
{
    const auto readsBack = [](const QByteArray& text) {
        try {
            (void)loadSchedulerConfigText(text, QStringLiteral("configuration"));
            return true;
        } catch (const LoadError&) {
            return false;
        }
    };
    if (const QByteArray typed = configurationText(source.source, fileText); !typed.trimmed().isEmpty() && readsBack(typed))
        return typed;
    // Written out again from the parsed file: the node at the configuration's field path.
    try {
        for (const YAML::Node& document : parseYamlDocuments(fileText, source.source.file)) {
            const YamlField root(document, source.source.file);
            if (source.fieldPath.isEmpty() && root.location().line != source.source.line)
                continue;
            bool complete = false;
            const YamlField field = walkFields(root, source.fieldPath, &complete);
            if (!complete || !field.isMap())
                continue;
            YAML::Emitter out;
            out.SetIndent(2);
            out.SetMapFormat(YAML::Block);
            out.SetSeqFormat(YAML::Block);
            out << field.node();
            const QByteArray text = QByteArray(out.c_str(), qsizetype(out.size())) + '\n';
            if (readsBack(text))
                return text;
        }
    } catch (const LoadError&) {
    } catch (const YAML::Exception&) {
    }
    return {};
}

SourceLocation locateField(const QByteArray& text, const SourceLocation& object, const QString& fieldPath)
{
    std::vector<YAML::Node> documents;
    try {
        documents = parseYamlDocuments(text, object.file);
    } catch (const LoadError& error) {
        return error.where();
    }
    // The document the object is: the last one that starts at or before its line.
    std::optional<YamlField> found;
    for (const YAML::Node& document : documents) {
        if (!document.IsMap())
            continue;
        const YamlField field(document, object.file);
        if (!found || field.location().line <= object.line)
            found.emplace(field);
        if (field.location().line >= object.line)
            break;
    }
    if (!found)
        return object;
    bool complete = false;
    return walkFields(*found, fieldPath, &complete).location();
}

} // namespace ksv
