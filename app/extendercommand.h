#pragma once

// `kschedviz extender`: the demo scheduler extender on a loopback address (docs/extenders.md).

#include "commandline.h"

#include <QTextStream>

namespace ksv::cli {

int runExtender(const Options& options, QTextStream& out, QTextStream& err);

} // namespace ksv::cli
