#include "types.h"

#include "api/resources.h"

#include <QMutex>

namespace ksv::framework {

// ---- Resource ----------------------------------------------------------------------------------

Resource Resource::fromResourceList(const ResourceList& list)
{
    Resource resource;
    resource.add(list);
    return resource;
}

void Resource::add(const ResourceList& list)
{
    for (auto it = list.cbegin(); it != list.cend(); ++it) {
        const QString& name = it.key();
        if (name == ResourceName::cpu)
            milliCPU += it.value().milliValue();
        else if (name == ResourceName::memory)
            memory += it.value().value();
        else if (name == ResourceName::pods)
            allowedPodNumber += it.value().value();
        else if (name == ResourceName::ephemeralStorage)
            ephemeralStorage += it.value().value();
        else if (isScalarResourceName(name))
            scalarResources[name] += it.value().value();
    }
}

void Resource::add(const Resource& other)
{
    milliCPU += other.milliCPU;
    memory += other.memory;
    ephemeralStorage += other.ephemeralStorage;
    allowedPodNumber += other.allowedPodNumber;
    for (auto it = other.scalarResources.cbegin(); it != other.scalarResources.cend(); ++it)
        scalarResources[it.key()] += it.value();
}

void Resource::subtract(const Resource& other)
{
    milliCPU -= other.milliCPU;
    memory -= other.memory;
    ephemeralStorage -= other.ephemeralStorage;
    allowedPodNumber -= other.allowedPodNumber;
    for (auto it = other.scalarResources.cbegin(); it != other.scalarResources.cend(); ++it)
        scalarResources[it.key()] -= it.value();
}

// ---- Affinity terms ----------------------------------------------------------------------------

bool AffinityTerm::matches(const Pod& pod, const Labels& namespaceLabels) const
{
    if (namespaces.contains(pod.meta.namespace_) || selectorMatches(namespaceSelector, namespaceLabels))
        return selectorMatches(selector, pod.meta.labels);
    return false;
}

namespace {

AffinityTerm newAffinityTerm(const Pod& pod, const PodAffinityTerm& term)
{
    AffinityTerm result;
    result.selector = term.labelSelector;
    result.topologyKey = term.topologyKey;
    result.namespaceSelector = term.namespaceSelector;
    // getNamespacesFromPodAffinityTerm: no namespaces and no selector means the pod's own namespace.
    if (term.namespaces.isEmpty() && !term.namespaceSelector)
        result.namespaces.insert(pod.meta.namespace_);
    else
        result.namespaces = QSet<QString>(term.namespaces.cbegin(), term.namespaces.cend());
    return result;
}

QList<AffinityTerm> requiredTerms(const Pod& pod, const std::optional<PodAffinity>& affinity)
{
    QList<AffinityTerm> terms;
    if (!affinity)
        return terms;
    for (const auto& term : affinity->requiredDuringSchedulingIgnoredDuringExecution)
        terms.append(newAffinityTerm(pod, term));
    return terms;
}

QList<WeightedAffinityTerm> preferredTerms(const Pod& pod, const std::optional<PodAffinity>& affinity)
{
    QList<WeightedAffinityTerm> terms;
    if (!affinity)
        return terms;
    for (const auto& weighted : affinity->preferredDuringSchedulingIgnoredDuringExecution)
        terms.append({newAffinityTerm(pod, weighted.podAffinityTerm), weighted.weight});
    return terms;
}

} // namespace

std::shared_ptr<const PodInfo> PodInfo::create(std::shared_ptr<const Pod> pod)
{
    auto info = std::make_shared<PodInfo>();
    info->requiredAffinityTerms = requiredTerms(*pod, pod->affinity.podAffinity);
    info->requiredAntiAffinityTerms = requiredTerms(*pod, pod->affinity.podAntiAffinity);
    info->preferredAffinityTerms = preferredTerms(*pod, pod->affinity.podAffinity);
    info->preferredAntiAffinityTerms = preferredTerms(*pod, pod->affinity.podAntiAffinity);
    info->requests = Resource::fromResourceList(podRequests(*pod));
    const NonZeroRequests nonZero = podNonZeroRequests(*pod);
    info->nonZeroMilliCPU = nonZero.milliCPU;
    info->nonZeroMemory = nonZero.memory;
    info->pod = std::move(pod);
    return info;
}

bool podHasAffinityConstraints(const Pod& pod)
{
    return pod.affinity.podAffinity || pod.affinity.podAntiAffinity;
}

bool podHasRequiredAntiAffinity(const Pod& pod)
{
    return pod.affinity.podAntiAffinity && !pod.affinity.podAntiAffinity->requiredDuringSchedulingIgnoredDuringExecution.isEmpty();
}

// ---- HostPortInfo ------------------------------------------------------------------------------

namespace {
const QString bindAll = QStringLiteral("0.0.0.0");

quint32 protocolPort(Protocol protocol, int port)
{
    return (static_cast<quint32>(protocol) << 16) | static_cast<quint32>(port);
}

const QString& sanitizeIp(const QString& ip)
{
    return ip.isEmpty() ? bindAll : ip;
}
} // namespace

void HostPortInfo::add(const QString& ip, Protocol protocol, int port)
{
    if (port <= 0)
        return;
    m_ports[sanitizeIp(ip)].insert(protocolPort(protocol, port));
}

void HostPortInfo::remove(const QString& ip, Protocol protocol, int port)
{
    if (port <= 0)
        return;
    const QString& key = sanitizeIp(ip);
    auto it = m_ports.find(key);
    if (it == m_ports.end())
        return;
    it->remove(protocolPort(protocol, port));
    if (it->isEmpty())
        m_ports.erase(it);
}

bool HostPortInfo::checkConflict(const QString& ip, Protocol protocol, int port) const
{
    if (port <= 0)
        return false;
    const quint32 key = protocolPort(protocol, port);
    const QString& address = sanitizeIp(ip);
    if (address == bindAll) {
        for (const auto& ports : m_ports) {
            if (ports.contains(key))
                return true;
        }
        return false;
    }
    for (const QString* candidate : {&bindAll, &address}) {
        const auto it = m_ports.constFind(*candidate);
        if (it != m_ports.cend() && it->contains(key))
            return true;
    }
    return false;
}

qsizetype HostPortInfo::size() const
{
    qsizetype total = 0;
    for (const auto& ports : m_ports)
        total += ports.size();
    return total;
}

// ---- NodeInfo ----------------------------------------------------------------------------------

NodeInfo::NodeInfo(std::shared_ptr<const Node> node)
    : m_node(std::move(node))
    , m_nodeUnschedulable(m_node->unschedulable)
    , m_nodeHasTaints(!m_node->taints.isEmpty())
    , m_allocatable(Resource::fromResourceList(m_node->allocatable))
{
}

void NodeInfo::addPod(PodInfoPtr pod)
{
    update(*pod, 1);
    if (podHasAffinityConstraints(*pod->pod))
        m_podsWithAffinity.append(pod);
    if (podHasRequiredAntiAffinity(*pod->pod))
        m_podsWithRequiredAntiAffinity.append(pod);
    m_pods.append(std::move(pod));
}

namespace {
// removeFromSlice: the last element takes the removed one's place, as upstream does; the order of a
// node's pods decides ties between equally important preemption victims.
PodInfoPtr removeByUid(QList<PodInfoPtr>& list, const QString& uid)
{
    for (qsizetype i = 0; i < list.size(); ++i) {
        if (list[i]->pod->meta.uid == uid) {
            PodInfoPtr removed = list[i];
            list[i] = list.constLast();
            list.removeLast();
            return removed;
        }
    }
    return nullptr;
}
} // namespace

bool NodeInfo::removePod(const QString& uid)
{
    const PodInfoPtr pod = removeByUid(m_pods, uid);
    if (!pod)
        return false;
    removeByUid(m_podsWithAffinity, uid);
    removeByUid(m_podsWithRequiredAntiAffinity, uid);
    update(*pod, -1);
    return true;
}

void NodeInfo::update(const PodInfo& pod, int sign)
{
    if (sign > 0) {
        m_requested.add(pod.requests);
    } else {
        m_requested.subtract(pod.requests);
    }
    m_nonZeroRequested.milliCPU += sign * pod.nonZeroMilliCPU;
    m_nonZeroRequested.memory += sign * pod.nonZeroMemory;
    // Regular containers' ports count (NodeInfo.updateUsedPorts), and from v1.34 the sidecars' too,
    // which are kept apart so that each version's NodePorts reads what it counts.
    const auto updatePorts = [sign](HostPortInfo& used, const Container& container) {
        for (const auto& port : container.ports) {
            if (sign > 0)
                used.add(port.hostIP, port.protocol, port.hostPort);
            else
                used.remove(port.hostIP, port.protocol, port.hostPort);
        }
    };
    for (const auto& container : pod.pod->containers)
        updatePorts(m_usedPorts, container);
    for (const auto& container : pod.pod->initContainers) {
        if (container.restartPolicyAlways)
            updatePorts(m_usedSidecarPorts, container);
    }
    // updatePVCRefCounts: persistentVolumeClaim volumes only, not generic ephemeral ones.
    for (const auto& volume : pod.pod->volumes) {
        if (volume.type != QLatin1String("persistentVolumeClaim"))
            continue;
        const QString key = pod.pod->meta.namespace_ + QLatin1Char('/') + volume.claimName;
        const int count = m_pvcRefCounts.value(key) + sign;
        if (count > 0)
            m_pvcRefCounts.insert(key, count);
        else
            m_pvcRefCounts.remove(key);
    }
    ++m_generation;
    if (m_generationMirror.slot)
        *m_generationMirror.slot = m_generation;
}

bool NodeInfo::setGenerationMirror(qint64* slot) const
{
    if (m_generationMirror.slot && m_generationMirror.slot != slot)
        return false;
    m_generationMirror.slot = slot;
    *slot = m_generation;
    return true;
}

void NodeInfo::clearGenerationMirror(const qint64* slot) const
{
    if (m_generationMirror.slot == slot)
        m_generationMirror.slot = nullptr;
}

std::optional<int> NodeInfo::memoizedCount(quint32 key) const
{
    for (const CountMemo& memo : m_countMemo) {
        if (memo.key == key && memo.generation == m_generation)
            return memo.count;
    }
    return std::nullopt;
}

void NodeInfo::memoizeCount(quint32 key, int count) const
{
    for (CountMemo& memo : m_countMemo) {
        if (memo.key == key) {
            memo = {key, m_generation, count};
            return;
        }
    }
    m_countMemo[m_countMemoNext] = {key, m_generation, count};
    m_countMemoNext = quint8((m_countMemoNext + 1) % m_countMemo.size());
}

quint32 podCountMemoKey(const QString& description)
{
    static QMutex mutex;
    static QHash<QString, quint32> keys;
    const QMutexLocker lock(&mutex);
    const auto it = keys.constFind(description);
    if (it != keys.cend())
        return *it;
    // 0 is never handed out: it marks an empty memo slot.
    const auto key = quint32(keys.size() + 1);
    keys.insert(description, key);
    return key;
}

} // namespace ksv::framework
