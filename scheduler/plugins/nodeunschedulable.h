#pragma once

// NodeUnschedulable (pkg/scheduler/framework/plugins/nodeunschedulable/node_unschedulable.go): a
// cordoned node (spec.unschedulable) takes only pods tolerating node.kubernetes.io/unschedulable.

#include "framework/events.h"
#include "framework/interface.h"

namespace ksv::plugins {

class NodeUnschedulable final : public framework::Plugin, public framework::FilterPlugin, public framework::EnqueueExtensions
{
public:
    static inline const QString Name = QStringLiteral("NodeUnschedulable");
    static inline const QString ErrReasonUnschedulable = QStringLiteral("node(s) were unschedulable");
    // v1.TaintNodeUnschedulable.
    static inline const QString TaintNodeUnschedulable = QStringLiteral("node.kubernetes.io/unschedulable");

    explicit NodeUnschedulable(framework::Handle& handle);

    QString name() const override { return Name; }

    framework::Status filter(framework::CycleState& state, const Pod& pod, const framework::NodeInfo& nodeInfo) override;

    QList<framework::ClusterEventWithHint> eventsToRegister() const override;
    static framework::QueueingHint isSchedulableAfterPodTolerationChange(const Pod& pod, const KubeObject* oldObj, const KubeObject* newObj);
    static framework::QueueingHint isSchedulableAfterNodeChange(const Pod& pod, const KubeObject* oldObj, const KubeObject* newObj);
};

} // namespace ksv::plugins
