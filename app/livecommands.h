#pragma once

// The commands that read a live cluster (read-only, GET only): snapshot, record, pending and shadow.
// docs/live-client.md says what each writes and how it decides.

#include "commandline.h"

#include <QTextStream>

namespace ksv::cli {

int runSnapshot(const Options& options, QTextStream& out, QTextStream& err);
int runRecord(const Options& options, QTextStream& out, QTextStream& err);
int runPending(const Options& options, QTextStream& out, QTextStream& err);
int runShadow(const Options& options, QTextStream& out, QTextStream& err);

} // namespace ksv::cli
