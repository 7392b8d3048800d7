// Playback: stepping by event, extension point and cycle; seeking back (from checkpoints) and ahead
// (the engine runs to the time); replaying what was published at a speed, then following the engine
// again; reset gives the same run; selection stays linked.
#include "config/config.h"
#include "enginecontroller.h"
#include "playback.h"
#include "playbackhelpers.h"
#include "scenario/loader.h"
#include "trace/jsonl.h"

#include <QSignalSpy>
#include <QTest>

using namespace ksv;
using ksv::testing::configurationOf;
using ksv::testing::sample;
using trace::EventKind;

namespace {


void loadAndWait(Playback& playback, const std::shared_ptr<const Scenario>& scenario)
{
    playback.load(scenario, configurationOf(*scenario), {});
    QTRY_VERIFY_WITH_TIMEOUT(playback.published() > 0, 10000); // the initial report
}

void playToEnd(Playback& playback)
{
    playback.setSpeed(0);
    playback.play();
    QTRY_VERIFY_WITH_TIMEOUT(playback.isFinished(), 30000);
}

void compareToScratch(const Playback& playback)
{
    const trace::TraceIndex& index = *playback.index();
    trace::ReplayState expected(index.catalogue(), index.trace().objects().initial());
    for (qsizetype i = 0; i < playback.cursor(); ++i)
        expected.apply(index.trace().at(i), index);
    const trace::ReplayState& actual = playback.state();
    QCOMPARE(actual.position, expected.position);
    QCOMPARE(actual.counts, expected.counts);
    QCOMPARE(actual.nodeRequested, expected.nodeRequested);
}

QByteArray traceText(const trace::Trace& trace, qsizetype size)
{
    QByteArray lines;
    for (qsizetype i = 0; i < size; ++i)
        lines += trace::toJsonLines(trace, trace.at(i));
    return lines;
}

} // namespace

class TestPlayback : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void stepsByEventExtensionPointAndCycle()
    {
        Playback playback;
        loadAndWait(playback, sample("backlog-node-added.yaml"));
        const trace::Trace& trace = *playback.trace();

        // Events: one at a time (Filter's and Score's per-node detail is one event each).
        int nodeDetailSteps = 0;
        for (int i = 0; i < 40; ++i) {
            const qsizetype before = playback.cursor();
            playback.step(Playback::StepUnit::Event);
            QTRY_VERIFY_WITH_TIMEOUT(playback.cursor() > before, 5000);
            QCOMPARE(playback.cursor(), before + 1);
            const trace::Event& last = trace.at(playback.cursor() - 1);
            nodeDetailSteps += last.kind() == EventKind::FilterNodes || last.kind() == EventKind::ScoreNodes ? 1 : 0;
            QVERIFY(!playback.isFollowing());
            QCOMPARE(playback.cursorTime(), last.time());
        }
        QVERIFY(nodeDetailSteps > 0);
        compareToScratch(playback);

        // Extension points: the cursor stops after a plugin result, a node-detail group or a cycle's end.
        for (int i = 0; i < 10; ++i) {
            const qsizetype before = playback.cursor();
            playback.step(Playback::StepUnit::ExtensionPoint);
            QTRY_VERIFY_WITH_TIMEOUT(playback.cursor() > before, 5000);
            const auto kind = trace.at(playback.cursor() - 1).kind();
            QVERIFY(kind == EventKind::PluginResult || kind == EventKind::FilterNodes || kind == EventKind::ScoreNodes
                    || kind == EventKind::CycleEnd);
            if (playback.cursor() < playback.published()) {
                const trace::Event& next = trace.at(playback.cursor());
                const trace::Event& last = trace.at(playback.cursor() - 1);
                QVERIFY(!(next.kind() == last.kind() && next.cycle() == last.cycle()
                          && (next.kind() != EventKind::PluginResult || next.point() == last.point())));
            }
        }

        // Cycles: the cursor stops right after a cycle's end, one cycle at a time.
        for (int i = 0; i < 3; ++i) {
            const qsizetype before = playback.cursor();
            playback.step(Playback::StepUnit::Cycle);
            QTRY_VERIFY_WITH_TIMEOUT(playback.cursor() > before, 5000);
            QCOMPARE(int(trace.at(playback.cursor() - 1).kind()), int(EventKind::CycleEnd));
            for (qsizetype p = before; p < playback.cursor() - 1; ++p)
                QVERIFY(trace.at(p).kind() != EventKind::CycleEnd);
        }
        compareToScratch(playback);

        // And back.
        const qsizetype here = playback.cursor();
        playback.stepBack(Playback::StepUnit::Cycle);
        QVERIFY(playback.cursor() < here);
        QVERIFY(playback.cursor() == 0 || trace.at(playback.cursor() - 1).kind() == EventKind::CycleEnd);
        compareToScratch(playback);
        const qsizetype atCycle = playback.cursor();
        playback.step(Playback::StepUnit::Event);
        QTRY_VERIFY_WITH_TIMEOUT(playback.cursor() > atCycle, 5000);
        playback.stepBack(Playback::StepUnit::Event);
        QCOMPARE(playback.cursor(), atCycle);
    }

    void seeksBackFromCheckpointsAndAheadByRunning()
    {
        Playback playback;
        loadAndWait(playback, sample("backlog-node-added.yaml"));
        // Ahead: the engine runs to 20 s and the cursor shows exactly what happened by then.
        playback.seek(20 * nanosPerSecond);
        QTRY_COMPARE_WITH_TIMEOUT(playback.cursorTime(), 20 * nanosPerSecond, 10000);
        QVERIFY(playback.engineTime() >= 20 * nanosPerSecond);
        QCOMPARE(playback.cursor(), playback.index()->positionAfter(20 * nanosPerSecond));
        QVERIFY(!playback.isPlaying());
        compareToScratch(playback);

        playToEnd(playback);
        const qsizetype end = playback.cursor();
        QCOMPARE(end, playback.published());
        // Back: every event up to the time applied, none after.
        playback.seek(5 * nanosPerSecond);
        QCOMPARE(playback.cursorTime(), 5 * nanosPerSecond);
        QCOMPARE(playback.cursor(), playback.index()->positionAfter(5 * nanosPerSecond));
        compareToScratch(playback);
        playback.seekPosition(end / 2);
        QCOMPARE(playback.cursor(), end / 2);
        compareToScratch(playback);
        QVERIFY(!playback.isFinished());

        // Playing from the past replays the published trace, then the run is over again.
        playback.setSpeed(0);
        playback.play();
        QTRY_VERIFY_WITH_TIMEOUT(playback.isFinished(), 10000);
        QVERIFY(!playback.isPlaying());
        QCOMPARE(playback.cursor(), end);
    }

    void seekAwayFromTheEndReusesTheCursorsMemory()
    {
        // The first seek away from the engine's end copies a checkpoint into memory the cursor's
        // state got at load, and catching up with the engine again keeps it for the next seek.
        Playback playback;
        loadAndWait(playback, sample("backlog-node-added.yaml"));
        playToEnd(playback);
        const qsizetype end = playback.cursor();
        playback.seekPosition(end / 3);
        const trace::PodRow* pods = playback.state().pods.data();
        QVERIFY(pods != playback.index()->head().pods.data());
        compareToScratch(playback);
        playToEnd(playback); // replays to the end, then follows the engine again
        QCOMPARE(playback.state().pods.data(), playback.index()->head().pods.data());
        playback.seekPosition(end / 2);
        QCOMPARE(playback.state().pods.data(), pods);
        QCOMPARE(playback.cursor(), end / 2);
        compareToScratch(playback);
        // Far ahead (past a checkpoint) and a little ahead (from the cursor): the same state.
        playback.seekPosition(end / 10);
        compareToScratch(playback);
        playback.seekPosition(end - 1);
        QCOMPARE(playback.cursor(), end - 1);
        compareToScratch(playback);
        playback.seekPosition(end);
        compareToScratch(playback);
    }

    // The engine answers every pause with a report, and seeks and steps back pause it: that answer
    // publishes nothing and must not tell the views a second time that the cursor changed (each
    // view refreshed again a turn after its refresh for the seek). A report with news still does.
    void aSeekSaysTheCursorChangedOnce()
    {
        Playback playback;
        loadAndWait(playback, sample("backlog-node-added.yaml"));
        QSignalSpy cursorChanged(&playback, &Playback::cursorChanged);
        QSignalSpy progressed(playback.engine(), &EngineController::progressed);
        const auto answered = [&] {
            // The engine's report comes through a queued signal; the indexing it asks for runs a
            // turn later.
            QTRY_VERIFY_WITH_TIMEOUT(!progressed.isEmpty(), 5000);
            for (int i = 0; i < 10; ++i)
                QCoreApplication::processEvents();
        };

        // Mid-run: paused while the engine played (paced: this sample runs to its end in a blink).
        playback.setSpeed(50);
        playback.play();
        QTRY_VERIFY_WITH_TIMEOUT(playback.engineTime() >= 5 * nanosPerSecond, 10000);
        playback.pause();
        progressed.clear();
        answered();
        QVERIFY(!playback.isFinished());
        QVERIFY(cursorChanged.count() >= 1); // the run was news
        cursorChanged.clear();
        progressed.clear();
        playback.seekPosition(playback.cursor() / 2);
        answered();
        QCOMPARE(cursorChanged.count(), 1);
        cursorChanged.clear();
        progressed.clear();
        playback.stepBack(Playback::StepUnit::Event);
        answered();
        QCOMPARE(cursorChanged.count(), 1);

        // At the end of the run.
        playToEnd(playback);
        cursorChanged.clear();
        progressed.clear();
        playback.seekPosition(playback.published() / 3);
        answered();
        QCOMPARE(cursorChanged.count(), 1);
        QVERIFY(!playback.isFinished());

        // News still comes: a step the engine has to take first moves the cursor once it reports.
        loadAndWait(playback, sample("backlog-node-added.yaml"));
        for (int i = 0; i < 10; ++i)
            QCoreApplication::processEvents();
        const qsizetype before = playback.published();
        cursorChanged.clear();
        playback.step(Playback::StepUnit::Cycle);
        QTRY_VERIFY_WITH_TIMEOUT(playback.published() > before, 5000);
        QTRY_VERIFY_WITH_TIMEOUT(playback.cursor() > before, 5000);
        QVERIFY(cursorChanged.count() >= 2); // the step leaving the engine's end, then the cycle's events
    }

    // A seek ahead of the engine runs it to that time, and its clock stays there: it used to fall back
    // to the last event's time at the next pause, so the toolbar's end went back and the next seek
    // said cursorChanged twice.
    void aSeekAheadKeepsTheClock()
    {
        Playback playback;
        loadAndWait(playback, sample("backlog-node-added.yaml"));
        const VirtualNanos target = 20 * nanosPerSecond + 123; // no event falls on it
        playback.seek(target);
        QTRY_COMPARE_WITH_TIMEOUT(playback.engineTime(), target, 10000);
        for (int i = 0; i < 10; ++i)
            QCoreApplication::processEvents();
        QSignalSpy cursorChanged(&playback, &Playback::cursorChanged);
        QSignalSpy progressed(playback.engine(), &EngineController::progressed);
        playback.seek(target / 2);
        QTRY_VERIFY_WITH_TIMEOUT(!progressed.isEmpty(), 5000);
        for (int i = 0; i < 10; ++i)
            QCoreApplication::processEvents();
        QCOMPARE(cursorChanged.count(), 1);
        QCOMPARE(playback.engineTime(), target);
    }

    void resetGivesTheSameRun()
    {
        Playback playback;
        const auto scenario = sample("priority-preemption.yaml");
        loadAndWait(playback, scenario);
        playToEnd(playback);
        const QByteArray first = traceText(*playback.trace(), playback.published());
        QSignalSpy runChanged(&playback, &Playback::runChanged);
        playback.reset();
        QCOMPARE(runChanged.count(), 1);
        QTRY_VERIFY_WITH_TIMEOUT(playback.published() > 0, 10000);
        QVERIFY(!playback.isFinished());
        playToEnd(playback);
        QCOMPARE(traceText(*playback.trace(), playback.published()), first);
    }

    void selectionIsLinked()
    {
        Playback playback;
        loadAndWait(playback, sample("backlog-node-added.yaml"));
        playToEnd(playback);
        const trace::TraceIndex& index = *playback.index();
        QVERIFY(!index.cycles().empty());
        QSignalSpy selection(&playback, &Playback::selectionChanged);
        const qint32 pod = index.cycles().front().pod;
        playback.selectPod(pod);
        QCOMPARE(playback.selectedPod(), pod);
        QCOMPARE(playback.selectedCycle(), index.podCycles(pod).back());
        playback.selectCycle(0);
        QCOMPARE(playback.selectedCycle(), 0);
        QCOMPARE(playback.selectedPod(), index.cycles().front().pod);
        playback.selectNode(0);
        QCOMPARE(playback.selectedNode(), 0);
        playback.selectNode(index.catalogue().nodeCount()); // out of range: none
        QCOMPARE(playback.selectedNode(), -1);
        QCOMPARE(selection.count(), 4);
    }

    void speedIsClamped()
    {
        Playback playback;
        playback.setSpeed(5000);
        QCOMPARE(playback.speed(), 1000.0);
        playback.setSpeed(0.01);
        QCOMPARE(playback.speed(), 0.1);
        playback.setSpeed(0);
        QCOMPARE(playback.speed(), 0.0);
    }
};

QTEST_MAIN(TestPlayback)
#include "tst_playback.moc"
