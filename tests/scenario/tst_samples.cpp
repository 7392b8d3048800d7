// Every bundled sample loads, and a real `kubectl get -o yaml` dump reads as kubectl printed it.
#include "scenario/loader.h"

#include <QDir>
#include <QTest>

using namespace ksv;

namespace {

struct Totals
{
    qsizetype nodes = 0;
    qsizetype pods = 0;
};

// Objects that exist at t=0 plus those the events create.
Totals totals(const Scenario& scenario)
{
    Totals t {scenario.initial.nodes.size(), scenario.initial.pods.size()};
    for (const auto& event : scenario.events) {
        if (event.action != EventAction::Create)
            continue;
        if (std::holds_alternative<Node>(event.object))
            ++t.nodes;
        if (std::holds_alternative<Pod>(event.object))
            ++t.pods;
    }
    return t;
}

} // namespace

class TestSamples : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void samplesLoad_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<qsizetype>("nodes");
        QTest::addColumn<qsizetype>("pods");
        const QDir dir(QStringLiteral(KSV_SAMPLES_DIR));
        const QStringList files = dir.entryList({QStringLiteral("*.yaml")}, QDir::Files, QDir::Name);
        QVERIFY(files.size() >= 8);
        const QHash<QString, std::pair<qsizetype, qsizetype>> expected {
            {QStringLiteral("zone-spread.yaml"), {9, 18}},
            {QStringLiteral("gpu-pool.yaml"), {6, 15}},
            {QStringLiteral("affinity-spread.yaml"), {12, 15}},
            {QStringLiteral("database-anti-affinity.yaml"), {6, 6}},
            {QStringLiteral("priority-preemption.yaml"), {4, 17}},
            {QStringLiteral("backlog-node-added.yaml"), {7, 27}},
            {QStringLiteral("scale-5000.yaml"), {5000, 150000}},
            {QStringLiteral("default.yaml"), {8, 25}},
            {QStringLiteral("gang-scheduling.yaml"), {3, 13}},
        };
        for (const QString& file : files) {
            QVERIFY2(expected.contains(file), qPrintable(QStringLiteral("a new sample needs its counts here: ") + file));
            QTest::newRow(qPrintable(file)) << dir.filePath(file) << expected[file].first << expected[file].second;
        }
    }

    void samplesLoad()
    {
        QFETCH(QString, file);
        QFETCH(qsizetype, nodes);
        QFETCH(qsizetype, pods);
        QStringList warnings;
        try {
            const Scenario scenario = loadScenarioFile(file, &warnings);
            QVERIFY(warnings.isEmpty());
            QVERIFY(!scenario.name.isEmpty());
            const Totals t = totals(scenario);
            QCOMPARE(t.nodes, nodes);
            QCOMPARE(t.pods, pods);
            if (file.endsWith(QLatin1String("gang-scheduling.yaml")))
                QCOMPARE(scenario.initial.podGroups.size(), 2);
        } catch (const LoadError& e) {
            QFAIL(e.what());
        }
    }

    void kubectlDump()
    {
        QStringList warnings;
        const Scenario scenario = loadScenarioFile(QStringLiteral(KSV_TEST_DATA_DIR "/kubectl-dump.yaml"), &warnings);
        const ClusterState& cluster = scenario.initial;
        QCOMPARE(cluster.nodes.size(), 3);
        QCOMPARE(cluster.pods.size(), 19);
        QCOMPARE(cluster.namespaces.size(), 5);
        QCOMPARE(cluster.priorityClasses.size(), 2);
        QCOMPARE(cluster.services.size(), 4);
        QCOMPARE(cluster.replicaSets.size(), 4);
        QCOMPARE(cluster.statefulSets.size(), 1);
        QCOMPARE(cluster.persistentVolumeClaims.size(), 1);
        QCOMPARE(cluster.persistentVolumes.size(), 1);
        QCOMPARE(cluster.storageClasses.size(), 1);
        QCOMPARE(warnings.size(), 2);
        for (const auto& warning : warnings) {
            QVERIFY2(warning.contains(QStringLiteral("kubectl-dump.yaml:")), qPrintable(warning));
            QVERIFY2(warning.contains(QStringLiteral("skipping ConfigMap")), qPrintable(warning));
        }

        int pending = 0;
        int succeeded = 0;
        for (const auto& pod : cluster.pods) {
            pending += pod.nodeName.isEmpty();
            succeeded += pod.phase == PodPhase::Succeeded;
            // Pods from a real API server already carry the admission defaults; none is added twice.
            const auto notReady = std::count_if(pod.tolerations.cbegin(), pod.tolerations.cend(), [](const Toleration& t) {
                return t.key == QLatin1String("node.kubernetes.io/not-ready");
            });
            QVERIFY(notReady <= 1);
            QVERIFY(pod.priority.has_value());
        }
        QCOMPARE(pending, 1);
        QCOMPARE(succeeded, 1);

        const auto controlPlane = std::find_if(cluster.nodes.cbegin(), cluster.nodes.cend(), [](const Node& n) {
            return n.meta.labels.contains(QStringLiteral("node-role.kubernetes.io/control-plane"));
        });
        QVERIFY(controlPlane != cluster.nodes.cend());
        QCOMPARE(controlPlane->taints.size(), 1);
        QCOMPARE(controlPlane->taints.constFirst().key, QStringLiteral("node-role.kubernetes.io/control-plane"));
        QVERIFY(!controlPlane->images.isEmpty());
        QVERIFY(controlPlane->allocatable.value(ResourceName::memory).value() > 0);
        QVERIFY(controlPlane->meta.creationTimestampMs.has_value());

        const auto etcd = std::find_if(cluster.pods.cbegin(), cluster.pods.cend(),
                                       [](const Pod& p) { return p.meta.name.startsWith(QLatin1String("etcd-")); });
        QVERIFY(etcd != cluster.pods.cend());
        QCOMPARE(etcd->priority, std::optional<int>(systemNodeCriticalPriority));
    }
};

QTEST_GUILESS_MAIN(TestSamples)
#include "tst_samples.moc"
