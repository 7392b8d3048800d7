#pragma once

// Cluster events and QueueingHints (pkg/scheduler/framework/types.go: ClusterEvent, ActionType,
// EventResource; framework/events.go; interface.go: EnqueueExtensions, QueueingHintFn), v1.32 with
// the SchedulerQueueingHints gate on. A plugin registers the events that could make a pod it
// rejected schedulable, each with a hint function deciding, for one pod and one change, whether the
// pod is worth another attempt.

#include "scenario/scenario.h"

#include <functional>

namespace ksv::framework {

enum class EventResource : quint8 {
    Pod,            // any pod: matches AssignedPod and UnscheduledPod events too
    AssignedPod,    // a pod bound to a node
    UnscheduledPod, // a pod not bound yet
    Node,
    PersistentVolume,
    PersistentVolumeClaim,
    StorageClass,
    CSINode,
    CSIDriver,
    CSIStorageCapacity,
    VolumeAttachment, // not in our object model: registered so that the lists match upstream's
    PodGroup,       // scheduling.x-k8s.io PodGroup, for the Coscheduling plugin
    WildCard,
};
QString toString(EventResource resource);

// framework.ActionType: a bit set.
using ActionType = quint32;
// ActionType.String: the name of one action, "Update" for updatePodOther and the Update union, "All",
// and "" for any other combination (as upstream).
QString actionTypeString(ActionType type);
namespace action {
inline constexpr ActionType Add = 1u << 0;
inline constexpr ActionType Delete = 1u << 1;
inline constexpr ActionType UpdateNodeAllocatable = 1u << 2;
inline constexpr ActionType UpdateNodeLabel = 1u << 3;
inline constexpr ActionType UpdateNodeTaint = 1u << 4;
inline constexpr ActionType UpdateNodeCondition = 1u << 5;
inline constexpr ActionType UpdateNodeAnnotation = 1u << 6;
inline constexpr ActionType UpdatePodLabel = 1u << 7;
inline constexpr ActionType UpdatePodScaleDown = 1u << 8;
inline constexpr ActionType UpdatePodTolerations = 1u << 9;
inline constexpr ActionType UpdatePodSchedulingGatesEliminated = 1u << 10;
inline constexpr ActionType UpdatePodGeneratedResourceClaim = 1u << 11;
// An update no other Update* bit describes.
inline constexpr ActionType updatePodOther = 1u << 12;
inline constexpr ActionType Update = UpdateNodeAllocatable | UpdateNodeLabel | UpdateNodeTaint | UpdateNodeCondition
    | UpdateNodeAnnotation | UpdatePodLabel | UpdatePodScaleDown | UpdatePodTolerations | UpdatePodSchedulingGatesEliminated
    | UpdatePodGeneratedResourceClaim | updatePodOther;
inline constexpr ActionType All = (1u << 13) - 1;
} // namespace action

// framework.ClusterEvent. `label` is what metrics and our trace call it: the resource and the action
// ("NodeAdd", "AssignedPodDelete", "NodeUpdateNodeTaint") or the queue's own names
// ("UnschedulableTimeout", "BackoffComplete", ...).
struct ClusterEvent
{
    EventResource resource = EventResource::WildCard;
    ActionType actionType = action::All;
    QString label;

    bool isWildCard() const { return resource == EventResource::WildCard && actionType == action::All; }
    // ClusterEvent.Match: whether an incoming event `incoming` is one this registered event covers. An
    // incoming wildcard event matches only a registered wildcard (the queue moves every pod for it
    // without asking hints).
    bool match(const ClusterEvent& incoming) const;

    friend bool operator==(const ClusterEvent&, const ClusterEvent&) = default;
};

// ClusterEvent{Resource, ActionType} with upstream's Label(): fmt.Sprintf("%v%v", resource, action).
ClusterEvent clusterEvent(EventResource resource, ActionType type);

// The events the queue itself produces (framework/events.go).
const ClusterEvent& eventScheduleAttemptFailure(); // "ScheduleAttemptFailure"
const ClusterEvent& eventBackoffComplete();        // "BackoffComplete"
const ClusterEvent& eventForceActivate();          // "ForceActivate"
const ClusterEvent& eventUnschedulableTimeout();   // "UnschedulableTimeout", a wildcard event
const ClusterEvent& eventPodAdd();                 // "UnschedulablePodAdd" (a new unscheduled pod)
const ClusterEvent& eventNodeAdd();
const ClusterEvent& eventAssignedPodAdd();
const ClusterEvent& eventAssignedPodDelete();

// framework.QueueingHint.
enum class QueueingHint : quint8 { QueueSkip, Queue };
QString toString(QueueingHint hint);

// QueueingHintFn(logger, pod, oldObj, newObj). `oldObj` is null for an Add, `newObj` null for a
// Delete. Upstream's error return is folded in: a hint that cannot decide returns Queue.
using QueueingHintFn = std::function<QueueingHint(const Pod& pod, const KubeObject* oldObj, const KubeObject* newObj)>;

struct ClusterEventWithHint
{
    ClusterEvent event;
    QueueingHintFn queueingHintFn; // empty: always Queue
};

// framework.EnqueueExtensions: implemented by every plugin that can reject a pod (PreEnqueue,
// PreFilter, Filter, Reserve, Permit).
class EnqueueExtensions
{
public:
    virtual ~EnqueueExtensions() = default;
    virtual QList<ClusterEventWithHint> eventsToRegister() const = 0;
};

// util.As: both objects as T. Either may be null (add, delete); false when one is of another kind,
// where upstream's hint gives up with an error and the queue takes Queue.
template<typename T>
bool as(const KubeObject* oldObj, const KubeObject* newObj, const T*& oldT, const T*& newT)
{
    oldT = oldObj ? std::get_if<T>(oldObj) : nullptr;
    newT = newObj ? std::get_if<T>(newObj) : nullptr;
    return (!oldObj || oldT) && (!newObj || newT);
}

// events.go: NodeSchedulingPropertiesChange, the events a node update is, in upstream's order.
QList<ClusterEvent> nodeSchedulingPropertiesChange(const Node& newNode, const Node& oldNode);
// events.go: PodSchedulingPropertiesChange, the events an update of an unscheduled pod is.
QList<ClusterEvent> podSchedulingPropertiesChange(const Pod& newPod, const Pod& oldPod);

} // namespace ksv::framework
