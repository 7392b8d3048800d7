// The model as manifests again. Every field is written in the form its decoder reads
// (scheduler/decoding/decode_common.cpp, decode_pod.cpp, decode_objects.cpp), defaults included
// where the decoder would otherwise default differently (a pod's phase, a toleration's operator).
#include "encode.h"

#include "plugins/storagehelpers.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>

#include <yaml-cpp/yaml.h>

namespace ksv {

namespace {

using Json = QJsonObject;
namespace storage = plugins::storage;

QString key(const char* text)
{
    return QString::fromLatin1(text);
}

// Inserts `value` unless it is empty: manifests leave unset fields out.
void insertIf(Json& object, const char* name, const QString& value)
{
    if (!value.isEmpty())
        object.insert(key(name), value);
}

void insertIf(Json& object, const char* name, const Json& value)
{
    if (!value.isEmpty())
        object.insert(key(name), value);
}

void insertIf(Json& object, const char* name, const QJsonArray& value)
{
    if (!value.isEmpty())
        object.insert(key(name), value);
}

void insertIf(Json& object, const char* name, const QStringList& values)
{
    if (!values.isEmpty())
        object.insert(key(name), QJsonArray::fromStringList(values));
}

Json encodeMap(const Labels& map)
{
    Json result;
    for (auto it = map.cbegin(); it != map.cend(); ++it)
        result.insert(it.key(), it.value());
    return result;
}

Json encodeResources(const ResourceList& resources)
{
    Json result;
    for (auto it = resources.cbegin(); it != resources.cend(); ++it)
        result.insert(it.key(), it.value().toString());
    return result;
}

QString encodeTimestamp(qint64 ms)
{
    const QDateTime time = QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC);
    return time.toString(ms % 1000 == 0 ? Qt::ISODate : Qt::ISODateWithMs);
}

template<typename T, typename F>
QJsonArray encodeList(const QList<T>& items, F&& encode)
{
    QJsonArray result;
    for (const T& item : items)
        result.append(encode(item));
    return result;
}

Json encodeMeta(const ObjectMeta& meta)
{
    Json result {{key("name"), meta.name}};
    insertIf(result, "namespace", meta.namespace_);
    insertIf(result, "uid", meta.uid);
    insertIf(result, "labels", encodeMap(meta.labels));
    insertIf(result, "annotations", encodeMap(meta.annotations));
    if (meta.creationTimestampMs)
        result.insert(key("creationTimestamp"), encodeTimestamp(*meta.creationTimestampMs));
    if (meta.deletionTimestampMs)
        result.insert(key("deletionTimestamp"), encodeTimestamp(*meta.deletionTimestampMs));
    insertIf(result, "ownerReferences", encodeList(meta.ownerReferences, [](const OwnerReference& owner) {
                 Json ref {{key("kind"), owner.kind}, {key("name"), owner.name}};
                 insertIf(ref, "apiVersion", owner.apiVersion);
                 insertIf(ref, "uid", owner.uid);
                 if (owner.controller)
                     ref.insert(key("controller"), true);
                 return ref;
             }));
    return result;
}

Json encodeLabelSelector(const LabelSelector& selector)
{
    Json result;
    insertIf(result, "matchLabels", encodeMap(selector.matchLabels));
    insertIf(result, "matchExpressions", encodeList(selector.matchExpressions, [](const LabelSelectorRequirement& r) {
                 Json requirement {{key("key"), r.key}, {key("operator"), toString(r.op)}};
                 insertIf(requirement, "values", r.values);
                 return requirement;
             }));
    return result;
}

QJsonArray encodeNodeRequirements(const QList<NodeSelectorRequirement>& requirements)
{
    return encodeList(requirements, [](const NodeSelectorRequirement& r) {
        Json requirement {{key("key"), r.key}, {key("operator"), toString(r.op)}};
        insertIf(requirement, "values", r.values);
        return requirement;
    });
}

Json encodeNodeSelectorTerm(const NodeSelectorTerm& term)
{
    Json result;
    insertIf(result, "matchExpressions", encodeNodeRequirements(term.matchExpressions));
    insertIf(result, "matchFields", encodeNodeRequirements(term.matchFields));
    return result;
}

Json encodeNodeSelector(const NodeSelector& selector)
{
    return Json {{key("nodeSelectorTerms"), encodeList(selector.nodeSelectorTerms, encodeNodeSelectorTerm)}};
}

Json encodePodAffinityTerm(const PodAffinityTerm& term)
{
    Json result {{key("topologyKey"), term.topologyKey}};
    if (term.labelSelector)
        result.insert(key("labelSelector"), encodeLabelSelector(*term.labelSelector));
    insertIf(result, "namespaces", term.namespaces);
    if (term.namespaceSelector)
        result.insert(key("namespaceSelector"), encodeLabelSelector(*term.namespaceSelector));
    insertIf(result, "matchLabelKeys", term.matchLabelKeys);
    insertIf(result, "mismatchLabelKeys", term.mismatchLabelKeys);
    return result;
}

Json encodePodAffinity(const PodAffinity& affinity)
{
    Json result;
    insertIf(result, "requiredDuringSchedulingIgnoredDuringExecution",
             encodeList(affinity.requiredDuringSchedulingIgnoredDuringExecution, encodePodAffinityTerm));
    insertIf(result, "preferredDuringSchedulingIgnoredDuringExecution",
             encodeList(affinity.preferredDuringSchedulingIgnoredDuringExecution, [](const WeightedPodAffinityTerm& weighted) {
                 return Json {{key("weight"), weighted.weight}, {key("podAffinityTerm"), encodePodAffinityTerm(weighted.podAffinityTerm)}};
             }));
    return result;
}

Json encodeAffinity(const Affinity& affinity)
{
    Json result;
    if (affinity.nodeAffinity) {
        Json node;
        if (affinity.nodeAffinity->requiredDuringSchedulingIgnoredDuringExecution)
            node.insert(key("requiredDuringSchedulingIgnoredDuringExecution"),
                        encodeNodeSelector(*affinity.nodeAffinity->requiredDuringSchedulingIgnoredDuringExecution));
        insertIf(node, "preferredDuringSchedulingIgnoredDuringExecution",
                 encodeList(affinity.nodeAffinity->preferredDuringSchedulingIgnoredDuringExecution, [](const PreferredSchedulingTerm& term) {
                     return Json {{key("weight"), term.weight}, {key("preference"), encodeNodeSelectorTerm(term.preference)}};
                 }));
        result.insert(key("nodeAffinity"), node);
    }
    if (affinity.podAffinity)
        result.insert(key("podAffinity"), encodePodAffinity(*affinity.podAffinity));
    if (affinity.podAntiAffinity)
        result.insert(key("podAntiAffinity"), encodePodAffinity(*affinity.podAntiAffinity));
    return result;
}

Json encodeTaint(const Taint& taint)
{
    Json result {{key("key"), taint.key}, {key("effect"), toString(taint.effect)}};
    insertIf(result, "value", taint.value);
    return result;
}

Json encodeToleration(const Toleration& toleration)
{
    Json result {{key("operator"), toleration.op == TolerationOperator::Exists ? key("Exists") : key("Equal")}};
    insertIf(result, "key", toleration.key);
    insertIf(result, "value", toleration.value);
    if (toleration.effect)
        result.insert(key("effect"), toString(*toleration.effect));
    if (toleration.tolerationSeconds)
        result.insert(key("tolerationSeconds"), *toleration.tolerationSeconds);
    return result;
}

Json encodeSpreadConstraint(const TopologySpreadConstraint& constraint)
{
    Json result {{key("maxSkew"), constraint.maxSkew},
                 {key("topologyKey"), constraint.topologyKey},
                 {key("whenUnsatisfiable"), constraint.whenUnsatisfiable == UnsatisfiableConstraintAction::DoNotSchedule
                                                ? key("DoNotSchedule")
                                                : key("ScheduleAnyway")}};
    if (constraint.labelSelector)
        result.insert(key("labelSelector"), encodeLabelSelector(*constraint.labelSelector));
    if (constraint.minDomains)
        result.insert(key("minDomains"), *constraint.minDomains);
    const auto policy = [](NodeInclusionPolicy p) { return p == NodeInclusionPolicy::Honor ? key("Honor") : key("Ignore"); };
    if (constraint.nodeAffinityPolicy)
        result.insert(key("nodeAffinityPolicy"), policy(*constraint.nodeAffinityPolicy));
    if (constraint.nodeTaintsPolicy)
        result.insert(key("nodeTaintsPolicy"), policy(*constraint.nodeTaintsPolicy));
    insertIf(result, "matchLabelKeys", constraint.matchLabelKeys);
    return result;
}

Json encodeContainer(const Container& container)
{
    Json result {{key("name"), container.name}};
    insertIf(result, "image", container.image);
    Json resources;
    insertIf(resources, "requests", encodeResources(container.requests));
    insertIf(resources, "limits", encodeResources(container.limits));
    insertIf(result, "resources", resources);
    insertIf(result, "ports", encodeList(container.ports, [](const ContainerPort& port) {
                 Json encoded {{key("containerPort"), port.containerPort}, {key("protocol"), toString(port.protocol)}};
                 insertIf(encoded, "name", port.name);
                 if (port.hostPort != 0)
                     encoded.insert(key("hostPort"), port.hostPort);
                 insertIf(encoded, "hostIP", port.hostIP);
                 return encoded;
             }));
    if (container.restartPolicyAlways)
        result.insert(key("restartPolicy"), key("Always"));
    return result;
}

Json encodeVolume(const Volume& volume)
{
    Json source;
    const auto readOnly = [&source, &volume] {
        if (volume.readOnly)
            source.insert(key("readOnly"), true);
    };
    if (volume.type == QLatin1String("persistentVolumeClaim")) {
        source.insert(key("claimName"), volume.claimName);
        readOnly();
    } else if (volume.type == QLatin1String("gcePersistentDisk")) {
        source.insert(key("pdName"), volume.gcePdName);
        readOnly();
    } else if (volume.type == QLatin1String("awsElasticBlockStore")) {
        source.insert(key("volumeID"), volume.awsVolumeID);
        readOnly();
    } else if (volume.type == QLatin1String("iscsi")) {
        source = Json {{key("targetPortal"), volume.iscsiTargetPortal}, {key("iqn"), volume.iscsiIqn}, {key("lun"), volume.iscsiLun}};
        readOnly();
    } else if (volume.type == QLatin1String("rbd")) {
        source = Json {{key("monitors"), QJsonArray::fromStringList(volume.rbdMonitors)},
                       {key("pool"), volume.rbdPool},
                       {key("image"), volume.rbdImage}};
        readOnly();
    }
    // An ephemeral volume's claim is named after the pod again when read; other sources by type only.
    Json result {{key("name"), volume.name}};
    if (!volume.type.isEmpty())
        result.insert(volume.type, source);
    return result;
}

Json encodePod(const Pod& pod)
{
    Json spec {{key("containers"), encodeList(pod.containers, encodeContainer)}};
    if (pod.schedulerName != defaultSchedulerName)
        spec.insert(key("schedulerName"), pod.schedulerName);
    insertIf(spec, "nodeName", pod.nodeName);
    insertIf(spec, "priorityClassName", pod.priorityClassName);
    if (pod.priority)
        spec.insert(key("priority"), *pod.priority);
    if (pod.preemptionPolicy)
        spec.insert(key("preemptionPolicy"), *pod.preemptionPolicy == PreemptionPolicy::Never ? key("Never") : key("PreemptLowerPriority"));
    insertIf(spec, "nodeSelector", encodeMap(pod.nodeSelector));
    insertIf(spec, "affinity", encodeAffinity(pod.affinity));
    insertIf(spec, "tolerations", encodeList(pod.tolerations, encodeToleration));
    insertIf(spec, "topologySpreadConstraints", encodeList(pod.topologySpreadConstraints, encodeSpreadConstraint));
    insertIf(spec, "initContainers", encodeList(pod.initContainers, encodeContainer));
    insertIf(spec, "overhead", encodeResources(pod.overhead));
    insertIf(spec, "schedulingGates", encodeList(pod.schedulingGates, [](const QString& gate) { return Json {{key("name"), gate}}; }));
    insertIf(spec, "volumes", encodeList(pod.volumes, encodeVolume));
    if (pod.hostNetwork)
        spec.insert(key("hostNetwork"), true);

    Json status {{key("phase"), toString(pod.phase)}};
    insertIf(status, "nominatedNodeName", pod.nominatedNodeName);
    if (pod.startTimeMs)
        status.insert(key("startTime"), encodeTimestamp(*pod.startTimeMs));
    insertIf(status, "conditions", encodeList(pod.conditions, [](const PodCondition& condition) {
                 Json result {{key("type"), condition.type}};
                 insertIf(result, "status", condition.status);
                 insertIf(result, "reason", condition.reason);
                 insertIf(result, "message", condition.message);
                 return result;
             }));
    return Json {{key("spec"), spec}, {key("status"), status}};
}

Json encodeNode(const Node& node)
{
    Json spec;
    if (node.unschedulable)
        spec.insert(key("unschedulable"), true);
    insertIf(spec, "taints", encodeList(node.taints, encodeTaint));
    // Allocatable always: absent, the decoder would take the capacity instead of an empty list.
    Json status {{key("capacity"), encodeResources(node.capacity)}, {key("allocatable"), encodeResources(node.allocatable)}};
    insertIf(status, "images", encodeList(node.images, [](const ContainerImage& image) {
                 return Json {{key("names"), QJsonArray::fromStringList(image.names)}, {key("sizeBytes"), image.sizeBytes}};
             }));
    insertIf(status, "conditions", encodeList(node.conditions, [](const NodeCondition& condition) {
                 Json result {{key("type"), condition.type}};
                 insertIf(result, "status", condition.status);
                 return result;
             }));
    Json result {{key("status"), status}};
    insertIf(result, "spec", spec);
    return result;
}

QString encodeIntOrPercent(const IntOrPercent& value)
{
    return QString::number(value.value) + (value.isPercent ? QStringLiteral("%") : QString());
}

QJsonValue intOrPercentValue(const IntOrPercent& value)
{
    return value.isPercent ? QJsonValue(encodeIntOrPercent(value)) : QJsonValue(value.value);
}

QJsonArray encodeAccessModes(const QList<PersistentVolumeAccessMode>& modes)
{
    static const char* const names[] = {"ReadWriteOnce", "ReadOnlyMany", "ReadWriteMany", "ReadWriteOncePod"};
    return encodeList(modes, [](PersistentVolumeAccessMode mode) { return key(names[static_cast<int>(mode)]); });
}

// The kind's own fields, beside apiVersion, kind and metadata.
Json encodeBody(const KubeObject& object)
{
    return std::visit(
        [](const auto& o) -> Json {
            using T = std::decay_t<decltype(o)>;
            if constexpr (std::is_same_v<T, Node>) {
                return encodeNode(o);
            } else if constexpr (std::is_same_v<T, Pod>) {
                return encodePod(o);
            } else if constexpr (std::is_same_v<T, Namespace>) {
                return {};
            } else if constexpr (std::is_same_v<T, PriorityClass>) {
                Json result {{key("value"), o.value}};
                if (o.globalDefault)
                    result.insert(key("globalDefault"), true);
                if (o.preemptionPolicy)
                    result.insert(key("preemptionPolicy"), *o.preemptionPolicy == PreemptionPolicy::Never ? key("Never") : key("PreemptLowerPriority"));
                insertIf(result, "description", o.description);
                return result;
            } else if constexpr (std::is_same_v<T, PodDisruptionBudget>) {
                Json spec;
                if (o.selector)
                    spec.insert(key("selector"), encodeLabelSelector(*o.selector));
                if (o.minAvailable)
                    spec.insert(key("minAvailable"), intOrPercentValue(*o.minAvailable));
                if (o.maxUnavailable)
                    spec.insert(key("maxUnavailable"), intOrPercentValue(*o.maxUnavailable));
                Json result {{key("spec"), spec}};
                if (o.disruptionsAllowed)
                    result.insert(key("status"), Json {{key("disruptionsAllowed"), *o.disruptionsAllowed}});
                return result;
            } else if constexpr (std::is_same_v<T, Service> || std::is_same_v<T, ReplicationController>) {
                Json spec;
                insertIf(spec, "selector", encodeMap(o.selector));
                return Json {{key("spec"), spec}};
            } else if constexpr (std::is_same_v<T, ReplicaSet> || std::is_same_v<T, StatefulSet>) {
                Json spec {{key("replicas"), o.replicas}};
                if (o.selector)
                    spec.insert(key("selector"), encodeLabelSelector(*o.selector));
                return Json {{key("spec"), spec}};
            } else if constexpr (std::is_same_v<T, PersistentVolumeClaim>) {
                Json spec;
                if (o.hasStorageClassName)
                    spec.insert(key("storageClassName"), o.storageClassName);
                insertIf(spec, "volumeName", o.volumeName);
                insertIf(spec, "accessModes", encodeAccessModes(o.accessModes));
                if (o.requestedStorage)
                    spec.insert(key("resources"), Json {{key("requests"), Json {{key("storage"), o.requestedStorage->toString()}}}});
                return Json {{key("spec"), spec}, {key("status"), Json {{key("phase"), o.phase}}}};
            } else if constexpr (std::is_same_v<T, PersistentVolume>) {
                Json spec;
                if (o.capacityStorage)
                    spec.insert(key("capacity"), Json {{key("storage"), o.capacityStorage->toString()}});
                insertIf(spec, "accessModes", encodeAccessModes(o.accessModes));
                insertIf(spec, "storageClassName", o.storageClassName);
                if (o.claimRef) {
                    Json claim {{key("name"), o.claimRef->name}};
                    insertIf(claim, "namespace", o.claimRef->namespace_);
                    insertIf(claim, "uid", o.claimRef->uid);
                    spec.insert(key("claimRef"), claim);
                }
                if (o.nodeAffinity)
                    spec.insert(key("nodeAffinity"), Json {{key("required"), encodeNodeSelector(*o.nodeAffinity)}});
                if (!o.csiDriver.isEmpty() || !o.csiVolumeHandle.isEmpty()) {
                    Json csi;
                    insertIf(csi, "driver", o.csiDriver);
                    insertIf(csi, "volumeHandle", o.csiVolumeHandle);
                    spec.insert(key("csi"), csi);
                }
                Json result {{key("spec"), spec}};
                if (!o.phase.isEmpty())
                    result.insert(key("status"), Json {{key("phase"), o.phase}});
                return result;
            } else if constexpr (std::is_same_v<T, StorageClass>) {
                Json result {{key("provisioner"), o.provisioner},
                             {key("volumeBindingMode"), o.volumeBindingMode == VolumeBindingMode::WaitForFirstConsumer
                                                            ? key("WaitForFirstConsumer")
                                                            : key("Immediate")}};
                insertIf(result, "allowedTopologies", encodeList(o.allowedTopologies, [](const QList<TopologySelectorRequirement>& term) {
                             return Json {{key("matchLabelExpressions"), encodeList(term, [](const TopologySelectorRequirement& r) {
                                               return Json {{key("key"), r.key}, {key("values"), QJsonArray::fromStringList(r.values)}};
                                           })}};
                         }));
                return result;
            } else if constexpr (std::is_same_v<T, CSINode>) {
                return Json {{key("spec"), Json {{key("drivers"), encodeList(o.drivers, [](const CSINodeDriver& driver) {
                                                      Json result {{key("name"), driver.name}};
                                                      insertIf(result, "nodeID", driver.nodeID);
                                                      if (driver.allocatableCount)
                                                          result.insert(key("allocatable"), Json {{key("count"), *driver.allocatableCount}});
                                                      insertIf(result, "topologyKeys", driver.topologyKeys);
                                                      return result;
                                                  })}}}};
            } else {
                static_assert(std::is_same_v<T, PodGroup>);
                Json spec {{key("minMember"), o.minMember}};
                if (o.minResources)
                    spec.insert(key("minResources"), encodeResources(*o.minResources));
                if (o.scheduleTimeoutSeconds)
                    spec.insert(key("scheduleTimeoutSeconds"), *o.scheduleTimeoutSeconds);
                return Json {{key("spec"), spec}};
            }
        },
        object);
}

QString apiVersionOf(const KubeObject& object)
{
    static const char* const versions[] = {"v1", "v1", "v1", "scheduling.k8s.io/v1", "policy/v1", "v1", "v1", "apps/v1", "apps/v1",
                                           "v1", "v1", "storage.k8s.io/v1", "storage.k8s.io/v1", "scheduling.x-k8s.io/v1alpha1"};
    static_assert(std::size(versions) == std::variant_size_v<KubeObject>);
    return key(versions[object.index()]);
}

// ---- YAML output ---------------------------------------------------------------------------------

// A string that YAML would read as something else (a number, a boolean, null) or that it cannot
// write plainly is quoted; yaml-cpp decides the rest.
bool needsQuotes(const QString& text)
{
    if (text.isEmpty())
        return true;
    static const QStringList special = {QStringLiteral("true"), QStringLiteral("false"), QStringLiteral("yes"), QStringLiteral("no"),
                                        QStringLiteral("on"),   QStringLiteral("off"),   QStringLiteral("y"),   QStringLiteral("n"),
                                        QStringLiteral("null"), QStringLiteral("~")};
    if (special.contains(text, Qt::CaseInsensitive))
        return true;
    const QChar first = text.front();
    return first.isDigit() || first == QLatin1Char('-') || first == QLatin1Char('+') || first == QLatin1Char('.');
}

void emitYaml(YAML::Emitter& out, const QJsonValue& value)
{
    switch (value.type()) {
    case QJsonValue::Object: {
        const QJsonObject object = value.toObject();
        out << YAML::BeginMap;
        for (auto it = object.begin(); it != object.end(); ++it) {
            out << YAML::Key << it.key().toStdString() << YAML::Value;
            emitYaml(out, it.value());
        }
        out << YAML::EndMap;
        break;
    }
    case QJsonValue::Array: {
        const QJsonArray array = value.toArray();
        out << YAML::BeginSeq;
        for (const QJsonValue& element : array)
            emitYaml(out, element);
        out << YAML::EndSeq;
        break;
    }
    case QJsonValue::String: {
        const QString text = value.toString();
        if (needsQuotes(text))
            out << YAML::DoubleQuoted;
        out << text.toStdString();
        break;
    }
    case QJsonValue::Double: {
        const double number = value.toDouble();
        const auto integer = static_cast<qint64>(number);
        if (static_cast<double>(integer) == number)
            out << integer;
        else
            out << number;
        break;
    }
    case QJsonValue::Bool:
        out << value.toBool();
        break;
    case QJsonValue::Null:
    case QJsonValue::Undefined:
        out << YAML::Null;
        break;
    }
}

Json encodeTiming(const Timing& timing)
{
    Json result;
    const Timing defaults;
    const std::pair<const char*, VirtualNanos Timing::*> durations[] = {
        {"cycleBase", &Timing::cycleBase},     {"cyclePerNode", &Timing::cyclePerNode}, {"bindLatency", &Timing::bindLatency},
        {"bindJitter", &Timing::bindJitter}, {"podTermination", &Timing::podTermination},
    };
    for (const auto& [name, member] : durations) {
        if (timing.*member != defaults.*member)
            result.insert(key(name), formatDuration(timing.*member));
    }
    if (timing.bindFailureRate != defaults.bindFailureRate)
        result.insert(key("bindFailureRate"), timing.bindFailureRate);
    if (timing.extenderLatencyMeasured)
        result.insert(key("extenderLatency"), key("measured"));
    else if (timing.extenderLatency != defaults.extenderLatency)
        result.insert(key("extenderLatency"), formatDuration(timing.extenderLatency));
    return result;
}

Json encodeRecording(const Recording& recording)
{
    Json result {{key("startedAt"), encodeTimestamp(recording.startedAtMs)}, {key("duration"), formatDuration(recording.duration)}};
    insertIf(result, "server", recording.server);
    insertIf(result, "context", recording.context);
    insertIf(result, "bindings", encodeList(recording.bindings, [](const ObservedBinding& binding) {
                 return Json {{key("at"), formatDuration(binding.at)}, {key("pod"), binding.pod}, {key("node"), binding.node}};
             }));
    return result;
}

} // namespace

QJsonObject encodeObject(const KubeObject& object)
{
    Json result = encodeBody(object);
    result.insert(key("apiVersion"), apiVersionOf(object));
    result.insert(key("kind"), kindOf(object));
    result.insert(key("metadata"), encodeMeta(metaOf(object)));
    return result;
}

void keepSchedulerAnnotations(KubeObject& object)
{
    if (std::holds_alternative<Node>(object))
        return;
    Labels& annotations = metaOf(object).annotations;
    if (annotations.isEmpty())
        return;
    Labels kept;
    if (std::holds_alternative<PersistentVolumeClaim>(object) || std::holds_alternative<PersistentVolume>(object)) {
        for (const QString& name : {storage::betaStorageClassAnnotation, storage::annBindCompleted, storage::annBoundByController,
                                    storage::annSelectedNode, storage::migratedPluginsAnnotation}) {
            if (const auto it = annotations.constFind(name); it != annotations.cend())
                kept.insert(name, *it);
        }
    }
    annotations = kept;
}

QString formatDuration(VirtualNanos nanos)
{
    // Whole seconds, else seconds with up to nine decimals: parseDuration reads it back to the
    // nanosecond (a double holds 15 digits, so to the nanosecond up to about 11 days).
    const QString whole = QString::number(nanos / nanosPerSecond);
    const VirtualNanos fraction = nanos % nanosPerSecond;
    if (fraction == 0)
        return whole + QLatin1Char('s');
    QString digits = QString::number(fraction).rightJustified(9, QLatin1Char('0'));
    while (digits.endsWith(QLatin1Char('0')))
        digits.chop(1);
    return whole + QLatin1Char('.') + digits + QLatin1Char('s');
}

QByteArray writeObjectYaml(const QJsonObject& object)
{
    YAML::Emitter out;
    out.SetIndent(2);
    emitYaml(out, object);
    QByteArray text(out.c_str(), static_cast<qsizetype>(out.size()));
    text.append('\n');
    return text;
}

QByteArray writeScenario(const Scenario& scenario, ScenarioFormat format)
{
    Json spec {{key("seed"), static_cast<qint64>(scenario.seed)}};
    if (scenario.kubernetesVersion)
        spec.insert(key("kubernetesVersion"), scenario.kubernetesVersion->toString().mid(1));
    Json gates;
    for (const version::GateSetting& gate : scenario.featureGates)
        gates.insert(gate.name, gate.value);
    insertIf(spec, "featureGates", gates);
    insertIf(spec, "timing", encodeTiming(scenario.timing));
    QJsonArray objects;
    const auto addAll = [&objects](const auto& list) {
        for (const auto& object : list)
            objects.append(encodeObject(object));
    };
    const ClusterState& initial = scenario.initial;
    // The order a reader expects: what pods refer to first.
    addAll(initial.namespaces);
    addAll(initial.priorityClasses);
    addAll(initial.storageClasses);
    addAll(initial.nodes);
    addAll(initial.csiNodes);
    addAll(initial.persistentVolumes);
    addAll(initial.persistentVolumeClaims);
    addAll(initial.services);
    addAll(initial.replicationControllers);
    addAll(initial.replicaSets);
    addAll(initial.statefulSets);
    addAll(initial.podDisruptionBudgets);
    addAll(initial.podGroups);
    addAll(initial.pods);
    spec.insert(key("objects"), objects);
    insertIf(spec, "events", encodeList(scenario.events, [](const ObjectChange& change) {
                 return Json {{key("at"), formatDuration(change.at)}, {key("action"), toString(change.action)}, {key("object"), encodeObject(change.object)}};
             }));
    if (scenario.recording)
        spec.insert(key("recording"), encodeRecording(*scenario.recording));
    const Json document {{key("apiVersion"), QStringLiteral("kschedviz.io/v1alpha1")},
                         {key("kind"), QStringLiteral("Scenario")},
                         {key("metadata"), Json {{key("name"), scenario.name}}},
                         {key("spec"), spec}};
    if (format == ScenarioFormat::Json)
        return QJsonDocument(document).toJson(QJsonDocument::Indented);
    return writeObjectYaml(document);
}

} // namespace ksv
