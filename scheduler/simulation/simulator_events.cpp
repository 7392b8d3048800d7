// The informers' side of the simulation (pkg/scheduler/eventhandlers.go, v1.32 with QueueingHints):
// the cluster source's object changes reach the cache and the queue the way upstream's handlers pass them.

#include "simulator_p.h"

namespace ksv {

using framework::ClusterEvent;
using framework::EventResource;
using trace::PodLocation;

namespace {

QString objectKey(const KubeObject& object)
{
    const ObjectMeta& meta = metaOf(object);
    return kindOf(object) + QLatin1Char('/') + meta.namespace_ + QLatin1Char('/') + meta.name;
}

// The event resource an object's informer reports; WildCard for kinds no plugin can register for.
EventResource resourceOf(const KubeObject& object)
{
    const QString kind = kindOf(object);
    if (kind == QLatin1String("PersistentVolume"))
        return EventResource::PersistentVolume;
    if (kind == QLatin1String("PersistentVolumeClaim"))
        return EventResource::PersistentVolumeClaim;
    if (kind == QLatin1String("StorageClass"))
        return EventResource::StorageClass;
    if (kind == QLatin1String("CSINode"))
        return EventResource::CSINode;
    if (kind == QLatin1String("PodGroup"))
        return EventResource::PodGroup;
    return EventResource::WildCard;
}

framework::ActionType actionOf(EventAction action)
{
    switch (action) {
    case EventAction::Create: return framework::action::Add;
    case EventAction::Update: return framework::action::Update;
    case EventAction::Delete: return framework::action::Delete;
    }
    Q_UNREACHABLE();
    return 0;
}

QString actionName(EventAction action)
{
    switch (action) {
    case EventAction::Create: return QStringLiteral("Add");
    case EventAction::Update: return QStringLiteral("Update");
    case EventAction::Delete: return QStringLiteral("Delete");
    }
    Q_UNREACHABLE();
    return {};
}

} // namespace

void Simulator::applyInitialState()
{
    // The informers' initial list: the cache was built from the initial objects; unscheduled pods
    // join the queue in the order the source lists them.
    const ClusterState& initial = m_trace.objects().initial();
    for (const auto& pod : initial.pods) {
        if (pod.isTerminal())
            continue;
        m_apiPods.insert(pod.meta.uid, pod);
        PodSummary& entry = summary(pod);
        if (!pod.nodeName.isEmpty()) {
            entry.node = pod.nodeName;
            entry.location = PodLocation::Bound;
        } else if (responsibleForPod(pod)) {
            m_queue.add(pod);
        }
    }
    const auto keep = [this](const auto& list) {
        for (const auto& object : list)
            m_apiObjects.insert(objectKey(object), object);
    };
    keep(initial.persistentVolumes);
    keep(initial.persistentVolumeClaims);
    keep(initial.storageClasses);
    keep(initial.csiNodes);
    keep(initial.namespaces);
    keep(initial.priorityClasses);
    keep(initial.podDisruptionBudgets);
    keep(initial.services);
    keep(initial.replicationControllers);
    keep(initial.replicaSets);
    keep(initial.statefulSets);
}

void Simulator::applyObjectChange(ObjectChange change)
{
    bool gone = false;
    if (auto* pod = std::get_if<Pod>(&change.object); pod && change.action == EventAction::Update) {
        const auto existing = m_apiPods.constFind(pod->meta.uid);
        // An update of a pod that is gone (deleted, preempted) is the API server's NotFound: nothing
        // happens, rather than the pod coming back.
        gone = existing == m_apiPods.cend() && m_summaryIndex.contains(pod->meta.uid);
        // spec.nodeName is set once, by the binding: an update that leaves it out (a scenario's, whose
        // author cannot know where the scheduler put the pod) keeps it, as `kubectl apply` would.
        if (existing != m_apiPods.cend() && pod->nodeName.isEmpty())
            pod->nodeName = existing->nodeName;
    }
    m_lastProgress = m_now;
    change.at = m_now; // a live change stamped before the engine's clock happens now
    // Every change of the source has its place in the object log, the one the catalogue numbered it
    // with, even one that changes nothing.
    const qsizetype index = m_trace.objects().append(change);
    if (gone)
        return;
    const ObjectChange& event = m_trace.objects().at(index);
    const ObjectMeta& meta = metaOf(event.object);
    const qint32 object = id(kindOf(event.object) + QLatin1Char(' ')
                             + (meta.namespace_.isEmpty() ? meta.name : meta.namespace_ + QLatin1Char('/') + meta.name));
    const auto* changedPod = std::get_if<Pod>(&event.object);
    const qint32 podId = changedPod ? id(changedPod->key()) : -1;
    const auto* changedNode = std::get_if<Node>(&event.object);
    const qint32 nodeId = changedNode ? id(changedNode->meta.name) : -1;
    // Views read the object itself from the object log, by the event's index.
    traceEvent(trace::Event::clusterChange(m_now, event.action, object, index, podId, nodeId));

    if (const auto* pod = std::get_if<Pod>(&event.object)) {
        const auto existing = m_apiPods.constFind(pod->meta.uid);
        const bool known = existing != m_apiPods.cend();
        if (event.action == EventAction::Delete) {
            if (known)
                deletePod(pod->meta.uid, QStringLiteral("PodDelete"));
        } else if (known) {
            const Pod old = *existing;
            if (pod->isTerminal())
                deletePod(pod->meta.uid, QStringLiteral("PodSucceededOrFailed"));
            else
                podUpdated(old, *pod);
        } else if (!pod->isTerminal()) {
            podAdded(*pod);
        }
        return;
    }
    if (const auto* node = std::get_if<Node>(&event.object)) {
        nodeChanged(event.action, *node);
        return;
    }
    otherObjectChanged(event.action, event.object);
}

// ---- Pods ---------------------------------------------------------------------------------------

void Simulator::podAdded(const Pod& pod)
{
    m_apiPods.insert(pod.meta.uid, pod);
    PodSummary& entry = summary(pod);
    if (!pod.nodeName.isEmpty()) {
        // addPodToCache, then AssignedPodAdd to the unschedulable pods.
        m_cache.addPod(pod);
        entry.node = pod.nodeName;
        traceMove(pod.key(), PodLocation::None, PodLocation::Bound, QStringLiteral("AssignedPodAdd"), pod.nodeName);
        entry.location = PodLocation::Bound;
        const KubeObject added = pod;
        m_queue.moveAllToActiveOrBackoffQueue(framework::eventAssignedPodAdd(), nullptr, &added);
        return;
    }
    if (responsibleForPod(pod))
        m_queue.add(pod);
}

void Simulator::podUpdated(const Pod& oldPod, const Pod& newPod)
{
    m_apiPods.insert(newPod.meta.uid, newPod);
    if (!oldPod.nodeName.isEmpty()) {
        assignedPodUpdated(oldPod, newPod);
        return;
    }
    if (!newPod.nodeName.isEmpty()) {
        // Bound by someone else: it leaves the queue and joins the cache, replacing any assumption
        // of ours (our binding, if one is under way, then fails).
        m_queue.remove(oldPod);
        m_assumed.remove(newPod.meta.uid);
        m_cache.addPod(newPod);
        PodSummary& entry = summary(newPod);
        entry.node = newPod.nodeName;
        traceMove(newPod.key(), entry.location, PodLocation::Bound, QStringLiteral("AssignedPodAdd"), newPod.nodeName);
        entry.location = PodLocation::Bound;
        const KubeObject added = newPod;
        m_queue.moveAllToActiveOrBackoffQueue(framework::eventAssignedPodAdd(), nullptr, &added);
        return;
    }
    // updatePodInSchedulingQueue: an assumed pod's updates wait for its binding.
    if (m_assumed.contains(newPod.meta.uid) || !responsibleForPod(newPod))
        return;
    m_queue.update(&oldPod, newPod);
}

void Simulator::assignedPodUpdated(const Pod& oldPod, const Pod& newPod)
{
    // updatePodInCache, then every scheduling-relevant change as its own event.
    m_cache.addPod(newPod);
    const KubeObject oldObject = oldPod;
    const KubeObject newObject = newPod;
    for (const ClusterEvent& event : framework::podSchedulingPropertiesChange(newPod, oldPod))
        m_queue.moveAllToActiveOrBackoffQueue(event, &oldObject, &newObject);
}

void Simulator::patchPod(const Pod& updated)
{
    const auto it = m_apiPods.constFind(updated.meta.uid);
    if (it == m_apiPods.cend() || *it == updated)
        return;
    const Pod old = *it;
    podUpdated(old, updated);
}

void Simulator::deletePod(const QString& uid, const QString& cause)
{
    const auto it = m_apiPods.constFind(uid);
    if (it == m_apiPods.cend())
        return;
    const Pod pod = *it;
    m_apiPods.remove(uid);
    m_lastProgress = m_now;
    PodSummary& entry = summary(pod);
    const KubeObject deleted = pod;
    if (!pod.nodeName.isEmpty()) {
        // deletePodFromCache: its room frees up for the unschedulable pods.
        m_cache.removePod(pod);
        traceMove(pod.key(), entry.location, PodLocation::Deleted, cause, pod.nodeName);
        entry.location = PodLocation::Deleted;
        m_queue.moveAllToActiveOrBackoffQueue(framework::eventAssignedPodDelete(), &deleted, nullptr);
        return;
    }
    // deletePodFromSchedulingQueue; a pod waiting on Permit is rejected and its room freed.
    m_queue.remove(pod);
    if (framework::WaitingPod* waiting = get(uid)) {
        waiting->reject(QString(), QStringLiteral("removed"));
        m_queue.moveAllToActiveOrBackoffQueue(framework::eventAssignedPodDelete(), &deleted, nullptr);
    }
    PodSummary& current = summary(pod); // the moves above may have added summaries
    if (current.location != PodLocation::Deleted && !m_bindings.count(uid) && !(m_cycle && m_cycle->pod->uid() == uid)) {
        traceMove(pod.key(), current.location, PodLocation::Deleted, cause);
        current.location = PodLocation::Deleted;
    }
}

// ---- Nodes and other objects --------------------------------------------------------------------

void Simulator::nodeChanged(EventAction action, const Node& node)
{
    const framework::NodeInfoPtr existing = m_cache.snapshot()->get(node.meta.name);
    const KubeObject newObject = node;
    if (action == EventAction::Delete) {
        if (existing)
            m_cache.removeNode(node.meta.name);
        return;
    }
    if (!existing) {
        // addNodeToCache: no pre-check with QueueingHints on.
        m_cache.addNode(node);
        m_queue.moveAllToActiveOrBackoffQueue(framework::eventNodeAdd(), nullptr, &newObject);
        return;
    }
    const Node oldNode = existing->node();
    m_cache.updateNode(node);
    const KubeObject oldObject = oldNode;
    for (const ClusterEvent& event : framework::nodeSchedulingPropertiesChange(node, oldNode))
        m_queue.moveAllToActiveOrBackoffQueue(event, &oldObject, &newObject);
}

void Simulator::otherObjectChanged(EventAction action, const KubeObject& object)
{
    const QString key = objectKey(object);
    const auto previous = m_apiObjects.constFind(key);
    std::optional<KubeObject> oldObject;
    if (previous != m_apiObjects.cend())
        oldObject = *previous;
    EventAction effective = action;
    if (action == EventAction::Delete) {
        if (!oldObject)
            return;
        m_apiObjects.remove(key);
        m_cache.removeObject(object);
    } else {
        effective = oldObject ? EventAction::Update : EventAction::Create;
        m_apiObjects.insert(key, object);
        m_cache.setObject(object);
    }
    for (const auto& framework : m_profiles.all())
        framework->setLister(m_cache.lister());
    const EventResource resource = resourceOf(object);
    if (resource == EventResource::WildCard)
        return; // no plugin registers for this kind: upstream has no handler to call
    const ClusterEvent event {resource, actionOf(effective), framework::toString(resource) + actionName(effective)};
    const KubeObject* oldPtr = oldObject ? &*oldObject : nullptr;
    const KubeObject* newPtr = effective == EventAction::Delete ? nullptr : &object;
    m_queue.moveAllToActiveOrBackoffQueue(event, oldPtr, newPtr);
}

} // namespace ksv
