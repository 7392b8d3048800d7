// PrioritySort: upstream's TestLess (pkg/scheduler/framework/plugins/queuesort/priority_sort_test.go),
// all four rows, plus rows derived from the code (marked "derived").
#include "plugins/prioritysort.h"

#include "builders.h"
#include "testhandle.h"

#include <QTest>

#include <algorithm>

using namespace ksv;

namespace {

using OptionalPriority = std::optional<int>;

Pod podWithPriority(OptionalPriority priority)
{
    Pod pod = test::PodBuilder("p");
    pod.priority = priority;
    return pod;
}

} // namespace

class TestPrioritySort : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void less_data()
    {
        QTest::addColumn<OptionalPriority>("priority1");
        QTest::addColumn<qint64>("timestamp1");
        QTest::addColumn<OptionalPriority>("priority2");
        QTest::addColumn<qint64>("timestamp2");
        QTest::addColumn<bool>("expected");

        const OptionalPriority low = 10;
        const OptionalPriority high = 100;
        const qint64 t1 = 1'000'000'000;
        const qint64 t2 = t1 + 1'000'000'000; // t1 + 1s
        // Upstream TestLess (the first two rows leave both timestamps zero).
        QTest::newRow("p1.priority less than p2.priority") << low << qint64(0) << high << qint64(0) << false;
        QTest::newRow("p1.priority greater than p2.priority") << high << qint64(0) << low << qint64(0) << true;
        QTest::newRow("equal priority. p1 is added to schedulingQ earlier than p2") << high << t1 << high << t2 << true;
        QTest::newRow("equal priority. p2 is added to schedulingQ earlier than p1") << high << t2 << high << t1 << false;
        // Derived.
        QTest::newRow("derived: higher priority wins even when queued later") << high << t2 << low << t1 << true;
        QTest::newRow("derived: lower priority loses even when queued earlier") << low << t1 << high << t2 << false;
        QTest::newRow("derived: equal priority and timestamp, p1 vs p2") << high << t1 << high << t1 << false;
        QTest::newRow("derived: nil priority counts as 0 (vs 0, same time)") << OptionalPriority() << t1 << OptionalPriority(0) << t1 << false;
        QTest::newRow("derived: nil priority counts as 0 (0 vs nil, same time)") << OptionalPriority(0) << t1 << OptionalPriority() << t1 << false;
        QTest::newRow("derived: nil priority counts as 0 (earlier nil first)") << OptionalPriority() << t1 << OptionalPriority(0) << t2 << true;
        QTest::newRow("derived: negative priority below nil") << OptionalPriority(-5) << t1 << OptionalPriority() << t2 << false;
        QTest::newRow("derived: system-node-critical above everything")
            << OptionalPriority(2000001000) << t2 << OptionalPriority(1000000000) << t1 << true;
        QTest::newRow("derived: one nanosecond earlier is earlier") << low << t1 << low << t1 + 1 << true;
    }

    void less()
    {
        QFETCH(OptionalPriority, priority1);
        QFETCH(qint64, timestamp1);
        QFETCH(OptionalPriority, priority2);
        QFETCH(qint64, timestamp2);
        QFETCH(bool, expected);

        test::TestHandle handle;
        plugins::PrioritySort plugin(handle);
        const Pod p1 = podWithPriority(priority1);
        const Pod p2 = podWithPriority(priority2);
        QCOMPARE(plugin.less({&p1, timestamp1}, {&p2, timestamp2}), expected);
    }

    // Derived: as a comparator it orders a queue by priority, then by time.
    void sortsQueue()
    {
        test::TestHandle handle;
        plugins::PrioritySort plugin(handle);
        const QList<Pod> pods {podWithPriority(10), podWithPriority(100), podWithPriority(std::nullopt), podWithPriority(100)};
        QList<framework::QueuedPodSortKey> keys {{&pods[0], 1}, {&pods[1], 3}, {&pods[2], 0}, {&pods[3], 2}};
        std::stable_sort(keys.begin(), keys.end(), [&plugin](const auto& a, const auto& b) { return plugin.less(a, b); });
        QList<qint64> order;
        for (const auto& key : keys)
            order.append(key.timestamp);
        QCOMPARE(order, (QList<qint64> {2, 3, 1, 0}));
    }

    void extensionPoints()
    {
        test::TestHandle handle;
        plugins::PrioritySort plugin(handle);
        framework::Plugin* base = &plugin;
        QCOMPARE(base->name(), QStringLiteral("PrioritySort"));
        QVERIFY(dynamic_cast<framework::QueueSortPlugin*>(base));
        QVERIFY(!dynamic_cast<framework::PreEnqueuePlugin*>(base));
    }
};

QTEST_GUILESS_MAIN(TestPrioritySort)
#include "tst_prioritysort.moc"
