// The event log view against real runs: it follows a live run in batches, a hidden log catches up
// when shown, the table stays at the end while the user is there, and choosing a row selects in the
// view state. The model is tested on its own (tests/viewmodels/tst_eventlogmodel.cpp).
#include "eventlogmodel.h"
#include "eventlogrows.h"
#include "eventlogview.h"
#include "playbackhelpers.h"
#include "rowtable.h"

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QDir>
#include <QLineEdit>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTest>

using namespace ksv;
using namespace ksv::testing;
using trace::EventKind;

namespace {

constexpr auto QtTestReporting = QAbstractItemModelTester::FailureReportingMode::QtTest;

} // namespace

class TestEventLog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { qputenv("KSV_NO_DIALOGS", "1"); }

    // Attached before the run: rows arrive in batches as the cursor follows the engine.
    void growsWithALiveRun()
    {
        Session session;
        EventLogView log(&session.view);
        session.attach(log);
        log.show(); // hidden, it does not follow the cursor (hiddenLogCatchesUpWhenShown)
        QAbstractItemModelTester tester(log.model(), QtTestReporting);
        QCOMPARE(log.model()->rowCount(), 0);
        QSignalSpy inserted(log.model(), &QAbstractItemModel::rowsInserted);
        const auto scenario = sample(QStringLiteral("backlog-node-added.yaml"));
        session.playback.load(scenario, configurationOf(*scenario), {});
        session.playback.setSpeed(500);
        session.playback.play();
        QTRY_VERIFY_WITH_TIMEOUT(session.playback.isFinished() && session.view.cursor() == session.run().indexed(), 60000);
        QCOMPARE(rowsOf(*log.model()), positionsWhere(session.run().trace(), session.view.cursor(), anyKind));
        QVERIFY(inserted.size() > 1);
        QVERIFY(inserted.size() < log.model()->rowCount()); // batches, not a signal per event

        // A new run starts from nothing.
        session.playback.load(scenario, configurationOf(*scenario), {});
        QVERIFY(log.model()->rowCount() <= session.view.cursor());
    }

    // A hidden log (a dock tabbed away) does no work while the run plays; shown, it catches up
    // before its first paint.
    void hiddenLogCatchesUpWhenShown()
    {
        Session session;
        EventLogView log(&session.view);
        session.attach(log);
        QAbstractItemModelTester tester(log.model(), QtTestReporting);
        QVERIFY(runToEnd(session, QStringLiteral("backlog-node-added.yaml")));
        QCoreApplication::processEvents();
        QCOMPARE(log.model()->scanned(), 0);
        QCOMPARE(log.model()->rowCount(), 0);
        log.show();
        QCOMPARE(log.model()->scanned(), session.view.cursor());
        QCOMPARE(rowsOf(*log.model()), positionsWhere(session.run().trace(), session.view.cursor(), anyKind));
    }

    void viewFollowsTheEndAndSelects()
    {
        Session session;
        QVERIFY(runToEnd(session, QStringLiteral("backlog-node-added.yaml")));
        const trace::TraceIndex& index = session.run().index();
        const qsizetype end = session.view.cursor();
        EventLogView log(&session.view);
        session.attach(log);
        log.resize(1400, 700);
        log.show();
        QVERIFY(QTest::qWaitForWindowExposed(&log));
        RowTable* view = log.view();
        QCOMPARE(log.model()->scanned(), end);

        // At the end: stays there as rows come.
        session.playback.seekPosition(end / 2);
        QTRY_COMPARE(session.view.cursor(), end / 2);
        view->scrollToBottom();
        session.playback.seekPosition(end);
        QTRY_COMPARE(session.view.cursor(), end);
        QCoreApplication::processEvents();
        QCOMPARE(view->verticalScrollBar()->value(), view->verticalScrollBar()->maximum());
        // Scrolled up: stays put.
        session.playback.seekPosition(end / 2);
        QTRY_COMPARE(session.view.cursor(), end / 2);
        view->scrollToTop();
        session.playback.seekPosition(end);
        QTRY_COMPARE(session.view.cursor(), end);
        QCoreApplication::processEvents();
        QCOMPARE(view->verticalScrollBar()->value(), 0);

        // Choosing a CycleEnd row selects its cycle (and so its pod).
        int row = 0;
        while (row < log.model()->rowCount()
               && log.model()->index(row, 0).data(EventLogModel::KindRole).toInt() != int(EventKind::CycleEnd))
            ++row;
        QVERIFY(row < log.model()->rowCount());
        const QModelIndex cycleEnd = log.model()->index(row, EventLogModel::DetailColumn);
        view->setCurrentIndex(cycleEnd);
        const qint32 cycle = cycleEnd.data(EventLogModel::CycleIndexRole).toInt();
        QVERIFY(cycle >= 0);
        QCOMPARE(session.view.selectedCycle(), cycle);
        QCOMPARE(session.view.selectedPod(), index.cycles()[size_t(cycle)].pod);

        // Selected pod only.
        log.selectedPodOnly()->setChecked(true);
        const qint32 pod = session.view.selectedPod();
        QCOMPARE(log.model()->podFilter(), pod);
        for (int r = 0; r < log.model()->rowCount(); ++r)
            QCOMPARE(log.model()->index(r, 0).data(EventLogModel::PodRole).toInt(), pod);
        session.selectPod(index.catalogue().podIndex(QStringLiteral("media/thumbnailer-arm64")));
        QCOMPARE(log.model()->podFilter(), session.view.selectedPod());
        QVERIFY(log.model()->rowCount() > 0);

        if (const QString directory = qEnvironmentVariable("KSV_SCREENSHOT_DIR"); !directory.isEmpty()) {
            QDir().mkpath(directory);
            QVERIFY(log.grab().save(directory + QStringLiteral("/eventlog-pod.png")));
            log.selectedPodOnly()->setChecked(false);
            log.searchField()->setText(QStringLiteral("render-worker-3"));
            log.applySearch();
            view->scrollToTop();
            QTest::qWait(50);
            QVERIFY(log.grab().save(directory + QStringLiteral("/eventlog-search.png")));
            log.searchField()->clear();
            log.applySearch();
            view->scrollToTop();
            QTest::qWait(50);
            QVERIFY(log.grab().save(directory + QStringLiteral("/eventlog.png")));
        }

        // Search from the field, after the typing pause.
        log.selectedPodOnly()->setChecked(false);
        log.searchField()->setText(QStringLiteral("media/thumbnailer-arm64"));
        QTRY_COMPARE(log.model()->search(), QStringLiteral("media/thumbnailer-arm64"));
    }
};

QTEST_MAIN(TestEventLog)
#include "tst_eventlog.moc"
