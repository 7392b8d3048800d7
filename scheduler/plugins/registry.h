#pragma once

#include "framework/registry.h"
#include "version/features.h"

namespace ksv::plugins {

// plugins.NewInTreeRegistry: every plugin kschedviz ships, under its upstream name, each factory
// bound to the run's features (Features{} is v1.32's). A new plugin is added here and nowhere in the
// framework.
framework::Registry inTreeRegistry(const version::Features& features);

} // namespace ksv::plugins
