#pragma once

#include "framework/runtime.h"

#include "config/types.h"

namespace ksv {

// profile.Map: one framework per profile, chosen by the pod's spec.schedulerName.
class Profiles
{
public:
    // Builds every profile's framework. Throws LoadError for plugins the registry lacks or that are
    // configured where they do not belong.
    Profiles(const config::KubeSchedulerConfiguration& configuration, const framework::Registry& registry, framework::Random& random);

    // responsibleForPod: nullptr when no profile handles the pod's scheduler name.
    framework::Framework* forPod(const Pod& pod) const;
    const std::vector<std::unique_ptr<framework::Framework>>& all() const { return m_frameworks; }

private:
    std::vector<std::unique_ptr<framework::Framework>> m_frameworks;
};

} // namespace ksv
