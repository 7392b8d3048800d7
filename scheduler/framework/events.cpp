#include "events.h"

#include "api/resources.h"

#include <QMap>

namespace ksv::framework {

QString toString(EventResource resource)
{
    switch (resource) {
    case EventResource::Pod: return QStringLiteral("Pod");
    case EventResource::AssignedPod: return QStringLiteral("AssignedPod");
    case EventResource::UnscheduledPod: return QStringLiteral("UnschedulablePod");
    case EventResource::Node: return QStringLiteral("Node");
    case EventResource::PersistentVolume: return QStringLiteral("PersistentVolume");
    case EventResource::PersistentVolumeClaim: return QStringLiteral("PersistentVolumeClaim");
    case EventResource::StorageClass: return QStringLiteral("storage.k8s.io/StorageClass");
    case EventResource::CSINode: return QStringLiteral("storage.k8s.io/CSINode");
    case EventResource::CSIDriver: return QStringLiteral("storage.k8s.io/CSIDriver");
    case EventResource::CSIStorageCapacity: return QStringLiteral("storage.k8s.io/CSIStorageCapacity");
    case EventResource::VolumeAttachment: return QStringLiteral("storage.k8s.io/VolumeAttachment");
    case EventResource::PodGroup: return QStringLiteral("PodGroup");
    case EventResource::WildCard: return QStringLiteral("*");
    }
    Q_UNREACHABLE();
    return {};
}

QString toString(QueueingHint hint)
{
    return hint == QueueingHint::Queue ? QStringLiteral("Queue") : QStringLiteral("QueueSkip");
}

bool ClusterEvent::match(const ClusterEvent& incoming) const
{
    if (isWildCard())
        return true;
    if ((actionType & incoming.actionType) == 0)
        return false;
    // EventResource.match: a wildcard resource matches every resource, and Pod matches assigned and
    // unscheduled pods alike.
    return resource == EventResource::WildCard || resource == incoming.resource
        || (resource == EventResource::Pod
            && (incoming.resource == EventResource::AssignedPod || incoming.resource == EventResource::UnscheduledPod));
}

QString actionTypeString(ActionType type)
{
    switch (type) {
    case action::Add: return QStringLiteral("Add");
    case action::Delete: return QStringLiteral("Delete");
    case action::UpdateNodeAllocatable: return QStringLiteral("UpdateNodeAllocatable");
    case action::UpdateNodeLabel: return QStringLiteral("UpdateNodeLabel");
    case action::UpdateNodeTaint: return QStringLiteral("UpdateNodeTaint");
    case action::UpdateNodeCondition: return QStringLiteral("UpdateNodeCondition");
    case action::UpdateNodeAnnotation: return QStringLiteral("UpdateNodeAnnotation");
    case action::UpdatePodLabel: return QStringLiteral("UpdatePodLabel");
    case action::UpdatePodScaleDown: return QStringLiteral("UpdatePodScaleDown");
    case action::UpdatePodTolerations: return QStringLiteral("UpdatePodTolerations");
    case action::UpdatePodSchedulingGatesEliminated: return QStringLiteral("UpdatePodSchedulingGatesEliminated");
    case action::UpdatePodGeneratedResourceClaim: return QStringLiteral("UpdatePodGeneratedResourceClaim");
    case action::updatePodOther: return QStringLiteral("Update");
    case action::All: return QStringLiteral("All");
    case action::Update: return QStringLiteral("Update");
    default: return {};
    }
}

ClusterEvent clusterEvent(EventResource resource, ActionType type)
{
    return ClusterEvent {resource, type, toString(resource) + actionTypeString(type)};
}

namespace {

ClusterEvent makeEvent(EventResource resource, ActionType type, const char* label)
{
    return ClusterEvent {resource, type, QString::fromLatin1(label)};
}

} // namespace

const ClusterEvent& eventScheduleAttemptFailure()
{
    static const ClusterEvent event = makeEvent(EventResource::WildCard, action::All, "ScheduleAttemptFailure");
    return event;
}

const ClusterEvent& eventBackoffComplete()
{
    static const ClusterEvent event = makeEvent(EventResource::WildCard, action::All, "BackoffComplete");
    return event;
}

const ClusterEvent& eventForceActivate()
{
    static const ClusterEvent event = makeEvent(EventResource::WildCard, action::All, "ForceActivate");
    return event;
}

const ClusterEvent& eventUnschedulableTimeout()
{
    static const ClusterEvent event = makeEvent(EventResource::WildCard, action::All, "UnschedulableTimeout");
    return event;
}

const ClusterEvent& eventPodAdd()
{
    static const ClusterEvent event = makeEvent(EventResource::UnscheduledPod, action::Add, "UnschedulablePodAdd");
    return event;
}

const ClusterEvent& eventNodeAdd()
{
    static const ClusterEvent event = makeEvent(EventResource::Node, action::Add, "NodeAdd");
    return event;
}

const ClusterEvent& eventAssignedPodAdd()
{
    static const ClusterEvent event = makeEvent(EventResource::AssignedPod, action::Add, "AssignedPodAdd");
    return event;
}

const ClusterEvent& eventAssignedPodDelete()
{
    static const ClusterEvent event = makeEvent(EventResource::AssignedPod, action::Delete, "AssignedPodDelete");
    return event;
}

namespace {

QString updateLabel(EventResource resource, ActionType type)
{
    return toString(resource) + actionTypeString(type);
}

QMap<QString, QString> conditionStatuses(const Node& node)
{
    QMap<QString, QString> statuses;
    for (const auto& condition : node.conditions)
        statuses.insert(condition.type, condition.status);
    return statuses;
}

} // namespace

QList<ClusterEvent> nodeSchedulingPropertiesChange(const Node& newNode, const Node& oldNode)
{
    QList<ClusterEvent> events;
    auto add = [&events](ActionType type) { events.append({EventResource::Node, type, updateLabel(EventResource::Node, type)}); };
    // A node becoming schedulable is reported as a taint change: NodeUnschedulable registers for it.
    if (newNode.unschedulable != oldNode.unschedulable && !newNode.unschedulable)
        add(action::UpdateNodeTaint);
    if (newNode.allocatable != oldNode.allocatable)
        add(action::UpdateNodeAllocatable);
    if (newNode.meta.labels != oldNode.meta.labels)
        add(action::UpdateNodeLabel);
    if (newNode.taints != oldNode.taints)
        add(action::UpdateNodeTaint);
    if (conditionStatuses(newNode) != conditionStatuses(oldNode))
        add(action::UpdateNodeCondition);
    if (newNode.meta.annotations != oldNode.meta.annotations)
        add(action::UpdateNodeAnnotation);
    return events;
}

namespace {

// extractPodScaleDown: a request of the old pod is gone or smaller (resource.PodRequests).
bool scaledDown(const Pod& newPod, const Pod& oldPod)
{
    const ResourceList oldRequests = podRequests(oldPod);
    const ResourceList newRequests = podRequests(newPod);
    for (auto it = oldRequests.cbegin(); it != oldRequests.cend(); ++it) {
        const auto found = newRequests.constFind(it.key());
        if (found == newRequests.cend() || found->milliValue() < it->milliValue())
            return true;
    }
    return false;
}

} // namespace

QList<ClusterEvent> podSchedulingPropertiesChange(const Pod& newPod, const Pod& oldPod)
{
    const EventResource resource = newPod.nodeName.isEmpty() ? EventResource::UnscheduledPod : EventResource::AssignedPod;
    QList<ClusterEvent> events;
    auto add = [&events, resource](ActionType type) { events.append({resource, type, updateLabel(resource, type)}); };
    if (newPod.meta.labels != oldPod.meta.labels)
        add(action::UpdatePodLabel);
    if (scaledDown(newPod, oldPod))
        add(action::UpdatePodScaleDown);
    if (!oldPod.schedulingGates.isEmpty() && newPod.schedulingGates.isEmpty())
        add(action::UpdatePodSchedulingGatesEliminated);
    if (newPod.tolerations.size() != oldPod.tolerations.size())
        add(action::UpdatePodTolerations);
    if (events.isEmpty())
        add(action::updatePodOther);
    return events;
}

} // namespace ksv::framework
