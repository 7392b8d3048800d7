// The pod inspector against real runs: every attempt's table says what the trace's FilterNodes and
// ScoreNodes blocks and its CycleEnd event say; the history lists the pod's moves in order; the widget follows
// Playback's selection and switches attempts from its history.
#include "attempttablemodel.h"
#include "eventtext.h"
#include "nodedetailrows.h"
#include "playbackhelpers.h"
#include "podhistorymodel.h"
#include "podinspector.h"
#include "theme.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QDir>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSet>
#include <QSortFilterProxyModel>
#include <QStackedWidget>
#include <QVBoxLayout>
#include <QTableView>
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
    void initTestCase() { qputenv("KSV_NO_DIALOGS", "1"); }

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
        Playback playback;
        QVERIFY(runToEnd(playback, sample));
        const trace::TraceIndex& index = *playback.index();
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
            checkAttempt(model, *playback.trace(), record);
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
        Playback playback;
        QVERIFY(runToEnd(playback, QStringLiteral("backlog-node-added.yaml")));
        const trace::TraceIndex& index = *playback.index();
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
        Playback playback;
        QVERIFY(runToEnd(playback, QStringLiteral("backlog-node-added.yaml")));
        const trace::TraceIndex& index = *playback.index();
        const trace::Trace& trace = *playback.trace();
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
        Playback playback;
        QVERIFY(runToEnd(playback, QStringLiteral("backlog-node-added.yaml")));
        const trace::TraceIndex& index = *playback.index();
        const trace::Trace& trace = *playback.trace();
        const qint32 pod = index.catalogue().podIndex(QStringLiteral("media/render-worker-0"));
        PodHistoryModel history(&index);
        QAbstractItemModelTester tester(&history, QtTestReporting);
        history.setPod(pod);
        history.setLimit(playback.cursor());

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
        const qsizetype end = playback.cursor();
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

    // Past the budget for node detail, attempts have none, and the inspector says from which
    // cycle on and why; attempts before it keep theirs.
    void nodeDetailBudgetSpent()
    {
        Playback playback;
        SimulationOptions options;
        options.nodeDetailBudget = 1; // the first block's chunk spends it
        QVERIFY(runToEnd(playback, QStringLiteral("backlog-node-added.yaml"), options));
        const trace::TraceIndex& index = *playback.index();
        const qint32 cutoff = playback.trace()->nodeDetailCutoff();
        QVERIFY(cutoff > 0);
        qint32 before = -1;
        qint32 after = -1;
        for (size_t i = 0; i < index.cycles().size(); ++i) {
            const trace::CycleRecord& record = index.cycles()[i];
            if (record.endEvent < 0 || record.evaluated == 0)
                continue;
            if (record.cycle < cutoff && before < 0)
                before = qint32(i);
            if (record.cycle >= cutoff && after < 0)
                after = qint32(i);
        }
        QVERIFY(before >= 0 && after >= 0);
        PodInspector inspector(&playback);
        playback.selectCycle(before);
        QVERIFY(inspector.attemptModel()->hasNodeDetail());
        QVERIFY(!inspector.isShowingNoDetailNote());
        playback.selectCycle(after);
        QVERIFY(!inspector.attemptModel()->hasNodeDetail());
        QVERIFY(inspector.isShowingNoDetailNote());
        QVERIFY2(inspector.noDetailNote().contains(QStringLiteral("stopped at cycle %1").arg(cutoff)), qPrintable(inspector.noDetailNote()));
        if (const QString directory = qEnvironmentVariable("KSV_SCREENSHOT_DIR"); !directory.isEmpty()) {
            inspector.resize(1000, 600);
            inspector.show();
            QVERIFY(QTest::qWaitForWindowExposed(&inspector));
            QVERIFY(inspector.grab().save(directory + QStringLiteral("/inspector-detail-budget-spent.png")));
        }
    }

    void noNodeDetail()
    {
        Playback playback;
        SimulationOptions options;
        options.nodeDetail = false;
        QVERIFY(runToEnd(playback, QStringLiteral("backlog-node-added.yaml"), options));
        const trace::TraceIndex& index = *playback.index();
        AttemptTableModel model(&index);
        QAbstractItemModelTester tester(&model, QtTestReporting);
        model.setCycle(0);
        QVERIFY(model.isFinished());
        QVERIFY(!model.hasNodeDetail());
        QCOMPARE(model.rowCount(), 0);
        QVERIFY(model.evaluated() > 0);
        QVERIFY(!model.message().isEmpty());

        // The inspector says why its table is empty.
        PodInspector inspector(&playback);
        playback.selectCycle(0);
        QVERIFY(inspector.isShowingNoDetailNote());
        QVERIFY(inspector.noDetailNote().contains(QStringLiteral("--no-node-detail")));
        QVERIFY(inspector.outcomeText().contains(QStringLiteral("FailedScheduling")));
        if (const QString directory = qEnvironmentVariable("KSV_SCREENSHOT_DIR"); !directory.isEmpty()) {
            inspector.resize(1400, 900);
            inspector.show();
            QVERIFY(QTest::qWaitForWindowExposed(&inspector));
            QVERIFY(inspector.grab().save(directory + QStringLiteral("/inspector-no-detail.png")));
        }
    }

    void inspectorFollowsSelection()
    {
        Playback playback;
        QVERIFY(runToEnd(playback, QStringLiteral("backlog-node-added.yaml")));
        const trace::TraceIndex& index = *playback.index();
        PodInspector inspector(&playback);
        QAbstractItemModelTester proxyTester(inspector.attemptProxy(), QtTestReporting);
        inspector.resize(1400, 900);
        inspector.show();
        QVERIFY(QTest::qWaitForWindowExposed(&inspector));
        QVERIFY(inspector.isShowingPlaceholder());

        const qint32 pod = index.catalogue().podIndex(QStringLiteral("media/render-worker-0"));
        playback.selectPod(pod);
        QVERIFY(!inspector.isShowingPlaceholder());
        QCOMPARE(inspector.attemptModel()->cycle(), playback.selectedCycle());
        QCOMPARE(inspector.attemptModel()->cycle(), index.podCycles(pod).back());
        QCOMPARE(inspector.attemptSelector()->count(), int(index.podCycles(pod).size()));
        QVERIFY(inspector.outcomeText().contains(QStringLiteral("Chose ") + inspector.attemptModel()->chosenNode()));
        QVERIFY(inspector.outcomeText().contains(QStringLiteral("Bound at")));
        // The proxy sorts by total, descending: the chosen node is on top.
        QCOMPARE(cell(*inspector.attemptProxy(), 0, AttemptTableModel::NodeColumn), inspector.attemptModel()->chosenNode());
        QVERIFY(!inspector.isShowingNoDetailNote());
        // The node filter box narrows the table.
        auto* nodeFilter = inspector.findChild<QLineEdit*>();
        QVERIFY(nodeFilter);
        nodeFilter->setText(QStringLiteral("render-pool"));
        QCOMPARE(inspector.attemptProxy()->rowCount(), 3);
        QCOMPARE(cell(*inspector.attemptProxy(), 0, AttemptTableModel::NodeColumn), inspector.attemptModel()->chosenNode());
        nodeFilter->setText(QStringLiteral("WORKER"));
        QCOMPARE(inspector.attemptProxy()->rowCount(), 3);
        QVERIFY(!inspector.attemptProxy()->index(0, 0).data(AttemptTableModel::FeasibleRole).toBool());
        nodeFilter->clear();
        QCOMPARE(inspector.attemptProxy()->rowCount(), 6);

        // Clicking the first attempt in the history shows it above.
        const qint32 first = index.podCycles(pod).front();
        const int row = inspector.historyModel()->rowOfCycleStart(first);
        QVERIFY(row >= 0);
        QTableView* history = inspector.historyView();
        history->scrollTo(history->model()->index(row, 0));
        QTest::mouseClick(history->viewport(), Qt::LeftButton, {}, history->visualRect(history->model()->index(row, PodHistoryModel::WhatColumn)).center());
        QCOMPARE(playback.selectedCycle(), first);
        QCOMPARE(inspector.attemptModel()->cycle(), first);
        QVERIFY(inspector.outcomeText().contains(QStringLiteral("FailedScheduling")));
        QVERIFY(inspector.outcomeText().contains(QStringLiteral("Insufficient cpu")));
        QCOMPARE(inspector.attemptSelector()->currentData().toInt(), first);

        // Going back in time before the shown attempt falls back to the attempt at the cursor.
        playback.seekPosition(index.cycles()[size_t(first)].startEvent + 1);
        QTRY_COMPARE(playback.cursor(), index.cycles()[size_t(first)].startEvent + 1);
        QCOMPARE(inspector.attemptModel()->cycle(), first);
        QVERIFY(!inspector.attemptModel()->isFinished());
        QVERIFY(inspector.outcomeText().contains(QStringLiteral("in progress")));

        if (const QString directory = qEnvironmentVariable("KSV_SCREENSHOT_DIR"); !directory.isEmpty()) {
            QDir().mkpath(directory);
            playback.seekPosition(playback.published());
            QTRY_COMPARE(playback.cursor(), playback.published());
            playback.selectCycle(first);
            QTest::qWait(50);
            QVERIFY(inspector.grab().save(directory + QStringLiteral("/inspector-failed.png")));
            playback.selectPod(pod);
            QTest::qWait(50);
            QVERIFY(inspector.grab().save(directory + QStringLiteral("/inspector-scheduled.png")));
            playback.selectPod(index.catalogue().podIndex(QStringLiteral("media/thumbnailer-arm64")));
            QTest::qWait(50);
            QVERIFY(inspector.grab().save(directory + QStringLiteral("/inspector-thumbnailer.png")));
        }

        playback.selectPod(-1);
        QVERIFY(inspector.isShowingPlaceholder());
        if (const QString directory = qEnvironmentVariable("KSV_SCREENSHOT_DIR"); !directory.isEmpty())
            QVERIFY(inspector.grab().save(directory + QStringLiteral("/inspector-empty.png")));
    }

    // Attached before the run: the history grows with the cursor and the inspector moves on to
    // each new attempt of the pod it shows.
    void followsALiveRun()
    {
        Playback playback;
        PodInspector inspector(&playback);
        QAbstractItemModelTester historyTester(inspector.historyModel(), QtTestReporting);
        QAbstractItemModelTester attemptTester(inspector.attemptModel(), QtTestReporting);
        QAbstractItemModelTester proxyTester(inspector.attemptProxy(), QtTestReporting);
        QVERIFY(inspector.isShowingPlaceholder());
        const auto scenario = sample(QStringLiteral("backlog-node-added.yaml"));
        const QString key = QStringLiteral("media/render-worker-0");
        int cyclesSeen = 0;
        QList<qint32> shown;
        connect(&playback, &Playback::cursorChanged, this, [&] {
            const qint32 pod = playback.index()->catalogue().podIndex(key);
            if (playback.selectedPod() < 0 && playback.state().pods[size_t(pod)].attempts > 0)
                playback.selectPod(pod);
            if (playback.selectedPod() == pod && (shown.isEmpty() || shown.back() != inspector.attemptModel()->cycle()))
                shown << inspector.attemptModel()->cycle();
            cyclesSeen = std::max(cyclesSeen, int(inspector.attemptSelector()->count()));
        });
        playback.load(scenario, configurationOf(*scenario), {});
        playback.setSpeed(500);
        playback.play();
        QTRY_VERIFY_WITH_TIMEOUT(playback.isFinished() && playback.cursor() == playback.published(), 60000);

        const trace::TraceIndex& index = *playback.index();
        const qint32 pod = index.catalogue().podIndex(key);
        const auto& cycles = index.podCycles(pod);
        QCOMPARE(playback.selectedPod(), pod);
        // Both attempts were shown in turn, the latest last.
        QCOMPARE(shown, QList<qint32>(cycles.cbegin(), cycles.cend()));
        QCOMPARE(inspector.attemptModel()->cycle(), cycles.back());
        QVERIFY(inspector.attemptModel()->isFinished());
        QCOMPARE(inspector.attemptModel()->chosenNode(), index.catalogue().nodeName(index.cycles()[size_t(cycles.back())].node));
        QCOMPARE(cyclesSeen, int(cycles.size()));
        // The history grown along the way equals one built at the end.
        PodHistoryModel fresh(&index);
        fresh.setPod(pod);
        fresh.setLimit(playback.cursor());
        QCOMPARE(inspector.historyModel()->rowCount(), fresh.rowCount());
        for (int row = 0; row < fresh.rowCount(); ++row)
            QCOMPARE(inspector.historyModel()->positionAt(row), fresh.positionAt(row));
    }

    // As the cursor moves the outcome's wrapped text and the history change size. That relayouts
    // the inspector's own page but must not reach the dock around it (which would lay out the whole
    // window again); the inspector still fills its dock and reports its contents' size hints.
    void sizeChangesStayInside()
    {
        Playback playback;
        QVERIFY(runToEnd(playback, QStringLiteral("backlog-node-added.yaml")));
        const trace::TraceIndex& index = *playback.index();
        QWidget dock;
        auto* layout = new QVBoxLayout(&dock);
        auto* inspector = new PodInspector(&playback, &dock);
        layout->addWidget(inspector);
        dock.resize(1000, 700);
        dock.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dock));
        const qint32 pod = index.catalogue().podIndex(QStringLiteral("media/render-worker-0"));
        playback.selectPod(pod);
        QCoreApplication::processEvents();

        struct LayoutRequests : QObject
        {
            int count = 0;
            bool eventFilter(QObject*, QEvent* event) override
            {
                count += event->type() == QEvent::LayoutRequest ? 1 : 0;
                return false;
            }
        } requests;
        dock.installEventFilter(&requests);
        auto* stack = inspector->findChild<QStackedWidget*>();
        QVERIFY(stack);
        // Into each attempt (in progress: the table fills in), past its end and past the binding.
        QSet<QString> outcomes;
        int historyRows = -1;
        bool historyChanged = false;
        for (const qint32 cycle : index.podCycles(pod)) {
            const trace::CycleRecord& record = index.cycles()[size_t(cycle)];
            for (const qsizetype position : {qsizetype(record.startEvent) + 1, qsizetype(record.endEvent) + 1, index.indexed()}) {
                playback.seekPosition(position);
                QCoreApplication::processEvents();
                outcomes.insert(inspector->outcomeText());
                historyChanged = historyChanged || (historyRows >= 0 && historyRows != inspector->historyModel()->rowCount());
                historyRows = inspector->historyModel()->rowCount();
                QCOMPARE(stack->geometry(), inspector->rect());
            }
        }
        QVERIFY(outcomes.size() >= 3); // in progress, chosen, bound: texts of different lengths
        QVERIFY(historyChanged);
        QCOMPARE(requests.count, 0);
        QCOMPARE(inspector->sizeHint(), stack->sizeHint());
        QCOMPARE(inspector->minimumSizeHint(), stack->minimumSizeHint());

        // The dock's own size changes still reach the inspector's contents.
        dock.resize(800, 600);
        QCoreApplication::processEvents();
        QCOMPARE(stack->geometry(), inspector->rect());
        QCOMPARE(inspector->geometry(), dock.contentsRect().marginsRemoved(layout->contentsMargins()));
    }

    // A gang's attempt that waited on Permit, for a reader to look at: KSV_SCREENSHOT_DIR=DIR.
    void screenshotOfPermit()
    {
        const QString directory = qEnvironmentVariable("KSV_SCREENSHOT_DIR");
        if (directory.isEmpty())
            QSKIP("KSV_SCREENSHOT_DIR is not set");
        Playback playback;
        QVERIFY(runToEnd(playback, QStringLiteral("gang-scheduling.yaml")));
        PodInspector inspector(&playback);
        inspector.resize(1400, 900);
        inspector.show();
        QVERIFY(QTest::qWaitForWindowExposed(&inspector));
        for (size_t cycle = 0; cycle < playback.index()->cycles().size(); ++cycle) {
            playback.selectCycle(qint32(cycle));
            const auto& results = inspector.attemptModel()->pluginResults();
            const bool rejectedLater = std::any_of(results.cbegin(), results.cend(), [](const auto& r) {
                return r.point >= framework::ExtensionPoint::Permit && r.code != Code::Success && r.code != Code::Skip && r.code != Code::Wait;
            });
            if (rejectedLater) {
                QTest::qWait(20);
                QVERIFY(inspector.grab().save(directory + QStringLiteral("/inspector-permit.png")));
                return;
            }
        }
        QFAIL("no attempt was rejected at or after Permit");
    }

    // The attempts of a preempting pod, for a reader to look at: KSV_SCREENSHOT_DIR=DIR.
    void screenshotsOfPreemption()
    {
        const QString directory = qEnvironmentVariable("KSV_SCREENSHOT_DIR");
        if (directory.isEmpty())
            QSKIP("KSV_SCREENSHOT_DIR is not set");
        Playback playback;
        QVERIFY(runToEnd(playback, QStringLiteral("priority-preemption.yaml")));
        const trace::TraceIndex& index = *playback.index();
        PodInspector inspector(&playback);
        inspector.resize(1400, 900);
        inspector.show();
        QVERIFY(QTest::qWaitForWindowExposed(&inspector));
        int saved = 0;
        for (size_t cycle = 0; cycle < index.cycles().size() && saved < 3; ++cycle) {
            playback.selectCycle(qint32(cycle));
            QTest::qWait(20);
            const bool preempted = !inspector.attemptModel()->preemptionNode().isEmpty();
            const bool nominated = inspector.attemptModel()->nominatedFirstRow() >= 0;
            if ((saved == 0 && preempted) || (saved == 1 && nominated) || (saved == 2 && inspector.attemptModel()->scorePluginCount() > 4)) {
                QVERIFY(inspector.grab().save(directory + QStringLiteral("/inspector-preemption-%1.png").arg(saved)));
                if (saved == 0) {
                    theme::apply(theme::Theme::Dark);
                    playback.selectCycle(-1);
                    playback.selectCycle(qint32(cycle));
                    QTest::qWait(20);
                    QVERIFY(inspector.grab().save(directory + QStringLiteral("/inspector-preemption-dark.png")));
                    theme::apply(theme::Theme::Light);
                }
                ++saved;
            }
        }
    }
};

QTEST_MAIN(TestInspectorModels)
#include "tst_inspectormodels.moc"
