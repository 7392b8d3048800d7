// QueueingHints of PodTopologySpread and InterPodAffinity, ported from upstream's v1.32 plugin_test.go
// files: podtopologyspread Test_isSchedulableAfterNodeChange / Test_isSchedulableAfterPodChange,
// interpodaffinity Test_isSchedulableAfterPodChange / Test_isSchedulableAfterNodeChange.
#include "plugins/interpodaffinity.h"
#include "plugins/podtopologyspread.h"

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


template<typename T>
MaybeObject obj(const T& object)
{
    return KubeObject(object);
}

// st.MakeLabelSelector().Exists(key).
LabelSelector existsSelector(const char* key)
{
    LabelSelector selector;
    selector.matchExpressions.append({QString::fromLatin1(key), SelectorOperator::Exists, {}});
    return selector;
}

// SpreadConstraint(1, key, DoNotSchedule, selector, nil, nil, nodeTaintsPolicy, nil).
TopologySpreadConstraint constraint(const char* topologyKey, const char* selectorKey,
                                    std::optional<NodeInclusionPolicy> nodeTaintsPolicy = std::nullopt)
{
    TopologySpreadConstraint c;
    c.maxSkew = 1;
    c.topologyKey = QString::fromLatin1(topologyKey);
    c.whenUnsatisfiable = UnsatisfiableConstraintAction::DoNotSchedule;
    c.labelSelector = existsSelector(selectorKey);
    c.nodeTaintsPolicy = nodeTaintsPolicy;
    return c;
}

Pod spreadingPod()
{
    return test::PodBuilder("p").label("foo", "").spreadConstraint(constraint("zone", "foo"));
}

Pod spreadingPodTwoConstraints()
{
    return test::PodBuilder("p").label("foo", "").spreadConstraint(constraint("zone", "foo")).spreadConstraint(constraint("node", "foo"));
}

Pod spreadingPodMultiSelectors()
{
    return test::PodBuilder("p").label("foo", "").spreadConstraint(constraint("zone", "foo")).spreadConstraint(constraint("node", "bar"));
}

Node node(std::initializer_list<std::pair<const char*, const char*>> labels, const QList<Taint>& taints = {})
{
    test::NodeBuilder builder("node-a");
    for (const auto& [key, value] : labels)
        builder.label(key, value);
    Node n = builder;
    n.taints = taints;
    return n;
}

Pod scheduled(std::initializer_list<std::pair<const char*, const char*>> labels, const char* namespace_ = "default")
{
    test::PodBuilder builder("pod", namespace_);
    builder.node("fake-node");
    for (const auto& [key, value] : labels)
        builder.label(key, value);
    return builder;
}

Pod unscheduled(std::initializer_list<std::pair<const char*, const char*>> labels)
{
    test::PodBuilder builder("pod");
    for (const auto& [key, value] : labels)
        builder.label(key, value);
    return builder;
}

// A required (anti-)affinity term: `key In values` or `key Exists`, over topologyKey.
PodAffinityTerm affinityTerm(const char* key, SelectorOperator op, const QStringList& values, const char* topologyKey)
{
    PodAffinityTerm term;
    LabelSelector selector;
    selector.matchExpressions.append({QString::fromLatin1(key), op, values});
    term.labelSelector = selector;
    term.topologyKey = QString::fromLatin1(topologyKey);
    return term;
}

// st.MakePod().Name("p").PodAffinityIn / PodAntiAffinityIn ("service", topologyKey, [securityscan value2]).
Pod affinityPod(const char* topologyKey, bool anti = false)
{
    PodAffinity affinity;
    affinity.requiredDuringSchedulingIgnoredDuringExecution.append(
        affinityTerm("service", SelectorOperator::In, {QStringLiteral("securityscan"), QStringLiteral("value2")}, topologyKey));
    Affinity a;
    if (anti)
        a.podAntiAffinity = affinity;
    else
        a.podAffinity = affinity;
    return test::PodBuilder("p").affinity(a);
}

// PodAffinityExists("aaa", "hostname").PodAffinityExists("bbb", "hostname").
Pod multiTermAffinityPod()
{
    PodAffinity affinity;
    affinity.requiredDuringSchedulingIgnoredDuringExecution.append(affinityTerm("aaa", SelectorOperator::Exists, {}, "hostname"));
    affinity.requiredDuringSchedulingIgnoredDuringExecution.append(affinityTerm("bbb", SelectorOperator::Exists, {}, "hostname"));
    Affinity a;
    a.podAffinity = affinity;
    return test::PodBuilder("p").affinity(a);
}

void addColumns()
{
    QTest::addColumn<Pod>("pod");
    QTest::addColumn<MaybeObject>("oldObj");
    QTest::addColumn<MaybeObject>("newObj");
    QTest::addColumn<QString>("expectedHint");
}

} // namespace

class TestQueueingHintsSpreading : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void podTopologySpreadNodeChange_data()
    {
        addColumns();
        const Pod one = spreadingPod();
        const Pod two = spreadingPodTwoConstraints();
        const Taint taintBar {QStringLiteral("foo"), QStringLiteral("bar"), TaintEffect::NoSchedule};
        const Taint taintBaz {QStringLiteral("foo"), QStringLiteral("baz"), TaintEffect::NoSchedule};
        QTest::newRow("node updates label which matches topologyKey")
            << one << obj(node({{"zone", "zone1"}})) << obj(node({{"zone", "zone2"}})) << Queue;
        QTest::newRow("node that doesn't match topologySpreadConstraints updates non-related label")
            << one << obj(node({{"foo", "bar1"}})) << obj(node({{"foo", "bar2"}})) << QueueSkip;
        QTest::newRow("node that match topologySpreadConstraints adds non-related label")
            << one << obj(node({{"zone", "zone1"}})) << obj(node({{"zone", "zone1"}, {"foo", "bar"}})) << QueueSkip;
        QTest::newRow("create node with non-related labels") << one << MaybeObject() << obj(node({{"foo", "bar"}})) << QueueSkip;
        QTest::newRow("create node with related labels") << one << MaybeObject() << obj(node({{"zone", "zone1"}})) << Queue;
        QTest::newRow("delete node with non-related labels") << one << obj(node({{"foo", "bar"}})) << MaybeObject() << QueueSkip;
        QTest::newRow("delete node with related labels") << one << obj(node({{"zone", "zone1"}})) << MaybeObject() << Queue;
        QTest::newRow("add node with related labels that only match one of topologySpreadConstraints")
            << two << MaybeObject() << obj(node({{"zone", "zone1"}})) << QueueSkip;
        QTest::newRow("add node with related labels that match all topologySpreadConstraints")
            << two << MaybeObject() << obj(node({{"zone", "zone1"}, {"node", "node1"}})) << Queue;
        QTest::newRow("update node with related labels that only match one of topologySpreadConstraints")
            << two << obj(node({{"zone", "zone1"}})) << obj(node({{"zone", "zone2"}})) << QueueSkip;
        QTest::newRow("update node with related labels that match all topologySpreadConstraints")
            << two << obj(node({{"zone", "zone1"}, {"node", "node1"}})) << obj(node({{"zone", "zone1"}, {"node", "node2"}})) << Queue;
        QTest::newRow("update node with different taints that match all topologySpreadConstraints")
            << two << obj(node({{"zone", "zone1"}, {"node", "node1"}}, {taintBar}))
            << obj(node({{"zone", "zone1"}, {"node", "node1"}}, {taintBaz})) << Queue;
        QTest::newRow("update node with different taints that only match one of topologySpreadConstraints")
            << two << obj(node({{"zone", "zone1"}}, {taintBar})) << obj(node({{"zone", "zone1"}}, {taintBaz})) << QueueSkip;
    }
    void podTopologySpreadNodeChange()
    {
        QFETCH(Pod, pod);
        QFETCH(MaybeObject, oldObj);
        QFETCH(MaybeObject, newObj);
        QFETCH(QString, expectedHint);
        test::TestHandle handle;
        const plugins::PodTopologySpread plugin(config::PodTopologySpreadArgs {}, handle);
        QCOMPARE(framework::toString(plugin.isSchedulableAfterNodeChange(pod, test::objectPtr(oldObj), test::objectPtr(newObj))),
                 expectedHint);
    }

    void podTopologySpreadPodChange_data()
    {
        addColumns();
        const Pod pod = spreadingPod();
        const Pod multi = spreadingPodMultiSelectors();
        QTest::newRow("add pod with labels match topologySpreadConstraints selector")
            << pod << MaybeObject() << obj(scheduled({{"foo", ""}})) << Queue;
        QTest::newRow("add un-scheduled pod") << pod << MaybeObject() << obj(unscheduled({{"foo", ""}})) << QueueSkip;
        QTest::newRow("update un-scheduled pod") << pod << obj(unscheduled({{"bar", ""}})) << obj(unscheduled({{"foo", ""}})) << QueueSkip;
        QTest::newRow("delete un-scheduled pod") << pod << obj(unscheduled({{"foo", ""}})) << MaybeObject() << QueueSkip;
        QTest::newRow("add pod with different namespace")
            << pod << MaybeObject() << obj(scheduled({{"foo", ""}}, "fake-namespace")) << QueueSkip;
        QTest::newRow("add pod with labels don't match topologySpreadConstraints selector")
            << pod << MaybeObject() << obj(scheduled({{"bar", ""}})) << QueueSkip;
        QTest::newRow("delete pod with labels that match topologySpreadConstraints selector")
            << pod << obj(scheduled({{"foo", ""}})) << MaybeObject() << Queue;
        QTest::newRow("delete pod with labels that don't match topologySpreadConstraints selector")
            << pod << obj(scheduled({{"bar", ""}})) << MaybeObject() << QueueSkip;
        QTest::newRow("update pod's non-related label")
            << pod << obj(scheduled({{"foo", ""}, {"bar", "bar1"}})) << obj(scheduled({{"foo", ""}, {"bar", "bar2"}})) << QueueSkip;
        QTest::newRow("add pod's label that matches topologySpreadConstraints selector")
            << pod << obj(scheduled({{"bar", ""}})) << obj(scheduled({{"foo", ""}, {"bar", ""}})) << Queue;
        QTest::newRow("delete pod label that matches topologySpreadConstraints selector")
            << pod << obj(scheduled({{"foo", ""}, {"bar", ""}})) << obj(scheduled({{"bar", ""}})) << Queue;
        QTest::newRow("change pod's label that matches topologySpreadConstraints selector")
            << pod << obj(scheduled({{"foo", "foo1"}})) << obj(scheduled({{"foo", "foo2"}})) << QueueSkip;
        QTest::newRow("change pod's label that doesn't match topologySpreadConstraints selector")
            << pod << obj(scheduled({{"foo", ""}, {"bar", "bar1"}})) << obj(scheduled({{"foo", ""}, {"bar", "bar2"}})) << QueueSkip;
        QTest::newRow("add pod's label that matches topologySpreadConstraints selector with multi topologySpreadConstraints")
            << multi << obj(scheduled({{"foo", ""}})) << obj(scheduled({{"foo", ""}, {"bar", ""}})) << Queue;
        QTest::newRow("change pod's label that doesn't match topologySpreadConstraints selector with multi topologySpreadConstraints")
            << multi << obj(scheduled({{"foo", ""}})) << obj(scheduled({{"foo", ""}, {"baz", ""}})) << QueueSkip;
        QTest::newRow("change pod's label that match topologySpreadConstraints selector with multi topologySpreadConstraints")
            << multi << obj(scheduled({{"foo", ""}, {"bar", "bar1"}})) << obj(scheduled({{"foo", ""}, {"bar", "bar2"}})) << QueueSkip;
        const Pod honor =
            test::PodBuilder("p").label("foo", "").spreadConstraint(constraint("zone", "foo", NodeInclusionPolicy::Honor));
        Toleration key;
        key.key = QStringLiteral("key");
        key.op = TolerationOperator::Exists;
        Pod honorTolerating = honor;
        honorTolerating.tolerations.append(key);
        QTest::newRow("the unschedulable pod has topologySpreadConstraint with NodeTaintsPolicy:Honor and has got a new toleration")
            << honor << obj(honor) << obj(honorTolerating) << Queue;
    }
    void podTopologySpreadPodChange()
    {
        QFETCH(Pod, pod);
        QFETCH(MaybeObject, oldObj);
        QFETCH(MaybeObject, newObj);
        QFETCH(QString, expectedHint);
        test::TestHandle handle;
        const plugins::PodTopologySpread plugin(config::PodTopologySpreadArgs {}, handle);
        QCOMPARE(framework::toString(plugin.isSchedulableAfterPodChange(pod, test::objectPtr(oldObj), test::objectPtr(newObj))),
                 expectedHint);
    }

    void interPodAffinityPodChange_data()
    {
        addColumns();
        const Pod affinity = affinityPod("region");
        const Pod anti = affinityPod("region", true);
        const Pod multi = multiTermAffinityPod();
        QTest::newRow("add a pod which matches the pod affinity")
            << affinity << MaybeObject() << obj(scheduled({{"service", "securityscan"}})) << Queue;
        QTest::newRow("add an un-scheduled pod") << affinity << MaybeObject() << obj(unscheduled({{"service", "securityscan"}})) << QueueSkip;
        QTest::newRow("add a pod which doesn't match the pod affinity")
            << affinity << MaybeObject() << obj(scheduled({{"aaa", "a"}})) << QueueSkip;
        QTest::newRow("update a pod from non-match to match pod affinity")
            << affinity << obj(scheduled({{"aaa", "a"}})) << obj(scheduled({{"service", "securityscan"}})) << Queue;
        QTest::newRow("the updating pod matches target pod's affinity both before and after label changes")
            << affinity << obj(scheduled({{"service", "value2"}})) << obj(scheduled({{"service", "securityscan"}})) << QueueSkip;
        QTest::newRow("update an un-scheduled pod")
            << affinity << obj(unscheduled({{"service", "value2"}})) << obj(unscheduled({{"service", "securityscan"}})) << QueueSkip;
        QTest::newRow("update a pod from match to non-match the pod affinity")
            << affinity << obj(scheduled({{"service", "securityscan"}})) << obj(scheduled({{"aaa", "a"}})) << QueueSkip;
        QTest::newRow("update a pod from match to non-match pod's affinity - multiple terms case")
            << multi << obj(scheduled({{"aaa", "a"}})) << obj(scheduled({{"service", "securityscan"}})) << QueueSkip;
        QTest::newRow("update a pod from non-match to match pod's affinity - multiple terms case")
            << multi << obj(scheduled({{"aaa", "a"}})) << obj(scheduled({{"aaa", ""}, {"bbb", ""}})) << Queue;
        QTest::newRow("modify pod label to change it from satisfying pod anti-affinity to not satisfying anti-affinity")
            << anti << obj(scheduled({{"service", "securityscan"}})) << obj(scheduled({{"service", "aaaa"}})) << Queue;
        QTest::newRow("modify pod label to change it from not satisfying pod anti-affinity to satisfying anti-affinity")
            << anti << obj(scheduled({{"service", "bbb"}})) << obj(scheduled({{"service", "securityscan"}})) << QueueSkip;
        QTest::newRow("delete a pod which doesn't match pod's anti-affinity")
            << anti << obj(scheduled({{"aaa", "a"}})) << MaybeObject() << QueueSkip;
        QTest::newRow("delete a pod which matches pod's anti-affinity")
            << anti << obj(scheduled({{"service", "securityscan"}})) << MaybeObject() << Queue;
    }
    void interPodAffinityPodChange()
    {
        QFETCH(Pod, pod);
        QFETCH(MaybeObject, oldObj);
        QFETCH(MaybeObject, newObj);
        QFETCH(QString, expectedHint);
        QCOMPARE(framework::toString(
                     plugins::InterPodAffinity::isSchedulableAfterPodChange(pod, test::objectPtr(oldObj), test::objectPtr(newObj))),
                 expectedHint);
    }

    void interPodAffinityNodeChange_data()
    {
        addColumns();
        const Pod zone = affinityPod("zone");
        const Pod region = affinityPod("region");
        const Pod antiZone = affinityPod("zone", true);
        const Pod antiRegion = affinityPod("region", true);
        QTest::newRow("add a new node with matched pod affinity topologyKey")
            << zone << MaybeObject() << obj(node({{"zone", "zone1"}})) << Queue;
        QTest::newRow("add a new node without matched topologyKey") << region << MaybeObject() << obj(node({{"zone", "zone1"}}))
                                                                    << QueueSkip;
        QTest::newRow("update node topologyKey") << zone << obj(node({{"aaa", "a"}})) << obj(node({{"zone", "zone1"}})) << Queue;
        QTest::newRow("update node lable but not topologyKey")
            << zone << obj(node({{"aaa", "a"}})) << obj(node({{"aaa", "b"}})) << QueueSkip;
        // v1.32's hint looks at the new node only, so a node that keeps the key is requeued.
        QTest::newRow("update node label that isn't related to the pod affinity")
            << zone << obj(node({{"zone", "zone1"}})) << obj(node({{"zone", "zone1"}, {"unrelated-label", "unrelated"}})) << Queue;
        QTest::newRow("update node with different affinity topologyKey")
            << zone << obj(node({{"zone", "zone1"}})) << obj(node({{"zone", "zone2"}})) << Queue;
        QTest::newRow("add a new node with matched pod anti-affinity topologyKey")
            << antiZone << MaybeObject() << obj(node({{"zone", "zone1"}})) << Queue;
        QTest::newRow("add a new node without matched pod anti-affinity topologyKey")
            << antiRegion << MaybeObject() << obj(node({{"zone", "zone1"}})) << QueueSkip;
        QTest::newRow("update node with different anti-affinity topologyKey")
            << antiZone << obj(node({{"zone", "zone1"}})) << obj(node({{"zone", "zone2"}})) << Queue;
    }
    void interPodAffinityNodeChange()
    {
        QFETCH(Pod, pod);
        QFETCH(MaybeObject, oldObj);
        QFETCH(MaybeObject, newObj);
        QFETCH(QString, expectedHint);
        QCOMPARE(framework::toString(
                     plugins::InterPodAffinity::isSchedulableAfterNodeChange(pod, test::objectPtr(oldObj), test::objectPtr(newObj))),
                 expectedHint);
    }
};

QTEST_GUILESS_MAIN(TestQueueingHintsSpreading)
#include "tst_queueinghints_spreading.moc"
