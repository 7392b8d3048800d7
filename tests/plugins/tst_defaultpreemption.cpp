// DefaultPreemption: upstream's TestPostFilter, TestDryRunPreemption, TestSelectBestCandidate,
// TestPodEligibleToPreemptOthers and TestPreempt (pkg/scheduler/framework/plugins/defaultpreemption/
// default_preemption_test.go; the v1.32 cases, the extender ones included, without the async and
// pod-group ones), plus
// derived rows for calculateNumCandidates, the computed PDB status and the aggregated error. Where
// upstream seeds rand with 4, its offsets (4, 1, 3) are set through the test hook; epochTimeN (N ns)
// becomes N ms. Upstream's pods live in namespace ""; ours in "default", with their PDBs.
#include "fakeextender.h"
#include "preemptionfixture.h"

#include <QTest>

using namespace ksv;
using namespace ksv::test;
using framework::Code;
using framework::Status;

class TestDefaultPreemption : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void preemptWithExtenders_data();
    void preemptWithExtenders();
    void postFilter_data();
    void postFilter();
    void dryRunPreemption_data();
    void dryRunPreemption();
    void selectBestCandidate_data();
    void selectBestCandidate();
    void podEligibleToPreemptOthers_data();
    void podEligibleToPreemptOthers();
    void calculateNumCandidates_data();
    void calculateNumCandidates();
    void pdbDisruptionsAllowed_data();
    void pdbDisruptionsAllowed();
    void aggregateError_data();
    void aggregateError();
    void preEnqueue();
};

void TestDefaultPreemption::postFilter_data()
{
    QTest::addColumn<Pod>("pod");
    QTest::addColumn<QList<Node>>("nodes");
    QTest::addColumn<QList<Pod>>("pods");
    QTest::addColumn<QList<PodDisruptionBudget>>("pdbs");
    QTest::addColumn<framework::NodeToStatus>("filtered");
    QTest::addColumn<uint>("plugins");
    QTest::addColumn<bool>("hasResult");
    QTest::addColumn<QString>("nominated");
    QTest::addColumn<Code>("code");
    QTest::addColumn<QString>("message");
    QTest::addColumn<QStringList>("victims");

    const auto U = Code::Unschedulable;
    const auto UU = Code::UnschedulableAndUnresolvable;
    const unsigned fitAndTest = PluginSet::Fit | PluginSet::TestPlugin;
    const QString notHelpful1 = "preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling.";

    // TestPostFilter
    QTest::newRow("pod with higher priority can be made schedulable")
        << incoming(highPriority) << QList<Node> {onePodNode("node1")} << QList<Pod> {makePod("p1", "node1", 0)} << QList<PodDisruptionBudget> {}
        << statuses({{"node1", U}}) << fitAndTest << true << "node1" << Code::Success << "" << QStringList {"default/p1"};
    QTest::newRow("pod with tied priority is still unschedulable")
        << incoming(0) << QList<Node> {onePodNode("node1")} << QList<Pod> {makePod("p1", "node1", 0)} << QList<PodDisruptionBudget> {}
        << statuses({{"node1", U}}) << fitAndTest << true << "" << U
        << "preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod." << QStringList {};
    QTest::newRow("preemption should respect filteredNodesStatuses")
        << incoming(highPriority) << QList<Node> {onePodNode("node1")} << QList<Pod> {makePod("p1", "node1", 0)}
        << QList<PodDisruptionBudget> {} << statuses({{"node1", UU}}) << fitAndTest << true << "" << U << notHelpful1 << QStringList {};
    QTest::newRow("absent NodeToStatusReader entry means UnschedulableAndUnresolvable")
        << incoming(highPriority) << QList<Node> {onePodNode("node1")} << QList<Pod> {makePod("p1", "node1", 0)}
        << QList<PodDisruptionBudget> {} << framework::NodeToStatus {} << fitAndTest << true << "" << U << notHelpful1 << QStringList {};
    QTest::newRow("pod can be made schedulable on one node")
        << incoming(midPriority) << QList<Node> {onePodNode("node1"), onePodNode("node2")}
        << QList<Pod> {makePod("p1", "node1", highPriority), makePod("p2", "node2", lowPriority)} << QList<PodDisruptionBudget> {}
        << statuses({{"node1", U}, {"node2", U}}) << fitAndTest << true << "node2" << Code::Success << "" << QStringList {"default/p2"};
    QTest::newRow("pod can be made schedulable on minHighestPriority node")
        << incoming(veryHighPriority) << QList<Node> {onePodNode("node1"), onePodNode("node2")}
        << QList<Pod> {labelled(makePod("p1", "node1", highPriority), "test.kubernetes.io/is-violating-pdb", "non-violating"),
                       labelled(makePod("p2", "node1", lowPriority), "test.kubernetes.io/is-violating-pdb", "violating"),
                       labelled(makePod("p3", "node2", midPriority), "test.kubernetes.io/is-violating-pdb", "violating")}
        << QList<PodDisruptionBudget> {pdb("violating-pdb", "test.kubernetes.io/is-violating-pdb", "violating", {100, true}, std::nullopt),
                                       pdb("non-violating-pdb", "test.kubernetes.io/is-violating-pdb", "non-violating", {0, false},
                                           std::numeric_limits<int>::max())}
        << statuses({{"node1", U}, {"node2", U}}) << fitAndTest << true << "node2" << Code::Success << "" << QStringList {"default/p3"};
    QTest::newRow("no candidate nodes found, no enough resource after removing low priority pods")
        << incoming(highPriority, Res::Large) << QList<Node> {cpuNode("node1"), cpuNode("node2")}
        << QList<Pod> {makePod("p1", "node1", 0), makePod("p2", "node2", 0)} << QList<PodDisruptionBudget> {}
        << statuses({{"node1", U}, {"node2", U}}) << fitAndTest << true << "" << U
        << "preemption: 0/2 nodes are available: 2 Insufficient cpu." << QStringList {};
    QTest::newRow("no candidate nodes found with mixed reasons")
        << incoming(highPriority, Res::Large) << QList<Node> {onePodNode("node1"), cpuNode("node2"), onePodNode("node3")}
        << QList<Pod> {makePod("p1", "node1", highPriority), makePod("p2", "node2", 0), makePod("p3", "node3", highPriority)}
        << QList<PodDisruptionBudget> {} << statuses({{"node1", U}, {"node2", U}, {"node3", U}}) << fitAndTest << true << "" << U
        << "preemption: 0/3 nodes are available: 1 Insufficient cpu, 2 No preemption victims found for incoming pod." << QStringList {};
    QTest::newRow("no candidate nodes found with mixed reason, 2 UnschedulableAndUnresolvable nodes")
        << incoming(highPriority, Res::Large) << QList<Node> {cpuNode("node1"), cpuNode("node2"), cpuNode("node3"), cpuNode("node4")}
        << QList<Pod> {makePod("p1", "node1", 0), makePod("p2", "node2", 0)} << QList<PodDisruptionBudget> {}
        << statuses({{"node1", U}, {"node2", U}, {"node4", UU}}) << fitAndTest << true << "" << U
        << "preemption: 0/4 nodes are available: 2 Insufficient cpu, 2 Preemption is not helpful for scheduling." << QStringList {};
    QTest::newRow("only one node but failed with TestPlugin")
        << incoming(highPriority, Res::Large) << QList<Node> {largeNode("node1", "true")} << QList<Pod> {makePod("p1", "node1", 0)}
        << QList<PodDisruptionBudget> {} << statuses({{"node1", U}}) << fitAndTest << false << "" << Code::Error
        << "preemption: running RemovePod on PreFilter plugin \"test-plugin\": failed to remove pod: p" << QStringList {};
    QTest::newRow("one failed with TestPlugin and the other pass")
        << incoming(highPriority, Res::Large) << QList<Node> {largeNode("node1", "true"), largeNode("node2")}
        << QList<Pod> {makePod("p1", "node1", 0), makePod("p2", "node2", 0, Res::Medium)} << QList<PodDisruptionBudget> {}
        << statuses({{"node1", U}, {"node2", U}}) << fitAndTest << true << "node2" << Code::Success << "" << QStringList {"default/p2"};

    // TestPreempt (every node Unschedulable; node capacity veryLarge).
    const QList<Node> three = veryLargeNodes({"node1", "node2", "node3"});
    const auto allU = [](const QList<Node>& nodes) {
        framework::NodeToStatus m;
        for (const auto& node : nodes)
            m.set(node.meta.name, Status(Code::Unschedulable));
        return m;
    };
    const QList<Pod> basic {makePod("p1.1", "node1", lowPriority, Res::Small), makePod("p1.2", "node1", lowPriority, Res::Small),
                            makePod("p2.1", "node2", highPriority, Res::Large), makePod("p3.1", "node3", midPriority, Res::Medium)};
    QTest::newRow("preempt: basic preemption logic")
        << withPolicy(incoming(highPriority, Res::VeryLarge), PreemptionPolicy::PreemptLowerPriority) << three << basic
        << QList<PodDisruptionBudget> {} << allU(three) << fitOnly << true << "node1" << Code::Success << ""
        << QStringList {"default/p1.1", "default/p1.2"};
    QTest::newRow("preempt: PreemptionPolicy is nil") << incoming(highPriority, Res::VeryLarge) << three << basic << QList<PodDisruptionBudget> {}
                                                      << allU(three) << fitOnly << true << "node1" << Code::Success << ""
                                                      << QStringList {"default/p1.1", "default/p1.2"};
    QTest::newRow("preempt: no preempting in pod")
        << withPolicy(incoming(highPriority, Res::VeryLarge), PreemptionPolicy::Never) << three << basic << QList<PodDisruptionBudget> {}
        << allU(three) << fitOnly << false << "" << U << "preemption: not eligible due to preemptionPolicy=Never." << QStringList {};
    const QList<Node> zones = veryLargeNodes({"node-a/zone1", "node-b/zone1", "node-x/zone2"});
    QTest::newRow("preempt: preemption for topology spread constraints")
        << spreadPod(foo(incoming(highPriority))) << zones
        << QList<Pod> {foo(makePod("p-a1", "node-a", highPriority)), foo(makePod("p-a2", "node-a", highPriority)),
                       foo(makePod("p-b1", "node-b", lowPriority)), foo(makePod("p-x1", "node-x", highPriority)),
                       foo(makePod("p-x2", "node-x", highPriority))}
        << QList<PodDisruptionBudget> {} << allU(zones) << unsigned(PluginSet::TopologySpread) << true << "node-b" << Code::Success << ""
        << QStringList {"default/p-b1"};
    const QList<Node> two = veryLargeNodes({"node1", "node2"});
    QTest::newRow("preempt: smaller sum of adjusted priorities wins (extender row without extenders)")
        << incoming(highPriority, Res::VeryLarge) << two
        << QList<Pod> {makePod("p1.1", "node1", midPriority, Res::Small), makePod("p1.2", "node1", lowPriority, Res::Small),
                       makePod("p2.1", "node2", midPriority, Res::Large)}
        << QList<PodDisruptionBudget> {} << allU(two) << fitOnly << true << "node2" << Code::Success << "" << QStringList {"default/p2.1"};

    // PodEligibleToPreemptOthers through PostFilter: the victims of an earlier preemption are still terminating.
    QTest::newRow("not eligible: terminating victim on the nominated node")
        << nominatedTo(incoming(highPriority), "node1") << QList<Node> {onePodNode("node1")}
        << QList<Pod> {terminating(makePod("p1", "node1", lowPriority), true)} << QList<PodDisruptionBudget> {} << statuses({{"node1", U}})
        << fitOnly << false << "" << U << "preemption: not eligible due to a terminating pod on the nominated node." << QStringList {};
}

void TestDefaultPreemption::postFilter()
{
    QFETCH(Pod, pod);
    QFETCH(QList<Node>, nodes);
    QFETCH(QList<Pod>, pods);
    QFETCH(QList<PodDisruptionBudget>, pdbs);
    QFETCH(framework::NodeToStatus, filtered);
    QFETCH(uint, plugins);

    ClusterState cluster;
    cluster.podDisruptionBudgets = pdbs;
    Fixture fixture(nodes, pods, plugins, {}, cluster);
    const auto state = fixture.handle.runPreFilter(pod);
    const framework::PostFilterOutcome outcome = fixture.preemption->postFilter(*state, pod, filtered);

    QFETCH(Code, code);
    QCOMPARE(framework::toString(outcome.status.code()), framework::toString(code)); // by upstream's names
    QTEST(outcome.status.message(), "message");
    QTEST(outcome.nominatingInfo.has_value(), "hasResult");
    if (outcome.nominatingInfo) {
        QTEST(outcome.nominatingInfo->nominatedNodeName, "nominated");
        QVERIFY(outcome.nominatingInfo->override);
    }
    QStringList victims = outcome.victims;
    victims.sort();
    QTEST(victims, "victims");
}

void TestDefaultPreemption::dryRunPreemption_data()
{
    QTest::addColumn<QStringList>("nodeNames");
    QTest::addColumn<QList<Pod>>("testPods");
    QTest::addColumn<QList<Pod>>("initPods");
    QTest::addColumn<uint>("plugins");
    QTest::addColumn<config::DefaultPreemptionArgs>("args");
    QTest::addColumn<QList<preemption::DisruptionBudget>>("pdbs");
    QTest::addColumn<bool>("fakeFilterFails");
    QTest::addColumn<QList<int>>("offsets");
    QTest::addColumn<QList<QStringList>>("expected");
    QTest::addColumn<QList<int>>("expectedNumFilterCalled");

    const QStringList twoNodes {"node1", "node2"};
    const QStringList fiveNodes {"node1", "node2", "node3", "node4", "node5"};
    const QList<Pod> p {incoming(highPriority, Res::Large)};
    const QList<Pod> midLarge12 {makePod("p1", "node1", midPriority, Res::Large), makePod("p2", "node2", midPriority, Res::Large)};
    const config::DefaultPreemptionArgs defaults;
    const unsigned fit = PluginSet::Fit;
    const QList<int> offset0 {0};
    using Budgets = QList<preemption::DisruptionBudget>;

    QTest::newRow("a pod that does not fit on any node")
        << twoNodes << QList<Pod> {incoming(highPriority)} << QList<Pod> {makePod("p1", "node1", midPriority), makePod("p2", "node2", midPriority)}
        << unsigned(PluginSet::FalseFilterPlugin) << defaults << Budgets {} << false << offset0 << QList<QStringList> {{}} << QList<int> {2};
    QTest::newRow("a pod that fits with no preemption")
        << twoNodes << QList<Pod> {incoming(highPriority)} << QList<Pod> {makePod("p1", "node1", midPriority), makePod("p2", "node2", midPriority)}
        << 0u << defaults << Budgets {} << true << offset0 << QList<QStringList> {{}} << QList<int> {2};
    QTest::newRow("a pod that fits on both nodes when lower priority pods are preempted")
        << twoNodes << p << midLarge12 << fit << defaults << Budgets {} << false << offset0
        << QList<QStringList> {{"node1:p1/0", "node2:p2/0"}} << QList<int> {4};
    QTest::newRow("other pods running are higher priority, no preemption would happen")
        << twoNodes << QList<Pod> {incoming(lowPriority, Res::Large)} << midLarge12 << fit << defaults << Budgets {} << false << offset0
        << QList<QStringList> {{}} << QList<int> {0};
    QTest::newRow("medium priority pod is preempted, but lower priority one stays as it is small")
        << twoNodes << p
        << QList<Pod> {makePod("p1.1", "node1", lowPriority, Res::Small), makePod("p1.2", "node1", midPriority, Res::Large),
                       makePod("p2", "node2", midPriority, Res::Large)}
        << fit << defaults << Budgets {} << false << offset0 << QList<QStringList> {{"node1:p1.2/0", "node2:p2/0"}} << QList<int> {5};
    QTest::newRow("mixed priority pods are preempted")
        << twoNodes << p
        << QList<Pod> {makePod("p1.1", "node1", midPriority, Res::Small), makePod("p1.2", "node1", lowPriority, Res::Small),
                       makePod("p1.3", "node1", midPriority, Res::Medium), makePod("p1.4", "node1", highPriority, Res::Small),
                       makePod("p2", "node2", highPriority, Res::Large)}
        << fit << defaults << Budgets {} << false << offset0 << QList<QStringList> {{"node1:p1.2,p1.3/0"}} << QList<int> {4};
    QTest::newRow("mixed priority pods are preempted, pick later StartTime one when priorities are equal")
        << twoNodes << p
        << QList<Pod> {makePod("p1.1", "node1", lowPriority, Res::Small, 5), makePod("p1.2", "node1", lowPriority, Res::Small, 4),
                       makePod("p1.3", "node1", midPriority, Res::Medium, 3), makePod("p1.4", "node1", highPriority, Res::Small, 2),
                       makePod("p2", "node2", highPriority, Res::Large, 1)}
        << fit << defaults << Budgets {} << false << offset0 << QList<QStringList> {{"node1:p1.1,p1.3/0"}} << QList<int> {4};
    Pod antiAffinityPod = foo(makePod("p1.1", "node1", lowPriority, Res::Small));
    PodAffinityTerm term;
    term.labelSelector = existsFoo();
    term.topologyKey = QStringLiteral("hostname");
    antiAffinityPod.affinity.podAntiAffinity = PodAffinity {{term}, {}};
    QTest::newRow("pod with anti-affinity is preempted")
        << twoNodes << QList<Pod> {foo(incoming(highPriority, Res::Small))}
        << QList<Pod> {antiAffinityPod, makePod("p1.2", "node1", midPriority, Res::Small), makePod("p1.3", "node1", highPriority, Res::Small),
                       makePod("p2", "node2", highPriority, Res::Small)}
        << unsigned(PluginSet::Fit | PluginSet::InterPodAffinity) << defaults << Budgets {} << false << offset0
        << QList<QStringList> {{"node1:p1.1/0"}} << QList<int> {3};
    QTest::newRow("preemption to resolve pod topology spread filter failure")
        << QStringList {"node-a/zone1", "node-b/zone1", "node-x/zone2"} << QList<Pod> {spreadPod(foo(incoming(highPriority)))}
        << QList<Pod> {foo(makePod("pod-a1", "node-a", midPriority)), foo(makePod("pod-a2", "node-a", lowPriority)),
                       foo(makePod("pod-b1", "node-b", lowPriority)), foo(makePod("pod-x1", "node-x", highPriority)),
                       foo(makePod("pod-x2", "node-x", highPriority))}
        << unsigned(PluginSet::TopologySpread) << defaults << Budgets {} << false << offset0
        << QList<QStringList> {{"node-a:pod-a2/0", "node-b:pod-b1/0"}} << QList<int> {5};
    QTest::newRow("get Unschedulable in the preemption phase when the filter plugins filtering the nodes")
        << twoNodes << p << midLarge12 << fit << defaults << Budgets {} << true << offset0 << QList<QStringList> {{}} << QList<int> {2};

    const QList<Pod> veryLarge {incoming(highPriority, Res::VeryLarge)};
    const QList<Pod> twoFoo {appFoo(makePod("p1.1", "node1", midPriority, Res::Medium)), appFoo(makePod("p1.2", "node1", midPriority, Res::Medium))};
    QTest::newRow("preemption with violation of same pdb")
        << QStringList {"node1"} << veryLarge << twoFoo << fit << defaults << Budgets {appFooBudget(1)} << false << offset0
        << QList<QStringList> {{"node1:p1.1,p1.2/1"}} << QList<int> {3};
    QTest::newRow("pdb with processed eviction, the victim doesn't belong to DisruptedPods")
        << QStringList {"node1"} << veryLarge << twoFoo << fit << defaults << Budgets {appFooBudget(1, {"p2"})} << false << offset0
        << QList<QStringList> {{"node1:p1.1,p1.2/1"}} << QList<int> {3};
    QTest::newRow("pdb with processed eviction, the victim belongs to DisruptedPods")
        << QStringList {"node1"} << veryLarge << twoFoo << fit << defaults << Budgets {appFooBudget(1, {"p1.2"})} << false << offset0
        << QList<QStringList> {{"node1:p1.1,p1.2/0"}} << QList<int> {3};
    QTest::newRow("pdb with processed eviction, the victim in DisruptedPods is treated as nonViolating")
        << QStringList {"node1"} << veryLarge << (twoFoo + QList<Pod> {appFoo(makePod("p1.3", "node1", midPriority, Res::Medium))}) << fit
        << defaults << Budgets {appFooBudget(1, {"p1.3"})} << false << offset0 << QList<QStringList> {{"node1:p1.1,p1.2,p1.3/1"}}
        << QList<int> {4};

    QList<Pod> fiveMid;
    for (const char* index : {"1", "2", "3", "4", "5"}) {
        const QByteArray podName = QByteArray("p") + index;
        const QByteArray nodeName = QByteArray("node") + index;
        fiveMid.append(makePod(podName.constData(), nodeName.constData(), midPriority, Res::Large));
    }
    QTest::newRow("all nodes are possible candidates, but DefaultPreemptionArgs limits to 2")
        << fiveNodes << p << fiveMid << fit << args(40, 1) << Budgets {} << false << QList<int> {4}
        << QList<QStringList> {{"node1:p1/0", "node5:p5/0"}} << QList<int> {4};
    QList<Pod> someVeryHigh = fiveMid;
    someVeryHigh[1] = makePod("p2", "node2", veryHighPriority, Res::Large);
    someVeryHigh[4] = makePod("p5", "node5", veryHighPriority, Res::Large);
    QTest::newRow("some nodes are not possible candidates, DefaultPreemptionArgs limits to 2")
        << fiveNodes << p << someVeryHigh << fit << args(40, 1) << Budgets {} << false << QList<int> {4}
        << QList<QStringList> {{"node1:p1/0", "node3:p3/0"}} << QList<int> {4};
    QTest::newRow("preemption offset across multiple scheduling cycles and wrap around")
        << fiveNodes
        << QList<Pod> {makePod("tp1", "", highPriority, Res::Large), makePod("tp2", "", highPriority, Res::Large),
                       makePod("tp3", "", highPriority, Res::Large)}
        << fiveMid << fit << args(40, 1) << Budgets {} << false << QList<int> {4, 1, 3}
        << QList<QStringList> {{"node1:p1/0", "node5:p5/0"}, {"node2:p2/0", "node3:p3/0"}, {"node4:p4/0", "node5:p5/0"}}
        << QList<int> {4, 4, 4};
    QList<Pod> someFoo = fiveMid;
    for (const int i : {0, 1, 4})
        someFoo[i] = appFoo(someFoo[i]);
    QTest::newRow("preemption looks past numCandidates until a non-PDB violating node is found")
        << fiveNodes << p << someFoo << fit << args(40, 2) << Budgets {appFooBudget(0)} << false << QList<int> {4}
        << QList<QStringList> {{"node1:p1/1", "node3:p3/0", "node5:p5/1"}} << QList<int> {8};
}

void TestDefaultPreemption::dryRunPreemption()
{
    QFETCH(QStringList, nodeNames);
    QFETCH(QList<Pod>, testPods);
    QFETCH(QList<Pod>, initPods);
    QFETCH(uint, plugins);
    QFETCH(config::DefaultPreemptionArgs, args);
    QFETCH(QList<preemption::DisruptionBudget>, pdbs);
    QFETCH(bool, fakeFilterFails);
    QFETCH(QList<int>, offsets);
    QFETCH(QList<QStringList>, expected);
    QFETCH(QList<int>, expectedNumFilterCalled);

    Fixture fixture(veryLargeNodes(nodeNames), initPods, plugins | PluginSet::Counting, args);
    if (fakeFilterFails)
        fixture.fake.code = Code::Unschedulable;
    qsizetype cycle = 0;
    fixture.preemption->setOffsetRandForTesting([&](qint32) { return offsets.value(cycle); });

    const QList<framework::NodeInfoPtr>& nodeInfos = fixture.handle.snapshot().nodeInfos();
    for (; cycle < testPods.size(); ++cycle) {
        const Pod& pod = testPods[cycle];
        const auto state = fixture.handle.runPreFilter(pod);
        const auto [offset, numCandidates] = fixture.preemption->getOffsetAndNumCandidates(static_cast<qint32>(nodeInfos.size()));
        const int before = fixture.fake.numFilterCalled;
        const preemption::DryRunResult result =
            fixture.preemption->evaluator().dryRunPreemption(*state, pod, nodeInfos, pdbs, offset, numCandidates);
        QStringList got;
        for (const auto& candidate : result.candidates)
            got.append(describe(candidate));
        got.sort();
        QCOMPARE(got, expected.value(cycle));
        QCOMPARE(fixture.fake.numFilterCalled - before, expectedNumFilterCalled.value(cycle));
    }
}

void TestDefaultPreemption::selectBestCandidate_data()
{
    QTest::addColumn<QStringList>("nodeNames");
    QTest::addColumn<Pod>("pod");
    QTest::addColumn<QList<Pod>>("pods");
    QTest::addColumn<QStringList>("expected"); // any of them

    const Pod high = incoming(highPriority, Res::VeryLarge);
    const QStringList three {"node1", "node2", "node3"};
    const auto v = [](const char* name, const char* node, int priority, Res res, qint64 start = 0) {
        return makePod(name, node, priority, res, start);
    };
    QTest::newRow("a pod that fits on both nodes when lower priority pods are preempted")
        << QStringList {"node1", "node2"} << incoming(highPriority, Res::Large)
        << QList<Pod> {v("p1", "node1", midPriority, Res::Large), v("p2", "node2", midPriority, Res::Large)} << QStringList {"node1", "node2"};
    QTest::newRow("node with min highest priority pod is picked")
        << three << high
        << QList<Pod> {v("p1.1", "node1", midPriority, Res::Medium), v("p1.2", "node1", midPriority, Res::Large),
                       v("p2.1", "node2", midPriority, Res::Medium), v("p2.2", "node2", lowPriority, Res::Medium),
                       v("p3.1", "node3", lowPriority, Res::Medium), v("p3.2", "node3", lowPriority, Res::Medium)}
        << QStringList {"node3"};
    QTest::newRow("when highest priorities are the same, minimum sum of priorities is picked")
        << three << high
        << QList<Pod> {v("p1.1", "node1", midPriority, Res::Medium), v("p1.2", "node1", midPriority, Res::Large),
                       v("p2.1", "node2", midPriority, Res::Large), v("p2.2", "node2", lowPriority, Res::Medium),
                       v("p3.1", "node3", midPriority, Res::Medium), v("p3.2", "node3", midPriority, Res::Medium)}
        << QStringList {"node2"};
    QTest::newRow("when highest priority and sum are the same, minimum number of pods is picked")
        << three << high
        << QList<Pod> {v("p1.1", "node1", midPriority, Res::Small), v("p1.2", "node1", negPriority, Res::Small),
                       v("p1.3", "node1", midPriority, Res::Small), v("p1.4", "node1", negPriority, Res::Small),
                       v("p2.1", "node2", midPriority, Res::Large), v("p2.2", "node2", negPriority, Res::Medium),
                       v("p3.1", "node3", midPriority, Res::Medium), v("p3.2", "node3", negPriority, Res::Small),
                       v("p3.3", "node3", lowPriority, Res::Small)}
        << QStringList {"node2"};
    QTest::newRow("sum of adjusted priorities is considered")
        << three << high
        << QList<Pod> {v("p1.1", "node1", midPriority, Res::Small), v("p1.2", "node1", negPriority, Res::Small),
                       v("p1.3", "node1", negPriority, Res::Small), v("p2.1", "node2", midPriority, Res::Large),
                       v("p2.2", "node2", negPriority, Res::Medium), v("p3.1", "node3", midPriority, Res::Medium),
                       v("p3.2", "node3", negPriority, Res::Small), v("p3.3", "node3", lowPriority, Res::Small)}
        << QStringList {"node2"};
    QTest::newRow("non-overlapping lowest high priority, sum priorities, and number of pods")
        << QStringList {"node1", "node2", "node3", "node4"} << incoming(veryHighPriority, Res::VeryLarge)
        << QList<Pod> {v("p1.1", "node1", midPriority, Res::Small),  v("p1.2", "node1", lowPriority, Res::Small),
                       v("p1.3", "node1", lowPriority, Res::Small),  v("p2.1", "node2", highPriority, Res::Large),
                       v("p3.1", "node3", midPriority, Res::Medium), v("p3.2", "node3", lowPriority, Res::Small),
                       v("p3.3", "node3", lowPriority, Res::Small),  v("p3.4", "node3", lowPriority, Res::Medium),
                       v("p4.1", "node4", midPriority, Res::Medium), v("p4.2", "node4", midPriority, Res::Small),
                       v("p4.3", "node4", midPriority, Res::Small),  v("p4.4", "node4", negPriority, Res::Small)}
        << QStringList {"node1"};
    QTest::newRow("same priority, same number of victims, different start time for each node's pod")
        << three << high
        << QList<Pod> {v("p1.1", "node1", midPriority, Res::Medium, 2), v("p1.2", "node1", midPriority, Res::Medium, 2),
                       v("p2.1", "node2", midPriority, Res::Medium, 3), v("p2.2", "node2", midPriority, Res::Medium, 3),
                       v("p3.1", "node3", midPriority, Res::Medium, 1), v("p3.2", "node3", midPriority, Res::Medium, 1)}
        << QStringList {"node2"};
    QTest::newRow("same priority, same number of victims, different start time for all pods")
        << three << high
        << QList<Pod> {v("p1.1", "node1", midPriority, Res::Medium, 4), v("p1.2", "node1", midPriority, Res::Medium, 2),
                       v("p2.1", "node2", midPriority, Res::Medium, 5), v("p2.2", "node2", midPriority, Res::Medium, 1),
                       v("p3.1", "node3", midPriority, Res::Medium, 3), v("p3.2", "node3", midPriority, Res::Medium, 6)}
        << QStringList {"node3"};
    QTest::newRow("different priority, same number of victims, different start time for all pods")
        << three << high
        << QList<Pod> {v("p1.1", "node1", lowPriority, Res::Medium, 4), v("p1.2", "node1", midPriority, Res::Medium, 2),
                       v("p2.1", "node2", midPriority, Res::Medium, 6), v("p2.2", "node2", lowPriority, Res::Medium, 1),
                       v("p3.1", "node3", lowPriority, Res::Medium, 3), v("p3.2", "node3", midPriority, Res::Medium, 5)}
        << QStringList {"node2"};
}

void TestDefaultPreemption::selectBestCandidate()
{
    QFETCH(QStringList, nodeNames);
    QFETCH(Pod, pod);
    QFETCH(QList<Pod>, pods);
    QFETCH(QStringList, expected);

    Fixture fixture(veryLargeNodes(nodeNames), pods, PluginSet::Fit);
    const auto state = fixture.handle.runPreFilter(pod);
    const QList<framework::NodeInfoPtr>& nodeInfos = fixture.handle.snapshot().nodeInfos();
    const auto [offset, numCandidates] = fixture.preemption->getOffsetAndNumCandidates(static_cast<qint32>(nodeInfos.size()));
    preemption::Evaluator& evaluator = fixture.preemption->evaluator();
    const preemption::DryRunResult result = evaluator.dryRunPreemption(*state, pod, nodeInfos, {}, offset, numCandidates);
    const std::optional<preemption::Candidate> best = evaluator.selectCandidate(result.candidates);
    QVERIFY(best && !best->name.isEmpty());
    QVERIFY2(expected.contains(best->name), qPrintable(best->name));
}

void TestDefaultPreemption::podEligibleToPreemptOthers_data()
{
    QTest::addColumn<Pod>("pod");
    QTest::addColumn<QList<Pod>>("pods");
    QTest::addColumn<Status>("nominatedNodeStatus");
    QTest::addColumn<bool>("expected");
    QTest::addColumn<QString>("reason");

    const Pod nominated = nominatedTo(makePod("p", "", highPriority), "node1");
    QTest::newRow("Pod with nominated node")
        << nominated << QList<Pod> {terminating(makePod("p_without_status", "node1", lowPriority), false)}
        << Status(Code::UnschedulableAndUnresolvable, "node(s) had untolerated taint") << true << "";
    QTest::newRow("Pod without nominated node") << makePod("p_without_nominated_node", "", highPriority) << QList<Pod> {} << Status()
                                                << true << "";
    QTest::newRow("Pod with 'PreemptNever' preemption policy")
        << withPolicy(makePod("p_with_preempt_never_policy", "", highPriority), PreemptionPolicy::Never) << QList<Pod> {} << Status()
        << false << "not eligible due to preemptionPolicy=Never.";
    QTest::newRow("preemption victim pod terminating, as indicated by the dedicated DisruptionTarget condition")
        << nominated << QList<Pod> {terminating(makePod("p_with_disruption", "node1", lowPriority), true)} << Status() << false
        << "not eligible due to a terminating pod on the nominated node.";
    QTest::newRow("non-victim Pods terminating")
        << nominated << QList<Pod> {terminating(makePod("p_without_disruption", "node1", lowPriority), false)} << Status() << true << "";
}

void TestDefaultPreemption::podEligibleToPreemptOthers()
{
    QFETCH(Pod, pod);
    QFETCH(QList<Pod>, pods);
    QFETCH(Status, nominatedNodeStatus);

    Fixture fixture(veryLargeNodes({"node1"}), pods, 0);
    const preemption::Eligibility eligibility = fixture.preemption->podEligibleToPreemptOthers(pod, nominatedNodeStatus);
    QTEST(eligibility.eligible, "expected");
    QTEST(eligibility.reason, "reason");
}

void TestDefaultPreemption::calculateNumCandidates_data()
{
    QTest::addColumn<int>("percentage");
    QTest::addColumn<int>("absolute");
    QTest::addColumn<int>("numNodes");
    QTest::addColumn<int>("expected");

    QTest::newRow("defaults, 5 nodes") << 10 << 100 << 5 << 5;
    QTest::newRow("defaults, 1000 nodes") << 10 << 100 << 1000 << 100;
    QTest::newRow("defaults, 5000 nodes") << 10 << 100 << 5000 << 500;
    QTest::newRow("40%, 1, 5 nodes") << 40 << 1 << 5 << 2;
    QTest::newRow("40%, 2, 5 nodes") << 40 << 2 << 5 << 2;
    QTest::newRow("50%, 100, 0 nodes") << 50 << 100 << 0 << 0;
    QTest::newRow("50%, 100, 50 nodes") << 50 << 100 << 50 << 50;
    QTest::newRow("50%, 100, 200 nodes") << 50 << 100 << 200 << 100;
    QTest::newRow("50%, 100, 1000 nodes") << 50 << 100 << 1000 << 500;
}

void TestDefaultPreemption::calculateNumCandidates()
{
    QFETCH(int, percentage);
    QFETCH(int, absolute);
    QFETCH(int, numNodes);
    test::TestHandle handle;
    const plugins::DefaultPreemption plugin(args(percentage, absolute), handle);
    QTEST(plugin.calculateNumCandidates(numNodes), "expected");
}

// Derived from the disruption controller's arithmetic (pkg/controller/disruption/disruption.go).
void TestDefaultPreemption::pdbDisruptionsAllowed_data()
{
    QTest::addColumn<PodDisruptionBudget>("budget");
    QTest::addColumn<QList<Pod>>("pods");
    QTest::addColumn<int>("replicas"); // of ReplicaSet "rs", which owns the pods labelled owned=rs
    QTest::addColumn<int>("expected");

    const auto owned = [](Pod pod) {
        pod = labelled(std::move(pod), "owned", "rs");
        pod.meta.ownerReferences.append({QStringLiteral("apps/v1"), QStringLiteral("ReplicaSet"), QStringLiteral("rs"), {}, true});
        return pod;
    };
    const QList<Pod> threeRunning {appFoo(makePod("a", "node1", 0)), appFoo(makePod("b", "node1", 0)), appFoo(makePod("c", "node1", 0))};
    QList<Pod> threeOwned;
    for (const auto& pod : threeRunning)
        threeOwned.append(owned(pod));
    QList<Pod> onePending = threeOwned;
    onePending[2].nodeName.clear();
    PodDisruptionBudget maxUnavailable1 = pdb("m", "app", "foo", {}, std::nullopt);
    maxUnavailable1.minAvailable.reset();
    maxUnavailable1.maxUnavailable = IntOrPercent {1, false};
    PodDisruptionBudget maxUnavailableHalf = maxUnavailable1;
    maxUnavailableHalf.maxUnavailable = IntOrPercent {50, true};
    QList<Pod> jobOwned = threeRunning;
    jobOwned[0].meta.ownerReferences.append({QStringLiteral("batch/v1"), QStringLiteral("Job"), QStringLiteral("j"), {}, true});

    QTest::newRow("status given") << pdb("s", "app", "foo", {0, false}, 3) << threeRunning << 0 << 3;
    QTest::newRow("minAvailable 1 of 3 healthy") << pdb("i", "app", "foo", {1, false}, std::nullopt) << threeRunning << 0 << 2;
    QTest::newRow("minAvailable 5 of 3 healthy") << pdb("i", "app", "foo", {5, false}, std::nullopt) << threeRunning << 0 << 0;
    QTest::newRow("minAvailable 0, no pods") << pdb("i", "app", "foo", {0, false}, std::nullopt) << QList<Pod> {} << 0 << 0;
    QTest::newRow("maxUnavailable 1, ReplicaSet of 3") << maxUnavailable1 << threeOwned << 3 << 1;
    QTest::newRow("maxUnavailable 1, one pod pending") << maxUnavailable1 << onePending << 3 << 0;
    QTest::newRow("maxUnavailable 50%, ReplicaSet of 4, 3 healthy") << maxUnavailableHalf << threeOwned << 4 << 1;
    QTest::newRow("minAvailable 100%, unmanaged pods") << pdb("p", "app", "foo", {100, true}, std::nullopt) << threeRunning << 0 << 0;
    QTest::newRow("maxUnavailable, controller not sized: failSafe") << maxUnavailable1 << jobOwned << 0 << 0;
}

void TestDefaultPreemption::pdbDisruptionsAllowed()
{
    QFETCH(PodDisruptionBudget, budget);
    QFETCH(QList<Pod>, pods);
    QFETCH(int, replicas);

    ClusterState cluster;
    cluster.pods = pods;
    ReplicaSet rs;
    rs.meta.name = QStringLiteral("rs");
    rs.meta.namespace_ = QStringLiteral("default");
    rs.replicas = replicas;
    cluster.replicaSets.append(rs);
    QTEST(preemption::pdbDisruptionsAllowed(budget, cluster), "expected");
}

void TestDefaultPreemption::aggregateError_data()
{
    QTest::addColumn<QStringList>("errors");
    QTest::addColumn<QString>("expected");
    QTest::newRow("one") << QStringList {"a"} << "a";
    QTest::newRow("two") << QStringList {"a", "b"} << "[a, b]";
    QTest::newRow("duplicates") << QStringList {"a", "a"} << "a";
}

void TestDefaultPreemption::aggregateError()
{
    QFETCH(QStringList, errors);
    preemption::DryRunResult result;
    result.errors = errors;
    QTEST(result.aggregateError(), "expected");
}

void TestDefaultPreemption::preEnqueue()
{
    test::TestHandle handle;
    plugins::DefaultPreemption plugin({}, handle);
    QVERIFY(plugin.preEnqueue(makePod("p", "", 0)).isSuccess());
}

Q_DECLARE_METATYPE(ksv::test::Extenders)

// TestPreempt's extender cases: after the dry run, each interested extender cuts the candidates.
void TestDefaultPreemption::preemptWithExtenders_data()
{
    QTest::addColumn<QList<Node>>("nodes");
    QTest::addColumn<QList<Pod>>("pods");
    QTest::addColumn<Extenders>("extenders");
    QTest::addColumn<QString>("nominated"); // "" for none
    QTest::addColumn<QStringList>("victims");
    QTest::addColumn<QString>("message");

    const QList<Node> three = veryLargeNodes({"node1", "node2", "node3"});
    const QList<Pod> onNode3 {makePod("p1.1", "node1", midPriority, Res::Small), makePod("p1.2", "node1", lowPriority, Res::Small),
                              makePod("p2.1", "node3", midPriority, Res::Large)};
    const QList<Pod> onNode2 {makePod("p1.1", "node1", midPriority, Res::Small), makePod("p1.2", "node1", lowPriority, Res::Small),
                              makePod("p2.1", "node2", midPriority, Res::Large)};
    QTest::newRow("Scheduler extenders allow only node1, otherwise node3 would have been chosen")
        << three << onNode3 << Extenders {fake({truePredicate}), fake({onlyNode("node1")})} << "node1"
        << QStringList {"default/p1.1", "default/p1.2"} << "";
    QTest::newRow("Scheduler extenders do not allow any preemption")
        << three << onNode2 << Extenders {fake({falsePredicate})} << "" << QStringList() << "preemption: no candidate node for preemption";
    auto ignorable = fake({errorPredicate});
    ignorable->ignorable = true;
    QTest::newRow("One scheduler extender allows only node1, the other returns error but ignorable. Only node1 would be chosen")
        << three << onNode2 << Extenders {ignorable, fake({onlyNode("node1")})} << "node1" << QStringList {"default/p1.1", "default/p1.2"} << "";
    auto uninterested = fake({onlyNode("node1")});
    uninterested->unInterested = true;
    QTest::newRow("One scheduler extender allows only node1, but it is not interested in given pod, otherwise node1 would have been chosen")
        << veryLargeNodes({"node1", "node2"}) << onNode2 << Extenders {uninterested, fake({truePredicate})} << "node2"
        << QStringList {"default/p2.1"} << "";
    // Derived: an error from an extender that is not ignorable fails preemption with its text.
    QTest::newRow("a non-ignorable extender's error fails preemption")
        << three << onNode2 << Extenders {fake({errorPredicate})} << "" << QStringList() << "preemption: some error";
}

void TestDefaultPreemption::preemptWithExtenders()
{
    QFETCH(QList<Node>, nodes);
    QFETCH(QList<Pod>, pods);
    QFETCH(Extenders, extenders);
    QFETCH(QString, nominated);
    QFETCH(QStringList, victims);
    QFETCH(QString, message);

    Fixture fixture(nodes, pods, fitOnly);
    for (const auto& extender : extenders)
        fixture.handle.extenderList.append(extender.get());
    const Pod pod = incoming(highPriority, Res::VeryLarge);
    framework::NodeToStatus filtered;
    for (const Node& node : nodes)
        filtered.set(node.meta.name, Status(Code::Unschedulable));
    const auto state = fixture.handle.runPreFilter(pod);
    const framework::PostFilterOutcome outcome = fixture.preemption->postFilter(*state, pod, filtered);
    QCOMPARE(outcome.status.message(), message);
    QCOMPARE(outcome.nominatingInfo.has_value() ? outcome.nominatingInfo->nominatedNodeName : QString(), nominated);
    QStringList got = outcome.victims;
    got.sort();
    QCOMPARE(got, victims);
}

QTEST_GUILESS_MAIN(TestDefaultPreemption)
#include "tst_defaultpreemption.moc"
