// Scheduler extenders in the scheduling cycle, against upstream's own tables: extender_test.go
// (TestSchedulerWithExtenders, TestIsInterested) and schedule_one_test.go
// (TestFindNodesThatPassExtenders, TestSchedulerSchedulePod's "test with extender which filters out
// some Nodes"), with upstream's FakeExtender (testing/framework/fake_extender.go) ported.
#include "scheduleonefixture.h"

#include "extender/httpextender.h"

#include <QTest>

namespace {

using Predicate = std::function<Status(const Pod&, const NodeInfo&)>;
using Prioritizer = std::function<QList<HostPriority>(const Pod&, const QList<NodeInfoPtr>&)>;

Status truePredicate(const Pod&, const NodeInfo&)
{
    return {};
}
Status falsePredicate(const Pod&, const NodeInfo& node)
{
    return Status(Code::Unschedulable, QStringLiteral("pod is unschedulable on the node \"%1\"").arg(node.name()));
}
Status errorPredicate(const Pod&, const NodeInfo&)
{
    return Status::error(QStringLiteral("some error"));
}
Predicate onlyNode(const QString& name)
{
    return [name](const Pod&, const NodeInfo& node) {
        return node.name() == name ? Status() : Status(Code::Unschedulable, QStringLiteral("node \"%1\" is not allowed").arg(node.name()));
    };
}
Prioritizer favouring(const QString& name)
{
    return [name](const Pod&, const QList<NodeInfoPtr>& nodes) {
        QList<HostPriority> result;
        for (const NodeInfoPtr& node : nodes)
            result.append(HostPriority {node->name(), node->name() == name ? 10 : 1});
        return result;
    };
}

struct WeightedPrioritizer
{
    Prioritizer function; // null: ErrorPrioritizerExtender
    qint64 weight = 0;
};

// tf.FakeExtender.
class FakeExtender final : public Extender
{
public:
    QList<Predicate> predicates;
    QList<WeightedPrioritizer> prioritizers;
    qint64 weight = 0;
    bool nodeCacheCapable = false;
    bool unInterested = false;
    bool ignorable = false;

    QString name() const override { return QStringLiteral("FakeExtender"); }
    bool isIgnorable() const override { return ignorable; }
    bool isBinder() const override { return true; }
    bool isFilter() const override { return !predicates.isEmpty(); }
    bool isPrioritizer() const override { return !prioritizers.isEmpty(); }
    bool supportsPreemption() const override { return true; }
    bool isInterested(const Pod&) const override { return !unInterested; }

    ExtenderFilterResult filter(const Pod& pod, const QList<NodeInfoPtr>& nodes) override
    {
        ExtenderFilterResult result;
        for (const NodeInfoPtr& node : nodes) {
            Status status;
            for (const Predicate& predicate : predicates) {
                status = predicate(pod, *node);
                if (!status.isSuccess())
                    break;
            }
            if (status.isSuccess())
                result.feasible.append(node);
            else if (status.code() == Code::Unschedulable)
                result.failed.insert(node->name(), QStringLiteral("FakeExtender: node \"%1\" failed").arg(node->name()));
            else if (status.code() == Code::UnschedulableAndUnresolvable)
                result.failedAndUnresolvable.insert(node->name(), QStringLiteral("FakeExtender: node \"%1\" failed and unresolvable").arg(node->name()));
            else {
                result.error = status.message();
                return result;
            }
        }
        return result;
    }
    ExtenderPrioritizeResult prioritize(const Pod& pod, const QList<NodeInfoPtr>& nodes) override
    {
        ExtenderPrioritizeResult result;
        QMap<QString, qint64> combined;
        for (const WeightedPrioritizer& prioritizer : prioritizers) {
            if (prioritizer.weight == 0)
                continue;
            if (!prioritizer.function) {
                result.error = QStringLiteral("some error");
                return result;
            }
            for (const HostPriority& entry : prioritizer.function(pod, nodes))
                combined[entry.host] += entry.score * prioritizer.weight;
        }
        for (const NodeInfoPtr& node : nodes)
            result.scores.append(HostPriority {node->name(), combined.value(node->name())});
        result.weight = weight;
        return result;
    }
    std::optional<QString> bind(const Pod&, const QString&) override { return std::nullopt; }
    ExtenderPreemptionResult processPreemption(const Pod&, const NodeNameToVictims& victims, const Snapshot&) override
    {
        return ExtenderPreemptionResult {victims, std::nullopt};
    }
};

std::shared_ptr<FakeExtender> fake(QList<Predicate> predicates, QList<WeightedPrioritizer> prioritizers = {}, qint64 weight = 0)
{
    auto extender = std::make_shared<FakeExtender>();
    extender->predicates = std::move(predicates);
    extender->prioritizers = std::move(prioritizers);
    extender->weight = weight;
    return extender;
}

// tf.EqualPrioritizerPlugin: 1 for every node.
class EqualPrioritizer : public Plugin, public ScorePlugin
{
public:
    QString name() const override { return QStringLiteral("EqualPrioritizerPlugin"); }
    ScoreOutcome score(CycleState&, const Pod&, const NodeInfo&) override { return {1, {}}; }
};

// tf.Node2PrioritizerPlugin: 100 for node2, 10 elsewhere.
class Node2Prioritizer : public Plugin, public ScorePlugin
{
public:
    QString name() const override { return QStringLiteral("Node2Prioritizer"); }
    ScoreOutcome score(CycleState&, const Pod&, const NodeInfo& node) override { return {node.name() == QLatin1String("node2") ? 100 : 10, {}}; }
};

using Extenders = QList<std::shared_ptr<FakeExtender>>;

QList<Extender*> raw(const Extenders& extenders)
{
    QList<Extender*> list;
    for (const auto& extender : extenders)
        list.append(extender.get());
    return list;
}

NodeInfoPtr nodeInfo(const char* name)
{
    return std::make_shared<NodeInfo>(std::make_shared<const Node>(Node(NodeBuilder(name))));
}

} // namespace

Q_DECLARE_METATYPE(Extenders)

class TestScheduleExtenders : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void schedulerWithExtenders_data()
    {
        QTest::addColumn<QString>("scorePlugin"); // "", "Equal" (weight 1) or "Node2" (weight 20 or 1)
        QTest::addColumn<int>("scoreWeight");
        QTest::addColumn<bool>("filterPlugin");
        QTest::addColumn<Extenders>("extenders");
        QTest::addColumn<QStringList>("nodes");
        QTest::addColumn<QString>("wantError"); // "error", "fit" or "" for a host
        QTest::addColumn<QString>("wantHost");
        QTest::addColumn<int>("wantEvaluated");
        QTest::addColumn<int>("wantFeasible");

        const QStringList two {"node1", "node2"};
        QTest::newRow("test 1") << QString() << 0 << true << Extenders {fake({truePredicate}), fake({errorPredicate})} << two << "error" << "" << 0 << 0;
        QTest::newRow("test 2") << QString() << 0 << true << Extenders {fake({truePredicate}), fake({falsePredicate})} << two << "fit" << "" << 0 << 0;
        QTest::newRow("test 3") << "Equal" << 1 << true << Extenders {fake({truePredicate}), fake({onlyNode("node1")})} << two << "" << "node1" << 2 << 1;
        QTest::newRow("test 4") << QString() << 0 << true << Extenders {fake({onlyNode("node2")}), fake({onlyNode("node1")})} << two << "fit" << "" << 0 << 0;
        QTest::newRow("test 5") << QString() << 0 << true << Extenders {fake({truePredicate}, {{nullptr, 10}}, 1)} << QStringList {"node1"} << ""
                                << "node1" << 1 << 1;
        QTest::newRow("test 6") << QString() << 0 << true
                                << Extenders {fake({truePredicate}, {{favouring("node1"), 10}}, 1), fake({truePredicate}, {{favouring("node2"), 10}}, 5)}
                                << two << "" << "node2" << 2 << 2;
        QTest::newRow("test 7") << "Node2" << 20 << true << Extenders {fake({truePredicate}, {{favouring("node1"), 10}}, 1)} << two << ""
                                << "node2" << 2 << 2;
        auto uninterested = fake({errorPredicate}, {{nullptr, 10}});
        uninterested->unInterested = true;
        QTest::newRow("test 8") << "Node2" << 1 << true << Extenders {uninterested} << two << "" << "node2" << 2 << 2;
        auto ignorable = fake({errorPredicate});
        ignorable->ignorable = true;
        QTest::newRow("test 9") << "Equal" << 1 << true << Extenders {ignorable, fake({onlyNode("node1")})} << two << "" << "node1" << 2 << 1;
        QTest::newRow("test 10: no scoring, extender filters configured, multiple feasible nodes are evaluated")
            << QString() << 0 << true << Extenders {fake({truePredicate}), fake({onlyNode("node1")})} << two << "" << "node1" << 2 << 1;
        QTest::newRow("test 11: no scoring, no prefilters or extender filters configured, a single feasible node is evaluated")
            << QString() << 0 << false << Extenders {fake({})} << two << "" << "node1" << 1 << 1;
    }
    void schedulerWithExtenders()
    {
        QFETCH(QString, scorePlugin);
        QFETCH(int, scoreWeight);
        QFETCH(bool, filterPlugin);
        QFETCH(Extenders, extenders);
        QFETCH(QStringList, nodes);
        QFETCH(QString, wantError);
        QFETCH(QString, wantHost);
        QFETCH(int, wantEvaluated);
        QFETCH(int, wantFeasible);

        QList<std::pair<QString, Factory>> plugins;
        if (filterPlugin)
            plugins.append({QStringLiteral("TrueFilter"), make([] { return new TrueFilter; })});
        if (scorePlugin == QLatin1String("Equal"))
            plugins.append({QStringLiteral("EqualPrioritizerPlugin"), make([] { return new EqualPrioritizer; })});
        if (scorePlugin == QLatin1String("Node2"))
            plugins.append({QStringLiteral("Node2Prioritizer"), make([] { return new Node2Prioritizer; })});
        const Setup setup(plugins, {{QStringLiteral("EqualPrioritizerPlugin"), scoreWeight}, {QStringLiteral("Node2Prioritizer"), scoreWeight}});
        const Run run(setup, nodesNamed(nodes), PodBuilder("").obj(), {}, 0, raw(extenders));

        if (wantError == QLatin1String("error")) {
            QCOMPARE(int(run.outcome.error.code()), int(Code::Error));
            QCOMPARE(run.outcome.error.message(), QStringLiteral("some error"));
            return;
        }
        if (wantError == QLatin1String("fit")) {
            QVERIFY(run.outcome.fitError.has_value());
            return;
        }
        QVERIFY2(run.outcome.result.has_value(), qPrintable(run.outcome.error.message()));
        QCOMPARE(run.outcome.result->suggestedHost, wantHost);
        QCOMPARE(run.outcome.result->evaluatedNodes, wantEvaluated);
        QCOMPARE(run.outcome.result->feasibleNodes, wantFeasible);
    }

    // Test 6 and 7's totals, which upstream's table states in its comments: plugin × weight plus each
    // extender's score × its weight × MaxNodeScore / MaxExtenderPriority.
    void extenderScoresAddToTotals()
    {
        const Setup setup({{QStringLiteral("TrueFilter"), make([] { return new TrueFilter; })},
                           {QStringLiteral("Node2Prioritizer"), make([] { return new Node2Prioritizer; })}},
                          {{QStringLiteral("Node2Prioritizer"), 20}});
        const Extenders extenders {fake({truePredicate}, {{favouring("node1"), 10}}, 1)};
        const Run run(setup, nodesNamed({"node1", "node2"}), PodBuilder("").obj(), {}, 0, raw(extenders));
        const ScoreTable& scores = run.outcome.detail.scores;
        QCOMPARE(scores.plugins, (QStringList {"Node2Prioritizer", "extender:FakeExtender"}));
        QCOMPARE(scores.weights, (std::vector<qint64> {20, 10}));
        QCOMPARE(scores.totals, (std::vector<qint64> {1200, 2100}));
        QCOMPARE(scores.raw[1], qint64(100)); // node1's extender score: 10 × the prioritizer's weight 10
        QCOMPARE(scores.raw[3], qint64(10));
    }

    void findNodesThatPassExtenders_data()
    {
        QTest::addColumn<Extenders>("extenders");
        QTest::addColumn<QStringList>("nodes");
        QTest::addColumn<QStringList>("priorStatus"); // "node|message": Unschedulable statuses set before
        QTest::addColumn<bool>("wantError");
        QTest::addColumn<QStringList>("wantFeasible");
        QTest::addColumn<QStringList>("wantStatuses"); // "node|code|message"

        const Predicate aPassesOthersFail = [](const Pod&, const NodeInfo& node) {
            return node.name() == QLatin1String("a") ? Status() : Status(Code::Unschedulable, QStringLiteral("x"));
        };
        const Predicate aPassesBFailsOthersUnresolvable = [](const Pod&, const NodeInfo& node) {
            if (node.name() == QLatin1String("a"))
                return Status();
            if (node.name() == QLatin1String("b"))
                return Status(Code::Unschedulable, QStringLiteral("x"));
            return Status(Code::UnschedulableAndUnresolvable, QStringLiteral("x"));
        };
        const QString bFailed = QStringLiteral("b|Unschedulable|FakeExtender: node \"b\" failed");
        const QString cUnresolvable = QStringLiteral("c|UnschedulableAndUnresolvable|FakeExtender: node \"c\" failed and unresolvable");
        QTest::newRow("error") << Extenders {fake({errorPredicate})} << QStringList {"a"} << QStringList() << true << QStringList() << QStringList();
        QTest::newRow("success") << Extenders {fake({truePredicate})} << QStringList {"a"} << QStringList() << false << QStringList {"a"} << QStringList();
        QTest::newRow("unschedulable") << Extenders {fake({aPassesOthersFail})} << QStringList {"a", "b"} << QStringList() << false
                                       << QStringList {"a"} << QStringList {bFailed};
        QTest::newRow("unschedulable and unresolvable") << Extenders {fake({aPassesBFailsOthersUnresolvable})} << QStringList {"a", "b", "c"}
                                                        << QStringList() << false << QStringList {"a"} << QStringList {bFailed, cUnresolvable};
        QTest::newRow("extender does not overwrite the previous statuses")
            << Extenders {fake({aPassesBFailsOthersUnresolvable})} << QStringList {"a", "b"} << QStringList {"c|FakeFilterPlugin: node \"c\" failed"}
            << false << QStringList {"a"} << QStringList {bFailed, "c|Unschedulable|FakeFilterPlugin: node \"c\" failed"};
        QTest::newRow("multiple extenders") << Extenders {fake({aPassesBFailsOthersUnresolvable}), fake({aPassesOthersFail})}
                                            << QStringList {"a", "b", "c"} << QStringList() << false << QStringList {"a"}
                                            << QStringList {bFailed, cUnresolvable};
    }
    void findNodesThatPassExtenders()
    {
        QFETCH(Extenders, extenders);
        QFETCH(QStringList, nodes);
        QFETCH(QStringList, priorStatus);
        QFETCH(bool, wantError);
        QFETCH(QStringList, wantFeasible);
        QFETCH(QStringList, wantStatuses);

        QList<NodeInfoPtr> infos;
        for (const QString& name : nodes)
            infos.append(nodeInfo(qPrintable(name)));
        NodeToStatus statuses;
        statuses.absentNodesStatus = Status(Code::UnschedulableAndUnresolvable, QStringLiteral("node(s) didn't satisfy plugin(s) [PreFilter]"));
        for (const QString& prior : priorStatus)
            statuses.set(prior.section(QLatin1Char('|'), 0, 0), Status(Code::Unschedulable, prior.section(QLatin1Char('|'), 1)));
        ScheduleOutcome outcome;
        const QList<NodeInfoPtr> feasible =
            SchedulingAlgorithm::findNodesThatPassExtenders(raw(extenders), PodBuilder("1").obj(), infos, statuses, outcome);
        QCOMPARE(outcome.error.code() == Code::Error, wantError);
        if (wantError)
            return;
        QStringList feasibleNames;
        for (const NodeInfoPtr& node : feasible)
            feasibleNames.append(node->name());
        QCOMPARE(feasibleNames, wantFeasible);
        QStringList got;
        for (qsizetype i = 0; i < statuses.len(); ++i)
            got.append(statuses.nameAt(i) + QLatin1Char('|') + toString(statuses.statusAt(i).code()) + QLatin1Char('|') + statuses.statusAt(i).message());
        got.sort();
        QCOMPARE(got, wantStatuses);
        QCOMPARE(statuses.absentNodesStatus.message(), QStringLiteral("node(s) didn't satisfy plugin(s) [PreFilter]"));
    }

    // TestSchedulerSchedulePod, "test with extender which filters out some Nodes".
    void extenderFiltersOutSomeNodes()
    {
        const Setup setup({{QStringLiteral("FakeFilter"), make([] { return new FakeFilter(QStringLiteral("3")); })},
                           {QStringLiteral("NumericMap"), make([] { return new NumericMap(false); })}},
                          {{QStringLiteral("NumericMap"), 1}});
        const Extenders extenders {fake({falsePredicate})};
        const Run run(setup, nodesNamed({"1", "2", "3"}), PodBuilder("test-filter").obj(), {}, 0, raw(extenders));
        QVERIFY(run.outcome.fitError.has_value());
        const FitError& error = *run.outcome.fitError;
        QCOMPARE(error.numAllNodes, 3);
        QCOMPARE(error.diagnosis.nodeToStatus.get(QStringLiteral("1")).message(), QStringLiteral("FakeExtender: node \"1\" failed"));
        QCOMPARE(error.diagnosis.nodeToStatus.get(QStringLiteral("2")).message(), QStringLiteral("FakeExtender: node \"2\" failed"));
        QCOMPARE(error.diagnosis.nodeToStatus.get(QStringLiteral("3")).message(), QStringLiteral("injecting failure for pod test-filter"));
        QCOMPARE(error.diagnosis.nodeToStatus.get(QStringLiteral("3")).plugin(), QStringLiteral("FakeFilter"));
        QVERIFY(error.diagnosis.nodeToStatus.get(QStringLiteral("1")).plugin().isEmpty());
        QCOMPARE(error.diagnosis.unschedulablePlugins, (QSet<QString> {QStringLiteral("FakeFilter"), QStringLiteral("Extender")}));
        QCOMPARE(error.error(), QStringLiteral("0/3 nodes are available: 1 FakeExtender: node \"1\" failed, 1 FakeExtender: node \"2\" failed, "
                                              "1 injecting failure for pod test-filter."));
        // Whose verdict each rejection was, for the views and explain.
        QCOMPARE(run.outcome.detail.extenderVerdicts.value(QStringLiteral("1")), QStringLiteral("extender:FakeExtender"));
        QVERIFY(!run.outcome.detail.extenderVerdicts.contains(QStringLiteral("3")));
    }

    void isInterested_data()
    {
        QTest::addColumn<QStringList>("managed");
        QTest::addColumn<QString>("where"); // "", "requests", "limits", "init"
        QTest::addColumn<bool>("want");
        QTest::newRow("Empty managed resources") << QStringList() << "" << true;
        QTest::newRow("Managed memory, empty resources") << QStringList {"memory"} << "" << false;
        QTest::newRow("Managed memory, container memory with Requests") << QStringList {"memory"} << "requests" << true;
        QTest::newRow("Managed memory, container memory with Limits") << QStringList {"memory"} << "limits" << true;
        QTest::newRow("Managed memory, init container memory") << QStringList {"memory"} << "init" << true;
    }
    void isInterested()
    {
        QFETCH(QStringList, managed);
        QFETCH(QString, where);
        QFETCH(bool, want);
        config::Extender configuration;
        for (const QString& name : managed)
            configuration.managedResources.append(config::ExtenderManagedResource {name, false});
        Pod pod = PodBuilder("p").obj();
        Container container;
        container.name = QStringLiteral("app");
        if (where == QLatin1String("requests"))
            container.requests.insert(QStringLiteral("memory"), Quantity::parse(QStringLiteral("0")).value());
        if (where == QLatin1String("limits"))
            container.limits.insert(QStringLiteral("memory"), Quantity::parse(QStringLiteral("0")).value());
        if (where == QLatin1String("init"))
            pod.initContainers.append(Container {QStringLiteral("init"), {}, {{QStringLiteral("memory"), Quantity::parse(QStringLiteral("0")).value()}}, {}, {}, false});
        else
            pod.containers = {container};
        struct NoTransport : extender::ExtenderTransport
        {
            extender::ExtenderResponse post(const extender::ExtenderRequest&) override { return {}; }
        } transport;
        const extender::HTTPExtender extender(configuration, 0, transport, nullptr);
        QCOMPARE(extender.isInterested(pod), want);
    }

    // buildExtenders: non-ignorable first, each group in configuration order.
    void callOrder()
    {
        QList<config::Extender> extenders(4);
        extenders[0].ignorable = true;
        extenders[2].ignorable = true;
        QCOMPARE(extender::extenderCallOrder(extenders), (QList<int> {1, 3, 0, 2}));
        QCOMPARE(extender::HTTPExtender::verbUrl(QStringLiteral("http://e:8888/sched//"), QStringLiteral("filter")),
                 QStringLiteral("http://e:8888/sched/filter"));
    }
};

QTEST_GUILESS_MAIN(TestScheduleExtenders)
#include "tst_scheduleextenders.moc"
