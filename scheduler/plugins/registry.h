#pragma once

#include "framework/registry.h"

namespace ksv::plugins {

// plugins.NewInTreeRegistry: every plugin kschedviz ships, under its upstream name. A new plugin is
// added here and nowhere in the framework.
framework::Registry inTreeRegistry();

} // namespace ksv::plugins
