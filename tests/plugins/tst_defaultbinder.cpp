// DefaultBinder: upstream's TestDefaultBinder (pkg/scheduler/framework/plugins/defaultbinder/
// default_binder_test.go). Its "successful" row is ported; its "binding error" row injects an API
// server failure, which the simulation has no counterpart for (the scheduling loop applies the
// binding itself). The other rows are derived (marked "derived"): Bind accepts every pod and node.
#include "plugins/defaultbinder.h"

#include "builders.h"
#include "testhandle.h"

#include <QTest>

using namespace ksv;
using framework::Code;

namespace {

// A state entry that lets the test see Bind leave the cycle state alone.
struct Marker final : framework::StateData
{
    std::unique_ptr<StateData> clone() const override { return std::make_unique<Marker>(*this); }
};

} // namespace

class TestDefaultBinder : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void bind_data()
    {
        QTest::addColumn<Pod>("pod");
        QTest::addColumn<QString>("nodeName");

        // Upstream TestDefaultBinder.
        QTest::newRow("successful") << Pod(test::PodBuilder("foo", "ns")) << "foohost.kubernetes.mydomain.com";
        // Derived.
        QTest::newRow("derived: default namespace") << Pod(test::PodBuilder("web-0")) << "node-1";
        QTest::newRow("derived: pod with requests") << test::PodBuilder("big").req({{"cpu", "4"}, {"memory", "8Gi"}}).obj() << "node-2";
        QTest::newRow("derived: pod with host ports") << test::PodBuilder("hp").hostPort(8080).obj() << "node-3";
        QTest::newRow("derived: high-priority pod") << test::PodBuilder("critical", "kube-system").priority(2000001000).obj() << "cp-1";
        QTest::newRow("derived: pod nominated elsewhere") << test::PodBuilder("preemptor").nominatedNode("node-9").obj() << "node-4";
        QTest::newRow("derived: pod with a node selector") << test::PodBuilder("sel").nodeSelector("zone", "a").obj() << "zone-a-1";
        QTest::newRow("derived: pod with tolerations") << test::PodBuilder("tol").toleration(Toleration {}).obj() << "tainted";
        QTest::newRow("derived: pod with another scheduler name") << test::PodBuilder("other").schedulerName("my-scheduler").obj() << "n";
        QTest::newRow("derived: single-character node name") << Pod(test::PodBuilder("p")) << "a";
    }

    void bind()
    {
        QFETCH(Pod, pod);
        QFETCH(QString, nodeName);

        test::TestHandle handle;
        plugins::DefaultBinder plugin(handle);
        framework::CycleState state;
        state.write(QStringLiteral("marker"), std::make_unique<Marker>());
        const framework::Status status = plugin.bind(state, pod, nodeName);
        QCOMPARE(framework::toString(status.code()), framework::toString(Code::Success));
        QVERIFY(status.reasons().isEmpty());
        QVERIFY(state.read<Marker>(QStringLiteral("marker")));
    }

    void extensionPoints()
    {
        test::TestHandle handle;
        plugins::DefaultBinder plugin(handle);
        framework::Plugin* base = &plugin;
        QCOMPARE(base->name(), QStringLiteral("DefaultBinder"));
        QVERIFY(dynamic_cast<framework::BindPlugin*>(base));
        QVERIFY(!dynamic_cast<framework::PreBindPlugin*>(base));
        QVERIFY(!dynamic_cast<framework::PostBindPlugin*>(base));
    }
};

QTEST_GUILESS_MAIN(TestDefaultBinder)
#include "tst_defaultbinder.moc"
