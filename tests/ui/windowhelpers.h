#pragma once

// For the tests that drive the whole window: opening a scenario in it, and reading its status bar.

#include "mainwindow.h"

#include <QLabel>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTest>

namespace ksv::testing {

// Opens `path` in `window`, shown at 1280x720, and waits for it.
inline bool openIn(MainWindow& window, const QString& path)
{
    window.resize(1280, 720);
    window.show();
    QSignalSpy loaded(&window, &MainWindow::scenarioLoaded);
    window.openScenario(path);
    return QTest::qWaitFor([&loaded] { return loaded.size() == 1; }, 10000);
}

// Every label of the status bar, joined by '|'.
inline QString statusText(MainWindow& window)
{
    QStringList texts;
    for (QLabel* label : window.statusBar()->findChildren<QLabel*>())
        texts << label->text();
    return texts.join(QLatin1Char('|'));
}

} // namespace ksv::testing
