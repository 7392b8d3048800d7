#include "exportcommand.h"

#include "commandline.h"
#include "exportfiles.h"
#include "exportviews.h"
#include "mainwindow.h"

namespace ksv::cli {

void prepareExport(MainWindow& window, const Options& options)
{
    if (!options.view.isEmpty())
        exporting::raiseView(window, options.view);
}

int runExport(MainWindow& window, const Options& options, QTextStream& err)
{
    QString error;
    if (!exporting::exportWindow(window, options.output, options.view, &error)) {
        err << QStringLiteral("kschedviz: ") << error << Qt::endl;
        return ExitFailure;
    }
    return ExitOk;
}

} // namespace ksv::cli
