#pragma once

// What-if edits to a scenario (docs/whatif.md, "Editing"): an object replaced, added or deleted, at
// t=0 or at a virtual time. Edits are plain values kept in a list, so that undo is dropping the
// last one and the edited scenario is always `applyEdits(base, edits)`: never a scenario patched in
// place that could drift from what was asked.
//
// The result goes through the loader again, so an edited scenario is checked exactly as a file
// would be (admission, duplicates, a pod bound to a node that is gone, an update of an object that
// does not exist yet), and saving it writes what loads back to the same run.

#include "scenario/scenario.h"

#include <QByteArray>
#include <QList>
#include <optional>

namespace ksv {

// An object by identity: its kind, namespace and name.
struct ObjectRef
{
    QString kind;
    QString namespace_;
    QString name;
    // "Node node-1", "Pod default/web-0", as the loader's messages name objects.
    QString toString() const;
    bool operator==(const ObjectRef&) const = default;
};
ObjectRef refOf(const KubeObject& object);
// The pod a "namespace/name" key names, as the catalogue and the commands spell pods.
ObjectRef podRef(const QString& key);

struct ScenarioEdit
{
    enum class Kind : quint8 { Replace, Add, Delete };
    Kind kind = Kind::Replace;
    ObjectRef target;   // Replace and Delete: the object as it was
    QByteArray manifest; // Replace: one object's YAML; Add: one or more documents
    // None: the cluster at t=0 is changed (spec.objects, or the event that creates the object).
    // A time: the change happens then, as a timed event (update, create or delete).
    std::optional<VirtualNanos> at;
    QString description() const; // "Replace Node node-1 at 2s", for the undo stack
};

// An edit's text, read as the loader reads a manifest stream: every document one object of a kind
// the scheduler reads. Throws LoadError at `fileName`, line and column of the text.
QList<KubeObject> decodeEditText(const QByteArray& text, const QString& fileName);

// One object's manifest in YAML, as `snapshot` writes objects: what the editor starts from.
// `clone`: without its UID and under a name the cluster does not use yet (NAME-copy, NAME-copy-2, …).
QByteArray objectYaml(const KubeObject& object);
QByteArray cloneYaml(const KubeObject& object, const Scenario& scenario);

// The object as the scenario defines it at t=0 or, failing that, in the event that creates it;
// `createdAt` says when (0 for t=0).
std::optional<KubeObject> findObject(const Scenario& scenario, const ObjectRef& ref, VirtualNanos* createdAt = nullptr);

// `base` with `edits` applied in order, checked by the loader. A problem with an edit throws
// LoadError at `editFileName(i)` with the line and column in that edit's text where they are known
// (a field of the manifest), else at its first line.
Scenario applyEdits(const Scenario& base, const QList<ScenarioEdit>& edits);
QString editFileName(qsizetype index, const ScenarioEdit& edit);

// The edited scenario as one Scenario document that loads back to the same run: writeScenario's
// output, with `schedulerConfigYaml` (a KubeSchedulerConfiguration, as typed) inline as
// spec.schedulerConfig when it is not empty, and the demo extender's rules and the lesson left out
// as writeScenario leaves them.
QByteArray writeEditedScenario(const Scenario& scenario, const QByteArray& schedulerConfigYaml);

// The text of a configuration found inside a scenario file (SchedulerConfigSource::source), as typed
// and out-dented: the lines from its first key on that are indented at least as far. What the app's
// configuration editor starts from. Empty if the location is not in `fileText`.
QByteArray configurationText(const SourceLocation& source, const QByteArray& fileText);
// The same for a configuration as the loader found it: the block as typed when it reads back as a
// configuration, else (a JSON file, a flow mapping) the configuration written out again as YAML,
// without its comments. Empty if neither works.
QByteArray configurationText(const SchedulerConfigSource& source, const QByteArray& fileText);

// Where `fieldPath` ("spec.taints[0].effect") is in a manifest's text, in the document of the object at
// `object` (the document starting there, else the first): for placing an error the loader found
// after the text was decoded. The nearest existing parent field, else the object.
SourceLocation locateField(const QByteArray& text, const SourceLocation& object, const QString& fieldPath);

} // namespace ksv
