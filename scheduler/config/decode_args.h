#pragma once

#include "args.h"
#include "decoding/yamlfield.h"

namespace ksv::config {

// Decodes the args of a pluginConfig entry for `plugin`, which must have an Args type (argsKindFor),
// strictly (unknown fields are errors), and applies SetDefaults_<Kind>. An absent `args` gives the
// defaulted args. `args` may carry apiVersion and kind; a kind other than the plugin's is refused, as
// upstream's decodeNestedObjects does.
PluginArgs decodePluginArgs(const QString& plugin, const YamlField& args);

// Decoding helpers shared with the configuration decoder.
int decodeInt32(const YamlField& field);
[[noreturn]] void failNotSupported(const YamlField& where, const QString& value, const QStringList& supported);

} // namespace ksv::config
