#include "podgroupmanager.h"

namespace ksv::plugins {

namespace {

// core.permitStateKey and PermitState: Permit asks for the siblings to be activated only for the
// first pod of a group (issue 682), through the cycle state.
const QString permitStateKey = QStringLiteral("PermitCoscheduling");

struct PermitState final : framework::StateData
{
    bool activate = false;
    std::unique_ptr<framework::StateData> clone() const override { return std::make_unique<PermitState>(*this); }
};

// util.ResourceList over framework.Resource: what a node has left, as quantities.
ResourceList resourceList(const framework::Resource& r)
{
    ResourceList list;
    list.insert(ResourceName::cpu, Quantity::fromMilliValue(r.milliCPU));
    list.insert(ResourceName::memory, Quantity::fromValue(r.memory, Quantity::Format::BinarySI));
    list.insert(ResourceName::pods, Quantity::fromValue(r.allowedPodNumber, Quantity::Format::BinarySI));
    list.insert(ResourceName::ephemeralStorage, Quantity::fromValue(r.ephemeralStorage, Quantity::Format::BinarySI));
    for (auto it = r.scalarResources.cbegin(); it != r.scalarResources.cend(); ++it) {
        const bool hugePages = it.key().startsWith(ResourceName::hugePagesPrefix);
        list.insert(
            it.key(), Quantity::fromValue(*it, hugePages ? Quantity::Format::BinarySI : Quantity::Format::DecimalSI));
    }
    return list;
}

// getNodeResource: the node's allocatable minus what its pods request, with the group's own pods
// taken off first (they would be replaced by the group being scheduled).
framework::Resource nodeResourceLeft(const framework::NodeInfo& info, const QString& desiredPodGroupName)
{
    framework::NodeInfo clone = info;
    for (const auto& podInfo : info.pods()) {
        if (podInfo && podGroupFullName(*podInfo->pod) == desiredPodGroupName)
            clone.removePod(podInfo->pod->meta.uid);
    }
    framework::Resource left;
    const framework::Resource& allocatable = clone.allocatable();
    const framework::Resource& requested = clone.requested();
    left.allowedPodNumber = allocatable.allowedPodNumber - clone.pods().size();
    left.milliCPU = allocatable.milliCPU - requested.milliCPU;
    left.memory = allocatable.memory - requested.memory;
    left.ephemeralStorage = allocatable.ephemeralStorage - requested.ephemeralStorage;
    for (auto it = allocatable.scalarResources.cbegin(); it != allocatable.scalarResources.cend(); ++it)
        left.scalarResources.insert(it.key(), *it - requested.scalar(it.key()));
    return left;
}

// Go's %v of a map, keys sorted: "map[cpu:2 pods:1]". Upstream prints resource.Quantity's struct
// fields there (its String has a pointer receiver); the canonical quantity is what a reader needs.
QString goMap(const ResourceList& list)
{
    QStringList entries;
    for (auto it = list.cbegin(); it != list.cend(); ++it)
        entries.append(it.key() + QLatin1Char(':') + it->toString());
    return QStringLiteral("map[") + entries.join(QLatin1Char(' ')) + QLatin1Char(']');
}

} // namespace

QString podGroupLabelOf(const Pod& pod)
{
    return pod.meta.labels.value(podGroupLabel);
}

QString podGroupFullName(const Pod& pod)
{
    const QString name = podGroupLabelOf(pod);
    return name.isEmpty() ? QString() : pod.meta.namespace_ + QLatin1Char('/') + name;
}

// go-cache: an item is expired once now is past its expiration (Get checks now > expiration).
bool ExpiringSet::contains(const QString& key, qint64 now) const
{
    const auto it = m_expiry.constFind(key);
    return it != m_expiry.cend() && now <= *it;
}

void ExpiringSet::add(const QString& key, qint64 now, qint64 ttl)
{
    if (contains(key, now))
        return; // Cache.Add fails for an item that exists and has not expired
    m_expiry.insert(key, now + ttl);
}

PodGroupManager::PodGroupManager(framework::Handle& handle, qint64 scheduleTimeout)
    : m_handle(handle)
    , m_scheduleTimeout(scheduleTimeout)
{
}

std::pair<QString, const PodGroup*> PodGroupManager::podGroup(const Pod& pod) const
{
    const QString name = podGroupLabelOf(pod);
    if (name.isEmpty())
        return { QString(), nullptr };
    const PodGroup* group = m_handle.lister().podGroup(pod.meta.namespace_, name);
    const QString fullName = pod.meta.namespace_ + QLatin1Char('/') + name;
    // A group enters the clock's record the first time the plugin meets it, which stands for its
    // creationTimestamp: the model has no wall-clock time to compare with queue times.
    if (group && !m_firstSeen.contains(fullName))
        m_firstSeen.insert(fullName, m_handle.now());
    return { fullName, group };
}

QList<Pod> PodGroupManager::podsOfGroup(const QString& namespace_, const QString& podGroupName) const
{
    QList<Pod> pods;
    m_handle.podLister().forEachPod([&](const Pod& pod) {
        // The scheduler's pod informer filters out Succeeded and Failed pods (newPodInformer).
        if (pod.meta.namespace_ == namespace_ && !pod.isTerminal() && podGroupLabelOf(pod) == podGroupName)
            pods.append(pod);
    });
    return pods;
}

void PodGroupManager::backoffPodGroup(const QString& fullName, qint64 backoff)
{
    if (backoff == 0)
        return;
    m_backedOffPG.add(fullName, m_handle.now(), backoff);
}

void PodGroupManager::activateSiblings(const Pod& pod, framework::CycleState& state) const
{
    const QString name = podGroupLabelOf(pod);
    if (name.isEmpty())
        return;
    const auto* permitState = state.read<PermitState>(permitStateKey);
    if (!permitState || !permitState->activate)
        return;
    auto* toActivate = state.read<framework::PodsToActivate>(framework::podsToActivateKey);
    if (!toActivate)
        return;
    for (const auto& sibling : podsOfGroup(pod.meta.namespace_, name)) {
        if (sibling.meta.uid != pod.meta.uid)
            toActivate->pods.insert(sibling.key(), sibling);
    }
}

QString PodGroupManager::preFilter(const Pod& pod)
{
    const auto [fullName, group] = podGroup(pod);
    if (!group)
        return {};
    const qint64 now = m_handle.now();
    if (m_backedOffPG.contains(fullName, now))
        return QStringLiteral("podGroup ") + fullName + QStringLiteral(" failed recently");

    const qsizetype pods = podsOfGroup(pod.meta.namespace_, podGroupLabelOf(pod)).size();
    if (pods < group->minMember) {
        return QStringLiteral("pre-filter pod ") + pod.meta.name + QStringLiteral(" cannot find enough sibling pods, ")
            + QStringLiteral("current pods number: ") + QString::number(pods) + QStringLiteral(", minMember of group: ")
            + QString::number(group->minMember);
    }
    if (!group->minResources)
        return {};
    // Upstream's TODO: this only pre-checks resources; a group that passes may still fail Filter.
    if (m_permittedPG.contains(fullName, now))
        return {};
    ResourceList minResources = *group->minResources;
    minResources.insert(ResourceName::pods, Quantity::fromValue(group->minMember));
    const QString gap = checkClusterResource(m_handle.snapshot().nodeInfos(), minResources, fullName);
    if (!gap.isEmpty())
        return gap;
    m_permittedPG.add(fullName, now, m_scheduleTimeout);
    return {};
}

PodGroupManager::PermitStatus PodGroupManager::permit(framework::CycleState& state, const Pod& pod)
{
    const auto [fullName, group] = podGroup(pod);
    if (fullName.isEmpty())
        return PermitStatus::PodGroupNotSpecified;
    if (!group)
        return PermitStatus::PodGroupNotFound;
    // The snapshot was taken before this pod was assumed, so it is not counted among the assigned.
    const int assigned = calculateAssignedPods(group->meta.name, group->meta.namespace_);
    if (assigned + 1 >= group->minMember)
        return PermitStatus::Success;
    if (assigned == 0) {
        // Having passed PreFilter, the group has enough pods (and resources); only its first pod to
        // get here wakes the siblings, so that they are not activated again and again.
        auto permitState = std::make_unique<PermitState>();
        permitState->activate = true;
        state.write(permitStateKey, std::move(permitState));
    }
    return PermitStatus::Wait;
}

qint64 PodGroupManager::creationTimestamp(const Pod& pod, qint64 timestamp) const
{
    const auto [fullName, group] = podGroup(pod);
    if (!group)
        return timestamp;
    return m_firstSeen.value(fullName, timestamp);
}

void PodGroupManager::deletePermittedPodGroup(const QString& fullName)
{
    m_permittedPG.remove(fullName);
}

int PodGroupManager::calculateAssignedPods(const QString& podGroupName, const QString& namespace_) const
{
    int count = 0;
    for (const auto& nodeInfo : m_handle.snapshot().nodeInfos()) {
        for (const auto& podInfo : nodeInfo->pods()) {
            const Pod& pod = *podInfo->pod;
            if (podGroupLabelOf(pod) == podGroupName && pod.meta.namespace_ == namespace_ && !pod.nodeName.isEmpty())
                ++count;
        }
    }
    return count;
}

QString checkClusterResource(
    const QList<framework::NodeInfoPtr>& nodes, ResourceList request, const QString& desiredPodGroupName)
{
    for (const auto& info : nodes) {
        if (!info)
            continue;
        const ResourceList left = resourceList(nodeResourceLeft(*info, desiredPodGroupName));
        for (auto it = request.begin(); it != request.end();) {
            *it -= left.value(it.key());
            it = it->sign() <= 0 ? request.erase(it) : std::next(it);
        }
        if (request.isEmpty())
            return {};
    }
    return QStringLiteral("resource gap: ") + goMap(request);
}

} // namespace ksv::plugins
