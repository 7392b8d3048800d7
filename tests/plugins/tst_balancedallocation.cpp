// NodeResourcesBalancedAllocation (noderesources/balanced_allocation_test.go): v1.32's table, the
// best-effort Skip of v1.33 (#130260) and v1.36's table for the score of the change in balance
// (#135573); and the cross-plugin TestZeroRequest of schedule_one_test.go (v1.32) that sums it with
// NodeResourcesFit.
#include "builders.h"
#include "testhandle.h"

#include "plugins/noderesourcesbalancedallocation.h"
#include "plugins/noderesourcesfit.h"
#include "version/features.h"

#include <QTest>

using namespace ksv;
using namespace ksv::test;
using plugins::NodeResourcesBalancedAllocation;

Q_DECLARE_METATYPE(ksv::version::KubeVersion)

namespace {

// test_util.go makeNode(name, milliCPU, memory, extended): capacity = allocatable, no pods entry.
Node makeNode(const char* name, qint64 milliCPU, qint64 memory, ResourcePairs extended = {})
{
    Node node = NodeBuilder(name).obj();
    node.capacity = resources(extended);
    node.capacity.insert(ResourceName::cpu, Quantity::fromMilliValue(milliCPU));
    node.capacity.insert(ResourceName::memory, Quantity::fromValue(memory));
    node.allocatable = node.capacity;
    return node;
}

// st.MakePod().Obj(): no containers at all.
Pod bare(const char* name, const char* nodeName = nullptr)
{
    PodBuilder builder(name);
    if (nodeName)
        builder.node(nodeName);
    Pod pod = builder.obj();
    pod.containers.clear();
    return pod;
}

// The pod specs of balanced_allocation_test.go.
Pod cpuOnly(const char* name, const char* nodeName)
{
    return PodBuilder(name).node(nodeName).req({{"cpu", "1000m"}, {"memory", "0"}}).req({{"cpu", "2000m"}, {"memory", "0"}});
}

Pod cpuAndMemory(const char* name, const char* nodeName = nullptr)
{
    PodBuilder builder(name);
    if (nodeName)
        builder.node(nodeName);
    return builder.req({{"cpu", "1000m"}, {"memory", "2000"}}).req({{"cpu", "2000m"}, {"memory", "3000"}});
}

Pod cpuAndMemoryAndGPU(const char* name, const char* nodeName)
{
    return PodBuilder(name).node(nodeName).req({{"cpu", "1000m"}, {"memory", "2000"}}).req(
        {{"cpu", "2000m"}, {"memory", "3000"}, {"nvidia.com/gpu", "3"}});
}

config::NodeResourcesBalancedAllocationArgs balancedArgs(const QList<config::ResourceSpec>& resourceSpecs = config::defaultResourceSpecs())
{
    config::NodeResourcesBalancedAllocationArgs args;
    args.resources = resourceSpecs;
    return args;
}

// Each node's score, as upstream's test loop takes them: PreScore first when asked, then Score per
// node. `error` names the first status that was not a success.
QList<qint64> scoresOf(const Pod& pod, const QList<Node>& nodes, const QList<Pod>& existing,
                       const config::NodeResourcesBalancedAllocationArgs& args, bool runPreScore, const version::Features& features, QString& error)
{
    TestHandle handle(nodes, existing);
    NodeResourcesBalancedAllocation plugin(args, handle, features);
    framework::CycleState state;
    const QList<framework::NodeInfoPtr>& nodeInfos = handle.snapshot().nodeInfos();
    if (runPreScore) {
        if (const framework::Status status = plugin.preScore(state, pod, nodeInfos); !status.isSuccess())
            error = QStringLiteral("PreScore: ") + status.message();
    }
    QList<qint64> scores;
    for (const auto& nodeInfo : nodeInfos) {
        const framework::ScoreOutcome outcome = plugin.score(state, pod, *nodeInfo);
        if (!outcome.status.isSuccess() && error.isEmpty())
            error = QStringLiteral("Score: ") + outcome.status.message();
        scores.append(outcome.score);
    }
    return scores;
}

} // namespace

class TestBalancedAllocation : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void score_data();
    void score();
    void zeroRequest_data();
    void zeroRequest();
    void scorer_data();
    void scorer();
    void bestEffortSkippedFromV133_data();
    void bestEffortSkippedFromV133();
    void scoreV136_data();
    void scoreV136();
    void changeScorer_data();
    void changeScorer();
};

void TestBalancedAllocation::score_data()
{
    QTest::addColumn<Pod>("pod");
    QTest::addColumn<QList<Node>>("nodes");
    QTest::addColumn<QList<Pod>>("existing");
    QTest::addColumn<config::NodeResourcesBalancedAllocationArgs>("args");
    QTest::addColumn<bool>("runPreScore");
    QTest::addColumn<QList<qint64>>("expected");

    const auto row = [](const char* name, const Pod& pod, const QList<Node>& nodes, const QList<Pod>& existing,
                        const QList<qint64>& expected, const config::NodeResourcesBalancedAllocationArgs& args = balancedArgs(),
                        bool runPreScore = true) {
        QTest::newRow(name) << pod << nodes << existing << args << runPreScore << expected;
    };
    const Pod none = bare("p");
    const QList<Node> small = {makeNode("node1", 4000, 10000), makeNode("node2", 4000, 10000)};
    const QList<Node> large = {makeNode("node1", 10000, 20000), makeNode("node2", 10000, 20000)};
    const QList<Node> gpuNodes = {makeNode("node1", 3500, 40000, {{"nvidia.com/gpu", "8"}}),
                                  makeNode("node2", 3500, 40000, {{"nvidia.com/gpu", "8"}})};

    row("nothing scheduled, nothing requested", none, small, {}, {100, 100});
    row("nothing scheduled, resources requested, differently sized nodes", cpuAndMemory("p"),
        {makeNode("node1", 4000, 10000), makeNode("node2", 6000, 10000)}, {}, {87, 100});
    row("no resources requested, pods without container scheduled", none, small,
        {bare("e1", "node1"), bare("e2", "node1"), bare("e3", "node2"), bare("e4", "node2")}, {100, 100});
    row("no resources requested, pods with container scheduled", none,
        {makeNode("node1", 250, 1000 * 1024 * 1024), makeNode("node2", 250, 1000 * 1024 * 1024)},
        {bare("e1", "node1"), bare("e2", "node1")}, {100, 100});
    row("no resources requested, pods scheduled with resources", none, large,
        {cpuOnly("e1", "node1"), cpuOnly("e2", "node1"), cpuOnly("e3", "node2"), cpuAndMemory("e4", "node2")}, {70, 82});
    row("resources requested, pods scheduled with resources", cpuAndMemory("p"), large,
        {cpuOnly("e1", "node1"), cpuAndMemory("e2", "node2")}, {82, 95});
    row("resources requested, pods scheduled with resources, differently sized nodes", cpuAndMemory("p"),
        {makeNode("node1", 10000, 20000), makeNode("node2", 10000, 50000)},
        {cpuOnly("e1", "node1"), cpuAndMemory("e2", "node2")}, {82, 80});
    {
        Pod pod = cpuOnly("p", "");
        pod.nodeName.clear();
        pod.phase = PodPhase::Pending;
        row("requested resources at node capacity", pod, {makeNode("node1", 6000, 10000), makeNode("node2", 6000, 10000)},
            {cpuOnly("e1", "node1"), cpuAndMemory("e2", "node2")}, {50, 75});
    }
    // v1.32: no allocatable at all leaves no fractions, so the deviation is 0 (older releases gave 0).
    row("zero node resources, pods scheduled with resources", none, {makeNode("node1", 0, 0), makeNode("node2", 0, 0)},
        {cpuOnly("e1", "node1"), cpuAndMemory("e2", "node2")}, {100, 100});
    row("include scalar resource on a node for balanced resource allocation",
        Pod(PodBuilder("p").req({{"memory", "0"}, {"nvidia.com/gpu", "1"}})), gpuNodes,
        {cpuAndMemory("e1", "node2"), cpuAndMemoryAndGPU("e2", "node1")}, {70, 65},
        balancedArgs({{"cpu", 1}, {"memory", 1}, {"nvidia.com/gpu", 1}}));
    row("node without the scalar resource results to a higher score", none,
        {makeNode("node1", 3500, 40000, {{"nvidia.com/gpu", "8"}}), makeNode("node2", 3500, 40000)},
        {cpuOnly("e1", "node1"), cpuOnly("e2", "node2")}, {100, 100}, balancedArgs({{"cpu", 1}, {"nvidia.com/gpu", 1}}));
    row("resources requested, pods scheduled with resources if PreScore not called", cpuAndMemory("p"), large,
        {cpuOnly("e1", "node1"), cpuAndMemory("e2", "node2")}, {82, 95}, balancedArgs(), false);
    // Test_prioritizeNodes (v1.32): a best-effort pod is scored, not skipped.
    row("best-effort pod on empty nodes", Pod(PodBuilder("p")),
        {makeNode("node1", 1000, 2097152000), makeNode("node2", 1000, 2097152000)}, {}, {100, 100});
}

void TestBalancedAllocation::score()
{
    QFETCH(Pod, pod);
    QFETCH(QList<Node>, nodes);
    QFETCH(QList<Pod>, existing);
    QFETCH(config::NodeResourcesBalancedAllocationArgs, args);
    QFETCH(bool, runPreScore);
    QFETCH(QList<qint64>, expected);
    QString error;
    QCOMPARE(scoresOf(pod, nodes, existing, args, runPreScore, {}, error), expected);
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestBalancedAllocation::zeroRequest_data()
{
    QTest::addColumn<Pod>("pod");
    QTest::addColumn<qint64>("expectedTotal");

    // TestZeroRequest (schedule_one_test.go): Fit's LeastAllocated counts a pod without requests
    // with the non-zero defaults; BalancedAllocation does not.
    QTest::newRow("test priority of zero-request pod with node with zero-request pod")
        << Pod(PodBuilder("p").image("image")) << qint64(150);
    QTest::newRow("test priority of nonzero-request pod with node with zero-request pod")
        << Pod(PodBuilder("p").req({{"cpu", "100m"}, {"memory", "209715200"}})) << qint64(150);
    QTest::newRow("test priority of larger pod with node with zero-request pod")
        << Pod(PodBuilder("p").req({{"cpu", "300m"}, {"memory", "629145600"}})) << qint64(130);
}

void TestBalancedAllocation::zeroRequest()
{
    QFETCH(Pod, pod);
    QFETCH(qint64, expectedTotal);

    const auto node = [](const char* name) {
        Node n = makeNode(name, 1000, 10 * 209715200);
        n.allocatable.insert(ResourceName::pods, Quantity::fromValue(100));
        return n;
    };
    const auto large = [](const char* name, const char* nodeName) {
        return Pod(PodBuilder(name).node(nodeName).req({{"cpu", "300m"}, {"memory", "629145600"}}));
    };
    const QList<Pod> existing = {large("large1", "node1"), PodBuilder("noResources").node("node1").image("image"),
                                 large("large2", "node2"),
                                 PodBuilder("small").node("node2").req({{"cpu", "100m"}, {"memory", "209715200"}})};
    TestHandle handle({node("node1"), node("node2")}, existing);
    plugins::NodeResourcesFit fit(config::NodeResourcesFitArgs {}, handle);
    NodeResourcesBalancedAllocation balanced(balancedArgs(), handle);

    framework::CycleState state;
    const QList<framework::NodeInfoPtr>& nodeInfos = handle.snapshot().nodeInfos();
    QVERIFY(fit.preScore(state, pod, nodeInfos).isSuccess());
    QVERIFY(balanced.preScore(state, pod, nodeInfos).isSuccess());
    for (const auto& nodeInfo : nodeInfos) {
        const qint64 total = fit.score(state, pod, *nodeInfo).score + balanced.score(state, pod, *nodeInfo).score;
        QCOMPARE(total, expectedTotal);
    }
}

void TestBalancedAllocation::scorer_data()
{
    QTest::addColumn<QList<qint64>>("requested");
    QTest::addColumn<QList<qint64>>("allocatable");
    QTest::addColumn<qint64>("expected");

    // Derived from balancedResourceScorer: the double steps and the final truncation.
    QTest::newRow("no fractions") << QList<qint64> {} << QList<qint64> {} << qint64(100);
    QTest::newRow("one fraction") << QList<qint64> {1} << QList<qint64> {3} << qint64(100);
    QTest::newRow("87.5 truncates") << QList<qint64> {3, 5} << QList<qint64> {4, 10} << qint64(87);
    QTest::newRow("fraction capped at 1") << QList<qint64> {9, 0} << QList<qint64> {6, 10} << qint64(50);
    QTest::newRow("zero allocatable skipped") << QList<qint64> {5, 0, 1} << QList<qint64> {10, 0, 10} << qint64(80);
    QTest::newRow("three fractions") << QList<qint64> {3000, 5000, 4} << QList<qint64> {3500, 40000, 8} << qint64(70);
}

void TestBalancedAllocation::scorer()
{
    QFETCH(QList<qint64>, requested);
    QFETCH(QList<qint64>, allocatable);
    QFETCH(qint64, expected);
    const std::span<const qint64> r(requested.constData(), static_cast<std::size_t>(requested.size()));
    const std::span<const qint64> a(allocatable.constData(), static_cast<std::size_t>(allocatable.size()));
    QCOMPARE(plugins::balancedResourceScorer(r, a), expected);
}

void TestBalancedAllocation::bestEffortSkippedFromV133_data()
{
    QTest::addColumn<version::KubeVersion>("version");
    QTest::addColumn<bool>("skipped");
    QTest::newRow("v1.32 scores it") << version::v1_32 << false;
    QTest::newRow("v1.33") << version::v1_33 << true;
    QTest::newRow("v1.36") << version::v1_36 << true;
}

// v1.33's and v1.36's "nothing scheduled, nothing requested, skip in PreScore": PreScore Skips a
// pod that requests none of the configured resources (the plain requests: no 100m / 200Mi defaults),
// so Score is not run for it; without PreScore, Score gives such a pod 0.
void TestBalancedAllocation::bestEffortSkippedFromV133()
{
    QFETCH(version::KubeVersion, version);
    QFETCH(bool, skipped);
    const QList<Node> nodes = {makeNode("node1", 4000, 10000), makeNode("node2", 4000, 10000)};
    TestHandle handle(nodes, {});
    NodeResourcesBalancedAllocation plugin(balancedArgs(), handle, version::defaultFeatures(version));
    framework::CycleState state;
    const Pod pod = bare("p");
    const framework::Status status = plugin.preScore(state, pod, handle.snapshot().nodeInfos());
    QCOMPARE(framework::toString(status.code()), framework::toString(skipped ? framework::Code::Skip : framework::Code::Success));
    framework::CycleState fresh;
    const framework::ScoreOutcome outcome = plugin.score(fresh, pod, *handle.snapshot().nodeInfos().first());
    QVERIFY(outcome.status.isSuccess());
    QCOMPARE(outcome.score, skipped ? qint64(0) : qint64(100));
    // A pod that requests only what the plugin does not weigh is best effort too.
    const Pod storageOnly = PodBuilder("s").req({{"ephemeral-storage", "1Gi"}});
    framework::CycleState other;
    QCOMPARE(framework::toString(plugin.preScore(other, storageOnly, handle.snapshot().nodeInfos()).code()),
             framework::toString(skipped ? framework::Code::Skip : framework::Code::Success));
}

void TestBalancedAllocation::scoreV136_data()
{
    QTest::addColumn<Pod>("pod");
    QTest::addColumn<QList<Node>>("nodes");
    QTest::addColumn<QList<Pod>>("existing");
    QTest::addColumn<config::NodeResourcesBalancedAllocationArgs>("args");
    QTest::addColumn<bool>("runPreScore");
    QTest::addColumn<QList<qint64>>("expected");

    // Upstream's table after #135573 (v1.36), its rows without DRA objects, under their names; each
    // expected score is MaxNodeScore/2 + (MaxNodeScore/2 + with - without)/2 of the comments'
    // "Score: N (without -> with)".
    const auto row = [](const char* name, const Pod& pod, const QList<Node>& nodes, const QList<Pod>& existing,
                        const QList<qint64>& expected, const config::NodeResourcesBalancedAllocationArgs& args = balancedArgs(),
                        bool runPreScore = true) {
        QTest::newRow(name) << pod << nodes << existing << args << runPreScore << expected;
    };
    const QList<Node> large = {makeNode("node1", 10000, 20000), makeNode("node2", 10000, 20000)};
    const QList<Pod> scheduled = {cpuOnly("e1", "node1"), cpuAndMemory("e2", "node2")};
    const auto threeResources = balancedArgs({{"cpu", 1}, {"memory", 1}, {"nvidia.com/gpu", 1}});

    row("nothing scheduled, resources requested, differently sized nodes", cpuAndMemory("p"),
        {makeNode("node1", 4000, 10000), makeNode("node2", 6000, 10000)}, {}, {68, 75});
    row("resources requested, pods scheduled with resources", cpuAndMemory("p"), large, scheduled, {73, 74});
    row("resources requested, pods scheduled with resources, differently sized nodes", cpuAndMemory("p"),
        {makeNode("node1", 10000, 20000), makeNode("node2", 10000, 50000)}, scheduled, {73, 70});
    row("resources requested, pods scheduled with resources, nodes to reach min/max score",
        Pod(PodBuilder("p").req({{"memory", "2000"}}).req({{"memory", "3000"}})),
        {makeNode("node1", 3000, 5000), makeNode("node2", 3000, 5000)}, {cpuOnly("e1", "node1")}, {100, 50});
    {
        Pod pod = PodBuilder("p").req({{"cpu", "1000m"}}).req({{"cpu", "2000m"}});
        row("requested resources at node capacity", pod, {makeNode("node1", 6000, 10000), makeNode("node2", 6000, 10000)}, scheduled,
            {62, 62});
    }
    row("scalar resource is included in the score computation if pod requests the scalar resource",
        Pod(PodBuilder("p").req({{"cpu", "0"}, {"memory", "0"}, {"nvidia.com/gpu", "1"}})),
        {makeNode("node1", 3500, 40000, {{"nvidia.com/gpu", "8"}}), makeNode("node2", 3500, 40000, {{"nvidia.com/gpu", "8"}})},
        {cpuAndMemoryAndGPU("e1", "node1"), cpuAndMemory("e2", "node2")}, {75, 76}, threeResources);
    row("scalar resource is not included in the score computation if pod doesn't request the scalar resource", cpuAndMemory("p"),
        {makeNode("node1", 3500, 40000, {{"nvidia.com/gpu", "8"}}), makeNode("node2", 3500, 40000)}, {}, {56, 56}, threeResources);
    row("resources requested, pods scheduled with resources if PreScore not called", cpuAndMemory("p"), large, scheduled, {73, 74},
        balancedArgs(), false);
}

void TestBalancedAllocation::scoreV136()
{
    QFETCH(Pod, pod);
    QFETCH(QList<Node>, nodes);
    QFETCH(QList<Pod>, existing);
    QFETCH(config::NodeResourcesBalancedAllocationArgs, args);
    QFETCH(bool, runPreScore);
    QFETCH(QList<qint64>, expected);
    QString error;
    QCOMPARE(scoresOf(pod, nodes, existing, args, runPreScore, version::defaultFeatures(version::v1_36), error), expected);
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestBalancedAllocation::changeScorer_data()
{
    QTest::addColumn<QList<qint64>>("requested");
    QTest::addColumn<QList<qint64>>("allocated");
    QTest::addColumn<QList<qint64>>("allocatable");
    QTest::addColumn<qint64>("expected");
    // The anchors #135573 describes: no change 75, balanced to unbalanced 50, the reverse 100.
    QTest::newRow("no change in balance") << QList<qint64> {5, 5} << QList<qint64> {2, 2} << QList<qint64> {10, 10} << qint64(75);
    QTest::newRow("balanced to unbalanced") << QList<qint64> {10, 0} << QList<qint64> {0, 0} << QList<qint64> {10, 10} << qint64(50);
    QTest::newRow("unbalanced to balanced") << QList<qint64> {10, 10} << QList<qint64> {10, 0} << QList<qint64> {10, 10} << qint64(100);
    // 50 + (50 + 87 - 100) / 2 = 50 + 37 / 2: Go's integer division.
    QTest::newRow("odd difference truncates") << QList<qint64> {3, 5} << QList<qint64> {0, 0} << QList<qint64> {4, 10} << qint64(68);
}

void TestBalancedAllocation::changeScorer()
{
    QFETCH(QList<qint64>, requested);
    QFETCH(QList<qint64>, allocated);
    QFETCH(QList<qint64>, allocatable);
    QFETCH(qint64, expected);
    const auto span = [](const QList<qint64>& list) { return std::span<const qint64>(list.constData(), static_cast<std::size_t>(list.size())); };
    QCOMPARE(plugins::balancedResourceChangeScorer(span(requested), span(allocated), span(allocatable)), expected);
}

QTEST_GUILESS_MAIN(TestBalancedAllocation)
#include "tst_balancedallocation.moc"
