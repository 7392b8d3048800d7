#include "schedulingqueue.h"

#include "profiles.h"

namespace ksv {

using framework::ClusterEvent;
using framework::QueueingHint;
using trace::PodLocation;

namespace {

const QString activeQueueName = QStringLiteral("active");
const QString backoffQueueName = QStringLiteral("backoff");
const QString unschedulableQueueName = QStringLiteral("unschedulable");
const QString schedulingGatesPlugin = QStringLiteral("SchedulingGates");

QString label(const char* text)
{
    return QString::fromLatin1(text);
}

} // namespace

bool SchedulingQueue::ActiveLess::operator()(const QueuedPodInfo* a, const QueuedPodInfo* b) const
{
    const framework::Framework& sorter = *queue->m_profiles.all().front();
    if (sorter.queueSortLess({&a->pod(), a->timestamp}, {&b->pod(), b->timestamp}))
        return true;
    if (sorter.queueSortLess({&b->pod(), b->timestamp}, {&a->pod(), a->timestamp}))
        return false;
    return a->sequence < b->sequence;
}

bool SchedulingQueue::BackoffLess::operator()(const QueuedPodInfo* a, const QueuedPodInfo* b) const
{
    const VirtualNanos ta = queue->backoffTime(*a);
    const VirtualNanos tb = queue->backoffTime(*b);
    if (ta != tb)
        return ta < tb;
    return a->sequence < b->sequence;
}

SchedulingQueue::SchedulingQueue(const Profiles& profiles, QueueSettings settings, const VirtualNanos& now, QueueObserver* observer)
    : m_profiles(profiles)
    , m_settings(settings)
    , m_now(now)
    , m_observer(observer)
    , m_activeQ(ActiveLess {this})
    , m_backoffQ(BackoffLess {this})
{
    // buildQueueingHintMap: per profile, each registered event with the plugins' hint functions.
    for (const auto& framework : profiles.all()) {
        QList<Registration>& registrations = m_hintMap[framework->profileName()];
        for (const auto& pluginEvents : framework->enqueueExtensions()) {
            for (const auto& withHint : pluginEvents.events) {
                auto it = std::find_if(registrations.begin(), registrations.end(), [&withHint](const Registration& r) {
                    return r.event.resource == withHint.event.resource && r.event.actionType == withHint.event.actionType;
                });
                if (it == registrations.end())
                    it = registrations.insert(registrations.end(), Registration {withHint.event, {}});
                it->functions.append({pluginEvents.plugin, withHint.queueingHintFn});
            }
        }
    }
}

SchedulingQueue::~SchedulingQueue() = default;

// ---- Structures ---------------------------------------------------------------------------------

void SchedulingQueue::insertActive(QueuedPodInfo* pod)
{
    pod->sequence = m_sequence++;
    pod->location = PodLocation::Active;
    m_activeQ.insert(pod);
}

void SchedulingQueue::insertBackoff(QueuedPodInfo* pod)
{
    pod->sequence = m_sequence++;
    pod->location = PodLocation::Backoff;
    m_backoffQ.insert(pod);
}

void SchedulingQueue::insertUnschedulable(QueuedPodInfo* pod)
{
    pod->location = pod->gated ? PodLocation::Gated : PodLocation::Unschedulable;
    if (pod->gated)
        ++m_gatedCount;
    m_unschedulable.insert(pod->key(), pod);
}

void SchedulingQueue::detach(QueuedPodInfo* pod)
{
    switch (pod->location) {
    case PodLocation::Active: m_activeQ.erase(pod); break;
    case PodLocation::Backoff: m_backoffQ.erase(pod); break;
    case PodLocation::Gated: --m_gatedCount; [[fallthrough]];
    case PodLocation::Unschedulable: m_unschedulable.remove(pod->key()); break;
    default: break;
    }
    pod->location = PodLocation::None;
}

void SchedulingQueue::moved(const QueuedPodInfo& pod, PodLocation from, PodLocation to, const QString& cause)
{
    if (m_observer && from != to)
        m_observer->podMoved(pod, from, to, cause);
}

QueuedPodInfoPtr SchedulingQueue::take(const QString& uid)
{
    const auto it = m_pods.find(uid);
    if (it == m_pods.end())
        return nullptr;
    QueuedPodInfoPtr owned = std::move(it->second);
    m_pods.erase(it);
    return owned;
}

const QueuedPodInfo* SchedulingQueue::find(const QString& uid) const
{
    const auto it = m_pods.find(uid);
    return it == m_pods.end() ? nullptr : it->second.get();
}

// ---- Backoff ------------------------------------------------------------------------------------

VirtualNanos SchedulingQueue::backoffDuration(const QueuedPodInfo& pod) const
{
    // A pod never tried has wasted no cycle, so it owes no backoff (v1.32, kubernetes#126029).
    if (pod.attempts == 0)
        return 0;
    VirtualNanos duration = m_settings.podInitialBackoff;
    for (int i = 1; i < pod.attempts; ++i) {
        if (duration > m_settings.podMaxBackoff - duration)
            return m_settings.podMaxBackoff;
        duration += duration;
    }
    return duration;
}

bool SchedulingQueue::isPodBackingoff(const QueuedPodInfo& pod) const
{
    // Gated pods are not exempt (v1.32, kubernetes#126029): a pod that failed before a PreEnqueue
    // plugin gated it serves the rest of its backoff once ungated; one never tried owes none.
    return backoffTime(pod) > m_now;
}

std::optional<VirtualNanos> SchedulingQueue::nextBackoffExpiry() const
{
    if (m_backoffQ.empty())
        return std::nullopt;
    return backoffTime(**m_backoffQ.begin());
}

// ---- Entering activeQ ---------------------------------------------------------------------------

bool SchedulingQueue::runPreEnqueuePlugins(QueuedPodInfo& pod)
{
    framework::Framework* framework = m_profiles.forPod(pod.pod());
    if (!framework)
        return true;
    if (m_observer)
        m_observer->preEnqueueRunning(&pod);
    const framework::Status status = framework->runPreEnqueuePlugins(pod.pod());
    if (m_observer)
        m_observer->preEnqueueRunning(nullptr);
    if (status.isSuccess())
        return true;
    pod.unschedulablePlugins.insert(status.plugin());
    return false;
}

bool SchedulingQueue::moveToActiveQ(QueuedPodInfo* pod, PodLocation from, const QString& event)
{
    pod->gated = !runPreEnqueuePlugins(*pod);
    if (pod->gated) {
        insertUnschedulable(pod);
        moved(*pod, from, PodLocation::Gated, event);
        return false;
    }
    if (!pod->initialAttemptTimestamp)
        pod->initialAttemptTimestamp = m_now;
    insertActive(pod);
    if (m_observer)
        m_observer->podIncoming(activeQueueName, event);
    moved(*pod, from, PodLocation::Active, event);
    if (event == framework::eventPodAdd().label || event == label("UnschedulablePodUpdate"))
        addNominatedPod(pod->podInfo, std::nullopt);
    return true;
}

void SchedulingQueue::add(const Pod& pod)
{
    if (m_pods.count(pod.meta.uid) != 0 || m_inFlight.contains(pod.meta.uid))
        return; // known already: an Add of a pod the queue holds is an informer replay
    auto owned = std::make_unique<QueuedPodInfo>();
    owned->podInfo = framework::PodInfo::create(pod);
    owned->timestamp = m_now;
    QueuedPodInfo* info = owned.get();
    m_pods.emplace(pod.meta.uid, std::move(owned));
    moveToActiveQ(info, PodLocation::None, framework::eventPodAdd().label);
}

void SchedulingQueue::activate(const QList<Pod>& pods)
{
    for (const auto& pod : pods) {
        const auto it = m_pods.find(pod.meta.uid);
        QueuedPodInfo* info = it == m_pods.end() ? nullptr : it->second.get();
        if (info && info->location != PodLocation::Active) {
            const PodLocation from = info->location;
            detach(info);
            moveToActiveQ(info, from, framework::eventForceActivate().label);
            continue;
        }
        if (!info && m_inFlight.contains(pod.meta.uid)) {
            // The pod is being scheduled: its attempt sees a ForceActivate aimed at it.
            m_inFlightEvents.push_back({framework::eventForceActivate(), nullptr, std::make_shared<const KubeObject>(pod)});
            m_moveRequestCycle = m_schedulingCycle;
        }
    }
}

QueuedPodInfoPtr SchedulingQueue::pop()
{
    if (m_activeQ.empty())
        return nullptr;
    QueuedPodInfo* head = *m_activeQ.begin();
    detach(head);
    QueuedPodInfoPtr owned = take(head->uid());
    owned->attempts++;
    m_schedulingCycle++;
    m_inFlight.insert(owned->uid(), m_inFlightEventsBase + qint64(m_inFlightEvents.size()));
    owned->unschedulablePlugins.clear();
    owned->pendingPlugins.clear();
    moved(*owned, PodLocation::Active, PodLocation::Scheduling, label("Pop"));
    return owned;
}

void SchedulingQueue::done(const QString& uid)
{
    if (m_inFlight.remove(uid))
        pruneInFlightEvents();
}

void SchedulingQueue::pruneInFlightEvents()
{
    if (m_inFlight.isEmpty()) {
        m_inFlightEventsBase += qint64(m_inFlightEvents.size());
        m_inFlightEvents.clear();
        return;
    }
    qint64 oldest = std::numeric_limits<qint64>::max();
    for (const qint64 index : std::as_const(m_inFlight))
        oldest = std::min(oldest, index);
    while (!m_inFlightEvents.empty() && m_inFlightEventsBase < oldest) {
        m_inFlightEvents.pop_front();
        ++m_inFlightEventsBase;
    }
}

void SchedulingQueue::addEventIfAnyInFlight(const ClusterEvent& event, const KubeObject* oldObj, const KubeObject* newObj)
{
    if (m_inFlight.isEmpty())
        return;
    m_inFlightEvents.push_back({event, oldObj ? std::make_shared<const KubeObject>(*oldObj) : nullptr,
                                newObj ? std::make_shared<const KubeObject>(*newObj) : nullptr});
}

// ---- Requeueing ---------------------------------------------------------------------------------

SchedulingQueue::Strategy SchedulingQueue::isPodWorthRequeuing(const QueuedPodInfo& pod, const ClusterEvent& event,
                                                               const KubeObject* oldObj, const KubeObject* newObj)
{
    if (pod.unschedulablePlugins.isEmpty() && pod.pendingPlugins.isEmpty())
        return Strategy::QueueAfterBackoff;
    if (event.isWildCard()) {
        // A wildcard event with an object is aimed at that pod alone (ForceActivate).
        if (newObj) {
            const auto* target = std::get_if<Pod>(newObj);
            if (!target || target->meta.uid != pod.uid())
                return Strategy::QueueSkip;
        }
        return Strategy::QueueAfterBackoff;
    }
    const auto registrations = m_hintMap.constFind(pod.pod().schedulerName);
    if (registrations == m_hintMap.cend())
        return Strategy::QueueAfterBackoff;
    Strategy strategy = Strategy::QueueSkip;
    for (const auto& registration : *registrations) {
        if (!registration.event.match(event))
            continue;
        for (const auto& function : registration.functions) {
            if (!pod.unschedulablePlugins.contains(function.plugin) && !pod.pendingPlugins.contains(function.plugin))
                continue;
            const QueueingHint hint = function.fn ? function.fn(pod.pod(), oldObj, newObj) : QueueingHint::Queue;
            if (m_observer)
                m_observer->hintEvaluated(pod, function.plugin, event.label, hint);
            if (hint == QueueingHint::QueueSkip)
                continue;
            if (pod.pendingPlugins.contains(function.plugin))
                return Strategy::QueueImmediately;
            if (pod.pendingPlugins.isEmpty())
                return Strategy::QueueAfterBackoff;
            strategy = Strategy::QueueAfterBackoff;
        }
    }
    return strategy;
}

SchedulingQueue::Strategy SchedulingQueue::determineSchedulingHintForInFlightPod(const QueuedPodInfo& pod)
{
    if (pod.unschedulablePlugins.isEmpty() && pod.pendingPlugins.isEmpty())
        return Strategy::QueueAfterBackoff;
    const auto it = m_inFlight.constFind(pod.uid());
    if (it == m_inFlight.cend())
        return Strategy::QueueAfterBackoff;
    Strategy strategy = Strategy::QueueSkip;
    for (auto index = static_cast<size_t>(*it - m_inFlightEventsBase); index < m_inFlightEvents.size(); ++index) {
        const InFlightEvent& recorded = m_inFlightEvents[index];
        const Strategy hint = isPodWorthRequeuing(pod, recorded.event, recorded.oldObj.get(), recorded.newObj.get());
        if (hint == Strategy::QueueImmediately)
            return hint;
        if (hint == Strategy::QueueAfterBackoff) {
            strategy = hint;
            if (pod.pendingPlugins.isEmpty())
                return strategy;
        }
    }
    return strategy;
}

PodLocation SchedulingQueue::requeuePodViaQueueingHint(QueuedPodInfo* pod, PodLocation from, Strategy strategy, const QString& event)
{
    if (strategy == Strategy::QueueSkip) {
        insertUnschedulable(pod);
        if (m_observer)
            m_observer->podIncoming(unschedulableQueueName, event);
        moved(*pod, from, pod->location, event);
        return pod->location;
    }
    if (strategy == Strategy::QueueAfterBackoff && isPodBackingoff(*pod)) {
        insertBackoff(pod);
        if (m_observer)
            m_observer->podIncoming(backoffQueueName, event);
        moved(*pod, from, PodLocation::Backoff, event);
        return PodLocation::Backoff;
    }
    moveToActiveQ(pod, from, event);
    return pod->location;
}

void SchedulingQueue::addUnschedulableIfNotPresent(QueuedPodInfoPtr pod, qint64 podSchedulingCycle, PodLocation from)
{
    Q_UNUSED(podSchedulingCycle) // only the hints-off path compares it with moveRequestCycle
    const QString uid = pod->uid();
    if (m_pods.count(uid) != 0) {
        done(uid); // already queued again (an Update re-added it): upstream returns an error
        return;
    }
    pod->timestamp = m_now;
    const Strategy strategy = determineSchedulingHintForInFlightPod(*pod);
    QueuedPodInfo* info = pod.get();
    m_pods.emplace(uid, std::move(pod));
    requeuePodViaQueueingHint(info, from, strategy, framework::eventScheduleAttemptFailure().label);
    done(uid);
}

void SchedulingQueue::flushBackoffQCompleted()
{
    while (!m_backoffQ.empty()) {
        QueuedPodInfo* head = *m_backoffQ.begin();
        if (isPodBackingoff(*head))
            break;
        detach(head);
        moveToActiveQ(head, PodLocation::Backoff, framework::eventBackoffComplete().label);
    }
}

void SchedulingQueue::flushUnschedulablePodsLeftover()
{
    QList<QueuedPodInfo*> leftover;
    for (QueuedPodInfo* pod : std::as_const(m_unschedulable)) {
        if (m_now - pod->timestamp > m_settings.podMaxInUnschedulablePodsDuration)
            leftover.append(pod);
    }
    if (!leftover.isEmpty())
        movePodsToActiveOrBackoffQueue(leftover, framework::eventUnschedulableTimeout(), nullptr, nullptr);
}

bool SchedulingQueue::isEventOfInterest(const ClusterEvent& event) const
{
    if (event.isWildCard())
        return true;
    for (const auto& registrations : m_hintMap) {
        for (const auto& registration : registrations) {
            if (registration.event.match(event))
                return true;
        }
    }
    return false;
}

void SchedulingQueue::movePodsToActiveOrBackoffQueue(const QList<QueuedPodInfo*>& pods, const ClusterEvent& event,
                                                     const KubeObject* oldObj, const KubeObject* newObj)
{
    if (!isEventOfInterest(event))
        return;
    for (QueuedPodInfo* pod : pods) {
        // Pods waiting for their scheduling gates only move when the gates go (Update).
        if (pod->gated && pod->unschedulablePlugins.contains(schedulingGatesPlugin))
            continue;
        const Strategy strategy = isPodWorthRequeuing(*pod, event, oldObj, newObj);
        if (strategy == Strategy::QueueSkip)
            continue;
        const PodLocation from = pod->location;
        detach(pod);
        requeuePodViaQueueingHint(pod, from, strategy, event.label);
    }
    m_moveRequestCycle = m_schedulingCycle;
    addEventIfAnyInFlight(event, oldObj, newObj);
}

void SchedulingQueue::moveAllToActiveOrBackoffQueue(const ClusterEvent& event, const KubeObject* oldObj, const KubeObject* newObj,
                                                    const std::function<bool(const Pod&)>& preCheck)
{
    if (!isEventOfInterest(event))
        return;
    QList<QueuedPodInfo*> pods;
    pods.reserve(m_unschedulable.size());
    for (QueuedPodInfo* pod : std::as_const(m_unschedulable)) {
        if (!preCheck || preCheck(pod->pod()))
            pods.append(pod);
    }
    movePodsToActiveOrBackoffQueue(pods, event, oldObj, newObj);
}

// ---- Updates and deletes ------------------------------------------------------------------------

// updateNominatedPod: a nomination made in memory survives an update in which neither version of
// the pod names a node.
std::optional<framework::NominatingInfo> SchedulingQueue::keptNomination(const Pod& oldPod, const Pod& newPod) const
{
    const auto it = m_nominatedPodToNode.constFind(newPod.meta.uid);
    if (oldPod.nominatedNodeName.isEmpty() && newPod.nominatedNodeName.isEmpty() && it != m_nominatedPodToNode.cend())
        return framework::NominatingInfo {*it, true};
    return std::nullopt;
}

void SchedulingQueue::update(const Pod* oldPod, const Pod& newPod)
{
    const QString& uid = newPod.meta.uid;
    QList<ClusterEvent> events;
    if (oldPod) {
        events = framework::podSchedulingPropertiesChange(newPod, *oldPod);
        if (m_inFlight.contains(uid)) {
            // Replayed when the attempt fails (AddUnschedulableIfNotPresent).
            for (const auto& event : events) {
                m_inFlightEvents.push_back({event, std::make_shared<const KubeObject>(*oldPod), std::make_shared<const KubeObject>(newPod)});
            }
            return;
        }
    }
    const auto it = m_pods.find(uid);
    QueuedPodInfo* info = it == m_pods.end() ? nullptr : it->second.get();
    if (oldPod && info && (info->location == PodLocation::Active || info->location == PodLocation::Backoff)) {
        // Updated in place; its position may change with the new priority.
        // Re-inserted with its old sequence number: among equals it keeps its place.
        const PodLocation where = info->location;
        detach(info);
        info->podInfo = framework::PodInfo::create(newPod);
        info->location = where;
        if (where == PodLocation::Active)
            m_activeQ.insert(info);
        else
            m_backoffQ.insert(info);
        addNominatedPod(info->podInfo, keptNomination(*oldPod, newPod));
        return;
    }
    if (info && (info->location == PodLocation::Unschedulable || info->location == PodLocation::Gated)) {
        // updateNominatedPod keeps a nomination made in memory when neither version names one.
        info->podInfo = framework::PodInfo::create(newPod);
        addNominatedPod(info->podInfo, oldPod ? keptNomination(*oldPod, newPod) : std::nullopt);
        // A single event that moves the pod ends the loop (upstream goes on after a move to
        // backoffQ, which can leave the pod in two structures; we stop there).
        if (!oldPod)
            return;
        const KubeObject oldObject = *oldPod;
        const KubeObject newObject = newPod;
        for (const auto& event : events) {
            const Strategy strategy = isPodWorthRequeuing(*info, event, &oldObject, &newObject);
            const PodLocation from = info->location;
            detach(info);
            const PodLocation to = requeuePodViaQueueingHint(info, from, strategy, event.label);
            if (to == PodLocation::Active || to == PodLocation::Backoff)
                break;
        }
        return;
    }
    if (info)
        return;
    // Not queued (and not in flight): a fresh entry.
    auto owned = std::make_unique<QueuedPodInfo>();
    owned->podInfo = framework::PodInfo::create(newPod);
    owned->timestamp = m_now;
    info = owned.get();
    m_pods.emplace(uid, std::move(owned));
    moveToActiveQ(info, PodLocation::None, label("UnschedulablePodUpdate"));
}

void SchedulingQueue::remove(const Pod& pod)
{
    deleteNominatedPodIfExists(pod);
    QueuedPodInfoPtr owned = take(pod.meta.uid);
    if (!owned)
        return;
    const PodLocation from = owned->location;
    detach(owned.get());
    moved(*owned, from, PodLocation::Deleted, label("UnschedulablePodDelete"));
}

// ---- Nominator ----------------------------------------------------------------------------------

void SchedulingQueue::addNominatedPod(const framework::PodInfoPtr& podInfo, const std::optional<framework::NominatingInfo>& nominatingInfo)
{
    const Pod& pod = *podInfo->pod;
    deleteNominatedPodIfExists(pod);
    QString nodeName;
    if (nominatingInfo && nominatingInfo->override)
        nodeName = nominatingInfo->nominatedNodeName;
    else
        nodeName = pod.nominatedNodeName;
    if (nodeName.isEmpty())
        return;
    m_nominatedPodToNode.insert(pod.meta.uid, nodeName);
    m_nominatedPods[nodeName].append(podInfo);
}

void SchedulingQueue::deleteNominatedPodIfExists(const Pod& pod)
{
    const QString nodeName = m_nominatedPodToNode.take(pod.meta.uid);
    if (nodeName.isEmpty())
        return;
    auto it = m_nominatedPods.find(nodeName);
    if (it == m_nominatedPods.end())
        return;
    it->removeIf([&pod](const framework::PodInfoPtr& p) { return p->pod->meta.uid == pod.meta.uid; });
    if (it->isEmpty())
        m_nominatedPods.erase(it);
}

QList<framework::PodInfoPtr> SchedulingQueue::nominatedPodsForNode(const QString& nodeName) const
{
    return m_nominatedPods.value(nodeName);
}

// ---- Inspection ---------------------------------------------------------------------------------

QStringList SchedulingQueue::activeKeys() const
{
    QStringList keys;
    for (const auto* pod : m_activeQ)
        keys.append(pod->key());
    return keys;
}

QStringList SchedulingQueue::backoffKeys() const
{
    QStringList keys;
    for (const auto* pod : m_backoffQ)
        keys.append(pod->key());
    return keys;
}

QStringList SchedulingQueue::unschedulableKeys() const
{
    return m_unschedulable.keys();
}

QStringList SchedulingQueue::inFlightEventLabels() const
{
    QStringList labels;
    for (const auto& recorded : m_inFlightEvents)
        labels.append(recorded.event.label);
    return labels;
}

} // namespace ksv
