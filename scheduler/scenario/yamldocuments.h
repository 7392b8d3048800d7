#pragma once

// The loader's reading and parsing, for other files of kschedviz's own (bookmarks): the same checks
// and the same file:line:column messages as for a scenario.

#include "decoding/loaderror.h"

#include <yaml-cpp/yaml.h>

#include <vector>

namespace ksv {

// The file's bytes; a LoadError naming the file if it cannot be read.
QByteArray readYamlFile(const QString& path);
// Every document of the text, or a LoadError at the first broken byte.
std::vector<YAML::Node> parseYamlDocuments(const QByteArray& text, const QString& fileName);

} // namespace ksv
