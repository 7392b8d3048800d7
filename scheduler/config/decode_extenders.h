#pragma once

#include "decoding/yamlfield.h"
#include "types.h"

namespace ksv::config {

// KubeSchedulerConfiguration.extenders, strictly (an unknown field is an error, as upstream's strict
// decoding makes it), without validation (validation.h).
QList<Extender> decodeExtenders(const YamlField& extenders);

// scheduler.go buildExtenders: the managed resources an extender has ignoredByScheduler replace
// every profile's NodeResourcesFit ignoredResources. Throws LoadError ("couldn't build extenders:
// can't find NodeResourcesFitArgs in plugin config") for a profile without those args.
void applyExtenderIgnoredResources(KubeSchedulerConfiguration& configuration, const YamlField& document);
// The resources the configuration's extenders manage with ignoredByScheduler, in their order.
QStringList extenderIgnoredResources(const KubeSchedulerConfiguration& configuration);

} // namespace ksv::config
