#pragma once

#include "commandline.h"

#include <QTextStream>

namespace ksv {
class Simulator;
namespace trace {
class Trace;
}
} // namespace ksv

namespace ksv::cli {

// `kschedviz run`: the scenario in virtual time, headless.
int runRun(const Options& options, QTextStream& out, QTextStream& err);

// The summary run prints, as text and as JSON ({"pods": [...], "stats": {...}}).
QString runTable(const Simulator& simulator, const QString& scenarioName, quint64 seed);
QByteArray runJson(const Simulator& simulator, quint64 seed, const trace::Trace& trace);

} // namespace ksv::cli
