// The Nodes table follows the cursor: the nodes that exist at it, with what is requested there
// (issue 20, finding 7: it listed the scenario's nodes at t=0 whatever the cursor showed).

#include "cluster/scenariosource.h"
#include "nodesatcursor.h"
#include "nodetablemodel.h"
#include "scenario/effectiveconfig.h"
#include "scenario/loader.h"
#include "simulation/simulator.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTest>

using namespace ksv;

namespace {

struct Run
{
    std::shared_ptr<const Scenario> scenario;
    std::shared_ptr<trace::Trace> trace = std::make_shared<trace::Trace>();
    std::unique_ptr<trace::TraceIndex> index;
};

Run runSample(const QString& name)
{
    Run run;
    run.scenario = std::make_shared<const Scenario>(loadScenarioFile(QStringLiteral(KSV_SAMPLES_DIR "/") + name));
    Simulator(*run.scenario, effectiveConfiguration(*run.scenario), {}, *run.trace).run();
    run.index = std::make_unique<trace::TraceIndex>(trace::ReplayCatalogue(ScenarioSource(run.scenario)), run.trace, run.scenario->timing);
    run.index->advance(run.trace->size());
    return run;
}

QStringList names(const QList<NodeRow>& rows)
{
    QStringList result;
    for (const NodeRow& row : rows)
        result.append(row.name);
    return result;
}

} // namespace

class TestNodesAtCursor : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void followsTheCursor()
    {
        const Run run = runSample(QStringLiteral("default.yaml"));
        const trace::TraceIndex& index = *run.index;
        NodesAtCursor nodes;

        // At the start: the scenario's nodes, and what the pods bound from the start request.
        const trace::ReplayState start = index.stateAt(0);
        const QList<NodeRow> atStart = nodes.rows(index, start);
        QStringList initial;
        for (const Node& node : run.scenario->initial.nodes)
            initial.append(node.meta.name);
        QCOMPARE(names(atStart), initial);
        QVERIFY(!names(atStart).contains(QStringLiteral("big-0")));

        // After 30 s the bigger node has joined, with its zone and allocatable from its spec.
        const trace::ReplayState end = index.stateAt(index.indexed());
        const QList<NodeRow> atEnd = nodes.rows(index, end);
        QCOMPARE(atEnd.size(), atStart.size() + 1);
        const NodeRow& big = atEnd.back();
        QCOMPARE(big.name, QStringLiteral("big-0"));
        QCOMPARE(big.zone, QStringLiteral("us-east-1a"));
        QCOMPARE(big.allocatableMilliCpu, 15890);
        QCOMPARE(big.allocatablePods, 110);

        // Requests are the state's: the pods bound, binding or waiting there at the cursor.
        qint64 total = 0;
        for (const NodeRow& row : atEnd) {
            const qint32 node = index.catalogue().nodeIndex(row.name);
            QCOMPARE(row.requestedMilliCpu, end.requested(node, trace::MeasureCpu));
            QCOMPARE(row.requestedMemory, end.requested(node, trace::MeasureMemory));
            QCOMPARE(row.podCount, end.requested(node, trace::MeasurePods));
            total += row.podCount;
        }
        QCOMPARE(total, qint64(end.count(trace::PodLocation::Bound) + end.count(trace::PodLocation::Binding)
                               + end.count(trace::PodLocation::WaitingOnPermit)));
        QVERIFY(total > 0);

        // Back at the start again: the rows worked out per spec are reused, and still right.
        QCOMPARE(names(nodes.rows(index, start)), initial);
        const QList<NodeRow> again = nodes.rows(index, start);
        for (qsizetype i = 0; i < again.size(); ++i) {
            QCOMPARE(again[i].requestedMilliCpu, atStart[i].requestedMilliCpu);
            QCOMPARE(again[i].taints, atStart[i].taints);
        }
    }

    // Moving the cursor among the same nodes changes cells in place; other nodes reset the model.
    void modelKeepsItsRowsWhenTheNodesStay()
    {
        const Run run = runSample(QStringLiteral("default.yaml"));
        const trace::TraceIndex& index = *run.index;
        NodesAtCursor nodes;
        NodeTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSortFilterProxyModel proxy;
        proxy.setSourceModel(&model);
        proxy.setSortRole(NodeTableModel::SortRole);
        QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        proxy.sort(NodeTableModel::CpuColumn, Qt::DescendingOrder);

        QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
        QSignalSpy changes(&model, &QAbstractItemModel::dataChanged);
        model.setRows(nodes.rows(index, index.stateAt(0)));
        QCOMPARE(resets.size(), 1);
        const int before = model.rowCount();
        const qsizetype beforeJoin = index.positionAfter(29 * nanosPerSecond);
        model.setRows(nodes.rows(index, index.stateAt(beforeJoin)));
        QCOMPARE(resets.size(), 1);
        QCOMPARE(changes.size(), 1);
        QCOMPARE(model.rowCount(), before);
        model.setRows(nodes.rows(index, index.stateAt(index.indexed())));
        QCOMPARE(resets.size(), 2);
        QCOMPARE(model.rowCount(), before + 1);
        // The busiest node sorts first, by its share of cpu at the cursor.
        const QModelIndex top = proxy.index(0, NodeTableModel::NameColumn);
        const qint32 node = index.catalogue().nodeIndex(top.data().toString());
        const trace::ReplayState end = index.stateAt(index.indexed());
        for (qint32 other = 0; other < index.catalogue().nodeCount(); ++other) {
            if (!end.nodeExists(other) || end.allocatable(other, trace::MeasureCpu) == 0)
                continue;
            QVERIFY(double(end.requested(node, trace::MeasureCpu)) / double(end.allocatable(node, trace::MeasureCpu))
                    >= double(end.requested(other, trace::MeasureCpu)) / double(end.allocatable(other, trace::MeasureCpu)));
        }
    }
};

QTEST_GUILESS_MAIN(TestNodesAtCursor)
#include "tst_nodesatcursor.moc"
