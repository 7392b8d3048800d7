// Decoding of Node and of the other kinds the scheduler reads, and dispatch by kind.
#include "decode.h"

namespace ksv {

namespace {

struct KindInfo
{
    const char* kind;
    const char* apiVersion;
    bool namespaced;
};

constexpr KindInfo readKinds[] = {
    {"Node", "v1", false},
    {"Pod", "v1", true},
    {"Namespace", "v1", false},
    {"PriorityClass", "scheduling.k8s.io/v1", false},
    {"PodDisruptionBudget", "policy/v1", true},
    {"Service", "v1", true},
    {"ReplicationController", "v1", true},
    {"ReplicaSet", "apps/v1", true},
    {"StatefulSet", "apps/v1", true},
    {"PersistentVolumeClaim", "v1", true},
    {"PersistentVolume", "v1", false},
    {"StorageClass", "storage.k8s.io/v1", false},
    {"CSINode", "storage.k8s.io/v1", false},
    {"PodGroup", "scheduling.x-k8s.io/v1alpha1", true},
};

const KindInfo* findKind(const QString& kind)
{
    for (const auto& info : readKinds) {
        if (kind == QLatin1String(info.kind))
            return &info;
    }
    return nullptr;
}

QList<PersistentVolumeAccessMode> decodeAccessModes(const YamlField& field)
{
    return field.list<PersistentVolumeAccessMode>([](const YamlField& mode) {
        return static_cast<PersistentVolumeAccessMode>(mode.toEnum({QStringLiteral("ReadWriteOnce"), QStringLiteral("ReadOnlyMany"),
                                                                    QStringLiteral("ReadWriteMany"), QStringLiteral("ReadWriteOncePod")}));
    });
}

std::optional<IntOrPercent> decodeIntOrPercent(const YamlField& field)
{
    if (!field.isDefined())
        return std::nullopt;
    const QString text = field.toString();
    IntOrPercent result;
    QString digits = text;
    if (text.endsWith(QLatin1Char('%'))) {
        result.isPercent = true;
        digits.chop(1);
    }
    bool ok = false;
    result.value = digits.toInt(&ok);
    if (!ok || result.value < 0 || (result.isPercent && result.value > 100))
        field.fail(quoteForMessage(text) + QStringLiteral(" is not a non-negative integer or a percentage"));
    return result;
}

Node decodeNodeFull(const YamlField& object, ObjectMeta meta)
{
    Node node;
    node.meta = std::move(meta);
    const YamlField spec = object["spec"];
    node.unschedulable = spec["unschedulable"].isDefined() && spec["unschedulable"].toBool();
    node.taints = spec["taints"].list<Taint>(decodeTaint);
    const YamlField status = object["status"];
    node.capacity = decodeResourceList(status["capacity"]);
    node.allocatable = decodeResourceList(status["allocatable"]);
    // SetDefaults_NodeStatus: allocatable defaults to capacity.
    if (!status["allocatable"].isDefined())
        node.allocatable = node.capacity;
    node.images = status["images"].list<ContainerImage>([](const YamlField& f) {
        ContainerImage image;
        image.names = f["names"].toStringList();
        if (f["sizeBytes"].isDefined())
            image.sizeBytes = f["sizeBytes"].toInt(0, std::numeric_limits<qint64>::max());
        return image;
    });
    node.conditions = status["conditions"].list<NodeCondition>([](const YamlField& f) {
        return NodeCondition {f.requiredString("type"), f.stringOr("status")};
    });
    return node;
}

StorageClass decodeStorageClass(const YamlField& object, ObjectMeta meta)
{
    StorageClass storageClass;
    storageClass.meta = std::move(meta);
    storageClass.provisioner = object.requiredString("provisioner");
    if (const YamlField mode = object["volumeBindingMode"]; mode.isDefined())
        storageClass.volumeBindingMode = static_cast<VolumeBindingMode>(mode.toEnum({QStringLiteral("Immediate"), QStringLiteral("WaitForFirstConsumer")}));
    storageClass.allowedTopologies = object["allowedTopologies"].list<QList<TopologySelectorRequirement>>([](const YamlField& term) {
        return term["matchLabelExpressions"].list<TopologySelectorRequirement>([](const YamlField& f) {
            return TopologySelectorRequirement {f.requiredString("key"), f["values"].toStringList()};
        });
    });
    return storageClass;
}

PersistentVolume decodePersistentVolume(const YamlField& object, ObjectMeta meta)
{
    PersistentVolume volume;
    volume.meta = std::move(meta);
    const YamlField spec = object["spec"];
    if (const YamlField storage = spec["capacity"]["storage"]; storage.isDefined())
        volume.capacityStorage = storage.toQuantity();
    volume.accessModes = decodeAccessModes(spec["accessModes"]);
    volume.storageClassName = spec.stringOr("storageClassName");
    if (const YamlField claim = spec["claimRef"]; claim.isDefined())
        volume.claimRef = ObjectReference {claim.stringOr("namespace"), claim.requiredString("name"), claim.stringOr("uid")};
    if (const YamlField required = spec["nodeAffinity"]["required"]; required.isDefined())
        volume.nodeAffinity = decodeNodeSelector(required);
    volume.csiDriver = spec["csi"].stringOr("driver");
    volume.csiVolumeHandle = spec["csi"].stringOr("volumeHandle");
    volume.phase = object["status"].stringOr("phase");
    return volume;
}

PersistentVolumeClaim decodePersistentVolumeClaim(const YamlField& object, ObjectMeta meta)
{
    PersistentVolumeClaim claim;
    claim.meta = std::move(meta);
    const YamlField spec = object["spec"];
    claim.hasStorageClassName = spec["storageClassName"].isDefined();
    claim.storageClassName = spec.stringOr("storageClassName");
    claim.volumeName = spec.stringOr("volumeName");
    claim.accessModes = decodeAccessModes(spec["accessModes"]);
    if (const YamlField storage = spec["resources"]["requests"]["storage"]; storage.isDefined())
        claim.requestedStorage = storage.toQuantity();
    claim.phase = object["status"].stringOr("phase", QStringLiteral("Pending"));
    return claim;
}

// minMember and scheduleTimeoutSeconds are int32 in the CRD; a negative value would only make the
// plugin misbehave (a group that is always complete, a timer that fires at once), so it is refused.
PodGroup decodePodGroup(const YamlField& object, ObjectMeta meta)
{
    PodGroup group;
    group.meta = std::move(meta);
    const YamlField spec = object["spec"];
    if (const YamlField minMember = spec["minMember"]; minMember.isDefined())
        group.minMember = static_cast<int>(minMember.toInt(0, std::numeric_limits<int>::max()));
    if (const YamlField minResources = spec["minResources"]; minResources.isDefined())
        group.minResources = decodeResourceList(minResources);
    if (const YamlField timeout = spec["scheduleTimeoutSeconds"]; timeout.isDefined())
        group.scheduleTimeoutSeconds = static_cast<int>(timeout.toInt(0, std::numeric_limits<int>::max()));
    return group;
}

int decodeReplicas(const YamlField& spec)
{
    const YamlField replicas = spec["replicas"];
    return replicas.isDefined() ? static_cast<int>(replicas.toInt(0, std::numeric_limits<int>::max())) : 1;
}

} // namespace

bool isReadKind(const QString& kind)
{
    return findKind(kind) != nullptr;
}

QString expectedApiVersion(const QString& kind)
{
    const KindInfo* info = findKind(kind);
    return info ? QString::fromLatin1(info->apiVersion) : QString();
}

Node decodeNode(const YamlField& object)
{
    return decodeNodeFull(object, decodeObjectMeta(object["metadata"], false));
}

KubeObject decodeObject(const YamlField& object, DecodeMode mode)
{
    const YamlField kindField = object["kind"];
    const QString kind = object.requiredString("kind");
    const KindInfo* info = findKind(kind);
    if (!info)
        kindField.fail(quoteForMessage(kind) + QStringLiteral(" is not a kind the scheduler reads"));
    const QString apiVersion = object.requiredString("apiVersion");
    if (apiVersion != QLatin1String(info->apiVersion)) {
        object["apiVersion"].fail(quoteForMessage(apiVersion) + QStringLiteral(" is not the API version of ") + kind
                                  + QStringLiteral(": expected \"") + QLatin1String(info->apiVersion) + QLatin1Char('"'));
    }
    // Fields below the top level are not checked (see decode.h), but a top-level field no kind has
    // is almost always a metadata or spec field indented too little, silently lost otherwise.
    QStringList topLevel = {QStringLiteral("apiVersion"), QStringLiteral("kind"), QStringLiteral("metadata"),
                            QStringLiteral("spec"), QStringLiteral("status")};
    if (kind == QLatin1String("PriorityClass")) {
        topLevel << QStringLiteral("value") << QStringLiteral("globalDefault") << QStringLiteral("preemptionPolicy")
                 << QStringLiteral("description");
    } else if (kind == QLatin1String("StorageClass")) {
        topLevel << QStringLiteral("provisioner") << QStringLiteral("parameters") << QStringLiteral("reclaimPolicy")
                 << QStringLiteral("volumeBindingMode") << QStringLiteral("allowVolumeExpansion")
                 << QStringLiteral("mountOptions") << QStringLiteral("allowedTopologies");
    }
    object.rejectUnknownKeys(topLevel + QStringList {QStringLiteral("count")},
                             QStringLiteral("unknown field; a ") + kind + QStringLiteral(" has ") + topLevel.join(QStringLiteral(", "))
                                 + QStringLiteral(" and count"));
    ObjectMeta meta = decodeObjectMeta(object["metadata"], info->namespaced);
    meta.source = object.location();
    const bool full = mode == DecodeMode::Full;

    if (kind == QLatin1String("Node"))
        return full ? decodeNodeFull(object, std::move(meta)) : Node {std::move(meta), {}, {}, {}, {}, {}, {}};
    if (kind == QLatin1String("Pod")) {
        if (!full) {
            Pod pod;
            pod.meta = std::move(meta);
            return pod;
        }
        Pod pod = decodePod(object);
        pod.meta.source = meta.source;
        return pod;
    }
    if (kind == QLatin1String("Namespace"))
        return Namespace {std::move(meta)};
    if (kind == QLatin1String("PriorityClass")) {
        PriorityClass priorityClass;
        priorityClass.meta = std::move(meta);
        if (full) {
            const YamlField value = object["value"];
            if (!value.isDefined())
                value.fail(QStringLiteral("required value is missing"));
            // Values above one billion are reserved for the built-in system classes.
            priorityClass.value = static_cast<int>(value.toInt(std::numeric_limits<int>::min(), 2000001000));
            priorityClass.globalDefault = object["globalDefault"].isDefined() && object["globalDefault"].toBool();
            if (const YamlField policy = object["preemptionPolicy"]; policy.isDefined())
                priorityClass.preemptionPolicy = static_cast<PreemptionPolicy>(policy.toEnum({QStringLiteral("PreemptLowerPriority"), QStringLiteral("Never")}));
            priorityClass.description = object.stringOr("description");
        }
        return priorityClass;
    }
    if (kind == QLatin1String("PodDisruptionBudget")) {
        PodDisruptionBudget budget;
        budget.meta = std::move(meta);
        if (full) {
            const YamlField spec = object["spec"];
            budget.selector = decodeOptionalLabelSelector(spec["selector"]);
            budget.minAvailable = decodeIntOrPercent(spec["minAvailable"]);
            budget.maxUnavailable = decodeIntOrPercent(spec["maxUnavailable"]);
            if (budget.minAvailable && budget.maxUnavailable)
                spec["maxUnavailable"].fail(QStringLiteral("minAvailable and maxUnavailable cannot be both set"));
            if (const YamlField allowed = object["status"]["disruptionsAllowed"]; allowed.isDefined())
                budget.disruptionsAllowed = static_cast<int>(allowed.toInt(0, std::numeric_limits<int>::max()));
        }
        return budget;
    }
    if (kind == QLatin1String("Service"))
        return Service {std::move(meta), full ? object["spec"]["selector"].toStringMap() : Labels {}};
    if (kind == QLatin1String("ReplicationController"))
        return ReplicationController {std::move(meta), full ? object["spec"]["selector"].toStringMap() : Labels {}};
    if (kind == QLatin1String("ReplicaSet")) {
        ReplicaSet set {std::move(meta), {}, 1};
        if (full) {
            set.selector = decodeOptionalLabelSelector(object["spec"]["selector"]);
            set.replicas = decodeReplicas(object["spec"]);
        }
        return set;
    }
    if (kind == QLatin1String("StatefulSet")) {
        StatefulSet set {std::move(meta), {}, 1};
        if (full) {
            set.selector = decodeOptionalLabelSelector(object["spec"]["selector"]);
            set.replicas = decodeReplicas(object["spec"]);
        }
        return set;
    }
    if (kind == QLatin1String("PersistentVolumeClaim")) {
        if (!full) {
            PersistentVolumeClaim claim;
            claim.meta = std::move(meta);
            return claim;
        }
        return decodePersistentVolumeClaim(object, std::move(meta));
    }
    if (kind == QLatin1String("PersistentVolume")) {
        if (!full) {
            PersistentVolume volume;
            volume.meta = std::move(meta);
            return volume;
        }
        return decodePersistentVolume(object, std::move(meta));
    }
    if (kind == QLatin1String("StorageClass")) {
        if (!full) {
            StorageClass storageClass;
            storageClass.meta = std::move(meta);
            return storageClass;
        }
        return decodeStorageClass(object, std::move(meta));
    }
    if (kind == QLatin1String("PodGroup")) {
        if (!full) {
            PodGroup group;
            group.meta = std::move(meta);
            return group;
        }
        return decodePodGroup(object, std::move(meta));
    }
    // CSINode
    CSINode csiNode;
    csiNode.meta = std::move(meta);
    if (full) {
        csiNode.drivers = object["spec"]["drivers"].list<CSINodeDriver>([](const YamlField& f) {
            CSINodeDriver driver;
            driver.name = f.requiredString("name");
            driver.nodeID = f.stringOr("nodeID");
            if (const YamlField count = f["allocatable"]["count"]; count.isDefined())
                driver.allocatableCount = static_cast<int>(count.toInt(0, std::numeric_limits<int>::max()));
            driver.topologyKeys = f["topologyKeys"].toStringList();
            return driver;
        });
    }
    return csiNode;
}

// ---- KubeObject helpers ------------------------------------------------------------------------

QString kindOf(const KubeObject& object)
{
    static const char* const names[] = {"Node", "Pod", "Namespace", "PriorityClass", "PodDisruptionBudget", "Service",
                                        "ReplicationController", "ReplicaSet", "StatefulSet", "PersistentVolumeClaim",
                                        "PersistentVolume", "StorageClass", "CSINode", "PodGroup"};
    static_assert(std::size(names) == std::variant_size_v<KubeObject>);
    return QLatin1String(names[object.index()]);
}

const ObjectMeta& metaOf(const KubeObject& object)
{
    return std::visit([](const auto& o) -> const ObjectMeta& { return o.meta; }, object);
}

ObjectMeta& metaOf(KubeObject& object)
{
    return std::visit([](auto& o) -> ObjectMeta& { return o.meta; }, object);
}

QString toString(EventAction action)
{
    switch (action) {
    case EventAction::Create: return QStringLiteral("create");
    case EventAction::Update: return QStringLiteral("update");
    case EventAction::Delete: return QStringLiteral("delete");
    }
    Q_UNREACHABLE();
    return {};
}

void ClusterState::add(KubeObject object)
{
    std::visit(
        [this](auto&& o) {
            using T = std::decay_t<decltype(o)>;
            if constexpr (std::is_same_v<T, Node>) nodes.append(std::move(o));
            else if constexpr (std::is_same_v<T, Pod>) pods.append(std::move(o));
            else if constexpr (std::is_same_v<T, Namespace>) namespaces.append(std::move(o));
            else if constexpr (std::is_same_v<T, PriorityClass>) priorityClasses.append(std::move(o));
            else if constexpr (std::is_same_v<T, PodDisruptionBudget>) podDisruptionBudgets.append(std::move(o));
            else if constexpr (std::is_same_v<T, Service>) services.append(std::move(o));
            else if constexpr (std::is_same_v<T, ReplicationController>) replicationControllers.append(std::move(o));
            else if constexpr (std::is_same_v<T, ReplicaSet>) replicaSets.append(std::move(o));
            else if constexpr (std::is_same_v<T, StatefulSet>) statefulSets.append(std::move(o));
            else if constexpr (std::is_same_v<T, PersistentVolumeClaim>) persistentVolumeClaims.append(std::move(o));
            else if constexpr (std::is_same_v<T, PersistentVolume>) persistentVolumes.append(std::move(o));
            else if constexpr (std::is_same_v<T, StorageClass>) storageClasses.append(std::move(o));
            else if constexpr (std::is_same_v<T, CSINode>) csiNodes.append(std::move(o));
            else if constexpr (std::is_same_v<T, PodGroup>) podGroups.append(std::move(o));
        },
        std::move(object));
}

qsizetype ClusterState::objectCount() const
{
    return nodes.size() + pods.size() + namespaces.size() + priorityClasses.size() + podDisruptionBudgets.size()
        + services.size() + replicationControllers.size() + replicaSets.size() + statefulSets.size()
        + persistentVolumeClaims.size() + persistentVolumes.size() + storageClasses.size() + csiNodes.size()
        + podGroups.size();
}

} // namespace ksv
