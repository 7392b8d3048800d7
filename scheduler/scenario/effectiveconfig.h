#pragma once

#include "config/types.h"
#include "scenario.h"

#include <optional>

namespace ksv {

// Which KubeSchedulerConfiguration a run uses. One rule for `check`, `explain`, `run` and the desktop
// app, so that none of them can pick differently:
//   1. `overridePath`, when not empty: the file given with --config (or opened in the app), read here;
//      as for kube-scheduler's own --config, it replaces whatever the scenario carries;
//   2. else the scenario's own configuration: its inline spec.schedulerConfig, or a
//      KubeSchedulerConfiguration document (or List item) in its file. The loader refuses a file with
//      more than one, so there is no order among these;
//   3. else none (std::nullopt): v1.32's defaults.
// Throws LoadError when the override file cannot be read or holds no KubeSchedulerConfiguration.
std::optional<SchedulerConfigSource> effectiveConfigSource(const Scenario& scenario, const QString& overridePath);

// The Kubernetes version and gates chosen outside the scenario: --kubernetes-version and
// --feature-gates, the app's Kubernetes Version menu, or a live cluster's /version.
struct VersionChoice
{
    std::optional<version::KubeVersion> version;
    QList<version::GateSetting> gates;
    friend bool operator==(const VersionChoice&, const VersionChoice&) = default;
};

// Which version a run models, decided once (docs/versions.md): the choice's version, else the
// scenario's spec.kubernetesVersion, else version::defaultVersion; then the scenario's
// spec.featureGates and the choice's gates, in that order, on that version's defaults. Throws
// LoadError at the setting a version cannot take.
version::Features runFeatures(const Scenario& scenario, const VersionChoice& choice = {});
// What runFeatures leaves out (version::partialModelWarning), empty when nothing.
QString versionWarning(const Scenario& scenario, const VersionChoice& choice = {});

// The configuration effectiveConfigSource() chooses, or defaultConfiguration() when it chooses none,
// defaulted for runFeatures(scenario, choice). Throws LoadError, also for a chosen configuration that
// is not valid.
config::KubeSchedulerConfiguration effectiveConfiguration(const Scenario& scenario, const QString& overridePath = {},
                                                          const VersionChoice& choice = {});

// What the commands that do not call extenders (capacity, pending, shadow) say about a configuration
// with them: their results are those of a scheduler without them. Empty without extenders.
QString extenderWarning(const config::KubeSchedulerConfiguration& configuration);

} // namespace ksv
