// Chart reduction, row by row: long series keep one point a bucket (the bucket's peak, so a lone
// spike survives), buckets are powers of two seconds, and seconds without a value are left out.
#include "chartreduction.h"

#include <QPointF>
#include <QTest>

using namespace ksv;

class TestChartReduction : public QObject
{
    Q_OBJECT

private Q_SLOTS:

    void reduceKeepsPeaks_data()
    {
        QTest::addColumn<QList<double>>("values");
        QTest::addColumn<int>("maxPoints");
        QTest::addColumn<int>("bucket");
        QTest::addColumn<QList<QPointF>>("points");
        QTest::newRow("short: one point a second")
            << QList<double> { 1, 5, 2 } << 10 << 1 << QList<QPointF> { { 1, 1 }, { 2, 5 }, { 3, 2 } };
        QTest::newRow("pairs") << QList<double> { 1, 5, 2, 0, 7 } << 3 << 2
                               << QList<QPointF> { { 2, 5 }, { 4, 2 }, { 5, 7 } };
        QTest::newRow("a lone spike survives")
            << QList<double> { 0, 0, 0, 0, 0, 9, 0, 0 } << 2 << 4 << QList<QPointF> { { 4, 0 }, { 8, 9 } };
        QTest::newRow("power-of-two buckets")
            << QList<double> { 1, 2, 3, 4, 5, 6, 7, 8, 9 } << 4 << 4 << QList<QPointF> { { 4, 4 }, { 8, 8 }, { 9, 9 } };
        QTest::newRow("empty") << QList<double> {} << 4 << 1 << QList<QPointF> {};
    }
    void reduceKeepsPeaks()
    {
        QFETCH(QList<double>, values);
        QFETCH(int, maxPoints);
        QFETCH(int, bucket);
        QFETCH(QList<QPointF>, points);
        QCOMPARE(charts::bucketSeconds(values.size(), maxPoints), bucket);
        QCOMPARE(charts::reduceMax(values.size(), bucket, [&](qsizetype i) { return values[i]; }), points);
        QVERIFY(points.size() <= std::max(maxPoints, 1));
    }


    void reduceSkipsAbsentSeconds()
    {
        const QList<double> values { 3, 0, 0, 4 };
        const QList<bool> present { true, false, false, true };
        const auto reduced = charts::reduceMax(
            values.size(), 2, [&](qsizetype i) { return values[i]; }, [&](qsizetype i) { return present[i]; });
        QCOMPARE(reduced, (QList<QPointF> { { 2, 3 }, { 4, 4 } }));
        const auto sparse = charts::reduceMax(
            values.size(), 1, [&](qsizetype i) { return values[i]; }, [&](qsizetype i) { return present[i]; });
        QCOMPARE(sparse, (QList<QPointF> { { 1, 3 }, { 4, 4 } }));
    }
};

QTEST_GUILESS_MAIN(TestChartReduction)
#include "tst_chartreduction.moc"
