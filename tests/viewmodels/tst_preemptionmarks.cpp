// What the views mark of preemption (issue 20, finding 11), against real runs: the priority sample's
// two preemptions (one victim each, on worker-b-0 and worker-b-1, as the sample's comment says), and
// a preemption whose victims waited on Permit and so went back to the queue
// (tests/data/preemption-at-permit.yaml). Victims stay marked as the state is rebuilt from checkpoints.
#include "preemptionmarks.h"
#include "simulatedrun.h"

#include <QTest>

using namespace ksv;
using namespace ksv::testing;
using trace::EventKind;
using trace::PodLocation;

class TestPreemptionMarks : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sampleTakesOneVictimEach_data()
    {
        QTest::addColumn<QString>("preemptor");
        QTest::addColumn<QString>("node");
        QTest::addColumn<QString>("victim");
        QTest::newRow("checkout-api-0") << "shop/checkout-api-7f6d5c4b8-0"
                                        << "worker-b-0"
                                        << "analytics/etl-backfill-zm5w8";
        QTest::newRow("checkout-api-1") << "shop/checkout-api-7f6d5c4b8-1"
                                        << "worker-b-1"
                                        << "analytics/etl-backfill-f7s4k";
    }
    void sampleTakesOneVictimEach()
    {
        QFETCH(QString, preemptor);
        QFETCH(QString, node);
        QFETCH(QString, victim);
        const SimulatedRun run = simulate(QStringLiteral(KSV_SAMPLES_DIR "/priority-preemption.yaml"));
        const trace::TraceIndex& index = *run.index;
        const auto& catalogue = index.catalogue();
        const qint32 pod = catalogue.podIndex(preemptor);
        QVERIFY(pod >= 0);

        const Preemption latest = latestPreemption(index, pod, index.indexed());
        QVERIFY(latest.position >= 0);
        QVERIFY(index.trace().at(latest.position).kind() == EventKind::Preemption);
        QCOMPARE(latest.preemptor, pod);
        QCOMPARE(catalogue.nodeName(latest.node), node);
        QCOMPARE(latest.victims.size(), size_t(1));
        QCOMPARE(catalogue.podKey(latest.victims.front().pod), victim);
        QCOMPARE(catalogue.nodeName(latest.victims.front().node), node);
        QCOMPARE(latest.victimsOn(catalogue.nodeIndex(node)), 1);
        QCOMPARE(latest.victimsOn(catalogue.nodeIndex(QStringLiteral("worker-a-0"))), 0);
        // Not there before it happened.
        QCOMPARE(latestPreemption(index, pod, latest.position).position, qint64(-1));

        // The attempt that preempted is the one the index flags.
        const std::vector<qint32>& cycles = index.podCycles(pod);
        const auto preempting
            = std::find_if(cycles.begin(), cycles.end(), [&](qint32 c) { return index.cycles()[size_t(c)].preempted; });
        QVERIFY(preempting != cycles.end());
        const trace::CycleRecord& record = index.cycles()[size_t(*preempting)];
        QVERIFY(record.startEvent < latest.position && latest.position < record.endEvent);

        // Once nominated: the node is marked, and so are the victims of the selected attempt.
        const qsizetype nominated = firstEvent(index, EventKind::Nominated, preemptor);
        QVERIFY(nominated > latest.position);
        const trace::ReplayState afterNomination = index.stateAt(nominated + 1);
        const PreemptionMarks marks = preemptionMarks(index, afterNomination, pod, *preempting);
        QCOMPARE(marks.pod, pod);
        QCOMPARE(catalogue.nodeName(marks.nominatedNode), node);
        QCOMPARE(marks.preemption, latest);
        QVERIFY(!marks.isEmpty());
        // In the queue with a nominated node: the lanes mark it. The victim, still bound while it
        // terminates, is preempted but in no lane.
        QVERIFY(laneMarks(afterNomination, pod).nominated);
        QVERIFY(!laneMarks(afterNomination, pod).victim);
        const qint32 victimPod = catalogue.podIndex(victim);
        QVERIFY(afterNomination.pods[size_t(victimPod)].location == PodLocation::Bound);
        QVERIFY(afterNomination.pods[size_t(victimPod)].preempted);
        QVERIFY(!laneMarks(afterNomination, victimPod).any());

        // Before the preemption: nothing to mark.
        const trace::ReplayState before = index.stateAt(latest.position);
        QVERIFY(preemptionMarks(index, before, pod, -1).isEmpty());
        QVERIFY(!laneMarks(before, pod).any());

        // At the end the pod is bound on the node it was nominated to: no nomination left, and its
        // preemption is still the latest before the cursor.
        const trace::ReplayState& end = index.head();
        QVERIFY(end.pods[size_t(pod)].location == PodLocation::Bound);
        QCOMPARE(catalogue.nodeName(end.pods[size_t(pod)].node), node);
        const PreemptionMarks atEnd = preemptionMarks(index, end, pod, end.pods[size_t(pod)].lastCycle);
        QCOMPARE(atEnd.nominatedNode, -1);
        QCOMPARE(atEnd.preemption, latest);
        QVERIFY(!laneMarks(end, pod).any());
    }

    // Victims waiting on Permit are rejected, not deleted: they go back to the queue, marked until
    // they are bound again, with who preempted them.
    void victimsBackInTheQueue()
    {
        // Checkpoints every 64 events: the state at the end is rebuilt from one, not followed.
        const SimulatedRun run = simulate(QStringLiteral(KSV_TEST_DATA_DIR "/preemption-at-permit.yaml"), 64);
        const trace::TraceIndex& index = *run.index;
        const auto& catalogue = index.catalogue();
        const qint32 urgent = catalogue.podIndex(QStringLiteral("shop/urgent"));
        QVERIFY(urgent >= 0);
        const Preemption preemption = latestPreemption(index, urgent, index.indexed());
        QCOMPARE(catalogue.nodeName(preemption.node), QStringLiteral("worker-0"));
        QVERIFY(preemption.victims.size() >= 2);
        QCOMPARE(qint64(preemption.victims.size()), index.trace().at(preemption.position).victims());

        const trace::ReplayState end = index.stateAt(index.indexed() - 1);
        QVERIFY(end.position > index.checkpointBefore(end.position));
        int marked = 0;
        for (qint32 pod = 0; pod < catalogue.podCount(); ++pod) {
            const bool victim = std::any_of(preemption.victims.begin(), preemption.victims.end(),
                [pod](const PreemptionVictim& v) { return v.pod == pod; });
            const trace::PodRow& row = end.pods[size_t(pod)];
            QCOMPARE(laneMarks(end, pod).victim, victim);
            QCOMPARE(row.preempted, victim);
            QCOMPARE(index.head().pods[size_t(pod)].preempted, victim); // followed or rebuilt, the same
            if (!victim)
                continue;
            QVERIFY2(row.location == PodLocation::Unschedulable || row.location == PodLocation::Backoff
                    || row.location == PodLocation::Active,
                qPrintable(catalogue.podKey(pod)));
            const PreemptedBy by = preemptedBy(index, pod, end.position);
            QCOMPARE(by.pod, urgent);
            QCOMPARE(catalogue.nodeName(by.node), QStringLiteral("worker-0"));
            QCOMPARE(by.time, preemption.time);
            ++marked;
        }
        QCOMPARE(marked, int(preemption.victims.size()));
        QCOMPARE(preemptedBy(index, urgent, end.position).pod, -1);

        // shop/urgent waits in the queue nominated to worker-0, then binds there.
        const qsizetype nominated = firstEvent(index, EventKind::Nominated, QStringLiteral("shop/urgent"));
        QVERIFY(nominated >= 0);
        const trace::ReplayState waiting = index.stateAt(nominated + 1);
        QVERIFY(laneMarks(waiting, urgent).nominated);
        QCOMPARE(
            preemptionMarks(index, waiting, urgent, -1).nominatedNode, catalogue.nodeIndex(QStringLiteral("worker-0")));
        QVERIFY(end.pods[size_t(urgent)].location == PodLocation::Bound);
        QVERIFY(!laneMarks(end, urgent).any());
    }
};

QTEST_GUILESS_MAIN(TestPreemptionMarks)
#include "tst_preemptionmarks.moc"
