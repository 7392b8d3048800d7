// The window as a new user meets it: the default sample opens paused; play runs it to the end; every
// dock is there and follows the cursor; the status bar counts what the trace says; the layout is
// saved and restored; shortcuts reach the playback; a broken file leaves the window running; the
// heatmap's colour mode leaves the docks' widths alone.
#include "format.h"
#include "framework/status.h"
#include "mainwindow.h"
#include "windowhelpers.h"
#include "playbackcontroller.h"
#include "playbacktoolbar.h"
#include "run.h"
#include "scenario/effectiveconfig.h"
#include "scenario/loader.h"
#include "scenarioloadjob.h"
#include "simulation/simulator.h"
#include "viewstate.h"

#include <QAction>
#include <QComboBox>
#include <QDialog>
#include <QTextBrowser>
#include <QDockWidget>
#include <QLabel>
#include <QRegularExpression>
#include <QSettings>
#include <QStandardPaths>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QScrollArea>
#include <QTableView>
#include <QStatusBar>
#include <QTest>

#include "nodetablemodel.h"
#include "podtablemodel.h"
#include "queuelanescanvas.h"
#include "rowtable.h"
#include "timelineplot.h"
#include "timelineview.h"
#include "timelinezoom.h"

using namespace ksv;
using testing::statusText;
using trace::PodLocation;

namespace {

void load(MainWindow& window, const QString& file)
{
    QSignalSpy loaded(&window, &MainWindow::scenarioLoaded);
    window.openScenario(file);
    QTRY_COMPARE_WITH_TIMEOUT(loaded.size(), 1, 10000);
    QTRY_VERIFY_WITH_TIMEOUT(window.playback()->run()->indexed() > 0, 10000);
}


// Opens the backlog sample in the active window, plays it to its end and selects the pod that
// needed the most attempts.
bool openAtEnd(MainWindow& window, PlaybackController*& playback, ViewState*& view, qint32& pod)
{
    window.show();
    window.activateWindow();
    if (!QTest::qWaitForWindowActive(&window)) // a window shortcut needs the active window
        return false;
    QSignalSpy loaded(&window, &MainWindow::scenarioLoaded);
    window.openScenario(QStringLiteral(KSV_SAMPLES_DIR "/backlog-node-added.yaml"));
    if (!QTest::qWaitFor([&] { return loaded.size() == 1 && window.playback()->run()->indexed() > 0; }, 10000))
        return false;
    playback = window.playback();
    view = window.viewState();
    playback->setSpeed(0);
    playback->play();
    if (!QTest::qWaitFor([&] { return playback->isFinished(); }, 30000))
        return false;
    window.selectMostRetriedPod();
    pod = view->selectedPod();
    return pod >= 0;
}

} // namespace

class TestMainWindow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
    }

    void opensPausedAndPlaysToTheEnd()
    {
        MainWindow window;
        window.show();
        load(window, QStringLiteral(KSV_SAMPLES_DIR "/backlog-node-added.yaml"));
        PlaybackController* playback = window.playback();
        ViewState* view = window.viewState();
        QVERIFY(!playback->isPlaying());
        const qsizetype atStart = playback->run()->indexed();
        QTest::qWait(100);
        QCOMPARE(playback->run()->indexed(), atStart); // paused: nothing runs until play

        const QStringList docks = {QStringLiteral("heatmapDock"), QStringLiteral("inspectorDock"), QStringLiteral("timelineDock"),
                                   QStringLiteral("chartsDock"), QStringLiteral("eventLogDock"), QStringLiteral("nodesDock"),
                                   QStringLiteral("podsDock")};
        for (const QString& name : docks)
            QVERIFY2(window.findChild<QDockWidget*>(name), qPrintable(name));

        playback->setSpeed(0);
        QTest::keyClick(&window, Qt::Key_Space); // the play shortcut
        QTRY_VERIFY_WITH_TIMEOUT(playback->isFinished(), 30000);
        QVERIFY(!playback->isPlaying());

        // The status bar counts what the trace says: every pod's last move.
        const trace::TraceIndex& index = playback->run()->index();
        std::vector<PodLocation> last(size_t(index.catalogue().podCount()), PodLocation::None);
        for (qsizetype i = 0; i < index.indexed(); ++i) {
            const trace::Event& event = index.trace().at(i);
            if (event.kind() == trace::EventKind::QueueMove)
                last[size_t(index.podOf(event.pod()))] = event.to();
        }
        // Pods bound in the initial state never move.
        for (const Pod& pod : index.trace().objects().initial().pods) {
            if (!pod.nodeName.isEmpty() && !pod.isTerminal() && last[size_t(index.catalogue().podIndex(pod.key()))] == PodLocation::None)
                last[size_t(index.catalogue().podIndex(pod.key()))] = PodLocation::Bound;
        }
        const auto count = [&last](PodLocation location) { return std::count(last.cbegin(), last.cend(), location); };
        const QString status = statusText(window);
        QVERIFY2(status.contains(QStringLiteral("bound %1").arg(count(PodLocation::Bound))), qPrintable(status));
        QVERIFY2(status.contains(QStringLiteral("unschedulable %1").arg(count(PodLocation::Unschedulable))), qPrintable(status));
        QVERIFY2(status.contains(QStringLiteral("finished")), qPrintable(status));

        // Shortcuts: back one cycle, then forward one event.
        const qsizetype end = view->cursor();
        QTest::keyClick(&window, Qt::Key_Left, Qt::ControlModifier);
        QVERIFY(view->cursor() < end);
        const qsizetype back = view->cursor();
        QTest::keyClick(&window, Qt::Key_Right);
        QTRY_VERIFY(view->cursor() > back);
        QTest::keyClick(&window, Qt::Key_Home); // reset
        QTRY_VERIFY_WITH_TIMEOUT(playback->run()->indexed() > 0 && !playback->isFinished(), 10000);
    }

    // Issue 17: a session `kschedviz record` wrote from a real cluster plays in the app, and the app
    // places every pod where the headless run does (the same scenario, the same trace).
    void recordedSessionReplays()
    {
        const QString file = QStringLiteral(KSV_TEST_DATA_DIR "/recorded-session.yaml");
        MainWindow window;
        window.show();
        load(window, file);
        PlaybackController* playback = window.playback();
        playback->setSpeed(0);
        playback->play();
        QTRY_VERIFY_WITH_TIMEOUT(playback->isFinished(), 30000);

        const Scenario scenario = loadScenarioFile(file);
        QVERIFY(scenario.recording);
        QCOMPARE(scenario.recording->bindings.size(), 5);
        trace::Trace trace;
        Simulator simulator(scenario, effectiveConfiguration(scenario), SimulationOptions {}, trace);
        while (simulator.step()) {
        }
        const trace::ReplayState& state = playback->run()->state();
        const trace::ReplayCatalogue& catalogue = playback->run()->index().catalogue();
        int bound = 0;
        for (const PodSummary& summary : simulator.podSummaries()) {
            const qint32 pod = catalogue.podIndex(summary.key);
            QVERIFY2(pod >= 0, qPrintable(summary.key));
            const trace::PodRow& row = state.pods[size_t(pod)];
            if (summary.location == PodLocation::Bound) {
                ++bound;
                QVERIFY(row.location == PodLocation::Bound);
                QCOMPARE(catalogue.nodeName(row.node), summary.node);
            }
        }
        QCOMPARE(bound, 7);
        // Each recorded pod arrived pending and was placed by the replay's scheduler.
        for (const ObservedBinding& binding : scenario.recording->bindings)
            QVERIFY2(state.pods[size_t(catalogue.podIndex(binding.pod))].attempts >= 1, qPrintable(binding.pod));
    }

    // Issue 20, finding 4: choosing "Filter verdict" for a selected attempt widened the heatmap's dock
    // (from 700 to 869 pixels in a 1400-pixel window, at a80c4a2) and squeezed the queue lanes. The
    // dock and the lanes keep their width.
    void heatmapModeKeepsTheDockWidth()
    {
        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        load(window, QStringLiteral(KSV_SAMPLES_DIR "/priority-preemption.yaml"));
        window.playback()->setSpeed(0);
        window.playback()->play();
        QTRY_VERIFY_WITH_TIMEOUT(window.playback()->isFinished(), 30000);
        QCoreApplication::processEvents(); // the default dock sizes, the views' refreshes
        auto* dock = window.findChild<QDockWidget*>(QStringLiteral("heatmapDock"));
        QVERIFY(dock);
        const int heatmapWidth = dock->width();
        const int lanesWidth = window.centralWidget()->width();
        // A preempting attempt: its pod's name is long, its status line too.
        const auto& cycles = window.playback()->run()->index().cycles();
        qint32 preempting = -1;
        for (qint32 cycle = 0; cycle < qint32(cycles.size()) && preempting < 0; ++cycle)
            preempting = cycles[size_t(cycle)].preempted ? cycle : -1;
        QVERIFY(preempting >= 0);
        selectCycle(*window.viewState(), window.playback()->run(), preempting);
        QComboBox* colourBy = nullptr;
        for (QComboBox* combo : dock->findChildren<QComboBox*>()) {
            if (combo->findText(QStringLiteral("Filter verdict (selected attempt)")) >= 0)
                colourBy = combo;
        }
        QVERIFY(colourBy);
        for (int index = 0; index < colourBy->count(); ++index) {
            colourBy->setCurrentIndex(index);
            for (int turn = 0; turn < 5; ++turn)
                QCoreApplication::processEvents(); // the refresh, then the layouts it asks for
            QCOMPARE(dock->width(), heatmapWidth);
            QCOMPARE(window.centralWidget()->width(), lanesWidth);
        }
    }

    // Finding 14: the status bar names and counts the lanes' locations, Waiting on Permit apart from
    // Binding (the gang sample once read "binding 9" where the lanes said "Waiting on Permit 9").
    void statusCountsAgreeWithTheLanes()
    {
        MainWindow window;
        window.show();
        load(window, QStringLiteral(KSV_SAMPLES_DIR "/gang-scheduling.yaml"));
        PlaybackController* playback = window.playback();
        playback->setSpeed(0);
        playback->play();
        QTRY_VERIFY_WITH_TIMEOUT(playback->isFinished(), 30000);
        // Somewhere in the run pods wait on Permit while none binds: seek to the first such moment.
        const trace::TraceIndex& index = playback->run()->index();
        qsizetype waiting = -1;
        for (qsizetype position = 1; position <= index.indexed() && waiting < 0; ++position) {
            const trace::Event& event = index.trace().at(position - 1);
            if (event.kind() == trace::EventKind::QueueMove && event.to() == PodLocation::WaitingOnPermit)
                waiting = position;
        }
        QVERIFY(waiting > 0);
        playback->seekPosition(waiting);
        QTRY_COMPARE(window.viewState()->cursor(), waiting);
        const trace::ReplayState& state = playback->run()->state();
        QVERIFY(state.count(PodLocation::WaitingOnPermit) > 0);
        const QString status = statusText(window);
        QVERIFY2(status.contains(QStringLiteral("waiting on Permit %1 · binding %2")
                                     .arg(state.count(PodLocation::WaitingOnPermit))
                                     .arg(state.count(PodLocation::Binding))),
                 qPrintable(status));
    }

    // Finding 7: the Nodes tab lists the cluster at the cursor, not the scenario's first nodes.
    void nodesTabFollowsTheCursor()
    {
        MainWindow window;
        window.show();
        load(window, QStringLiteral(KSV_SAMPLES_DIR "/default.yaml"));
        auto* dock = window.findChild<QDockWidget*>(QStringLiteral("nodesDock"));
        QVERIFY(dock);
        dock->raise();
        QTRY_VERIFY(dock->isVisible());
        auto* table = dock->findChild<QTableView*>();
        QVERIFY(table);
        const auto* proxy = qobject_cast<const QSortFilterProxyModel*>(table->model());
        QVERIFY(proxy);
        const QAbstractItemModel* nodes = proxy->sourceModel();
        const auto names = [nodes] {
            QStringList result;
            for (int row = 0; row < nodes->rowCount(); ++row)
                result << nodes->index(row, NodeTableModel::NameColumn).data().toString();
            return result;
        };
        QTRY_VERIFY(!names().isEmpty());
        QVERIFY(!names().contains(QStringLiteral("big-0"))); // it joins at 30 s

        PlaybackController* playback = window.playback();
        playback->setSpeed(0);
        playback->play();
        QTRY_VERIFY_WITH_TIMEOUT(playback->isFinished(), 30000);
        QTRY_VERIFY(names().contains(QStringLiteral("big-0")));
        const trace::ReplayState& end = playback->run()->state();
        qint64 existing = 0;
        for (qint32 node = 0; node < playback->run()->index().catalogue().nodeCount(); ++node)
            existing += end.nodeExists(node) ? 1 : 0;
        QCOMPARE(nodes->rowCount(), int(existing));

        playback->seek(10 * nanosPerSecond);
        QTRY_VERIFY(!names().contains(QStringLiteral("big-0")));
    }

    // The Pods tab lists the cluster at the cursor too (it listed the file's pods at t=0), and a
    // double-click on a pod selects it in every view.
    void podsTabFollowsTheCursor()
    {
        MainWindow window;
        window.show();
        load(window, QStringLiteral(KSV_SAMPLES_DIR "/default.yaml"));
        auto* dock = window.findChild<QDockWidget*>(QStringLiteral("podsDock"));
        QVERIFY(dock);
        dock->raise();
        QTRY_VERIFY(dock->isVisible());
        auto* table = dock->findChild<QTableView*>(QStringLiteral("podTable"));
        QVERIFY(table);
        const QAbstractItemModel* pods = table->model();
        const QString migration = QStringLiteral("default/db-migrate-7xk2p"); // deleted at 800 ms
        const auto shows = [pods](const QString& key) {
            return !pods->match(pods->index(0, PodTableModel::PodColumn), Qt::DisplayRole, key, 1, Qt::MatchExactly).isEmpty();
        };
        QTRY_VERIFY(shows(migration));

        PlaybackController* playback = window.playback();
        playback->setSpeed(0);
        playback->play();
        QTRY_VERIFY_WITH_TIMEOUT(playback->isFinished(), 30000);
        QTRY_VERIFY(!shows(migration));
        const QModelIndex gated = pods->match(pods->index(0, PodTableModel::PodColumn), Qt::DisplayRole,
                                              QStringLiteral("default/report-generator"), 1, Qt::MatchExactly).value(0);
        QVERIFY(gated.isValid());
        QTRY_COMPARE(pods->index(gated.row(), PodTableModel::StateColumn).data().toString(), QStringLiteral("Bound"));

        playback->seek(10 * nanosPerSecond); // before its gate is removed at 20 s
        QTRY_COMPARE(pods->index(gated.row(), PodTableModel::StateColumn).data().toString(), QStringLiteral("Gated"));
        QVERIFY(!shows(migration));

        table->scrollTo(gated);
        const QRect cell = table->visualRect(pods->index(gated.row(), PodTableModel::PodColumn));
        // The press the view needs before a double-click (QTest's double-click sends none).
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, cell.center());
        QTest::mouseDClick(table->viewport(), Qt::LeftButton, {}, cell.center());
        const trace::ReplayCatalogue& catalogue = playback->run()->index().catalogue();
        QCOMPARE(window.viewState()->selectedPod(), catalogue.podIndex(QStringLiteral("default/report-generator")));
    }

    // Issue 20, finding 2: when the run goes slower than the chosen speed, the toolbar says how fast
    // it really goes (a wall clock 30 times too fast stands in for a machine that cannot keep up).
    void toolbarSaysWhenTheRunFallsBehind()
    {
        MainWindow window;
        window.show();
        load(window, QStringLiteral(KSV_SAMPLES_DIR "/default.yaml"));
        auto* toolBar = window.findChild<PlaybackToolBar*>();
        QVERIFY(toolBar);
        QLabel* achieved = toolBar->achievedSpeedLabel();
        QVERIFY(achieved->text().isEmpty());
        PlaybackController* playback = window.playback();
        qint64 fakeWall = 0;
        playback->setWallClock([&fakeWall] { return fakeWall += 500'000'000; });
        playback->setSpeed(10);
        playback->play();
        QTRY_VERIFY_WITH_TIMEOUT(achieved->text().contains(QStringLiteral("running at")), 20000);
        QVERIFY(achieved->isVisible());
        QVERIFY(achieved->toolTip().contains(QStringLiteral("cannot keep up with 10×")));
        playback->pause();
        QVERIFY(achieved->text().isEmpty());
        playback->setWallClock({});
    }

    // Issue 20, finding 13: the toolbar's clock shows the cursor to the microsecond, so stepping
    // through half-millisecond cycles moves it; the status bar uses the same clock.
    void toolbarClockShowsMicroseconds()
    {
        MainWindow window;
        window.show();
        load(window, QStringLiteral(KSV_SAMPLES_DIR "/default.yaml"));
        PlaybackController* playback = window.playback();
        auto* clock = window.findChild<PlaybackToolBar*>()->findChild<QLabel*>(QStringLiteral("clock"));
        QVERIFY(clock);
        QStringList seen;
        for (int step = 0; step < 4; ++step) {
            const qsizetype before = window.viewState()->cursor();
            playback->step(PlaybackController::StepUnit::Cycle); // may wait for the engine
            QTRY_VERIFY(window.viewState()->cursor() > before);
            const VirtualNanos t = window.viewState()->cursorTime();
            QTRY_VERIFY2(clock->text().startsWith(format::virtualTime(t, format::microsecondDigits) + QStringLiteral(" / ")),
                         qPrintable(clock->text()));
            QVERIFY(statusText(window).contains(format::virtualTime(t, format::microsecondDigits)));
            seen.append(clock->text().section(QLatin1Char(' '), 0, 0));
        }
        static const QRegularExpression micros(QStringLiteral("^\\d+:\\d\\d\\.\\d{6}$"));
        for (const QString& text : std::as_const(seen))
            QVERIFY2(micros.match(text).hasMatch(), qPrintable(text));
        seen.removeDuplicates();
        QVERIFY(seen.size() >= 2); // cycles a fraction of a millisecond apart read differently
    }

    void selectionFollowsAPodThroughRetries()
    {
        // The story of the issue: a pod fails, backs off, and succeeds once a node is added.
        MainWindow window;
        window.show();
        load(window, QStringLiteral(KSV_SAMPLES_DIR "/backlog-node-added.yaml"));
        PlaybackController* playback = window.playback();
        ViewState* view = window.viewState();
        playback->setSpeed(0);
        playback->play();
        QTRY_VERIFY_WITH_TIMEOUT(playback->isFinished(), 30000);
        window.selectMostRetriedPod();
        const qint32 pod = view->selectedPod();
        QVERIFY(pod >= 0);
        const trace::TraceIndex& index = playback->run()->index();
        const auto& cycles = index.podCycles(pod);
        QVERIFY(cycles.size() >= 2);
        QVERIFY(index.cycles()[size_t(cycles.front())].code != quint8(framework::Code::Success));
        QCOMPARE(index.cycles()[size_t(cycles.back())].code, quint8(framework::Code::Success));
        QCOMPARE(view->selectedCycle(), cycles.back());
        QCOMPARE(int(playback->run()->state().pods[size_t(pod)].location), int(PodLocation::Bound));

        // The Playback menu's Back and Forward go over the selections made.
        QTest::keyClick(&window, Qt::Key_Left, Qt::AltModifier | Qt::ShiftModifier);
        QCOMPARE(view->selectedPod(), -1);
        QTest::keyClick(&window, Qt::Key_Right, Qt::AltModifier | Qt::ShiftModifier);
        QCOMPARE(view->selectedPod(), pod);
        QCOMPARE(view->selectedCycle(), cycles.back());
    }

    // Issue 20, window size: the default layout fits 1280x720 (also 1920x1080 at 150 %) with no dock
    // drawn over another: each dock gets at least its minimum size, and none overlaps another.
    void defaultLayoutFits720p()
    {
        QSettings().remove(QStringLiteral("window/geometry"));
        QSettings().remove(QStringLiteral("window/state"));
        MainWindow window;
        load(window, QStringLiteral(KSV_SAMPLES_DIR "/default.yaml"));
        // What a 1280x720 screen leaves after a title bar and a panel.
        const QSize available(1280, 720 - 32 - 28);
        const QSize minimum = window.minimumSizeHint().expandedTo(window.minimumSize());
        QVERIFY2(minimum.width() <= available.width() && minimum.height() <= available.height(),
                 qPrintable(QStringLiteral("minimum %1x%2").arg(minimum.width()).arg(minimum.height())));
        window.resize(available);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTRY_COMPARE(window.size(), available);
        QCoreApplication::processEvents();
        QList<QDockWidget*> shown;
        for (QDockWidget* dock : window.findChildren<QDockWidget*>()) {
            if (!dock->isVisible())
                continue;
            // A view that scrolls in its dock keeps its minimum size inside the scroll area.
            QWidget* content = dock->widget();
            if (auto* area = qobject_cast<QScrollArea*>(content))
                content = area->widget();
            const QSize need = content->minimumSizeHint().expandedTo(content->minimumSize());
            QVERIFY2(content->width() >= need.width() && content->height() >= need.height(),
                     qPrintable(QStringLiteral("%1: %2x%3 for a minimum of %4x%5")
                                    .arg(dock->objectName())
                                    .arg(content->width())
                                    .arg(content->height())
                                    .arg(need.width())
                                    .arg(need.height())));
            shown.append(dock);
        }
        QVERIFY(shown.size() >= 3);
        for (QDockWidget* a : shown) {
            for (QDockWidget* b : shown) {
                // Tabs of one group share a place; only one of them is drawn at a time. The others are
                // parked outside the window, where tabs of two groups may overlap unseen.
                const bool parked = !a->geometry().intersects(window.rect()) || !b->geometry().intersects(window.rect());
                if (a != b && !parked && !window.tabifiedDockWidgets(a).contains(b))
                    QVERIFY2(!a->geometry().intersects(b->geometry()), qPrintable(a->objectName() + QLatin1Char('/') + b->objectName()));
            }
        }
        // The centre keeps its own minimum too.
        QWidget* centre = window.centralWidget();
        QVERIFY(centre->height() >= centre->minimumSizeHint().height());
        QSettings().remove(QStringLiteral("window/geometry"));
        QSettings().remove(QStringLiteral("window/state"));
    }

    // Finding 10: stepping does not depend on focus. With the queue lanes focused (they take the
    // plain arrows to move their selection) or the event log's table, period and comma step by event.
    void periodAndCommaStepWhateverHasFocus()
    {
        MainWindow window;
        PlaybackController* playback = nullptr;
        ViewState* view = nullptr;
        qint32 pod = -1;
        QVERIFY(openAtEnd(window, playback, view, pod));
        auto* lanes = window.findChild<QueueLanesCanvas*>();
        QVERIFY(lanes);
        lanes->setFocus();
        QTRY_VERIFY(lanes->hasFocus());
        playback->seekPosition(playback->run()->indexed() / 2);
        const qsizetype here = view->cursor();
        QTest::keyClick(lanes, Qt::Key_Period);
        QTRY_COMPARE(view->cursor(), here + 1);
        QTest::keyClick(lanes, Qt::Key_Comma);
        QTRY_COMPARE(view->cursor(), here);

        auto* log = window.findChild<QDockWidget*>(QStringLiteral("eventLogDock"));
        log->raise();
        auto* table = log->findChild<RowTable*>();
        QVERIFY(table);
        QTRY_VERIFY(table->isVisible());
        table->setFocus();
        QTRY_VERIFY(table->hasFocus());
        const qsizetype before = view->cursor();
        QTest::keyClick(table, Qt::Key_Period);
        QTRY_COMPARE(view->cursor(), before + 1);
    }

    // Finding 10: Alt+Right and Alt+Left go to the selected pod's next and previous event of its own
    // (TraceIndex::podEvents), whatever has focus.
    void podEventKeys()
    {
        MainWindow window;
        PlaybackController* playback = nullptr;
        ViewState* view = nullptr;
        qint32 pod = -1;
        QVERIFY(openAtEnd(window, playback, view, pod));
        const std::vector<qint32>& events = playback->run()->index().podEvents(pod);
        QVERIFY(events.size() >= 4);
        auto* lanes = window.findChild<QueueLanesCanvas*>();
        QVERIFY(lanes);
        lanes->setFocus();
        QTRY_VERIFY(lanes->hasFocus());
        playback->seekPosition(events[2]); // just before the pod's third event
        QTest::keyClick(lanes, Qt::Key_Right, Qt::AltModifier);
        QTRY_COMPARE(view->cursor(), qsizetype(events[2]) + 1);
        QTest::keyClick(lanes, Qt::Key_Right, Qt::AltModifier);
        QTRY_COMPARE(view->cursor(), qsizetype(events[3]) + 1);
        QTest::keyClick(lanes, Qt::Key_Left, Qt::AltModifier);
        QTRY_COMPARE(view->cursor(), qsizetype(events[2]) + 1);
        QTest::keyClick(lanes, Qt::Key_Left, Qt::AltModifier);
        QTRY_COMPARE(view->cursor(), qsizetype(events[1]) + 1);
        QCOMPARE(view->selectedPod(), pod);
        QVERIFY(!playback->isPlaying());
        // The timeline focused: Alt+arrows are the pod's there too (its zoom history is on Backspace).
        auto* timeline = window.findChild<TimelineView*>();
        timeline->plot()->setFocus();
        QTRY_VERIFY(timeline->plot()->hasFocus());
        QTest::keyClick(timeline->plot(), Qt::Key_Right, Qt::AltModifier);
        QTRY_COMPARE(view->cursor(), qsizetype(events[2]) + 1);
    }

    // Finding 9: Alt+Page Down and Alt+Page Up go to the selected pod's next and previous scheduling
    // cycle: the cursor right after its end, the cycle selected, and the timeline showing it.
    void podCycleKeys()
    {
        MainWindow window;
        PlaybackController* playback = nullptr;
        ViewState* view = nullptr;
        qint32 pod = -1;
        QVERIFY(openAtEnd(window, playback, view, pod));
        const trace::TraceIndex& index = playback->run()->index();
        const std::vector<qint32>& cycles = index.podCycles(pod);
        QVERIFY(cycles.size() >= 2);
        // The first attempt chosen (in the inspector, say), the cursor still at the end: the next
        // cycle is the one after the selected one.
        selectCycle(*view, playback->run(), cycles[0]);

        QTest::keyClick(&window, Qt::Key_PageDown, Qt::AltModifier);
        QTRY_COMPARE(view->selectedCycle(), cycles[1]);
        QCOMPARE(view->cursor(), qsizetype(index.cycles()[size_t(cycles[1])].endEvent) + 1);
        QTest::keyClick(&window, Qt::Key_PageUp, Qt::AltModifier);
        QTRY_COMPARE(view->selectedCycle(), cycles[0]);
        QCOMPARE(view->cursor(), qsizetype(index.cycles()[size_t(cycles[0])].endEvent) + 1);
        // No cycle before the first: nothing moves.
        QTest::keyClick(&window, Qt::Key_PageUp, Qt::AltModifier);
        QCOMPARE(view->selectedCycle(), cycles[0]);
        QCOMPARE(view->cursor(), qsizetype(index.cycles()[size_t(cycles[0])].endEvent) + 1);
        // Back in the view history returns to the cycle before the jump.
        QTest::keyClick(&window, Qt::Key_Left, Qt::AltModifier | Qt::ShiftModifier);
        QCOMPARE(view->selectedCycle(), cycles[1]);
        QTest::keyClick(&window, Qt::Key_Right, Qt::AltModifier | Qt::ShiftModifier);
        QCOMPARE(view->selectedCycle(), cycles[0]);
        QCOMPARE(view->selectedPod(), pod);
        auto* timeline = window.findChild<TimelineView*>();
        QVERIFY(timeline);
        timeline->plot()->refresh();
        const auto& cycle = index.cycles()[size_t(cycles[0])];
        QVERIFY(timeline->zoom()->range().intersects(cycle.start, cycle.end));
        QVERIFY(timeline->zoom()->range().contains(view->cursorTime()));
    }

    void layoutIsSavedAndRestored()
    {
        QByteArray saved;
        {
            MainWindow window;
            window.show();
            auto* charts = window.findChild<QDockWidget*>(QStringLiteral("chartsDock"));
            charts->hide();
            window.close(); // saves
            saved = QSettings().value(QStringLiteral("window/state")).toByteArray();
        }
        QVERIFY(!saved.isEmpty());
        MainWindow window;
        window.show();
        QVERIFY(window.findChild<QDockWidget*>(QStringLiteral("chartsDock"))->isHidden());
        QVERIFY(!window.findChild<QDockWidget*>(QStringLiteral("timelineDock"))->isHidden());
        QSettings().remove(QStringLiteral("window/state"));
    }

    // Finding 16: Help has a shortcut sheet (also on "?") built from the window's own actions, and a
    // guide to the views.
    void helpSheets()
    {
        MainWindow window;
        window.show();
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window)); // a window shortcut needs the active window
        QTest::keyClick(&window, Qt::Key_Question, Qt::ShiftModifier);
        QDialog* sheet = nullptr;
        QTRY_VERIFY((sheet = window.findChild<QDialog*>(QStringLiteral("shortcutSheet"))) != nullptr);
        const QString text = sheet->findChild<QTextBrowser*>()->toPlainText();
        int listed = 0;
        for (const QAction* action : window.findChildren<QAction*>()) {
            if (action->shortcut().isEmpty() || action->text().isEmpty())
                continue;
            QString name = action->text();
            name.remove(QLatin1Char('&'));
            QVERIFY2(text.contains(name.remove(QStringLiteral("…"))), qPrintable(name));
            QVERIFY2(text.contains(action->shortcut().toString(QKeySequence::NativeText)), qPrintable(name));
            ++listed;
        }
        QVERIFY(listed >= 19); // the playback toolbar's, the timeline's zoom, File's, Back and Forward, the pod steps
        // Registered as the others are, the pod steps and the second keys of the event steps are listed.
        for (const char* entry : {"Next Event of This Pod", "Previous Cycle of This Pod", "Alt+PgDown", "Alt+Right", ". or Right", ", or Left"})
            QVERIFY2(text.contains(QLatin1String(entry)), entry);
        QVERIFY(text.contains(QStringLiteral("Queue lanes: move the selected pod along its lane")));
        if (const QString directory = qEnvironmentVariable("KSV_SCREENSHOT_DIR"); !directory.isEmpty())
            QVERIFY(sheet->grab().save(directory + QStringLiteral("/help-shortcuts.png")));
        sheet->close();

        QAction* guide = nullptr;
        for (QAction* action : window.findChildren<QAction*>()) {
            if (action->text() == QStringLiteral("&Guide to the Views"))
                guide = action;
        }
        QVERIFY(guide);
        guide->trigger();
        QDialog* page = window.findChild<QDialog*>(QStringLiteral("viewGuide"));
        QVERIFY(page);
        const QString guideText = page->findChild<QTextBrowser*>()->toPlainText();
        for (const char* view : {"Queue lanes", "Nodes heatmap", "Pod inspector", "Timeline"})
            QVERIFY2(guideText.contains(QLatin1String(view)), view);
    }

    void brokenFileKeepsTheRun()
    {
        qputenv("KSV_NO_DIALOGS", "1");
        MainWindow window;
        load(window, QStringLiteral(KSV_SAMPLES_DIR "/default.yaml"));
        QVERIFY(window.currentScenario() != nullptr);
        QVERIFY(window.currentScenario()->catalogue->nodeIndex(QStringLiteral("big-0")) >= 0); // numbered in the load job
        const auto trace = window.playback()->run()->index().sharedTrace();
        QSignalSpy failed(&window, &MainWindow::scenarioFailed);
        window.openScenario(QStringLiteral(KSV_TEST_DATA_DIR "/broken/bad-quantity.yaml"));
        QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 1, 10000);
        QVERIFY(failed.constFirst().constFirst().toString().contains(QStringLiteral("bad-quantity.yaml:")));
        QCOMPARE(window.playback()->run()->index().sharedTrace(), trace); // the run on screen stays
        QCOMPARE(window.currentScenario()->scenario->name, QStringLiteral("default"));
        // Finding 15: the status bar says which file failed and that the previous run is still shown,
        // with the error at hand.
        const QString status = statusText(window);
        QVERIFY2(status.contains(QStringLiteral("Could not load bad-quantity.yaml — still showing default.yaml")), qPrintable(status));
        bool tooltip = false;
        for (QLabel* label : window.statusBar()->findChildren<QLabel*>())
            tooltip = tooltip || label->toolTip().contains(QStringLiteral("bad-quantity.yaml:"));
        QVERIFY(tooltip);
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
