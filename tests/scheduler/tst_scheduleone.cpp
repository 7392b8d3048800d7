// schedulePod, FitError and the framework runtime against upstream's own tables
// (schedule_one_test.go: TestSchedulerSchedulePod, TestNumFeasibleNodesToFind, TestFairEvaluationForNodes,
// Test_SelectHost; framework/types_test.go: TestFitError_Error), with upstream's fake plugins.

#include "scheduleonefixture.h"

#include <QTest>

class TestScheduleOne : public QObject
{
    Q_OBJECT

    static void threadsData()
    {
        QTest::addColumn<int>("threads");
        QTest::newRow("1 thread") << 1;
        QTest::newRow("4 threads") << 4;
    }

private Q_SLOTS:
    void cleanup() { runThreads = 1; }
    void fitErrorMessages()
    {
        // FE1–FE8 of TestFitError_Error.
        FitError e1 {3, {}};
        e1.diagnosis.preFilterMsg = QStringLiteral("Node(s) failed PreFilter plugin FalsePreFilter");
        for (const char* n : {"node1", "node2", "node3"})
            e1.diagnosis.nodeToStatus.set(QLatin1String(n), Status(Code::Unschedulable, e1.diagnosis.preFilterMsg));
        QCOMPARE(e1.error(), QStringLiteral("0/3 nodes are available: Node(s) failed PreFilter plugin FalsePreFilter."));
        e1.diagnosis.postFilterMsg = QStringLiteral("Error running PostFilter plugin FailedPostFilter");
        QCOMPARE(e1.error(), QStringLiteral("0/3 nodes are available: Node(s) failed PreFilter plugin FalsePreFilter. Error running PostFilter plugin FailedPostFilter"));

        FitError e5 {3, {}};
        e5.diagnosis.nodeToStatus.set("node1", Status(Code::Unschedulable, "Node(s) failed Filter plugin FalseFilter-1"));
        e5.diagnosis.nodeToStatus.set("node2", Status(Code::Unschedulable, "Node(s) failed Filter plugin FalseFilter-1"));
        e5.diagnosis.nodeToStatus.set("node3", Status(Code::Unschedulable, "Node(s) failed Filter plugin FalseFilter-2"));
        QCOMPARE(e5.error(), QStringLiteral("0/3 nodes are available: 1 Node(s) failed Filter plugin FalseFilter-2, 2 Node(s) failed Filter plugin FalseFilter-1."));

        // sort.Strings on whole entries: "10 x" before "2 y".
        FitError sorted {12, {}};
        for (int i = 0; i < 10; ++i)
            sorted.diagnosis.nodeToStatus.set(QStringLiteral("a%1").arg(i), Status(Code::Unschedulable, "Insufficient cpu"));
        for (int i = 0; i < 2; ++i)
            sorted.diagnosis.nodeToStatus.set(QStringLiteral("b%1").arg(i), Status(Code::Unschedulable, "Insufficient memory"));
        QCOMPARE(sorted.error(), QStringLiteral("0/12 nodes are available: 10 Insufficient cpu, 2 Insufficient memory."));

        // SP16: two reasons on every node.
        FitError both {100, {}};
        for (int i = 0; i < 100; ++i)
            both.diagnosis.nodeToStatus.set(QString::number(i), Status(Code::Unschedulable, QStringList {"Insufficient cpu", "Insufficient memory"}));
        QCOMPARE(both.error(), QStringLiteral("0/100 nodes are available: 100 Insufficient cpu, 100 Insufficient memory."));

        // Absent nodes take the absent status' reasons; preemption's text is appended without a period.
        FitError absent {2, {}};
        absent.diagnosis.nodeToStatus.set("node2", Status(Code::Unschedulable, "injecting failure for pod test-prefilter"));
        absent.diagnosis.nodeToStatus.absentNodesStatus = Status(Code::UnschedulableAndUnresolvable, "node(s) didn't satisfy plugin(s) [FakePreFilter]");
        QCOMPARE(absent.error(), QStringLiteral("0/2 nodes are available: 1 injecting failure for pod test-prefilter, 1 node(s) didn't satisfy plugin(s) [FakePreFilter]."));
        absent.diagnosis.postFilterMsg = QStringLiteral("preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling.");
        QVERIFY(absent.error().endsWith(QStringLiteral("[FakePreFilter]. preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling.")));
    }

    void nodeToStatusKeepsOneStatusPerNode()
    {
        auto nodeList = [](std::initializer_list<const char*> names) {
            QList<NodeInfoPtr> list;
            for (const char* name : names)
                list.append(std::make_shared<NodeInfo>(std::make_shared<const Node>(Node(NodeBuilder(name)))));
            return list;
        };
        QList<NodeInfoPtr> all = nodeList({"node1", "node2", "node3", "node4"});
        const Status cpu(Code::Unschedulable, QStringLiteral("Insufficient cpu"));
        const Status affinity(Code::UnschedulableAndUnresolvable, QStringLiteral("node(s) didn't match Pod's node affinity/selector"));

        NodeToStatus m;
        QVERIFY(m.isEmpty());
        QCOMPARE(m.find(*all[0]), nullptr);
        // A nominated node tried alone (a list of its own), then again with every node: one entry.
        m.setRejected({all[1]}, 0, cpu);
        m.setRejected(all, 3, affinity);
        m.setRejected(all, 1, affinity);
        QCOMPARE(m.len(), 2);
        QCOMPARE(m.nameAt(0), QStringLiteral("node2"));
        QCOMPARE(m.statusAt(0).message(), affinity.message());
        QCOMPARE(m.nameAt(1), QStringLiteral("node4"));
        QVERIFY(m.find(QStringLiteral("node1")) == nullptr);
        QCOMPARE(m.find(QStringLiteral("node4"))->message(), affinity.message());
        QCOMPARE(int(m.find(*all[3])->code()), int(Code::UnschedulableAndUnresolvable));
        QCOMPARE(int(m.get(QStringLiteral("node1")).code()), int(m.absentNodesStatus.code()));

        // Set by name: replaces a rejection of that node, and is found from the node too.
        m.set(QStringLiteral("node4"), cpu);
        QCOMPARE(m.len(), 2);
        QCOMPARE(m.find(*all[3])->message(), cpu.message());
        m.set(QStringLiteral("node3"), cpu);
        QCOMPARE(m.len(), 3);
        QCOMPARE(m.find(*all[2])->message(), cpu.message());
        QCOMPARE(m.find(QStringLiteral("node3"))->message(), cpu.message());
        // A rejection after the name index was built joins it, and a later pass's repeat of a node
        // set by name replaces that status.
        m.setRejected(all, 0, affinity);
        QCOMPARE(m.find(QStringLiteral("node1"))->message(), affinity.message());
        QList<NodeInfoPtr> again = all;
        again.detach();
        m.setRejected(again, 2, affinity);
        QCOMPARE(m.len(), 4);
        QCOMPARE(m.find(QStringLiteral("node3"))->message(), affinity.message());

        // The node lists are retained: the names outlive the caller's lists, and copies keep them.
        const NodeToStatus copy = m;
        all.clear();
        again.clear();
        m = NodeToStatus();
        QStringList names;
        for (qsizetype i = 0; i < copy.len(); ++i)
            names.append(copy.nameAt(i));
        QCOMPARE(names, (QStringList {"node2", "node4", "node3", "node1"}));
    }

    void numFeasibleNodesToFind_data()
    {
        QTest::addColumn<int>("global");
        QTest::addColumn<int>("profile"); // -1: not set
        QTest::addColumn<qint64>("nodes");
        QTest::addColumn<qint64>("expected");
        QTest::newRow("NF1") << 0 << -1 << qint64(10) << qint64(10);
        QTest::newRow("NF2") << 0 << 40 << qint64(10) << qint64(10);
        QTest::newRow("NF3") << 0 << -1 << qint64(1000) << qint64(420);
        QTest::newRow("NF4") << 0 << 40 << qint64(1000) << qint64(400);
        QTest::newRow("NF5") << 100 << 40 << qint64(1000) << qint64(400);
        QTest::newRow("NF6") << 40 << -1 << qint64(1000) << qint64(400);
        QTest::newRow("NF7") << 0 << -1 << qint64(6000) << qint64(300);
        QTest::newRow("NF8") << 0 << 40 << qint64(6000) << qint64(2400);
        QTest::newRow("NF9 derived") << 0 << -1 << qint64(100) << qint64(100);
        QTest::newRow("NF10 derived") << 0 << -1 << qint64(99) << qint64(99);
        QTest::newRow("NF11 derived") << 10 << -1 << qint64(500) << qint64(100);
        QTest::newRow("5000 nodes") << 0 << -1 << qint64(5000) << qint64(500);
        QTest::newRow("500 nodes") << 0 << -1 << qint64(500) << qint64(230);
    }

    void numFeasibleNodesToFind()
    {
        QFETCH(int, global);
        QFETCH(int, profile);
        QFETCH(qint64, nodes);
        QFETCH(qint64, expected);
        const std::optional<int> profilePercentage = profile < 0 ? std::nullopt : std::optional<int>(profile);
        QCOMPARE(SchedulingAlgorithm::numFeasibleNodesToFind(global, profilePercentage, nodes), expected);
    }

    void schedulePodHosts_data() { threadsData(); }
    void schedulePodHosts()
    {
        QFETCH(int, threads);
        runThreads = threads;
        // SS2: MatchFilter picks the node named like the pod.
        {
            Setup setup({{"MatchFilter", make([] { return new MatchFilter; })}});
            Run run(setup, nodesNamed({"node1", "node2"}), PodBuilder("node2"));
            QCOMPARE(run.outcome.result->suggestedHost, QStringLiteral("node2"));
        }
        // SS3: the highest numeric score wins.
        {
            Setup setup({{"TrueFilter", make([] { return new TrueFilter; })}, {"NumericMap", make([] { return new NumericMap(false); })}});
            Run run(setup, nodesNamed({"3", "2", "1"}), PodBuilder("ignore"));
            QCOMPARE(run.outcome.result->suggestedHost, QStringLiteral("3"));
            QCOMPARE(run.outcome.result->evaluatedNodes, 3);
            QCOMPARE(run.outcome.result->feasibleNodes, 3);
        }
        // SS4: MatchFilter + NumericMap.
        {
            Setup setup({{"MatchFilter", make([] { return new MatchFilter; })}, {"NumericMap", make([] { return new NumericMap(false); })}});
            Run run(setup, nodesNamed({"3", "2", "1"}), PodBuilder("2"));
            QCOMPARE(run.outcome.result->suggestedHost, QStringLiteral("2"));
            QCOMPARE(run.outcome.result->evaluatedNodes, 3);
        }
        // SS5: weights 1 and 2 with a reversing normalizer: totals 5, 6, 7.
        {
            Setup setup({{"TrueFilter", make([] { return new TrueFilter; })},
                         {"NumericMap", make([] { return new NumericMap(false); })},
                         {"ReverseNumericMap", make([] { return new NumericMap(true); })}},
                        {{"NumericMap", 1}, {"ReverseNumericMap", 2}});
            Run run(setup, nodesNamed({"3", "2", "1"}), PodBuilder("2"));
            QCOMPARE(run.outcome.result->suggestedHost, QStringLiteral("1"));
            QCOMPARE(run.outcome.detail.scores.size(), 3);
            QCOMPARE(run.outcome.detail.scores.node(0).totalScore, 5);
            QCOMPARE(run.outcome.detail.scores.node(2).totalScore, 7);
            QCOMPARE(run.outcome.detail.scores.node(2).scores[1].raw, 1);
            QCOMPARE(run.outcome.detail.scores.node(2).scores[1].normalized, 3);
            QCOMPARE(run.outcome.detail.scores.node(2).scores[1].weight, 2);
        }
        // SS6: one feasible node is returned without scoring.
        {
            Setup setup({{"FakeFilter", make([] { return new FakeFilter("1"); })}, {"NumericMap", make([] { return new NumericMap(false); })}});
            Run run(setup, nodesNamed({"1", "2"}), PodBuilder("test-filter"));
            QCOMPARE(run.outcome.result->suggestedHost, QStringLiteral("2"));
            QCOMPARE(run.outcome.result->evaluatedNodes, 2);
            QVERIFY(run.outcome.detail.scores.isEmpty());
        }
        // SS7: PreFilterResults intersect to node2; no score plugins.
        {
            Setup setup({{"FakePreFilter1", make([] { return new FakePreFilter("FakePreFilter1", QSet<QString> {"node2"}); })},
                         {"FakePreFilter2", make([] { return new FakePreFilter("FakePreFilter2", QSet<QString> {"node1", "node2"}); })}});
            Run run(setup, nodesNamed({"node1", "node2", "node3"}), PodBuilder("p"));
            QCOMPARE(run.outcome.result->suggestedHost, QStringLiteral("node2"));
            QCOMPARE(run.outcome.result->evaluatedNodes, 1);
        }
        // SS8: without score plugins one feasible node is enough.
        {
            Setup setup({{"TrueFilter", make([] { return new TrueFilter; })}});
            Run run(setup, nodesNamed({"node1", "node2", "node3"}), PodBuilder("p"));
            QCOMPARE(run.outcome.result->evaluatedNodes, 1);
            QCOMPARE(run.outcome.detail.visitedNodes.size(), size_t(1));
        }
    }

    void schedulePodFailures_data() { threadsData(); }
    void schedulePodFailures()
    {
        QFETCH(int, threads);
        runThreads = threads;
        // SP1
        {
            Setup setup({{"FalseFilter", make([] { return new FalseFilter; })}});
            Run run(setup, nodesNamed({"node1", "node2"}), PodBuilder("2"));
            QVERIFY(run.outcome.fitError);
            QCOMPARE(run.outcome.fitError->error(), QStringLiteral("0/2 nodes are available: 2 Nodes failed the fake plugin."));
            QCOMPARE(run.outcome.fitError->diagnosis.unschedulablePlugins, QSet<QString> {"FalseFilter"});
        }
        // SP6 and SP8: a filter rejecting the only node, Unschedulable or UnschedulableAndUnresolvable.
        for (Code code : {Code::Unschedulable, Code::UnschedulableAndUnresolvable}) {
            Setup setup({{"FakeFilter", make([code] { return new FakeFilter("3", code); })}});
            Run run(setup, nodesNamed({"3"}), PodBuilder("test-filter"));
            QCOMPARE(run.outcome.fitError->error(), QStringLiteral("0/1 nodes are available: 1 injecting failure for pod test-filter."));
        }
        // SP9: PreFilter rejects.
        {
            Setup setup({{"FakePreFilter", make([] {
                              return new FakePreFilter("FakePreFilter", std::nullopt, Status(Code::UnschedulableAndUnresolvable, "injected unschedulable status"));
                          })},
                         {"TrueFilter", make([] { return new TrueFilter; })}});
            Run run(setup, nodesNamed({"1", "2"}), PodBuilder("test-prefilter"));
            QCOMPARE(run.outcome.fitError->error(), QStringLiteral("0/2 nodes are available: injected unschedulable status."));
            QCOMPARE(run.outcome.fitError->diagnosis.unschedulablePlugins, QSet<QString> {"FakePreFilter"});
        }
        // SP10: PreFilter error is not a FitError.
        {
            Setup setup({{"FakePreFilter", make([] { return new FakePreFilter("FakePreFilter", std::nullopt, Status::error("injected error status")); })},
                         {"TrueFilter", make([] { return new TrueFilter; })}});
            Run run(setup, nodesNamed({"1", "2"}), PodBuilder("test-prefilter"));
            QVERIFY(!run.outcome.fitError);
            QVERIFY(run.outcome.error.code() == Code::Error);
            QCOMPARE(run.outcome.error.message(), QStringLiteral("running PreFilter plugin \"FakePreFilter\": injected error status"));
        }
        // SP11: PreFilterResults that do not intersect.
        {
            Setup setup({{"FakePreFilter2", make([] { return new FakePreFilter("FakePreFilter2", QSet<QString> {"node2"}); })},
                         {"FakePreFilter3", make([] { return new FakePreFilter("FakePreFilter3", QSet<QString> {"node1"}); })},
                         {"TrueFilter", make([] { return new TrueFilter; })}});
            Run run(setup, nodesNamed({"node1", "node2", "node3"}), PodBuilder("test-prefilter"));
            QCOMPARE(run.outcome.fitError->error(),
                     QStringLiteral("0/3 nodes are available: node(s) didn't satisfy plugin(s) [FakePreFilter2 FakePreFilter3] simultaneously."));
        }
        // SP12: an empty node set from one plugin.
        {
            Setup setup({{"FakePreFilter2", make([] { return new FakePreFilter("FakePreFilter2", QSet<QString> {}); })},
                         {"TrueFilter", make([] { return new TrueFilter; })}});
            Run run(setup, nodesNamed({"node1"}), PodBuilder("test-prefilter"));
            QCOMPARE(run.outcome.fitError->error(), QStringLiteral("0/1 nodes are available: node(s) didn't satisfy plugin FakePreFilter2."));
        }
        // SP13: PreFilterResult keeps node2, which a filter rejects.
        {
            Setup setup({{"FakePreFilter", make([] { return new FakePreFilter("FakePreFilter", QSet<QString> {"node2"}); })},
                         {"FakeFilter", make([] { return new FakeFilter("node2"); })}});
            Run run(setup, nodesNamed({"node1", "node2"}), PodBuilder("test-prefilter"));
            QCOMPARE(run.outcome.fitError->error(),
                     QStringLiteral("0/2 nodes are available: 1 injecting failure for pod test-prefilter, 1 node(s) didn't satisfy plugin(s) [FakePreFilter]."));
        }
        // SP14: PreFilterResult names a node that does not exist.
        {
            Setup setup({{"FakePreFilter", make([] { return new FakePreFilter("FakePreFilter", QSet<QString> {"invalid-node"}); })},
                         {"TrueFilter", make([] { return new TrueFilter; })}});
            Run run(setup, nodesNamed({"1", "2"}), PodBuilder("test-prefilter"));
            QCOMPARE(run.outcome.fitError->error(), QStringLiteral("0/2 nodes are available: 2 node(s) didn't satisfy plugin(s) [FakePreFilter]."));
        }
        // No nodes at all.
        {
            Setup setup({{"TrueFilter", make([] { return new TrueFilter; })}});
            Run run(setup, {}, PodBuilder("p"));
            QCOMPARE(run.outcome.error.message(), noNodesAvailableMessage);
        }
    }

    // TestFairEvaluationForNodes: 500 nodes at 30% → 150 per cycle, the start index moving round.
    void fairEvaluation_data() { threadsData(); }
    void fairEvaluation()
    {
        QFETCH(int, threads);
        Parallelizer parallelizer(threads);
        Setup setup({{"TrueFilter", make([] { return new TrueFilter; })}, {"NumericMap", make([] { return new NumericMap(false); })}});
        QStringList names;
        for (int i = 0; i < 500; ++i)
            names.append(QString::number(i));
        Random random(1);
        auto framework = Framework::create(setup.registry, setup.profile, random);
        framework->setParallelizer(&parallelizer);
        framework->setSnapshot(std::make_shared<Snapshot>(Snapshot::fromCluster(nodesNamed(names), {})));
        SchedulingAlgorithm algorithm(30);
        for (int cycle = 0; cycle < 10; ++cycle) {
            CycleState state;
            const ScheduleOutcome outcome = algorithm.schedulePod(*framework, state, PodBuilder("p"));
            QCOMPARE(outcome.detail.feasibleNodes.size(), 150);
            QCOMPARE(algorithm.nextStartNodeIndex(), qint64((cycle + 1) * 150 % 500));
        }
    }

    // Many threads filter at once, but the pass ends where one thread going node by node would end:
    // at the first error from the round-robin start, or at the 500th feasible node of 5,000.
    void parallelFilterEndsWhereOneThreadEnds_data()
    {
        QTest::addColumn<QStringList>("errors");
        QTest::addColumn<QString>("expectedError");
        QTest::newRow("enough feasible nodes") << QStringList {} << QString();
        QTest::newRow("errors") << QStringList {"n3700", "n900", "n1500"} << QStringLiteral("running \"ErrorFilter\" filter plugin: broken on n900");
    }
    void parallelFilterEndsWhereOneThreadEnds()
    {
        QFETCH(QStringList, errors);
        QFETCH(QString, expectedError);
        QStringList names;
        QSet<QString> rejects;
        for (int i = 0; i < 5000; ++i) {
            names.append(QStringLiteral("n%1").arg(i));
            if (i % 3 == 0 || (i > 1000 && i < 1400))
                rejects.insert(names.constLast());
        }
        const QSet<QString> errorSet(errors.cbegin(), errors.cend());
        Setup setup({{"ErrorFilter", make([errorSet, rejects] { return new ErrorFilter(errorSet, rejects); })},
                     {"NumericMap", make([] { return new NumericMap(false); })}});
        const QList<Node> nodes = nodesNamed(names);
        struct Pass
        {
            QString error;
            QStringList feasible;
            QStringList visited;
            qsizetype rejected = 0;
            qint64 nextStart = 0;
        };
        // Three cycles in a row, so the round-robin start moves over the rejected stretch.
        auto passes = [&](int threads) {
            Parallelizer parallelizer(threads);
            Random random(1);
            auto framework = Framework::create(setup.registry, setup.profile, random);
            framework->setParallelizer(&parallelizer);
            framework->setSnapshot(std::make_shared<Snapshot>(Snapshot::fromCluster(nodes, {})));
            SchedulingAlgorithm algorithm;
            algorithm.setNextStartNodeIndex(700);
            QList<Pass> result;
            for (int cycle = 0; cycle < 3; ++cycle) {
                CycleState state;
                const ScheduleOutcome outcome = algorithm.schedulePod(*framework, state, PodBuilder("p"));
                Pass pass;
                pass.error = outcome.error.message();
                for (const auto& node : outcome.detail.feasibleNodes)
                    pass.feasible.append(node->name());
                for (const NodeInfo* node : outcome.detail.visitedNodes)
                    pass.visited.append(node->name());
                pass.rejected = outcome.diagnosis.nodeToStatus.len();
                pass.nextStart = algorithm.nextStartNodeIndex();
                result.append(pass);
            }
            return result;
        };
        const QList<Pass> one = passes(1);
        const QList<Pass> four = passes(4);
        for (int cycle = 0; cycle < 3; ++cycle) {
            QCOMPARE(four[cycle].error, one[cycle].error);
            QCOMPARE(four[cycle].feasible, one[cycle].feasible);
            QCOMPARE(four[cycle].visited, one[cycle].visited);
            QCOMPARE(four[cycle].rejected, one[cycle].rejected);
            QCOMPARE(four[cycle].nextStart, one[cycle].nextStart);
        }
        if (expectedError.isEmpty()) {
            QCOMPARE(one[0].feasible.size(), 500);
            QCOMPARE(one[0].visited.constFirst(), QStringLiteral("n700"));
            // From n700: two of every three nodes pass up to n1000 (201), none of n1001 to n1399, then
            // two of every three again up to the 500th at n1847.
            QCOMPARE(one[0].visited.size(), 301 + 399 + 448);
            QCOMPARE(one[0].visited.constLast(), QStringLiteral("n1847"));
        } else {
            QCOMPARE(one[0].error, expectedError);
            QCOMPARE(one[0].visited.constLast(), QStringLiteral("n900"));
        }
    }

    // prioritizeNodes on its own: the scores schedulePod hands to selectHost, or the error.
    void prioritizeNodes_data() { threadsData(); }
    void prioritizeNodes()
    {
        QFETCH(int, threads);
        const auto prioritize = [threads](const Setup& setup, const QStringList& names, Status* status) {
            Random random(1);
            Parallelizer parallelizer(threads);
            const std::unique_ptr<Framework> framework = Framework::create(setup.registry, setup.profile, random);
            framework->setParallelizer(&parallelizer);
            const auto snapshot = std::make_shared<Snapshot>(Snapshot::fromCluster(nodesNamed(names), {}));
            framework->setSnapshot(snapshot);
            CycleState state;
            return SchedulingAlgorithm::prioritizeNodes(*framework, state, PodBuilder("p"), snapshot->nodeInfos(), status);
        };
        // Without score plugins every node scores 1.
        {
            Setup setup({{"TrueFilter", make([] { return new TrueFilter; })}});
            Status status;
            const ScoreTable scores = prioritize(setup, {"node1", "node2", "node3"}, &status);
            QVERIFY(status.isSuccess());
            QCOMPARE(scores.size(), 3);
            QCOMPARE(scores.nodeName(2), QStringLiteral("node3"));
            QVERIFY(scores.plugins.isEmpty());
            QCOMPARE(scores.totals, (std::vector<qint64> {1, 1, 1}));
        }
        // SS5's weights and reversing normalizer: totals 5, 6, 7.
        {
            Setup setup({{"NumericMap", make([] { return new NumericMap(false); })}, {"ReverseNumericMap", make([] { return new NumericMap(true); })}},
                        {{"NumericMap", 1}, {"ReverseNumericMap", 2}});
            Status status;
            const ScoreTable scores = prioritize(setup, {"3", "2", "1"}, &status);
            QVERIFY(status.isSuccess());
            QCOMPARE(scores.plugins, (QStringList {"NumericMap", "ReverseNumericMap"}));
            QCOMPARE(scores.totals, (std::vector<qint64> {5, 6, 7}));
            QCOMPARE(scores.node(2).scores[1].normalized, 3);
        }
        // A PreScore error: no Score, no table.
        {
            Setup setup({{"FailingPreScore", make([] { return new FailingPreScore; })}, {"NumericMap", make([] { return new NumericMap(false); })}});
            Status status;
            const ScoreTable scores = prioritize(setup, {"1", "2"}, &status);
            QVERIFY(status.code() == Code::Error);
            QCOMPARE(status.message(), QStringLiteral("running PreScore plugin \"FailingPreScore\": broken"));
            QVERIFY(scores.isEmpty());
            QVERIFY(scores.totals.empty());
        }
        // A Score error: no table.
        {
            Setup setup({{"ScoreA", make([] { return new FailingScore("ScoreA", "2"); })}});
            Status status;
            const ScoreTable scores = prioritize(setup, {"1", "2"}, &status);
            QCOMPARE(status.message(), QStringLiteral("running Score plugins: plugin \"ScoreA\" failed with: cannot score 2"));
            QVERIFY(scores.isEmpty());
            QVERIFY(scores.totals.empty());
        }
    }

    // Score's error is the first in plugin order, then node order, whichever thread met which first.
    void scoreErrorIsTheFirstInPluginOrder_data() { threadsData(); }
    void scoreErrorIsTheFirstInPluginOrder()
    {
        QFETCH(int, threads);
        runThreads = threads;
        QStringList names;
        for (int i = 0; i < 300; ++i)
            names.append(QString::number(i));
        Setup setup({{"TrueFilter", make([] { return new TrueFilter; })},
                     {"ScoreA", make([] { return new FailingScore("ScoreA", "250"); })},
                     {"ScoreB", make([] { return new FailingScore("ScoreB", "3"); })}});
        Run run(setup, nodesNamed(names), PodBuilder("p"), {}, 100);
        QVERIFY(!run.outcome.result);
        QCOMPARE(run.outcome.error.message(), QStringLiteral("running Score plugins: plugin \"ScoreA\" failed with: cannot score 250"));
    }

    void selectHost()
    {
        Random random(7);
        // SH1/SH2
        QList<NodePluginScores> two {{"node1", {}, 1}, {"node2", {}, 2}};
        QList<NodePluginScores> top;
        QCOMPARE(SchedulingAlgorithm::selectHost(two, 2, random, &top), QStringLiteral("node2"));
        QCOMPARE(top.size(), 2);
        QCOMPARE(top[1].name, QStringLiteral("node1"));
        // SH4: the two 3s are picked about equally often; the top list keeps node2.1 third.
        QList<NodePluginScores> four {{"node3.1", {}, 3}, {"node2.1", {}, 2}, {"node1.1", {}, 1}, {"node3.2", {}, 3}};
        QMap<QString, int> picks;
        for (int i = 0; i < 1000; ++i) {
            const QString host = SchedulingAlgorithm::selectHost(four, 3, random, &top);
            ++picks[host];
            QCOMPARE(top.constFirst().name, host);
            QCOMPARE(top[2].name, QStringLiteral("node2.1"));
        }
        QCOMPARE(picks.size(), 2);
        QVERIFY(picks.value("node3.1") > 400 && picks.value("node3.2") > 400);
        // SH5
        QVERIFY(SchedulingAlgorithm::selectHost({}, 3, random).isEmpty());
        // Same seed, same choices.
        Random a(42);
        Random b(42);
        QList<NodePluginScores> tied {{"a", {}, 5}, {"b", {}, 5}, {"c", {}, 5}};
        for (int i = 0; i < 50; ++i)
            QCOMPARE(SchedulingAlgorithm::selectHost(tied, 3, a), SchedulingAlgorithm::selectHost(tied, 3, b));
    }

    void frameworkConfigurationErrors()
    {
        // An unknown plugin, a plugin at a point it does not implement, a duplicate, a stray weight.
        Setup setup({{"TrueFilter", make([] { return new TrueFilter; })}});
        const auto expectError = [&setup](config::Profile profile, const QString& expected) {
            Random random(1);
            try {
                Framework::create(setup.registry, profile, random);
                QFAIL("no error");
            } catch (const LoadError& e) {
                QCOMPARE(e.toString(), expected);
            }
        };
        const auto ref = [](const char* name, const char* path, int weight = 0) {
            config::PluginRef r;
            r.name = QLatin1String(name);
            r.weight = weight;
            r.source = {"sched.yaml", 7, 11};
            r.path = QLatin1String(path);
            return r;
        };
        config::Profile unknown = setup.profile;
        unknown.plugins.filter.enabled.append(ref("NoSuchPlugin", "profiles[0].plugins.filter.enabled[0]"));
        expectError(unknown, "sched.yaml:7:11: profiles[0].plugins.filter.enabled[0]: FilterPlugin \"NoSuchPlugin\" does not exist");
        config::Profile misplaced = setup.profile;
        misplaced.plugins.score.enabled.append(ref("TrueFilter", "profiles[0].plugins.score.enabled[0]"));
        expectError(misplaced, "sched.yaml:7:11: profiles[0].plugins.score.enabled[0]: plugin \"TrueFilter\" does not extend ScorePlugin plugin");
        config::Profile duplicate = setup.profile;
        duplicate.plugins.filter.enabled.append(ref("TrueFilter", "profiles[0].plugins.filter.enabled[0]"));
        duplicate.plugins.filter.enabled.append(ref("TrueFilter", "profiles[0].plugins.filter.enabled[1]"));
        expectError(duplicate, "sched.yaml:7:11: profiles[0].plugins.filter.enabled[1]: plugin \"TrueFilter\" already registered as \"FilterPlugin\"");
        config::Profile weighted = setup.profile;
        weighted.plugins.filter.enabled.append(ref("TrueFilter", "profiles[0].plugins.filter.enabled[0]", 3));
        expectError(weighted, "sched.yaml:7:11: profiles[0].plugins.filter.enabled[0].weight: Invalid value: 3: weight is only used by score plugins");
        config::Profile noQueueSort = setup.profile;
        noQueueSort.plugins.queueSort.disabled.append(ref("*", ""));
        noQueueSort.source = {"sched.yaml", 3, 3};
        noQueueSort.path = QStringLiteral("profiles[0]");
        expectError(noQueueSort, "sched.yaml:3:3: profiles[0].plugins.queueSort: only one queue sort plugin required for profile with scheduler name \"default-scheduler\", but got 0");
    }

    // The default v1.32 profile from the real registry, in upstream's order per extension point
    // (the expansion of getDefaultPlugins by expandMultiPointPlugins).
    void defaultProfilePluginLists()
    {
        const config::KubeSchedulerConfiguration configuration = config::defaultConfiguration();
        QCOMPARE(configuration.profiles.size(), 1);
        const Registry registry = plugins::inTreeRegistry({});
        Random random(1);
        const auto framework = Framework::create(registry, configuration.profiles.constFirst(), random);
        QMap<QString, QStringList> lists;
        for (const auto& [point, names] : framework->listPlugins())
            lists.insert(point, names);
        QCOMPARE(lists.value("PreEnqueue"), (QStringList {"SchedulingGates", "DefaultPreemption"}));
        QCOMPARE(lists.value("QueueSort"), QStringList {"PrioritySort"});
        QCOMPARE(lists.value("PreFilter"), (QStringList {"NodeAffinity", "NodePorts", "NodeResourcesFit", "VolumeRestrictions", "NodeVolumeLimits",
                                                         "VolumeBinding", "VolumeZone", "PodTopologySpread", "InterPodAffinity"}));
        QCOMPARE(lists.value("Filter"), (QStringList {"NodeUnschedulable", "NodeName", "TaintToleration", "NodeAffinity", "NodePorts", "NodeResourcesFit",
                                                      "VolumeRestrictions", "NodeVolumeLimits", "VolumeBinding", "VolumeZone", "PodTopologySpread",
                                                      "InterPodAffinity"}));
        QCOMPARE(lists.value("PostFilter"), QStringList {"DefaultPreemption"});
        QCOMPARE(lists.value("PreScore"), (QStringList {"TaintToleration", "NodeAffinity", "NodeResourcesFit", "VolumeBinding", "PodTopologySpread",
                                                        "InterPodAffinity", "NodeResourcesBalancedAllocation"}));
        QCOMPARE(lists.value("Score"), (QStringList {"TaintToleration", "NodeAffinity", "NodeResourcesFit", "VolumeBinding", "PodTopologySpread",
                                                     "InterPodAffinity", "NodeResourcesBalancedAllocation", "ImageLocality"}));
        QCOMPARE(lists.value("Reserve"), QStringList {"VolumeBinding"});
        QCOMPARE(lists.value("PreBind"), QStringList {"VolumeBinding"});
        QCOMPARE(lists.value("Bind"), QStringList {"DefaultBinder"});
        const QMap<QString, qint64> weights {{"TaintToleration", 3}, {"NodeAffinity", 2}, {"NodeResourcesFit", 1}, {"VolumeBinding", 1},
                                             {"PodTopologySpread", 2}, {"InterPodAffinity", 2}, {"NodeResourcesBalancedAllocation", 1},
                                             {"ImageLocality", 1}};
        QCOMPARE(framework->scoreWeights(), weights);
    }
};

QTEST_GUILESS_MAIN(TestScheduleOne)
#include "tst_scheduleone.moc"
