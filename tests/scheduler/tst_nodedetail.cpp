// Node detail blocks: FilterNodes and ScoreNodes read back what was stored (scores narrow when they
// fit and wide at every boundary where they do not), blocks past a chunk's end and larger than a
// chunk stay readable, a reader on another thread sees every published block whole, JSON Lines
// spells a block out as the per-node lines of the file format, and on every sample the engine's
// blocks hold exactly what its scheduling cycles found.
#include "framework/interface.h"
#include "framework/status.h"
#include "scenario/effectiveconfig.h"
#include "scenario/loader.h"
#include "simulation/simulator.h"
#include "trace/jsonl.h"
#include "trace/trace.h"

#include <QTest>

#include <limits>
#include <thread>
#include <vector>

using namespace ksv;
using trace::EventKind;
using trace::FilterRejection;

namespace {

FilterRejection rejection(qint32 index, framework::Code code, qint32 plugin, qint32 text)
{
    FilterRejection r;
    r.index = index;
    r.code = quint8(code);
    r.plugin = plugin;
    r.text = text;
    return r;
}

// A block of `nodes` nodes (ids base, base + 1, ...) rejecting every third.
struct FilterInput
{
    std::vector<qint32> nodes;
    std::vector<FilterRejection> rejections;
};

FilterInput filterInput(qint32 base, qsizetype nodes)
{
    FilterInput input;
    for (qsizetype i = 0; i < nodes; ++i) {
        input.nodes.push_back(base + qint32(i));
        if (i % 3 == 0)
            input.rejections.push_back(rejection(qint32(i), framework::Code::Unschedulable, base % 7, qint32(i % 5)));
    }
    return input;
}

// The event naming a block of `nodes` nodes (the tests that read it back ignore the count).
trace::Event blockEvent(EventKind kind, qint64 handle, qint32 cycle, qint32 nodes = 0, VirtualNanos time = 0, qint32 pod = -1)
{
    return kind == EventKind::FilterNodes ? trace::Event::filterNodes(time, pod, cycle, handle, nodes)
                                          : trace::Event::scoreNodes(time, pod, cycle, handle, nodes);
}

} // namespace

class TestNodeDetail : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void filterNodesReadBack()
    {
        trace::Trace trace;
        // The nominated node tried alone first, then every node: node 12 twice, rejected the first time.
        const std::vector<qint32> nodes = {12, 10, 11, 12, 13, 14};
        const std::vector<FilterRejection> rejections = {
            rejection(0, framework::Code::Unschedulable, 3, 4),
            rejection(2, framework::Code::UnschedulableAndUnresolvable, 5, 6),
            rejection(5, framework::Code::Unschedulable, -1, 7),
        };
        const trace::Event event = blockEvent(EventKind::FilterNodes, trace.storeFilterNodes(nodes, rejections), 1);
        const trace::FilterNodes block = trace.filterNodes(event);
        QCOMPARE(block.size(), qsizetype(6));
        QCOMPARE(block.rejectionCount(), qsizetype(3));
        QCOMPARE(block.feasibleCount(), qsizetype(3));
        for (qsizetype i = 0; i < block.size(); ++i)
            QCOMPARE(block.node(i), nodes[size_t(i)]);
        QCOMPARE(block.verdict(0).code, quint8(framework::Code::Unschedulable));
        QCOMPARE(block.verdict(0).plugin, 3);
        QCOMPARE(block.verdict(0).text, 4);
        QCOMPARE(block.verdict(1).code, quint8(framework::Code::Success));
        QCOMPARE(block.verdict(1).plugin, -1);
        QCOMPARE(block.verdict(1).text, -1);
        QCOMPARE(block.verdict(2).code, quint8(framework::Code::UnschedulableAndUnresolvable));
        QCOMPARE(block.verdict(3).code, quint8(framework::Code::Success));
        QCOMPARE(block.verdict(5).plugin, -1);
        QCOMPARE(block.verdict(5).text, 7);

        // forEach walks the same verdicts in visit order.
        std::vector<std::pair<qint32, FilterRejection>> walked;
        block.forEach([&](qint32 node, const FilterRejection& verdict) { walked.emplace_back(node, verdict); });
        QCOMPARE(walked.size(), nodes.size());
        for (size_t i = 0; i < walked.size(); ++i) {
            const FilterRejection expected = block.verdict(qsizetype(i));
            QCOMPARE(walked[i].first, nodes[i]);
            QCOMPARE(walked[i].second.index, qint32(i));
            QCOMPARE(walked[i].second.code, expected.code);
            QCOMPARE(walked[i].second.plugin, expected.plugin);
            QCOMPARE(walked[i].second.text, expected.text);
        }

        // Every node passing: no rejection stored.
        const trace::FilterNodes passing = trace.filterNodes(blockEvent(EventKind::FilterNodes, trace.storeFilterNodes(nodes, {}), 2));
        QCOMPARE(passing.rejectionCount(), qsizetype(0));
        QCOMPARE(passing.feasibleCount(), qsizetype(6));
        QCOMPARE(passing.verdict(4).code, quint8(framework::Code::Success));
    }

    void scoresNarrowWhenTheyFit()
    {
        trace::Trace trace;
        const std::vector<qint32> plugins = {1, 2};
        const std::vector<qint32> weights = {1, 300}; // a weight past a byte
        const std::vector<qint32> nodes = {7, 8, 9};
        const std::vector<qint64> raw = {std::numeric_limits<qint32>::min(), 0, std::numeric_limits<qint32>::max(), -5, 42, 100};
        const std::vector<qint64> normalized = {0, 255, 100, 1, 50, 99};
        const qsizetype before = trace.nodeDetailBytes();
        const trace::ScoreNodes block
            = trace.scoreNodes(blockEvent(EventKind::ScoreNodes, trace.storeScoreNodes(plugins, weights, nodes, raw, normalized), 1));
        QVERIFY(trace.nodeDetailBytes() > before);
        QCOMPARE(block.size(), qsizetype(3));
        QCOMPARE(block.pluginCount(), 2);
        QCOMPARE(block.plugin(1), 2);
        QCOMPARE(block.weight(1), 300);
        QCOMPARE(block.node(2), 9);
        for (qsizetype n = 0; n < 3; ++n) {
            for (int p = 0; p < 2; ++p) {
                QCOMPARE(block.raw(n, p), raw[size_t(n * 2 + p)]);
                QCOMPARE(block.normalized(n, p), normalized[size_t(n * 2 + p)]);
            }
            QCOMPARE(block.total(n), normalized[size_t(n * 2)] * 1 + normalized[size_t(n * 2 + 1)] * 300);
        }
        // 16 header + 2 × 4 plugins + 2 × 4 weights + 3 × 4 nodes = 44, 8-aligned 48; raw 6 × 4 = 24;
        // normalized 6 × 1, 8-aligned: 8. Narrow cells, then.
        QCOMPARE(trace::ScoreNodes::flagsFor(raw, normalized), 0u);
        QCOMPARE(trace::ScoreNodes::bytesFor(3, 2, 0), size_t(80));
    }

    void scoresWidenAtEveryBoundary_data()
    {
        // flags: 1, raw scores 8 bytes wide; 2, normalized scores 8 bytes wide (docs/trace-format.md).
        QTest::addColumn<qint64>("raw");
        QTest::addColumn<qint64>("normalized");
        QTest::addColumn<quint32>("flags");
        QTest::newRow("raw past qint32 max") << qint64(std::numeric_limits<qint32>::max()) + 1 << qint64(0) << 1u;
        QTest::newRow("raw below qint32 min") << qint64(std::numeric_limits<qint32>::min()) - 1 << qint64(0) << 1u;
        QTest::newRow("raw qint64 min") << std::numeric_limits<qint64>::min() << qint64(0) << 1u;
        QTest::newRow("raw qint64 max") << std::numeric_limits<qint64>::max() << qint64(0) << 1u;
        QTest::newRow("normalized negative") << qint64(0) << qint64(-1) << 2u;
        QTest::newRow("normalized 256") << qint64(0) << qint64(256) << 2u;
        QTest::newRow("normalized qint64 min") << qint64(0) << std::numeric_limits<qint64>::min() << 2u;
        QTest::newRow("both") << std::numeric_limits<qint64>::max() << qint64(1000) << 3u;
    }

    void scoresWidenAtEveryBoundary()
    {
        QFETCH(qint64, raw);
        QFETCH(qint64, normalized);
        QFETCH(quint32, flags);
        trace::Trace trace;
        const std::vector<qint32> plugins = {1};
        const std::vector<qint32> weights = {1};
        const std::vector<qint32> nodes = {7, 8};
        const std::vector<qint64> raws = {3, raw};
        const std::vector<qint64> normalizeds = {normalized, 4};
        const trace::ScoreNodes block
            = trace.scoreNodes(blockEvent(EventKind::ScoreNodes, trace.storeScoreNodes(plugins, weights, nodes, raws, normalizeds), 1));
        QCOMPARE(block.raw(0, 0), qint64(3));
        QCOMPARE(block.raw(1, 0), raw);
        QCOMPARE(block.normalized(0, 0), normalized);
        QCOMPARE(block.normalized(1, 0), qint64(4));
        QCOMPARE(trace::ScoreNodes::flagsFor(raws, normalizeds), flags);
        QVERIFY(trace::ScoreNodes::bytesFor(2, 1, flags) > trace::ScoreNodes::bytesFor(2, 1, 0));
    }

    // Many blocks fill several 1 MiB chunks; one larger than a chunk gets its own; every one reads back.
    void blocksSpanChunks()
    {
        trace::Trace trace;
        std::vector<qint64> handles;
        constexpr int blocks = 600; // 600 × 6.4 KiB: four chunks
        for (int b = 0; b < blocks; ++b) {
            const FilterInput input = filterInput(b * 1000, 700);
            handles.push_back(trace.storeFilterNodes(input.nodes, input.rejections));
            if (b == blocks / 2) {
                const FilterInput large = filterInput(-1, 200'000); // 0.8 MiB of nodes + 1 MiB of rejections
                handles.push_back(trace.storeFilterNodes(large.nodes, large.rejections));
            }
        }
        QVERIFY(trace.nodeDetailBytes() >= 4 * (qsizetype(1) << 20));
        size_t h = 0;
        for (int b = 0; b < blocks; ++b) {
            const trace::FilterNodes block = trace.filterNodes(blockEvent(EventKind::FilterNodes, handles[h++], b));
            QCOMPARE(block.size(), qsizetype(700));
            QCOMPARE(block.node(699), b * 1000 + 699);
            QCOMPARE(block.rejectionCount(), qsizetype(234));
            QCOMPARE(block.verdict(699).code, quint8(framework::Code::Unschedulable));
            QCOMPARE(block.verdict(698).code, quint8(framework::Code::Success));
            if (b == blocks / 2) {
                const trace::FilterNodes large = trace.filterNodes(blockEvent(EventKind::FilterNodes, handles[h++], b));
                QCOMPARE(large.size(), qsizetype(200'000));
                QCOMPARE(large.node(199'999), -1 + 199'999);
                QCOMPARE(large.verdict(199'998).text, qint32(199'998 % 5));
            }
        }
    }

    // The engine writes while a view reads: every block a published event names is whole.
    void aReaderSeesPublishedBlocksWhole()
    {
        trace::Trace trace;
        constexpr int cycles = 3000;
        std::thread writer([&] {
            for (int c = 0; c < cycles; ++c) {
                const FilterInput input = filterInput(c, 50 + c % 200);
                const qint64 handle = trace.storeFilterNodes(input.nodes, input.rejections);
                trace.append(blockEvent(EventKind::FilterNodes, handle, c, qint32(input.nodes.size())));
            }
        });
        qsizetype checked = 0;
        while (checked < cycles) {
            const qsizetype published = trace.size();
            for (; checked < published; ++checked) {
                const trace::Event& event = trace.at(checked);
                const trace::FilterNodes block = trace.filterNodes(event);
                QCOMPARE(block.size(), qsizetype(event.blockNodes()));
                QCOMPARE(block.node(block.size() - 1), event.cycle() + event.blockNodes() - 1);
                QCOMPARE(block.rejectionCount(), (block.size() + 2) / 3);
            }
        }
        writer.join();
    }

    // Each cycle's blocks against the ScheduleOutcome the cycle produced, as onAttempt hands it out:
    // the visited nodes in order with their statuses, the Score table cell by cell.
    void blocksHoldTheEnginesOutcome_data()
    {
        QTest::addColumn<QString>("sample");
        for (const char* name : {"default", "backlog-node-added", "priority-preemption", "zone-spread", "database-anti-affinity", "gpu-pool",
                                 "affinity-spread", "gang-scheduling"})
            QTest::newRow(name) << QString::fromLatin1(name);
    }
    void blocksHoldTheEnginesOutcome()
    {
        QFETCH(QString, sample);
        struct Expected
        {
            QStringList visited;
            QList<std::tuple<int, QString, QString>> statuses; // code, plugin, message; code -1: none
            QStringList plugins;
            std::vector<qint64> weights;
            QStringList scored;
            std::vector<qint64> raw;
            std::vector<qint64> normalized;
        };
        const Scenario scenario = loadScenarioFile(QStringLiteral(KSV_SAMPLES_DIR "/") + sample + QStringLiteral(".yaml"));
        const auto configuration = effectiveConfiguration(scenario);
        trace::Trace trace;
        Simulator simulator(scenario, configuration, {}, trace);
        std::vector<Expected> filters;
        std::vector<Expected> scores;
        simulator.onAttempt = [&](const AttemptRecord& attempt) {
            const ScheduleOutcome& outcome = attempt.outcome;
            if (!outcome.detail.visitedNodes.empty()) {
                Expected expected;
                for (const framework::NodeInfo* node : outcome.detail.visitedNodes) {
                    expected.visited.append(node->name());
                    const framework::Status* status = outcome.diagnosis.nodeToStatus.find(*node);
                    expected.statuses.append(status ? std::tuple(int(status->code()), status->plugin(), status->message())
                                                    : std::tuple(-1, QString(), QString()));
                }
                filters.push_back(expected);
            }
            const framework::ScoreTable& table = outcome.detail.scores;
            if (!table.isEmpty() && !table.plugins.isEmpty()) {
                Expected expected;
                expected.plugins = table.plugins;
                expected.weights = table.weights;
                for (qsizetype n = 0; n < table.size(); ++n)
                    expected.scored.append(table.nodeName(n));
                expected.raw = table.raw;
                expected.normalized = table.normalized;
                scores.push_back(expected);
            }
        };
        simulator.run();
        QVERIFY(!filters.empty());

        size_t filterBlocks = 0;
        size_t scoreBlocks = 0;
        for (qsizetype position = 0; position < trace.size(); ++position) {
            const trace::Event& event = trace.at(position);
            if (event.kind() == EventKind::FilterNodes) {
                QVERIFY(filterBlocks < filters.size());
                const Expected& expected = filters[filterBlocks++];
                const trace::FilterNodes block = trace.filterNodes(event);
                QCOMPARE(block.size(), expected.visited.size());
                QCOMPARE(qsizetype(event.blockNodes()), block.size());
                for (qsizetype i = 0; i < block.size(); ++i) {
                    QCOMPARE(trace.string(block.node(i)), expected.visited[i]);
                    const auto& [code, plugin, message] = expected.statuses[i];
                    const trace::FilterRejection verdict = block.verdict(i);
                    QCOMPARE(int(verdict.code), code < 0 ? int(framework::Code::Success) : code);
                    QCOMPARE(trace.string(verdict.plugin), plugin);
                    QCOMPARE(verdict.text < 0, code < 0);
                    QCOMPARE(trace.string(verdict.text), message);
                }
            } else if (event.kind() == EventKind::ScoreNodes) {
                QVERIFY(scoreBlocks < scores.size());
                const Expected& expected = scores[scoreBlocks++];
                const trace::ScoreNodes block = trace.scoreNodes(event);
                QCOMPARE(block.pluginCount(), int(expected.plugins.size()));
                QCOMPARE(block.size(), expected.scored.size());
                for (int p = 0; p < block.pluginCount(); ++p) {
                    QCOMPARE(trace.string(block.plugin(p)), expected.plugins[p]);
                    QCOMPARE(qint64(block.weight(p)), expected.weights[size_t(p)]);
                }
                for (qsizetype n = 0; n < block.size(); ++n) {
                    QCOMPARE(trace.string(block.node(n)), expected.scored[n]);
                    for (int p = 0; p < block.pluginCount(); ++p) {
                        const size_t cell = size_t(n) * size_t(block.pluginCount()) + size_t(p);
                        QCOMPARE(block.raw(n, p), expected.raw[cell]);
                        QCOMPARE(block.normalized(n, p), expected.normalized[cell]);
                    }
                }
            }
        }
        QCOMPARE(filterBlocks, filters.size());
        QCOMPARE(scoreBlocks, scores.size());
    }

    // The file format is one line per node, per node and plugin for scores, as it always was.
    void jsonLinesSpellBlocksOut()
    {
        trace::Trace trace;
        const qint32 pod = trace.intern(QStringLiteral("default/web"));
        const qint32 a = trace.intern(QStringLiteral("node-a"));
        const qint32 b = trace.intern(QStringLiteral("node-b"));
        const qint32 fit = trace.intern(QStringLiteral("NodeResourcesFit"));
        const qint32 taints = trace.intern(QStringLiteral("TaintToleration"));
        const qint32 reason = trace.intern(QStringLiteral("Insufficient cpu"));
        const std::vector<qint32> nodes = {a, b};
        const std::vector<FilterRejection> rejections = {rejection(1, framework::Code::Unschedulable, fit, reason)};
        const trace::Event filter = blockEvent(EventKind::FilterNodes, trace.storeFilterNodes(nodes, rejections), 4, 2, 1500, pod);
        QCOMPARE(trace::toJsonLines(trace, filter),
                 QByteArray(R"({"code":"Success","cycle":4,"kind":"FilterNode","node":"node-a","pod":"default/web","point":"Filter","t":1500})"
                            "\n"
                            R"({"code":"Unschedulable","cycle":4,"kind":"FilterNode","node":"node-b","plugin":"NodeResourcesFit","pod":"default/web","point":"Filter","reasons":"Insufficient cpu","t":1500})"
                            "\n"));

        const std::vector<qint32> plugins = {fit, taints};
        const std::vector<qint32> weights = {1, 3};
        const std::vector<qint32> scored = {a};
        const std::vector<qint64> raw = {37, 0};
        const std::vector<qint64> normalized = {63, 100};
        const trace::Event score = blockEvent(EventKind::ScoreNodes, trace.storeScoreNodes(plugins, weights, scored, raw, normalized), 4, 1, 1500, pod);
        QCOMPARE(trace::toJsonLines(trace, score),
                 QByteArray(R"({"cycle":4,"kind":"ScoreNode","node":"node-a","normalized":63,"plugin":"NodeResourcesFit","pod":"default/web","raw":37,"t":1500,"weight":1})"
                            "\n"
                            R"({"cycle":4,"kind":"ScoreNode","node":"node-a","normalized":100,"plugin":"TaintToleration","pod":"default/web","raw":0,"t":1500,"weight":3})"
                            "\n"));
    }
};

QTEST_MAIN(TestNodeDetail)
#include "tst_nodedetail.moc"
