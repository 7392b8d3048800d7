// VolumeBinding: upstream's TestVolumeBinding (pkg/scheduler/framework/plugins/volumebinding/
// volume_binding_test.go, with its test_utils.go fixtures), run with VolumeCapacityPriority off as in
// v1.32, plus derived rows (marked "derived") for provisioning, selected nodes, PV choice, ephemeral
// claims, and Reserve / Unreserve / PreBind.
#include "plugins/volumebinding.h"

#include "builders.h"
#include "testhandle.h"
#include "volumebuilders.h"

#include <QTest>

using namespace ksv;
using framework::Code;
using framework::Status;
using plugins::VolumeBinder;
using plugins::VolumeBinding;
using test::claimVolume;
using test::PVBuilder;
using test::PVCBuilder;
using test::storageClass;

namespace {

Pod podWithClaims(std::initializer_list<const char*> claims)
{
    test::PodBuilder builder("pod-a");
    for (const char* claimName : claims)
        builder.volume(claimVolume(claimName));
    return builder;
}

Node zonalNode(const char* name, const char* region, const char* zone)
{
    return test::NodeBuilder(name).label("topology.kubernetes.io/region", region).label("topology.kubernetes.io/zone", zone);
}

const QString bindConflict = VolumeBinder::ErrReasonBindConflict;
const QString nodeConflict = VolumeBinder::ErrReasonNodeConflict;
const QString pvNotExist = VolumeBinder::ErrReasonPVNotExist;
constexpr auto WFFC = VolumeBindingMode::WaitForFirstConsumer;

// The classes every upstream row sees.
QList<StorageClass> defaultClasses()
{
    return {storageClass("immediate-sc", VolumeBindingMode::Immediate), storageClass("wait-sc", WFFC),
            storageClass("wait-hdd-sc", WFFC)};
}

struct Fixture
{
    test::TestHandle handle;
    VolumeBinding plugin;
    Fixture(const QList<Node>& nodes, const ClusterState& cluster, const version::Features& features = {})
        : handle(nodes, {}, cluster)
        , plugin(config::VolumeBindingArgs {}, handle, features)
    {
    }
};

ClusterState clusterWith(const QList<PersistentVolumeClaim>& pvcs, const QList<PersistentVolume>& pvs,
                         const QList<StorageClass>& classes = defaultClasses())
{
    ClusterState cluster;
    cluster.persistentVolumeClaims = pvcs;
    cluster.persistentVolumes = pvs;
    cluster.storageClasses = classes;
    return cluster;
}

} // namespace

class TestVolumeBinding : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void volumeBinding_data()
    {
        QTest::addColumn<Pod>("pod");
        QTest::addColumn<QList<Node>>("nodes");
        QTest::addColumn<ClusterState>("cluster");
        QTest::addColumn<Status>("wantPreFilter");
        QTest::addColumn<QList<Status>>("wantFilter"); // per node, when PreFilter succeeded

        const Node nodeA = test::NodeBuilder("node-a");
        const Status ok;
        const Code uu = Code::UnschedulableAndUnresolvable;
        const Status bindConflictStatus(uu, bindConflict);

        QTest::newRow("pod has not pvcs") << Pod(test::PodBuilder("pod-a")) << QList<Node> {nodeA} << clusterWith({}, {})
                                          << Status(Code::Skip) << QList<Status> {};
        QTest::newRow("all bound") << podWithClaims({"pvc-a"}) << QList<Node> {nodeA}
                                   << clusterWith({PVCBuilder("pvc-a", "wait-sc").boundPV("pv-a")},
                                                  {PVBuilder("pv-a", "wait-sc").phase("Available")})
                                   << ok << QList<Status> {ok};
        // Adapted: v1.32 returns no PreFilterResult (upstream's later table expects {node-a}); the
        // test checks that PreFilter leaves every node in.
        QTest::newRow("all bound with local volumes")
            << podWithClaims({"pvc-a", "pvc-b"}) << QList<Node> {nodeA}
            << clusterWith({PVCBuilder("pvc-a", "wait-sc").boundPV("pv-a"), PVCBuilder("pvc-b", "wait-sc").boundPV("pv-b")},
                           {PVBuilder("pv-a", "wait-sc").phase("Bound").nodeAffinity({{"kubernetes.io/hostname", {"node-a"}}}),
                            PVBuilder("pv-b", "wait-sc").phase("Bound").nodeAffinity({{"kubernetes.io/hostname", {"node-a"}}})})
            << ok << QList<Status> {ok};
        QTest::newRow("PVC does not exist") << podWithClaims({"pvc-a"}) << QList<Node> {nodeA} << clusterWith({}, {})
                                            << Status(uu, "persistentvolumeclaim \"pvc-a\" not found") << QList<Status> {};
        QTest::newRow("Part of PVCs do not exist")
            << podWithClaims({"pvc-a", "pvc-b"}) << QList<Node> {nodeA}
            << clusterWith({PVCBuilder("pvc-a", "wait-sc").boundPV("pv-a")}, {})
            << Status(uu, "persistentvolumeclaim \"pvc-b\" not found") << QList<Status> {};
        QTest::newRow("immediate claims not bound") << podWithClaims({"pvc-a"}) << QList<Node> {nodeA}
                                                    << clusterWith({PVCBuilder("pvc-a", "immediate-sc")}, {})
                                                    << Status(uu, "pod has unbound immediate PersistentVolumeClaims")
                                                    << QList<Status> {};
        QTest::newRow("unbound claims no matches") << podWithClaims({"pvc-a"}) << QList<Node> {nodeA}
                                                   << clusterWith({PVCBuilder("pvc-a", "wait-sc")}, {}) << ok
                                                   << QList<Status> {bindConflictStatus};
        QTest::newRow("bound and unbound unsatisfied")
            << podWithClaims({"pvc-a", "pvc-b"}) << QList<Node> {test::NodeBuilder("node-a").label("foo", "barbar")}
            << clusterWith({PVCBuilder("pvc-a", "wait-sc").boundPV("pv-a"), PVCBuilder("pvc-b", "wait-sc")},
                           {PVBuilder("pv-a", "wait-sc").phase("Available").nodeAffinity({{"foo", {"bar"}}})})
            << ok << QList<Status> {Status(uu, QStringList {nodeConflict, bindConflict})};
        QTest::newRow("pv not found") << podWithClaims({"pvc-a"}) << QList<Node> {nodeA}
                                      << clusterWith({PVCBuilder("pvc-a", "wait-sc").boundPV("pv-a")}, {}) << ok
                                      << QList<Status> {Status(uu, pvNotExist)};
        QTest::newRow("pv not found claim lost")
            << podWithClaims({"pvc-a"}) << QList<Node> {nodeA}
            << clusterWith({PVCBuilder("pvc-a", "wait-sc").boundPV("pv-a").phase("Lost")}, {})
            << Status(uu, "persistentvolumeclaim \"pvc-a\" bound to non-existent persistentvolume \"pv-a\"") << QList<Status> {};
        // Upstream runs this one with VolumeCapacityPriority on for its scores; the filter verdicts do
        // not depend on the gate.
        const QList<PersistentVolume> localPVs = {
            PVBuilder("pv-a-0", "wait-sc").phase("Available").capacity("200Gi").nodeAffinity({{"kubernetes.io/hostname", {"node-a"}}}),
            PVBuilder("pv-a-1", "wait-sc").phase("Available").capacity("200Gi").nodeAffinity({{"kubernetes.io/hostname", {"node-a"}}}),
            PVBuilder("pv-b-0", "wait-sc").phase("Available").capacity("100Gi").nodeAffinity({{"kubernetes.io/hostname", {"node-b"}}}),
            PVBuilder("pv-b-1", "wait-sc").phase("Available").capacity("100Gi").nodeAffinity({{"kubernetes.io/hostname", {"node-b"}}}),
        };
        QTest::newRow("local volumes with close capacity are preferred")
            << podWithClaims({"pvc-a"})
            << QList<Node> {test::NodeBuilder("node-a"), test::NodeBuilder("node-b"), test::NodeBuilder("node-c")}
            << clusterWith({PVCBuilder("pvc-a", "wait-sc").request("50Gi")}, localPVs) << ok
            << QList<Status> {ok, ok, bindConflictStatus};
        const QList<PersistentVolume> zonalPVs = {
            PVBuilder("pv-a-0", "wait-sc").phase("Available").capacity("200Gi").nodeAffinity(
                {{"topology.kubernetes.io/region", {"region-a"}}, {"topology.kubernetes.io/zone", {"zone-a"}}}),
            PVBuilder("pv-a-1", "wait-sc").phase("Available").capacity("200Gi").nodeAffinity(
                {{"topology.kubernetes.io/region", {"region-a"}}, {"topology.kubernetes.io/zone", {"zone-a"}}}),
            PVBuilder("pv-b-0", "wait-sc").phase("Available").capacity("100Gi").nodeAffinity(
                {{"topology.kubernetes.io/region", {"region-b"}}, {"topology.kubernetes.io/zone", {"zone-b"}}}),
            PVBuilder("pv-b-1", "wait-sc").phase("Available").capacity("100Gi").nodeAffinity(
                {{"topology.kubernetes.io/region", {"region-b"}}, {"topology.kubernetes.io/zone", {"zone-b"}}}),
        };
        QTest::newRow("zonal volumes with close capacity are preferred")
            << podWithClaims({"pvc-a"})
            << QList<Node> {zonalNode("zone-a-node-a", "region-a", "zone-a"), zonalNode("zone-a-node-b", "region-a", "zone-a"),
                            zonalNode("zone-b-node-a", "region-b", "zone-b"), zonalNode("zone-b-node-b", "region-b", "zone-b"),
                            zonalNode("zone-c-node-a", "region-c", "zone-c"), zonalNode("zone-c-node-b", "region-c", "zone-c")}
            << clusterWith({PVCBuilder("pvc-a", "wait-sc").request("50Gi")}, zonalPVs) << ok
            << QList<Status> {ok, ok, ok, ok, bindConflictStatus, bindConflictStatus};

        // Derived: dynamic provisioning decides for claims without a matching PV.
        QList<StorageClass> provisioning = defaultClasses();
        StorageClass zonal = storageClass("zonal-sc", WFFC, "ebs.csi.aws.com");
        zonal.allowedTopologies = {{{QStringLiteral("topology.kubernetes.io/zone"), {QStringLiteral("zone-a")}}}};
        provisioning << storageClass("dynamic-sc", WFFC, "ebs.csi.aws.com") << zonal
                     << storageClass("none-sc", WFFC, "kubernetes.io/no-provisioner");
        QTest::newRow("provisioner without allowed topologies (derived)")
            << podWithClaims({"pvc-a"}) << QList<Node> {nodeA}
            << clusterWith({PVCBuilder("pvc-a", "dynamic-sc")}, {}, provisioning) << ok << QList<Status> {ok};
        QTest::newRow("allowed topologies (derived)")
            << podWithClaims({"pvc-a"})
            << QList<Node> {zonalNode("zone-a-node", "region-a", "zone-a"), zonalNode("zone-b-node", "region-b", "zone-b")}
            << clusterWith({PVCBuilder("pvc-a", "zonal-sc")}, {}, provisioning) << ok << QList<Status> {ok, bindConflictStatus};
        QTest::newRow("no-provisioner (derived)") << podWithClaims({"pvc-a"}) << QList<Node> {nodeA}
                                                  << clusterWith({PVCBuilder("pvc-a", "none-sc")}, {}, provisioning) << ok
                                                  << QList<Status> {bindConflictStatus};
        QTest::newRow("selected node set by an earlier cycle (derived)")
            << podWithClaims({"pvc-a"}) << QList<Node> {nodeA, test::NodeBuilder("node-b")}
            << clusterWith({PVCBuilder("pvc-a", "dynamic-sc").annotation("volume.kubernetes.io/selected-node", "node-b")}, {},
                           provisioning)
            << ok << QList<Status> {bindConflictStatus, ok};
        QTest::newRow("claim of a class that does not exist is immediate (derived)")
            << podWithClaims({"pvc-a"}) << QList<Node> {nodeA} << clusterWith({PVCBuilder("pvc-a", "missing-sc")}, {})
            << Status(uu, "pod has unbound immediate PersistentVolumeClaims") << QList<Status> {};
        PersistentVolumeClaim preBound = PVCBuilder("pvc-a", "wait-sc");
        preBound.volumeName = QStringLiteral("pv-a");
        QTest::newRow("pre-bound claim waits for the PV controller (derived)")
            << podWithClaims({"pvc-a"}) << QList<Node> {nodeA} << clusterWith({preBound}, {PVBuilder("pv-a", "wait-sc")})
            << Status(uu, "pod has unbound immediate PersistentVolumeClaims") << QList<Status> {};
        PersistentVolumeClaim deleting = PVCBuilder("pvc-a", "wait-sc").boundPV("pv-a");
        deleting.meta.deletionTimestampMs = 1;
        QTest::newRow("claim being deleted (derived)") << podWithClaims({"pvc-a"}) << QList<Node> {nodeA} << clusterWith({deleting}, {})
                                                       << Status(uu, "persistentvolumeclaim \"pvc-a\" is being deleted")
                                                       << QList<Status> {};
        PersistentVolumeClaim phaseBound = PVCBuilder("pvc-a", "wait-sc").phase("Bound");
        phaseBound.volumeName = QStringLiteral("pv-a");
        QTest::newRow("status.phase Bound counts as bound (derived)")
            << podWithClaims({"pvc-a"}) << QList<Node> {nodeA, test::NodeBuilder("node-b")}
            << clusterWith({phaseBound}, {PVBuilder("pv-a", "wait-sc").nodeAffinity({{"kubernetes.io/hostname", {"node-b"}}})}) << ok
            << QList<Status> {Status(uu, nodeConflict), ok};
        // CheckNodeAffinity matches against a node without a name, and nodeSelectorTerm.match skips
        // matchFields for a node without fields: a PV pinned by metadata.name fits every node.
        PersistentVolume byName = PVBuilder("pv-a", "wait-sc");
        byName.nodeAffinity = NodeSelector {{NodeSelectorTerm {{}, {{QStringLiteral("metadata.name"), SelectorOperator::In, {QStringLiteral("node-a")}}}}}};
        QTest::newRow("PV affinity by metadata.name is ignored (derived)")
            << podWithClaims({"pvc-a"}) << QList<Node> {nodeA, test::NodeBuilder("node-b")}
            << clusterWith({PVCBuilder("pvc-a", "wait-sc").boundPV("pv-a")}, {byName}) << ok << QList<Status> {ok, ok};

        // Derived: generic ephemeral volumes.
        Volume ephemeral;
        ephemeral.name = QStringLiteral("vol");
        ephemeral.type = QStringLiteral("ephemeral");
        ephemeral.claimName = QStringLiteral("pod-a-vol");
        const Pod ephemeralPod = test::PodBuilder("pod-a").volume(ephemeral);
        QTest::newRow("ephemeral claim not created yet (derived)")
            << ephemeralPod << QList<Node> {nodeA} << clusterWith({}, {})
            << Status(uu, "waiting for ephemeral volume controller to create the persistentvolumeclaim \"pod-a-vol\"")
            << QList<Status> {};
        QTest::newRow("ephemeral claim not owned by the pod (derived)")
            << ephemeralPod << QList<Node> {nodeA} << clusterWith({PVCBuilder("pod-a-vol", "wait-sc")}, {})
            << Status(uu, "PVC default/pod-a-vol was not created for pod default/pod-a (pod is not owner)") << QList<Status> {};
        PersistentVolumeClaim owned = PVCBuilder("pod-a-vol", "dynamic-sc");
        owned.meta.ownerReferences = {{QStringLiteral("v1"), QStringLiteral("Pod"), QStringLiteral("pod-a"), QStringLiteral("default/pod-a"), true}};
        QTest::newRow("ephemeral claim owned by the pod (derived)")
            << ephemeralPod << QList<Node> {nodeA} << clusterWith({owned}, {}, provisioning) << ok << QList<Status> {ok};
    }

    void volumeBinding()
    {
        QFETCH(Pod, pod);
        QFETCH(QList<Node>, nodes);
        QFETCH(ClusterState, cluster);
        QFETCH(Status, wantPreFilter);
        QFETCH(QList<Status>, wantFilter);

        Fixture fixture(nodes, cluster);
        framework::CycleState state;
        const auto& nodeInfos = fixture.handle.snapshot().nodeInfos();
        const framework::PreFilterOutcome preFilter = fixture.plugin.preFilter(state, pod, nodeInfos);
        QCOMPARE(framework::toString(preFilter.status.code()), framework::toString(wantPreFilter.code()));
        QCOMPARE(preFilter.status.reasons(), wantPreFilter.reasons());
        QVERIFY(preFilter.result.allNodes());
        if (!preFilter.status.isSuccess())
            return;

        QCOMPARE(nodeInfos.size(), wantFilter.size());
        for (qsizetype i = 0; i < nodeInfos.size(); ++i) {
            const Status status = fixture.plugin.filter(state, pod, *nodeInfos[i]);
            QCOMPARE(framework::toString(status.code()), framework::toString(wantFilter[i].code()));
            QCOMPARE(status.reasons(), wantFilter[i].reasons());
        }
        // VolumeCapacityPriority is off in v1.32: PreScore skips and Score is 0.
        QCOMPARE(framework::toString(fixture.plugin.preScore(state, pod, nodeInfos).code()), framework::toString(Code::Skip));
        for (const auto& nodeInfo : nodeInfos) {
            const framework::ScoreOutcome score = fixture.plugin.score(state, pod, *nodeInfo);
            QCOMPARE(score.score, 0);
            QVERIFY(score.status.isSuccess());
        }
    }

    // TestVolumeBinding from v1.33 (#129887): the table's rows with a PV node affinity conflict give
    // "node(s) didn't match PersistentVolume's node affinity", worded like NodeAffinity's reason.
    void volumeBindingFromV133_data() { volumeBinding_data(); }
    void volumeBindingFromV133()
    {
        QFETCH(Pod, pod);
        QFETCH(QList<Node>, nodes);
        QFETCH(ClusterState, cluster);
        QFETCH(Status, wantPreFilter);
        QFETCH(QList<Status>, wantFilter);
        for (const version::KubeVersion version : {version::v1_33, version::v1_37}) {
            Fixture fixture(nodes, cluster, version::defaultFeatures(version));
            framework::CycleState state;
            const auto& nodeInfos = fixture.handle.snapshot().nodeInfos();
            if (!fixture.plugin.preFilter(state, pod, nodeInfos).status.isSuccess())
                continue;
            for (qsizetype i = 0; i < nodeInfos.size(); ++i) {
                QStringList want = wantFilter[i].reasons();
                want.replaceInStrings(nodeConflict, VolumeBinder::ErrReasonNodeConflictV133);
                QCOMPARE(fixture.plugin.filter(state, pod, *nodeInfos[i]).reasons(), want);
            }
        }
    }

    // Derived: findMatchingVolumes takes the smallest fitting PV per claim, smallest claim first, and
    // never the same PV twice; Reserve assumes it and PreBind leaves it to the scheduling loop.
    void staticBindingDecisions()
    {
        PersistentVolumeClaim small = PVCBuilder("pvc-small", "wait-sc").request("10Gi");
        small.accessModes = {PersistentVolumeAccessMode::ReadWriteOnce};
        const QList<PersistentVolumeAccessMode> rwo {PersistentVolumeAccessMode::ReadWriteOnce};
        const ClusterState cluster = clusterWith(
            {PVCBuilder("pvc-big", "wait-sc").request("80Gi"), small},
            {PVBuilder("pv-100", "wait-sc").phase("Available").capacity("100Gi").accessModes(rwo),
             PVBuilder("pv-10-rwx", "wait-sc").phase("Available").capacity("10Gi").accessModes({PersistentVolumeAccessMode::ReadWriteMany}),
             PVBuilder("pv-20", "wait-sc").phase("Available").capacity("20Gi").accessModes(rwo),
             PVBuilder("pv-5", "wait-sc").phase("Available").capacity("5Gi").accessModes(rwo),
             PVBuilder("pv-15-released", "wait-sc").phase("Released").capacity("15Gi").accessModes(rwo)});
        Fixture fixture({test::NodeBuilder("node-a")}, cluster);
        const Pod pod = podWithClaims({"pvc-big", "pvc-small"});
        framework::CycleState state;
        QVERIFY(fixture.plugin.preFilter(state, pod, fixture.handle.snapshot().nodeInfos()).status.isSuccess());
        const framework::NodeInfo& nodeInfo = *fixture.handle.snapshot().nodeInfos().first();
        QVERIFY(fixture.plugin.filter(state, pod, nodeInfo).isSuccess());

        const auto* stateData = state.read<VolumeBinding::StateData>(VolumeBinding::stateKey);
        QVERIFY(stateData);
        const plugins::PodVolumes decisions = stateData->podVolumesByNode.value(QStringLiteral("node-a"));
        QCOMPARE(decisions.staticBindings.size(), 2);
        QCOMPARE(decisions.staticBindings[0].pvc.meta.name, QStringLiteral("pvc-small"));
        QCOMPARE(decisions.staticBindings[0].pv.meta.name, QStringLiteral("pv-20")); // RWX-only pv-10 lacks ReadWriteOnce
        QCOMPARE(decisions.staticBindings[1].pvc.meta.name, QStringLiteral("pvc-big"));
        QCOMPARE(decisions.staticBindings[1].pv.meta.name, QStringLiteral("pv-100"));
        QVERIFY(decisions.dynamicProvisions.isEmpty());
        QVERIFY(stateData->hasStaticBindings);

        QVERIFY(VolumeBinding::assumedPodVolumes(state) == nullptr);
        QVERIFY(fixture.plugin.reserve(state, pod, QStringLiteral("node-a")).isSuccess());
        const plugins::PodVolumes* assumed = VolumeBinding::assumedPodVolumes(state);
        QVERIFY(assumed);
        const PersistentVolume& pv = assumed->staticBindings[0].pv;
        QVERIFY(pv.claimRef.has_value());
        QCOMPARE(pv.claimRef->namespace_, QStringLiteral("default"));
        QCOMPARE(pv.claimRef->name, QStringLiteral("pvc-small"));
        QCOMPARE(pv.claimRef->uid, QStringLiteral("uid-pvc-small"));
        QCOMPARE(pv.meta.annotations.value(QStringLiteral("pv.kubernetes.io/bound-by-controller")), QStringLiteral("yes"));
        QVERIFY(fixture.plugin.preBind(state, pod, QStringLiteral("node-a")).isSuccess());

        fixture.plugin.unreserve(state, pod, QStringLiteral("node-a"));
        QVERIFY(VolumeBinding::assumedPodVolumes(state) == nullptr);
    }

    // Derived: Reserve marks claims to provision with the node; PreBind needs Filter's decisions.
    void provisioningAndPreBind()
    {
        QList<StorageClass> classes = defaultClasses();
        classes << storageClass("dynamic-sc", WFFC, "ebs.csi.aws.com");
        Fixture fixture({test::NodeBuilder("node-a")}, clusterWith({PVCBuilder("pvc-a", "dynamic-sc").request("1Gi")}, {}, classes));
        const Pod pod = podWithClaims({"pvc-a"});
        framework::CycleState state;
        QVERIFY(fixture.plugin.preFilter(state, pod, fixture.handle.snapshot().nodeInfos()).status.isSuccess());
        QVERIFY(fixture.plugin.filter(state, pod, *fixture.handle.snapshot().nodeInfos().first()).isSuccess());

        const Status noDecisions = fixture.plugin.preBind(state, pod, QStringLiteral("node-x"));
        QCOMPARE(framework::toString(noDecisions.code()), framework::toString(Code::Error));
        QCOMPARE(noDecisions.reasons(), QStringList {"no pod volumes found for node \"node-x\""});

        QVERIFY(fixture.plugin.reserve(state, pod, QStringLiteral("node-a")).isSuccess());
        const plugins::PodVolumes* assumed = VolumeBinding::assumedPodVolumes(state);
        QVERIFY(assumed);
        QVERIFY(assumed->staticBindings.isEmpty());
        QCOMPARE(assumed->dynamicProvisions.size(), 1);
        QCOMPARE(assumed->dynamicProvisions[0].meta.annotations.value(QStringLiteral("volume.kubernetes.io/selected-node")),
                 QStringLiteral("node-a"));
        QVERIFY(fixture.plugin.preBind(state, pod, QStringLiteral("node-a")).isSuccess());
    }

    // Derived: with every claim bound, Reserve assumes nothing and PreBind has nothing to do; without
    // PreFilter's state the extension points report upstream's error.
    void allBoundAndMissingState()
    {
        Fixture fixture({test::NodeBuilder("node-a")},
                        clusterWith({PVCBuilder("pvc-a", "wait-sc").boundPV("pv-a")}, {PVBuilder("pv-a", "wait-sc")}));
        const Pod pod = podWithClaims({"pvc-a"});
        framework::CycleState state;
        QVERIFY(fixture.plugin.preFilter(state, pod, fixture.handle.snapshot().nodeInfos()).status.isSuccess());
        QVERIFY(fixture.plugin.filter(state, pod, *fixture.handle.snapshot().nodeInfos().first()).isSuccess());
        QVERIFY(fixture.plugin.reserve(state, pod, QStringLiteral("node-a")).isSuccess());
        QVERIFY(VolumeBinding::assumedPodVolumes(state) == nullptr);
        QVERIFY(fixture.plugin.preBind(state, pod, QStringLiteral("node-other")).isSuccess());

        // A pod without claims: PreFilter skips but leaves state for Reserve and PreBind.
        framework::CycleState noClaims;
        const Pod plain = test::PodBuilder("plain");
        QCOMPARE(framework::toString(fixture.plugin.preFilter(noClaims, plain, fixture.handle.snapshot().nodeInfos()).status.code()), framework::toString(Code::Skip));
        QVERIFY(fixture.plugin.reserve(noClaims, plain, QStringLiteral("node-a")).isSuccess());
        QVERIFY(fixture.plugin.preBind(noClaims, plain, QStringLiteral("node-a")).isSuccess());

        framework::CycleState empty;
        const Status missing = fixture.plugin.filter(empty, pod, *fixture.handle.snapshot().nodeInfos().first());
        QCOMPARE(framework::toString(missing.code()), framework::toString(Code::Error));
        QCOMPARE(missing.reasons(), QStringList {"not found"});
        QCOMPARE(framework::toString(fixture.plugin.reserve(empty, pod, QStringLiteral("node-a")).code()), framework::toString(Code::Error));
        fixture.plugin.unreserve(empty, pod, QStringLiteral("node-a")); // a no-op
    }

    // Derived: MatchTopologySelectorTerms.
    void topologySelectorTerms_data()
    {
        QTest::addColumn<QList<QList<TopologySelectorRequirement>>>("terms");
        QTest::addColumn<bool>("matches");
        const TopologySelectorRequirement zoneA {QStringLiteral("zone"), {QStringLiteral("a")}};
        const TopologySelectorRequirement zoneB {QStringLiteral("zone"), {QStringLiteral("b")}};
        const TopologySelectorRequirement noValues {QStringLiteral("zone"), {}};
        QTest::newRow("no terms match every node") << QList<QList<TopologySelectorRequirement>> {} << true;
        QTest::newRow("an empty term matches nothing") << QList<QList<TopologySelectorRequirement>> {{}} << false;
        QTest::newRow("terms are ORed") << QList<QList<TopologySelectorRequirement>> {{zoneB}, {zoneA}} << true;
        QTest::newRow("requirements are ANDed") << QList<QList<TopologySelectorRequirement>> {{zoneA, zoneB}} << false;
        QTest::newRow("a requirement without values is invalid") << QList<QList<TopologySelectorRequirement>> {{noValues}} << false;
    }

    void topologySelectorTerms()
    {
        QFETCH(QList<QList<TopologySelectorRequirement>>, terms);
        QFETCH(bool, matches);
        QCOMPARE(VolumeBinder::matchTopologySelectorTerms(terms, Labels {{QStringLiteral("zone"), QStringLiteral("a")}}), matches);
    }
};

QTEST_GUILESS_MAIN(TestVolumeBinding)
#include "tst_volumebinding.moc"
