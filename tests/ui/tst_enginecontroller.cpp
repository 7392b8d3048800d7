// The engine thread: a run in the app gives the same trace as a headless one, byte for byte, and
// starting runs in quick succession never lets a superseded run's progress through.
#include "config/config.h"
#include "enginecontroller.h"
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
    return scenario.schedulerConfig ? config::decodeConfiguration(*scenario.schedulerConfig) : config::defaultConfiguration();
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
        lines += trace::toJsonLine(*engine.trace(), engine.trace()->at(i));
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

    void rapidRestartsDropStaleRuns()
    {
        const auto scenario = sample("affinity-spread.yaml");
        EngineController engine;
        connect(&engine, &EngineController::progressed, this, [&](qsizetype size, qint64) {
            // Every report must fit the current run's trace.
            QVERIFY(size <= engine.trace()->size());
        });
        QSignalSpy finished(&engine, &EngineController::finished);
        SimulationOptions options;
        for (quint64 seed = 1; seed <= 25; ++seed) {
            options.seed = seed;
            engine.start(scenario, configurationOf(*scenario), options);
            engine.setSpeed(0);
            engine.play();
            if (seed % 5 == 0)
                QCoreApplication::processEvents();
        }
        QVERIFY(finished.wait(20000));
        QCOMPARE(finished.size(), 1);
        QCOMPARE(engine.generation(), quint64(25));
        QCOMPARE(published(engine), headlessTrace(*scenario, options));
        engine.stop();
    }
};

QTEST_MAIN(TestEngineController)
#include "tst_enginecontroller.moc"
