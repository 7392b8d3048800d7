#include "profiles.h"

namespace ksv {

Profiles::Profiles(const config::KubeSchedulerConfiguration& configuration, const framework::Registry& registry, framework::Random& random)
{
    for (const auto& profile : configuration.profiles)
        m_frameworks.push_back(framework::Framework::create(registry, profile, random));
}

framework::Framework* Profiles::forPod(const Pod& pod) const
{
    for (const auto& framework : m_frameworks) {
        if (framework->profileName() == pod.schedulerName)
            return framework.get();
    }
    return nullptr;
}

} // namespace ksv
