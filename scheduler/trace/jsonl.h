#pragma once

// The trace as JSON Lines: one object per event, keys sorted, times in integer virtual nanoseconds.
// The schema is in docs/trace-format.md.

#include "trace.h"

#include <QByteArray>

class QIODevice;

namespace ksv::trace {

QByteArray toJsonLine(const Trace& trace, const Event& event);
// Writes events [from, trace.size()) and returns the index after the last one written.
qsizetype writeJsonLines(const Trace& trace, QIODevice& device, qsizetype from = 0);

} // namespace ksv::trace
