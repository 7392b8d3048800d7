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
// A call to a scheduler extender, in a cycle's bar.
QColor extender();

// Queues, as the pending-pods chart draws them.
QColor queue(trace::PodLocation location);

bool isDark(const QPalette& palette);
// Separators, grid lines and outlines: the text colour, faint, so they show on light and dark
// palettes alike (QPalette::Mid is darker than Base in some dark palettes).
QColor rule(const QPalette& palette);
// The dotted outline of something not there (a node not in the cluster at the cursor).
QColor absent(const QPalette& palette);

} // namespace ksv::colors
