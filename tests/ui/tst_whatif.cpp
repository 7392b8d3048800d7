// What-if editing in the window (ui/whatif): a node's taint and the scoring strategy changed in the
// What-if Editor rerun the scenario at the same cursor time with the same selection; what the loader
// refuses is shown at its line in the text and changes nothing; undo and redo; delete at a time; a
// saved scenario loads back as edited.
#include "configtogglespanel.h"
#include "comparejob.h"
#include "differencesdock.h"
#include "differencesmodel.h"
#include "editdock.h"
#include "editsession.h"
#include "mainwindow.h"
#include "playbackcontroller.h"
#include "run.h"
#include "compare.h"
#include "scenario/loader.h"
#include "screenshots.h"
#include "windowhelpers.h"
#include "viewstate.h"
#include "whatifcontrols.h"
#include "yamleditor.h"

#include <QAction>
#include <QComboBox>
#include <QSpinBox>
#include <QTableView>
#include <QToolButton>
#include <QTableWidget>
#include <QDockWidget>
#include <QLabel>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>

using namespace ksv;
using testing::openIn;
using testing::statusText;

namespace {

const Node* nodeNamed(const Scenario& scenario, const QString& name)
{
    for (const Node& node : scenario.initial.nodes) {
        if (node.meta.name == name)
            return &node;
    }
    return nullptr;
}

} // namespace

class TestWhatIf : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void editRerunSaveUndo()
    {
        MainWindow window;
        QVERIFY(openIn(window, m_path));
        PlaybackController* playback = window.playback();
        ViewState* view = window.viewState();
        WhatIfControls* whatIf = window.whatIf();
        EditDock* dock = whatIf->dock();

        // The cursor at 5s (between the two pods), node-a selected.
        playback->seek(5 * nanosPerSecond);
        QTRY_VERIFY_WITH_TIMEOUT(view->cursorTime() >= 5 * nanosPerSecond, 10000);
        const VirtualNanos cursor = view->cursorTime();
        selectNode(*view, playback->run(), playback->run()->index().catalogue().nodeIndex(QStringLiteral("node-a")));
        QVERIFY(whatIf->objectActions().front()->isEnabled());
        QCOMPARE(whatIf->objectActions().front()->text(), QStringLiteral("&Edit Node node-a"));

        // Edit: the node's manifest in the dock, raised.
        whatIf->editSelected();
        QVERIFY(dock->isVisible());
        const QByteArray manifest = dock->objectEditor()->text();
        QVERIFY2(manifest.contains("name: node-a\n"), manifest.constData());

        // A taint value the API server refuses: shown on its line, nothing reruns.
        const Run* before = playback->run();
        QByteArray broken = manifest + "spec:\n  taints:\n  - key: maintenance\n    effect: Sometimes\n";
        dock->objectEditor()->setText(broken);
        dock->applyObject();
        QTRY_VERIFY_WITH_TIMEOUT(dock->objectEditor()->hasError(), 10000);
        QCOMPARE(dock->objectEditor()->errorLine(), int(broken.count('\n'))); // the effect's line, the last
        QVERIFY2(dock->objectEditor()->errorText().contains(QStringLiteral("spec.taints[0].effect")), qPrintable(dock->objectEditor()->errorText()));
        QCOMPARE(playback->run(), before);
        QCOMPARE(whatIf->editCount(), 0);
        testing::saveShot(&window, QStringLiteral("whatif-inline-error-1280x720"));
        window.resize(1920, 1080);
        testing::saveShot(&window, QStringLiteral("whatif-inline-error-1920x1080"));
        window.resize(1280, 720);

        // The taint, mended: a rerun at the same time with node-a still selected.
        QSignalSpy shown(&window, &MainWindow::editedRunShown);
        // While the rerun makes its way back to the cursor's time, the status bar says so: read in the
        // first turn of the event loop after the new run, before the engine has reported.
        QString whileRerunning;
        connect(playback, &PlaybackController::runChanged, this, [&] { whileRerunning = statusText(window); }, Qt::QueuedConnection);
        dock->objectEditor()->setText(manifest + "spec:\n  taints:\n  - key: maintenance\n    effect: NoSchedule\n");
        dock->applyObject();
        QTRY_COMPARE_WITH_TIMEOUT(shown.size(), 1, 10000);
        QVERIFY2(whileRerunning.contains(QStringLiteral("rerunning to 0:05")), qPrintable(whileRerunning));
        QVERIFY2(!statusText(window).contains(QStringLiteral("rerunning")), qPrintable(statusText(window)));
        disconnect(playback, &PlaybackController::runChanged, this, nullptr);
        QVERIFY(playback->run() != before);
        QVERIFY(!dock->objectEditor()->hasError());
        QCOMPARE(view->cursorTime(), cursor);
        QCOMPARE(view->selectedNode(), playback->run()->index().catalogue().nodeIndex(QStringLiteral("node-a")));
        QCOMPARE(playback->run()->scenario(), window.currentScenario()->scenario);
        QCOMPARE(nodeNamed(*window.currentScenario()->scenario, QStringLiteral("node-a"))->taints.size(), 1);
        QCOMPARE(whatIf->editCount(), 1);
        QVERIFY2(statusText(window).contains(QStringLiteral("edited (1 change")), qPrintable(statusText(window)));

        // The scoring strategy, in the configuration's text; a value that does not read first.
        const QByteArray config = "apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\n"
                                  "percentageOfNodesToScore: lots\n";
        dock->configurationEditor()->setText(config);
        dock->applyConfiguration();
        QTRY_VERIFY_WITH_TIMEOUT(dock->configurationEditor()->hasError(), 10000);
        QCOMPARE(dock->configurationEditor()->errorLine(), 3);
        QCOMPARE(whatIf->editCount(), 1);
        const QByteArray mostAllocated = "apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\n"
                                         "percentageOfNodesToScore: 70\nprofiles:\n- schedulerName: default-scheduler\n  pluginConfig:\n"
                                         "  - name: NodeResourcesFit\n    args:\n      scoringStrategy:\n        type: MostAllocated\n";
        dock->configurationEditor()->setText(mostAllocated);
        dock->applyConfiguration();
        QTRY_COMPARE_WITH_TIMEOUT(shown.size(), 2, 10000);
        QCOMPARE(window.currentScenario()->configuration.percentageOfNodesToScore, 70);
        QCOMPARE(whatIf->editCount(), 2);
        QCOMPARE(view->cursorTime(), cursor);
        testing::saveShot(&window, QStringLiteral("whatif-edited"));

        // Saved: the file loads to the edited scenario and configuration.
        QString error;
        const QString saved = m_dir.filePath(QStringLiteral("saved.yaml"));
        QVERIFY2(whatIf->saveTo(saved, &error), qPrintable(error));
        const Scenario reloaded = loadScenarioFile(saved);
        QCOMPARE(nodeNamed(reloaded, QStringLiteral("node-a"))->taints.size(), 1);
        QVERIFY(reloaded.schedulerConfig);
        QCOMPARE(reloaded.schedulerConfig->configuration().percentageOfNodesToScore, 70);

        // Undo twice: the configuration, then the taint; the configuration's text follows.
        whatIf->undoAction()->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(shown.size(), 3, 10000);
        QCOMPARE(window.currentScenario()->configuration.percentageOfNodesToScore, 0);
        QVERIFY(!dock->configurationEditor()->text().contains("percentageOfNodesToScore: 70"));
        whatIf->undoAction()->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(shown.size(), 4, 10000);
        QVERIFY(nodeNamed(*window.currentScenario()->scenario, QStringLiteral("node-a"))->taints.isEmpty());
        QCOMPARE(whatIf->editCount(), 0);
        QVERIFY(!statusText(window).contains(QStringLiteral("edited")));
        QVERIFY(!whatIf->undoAction()->isEnabled());
        // Redo brings the taint back.
        whatIf->redoAction()->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(shown.size(), 5, 10000);
        QCOMPARE(nodeNamed(*window.currentScenario()->scenario, QStringLiteral("node-a"))->taints.size(), 1);
        QCOMPARE(view->selectedNode(), playback->run()->index().catalogue().nodeIndex(QStringLiteral("node-a")));
    }

    void cloneAndDeleteAtATime()
    {
        MainWindow window;
        QVERIFY(openIn(window, m_path));
        QSignalSpy loaded(&window, &MainWindow::scenarioLoaded);
        PlaybackController* playback = window.playback();
        ViewState* view = window.viewState();
        WhatIfControls* whatIf = window.whatIf();
        EditDock* dock = whatIf->dock();
        QSignalSpy shown(&window, &MainWindow::editedRunShown);

        // Clone the early pod: a new pod at t=0, selected pod unchanged.
        selectPod(*view, playback->run(), playback->run()->index().catalogue().podIndex(QStringLiteral("default/early")));
        whatIf->cloneSelected();
        QVERIFY(dock->objectEditor()->text().contains("name: early-copy\n"));
        dock->applyObject();
        QTRY_COMPARE_WITH_TIMEOUT(shown.size(), 1, 10000);
        QCOMPARE(window.currentScenario()->scenario->initial.pods.size(), 2);
        QCOMPARE(playback->run()->index().catalogue().podKey(view->selectedPod()), QStringLiteral("default/early"));
        // The clone is now the object being edited: a second Apply replaces it, not adds another.
        QCOMPARE(whatIf->editCount(), 1);
        dock->applyObject();
        QTRY_COMPARE_WITH_TIMEOUT(shown.size(), 2, 10000);
        QCOMPARE(window.currentScenario()->scenario->initial.pods.size(), 2);

        // Delete node-b at 5s: a timed event.
        selectNode(*view, playback->run(), playback->run()->index().catalogue().nodeIndex(QStringLiteral("node-b")));
        dock->setWhen(2, QStringLiteral("5s"));
        whatIf->deleteSelected();
        QTRY_COMPARE_WITH_TIMEOUT(shown.size(), 3, 10000);
        const Scenario& edited = *window.currentScenario()->scenario;
        QCOMPARE(edited.initial.nodes.size(), 2);
        QCOMPARE(edited.events.front().at, 5 * nanosPerSecond);
        QVERIFY(edited.events.front().action == EventAction::Delete);
        // A time that does not read is said in the dock, and nothing is submitted.
        dock->setWhen(2, QStringLiteral("soon"));
        whatIf->deleteSelected();
        QVERIFY(dock->objectEditor()->hasError());
        QTest::qWait(100);
        QCOMPARE(shown.size(), 3);

        // A new scenario starts a new session: nothing to undo.
        window.openScenario(m_path);
        QTRY_COMPARE_WITH_TIMEOUT(loaded.size(), 1, 10000);
        QCOMPARE(whatIf->editCount(), 0);
        QVERIFY(!whatIf->undoAction()->isEnabled());
        QCOMPARE(window.currentScenario()->scenario->initial.pods.size(), 1);
    }

    void togglesRewriteTheConfiguration()
    {
        MainWindow window;
        QVERIFY(openIn(window, m_path));
        EditDock* dock = window.whatIf()->dock();
        ConfigTogglesPanel* toggles = dock->toggles();
        QSignalSpy shown(&window, &MainWindow::editedRunShown);
        const auto profile = [&window] { return window.currentScenario()->configuration.profiles.front(); };
        const auto strategy = [&profile] {
            return std::get<config::NodeResourcesFitArgs>(*profile().argsFor(QStringLiteral("NodeResourcesFit"))).scoringStrategy.type;
        };

        toggles->strategyBox()->setCurrentIndex(1);
        QTRY_COMPARE_WITH_TIMEOUT(shown.size(), 1, 10000);
        QVERIFY(strategy() == config::ScoringStrategyType::MostAllocated);
        QVERIFY(dock->configurationEditor()->text().contains("type: MostAllocated"));

        // TaintToleration off: unchecked in the table.
        QTableWidget* table = toggles->pluginTable();
        const QList<QTableWidgetItem*> found = table->findItems(QStringLiteral("TaintToleration"), Qt::MatchExactly);
        QCOMPARE(found.size(), 1);
        QCOMPARE(found.front()->checkState(), Qt::Checked);
        found.front()->setCheckState(Qt::Unchecked);
        QTRY_COMPARE_WITH_TIMEOUT(shown.size(), 2, 10000);
        for (const config::PluginRef& ref : profile().plugins.multiPoint.enabled)
            QVERIFY(ref.name != QLatin1String("TaintToleration"));
        QVERIFY(strategy() == config::ScoringStrategyType::MostAllocated); // the first toggle stays

        // A score weight, and the share of nodes to score.
        const int row = table->findItems(QStringLiteral("NodeAffinity"), Qt::MatchExactly).front()->row();
        auto* weight = qobject_cast<QSpinBox*>(table->cellWidget(row, 1));
        QVERIFY(weight);
        QCOMPARE(weight->value(), 2);
        weight->setValue(5);
        Q_EMIT weight->editingFinished();
        QTRY_COMPARE_WITH_TIMEOUT(shown.size(), 3, 10000);
        bool weighed = false;
        for (const config::PluginRef& ref : profile().plugins.multiPoint.enabled)
            weighed = weighed || (ref.name == QLatin1String("NodeAffinity") && ref.weight == 5);
        QVERIFY(weighed);
        toggles->percentageBox()->setValue(40);
        Q_EMIT toggles->percentageBox()->editingFinished();
        QTRY_COMPARE_WITH_TIMEOUT(shown.size(), 4, 10000);
        QCOMPARE(window.currentScenario()->configuration.percentageOfNodesToScore, 40);
        window.resize(1280, 720);
        window.show();
        window.whatIf()->editConfiguration(); // the dock raised, on its configuration tab
        testing::saveShot(&window, QStringLiteral("whatif-toggles-1280x720"));
        // The plugin table, folded by default so that the text has room, unfolds.
        QVERIFY(!table->isVisible());
        toggles->findChild<QToolButton*>()->setChecked(true);
        QVERIFY(table->isVisible());
        window.resize(1920, 1080);
        testing::saveShot(&window, QStringLiteral("whatif-toggles-1920x1080"));

        // Each toggle is one step: undo takes back the last, and the toggles show what runs.
        window.whatIf()->undoAction()->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(shown.size(), 5, 10000);
        QCOMPARE(window.currentScenario()->configuration.percentageOfNodesToScore, 0);
        QCOMPARE(toggles->percentageBox()->value(), 0);
        QCOMPARE(window.whatIf()->editCount(), 3);
    }

    // Live mode turns editing off: the file's edits and their undo stack are dropped, so that nothing
    // can load the file's scenario over the cluster; a scenario loaded again can be edited.
    void liveModeDropsTheEdits()
    {
        MainWindow window;
        QVERIFY(openIn(window, m_path));
        QSignalSpy loaded(&window, &MainWindow::scenarioLoaded);
        WhatIfControls* whatIf = window.whatIf();
        QSignalSpy shown(&window, &MainWindow::editedRunShown);
        whatIf->addObjects();
        whatIf->dock()->applyObject();
        QTRY_COMPARE_WITH_TIMEOUT(shown.size(), 1, 10000);
        QVERIFY(whatIf->undoAction()->isEnabled() || QTest::qWaitFor([&] { return whatIf->undoAction()->isEnabled(); }, 1000));

        whatIf->setEnabled(false);
        QCoreApplication::processEvents();
        QCOMPARE(whatIf->editCount(), 0);
        QVERIFY(!whatIf->undoAction()->isEnabled());
        for (QAction* action : whatIf->objectActions())
            QVERIFY2(!action->isEnabled(), qPrintable(action->text()));
        whatIf->undoAction()->trigger(); // a key press that reaches it anyway changes nothing
        QTest::qWait(100);
        QCOMPARE(shown.size(), 1);

        whatIf->setEnabled(true);
        QVERIFY(!whatIf->objectActions().back()->isEnabled()); // Add: not until a scenario is loaded
        window.openScenario(m_path);
        QTRY_COMPARE_WITH_TIMEOUT(loaded.size(), 1, 10000);
        QVERIFY(whatIf->objectActions().back()->isEnabled());
    }

    // The Differences dock: what `kschedviz compare` would say of the scenario as loaded against the
    // edited one, computed once the dock is in sight; a row selects its pod.
    void differencesOfAnEdit()
    {
        MainWindow window;
        QVERIFY(openIn(window, m_path));
        const std::shared_ptr<const LoadedScenario> base = std::make_shared<LoadedScenario>(*window.currentScenario());
        PlaybackController* playback = window.playback();
        WhatIfControls* whatIf = window.whatIf();
        QSignalSpy shown(&window, &MainWindow::editedRunShown);
        selectNode(*window.viewState(), playback->run(), playback->run()->index().catalogue().nodeIndex(QStringLiteral("node-a")));
        whatIf->editSelected();
        whatIf->dock()->objectEditor()->setText(whatIf->dock()->objectEditor()->text() + "spec:\n  taints:\n  - {key: k, effect: NoSchedule}\n");
        whatIf->dock()->applyObject();
        QTRY_COMPARE_WITH_TIMEOUT(shown.size(), 1, 10000);

        QVERIFY(!whatIf->compareJob()->isRunning()); // not in sight: nothing computed
        QSignalSpy compared(whatIf->compareJob(), &CompareJob::compared);
        auto* dock = window.findChild<QDockWidget*>(QStringLiteral("differencesDock"));
        QVERIFY(dock);
        dock->show();
        dock->raise();
        QTRY_COMPARE_WITH_TIMEOUT(compared.size(), 1, 30000);

        // The rows are compare's differences of the two runs, computed here headless.
        const RunSummary before = summarizeRun(*base->scenario, base->configuration, {});
        const RunSummary after = summarizeRun(*window.currentScenario()->scenario, window.currentScenario()->configuration, {});
        const QList<PodDifference> expected = podDifferences(before.pods, after.pods);
        QVERIFY(!expected.isEmpty()); // the taint moves the pods off node-a
        DifferencesModel* model = whatIf->differences()->model();
        QCOMPARE(model->rowCount(), int(expected.size()));
        for (int row = 0; row < model->rowCount(); ++row) {
            QCOMPARE(model->differences()[row].pod, expected[row].pod);
            QVERIFY(model->differences()[row].kind == expected[row].kind);
            QCOMPARE(model->differences()[row].nodeB, expected[row].nodeB);
        }
        QCOMPARE(whatIf->differences()->summary()->item(0, 1)->text(), QString::number(after.scheduled));
        testing::saveShot(&window, QStringLiteral("whatif-differences-1280x720"));
        window.resize(1920, 1080);
        testing::saveShot(&window, QStringLiteral("whatif-differences-1920x1080"));

        // A row selects its pod in the run on screen.
        QTableView* table = whatIf->differences()->table();
        Q_EMIT table->activated(table->model()->index(0, 0));
        const QString pod = table->model()->index(0, 0).data(DifferencesModel::PodKeyRole).toString();
        QCOMPARE(window.viewState()->selectedPod(), playback->run()->index().catalogue().podIndex(pod));

        // Undo: no edits, nothing to compare.
        whatIf->undoAction()->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(shown.size(), 2, 10000);
        QTRY_COMPARE(model->rowCount(), 0);
    }

private:
    QTemporaryDir m_dir;
    const QString m_path = QStringLiteral(KSV_TEST_DATA_DIR "/whatif-edits.yaml");
};

QTEST_MAIN(TestWhatIf)
#include "tst_whatif.moc"
