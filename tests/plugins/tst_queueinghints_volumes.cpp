// QueueingHints of the storage plugins, ported from upstream's v1.32 tests: volumerestrictions
// Test_isSchedulableAfterPodDeleted / Test_isSchedulableAfterPersistentVolumeClaimAdded,
// nodevolumelimits TestCSILimitsQHint / TestCSILimitsAddedPVCQHint, volumebinding
// TestIsSchedulableAfterCSINodeChange / TestIsSchedulableAfterPersistentVolumeClaimChange /
// TestIsSchedulableAfterStorageClassChange, volumezone TestIsSchedulableAfterPersistentVolumeClaimChange /
// TestIsSchedulableAfterStorageClassAdded / TestIsSchedulableAfterPersistentVolumeChange.
// Upstream's wrong-type rows (a string or struct{}) pass an object of another kind here.
#include "plugins/nodevolumelimits.h"
#include "plugins/volumebinding.h"
#include "plugins/volumerestrictions.h"
#include "plugins/volumezone.h"

#include "builders.h"
#include "hinthelpers.h"
#include "volumebuilders.h"

#include <QTest>

#include <functional>

using namespace ksv;
using test::MaybeObject;
using test::notAnObjectOfThatKind;
using test::obj;
using test::Queue;
using test::QueueSkip;

using HintFn = std::function<framework::QueueingHint(const Pod&, const KubeObject*, const KubeObject*)>;
Q_DECLARE_METATYPE(HintFn)

namespace {


template<typename T>
MaybeObject obj(const T& object)
{
    return KubeObject(object);
}

PersistentVolumeClaim pvc(const char* name, const char* namespace_ = "default", const char* volumeName = "")
{
    PersistentVolumeClaim claim;
    claim.meta.name = QString::fromLatin1(name);
    claim.meta.namespace_ = QString::fromLatin1(namespace_);
    claim.volumeName = QString::fromLatin1(volumeName);
    return claim;
}

Volume source(const char* type, std::function<void(Volume&)> fill = {})
{
    Volume volume;
    volume.name = QStringLiteral("vol");
    volume.type = QString::fromLatin1(type);
    if (fill)
        fill(volume);
    return volume;
}

Volume gcePD(const char* pdName)
{
    return source("gcePersistentDisk", [pdName](Volume& v) { v.gcePdName = QString::fromLatin1(pdName); });
}
Volume awsEBS(const char* volumeID)
{
    return source("awsElasticBlockStore", [volumeID](Volume& v) { v.awsVolumeID = QString::fromLatin1(volumeID); });
}
Volume rbd(const QStringList& monitors)
{
    return source("rbd", [monitors](Volume& v) {
        v.rbdMonitors = monitors;
        v.rbdPool = QStringLiteral("foo");
        v.rbdImage = QStringLiteral("bar");
    });
}
Volume iscsi(const char* iqn, int lun)
{
    return source("iscsi", [iqn, lun](Volume& v) {
        v.iscsiTargetPortal = QStringLiteral("127.0.0.1:3260");
        v.iscsiIqn = QString::fromLatin1(iqn);
        v.iscsiLun = lun;
    });
}
// withGenericEphemeralVolume: the claim is <pod>-<volume>.
Volume ephemeral(const char* podName, const char* name)
{
    Volume volume;
    volume.name = QString::fromLatin1(name);
    volume.type = QStringLiteral("ephemeral");
    volume.claimName = QString::fromLatin1(podName) + QLatin1Char('-') + volume.name;
    return volume;
}

Pod podWith(const char* name, const char* namespace_, const QList<Volume>& volumes, const char* nodeName = "")
{
    test::PodBuilder builder(name, namespace_);
    for (const auto& volume : volumes)
        builder.volume(volume);
    if (*nodeName)
        builder.node(nodeName);
    return builder;
}

CSINode csiNodeWithMigrated(const char* plugins)
{
    CSINode node;
    node.meta.name = QStringLiteral("csinode-a");
    if (plugins)
        node.meta.annotations.insert(QStringLiteral("storage.alpha.kubernetes.io/migrated-plugins"), QString::fromLatin1(plugins));
    return node;
}

StorageClass storageClass(const char* name, VolumeBindingMode mode = VolumeBindingMode::Immediate)
{
    return test::storageClass(name, mode);
}

PersistentVolume pvWithLabels(std::initializer_list<std::pair<const char*, const char*>> labels)
{
    PersistentVolume pv = test::PVBuilder("Vol_1", "");
    for (const auto& [key, value] : labels)
        pv.meta.labels.insert(QString::fromLatin1(key), QString::fromLatin1(value));
    return pv;
}

const char* zoneLabel = "topology.kubernetes.io/zone";
const char* regionLabel = "topology.kubernetes.io/region";

void addColumns()
{
    QTest::addColumn<HintFn>("hintFn");
    QTest::addColumn<Pod>("pod");
    QTest::addColumn<MaybeObject>("oldObj");
    QTest::addColumn<MaybeObject>("newObj");
    QTest::addColumn<QString>("expectedHint");
}

} // namespace

class TestQueueingHintsVolumes : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void hints_data()
    {
        addColumns();

        // ---- VolumeRestrictions ----
        {
            const HintFn deleted = &plugins::VolumeRestrictions::isSchedulableAfterPodDeleted;
            const auto row = [&](const char* name, const Volume& mine, const Volume& theirs, const QString& hint) {
                QTest::newRow(name) << deleted << podWith("pod", "default", {mine}) << obj(podWith("other", "default", {theirs}, "node"))
                                    << MaybeObject() << hint;
            };
            row("VolumeRestrictions/queue-new-object-gcedisk-conflict", gcePD("foo"), gcePD("foo"), Queue);
            row("VolumeRestrictions/skip-new-object-gcedisk-no-conflict", gcePD("foo"), gcePD("bar"), QueueSkip);
            row("VolumeRestrictions/queue-new-object-awsdisk-conflict", awsEBS("foo"), awsEBS("foo"), Queue);
            row("VolumeRestrictions/skip-new-object-awsdisk-no-conflict", awsEBS("foo"), awsEBS("bar"), QueueSkip);
            row("VolumeRestrictions/queue-new-object-rbddisk-conflict", rbd({QStringLiteral("a"), QStringLiteral("b")}),
                rbd({QStringLiteral("a"), QStringLiteral("b")}), Queue);
            row("VolumeRestrictions/skip-new-object-rbddisk-no-conflict", rbd({QStringLiteral("a"), QStringLiteral("b")}),
                rbd({QStringLiteral("c"), QStringLiteral("d")}), QueueSkip);
            row("VolumeRestrictions/queue-new-object-iscsidisk-conflict", iscsi("iqn.2016-12.server:storage.target01", 0),
                iscsi("iqn.2016-12.server:storage.target01", 0), Queue);
            row("VolumeRestrictions/skip-new-object-iscsidisk-no-conflict", iscsi("iqn.2016-12.server:storage.target01", 0),
                iscsi("iqn.2017-12.server:storage.target01", 0), QueueSkip);
            QTest::newRow("VolumeRestrictions/queue-on-deleted-pod-with-same-pvc")
                << deleted << podWith("pod", "default", {test::claimVolume("claim")})
                << obj(podWith("other", "default", {test::claimVolume("claim")}, "node")) << MaybeObject() << Queue;
            QTest::newRow("VolumeRestrictions/skip-on-deleted-pod-in-other-namespace")
                << deleted << podWith("pod", "default", {gcePD("foo")}) << obj(podWith("other", "ns2", {gcePD("foo")}, "node"))
                << MaybeObject() << QueueSkip;
            QTest::newRow("VolumeRestrictions/backoff-wrong-old-object")
                << deleted << podWith("pod", "default", {}) << notAnObjectOfThatKind << MaybeObject() << Queue;

            const HintFn added = &plugins::VolumeRestrictions::isSchedulableAfterPersistentVolumeClaimAdded;
            const Pod pod1 = podWith("pod1", "ns1", {test::claimVolume("claim-with-rwx-1")});
            QTest::newRow("VolumeRestrictions/queue-new-object-pvc-belong-pod")
                << added << pod1 << MaybeObject() << obj(pvc("claim-with-rwx-1", "ns1")) << Queue;
            QTest::newRow("VolumeRestrictions/skip-new-object-unused")
                << added << pod1 << MaybeObject() << obj(pvc("unused", "ns1")) << QueueSkip;
            QTest::newRow("VolumeRestrictions/skip-new-object-in-different-namespace")
                << added << pod1 << MaybeObject() << obj(pvc("claim-with-rwx-1", "ns2")) << QueueSkip;
            QTest::newRow("VolumeRestrictions/backoff-wrong-new-object") << added << pod1 << MaybeObject() << notAnObjectOfThatKind << Queue;
        }

        // ---- NodeVolumeLimits (CSILimits) ----
        {
            const HintFn deleted = &plugins::NodeVolumeLimits::isSchedulableAfterPodDeleted;
            const Pod podEbs = podWith("pod", "default", {test::claimVolume("csi-ebs.csi.aws.com-2")});
            QTest::newRow("CSILimits/return a Queue when a deleted pod has a PVC")
                << deleted << podEbs << obj(podWith("deleted", "default", {test::claimVolume("placeholder")}, "csiNode"))
                << MaybeObject() << Queue;
            QTest::newRow("CSILimits/return a Queue when a deleted pod has a inline migratable volume")
                << deleted << podEbs << obj(podWith("deleted", "default", {awsEBS("")}, "csiNode")) << MaybeObject() << Queue;
            QTest::newRow("CSILimits/return a QueueSkip when a deleted pod doesn't have any volume")
                << deleted << podEbs << obj(podWith("deleted", "default", {}, "csiNode")) << MaybeObject() << QueueSkip;
            QTest::newRow("CSILimits/return a QueueSkip when a deleted pod is not scheduled.")
                << deleted << podEbs << obj(podWith("deleted", "default", {test::claimVolume("csi-ebs.csi.aws.com-0")})) << MaybeObject()
                << QueueSkip;

            const HintFn added = &plugins::NodeVolumeLimits::isSchedulableAfterPVCAdded;
            QTest::newRow("CSILimits/a pod isn't in the same namespace as an added PVC")
                << added << podWith("pod", "ns1", {}) << MaybeObject() << obj(pvc("", "ns2")) << QueueSkip;
            QTest::newRow("CSILimits/a pod is in the same namespace as an added PVC")
                << added << podWith("pod", "ns1", {test::claimVolume("pvc1")}) << MaybeObject() << obj(pvc("pvc1", "ns1")) << Queue;
            QTest::newRow("CSILimits/a pod has an ephemeral volume related to an added PVC")
                << added << podWith("pod1", "ns1", {ephemeral("pod1", "ephemeral")}) << MaybeObject()
                << obj(pvc("pod1-ephemeral", "ns1")) << Queue;
            QTest::newRow("CSILimits/a pod doesn't have the same PVC as an added PVC")
                << added << podWith("pod", "ns1", {test::claimVolume("pvc1")}) << MaybeObject() << obj(pvc("pvc2", "ns1")) << QueueSkip;
            QTest::newRow("CSILimits/a pod doesn't have any PVC attached")
                << added << podWith("pod", "ns1", {}) << MaybeObject() << obj(pvc("pvc2", "ns1")) << QueueSkip;
        }

        // ---- VolumeBinding ----
        {
            const HintFn csiNode = &plugins::VolumeBinding::isSchedulableAfterCSINodeChange;
            const Pod pod = podWith("pod-a", "default", {});
            QTest::newRow("VolumeBinding/unexpected objects are passed")
                << csiNode << pod << notAnObjectOfThatKind << notAnObjectOfThatKind << Queue;
            QTest::newRow("VolumeBinding/CSINode is newly created")
                << csiNode << pod << MaybeObject() << obj(csiNodeWithMigrated(nullptr)) << Queue;
            QTest::newRow("VolumeBinding/CSINode's migrated-plugins annotations is added")
                << csiNode << pod << obj(csiNodeWithMigrated("test1")) << obj(csiNodeWithMigrated("test1, test2")) << Queue;
            QTest::newRow("VolumeBinding/CSINode's migrated-plugins annotation is updated")
                << csiNode << pod << obj(csiNodeWithMigrated("test1")) << obj(csiNodeWithMigrated("test2")) << Queue;
            QTest::newRow("VolumeBinding/CSINode is updated but migrated-plugins annotation gets unchanged")
                << csiNode << pod << obj(csiNodeWithMigrated("test1")) << obj(csiNodeWithMigrated("test1")) << QueueSkip;

            const HintFn claim = &plugins::VolumeBinding::isSchedulableAfterPersistentVolumeClaimChange;
            QTest::newRow("VolumeBinding/pod has no pvc or ephemeral volumes")
                << claim << pod << MaybeObject() << obj(pvc("pvc-b")) << QueueSkip;
            QTest::newRow("VolumeBinding/pvc with the same name as the one used by the pod in a different namespace is modified")
                << claim << podWith("pod-a", "ns-a", {test::claimVolume("pvc-a"), test::claimVolume("pvc-b")}) << MaybeObject()
                << obj(pvc("pvc-b", "ns-b")) << QueueSkip;
            QTest::newRow("VolumeBinding/pod has no pvc that is being modified")
                << claim << podWith("pod-a", "default", {test::claimVolume("pvc-a"), test::claimVolume("pvc-c")}) << obj(pvc("pvc-b"))
                << obj(pvc("pvc-b")) << QueueSkip;
            QTest::newRow("VolumeBinding/pod has no generic ephemeral volume that is being modified")
                << claim << podWith("pod-a", "default", {ephemeral("pod-a", "ephemeral-a"), ephemeral("pod-a", "ephemeral-c")})
                << obj(pvc("pod-a-ephemeral-b")) << obj(pvc("pod-a-ephemeral-b")) << QueueSkip;
            QTest::newRow("VolumeBinding/pod has the pvc that is being modified")
                << claim << podWith("pod-a", "default", {test::claimVolume("pvc-a"), test::claimVolume("pvc-b")}) << obj(pvc("pvc-b"))
                << obj(pvc("pvc-b")) << Queue;
            QTest::newRow("VolumeBinding/pod has the generic ephemeral volume that is being modified")
                << claim << podWith("pod-a", "default", {ephemeral("pod-a", "ephemeral-a"), ephemeral("pod-a", "ephemeral-b")})
                << obj(pvc("pod-a-ephemeral-b")) << obj(pvc("pod-a-ephemeral-b")) << Queue;
            QTest::newRow("VolumeBinding/type conversion error (claim)")
                << claim << pod << notAnObjectOfThatKind << notAnObjectOfThatKind << Queue;

            const HintFn sc = &plugins::VolumeBinding::isSchedulableAfterStorageClassChange;
            StorageClass withTopologies = storageClass("sc-a");
            withTopologies.allowedTopologies = {{TopologySelectorRequirement {QStringLiteral("kubernetes.io/hostname"), {QStringLiteral("node-a")}}}};
            QTest::newRow("VolumeBinding/When a new StorageClass is created, it returns Queue")
                << sc << pod << MaybeObject() << obj(storageClass("sc-a")) << Queue;
            QTest::newRow("VolumeBinding/When the AllowedTopologies are changed, it returns Queue")
                << sc << pod << obj(storageClass("sc-a")) << obj(withTopologies) << Queue;
            QTest::newRow("VolumeBinding/When there are no changes to the StorageClass, it returns QueueSkip")
                << sc << pod << obj(storageClass("sc-a")) << obj(storageClass("sc-a")) << QueueSkip;
            QTest::newRow("VolumeBinding/type conversion error (storage class)")
                << sc << pod << notAnObjectOfThatKind << notAnObjectOfThatKind << Queue;
        }

        // ---- VolumeZone ----
        {
            const HintFn claim = &plugins::VolumeZone::isSchedulableAfterPersistentVolumeClaimChange;
            const Pod pod1 = podWith("pod_1", "default", {test::claimVolume("PVC_1")});
            QTest::newRow("VolumeZone/error-wrong-new-object") << claim << pod1 << MaybeObject() << notAnObjectOfThatKind << Queue;
            QTest::newRow("VolumeZone/pvc-was-added-but-pod-was-not-bound-to-pvc")
                << claim << pod1 << MaybeObject() << obj(pvc("PVC_2")) << QueueSkip;
            QTest::newRow("VolumeZone/pvc-was-added-and-pod-was-bound-to-different-pvc")
                << claim << pod1 << MaybeObject() << obj(pvc("PVC_2", "default", "Vol_2")) << QueueSkip;
            QTest::newRow("VolumeZone/pvc-was-added-and-pod-was-bound-to-pvc-but-different-ns")
                << claim << pod1 << MaybeObject() << obj(pvc("PVC_1", "ns1", "Vol_1")) << QueueSkip;
            QTest::newRow("VolumeZone/pvc-was-added-and-pod-was-bound-to-added-pvc")
                << claim << pod1 << MaybeObject() << obj(pvc("PVC_1", "default", "Vol_1")) << Queue;
            QTest::newRow("VolumeZone/pvc-was-updated-and-added-volumeName")
                << claim << pod1 << obj(pvc("PVC_1")) << obj(pvc("PVC_1", "default", "Vol_1")) << Queue;
            QTest::newRow("VolumeZone/pvc-was-updated-but-not-bound-to-pod")
                << claim << pod1 << obj(pvc("PVC_2")) << obj(pvc("PVC_2", "default", "Vol_2")) << QueueSkip;

            const HintFn sc = &plugins::VolumeZone::isSchedulableAfterStorageClassAdded;
            QTest::newRow("VolumeZone/error-wrong-new-object (storage class)")
                << sc << pod1 << MaybeObject() << notAnObjectOfThatKind << Queue;
            QTest::newRow("VolumeZone/sc-doesn't-have-volume-binding-mode")
                << sc << pod1 << MaybeObject() << obj(storageClass("SC_1")) << QueueSkip;
            QTest::newRow("VolumeZone/new-sc-is-wait-for-first-consumer-mode")
                << sc << pod1 << MaybeObject() << obj(storageClass("SC_1", VolumeBindingMode::WaitForFirstConsumer)) << Queue;

            const HintFn pv = &plugins::VolumeZone::isSchedulableAfterPersistentVolumeChange;
            QTest::newRow("VolumeZone/error-wrong-new-object (pv)") << pv << pod1 << MaybeObject() << notAnObjectOfThatKind << Queue;
            QTest::newRow("VolumeZone/error-wrong-old-object")
                << pv << pod1 << notAnObjectOfThatKind << obj(pvWithLabels({{zoneLabel, "us-west1-a"}})) << Queue;
            QTest::newRow("VolumeZone/new-pv-was-added") << pv << pod1 << MaybeObject() << obj(pvWithLabels({{zoneLabel, "us-west1-b"}}))
                                                         << Queue;
            QTest::newRow("VolumeZone/pv-was-updated-and-changed-topology")
                << pv << pod1 << obj(pvWithLabels({{zoneLabel, "us-west1-a"}})) << obj(pvWithLabels({{zoneLabel, "us-west1-b"}})) << Queue;
            QTest::newRow("VolumeZone/pv-was-updated-and-added-topology-label")
                << pv << pod1 << obj(pvWithLabels({{zoneLabel, "us-west1-a"}}))
                << obj(pvWithLabels({{zoneLabel, "us-west1-a"}, {regionLabel, "us-west1"}})) << Queue;
            QTest::newRow("VolumeZone/pv-was-updated-but-no-topology-is-changed")
                << pv << pod1 << obj(pvWithLabels({{zoneLabel, "us-west1-a"}, {regionLabel, "us-west1"}}))
                << obj(pvWithLabels({{zoneLabel, "us-west1-a"}, {regionLabel, "us-west1"}})) << QueueSkip;
        }
    }
    void hints()
    {
        QFETCH(HintFn, hintFn);
        QFETCH(Pod, pod);
        QFETCH(MaybeObject, oldObj);
        QFETCH(MaybeObject, newObj);
        QFETCH(QString, expectedHint);
        QCOMPARE(framework::toString(hintFn(pod, test::objectPtr(oldObj), test::objectPtr(newObj))), expectedHint);
    }
};

QTEST_GUILESS_MAIN(TestQueueingHintsVolumes)
#include "tst_queueinghints_volumes.moc"
