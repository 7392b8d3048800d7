#pragma once

// The Kubernetes objects kube-scheduler reads, with the fields its default plugins, queue and
// preemption use. Field names follow k8s.io/api so that a reader can map one to the other.
// Containers are Qt's implicitly shared types: copying a Pod is cheap, which the `count` field of
// scenarios and the engine's snapshots rely on.

#include "labels.h"
#include "quantity.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace ksv {

// Where a value came from, for error messages and for the views' "go to source". 1-based.
struct SourceLocation
{
    QString file;
    int line = 0;
    int column = 0;
    bool isValid() const { return line > 0; }
    QString toString() const; // "file:line:column"
    friend bool operator==(const SourceLocation&, const SourceLocation&) = default;
};

struct OwnerReference
{
    QString apiVersion;
    QString kind;
    QString name;
    QString uid;
    bool controller = false;
    friend bool operator==(const OwnerReference&, const OwnerReference&) = default;
};

struct ObjectMeta
{
    QString name;
    QString namespace_; // empty for cluster-scoped kinds
    QString uid;
    Labels labels;
    Labels annotations;
    std::optional<qint64> creationTimestampMs; // milliseconds since the Unix epoch
    std::optional<qint64> deletionTimestampMs;
    QList<OwnerReference> ownerReferences;
    SourceLocation source;

    bool isDeleting() const { return deletionTimestampMs.has_value(); }
    friend bool operator==(const ObjectMeta&, const ObjectMeta&) = default;
};

// ---- Node --------------------------------------------------------------------------------------

enum class TaintEffect : quint8 { NoSchedule, PreferNoSchedule, NoExecute };
QString toString(TaintEffect effect);
std::optional<TaintEffect> taintEffectFromString(QStringView text);

struct Taint
{
    QString key;
    QString value;
    TaintEffect effect = TaintEffect::NoSchedule;
    // "{key: value}" as the TaintToleration reason prints a taint.
    QString toString() const;
    friend bool operator==(const Taint&, const Taint&) = default;
};

struct NodeCondition
{
    QString type;   // Ready, MemoryPressure, DiskPressure, PIDPressure, NetworkUnavailable
    QString status; // True, False, Unknown
    friend bool operator==(const NodeCondition&, const NodeCondition&) = default;
};

struct ContainerImage
{
    QStringList names;
    qint64 sizeBytes = 0;
    friend bool operator==(const ContainerImage&, const ContainerImage&) = default;
};

struct Node
{
    ObjectMeta meta;
    bool unschedulable = false;
    QList<Taint> taints;
    ResourceList capacity;
    ResourceList allocatable; // defaulted from capacity when absent (SetDefaults_NodeStatus)
    QList<ContainerImage> images;
    QList<NodeCondition> conditions;
    friend bool operator==(const Node&, const Node&) = default;
};

// ---- Pod ---------------------------------------------------------------------------------------

enum class TolerationOperator : quint8 { Equal, Exists };

struct Toleration
{
    QString key;
    TolerationOperator op = TolerationOperator::Equal;
    QString value;
    std::optional<TaintEffect> effect; // empty: every effect
    std::optional<qint64> tolerationSeconds;
    // v1.Toleration.ToleratesTaint.
    bool toleratesTaint(const Taint& taint) const;
    friend bool operator==(const Toleration&, const Toleration&) = default;
};

struct NodeSelectorRequirement
{
    QString key;
    SelectorOperator op = SelectorOperator::In;
    QStringList values;
    friend bool operator==(const NodeSelectorRequirement&, const NodeSelectorRequirement&) = default;
};

struct NodeSelectorTerm
{
    QList<NodeSelectorRequirement> matchExpressions;
    QList<NodeSelectorRequirement> matchFields; // only metadata.name is supported upstream
    friend bool operator==(const NodeSelectorTerm&, const NodeSelectorTerm&) = default;
};

struct NodeSelector
{
    QList<NodeSelectorTerm> nodeSelectorTerms; // ORed
    friend bool operator==(const NodeSelector&, const NodeSelector&) = default;
};

struct PreferredSchedulingTerm
{
    int weight = 0;
    NodeSelectorTerm preference;
    friend bool operator==(const PreferredSchedulingTerm&, const PreferredSchedulingTerm&) = default;
};

struct NodeAffinity
{
    std::optional<NodeSelector> requiredDuringSchedulingIgnoredDuringExecution;
    QList<PreferredSchedulingTerm> preferredDuringSchedulingIgnoredDuringExecution;
    friend bool operator==(const NodeAffinity&, const NodeAffinity&) = default;
};

struct PodAffinityTerm
{
    std::optional<LabelSelector> labelSelector;
    QStringList namespaces;
    QString topologyKey;
    std::optional<LabelSelector> namespaceSelector;
    QStringList matchLabelKeys;
    QStringList mismatchLabelKeys;
    friend bool operator==(const PodAffinityTerm&, const PodAffinityTerm&) = default;
};

struct WeightedPodAffinityTerm
{
    int weight = 0;
    PodAffinityTerm podAffinityTerm;
    friend bool operator==(const WeightedPodAffinityTerm&, const WeightedPodAffinityTerm&) = default;
};

// Used for both podAffinity and podAntiAffinity.
struct PodAffinity
{
    QList<PodAffinityTerm> requiredDuringSchedulingIgnoredDuringExecution;
    QList<WeightedPodAffinityTerm> preferredDuringSchedulingIgnoredDuringExecution;
    friend bool operator==(const PodAffinity&, const PodAffinity&) = default;
};

struct Affinity
{
    std::optional<NodeAffinity> nodeAffinity;
    std::optional<PodAffinity> podAffinity;
    std::optional<PodAffinity> podAntiAffinity;
    friend bool operator==(const Affinity&, const Affinity&) = default;
};

enum class UnsatisfiableConstraintAction : quint8 { DoNotSchedule, ScheduleAnyway };
enum class NodeInclusionPolicy : quint8 { Ignore, Honor };

struct TopologySpreadConstraint
{
    int maxSkew = 1;
    QString topologyKey;
    UnsatisfiableConstraintAction whenUnsatisfiable = UnsatisfiableConstraintAction::DoNotSchedule;
    std::optional<LabelSelector> labelSelector;
    std::optional<int> minDomains;
    std::optional<NodeInclusionPolicy> nodeAffinityPolicy; // nil means Honor
    std::optional<NodeInclusionPolicy> nodeTaintsPolicy;   // nil means Ignore
    QStringList matchLabelKeys;
    friend bool operator==(const TopologySpreadConstraint&, const TopologySpreadConstraint&) = default;
};

enum class Protocol : quint8 { TCP, UDP, SCTP };
QString toString(Protocol protocol);

struct ContainerPort
{
    QString name;
    int containerPort = 0;
    int hostPort = 0; // 0: no host port
    Protocol protocol = Protocol::TCP;
    QString hostIP;
    friend bool operator==(const ContainerPort&, const ContainerPort&) = default;
};

struct Container
{
    QString name;
    QString image;
    ResourceList requests; // limits copied in where requests are absent (SetDefaults_Container)
    ResourceList limits;
    QList<ContainerPort> ports;
    bool restartPolicyAlways = false; // an init container with restartPolicy: Always is a sidecar
    friend bool operator==(const Container&, const Container&) = default;
};

// The volume sources scheduling plugins look at. Every other source is recorded by type only.
struct Volume
{
    QString name;
    QString type;              // "persistentVolumeClaim", "ephemeral", "gcePersistentDisk", "emptyDir", ...
    QString claimName;         // persistentVolumeClaim.claimName, or <pod>-<volume> for ephemeral
    bool readOnly = false;
    QString gcePdName;         // gcePersistentDisk.pdName
    QString awsVolumeID;       // awsElasticBlockStore.volumeID
    QString iscsiTargetPortal; // iscsi
    QString iscsiIqn;
    int iscsiLun = 0;
    QStringList rbdMonitors;   // rbd
    QString rbdPool;
    QString rbdImage;
    friend bool operator==(const Volume&, const Volume&) = default;
};

enum class PreemptionPolicy : quint8 { PreemptLowerPriority, Never };
enum class PodPhase : quint8 { Pending, Running, Succeeded, Failed, Unknown };
QString toString(PodPhase phase);

struct PodCondition
{
    QString type;
    QString status;
    QString reason;
    QString message;
    friend bool operator==(const PodCondition&, const PodCondition&) = default;
};

inline const QString defaultSchedulerName = QStringLiteral("default-scheduler");

struct Pod
{
    ObjectMeta meta;
    // spec
    QString schedulerName = defaultSchedulerName;
    QString nodeName;
    QString priorityClassName;
    std::optional<int> priority; // resolved from the PriorityClass when the scenario loads
    std::optional<PreemptionPolicy> preemptionPolicy;
    Labels nodeSelector;
    Affinity affinity;
    QList<Toleration> tolerations;
    QList<TopologySpreadConstraint> topologySpreadConstraints;
    QList<Container> containers;
    QList<Container> initContainers;
    ResourceList overhead;
    QStringList schedulingGates;
    QList<Volume> volumes;
    bool hostNetwork = false;
    // status
    PodPhase phase = PodPhase::Pending;
    QString nominatedNodeName;
    std::optional<qint64> startTimeMs;
    QList<PodCondition> conditions;

    // corev1helpers.PodPriority: nil counts as 0.
    int effectivePriority() const { return priority.value_or(0); }
    // The scheduler's informers never see Succeeded or Failed pods (scheduler.go: newPodInformer).
    bool isTerminal() const { return phase == PodPhase::Succeeded || phase == PodPhase::Failed; }
    // "namespace/name", as kube-scheduler's logs and our traces name a pod.
    QString key() const { return meta.namespace_ + QLatin1Char('/') + meta.name; }
    friend bool operator==(const Pod&, const Pod&) = default;
};

// ---- Cluster-scoped and namespaced objects the scheduler reads besides nodes and pods --------------

struct Namespace
{
    ObjectMeta meta;
    friend bool operator==(const Namespace&, const Namespace&) = default;
};

struct PriorityClass
{
    ObjectMeta meta;
    int value = 0;
    bool globalDefault = false;
    std::optional<PreemptionPolicy> preemptionPolicy;
    QString description;
    friend bool operator==(const PriorityClass&, const PriorityClass&) = default;
};

// intstr.IntOrString as PDBs use it: an integer, or a percentage string such as "50%".
struct IntOrPercent
{
    int value = 0;
    bool isPercent = false;
    friend bool operator==(const IntOrPercent&, const IntOrPercent&) = default;
};

struct PodDisruptionBudget
{
    ObjectMeta meta;
    std::optional<LabelSelector> selector; // policy/v1: empty selects every pod of the namespace
    std::optional<IntOrPercent> minAvailable;
    std::optional<IntOrPercent> maxUnavailable;
    std::optional<int> disruptionsAllowed; // status, when the file carries it
    friend bool operator==(const PodDisruptionBudget&, const PodDisruptionBudget&) = default;
};

// Service, ReplicationController, ReplicaSet and StatefulSet matter to the scheduler only through
// their selectors (default topology spreading: helper.DefaultSelector).
struct Service
{
    ObjectMeta meta;
    Labels selector; // empty: selects nothing
    friend bool operator==(const Service&, const Service&) = default;
};

struct ReplicationController
{
    ObjectMeta meta;
    Labels selector;
    friend bool operator==(const ReplicationController&, const ReplicationController&) = default;
};

struct ReplicaSet
{
    ObjectMeta meta;
    std::optional<LabelSelector> selector;
    int replicas = 1;
    friend bool operator==(const ReplicaSet&, const ReplicaSet&) = default;
};

struct StatefulSet
{
    ObjectMeta meta;
    std::optional<LabelSelector> selector;
    int replicas = 1;
    friend bool operator==(const StatefulSet&, const StatefulSet&) = default;
};

// ---- Out-of-tree kinds ---------------------------------------------------------------------------

// scheduler-plugins' PodGroup (scheduling.x-k8s.io/v1alpha1), read by the Coscheduling plugin. Its
// status is written by the PodGroup controller, which a scenario does not run, and the plugin never
// reads it, so only the spec is kept.
struct PodGroup
{
    ObjectMeta meta;
    int minMember = 0;
    std::optional<ResourceList> minResources;  // nil: no resource pre-check; {} still checks the pod count
    std::optional<int> scheduleTimeoutSeconds; // nil: the plugin's permitWaitingTimeSeconds
    friend bool operator==(const PodGroup&, const PodGroup&) = default;
};

// v1alpha1.PodGroupLabel: a pod names its group by this label; the group lives in the pod's namespace.
inline const QString podGroupLabel = QStringLiteral("scheduling.x-k8s.io/pod-group");

// ---- Storage -------------------------------------------------------------------------------------

enum class PersistentVolumeAccessMode : quint8 { ReadWriteOnce, ReadOnlyMany, ReadWriteMany, ReadWriteOncePod };
enum class VolumeBindingMode : quint8 { Immediate, WaitForFirstConsumer };

struct PersistentVolumeClaim
{
    ObjectMeta meta;
    QString storageClassName; // empty: none given
    bool hasStorageClassName = false;
    QString volumeName;
    QList<PersistentVolumeAccessMode> accessModes;
    std::optional<Quantity> requestedStorage;
    QString phase; // Pending, Bound, Lost
    friend bool operator==(const PersistentVolumeClaim&, const PersistentVolumeClaim&) = default;
};

struct ObjectReference
{
    QString namespace_;
    QString name;
    QString uid;
    friend bool operator==(const ObjectReference&, const ObjectReference&) = default;
};

struct PersistentVolume
{
    ObjectMeta meta;
    std::optional<Quantity> capacityStorage;
    QList<PersistentVolumeAccessMode> accessModes;
    QString storageClassName;
    std::optional<ObjectReference> claimRef;
    std::optional<NodeSelector> nodeAffinity; // spec.nodeAffinity.required
    QString csiDriver;
    QString csiVolumeHandle;
    QString phase; // Available, Bound, Released, Failed
    friend bool operator==(const PersistentVolume&, const PersistentVolume&) = default;
};

struct TopologySelectorRequirement
{
    QString key;
    QStringList values;
    friend bool operator==(const TopologySelectorRequirement&, const TopologySelectorRequirement&) = default;
};

struct StorageClass
{
    ObjectMeta meta;
    QString provisioner;
    VolumeBindingMode volumeBindingMode = VolumeBindingMode::Immediate;
    QList<QList<TopologySelectorRequirement>> allowedTopologies; // terms of matchLabelExpressions
    friend bool operator==(const StorageClass&, const StorageClass&) = default;
};

struct CSINodeDriver
{
    QString name;
    QString nodeID;
    std::optional<int> allocatableCount;
    QStringList topologyKeys;
    friend bool operator==(const CSINodeDriver&, const CSINodeDriver&) = default;
};

struct CSINode
{
    ObjectMeta meta;
    QList<CSINodeDriver> drivers;
    friend bool operator==(const CSINode&, const CSINode&) = default;
};

} // namespace ksv
