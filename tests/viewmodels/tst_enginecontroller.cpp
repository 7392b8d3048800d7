// The engine thread: a run in the app gives the same trace as a headless one, byte for byte, and
// starting runs in quick succession never lets a superseded run's progress through.
#include "enginecontroller.h"
#include "scenario/effectiveconfig.h"
#include "scenario/loader.h"
#include "trace/jsonl.h"

#include <QBuffer>
#include <QSignalSpy>
#include <QTest>

using namespace ksv;

namespace {

std::shared_ptr<const Scenario> sample(const char* name)
{
    return std::make_shared<const Scenario>(loadScenarioFile(QStringLiteral(KSV_SAMPLES_DIR "/") + QString::fromLatin1(name)));
}

config::KubeSchedulerConfiguration configurationOf(const Scenario& scenario)
{
    return effectiveConfiguration(scenario);
}

QByteArray headlessTrace(const Scenario& scenario, const SimulationOptions& options)
{
    trace::Trace trace;
    Simulator simulator(scenario, configurationOf(scenario), options, trace);
    simulator.run();
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    trace::writeJsonLines(trace, buffer);
    return buffer.data();
}

QByteArray published(const EngineController& engine)
{
    QByteArray lines;
    for (qsizetype i = 0; i < engine.published(); ++i)
        lines += trace::toJsonLines(*engine.trace(), engine.trace()->at(i));
    return lines;
}

} // namespace

class TestEngineController : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void appRunEqualsHeadlessRun()
    {
        const auto scenario = sample("priority-preemption.yaml");
        EngineController engine;
        QSignalSpy finished(&engine, &EngineController::finished);
        engine.start(scenario, configurationOf(*scenario), {});
        engine.setSpeed(0);
        engine.play();
        QVERIFY(finished.wait(20000));
        QVERIFY(engine.isFinished());
        QCOMPARE(published(engine), headlessTrace(*scenario, {}));
    }

    void pausedUntilPlayedAndSteppable()
    {
        const auto scenario = sample("default.yaml");
        EngineController engine;
        QSignalSpy progressed(&engine, &EngineController::progressed);
        engine.start(scenario, configurationOf(*scenario), {});
        QVERIFY(progressed.wait(5000)); // the initial report: the queue filled at time 0
        const qsizetype atStart = engine.published();
        QTest::qWait(50);
        QCOMPARE(engine.published(), atStart); // paused: nothing moves
        engine.step();
        QVERIFY(progressed.wait(5000));
        QVERIFY(engine.published() > atStart);
    }

    // A run to a time between two events leaves the clock at that time, and a pause's report keeps
    // it there: it used to fall back to the last event's time, so the toolbar's end went back.
    void clockHoldsTheTimeRunTo()
    {
        const auto scenario = sample("backlog-node-added.yaml");
        EngineController engine;
        QSignalSpy progressed(&engine, &EngineController::progressed);
        engine.start(scenario, configurationOf(*scenario), {});
        QVERIFY(progressed.wait(5000));
        const VirtualNanos target = 20 * nanosPerSecond + 123; // no event falls on it
        engine.runUntil(target);
        QTRY_COMPARE_WITH_TIMEOUT(engine.now(), target, 10000);
        QTRY_VERIFY_WITH_TIMEOUT(!progressed.isEmpty(), 5000);
        progressed.clear();
        engine.pause();
        QVERIFY(progressed.wait(5000));
        QCOMPARE(engine.now(), target);
        progressed.clear();
        engine.step(); // the next event, after the target
        QVERIFY(progressed.wait(5000));
        QVERIFY(engine.now() > target);
    }

    // Finding 1 of issue 20: paced play through a stretch where nothing happens (default.yaml has no
    // event between about 2 s and the gate's removal at 20 s) moves the clock all along, instead of
    // holding the last event's time and then jumping. At 10x the stretch takes 1.6 s.
    void clockFlowsThroughIdleStretches()
    {
        const auto scenario = sample("default.yaml");
        EngineController engine;
        QList<VirtualNanos> idleTimes;
        qsizetype idleSize = -1;
        connect(&engine, &EngineController::progressed, this, [&](qsizetype size, qint64 now) {
            if (now > 3 * nanosPerSecond && now < 19 * nanosPerSecond) {
                idleTimes.append(now);
                QVERIFY(idleSize < 0 || size == idleSize); // the trace did not grow: nothing happened
                idleSize = size;
            }
        });
        engine.start(scenario, configurationOf(*scenario), {});
        engine.setSpeed(10);
        engine.play();
        QTRY_VERIFY_WITH_TIMEOUT(engine.now() >= 20 * nanosPerSecond, 30000);
        // About 60 reports a second of wall time; a handful is plenty to tell a flowing clock from
        // one that stood still, on a loaded machine too.
        QVERIFY2(idleTimes.size() >= 5, qPrintable(QString::number(idleTimes.size())));
        QVERIFY(std::ranges::is_sorted(idleTimes));
    }

    // A run may finish while the loop still starts others (the processEvents below lets its reports
    // through, and a small sample runs to its end in a few milliseconds): that finish is the
    // current run's and counts. What must never happen is a report of a superseded run, or one run
    // finishing twice.
    void rapidRestartsDropStaleRuns()
    {
        const auto scenario = sample("affinity-spread.yaml");
        EngineController engine;
        connect(&engine, &EngineController::progressed, this, [&](qsizetype size, qint64) {
            // Every report must fit the current run's trace.
            QVERIFY(size <= engine.trace()->size());
        });
        QList<quint64> finishedGenerations;
        connect(&engine, &EngineController::finished, this, [&] { finishedGenerations.append(engine.generation()); });
        SimulationOptions options;
        for (quint64 seed = 1; seed <= 25; ++seed) {
            options.seed = seed;
            engine.start(scenario, configurationOf(*scenario), options);
            engine.setSpeed(0);
            engine.play();
            if (seed % 5 == 0)
                QCoreApplication::processEvents();
        }
        QTRY_VERIFY_WITH_TIMEOUT(engine.isFinished(), 20000);
        QTest::qWait(50); // room for a stray report, were one let through
        QVERIFY(!finishedGenerations.isEmpty());
        QCOMPARE(finishedGenerations.last(), quint64(25));
        for (qsizetype i = 1; i < finishedGenerations.size(); ++i)
            QVERIFY(finishedGenerations[i - 1] < finishedGenerations[i]); // none twice, none after a newer one
        for (const quint64 generation : finishedGenerations)
            QCOMPARE(generation % 5, quint64(0)); // only a run current during a processEvents could finish
        QCOMPARE(engine.generation(), quint64(25));
        QCOMPARE(published(engine), headlessTrace(*scenario, options));
        engine.stop();
    }
};

QTEST_MAIN(TestEngineController)
#include "tst_enginecontroller.moc"
