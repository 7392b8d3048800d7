// NodeResourcesFit Score (noderesources/least_allocated_test.go, most_allocated_test.go,
// requested_to_capacity_ratio_test.go, fit_test.go TestFitScore, helper/shape_score_test.go; v1.32):
// raw scores of the three strategies per node. Fit has no NormalizeScore.
#include "builders.h"
#include "testhandle.h"

#include "plugins/noderesourcesfit.h"

#include <QTest>

using namespace ksv;
using namespace ksv::test;
using plugins::NodeResourcesFit;

namespace {

const char* const extendedRes = "abc.com/xyz";

// st.MakePod().Obj(): a pod without any container (so no non-zero defaults either).
Pod bare(const char* name, const char* nodeName = nullptr)
{
    PodBuilder builder(name);
    if (nodeName)
        builder.node(nodeName);
    Pod pod = builder.obj();
    pod.containers.clear();
    return pod;
}

// st.MakeNode().Name(name).Capacity(...): pods 32 plus the given resources; nullptr leaves one out.
Node makeNode(const char* name, const char* cpu, const char* memory, ResourcePairs extended = {})
{
    Node node = NodeBuilder(name).obj();
    node.capacity = resources(extended);
    node.capacity.insert(ResourceName::pods, Quantity::fromValue(32));
    if (cpu)
        node.capacity.insert(ResourceName::cpu, *Quantity::parse(QString::fromLatin1(cpu)));
    if (memory)
        node.capacity.insert(ResourceName::memory, *Quantity::parse(QString::fromLatin1(memory)));
    node.allocatable = node.capacity;
    return node;
}

config::NodeResourcesFitArgs fitArgs(config::ScoringStrategyType type,
                                     const QList<config::ResourceSpec>& resourceSpecs = config::defaultResourceSpecs(),
                                     const QList<config::UtilizationShapePoint>& shape = {})
{
    config::NodeResourcesFitArgs args;
    args.scoringStrategy.type = type;
    args.scoringStrategy.resources = resourceSpecs;
    if (type == config::ScoringStrategyType::RequestedToCapacityRatio)
        args.scoringStrategy.requestedToCapacityRatio = config::RequestedToCapacityRatioParam {shape};
    return args;
}

const auto least = config::ScoringStrategyType::LeastAllocated;
const auto most = config::ScoringStrategyType::MostAllocated;
const auto rtcr = config::ScoringStrategyType::RequestedToCapacityRatio;

const QList<config::ResourceSpec> extendedResourceSet = {{"cpu", 1}, {"memory", 1}, {"abc.com/xyz", 1}};

} // namespace

class TestNodeResourcesFitScore : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void score_data();
    void score();
    void brokenLinear_data();
    void brokenLinear();
};

void TestNodeResourcesFitScore::score_data()
{
    QTest::addColumn<Pod>("pod");
    QTest::addColumn<QList<Node>>("nodes");
    QTest::addColumn<QList<Pod>>("existing");
    QTest::addColumn<config::NodeResourcesFitArgs>("args");
    QTest::addColumn<bool>("runPreScore");
    QTest::addColumn<QList<qint64>>("expected");
    QTest::addColumn<QString>("error");

    using Scores = QList<qint64>;
    const auto row = [](const char* name, const Pod& pod, const QList<Node>& nodes, const QList<Pod>& existing,
                        const config::NodeResourcesFitArgs& args, const Scores& expected, bool runPreScore = true,
                        const QString& error = {}) {
        QTest::newRow(name) << pod << nodes << existing << args << runPreScore << expected << error;
    };
    // The pods upstream's score tables use; cpu is in cores ("1000" = 1000 cpus).
    const Pod pod3000 = PodBuilder("p").req({{"cpu", "1000"}, {"memory", "2000"}}).req({{"cpu", "2000"}, {"memory", "3000"}});
    const Pod pod1000 = PodBuilder("p").req({{"cpu", "1000"}, {"memory", "2000"}});
    const Pod none = bare("p");
    const auto cpuOnly = [](const char* name, const char* node) {
        return Pod(PodBuilder(name).node(node).req({{"cpu", "3000"}, {"memory", "0"}}));
    };
    const auto cpuAndMemory = [](const char* name, const char* node) {
        return Pod(PodBuilder(name).node(node).req({{"cpu", "3000"}, {"memory", "5000"}}));
    };
    const QList<Node> small = {makeNode("node1", "4000", "10000"), makeNode("node2", "4000", "10000")};
    const QList<Node> differentlySized = {makeNode("node1", "4000", "10000"), makeNode("node2", "6000", "10000")};
    const QList<Node> large = {makeNode("node1", "10000", "20000"), makeNode("node2", "10000", "20000")};
    const QList<Node> withExtended = {makeNode("node1", "6000", "10000"), makeNode("node2", "6000", "10000", {{extendedRes, "4"}})};
    const QList<Node> bothExtended = {makeNode("node1", "6000", "10000", {{extendedRes, "4"}}),
                                      makeNode("node2", "6000", "10000", {{extendedRes, "10"}})};
    const Pod withXyz = PodBuilder("p").req({{"cpu", "3000"}, {"memory", "5000"}, {extendedRes, "2"}});
    const Pod pod3000x4000 = PodBuilder("p").req({{"cpu", "3000"}, {"memory", "4000"}});
    const QList<config::ResourceSpec> memoryHeavy = {{"memory", 2}, {"cpu", 1}};
    const QList<config::ResourceSpec> xyzFirst = {{"abc.com/xyz", 2}, {"cpu", 1}, {"memory", 1}};

    // LeastAllocated (least_allocated_test.go).
    row("least: nothing scheduled, nothing requested", none, small, {}, fitArgs(least), {100, 100});
    row("least: nothing scheduled, resources requested, differently sized nodes", pod3000, differentlySized, {},
        fitArgs(least), {37, 50});
    row("least: Resources not set, pods scheduled with error", pod3000, differentlySized, {}, fitArgs(least, {}), {0, 0},
        true, QStringLiteral("resources not found"));
    row("least: no resources requested, pods scheduled", none, small,
        {bare("e1", "node1"), bare("e2", "node1"), bare("e3", "node2"), bare("e4", "node2")}, fitArgs(least), {100, 100});
    row("least: no resources requested, pods scheduled with resources", none, large,
        {cpuOnly("e1", "node1"), cpuOnly("e2", "node1"), cpuOnly("e3", "node2"), cpuAndMemory("e4", "node2")},
        fitArgs(least), {70, 57});
    row("least: resources requested, pods scheduled with resources", pod3000, large,
        {cpuOnly("e1", "node1"), cpuAndMemory("e2", "node2")}, fitArgs(least), {57, 45});
    row("least: resources requested, pods scheduled with resources, differently sized nodes", pod3000,
        {makeNode("node1", "10000", "20000"), makeNode("node2", "10000", "50000")},
        {cpuOnly("e1", "node1"), cpuAndMemory("e2", "node2")}, fitArgs(least), {57, 60});
    row("least: requested resources exceed node capacity", Pod(PodBuilder("p").req({{"cpu", "3000"}, {"memory", "0"}})), small,
        {cpuOnly("e1", "node1"), cpuAndMemory("e2", "node2")}, fitArgs(least), {50, 25});
    row("least: zero node resources, pods scheduled with resources", none,
        {makeNode("node1", nullptr, nullptr), makeNode("node2", nullptr, nullptr)},
        {cpuOnly("e1", "node1"), cpuAndMemory("e2", "node2")}, fitArgs(least), {0, 0});
    row("least: nothing scheduled, resources requested with different weight on CPU and memory", pod3000,
        differentlySized, {}, fitArgs(least, memoryHeavy), {41, 50});
    row("least: bypass extended resource if the pod does not request", pod3000, withExtended, {},
        fitArgs(least, extendedResourceSet), {50, 50});
    row("least: honor extended resource if the pod requests", withXyz, bothExtended, {}, fitArgs(least, extendedResourceSet),
        {50, 60});
    row("least: if the node doesn't have a resource", pod3000x4000, withExtended, {}, fitArgs(least, xyzFirst), {55, 55});

    // MostAllocated (most_allocated_test.go).
    row("most: nothing scheduled, nothing requested", none, small, {}, fitArgs(most), {0, 0});
    row("most: nothing scheduled, resources requested, differently sized nodes", pod3000, differentlySized, {},
        fitArgs(most), {62, 50});
    row("most: Resources not set, pods scheduled with error", pod3000, differentlySized, {}, fitArgs(most, {}), {0, 0}, true,
        QStringLiteral("resources not found"));
    row("most: no resources requested, pods scheduled with resources", none, large,
        {cpuOnly("e1", "node1"), cpuOnly("e2", "node1"), cpuOnly("e3", "node2"), cpuAndMemory("e4", "node2")},
        fitArgs(most), {30, 42});
    row("most: resources requested, pods scheduled with resources", pod3000, large,
        {cpuOnly("e1", "node1"), cpuAndMemory("e2", "node2")}, fitArgs(most), {42, 55});
    row("most: resources requested equal node capacity",
        Pod(PodBuilder("p").req({{"cpu", "2000"}, {"memory", "4000"}}).req({{"cpu", "3000"}, {"memory", "5000"}})),
        {makeNode("node1", "5000", "10000"), makeNode("node2", "10000", "9000")}, {}, fitArgs(most), {95, 75});
    row("most: nothing scheduled, resources requested with different weight on CPU and memory", pod3000,
        differentlySized, {}, fitArgs(most, memoryHeavy), {58, 50});
    row("most: no resources requested, pods scheduled, nonzero request for resource",
        Pod(PodBuilder("p").image("container")),
        {makeNode("node1", "250m", "1000Mi"), makeNode("node2", "250m", "1000Mi")},
        {PodBuilder("e1").node("node1").image("container"), PodBuilder("e2").node("node1").image("container")},
        fitArgs(most), {80, 30});
    row("most: bypass extended resource if the pod does not request", pod3000, withExtended, {},
        fitArgs(most, extendedResourceSet), {50, 50});
    row("most: honor extended resource if the pod request", withXyz, bothExtended, {}, fitArgs(most, extendedResourceSet),
        {50, 40});
    row("most: if the node doesn't have a resource", pod3000x4000, withExtended, {}, fitArgs(most, xyzFirst), {45, 45});

    // TestFitScore (fit_test.go): each strategy with and without PreScore, and with sidecars.
    const QList<Pod> fitExisting = {PodBuilder("e1").node("node1").req({{"cpu", "2000"}, {"memory", "4000"}}),
                                    PodBuilder("e2").node("node2").req({{"cpu", "1000"}, {"memory", "2000"}})};
    const QList<config::UtilizationShapePoint> descending = {{0, 10}, {100, 0}};
    const QList<config::UtilizationShapePoint> ascending = {{0, 0}, {100, 10}};
    const Pod rtcrPod = PodBuilder("p").req({{"cpu", "3000"}, {"memory", "5000"}});
    row("fit: test case for ScoringStrategy RequestedToCapacityRatio case1", rtcrPod, differentlySized, fitExisting,
        fitArgs(rtcr, config::defaultResourceSpecs(), descending), {10, 32});
    row("fit: test case for ScoringStrategy RequestedToCapacityRatio case2", rtcrPod, differentlySized, fitExisting,
        fitArgs(rtcr, config::defaultResourceSpecs(), ascending), {95, 68});
    row("fit: test case for ScoringStrategy MostAllocated", pod1000, differentlySized, fitExisting, fitArgs(most), {67, 36});
    row("fit: test case for ScoringStrategy LeastAllocated", pod1000, differentlySized, fitExisting, fitArgs(least),
        {32, 63});
    row("fit: RequestedToCapacityRatio if PreScore is not called", rtcrPod, differentlySized, fitExisting,
        fitArgs(rtcr, config::defaultResourceSpecs(), descending), {10, 32}, false);
    row("fit: MostAllocated if PreScore is not called", pod1000, differentlySized, fitExisting, fitArgs(most), {67, 36},
        false);
    row("fit: LeastAllocated if PreScore is not called", pod1000, differentlySized, fitExisting, fitArgs(least), {32, 63},
        false);
    const QList<Pod> sidecarExisting = {
        PodBuilder("e1").node("node1").req({{"cpu", "1000"}, {"memory", "2000"}}).initReq({{"cpu", "1000"}, {"memory", "2000"}}, true),
        PodBuilder("e2").node("node2").req({{"cpu", "1000"}, {"memory", "2000"}})};
    row("fit: MostAllocated with sidecar", pod1000, small, sidecarExisting, fitArgs(most), {67, 45});
    row("fit: LeastAllocated with sidecar", pod1000, small, sidecarExisting, fitArgs(least), {32, 55});

    // TestRequestedToCapacityRatioScoringStrategy.
    const auto rtcrDefault = fitArgs(rtcr, config::defaultResourceSpecs(), descending);
    row("rtcr: nothing scheduled, nothing requested", none, small, {bare("e1", "node1"), bare("e2", "node1")}, rtcrDefault,
        {100, 100});
    row("rtcr: nothing scheduled, resources requested, differently sized nodes", rtcrPod, differentlySized,
        {bare("e1", "node1"), bare("e2", "node1")}, rtcrDefault, {38, 50});
    row("rtcr: no resources requested, pods scheduled with resources", none, differentlySized,
        {cpuAndMemory("e1", "node1"), cpuAndMemory("e2", "node2")}, rtcrDefault, {38, 50});

    // TestResourceBinPackingSingleExtended / MultipleExtended: shape {(0,0),(100,1)}.
    const QList<config::UtilizationShapePoint> binPacking = {{0, 0}, {100, 1}};
    const auto single = fitArgs(rtcr, {{"intel.com/foo", 1}}, binPacking);
    const QList<Node> fooNodes = {makeNode("node1", "4000m", "10000Mi", {{"intel.com/foo", "8"}}),
                                  makeNode("node2", "4000m", "10000Mi", {{"intel.com/foo", "4"}})};
    const Pod foo2 = PodBuilder("p").req({{"intel.com/foo", "2"}});
    row("bin packing single: nothing scheduled, nothing requested", none, fooNodes, {}, single, {0, 0});
    row("bin packing single: resources requested, pods scheduled with less resources", foo2, fooNodes, {bare("e1")}, single,
        {2, 5});
    row("bin packing single: resources requested, pods scheduled with resources, on node with existing pod running", foo2,
        fooNodes, {PodBuilder("e1").node("node2").req({{"intel.com/foo", "2"}})}, single, {2, 10});
    row("bin packing single: resources requested, pods scheduled with more resources",
        Pod(PodBuilder("p").req({{"intel.com/foo", "4"}})), fooNodes, {bare("e1")}, single, {5, 10});

    const auto multiple = fitArgs(rtcr, {{"intel.com/foo", 3}, {"intel.com/bar", 5}}, binPacking);
    const QList<Node> fooBarNodes = {makeNode("node1", "4000m", "10000Mi", {{"intel.com/foo", "8"}, {"intel.com/bar", "4"}}),
                                     makeNode("node2", "4000m", "10000Mi", {{"intel.com/foo", "4"}, {"intel.com/bar", "8"}})};
    const Pod foo2bar2 = PodBuilder("p").req({{"intel.com/foo", "2"}, {"intel.com/bar", "2"}});
    row("bin packing multiple: nothing scheduled, nothing requested", none, fooBarNodes, {}, multiple, {0, 0});
    row("bin packing multiple: resources requested, pods scheduled with less resources", foo2bar2, fooBarNodes,
        {bare("e1")}, multiple, {4, 3});
    row("bin packing multiple: resources requested, pods scheduled with resources, on node with existing pod running",
        foo2bar2, fooBarNodes, {PodBuilder("e1").node("node2").req({{"intel.com/foo", "4"}, {"intel.com/bar", "2"}})},
        multiple, {4, 7});
    row("bin packing multiple: resources requested, pods scheduled with more resources",
        Pod(PodBuilder("p").req({{"intel.com/foo", "4"}, {"intel.com/bar", "2"}})), fooBarNodes, {bare("e1")}, multiple,
        {5, 5});
}

void TestNodeResourcesFitScore::score()
{
    QFETCH(Pod, pod);
    QFETCH(QList<Node>, nodes);
    QFETCH(QList<Pod>, existing);
    QFETCH(config::NodeResourcesFitArgs, args);
    QFETCH(bool, runPreScore);
    QFETCH(QList<qint64>, expected);
    QFETCH(QString, error);

    TestHandle handle(nodes, existing);
    NodeResourcesFit plugin(args, handle);
    framework::CycleState state;
    const QList<framework::NodeInfoPtr>& nodeInfos = handle.snapshot().nodeInfos();
    if (runPreScore)
        QVERIFY(plugin.preScore(state, pod, nodeInfos).isSuccess());

    QList<qint64> scores;
    for (const auto& nodeInfo : nodeInfos) {
        const framework::ScoreOutcome outcome = plugin.score(state, pod, *nodeInfo);
        if (error.isEmpty()) {
            QVERIFY2(outcome.status.isSuccess(), qPrintable(outcome.status.message()));
        } else {
            QCOMPARE(framework::toString(outcome.status.code()), QStringLiteral("Error"));
            QCOMPARE(outcome.status.message(), error);
        }
        scores.append(outcome.score);
    }
    QCOMPARE(scores, expected);
}

void TestNodeResourcesFitScore::brokenLinear_data()
{
    QTest::addColumn<plugins::FunctionShape>("shape");
    QTest::addColumn<qint64>("p");
    QTest::addColumn<qint64>("expected");

    // TestBrokenLinearFunction (helper/shape_score_test.go).
    const plugins::FunctionShape first = {{10, 1}, {90, 9}};
    const plugins::FunctionShape second = {{0, 2}, {40, 10}, {100, 0}};
    const plugins::FunctionShape flat = {{0, 2}, {40, 2}, {100, 2}};
    const QList<std::pair<qint64, qint64>> firstPoints = {{-10, 1}, {0, 1}, {9, 1}, {10, 1}, {15, 1}, {19, 1},
                                                          {20, 2}, {89, 8}, {90, 9}, {99, 9}, {100, 9}, {110, 9}};
    for (const auto& [p, expected] : firstPoints)
        QTest::addRow("(10,1),(90,9) at %lld", p) << first << p << expected;
    const QList<std::pair<qint64, qint64>> secondPoints = {{-10, 2}, {0, 2},  {20, 6},  {30, 8},
                                                           {40, 10}, {70, 5}, {100, 0}, {110, 0}};
    for (const auto& [p, expected] : secondPoints)
        QTest::addRow("(0,2),(40,10),(100,0) at %lld", p) << second << p << expected;
    for (const qint64 p : {-10LL, 0LL, 20LL, 30LL, 40LL, 70LL, 100LL, 110LL})
        QTest::addRow("(0,2),(40,2),(100,2) at %lld", p) << flat << p << qint64(2);
}

void TestNodeResourcesFitScore::brokenLinear()
{
    QFETCH(plugins::FunctionShape, shape);
    QFETCH(qint64, p);
    QFETCH(qint64, expected);
    QCOMPARE(plugins::brokenLinear(shape, p), expected);
}
QTEST_GUILESS_MAIN(TestNodeResourcesFitScore)
#include "tst_noderesourcesfitscore.moc"
