// The app's run policy: every run records per-node detail up to the fixed budget, and Filter and
// Score get at most every core but one (the GUI keeps one), never more than the configuration's
// parallelism, and a single thread where framework::effectiveParallelism says so (two cores or fewer).
#include "config/types.h"
#include "runpolicy.h"

#include <QTest>

#include <thread>

using namespace ksv;

class TestRunPolicy : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void options_data()
    {
        QTest::addColumn<int>("cores");
        QTest::addColumn<int>("parallelism");
        for (const int cores : {0, 1, 2, 3, 4, 8, 64}) {
            for (const int parallelism : {1, 4, 16})
                QTest::addRow("%d cores, parallelism %d", cores, parallelism) << cores << parallelism;
        }
    }
    void options()
    {
        QFETCH(int, cores);
        QFETCH(int, parallelism);
        config::KubeSchedulerConfiguration configuration;
        configuration.parallelism = parallelism;
        const SimulationOptions options = defaultRunOptions(configuration, cores);

        QCOMPARE(options.nodeDetailBudget, qsizetype(512) << 20);
        QVERIFY(options.nodeDetail);
        QVERIFY(!options.seed);
        QVERIFY(!options.until);
        QVERIFY(options.threads.has_value());
        const int threads = *options.threads;
        QVERIFY(threads >= 1);
        QVERIFY(threads <= parallelism);
        if (cores > 1)
            QVERIFY(threads <= cores - 1); // one core stays the GUI's
        const int hardware = int(std::thread::hardware_concurrency());
        if (hardware <= 2)
            QCOMPARE(threads, 1);
        else
            QVERIFY(threads <= hardware);
        // Given the room, it takes it: the configuration's parallelism, up to the cap.
        if (hardware > 2)
            QCOMPARE(threads, std::max(1, std::min({parallelism, hardware, std::max(1, cores - 1)})));
    }
};

QTEST_GUILESS_MAIN(TestRunPolicy)
#include "tst_runpolicy.moc"
