// ViewState on its own, without a run: the cursor and the selection say when they change, and the
// history takes the user back and forward over the places visited (selections and cursor jumps),
// restoring the selection itself and asking for the cursor, with actions that follow what it holds.
#include "viewstate.h"

#include <QAction>
#include <QSignalSpy>
#include <QTest>

using namespace ksv;

namespace {

// What a driver of runs does with the history's requests: moves the cursor there (not following).
void driveCursor(ViewState& view)
{
    QObject::connect(&view, &ViewState::cursorRequested, &view,
                     [&view](qsizetype position, VirtualNanos time) { view.setCursor(position, time, false); });
}

Selection pod(qint32 id, qint32 cycle = -1)
{
    return {id, cycle, -1};
}

} // namespace

class TestViewState : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void startsAtTheRunsStartWithNothingSelected()
    {
        ViewState view;
        QCOMPARE(view.cursor(), 0);
        QCOMPARE(view.cursorTime(), 0);
        QVERIFY(view.isFollowing());
        QVERIFY(!view.isPlaying());
        QCOMPARE(view.selection(), Selection {});
        QVERIFY(!view.canGoBack());
        QVERIFY(!view.canGoForward());
        QVERIFY(!view.action(ViewState::Back)->isEnabled());
        QVERIFY(!view.action(ViewState::Forward)->isEnabled());
    }

    // The views read the run under the cursor too, which grows while the cursor stands: every
    // setCursor() says so. Playing says only changes.
    void cursorAndPlayingSayWhenTheyChange()
    {
        ViewState view;
        QSignalSpy cursor(&view, &ViewState::cursorChanged);
        QSignalSpy playing(&view, &ViewState::playingChanged);
        view.setCursor(42, 7 * nanosPerSecond, false);
        view.setCursor(42, 7 * nanosPerSecond, false);
        QCOMPARE(cursor.count(), 2);
        QCOMPARE(view.cursor(), 42);
        QCOMPARE(view.cursorTime(), 7 * nanosPerSecond);
        QVERIFY(!view.isFollowing());
        view.setPlaying(true);
        view.setPlaying(true);
        view.setPlaying(false);
        QCOMPARE(playing.count(), 2);
        QCOMPARE(playing.at(0).at(0).toBool(), true);
        QCOMPARE(playing.at(1).at(0).toBool(), false);
    }

    // Which selections go on the history: a change the user made; not the same selection again, and
    // not what a view does by itself (record = false).
    void selectionsOnTheHistory_data()
    {
        QTest::addColumn<QList<Selection>>("selections");
        QTest::addColumn<QList<bool>>("recorded");
        QTest::addColumn<int>("backSteps");
        QTest::newRow("one choice") << QList<Selection> {pod(1)} << QList<bool> {true} << 1;
        QTest::newRow("three choices") << QList<Selection> {pod(1), pod(2, 5), {2, 5, 3}} << QList<bool> {true, true, true} << 3;
        QTest::newRow("the same again") << QList<Selection> {pod(1), pod(1)} << QList<bool> {true, true} << 1;
        QTest::newRow("a view following the cursor") << QList<Selection> {pod(1), pod(1, 4)} << QList<bool> {true, false} << 1;
        QTest::newRow("nothing recorded") << QList<Selection> {pod(1), pod(2)} << QList<bool> {false, false} << 0;
    }
    void selectionsOnTheHistory()
    {
        QFETCH(QList<Selection>, selections);
        QFETCH(QList<bool>, recorded);
        QFETCH(int, backSteps);
        ViewState view;
        QSignalSpy changed(&view, &ViewState::selectionChanged);
        for (qsizetype i = 0; i < selections.size(); ++i)
            view.select(selections[i], recorded[i]);
        QCOMPARE(changed.count(), int(selections.size())); // said every time, recorded or not
        QCOMPARE(view.selection(), selections.constLast());
        int steps = 0;
        while (view.canGoBack()) {
            view.back();
            ++steps;
        }
        QCOMPARE(steps, backSteps);
        if (backSteps > 0)
            QCOMPARE(view.selection(), Selection {}); // back to where it all began
    }

    // Back and forward restore whole places: the selection here, the cursor by asking for it.
    void backAndForwardRestorePlaces()
    {
        ViewState view;
        driveCursor(view);
        QSignalSpy requested(&view, &ViewState::cursorRequested);
        view.setCursor(10, 1 * nanosPerSecond, false);
        view.select(pod(3, 7));                         // place A: nothing selected at 10
        view.remember();                                // place B: pod 3 at 10
        view.setCursor(500, 9 * nanosPerSecond, false); // a jump
        view.select({3, 7, 2});                         // place C: pod 3 at 500; now node 2 too
        QCOMPARE(requested.count(), 0);

        view.back(); // to C
        QCOMPARE(view.selection(), pod(3, 7));
        QCOMPARE(view.cursor(), 500);
        QCOMPARE(requested.count(), 0); // the cursor was already there
        view.back(); // to B
        QCOMPARE(view.selection(), pod(3, 7));
        QCOMPARE(view.cursor(), 10);
        QCOMPARE(view.cursorTime(), 1 * nanosPerSecond);
        QCOMPARE(requested.count(), 1);
        view.back(); // to A
        QCOMPARE(view.selection(), Selection {});
        QVERIFY(!view.canGoBack());
        QVERIFY(!view.action(ViewState::Back)->isEnabled());
        QVERIFY(view.action(ViewState::Forward)->isEnabled());

        view.forward();
        view.forward();
        view.forward();
        QCOMPARE(view.selection(), (Selection {3, 7, 2}));
        QCOMPARE(view.cursor(), 500);
        QCOMPARE(view.cursorTime(), 9 * nanosPerSecond);
        QVERIFY(!view.canGoForward());

        // A new place after going back drops the forward list, as a browser does.
        view.back();
        QVERIFY(view.canGoForward());
        view.select(pod(8));
        QVERIFY(!view.canGoForward());
    }

    // Restoring a place moves the cursor through the driver, which may select as the cursor moves
    // (the inspector follows a pod's latest attempt): none of that becomes a new place.
    void restoringRecordsNothing()
    {
        ViewState view;
        QObject::connect(&view, &ViewState::cursorRequested, &view, [&view](qsizetype position, VirtualNanos time) {
            view.remember();
            view.setCursor(position, time, false);
            view.select(pod(99), true);
        });
        view.select(pod(1));          // remembers nothing selected, at 0
        view.setCursor(20, 2, false);
        view.requestSeek(0);          // remembers pod 1 at 20 (no driver takes seeks here: the cursor stays)
        view.select(pod(2));          // the same place again: not stacked twice
        view.back();                  // pod 1 at 20: the cursor is there already
        QCOMPARE(view.selection(), pod(1));
        view.back();                  // nothing at 0: the driver moves the cursor, selecting pod 99 on the way
        QCOMPARE(view.selection(), Selection {});
        QCOMPARE(view.cursor(), 0);
        QVERIFY(!view.canGoBack());   // nothing the driver did was remembered
        view.forward();
        view.forward();
        QCOMPARE(view.selection(), pod(2));
        QCOMPARE(view.cursor(), 20);
        QVERIFY(!view.canGoForward());
    }

    // A jump asked of the driver goes on the history once per gesture.
    void seekRequestsRecordOncePerGesture()
    {
        ViewState view;
        QSignalSpy seeks(&view, &ViewState::seekRequested);
        QSignalSpy history(&view, &ViewState::historyChanged);
        view.requestSeek(5 * nanosPerSecond);          // the press
        view.requestSeek(6 * nanosPerSecond, false);   // the drag
        view.requestSeek(7 * nanosPerSecond, false);
        QCOMPARE(seeks.count(), 3);
        QCOMPARE(seeks.at(2).at(0).value<VirtualNanos>(), 7 * nanosPerSecond);
        QVERIFY(view.canGoBack());
        QCOMPARE(history.count(), 1);
    }

    void historyIsBounded()
    {
        ViewState view;
        for (qint32 i = 0; i < ViewState::maxHistory + 20; ++i)
            view.select(pod(i));
        int steps = 0;
        while (view.canGoBack()) {
            view.back();
            ++steps;
        }
        QCOMPARE(steps, ViewState::maxHistory);
        QCOMPARE(view.selection(), pod(19)); // the oldest places went first
    }

    void actionsGoBackAndForward()
    {
        ViewState view;
        view.select(pod(1));
        view.select(pod(2));
        view.action(ViewState::Back)->trigger();
        QCOMPARE(view.selection(), pod(1));
        view.action(ViewState::Forward)->trigger();
        QCOMPARE(view.selection(), pod(2));
        QVERIFY(!view.action(ViewState::Back)->shortcut().isEmpty());
    }

    // A new run starts from scratch, and says only that the history emptied: the driver gives the
    // views the new run before it selects nothing and sets the cursor.
    void resetForANewRun()
    {
        ViewState view;
        view.setCursor(100, 3, false);
        view.select({1, 2, 3});
        QSignalSpy cursor(&view, &ViewState::cursorChanged);
        QSignalSpy selection(&view, &ViewState::selectionChanged);
        QSignalSpy history(&view, &ViewState::historyChanged);
        view.reset();
        QCOMPARE(view.cursor(), 0);
        QCOMPARE(view.cursorTime(), 0);
        QVERIFY(view.isFollowing());
        QCOMPARE(view.selection(), Selection {});
        QVERIFY(!view.canGoBack());
        QCOMPARE(cursor.count(), 0);
        QCOMPARE(selection.count(), 0);
        QCOMPARE(history.count(), 1);
    }
};

QTEST_MAIN(TestViewState)
#include "tst_viewstate.moc"
