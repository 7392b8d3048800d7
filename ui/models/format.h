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
// Virtual time as the views print it: "12.345 s", "3:07.250" past a minute, "1:02:03.000" past an hour.
QString virtualTime(VirtualNanos nanos);

} // namespace ksv::format
