#pragma once

// NodePorts (pkg/scheduler/framework/plugins/nodeports/node_ports.go): the host ports the pod's
// containers ask for must be free on the node.

#include "framework/events.h"
#include "framework/interface.h"

namespace ksv::plugins {

class NodePorts final : public framework::Plugin,
                        public framework::PreFilterPlugin,
                        public framework::FilterPlugin,
                        public framework::EnqueueExtensions
{
public:
    static inline const QString Name = QStringLiteral("NodePorts");
    static inline const QString ErrReason = QStringLiteral("node(s) didn't have free ports for the requested pod ports");

    explicit NodePorts(framework::Handle& handle);

    QString name() const override { return Name; }

    framework::PreFilterOutcome preFilter(framework::CycleState& state, const Pod& pod,
                                          const QList<framework::NodeInfoPtr>& nodes) override;
    framework::Status filter(framework::CycleState& state, const Pod& pod, const framework::NodeInfo& nodeInfo) override;

    // getContainerPorts: the ports with a host port of the pods' regular containers (init containers,
    // sidecars included, are not looked at), in container order.
    static QList<ContainerPort> getContainerPorts(const Pod& pod);
    // Fits: none of the pod's host ports conflicts with one in use on the node.
    static bool fits(const Pod& pod, const framework::NodeInfo& nodeInfo);

    QList<framework::ClusterEventWithHint> eventsToRegister() const override;
    static framework::QueueingHint isSchedulableAfterPodDeleted(const Pod& pod, const KubeObject* oldObj, const KubeObject* newObj);
};

} // namespace ksv::plugins
