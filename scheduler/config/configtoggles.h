#pragma once

// The app's quick toggles for a KubeSchedulerConfiguration (docs/whatif.md, "Editing in the app"):
// each rewrites the configuration's YAML text, as a user would edit it, so that the text stays the one
// place the configuration is, can be read, saved and undone. The text is read and written with
// yaml-cpp: its comments do not survive a toggle.
//
// Plugins are switched in `plugins.multiPoint`, where v1.32's defaults are: a disabled default goes in
// multiPoint.disabled; a weight is an entry of multiPoint.enabled, which replaces the default entry in
// place (mergePluginSet). A profile is named by its schedulerName; a text without profiles gets one,
// `default-scheduler`, as the defaults have.

#include "args.h"
#include "decoding/loaderror.h"

#include <QByteArray>
#include <QString>

namespace ksv::config {

// Each throws LoadError at `fileName` when the text is not a YAML mapping.
// The profile's own percentageOfNodesToScore when it sets one (it wins there), else the global one;
// 0 removes the key (adaptive, or the global value for a profile).
QByteArray setPercentageOfNodesToScore(const QByteArray& text, const QString& profile, int percentage, const QString& fileName);
QByteArray setScoringStrategy(const QByteArray& text, const QString& profile, ScoringStrategyType type, const QString& fileName);
QByteArray setPluginEnabled(const QByteArray& text, const QString& profile, const QString& plugin, bool enabled, const QString& fileName);
QByteArray setPluginWeight(const QByteArray& text, const QString& profile, const QString& plugin, int weight, const QString& fileName);

} // namespace ksv::config
