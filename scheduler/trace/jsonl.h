#pragma once

// The trace as JSON Lines: one object per event, keys sorted, times in integer virtual nanoseconds.
// A FilterNodes or ScoreNodes block is written as one line per node (per node and plugin for
// scores). The schema is in docs/trace-format.md.

#include "trace.h"

#include <QByteArray>
#include <QJsonObject>

class QIODevice;

namespace ksv::trace {

// The event's line, or a block's lines, each ending in a newline.
QByteArray toJsonLines(const Trace& trace, const Event& event);
// The first line of a trace that models another version than v1.32, or v1.32 with gates set:
// {"featureGates":{...},"kind":"Run","kubernetesVersion":"v1.36","t":0}, with the gates whose value
// differs from the version's defaults. Empty for v1.32 as it comes, whose traces have no such line.
QByteArray runHeaderLine(const version::Features& features);
// The gates whose value in `features` differs from its version's defaults, name → value: the Run
// line's featureGates, and run --json's.
QJsonObject changedFeatureGates(const version::Features& features);
// Writes events [from, trace.size()) and returns the index after the last one written; from 0, the
// run's header line first.
qsizetype writeJsonLines(const Trace& trace, QIODevice& device, qsizetype from = 0);
// Reads what writeJsonLines wrote into `trace` (new and empty): every event with its strings, and
// each cycle's per-node lines as the block they were written from, so that writing the trace again
// gives the same bytes. Throws LoadError naming `source`, the line and the field for a line that is
// not such an event (jsonlreader.cpp).
void readJsonLines(QIODevice& device, const QString& source, Trace& trace);

} // namespace ksv::trace
