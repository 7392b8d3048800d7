#pragma once

// One export of what a window shows, chosen by the file's suffix: what File > Export and
// `kschedviz export` both write.

#include "handout.h"

#include <QString>
#include <QStringList>

#include <optional>

class QWidget;

namespace ksv {
class MainWindow;
}

namespace ksv::exporting {

enum class ExportFormat { Png, Svg, Csv, Pdf };

// By the suffix, case-insensitively: .png, .svg, .csv, .pdf; none for any other.
std::optional<ExportFormat> exportFormatOf(const QString& path);
// The views whose rows can be written as CSV.
QStringList csvViewNames();

// The window at the cursor as a handout page: the scenario and the time in the title, the
// selected pod and the queues in the text, and `picture` (the window or one view) as the picture.
HandoutPage windowPage(const MainWindow& window, QWidget* picture);

// Writes `path` in its suffix's format from `view` (a name from viewNames(); empty: the whole
// window). CSV needs the charts or the event log. False, and why in `error`, when it cannot.
bool exportWindow(MainWindow& window, const QString& path, const QString& view, QString* error = nullptr);

} // namespace ksv::exporting
