// The event log's model against real runs, without a widget: row counts equal the matching events,
// a pod's key finds exactly its events, a cycle's node detail rows sum up their blocks, and the rows
// grow and shrink in batches with the cursor, never by a reset.
#include "eventlogmodel.h"
#include "eventlogrows.h"
#include "eventtext.h"
#include "nodedetailrows.h"
#include "playbackhelpers.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

using namespace ksv;
using namespace ksv::testing;
using trace::EventKind;

namespace {

constexpr auto QtTestReporting = QAbstractItemModelTester::FailureReportingMode::QtTest;

// What the search should find, written the slow way: any string of the event, or a name the
// log shows for it, contains the text.
bool slowSearch(const trace::Trace& trace, const trace::Event& event, const QString& text)
{
    const auto has = [&](const QString& s) { return s.contains(text, Qt::CaseInsensitive); };
    // A block row: what each of its nodes' rows would have matched.
    if (event.kind() == EventKind::FilterNodes) {
        const trace::FilterNodes block = trace.filterNodes(event);
        for (qsizetype i = 0; i < block.size(); ++i) {
            const trace::FilterRejection verdict = block.verdict(i);
            if (has(trace.string(block.node(i))) || has(trace.string(verdict.plugin)) || has(trace.string(verdict.text))
                || has(eventtext::code(verdict.code)))
                return true;
        }
    }
    if (event.kind() == EventKind::ScoreNodes) {
        const trace::ScoreNodes block = trace.scoreNodes(event);
        for (qsizetype n = 0; n < block.size(); ++n) {
            for (int p = 0; p < block.pluginCount(); ++p) {
                if (has(trace.string(block.node(n))) || has(trace.string(block.plugin(p))))
                    return true;
            }
        }
    }
    if (has(trace.string(event.pod())) || has(trace.string(event.node())) || has(trace.string(event.plugin())) || has(trace.string(event.text()))
        || has(trace::toString(event.kind())))
        return true;
    if (eventtext::hasCode(event.kind()) && has(eventtext::code(event.code())))
        return true;
    if ((event.kind() == EventKind::PluginResult || event.kind() == EventKind::FilterNodes || event.kind() == EventKind::ScoreNodes)
        && has(eventtext::point(event.point())))
        return true;
    return event.kind() == EventKind::QueueMove && (has(eventtext::location(event.from())) || has(eventtext::location(event.to())));
}

} // namespace

class TestEventLogModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:

    void rowsAreTheMatchingEvents_data()
    {
        QTest::addColumn<QString>("sample");
        QTest::newRow("backlog-node-added") << QStringLiteral("backlog-node-added.yaml");
        QTest::newRow("default") << QStringLiteral("default.yaml");
    }
    void rowsAreTheMatchingEvents()
    {
        QFETCH(QString, sample);
        Session session;
        QVERIFY(runToEnd(session, sample));
        const trace::TraceIndex& index = session.run().index();
        const trace::Trace& trace = session.run().trace();
        const qsizetype end = session.view.cursor();
        EventLogModel model(&index);
        QAbstractItemModelTester tester(&model, QtTestReporting);
        model.setLimit(end);

        // Every kind at first, the per-node detail's two rows a cycle included.
        QCOMPARE(model.rowCount(), int(end));
        QVERIFY(!positionsWhere(trace, end, [](const trace::Event& e) { return e.kind() == EventKind::FilterNodes; }).empty());
        model.setKinds(EventLogModel::kindBit(EventKind::FilterNodes) | EventLogModel::kindBit(EventKind::ScoreNodes));
        QCOMPARE(rowsOf(model), positionsWhere(trace, end, [](const trace::Event& e) {
                     return e.kind() == EventKind::FilterNodes || e.kind() == EventKind::ScoreNodes;
                 }));
        model.setKinds(EventLogModel::kindBit(EventKind::QueueMove) | EventLogModel::kindBit(EventKind::CycleEnd));
        QCOMPARE(rowsOf(model), positionsWhere(trace, end, [](const trace::Event& e) {
                     return e.kind() == EventKind::QueueMove || e.kind() == EventKind::CycleEnd;
                 }));
        model.setKindEnabled(EventKind::CycleEnd, false);
        QCOMPARE(rowsOf(model), positionsWhere(trace, end, [](const trace::Event& e) { return e.kind() == EventKind::QueueMove; }));
        model.setKinds(EventLogModel::allKinds);

        // Searches, against the slow way, in any case.
        for (const QString& text : {QStringLiteral("NodeResourcesFit"), QStringLiteral("insufficient CPU"), QStringLiteral("backoff"),
                                   QStringLiteral("unschedulable"), QStringLiteral("PostFilter"), QStringLiteral("no-such-thing"),
                                   QStringLiteral("render-pool-1"), QStringLiteral("TaintToleration"), QStringLiteral("success")}) {
            model.setSearch(text);
            QCOMPARE(rowsOf(model), positionsWhere(trace, end, [&](const trace::Event& e) { return slowSearch(trace, e, text); }));
        }
        model.setSearch({});
        QCOMPARE(rowsOf(model), positionsWhere(trace, end, anyKind));
    }

    // A cycle's Filter and Score rows sum up their blocks: how many nodes, how many passed, who
    // rejected the rest; the highest total and the node that had it, then the plugins' weights.
    void nodeDetailRowsSumUpTheirBlocks()
    {
        Session session;
        QVERIFY(runToEnd(session, QStringLiteral("backlog-node-added.yaml")));
        const trace::TraceIndex& index = session.run().index();
        const trace::Trace& trace = session.run().trace();
        EventLogModel model(&index);
        QAbstractItemModelTester tester(&model, QtTestReporting);
        model.setLimit(session.view.cursor());
        model.setKinds(EventLogModel::kindBit(EventKind::FilterNodes) | EventLogModel::kindBit(EventKind::ScoreNodes));
        QVERIFY(model.rowCount() > 10);
        int rejectingRows = 0;
        int scoreRows = 0;
        for (int row = 0; row < model.rowCount(); ++row) {
            const trace::Event& event = trace.at(model.positionAt(row));
            const trace::CycleRecord& record = index.cycles()[size_t(model.index(row, 0).data(EventLogModel::CycleIndexRole).toInt())];
            const QString detail = model.index(row, EventLogModel::DetailColumn).data().toString();
            QCOMPARE(model.index(row, EventLogModel::PluginColumn).data().toString(),
                     event.kind() == EventKind::FilterNodes ? QStringLiteral("Filter") : QStringLiteral("Score"));
            if (event.kind() == EventKind::FilterNodes) {
                // Per node, its last verdict: the counts the cycle's end gives.
                std::map<qint32, const FilterRow*> lastVerdicts;
                const std::vector<FilterRow> verdicts = filterRows(trace, record);
                for (const FilterRow& verdict : verdicts)
                    lastVerdicts[verdict.node] = &verdict;
                std::map<QString, int> rejected;
                int feasible = 0;
                for (const auto& [node, verdict] : lastVerdicts) {
                    if (verdict->code == quint8(framework::Code::Success))
                        ++feasible;
                    else
                        ++rejected[trace.string(verdict->plugin)];
                }
                QCOMPARE(qint32(lastVerdicts.size()), record.evaluated);
                QCOMPARE(feasible, record.feasible);
                const QString expected = QStringLiteral("%1 node(s) · %2 feasible").arg(lastVerdicts.size()).arg(feasible);
                QVERIFY2(detail.startsWith(expected), qPrintable(detail));
                for (const auto& [plugin, nodes] : rejected)
                    QVERIFY2(detail.contains(QStringLiteral("%1 %2").arg(plugin).arg(nodes)), qPrintable(detail));
                rejectingRows += rejected.empty() ? 0 : 1;
            } else {
                ++scoreRows;
                std::map<QString, qint64> totals;
                QStringList plugins;
                for (const ScoreRow& score : testing::scoreRows(trace, record)) {
                    totals[trace.string(score.node)] += score.normalized * score.weight;
                    const QString weighted = QStringLiteral("%1 ×%2").arg(trace.string(score.plugin)).arg(score.weight);
                    if (!plugins.contains(weighted))
                        plugins.append(weighted);
                }
                qint64 best = -1;
                for (const auto& [node, total] : totals)
                    best = std::max(best, total);
                const QString head = QStringLiteral("%1 node(s) · highest total %2 (").arg(totals.size()).arg(best);
                QVERIFY2(detail.startsWith(head), qPrintable(detail));
                const QString node = detail.mid(head.size()).section(QLatin1Char(')'), 0, 0);
                QCOMPARE(totals[node], best);
                QVERIFY2(detail.endsWith(plugins.join(QStringLiteral(", "))), qPrintable(detail));
            }
        }
        QVERIFY(rejectingRows > 0);
        QVERIFY(scoreRows > 0);

        // A node's name finds the block rows that hold it, as it found its per-node rows.
        model.setSearch(QStringLiteral("render-pool-1"));
        QSet<int> kinds;
        for (int row = 0; row < model.rowCount(); ++row)
            kinds.insert(int(trace.at(model.positionAt(row)).kind()));
        QCOMPARE(kinds, (QSet<int> {int(EventKind::FilterNodes), int(EventKind::ScoreNodes)}));
    }

    void podKeyFindsExactlyItsEvents()
    {
        Session session;
        QVERIFY(runToEnd(session, QStringLiteral("backlog-node-added.yaml")));
        const trace::TraceIndex& index = session.run().index();
        const trace::Trace& trace = session.run().trace();
        const qsizetype end = session.view.cursor();
        EventLogModel model(&index);
        QAbstractItemModelTester tester(&model, QtTestReporting);
        model.setLimit(end);

        const QString key = QStringLiteral("media/thumbnailer-arm64");
        const qint32 pod = index.catalogue().podIndex(key);
        const auto ofPod = [&](const trace::Event& e) { return e.pod() >= 0 && trace.string(e.pod()) == key; };
        model.setSearch(key);
        const auto expected = positionsWhere(trace, end, [&](const trace::Event& e) { return ofPod(e); });
        QVERIFY(expected.size() > 5);
        QCOMPARE(rowsOf(model), expected);
        model.setSearch(key.toUpper());
        QCOMPARE(rowsOf(model), expected);
        for (int row = 0; row < model.rowCount(); ++row)
            QCOMPARE(model.index(row, EventLogModel::PodColumn).data().toString(), key);
        model.setKinds(EventLogModel::allKinds);
        QCOMPARE(rowsOf(model), positionsWhere(trace, end, ofPod));

        // The pod filter gives the same rows without a search.
        model.setSearch({});
        model.setPodFilter(pod);
        QCOMPARE(rowsOf(model), positionsWhere(trace, end, ofPod));
        model.setPodFilter(-1);
        QCOMPARE(model.rowCount(), int(end));
    }

    void growsInBatchesWithTheCursor()
    {
        Session session;
        QVERIFY(runToEnd(session, QStringLiteral("backlog-node-added.yaml")));
        const trace::TraceIndex& index = session.run().index();
        const trace::Trace& trace = session.run().trace();
        const qsizetype end = session.view.cursor();
        EventLogModel model(&index);
        QAbstractItemModelTester tester(&model, QtTestReporting);
        model.setSearch(QStringLiteral("render-worker"));
        model.setLimit(0);
        QCOMPARE(model.rowCount(), 0);

        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
        QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
        const auto matching = [&](qsizetype limit) {
            return positionsWhere(trace, limit, [&](const trace::Event& e) { return slowSearch(trace, e, QStringLiteral("render-worker")); });
        };
        constexpr int steps = 25;
        for (int step = 1; step <= steps; ++step) {
            const qsizetype limit = end * step / steps;
            model.setLimit(limit);
            QCOMPARE(rowsOf(model), matching(limit));
        }
        QVERIFY(inserted.size() > 1);
        QVERIFY(inserted.size() <= steps); // one batch per cursor move at most
        QCOMPARE(resets.size(), 0);

        // Back in time: the tail goes, without a reset; forward again: appended.
        model.setLimit(end / 3);
        QCOMPARE(rowsOf(model), matching(end / 3));
        QCOMPARE(removed.size(), 1);
        model.setLimit(end);
        QCOMPARE(rowsOf(model), matching(end));
        QCOMPARE(resets.size(), 0);
        // A filter change rebuilds once.
        model.setSearch(QStringLiteral("render-worker-1"));
        QCOMPARE(resets.size(), 1);
        QVERIFY(model.rowCount() > 0);
        model.setIndex(nullptr);
        QCOMPARE(model.rowCount(), 0);
    }

    // Back and forth over the run, as a seek does: the rows at each limit are exactly the matching
    // events before it, each move is one batch of inserted or removed rows (never a reset), and
    // scanned() is the limit, also when the model has looked further before.
    void backAndForthWithoutReset_data()
    {
        QTest::addColumn<QString>("search");
        QTest::newRow("no search") << QString();
        QTest::newRow("search") << QStringLiteral("render-worker");
    }
    void backAndForthWithoutReset()
    {
        QFETCH(QString, search);
        Session session;
        QVERIFY(runToEnd(session, QStringLiteral("backlog-node-added.yaml")));
        const trace::Trace& trace = session.run().trace();
        const qsizetype end = session.view.cursor();
        EventLogModel model(&session.run().index());
        QAbstractItemModelTester tester(&model, QtTestReporting);
        model.setSearch(search);
        const auto matching = [&](qsizetype limit) {
            return positionsWhere(trace, limit, [&](const trace::Event& e) { return (search.isEmpty() || slowSearch(trace, e, search)); });
        };
        model.setLimit(end);
        QCOMPARE(rowsOf(model), matching(end));
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
        QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
        int moves = 0;
        for (const int tenth : {1, 9, 3, 7, 5, 5, 7, 3, 9, 1, 10, 0, 10}) {
            const qsizetype limit = end * tenth / 10;
            const int before = model.rowCount();
            model.setLimit(limit);
            QCOMPARE(rowsOf(model), matching(limit));
            QCOMPARE(model.scanned(), limit);
            QCOMPARE(model.rowAtOrAfter(limit), model.rowCount());
            if (model.rowCount() != before)
                ++moves;
        }
        QCOMPARE(inserted.size() + removed.size(), moves);
        QCOMPARE(resets.size(), 0);
        // A filter change forgets what was looked at beyond the limit.
        model.setLimit(end / 2);
        model.setKindEnabled(EventKind::QueueMove, false);
        QCOMPARE(resets.size(), 1);
        model.setLimit(end);
        QCOMPARE(rowsOf(model), positionsWhere(trace, end, [&](const trace::Event& e) {
                     return e.kind() != EventKind::QueueMove && (search.isEmpty() || slowSearch(trace, e, search));
                 }));
    }
};

QTEST_MAIN(TestEventLogModel)
#include "tst_eventlogmodel.moc"
