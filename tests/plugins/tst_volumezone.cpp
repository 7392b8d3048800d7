// VolumeZone: upstream's TestSingleZone, TestMultiZone and TestWithBinding
// (pkg/scheduler/framework/plugins/volumezone/volume_zone_test.go). As there, Filter runs after
// PreFilter whatever PreFilter returned (it recomputes without PreFilter's state). Rows whose
// expectation differs from upstream's table are marked "adapted", with the reason.
#include "plugins/volumezone.h"

#include "builders.h"
#include "testhandle.h"

#include <QTest>

using namespace ksv;
using framework::Code;
using plugins::VolumeZone;

namespace {

const char* const betaZone = "failure-domain.beta.kubernetes.io/zone";
const char* const betaRegion = "failure-domain.beta.kubernetes.io/region";
const char* const gaZone = "topology.kubernetes.io/zone";
const char* const gaRegion = "topology.kubernetes.io/region";

PersistentVolume pv(const char* name, std::initializer_list<std::pair<const char*, const char*>> labels)
{
    PersistentVolume volume;
    volume.meta.name = QString::fromLatin1(name);
    for (const auto& [key, value] : labels)
        volume.meta.labels.insert(QString::fromLatin1(key), QString::fromLatin1(value));
    return volume;
}

PersistentVolumeClaim pvc(const char* name, const char* volumeName, std::optional<const char*> className = std::nullopt)
{
    PersistentVolumeClaim claim;
    claim.meta.name = QString::fromLatin1(name);
    claim.meta.namespace_ = QStringLiteral("default");
    claim.volumeName = QString::fromLatin1(volumeName);
    if (className) {
        claim.hasStorageClassName = true;
        claim.storageClassName = QString::fromLatin1(*className);
    }
    return claim;
}

// createPodWithVolume; an empty claim name makes a pod without volumes.
Pod podWithClaim(const QString& claimName)
{
    test::PodBuilder builder("pod_1");
    if (!claimName.isEmpty()) {
        Volume volume;
        volume.name = QStringLiteral("volume");
        volume.type = QStringLiteral("persistentVolumeClaim");
        volume.claimName = claimName;
        builder.volume(volume);
    }
    return builder;
}

Labels labels(std::initializer_list<std::pair<const char*, const char*>> pairs)
{
    Labels result;
    for (const auto& [key, value] : pairs)
        result.insert(QString::fromLatin1(key), QString::fromLatin1(value));
    return result;
}

const QString conflict = VolumeZone::ErrReasonConflict;

void addColumns()
{
    QTest::addColumn<QString>("claim");
    QTest::addColumn<Labels>("nodeLabels");
    QTest::addColumn<Code>("preFilterCode");
    QTest::addColumn<QStringList>("preFilterReasons");
    QTest::addColumn<Code>("filterCode");
    QTest::addColumn<QStringList>("filterReasons");
}

void run(const ClusterState& cluster)
{
    QFETCH(QString, claim);
    QFETCH(Labels, nodeLabels);
    QFETCH(Code, preFilterCode);
    QFETCH(QStringList, preFilterReasons);
    QFETCH(Code, filterCode);
    QFETCH(QStringList, filterReasons);

    // A node with exactly the row's labels (the builder's hostname label is not a topology label,
    // but upstream's nodes have none).
    Node node = test::NodeBuilder("host1");
    node.meta.labels = nodeLabels;
    test::TestHandle handle({node}, {}, cluster);
    VolumeZone plugin(handle);
    const Pod pod = podWithClaim(claim);
    framework::CycleState state;
    const framework::PreFilterOutcome preFilter = plugin.preFilter(state, pod, handle.snapshot().nodeInfos());
    QCOMPARE(framework::toString(preFilter.status.code()), framework::toString(preFilterCode));
    QCOMPARE(preFilter.status.reasons(), preFilterReasons);
    const framework::Status status = plugin.filter(state, pod, *handle.snapshot().get(QStringLiteral("host1")));
    QCOMPARE(framework::toString(status.code()), framework::toString(filterCode));
    QCOMPARE(status.reasons(), filterReasons);
}

} // namespace

class TestVolumeZone : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void singleZone_data()
    {
        addColumns();
        const Code ok = Code::Success;
        const Code uu = Code::UnschedulableAndUnresolvable;
        const QStringList none;
        QTest::newRow("pod without volume") << QString() << labels({{betaZone, "us-west1-a"}}) << Code::Skip << none << ok << none;
        QTest::newRow("node without labels") << "PVC_1" << Labels() << ok << none << ok << none;
        QTest::newRow("beta zone label matched") << "PVC_1" << labels({{betaZone, "us-west1-a"}, {"uselessLabel", "none"}}) << ok
                                                 << none << ok << none;
        QTest::newRow("beta region label matched") << "PVC_2" << labels({{betaRegion, "us-west1"}, {"uselessLabel", "none"}}) << ok
                                                   << none << ok << none;
        QTest::newRow("beta region label doesn't match")
            << "PVC_2" << labels({{betaRegion, "no_us-west1"}, {"uselessLabel", "none"}}) << ok << none << uu << QStringList {conflict};
        QTest::newRow("beta zone label doesn't match")
            << "PVC_1" << labels({{betaZone, "no_us-west1-a"}, {"uselessLabel", "none"}}) << ok << none << uu << QStringList {conflict};
        QTest::newRow("zone label matched") << "PVC_Stable_1" << labels({{gaZone, "us-west1-a"}, {"uselessLabel", "none"}}) << ok
                                            << none << ok << none;
        QTest::newRow("region label matched") << "PVC_Stable_2" << labels({{gaRegion, "us-west1"}, {"uselessLabel", "none"}}) << ok
                                              << none << ok << none;
        QTest::newRow("region label doesn't match")
            << "PVC_Stable_2" << labels({{gaRegion, "no_us-west1"}, {"uselessLabel", "none"}}) << ok << none << uu
            << QStringList {conflict};
        QTest::newRow("zone label doesn't match")
            << "PVC_Stable_1" << labels({{gaZone, "no_us-west1-a"}, {"uselessLabel", "none"}}) << ok << none << uu
            << QStringList {conflict};
        QTest::newRow("pv with zone and region, node with only zone")
            << "PVC_Stable_3" << labels({{gaZone, "us-west1-a"}}) << ok << none << uu << QStringList {conflict};
        QTest::newRow("pv with zone,node with beta zone") << "PVC_Stable_1" << labels({{betaZone, "us-west1-a"}}) << ok << none
                                                          << uu << QStringList {conflict};
        QTest::newRow("pv with beta label,node with ga label, matched") << "PVC_1" << labels({{gaZone, "us-west1-a"}}) << ok
                                                                        << none << ok << none;
        QTest::newRow("pv with beta label,node with ga label, don't match")
            << "PVC_1" << labels({{gaZone, "us-west1-b"}}) << ok << none << uu << QStringList {conflict};
        // Adapted: upstream's fake lister prints `persistentvolumes "Vol_not_exist" not found`; the
        // informer lister kube-scheduler runs with prints the singular resource.
        QTest::newRow("bound to a PV that does not exist (derived)")
            << "PVC_4" << labels({{gaZone, "us-west1-a"}}) << uu << QStringList {"persistentvolume \"Vol_not_exist\" not found"}
            << uu << QStringList {"persistentvolume \"Vol_not_exist\" not found"};
        QTest::newRow("claim that does not exist (derived)")
            << "PVC_missing" << Labels() << uu << QStringList {"persistentvolumeclaim \"PVC_missing\" not found"} << uu
            << QStringList {"persistentvolumeclaim \"PVC_missing\" not found"};
    }

    void singleZone()
    {
        ClusterState cluster;
        cluster.persistentVolumes = {
            pv("Vol_1", {{betaZone, "us-west1-a"}}),
            pv("Vol_2", {{betaRegion, "us-west1"}, {"uselessLabel", "none"}}),
            pv("Vol_3", {{betaRegion, "us-west1"}}),
            pv("Vol_Stable_1", {{gaZone, "us-west1-a"}}),
            pv("Vol_Stable_2", {{gaRegion, "us-west1"}, {"uselessLabel", "none"}}),
            pv("Vol_Stable_3", {{gaZone, "us-west1-a"}, {gaRegion, "us-west1-a"}}),
        };
        cluster.persistentVolumeClaims = {
            pvc("PVC_1", "Vol_1"),
            pvc("PVC_2", "Vol_2"),
            pvc("PVC_3", "Vol_3"),
            pvc("PVC_4", "Vol_not_exist"),
            pvc("PVC_Stable_1", "Vol_Stable_1"),
            pvc("PVC_Stable_2", "Vol_Stable_2"),
            pvc("PVC_Stable_3", "Vol_Stable_3"),
        };
        run(cluster);
    }

    void multiZone_data()
    {
        addColumns();
        const Code ok = Code::Success;
        const Code uu = Code::UnschedulableAndUnresolvable;
        const QStringList none;
        QTest::newRow("node without labels") << "PVC_3" << Labels() << ok << none << ok << none;
        QTest::newRow("beta zone label matched") << "PVC_3" << labels({{betaZone, "us-west1-a"}, {"uselessLabel", "none"}}) << ok
                                                 << none << ok << none;
        QTest::newRow("beta zone label doesn't match")
            << "PVC_1" << labels({{betaZone, "us-west1-b"}, {"uselessLabel", "none"}}) << ok << none << uu << QStringList {conflict};
        QTest::newRow("zone label matched") << "PVC_Stable_2" << labels({{gaZone, "us-west1-a"}, {"uselessLabel", "none"}}) << ok
                                            << none << ok << none;
        QTest::newRow("zone label doesn't match")
            << "PVC_Stable_1" << labels({{gaZone, "us-west1-b"}, {"uselessLabel", "none"}}) << ok << none << uu
            << QStringList {conflict};
        // Derived: LabelZonesToSet trims each zone and refuses an empty one; a refused label is ignored.
        QTest::newRow("zones are trimmed (derived)") << "PVC_Spaces" << labels({{gaZone, "us-west1-a"}}) << ok << none << ok << none;
        QTest::newRow("an empty zone invalidates the label (derived)")
            << "PVC_Empty" << labels({{gaZone, "us-west1-z"}}) << Code::Skip << none << ok << none;
    }

    void multiZone()
    {
        ClusterState cluster;
        cluster.persistentVolumes = {
            pv("Vol_1", {{betaZone, "us-west1-a"}}),
            pv("Vol_2", {{betaZone, "us-west1-b"}, {"uselessLabel", "none"}}),
            pv("Vol_3", {{betaZone, "us-west1-c__us-west1-a"}}),
            pv("Vol_Stable_1", {{gaZone, "us-west1-a"}}),
            pv("Vol_Stable_2", {{gaZone, "us-west1-c__us-west1-a"}}),
            pv("Vol_Spaces", {{gaZone, "us-west1-c__ us-west1-a "}}),
            pv("Vol_Empty", {{gaZone, "us-west1-c____us-west1-a"}}),
        };
        cluster.persistentVolumeClaims = {
            pvc("PVC_1", "Vol_1"),
            pvc("PVC_2", "Vol_2"),
            pvc("PVC_3", "Vol_3"),
            pvc("PVC_4", "Vol_not_exist"),
            pvc("PVC_Stable_1", "Vol_Stable_1"),
            pvc("PVC_Stable_2", "Vol_Stable_2"),
            pvc("PVC_Spaces", "Vol_Spaces"),
            pvc("PVC_Empty", "Vol_Empty"),
        };
        run(cluster);
    }

    void withBinding_data()
    {
        addColumns();
        const Code ok = Code::Success;
        const Code uu = Code::UnschedulableAndUnresolvable;
        const QStringList none;
        const Labels testNode = labels({{betaZone, "us-west1-a"}, {"uselessLabel", "none"}});
        QTest::newRow("label zone failure domain matched") << "PVC_1" << testNode << ok << none << ok << none;
        QTest::newRow("unbound volume empty storage class")
            << "PVC_EmptySC" << testNode << uu << QStringList {"PersistentVolumeClaim had no pv name and storageClass name"} << uu
            << QStringList {"PersistentVolumeClaim had no pv name and storageClass name"};
        // Adapted: upstream's fake lister prints "storageclasses.storage.k8s.io"; kube-scheduler's
        // informer lister prints the singular resource.
        QTest::newRow("unbound volume no storage class")
            << "PVC_NoSC" << testNode << uu << QStringList {"storageclass.storage.k8s.io \"Class_0\" not found"} << uu
            << QStringList {"storageclass.storage.k8s.io \"Class_0\" not found"};
        // Adapted: upstream's class has no volumeBindingMode ("VolumeBindingMode not set for StorageClass
        // \"Class_Immediate\""); the API server defaults it to Immediate, which the model always holds.
        QTest::newRow("unbound volume immediate binding mode")
            << "PVC_ImmediateSC" << testNode << uu << QStringList {"PersistentVolume had no name"} << uu
            << QStringList {"PersistentVolume had no name"};
        QTest::newRow("unbound volume wait binding mode") << "PVC_WaitSC" << testNode << Code::Skip << none << ok << none;
    }

    void withBinding()
    {
        StorageClass immediate;
        immediate.meta.name = QStringLiteral("Class_Immediate");
        StorageClass wait;
        wait.meta.name = QStringLiteral("Class_Wait");
        wait.volumeBindingMode = VolumeBindingMode::WaitForFirstConsumer;
        ClusterState cluster;
        cluster.storageClasses = {immediate, wait};
        cluster.persistentVolumes = {pv("Vol_1", {{betaZone, "us-west1-a"}})};
        cluster.persistentVolumeClaims = {
            pvc("PVC_1", "Vol_1"),
            pvc("PVC_NoSC", "", "Class_0"),
            pvc("PVC_EmptySC", ""),
            pvc("PVC_WaitSC", "", "Class_Wait"),
            pvc("PVC_ImmediateSC", "", "Class_Immediate"),
        };
        run(cluster);
    }
};

QTEST_GUILESS_MAIN(TestVolumeZone)
#include "tst_volumezone.moc"
