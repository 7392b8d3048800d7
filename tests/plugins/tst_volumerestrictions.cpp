// VolumeRestrictions: upstream's TestGCEDiskConflicts, TestAWSDiskConflicts, TestRBDDiskConflicts,
// TestISCSIDiskConflicts and TestAccessModeConflicts
// (pkg/scheduler/framework/plugins/volumerestrictions/volume_restrictions_test.go), plus derived rows
// (marked "derived") for read-only mounts and the PreFilter extensions.
#include "plugins/volumerestrictions.h"

#include "builders.h"
#include "testhandle.h"

#include <QTest>

using namespace ksv;
using framework::Code;
using plugins::VolumeRestrictions;

namespace {

Volume gcePD(const char* pdName, bool readOnly = false)
{
    Volume volume;
    volume.name = QStringLiteral("gce");
    volume.type = QStringLiteral("gcePersistentDisk");
    volume.gcePdName = QString::fromLatin1(pdName);
    volume.readOnly = readOnly;
    return volume;
}

Volume awsEBS(const char* volumeID, bool readOnly = false)
{
    Volume volume;
    volume.name = QStringLiteral("ebs");
    volume.type = QStringLiteral("awsElasticBlockStore");
    volume.awsVolumeID = QString::fromLatin1(volumeID);
    volume.readOnly = readOnly;
    return volume;
}

Volume rbd(const QStringList& monitors, const char* pool, const char* image, bool readOnly = false)
{
    Volume volume;
    volume.name = QStringLiteral("rbd");
    volume.type = QStringLiteral("rbd");
    volume.rbdMonitors = monitors;
    volume.rbdPool = QString::fromLatin1(pool);
    volume.rbdImage = QString::fromLatin1(image);
    volume.readOnly = readOnly;
    return volume;
}

Volume iscsi(const char* iqn, bool readOnly = false)
{
    Volume volume;
    volume.name = QStringLiteral("iscsi");
    volume.type = QStringLiteral("iscsi");
    volume.iscsiTargetPortal = QStringLiteral("127.0.0.1:3260");
    volume.iscsiIqn = QString::fromLatin1(iqn);
    volume.readOnly = readOnly;
    return volume;
}

Volume claimVolume(const char* claimName)
{
    Volume volume;
    volume.name = QString::fromLatin1(claimName);
    volume.type = QStringLiteral("persistentVolumeClaim");
    volume.claimName = QString::fromLatin1(claimName);
    return volume;
}

Volume volumeWithNoRestriction()
{
    Volume volume;
    volume.name = QStringLiteral("volume-with-no-restriction");
    volume.type = QStringLiteral("emptyDir");
    return volume;
}

Pod podWith(const char* name, const QList<Volume>& volumes, const char* nodeName = nullptr)
{
    test::PodBuilder builder(name);
    if (nodeName)
        builder.node(nodeName);
    for (const auto& volume : volumes)
        builder.volume(volume);
    return builder;
}

PersistentVolumeClaim claim(const char* name, PersistentVolumeAccessMode mode)
{
    PersistentVolumeClaim pvc;
    pvc.meta.name = QString::fromLatin1(name);
    pvc.meta.namespace_ = QStringLiteral("default");
    pvc.accessModes = {mode};
    return pvc;
}

const QString diskConflict = VolumeRestrictions::ErrReasonDiskConflict;
const QString rwopConflict = VolumeRestrictions::ErrReasonReadWriteOncePodConflict;

} // namespace

class TestVolumeRestrictions : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void preFilterAndFilter_data()
    {
        QTest::addColumn<Pod>("pod");
        QTest::addColumn<QList<Pod>>("existingPods"); // on node-1
        QTest::addColumn<QList<PersistentVolumeClaim>>("pvcs");
        QTest::addColumn<Code>("preFilterCode");
        QTest::addColumn<QStringList>("preFilterReasons");
        QTest::addColumn<Code>("filterCode");
        QTest::addColumn<QStringList>("filterReasons");

        const Code ok = Code::Success;
        const Code skip = Code::Skip;
        const Code u = Code::Unschedulable;
        const QList<PersistentVolumeClaim> noClaims;

        // TestGCEDiskConflicts.
        QTest::newRow("gce: nothing") << podWith("pod", {}) << QList<Pod> {} << noClaims << skip << QStringList {} << ok
                                      << QStringList {};
        QTest::newRow("gce: one state") << podWith("pod", {}) << QList<Pod> {podWith("existing", {gcePD("foo")}, "node-1")}
                                        << noClaims << skip << QStringList {} << ok << QStringList {};
        QTest::newRow("gce: pod with a volume that doesn't need restrictions")
            << podWith("pod", {volumeWithNoRestriction()}) << QList<Pod> {} << noClaims << skip << QStringList {} << ok
            << QStringList {};
        QTest::newRow("gce: same state") << podWith("pod", {gcePD("foo")})
                                         << QList<Pod> {podWith("existing", {gcePD("foo")}, "node-1")} << noClaims << ok
                                         << QStringList {} << u << QStringList {diskConflict};
        QTest::newRow("gce: different state") << podWith("pod", {gcePD("bar")})
                                              << QList<Pod> {podWith("existing", {gcePD("foo")}, "node-1")} << noClaims << ok
                                              << QStringList {} << ok << QStringList {};
        QTest::newRow("gce: both read-only (derived)") << podWith("pod", {gcePD("foo", true)})
                                                       << QList<Pod> {podWith("existing", {gcePD("foo", true)}, "node-1")}
                                                       << noClaims << ok << QStringList {} << ok << QStringList {};
        QTest::newRow("gce: one read-only (derived)") << podWith("pod", {gcePD("foo", true)})
                                                      << QList<Pod> {podWith("existing", {gcePD("foo")}, "node-1")}
                                                      << noClaims << ok << QStringList {} << u << QStringList {diskConflict};

        // TestAWSDiskConflicts.
        QTest::newRow("aws: same state") << podWith("pod", {awsEBS("foo")})
                                         << QList<Pod> {podWith("existing", {awsEBS("foo")}, "node-1")} << noClaims << ok
                                         << QStringList {} << u << QStringList {diskConflict};
        QTest::newRow("aws: different state") << podWith("pod", {awsEBS("bar")})
                                              << QList<Pod> {podWith("existing", {awsEBS("foo")}, "node-1")} << noClaims << ok
                                              << QStringList {} << ok << QStringList {};
        QTest::newRow("aws: both read-only still conflict (derived)")
            << podWith("pod", {awsEBS("foo", true)}) << QList<Pod> {podWith("existing", {awsEBS("foo", true)}, "node-1")}
            << noClaims << ok << QStringList {} << u << QStringList {diskConflict};

        // TestRBDDiskConflicts.
        QTest::newRow("rbd: same state") << podWith("pod", {rbd({"a", "b"}, "foo", "bar")})
                                         << QList<Pod> {podWith("existing", {rbd({"a", "b"}, "foo", "bar")}, "node-1")}
                                         << noClaims << ok << QStringList {} << u << QStringList {diskConflict};
        QTest::newRow("rbd: different state") << podWith("pod", {rbd({"c", "d"}, "foo", "bar")})
                                              << QList<Pod> {podWith("existing", {rbd({"a", "b"}, "foo", "bar")}, "node-1")}
                                              << noClaims << ok << QStringList {} << ok << QStringList {};
        QTest::newRow("rbd: one shared monitor (derived)")
            << podWith("pod", {rbd({"c", "a"}, "foo", "bar")})
            << QList<Pod> {podWith("existing", {rbd({"a", "b"}, "foo", "bar")}, "node-1")} << noClaims << ok << QStringList {}
            << u << QStringList {diskConflict};
        QTest::newRow("rbd: other pool (derived)") << podWith("pod", {rbd({"a", "b"}, "foo2", "bar")})
                                                   << QList<Pod> {podWith("existing", {rbd({"a", "b"}, "foo", "bar")}, "node-1")}
                                                   << noClaims << ok << QStringList {} << ok << QStringList {};

        // TestISCSIDiskConflicts.
        QTest::newRow("iscsi: same state") << podWith("pod", {iscsi("iqn.2016-12.server:storage.target01")})
                                           << QList<Pod> {podWith("existing", {iscsi("iqn.2016-12.server:storage.target01")}, "node-1")}
                                           << noClaims << ok << QStringList {} << u << QStringList {diskConflict};
        QTest::newRow("iscsi: different state")
            << podWith("pod", {iscsi("iqn.2017-12.server:storage.target01")})
            << QList<Pod> {podWith("existing", {iscsi("iqn.2016-12.server:storage.target01")}, "node-1")} << noClaims << ok
            << QStringList {} << ok << QStringList {};
        QTest::newRow("iscsi: both read-only (derived)")
            << podWith("pod", {iscsi("iqn.2016-12.server:storage.target01", true)})
            << QList<Pod> {podWith("existing", {iscsi("iqn.2016-12.server:storage.target01", true)}, "node-1")} << noClaims
            << ok << QStringList {} << ok << QStringList {};

        // TestAccessModeConflicts.
        const PersistentVolumeClaim rwop = claim("claim-with-rwop", PersistentVolumeAccessMode::ReadWriteOncePod);
        const PersistentVolumeClaim rwx = claim("claim-with-rwx", PersistentVolumeAccessMode::ReadWriteMany);
        const Pod podWithOnePVC = podWith("pod-with-one-pvc", {claimVolume("claim-with-rwop")}, "node-1");
        const Pod podWithReadWriteManyPVC = podWith("pod-with-rwx", {claimVolume("claim-with-rwx")}, "node-1");
        const Pod podWithOneConflict = podWith("pod-with-one-conflict", {claimVolume("claim-with-rwop")});
        const Pod podWithTwoConflicts =
            podWith("pod-with-two-conflicts", {claimVolume("claim-with-rwop"), claimVolume("claim-with-rwx")});
        QTest::newRow("rwop: nothing") << Pod(test::PodBuilder("pod")) << QList<Pod> {} << noClaims << skip << QStringList {}
                                       << ok << QStringList {};
        QTest::newRow("rwop: failed to get PVC")
            << podWithOneConflict << QList<Pod> {} << noClaims << Code::UnschedulableAndUnresolvable
            << QStringList {"persistentvolumeclaim \"claim-with-rwop\" not found"} << ok << QStringList {};
        QTest::newRow("rwop: no access mode conflict")
            << podWithOneConflict << QList<Pod> {podWithReadWriteManyPVC} << QList<PersistentVolumeClaim> {rwop, rwx} << skip
            << QStringList {} << ok << QStringList {};
        QTest::newRow("rwop: access mode conflict, unscheduled")
            << podWithOneConflict << QList<Pod> {podWithOnePVC, podWithReadWriteManyPVC}
            << QList<PersistentVolumeClaim> {rwop, rwx} << ok << QStringList {} << u << QStringList {rwopConflict};
        QTest::newRow("rwop: two conflicts, unscheduled")
            << podWithTwoConflicts << QList<Pod> {podWithOnePVC, podWithReadWriteManyPVC}
            << QList<PersistentVolumeClaim> {rwop, rwx} << ok << QStringList {} << u << QStringList {rwopConflict};
        QTest::newRow("rwop: disk conflict reported before the claim conflict (derived)")
            << podWith("pod", {claimVolume("claim-with-rwop"), gcePD("foo")})
            << QList<Pod> {podWith("existing", {claimVolume("claim-with-rwop"), gcePD("foo")}, "node-1")}
            << QList<PersistentVolumeClaim> {rwop} << ok << QStringList {} << u << QStringList {diskConflict};
    }

    void preFilterAndFilter()
    {
        QFETCH(Pod, pod);
        QFETCH(QList<Pod>, existingPods);
        QFETCH(QList<PersistentVolumeClaim>, pvcs);
        QFETCH(Code, preFilterCode);
        QFETCH(QStringList, preFilterReasons);
        QFETCH(Code, filterCode);
        QFETCH(QStringList, filterReasons);

        ClusterState cluster;
        cluster.persistentVolumeClaims = pvcs;
        test::TestHandle handle({test::NodeBuilder("node-1")}, existingPods, cluster);
        VolumeRestrictions plugin(handle);
        framework::CycleState state;
        const framework::PreFilterOutcome preFilter = plugin.preFilter(state, pod, handle.snapshot().nodeInfos());
        QCOMPARE(framework::toString(preFilter.status.code()), framework::toString(preFilterCode));
        QCOMPARE(preFilter.status.reasons(), preFilterReasons);
        QVERIFY(preFilter.result.allNodes());
        // The framework runs Filter only after a successful PreFilter.
        if (!preFilter.status.isSuccess())
            return;
        const framework::Status status = plugin.filter(state, pod, *handle.snapshot().get(QStringLiteral("node-1")));
        QCOMPARE(framework::toString(status.code()), framework::toString(filterCode));
        QCOMPARE(status.reasons(), filterReasons);
    }

    // Derived: AddPod and RemovePod move the ReadWriteOncePod count, as preemption's dry runs need.
    void preFilterExtensions()
    {
        ClusterState cluster;
        cluster.persistentVolumeClaims = {claim("claim-with-rwop", PersistentVolumeAccessMode::ReadWriteOncePod)};
        test::TestHandle handle({test::NodeBuilder("node-1")}, {}, cluster);
        VolumeRestrictions plugin(handle);
        // A disk volume keeps PreFilter from skipping although no pod uses the claim yet.
        const Pod pod = podWith("pod", {claimVolume("claim-with-rwop"), gcePD("foo")});
        framework::CycleState state;
        QCOMPARE(framework::toString(plugin.preFilter(state, pod, handle.snapshot().nodeInfos()).status.code()), framework::toString(Code::Success));
        const framework::NodeInfo& nodeInfo = *handle.snapshot().get(QStringLiteral("node-1"));
        QCOMPARE(framework::toString(plugin.filter(state, pod, nodeInfo).code()), framework::toString(Code::Success));

        const auto other = framework::PodInfo::create(podWith("other", {claimVolume("claim-with-rwop")}, "node-1"));
        QVERIFY(plugin.preFilterExtensions()->addPod(state, pod, other, nodeInfo).isSuccess());
        const framework::Status afterAdd = plugin.filter(state, pod, nodeInfo);
        QCOMPARE(framework::toString(afterAdd.code()), framework::toString(Code::Unschedulable));
        QCOMPARE(afterAdd.reasons(), QStringList {rwopConflict});
        QVERIFY(plugin.preFilterExtensions()->removePod(state, pod, other, nodeInfo).isSuccess());
        QCOMPARE(framework::toString(plugin.filter(state, pod, nodeInfo).code()), framework::toString(Code::Success));

        // Without PreFilter's state the extensions and Filter report an error.
        framework::CycleState empty;
        const framework::Status missing = plugin.preFilterExtensions()->addPod(empty, pod, other, nodeInfo);
        QCOMPARE(framework::toString(missing.code()), framework::toString(Code::Error));
        QCOMPARE(missing.reasons(), QStringList {"cannot read \"PreFilterVolumeRestrictions\" from cycleState"});
    }
};

QTEST_GUILESS_MAIN(TestVolumeRestrictions)
#include "tst_volumerestrictions.moc"
