// NodeResourcesFit's QueueingHints, ported from upstream's v1.32 fit_test.go:
// Test_isSchedulableAfterPodEvent, Test_isSchedulableAfterNodeChange, TestIsFit,
// TestHaveAnyRequestedResourcesIncreased and TestEventsToRegister (the QueueingHints-enabled rows).
// st.MakeNode().Capacity adds pods: 32 unless given; the rows spell it out.
#include "plugins/noderesourcesfit.h"

#include "builders.h"
#include "hinthelpers.h"
#include "testhandle.h"

#include <QTest>

using namespace ksv;
using test::MaybeObject;
using test::notAnObjectOfThatKind;
using test::obj;
using test::Queue;
using test::QueueSkip;

namespace {



Pod req(const char* name, test::ResourcePairs requests)
{
    return test::PodBuilder(name).req(requests);
}

Node capacity(test::ResourcePairs resources)
{
    return test::NodeBuilder("fake").capacity(resources);
}

} // namespace

class TestQueueingHintsFit : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void isSchedulableAfterPodEvent_data()
    {
        QTest::addColumn<Pod>("pod");
        QTest::addColumn<MaybeObject>("oldObj");
        QTest::addColumn<MaybeObject>("newObj");
        QTest::addColumn<bool>("enableInPlacePodVerticalScaling");
        QTest::addColumn<QString>("expectedHint");

        QTest::newRow("backoff-wrong-old-object") << Pod() << notAnObjectOfThatKind << MaybeObject() << true << Queue;
        QTest::newRow("backoff-wrong-new-object") << Pod() << MaybeObject() << notAnObjectOfThatKind << true << Queue;
        QTest::newRow("queue-on-deleted") << req("pod1", {{"cpu", "1"}}) << obj(test::PodBuilder("pod2").node("fake").req({{"cpu", "1"}}))
                                          << MaybeObject() << true << Queue;
        QTest::newRow("skip-queue-on-unscheduled-pod-deleted")
            << Pod(test::PodBuilder("pod1")) << obj(test::PodBuilder("pod2")) << MaybeObject() << true << QueueSkip;
        QTest::newRow("skip-queue-on-disable-inplace-pod-vertical-scaling")
            << req("pod1", {{"cpu", "1"}}) << obj(test::PodBuilder("pod2").node("fake").req({{"cpu", "2"}}))
            << obj(test::PodBuilder("pod2").node("fake").req({{"cpu", "1"}})) << false << QueueSkip;
        QTest::newRow("skip-queue-on-other-unscheduled-pod")
            << Pod(test::PodBuilder("pod1").uid("uid0").req({{"cpu", "1"}})) << obj(test::PodBuilder("pod2").uid("uid1").req({{"cpu", "2"}}))
            << obj(test::PodBuilder("pod2").uid("uid1").req({{"cpu", "1"}})) << true << QueueSkip;
        QTest::newRow("skip-queue-on-other-pod-non-resource-changes")
            << Pod(test::PodBuilder("pod1")) << obj(test::PodBuilder("pod2").label("k", "v").node("fake"))
            << obj(test::PodBuilder("pod2").label("foo", "bar").node("fake")) << true << QueueSkip;
        QTest::newRow("skip-queue-on-other-pod-unrelated-resource-changes")
            << req("pod1", {{"memory", "2"}}) << obj(test::PodBuilder("pod2").req({{"cpu", "2"}}).node("fake"))
            << obj(test::PodBuilder("pod2").req({{"cpu", "1"}}).node("fake")) << true << QueueSkip;
        QTest::newRow("skip-queue-on-other-pod-resource-scale-up")
            << req("pod1", {{"cpu", "2"}}) << obj(test::PodBuilder("pod2").req({{"cpu", "1"}}).node("fake"))
            << obj(test::PodBuilder("pod2").req({{"cpu", "2"}}).node("fake")) << true << QueueSkip;
        QTest::newRow("queue-on-other-pod-some-resource-scale-down")
            << req("pod1", {{"cpu", "2"}}) << obj(test::PodBuilder("pod2").req({{"cpu", "2"}}).node("fake"))
            << obj(test::PodBuilder("pod2").req({{"cpu", "1"}}).node("fake")) << true << Queue;
        QTest::newRow("queue-on-target-pod-some-resource-scale-down")
            << req("pod1", {{"cpu", "2"}}) << obj(req("pod1", {{"cpu", "2"}})) << obj(req("pod1", {{"cpu", "1"}})) << true << Queue;
    }
    void isSchedulableAfterPodEvent()
    {
        QFETCH(Pod, pod);
        QFETCH(MaybeObject, oldObj);
        QFETCH(MaybeObject, newObj);
        QFETCH(bool, enableInPlacePodVerticalScaling);
        QFETCH(QString, expectedHint);
        test::TestHandle handle;
        plugins::NodeResourcesFit plugin(config::NodeResourcesFitArgs {}, handle);
        plugin.setEnableInPlacePodVerticalScalingForTesting(enableInPlacePodVerticalScaling);
        QCOMPARE(framework::toString(plugin.isSchedulableAfterPodEvent(pod, test::objectPtr(oldObj), test::objectPtr(newObj))),
                 expectedHint);
    }

    void isSchedulableAfterNodeChange_data()
    {
        QTest::addColumn<Pod>("pod");
        QTest::addColumn<MaybeObject>("oldObj");
        QTest::addColumn<MaybeObject>("newObj");
        QTest::addColumn<QString>("expectedHint");

        const Pod cpu2ExtA1 = req("pod1", {{"cpu", "2"}, {"example.com/aaa", "1"}});
        QTest::newRow("backoff-wrong-old-object") << Pod() << notAnObjectOfThatKind << obj(capacity({})) << Queue;
        QTest::newRow("backoff-wrong-new-object") << Pod() << MaybeObject() << notAnObjectOfThatKind << Queue;
        QTest::newRow("skip-queue-on-node-add-without-sufficient-resources")
            << req("pod1", {{"memory", "2"}}) << MaybeObject() << obj(capacity({{"pods", "32"}, {"memory", "1"}})) << QueueSkip;
        QTest::newRow("skip-queue-on-node-add-without-required-resource-type")
            << req("pod1", {{"cpu", "1"}}) << MaybeObject() << obj(capacity({{"pods", "32"}, {"example.com/bbb", "1"}})) << QueueSkip;
        QTest::newRow("queue-on-node-add-with-sufficient-resources")
            << cpu2ExtA1 << MaybeObject() << obj(capacity({{"pods", "32"}, {"cpu", "4"}, {"example.com/aaa", "2"}})) << Queue;
        QTest::newRow("skip-queue-on-node-changes-from-suitable-to-unsuitable")
            << cpu2ExtA1 << obj(capacity({{"pods", "32"}, {"cpu", "4"}, {"example.com/aaa", "2"}}))
            << obj(capacity({{"pods", "32"}, {"cpu", "1"}, {"example.com/aaa", "2"}})) << QueueSkip;
        QTest::newRow("queue-on-node-changes-from-unsuitable-to-suitable")
            << cpu2ExtA1 << obj(capacity({{"pods", "32"}, {"cpu", "1"}, {"example.com/aaa", "2"}}))
            << obj(capacity({{"pods", "32"}, {"cpu", "4"}, {"example.com/aaa", "2"}})) << Queue;
        // haveAnyRequestedResourcesIncreased: the pod fits before and after, and nothing it asks for grew.
        QTest::newRow("skip-queue-on-node-unrelated-changes")
            << cpu2ExtA1 << obj(capacity({{"pods", "32"}, {"cpu", "4"}, {"example.com/aaa", "2"}}))
            << obj(capacity({{"pods", "32"}, {"cpu", "4"}, {"example.com/aaa", "2"}, {"memory", "1Gi"}})) << QueueSkip;
    }
    void isSchedulableAfterNodeChange()
    {
        QFETCH(Pod, pod);
        QFETCH(MaybeObject, oldObj);
        QFETCH(MaybeObject, newObj);
        QFETCH(QString, expectedHint);
        QCOMPARE(framework::toString(
                     plugins::NodeResourcesFit::isSchedulableAfterNodeChange(pod, test::objectPtr(oldObj), test::objectPtr(newObj))),
                 expectedHint);
    }

    void isFit()
    {
        QVERIFY(!plugins::NodeResourcesFit::isFit(Pod(), nullptr)); // nil node
        const Node cpu1 = capacity({{"pods", "32"}, {"cpu", "1"}});
        const Node cpu2 = capacity({{"pods", "32"}, {"cpu", "2"}});
        QVERIFY(!plugins::NodeResourcesFit::isFit(req("pod", {{"cpu", "2"}}), &cpu1)); // insufficient resource
        QVERIFY(plugins::NodeResourcesFit::isFit(req("pod", {{"cpu", "1"}}), &cpu2));  // sufficient resource
    }

    void haveAnyRequestedResourcesIncreased_data()
    {
        QTest::addColumn<Pod>("pod");
        QTest::addColumn<Node>("originalNode");
        QTest::addColumn<Node>("modifiedNode");
        QTest::addColumn<bool>("expected");

        QTest::newRow("no-requested-resources")
            << Pod(test::PodBuilder())
            << capacity({{"pods", "1"}, {"cpu", "1"}, {"memory", "1"}, {"ephemeral-storage", "1"}, {"example.com/aaa", "1"}})
            << capacity({{"pods", "1"}, {"cpu", "2"}, {"memory", "2"}, {"ephemeral-storage", "2"}, {"example.com/aaa", "2"}}) << false;
        QTest::newRow("no-requested-resources-pods-increased")
            << Pod(test::PodBuilder())
            << capacity({{"pods", "1"}, {"cpu", "1"}, {"memory", "1"}, {"ephemeral-storage", "1"}, {"example.com/aaa", "1"}})
            << capacity({{"pods", "2"}, {"cpu", "1"}, {"memory", "1"}, {"ephemeral-storage", "1"}, {"example.com/aaa", "1"}}) << true;
        const Pod requesting = req("pod", {{"cpu", "1"}, {"memory", "2"}, {"ephemeral-storage", "3"}, {"example.com/aaa", "4"}});
        QTest::newRow("requested-resources-decreased")
            << requesting << capacity({{"pods", "1"}, {"cpu", "3"}, {"memory", "4"}, {"ephemeral-storage", "3"}, {"example.com/aaa", "4"}})
            << capacity({{"pods", "1"}, {"cpu", "1"}, {"memory", "2"}, {"ephemeral-storage", "3"}, {"example.com/aaa", "4"}}) << false;
        QTest::newRow("requested-resources-increased")
            << requesting << capacity({{"pods", "1"}, {"cpu", "1"}, {"memory", "2"}, {"ephemeral-storage", "3"}, {"example.com/aaa", "4"}})
            << capacity({{"pods", "1"}, {"cpu", "3"}, {"memory", "4"}, {"ephemeral-storage", "3"}, {"example.com/aaa", "4"}}) << true;
        QTest::newRow("non-requested-resources-increased")
            << req("pod", {{"cpu", "1"}, {"memory", "1"}}) << capacity({{"pods", "32"}, {"cpu", "1"}, {"memory", "1"}})
            << capacity({{"pods", "32"}, {"cpu", "1"}, {"memory", "1"}, {"ephemeral-storage", "1"}, {"example.com/aaa", "1"}})
            << false;
    }
    void haveAnyRequestedResourcesIncreased()
    {
        QFETCH(Pod, pod);
        QFETCH(Node, originalNode);
        QFETCH(Node, modifiedNode);
        QFETCH(bool, expected);
        QCOMPARE(plugins::NodeResourcesFit::haveAnyRequestedResourcesIncreased(pod, originalNode, modifiedNode), expected);
    }

    void eventsToRegister_data()
    {
        QTest::addColumn<bool>("inPlacePodVerticalScalingEnabled");
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("Register events with InPlacePodVerticalScaling feature enabled")
            << true
            << QStringList {QStringLiteral("Pod/Delete|UpdatePodScaleDown +hint"), QStringLiteral("Node/Add|UpdateNodeAllocatable +hint")};
        QTest::newRow("Register events with InPlacePodVerticalScaling feature disabled (v1.32 default)")
            << false << QStringList {QStringLiteral("Pod/Delete +hint"), QStringLiteral("Node/Add|UpdateNodeAllocatable +hint")};
    }
    void eventsToRegister()
    {
        QFETCH(bool, inPlacePodVerticalScalingEnabled);
        QFETCH(QStringList, expected);
        test::TestHandle handle;
        plugins::NodeResourcesFit plugin(config::NodeResourcesFitArgs {}, handle);
        plugin.setEnableInPlacePodVerticalScalingForTesting(inPlacePodVerticalScalingEnabled);
        QCOMPARE(test::registeredEvents(plugin.eventsToRegister()), expected);
    }
};

QTEST_GUILESS_MAIN(TestQueueingHintsFit)
#include "tst_queueinghints_fit.moc"
