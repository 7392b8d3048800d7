// QueueingHints of the node-shaped plugins, ported from upstream's v1.32 tests:
// schedulinggates Test_isSchedulableAfterUpdatePodSchedulingGatesEliminated, nodeunschedulable
// TestIsSchedulableAfterNodeChange / TestIsSchedulableAfterPodTolerationChange, tainttoleration
// Test_isSchedulableAfterNodeChange / Test_isSchedulableAfterPodTolerationChange, nodeaffinity
// Test_isSchedulableAfterNodeChange, nodeports Test_isSchedulableAfterPodDeleted. Upstream's
// "backoff-wrong-*-object" rows pass a string; here an object of another kind, with the same Queue.
#include "plugins/nodeaffinity.h"
#include "plugins/nodeports.h"
#include "plugins/nodeunschedulable.h"
#include "plugins/schedulinggates.h"
#include "plugins/tainttoleration.h"

#include "builders.h"
#include "hinthelpers.h"
#include "testhandle.h"

#include <QTest>

using namespace ksv;
using framework::QueueingHint;
using test::MaybeObject;
using test::notAnObjectOfThatKind;
using test::obj;
using test::Queue;
using test::QueueSkip;

namespace {




void addHintColumns()
{
    QTest::addColumn<Pod>("pod");
    QTest::addColumn<MaybeObject>("oldObj");
    QTest::addColumn<MaybeObject>("newObj");
    QTest::addColumn<QString>("expectedHint");
}

Toleration toleration(const char* key, TolerationOperator op, const char* value, std::optional<TaintEffect> effect)
{
    Toleration t;
    t.key = QString::fromLatin1(key);
    t.op = op;
    t.value = QString::fromLatin1(value);
    t.effect = effect;
    return t;
}

// st.MakePod().Toleration(key): Exists, every effect.
Toleration exists(const char* key)
{
    return toleration(key, TolerationOperator::Exists, "", std::nullopt);
}

Pod podWithTolerations(const char* name, const QList<Toleration>& tolerations)
{
    Pod pod = test::PodBuilder(name);
    pod.tolerations = tolerations;
    return pod;
}

Node nodeWithTaints(const char* name, const QList<Taint>& taints)
{
    Node node = test::NodeBuilder(name);
    node.taints = taints;
    return node;
}

Taint taint(const char* key, const char* value, TaintEffect effect)
{
    return Taint {QString::fromLatin1(key), QString::fromLatin1(value), effect};
}

// st.MakePod().NodeAffinityIn("foo", []string{"bar"}, NodeSelectorTypeMatchExpressions).
Pod podWithNodeAffinity()
{
    NodeSelectorTerm term;
    term.matchExpressions.append({QStringLiteral("foo"), SelectorOperator::In, {QStringLiteral("bar")}});
    NodeAffinity affinity;
    affinity.requiredDuringSchedulingIgnoredDuringExecution = NodeSelector {{term}};
    Affinity podAffinity;
    podAffinity.nodeAffinity = affinity;
    return test::PodBuilder().affinity(podAffinity);
}

} // namespace

class TestQueueingHintsNodes : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void schedulingGates_data()
    {
        addHintColumns();
        QTest::newRow("error-wrong-new-obj") << Pod(test::PodBuilder()) << MaybeObject() << notAnObjectOfThatKind << Queue;
        QTest::newRow("skip-queue-on-other-pod-updated")
            << Pod(test::PodBuilder("p").uid("uid0").schedulingGates({QStringLiteral("foo"), QStringLiteral("bar")}))
            << obj(test::PodBuilder("p1").uid("uid1").schedulingGates({QStringLiteral("foo"), QStringLiteral("bar")}))
            << obj(test::PodBuilder("p1").uid("uid1").schedulingGates({QStringLiteral("foo")})) << QueueSkip;
        QTest::newRow("queue-on-the-unsched-pod-updated")
            << Pod(test::PodBuilder("p").schedulingGates({QStringLiteral("foo")}))
            << obj(test::PodBuilder("p").schedulingGates({QStringLiteral("foo")})) << obj(test::PodBuilder("p").schedulingGates({}))
            << Queue;
    }
    void schedulingGates()
    {
        QFETCH(Pod, pod);
        QFETCH(MaybeObject, oldObj);
        QFETCH(MaybeObject, newObj);
        QFETCH(QString, expectedHint);
        const QueueingHint hint = plugins::SchedulingGates::isSchedulableAfterUpdatePodSchedulingGatesEliminated(
            pod, test::objectPtr(oldObj), test::objectPtr(newObj));
        QCOMPARE(framework::toString(hint), expectedHint);
    }

    void nodeUnschedulableNodeChange_data()
    {
        addHintColumns();
        const Pod pod = test::PodBuilder();
        QTest::newRow("backoff-wrong-new-object") << pod << MaybeObject() << notAnObjectOfThatKind << Queue;
        QTest::newRow("backoff-wrong-old-object") << pod << notAnObjectOfThatKind << obj(test::NodeBuilder()) << Queue;
        QTest::newRow("skip-queue-on-unschedulable-node-added")
            << pod << MaybeObject() << obj(test::NodeBuilder().unschedulable(true)) << QueueSkip;
        QTest::newRow("queue-on-schedulable-node-added")
            << pod << MaybeObject() << obj(test::NodeBuilder().unschedulable(false)) << Queue;
        Node notReady = test::NodeBuilder().unschedulable(true).taint("node.kubernetes.io/not-ready", "", TaintEffect::NoExecute);
        QTest::newRow("skip-unrelated-change") << pod << obj(test::NodeBuilder().unschedulable(true)) << obj(notReady) << QueueSkip;
        QTest::newRow("queue-on-unschedulable-field-change")
            << pod << obj(test::NodeBuilder().unschedulable(true)) << obj(test::NodeBuilder().unschedulable(false)) << Queue;
    }
    void nodeUnschedulableNodeChange()
    {
        QFETCH(Pod, pod);
        QFETCH(MaybeObject, oldObj);
        QFETCH(MaybeObject, newObj);
        QFETCH(QString, expectedHint);
        const QueueingHint hint =
            plugins::NodeUnschedulable::isSchedulableAfterNodeChange(pod, test::objectPtr(oldObj), test::objectPtr(newObj));
        QCOMPARE(framework::toString(hint), expectedHint);
    }

    void nodeUnschedulablePodTolerationChange_data()
    {
        addHintColumns();
        const Pod p = test::PodBuilder("p").uid("p");
        QTest::newRow("backoff-wrong-new-object") << p << MaybeObject() << notAnObjectOfThatKind << Queue;
        QTest::newRow("backoff-wrong-old-object") << p << notAnObjectOfThatKind << obj(p) << Queue;
        QTest::newRow("skip-queue-on-other-pod-updated")
            << p << obj(test::PodBuilder("q").uid("q"))
            << obj(test::PodBuilder("q").uid("q").toleration(exists("node.kubernetes.io/unschedulable"))) << QueueSkip;
        QTest::newRow("skip-queue-on-toleration-unrelated-update")
            << p << obj(p) << obj(test::PodBuilder("p").uid("p").toleration(exists("foo"))) << QueueSkip;
        QTest::newRow("queue-on-toleration-related-update")
            << p << obj(p) << obj(test::PodBuilder("p").uid("p").toleration(exists("node.kubernetes.io/unschedulable"))) << Queue;
    }
    void nodeUnschedulablePodTolerationChange()
    {
        QFETCH(Pod, pod);
        QFETCH(MaybeObject, oldObj);
        QFETCH(MaybeObject, newObj);
        QFETCH(QString, expectedHint);
        const QueueingHint hint =
            plugins::NodeUnschedulable::isSchedulableAfterPodTolerationChange(pod, test::objectPtr(oldObj), test::objectPtr(newObj));
        QCOMPARE(framework::toString(hint), expectedHint);
    }

    void taintTolerationNodeChange_data()
    {
        addHintColumns();
        constexpr auto Equal = TolerationOperator::Equal;
        constexpr auto NoSchedule = TaintEffect::NoSchedule;
        constexpr auto NoExecute = TaintEffect::NoExecute;
        QTest::newRow("backoff-wrong-new-object") << Pod() << MaybeObject() << notAnObjectOfThatKind << Queue;
        QTest::newRow("backoff-wrong-old-object") << Pod() << notAnObjectOfThatKind << obj(Node()) << Queue;
        QTest::newRow("skip-queue-on-untoleratedtaint-node-added")
            << podWithTolerations("pod1", {toleration("foo", Equal, "bar", NoSchedule)}) << MaybeObject()
            << obj(nodeWithTaints("nodeA", {taint("taint-key", "taint-value", NoSchedule)})) << QueueSkip;
        QTest::newRow("queue-on-toleratedtaint-node-added")
            << podWithTolerations("pod1", {toleration("taint-key", Equal, "taint-value", NoSchedule)}) << MaybeObject()
            << obj(nodeWithTaints("nodeA", {taint("taint-key", "taint-value", NoSchedule)})) << Queue;
        QTest::newRow("skip-unrelated-change")
            << podWithTolerations("pod1", {toleration("taint-key", Equal, "taint-value", NoSchedule)})
            << obj(nodeWithTaints("nodeA", {taint("taint-key", "taint-value", NoSchedule)}))
            << obj(nodeWithTaints("nodeA", {taint("taint-key", "taint-value", NoExecute)})) << QueueSkip;
        QTest::newRow("queue-on-taint-change")
            << podWithTolerations("pod1", {toleration("taint-key", Equal, "taint-value", NoSchedule)})
            << obj(nodeWithTaints("nodeA", {taint("taint-key", "taint-value", NoExecute)}))
            << obj(nodeWithTaints("nodeA", {taint("taint-key", "taint-value", NoSchedule)})) << Queue;
    }
    void taintTolerationNodeChange()
    {
        QFETCH(Pod, pod);
        QFETCH(MaybeObject, oldObj);
        QFETCH(MaybeObject, newObj);
        QFETCH(QString, expectedHint);
        const QueueingHint hint =
            plugins::TaintToleration::isSchedulableAfterNodeChange(pod, test::objectPtr(oldObj), test::objectPtr(newObj));
        QCOMPARE(framework::toString(hint), expectedHint);
    }

    void taintTolerationPodTolerationChange_data()
    {
        addHintColumns();
        const Pod p = test::PodBuilder("pod1").uid("uid1");
        const Toleration tolerates =
            toleration("taint-key", TolerationOperator::Equal, "taint-value", TaintEffect::NoSchedule);
        QTest::newRow("backoff-wrong-new-object") << p << MaybeObject() << notAnObjectOfThatKind << Queue;
        QTest::newRow("queue-when-the-unsched-pod-gets-toleration")
            << p << obj(p) << obj(test::PodBuilder("pod1").uid("uid1").toleration(tolerates)) << Queue;
        QTest::newRow("skip-when-another-pod-gets-toleration")
            << p << obj(test::PodBuilder("pod2").uid("uid2")) << obj(test::PodBuilder("pod2").uid("uid2").toleration(tolerates))
            << QueueSkip;
    }
    void taintTolerationPodTolerationChange()
    {
        QFETCH(Pod, pod);
        QFETCH(MaybeObject, oldObj);
        QFETCH(MaybeObject, newObj);
        QFETCH(QString, expectedHint);
        const QueueingHint hint =
            plugins::TaintToleration::isSchedulableAfterPodTolerationChange(pod, test::objectPtr(oldObj), test::objectPtr(newObj));
        QCOMPARE(framework::toString(hint), expectedHint);
    }

    void nodeAffinityNodeChange_data()
    {
        addHintColumns();
        QTest::addColumn<bool>("enforced"); // args.addedAffinity requires foo=bar
        const Pod pod = podWithNodeAffinity();
        const Node plain = test::NodeBuilder();
        const Node fooBar = test::NodeBuilder().label("foo", "bar");
        QTest::newRow("backoff-wrong-new-object") << pod << MaybeObject() << notAnObjectOfThatKind << Queue << false;
        QTest::newRow("backoff-wrong-old-object") << pod << notAnObjectOfThatKind << obj(plain) << Queue << false;
        QTest::newRow("skip-queue-on-add") << pod << MaybeObject() << obj(plain) << QueueSkip << false;
        QTest::newRow("queue-on-add") << pod << MaybeObject() << obj(fooBar) << Queue << false;
        QTest::newRow("skip-unrelated-changes")
            << pod << obj(plain) << obj(test::NodeBuilder().capacity({{"cpu", "1"}})) << QueueSkip << false;
        QTest::newRow("skip-unrelated-changes-on-labels")
            << pod << obj(plain) << obj(test::NodeBuilder().label("k", "v")) << QueueSkip << false;
        QTest::newRow("skip-labels-changes-on-suitable-node")
            << pod << obj(fooBar) << obj(test::NodeBuilder().label("foo", "bar").label("k", "v")) << QueueSkip << false;
        QTest::newRow("skip-labels-changes-on-node-from-suitable-to-unsuitable")
            << pod << obj(fooBar) << obj(test::NodeBuilder().label("k", "v")) << QueueSkip << false;
        QTest::newRow("queue-on-labels-change-makes-pod-schedulable") << pod << obj(plain) << obj(fooBar) << Queue << false;
        QTest::newRow("skip-queue-on-add-scheduler-enforced-node-affinity")
            << Pod(test::PodBuilder()) << MaybeObject() << obj(plain) << QueueSkip << true;
        QTest::newRow("queue-on-add-scheduler-enforced-node-affinity")
            << Pod(test::PodBuilder()) << MaybeObject() << obj(fooBar) << Queue << true;
    }
    void nodeAffinityNodeChange()
    {
        QFETCH(Pod, pod);
        QFETCH(MaybeObject, oldObj);
        QFETCH(MaybeObject, newObj);
        QFETCH(QString, expectedHint);
        QFETCH(bool, enforced);
        config::NodeAffinityArgs args;
        if (enforced) {
            NodeSelectorTerm term;
            term.matchExpressions.append({QStringLiteral("foo"), SelectorOperator::In, {QStringLiteral("bar")}});
            NodeAffinity added;
            added.requiredDuringSchedulingIgnoredDuringExecution = NodeSelector {{term}};
            args.addedAffinity = added;
        }
        test::TestHandle handle;
        const plugins::NodeAffinity plugin(args, handle);
        const QueueingHint hint = plugin.isSchedulableAfterNodeChange(pod, test::objectPtr(oldObj), test::objectPtr(newObj));
        QCOMPARE(framework::toString(hint), expectedHint);
    }

    void nodePortsPodDeleted_data()
    {
        addHintColumns();
        const Pod podWithHostPort = test::PodBuilder().hostPort(8080);
        QTest::newRow("backoff-wrong-old-object") << podWithHostPort << notAnObjectOfThatKind << MaybeObject() << Queue;
        QTest::newRow("skip-queue-on-unscheduled") << podWithHostPort << obj(test::PodBuilder()) << MaybeObject() << QueueSkip;
        QTest::newRow("skip-queue-on-non-hostport")
            << podWithHostPort << obj(test::PodBuilder().node("fake-node")) << MaybeObject() << QueueSkip;
        QTest::newRow("skip-queue-on-unrelated-hostport")
            << podWithHostPort << obj(test::PodBuilder().node("fake-node").hostPort(8081)) << MaybeObject() << QueueSkip;
        QTest::newRow("queue-on-released-hostport")
            << podWithHostPort << obj(test::PodBuilder().node("fake-node").hostPort(8080)) << MaybeObject() << Queue;
    }
    void nodePortsPodDeleted()
    {
        QFETCH(Pod, pod);
        QFETCH(MaybeObject, oldObj);
        QFETCH(MaybeObject, newObj);
        QFETCH(QString, expectedHint);
        const QueueingHint hint = plugins::NodePorts::isSchedulableAfterPodDeleted(pod, test::objectPtr(oldObj), test::objectPtr(newObj));
        QCOMPARE(framework::toString(hint), expectedHint);
    }
};

QTEST_GUILESS_MAIN(TestQueueingHintsNodes)
#include "tst_queueinghints_nodes.moc"
