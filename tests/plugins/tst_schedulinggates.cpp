// SchedulingGates: upstream's TestPreEnqueue
// (pkg/scheduler/framework/plugins/schedulinggates/scheduling_gates_test.go), both rows, plus rows
// derived from the code (marked "derived").
#include "plugins/schedulinggates.h"

#include "builders.h"
#include "testhandle.h"

#include <QTest>

using namespace ksv;
using framework::Code;

class TestSchedulingGates : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void preEnqueue_data()
    {
        QTest::addColumn<QStringList>("gates");
        QTest::addColumn<Code>("code");
        QTest::addColumn<QStringList>("reasons");

        const Code uu = Code::UnschedulableAndUnresolvable;
        // Upstream TestPreEnqueue.
        QTest::newRow("pod does not carry scheduling gates") << QStringList {} << Code::Success << QStringList {};
        QTest::newRow("pod carries scheduling gates") << QStringList {"foo", "bar"} << uu
                                                      << QStringList {"waiting for scheduling gates: [foo bar]"};
        // Derived: Go's %v of a []string, in spec order, one reason.
        QTest::newRow("derived: one gate") << QStringList {"foo"} << uu << QStringList {"waiting for scheduling gates: [foo]"};
        QTest::newRow("derived: spec order is kept, not sorted") << QStringList {"b", "a"} << uu
                                                                  << QStringList {"waiting for scheduling gates: [b a]"};
        QTest::newRow("derived: three gates") << QStringList {"x", "y", "z"} << uu << QStringList {"waiting for scheduling gates: [x y z]"};
        QTest::newRow("derived: qualified gate names are printed as is")
            << QStringList {"example.com/quota", "example.com/gpu"} << uu
            << QStringList {"waiting for scheduling gates: [example.com/quota example.com/gpu]"};
        QTest::newRow("derived: duplicates are printed twice") << QStringList {"foo", "foo"} << uu
                                                               << QStringList {"waiting for scheduling gates: [foo foo]"};
        QTest::newRow("derived: names are not quoted") << QStringList {"a-b_c.d"} << uu << QStringList {"waiting for scheduling gates: [a-b_c.d]"};
        QTest::newRow("derived: long gate list")
            << QStringList {"g1", "g2", "g3", "g4", "g5", "g6"} << uu
            << QStringList {"waiting for scheduling gates: [g1 g2 g3 g4 g5 g6]"};
        QTest::newRow("derived: upper case kept") << QStringList {"Foo"} << uu << QStringList {"waiting for scheduling gates: [Foo]"};
    }

    void preEnqueue()
    {
        QFETCH(QStringList, gates);
        QFETCH(Code, code);
        QFETCH(QStringList, reasons);

        const Pod pod = test::PodBuilder("p").schedulingGates(gates);
        test::TestHandle handle;
        plugins::SchedulingGates plugin(handle);
        const framework::Status status = plugin.preEnqueue(pod);
        QCOMPARE(framework::toString(status.code()), framework::toString(code));
        QCOMPARE(status.reasons(), reasons);
    }

    // Derived: the verdict depends on the gates only, not on anything else the pod carries.
    void otherFieldsIgnored()
    {
        test::TestHandle handle;
        plugins::SchedulingGates plugin(handle);
        const Pod bound = test::PodBuilder("p").node("n1").priority(1000).nodeSelector("a", "b");
        QVERIFY(plugin.preEnqueue(bound).isSuccess());
    }

    void extensionPoints()
    {
        test::TestHandle handle;
        plugins::SchedulingGates plugin(handle);
        framework::Plugin* base = &plugin;
        QCOMPARE(base->name(), QStringLiteral("SchedulingGates"));
        QVERIFY(dynamic_cast<framework::PreEnqueuePlugin*>(base));
        QVERIFY(!dynamic_cast<framework::FilterPlugin*>(base));
    }
};

QTEST_GUILESS_MAIN(TestSchedulingGates)
#include "tst_schedulinggates.moc"
