// Cluster events: upstream's TestNodeSchedulingPropertiesChange and Test_podSchedulingPropertiesChange
// (pkg/scheduler/framework/events_test.go, v1.32), and ClusterEvent.Match / Label from types.go.
#include "framework/events.h"

#include "builders.h"
#include "hinthelpers.h"

#include <QTest>

using namespace ksv;
using namespace ksv::framework;

namespace {

QStringList labels(const QList<ClusterEvent>& events)
{
    QStringList names;
    for (const auto& event : events)
        names.append(event.label);
    return names;
}

Node nodeWithTaint(const char* value)
{
    return test::NodeBuilder().taint("node.kubernetes.io/unschedulable", value, TaintEffect::NoSchedule);
}

Pod podWithCPU(const char* cpu)
{
    return test::PodBuilder().req({{"cpu", cpu}});
}

} // namespace

class TestEvents : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void nodeSchedulingPropertiesChange_data()
    {
        QTest::addColumn<Node>("newNode");
        QTest::addColumn<Node>("oldNode");
        QTest::addColumn<QStringList>("wantEvents");

        QTest::newRow("no specific changed applied")
            << Node(test::NodeBuilder().unschedulable(false)) << Node(test::NodeBuilder().unschedulable(false)) << QStringList();
        QTest::newRow("only node spec unavailable changed")
            << Node(test::NodeBuilder().unschedulable(false)) << Node(test::NodeBuilder().unschedulable(true))
            << QStringList {QStringLiteral("NodeUpdateNodeTaint")};
        QTest::newRow("only node allocatable changed")
            << Node(test::NodeBuilder().capacity({{"cpu", "1000m"}, {"memory", "100m"}, {"example.com/foo", "1"}}))
            << Node(test::NodeBuilder().capacity({{"cpu", "1000m"}, {"memory", "100m"}, {"example.com/foo", "2"}}))
            << QStringList {QStringLiteral("NodeUpdateNodeAllocatable")};
        QTest::newRow("only node label changed") << Node(test::NodeBuilder().label("foo", "bar"))
                                                 << Node(test::NodeBuilder().label("foo", "fuz"))
                                                 << QStringList {QStringLiteral("NodeUpdateNodeLabel")};
        QTest::newRow("only node taint changed")
            << nodeWithTaint("") << nodeWithTaint("foo") << QStringList {QStringLiteral("NodeUpdateNodeTaint")};
        Node annotated = test::NodeBuilder();
        annotated.meta.annotations.insert(QStringLiteral("foo"), QStringLiteral("bar"));
        Node annotatedOld = test::NodeBuilder();
        annotatedOld.meta.annotations.insert(QStringLiteral("foo"), QStringLiteral("fuz"));
        QTest::newRow("only node annotation changed")
            << annotated << annotatedOld << QStringList {QStringLiteral("NodeUpdateNodeAnnotation")};
        Node ready = test::NodeBuilder();
        ready.conditions.append({QStringLiteral("Ready"), QStringLiteral("True")});
        QTest::newRow("only node condition changed")
            << Node(test::NodeBuilder()) << ready << QStringList {QStringLiteral("NodeUpdateNodeCondition")};
        Node labelledAndTainted = nodeWithTaint("");
        labelledAndTainted.meta.labels.insert(QStringLiteral("foo"), QStringLiteral("bar"));
        QTest::newRow("both node label and node taint changed")
            << labelledAndTainted << nodeWithTaint("foo")
            << QStringList {QStringLiteral("NodeUpdateNodeLabel"), QStringLiteral("NodeUpdateNodeTaint")};
        // Not in upstream's table: both extractors that report UpdateNodeTaint fire, in order.
        Node cordoned = nodeWithTaint("foo");
        cordoned.unschedulable = true;
        QTest::newRow("uncordoned and taint changed")
            << nodeWithTaint("") << cordoned << QStringList {QStringLiteral("NodeUpdateNodeTaint"), QStringLiteral("NodeUpdateNodeTaint")};
    }
    void nodeSchedulingPropertiesChange()
    {
        QFETCH(Node, newNode);
        QFETCH(Node, oldNode);
        QFETCH(QStringList, wantEvents);
        const QList<ClusterEvent> events = framework::nodeSchedulingPropertiesChange(newNode, oldNode);
        QCOMPARE(labels(events), wantEvents);
        for (const auto& event : events)
            QCOMPARE(int(event.resource), int(EventResource::Node));
    }

    void podSchedulingPropertiesChange_data()
    {
        QTest::addColumn<Pod>("newPod");
        QTest::addColumn<Pod>("oldPod");
        QTest::addColumn<QStringList>("want");

        QTest::newRow("assigned pod is updated") << Pod(test::PodBuilder().label("foo", "bar").node("node"))
                                                 << Pod(test::PodBuilder().label("foo", "bar2").node("node"))
                                                 << QStringList {QStringLiteral("AssignedPodUpdatePodLabel")};
        QTest::newRow("only label is updated") << Pod(test::PodBuilder().label("foo", "bar"))
                                               << Pod(test::PodBuilder().label("foo", "bar2"))
                                               << QStringList {QStringLiteral("UnschedulablePodUpdatePodLabel")};
        QTest::newRow("pod's resource request is scaled down")
            << podWithCPU("100m") << podWithCPU("101m") << QStringList {QStringLiteral("UnschedulablePodUpdatePodScaleDown")};
        QTest::newRow("pod's resource request is scaled up")
            << podWithCPU("101m") << podWithCPU("100m") << QStringList {QStringLiteral("UnschedulablePodUpdate")};
        Pod smallWithLabel = podWithCPU("100m");
        smallWithLabel.meta.labels.insert(QStringLiteral("foo"), QStringLiteral("bar"));
        QTest::newRow("both pod's resource request and label are updated")
            << smallWithLabel << podWithCPU("101m")
            << QStringList {QStringLiteral("UnschedulablePodUpdatePodLabel"), QStringLiteral("UnschedulablePodUpdatePodScaleDown")};
        Pod annotated = test::PodBuilder();
        annotated.meta.annotations.insert(QStringLiteral("foo"), QStringLiteral("bar"));
        Pod annotatedOld = test::PodBuilder();
        annotatedOld.meta.annotations.insert(QStringLiteral("foo"), QStringLiteral("bar2"));
        QTest::newRow("untracked properties of pod is updated")
            << annotated << annotatedOld << QStringList {QStringLiteral("UnschedulablePodUpdate")};
        QTest::newRow("scheduling gate is eliminated")
            << Pod(test::PodBuilder().schedulingGates({})) << Pod(test::PodBuilder().schedulingGates({QStringLiteral("foo")}))
            << QStringList {QStringLiteral("UnschedulablePodUpdatePodSchedulingGatesEliminated")};
        QTest::newRow("scheduling gate is removed, but not completely eliminated")
            << Pod(test::PodBuilder().schedulingGates({QStringLiteral("foo")}))
            << Pod(test::PodBuilder().schedulingGates({QStringLiteral("foo"), QStringLiteral("bar")}))
            << QStringList {QStringLiteral("UnschedulablePodUpdate")};
        Toleration key;
        key.key = QStringLiteral("key");
        key.op = TolerationOperator::Exists;
        Toleration key2 = key;
        key2.key = QStringLiteral("key2");
        QTest::newRow("pod's tolerations are updated") << Pod(test::PodBuilder().toleration(key).toleration(key2))
                                                       << Pod(test::PodBuilder().toleration(key))
                                                       << QStringList {QStringLiteral("UnschedulablePodUpdatePodTolerations")};
        // The DynamicResourceAllocation rows are left out: the gate is off in v1.32 (so claim status
        // changes are plain updates) and the model has no resourceClaimStatuses.
    }
    void podSchedulingPropertiesChange()
    {
        QFETCH(Pod, newPod);
        QFETCH(Pod, oldPod);
        QFETCH(QStringList, want);
        QCOMPARE(labels(framework::podSchedulingPropertiesChange(newPod, oldPod)), want);
    }

    // ClusterEvent.Match (types.go): wildcards, Pod covering assigned and unscheduled pods, action bits.
    void match_data()
    {
        QTest::addColumn<ClusterEvent>("registered");
        QTest::addColumn<ClusterEvent>("incoming");
        QTest::addColumn<bool>("want");

        const ClusterEvent podUpdate = clusterEvent(EventResource::Pod, action::Update);
        QTest::newRow("wildcard registration matches anything")
            << clusterEvent(EventResource::WildCard, action::All) << clusterEvent(EventResource::Node, action::Add) << true;
        QTest::newRow("wildcard resource with an action matches that action")
            << clusterEvent(EventResource::WildCard, action::Add) << clusterEvent(EventResource::Node, action::Add) << true;
        QTest::newRow("wildcard resource with another action")
            << clusterEvent(EventResource::WildCard, action::Delete) << clusterEvent(EventResource::Node, action::Add) << false;
        QTest::newRow("incoming wildcard matches only a wildcard registration")
            << clusterEvent(EventResource::Node, action::Add) << eventUnschedulableTimeout() << false;
        QTest::newRow("Pod matches an assigned pod's label update")
            << podUpdate << clusterEvent(EventResource::AssignedPod, action::UpdatePodLabel) << true;
        QTest::newRow("Pod matches an unscheduled pod's other update")
            << podUpdate << clusterEvent(EventResource::UnscheduledPod, action::updatePodOther) << true;
        QTest::newRow("Pod/UpdatePodLabel does not match a scale down")
            << clusterEvent(EventResource::Pod, action::UpdatePodLabel)
            << clusterEvent(EventResource::AssignedPod, action::UpdatePodScaleDown) << false;
        QTest::newRow("AssignedPod does not match Pod")
            << clusterEvent(EventResource::AssignedPod, action::Add) << clusterEvent(EventResource::Pod, action::Add) << false;
        QTest::newRow("different resources") << clusterEvent(EventResource::Node, action::Add)
                                             << clusterEvent(EventResource::CSINode, action::Add) << false;
        QTest::newRow("Node/Add|UpdateNodeTaint matches UpdateNodeTaint")
            << clusterEvent(EventResource::Node, action::Add | action::UpdateNodeTaint)
            << clusterEvent(EventResource::Node, action::UpdateNodeTaint) << true;
    }
    void match()
    {
        QFETCH(ClusterEvent, registered);
        QFETCH(ClusterEvent, incoming);
        QFETCH(bool, want);
        QCOMPARE(registered.match(incoming), want);
    }

    // ClusterEvent.Label: fmt.Sprintf("%v%v", resource, actionType), or the special label.
    void label()
    {
        QCOMPARE(clusterEvent(EventResource::Node, action::Add).label, QStringLiteral("NodeAdd"));
        QCOMPARE(clusterEvent(EventResource::AssignedPod, action::Delete).label, QStringLiteral("AssignedPodDelete"));
        QCOMPARE(clusterEvent(EventResource::UnscheduledPod, action::updatePodOther).label, QStringLiteral("UnschedulablePodUpdate"));
        QCOMPARE(clusterEvent(EventResource::PersistentVolumeClaim, action::Add).label, QStringLiteral("PersistentVolumeClaimAdd"));
        QCOMPARE(clusterEvent(EventResource::VolumeAttachment, action::Delete).label,
                 QStringLiteral("storage.k8s.io/VolumeAttachmentDelete"));
        QCOMPARE(clusterEvent(EventResource::Node, action::All).label, QStringLiteral("NodeAll"));
        QCOMPARE(eventAssignedPodDelete().label, QStringLiteral("AssignedPodDelete"));
        QCOMPARE(eventUnschedulableTimeout().label, QStringLiteral("UnschedulableTimeout"));
        QVERIFY(eventForceActivate().isWildCard());
    }
};

QTEST_GUILESS_MAIN(TestEvents)
#include "tst_events.moc"
