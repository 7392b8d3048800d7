// Coscheduling: scheduler-plugins' pkg/coscheduling/coscheduling_test.go (TestPodGroupBackoffTime,
// TestLess, TestPermit, TestPostFilter) and core/core_test.go (TestPreFilter, TestPermit,
// TestCheckClusterResource), every row, plus rows derived from the code (marked "derived") for what
// upstream leaves untested: the statuses' messages, the wait timeout, allowing and rejecting waiting
// siblings, the caches' expiry on the virtual clock, and Unreserve.
#include "builders.h"
#include "plugins/coscheduling.h"
#include "plugins/registry.h"
#include "testhandle.h"

#include <QTest>

using namespace ksv;
using framework::Code;

namespace {

constexpr qint64 second = 1'000'000'000;

const char* const pgLabel = "scheduling.x-k8s.io/pod-group";

// tu.MakePodGroup().Name(name).Namespace(ns).MinMember(n)...
PodGroup podGroup(const char* name, const char* ns, int minMember, std::optional<int> timeoutSeconds = std::nullopt,
    std::optional<ResourceList> minResources = std::nullopt)
{
    PodGroup group;
    group.meta.name = QString::fromLatin1(name);
    group.meta.namespace_ = QString::fromLatin1(ns);
    group.meta.uid = group.meta.namespace_ + QLatin1Char('/') + group.meta.name;
    group.minMember = minMember;
    group.scheduleTimeoutSeconds = timeoutSeconds;
    group.minResources = std::move(minResources);
    return group;
}

Pod member(const char* name, const char* ns, const char* group)
{
    return test::PodBuilder(name, ns).uid(name).label(pgLabel, group).obj();
}

ClusterState withGroups(const QList<PodGroup>& groups)
{
    ClusterState cluster;
    cluster.podGroups = groups;
    return cluster;
}

// st.MakeNode().Capacity(...) adds pods: 32.
Node node(const char* name, const char* cpu)
{
    return test::NodeBuilder(name).capacity({ { "cpu", cpu }, { "pods", "32" } });
}

QString codeOf(const framework::Status& status)
{
    return framework::toString(status.code());
}

config::CoschedulingArgs args(qint64 permitWaitingTimeSeconds, qint64 podGroupBackoffSeconds = 0)
{
    config::CoschedulingArgs result;
    result.permitWaitingTimeSeconds = permitWaitingTimeSeconds;
    result.podGroupBackoffSeconds = podGroupBackoffSeconds;
    return result;
}

void addWaiting(test::TestHandle& handle, const Pod& pod)
{
    handle.waiting.pods.push_back(std::make_unique<test::RecordingWaitingPod>(
        pod, QStringLiteral("node"), QStringList { QStringLiteral("Coscheduling") }));
}

} // namespace

class TestCoscheduling : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // core_test.go TestPreFilter: two nodes of 4 cpu; the pod itself is not in the pod informer.
    void preFilter_data()
    {
        QTest::addColumn<Pod>("pod");
        QTest::addColumn<QList<Pod>>("pendingPods");
        QTest::addColumn<QList<PodGroup>>("pgs");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("message");

        const QString uu = framework::toString(Code::UnschedulableAndUnresolvable);
        const QString ok = framework::toString(Code::Success);
        QTest::newRow("pod does not belong to any pg")
            << Pod(test::PodBuilder("p")) << QList<Pod> { member("p1", "ns", "pg1"), member("p2", "ns", "pg2") }
            << QList<PodGroup> { podGroup("pg1", "ns", 1), podGroup("pg2", "ns", 1) } << ok << QString();
        QTest::newRow("pod belongs to a non-existent pg")
            << member("p", "ns", "pg-non-existent") << QList<Pod> {} << QList<PodGroup> { podGroup("pg1", "ns", 1) }
            << ok << QString();
        QTest::newRow("pod count less than minMember")
            << member("p", "ns", "pg1") << QList<Pod> { member("pg2-1", "ns", "pg2") }
            << QList<PodGroup> { podGroup("pg1", "ns", 2), podGroup("pg2", "ns", 2) } << uu
            << "pre-filter pod p cannot find enough sibling pods, current pods number: 0, minMember of group: 2";
        QTest::newRow("pod count equal minMember")
            << member("p1a", "ns", "pg1") << QList<Pod> { member("p1b", "ns", "pg1"), member("p1c", "ns", "pg1") }
            << QList<PodGroup> { podGroup("pg1", "ns", 2), podGroup("pg2", "ns", 2) } << ok << QString();
        QTest::newRow("pod count more than minMember")
            << member("p1a", "ns", "pg1") << QList<Pod> { member("p1b", "ns", "pg1"), member("p1c", "ns", "pg1") }
            << QList<PodGroup> { podGroup("pg1", "ns", 2), podGroup("pg2", "ns", 2) } << ok << QString();
        // Two nodes of 4 cpu; the group asks for 6 (it would still fail in Filter).
        QTest::newRow("cluster's resource satisfies minResource")
            << member("p1a", "ns", "pg1") << QList<Pod> { member("p1b", "ns", "pg1"), member("p1c", "ns", "pg1") }
            << QList<PodGroup> { podGroup("pg1", "ns", 2, std::nullopt, test::resources({ { "cpu", "6" } })) } << ok
            << QString();
        // Upstream prints the remaining gap as Go's %v of the map, with each Quantity's struct fields
        // ({{2000 -3} {<nil>}  DecimalSI}); we print the quantity itself.
        QTest::newRow("cluster's resource cannot satisfy minResource")
            << member("p1a", "ns", "pg1") << QList<Pod> { member("p1b", "ns", "pg1"), member("p1c", "ns", "pg1") }
            << QList<PodGroup> { podGroup("pg1", "ns", 2, std::nullopt, test::resources({ { "cpu", "10" } })) } << uu
            << "resource gap: map[cpu:2]";
        // Derived.
        QTest::newRow("derived: a pg in another namespace is not the pod's")
            << member("p", "other", "pg1") << QList<Pod> {} << QList<PodGroup> { podGroup("pg1", "ns", 2) } << ok
            << QString();
        QTest::newRow("derived: siblings in another namespace do not count")
            << member("p1a", "ns", "pg1") << QList<Pod> { member("p1b", "other", "pg1"), member("p1c", "ns", "pg1") }
            << QList<PodGroup> { podGroup("pg1", "ns", 2) } << uu
            << "pre-filter pod p1a cannot find enough sibling pods, current pods number: 1, minMember of group: 2";
        QTest::newRow("derived: finished siblings are not in the informer")
            << member("p1a", "ns", "pg1")
            << QList<Pod> { test::PodBuilder("p1b", "ns")
                                .uid("p1b")
                                .label(pgLabel, "pg1")
                                .phase(PodPhase::Succeeded)
                                .obj(),
                   member("p1c", "ns", "pg1") }
            << QList<PodGroup> { podGroup("pg1", "ns", 2) } << uu
            << "pre-filter pod p1a cannot find enough sibling pods, current pods number: 1, minMember of group: 2";
        QTest::newRow("derived: a resource the nodes do not have")
            << member("p1a", "ns", "pg1") << QList<Pod> { member("p1b", "ns", "pg1"), member("p1c", "ns", "pg1") }
            << QList<PodGroup> { podGroup("pg1", "ns", 2, std::nullopt, test::resources({ { "memory", "1Gi" } })) }
            << uu << "resource gap: map[memory:1Gi]";
    }
    void preFilter()
    {
        QFETCH(Pod, pod);
        QFETCH(QList<Pod>, pendingPods);
        QFETCH(QList<PodGroup>, pgs);
        QFETCH(QString, code);
        QFETCH(QString, message);

        test::TestHandle handle({ node("node-a", "4"), node("node-b", "4") }, pendingPods, withGroups(pgs));
        plugins::Coscheduling plugin(args(10), handle);
        framework::CycleState state;
        const framework::PreFilterOutcome outcome = plugin.preFilter(state, pod, handle.snapshot().nodeInfos());
        QCOMPARE(codeOf(outcome.status), code);
        QCOMPARE(outcome.status.message(), message);
        QVERIFY(outcome.result.allNodes());
    }

    // core_test.go TestCheckClusterResource: two nodes of 3 cpu.
    void checkClusterResource_data()
    {
        QTest::addColumn<QList<Pod>>("existingPods");
        QTest::addColumn<QString>("gap");

        QTest::newRow("Cluster resource enough")
            << QList<Pod> { test::PodBuilder("p1", "ns").node("node-a").req({ { "cpu", "2" } }).obj() } << QString();
        QTest::newRow("Cluster resource not enough")
            << QList<Pod> { test::PodBuilder("p1", "ns").node("node-a").req({ { "cpu", "2" } }).obj(),
                   test::PodBuilder("p2", "ns").node("node-b").req({ { "cpu", "1" } }).obj() }
            << "resource gap: map[cpu:1]";
        QTest::newRow("Cluster resource enough as p1's resource needs to be excluded from minResources") << QList<Pod> {
            test::PodBuilder("p1", "ns").label(pgLabel, "pg1").node("node-a").req({ { "cpu", "2" } }).obj(),
            test::PodBuilder("p2", "ns").node("node-b").req({ { "cpu", "1" } }).obj()
        } << QString();
    }
    void checkClusterResource()
    {
        QFETCH(QList<Pod>, existingPods);
        QFETCH(QString, gap);
        const framework::Snapshot snapshot
            = framework::Snapshot::fromCluster({ node("node-a", "3"), node("node-b", "3") }, existingPods);
        QCOMPARE(plugins::checkClusterResource(
                     snapshot.nodeInfos(), test::resources({ { "cpu", "4" } }), QStringLiteral("ns/pg1")),
            gap);
    }

    // core_test.go TestPermit: what the manager makes of a pod, one node of 4 cpu.
    void managerPermit_data()
    {
        QTest::addColumn<Pod>("pod");
        QTest::addColumn<QList<Pod>>("existingPods");
        QTest::addColumn<int>("want");

        using S = plugins::PodGroupManager::PermitStatus;
        QTest::newRow("pod does not belong to any pg")
            << Pod(test::PodBuilder("p", "ns").uid("p")) << QList<Pod> {} << int(S::PodGroupNotSpecified);
        QTest::newRow("pod specifies a non-existent pg")
            << member("p", "ns", "pg-non-existent") << QList<Pod> {} << int(S::PodGroupNotFound);
        QTest::newRow("pod belongs to a pg that doesn't have quorum")
            << member("p", "ns", "pg1") << QList<Pod> {} << int(S::Wait);
        QTest::newRow("pod belongs to a pg that have quorum satisfied")
            << member("p1a", "ns", "pg1")
            << QList<Pod> { test::PodBuilder("p1b", "ns").uid("p1b").label(pgLabel, "pg1").node("node").obj() }
            << int(S::Success);
    }
    void managerPermit()
    {
        QFETCH(Pod, pod);
        QFETCH(QList<Pod>, existingPods);
        QFETCH(int, want);
        test::TestHandle handle({ node("node", "4") }, existingPods, withGroups({ podGroup("pg1", "ns", 2) }));
        plugins::PodGroupManager manager(handle, 10 * second);
        framework::CycleState state;
        QCOMPARE(int(manager.permit(state, pod)), want);
    }

    // coscheduling_test.go TestPermit (codes), with the timeout and the allowed siblings (derived).
    void permit_data()
    {
        QTest::addColumn<Pod>("pod");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("message");
        QTest::addColumn<qint64>("timeout");
        QTest::addColumn<QStringList>("allowed"); // waiting pods the plugin allowed

        const QString ok = framework::toString(Code::Success);
        const QString wait = framework::toString(Code::Wait);
        QTest::newRow("pods do not belong to any podGroup")
            << Pod(test::PodBuilder("p", "ns").uid("p")) << ok << QString() << qint64(0) << QStringList {};
        QTest::newRow("pods belong to a pg1, but quorum not satisfied")
            << member("p", "ns", "pg2") << wait << QString() << 10 * second << QStringList {};
        QTest::newRow("pods belong to a podGroup, and quorum satisfied")
            << member("p", "ns", "pg1") << ok << QString() << qint64(0) << QStringList { "ns/w1" };
        // Derived.
        QTest::newRow("derived: group not found")
            << member("p", "ns", "pg-missing") << framework::toString(Code::Unschedulable) << "PodGroup not found"
            << qint64(0) << QStringList {};
        QTest::newRow("derived: the group's scheduleTimeoutSeconds wins")
            << member("p", "ns", "pg3") << wait << QString() << 25 * second << QStringList {};
        QTest::newRow("derived: scheduleTimeoutSeconds 0 keeps permitWaitingTimeSeconds")
            << member("p", "ns", "pg4") << wait << QString() << 10 * second << QStringList {};
    }
    void permit()
    {
        QFETCH(Pod, pod);
        QFETCH(QString, code);
        QFETCH(QString, message);
        QFETCH(qint64, timeout);
        QFETCH(QStringList, allowed);

        const QList<PodGroup> groups { podGroup("pg1", "ns", 1), podGroup("pg2", "ns", 2), podGroup("pg3", "ns", 2, 25),
            podGroup("pg4", "ns", 2, 0) };
        test::TestHandle handle({ node("node", "4") }, {}, withGroups(groups));
        // A waiting sibling of pg1, a pod of pg1 in another namespace, and one of another group.
        addWaiting(handle, member("w1", "ns", "pg1"));
        addWaiting(handle, member("w2", "other", "pg1"));
        addWaiting(handle, member("w3", "ns", "pg2"));
        plugins::Coscheduling plugin(args(10), handle);
        framework::CycleState state;
        const framework::PermitOutcome outcome = plugin.permit(state, pod, QStringLiteral("node"));
        QCOMPARE(codeOf(outcome.status), code);
        QCOMPARE(outcome.status.message(), message);
        QCOMPARE(outcome.timeout, timeout);
        QStringList got;
        for (const auto& waiting : handle.waiting.pods) {
            if (!waiting->allowedBy.isEmpty())
                got.append(waiting->pod().key());
            QVERIFY(waiting->rejections.isEmpty());
        }
        QCOMPARE(got, allowed);
    }

    // coscheduling_test.go TestPostFilter, with the statuses compared as upstream does (DeepEqual).
    void postFilter_data()
    {
        QTest::addColumn<Pod>("pod");
        QTest::addColumn<QList<Pod>>("existingPods");
        QTest::addColumn<PodGroup>("pg");
        QTest::addColumn<QString>("message");
        QTest::addColumn<QStringList>("rejected"); // waiting pods rejected, with the message

        const Pod assigned = test::PodBuilder("p1", "ns").uid("p1").node("node").label(pgLabel, "pg1").obj();
        QTest::newRow("pod does not belong to any pod group")
            << Pod(test::PodBuilder("p", "ns").uid("p")) << QList<Pod> {} << podGroup("pg1", "ns", 2)
            << "can not find pod group" << QStringList {};
        QTest::newRow("enough pods assigned, do not reject all")
            << member("p", "ns", "pg1") << QList<Pod> { assigned } << podGroup("pg1", "ns", 1) << QString()
            << QStringList {};
        QTest::newRow("pod failed at filter phase, reject all pods")
            << member("p", "ns", "pg1") << QList<Pod> { assigned } << podGroup("pg1", "ns", 2)
            << "PodGroup ns/pg1 gets rejected due to Pod p is unschedulable even after PostFilter"
            << QStringList { "ns/w1: Coscheduling: optimistic rejection in PostFilter" };
        // Derived: 9 of 10 assigned is a gap of exactly 10% (as float32): no rejection yet.
        QList<Pod> nine;
        for (int i = 0; i < 9; ++i)
            nine.append(test::PodBuilder(qPrintable(QStringLiteral("a%1").arg(i)), "ns")
                            .label(pgLabel, "pg1")
                            .node("node")
                            .obj());
        QTest::newRow("derived: a gap of 10% keeps the group")
            << member("p", "ns", "pg1") << nine << podGroup("pg1", "ns", 10) << QString() << QStringList {};
        QTest::newRow("derived: a gap above 10% rejects the group")
            << member("p", "ns", "pg1") << nine.mid(0, 8) << podGroup("pg1", "ns", 10)
            << "PodGroup ns/pg1 gets rejected due to Pod p is unschedulable even after PostFilter"
            << QStringList { "ns/w1: Coscheduling: optimistic rejection in PostFilter" };
        QTest::newRow("derived: group label but no group")
            << member("p", "ns", "pg-missing") << QList<Pod> {} << podGroup("pg1", "ns", 2) << "can not find pod group"
            << QStringList {};
    }
    void postFilter()
    {
        QFETCH(Pod, pod);
        QFETCH(QList<Pod>, existingPods);
        QFETCH(PodGroup, pg);
        QFETCH(QString, message);
        QFETCH(QStringList, rejected);

        test::TestHandle handle({ node("node", "40") }, existingPods, withGroups({ pg }));
        addWaiting(handle, member("w1", "ns", "pg1"));
        addWaiting(handle, member("w2", "other", "pg1"));
        addWaiting(handle, member("w3", "ns", "pg2"));
        plugins::Coscheduling plugin(args(10), handle);
        framework::CycleState state;
        const framework::PostFilterOutcome outcome = plugin.postFilter(state, pod, framework::NodeToStatus {});
        QCOMPARE(codeOf(outcome.status), framework::toString(Code::Unschedulable));
        QCOMPARE(outcome.status.message(), message);
        QVERIFY(!outcome.nominatingInfo.has_value());
        QStringList got;
        for (const auto& waiting : handle.waiting.pods) {
            for (const auto& rejection : waiting->rejections)
                got.append(waiting->pod().key() + QStringLiteral(": ") + rejection);
        }
        QCOMPARE(got, rejected);
    }

    // coscheduling_test.go TestPodGroupBackoffTime: "prevent pod falling into infinite scheduling loop".
    void podGroupBackoffTime()
    {
        const QList<Pod> pods { member("pod1", "ns", "pg1"), member("pod2", "ns", "pg1"), member("pod3", "ns", "pg1") };
        test::TestHandle handle({ node("node", "4") }, pods, withGroups({ podGroup("pg1", "ns", 3) }));
        handle.clock = 100 * second;
        // The manager's permitted-group TTL is 5s in upstream's test; the backoff 1s.
        plugins::Coscheduling plugin(args(5, 1), handle);

        framework::CycleState state;
        state.write(framework::podsToActivateKey, std::make_unique<framework::PodsToActivate>());
        const framework::PermitOutcome permit = plugin.permit(state, pods[0], QStringLiteral("test"));
        QCOMPARE(codeOf(permit.status), framework::toString(Code::Wait));
        const auto* toActivate = state.read<framework::PodsToActivate>(framework::podsToActivateKey);
        QVERIFY(toActivate);
        QCOMPARE(toActivate->pods.keys(), (QStringList { "ns/pod2", "ns/pod3" }));

        framework::CycleState postFilterState;
        plugin.postFilter(postFilterState, pods[1], framework::NodeToStatus {});

        framework::CycleState preFilterState;
        framework::PreFilterOutcome outcome = plugin.preFilter(preFilterState, pods[2], handle.snapshot().nodeInfos());
        QCOMPARE(codeOf(outcome.status), framework::toString(Code::UnschedulableAndUnresolvable));
        QCOMPARE(outcome.status.reasons(), QStringList { "podGroup ns/pg1 failed recently" });

        // Derived: the backoff is over one second later (go-cache keeps the item up to its expiry).
        handle.clock += second;
        outcome = plugin.preFilter(preFilterState, pods[2], handle.snapshot().nodeInfos());
        QCOMPARE(codeOf(outcome.status), framework::toString(Code::UnschedulableAndUnresolvable));
        handle.clock += 1;
        outcome = plugin.preFilter(preFilterState, pods[2], handle.snapshot().nodeInfos());
        QCOMPARE(codeOf(outcome.status), framework::toString(Code::Success));
    }

    // Derived: minResources: {} is not nil, so the pod count (minMember) is still checked against
    // the nodes' free pod slots; without minResources nothing is.
    void emptyMinResourcesChecksPodSlots()
    {
        const QList<Pod> pods { member("p1", "ns", "pg1"), member("p2", "ns", "pg1") };
        const Node oneSlot = test::NodeBuilder("node").capacity({ { "cpu", "4" }, { "pods", "1" } });
        framework::CycleState state;
        {
            test::TestHandle handle(
                { oneSlot }, pods, withGroups({ podGroup("pg1", "ns", 2, std::nullopt, ResourceList {}) }));
            plugins::Coscheduling plugin(args(10), handle);
            const framework::PreFilterOutcome outcome = plugin.preFilter(state, pods[0], {});
            QCOMPARE(codeOf(outcome.status), framework::toString(Code::UnschedulableAndUnresolvable));
            QCOMPARE(outcome.status.message(), QStringLiteral("resource gap: map[pods:1]"));
        }
        test::TestHandle handle({ oneSlot }, pods, withGroups({ podGroup("pg1", "ns", 2) }));
        plugins::Coscheduling plugin(args(10), handle);
        QVERIFY(plugin.preFilter(state, pods[0], {}).status.isSuccess());
    }

    // Derived: only the first pod of a group (none assigned yet) asks for its siblings.
    void activateSiblingsOnlyForTheFirstPod()
    {
        const QList<Pod> pods { test::PodBuilder("pod1", "ns").uid("pod1").label(pgLabel, "pg1").node("node").obj(),
            member("pod2", "ns", "pg1"), member("pod3", "ns", "pg1") };
        test::TestHandle handle({ node("node", "4") }, pods, withGroups({ podGroup("pg1", "ns", 3) }));
        plugins::Coscheduling plugin(args(10), handle);
        framework::CycleState state;
        state.write(framework::podsToActivateKey, std::make_unique<framework::PodsToActivate>());
        QCOMPARE(codeOf(plugin.permit(state, pods[1], QStringLiteral("node")).status), framework::toString(Code::Wait));
        QVERIFY(state.read<framework::PodsToActivate>(framework::podsToActivateKey)->pods.isEmpty());
    }

    // Derived: a group whose minResources passed is not checked again until the TTL (permitWaitingTimeSeconds)
    // has passed, or PostFilter / Unreserve forgot it.
    void permittedGroupsExpire()
    {
        const QList<Pod> pods { member("p1", "ns", "pg1"), member("p2", "ns", "pg1") };
        test::TestHandle handle({ node("node", "4") }, pods,
            withGroups({ podGroup("pg1", "ns", 2, std::nullopt, test::resources({ { "cpu", "3" } })) }));
        plugins::Coscheduling plugin(args(10), handle);
        framework::CycleState state;
        QCOMPARE(codeOf(plugin.preFilter(state, pods[0], {}).status), framework::toString(Code::Success));
        // The node fills up, but the group was permitted a moment ago.
        handle.mutableSnapshot().nodeInfos()[0]->addPod(
            framework::PodInfo::create(test::PodBuilder("big", "x").node("node").req({ { "cpu", "3" } }).obj()));
        handle.clock = 10 * second;
        QCOMPARE(codeOf(plugin.preFilter(state, pods[0], {}).status), framework::toString(Code::Success));
        handle.clock = 10 * second + 1;
        const framework::PreFilterOutcome expired = plugin.preFilter(state, pods[0], {});
        QCOMPARE(expired.status.message(), QStringLiteral("resource gap: map[cpu:2]"));
    }

    // coscheduling_test.go TestLess. Group creation times are the virtual times the plugin first
    // meets the groups, so each row introduces its groups at their times first.
    void less_data()
    {
        QTest::addColumn<Pod>("p1");
        QTest::addColumn<qint64>("t1");
        QTest::addColumn<Pod>("p2");
        QTest::addColumn<qint64>("t2");
        QTest::addColumn<QList<PodGroup>>("pgs");
        QTest::addColumn<QList<qint64>>("created");
        QTest::addColumn<bool>("want");

        const int low = 10;
        const int high = 100;
        const qint64 now = 1000 * second;
        const auto pod = [](const char* name, const char* ns, int priority, const char* group = nullptr) {
            test::PodBuilder builder(name, ns);
            builder.priority(priority);
            if (group)
                builder.label(pgLabel, group);
            return builder.obj();
        };
        const QList<PodGroup> none;
        const QList<qint64> noTimes;
        QTest::newRow("p1.priority less than p2.priority")
            << pod("p1", "ns1", low) << qint64(0) << pod("p2", "ns2", high) << qint64(0) << none << noTimes << false;
        QTest::newRow("p1.priority greater than p2.priority")
            << pod("p1", "ns1", high) << qint64(0) << pod("p2", "ns2", low) << qint64(0) << none << noTimes << true;
        QTest::newRow("equal priority. p1 is added to schedulingQ earlier than p2")
            << pod("p1", "ns1", high) << now + second << pod("p2", "ns2", high) << now + 2 * second << none << noTimes
            << true;
        QTest::newRow("equal priority. p2 is added to schedulingQ earlier than p1")
            << pod("p1", "ns1", high) << now + 2 * second << pod("p2", "ns2", high) << now + second << none << noTimes
            << false;
        QTest::newRow("p1.priority less than p2.priority, p1 belongs to pg1")
            << pod("p1", "ns1", low, "pg1") << qint64(0) << pod("p2", "ns2", high) << qint64(0)
            << QList<PodGroup> { podGroup("pg1", "ns1", 0) } << QList<qint64> { 0 } << false;
        QTest::newRow("p1.priority greater than p2.priority, p1 belongs to pg1")
            << pod("p1", "ns1", high, "pg1") << qint64(0) << pod("p2", "ns2", low) << qint64(0)
            << QList<PodGroup> { podGroup("pg1", "ns1", 0) } << QList<qint64> { 0 } << true;
        QTest::newRow("equal priority. p1 is added to schedulingQ earlier than p2, p1 belongs to pg1")
            << pod("p1", "ns1", high, "pg1") << now + second << pod("p2", "ns2", high) << now + 2 * second
            << QList<PodGroup> { podGroup("pg1", "ns1", 0) } << QList<qint64> { now + second } << true;
        QTest::newRow("equal priority. p2 is added to schedulingQ earlier than p1, p1 belongs to pg1")
            << pod("p1", "ns1", high, "pg1") << now + 2 * second << pod("p2", "ns2", high) << now + second
            << QList<PodGroup> { podGroup("pg1", "ns1", 0) } << QList<qint64> { now + 2 * second } << false;
        const QList<PodGroup> twoNamespaces { podGroup("pg1", "ns1", 0), podGroup("pg2", "ns2", 0) };
        const QList<qint64> oneTwo { now + second, now + 2 * second };
        QTest::newRow("p1.priority less than p2.priority, p1 belongs to pg1 and p2 belongs to pg2")
            << pod("p1", "ns1", low, "pg1") << qint64(0) << pod("p2", "ns2", high, "pg2") << qint64(0) << twoNamespaces
            << oneTwo << false;
        QTest::newRow("p1.priority greater than p2.priority, p1 belongs to pg1 and and p2 belongs to pg2")
            << pod("p1", "ns1", high, "pg1") << qint64(0) << pod("p2", "ns2", low, "pg1") << qint64(0) << twoNamespaces
            << oneTwo << true;
        QTest::newRow(
            "equal priority. p1 is added to schedulingQ earlier than p2, p1 belongs to pg1 and p2 belongs to pg2")
            << pod("p1", "ns1", high, "pg1") << now + second << pod("p2", "ns2", high, "pg2") << now + 2 * second
            << twoNamespaces << oneTwo << true;
        QTest::newRow(
            "equal priority. p2 is added to schedulingQ earlier than p1, p1 belongs to pg2 and p2 belongs to pg1")
            << pod("p1", "ns", low, "pg2") << now + second << pod("p2", "ns", high, "pg1") << now + 2 * second
            << QList<PodGroup> { podGroup("pg1", "ns", 0), podGroup("pg2", "ns", 0) } << oneTwo << false;
        QTest::newRow("equal priority and creation time, p1 belongs pg1 and p2 belong to pg2")
            << pod("p1", "ns1", high, "pg2") << now + second << pod("p2", "ns2", high, "pg2") << now + second
            << twoNamespaces << oneTwo << true;
        QTest::newRow("equal priority and creation time, and p2 belong to pg2")
            << pod("p1", "ns1", high) << now + second << pod("p2", "ns2", high, "pg2") << now + second
            << QList<PodGroup> { podGroup("pg2", "ns2", 0) } << QList<qint64> { now + 2 * second } << true;
        // Derived: equal priority and group creation: "namespace/name" decides.
        QTest::newRow("derived: same group, name order")
            << pod("b", "ns", high, "pg") << now << pod("a", "ns", high, "pg") << now - second
            << QList<PodGroup> { podGroup("pg", "ns", 0) } << QList<qint64> { now } << false;
    }
    void less()
    {
        QFETCH(Pod, p1);
        QFETCH(qint64, t1);
        QFETCH(Pod, p2);
        QFETCH(qint64, t2);
        QFETCH(QList<PodGroup>, pgs);
        QFETCH(QList<qint64>, created);
        QFETCH(bool, want);

        test::TestHandle handle({}, {}, withGroups(pgs));
        plugins::Coscheduling plugin(args(10), handle);
        for (qsizetype i = 0; i < pgs.size(); ++i) {
            handle.clock = created[i];
            Pod probe = test::PodBuilder("probe", "").obj();
            probe.meta.namespace_ = pgs[i].meta.namespace_;
            probe.meta.labels.insert(QString::fromLatin1(pgLabel), pgs[i].meta.name);
            plugin.podGroupManager().podGroup(probe);
        }
        handle.clock = 5000 * second;
        QCOMPARE(plugin.less({ &p1, t1 }, { &p2, t2 }), want);
    }

    // Derived: Unreserve rejects the waiting pods of the group in the pod's namespace and nothing else.
    void unreserve()
    {
        test::TestHandle handle({ node("node", "4") }, {}, withGroups({ podGroup("pg1", "ns", 3) }));
        addWaiting(handle, member("w1", "ns", "pg1"));
        addWaiting(handle, member("w2", "other", "pg1"));
        addWaiting(handle, member("w3", "ns", "pg2"));
        addWaiting(handle, member("w4", "ns", "pg1"));
        plugins::Coscheduling plugin(args(10), handle);
        framework::CycleState state;
        QVERIFY(plugin.reserve(state, member("p", "ns", "pg1"), QStringLiteral("node")).isSuccess());
        plugin.unreserve(state, member("p", "ns", "pg1"), QStringLiteral("node"));
        QStringList got;
        for (const auto& waiting : handle.waiting.pods) {
            for (const auto& rejection : waiting->rejections)
                got.append(waiting->pod().key() + QStringLiteral(": ") + rejection);
        }
        QCOMPARE(got,
            (QStringList {
                "ns/w1: Coscheduling: rejection in Unreserve", "ns/w4: Coscheduling: rejection in Unreserve" }));

        // Without a group, nothing happens.
        for (auto& waiting : handle.waiting.pods)
            waiting->rejections.clear();
        plugin.unreserve(state, member("p", "ns", "pg-missing"), QStringLiteral("node"));
        plugin.unreserve(state, Pod(test::PodBuilder("q", "ns")), QStringLiteral("node"));
        for (const auto& waiting : handle.waiting.pods)
            QVERIFY(waiting->rejections.isEmpty());
    }

    // EventsToRegister: Pod Add and PodGroup Add|Update, without hints.
    void eventsToRegister()
    {
        test::TestHandle handle;
        const plugins::Coscheduling plugin(args(10), handle);
        const QList<framework::ClusterEventWithHint> events = plugin.eventsToRegister();
        QCOMPARE(events.size(), 2);
        QCOMPARE(framework::toString(events[0].event.resource), QStringLiteral("Pod"));
        QCOMPARE(events[0].event.actionType, framework::action::Add);
        QVERIFY(!events[0].queueingHintFn);
        QCOMPARE(framework::toString(events[1].event.resource), QStringLiteral("PodGroup"));
        QCOMPARE(events[1].event.actionType, framework::action::Add | framework::action::Update);
        QVERIFY(!events[1].queueingHintFn);
    }

    // Out-of-tree: in the registry, built with its args.
    void registered()
    {
        const framework::Registry registry = plugins::inTreeRegistry({});
        QVERIFY(registry.contains(QStringLiteral("Coscheduling")));
        test::TestHandle handle;
        const std::unique_ptr<framework::Plugin> plugin
            = (*registry.factory(QStringLiteral("Coscheduling")))(nullptr, handle);
        QVERIFY(dynamic_cast<plugins::Coscheduling*>(plugin.get()));
        QVERIFY(dynamic_cast<framework::PermitPlugin*>(plugin.get()));
        QVERIFY(dynamic_cast<framework::QueueSortPlugin*>(plugin.get()));
    }
};

QTEST_GUILESS_MAIN(TestCoscheduling)
#include "tst_coscheduling.moc"
