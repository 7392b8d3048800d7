#pragma once

// The views of a window by name, for the Export menu and `kschedviz export --view NAME`: "queues"
// (the central queue lanes), then each dock by its object name without "Dock", lower case
// ("heatmap", "inspector", "timeline", "charts", "eventlog", "nodes", "pods"), the names
// MainWindow::saveScreenshots gives its files.

#include <QString>
#include <QStringList>

class QDockWidget;
class QMainWindow;
class QWidget;

namespace ksv::exporting {

// The scenario views of the desktop app, in order: what --view accepts.
QStringList standardViewNames();
// The names of the views `window` has now (live mode adds docks).
QStringList viewNames(const QMainWindow& window);
// The view itself (inside its dock's scroll area, if any); null for an unknown name.
QWidget* viewByName(const QMainWindow& window, const QString& name);
// The name and title of the view that holds `widget` (any widget inside it); empty if none does.
QString viewNameOf(const QMainWindow& window, const QWidget* widget);
QString viewTitle(const QMainWindow& window, const QString& name);
// Shows the view's dock and brings it to the front of its tab group, so that it is painted at its
// size and its contents catch up with the cursor (hidden views do not refresh).
void raiseView(const QMainWindow& window, const QString& name);

} // namespace ksv::exporting
