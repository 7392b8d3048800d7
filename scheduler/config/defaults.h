#pragma once

#include "types.h"

namespace ksv::config {

// setDefaults_KubeSchedulerProfile: the profile's plugins become mergePlugins(defaultPlugins(), custom),
// and every enabled plugin with an Args type and no pluginConfig entry gets its defaulted args.
// The profile's own pluginConfig entries must already hold defaulted args.
void setProfileDefaults(Profile& profile, const Plugins& custom, const version::Features& features = {});

// Defaults the configuration's profiles again for `features` (its version and gates), from what each
// profile wrote: the default plugins of that version, and the defaulted args of the plugins it enables.
// Throws LoadError, at the entry that wrote it, for what that version does not have.
void applyFeatures(KubeSchedulerConfiguration& configuration, const version::Features& features);

} // namespace ksv::config
