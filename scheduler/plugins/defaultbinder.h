#pragma once

// DefaultBinder (pkg/scheduler/framework/plugins/defaultbinder/default_binder.go): the Bind
// extension point. Upstream posts a v1.Binding to the API server; in the simulation the scheduling loop
// applies the binding to the cluster itself, so there is no API call that could fail here.

#include "framework/interface.h"

namespace ksv::plugins {

class DefaultBinder final : public framework::Plugin, public framework::BindPlugin
{
public:
    static inline const QString Name = QStringLiteral("DefaultBinder");

    explicit DefaultBinder(framework::Handle& handle);

    QString name() const override { return Name; }

    framework::Status bind(framework::CycleState& state, const Pod& pod, const QString& nodeName) override;
};

} // namespace ksv::plugins
