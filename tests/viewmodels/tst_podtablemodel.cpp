// The Pods tab follows the cursor (it listed the scenario's pods at t=0 whatever the cursor showed):
// the pods in the cluster there, where each is, sorted and filtered by the model itself, with the
// selection kept on its pods while rows come, go and move. Under QAbstractItemModelTester throughout.

#include "playbackhelpers.h"
#include "format.h"
#include "podtablemodel.h"
#include "queuelanes.h"

#include <QAbstractItemModelTester>
#include <QItemSelectionModel>
#include <QSignalSpy>
#include <QTest>

using namespace ksv;
using namespace ksv::testing;

namespace {

QStringList column(const PodTableModel& model, int column)
{
    QStringList cells;
    for (int row = 0; row < model.rowCount(); ++row)
        cells.append(model.index(row, column).data().toString());
    return cells;
}

} // namespace

class TestPodTableModel : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void followsTheCursor()
    {
        Session session;
        QVERIFY(runToEnd(session, QStringLiteral("default.yaml")));
        const trace::TraceIndex& index = session.run().index();
        PodTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setRun(&index);
        QCOMPARE(model.rowCount(), 0); // no state yet

        // At t=0: the file's pods, by name, including the migration Job pod deleted at 800 ms.
        const trace::ReplayState start = index.stateAt(0);
        model.refresh(start);
        const auto scenario = sample(QStringLiteral("default.yaml"));
        QStringList initial;
        for (const Pod& pod : scenario->initial.pods)
            initial.append(pod.key());
        initial.sort();
        QCOMPARE(column(model, PodTableModel::PodColumn), initial);
        QVERIFY(initial.contains(QStringLiteral("default/db-migrate-7xk2p")));

        // At the end: the deleted pod has left, and every pod shows where the replay has it.
        const trace::ReplayState& end = session.run().state();
        model.refresh(end);
        const QStringList atEnd = column(model, PodTableModel::PodColumn);
        QVERIFY(!atEnd.contains(QStringLiteral("default/db-migrate-7xk2p")));
        QCOMPARE(atEnd.size(), initial.size() - 1);
        QVERIFY(std::ranges::is_sorted(atEnd));
        int present = 0;
        for (qint32 pod = 0; pod < index.catalogue().podCount(); ++pod) {
            const trace::PodRow& row = end.pods[size_t(pod)];
            if (!row.present || row.location == trace::PodLocation::Deleted)
                continue;
            ++present;
            const int at = model.rowOfPod(pod);
            QVERIFY(at >= 0);
            QCOMPARE(model.podAt(at), pod);
            QCOMPARE(model.index(at, PodTableModel::NodeColumn).data().toString(),
                     row.node >= 0 ? index.catalogue().nodeName(row.node) : QStringLiteral("—"));
            QCOMPARE(model.index(at, PodTableModel::AttemptsColumn).data().toInt(), row.attempts);
            QCOMPARE(model.index(at, PodTableModel::CpuColumn).data().toString(),
                     format::cpu(end.podRequests[size_t(pod) * size_t(end.measureCount) + trace::MeasureCpu]));
            if (row.location != trace::PodLocation::None)
                QCOMPARE(model.index(at, PodTableModel::StateColumn).data().toString(), laneTitle(row.location));
        }
        QCOMPARE(model.rowCount(), present);
    }

    // Pods created during the run are not there at its start, and are once created.
    void createdPodsAppear()
    {
        Session session;
        QVERIFY(runToEnd(session, QStringLiteral("priority-preemption.yaml")));
        const trace::TraceIndex& index = session.run().index();
        PodTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setRun(&index);
        const trace::ReplayState start = index.stateAt(0);
        model.refresh(start);
        QStringList created;
        for (qint32 pod = 0; pod < index.catalogue().podCount(); ++pod) {
            if (index.catalogue().initialPod(pod) >= 0)
                continue;
            created.append(index.catalogue().podKey(pod));
            QCOMPARE(model.rowOfPod(pod), -1);
        }
        // Two replicas of one created template, and one pod on its own.
        QCOMPARE(created, QStringList({QStringLiteral("shop/checkout-api-7f6d5c4b8-0"), QStringLiteral("shop/checkout-api-7f6d5c4b8-1"),
                                       QStringLiteral("analytics/adhoc-analytics")}));
        model.refresh(session.run().state());
        for (const QString& key : created)
            QVERIFY2(model.rowOfPod(index.catalogue().podIndex(key)) >= 0, qPrintable(key));
    }

    void sortsAndFiltersItself()
    {
        Session session;
        QVERIFY(runToEnd(session, QStringLiteral("default.yaml")));
        const trace::TraceIndex& index = session.run().index();
        const trace::ReplayState& end = session.run().state();
        PodTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setRun(&index);
        model.refresh(end);
        const int all = model.rowCount();

        // By CPU request, largest first; equal requests stay in name order.
        model.sort(PodTableModel::CpuColumn, Qt::DescendingOrder);
        QCOMPARE(model.rowCount(), all);
        for (int row = 1; row < model.rowCount(); ++row) {
            const qint64 above = end.podRequests[size_t(model.podAt(row - 1)) * size_t(end.measureCount) + trace::MeasureCpu];
            const qint64 below = end.podRequests[size_t(model.podAt(row)) * size_t(end.measureCount) + trace::MeasureCpu];
            QVERIFY(above >= below);
            if (above == below)
                QVERIFY(index.catalogue().podKey(model.podAt(row - 1)) < index.catalogue().podKey(model.podAt(row)));
        }

        // The filter matches the node, any case: only the pods on big-0 are left.
        model.setFilterText(QStringLiteral("BIG-0"));
        QVERIFY(model.rowCount() > 0);
        QVERIFY(model.rowCount() < all);
        for (const QString& node : column(model, PodTableModel::NodeColumn))
            QCOMPARE(node, QStringLiteral("big-0"));
        // ... and the state: every pod still in a queue says so.
        model.setFilterText(QStringLiteral("bound"));
        QCOMPARE(model.rowCount(), end.count(trace::PodLocation::Bound));
        model.setFilterText({});
        QCOMPARE(model.rowCount(), all);
    }

    // Rows come, go and reorder as the cursor moves; a selected pod stays selected, wherever its row.
    void selectionStaysOnItsPod()
    {
        Session session;
        QVERIFY(runToEnd(session, QStringLiteral("default.yaml")));
        const trace::TraceIndex& index = session.run().index();
        PodTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QItemSelectionModel selection(&model);
        model.setRun(&index);
        model.sort(PodTableModel::NodeColumn, Qt::DescendingOrder); // bound pods move as they bind
        const trace::ReplayState start = index.stateAt(0);
        model.refresh(start);

        const qint32 chosen = model.podAt(model.rowCount() - 1);
        selection.select(model.index(model.rowCount() - 1, 0), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
        QSignalSpy moves(&model, &QAbstractItemModel::layoutChanged);
        QSignalSpy removals(&model, &QAbstractItemModel::rowsRemoved);
        QSignalSpy insertions(&model, &QAbstractItemModel::rowsInserted);

        for (const qsizetype position : {index.positionAfter(nanosPerSecond), index.indexed(), qsizetype(0)}) {
            const trace::ReplayState state = index.stateAt(position);
            model.refresh(state);
            const QModelIndexList selected = selection.selectedRows();
            QCOMPARE(selected.size(), 1);
            QCOMPARE(model.podAt(selected.front().row()), chosen);
        }
        QCOMPARE(resets.size(), 0); // no reset: the view keeps its scroll position and selection
        QVERIFY(moves.size() > 0);
        QVERIFY(removals.size() > 0); // the deleted migration pod left, then the created ones
        QVERIFY(insertions.size() > 0);

        // A new run starts empty.
        model.setRun(nullptr);
        QCOMPARE(model.rowCount(), 0);
    }
};

QTEST_MAIN(TestPodTableModel)
#include "tst_podtablemodel.moc"
