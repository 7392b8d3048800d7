#pragma once

#include "types.h"

namespace ksv::config {

// setDefaults_KubeSchedulerProfile: the profile's plugins become mergePlugins(defaultPlugins(), custom),
// and every enabled plugin with an Args type and no pluginConfig entry gets its defaulted args.
// The profile's own pluginConfig entries must already hold defaulted args.
void setProfileDefaults(Profile& profile, const Plugins& custom);

} // namespace ksv::config
