// Two runs side by side (ui/compare): the run here against another scheduler configuration, another
// seed, or the scenario before the edits, on one cursor; the split view's heatmaps and lanes, the
// heatmap's difference, the selection copied by name both ways, the inspector's pane of one pod's
// attempt in both runs with the plugins whose scores differ, the Differences dock on the pair, and
// "How many more fit" from the window against the engine's own answer.
#include "capacitypanel.h"
#include "comparecontrols.h"
#include "comparedattemptmodel.h"
#include "comparedattemptpane.h"
#include "compare.h"
#include "differencesdock.h"
#include "differencesmodel.h"
#include "editsession.h"
#include "scenarioedits.h"
#include "heatmapview.h"
#include "mainwindow.h"
#include "playbackcontroller.h"
#include "podinspector.h"
#include "queuelanesview.h"
#include "run.h"
#include "scenario/effectiveconfig.h"
#include "scenario/loader.h"
#include "screenshots.h"
#include "windowhelpers.h"
#include "sidebyside.h"
#include "splitview.h"
#include "viewstate.h"
#include "whatifcontrols.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QDockWidget>
#include <QFile>
#include <QSignalSpy>
#include <QStackedWidget>
#include <QTableView>
#include <QTest>

using namespace ksv;
using testing::openIn;

namespace {

qint32 nodeIn(const Run* run, const char* name)
{
    return run->index().catalogue().nodeIndex(QString::fromLatin1(name));
}

qint32 podIn(const Run* run, const char* key)
{
    return run->index().catalogue().podIndex(QString::fromLatin1(key));
}

} // namespace

class TestSideBySide : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { qputenv("KSV_NO_DIALOGS", "1"); } // a refusal is said in the status bar, not in a modal box

    void anotherConfiguration()
    {
        MainWindow window;
        QVERIFY(openIn(window, m_path));
        PlaybackController* playback = window.playback();
        ViewState* view = window.viewState();
        CompareControls* compare = window.compare();
        SideBySide* sides = compare->sideBySide();
        playback->seek(15 * nanosPerSecond);
        QTRY_VERIFY_WITH_TIMEOUT(playback->isFinished(), 10000); // both pods bound, a little after 10s

        QSignalSpy active(compare, &CompareControls::activeChanged);
        compare->compareWithConfiguration(m_mostAllocated);
        QTRY_COMPARE_WITH_TIMEOUT(active.size(), 1, 10000);
        QVERIFY(compare->isActive());
        auto* central = qobject_cast<QStackedWidget*>(window.centralWidget());
        QVERIFY(central);
        QCOMPARE(central->currentWidget(), compare->splitView());
        Run* here = playback->run();
        Run* there = sides->otherRun();
        QVERIFY(there);
        QTRY_VERIFY_WITH_TIMEOUT(there->isComplete(), 10000);
        QCOMPARE(there->configuration().profiles.front().pluginConfig.isEmpty(), false);

        // One cursor: the other run at the window's virtual time.
        QTRY_COMPARE_WITH_TIMEOUT(sides->otherView()->cursorTime(), view->cursorTime(), 5000);
        QCOMPARE(sides->otherView()->cursor(), there->index().positionAfter(view->cursorTime()));

        // LeastAllocated put both pods on node-a; MostAllocated puts them on node-b.
        const qint32 early = podIn(here, "default/early");
        QVERIFY(early >= 0);
        QCOMPARE(here->state().pods[size_t(early)].node, nodeIn(here, "node-a"));
        QCOMPARE(there->state().pods[size_t(podIn(there, "default/early"))].node, nodeIn(there, "node-b"));

        // The selection by name, this way and back.
        selectPod(*view, here, early);
        QCOMPARE(sides->otherView()->selectedPod(), podIn(there, "default/early"));
        QVERIFY(sides->otherView()->selectedCycle() >= 0);
        QCOMPARE(there->index().cycles()[size_t(sides->otherView()->selectedCycle())].attempt, 1);
        selectNode(*sides->otherView(), there, nodeIn(there, "node-b"));
        QCOMPARE(view->selectedNode(), nodeIn(here, "node-b"));
        const qint32 late = podIn(there, "default/late");
        selectPod(*sides->otherView(), there, late);
        QCOMPARE(view->selectedPod(), podIn(here, "default/late"));
        selectPod(*view, here, early);

        // The split view: both sides' lanes and heatmaps on their own runs.
        SplitView* split = compare->splitView();
        QVERIFY(split->isVisible());
        split->heatmapHere()->refresh();
        split->heatmapThere()->refresh();
        split->lanesThere()->refresh();
        // The difference: node-b fuller there, node-a emptier (by one pod's 100m on each side).
        QVERIFY(split->heatmapThere()->showDifferenceAction()->isVisible());
        QVERIFY(!split->heatmapHere()->showDifferenceAction()->isVisible());
        split->heatmapThere()->showDifferenceAction()->setChecked(true);
        split->heatmapThere()->refresh();
        QVERIFY(split->heatmapThere()->showsDifference());
        const double nodeB = split->heatmapThere()->differenceValue(nodeIn(there, "node-b"));
        const double nodeA = split->heatmapThere()->differenceValue(nodeIn(there, "node-a"));
        QVERIFY2(nodeB > 0.09 && nodeB < 0.11, qPrintable(QString::number(nodeB))); // 200m of 2 cores
        QVERIFY2(nodeA < -0.02 && nodeA > -0.03, qPrintable(QString::number(nodeA))); // 200m of 8 cores
        // One colouring for both sides.
        split->heatmapHere()->setMode({HeatmapMode::Measure, trace::MeasureMemory, {}});
        Q_EMIT split->heatmapHere()->modeChosen(split->heatmapHere()->mode());
        QCOMPARE(split->heatmapThere()->mode().measure, int(trace::MeasureMemory));
        split->heatmapHere()->setMode({});
        Q_EMIT split->heatmapHere()->modeChosen(split->heatmapHere()->mode());

        // The inspector's pane: early's first attempt in both runs, the score that moved it marked.
        ComparedAttemptPane* pane = compare->attemptPane();
        auto* inspector = window.findChild<PodInspector*>();
        QVERIFY(inspector->isPaneShown());
        QVERIFY(pane->isVisibleTo(&window));
        QAbstractItemModelTester tester(pane->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        pane->refresh();
        ComparedAttemptModel* model = pane->model();
        QVERIFY2(model->outcomeHere().contains(QStringLiteral("chose node-a")), qPrintable(model->outcomeHere()));
        QVERIFY2(model->outcomeThere().contains(QStringLiteral("chose node-b")), qPrintable(model->outcomeThere()));
        QCOMPARE(model->differingCount(), 2);
        QCOMPARE(model->rowCount(), 2);
        for (int row = 0; row < model->rowCount(); ++row) {
            QVERIFY(model->index(row, 0).data(ComparedAttemptModel::DiffersRole).toBool());
            const QString plugins = model->index(row, ComparedAttemptModel::DifferencesColumn).data().toString();
            QVERIFY2(plugins.contains(QStringLiteral("NodeResourcesFit")), qPrintable(plugins));
        }
        QVERIFY(pane->headingText().contains(QStringLiteral("default/early")));
        model->setDifferingOnly(false);
        QCOMPARE(model->rowCount(), 2); // both nodes differ anyway

        testing::saveShot(&window, QStringLiteral("sidebyside-1280x720"));
        window.resize(1920, 1080);
        QTest::qWait(50);
        testing::saveShot(&window, QStringLiteral("sidebyside-1920x1080"));
        window.resize(1280, 720);

        // The Differences dock compares the pair, as `compare --config A --config B` would.
        auto* differencesDock = window.findChild<QDockWidget*>(QStringLiteral("differencesDock"));
        differencesDock->show();
        differencesDock->raise();
        QTRY_VERIFY_WITH_TIMEOUT(window.whatIf()->differences()->model()->rowCount() == 2, 20000);
        const std::shared_ptr<const LoadedScenario> loaded {window.currentScenario(), [](const LoadedScenario*) {}};
        const RunSummary a = summarizeRun(*loaded->scenario, loaded->configuration, {});
        const RunSummary b = summarizeRun(*loaded->scenario, effectiveConfiguration(*loaded->scenario, m_mostAllocated), {});
        const QList<PodDifference> expected = podDifferences(a.pods, b.pods);
        QCOMPARE(window.whatIf()->differences()->model()->differences().size(), expected.size());
        for (qsizetype i = 0; i < expected.size(); ++i) {
            QCOMPARE(window.whatIf()->differences()->model()->differences()[i].pod, expected[i].pod);
            QCOMPARE(window.whatIf()->differences()->model()->differences()[i].nodeB, expected[i].nodeB);
        }

        // Stop: the lanes come back, the pane goes.
        compare->stop();
        QCOMPARE(central->currentWidget(), static_cast<QWidget*>(window.findChild<QueueLanesView*>()));
        QVERIFY(!sides->isActive());
        QVERIFY(!inspector->isPaneShown());
        QVERIFY(!pane->isVisibleTo(&window));
    }

    // Right after a load the window's cursor follows its run (paused at 0); the other run, played to
    // its end at once, must still show the window's time, not its own end. And the pane follows a
    // selection made in the window.
    void oneCursorFromTheStart()
    {
        MainWindow window;
        QVERIFY(openIn(window, m_path));
        PlaybackController* playback = window.playback();
        ViewState* view = window.viewState();
        CompareControls* compare = window.compare();
        SideBySide* sides = compare->sideBySide();
        QVERIFY(view->isFollowing());
        compare->compareWithConfiguration(m_mostAllocated);
        QTRY_VERIFY_WITH_TIMEOUT(compare->isActive() && sides->otherRun()->isComplete(), 10000);
        Run* there = sides->otherRun();
        QCOMPARE(sides->otherView()->cursorTime(), view->cursorTime());
        QCOMPARE(sides->otherView()->cursor(), there->index().positionAfter(view->cursorTime()));
        QVERIFY(sides->otherView()->cursor() < there->indexed()); // not the other run's end
        QCOMPARE(there->state().pods[size_t(podIn(there, "default/late"))].node, -1);

        // At 5 s: early bound on each side, late not created yet on either.
        playback->seek(5 * nanosPerSecond);
        QTRY_COMPARE_WITH_TIMEOUT(view->cursorTime(), 5 * nanosPerSecond, 10000);
        QCOMPARE(sides->otherView()->cursorTime(), 5 * nanosPerSecond);
        QCOMPARE(sides->otherView()->cursor(), there->index().positionAfter(5 * nanosPerSecond));
        QCOMPARE(there->state().pods[size_t(podIn(there, "default/early"))].node, nodeIn(there, "node-b"));
        QCOMPARE(there->state().pods[size_t(podIn(there, "default/late"))].node, -1);

        // The pane follows the window's selection, one pod then the other.
        ComparedAttemptPane* pane = compare->attemptPane();
        playback->seek(15 * nanosPerSecond);
        QTRY_VERIFY_WITH_TIMEOUT(playback->isFinished(), 10000);
        selectPod(*view, playback->run(), podIn(playback->run(), "default/early"));
        pane->refresh();
        QVERIFY2(pane->headingText().contains(QStringLiteral("default/early")), qPrintable(pane->headingText()));
        selectPod(*view, playback->run(), podIn(playback->run(), "default/late"));
        QTRY_VERIFY_WITH_TIMEOUT(pane->headingText().contains(QStringLiteral("default/late")), 5000);
        QCOMPARE(pane->model()->differingCount(), 2);

        // Playing here plays the other side's views at the same pace.
        playback->seek(5 * nanosPerSecond);
        playback->play();
        QVERIFY(sides->otherView()->isPlaying());
        playback->pause();
        QVERIFY(!sides->otherView()->isPlaying());
    }

    // Before and after the edits: the edited run here, the loaded one beside it; undoing every
    // edit leaves nothing to compare.
    void theScenarioAsLoaded()
    {
        MainWindow window;
        QVERIFY(openIn(window, m_path));
        CompareControls* compare = window.compare();
        compare->compareWithBase(); // no edits yet: nothing is before the run here
        QVERIFY(!compare->isActive());
        QSignalSpy shown(&window, &MainWindow::editedRunShown);
        QFile config(m_mostAllocated);
        QVERIFY(config.open(QIODevice::ReadOnly));
        QVERIFY(window.whatIf()->session()->submitConfiguration(config.readAll()));
        QTRY_COMPARE_WITH_TIMEOUT(shown.size(), 1, 10000);
        window.playback()->seek(15 * nanosPerSecond);
        QTRY_VERIFY_WITH_TIMEOUT(window.playback()->isFinished(), 10000);
        compare->compareWithBase();
        QVERIFY(compare->isActive());
        Run* here = window.playback()->run();
        Run* there = compare->sideBySide()->otherRun();
        QTRY_VERIFY_WITH_TIMEOUT(there->isComplete(), 10000);
        QCOMPARE(there->scenario(), compare->sideBySide()->other().loaded->scenario);
        QCOMPARE(here->state().pods[size_t(podIn(here, "default/early"))].node, nodeIn(here, "node-b")); // MostAllocated
        QCOMPARE(there->state().pods[size_t(podIn(there, "default/early"))].node, nodeIn(there, "node-a")); // as loaded
        QVERIFY(compare->sideBySide()->other().label.contains(QStringLiteral("as loaded")));

        window.whatIf()->undoAction()->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(shown.size(), 2, 10000);
        QVERIFY(!compare->isActive());
    }

    // A taint on node-a here: TaintToleration rejects it in this run only, and the pane says so.
    void aRejectionOnOneSide()
    {
        MainWindow window;
        QVERIFY(openIn(window, m_path));
        QSignalSpy shown(&window, &MainWindow::editedRunShown);
        const ObjectRef nodeA {QStringLiteral("Node"), {}, QStringLiteral("node-a")};
        QByteArray manifest = objectYaml(*findObject(*window.currentScenario()->scenario, nodeA));
        manifest.append("spec:\n  taints:\n  - {key: maintenance, effect: NoSchedule}\n");
        QVERIFY(window.whatIf()->session()->submit({ScenarioEdit::Kind::Replace, nodeA, manifest, {}}));
        QTRY_COMPARE_WITH_TIMEOUT(shown.size(), 1, 10000);
        window.playback()->seek(15 * nanosPerSecond);
        QTRY_VERIFY_WITH_TIMEOUT(window.playback()->isFinished(), 10000);
        CompareControls* compare = window.compare();
        compare->compareWithBase();
        QTRY_VERIFY_WITH_TIMEOUT(compare->sideBySide()->otherRun()->isComplete(), 10000);
        Run* here = window.playback()->run();
        selectPod(*window.viewState(), here, podIn(here, "default/early"));
        ComparedAttemptPane* pane = compare->attemptPane();
        pane->refresh();
        ComparedAttemptModel* model = pane->model();
        QVERIFY2(model->outcomeHere().contains(QStringLiteral("chose node-b")), qPrintable(model->outcomeHere()));
        QVERIFY2(model->outcomeThere().contains(QStringLiteral("chose node-a")), qPrintable(model->outcomeThere()));
        bool found = false;
        for (int row = 0; row < model->rowCount(); ++row) {
            if (model->index(row, ComparedAttemptModel::NodeColumn).data().toString().endsWith(QStringLiteral("node-a"))) {
                found = true;
                QCOMPARE(model->index(row, ComparedAttemptModel::VerdictHereColumn).data().toString(), QStringLiteral("rejected: TaintToleration"));
                QCOMPARE(model->index(row, ComparedAttemptModel::VerdictThereColumn).data().toString(), QStringLiteral("chosen"));
                QCOMPARE(model->index(row, ComparedAttemptModel::DifferencesColumn).data().toString(), QStringLiteral("TaintToleration rejects here only"));
                QCOMPARE(model->index(row, ComparedAttemptModel::ScoreHereColumn).data().toString(), QString()); // not scored
                QVERIFY(model->index(row, ComparedAttemptModel::ScoreThereColumn).data(ComparedAttemptModel::SortRole).toDouble() > 0);
            }
        }
        QVERIFY(found);
    }

    void anotherSeedAndBrokenConfiguration()
    {
        MainWindow window;
        QVERIFY(openIn(window, m_path));
        CompareControls* compare = window.compare();
        compare->compareWithSeed(7);
        QVERIFY(compare->isActive());
        QCOMPARE(compare->sideBySide()->otherRun()->options().seed, std::optional<quint64>(7));
        QVERIFY(compare->sideBySide()->other().label.contains(QStringLiteral("seed 7")));
        // The seed compared applies to every new run here (a reload).
        QSignalSpy loaded(&window, &MainWindow::scenarioLoaded);
        window.openScenario(m_path);
        QTRY_COMPARE_WITH_TIMEOUT(loaded.size(), 1, 10000);
        QVERIFY(compare->isActive());
        QCOMPARE(compare->sideBySide()->otherRun()->options().seed, std::optional<quint64>(7));
        QCOMPARE(compare->sideBySide()->otherRun()->scenario(), window.currentScenario()->scenario);

        // A configuration that does not decode: said with its file and line, the comparison unchanged.
        QSignalSpy failed(compare, &CompareControls::failed);
        compare->compareWithConfiguration(QStringLiteral(KSV_TEST_DATA_DIR "/broken/bad-config-weight.yaml"));
        QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 1, 10000);
        QVERIFY2(failed.front().front().toString().contains(QStringLiteral("bad-config-weight.yaml:10")), qPrintable(failed.front().front().toString()));
        QVERIFY(compare->sideBySide()->other().label.contains(QStringLiteral("seed 7")));
    }

    void howManyMoreFit()
    {
        MainWindow window;
        QVERIFY(openIn(window, m_path));
        PlaybackController* playback = window.playback();
        ViewState* view = window.viewState();
        playback->seek(15 * nanosPerSecond);
        QTRY_VERIFY_WITH_TIMEOUT(playback->isFinished(), 10000); // both pods bound, a little after 10s
        CapacityPanel* panel = window.capacity();
        QVERIFY(!panel->estimateSelected()); // nothing selected
        QVERIFY(panel->errorText().contains(QStringLiteral("Select a pod")));
        selectPod(*view, playback->run(), podIn(playback->run(), "default/early"));
        QVERIFY(panel->estimateSelected());
        QTRY_VERIFY_WITH_TIMEOUT(!panel->isRunning(), 30000);
        QVERIFY2(panel->report().has_value(), qPrintable(panel->errorText()));

        // The engine's own answer, as `kschedviz capacity` computes it.
        const LoadedScenario& loaded = *window.currentScenario();
        const ClusterAtTime cluster = clusterAt(*loaded.scenario, loaded.configuration, view->cursorTime());
        Pod pod = std::get<Pod>(*findObject(*loaded.scenario, {QStringLiteral("Pod"), QStringLiteral("default"), QStringLiteral("early")}));
        const CapacityReport expected = estimateCapacity(*loaded.scenario, loaded.configuration, cluster, pod, CapacityPanel::maxCopies);
        QCOMPARE(panel->report()->fit, expected.fit);
        QCOMPARE(panel->report()->nodes, expected.nodes);
        QCOMPARE(panel->report()->zones, expected.zones);
        QVERIFY(expected.fit > 90); // 9.8 free cores of 100m copies
        QVERIFY(panel->report()->stoppedBy.has_value());
        QVERIFY2(panel->text().contains(expected.stoppedBy->message), qPrintable(panel->text()));

        // The heatmap colours the nodes by the copies each took.
        auto* heatmap = window.findChild<HeatmapView*>(QString(), Qt::FindDirectChildrenOnly);
        heatmap = heatmap ? heatmap : window.findChildren<HeatmapView*>().front();
        QTRY_VERIFY(heatmap->mode().kind == HeatmapMode::Capacity);
        heatmap->refresh();
        for (const auto& [node, copies] : expected.nodes)
            QCOMPARE(heatmap->cellValue(nodeIn(playback->run(), node.toLatin1().constData())), double(copies));
        testing::saveShot(&window, QStringLiteral("capacity-1280x720"));
        window.resize(1920, 1080);
        QTest::qWait(50);
        testing::saveShot(&window, QStringLiteral("capacity-1920x1080"));

        // A new run forgets the answer, and the heatmap its colouring.
        playback->reset();
        QVERIFY(!panel->report().has_value());
        QVERIFY2(!panel->text().contains(QString::number(expected.fit)), qPrintable(panel->text()));
        QVERIFY(heatmap->mode().kind != HeatmapMode::Capacity);
    }

    // The copies are placed without the configuration's extenders, as `kschedviz capacity` places
    // them, and the panel says so.
    void howManyMoreFitSaysExtendersAreNotCalled()
    {
        MainWindow window;
        QVERIFY(openIn(window, QStringLiteral(KSV_SAMPLES_DIR "/lessons/09-extenders.yaml")));
        QVERIFY(!window.currentScenario()->configuration.extenders.isEmpty());
        PlaybackController* playback = window.playback();
        const qint32 web = playback->run()->index().catalogue().podIndex(QStringLiteral("default/web-0"));
        QVERIFY(web >= 0);
        selectPod(*window.viewState(), playback->run(), web);
        CapacityPanel* panel = window.capacity();
        QVERIFY(panel->estimateSelected());
        QTRY_VERIFY_WITH_TIMEOUT(!panel->isRunning(), 30000);
        QVERIFY2(panel->report().has_value(), qPrintable(panel->errorText()));
        QVERIFY2(panel->text().contains(QStringLiteral("Not called here")), qPrintable(panel->text()));
    }

private:
    const QString m_path = QStringLiteral(KSV_TEST_DATA_DIR "/whatif-edits.yaml");
    const QString m_mostAllocated = QStringLiteral(KSV_SAMPLES_DIR "/configs/most-allocated.yaml");
};

QTEST_MAIN(TestSideBySide)
#include "tst_sidebyside.moc"
