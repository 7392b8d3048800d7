#pragma once

// ValidateKubeSchedulerConfiguration (apis/config/validation/validation.go) and the plugin-args
// validators (validation_pluginargs.go) over a decoded and defaulted configuration.

#include "decoding/fielderror.h"
#include "types.h"

namespace ksv::config {

// Every error, in upstream's order: parallelism; per profile its schedulerName, percentageOfNodesToScore
// and pluginConfig (duplicates, then args), then duplicate scheduler names; queueSort across profiles;
// the global percentageOfNodesToScore; the backoffs. Paths are relative to the document ("profiles[0]").
QList<FieldError> validateConfiguration(const KubeSchedulerConfiguration& configuration);

// The args validator of one plugin; `path` is where the args are ("profiles[0].pluginConfig[1].args").
// NodeResourcesFit args are validated here too, where upstream v1.32 validates them in the plugin's
// constructor (its validator map has the key "NodeResourcesFitArgs", which never matches a plugin name).
QList<FieldError> validatePluginArgs(const QString& path, const PluginArgs& args);

// Go's %#v of a slice of shape points, as field.Invalid prints one.
QString goSyntax(const QList<UtilizationShapePoint>& shape);

} // namespace ksv::config
