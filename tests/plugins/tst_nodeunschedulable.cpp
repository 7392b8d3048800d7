// NodeUnschedulable: upstream's TestNodeUnschedulable
// (pkg/scheduler/framework/plugins/nodeunschedulable/node_unschedulable_test.go), all three rows,
// plus rows derived from the code (marked "derived").
#include "plugins/nodeunschedulable.h"

#include "builders.h"
#include "testhandle.h"

#include <QTest>

using namespace ksv;
using framework::Code;

namespace {

const char* const unschedulableKey = "node.kubernetes.io/unschedulable";

Toleration tol(const char* key, TolerationOperator op, const char* value, std::optional<TaintEffect> effect)
{
    Toleration toleration;
    toleration.key = QString::fromLatin1(key);
    toleration.op = op;
    toleration.value = QString::fromLatin1(value);
    toleration.effect = effect;
    return toleration;
}

} // namespace

class TestNodeUnschedulable : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void filter_data()
    {
        QTest::addColumn<QList<Toleration>>("tolerations");
        QTest::addColumn<bool>("unschedulable");
        QTest::addColumn<QList<Taint>>("taints");
        QTest::addColumn<Code>("code");
        QTest::addColumn<QString>("message");

        const QString reason = QStringLiteral("node(s) were unschedulable");
        const Code ok = Code::Success;
        const Code uu = Code::UnschedulableAndUnresolvable;
        const auto Equal = TolerationOperator::Equal;
        const auto Exists = TolerationOperator::Exists;
        // Upstream TestNodeUnschedulable.
        QTest::newRow("Does not schedule pod to unschedulable node (node.Spec.Unschedulable==true)")
            << QList<Toleration> {} << true << QList<Taint> {} << uu << reason;
        QTest::newRow("Schedule pod to normal node") << QList<Toleration> {} << false << QList<Taint> {} << ok << "";
        QTest::newRow("Schedule pod with toleration to unschedulable node (node.Spec.Unschedulable==true)")
            << QList<Toleration> {tol(unschedulableKey, Equal, "", TaintEffect::NoSchedule)} << true << QList<Taint> {} << ok << "";
        // Derived.
        QTest::newRow("derived: an Exists toleration without key or effect tolerates it")
            << QList<Toleration> {tol("", Exists, "", std::nullopt)} << true << QList<Taint> {} << ok << "";
        QTest::newRow("derived: a NoExecute toleration does not")
            << QList<Toleration> {tol(unschedulableKey, Exists, "", TaintEffect::NoExecute)} << true << QList<Taint> {} << uu << reason;
        QTest::newRow("derived: an Equal toleration with a value does not (the taint's value is empty)")
            << QList<Toleration> {tol(unschedulableKey, Equal, "x", TaintEffect::NoSchedule)} << true << QList<Taint> {} << uu << reason;
        QTest::newRow("derived: an Exists toleration of the key without effect does")
            << QList<Toleration> {tol(unschedulableKey, Exists, "", std::nullopt)} << true << QList<Taint> {} << ok << "";
        QTest::newRow("derived: a PreferNoSchedule toleration does not")
            << QList<Toleration> {tol(unschedulableKey, Exists, "", TaintEffect::PreferNoSchedule)} << true << QList<Taint> {} << uu << reason;
        QTest::newRow("derived: another key's toleration does not")
            << QList<Toleration> {tol("other", Exists, "", std::nullopt)} << true << QList<Taint> {} << uu << reason;
        QTest::newRow("derived: a schedulable node carrying the unschedulable taint is TaintToleration's business")
            << QList<Toleration> {} << false << QList<Taint> {{QString::fromLatin1(unschedulableKey), QString(), TaintEffect::NoSchedule}}
            << ok << "";
        QTest::newRow("derived: one of several tolerations is enough")
            << QList<Toleration> {tol("a", Exists, "", std::nullopt), tol(unschedulableKey, Equal, "", std::nullopt)} << true
            << QList<Taint> {} << ok << "";
    }

    void filter()
    {
        QFETCH(QList<Toleration>, tolerations);
        QFETCH(bool, unschedulable);
        QFETCH(QList<Taint>, taints);
        QFETCH(Code, code);
        QFETCH(QString, message);

        Pod pod = test::PodBuilder("pod");
        pod.tolerations = tolerations;
        Node node = test::NodeBuilder("node").unschedulable(unschedulable);
        node.taints = taints;
        const framework::NodeInfo nodeInfo(std::make_shared<const Node>(node));
        test::TestHandle handle;
        plugins::NodeUnschedulable plugin(handle);
        framework::CycleState state;
        const framework::Status status = plugin.filter(state, pod, nodeInfo);
        QCOMPARE(framework::toString(status.code()), framework::toString(code));
        QCOMPARE(status.message(), message);
    }

    // The plugin asks NodeInfo, which copies spec.unschedulable from its Node when built: a cordon
    // and an uncordon through the cache reach the snapshot's NodeInfo, and so the Filter.
    void cordonThroughTheCacheReachesTheFilter()
    {
        SchedulerCache cache = test::oneNodeCache();
        test::TestHandle handle;
        plugins::NodeUnschedulable plugin(handle);
        const Pod pod = test::PodBuilder("pod");
        framework::CycleState state;
        const auto filter = [&] { return plugin.filter(state, pod, *cache.snapshot()->get(QStringLiteral("node"))); };
        QVERIFY(filter().isSuccess());
        cache.updateNode(test::NodeBuilder("node").unschedulable(true));
        QCOMPARE(framework::toString(filter().code()), framework::toString(Code::UnschedulableAndUnresolvable));
        QCOMPARE(filter().message(), QStringLiteral("node(s) were unschedulable"));
        cache.updateNode(test::NodeBuilder("node").unschedulable(false));
        QVERIFY(filter().isSuccess());
    }

    void extensionPoints()
    {
        test::TestHandle handle;
        plugins::NodeUnschedulable plugin(handle);
        framework::Plugin* base = &plugin;
        QCOMPARE(base->name(), QStringLiteral("NodeUnschedulable"));
        QVERIFY(dynamic_cast<framework::FilterPlugin*>(base));
        QVERIFY(!dynamic_cast<framework::ScorePlugin*>(base));
    }
};

QTEST_GUILESS_MAIN(TestNodeUnschedulable)
#include "tst_nodeunschedulable.moc"
