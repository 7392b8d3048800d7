#pragma once

// How the inspector and the event log put trace events into words. Shared so that the history of a
// pod and the log say the same thing about the same event.

#include "trace/replay.h"

#include <QString>

namespace ksv::eventtext {

// An event's time: the app's clock to the microsecond (format::virtualTime): "0:45.020331",
// "12:03.500000"; fixed width, so a column of them lines up.
QString time(VirtualNanos t);
// "Active → Backoff"; a pod appearing from nowhere reads "new → Active".
QString move(const trace::Event& event);
QString location(trace::PodLocation location);
QString code(framework::Code code);
QString point(framework::ExtensionPoint point);
// The same for the bytes records keep them in (a value out of range prints as its number).
QString location(quint8 location);
QString code(quint8 code);
QString point(quint8 point);
// The kinds that carry a status code.
bool hasCode(trace::EventKind kind);
// A result a reader should notice: a failed cycle, a rejecting plugin, a failed bind, a victim.
bool isFailure(const trace::Event& event);
// The event's details in one line, without what other columns already say (time, kind, pod, node).
QString detail(const trace::Trace& trace, const trace::Event& event);
// The extension point and plugin: "PreFilter · NodeAffinity".
QString pointAndPlugin(const trace::Trace& trace, const trace::Event& event);

// The index in TraceIndex::cycles() of the scheduling cycle an event belongs to (its scheduling
// cycle number, for binding events too), or -1.
qint32 cycleIndexOf(const trace::TraceIndex& index, const trace::Event& event, qsizetype position);

} // namespace ksv::eventtext
