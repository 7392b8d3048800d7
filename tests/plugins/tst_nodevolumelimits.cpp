// NodeVolumeLimits: upstream's TestCSILimits (pkg/scheduler/framework/plugins/nodevolumelimits/
// csi_test.go) with its fixtures (getFakeCSIPVLister, getFakeCSIPVCLister, getNodeWithPodAndVolumeLimits).
// Rows are "adapted" where the model differs: PersistentVolumes with in-tree sources (AWS EBS PVs)
// are not modelled, so those existing pods are replaced by CSI ones of the same driver; and the
// informer lister's NotFound text is singular where upstream's fake lister prints a plural. The
// VolumeAttachment rows belong to v1.33. Rows marked "derived" are ours.
#include "plugins/nodevolumelimits.h"

#include "builders.h"
#include "testhandle.h"

#include <QCryptographicHash>
#include <QTest>

using namespace ksv;
using framework::Code;
using plugins::NodeVolumeLimits;

namespace {

const char* const ebs = "ebs.csi.aws.com";
const char* const gce = "pd.csi.storage.gke.io";
const char* const awsInTree = "kubernetes.io/aws-ebs";
const QString nodeName = QStringLiteral("node-for-max-pd-test-1");
const QString exceeded = NodeVolumeLimits::ErrReasonMaxVolumeCountExceeded;

Volume claimVolume(const QString& claimName)
{
    Volume volume;
    volume.name = claimName;
    volume.type = QStringLiteral("persistentVolumeClaim");
    volume.claimName = claimName;
    return volume;
}

Volume typedVolume(const char* type)
{
    Volume volume;
    volume.name = QString::fromLatin1(type);
    volume.type = QString::fromLatin1(type);
    return volume;
}

Volume awsInline(const char* volumeID)
{
    Volume volume = typedVolume("awsElasticBlockStore");
    volume.awsVolumeID = QString::fromLatin1(volumeID);
    return volume;
}

// st.MakePod().PVC(...)...: a pod in "default" using these claims.
Pod podWithClaims(const char* name, const QStringList& claims, const QList<Volume>& others = {})
{
    test::PodBuilder builder(name);
    for (const auto& volume : others)
        builder.volume(volume);
    for (const auto& claimName : claims)
        builder.volume(claimVolume(claimName));
    return builder;
}

// A pod "abc" in "test" with generic ephemeral volumes, backed by the claims "abc-<volume>".
Pod ephemeralPod(const char* uid, const QStringList& volumeNames, const QList<Volume>& others = {})
{
    test::PodBuilder builder("abc", "test");
    builder.uid(uid);
    for (const auto& volume : others)
        builder.volume(volume);
    for (const auto& volumeName : volumeNames) {
        Volume volume;
        volume.name = volumeName;
        volume.type = QStringLiteral("ephemeral");
        volume.claimName = QStringLiteral("abc-") + volumeName;
        builder.volume(volume);
    }
    return builder;
}

PersistentVolumeClaim ephemeralClaim(const char* volumeName, const char* ownerUid)
{
    PersistentVolumeClaim claim;
    claim.meta.namespace_ = QStringLiteral("test");
    claim.meta.name = QStringLiteral("abc-") + QString::fromLatin1(volumeName);
    if (ownerUid)
        claim.meta.ownerReferences = {{QStringLiteral("v1"), QStringLiteral("Pod"), QStringLiteral("abc"), QString::fromLatin1(ownerUid), true}};
    claim.hasStorageClassName = true;
    claim.storageClassName = QStringLiteral("csi-sc");
    return claim;
}

PersistentVolumeClaim claim(const QString& name, const QString& volumeName, bool withClass)
{
    PersistentVolumeClaim pvc;
    pvc.meta.name = name;
    pvc.meta.namespace_ = QStringLiteral("default");
    pvc.volumeName = volumeName;
    pvc.hasStorageClassName = withClass;
    pvc.storageClassName = withClass ? QStringLiteral("csi-sc") : QString();
    return pvc;
}

// getFakeCSIPVLister / getFakeCSIPVCLister / getFakeCSIStorageClassLister: four bound CSI volumes
// per driver, "csi-4" unbound with the class, "csi-5" unbound without one, "csi-6" bound to a PV
// that does not exist; the class provisions with the first driver.
ClusterState fixture(const QStringList& driverNames, const QList<PersistentVolumeClaim>& extraClaims)
{
    ClusterState cluster;
    for (const auto& driver : driverNames) {
        if (driver.startsWith(QLatin1String("kubernetes.io/")))
            continue; // in-tree PV sources are not modelled
        for (int j = 0; j < 4; ++j) {
            const QString name = QStringLiteral("csi-") + driver + QLatin1Char('-') + QString::number(j);
            PersistentVolume pv;
            pv.meta.name = name;
            pv.csiDriver = driver;
            pv.csiVolumeHandle = name;
            cluster.persistentVolumes.append(pv);
            cluster.persistentVolumeClaims.append(claim(name, name, false));
        }
    }
    cluster.persistentVolumeClaims.append(claim(QStringLiteral("csi-4"), {}, true));
    cluster.persistentVolumeClaims.append(claim(QStringLiteral("csi-5"), {}, false));
    cluster.persistentVolumeClaims.append(claim(QStringLiteral("csi-6"), QStringLiteral("missing-in-action"), true));
    cluster.persistentVolumeClaims.append(extraClaims);
    StorageClass storageClass;
    storageClass.meta.name = QStringLiteral("csi-sc");
    storageClass.provisioner = driverNames.value(0);
    cluster.storageClasses = {storageClass};
    return cluster;
}

} // namespace

class TestNodeVolumeLimits : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void csiLimits_data()
    {
        QTest::addColumn<Pod>("newPod");
        QTest::addColumn<QList<Pod>>("existingPods");
        QTest::addColumn<QList<PersistentVolumeClaim>>("extraClaims");
        QTest::addColumn<int>("maxVols");
        QTest::addColumn<QStringList>("driverNames");
        QTest::addColumn<QString>("limitSource"); // node, csinode, both, csinode-with-no-limit, no-csi-driver, ""
        QTest::addColumn<Code>("preFilterCode");
        QTest::addColumn<Code>("filterCode");
        QTest::addColumn<QStringList>("filterReasons");

        const Code ok = Code::Success;
        const Code u = Code::Unschedulable;
        const QList<PersistentVolumeClaim> noClaims;
        const QStringList ebsOnly {ebs};

        const Pod runningPod = podWithClaims("running", {"csi-ebs.csi.aws.com-3"});
        const Pod pendingVolumePod = podWithClaims("pending", {"csi-4"});
        const Pod unboundPVCPod2 = podWithClaims("pending-2", {"csi-4"});
        const Pod missingPVPod = podWithClaims("missing-pv", {"csi-6"});
        const Pod noSCPVCPod = podWithClaims("no-sc", {"csi-5"});
        const Pod gceTwoVolPod = podWithClaims("gce-two", {"csi-pd.csi.storage.gke.io-1", "csi-pd.csi.storage.gke.io-2"});
        const Pod csiEBSOneVolPod = podWithClaims("ebs-one", {"csi-ebs.csi.aws.com-0"});
        const Pod csiEBSTwoVolPod = podWithClaims("ebs-two", {"csi-ebs.csi.aws.com-1", "csi-ebs.csi.aws.com-2"});
        const Pod inTreeInlineVolPod = podWithClaims("inline", {}, {awsInline("aws-inline1")});
        const Pod inTreeInlineVolPodWithSameCSIVolumeID = podWithClaims("inline-same", {}, {awsInline("csi-ebs.csi.aws.com-1")});
        const Pod ephemeralVolumePod = ephemeralPod("12345", {"xyz"});
        const Pod ephemeralTwoVolumePod = ephemeralPod("12345II", {"x", "y"});
        const Pod onlyConfigmapAndSecret = podWithClaims("cm", {}, {typedVolume("configMap"), typedVolume("secret")});
        const Pod pvcPodWithConfigmapAndSecret =
            podWithClaims("cm-pvc", {"csi-ebs.csi.aws.com-0"}, {typedVolume("configMap"), typedVolume("secret")});
        const Pod ephemeralPodWithConfigmapAndSecret = ephemeralPod("", {"xyz"}, {typedVolume("configMap"), typedVolume("secret")});
        const Pod inlineMigratableWithConfigmapAndSecret =
            podWithClaims("cm-inline", {}, {typedVolume("configMap"), typedVolume("secret"), awsInline("aws-inline1")});
        const PersistentVolumeClaim owned = ephemeralClaim("xyz", "12345");
        const PersistentVolumeClaim conflicting = ephemeralClaim("xyz", nullptr);

        QTest::newRow("fits when node volume limit >= new pods CSI volume")
            << csiEBSOneVolPod << QList<Pod> {runningPod, csiEBSTwoVolPod} << noClaims << 4 << ebsOnly << "csinode" << ok << ok
            << QStringList {};
        QTest::newRow("doesn't when node volume limit <= pods CSI volume")
            << csiEBSOneVolPod << QList<Pod> {runningPod, csiEBSTwoVolPod} << noClaims << 2 << ebsOnly << "csinode" << ok << u
            << QStringList {exceeded};
        QTest::newRow("should when driver does not support volume limits")
            << csiEBSOneVolPod << QList<Pod> {runningPod, csiEBSTwoVolPod} << noClaims << 2 << ebsOnly << "csinode-with-no-limit"
            << ok << ok << QStringList {};
        QTest::newRow("count pending PVCs towards volume limit <= pods CSI volume")
            << csiEBSOneVolPod << QList<Pod> {pendingVolumePod, csiEBSTwoVolPod} << noClaims << 2 << ebsOnly << "csinode" << ok << u
            << QStringList {exceeded};
        QTest::newRow("count multiple pending pvcs towards volume limit >= pods CSI volume")
            << csiEBSOneVolPod << QList<Pod> {pendingVolumePod, unboundPVCPod2, csiEBSTwoVolPod} << noClaims << 4 << ebsOnly
            << "csinode" << ok << ok << QStringList {};
        QTest::newRow("should count PVCs with invalid PV name but valid SC")
            << csiEBSOneVolPod << QList<Pod> {missingPVPod, csiEBSTwoVolPod} << noClaims << 2 << ebsOnly << "csinode" << ok << u
            << QStringList {exceeded};
        QTest::newRow("don't count pvcs with missing SC towards volume limit")
            << csiEBSOneVolPod << QList<Pod> {runningPod, noSCPVCPod} << noClaims << 2 << ebsOnly << "csinode" << ok << ok
            << QStringList {};
        QTest::newRow("count pvcs with the same type towards volume limit")
            << csiEBSOneVolPod << QList<Pod> {gceTwoVolPod, csiEBSTwoVolPod} << noClaims << 2 << QStringList {ebs, gce} << "csinode"
            << ok << u << QStringList {exceeded};
        QTest::newRow("don't count pvcs with different type towards volume limit")
            << gceTwoVolPod << QList<Pod> {csiEBSTwoVolPod, runningPod} << noClaims << 2 << QStringList {ebs, gce} << "csinode" << ok
            << ok << QStringList {};
        QTest::newRow("nil csi node (adapted)") << inTreeInlineVolPod << QList<Pod> {csiEBSTwoVolPod} << noClaims << 0
                                                << QStringList {awsInTree, ebs} << "" << ok << ok << QStringList {};
        QTest::newRow("should count unbound in-tree volumes if migration is enabled (adapted)")
            << pendingVolumePod << QList<Pod> {csiEBSTwoVolPod} << noClaims << 2 << QStringList {awsInTree, ebs} << "csinode" << ok
            << u << QStringList {exceeded};
        QTest::newRow("should count in-tree inline volumes if migration is enabled (adapted)")
            << inTreeInlineVolPod << QList<Pod> {csiEBSTwoVolPod} << noClaims << 2 << QStringList {awsInTree, ebs} << "csinode"
            << ok << u << QStringList {exceeded};
        QTest::newRow("should not count in-tree, inline and csi volumes twice (adapted)")
            << inTreeInlineVolPodWithSameCSIVolumeID << QList<Pod> {csiEBSTwoVolPod} << noClaims << 2
            << QStringList {awsInTree, ebs} << "csinode" << ok << ok << QStringList {};
        QTest::newRow("ephemeral volume missing (adapted)")
            << ephemeralVolumePod << QList<Pod> {} << noClaims << 0 << ebsOnly << "csinode-with-no-limit" << ok
            << Code::UnschedulableAndUnresolvable
            << QStringList {"looking up PVC test/abc-xyz: persistentvolumeclaim \"abc-xyz\" not found"};
        QTest::newRow("ephemeral volume not owned")
            << ephemeralVolumePod << QList<Pod> {} << QList<PersistentVolumeClaim> {conflicting} << 0 << ebsOnly
            << "csinode-with-no-limit" << ok << Code::Error
            << QStringList {"PVC test/abc-xyz was not created for pod test/abc (pod is not owner)"};
        QTest::newRow("ephemeral volume unbound") << ephemeralVolumePod << QList<Pod> {} << QList<PersistentVolumeClaim> {owned} << 0
                                                  << ebsOnly << "csinode-with-no-limit" << ok << ok << QStringList {};
        QTest::newRow("ephemeral doesn't when node volume limit <= pods CSI volume")
            << ephemeralVolumePod << QList<Pod> {runningPod, csiEBSTwoVolPod} << QList<PersistentVolumeClaim> {owned} << 2 << ebsOnly
            << "csinode" << ok << u << QStringList {exceeded};
        QTest::newRow("ephemeral doesn't when node volume limit <= pods ephemeral CSI volume")
            << csiEBSOneVolPod << QList<Pod> {runningPod, ephemeralTwoVolumePod}
            << QList<PersistentVolumeClaim> {ephemeralClaim("x", "12345II"), ephemeralClaim("y", "12345II")} << 2 << ebsOnly
            << "csinode" << ok << u << QStringList {exceeded};
        QTest::newRow("persistent doesn't when node volume limit <= pods ephemeral CSI volume + persistent volume")
            << csiEBSOneVolPod << QList<Pod> {runningPod, ephemeralVolumePod, csiEBSTwoVolPod}
            << QList<PersistentVolumeClaim> {owned} << 3 << ebsOnly << "csinode" << ok << u << QStringList {exceeded};
        QTest::newRow("persistent okay when node volume limit > pods ephemeral CSI volume + persistent volume")
            << csiEBSOneVolPod << QList<Pod> {runningPod, ephemeralVolumePod, csiEBSTwoVolPod}
            << QList<PersistentVolumeClaim> {owned} << 5 << ebsOnly << "csinode" << ok << ok << QStringList {};
        QTest::newRow("skip Filter when the pod only uses secrets and configmaps")
            << onlyConfigmapAndSecret << QList<Pod> {} << noClaims << 2 << ebsOnly << "csinode" << Code::Skip << ok << QStringList {};
        QTest::newRow("don't skip Filter when the pod has pvcs") << pvcPodWithConfigmapAndSecret << QList<Pod> {} << noClaims << 2
                                                                 << ebsOnly << "csinode" << ok << ok << QStringList {};
        QTest::newRow("don't skip Filter when the pod has ephemeral volumes (adapted)")
            << ephemeralPodWithConfigmapAndSecret << QList<Pod> {} << noClaims << 0 << ebsOnly << "csinode-with-no-limit" << ok
            << Code::UnschedulableAndUnresolvable
            << QStringList {"looking up PVC test/abc-xyz: persistentvolumeclaim \"abc-xyz\" not found"};
        QTest::newRow("don't skip Filter when the pod has inline migratable volumes (adapted)")
            << inlineMigratableWithConfigmapAndSecret << QList<Pod> {csiEBSTwoVolPod} << noClaims << 2
            << QStringList {awsInTree, ebs} << "csinode" << ok << u << QStringList {exceeded};
        // Derived: limits from the node's allocatable, and the CSINode count taking precedence.
        QTest::newRow("limit from node allocatable (derived)")
            << csiEBSOneVolPod << QList<Pod> {runningPod, csiEBSTwoVolPod} << noClaims << 2 << ebsOnly << "node" << ok << u
            << QStringList {exceeded};
        QTest::newRow("CSINode count overrides node allocatable (derived)")
            << csiEBSOneVolPod << QList<Pod> {runningPod, csiEBSTwoVolPod} << noClaims << 2 << ebsOnly << "csinode-4-node-2" << ok
            << ok << QStringList {};
        QTest::newRow("CSINode without drivers: no limits (derived)")
            << csiEBSOneVolPod << QList<Pod> {runningPod, csiEBSTwoVolPod} << noClaims << 2 << ebsOnly << "no-csi-driver" << ok << ok
            << QStringList {};
        QTest::newRow("invalid AWS volume ID (derived)")
            << podWithClaims("bad", {}, {awsInline("aws://zone/not-a-volume")}) << QList<Pod> {} << noClaims << 2 << ebsOnly
            << "csinode" << ok << Code::Error
            << QStringList {"converting volume(awsElasticBlockStore) from inline to csi: failed to translate Kubernetes ID to EBS "
                            "Volume ID Invalid format for AWS volume (aws://zone/not-a-volume)"};
    }

    void csiLimits()
    {
        QFETCH(Pod, newPod);
        QFETCH(QList<Pod>, existingPods);
        QFETCH(QList<PersistentVolumeClaim>, extraClaims);
        QFETCH(int, maxVols);
        QFETCH(QStringList, driverNames);
        QFETCH(QString, limitSource);
        QFETCH(Code, preFilterCode);
        QFETCH(Code, filterCode);
        QFETCH(QStringList, filterReasons);

        ClusterState cluster = fixture(driverNames, extraClaims);
        Node node = test::NodeBuilder("node-for-max-pd-test-1");
        const bool nodeLimit = limitSource == QLatin1String("node") || limitSource == QLatin1String("both");
        if (nodeLimit || limitSource == QLatin1String("csinode-4-node-2")) {
            for (const auto& driver : driverNames)
                node.allocatable.insert(NodeVolumeLimits::csiAttachLimitKey(driver), Quantity::fromValue(maxVols));
        }
        if (limitSource.startsWith(QLatin1String("csinode")) || limitSource == QLatin1String("both")
            || limitSource == QLatin1String("no-csi-driver")) {
            CSINode csiNode;
            csiNode.meta.name = nodeName;
            // enableMigrationOnNode(csiNode, AWSEBSInTreePluginName).
            csiNode.meta.annotations.insert(QStringLiteral("storage.alpha.kubernetes.io/migrated-plugins"), QString::fromLatin1(awsInTree));
            if (limitSource != QLatin1String("no-csi-driver")) {
                for (const auto& driver : driverNames) {
                    CSINodeDriver csiDriver;
                    csiDriver.name = driver;
                    csiDriver.nodeID = nodeName;
                    if (limitSource != QLatin1String("csinode-with-no-limit"))
                        csiDriver.allocatableCount = limitSource == QLatin1String("csinode-4-node-2") ? 4 : maxVols;
                    csiNode.drivers.append(csiDriver);
                }
            }
            cluster.csiNodes = {csiNode};
        }
        for (auto& pod : existingPods)
            pod.nodeName = nodeName;

        test::TestHandle handle({node}, existingPods, cluster);
        NodeVolumeLimits plugin(handle);
        framework::CycleState state;
        const framework::PreFilterOutcome preFilter = plugin.preFilter(state, newPod, handle.snapshot().nodeInfos());
        QCOMPARE(framework::toString(preFilter.status.code()), framework::toString(preFilterCode));
        if (preFilter.status.isSkip())
            return;
        const framework::Status status = plugin.filter(state, newPod, *handle.snapshot().get(nodeName));
        QCOMPARE(framework::toString(status.code()), framework::toString(filterCode));
        QCOMPARE(status.reasons(), filterReasons);
    }

    // Derived: GetCSIAttachLimitKey hashes driver names too long for a resource name.
    void attachLimitKey_data()
    {
        QTest::addColumn<QString>("driver");
        QTest::addColumn<QString>("key");
        QTest::newRow("short") << "ebs.csi.aws.com" << "attachable-volumes-csi-ebs.csi.aws.com";
        // 40 characters fit exactly (23 + 40 = 63).
        QTest::newRow("exactly 63") << QString(40, QLatin1Char('a')) << QStringLiteral("attachable-volumes-csi-") + QString(40, QLatin1Char('a'));
        const QString longName = QString(41, QLatin1Char('a'));
        QTest::newRow("hashed") << longName
                                << QStringLiteral("attachable-volumes-csi-")
                + QString::fromLatin1(QCryptographicHash::hash(longName.toUtf8(), QCryptographicHash::Sha1).toHex().left(40));
    }

    void attachLimitKey()
    {
        QFETCH(QString, driver);
        QFETCH(QString, key);
        QCOMPARE(NodeVolumeLimits::csiAttachLimitKey(driver), key);
        QVERIFY(key.size() <= 63);
    }
};

QTEST_GUILESS_MAIN(TestNodeVolumeLimits)
#include "tst_nodevolumelimits.moc"
