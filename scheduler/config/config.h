#pragma once

// Reading a KubeSchedulerConfiguration the way kube-scheduler v1.32 reads its --config: strict decoding
// of kubescheduler.config.k8s.io/v1, SetDefaults (apis/config/v1/defaults.go, default_plugins.go), then
// ValidateKubeSchedulerConfiguration (apis/config/validation). Unknown plugin names are left to the
// framework, which checks them against its registry.

#include "decoding/loaderror.h"
#include "decoding/yamlfield.h"
#include "types.h"

namespace ksv::config {

inline const QString apiVersionV1 = QStringLiteral("kubescheduler.config.k8s.io/v1");
inline const QString configurationKind = QStringLiteral("KubeSchedulerConfiguration");

// Decodes, defaults and validates a whole KubeSchedulerConfiguration document. Throws LoadError at the
// first problem: decoding errors first, then upstream's validation errors in upstream's order, with
// upstream's field.Error text ("Invalid value: 0: should be an integer value greater than zero") as the
// message and the full field path (the document's own prefix included) as the field path.
KubeSchedulerConfiguration decodeConfiguration(const YamlField& document);

// What kube-scheduler runs with when given no configuration file: one profile "default-scheduler".
KubeSchedulerConfiguration defaultConfiguration(const version::Features& features = {});

// getDefaultPlugins and applyFeatureGates: everything in MultiPoint, score weights on the score
// plugins; DynamicResources before DefaultPreemption where the version's gates turn DRA on.
Plugins defaultPlugins(const version::Features& features = {});

// mergePlugins / mergePluginSet (default_plugins.go): the profile's plugins laid over the defaults, per
// extension point. A custom entry naming a default plugin replaces it in place (its weight wins); other
// custom entries are appended, duplicates included (the framework refuses those); disabled names drop
// defaults, "*" all of them; the merged disabled list is custom.disabled followed by default.disabled.
PluginSet mergePluginSet(const PluginSet& defaults, const PluginSet& custom);
Plugins mergePlugins(const Plugins& defaults, const Plugins& custom);

} // namespace ksv::config
