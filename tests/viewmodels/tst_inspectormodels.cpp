// The pod inspector's models against real runs, without a widget: every attempt's table says what
// the trace's FilterNodes and ScoreNodes blocks and its CycleEnd event say, as the cursor fills it in
// event by event; the history lists the pod's moves in order and grows with the cursor.
#include "attempttablemodel.h"
#include "eventtext.h"
#include "nodedetailrows.h"
#include "playbackhelpers.h"
#include "podhistorymodel.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTest>

using namespace ksv;
using namespace ksv::testing;
using framework::Code;
using trace::EventKind;

namespace {

constexpr auto QtTestReporting = QAbstractItemModelTester::FailureReportingMode::QtTest;

qint32 firstCycleWhere(const trace::TraceIndex& index, qint32 pod, const std::function<bool(const trace::CycleRecord&)>& predicate)
{
    for (const qint32 cycle : index.podCycles(pod)) {
        if (predicate(index.cycles()[size_t(cycle)]))
            return cycle;
    }
    return -1;
}

QString cell(const QAbstractItemModel& model, int row, int column, int role = Qt::DisplayRole)
{
    return model.index(row, column).data(role).toString();
}

// Checks the table of one finished cycle against the trace.
void checkAttempt(const AttemptTableModel& model, const trace::Trace& trace, const trace::CycleRecord& record)
{
    const std::vector<FilterRow> filters = filterRows(trace, record);
    const std::vector<ScoreRow> scores = scoreRows(trace, record);
    const trace::Event& end = trace.at(record.endEvent);
    QCOMPARE(int(end.kind()), int(EventKind::CycleEnd));
    QVERIFY(model.isFinished());
    // A node evaluated twice (the nominated node alone, then with every node) keeps its last verdict.
    QHash<QString, const FilterRow*> verdicts;
    for (const FilterRow& filter : filters)
        verdicts.insert(trace.string(filter.node), &filter);
    QCOMPARE(model.rowCount(), int(verdicts.size()));
    QCOMPARE(model.nominatedFirstRow() >= 0, filters.size() > size_t(verdicts.size()));
    QCOMPARE(model.hasNodeDetail(), !filters.empty());
    QCOMPARE(model.evaluated(), qint32(end.evaluated()));
    QCOMPARE(model.feasible(), end.feasible());
    QCOMPARE(int(model.resultCode()), int(end.code()));
    QCOMPARE(model.message(), trace.string(end.text()));

    int feasible = 0;
    for (const FilterRow* filter : std::as_const(verdicts)) {
        const int row = model.rowOfNode(trace.string(filter->node));
        QVERIFY2(row >= 0, qPrintable(trace.string(filter->node)));
        const QString verdict = cell(model, row, AttemptTableModel::VerdictColumn);
        if (filter->code == quint8(Code::Success)) {
            ++feasible;
            QVERIFY2(verdict.startsWith(QStringLiteral("Feasible")), qPrintable(verdict));
            QCOMPARE(cell(model, row, model.reasonColumn()), QString());
        } else {
            QCOMPARE(verdict, framework::toString(static_cast<Code>(filter->code)));
            QCOMPARE(cell(model, row, model.rejectedByColumn()), trace.string(filter->plugin));
            QCOMPARE(cell(model, row, model.reasonColumn()), trace.string(filter->text));
        }
    }
    if (!filters.empty())
        QCOMPARE(feasible, end.feasible());

    // Totals are Σ normalized × weight over the node's scores.
    QHash<QString, qint64> totals;
    QSet<QString> plugins;
    for (const ScoreRow& score : scores) {
        totals[trace.string(score.node)] += score.normalized * score.weight;
        plugins.insert(trace.string(score.plugin));
    }
    QCOMPARE(model.scorePluginCount(), int(plugins.size()));
    QCOMPARE(model.columnCount(), AttemptTableModel::FixedColumnCount + int(plugins.size()) + 2);
    for (auto it = totals.cbegin(); it != totals.cend(); ++it) {
        const int row = model.rowOfNode(it.key());
        QVERIFY(row >= 0);
        QCOMPARE(model.index(row, AttemptTableModel::TotalColumn).data(AttemptTableModel::TotalRole).toLongLong(), it.value());
        QCOMPARE(model.index(row, AttemptTableModel::TotalColumn).data().toLongLong(), it.value());
    }

    // Preemption prepared in the cycle: the nominated node and the victims.
    QString preemptionNode;
    QStringList victims;
    for (qsizetype i = record.startEvent; i <= record.endEvent; ++i) {
        const trace::Event& event = trace.at(i);
        if (event.kind() == EventKind::Preemption && event.pod() == end.pod())
            preemptionNode = trace.string(event.node());
        if (event.kind() == EventKind::Victim && event.text() == end.pod())
            victims << trace.string(event.pod());
    }
    QCOMPARE(model.preemptionNode(), preemptionNode);
    QCOMPARE(model.victims(), victims);

    if (end.code() == Code::Success) {
        QCOMPARE(model.chosenNode(), trace.string(end.node()));
        if (!filters.empty()) {
            QVERIFY(model.chosenRow() >= 0);
            QCOMPARE(cell(model, model.chosenRow(), AttemptTableModel::NodeColumn), trace.string(end.node()));
            QVERIFY(model.index(model.chosenRow(), 0).data(AttemptTableModel::ChosenRole).toBool());
            QCOMPARE(cell(model, model.chosenRow(), AttemptTableModel::VerdictColumn), QStringLiteral("Feasible · chosen"));
        }
        if (!totals.isEmpty()) {
            const qint64 best = *std::max_element(totals.cbegin(), totals.cend());
            QCOMPARE(totals.value(trace.string(end.node())), best);
        }
    } else {
        QCOMPARE(model.chosenRow(), -1);
        QVERIFY(!model.message().isEmpty());
    }
}

} // namespace

class TestInspectorModels : public QObject
{
    Q_OBJECT

private Q_SLOTS:

    // Every attempt of a run, failed or not, against the trace.
    void everyAttemptMatchesTrace_data()
    {
        QTest::addColumn<QString>("sample");
        QTest::newRow("backlog-node-added") << QStringLiteral("backlog-node-added.yaml");
        QTest::newRow("default") << QStringLiteral("default.yaml");
        QTest::newRow("priority-preemption") << QStringLiteral("priority-preemption.yaml");
        QTest::newRow("gang-scheduling") << QStringLiteral("gang-scheduling.yaml");
        QTest::newRow("zone-spread") << QStringLiteral("zone-spread.yaml");
        QTest::newRow("affinity-spread") << QStringLiteral("affinity-spread.yaml");
        QTest::newRow("database-anti-affinity") << QStringLiteral("database-anti-affinity.yaml");
        QTest::newRow("gpu-pool") << QStringLiteral("gpu-pool.yaml");
    }
    void everyAttemptMatchesTrace()
    {
        QFETCH(QString, sample);
        Session session;
        QVERIFY(runToEnd(session, sample));
        const trace::TraceIndex& index = session.run().index();
        AttemptTableModel model(&index);
        QAbstractItemModelTester tester(&model, QtTestReporting);
        QSortFilterProxyModel proxy;
        proxy.setSourceModel(&model);
        proxy.setSortRole(AttemptTableModel::SortRole);
        proxy.setFilterRole(AttemptTableModel::FilterRole);
        QAbstractItemModelTester proxyTester(&proxy, QtTestReporting);
        proxy.sort(AttemptTableModel::NodeColumn);

        int failed = 0;
        int scored = 0;
        int preempting = 0;
        QVERIFY(!index.cycles().empty());
        for (size_t cycle = 0; cycle < index.cycles().size(); ++cycle) {
            const trace::CycleRecord& record = index.cycles()[cycle];
            QVERIFY(record.endEvent >= 0);
            model.setCycle(qint32(cycle));
            checkAttempt(model, session.run().trace(), record);
            if (QTest::currentTestFailed())
                QFAIL(qPrintable(QStringLiteral("cycle %1 of %2").arg(cycle).arg(index.catalogue().podKey(record.pod))));
            failed += record.code != quint8(Code::Success) ? 1 : 0;
            preempting += model.preemptionNode().isEmpty() ? 0 : 1;
            if (model.scorePluginCount() > 0) {
                ++scored;
                // Sorted by total, descending: the chosen node comes first, rejected nodes last.
                proxy.sort(AttemptTableModel::TotalColumn, Qt::DescendingOrder);
                QCOMPARE(cell(proxy, 0, AttemptTableModel::NodeColumn), model.chosenNode());
                QVERIFY(proxy.index(proxy.rowCount() - 1, 0).data(AttemptTableModel::FeasibleRole).toBool()
                        || proxy.index(proxy.rowCount() - 1, 0).data(AttemptTableModel::TotalRole).toLongLong() == -1);
                proxy.sort(AttemptTableModel::NodeColumn);
            }
        }
        if (sample.startsWith(QStringLiteral("priority"))) {
            QVERIFY(preempting > 0);
        }
        if (sample.startsWith(QStringLiteral("backlog"))) {
            QVERIFY(failed > 0);
            QVERIFY(scored > 0);
        }
        model.setCycle(-1);
        QCOMPARE(model.rowCount(), 0);
    }

    void failedThenScheduledPod()
    {
        Session session;
        QVERIFY(runToEnd(session, QStringLiteral("backlog-node-added.yaml")));
        const trace::TraceIndex& index = session.run().index();
        const qint32 pod = index.catalogue().podIndex(QStringLiteral("media/render-worker-0"));
        QVERIFY(pod >= 0);
        const qint32 failed = firstCycleWhere(index, pod, [](const auto& r) { return r.code != quint8(Code::Success); });
        const qint32 scheduled = firstCycleWhere(index, pod, [](const auto& r) { return r.code == quint8(Code::Success); });
        QVERIFY(failed >= 0);
        QVERIFY(scheduled > failed);

        AttemptTableModel model(&index);
        QAbstractItemModelTester tester(&model, QtTestReporting);
        model.setCycle(failed);
        // Three small nodes at t=0, none with room for 2 CPUs.
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.message(), QStringLiteral("0/3 nodes are available: 3 Insufficient cpu. preemption: 0/3 nodes are available: "
                                                 "3 No preemption victims found for incoming pod."));
        for (int row = 0; row < 3; ++row) {
            QCOMPARE(cell(model, row, model.rejectedByColumn()), QStringLiteral("NodeResourcesFit"));
            QCOMPARE(cell(model, row, model.reasonColumn()), QStringLiteral("Insufficient cpu"));
        }
        bool postFilter = false;
        for (const auto& result : model.pluginResults())
            postFilter = postFilter || (result.point == framework::ExtensionPoint::PostFilter && result.plugin == QStringLiteral("DefaultPreemption"));
        QVERIFY(postFilter);

        model.setCycle(scheduled);
        QVERIFY(model.chosenNode().startsWith(QStringLiteral("render-pool-")));
        QVERIFY(model.scorePluginCount() > 0);
        // Score modes: the columns show normalized × weight, normalized or raw; Total stays the sum.
        const int chosen = model.chosenRow();
        const int column = model.scoreColumn(0);
        const QModelIndex score = model.index(chosen, column);
        const qint64 raw = score.data(AttemptTableModel::RawRole).toLongLong();
        const qint64 normalized = score.data(AttemptTableModel::NormalizedRole).toLongLong();
        const qint64 weight = score.data(AttemptTableModel::WeightRole).toLongLong();
        QCOMPARE(score.data().toLongLong(), normalized * weight);
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        model.setScoreMode(AttemptTableModel::ScoreMode::Raw);
        QCOMPARE(changed.size(), 1);
        QCOMPARE(model.index(chosen, column).data().toLongLong(), raw);
        model.setScoreMode(AttemptTableModel::ScoreMode::Normalized);
        QCOMPARE(model.index(chosen, column).data().toLongLong(), normalized);
        QVERIFY(score.data(Qt::ToolTipRole).toString().contains(QStringLiteral("raw %1").arg(raw)));

        // Nodes that existed but were not evaluated: none here, every node is evaluated (small
        // cluster); graviton-0 does not exist yet at 45s.
        model.setShowUnevaluated(true);
        QCOMPARE(model.rowCount(), 6);
        QCOMPARE(model.rowOfNode(QStringLiteral("graviton-0")), -1);
    }

    // Stepping through a cycle fills the table in event by event.
    void limitFillsTheTableIn()
    {
        Session session;
        QVERIFY(runToEnd(session, QStringLiteral("backlog-node-added.yaml")));
        const trace::TraceIndex& index = session.run().index();
        const trace::Trace& trace = session.run().trace();
        const qint32 pod = index.catalogue().podIndex(QStringLiteral("media/render-worker-0"));
        const qint32 scheduled = firstCycleWhere(index, pod, [](const auto& r) { return r.code == quint8(Code::Success); });
        const trace::CycleRecord& record = index.cycles()[size_t(scheduled)];

        AttemptTableModel model(&index);
        QAbstractItemModelTester tester(&model, QtTestReporting);
        QSortFilterProxyModel proxy;
        proxy.setSourceModel(&model);
        proxy.setSortRole(AttemptTableModel::SortRole);
        QAbstractItemModelTester proxyTester(&proxy, QtTestReporting);
        proxy.sort(1, Qt::DescendingOrder);
        model.setLimit(record.startEvent);
        model.setCycle(scheduled);
        QVERIFY(!model.isStarted());
        QCOMPARE(model.rowCount(), 0);
        QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
        int filters = 0;
        int lastRows = 0;
        for (qsizetype position = record.startEvent + 1; position <= record.endEvent + 1; ++position) {
            model.setLimit(position);
            const trace::Event& event = trace.at(position - 1);
            filters += event.kind() == EventKind::FilterNodes && event.cycle() == record.cycle ? int(trace.filterNodes(event).size()) : 0;
            QVERIFY(model.isStarted());
            QCOMPARE(model.rowCount(), filters);
            QVERIFY(model.rowCount() >= lastRows);
            lastRows = model.rowCount();
            QCOMPARE(model.isFinished(), position > record.endEvent);
        }
        QVERIFY(resets.size() > 0);
        QCOMPARE(model.chosenNode(), trace.string(trace.at(record.endEvent).node()));
        // Unrelated events (outside the cycle) do not rebuild the table.
        resets.clear();
        model.setLimit(record.endEvent + 1);
        QCOMPARE(resets.size(), 0);
        model.setLimit(-1);
        QVERIFY(model.isFinished());
    }

    void historyListsMovesInOrder()
    {
        Session session;
        QVERIFY(runToEnd(session, QStringLiteral("backlog-node-added.yaml")));
        const trace::TraceIndex& index = session.run().index();
        const trace::Trace& trace = session.run().trace();
        const qint32 pod = index.catalogue().podIndex(QStringLiteral("media/render-worker-0"));
        PodHistoryModel history(&index);
        QAbstractItemModelTester tester(&history, QtTestReporting);
        history.setPod(pod);
        history.setLimit(session.view.cursor());

        QStringList moves;
        QStringList expected;
        int attempts = 0;
        for (int row = 0; row < history.rowCount(); ++row) {
            const auto kind = static_cast<EventKind>(history.index(row, 0).data(PodHistoryModel::KindRole).toInt());
            if (kind == EventKind::QueueMove)
                moves << cell(history, row, PodHistoryModel::WhatColumn);
            if (kind == EventKind::CycleStart) {
                ++attempts;
                QCOMPARE(cell(history, row, PodHistoryModel::WhatColumn), QStringLiteral("Attempt %1").arg(attempts));
                QCOMPARE(history.index(row, 0).data(PodHistoryModel::CycleIndexRole).toInt(), index.podCycles(pod)[size_t(attempts - 1)]);
            }
        }
        for (const qint32 position : index.podEvents(pod)) {
            if (trace.at(position).kind() == EventKind::QueueMove)
                expected << eventtext::move(trace.at(position));
        }
        QCOMPARE(moves, expected);
        QCOMPARE(attempts, int(index.podCycles(pod).size()));
        // Fails at t=0, waits in the unschedulable queue, comes back when the nodes are added, is bound.
        QVERIFY(moves.size() >= 6);
        QCOMPARE(moves.first(), QStringLiteral("new → Active"));
        QCOMPARE(moves.at(1), QStringLiteral("Active → Scheduling"));
        QVERIFY2(moves.at(2) == QStringLiteral("Scheduling → Unschedulable") || moves.at(2) == QStringLiteral("Scheduling → Backoff"),
                 qPrintable(moves.at(2)));
        QVERIFY(moves.contains(QStringLiteral("Binding → Bound")));
        QCOMPARE(moves.last(), QStringLiteral("Binding → Bound"));
        // Each move leaves where the previous one arrived.
        for (qsizetype i = 1; i < moves.size(); ++i)
            QCOMPARE(moves.at(i).section(QStringLiteral(" → "), 0, 0), moves.at(i - 1).section(QStringLiteral(" → "), 1, 1));
        // The failed attempt's result and message.
        bool failure = false;
        for (int row = 0; row < history.rowCount(); ++row) {
            if (history.index(row, 0).data(PodHistoryModel::KindRole).toInt() == int(EventKind::CycleEnd)
                && cell(history, row, PodHistoryModel::WhatColumn) == QStringLiteral("Unschedulable")) {
                failure = true;
                QVERIFY(cell(history, row, PodHistoryModel::DetailColumn).startsWith(QStringLiteral("0/3 nodes are available")));
                break;
            }
        }
        QVERIFY(failure);

        // Growing with the cursor: rows appended in batches, never reset; going back drops the tail.
        const int all = history.rowCount();
        QSignalSpy inserted(&history, &QAbstractItemModel::rowsInserted);
        QSignalSpy resets(&history, &QAbstractItemModel::modelReset);
        history.setLimit(0);
        QCOMPARE(history.rowCount(), 0);
        const qsizetype end = session.view.cursor();
        int previous = 0;
        for (int step = 1; step <= 40; ++step) {
            history.setLimit(end * step / 40);
            QVERIFY(history.rowCount() >= previous);
            previous = history.rowCount();
        }
        QCOMPARE(history.rowCount(), all);
        QVERIFY(inserted.size() > 1);
        QCOMPARE(resets.size(), 0);
        history.setLimit(end / 2);
        QVERIFY(history.rowCount() < all);
        for (int row = 0; row < history.rowCount(); ++row)
            QVERIFY(history.index(row, 0).data(PodHistoryModel::PositionRole).toLongLong() < end / 2);
        history.setShowAllPluginResults(true);
        QVERIFY(history.rowCount() > 0);
        history.setLimit(-1);
        QVERIFY(history.rowCount() > all);
        history.setPod(-1);
        QCOMPARE(history.rowCount(), 0);
    }


    // A run without per-node detail: the table is empty, the cycle's totals and message are there.
    void noNodeDetail()
    {
        Session session;
        SimulationOptions options;
        options.nodeDetail = false;
        QVERIFY(runToEnd(session, QStringLiteral("backlog-node-added.yaml"), options));
        const trace::TraceIndex& index = session.run().index();
        AttemptTableModel model(&index);
        QAbstractItemModelTester tester(&model, QtTestReporting);
        model.setCycle(0);
        QVERIFY(model.isFinished());
        QVERIFY(!model.hasNodeDetail());
        QCOMPARE(model.rowCount(), 0);
        QVERIFY(model.evaluated() > 0);
        QVERIFY(!model.message().isEmpty());
    }
};

QTEST_MAIN(TestInspectorModels)
#include "tst_inspectormodels.moc"
