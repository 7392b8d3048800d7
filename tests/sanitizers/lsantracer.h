#pragma once

// LeakSanitizer's stop-the-world tracer crashing as a process exits ("Tracer caught signal 11 ...
// LeakSanitizer has encountered a fatal error"): a failure of the sanitizer runtime, intermittent and
// not a leak report (google/sanitizers#1353). lsan-tracer-retry.sh runs a test once more for it; a
// test that runs a program of its own (kschedviz export) does the same for that program, once.

#include <QString>

namespace ksv::testing {

inline bool lsanTracerCrashed(const QString& output)
{
    return output.contains(QLatin1String("Tracer caught signal")) && output.contains(QLatin1String("LeakSanitizer has encountered a fatal error"));
}

} // namespace ksv::testing
