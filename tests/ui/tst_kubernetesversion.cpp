// File > Kubernetes Version: the window models the chosen version instead of the scenario's, names it
// in the title and the status bar, says when that version is modelled in part, and reruns at the
// cursor's time with the same pod selected.
#include "comparecontrols.h"
#include "mainwindow.h"
#include "sidebyside.h"
#include "playbackcontroller.h"
#include "run.h"
#include "screenshots.h"
#include "viewstate.h"
#include "windowhelpers.h"

#include <QAction>
#include <QActionGroup>
#include <QMenu>
#include <QMenuBar>
#include <QPoint>
#include <QTest>

using namespace ksv;
using namespace ksv::testing;

namespace {

QMenu* versionMenu(MainWindow& window)
{
    for (QAction* top : window.menuBar()->actions()) {
        if (!top->menu())
            continue;
        for (QAction* action : top->menu()->actions()) {
            if (action->menu() && action->text() == QStringLiteral("&Kubernetes Version"))
                return action->menu();
        }
    }
    return nullptr;
}

} // namespace

class TestKubernetesVersion : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void menuReruns()
    {
        MainWindow window;
        QVERIFY(openIn(window, QStringLiteral(KSV_SAMPLES_DIR "/default.yaml")));
        QVERIFY2(window.windowTitle().contains(QStringLiteral("Kubernetes v1.32")), qPrintable(window.windowTitle()));
        QVERIFY2(statusText(window).contains(QStringLiteral("Kubernetes v1.32, seed 1")), qPrintable(statusText(window)));

        QMenu* menu = versionMenu(window);
        QVERIFY(menu);
        QStringList entries;
        for (QAction* action : menu->actions()) {
            if (!action->isSeparator())
                entries.append(action->text() + (action->isChecked() ? QStringLiteral("*") : QString()));
        }
        QCOMPARE(entries, QStringList({QStringLiteral("As the Scenario Says (v1.32)*"), QStringLiteral("v1.32"), QStringLiteral("v1.33"),
                                       QStringLiteral("v1.34"), QStringLiteral("v1.35"), QStringLiteral("v1.36"), QStringLiteral("v1.37")}));

        PlaybackController* playback = window.playback();
        ViewState* view = window.viewState();
        playback->seek(3 * nanosPerSecond);
        QTRY_VERIFY_WITH_TIMEOUT(view->cursorTime() >= 3 * nanosPerSecond, 10000);
        const VirtualNanos cursor = view->cursorTime();
        const QString pod = QStringLiteral("default/ml-training-0");
        selectPod(*view, playback->run(), playback->run()->index().catalogue().podIndex(pod));
        const Run* before = playback->run();

        QSignalSpy loaded(&window, &MainWindow::scenarioLoaded);
        for (QAction* action : menu->actions()) {
            if (action->text() == QStringLiteral("v1.36"))
                action->trigger();
        }
        QTRY_COMPARE_WITH_TIMEOUT(loaded.size(), 1, 20000);
        QVERIFY(playback->run() != before);
        QCOMPARE(playback->run()->configuration().features.version, version::v1_36);
        QTRY_COMPARE_WITH_TIMEOUT(view->cursorTime(), cursor, 20000);
        QTRY_COMPARE_WITH_TIMEOUT(view->selectedPod(), playback->run()->index().catalogue().podIndex(pod), 20000);
        QVERIFY2(window.windowTitle().contains(QStringLiteral("Kubernetes v1.36")), qPrintable(window.windowTitle()));
        const QString status = statusText(window);
        QVERIFY2(status.contains(QStringLiteral("Kubernetes v1.36, seed 1")) && status.contains(QStringLiteral("modelled in part")), qPrintable(status));
        QCOMPARE(window.kubernetesVersionChoice(), std::optional<version::KubeVersion>(version::v1_36));
        saveShot(&window, QStringLiteral("kubernetes-version-1280x720"));
        menu->popup(window.mapToGlobal(QPoint(40, 40)));
        QTRY_VERIFY(menu->isVisible());
        saveShot(menu, QStringLiteral("kubernetes-version-menu"));
        menu->hide();
        window.resize(1920, 1080);
        saveShot(&window, QStringLiteral("kubernetes-version-1920x1080"));

        // Side by side with another configuration: only the configuration differs, so the other run
        // models the version the window runs.
        CompareControls* compare = window.compare();
        compare->compareWithConfiguration(QStringLiteral(KSV_SAMPLES_DIR "/configs/most-allocated.yaml"));
        QTRY_VERIFY_WITH_TIMEOUT(compare->sideBySide()->isActive(), 20000);
        QCOMPARE(compare->sideBySide()->otherRun()->configuration().features.version, version::v1_36);
        compare->stop();

        // Back to what the scenario says.
        menu->actions().first()->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(loaded.size(), 2, 20000);
        QCOMPARE(playback->run()->configuration().features.version, version::v1_32);
        QVERIFY(!statusText(window).contains(QStringLiteral("modelled in part")));
    }
};

QTEST_MAIN(TestKubernetesVersion)
#include "tst_kubernetesversion.moc"
