#pragma once

// NodeName (pkg/scheduler/framework/plugins/nodename/node_name.go): a pod that names a node in
// spec.nodeName fits only that node.

#include "framework/events.h"
#include "framework/interface.h"

namespace ksv::plugins {

class NodeName final : public framework::Plugin, public framework::FilterPlugin, public framework::EnqueueExtensions
{
public:
    static inline const QString Name = QStringLiteral("NodeName");
    static inline const QString ErrReason = QStringLiteral("node(s) didn't match the requested node name");

    explicit NodeName(framework::Handle& handle);

    QString name() const override { return Name; }

    framework::Status filter(framework::CycleState& state, const Pod& pod, const framework::NodeInfo& nodeInfo) override;

    QList<framework::ClusterEventWithHint> eventsToRegister() const override;

    // Fits: the pod names no node, or names this one.
    static bool fits(const Pod& pod, const framework::NodeInfo& nodeInfo)
    {
        return pod.nodeName.isEmpty() || pod.nodeName == nodeInfo.node().meta.name;
    }
};

} // namespace ksv::plugins
