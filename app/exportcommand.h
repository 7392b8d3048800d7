#pragma once

// `kschedviz export`: the window, or one view, at a virtual time, written headless as PNG, SVG,
// CSV or a one-page PDF handout. main() drives the window as for --screenshot (load, seek, select,
// settle); these are the two steps that differ.

#include <QTextStream>

namespace ksv {
class MainWindow;
}

namespace ksv::cli {

struct Options;

// Once the cursor is there: brings --view's dock to the front, so that it is laid out and catches
// up with the cursor before it is written (a hidden view does not refresh).
void prepareExport(MainWindow& window, const Options& options);
// Writes -o from the window as it is now: ExitOk, or ExitFailure with one line on `err`.
int runExport(MainWindow& window, const Options& options, QTextStream& err);

} // namespace ksv::cli
