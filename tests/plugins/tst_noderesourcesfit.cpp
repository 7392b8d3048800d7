// NodeResourcesFit Filter (noderesources/fit_test.go, v1.32: TestEnoughRequests, TestNotEnoughRequests,
// TestStorageRequests, TestRestartableInitContainers): the exact status code, every reason in order,
// and the numbers of each InsufficientResource. The scores are in tst_noderesourcesfitscore.cpp.
#include "builders.h"
#include "testhandle.h"

#include "plugins/noderesourcesfit.h"

#include <QTest>

using namespace ksv;
using namespace ksv::test;
using plugins::NodeResourcesFit;

namespace {

const char* const extendedResourceA = "example.com/aaa";
const char* const extendedResourceB = "example.com/bbb";
const char* const kubernetesIOResourceA = "kubernetes.io/something";
const char* const kubernetesIOResourceB = "subdomain.kubernetes.io/something";
const char* const hugePageResourceA = "hugepages-2Mi";

// framework.Resource as fit_test.go's newResourcePod takes it.
struct R
{
    qint64 milliCPU = 0;
    qint64 memory = 0;
    QList<std::pair<QString, qint64>> scalars = {};
    qint64 ephemeralStorage = 0;
};

// newResourcePod's container: cpu, memory, pods and ephemeral-storage always present, even when 0.
Container resourceContainer(const R& r, int index)
{
    Container container;
    container.name = QStringLiteral("c%1").arg(index);
    container.requests.insert(ResourceName::cpu, Quantity::fromMilliValue(r.milliCPU));
    container.requests.insert(ResourceName::memory, Quantity::fromValue(r.memory));
    container.requests.insert(ResourceName::pods, Quantity::fromValue(0));
    container.requests.insert(ResourceName::ephemeralStorage, Quantity::fromValue(r.ephemeralStorage));
    for (const auto& [name, value] : r.scalars)
        container.requests.insert(name, Quantity::fromValue(value));
    return container;
}

Pod newResourcePod(const QList<R>& containers, const char* name = "pod")
{
    Pod pod = PodBuilder(name).obj();
    pod.containers.clear();
    for (const R& r : containers)
        pod.containers.append(resourceContainer(r, static_cast<int>(pod.containers.size())));
    return pod;
}

Pod newResourceInitPod(Pod pod, const QList<R>& initContainers)
{
    for (const R& r : initContainers)
        pod.initContainers.append(resourceContainer(r, static_cast<int>(pod.initContainers.size())));
    return pod;
}

Pod existingPod(const QList<R>& containers)
{
    Pod pod = newResourcePod(containers, "existing");
    pod.nodeName = QStringLiteral("node");
    pod.phase = PodPhase::Running;
    return pod;
}

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

// makeAllocatableResources(10, 20, 32, 5, 20, 5) for TestEnoughRequests; pods and storage vary.
Node filterNode(const char* pods, const char* storage = "20", const char* extended = "5", const char* hugePages = "5")
{
    Node node = NodeBuilder("node").obj();
    node.allocatable = resources({{"cpu", "10m"}, {"memory", "20"}, {"pods", pods}, {"ephemeral-storage", storage}});
    node.allocatable.insert(QString::fromLatin1(extendedResourceA), *Quantity::parse(QString::fromLatin1(extended)));
    node.allocatable.insert(QString::fromLatin1(hugePageResourceA), *Quantity::parse(QString::fromLatin1(hugePages)));
    node.capacity = node.allocatable;
    return node;
}

QString describe(const NodeResourcesFit::InsufficientResource& r)
{
    return QStringLiteral("%1 %2/%3/%4").arg(r.resourceName).arg(r.requested).arg(r.used).arg(r.capacity);
}

} // namespace

class TestNodeResourcesFit : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void filter_data();
    void filter();
    void filterWithoutPreFilter();
};

void TestNodeResourcesFit::filter_data()
{
    QTest::addColumn<Pod>("pod");
    QTest::addColumn<Node>("node");
    QTest::addColumn<QList<Pod>>("existing");
    QTest::addColumn<QStringList>("ignoredResources");
    QTest::addColumn<QStringList>("ignoredResourceGroups");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QStringList>("reasons");
    QTest::addColumn<QStringList>("insufficient"); // "resource requested/used/capacity"

    const QString ok = QStringLiteral("Success");
    const QString unschedulable = QStringLiteral("Unschedulable");
    const QString a = QString::fromLatin1(extendedResourceA);
    const QString b = QString::fromLatin1(extendedResourceB);
    const QString hp = QString::fromLatin1(hugePageResourceA);
    const auto row = [&](const char* name, const Pod& pod, const QList<R>& existing, const QString& code,
                         const QStringList& reasons, const QStringList& insufficient, const QStringList& ignored = {},
                         const QStringList& ignoredGroups = {}, const Node& n = filterNode("32")) {
        QTest::newRow(name) << pod << n << QList<Pod> {existingPod(existing)} << ignored << ignoredGroups << code << reasons
                            << insufficient;
    };

    // TestEnoughRequests.
    row("no resources requested always fits", bare("pod"), {{10, 20}}, ok, {}, {});
    row("too many resources fails", newResourcePod({{1, 1}}), {{10, 20}}, unschedulable,
        {"Insufficient cpu", "Insufficient memory"}, {"cpu 1/10/10", "memory 1/20/20"});
    row("too many resources fails due to init container cpu", newResourceInitPod(newResourcePod({{1, 1}}), {{3, 1}}),
        {{8, 19}}, unschedulable, {"Insufficient cpu"}, {"cpu 3/8/10"});
    row("too many resources fails due to highest init container cpu",
        newResourceInitPod(newResourcePod({{1, 1}}), {{3, 1}, {2, 1}}), {{8, 19}}, unschedulable, {"Insufficient cpu"},
        {"cpu 3/8/10"});
    row("too many resources fails due to init container memory", newResourceInitPod(newResourcePod({{1, 1}}), {{1, 3}}),
        {{9, 19}}, unschedulable, {"Insufficient memory"}, {"memory 3/19/20"});
    row("too many resources fails due to highest init container memory",
        newResourceInitPod(newResourcePod({{1, 1}}), {{1, 3}, {1, 2}}), {{9, 19}}, unschedulable, {"Insufficient memory"},
        {"memory 3/19/20"});
    row("init container fits because it's the max, not sum, of containers and init containers",
        newResourceInitPod(newResourcePod({{1, 1}}), {{1, 1}}), {{9, 19}}, ok, {}, {});
    row("multiple init containers fit because it's the max, not sum, of containers and init containers",
        newResourceInitPod(newResourcePod({{1, 1}}), {{1, 1}, {1, 1}}), {{9, 19}}, ok, {}, {});
    row("both resources fit", newResourcePod({{1, 1}}), {{5, 5}}, ok, {}, {});
    row("one resource memory fits", newResourcePod({{2, 1}}), {{9, 5}}, unschedulable, {"Insufficient cpu"}, {"cpu 2/9/10"});
    row("one resource cpu fits", newResourcePod({{1, 2}}), {{5, 19}}, unschedulable, {"Insufficient memory"},
        {"memory 2/19/20"});
    row("equal edge case", newResourcePod({{5, 1}}), {{5, 19}}, ok, {}, {});
    row("equal edge case for init container", newResourceInitPod(newResourcePod({{4, 1}}), {{5, 1}}), {{5, 19}}, ok, {}, {});
    row("extended resource fits", newResourcePod({{0, 0, {{a, 1}}}}), {{}}, ok, {}, {});
    row("extended resource fits for init container", newResourceInitPod(newResourcePod({{}}), {{0, 0, {{a, 1}}}}), {{}}, ok,
        {}, {});
    row("extended resource capacity enforced", newResourcePod({{1, 1, {{a, 10}}}}), {{0, 0, {{a, 0}}}}, unschedulable,
        {"Insufficient example.com/aaa"}, {"example.com/aaa 10/0/5"});
    row("extended resource capacity enforced for init container",
        newResourceInitPod(newResourcePod({{}}), {{1, 1, {{a, 10}}}}), {{0, 0, {{a, 0}}}}, unschedulable,
        {"Insufficient example.com/aaa"}, {"example.com/aaa 10/0/5"});
    row("extended resource allocatable enforced", newResourcePod({{1, 1, {{a, 1}}}}), {{0, 0, {{a, 5}}}}, unschedulable,
        {"Insufficient example.com/aaa"}, {"example.com/aaa 1/5/5"});
    row("extended resource allocatable enforced for init container",
        newResourceInitPod(newResourcePod({{}}), {{1, 1, {{a, 1}}}}), {{0, 0, {{a, 5}}}}, unschedulable,
        {"Insufficient example.com/aaa"}, {"example.com/aaa 1/5/5"});
    row("extended resource allocatable enforced for multiple containers",
        newResourcePod({{1, 1, {{a, 3}}}, {1, 1, {{a, 3}}}}), {{0, 0, {{a, 2}}}}, unschedulable,
        {"Insufficient example.com/aaa"}, {"example.com/aaa 6/2/5"});
    row("extended resource allocatable admits multiple init containers",
        newResourceInitPod(newResourcePod({{}}), {{1, 1, {{a, 3}}}, {1, 1, {{a, 3}}}}), {{0, 0, {{a, 2}}}}, ok, {}, {});
    row("extended resource allocatable enforced for multiple init containers",
        newResourceInitPod(newResourcePod({{}}), {{1, 1, {{a, 6}}}, {1, 1, {{a, 3}}}}), {{0, 0, {{a, 2}}}}, unschedulable,
        {"Insufficient example.com/aaa"}, {"example.com/aaa 6/2/5"});
    row("extended resource allocatable enforced for unknown resource", newResourcePod({{1, 1, {{b, 1}}}}), {{0, 0}},
        unschedulable, {"Insufficient example.com/bbb"}, {"example.com/bbb 1/0/0"});
    row("extended resource allocatable enforced for unknown resource for init container",
        newResourceInitPod(newResourcePod({{}}), {{1, 1, {{b, 1}}}}), {{0, 0}}, unschedulable,
        {"Insufficient example.com/bbb"}, {"example.com/bbb 1/0/0"});
    row("kubernetes.io resource capacity enforced", newResourcePod({{1, 1, {{kubernetesIOResourceA, 10}}}}), {{0, 0}},
        unschedulable, {"Insufficient kubernetes.io/something"}, {"kubernetes.io/something 10/0/0"});
    row("kubernetes.io resource capacity enforced for init container",
        newResourceInitPod(newResourcePod({{}}), {{1, 1, {{kubernetesIOResourceB, 10}}}}), {{0, 0}}, unschedulable,
        {"Insufficient subdomain.kubernetes.io/something"}, {"subdomain.kubernetes.io/something 10/0/0"});
    row("hugepages resource capacity enforced", newResourcePod({{1, 1, {{hp, 10}}}}), {{0, 0, {{hp, 0}}}}, unschedulable,
        {"Insufficient hugepages-2Mi"}, {"hugepages-2Mi 10/0/5"});
    row("hugepages resource capacity enforced for init container",
        newResourceInitPod(newResourcePod({{}}), {{1, 1, {{hp, 10}}}}), {{0, 0, {{hp, 0}}}}, unschedulable,
        {"Insufficient hugepages-2Mi"}, {"hugepages-2Mi 10/0/5"});
    row("hugepages resource allocatable enforced for multiple containers",
        newResourcePod({{1, 1, {{hp, 3}}}, {1, 1, {{hp, 3}}}}), {{0, 0, {{hp, 2}}}}, unschedulable,
        {"Insufficient hugepages-2Mi"}, {"hugepages-2Mi 6/2/5"});
    row("skip checking ignored extended resource", newResourcePod({{1, 1, {{b, 1}}}}), {{0, 0}}, ok, {}, {}, {b});
    {
        Pod pod = newResourcePod({{1, 1}});
        pod.overhead = resources({{"cpu", "3m"}, {"memory", "13"}});
        row("resources + pod overhead fits", pod, {{5, 5}}, ok, {}, {});
        pod.overhead = resources({{"cpu", "1m"}, {"memory", "15"}});
        row("requests + overhead does not fit for memory", pod, {{5, 5}}, unschedulable, {"Insufficient memory"},
            {"memory 16/5/20"});
    }
    row("skip checking ignored extended resource via resource groups",
        newResourcePod({{1, 1, {{b, 1}, {kubernetesIOResourceA, 1}}}}), {{0, 0}}, unschedulable,
        {"Insufficient kubernetes.io/something"}, {"kubernetes.io/something 1/0/0"}, {}, {"example.com"});
    row("skip checking extended resource request with quantity zero via resource groups",
        newResourcePod({{1, 1, {{a, 0}}}}), {{0, 0, {{a, 6}}}}, ok, {}, {});
    row("skip checking resource request with quantity zero", newResourcePod({{0, 0, {{a, 1}}}}), {{20, 30, {{a, 1}}}}, ok,
        {}, {});
    // Derived: the reasons come in fitsRequest's order, every one of them, scalar ones by name.
    row("every reason, in order", newResourcePod({{11, 21, {{b, 1}, {a, 6}}, 21}}), {{}}, unschedulable,
        {"Insufficient cpu", "Insufficient memory", "Insufficient ephemeral-storage", "Insufficient example.com/aaa",
         "Insufficient example.com/bbb"},
        {"cpu 11/0/10", "memory 21/0/20", "ephemeral-storage 21/0/20", "example.com/aaa 6/0/5", "example.com/bbb 1/0/0"});

    // TestNotEnoughRequests: a single allowed pod is taken by the existing one; nothing else is checked
    // for a pod requesting nothing.
    const Node onePod = filterNode("1", "0", "0", "0");
    row("not enough: no resources requested", bare("pod"), {{10, 20}}, unschedulable, {"Too many pods"}, {"pods 1/1/1"}, {}, {},
        onePod);
    row("not enough: both resources fit", newResourcePod({{1, 1}}), {{5, 5}}, unschedulable, {"Too many pods"},
        {"pods 1/1/1"}, {}, {}, onePod);
    row("not enough: equal edge case", newResourcePod({{5, 1}}), {{5, 19}}, unschedulable, {"Too many pods"},
        {"pods 1/1/1"}, {}, {}, onePod);
    row("not enough: equal edge case for init container", newResourceInitPod(newResourcePod({{5, 1}}), {{5, 1}}),
        {{5, 19}}, unschedulable, {"Too many pods"}, {"pods 1/1/1"}, {}, {}, onePod);

    // TestStorageRequests.
    row("storage: due to container scratch disk", newResourcePod({{1, 1}}), {{2, 10}}, ok, {}, {});
    row("storage: ephemeral local storage is not enough", newResourcePod({{0, 0, {}, 25}}), {{2, 2}}, unschedulable,
        {"Insufficient ephemeral-storage"}, {"ephemeral-storage 25/0/20"});
    row("storage: ephemeral local storage fits with existing usage", newResourcePod({{0, 0, {}, 5}}), {{2, 2, {}, 10}}, ok,
        {}, {});
    row("storage: ephemeral local storage request is equal to capacity", newResourcePod({{0, 0, {}, 10}}), {{2, 2}}, ok, {},
        {});

    // TestRestartableInitContainers (SidecarContainers on, as in v1.32): cpu 2m, one pod, empty node.
    Node sidecarNode = NodeBuilder("node").obj();
    sidecarNode.allocatable = resources({{"cpu", "2m"}, {"memory", "0"}, {"pods", "1"}});
    const auto sidecarRow = [&](const char* name, const Pod& pod, const QStringList& reasons, const QStringList& insufficient) {
        QTest::newRow(name) << pod << sidecarNode << QList<Pod> {} << QStringList {} << QStringList {}
                            << (reasons.isEmpty() ? ok : unschedulable) << reasons << insufficient;
    };
    sidecarRow("restartable init container, no requests",
               PodBuilder().req({}).initReq({}, true).obj(), {}, {});
    sidecarRow("restartable init container fits", PodBuilder().req({{"cpu", "1m"}}).initReq({{"cpu", "1m"}}, true).obj(),
               {}, {});
    sidecarRow("restartable init container adds to the regular containers",
               PodBuilder().req({{"cpu", "1m"}}).initReq({{"cpu", "2m"}}, true).obj(), {"Insufficient cpu"}, {"cpu 3/0/2"});
}

void TestNodeResourcesFit::filter()
{
    QFETCH(Pod, pod);
    QFETCH(Node, node);
    QFETCH(QList<Pod>, existing);
    QFETCH(QStringList, ignoredResources);
    QFETCH(QStringList, ignoredResourceGroups);
    QFETCH(QString, code);
    QFETCH(QStringList, reasons);
    QFETCH(QStringList, insufficient);

    TestHandle handle({node}, existing);
    config::NodeResourcesFitArgs args;
    args.ignoredResources = ignoredResources;
    args.ignoredResourceGroups = ignoredResourceGroups;
    NodeResourcesFit plugin(args, handle);

    framework::CycleState state;
    const framework::PreFilterOutcome pre = plugin.preFilter(state, pod, handle.snapshot().nodeInfos());
    QVERIFY(pre.status.isSuccess());
    QVERIFY(pre.result.allNodes());

    const framework::NodeInfo& nodeInfo = *handle.snapshot().nodeInfos().first();
    const framework::Status status = plugin.filter(state, pod, nodeInfo);
    QCOMPARE(framework::toString(status.code()), code);
    QCOMPARE(status.reasons(), reasons);

    const auto* preFilterState = state.read<NodeResourcesFit::PreFilterState>(NodeResourcesFit::preFilterStateKey);
    QVERIFY(preFilterState);
    QStringList actual;
    for (const auto& r : NodeResourcesFit::fitsRequest(*preFilterState, nodeInfo))
        actual.append(describe(r));
    QCOMPARE(actual, insufficient);
}

void TestNodeResourcesFit::filterWithoutPreFilter()
{
    TestHandle handle({filterNode("32")});
    NodeResourcesFit plugin(config::NodeResourcesFitArgs {}, handle);
    framework::CycleState state;
    const Pod pod = newResourcePod({{1, 1}});
    const framework::Status status = plugin.filter(state, pod, *handle.snapshot().nodeInfos().first());
    QCOMPARE(framework::toString(status.code()), QStringLiteral("Error"));
    QCOMPARE(status.message(), QStringLiteral("error reading \"PreFilterNodeResourcesFit\" from cycleState: not found"));
}
QTEST_GUILESS_MAIN(TestNodeResourcesFit)
#include "tst_noderesourcesfit.moc"
