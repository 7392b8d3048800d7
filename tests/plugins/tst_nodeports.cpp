// NodePorts: upstream's TestNodePorts, TestPreFilterDisabled and TestGetContainerPorts
// (pkg/scheduler/framework/plugins/nodeports/node_ports_test.go), plus derived rows.
#include "plugins/nodeports.h"
#include "version/features.h"

#include "builders.h"
#include "testhandle.h"

#include <QTest>

using namespace ksv;
using framework::Code;

namespace {

// Upstream's newPod(host, "PROTO/IP/PORT", ...): one container holding every port, with only the
// host IP, host port and protocol set.
Pod newPod(const char* host, const QStringList& ports)
{
    Pod pod = test::PodBuilder("pod").node(host);
    Container container;
    container.name = QStringLiteral("c0");
    for (const auto& spec : ports) {
        const QStringList parts = spec.split(QLatin1Char('/'));
        ContainerPort port;
        port.protocol = parts[0] == QLatin1String("UDP") ? Protocol::UDP : parts[0] == QLatin1String("SCTP") ? Protocol::SCTP : Protocol::TCP;
        port.hostIP = parts[1];
        port.hostPort = parts[2].toInt();
        container.ports.append(port);
    }
    pod.containers = {container};
    return pod;
}

ContainerPort port(int containerPort, int hostPort)
{
    ContainerPort p;
    p.containerPort = containerPort;
    p.hostPort = hostPort;
    return p;
}

Container containerWithPorts(const QList<ContainerPort>& ports)
{
    Container container;
    container.ports = ports;
    return container;
}

const QString errReason = QStringLiteral("node(s) didn't have free ports for the requested pod ports");

// isSchedulableAfterPodDeleted for `pod` after `deleted` went, with or without the sidecars' ports.
struct QueueingHintProbe
{
    Pod pod;
    Pod deleted;
    framework::QueueingHint hint(bool sidecars) const
    {
        const KubeObject old = deleted;
        return plugins::NodePorts::isSchedulableAfterPodDeleted(pod, &old, nullptr, sidecars);
    }
};

} // namespace

class TestNodePorts : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void filter_data()
    {
        QTest::addColumn<Pod>("pod");
        QTest::addColumn<QList<Pod>>("existing");
        QTest::addColumn<Code>("preFilterCode");
        QTest::addColumn<Code>("code");
        QTest::addColumn<QString>("message");

        const Code ok = Code::Success;
        const Code unschedulable = Code::Unschedulable;
        const auto existing = [](const QStringList& ports) { return QList<Pod> {newPod("m1", ports)}; };

        // Upstream TestNodePorts.
        QTest::newRow("skip filter") << Pod(test::PodBuilder("pod")) << QList<Pod> {} << Code::Skip << ok << "";
        QTest::newRow("other port") << newPod("m1", {"UDP/127.0.0.1/8080"}) << existing({"UDP/127.0.0.1/9090"}) << ok << ok << "";
        QTest::newRow("same udp port") << newPod("m1", {"UDP/127.0.0.1/8080"}) << existing({"UDP/127.0.0.1/8080"}) << ok << unschedulable
                                       << errReason;
        QTest::newRow("same tcp port") << newPod("m1", {"TCP/127.0.0.1/8080"}) << existing({"TCP/127.0.0.1/8080"}) << ok << unschedulable
                                       << errReason;
        QTest::newRow("different host ip") << newPod("m1", {"TCP/127.0.0.1/8080"}) << existing({"TCP/127.0.0.2/8080"}) << ok << ok << "";
        QTest::newRow("different protocol") << newPod("m1", {"UDP/127.0.0.1/8080"}) << existing({"TCP/127.0.0.1/8080"}) << ok << ok << "";
        QTest::newRow("second udp port conflict") << newPod("m1", {"UDP/127.0.0.1/8000", "UDP/127.0.0.1/8080"})
                                                  << existing({"UDP/127.0.0.1/8080"}) << ok << unschedulable << errReason;
        QTest::newRow("first tcp port conflict") << newPod("m1", {"TCP/127.0.0.1/8001", "UDP/127.0.0.1/8080"})
                                                 << existing({"TCP/127.0.0.1/8001", "UDP/127.0.0.1/8081"}) << ok << unschedulable << errReason;
        QTest::newRow("first tcp port conflict due to 0.0.0.0 hostIP")
            << newPod("m1", {"TCP/0.0.0.0/8001"}) << existing({"TCP/127.0.0.1/8001"}) << ok << unschedulable << errReason;
        QTest::newRow("TCP hostPort conflict due to 0.0.0.0 hostIP")
            << newPod("m1", {"TCP/10.0.10.10/8001", "TCP/0.0.0.0/8001"}) << existing({"TCP/127.0.0.1/8001"}) << ok << unschedulable << errReason;
        QTest::newRow("second tcp port conflict to 0.0.0.0 hostIP")
            << newPod("m1", {"TCP/127.0.0.1/8001"}) << existing({"TCP/0.0.0.0/8001"}) << ok << unschedulable << errReason;
        QTest::newRow("second different protocol") << newPod("m1", {"UDP/127.0.0.1/8001"}) << existing({"TCP/0.0.0.0/8001"}) << ok << ok << "";
        QTest::newRow("UDP hostPort conflict due to 0.0.0.0 hostIP")
            << newPod("m1", {"UDP/127.0.0.1/8001"}) << existing({"TCP/0.0.0.0/8001", "UDP/0.0.0.0/8001"}) << ok << unschedulable << errReason;

        // Derived from HostPortInfo and getContainerPorts.
        QTest::newRow("derived: an empty host IP is 0.0.0.0 on both sides (TestSchedulerNoPhantomPodAfterDelete)")
            << newPod("m1", {"TCP//8080"}) << existing({"TCP//8080"}) << ok << unschedulable << errReason;
        QTest::newRow("derived: an empty host IP conflicts with a specific one")
            << newPod("m1", {"TCP//8080"}) << existing({"TCP/10.0.0.1/8080"}) << ok << unschedulable << errReason;
        QTest::newRow("derived: SCTP conflicts with SCTP only")
            << newPod("m1", {"SCTP/127.0.0.1/9000"}) << existing({"TCP/127.0.0.1/9000", "UDP/127.0.0.1/9000"}) << ok << ok << "";
        QTest::newRow("derived: same SCTP port") << newPod("m1", {"SCTP/127.0.0.1/9000"}) << existing({"SCTP/0.0.0.0/9000"}) << ok
                                                 << unschedulable << errReason;
        QTest::newRow("derived: a port without hostPort is not wanted")
            << newPod("m1", {"TCP/127.0.0.1/0"}) << existing({"TCP/127.0.0.1/0"}) << Code::Skip << ok << "";
        Pod initOnly = test::PodBuilder("pod");
        initOnly.initContainers = {containerWithPorts({port(80, 80)})};
        QTest::newRow("derived: init container ports are not wanted") << initOnly << existing({"TCP//80"}) << Code::Skip << ok << "";
        Pod existingInit = test::PodBuilder("other").node("m1");
        existingInit.initContainers = {containerWithPorts({port(80, 80)})};
        QTest::newRow("derived: an existing pod's init container ports are not in use")
            << newPod("m1", {"TCP//80"}) << QList<Pod> {existingInit} << ok << ok << "";
        QTest::newRow("derived: ports of several existing pods add up")
            << newPod("m1", {"TCP//81", "TCP//82"}) << QList<Pod> {newPod("m1", {"TCP//80"}), newPod("m1", {"TCP//82"})} << ok << unschedulable
            << errReason;
    }

    void filter()
    {
        QFETCH(Pod, pod);
        QFETCH(QList<Pod>, existing);
        QFETCH(Code, preFilterCode);
        QFETCH(Code, code);
        QFETCH(QString, message);

        test::TestHandle handle;
        plugins::NodePorts plugin(handle);
        framework::CycleState state;
        const framework::PreFilterOutcome outcome = plugin.preFilter(state, pod, {});
        QCOMPARE(framework::toString(outcome.status.code()), framework::toString(preFilterCode));
        QVERIFY(outcome.result.allNodes());
        if (outcome.status.isSkip())
            return;

        framework::NodeInfo nodeInfo(std::make_shared<const Node>(test::NodeBuilder("m1").obj()));
        for (qsizetype i = 0; i < existing.size(); ++i) {
            Pod p = existing[i];
            p.meta.uid = QStringLiteral("existing-") + QString::number(i);
            nodeInfo.addPod(framework::PodInfo::create(p));
        }
        const framework::Status status = plugin.filter(state, pod, nodeInfo);
        QCOMPARE(framework::toString(status.code()), framework::toString(code));
        QCOMPARE(status.message(), message);
        QCOMPARE(plugins::NodePorts::fits(pod, nodeInfo), code == Code::Success);
    }

    // v1.34 (#132040): the host ports of sidecars (restartable init containers) count, on the pod and
    // on the node's pods; v1.32 and v1.33 look at regular containers only. Derived rows: upstream's
    // TestNodePorts cases for this were not readable here (docs/versions.md).
    void sidecarPortsFromV134_data()
    {
        QTest::addColumn<bool>("incomingSidecar");
        QTest::addColumn<bool>("existingSidecar");
        QTest::addColumn<bool>("fitsBefore"); // v1.33
        QTest::addColumn<bool>("fitsFrom");   // v1.34
        QTest::newRow("derived: the existing pod's sidecar holds the port") << false << true << true << false;
        QTest::newRow("derived: the pod's sidecar wants a port in use") << true << false << true << false;
        QTest::newRow("derived: both sidecars") << true << true << true << false;
        QTest::newRow("derived: no sidecar") << false << false << false << false;
    }
    void sidecarPortsFromV134()
    {
        QFETCH(bool, incomingSidecar);
        QFETCH(bool, existingSidecar);
        QFETCH(bool, fitsBefore);
        QFETCH(bool, fitsFrom);
        // A pod with host port 8080 in a sidecar or a regular container, and a plain container beside
        // a sidecar so that every pod has a regular container.
        const auto withPort = [](const char* name, bool sidecar, const char* node) {
            Pod pod = newPod(node, {QStringLiteral("TCP/0.0.0.0/8080")});
            pod.meta.name = QString::fromLatin1(name);
            if (sidecar) {
                Container init = pod.containers.constFirst();
                init.name = QStringLiteral("proxy");
                init.restartPolicyAlways = true;
                pod.initContainers = {init};
                pod.containers = {containerWithPorts({port(80, 0)})};
            }
            return pod;
        };
        const Pod incoming = withPort("incoming", incomingSidecar, "");
        Pod existing = withPort("existing", existingSidecar, "m1");
        existing.meta.uid = QStringLiteral("existing");
        framework::NodeInfo nodeInfo(std::make_shared<const Node>(test::NodeBuilder("m1").obj()));
        nodeInfo.addPod(framework::PodInfo::create(existing));
        test::TestHandle handle;
        for (const auto& [version, fits] : {std::pair {version::v1_33, fitsBefore}, std::pair {version::v1_34, fitsFrom}}) {
            plugins::NodePorts plugin(handle, version::defaultFeatures(version));
            framework::CycleState state;
            const framework::PreFilterOutcome outcome = plugin.preFilter(state, incoming, {});
            if (outcome.status.isSkip()) {
                QVERIFY(fits);
                continue;
            }
            const framework::Status status = plugin.filter(state, incoming, nodeInfo);
            QCOMPARE(status.isSuccess(), fits);
            if (!fits)
                QCOMPARE(status.message(), errReason);
        }
        // The deleted pod's sidecar frees the port only where sidecars count.
        const QueueingHintProbe probe {incoming, existing};
        QCOMPARE(probe.hint(true) == framework::QueueingHint::Queue, !fitsFrom);
    }

    // TestPreFilterDisabled: Filter without PreFilter state is an Error.
    void preFilterDisabled()
    {
        test::TestHandle handle;
        plugins::NodePorts plugin(handle);
        framework::CycleState state;
        const framework::NodeInfo nodeInfo(std::make_shared<const Node>());
        const framework::Status status = plugin.filter(state, test::PodBuilder().obj(), nodeInfo);
        QCOMPARE(framework::toString(status.code()), framework::toString(Code::Error));
        QCOMPARE(status.message(), QStringLiteral("reading \"PreFilterNodePorts\" from cycleState: not found"));
    }

    // TestGetContainerPorts (one pod at a time here; upstream passes both pods to one call).
    void getContainerPorts()
    {
        const auto podWith = [](int base) {
            Pod pod = test::PodBuilder("pod");
            pod.containers = {containerWithPorts({port(base + 1, base + 1), port(base + 2, base + 2)}),
                              containerWithPorts({port(base + 3, base + 3), port(base + 4, base + 4)}),
                              containerWithPorts({port(base + 5, 0)})};
            return pod;
        };
        QList<int> hostPorts;
        for (const auto& p : plugins::NodePorts::getContainerPorts(podWith(8000)) + plugins::NodePorts::getContainerPorts(podWith(8010)))
            hostPorts.append(p.hostPort);
        QCOMPARE(hostPorts, (QList<int> {8001, 8002, 8003, 8004, 8011, 8012, 8013, 8014}));
    }

    void extensionPoints()
    {
        test::TestHandle handle;
        plugins::NodePorts plugin(handle);
        framework::Plugin* base = &plugin;
        QCOMPARE(base->name(), QStringLiteral("NodePorts"));
        QVERIFY(dynamic_cast<framework::PreFilterPlugin*>(base));
        QVERIFY(dynamic_cast<framework::FilterPlugin*>(base));
        QVERIFY(!dynamic_cast<framework::ScorePlugin*>(base));
        QVERIFY(!plugin.preFilterExtensions());
    }
};

QTEST_GUILESS_MAIN(TestNodePorts)
#include "tst_nodeports.moc"
