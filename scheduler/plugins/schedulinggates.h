#pragma once

// SchedulingGates (pkg/scheduler/framework/plugins/schedulinggates/scheduling_gates.go): a pod with
// spec.schedulingGates waits outside the active queue until every gate is removed.

#include "framework/events.h"
#include "framework/interface.h"

namespace ksv::plugins {

class SchedulingGates final : public framework::Plugin,
                              public framework::PreEnqueuePlugin,
                              public framework::EnqueueExtensions
{
public:
    static inline const QString Name = QStringLiteral("SchedulingGates");

    explicit SchedulingGates(framework::Handle& handle);

    QString name() const override { return Name; }

    framework::Status preEnqueue(const Pod& pod) override;

    QList<framework::ClusterEventWithHint> eventsToRegister() const override;
    static framework::QueueingHint isSchedulableAfterUpdatePodSchedulingGatesEliminated(const Pod& pod, const KubeObject* oldObj,
                                                                                         const KubeObject* newObj);
};

} // namespace ksv::plugins
