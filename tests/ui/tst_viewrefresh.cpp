// ViewRefresh, the coalesced "refresh when visible" every view of the run shares: requests coalesce
// into one refresh, a hidden view does none until shown (and then before its first paint), the
// views of one cursor move refresh one per event-loop turn, and while playing a view's minimum
// interval holds.
#include "enginecontroller.h"
#include "playbackhelpers.h"
#include "viewrefresh.h"

#include <QSignalSpy>
#include <QTest>
#include <QWidget>

using namespace ksv;
using namespace ksv::testing;

namespace {

// A view that counts its refreshes.
struct CountingView
{
    explicit CountingView(const ViewState* state = nullptr, int intervalMs = 0)
        : refresh(new ViewRefresh(&widget, state, intervalMs, [this] { ++count; }))
    {
    }
    QWidget widget;
    ViewRefresh* refresh;
    int count = 0;
};

} // namespace

class TestViewRefresh : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void requestsCoalesce()
    {
        CountingView view;
        view.widget.show();
        QCOMPARE(view.count, 1); // shown: the first refresh, before the first paint
        for (int i = 0; i < 100; ++i)
            view.refresh->request();
        QCOMPARE(view.count, 1); // later, not now
        QVERIFY(view.refresh->isPending());
        QTRY_COMPARE(view.count, 2);
        QVERIFY(!view.refresh->isPending());
        for (int i = 0; i < 10; ++i)
            QCoreApplication::processEvents();
        QCOMPARE(view.count, 2);
    }

    void hiddenViewsWaitUntilShown()
    {
        CountingView view;
        view.refresh->request();
        for (int i = 0; i < 10; ++i)
            QCoreApplication::processEvents();
        QCOMPARE(view.count, 0);
        QCOMPARE(ViewRefresh::queuedCount(), 0);
        view.widget.show();
        QCOMPARE(view.count, 1);
        view.widget.hide();
        view.refresh->request();
        view.refresh->request();
        for (int i = 0; i < 10; ++i)
            QCoreApplication::processEvents();
        QCOMPARE(view.count, 1);
        view.widget.show();
        QCOMPARE(view.count, 2);
        // Shown again with nothing new: no refresh.
        view.widget.hide();
        view.widget.show();
        QCOMPARE(view.count, 2);
    }

    void aRefreshItDidItselfIsNotRepeated()
    {
        CountingView view;
        view.widget.show();
        view.refresh->request();
        view.refresh->markRefreshed(); // the view's refresh() was called directly
        for (int i = 0; i < 10; ++i)
            QCoreApplication::processEvents();
        QCOMPARE(view.count, 1);
    }

    void oneViewPerTurn()
    {
        std::array<CountingView, 3> views;
        for (CountingView& view : views)
            view.widget.show();
        for (CountingView& view : views)
            view.refresh->request();
        QCOMPARE(ViewRefresh::queuedCount(), 3);
        int turns = 0;
        while (ViewRefresh::queuedCount() > 0 && turns < 20) {
            const int before = views[0].count + views[1].count + views[2].count;
            QCoreApplication::processEvents();
            const int after = views[0].count + views[1].count + views[2].count;
            QVERIFY(after - before <= 1);
            ++turns;
        }
        QTRY_COMPARE(views[2].count, 2);
        for (const CountingView& view : views)
            QCOMPARE(view.count, 2); // in the order they asked
        QVERIFY(turns >= 2);
    }

    void destroyedWhileQueued()
    {
        auto view = std::make_unique<CountingView>();
        view->widget.show();
        view->refresh->request();
        QCOMPARE(ViewRefresh::queuedCount(), 1);
        view.reset();
        QCOMPARE(ViewRefresh::queuedCount(), 0);
        for (int i = 0; i < 5; ++i)
            QCoreApplication::processEvents(); // no refresh of a dead view
    }

    // A view refreshed by the cursor and the selection, as the queue lanes are, refreshes once for
    // a seek: the engine's answer to the seek's pause, a turn later, is no reason for a second.
    void aSeekRefreshesOnce()
    {
        Session session;
        QVERIFY(runToEnd(session, QStringLiteral("backlog-node-added.yaml")));
        CountingView view(&session.view);
        QObject::connect(&session.view, &ViewState::cursorChanged, view.refresh, &ViewRefresh::request);
        QObject::connect(&session.view, &ViewState::selectionChanged, view.refresh, &ViewRefresh::request);
        view.widget.show();
        QSignalSpy progressed(session.run().engine(), &EngineController::progressed);
        for (const qsizetype position : {session.run().indexed() / 2, session.run().indexed() / 5}) {
            progressed.clear();
            const int before = view.count;
            session.playback.seekPosition(position);
            QTRY_VERIFY(!progressed.isEmpty());
            for (int i = 0; i < 20; ++i)
                QCoreApplication::processEvents();
            QCOMPARE(view.count, before + 1);
        }
    }

    // While playing, at most one refresh per interval; paused, every request is answered at once.
    void intervalWhilePlaying()
    {
        Session session;
        const auto scenario = sample(QStringLiteral("backlog-node-added.yaml"));
        session.playback.load(scenario, configurationOf(*scenario), {});
        CountingView view(&session.view, 60'000); // a minute: never within this test
        view.widget.show();
        QCOMPARE(view.count, 1);
        view.refresh->request();
        QTRY_COMPARE(view.count, 2); // paused: no interval
        session.playback.setSpeed(1);
        session.playback.play();
        view.refresh->request();
        for (int i = 0; i < 10; ++i)
            QCoreApplication::processEvents();
        QCOMPARE(view.count, 2); // playing: waits for the interval
        QVERIFY(view.refresh->isPending());
        session.playback.pause();
        view.refresh->request();
        QTRY_COMPARE(view.count, 3); // paused again: answered at once
    }
};

QTEST_MAIN(TestViewRefresh)
#include "tst_viewrefresh.moc"
