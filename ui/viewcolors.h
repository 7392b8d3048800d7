#pragma once

// Colours shared by the timeline and the charts, so a result or a queue reads the same in both:
// mid-saturation hues that stay distinguishable on light and dark palettes.

#include "framework/interface.h"
#include "trace/trace.h"

#include <QColor>

class QPalette;

namespace ksv::colors {

// Scheduling results.
QColor scheduled();
QColor unschedulable();
QColor error();
QColor running();
QColor preemption();
// The colour of a framework::Code as a cycle's result.
QColor result(quint8 code);

// Binding cycles.
QColor binding();
QColor permitWait();
QColor bindingFailed();

// A cycle's extension-point segments.
QColor extensionPoint(framework::ExtensionPoint point);

// Queues, as the pending-pods chart draws them.
QColor queue(trace::PodLocation location);

bool isDark(const QPalette& palette);

} // namespace ksv::colors
