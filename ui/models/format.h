#pragma once

#include "api/quantity.h"
#include "scenario/scenario.h"

#include <QString>

namespace ksv::format {

// How the views print resources: cpu as cores ("3.5", "250m"), bytes with binary units ("16 GiB").
QString cpu(qint64 milliCpu);
QString bytes(qint64 bytes);
// A named resource's quantity, using the cpu or byte form where the name says which it is.
QString resource(const QString& name, const Quantity& quantity);
// Time is printed two ways in the whole app (issue 20, finding 13, found five):
//
// A point in virtual time, as a clock: "0:02.001", "3:07.250", "1:02:03.000" past an hour, with
// `decimals` digits of the second (0 to 9). Where one instant must be told from the next (the event
// log, the pod's history, the toolbar's clock) it shows microseconds: "0:02.001250".
inline constexpr int millisecondDigits = 3;
inline constexpr int microsecondDigits = 6;
QString virtualTime(VirtualNanos nanos, int decimals = millisecondDigits);
// A span of virtual time, to three significant digits: "750 ns", "515 µs", "20.4 ms", "3.2 s",
// "1 min 38 s", "1 h 2 min".
QString duration(VirtualNanos nanos);

} // namespace ksv::format
