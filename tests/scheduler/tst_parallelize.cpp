// framework::Parallelizer: every piece exactly once, the prefix rule after a stop, and many jobs in a
// row with helpers both spinning and asleep between them.
#include "framework/parallelize.h"

#include <QTest>

#include <atomic>
#include <chrono>
#include <memory>
#include <thread>

using namespace ksv::framework;

namespace {

// One counter per piece, so that a piece run twice or never shows.
struct Visits
{
    explicit Visits(qsizetype pieces)
        : counts(std::make_unique<std::atomic<int>[]>(size_t(pieces)))
        , size(pieces)
    {
        for (qsizetype i = 0; i < pieces; ++i)
            counts[size_t(i)].store(0);
    }
    std::unique_ptr<std::atomic<int>[]> counts;
    qsizetype size;
};

} // namespace

class TestParallelize : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // parallelism_test.go TestChunkSize, with DefaultParallelism (16).
    void chunkSizeFor_data()
    {
        QTest::addColumn<qsizetype>("pieces");
        QTest::addColumn<qsizetype>("expected");
        QTest::newRow("32") << qsizetype(32) << qsizetype(3);
        QTest::newRow("16") << qsizetype(16) << qsizetype(2);
        QTest::newRow("1") << qsizetype(1) << qsizetype(1);
        QTest::newRow("0") << qsizetype(0) << qsizetype(1);
        // sqrt(5000) = 70, below 5000 / 16 + 1.
        QTest::newRow("5000") << qsizetype(5000) << qsizetype(70);
    }
    void chunkSizeFor()
    {
        QFETCH(qsizetype, pieces);
        QFETCH(qsizetype, expected);
        QCOMPARE(Parallelizer::chunkSizeFor(pieces, 16), expected);
    }

    void everyPieceOnce_data()
    {
        QTest::addColumn<int>("parallelism");
        QTest::addColumn<qsizetype>("pieces");
        for (int parallelism : {1, 2, 4}) {
            for (qsizetype pieces : {0, 1, 2, 7, 100, 5000}) {
                const QByteArray name = QByteArray::number(parallelism) + " threads, " + QByteArray::number(pieces) + " pieces";
                QTest::newRow(name.constData()) << parallelism << pieces;
            }
        }
    }
    void everyPieceOnce()
    {
        QFETCH(int, parallelism);
        QFETCH(qsizetype, pieces);
        Parallelizer parallelizer(parallelism);
        Visits visits(pieces);
        std::atomic<int> badRanges {0};
        parallelizer.until(pieces, [&](qsizetype begin, qsizetype end) {
            if (begin < 0 || end > pieces || begin >= end)
                badRanges.fetch_add(1);
            for (qsizetype i = begin; i < end; ++i)
                visits.counts[size_t(i)].fetch_add(1);
            return true;
        });
        QCOMPARE(badRanges.load(), 0);
        for (qsizetype i = 0; i < pieces; ++i)
            QCOMPARE(visits.counts[size_t(i)].load(), 1);
    }

    // After a range returns false no new range starts; the ranges that ran cover a prefix of the
    // pieces, each piece once, and that prefix holds the piece whose range said stop.
    void stopLeavesAPrefix_data()
    {
        QTest::addColumn<int>("parallelism");
        QTest::newRow("1 thread") << 1;
        QTest::newRow("2 threads") << 2;
        QTest::newRow("4 threads") << 4;
    }
    void stopLeavesAPrefix()
    {
        QFETCH(int, parallelism);
        constexpr qsizetype pieces = 5000;
        constexpr qsizetype stopAt = 1234;
        for (int round = 0; round < 50; ++round) {
            Parallelizer parallelizer(parallelism);
            Visits visits(pieces);
            parallelizer.until(pieces, [&](qsizetype begin, qsizetype end) {
                for (qsizetype i = begin; i < end; ++i)
                    visits.counts[size_t(i)].fetch_add(1);
                return !(begin <= stopAt && stopAt < end);
            });
            qsizetype prefix = 0;
            while (prefix < pieces && visits.counts[size_t(prefix)].load() == 1)
                ++prefix;
            QVERIFY(prefix > stopAt);
            for (qsizetype i = prefix; i < pieces; ++i)
                QCOMPARE(visits.counts[size_t(i)].load(), 0);
            // One thread stops right after the range holding stopAt.
            if (parallelism == 1)
                QCOMPARE(prefix, (stopAt / Parallelizer::chunkSizeFor(pieces, 1) + 1) * Parallelizer::chunkSizeFor(pieces, 1));
        }
    }

    // Helpers take ranges: with ranges that take a while, the caller cannot do them all first.
    void helpersShareTheWork()
    {
        Parallelizer parallelizer(3);
        std::atomic<int> done {0};
        // 16 ranges of 5 ms: a helper has 80 ms to wake, even on a loaded machine.
        parallelizer.until(256, [&](qsizetype begin, qsizetype end) {
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
            done.fetch_add(int(end - begin));
            return true;
        });
        QCOMPARE(done.load(), 256);
        QVERIFY(parallelizer.rangesDoneByHelpers() > 0);
    }

    // Thousands of jobs back to back (helpers still spinning), then jobs with pauses longer than the
    // helpers' spin (they sleep and must be woken): every job complete, each with its own function.
    void manyJobsInARow()
    {
        Parallelizer parallelizer(4);
        for (int job = 0; job < 3000; ++job) {
            const qsizetype pieces = 1 + job % 97;
            std::atomic<qsizetype> sum {0};
            parallelizer.until(pieces, [&sum, job](qsizetype begin, qsizetype end) {
                for (qsizetype i = begin; i < end; ++i)
                    sum.fetch_add(i + job);
                return true;
            });
            QCOMPARE(sum.load(), pieces * (pieces - 1) / 2 + pieces * job);
            if (job % 500 == 0)
                std::this_thread::sleep_for(std::chrono::milliseconds(2));
        }
    }

    void effectiveParallelism()
    {
        const int hardware = std::max(1, int(std::thread::hardware_concurrency()));
        QCOMPARE(ksv::framework::effectiveParallelism(16), hardware <= 2 ? 1 : std::min(16, hardware));
        QCOMPARE(ksv::framework::effectiveParallelism(2), hardware <= 2 ? 1 : 2);
        QCOMPARE(ksv::framework::effectiveParallelism(1), 1);
        QCOMPARE(ksv::framework::effectiveParallelism(16, 1), 1);
        QCOMPARE(ksv::framework::effectiveParallelism(0), 1);
    }
};

QTEST_GUILESS_MAIN(TestParallelize)
#include "tst_parallelize.moc"
