#include "exportfiles.h"

#include "chartsview.h"
#include "csvexport.h"
#include "eventlogmodel.h"
#include "eventlogview.h"
#include "exportviews.h"
#include "format.h"
#include "imageexport.h"
#include "mainwindow.h"
#include "playbackcontroller.h"
#include "run.h"
#include "scenarioloadjob.h"
#include "viewstate.h"

#include <QFileInfo>
#include <QLabel>
#include <QStatusBar>

namespace ksv::exporting {

namespace {

bool fail(QString* error, const QString& why)
{
    if (error)
        *error = why;
    return false;
}

} // namespace

std::optional<ExportFormat> exportFormatOf(const QString& path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("png"))
        return ExportFormat::Png;
    if (suffix == QLatin1String("svg"))
        return ExportFormat::Svg;
    if (suffix == QLatin1String("csv"))
        return ExportFormat::Csv;
    if (suffix == QLatin1String("pdf"))
        return ExportFormat::Pdf;
    return std::nullopt;
}

QStringList csvViewNames()
{
    return { QStringLiteral("charts"), QStringLiteral("eventlog") };
}

HandoutPage windowPage(const MainWindow& window, QWidget* picture)
{
    HandoutPage page;
    const ViewState* viewState = window.viewState();
    const Run* run = window.playback()->run();
    const LoadedScenario* loaded = window.currentScenario();
    const QString scenario = loaded ? loaded->scenario->name : window.windowTitle();
    page.title = ksv::MainWindow::tr("%1 at %2").arg(scenario, format::virtualTime(viewState->cursorTime()));
    QStringList lines;
    if (run && viewState->selectedPod() >= 0)
        lines << ksv::MainWindow::tr("Selected pod: %1").arg(run->catalogue()->podKey(viewState->selectedPod()));
    // The status bar's lines as they read on screen (file and seed, queue counts, time and speed),
    // in the language shown: the page says what the window said.
    if (const QStatusBar* status = window.findChild<QStatusBar*>()) {
        for (const QLabel* label : status->findChildren<QLabel*>()) {
            if (label->isVisibleTo(&window) && !label->text().isEmpty())
                lines << label->text();
        }
    }
    page.text = lines.join(QLatin1Char('\n'));
    page.picture = renderWidget(picture);
    return page;
}

bool exportWindow(MainWindow& window, const QString& path, const QString& view, QString* error)
{
    const std::optional<ExportFormat> format = exportFormatOf(path);
    if (!format)
        return fail(error, ksv::MainWindow::tr("%1: the file name must end in .png, .svg, .csv or .pdf").arg(path));
    QWidget* widget = view.isEmpty() ? &window : viewByName(window, view);
    if (!widget)
        return fail(error, ksv::MainWindow::tr("No view named %1 (the views: %2)").arg(view, viewNames(window).join(QStringLiteral(", "))));
    const QString title = view.isEmpty() ? window.windowTitle() : viewTitle(window, view) + QStringLiteral(" — ") + window.windowTitle();
    switch (*format) {
    case ExportFormat::Png:
        return savePng(widget, path, error);
    case ExportFormat::Svg:
        return saveSvg(widget, path, title, error);
    case ExportFormat::Pdf:
        return writeHandout(path, { windowPage(window, widget) }, error);
    case ExportFormat::Csv:
        break;
    }
    if (auto* charts = qobject_cast<ChartsView*>(widget)) {
        charts->refresh(); // a hidden chart may lag behind the cursor
        return saveTableCsv(chartsTable(*charts), path, error);
    }
    if (auto* log = qobject_cast<EventLogView*>(widget)) {
        // A hidden log catches up only when shown: bring its rows to the cursor first.
        if (const Run* run = window.playback()->run())
            log->model()->setLimit(run->position());
        return saveModelCsv(*log->model(), path, error);
    }
    return fail(error, ksv::MainWindow::tr("Only the charts and the event log can be written as CSV, not %1")
                           .arg(view.isEmpty() ? ksv::MainWindow::tr("the window") : view));
}

} // namespace ksv::exporting
