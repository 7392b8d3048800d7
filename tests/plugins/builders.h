#pragma once

// Builders for test objects in the spirit of upstream's st.MakePod() / st.MakeNode()
// (pkg/scheduler/testing/wrappers.go), so that ported test tables read like the originals.

#include "api/objects.h"
#include "cache.h"
#include "framework/snapshot.h"

#include <initializer_list>
#include <utility>

namespace ksv::test {

using ResourcePairs = std::initializer_list<std::pair<const char*, const char*>>;

inline ResourceList resources(ResourcePairs pairs)
{
    ResourceList list;
    for (const auto& [name, value] : pairs)
        list.insert(QString::fromLatin1(name), *Quantity::parse(QString::fromLatin1(value)));
    return list;
}

class PodBuilder
{
public:
    explicit PodBuilder(const char* name = "pod", const char* namespace_ = "default")
    {
        m_pod.meta.name = QString::fromLatin1(name);
        m_pod.meta.namespace_ = QString::fromLatin1(namespace_);
        m_pod.meta.uid = m_pod.meta.namespace_ + QLatin1Char('/') + m_pod.meta.name;
        m_pod.priority = 0;
    }
    PodBuilder& name(const char* name)
    {
        m_pod.meta.name = QString::fromLatin1(name);
        m_pod.meta.uid = m_pod.meta.namespace_ + QLatin1Char('/') + m_pod.meta.name;
        return *this;
    }
    PodBuilder& uid(const char* uid) { m_pod.meta.uid = QString::fromLatin1(uid); return *this; }
    PodBuilder& namespace_(const char* ns) { m_pod.meta.namespace_ = QString::fromLatin1(ns); return *this; }
    PodBuilder& label(const char* key, const char* value)
    {
        m_pod.meta.labels.insert(QString::fromLatin1(key), QString::fromLatin1(value));
        return *this;
    }
    PodBuilder& node(const char* nodeName) { m_pod.nodeName = QString::fromLatin1(nodeName); m_pod.phase = PodPhase::Running; return *this; }
    PodBuilder& priority(int priority) { m_pod.priority = priority; return *this; }
    PodBuilder& schedulerName(const char* name) { m_pod.schedulerName = QString::fromLatin1(name); return *this; }
    PodBuilder& nodeSelector(const char* key, const char* value)
    {
        m_pod.nodeSelector.insert(QString::fromLatin1(key), QString::fromLatin1(value));
        return *this;
    }
    // A container with these requests (st.MakePod().Req(...)); each call adds a container.
    PodBuilder& req(ResourcePairs requests)
    {
        Container container;
        container.name = QStringLiteral("c") + QString::number(m_pod.containers.size());
        container.image = QStringLiteral("image");
        container.requests = resources(requests);
        m_pod.containers.append(container);
        return *this;
    }
    PodBuilder& initReq(ResourcePairs requests, bool sidecar = false)
    {
        Container container;
        container.name = QStringLiteral("init") + QString::number(m_pod.initContainers.size());
        container.requests = resources(requests);
        container.restartPolicyAlways = sidecar;
        m_pod.initContainers.append(container);
        return *this;
    }
    PodBuilder& overhead(ResourcePairs overhead) { m_pod.overhead = resources(overhead); return *this; }
    PodBuilder& container(const Container& container) { m_pod.containers.append(container); return *this; }
    PodBuilder& image(const char* image)
    {
        Container container;
        container.name = QStringLiteral("c") + QString::number(m_pod.containers.size());
        container.image = QString::fromLatin1(image);
        m_pod.containers.append(container);
        return *this;
    }
    PodBuilder& hostPort(int port, Protocol protocol = Protocol::TCP, const char* hostIP = "")
    {
        if (m_pod.containers.isEmpty())
            req({});
        ContainerPort containerPort;
        containerPort.containerPort = port;
        containerPort.hostPort = port;
        containerPort.protocol = protocol;
        containerPort.hostIP = QString::fromLatin1(hostIP);
        m_pod.containers.last().ports.append(containerPort);
        return *this;
    }
    PodBuilder& toleration(const Toleration& toleration) { m_pod.tolerations.append(toleration); return *this; }
    PodBuilder& spreadConstraint(const TopologySpreadConstraint& constraint)
    {
        m_pod.topologySpreadConstraints.append(constraint);
        return *this;
    }
    PodBuilder& affinity(const Affinity& affinity) { m_pod.affinity = affinity; return *this; }
    PodBuilder& schedulingGates(const QStringList& gates) { m_pod.schedulingGates = gates; return *this; }
    PodBuilder& volume(const Volume& volume) { m_pod.volumes.append(volume); return *this; }
    PodBuilder& phase(PodPhase phase) { m_pod.phase = phase; return *this; }
    PodBuilder& terminating() { m_pod.meta.deletionTimestampMs = 1; return *this; }
    PodBuilder& nominatedNode(const char* nodeName) { m_pod.nominatedNodeName = QString::fromLatin1(nodeName); return *this; }
    PodBuilder& startTime(qint64 ms) { m_pod.startTimeMs = ms; return *this; }
    PodBuilder& preemptionPolicy(PreemptionPolicy policy) { m_pod.preemptionPolicy = policy; return *this; }

    Pod obj() const
    {
        Pod pod = m_pod;
        if (pod.containers.isEmpty()) {
            Container container;
            container.name = QStringLiteral("c0");
            pod.containers.append(container);
        }
        return pod;
    }
    operator Pod() const { return obj(); }

private:
    Pod m_pod;
};

class NodeBuilder
{
public:
    explicit NodeBuilder(const char* name = "node")
    {
        m_node.meta.name = QString::fromLatin1(name);
        m_node.meta.uid = m_node.meta.name;
        m_node.meta.labels.insert(QStringLiteral("kubernetes.io/hostname"), m_node.meta.name);
    }
    NodeBuilder& label(const char* key, const char* value)
    {
        m_node.meta.labels.insert(QString::fromLatin1(key), QString::fromLatin1(value));
        return *this;
    }
    // Capacity and allocatable (st.MakeNode().Capacity(...)).
    NodeBuilder& capacity(ResourcePairs list)
    {
        m_node.capacity = resources(list);
        m_node.allocatable = m_node.capacity;
        return *this;
    }
    NodeBuilder& taint(const char* key, const char* value, TaintEffect effect)
    {
        m_node.taints.append({QString::fromLatin1(key), QString::fromLatin1(value), effect});
        return *this;
    }
    NodeBuilder& image(std::initializer_list<const char*> names, qint64 sizeBytes)
    {
        ContainerImage image;
        for (const char* name : names)
            image.names.append(QString::fromLatin1(name));
        image.sizeBytes = sizeBytes;
        m_node.images.append(image);
        return *this;
    }
    NodeBuilder& unschedulable(bool value = true) { m_node.unschedulable = value; return *this; }

    Node obj() const { return m_node; }
    operator Node() const { return obj(); }

private:
    Node m_node;
};

// A scheduler cache of one bare node named "node", for tests that update the node through the cache
// and read what the snapshot then holds.
inline SchedulerCache oneNodeCache()
{
    ClusterState cluster;
    cluster.nodes.append(NodeBuilder("node"));
    return SchedulerCache(cluster);
}

} // namespace ksv::test
