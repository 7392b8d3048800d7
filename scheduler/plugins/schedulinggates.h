#pragma once

// SchedulingGates (pkg/scheduler/framework/plugins/schedulinggates/scheduling_gates.go): a pod with
// spec.schedulingGates waits outside the active queue until every gate is removed.

#include "framework/interface.h"

namespace ksv::plugins {

class SchedulingGates final : public framework::Plugin, public framework::PreEnqueuePlugin
{
public:
    static inline const QString Name = QStringLiteral("SchedulingGates");

    explicit SchedulingGates(framework::Handle& handle);

    QString name() const override { return Name; }

    framework::Status preEnqueue(const Pod& pod) override;
};

} // namespace ksv::plugins
