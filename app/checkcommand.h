#pragma once

#include "commandline.h"

#include <QTextStream>

namespace ksv::cli {

// `kschedviz check`: loads a scenario and prints what it holds, or the one error message.
int runCheck(const Options& options, QTextStream& out, QTextStream& err);

} // namespace ksv::cli
