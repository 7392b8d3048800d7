#pragma once

// NodePorts (pkg/scheduler/framework/plugins/nodeports/node_ports.go): the host ports the pod's
// containers ask for must be free on the node.

#include "framework/events.h"
#include "framework/interface.h"
#include "version/features.h"

namespace ksv::plugins {

class NodePorts final : public framework::Plugin,
                        public framework::PreFilterPlugin,
                        public framework::FilterPlugin,
                        public framework::EnqueueExtensions
{
public:
    static inline const QString Name = QStringLiteral("NodePorts");
    static inline const QString ErrReason = QStringLiteral("node(s) didn't have free ports for the requested pod ports");

    explicit NodePorts(framework::Handle& handle, const version::Features& features = {});

    QString name() const override { return Name; }

    framework::PreFilterOutcome preFilter(framework::CycleState& state, const Pod& pod,
                                          const QList<framework::NodeInfoPtr>& nodes) override;
    framework::Status filter(framework::CycleState& state, const Pod& pod, const framework::NodeInfo& nodeInfo) override;

    // util.GetHostPorts: the ports with a host port of the pod's regular containers, in container
    // order; with `sidecars` (v1.34, #132040) first those of its restartable init containers, as
    // upstream walks init containers before the others.
    static QList<ContainerPort> getContainerPorts(const Pod& pod, bool sidecars = false);
    // Fits: none of the pod's host ports conflicts with one in use on the node (v1.32's counting).
    static bool fits(const Pod& pod, const framework::NodeInfo& nodeInfo);

    QList<framework::ClusterEventWithHint> eventsToRegister() const override;
    static framework::QueueingHint isSchedulableAfterPodDeleted(const Pod& pod, const KubeObject* oldObj, const KubeObject* newObj,
                                                                bool sidecars = false);

private:
    bool m_sidecarPorts; // v1.34: sidecars' host ports count, on the pod and on the node
};

} // namespace ksv::plugins
