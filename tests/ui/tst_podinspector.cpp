// The pod inspector widget: it follows the view state's selection and the cursor (also while a run
// plays), switches attempts from its history, says when a run has no per-node detail for an attempt,
// and keeps its size changes inside. Its models are tested on their own (tests/viewmodels).
#include "attempttablemodel.h"
#include "playbackhelpers.h"
#include "podhistorymodel.h"
#include "podinspector.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QDir>
#include <QLineEdit>
#include <QSet>
#include <QSortFilterProxyModel>
#include <QStackedWidget>
#include <QTableView>
#include <QTest>
#include <QVBoxLayout>

using namespace ksv;
using namespace ksv::testing;

namespace {

constexpr auto QtTestReporting = QAbstractItemModelTester::FailureReportingMode::QtTest;

QString cell(const QAbstractItemModel& model, int row, int column, int role = Qt::DisplayRole)
{
    return model.index(row, column).data(role).toString();
}

} // namespace

class TestPodInspector : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { qputenv("KSV_NO_DIALOGS", "1"); }


    // Past the budget for node detail, attempts have none, and the inspector says from which
    // cycle on and why; attempts before it keep theirs.
    void nodeDetailBudgetSpent()
    {
        Session session;
        SimulationOptions options;
        options.nodeDetailBudget = 1; // the first block's chunk spends it
        QVERIFY(runToEnd(session, QStringLiteral("backlog-node-added.yaml"), options));
        const trace::TraceIndex& index = session.run().index();
        const qint32 cutoff = session.run().trace().nodeDetailCutoff();
        QVERIFY(cutoff > 0);
        qint32 before = -1;
        qint32 after = -1;
        for (size_t i = 0; i < index.cycles().size(); ++i) {
            const trace::CycleRecord& record = index.cycles()[i];
            if (record.endEvent < 0 || record.evaluated == 0)
                continue;
            if (record.cycle < cutoff && before < 0)
                before = qint32(i);
            if (record.cycle >= cutoff && after < 0)
                after = qint32(i);
        }
        QVERIFY(before >= 0 && after >= 0);
        PodInspector inspector(&session.view);
        session.attach(inspector);
        session.selectCycle(before);
        QVERIFY(inspector.attemptModel()->hasNodeDetail());
        QVERIFY(!inspector.isShowingNoDetailNote());
        session.selectCycle(after);
        QVERIFY(!inspector.attemptModel()->hasNodeDetail());
        QVERIFY(inspector.isShowingNoDetailNote());
        QVERIFY2(inspector.noDetailNote().contains(QStringLiteral("stopped at cycle %1").arg(cutoff)), qPrintable(inspector.noDetailNote()));
        if (const QString directory = qEnvironmentVariable("KSV_SCREENSHOT_DIR"); !directory.isEmpty()) {
            inspector.resize(1000, 600);
            inspector.show();
            QVERIFY(QTest::qWaitForWindowExposed(&inspector));
            QVERIFY(inspector.grab().save(directory + QStringLiteral("/inspector-detail-budget-spent.png")));
        }
    }

    // Without per-node detail the inspector says why its table is empty.
    void noNodeDetailIsSaid()
    {
        Session session;
        SimulationOptions options;
        options.nodeDetail = false;
        QVERIFY(runToEnd(session, QStringLiteral("backlog-node-added.yaml"), options));
        PodInspector inspector(&session.view);
        session.attach(inspector);
        session.selectCycle(0);
        QVERIFY(inspector.isShowingNoDetailNote());
        QVERIFY(inspector.noDetailNote().contains(QStringLiteral("--no-node-detail")));
        QVERIFY(inspector.outcomeText().contains(QStringLiteral("FailedScheduling")));
        if (const QString directory = qEnvironmentVariable("KSV_SCREENSHOT_DIR"); !directory.isEmpty()) {
            inspector.resize(1400, 900);
            inspector.show();
            QVERIFY(QTest::qWaitForWindowExposed(&inspector));
            QVERIFY(inspector.grab().save(directory + QStringLiteral("/inspector-no-detail.png")));
        }
    }


    void inspectorFollowsSelection()
    {
        Session session;
        QVERIFY(runToEnd(session, QStringLiteral("backlog-node-added.yaml")));
        const trace::TraceIndex& index = session.run().index();
        PodInspector inspector(&session.view);
        session.attach(inspector);
        QAbstractItemModelTester proxyTester(inspector.attemptProxy(), QtTestReporting);
        inspector.resize(1400, 900);
        inspector.show();
        QVERIFY(QTest::qWaitForWindowExposed(&inspector));
        QVERIFY(inspector.isShowingPlaceholder());

        const qint32 pod = index.catalogue().podIndex(QStringLiteral("media/render-worker-0"));
        session.selectPod(pod);
        QVERIFY(!inspector.isShowingPlaceholder());
        QCOMPARE(inspector.attemptModel()->cycle(), session.view.selectedCycle());
        QCOMPARE(inspector.attemptModel()->cycle(), index.podCycles(pod).back());
        QCOMPARE(inspector.attemptSelector()->count(), int(index.podCycles(pod).size()));
        QVERIFY(inspector.outcomeText().contains(QStringLiteral("Chose ") + inspector.attemptModel()->chosenNode()));
        QVERIFY(inspector.outcomeText().contains(QStringLiteral("Bound at")));
        // The proxy sorts by total, descending: the chosen node is on top.
        QCOMPARE(cell(*inspector.attemptProxy(), 0, AttemptTableModel::NodeColumn), inspector.attemptModel()->chosenNode());
        QVERIFY(!inspector.isShowingNoDetailNote());
        // The node filter box narrows the table.
        auto* nodeFilter = inspector.findChild<QLineEdit*>();
        QVERIFY(nodeFilter);
        nodeFilter->setText(QStringLiteral("render-pool"));
        QCOMPARE(inspector.attemptProxy()->rowCount(), 3);
        QCOMPARE(cell(*inspector.attemptProxy(), 0, AttemptTableModel::NodeColumn), inspector.attemptModel()->chosenNode());
        nodeFilter->setText(QStringLiteral("WORKER"));
        QCOMPARE(inspector.attemptProxy()->rowCount(), 3);
        QVERIFY(!inspector.attemptProxy()->index(0, 0).data(AttemptTableModel::FeasibleRole).toBool());
        nodeFilter->clear();
        QCOMPARE(inspector.attemptProxy()->rowCount(), 6);

        // Clicking the first attempt in the history shows it above.
        const qint32 first = index.podCycles(pod).front();
        const int row = inspector.historyModel()->rowOfCycleStart(first);
        QVERIFY(row >= 0);
        QTableView* history = inspector.historyView();
        history->scrollTo(history->model()->index(row, 0));
        QTest::mouseClick(history->viewport(), Qt::LeftButton, {}, history->visualRect(history->model()->index(row, PodHistoryModel::WhatColumn)).center());
        QCOMPARE(session.view.selectedCycle(), first);
        QCOMPARE(inspector.attemptModel()->cycle(), first);
        QVERIFY(inspector.outcomeText().contains(QStringLiteral("FailedScheduling")));
        QVERIFY(inspector.outcomeText().contains(QStringLiteral("Insufficient cpu")));
        QCOMPARE(inspector.attemptSelector()->currentData().toInt(), first);

        // Going back in time before the shown attempt falls back to the attempt at the cursor.
        session.playback.seekPosition(index.cycles()[size_t(first)].startEvent + 1);
        QTRY_COMPARE(session.view.cursor(), index.cycles()[size_t(first)].startEvent + 1);
        QCOMPARE(inspector.attemptModel()->cycle(), first);
        QVERIFY(!inspector.attemptModel()->isFinished());
        QVERIFY(inspector.outcomeText().contains(QStringLiteral("in progress")));

        if (const QString directory = qEnvironmentVariable("KSV_SCREENSHOT_DIR"); !directory.isEmpty()) {
            QDir().mkpath(directory);
            session.playback.seekPosition(session.run().indexed());
            QTRY_COMPARE(session.view.cursor(), session.run().indexed());
            session.selectCycle(first);
            QTest::qWait(50);
            QVERIFY(inspector.grab().save(directory + QStringLiteral("/inspector-failed.png")));
            session.selectPod(pod);
            QTest::qWait(50);
            QVERIFY(inspector.grab().save(directory + QStringLiteral("/inspector-scheduled.png")));
            session.selectPod(index.catalogue().podIndex(QStringLiteral("media/thumbnailer-arm64")));
            QTest::qWait(50);
            QVERIFY(inspector.grab().save(directory + QStringLiteral("/inspector-thumbnailer.png")));
        }

        session.selectPod(-1);
        QVERIFY(inspector.isShowingPlaceholder());
        if (const QString directory = qEnvironmentVariable("KSV_SCREENSHOT_DIR"); !directory.isEmpty())
            QVERIFY(inspector.grab().save(directory + QStringLiteral("/inspector-empty.png")));
    }


    // Attached before the run: the history grows with the cursor and the inspector moves on to
    // each new attempt of the pod it shows.
    void followsALiveRun()
    {
        Session session;
        PodInspector inspector(&session.view);
        session.attach(inspector);
        QAbstractItemModelTester historyTester(inspector.historyModel(), QtTestReporting);
        QAbstractItemModelTester attemptTester(inspector.attemptModel(), QtTestReporting);
        QAbstractItemModelTester proxyTester(inspector.attemptProxy(), QtTestReporting);
        QVERIFY(inspector.isShowingPlaceholder());
        const auto scenario = sample(QStringLiteral("backlog-node-added.yaml"));
        const QString key = QStringLiteral("media/render-worker-0");
        int cyclesSeen = 0;
        QList<qint32> shown;
        connect(&session.view, &ViewState::cursorChanged, this, [&] {
            const qint32 pod = session.run().index().catalogue().podIndex(key);
            if (session.view.selectedPod() < 0 && session.run().state().pods[size_t(pod)].attempts > 0)
                session.selectPod(pod);
            if (session.view.selectedPod() == pod && (shown.isEmpty() || shown.back() != inspector.attemptModel()->cycle()))
                shown << inspector.attemptModel()->cycle();
            cyclesSeen = std::max(cyclesSeen, int(inspector.attemptSelector()->count()));
        });
        session.playback.load(scenario, configurationOf(*scenario), {});
        session.playback.setSpeed(500);
        session.playback.play();
        QTRY_VERIFY_WITH_TIMEOUT(session.playback.isFinished() && session.view.cursor() == session.run().indexed(), 60000);

        const trace::TraceIndex& index = session.run().index();
        const qint32 pod = index.catalogue().podIndex(key);
        const auto& cycles = index.podCycles(pod);
        QCOMPARE(session.view.selectedPod(), pod);
        // Both attempts were shown in turn, the latest last.
        QCOMPARE(shown, QList<qint32>(cycles.cbegin(), cycles.cend()));
        QCOMPARE(inspector.attemptModel()->cycle(), cycles.back());
        QVERIFY(inspector.attemptModel()->isFinished());
        QCOMPARE(inspector.attemptModel()->chosenNode(), index.catalogue().nodeName(index.cycles()[size_t(cycles.back())].node));
        QCOMPARE(cyclesSeen, int(cycles.size()));
        // The history grown along the way equals one built at the end.
        PodHistoryModel fresh(&index);
        fresh.setPod(pod);
        fresh.setLimit(session.view.cursor());
        QCOMPARE(inspector.historyModel()->rowCount(), fresh.rowCount());
        for (int row = 0; row < fresh.rowCount(); ++row)
            QCOMPARE(inspector.historyModel()->positionAt(row), fresh.positionAt(row));
    }


    // As the cursor moves the outcome's wrapped text and the history change size. That relayouts
    // the inspector's own page but must not reach the dock around it (which would lay out the whole
    // window again); the inspector still fills its dock and reports its contents' size hints.
    void sizeChangesStayInside()
    {
        Session session;
        QVERIFY(runToEnd(session, QStringLiteral("backlog-node-added.yaml")));
        const trace::TraceIndex& index = session.run().index();
        QWidget dock;
        auto* layout = new QVBoxLayout(&dock);
        auto* inspector = new PodInspector(&session.view, &dock);
        session.attach(*inspector);
        layout->addWidget(inspector);
        dock.resize(1000, 700);
        dock.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dock));
        const qint32 pod = index.catalogue().podIndex(QStringLiteral("media/render-worker-0"));
        session.selectPod(pod);
        QCoreApplication::processEvents();

        struct LayoutRequests : QObject
        {
            int count = 0;
            bool eventFilter(QObject*, QEvent* event) override
            {
                count += event->type() == QEvent::LayoutRequest ? 1 : 0;
                return false;
            }
        } requests;
        dock.installEventFilter(&requests);
        auto* stack = inspector->findChild<QStackedWidget*>();
        QVERIFY(stack);
        // Into each attempt (in progress: the table fills in), past its end and past the binding.
        QSet<QString> outcomes;
        int historyRows = -1;
        bool historyChanged = false;
        for (const qint32 cycle : index.podCycles(pod)) {
            const trace::CycleRecord& record = index.cycles()[size_t(cycle)];
            for (const qsizetype position : {qsizetype(record.startEvent) + 1, qsizetype(record.endEvent) + 1, index.indexed()}) {
                session.playback.seekPosition(position);
                QCoreApplication::processEvents();
                outcomes.insert(inspector->outcomeText());
                historyChanged = historyChanged || (historyRows >= 0 && historyRows != inspector->historyModel()->rowCount());
                historyRows = inspector->historyModel()->rowCount();
                QCOMPARE(stack->geometry(), inspector->rect());
            }
        }
        QVERIFY(outcomes.size() >= 3); // in progress, chosen, bound: texts of different lengths
        QVERIFY(historyChanged);
        QCOMPARE(requests.count, 0);
        QCOMPARE(inspector->sizeHint(), stack->sizeHint());
        QCOMPARE(inspector->minimumSizeHint(), stack->minimumSizeHint());

        // The dock's own size changes still reach the inspector's contents.
        dock.resize(800, 600);
        QCoreApplication::processEvents();
        QCOMPARE(stack->geometry(), inspector->rect());
        QCOMPARE(inspector->geometry(), dock.contentsRect().marginsRemoved(layout->contentsMargins()));
    }
};

QTEST_MAIN(TestPodInspector)
#include "tst_podinspector.moc"
