// The Nodes table under QAbstractItemModelTester and a proxy, and the load job that reads a scenario
// off the GUI thread. (The tables at the cursor: tst_nodesatcursor and tst_podtablemodel.)
#include "nodetablemodel.h"
#include "scenarioloadjob.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTest>

using namespace ksv;

class TestClusterModels : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        qputenv("KSV_NO_DIALOGS", "1");
        QCoreApplication::setOrganizationName(QStringLiteral("kschedviz-tests"));
    }

    void nodeModel()
    {
        NodeTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSortFilterProxyModel proxy;
        proxy.setSourceModel(&model);
        proxy.setSortRole(NodeTableModel::SortRole);
        proxy.setFilterRole(NodeTableModel::FilterRole);
        QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);

        NodeRow a {QStringLiteral("n1"), QStringLiteral("zone-a"), 4000, 8LL << 30, 110, 1500, 2LL << 30, 3, QStringLiteral("gpu=yes:NoSchedule"), true, false};
        NodeRow b {QStringLiteral("n2"), QStringLiteral("zone-b"), 2000, 4LL << 30, 110, 0, 0, 0, {}, false, true};
        model.setRows({a, b});
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.index(0, NodeTableModel::CpuColumn).data().toString(), QStringLiteral("1.50 / 4"));
        QCOMPARE(model.index(0, NodeTableModel::MemoryColumn).data().toString(), QStringLiteral("2 GiB / 8 GiB"));
        QCOMPARE(model.index(0, NodeTableModel::PodsColumn).data().toString(), QStringLiteral("3 / 110"));
        QCOMPARE(model.index(1, NodeTableModel::StatusColumn).data().toString(), QStringLiteral("NotReady, SchedulingDisabled"));
        proxy.sort(NodeTableModel::CpuColumn, Qt::DescendingOrder);
        QCOMPARE(proxy.index(0, 0).data().toString(), QStringLiteral("n1"));
        proxy.setFilterFixedString(QStringLiteral("zone-b"));
        QCOMPARE(proxy.rowCount(), 1);
        model.setRows({});
        QCOMPARE(proxy.rowCount(), 0);
    }

    void loadJobDropsSupersededResults()
    {
        ScenarioLoadJob job;
        QSignalSpy loaded(&job, &ScenarioLoadJob::loaded);
        QSignalSpy failed(&job, &ScenarioLoadJob::failed);
        // Three requests in a row: only the last one's result may arrive.
        job.load(QStringLiteral(KSV_SAMPLES_DIR "/gpu-pool.yaml"));
        job.load(QStringLiteral(KSV_TEST_DATA_DIR "/no-such-file.yaml"));
        job.load(QStringLiteral(KSV_SAMPLES_DIR "/zone-spread.yaml"));
        QTRY_COMPARE_WITH_TIMEOUT(loaded.size(), 1, 10000);
        QTRY_VERIFY_WITH_TIMEOUT(!job.isLoading(), 10000);
        QCOMPARE(failed.size(), 0);
        const auto result = loaded.constFirst().constFirst().value<std::shared_ptr<const LoadedScenario>>();
        QCOMPARE(result->scenario->name, QStringLiteral("zone-spread"));
    }
};

QTEST_MAIN(TestClusterModels)
#include "tst_clustermodels.moc"
