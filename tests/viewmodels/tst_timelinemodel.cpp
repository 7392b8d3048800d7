// The timeline's model against real runs, without a widget: the failed and preempted cycles are
// those the trace's CycleEnd events say; every binding cycle sits in one binding lane, whose
// bindings never overlap; failures counted from prefix sums equal those counted one by one; a frame
// folds every item of the window exactly once, and nothing when zoomed in; the item nearest a time is
// the one there; and a model fed as the run goes ends where one fed once does.
#include "framework/status.h"
#include "playbackhelpers.h"
#include "timelinemodel.h"

#include <QTest>

#include <random>

using namespace ksv;
using namespace ksv::testing;
using framework::Code;
using timeline::FoldedRun;
using timeline::TimelineCoordinates;
using timeline::TimelineModel;
using timeline::TimeRange;

namespace {

qsizetype itemsIn(const std::vector<FoldedRun>& runs)
{
    qsizetype items = 0;
    for (const FoldedRun& run : runs)
        items += run.count();
    return items;
}

// Items are in order and no run overlaps the next.
bool inOrder(const std::vector<FoldedRun>& runs)
{
    for (size_t i = 1; i < runs.size(); ++i) {
        if (runs[i].first != runs[i - 1].last)
            return false;
    }
    return true;
}

TimelineCoordinates fitAll(const TimelineModel& model, double width)
{
    return TimelineCoordinates(timeline::fitRange(0, std::max(model.dataEnd(), VirtualNanos(1))), width);
}

} // namespace

class TestTimelineModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void samples_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::newRow("default") << "default.yaml";
        QTest::newRow("backlog-node-added") << "backlog-node-added.yaml";
        QTest::newRow("gang-scheduling") << "gang-scheduling.yaml";
        QTest::newRow("priority-preemption") << "priority-preemption.yaml";
    }

    void listsMatchTheTrace_data() { samples_data(); }
    void listsMatchTheTrace()
    {
        QFETCH(QString, scenario);
        Session session;
        QVERIFY(runToEnd(session, scenario));
        const trace::TraceIndex& index = session.run().index();
        TimelineModel model;
        model.reset(&index);
        model.update(true);

        // Failures: the cycles whose CycleEnd says anything but Success, in trace order.
        std::vector<qint32> failed;
        std::vector<qint32> preempted;
        VirtualNanos end = 0;
        qsizetype cycleEnds = 0;
        for (qsizetype i = 0; i < index.indexed(); ++i) {
            const trace::Event& event = index.trace().at(i);
            if (event.kind() != trace::EventKind::CycleEnd)
                continue;
            ++cycleEnds;
            const qint32 cycle = index.cycleAt(i);
            QVERIFY(cycle >= 0);
            if (event.code() != Code::Success)
                failed.push_back(cycle);
        }
        for (size_t cycle = 0; cycle < index.cycles().size(); ++cycle) {
            if (index.cycles()[cycle].preempted)
                preempted.push_back(qint32(cycle));
            end = std::max(end, index.cycles()[cycle].end);
        }
        QCOMPARE(cycleEnds, qsizetype(index.cycles().size()));
        QCOMPARE(model.failedCycles(), failed);
        QCOMPARE(model.preemptedCycles(), preempted);

        // Bindings: each in exactly one lane, a lane's in order and apart.
        QCOMPARE(model.bindingLaneCount(), index.bindingLanes());
        std::vector<int> seen(index.bindings().size(), 0);
        for (int lane = 0; lane < model.bindingLaneCount(); ++lane) {
            const std::vector<qint32>& members = model.laneBindings(lane);
            for (size_t i = 0; i < members.size(); ++i) {
                const trace::BindingRecord& binding = index.bindings()[size_t(members[i])];
                QCOMPARE(binding.lane, lane);
                ++seen[size_t(members[i])];
                end = std::max(end, binding.end);
                if (i > 0)
                    QVERIFY(model.bindingEnd(index.bindings()[size_t(members[i - 1])]) <= model.bindingStart(binding));
            }
        }
        QVERIFY(std::all_of(seen.cbegin(), seen.cend(), [](int n) { return n == 1; }));
        QCOMPARE(model.dataEnd(), end);
    }

    void failuresFromPrefixSums()
    {
        Session session;
        QVERIFY(runToEnd(session, QStringLiteral("backlog-node-added.yaml")));
        const trace::TraceIndex& index = session.run().index();
        TimelineModel model;
        model.reset(&index);
        model.update(true);
        const auto cycles = qsizetype(index.cycles().size());
        QVERIFY(!model.failedCycles().empty());
        std::mt19937 random(16);
        for (int i = 0; i < 200; ++i) {
            qsizetype first = std::uniform_int_distribution<qsizetype>(0, cycles)(random);
            qsizetype last = std::uniform_int_distribution<qsizetype>(0, cycles)(random);
            if (first > last)
                std::swap(first, last);
            qint64 expected = 0;
            for (qsizetype c = first; c < last; ++c)
                expected += index.cycles()[size_t(c)].code != quint8(Code::Success) ? 1 : 0;
            QCOMPARE(model.failuresIn(first, last), expected);
        }
        for (int lane = 0; lane < model.bindingLaneCount(); ++lane) {
            const std::vector<qint32>& members = model.laneBindings(lane);
            qint64 expected = 0;
            for (const qint32 b : members)
                expected += TimelineModel::bindingFailed(index.bindings()[size_t(b)]) ? 1 : 0;
            QCOMPARE(model.laneFailuresIn(lane, 0, qsizetype(members.size())), expected);
        }
    }

    // Fitted to the whole run every item is in one run of the frame; zoomed onto one cycle nothing
    // folds, and the runs are the cycles the window reaches.
    void framesFoldEveryItemOnce_data() { samples_data(); }
    void framesFoldEveryItemOnce()
    {
        QFETCH(QString, scenario);
        Session session;
        QVERIFY(runToEnd(session, scenario));
        const trace::TraceIndex& index = session.run().index();
        TimelineModel model;
        model.reset(&index);
        model.update(true);
        model.setCursorTime(session.view.cursorTime());

        const auto whole = model.frame(fitAll(model, 900), 0, model.bindingLaneCount());
        QCOMPARE(itemsIn(whole.cycles), qsizetype(index.cycles().size()));
        QCOMPARE(itemsIn(whole.failures), qsizetype(model.failedCycles().size()));
        QCOMPARE(itemsIn(whole.preemptions), qsizetype(model.preemptedCycles().size()));
        QVERIFY(inOrder(whole.cycles));
        QCOMPARE(int(whole.bindings.size()), model.bindingLaneCount());
        for (int lane = 0; lane < model.bindingLaneCount(); ++lane)
            QCOMPARE(itemsIn(whole.bindings[size_t(lane)]), qsizetype(model.laneBindings(lane).size()));
        // A fold holds only what starts within a few pixels of it.
        const TimelineCoordinates fitted = fitAll(model, 900);
        for (const FoldedRun& run : whole.cycles) {
            if (run.folded())
                QVERIFY(fitted.timeToX(index.cycles()[size_t(run.last - 1)].start) - run.x0 <= TimelineModel::foldWidth + 1e-6);
        }

        // Only the lanes asked for.
        if (model.bindingLaneCount() > 1) {
            const auto some = model.frame(fitAll(model, 900), 1, 2);
            QVERIFY(some.bindings[0].empty());
            QCOMPARE(itemsIn(some.bindings[1]), qsizetype(model.laneBindings(1).size()));
        }

        const trace::CycleRecord& middle = index.cycles()[index.cycles().size() / 2];
        const VirtualNanos length = std::max<VirtualNanos>(middle.end - middle.start, 1);
        const TimeRange window {middle.start - 2 * length, middle.end + 2 * length};
        const auto zoomed = model.frame(TimelineCoordinates(window, 900), 0, model.bindingLaneCount());
        qsizetype reaching = 0;
        for (const trace::CycleRecord& cycle : index.cycles())
            reaching += window.intersects(cycle.start, cycle.end) ? 1 : 0;
        qsizetype drawn = 0;
        for (const FoldedRun& run : zoomed.cycles) {
            QVERIFY(!run.folded());
            drawn += window.intersects(index.cycles()[size_t(run.first)].start, index.cycles()[size_t(run.first)].end) ? 1 : 0;
        }
        QCOMPARE(drawn, reaching);
        QVERIFY(drawn >= 1);
    }

    // Finding 9: at any zoom every run of a frame (a cycle, a fold of cycles, a failure or preemption
    // mark, a binding) is at least foldWidth pixels wide, so that nothing vanishes, unless the next
    // run starts sooner, which it then reaches and does not cover: neighbours never overlap.
    void everyRunIsAVisibleMark_data() { samples_data(); }
    void everyRunIsAVisibleMark()
    {
        QFETCH(QString, scenario);
        Session session;
        QVERIFY(runToEnd(session, scenario));
        const trace::TraceIndex& index = session.run().index();
        TimelineModel model;
        model.reset(&index);
        model.update(true);
        model.setCursorTime(session.view.cursorTime());
        const auto check = [](const std::vector<FoldedRun>& runs, const char* what) {
            for (size_t i = 0; i < runs.size(); ++i) {
                const FoldedRun& run = runs[i];
                const QString where = QString::fromLatin1(what) + QStringLiteral(" run %1 of %2: x %3 to %4")
                                          .arg(i).arg(runs.size()).arg(run.x0).arg(run.x1);
                QVERIFY2(run.x1 - run.x0 >= 1.0 - 1e-9, qPrintable(where));
                if (i + 1 == runs.size()) {
                    QVERIFY2(run.x1 - run.x0 >= TimelineModel::foldWidth - 1e-9, qPrintable(where));
                    continue;
                }
                const double next = runs[i + 1].x0;
                QVERIFY2(run.x1 - run.x0 >= TimelineModel::foldWidth - 1e-9 || run.x1 >= next - 1e-9, qPrintable(where));
                QVERIFY2(run.x1 <= std::max(next, run.x0 + 1.0) + 1e-9, qPrintable(where));
            }
        };
        const trace::CycleRecord& middle = index.cycles()[index.cycles().size() / 2];
        for (const double width : {300.0, 900.0, 1900.0}) {
            const TimelineCoordinates whole = fitAll(model, width);
            const TimelineCoordinates around(TimeRange {middle.start - 50 * timeline::nanosPerMilli, middle.start + 50 * timeline::nanosPerMilli}, width);
            for (const TimelineCoordinates& coordinates : {whole, around}) {
                const auto frame = model.frame(coordinates, 0, model.bindingLaneCount());
                // The first failure says enough.
                check(frame.cycles, "cycle");
                check(frame.failures, "failure");
                check(frame.preemptions, "preemption");
                for (size_t lane = 0; lane < frame.bindings.size() && !QTest::currentTestFailed(); ++lane)
                    check(frame.bindings[lane], "binding");
                if (QTest::currentTestFailed())
                    return;
            }
        }
    }

    void nearestItemIsTheOneThere()
    {
        Session session;
        QVERIFY(runToEnd(session, QStringLiteral("backlog-node-added.yaml")));
        const trace::TraceIndex& index = session.run().index();
        TimelineModel model;
        model.reset(&index);
        model.update(true);
        for (const size_t cycle : {size_t(0), index.cycles().size() / 2, index.cycles().size() - 1}) {
            const trace::CycleRecord& record = index.cycles()[cycle];
            QCOMPARE(model.cycleNear(record.start + (record.end - record.start) / 2, 1), qint32(cycle));
        }
        QCOMPARE(model.cycleNear(-nanosPerSecond, 10), -1); // before anything ran
        for (int lane = 0; lane < model.bindingLaneCount(); ++lane) {
            for (const qint32 b : model.laneBindings(lane)) {
                const trace::BindingRecord& binding = index.bindings()[size_t(b)];
                const VirtualNanos middle = (model.bindingStart(binding) + model.bindingEnd(binding)) / 2;
                QCOMPARE(model.bindingNear(lane, middle, 1), b);
            }
        }
        // A pod that needed several attempts: each is found in its lane.
        qint32 pod = -1;
        for (qint32 p = 0; p < index.catalogue().podCount() && pod < 0; ++p) {
            if (index.podCycles(p).size() >= 2)
                pod = p;
        }
        QVERIFY(pod >= 0);
        for (const qint32 cycle : index.podCycles(pod))
            QCOMPARE(model.podCycleNear(pod, index.cycles()[size_t(cycle)].start, 1), cycle);
        for (const qint32 b : index.podBindings(pod))
            QCOMPARE(model.podBindingAt(pod, index.bindings()[size_t(b)].end, 0), b);
    }

    // Running items reach the cursor; finished ones keep their end.
    void runningItemsReachTheCursor()
    {
        TimelineModel model;
        model.setCursorTime(50);
        trace::CycleRecord running;
        running.start = 20;
        QCOMPARE(model.cycleEnd(running), 50);
        running.start = 80; // a cursor before its start (seeking back) leaves it an instant
        QCOMPARE(model.cycleEnd(running), 80);
        trace::CycleRecord finished;
        finished.start = 20;
        finished.endEvent = 7;
        finished.end = 30;
        QCOMPARE(model.cycleEnd(finished), 30);
        trace::BindingRecord waiting;
        waiting.permitStart = 10;
        QCOMPARE(TimelineModel::bindingStart(waiting), 10);
        QCOMPARE(model.bindingEnd(waiting), 50);
        QVERIFY(!TimelineModel::bindingFailed(waiting));
        waiting.finished = true;
        waiting.end = 40;
        waiting.code = quint8(Code::Unschedulable);
        QCOMPARE(model.bindingEnd(waiting), 40);
        QVERIFY(TimelineModel::bindingFailed(waiting));
    }

    // Fed after every step of a run that plays at a pace, the model ends where one fed once at the
    // end does: the lists only ever grow by what finished.
    void growsAsTheRunGoes()
    {
        Session session;
        const auto scenario = sample(QStringLiteral("gang-scheduling.yaml"));
        session.playback.load(scenario, configurationOf(*scenario), {});
        TimelineModel growing;
        growing.reset(&session.run().index());
        int updates = 0;
        connect(&session.view, &ViewState::cursorChanged, this, [&] {
            growing.update(session.run().isFinished());
            ++updates;
        });
        session.playback.setSpeed(200);
        session.playback.play();
        QTRY_VERIFY_WITH_TIMEOUT(session.playback.isFinished(), 60000);
        growing.update(true);
        QVERIFY(updates > 2);

        TimelineModel once;
        once.reset(&session.run().index());
        once.update(true);
        QCOMPARE(growing.failedCycles(), once.failedCycles());
        QCOMPARE(growing.preemptedCycles(), once.preemptedCycles());
        QCOMPARE(growing.bindingLaneCount(), once.bindingLaneCount());
        for (int lane = 0; lane < once.bindingLaneCount(); ++lane) {
            QCOMPARE(growing.laneBindings(lane), once.laneBindings(lane));
            QCOMPARE(growing.laneFailuresIn(lane, 0, qsizetype(once.laneBindings(lane).size())),
                     once.laneFailuresIn(lane, 0, qsizetype(once.laneBindings(lane).size())));
        }
        QCOMPARE(growing.failuresIn(0, qsizetype(session.run().index().cycles().size())),
                 once.failuresIn(0, qsizetype(session.run().index().cycles().size())));
        QCOMPARE(growing.dataEnd(), once.dataEnd());
    }
};

QTEST_MAIN(TestTimelineModel)
#include "tst_timelinemodel.moc"
