// Scheduler extenders in the scheduling cycle, against upstream's own tables: extender_test.go
// (TestSchedulerWithExtenders, TestIsInterested) and schedule_one_test.go
// (TestFindNodesThatPassExtenders, TestSchedulerSchedulePod's "test with extender which filters out
// some Nodes"), with upstream's FakeExtender (testing/framework/fake_extender.go) ported.
#include "scheduleonefixture.h"

#include "extender/httpextender.h"
#include "scenario/loader.h"
#include "simulation/simulator.h"
#include "../plugins/fakeextender.h"

#include <QTest>

using namespace ksv::test;

namespace {

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

Q_DECLARE_METATYPE(ksv::test::Extenders)

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

    // TestSchedulerBinding, through a whole run: the first binder extender interested in the pod binds
    // it in DefaultBinder's stead; an ignorable one that fails is skipped. (-1: DefaultBinder.)
    void schedulerBinding_data()
    {
        QTest::addColumn<QList<int>>("binders");     // per extender: 1 binder, 0 not
        QTest::addColumn<QList<int>>("interested");  // per extender: 1 interested in the pod, 0 not
        QTest::addColumn<bool>("failingIgnorable");  // the last extender's bind fails, and it is ignorable
        QTest::addColumn<int>("wantBinder");
        QTest::newRow("the extender is not a binder") << QList<int> {0} << QList<int> {1} << false << -1;
        QTest::newRow("one of the extenders is a binder and interested in pod") << QList<int> {0, 1} << QList<int> {1, 1} << false << 1;
        QTest::newRow("one of the extenders is a binder, but not interested in pod") << QList<int> {0, 1} << QList<int> {1, 0} << false << -1;
        QTest::newRow("ignore when extender bind failed") << QList<int> {1} << QList<int> {1} << true << -1;
    }
    void schedulerBinding()
    {
        QFETCH(QList<int>, binders);
        QFETCH(QList<int>, interested);
        QFETCH(bool, failingIgnorable);
        QFETCH(int, wantBinder);

        const Scenario scenario = loadScenarioText(QByteArrayLiteral(
            "apiVersion: v1\nkind: Node\nmetadata: {name: node}\nstatus: {allocatable: {cpu: '4', memory: 4Gi, pods: '10'}}\n---\n"
            "apiVersion: v1\nkind: Pod\nmetadata: {name: pod0, namespace: default}\n"
            "spec: {containers: [{name: c, image: i, resources: {requests: {cpu: 100m}}}]}\n"), QStringLiteral("binding.yaml"));
        config::KubeSchedulerConfiguration configuration = config::defaultConfiguration();
        for (qsizetype i = 0; i < binders.size(); ++i) {
            config::Extender extender;
            extender.urlPrefix = QStringLiteral("http://extender-%1").arg(i);
            if (binders[i])
                extender.bindVerb = QStringLiteral("bind");
            if (!interested[i])
                extender.managedResources = {config::ExtenderManagedResource {QStringLiteral("example.com/gpu"), false}};
            extender.ignorable = failingIgnorable && i == binders.size() - 1;
            configuration.extenders.append(extender);
        }
        // Answers every bind, with an error from the failing one.
        struct BindTransport : extender::ExtenderTransport
        {
            bool failing = false;
            extender::ExtenderResponse post(const extender::ExtenderRequest&) override
            {
                return extender::ExtenderResponse {QString(), 200, failing ? QByteArrayLiteral(R"({"Error":"bind failed"})") : QByteArrayLiteral(R"({"Error":""})"), 0};
            }
        };
        auto transport = std::make_shared<BindTransport>();
        transport->failing = failingIgnorable;
        SimulationOptions options;
        options.extenderTransport = transport;
        trace::Trace trace;
        Simulator simulator(scenario, configuration, options, trace);
        simulator.run();

        int binder = -1;
        int bindCalls = 0;
        bool bound = false;
        for (qsizetype i = 0; i < trace.size(); ++i) {
            const trace::Event& event = trace.at(i);
            if (event.kind() == trace::EventKind::ExtenderCall && event.verb() == extender::Verb::Bind) {
                ++bindCalls;
                if (event.code() == Code::Success)
                    binder = trace.string(event.extender()).section(QLatin1Char('-'), -1).toInt();
            }
            if (event.kind() == trace::EventKind::BindingEnd)
                bound = event.code() == Code::Success;
        }
        QVERIFY(bound);
        QCOMPARE(binder, wantBinder);
        QCOMPARE(bindCalls, failingIgnorable || wantBinder >= 0 ? 1 : 0);
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
