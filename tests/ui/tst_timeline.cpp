// The cycle timeline against real runs: its bars, failure marks and binding bars account for every
// CycleEnd, BindingStart and BindingEnd of the trace; a click selects the cycle under it; the wheel
// zooms about the pointer and the keys about the cursor; Follow keeps the cursor in view however it
// moves; selection elsewhere scrolls the view; the axis seeks; binding lanes keep a usable height;
// the context menu steps through a pod's cycles.
#include "config/config.h"
#include "framework/status.h"
#include "playbackhelpers.h"
#include "podstepactions.h"
#include "screenshots.h"
#include "scenario/loader.h"
#include "theme.h"
#include "timelineplot.h"
#include "timelineview.h"
#include "timelinezoom.h"

#include <QContextMenuEvent>
#include <QElapsedTimer>
#include <QMenu>
#include <QSignalSpy>
#include <QTest>
#include <QWheelEvent>

using namespace ksv;
using ksv::testing::configurationOf;
using ksv::testing::sample;
using ksv::testing::saveShot;
using ksv::testing::Session;
using framework::Code;
using timeline::TimeRange;
using trace::EventKind;

namespace {


// What the trace says, counted straight from its events.
struct TraceCounts
{
    qsizetype cycleEnds = 0;
    qsizetype failedCycleEnds = 0;
    qsizetype bindingStarts = 0;
    qsizetype bindingEnds = 0;
};

TraceCounts countTrace(const trace::Trace& trace, qsizetype size)
{
    TraceCounts counts;
    for (qsizetype i = 0; i < size; ++i) {
        const trace::Event& event = trace.at(i);
        switch (event.kind()) {
        case EventKind::CycleEnd:
            ++counts.cycleEnds;
            counts.failedCycleEnds += event.code() != Code::Success ? 1 : 0;
            break;
        case EventKind::BindingStart:
            ++counts.bindingStarts;
            break;
        case EventKind::BindingEnd:
            ++counts.bindingEnds;
            break;
        default:
            break;
        }
    }
    return counts;
}

qsizetype itemsIn(const std::vector<timeline::FoldedRun>& runs)
{
    qsizetype items = 0;
    for (const auto& run : runs)
        items += run.count();
    return items;
}

void sendWheel(QWidget* widget, QPoint position, int angle, Qt::KeyboardModifiers modifiers = Qt::NoModifier)
{
    QWheelEvent event(QPointF(position), QPointF(widget->mapToGlobal(position)), QPoint(), QPoint(0, angle),
        Qt::NoButton, modifiers, Qt::NoScrollPhase, false);
    QApplication::sendEvent(widget, &event);
}

void sendMouse(QWidget* widget, QEvent::Type type, QPoint position, Qt::MouseButtons buttons)
{
    QMouseEvent event(type, QPointF(position), QPointF(widget->mapToGlobal(position)),
        type == QEvent::MouseMove ? Qt::NoButton : Qt::LeftButton, buttons, Qt::NoModifier);
    QApplication::sendEvent(widget, &event);
}


} // namespace

class TestTimeline : public QObject
{
    Q_OBJECT

    // A view of a finished run of `name`, 1400 × 640.
    struct Fixture
    {
        Session session;
        TimelineView view { &session.view };
        TimelinePlot* plot = view.plot();

        Fixture() { session.attach(view); }

        bool run(const QString& name)
        {
            const auto scenario = sample(name);
            session.playback.load(scenario, configurationOf(*scenario), {});
            session.playback.setSpeed(0);
            session.playback.play();
            view.resize(1400, 640);
            view.show();
            if (!QTest::qWaitForWindowExposed(&view))
                return false;
            if (!QTest::qWaitFor([&] { return session.playback.isFinished() && session.view.isFollowing(); }, 60000))
                return false;
            plot->refresh();
            return true;
        }
        const trace::TraceIndex& index() const { return session.run().index(); }
    };

private Q_SLOTS:
    void samples_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::newRow("default") << "default.yaml";
        QTest::newRow("backlog-node-added") << "backlog-node-added.yaml";
        QTest::newRow("gang-scheduling") << "gang-scheduling.yaml";
        QTest::newRow("priority-preemption") << "priority-preemption.yaml";
    }

    // Every CycleEnd is a bar or inside a fold, every failed one a mark; every binding a bar.
    void barsAccountForTheTrace_data() { samples_data(); }
    void barsAccountForTheTrace()
    {
        QFETCH(QString, scenario);
        Fixture f;
        QVERIFY(f.run(scenario));
        const TraceCounts counts = countTrace(f.index().trace(), f.index().indexed());
        QVERIFY(counts.cycleEnds > 0);

        f.view.zoom()->fitAll();
        const TimelinePlot::Frame frame = f.plot->frame();
        QCOMPARE(itemsIn(frame.cycles), counts.cycleEnds);
        QCOMPARE(itemsIn(frame.failures), counts.failedCycleEnds);
        QCOMPARE(qsizetype(f.plot->failedCycles().size()), counts.failedCycleEnds);
        QCOMPARE(int(frame.bindings.size()), f.index().bindingLanes());
        qsizetype bindingItems = 0;
        for (const auto& lane : frame.bindings)
            bindingItems += itemsIn(lane);
        QCOMPARE(bindingItems, qsizetype(f.index().bindings().size()));
        qsizetype started = 0;
        qsizetype ended = 0;
        for (const trace::BindingRecord& binding : f.index().bindings()) {
            started += binding.start >= 0 ? 1 : 0;
            ended += binding.finished ? 1 : 0; // a rejection at Permit ends without having started
        }
        QCOMPARE(started, counts.bindingStarts);
        QCOMPARE(ended, counts.bindingEnds);

        // Zoomed in on a cycle, nothing folds: one bar per cycle the window reaches, as the trace has it.
        const auto& cycles = f.index().cycles();
        const trace::CycleRecord& middle = cycles[cycles.size() / 2];
        const TimeRange window { middle.start - 2 * (middle.end - middle.start),
            middle.end + 2 * (middle.end - middle.start) };
        f.view.zoom()->setRange(window, true);
        const TimelinePlot::Frame zoomed = f.plot->frame();
        qsizetype reaching = 0;
        for (const trace::CycleRecord& cycle : cycles)
            reaching += window.intersects(cycle.start, cycle.end) ? 1 : 0;
        qsizetype drawn = 0;
        for (const auto& run : zoomed.cycles) {
            QVERIFY(!run.folded());
            drawn += window.intersects(cycles[size_t(run.first)].start, cycles[size_t(run.first)].end) ? 1 : 0;
        }
        QCOMPARE(drawn, reaching);
        QVERIFY(drawn >= 1);
    }

    // A click on a bar selects that cycle (and its pod); on a binding, its cycle; on empty lane, nothing.
    void clickSelectsCycle()
    {
        Fixture f;
        QVERIFY(f.run(QStringLiteral("backlog-node-added.yaml")));
        const auto& cycles = f.index().cycles();
        QVERIFY(f.plot->failedCycles().size() >= 2);
        QSignalSpy selection(&f.session.view, &ViewState::selectionChanged);
        for (const qint32 target : { f.plot->failedCycles()[1], qint32(cycles.size() - 1) }) {
            const trace::CycleRecord& cycle = cycles[size_t(target)];
            const VirtualNanos length = cycle.end - cycle.start;
            f.view.zoom()->setRange({ cycle.start - 3 * length, cycle.end + 3 * length }, true);
            const double x = f.plot->plotLeft() + f.plot->coordinates().timeToX(cycle.start + length / 2);
            QTest::mouseClick(f.plot, Qt::LeftButton, {}, QPoint(int(x), f.plot->cycleBarRect().center().y()));
            QCOMPARE(f.session.view.selectedCycle(), target);
            QCOMPARE(f.session.view.selectedPod(), cycle.pod);
            QVERIFY(f.plot->toolTipAt(QPoint(int(x), f.plot->cycleBarRect().center().y()))
                        .contains(f.index().catalogue().podKey(cycle.pod)));
        }
        QVERIFY(selection.count() >= 2);

        // A binding bar selects the cycle that started it.
        const trace::BindingRecord& binding = f.index().bindings().front();
        QVERIFY(binding.finished);
        const VirtualNanos from = binding.permitStart >= 0 ? binding.permitStart : binding.start;
        f.view.zoom()->setRange({ from - (binding.end - from), binding.end + (binding.end - from) }, true);
        const double x = f.plot->plotLeft() + f.plot->coordinates().timeToX((from + binding.end) / 2);
        QTest::mouseClick(f.plot, Qt::LeftButton, {},
            QPoint(int(x), f.plot->laneRect(TimelinePlot::Lane::Binding, binding.lane).center().y()));
        QCOMPARE(f.session.view.selectedCycle(), binding.cycle);
    }

    // The selected pod's lane shows each of its attempts; clicking one there selects it.
    void retriesInThePodLane()
    {
        Fixture f;
        QVERIFY(f.run(QStringLiteral("backlog-node-added.yaml")));
        // A pod that needed several attempts.
        qint32 pod = -1;
        for (qint32 p = 0; p < f.index().catalogue().podCount() && pod < 0; ++p) {
            if (f.index().podCycles(p).size() >= 2)
                pod = p;
        }
        QVERIFY(pod >= 0);
        const auto& attempts = f.index().podCycles(pod);
        f.session.selectCycle(attempts.front());
        QCOMPARE(f.session.view.selectedPod(), pod);
        const auto& first = f.index().cycles()[size_t(attempts.front())];
        const auto& last = f.index().cycles()[size_t(attempts.back())];
        f.view.zoom()->setRange(
            { first.start - (last.end - first.start) / 10, last.end + (last.end - first.start) / 10 }, true);
        const QRect lane = f.plot->laneRect(TimelinePlot::Lane::SelectedPod);
        for (const qint32 attempt : attempts) {
            const auto& cycle = f.index().cycles()[size_t(attempt)];
            const double x = f.plot->plotLeft() + f.plot->coordinates().timeToX(cycle.start);
            const TimelinePlot::Hit hit = f.plot->hitTest(QPoint(int(std::lround(x)) + 1, lane.center().y()));
            QCOMPARE(int(hit.lane), int(TimelinePlot::Lane::SelectedPod));
            QCOMPARE(hit.cycle, attempt);
        }
        QTest::mouseClick(f.plot, Qt::LeftButton, {},
            QPoint(int(f.plot->plotLeft() + f.plot->coordinates().timeToX(last.start)) + 1, lane.center().y()));
        QCOMPARE(f.session.view.selectedCycle(), attempts.back());
        saveShot(&f.view, QStringLiteral("timeline-retries"));
    }

    // The wheel zooms about the pointer: the time under it stays under it.
    void wheelZoomKeepsTimeUnderMouse_data()
    {
        QTest::addColumn<double>("fraction");
        QTest::addColumn<int>("angle");
        QTest::newRow("in near the left") << 0.1 << 120;
        QTest::newRow("in at the middle") << 0.5 << 240;
        QTest::newRow("out near the right") << 0.9 << -120;
    }
    void wheelZoomKeepsTimeUnderMouse()
    {
        QFETCH(double, fraction);
        QFETCH(int, angle);
        Fixture f;
        QVERIFY(f.run(QStringLiteral("default.yaml")));
        f.view.zoom()->setRange({ 1 * nanosPerSecond, 3 * nanosPerSecond }, true);
        const QPoint position(
            f.plot->plotLeft() + int(fraction * f.plot->plotWidth()), f.plot->cycleBarRect().center().y());
        const VirtualNanos before = f.plot->coordinates().xToTime(position.x() - f.plot->plotLeft());
        const VirtualNanos span = f.view.zoom()->range().span();
        sendWheel(f.plot, position, angle);
        QVERIFY(angle > 0 ? f.view.zoom()->range().span() < span : f.view.zoom()->range().span() > span);
        const timeline::TimelineCoordinates after = f.plot->coordinates();
        QVERIFY(std::abs(after.xToTime(position.x() - f.plot->plotLeft()) - before)
            <= VirtualNanos(std::ceil(after.nanosPerPixel())));
        // Back undoes the burst of wheel notches.
        f.view.zoom()->back();
        QCOMPARE(f.view.zoom()->range().span(), span);
    }

    void keysAndHistory()
    {
        Fixture f;
        QVERIFY(f.run(QStringLiteral("default.yaml")));
        // Shortcuts fire in the active window only.
        f.view.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&f.view));
        f.plot->setFocus();
        f.view.zoom()->setRange({ 0, 4 * nanosPerSecond }, true);
        QTest::keyClick(f.plot, Qt::Key_Plus);
        QVERIFY(std::abs(f.view.zoom()->range().span() - 4 * nanosPerSecond * 2 / 3) <= 1);
        QTest::keyClick(f.plot, Qt::Key_Minus);
        QVERIFY(std::abs(f.view.zoom()->range().span() - 4 * nanosPerSecond) <= 1);
        QVERIFY(f.view.zoom()->canGoBack());
        QTest::keyClick(f.plot, Qt::Key_Backspace);
        QVERIFY(std::abs(f.view.zoom()->range().span() - 4 * nanosPerSecond * 2 / 3) <= 1);
        QTest::keyClick(f.plot, Qt::Key_Backspace, Qt::ShiftModifier);
        QVERIFY(std::abs(f.view.zoom()->range().span() - 4 * nanosPerSecond) <= 1);
        QTest::keyClick(f.plot, Qt::Key_F);
        QVERIFY(f.view.zoom()->isFitAll());
        QVERIFY(f.view.zoom()->range().contains(f.index().cycles().back().end));
        QVERIFY(f.view.zoom()->range().contains(0));
    }

    // Dragging pans by as much time as the pointer moved, and ends follow mode.
    void dragPans()
    {
        Fixture f;
        QVERIFY(f.run(QStringLiteral("default.yaml")));
        f.view.zoom()->setRange({ 2 * nanosPerSecond, 4 * nanosPerSecond }, true);
        const double nanosPerPixel = f.plot->coordinates().nanosPerPixel();
        const QPoint from(f.plot->plotLeft() + 400, f.plot->cycleBarRect().center().y());
        sendMouse(f.plot, QEvent::MouseButtonPress, from, Qt::LeftButton);
        sendMouse(f.plot, QEvent::MouseMove, from + QPoint(50, 0), Qt::LeftButton);
        sendMouse(f.plot, QEvent::MouseMove, from + QPoint(100, 0), Qt::LeftButton);
        sendMouse(f.plot, QEvent::MouseButtonRelease, from + QPoint(100, 0), Qt::NoButton);
        QVERIFY(std::abs(f.view.zoom()->range().start - (2 * nanosPerSecond - VirtualNanos(100 * nanosPerPixel))) <= 1);
        QVERIFY(!f.view.zoom()->isFollowing());
        f.view.zoom()->back();
        QCOMPARE(f.view.zoom()->range().start, 2 * nanosPerSecond);
    }

    // Follow mode: while the run plays, the window keeps the cursor in view without changing its span.
    void followKeepsCursorInView()
    {
        Session session;
        TimelineView view(&session.view);
        session.attach(view);
        view.resize(1400, 640);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const auto scenario = sample(QStringLiteral("backlog-node-added.yaml"));
        session.playback.load(scenario, configurationOf(*scenario), {});
        view.zoom()->setRange({ 0, 2 * nanosPerSecond }, true);
        QVERIFY(view.zoom()->isFollowing());
        session.playback.setSpeed(0);
        session.playback.play();
        QTRY_VERIFY_WITH_TIMEOUT(session.playback.isFinished() && session.view.isFollowing(), 60000);
        view.plot()->refresh();
        QVERIFY(session.view.cursorTime() > 100 * nanosPerSecond);
        QVERIFY(view.zoom()->range().contains(session.view.cursorTime()));
        QCOMPARE(view.zoom()->range().span(), 2 * nanosPerSecond);

        // Without follow the window stays put.
        session.playback.reset();
        view.zoom()->setRange({ 0, 2 * nanosPerSecond }, true);
        view.zoom()->setFollowing(false);
        session.playback.setSpeed(0);
        session.playback.play();
        QTRY_VERIFY_WITH_TIMEOUT(session.playback.isFinished() && session.view.isFollowing(), 60000);
        view.plot()->refresh();
        QCOMPARE(view.zoom()->range().start, VirtualNanos(0));
    }

    // Finding 8: with Follow on, every move of the cursor keeps it in view, paused or not: a jump
    // (Go to Time, a click elsewhere), a step, the history's Back. Without Follow the window stays.
    void followKeepsCursorInViewWhenPaused()
    {
        Fixture f;
        QVERIFY(f.run(QStringLiteral("backlog-node-added.yaml")));
        TimelineZoom& zoom = *f.view.zoom();
        const VirtualNanos span = 2 * nanosPerSecond;
        zoom.setRange({0, span}, true);
        QVERIFY(zoom.isFollowing());
        const auto inView = [&] {
            f.plot->refresh();
            return zoom.range().contains(f.session.view.cursorTime()) && zoom.range().span() == span;
        };

        f.session.view.requestSeek(60 * nanosPerSecond); // what Go to Time does
        QVERIFY(!f.session.playback.isPlaying());
        QVERIFY(inView());

        zoom.setRange({0, span}, true);
        f.session.playback.stepBack(PlaybackController::StepUnit::Cycle);
        QVERIFY(inView());
        zoom.setRange({0, span}, true);
        f.session.playback.step(PlaybackController::StepUnit::Event);
        QVERIFY(inView());

        // The view history's Back takes the cursor to where it was before the seek.
        zoom.setRange({100 * nanosPerSecond, 100 * nanosPerSecond + span}, true);
        f.session.view.back();
        QCOMPARE(f.session.view.cursor(), f.index().indexed());
        QVERIFY(inView());

        zoom.setFollowing(false);
        zoom.setRange({0, span}, true);
        f.session.view.requestSeek(70 * nanosPerSecond);
        f.plot->refresh();
        QCOMPARE(zoom.range(), TimeRange({0, span}));
    }

    // Finding 8: + and - zoom about the cursor: it keeps its x while in view, and comes into view
    // when it was not.
    void keyboardZoomKeepsTheCursor()
    {
        Fixture f;
        QVERIFY(f.run(QStringLiteral("default.yaml")));
        f.view.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&f.view)); // shortcuts fire in the active window only
        f.plot->setFocus();
        TimelineZoom& zoom = *f.view.zoom();
        zoom.setRange({1 * nanosPerSecond, 5 * nanosPerSecond}, true);
        f.session.playback.seek(2 * nanosPerSecond);
        f.plot->refresh();
        const VirtualNanos cursor = f.session.view.cursorTime();
        QVERIFY(zoom.range().contains(cursor));
        const double x = f.plot->coordinates().timeToX(cursor);
        for (const int key : {Qt::Key_Plus, Qt::Key_Plus, Qt::Key_Minus}) {
            const VirtualNanos before = zoom.range().span();
            QTest::keyClick(f.plot, Qt::Key(key));
            QVERIFY(zoom.range().span() != before);
            QVERIFY2(std::abs(f.plot->coordinates().timeToX(cursor) - x) <= 1.0,
                     qPrintable(QString::number(f.plot->coordinates().timeToX(cursor)) + QStringLiteral(" vs ") + QString::number(x)));
        }
        QVERIFY(std::abs(zoom.range().span() - 4 * nanosPerSecond * 2 / 3) <= 1);

        // The cursor out of view: zooming brings it in, at the new scale.
        zoom.setRange({10 * nanosPerSecond, 14 * nanosPerSecond}, true);
        QTest::keyClick(f.plot, Qt::Key_Plus);
        QVERIFY(zoom.range().contains(cursor));
        QVERIFY(std::abs(zoom.range().span() - 4 * nanosPerSecond * 2 / 3) <= 1);
        zoom.setRange({10 * nanosPerSecond, 14 * nanosPerSecond}, true);
        QTest::keyClick(f.plot, Qt::Key_Minus);
        QVERIFY(zoom.range().contains(cursor));
        QVERIFY(std::abs(zoom.range().span() - 6 * nanosPerSecond) <= 1);
    }

    // Finding 9: however many binding lanes and however short the view, a lane stays tall enough to
    // see and click its bars (10 px); the rest scroll.
    void bindingLanesKeepAUsableHeight()
    {
        Fixture f;
        QVERIFY(f.run(QStringLiteral("backlog-node-added.yaml")));
        const int lanes = f.plot->model().bindingLaneCount();
        QVERIFY(lanes >= 16);
        f.view.resize(1280, 260);
        const QRect podLane = f.plot->laneRect(TimelinePlot::Lane::SelectedPod);
        // Too short for every lane at a usable height: they have to scroll.
        QTRY_VERIFY(f.plot->height() < podLane.bottom() + lanes * 10);
        for (int lane = 0; lane < lanes; ++lane)
            QVERIFY2(f.plot->laneRect(TimelinePlot::Lane::Binding, lane).height() >= 10, qPrintable(QString::number(lane)));
        QVERIFY(f.plot->contentHeight() >= podLane.bottom() + lanes * 10);
        // Scrolled to the end, the last lane is in view below the fixed lanes.
        f.plot->setVerticalOffset(f.plot->contentHeight());
        const QRect last = f.plot->laneRect(TimelinePlot::Lane::Binding, lanes - 1);
        QVERIFY(last.top() > podLane.bottom());
        QVERIFY(last.bottom() < f.plot->height());
    }

    // Finding 9: a right-click on a cycle selects it and offers its pod's previous and next cycle
    // (the window's actions) before the zoom's; the next one moves the cursor to it and shows it.
    void contextMenuStepsThroughThePodsCycles()
    {
        Fixture f;
        QVERIFY(f.run(QStringLiteral("backlog-node-added.yaml")));
        PodStepActions podSteps(&f.session.playback);
        f.view.setContextActions(podSteps.actions());
        qint32 pod = -1;
        for (qint32 p = 0; p < f.index().catalogue().podCount() && pod < 0; ++p) {
            if (f.index().podCycles(p).size() >= 2)
                pod = p;
        }
        QVERIFY(pod >= 0);
        const std::vector<qint32>& cycles = f.index().podCycles(pod);
        const trace::CycleRecord& first = f.index().cycles()[size_t(cycles[0])];
        const trace::CycleRecord& second = f.index().cycles()[size_t(cycles[1])];
        const VirtualNanos length = first.end - first.start;
        f.view.zoom()->setRange({first.start - 3 * length, first.end + 3 * length}, true);
        QVERIFY(!f.view.zoom()->range().contains(second.end));
        const QPoint onFirst(f.plot->plotLeft() + int(f.plot->coordinates().timeToX(first.start + length / 2)),
                             f.plot->cycleBarRect().center().y());
        QContextMenuEvent click(QContextMenuEvent::Mouse, onFirst, f.plot->mapToGlobal(onFirst));
        QApplication::sendEvent(f.plot, &click);
        QCOMPARE(f.session.view.selectedCycle(), cycles[0]);
        auto* menu = f.plot->findChild<QMenu*>(QStringLiteral("timelineContextMenu"));
        QVERIFY(menu);
        const QList<QAction*> offered = menu->actions();
        QCOMPARE(offered.mid(0, podSteps.actions().size()), podSteps.actions());
        QVERIFY(offered.contains(podSteps.action(PodStepActions::NextCycle)));
        QVERIFY(offered.contains(f.view.zoom()->action(TimelineZoom::ZoomIn)));
        QVERIFY(podSteps.action(PodStepActions::NextCycle)->isEnabled());
        podSteps.action(PodStepActions::NextCycle)->trigger();
        menu->close();
        QCOMPARE(f.session.view.selectedCycle(), cycles[1]);
        QCOMPARE(f.session.view.cursor(), qsizetype(second.endEvent) + 1);
        f.plot->refresh();
        QVERIFY(f.view.zoom()->range().contains(f.session.view.cursorTime()));
        QVERIFY(f.view.zoom()->range().intersects(second.start, second.end));

        // Nothing selected: the pod steps are there but disabled.
        f.session.view.select({});
        QVERIFY(!podSteps.action(PodStepActions::NextCycle)->isEnabled());
    }

    // While the run plays the view paints what has been indexed so far, the running cycle and binding
    // cycles reaching the cursor; every indexed cycle is in the frame.
    void paintsWhileRunning()
    {
        Session session;
        TimelineView view(&session.view);
        session.attach(view);
        view.resize(1400, 640);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const auto scenario = sample(QStringLiteral("gang-scheduling.yaml"));
        session.playback.load(scenario, configurationOf(*scenario), {});
        session.playback.setSpeed(200);
        session.playback.play();
        int frames = 0;
        QElapsedTimer wall;
        wall.start();
        // At least ten frames and ten virtual seconds (more wall time under valgrind or a busy machine).
        for (; (frames < 10 || session.view.cursorTime() < 10 * nanosPerSecond) && wall.elapsed() < 60000; ++frames) {
            QTest::qWait(40);
            QVERIFY(!view.grab().isNull());
            const qsizetype indexed = qsizetype(session.run().index().cycles().size());
            qsizetype framed = 0;
            for (const auto& run : view.plot()->frame().cycles)
                framed += run.count();
            QVERIFY(framed <= indexed);
        }
        session.playback.pause();
        view.plot()->refresh();
        view.zoom()->fitAll();
        qsizetype framed = 0;
        for (const auto& run : view.plot()->frame().cycles)
            framed += run.count();
        QCOMPARE(framed, qsizetype(session.run().index().cycles().size()));
        QVERIFY(session.view.cursorTime() > 10 * nanosPerSecond);
        QVERIFY(frames >= 10);
    }

    // Selecting a cycle elsewhere brings it into view.
    void selectionScrollsIntoView()
    {
        Fixture f;
        QVERIFY(f.run(QStringLiteral("backlog-node-added.yaml")));
        const auto& cycles = f.index().cycles();
        f.view.zoom()->setRange({ 0, 10 * timeline::nanosPerMilli }, true);
        const trace::CycleRecord& last = cycles.back();
        QVERIFY(!f.view.zoom()->range().intersects(last.start, last.end));
        f.session.selectCycle(qint32(cycles.size() - 1));
        QVERIFY(f.view.zoom()->range().contains(last.start));
        QVERIFY(f.view.zoom()->range().contains(last.end));
        QCOMPARE(f.view.zoom()->range().span(), 10 * timeline::nanosPerMilli);
    }

    // A click on the axis moves the cursor to that time.
    void axisClickSeeks()
    {
        Fixture f;
        QVERIFY(f.run(QStringLiteral("backlog-node-added.yaml")));
        f.view.zoom()->fitAll();
        const QRect axis = f.plot->laneRect(TimelinePlot::Lane::Axis);
        const QPoint position(axis.left() + axis.width() / 3, axis.center().y());
        const VirtualNanos t = f.plot->coordinates().xToTime(position.x() - f.plot->plotLeft());
        QTest::mouseClick(f.plot, Qt::LeftButton, {}, position);
        QCOMPARE(f.session.view.cursor(), f.index().positionAfter(t));
        QVERIFY(f.session.view.cursorTime() <= t);
        QVERIFY(!f.session.playback.isPlaying());
    }

    // Mid-run: the cursor in the middle, the future veiled; screenshots at several zooms.
    void grabsMidRun()
    {
        Fixture f;
        QVERIFY(f.run(QStringLiteral("backlog-node-added.yaml")));
        const auto& cycles = f.index().cycles();
        f.session.playback.seek(cycles[cycles.size() / 2].end);
        f.plot->refresh();
        f.view.zoom()->fitAll();
        saveShot(&f.view, QStringLiteral("timeline-backlog-fit"));
        // Around the NodeAdd at 45 s: the retries of the backlog.
        f.session.selectCycle(f.plot->failedCycles().back());
        const trace::CycleRecord& cycle = cycles[size_t(f.plot->failedCycles().back())];
        f.view.zoom()->setRange(
            { cycle.start - 2 * timeline::nanosPerMilli, cycle.end + 2 * timeline::nanosPerMilli }, true);
        f.plot->refresh();
        saveShot(&f.view, QStringLiteral("timeline-backlog-zoomed"));
        const QString tip
            = f.plot->toolTipAt(QPoint(int(f.plot->plotLeft() + f.plot->coordinates().timeToX(cycle.start + 1000)),
                f.plot->cycleBarRect().center().y()));
        QVERIFY2(tip.contains(QStringLiteral("modeled")), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("evaluated")), qPrintable(tip));
    }

    void grabsGang()
    {
        Fixture f;
        QVERIFY(f.run(QStringLiteral("gang-scheduling.yaml")));
        f.view.zoom()->fitAll();
        saveShot(&f.view, QStringLiteral("timeline-gang-fit"));
        // Permit waits: the first binding that waited.
        for (const trace::BindingRecord& binding : f.index().bindings()) {
            if (binding.permitStart >= 0 && binding.start >= 0) {
                f.session.selectCycle(binding.cycle);
                const VirtualNanos length = binding.end - binding.permitStart;
                f.view.zoom()->setRange({ binding.permitStart - length / 4, binding.end + length / 4 }, true);
                break;
            }
        }
        saveShot(&f.view, QStringLiteral("timeline-gang-permit"));
    }

    // A binding cycle's tooltip says what its BindingEnd said: why the gang's pods were rejected at
    // Permit, or where a pod was assigned.
    void bindingToolTipsCarryTheMessage()
    {
        Fixture f;
        QVERIFY(f.run(QStringLiteral("gang-scheduling.yaml")));
        const auto& bindings = f.index().bindings();
        int checked = 0;
        for (const bool success : {false, true}) {
            const auto found = std::find_if(bindings.cbegin(), bindings.cend(), [&](const trace::BindingRecord& binding) {
                return binding.finished && binding.message >= 0 && (binding.code == quint8(framework::Code::Success)) == success;
            });
            QVERIFY(found != bindings.cend());
            const trace::BindingRecord& binding = *found;
            const VirtualNanos begin = binding.permitStart >= 0 ? binding.permitStart : binding.start;
            const VirtualNanos length = std::max<VirtualNanos>(binding.end - begin, 1000);
            f.session.playback.seek(binding.end); // the view stops following the end
            f.plot->refresh();
            f.view.zoom()->setRange({begin - length / 4, binding.end + length / 4}, true);
            const QPoint inside(f.plot->plotLeft() + int(f.plot->coordinates().timeToX(begin + length / 2)),
                                f.plot->laneRect(TimelinePlot::Lane::Binding, binding.lane).center().y());
            QCOMPARE(f.plot->hitTest(inside).binding, qint32(found - bindings.cbegin()));
            const QString tip = f.plot->toolTipAt(inside);
            const QString message = f.index().trace().string(binding.message);
            QVERIFY2(tip.contains(message.toHtmlEscaped()), qPrintable(tip));
            QVERIFY(tip.contains(QStringLiteral("Message")));
            ++checked;
        }
        QCOMPARE(checked, 2);
    }

    // The dark theme: lanes, grid and text from the palette (run last: the theme is application-wide).
    void grabsDark()
    {
        theme::apply(theme::Theme::Dark);
        Fixture f;
        QVERIFY(f.run(QStringLiteral("backlog-node-added.yaml")));
        const qint32 pod = [&] {
            for (qint32 p = 0; p < f.index().catalogue().podCount(); ++p) {
                if (f.index().podCycles(p).size() >= 2)
                    return p;
            }
            return qint32(0);
        }();
        f.session.selectCycle(f.index().podCycles(pod).back());
        const auto& cycle = f.index().cycles()[size_t(f.index().podCycles(pod).back())];
        f.view.zoom()->setRange(
            { cycle.start - 3 * timeline::nanosPerMilli, cycle.end + 40 * timeline::nanosPerMilli }, true);
        saveShot(&f.view, QStringLiteral("timeline-dark"));
        theme::apply(theme::Theme::Light);
    }
};

QTEST_MAIN(TestTimeline)
#include "tst_timeline.moc"
