// NodeAffinity: upstream's TestNodeAffinity and TestNodeAffinityPriority
// (pkg/scheduler/framework/plugins/nodeaffinity/node_affinity_test.go, v1.32), derived matcher rows
// from component-helpers nodeaffinity and labels.NewRequirement, and the matching helpers' errors.
#include "decoding/loaderror.h"
#include "plugins/nodeaffinity.h"

#include "builders.h"
#include "testhandle.h"

#include <QTest>

#include <algorithm>

using namespace ksv;
using framework::Code;
using Op = SelectorOperator;
using Requirements = QList<NodeSelectorRequirement>;
using OptionalNames = std::optional<QStringList>;

namespace {

NodeSelectorRequirement r(const char* key, Op op, const QStringList& values = {})
{
    return NodeSelectorRequirement {QString::fromLatin1(key), op, values};
}

NodeSelectorTerm expr(const Requirements& expressions)
{
    NodeSelectorTerm term;
    term.matchExpressions = expressions;
    return term;
}

NodeSelectorTerm fields(const Requirements& matchFields, const Requirements& expressions = {})
{
    NodeSelectorTerm term;
    term.matchFields = matchFields;
    term.matchExpressions = expressions;
    return term;
}

NodeAffinity required(const QList<NodeSelectorTerm>& terms)
{
    NodeAffinity affinity;
    affinity.requiredDuringSchedulingIgnoredDuringExecution = NodeSelector {terms};
    return affinity;
}

PreferredSchedulingTerm pref(int weight, const Requirements& expressions)
{
    return PreferredSchedulingTerm {weight, expr(expressions)};
}

NodeAffinity preferred(const QList<PreferredSchedulingTerm>& terms)
{
    NodeAffinity affinity;
    affinity.preferredDuringSchedulingIgnoredDuringExecution = terms;
    return affinity;
}

Pod makePod(const Labels& nodeSelector = {}, const std::optional<NodeAffinity>& nodeAffinity = std::nullopt)
{
    Pod pod = test::PodBuilder("pod1");
    pod.nodeSelector = nodeSelector;
    pod.affinity.nodeAffinity = nodeAffinity;
    return pod;
}

config::NodeAffinityArgs added(const NodeAffinity& affinity)
{
    return config::NodeAffinityArgs {affinity};
}

// Upstream's nodes carry only a name and labels.
Node makeNode(const char* name, const Labels& labels)
{
    Node node;
    node.meta.name = QString::fromLatin1(name);
    node.meta.labels = labels;
    return node;
}

const QString errReasonPod = QStringLiteral("node(s) didn't match Pod's node affinity/selector");

} // namespace

class TestNodeAffinity : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void filter_data();
    void filter();
    void score_data();
    void score();
    void addedAffinityParseError();
    void extensionPoints();
};

void TestNodeAffinity::filter_data()
{
    QTest::addColumn<Pod>("pod");
    QTest::addColumn<Labels>("labels");
    QTest::addColumn<QString>("nodeName");
    QTest::addColumn<config::NodeAffinityArgs>("args");
    QTest::addColumn<bool>("runPreFilter");
    QTest::addColumn<Code>("preFilterCode");
    QTest::addColumn<QString>("preFilterMessage");
    QTest::addColumn<OptionalNames>("preFilterNodes"); // nullopt: every node
    QTest::addColumn<Code>("code");
    QTest::addColumn<QString>("message");

    const Code ok = Code::Success;
    const Code uu = Code::UnschedulableAndUnresolvable;
    const Code skip = Code::Skip;
    const Labels fooBar {{"foo", "bar"}};
    const Labels gpu {{"GPU", "NVIDIA-GRID-K1"}};
    const config::NodeAffinityArgs none;
    const OptionalNames all;
    const auto row = [](const char* name) -> QTestData& { return QTest::newRow(name); };

    // Upstream TestNodeAffinity.
    row("missing labels") << makePod(fooBar) << Labels {} << "" << none << true << ok << "" << all << uu << errReasonPod;
    row("same labels") << makePod(fooBar) << fooBar << "" << none << true << ok << "" << all << ok << "";
    row("node labels are superset") << makePod(fooBar) << Labels {{"foo", "bar"}, {"baz", "blah"}} << "" << none << true << ok << ""
                                    << all << ok << "";
    row("node labels are subset") << makePod({{"foo", "bar"}, {"baz", "blah"}}) << fooBar << "" << none << true << ok << "" << all
                                  << uu << errReasonPod;
    row("Pod with matchExpressions using In operator that matches the existing node")
        << makePod({}, required({expr({r("foo", Op::In, {"bar", "value2"})})})) << fooBar << "" << none << true << ok << "" << all
        << ok << "";
    row("Pod with matchExpressions using Gt operator that matches the existing node")
        << makePod({}, required({expr({r("kernel-version", Op::Gt, {"0204"})})})) << Labels {{"kernel-version", "0206"}} << "" << none
        << true << ok << "" << all << ok << "";
    row("Pod with matchExpressions using NotIn operator that matches the existing node")
        << makePod({}, required({expr({r("mem-type", Op::NotIn, {"DDR", "DDR2"})})})) << Labels {{"mem-type", "DDR3"}} << "" << none
        << true << ok << "" << all << ok << "";
    row("Pod with matchExpressions using Exists operator that matches the existing node")
        << makePod({}, required({expr({r("GPU", Op::Exists)})})) << gpu << "" << none << true << ok << "" << all << ok << "";
    row("Pod with affinity that don't match node's labels won't schedule onto the node")
        << makePod({}, required({expr({r("foo", Op::In, {"value1", "value2"})})})) << fooBar << "" << none << true << ok << "" << all
        << uu << errReasonPod;
    row("Pod with empty MatchExpressions is not a valid value will match no objects and won't schedule onto the node")
        << makePod({}, required({expr({})})) << fooBar << "" << none << true << ok << "" << all << uu << errReasonPod;
    row("Pod with no Affinity will schedule onto a node") << makePod() << fooBar << "" << none << true << skip << "" << all << ok << "";
    row("Pod with Affinity but nil NodeSelector will schedule onto a node")
        << makePod({}, NodeAffinity {}) << fooBar << "" << none << true << skip << "" << all << ok << "";
    row("Pod with multiple matchExpressions ANDed that matches the existing node")
        << makePod({}, required({expr({r("GPU", Op::Exists), r("GPU", Op::NotIn, {"AMD", "INTER"})})})) << gpu << "" << none << true
        << ok << "" << all << ok << "";
    row("Pod with multiple matchExpressions ANDed that doesn't match the existing node")
        << makePod({}, required({expr({r("GPU", Op::Exists), r("GPU", Op::In, {"AMD", "INTER"})})})) << gpu << "" << none << true << ok
        << "" << all << uu << errReasonPod;
    row("Pod with multiple NodeSelectorTerms ORed in affinity, matches the node's labels and will schedule onto the node")
        << makePod({}, required({expr({r("foo", Op::In, {"bar", "value2"})}), expr({r("diffkey", Op::In, {"wrong", "value2"})})}))
        << fooBar << "" << none << true << ok << "" << all << ok << "";
    row("Pod with an Affinity and a PodSpec.NodeSelector(the old thing that we are deprecating) both are satisfied, will schedule onto the node")
        << makePod(fooBar, required({expr({r("foo", Op::Exists)})})) << fooBar << "" << none << true << ok << "" << all << ok << "";
    row("Pod with an Affinity matches node's labels but the PodSpec.NodeSelector(the old thing that we are deprecating) is not satisfied, won't schedule onto the node")
        << makePod(fooBar, required({expr({r("foo", Op::Exists)})})) << Labels {{"foo", "barrrrrr"}} << "" << none << true << ok << ""
        << all << uu << errReasonPod;
    row("Pod with an invalid value in Affinity term won't be scheduled onto the node")
        << makePod({}, required({expr({r("foo", Op::NotIn, {"invalid value: ___@#$%^"})})})) << fooBar << "" << none << true << ok << ""
        << all << uu << errReasonPod;
    row("Pod with matchFields using In operator that matches the existing node")
        << makePod({}, required({fields({r("metadata.name", Op::In, {"node1"})})})) << Labels {} << "node1" << none << true << ok << ""
        << OptionalNames {{"node1"}} << ok << "";
    row("Pod with matchFields using In operator that does not match the existing node")
        << makePod({}, required({fields({r("metadata.name", Op::In, {"node1"})})})) << Labels {} << "node2" << none << true << ok << ""
        << OptionalNames {{"node1"}} << uu << errReasonPod;
    row("Pod with two terms: matchFields does not match, but matchExpressions matches")
        << makePod({}, required({fields({r("metadata.name", Op::In, {"node1"}), r("metadata.name", Op::In, {"node2"})}),
                                 expr({r("foo", Op::In, {"bar"})})}))
        << fooBar << "node2" << none << true << ok << "" << all << ok << "";
    row("Pod with one term: matchFields does not match, but matchExpressions matches")
        << makePod({}, required({fields({r("metadata.name", Op::In, {"node1"})}, {r("foo", Op::In, {"bar"})})})) << fooBar << "node2"
        << none << true << ok << "" << OptionalNames {{"node1"}} << uu << errReasonPod;
    row("Pod with one term: both matchFields and matchExpressions match")
        << makePod({}, required({fields({r("metadata.name", Op::In, {"node1"})}, {r("foo", Op::In, {"bar"})})})) << fooBar << "node1"
        << none << true << ok << "" << OptionalNames {{"node1"}} << ok << "";
    row("Pod with two terms: both matchFields and matchExpressions do not match")
        << makePod({}, required({fields({r("metadata.name", Op::In, {"node1"})}), expr({r("foo", Op::In, {"not-match-to-bar"})})}))
        << fooBar << "node2" << none << true << ok << "" << all << uu << errReasonPod;
    row("Pod with two terms of node.Name affinity")
        << makePod({}, required({fields({r("metadata.name", Op::In, {"node1"})}), fields({r("metadata.name", Op::In, {"node2"})})}))
        << Labels {} << "node2" << none << true << ok << "" << OptionalNames {{"node1", "node2"}} << ok << "";
    row("Pod with two conflicting mach field requirements")
        << makePod({}, required({fields({r("metadata.name", Op::In, {"node1"}), r("metadata.name", Op::In, {"node2"})})})) << fooBar
        << "node2" << none << true << uu << "pod affinity terms conflict" << all << uu << errReasonPod;
    const NodeAffinity addedNode2 = required({fields({r("metadata.name", Op::In, {"node2"})})});
    row("Matches added affinity and Pod's node affinity")
        << makePod({}, required({expr({r("zone", Op::In, {"foo"})})})) << Labels {{"zone", "foo"}} << "node2" << added(addedNode2) << true
        << ok << "" << all << ok << "";
    row("Matches added affinity but not Pod's node affinity")
        << makePod({}, required({expr({r("zone", Op::In, {"bar"})})})) << Labels {{"zone", "foo"}} << "node2" << added(addedNode2) << true
        << ok << "" << all << uu << errReasonPod;
    row("Doesn't match added affinity")
        << makePod() << Labels {{"zone", "foo"}} << "node2" << added(required({expr({r("zone", Op::In, {"bar"})})})) << true << ok << ""
        << all << uu << "node(s) didn't match scheduler-enforced node affinity";
    row("Pod with nodeSelector that matches the node, without PreFilter")
        << makePod(fooBar) << Labels {{"foo", "bar"}, {"baz", "blah"}} << "" << none << false << ok << "" << all << ok << "";
    row("Pod with affinity that matches the node, without PreFilter")
        << makePod({}, required({expr({r("GPU", Op::Exists), r("GPU", Op::NotIn, {"AMD", "INTER"})})})) << gpu << "" << none << false
        << ok << "" << all << ok << "";

    // Derived from component-helpers nodeaffinity and labels.NewRequirement (not in upstream's table).
    const auto k = [](Op op, const QStringList& values) { return makePod({}, required({expr({r("k", op, values)})})); };
    row("derived: Gt matches a greater label") << k(Op::Gt, {"5"}) << Labels {{"k", "6"}} << "" << none << true << ok << "" << all << ok << "";
    row("derived: Gt is strict") << k(Op::Gt, {"5"}) << Labels {{"k", "5"}} << "" << none << true << ok << "" << all << uu << errReasonPod;
    row("derived: Lt parses a signed label") << k(Op::Lt, {"5"}) << Labels {{"k", "-3"}} << "" << none << true << ok << "" << all << ok << "";
    row("derived: Gt with a non-integer label") << k(Op::Gt, {"5"}) << Labels {{"k", "abc"}} << "" << none << true << ok << "" << all << uu
                                                << errReasonPod;
    row("derived: Gt with the label absent") << k(Op::Gt, {"5"}) << Labels {} << "" << none << true << ok << "" << all << uu << errReasonPod;
    row("derived: Gt with a non-integer operand never matches") << k(Op::Gt, {"1.5"}) << Labels {{"k", "9"}} << "" << none << true << ok
                                                                << "" << all << uu << errReasonPod;
    row("derived: Gt with two operands never matches") << k(Op::Gt, {"1", "2"}) << Labels {{"k", "9"}} << "" << none << true << ok << ""
                                                       << all << uu << errReasonPod;
    row("derived: NotIn is satisfied by an absent label") << k(Op::NotIn, {"a"}) << Labels {} << "" << none << true << ok << "" << all << ok
                                                          << "";
    row("derived: DoesNotExist with the label present") << k(Op::DoesNotExist, {}) << Labels {{"k", "x"}} << "" << none << true << ok << ""
                                                        << all << uu << errReasonPod;
    row("derived: In with no values never matches") << k(Op::In, {}) << Labels {{"k", "x"}} << "" << none << true << ok << "" << all << uu
                                                    << errReasonPod;
    row("derived: matchFields NotIn") << makePod({}, required({fields({r("metadata.name", Op::NotIn, {"n1"})})})) << Labels {} << "n2"
                                      << none << true << ok << "" << all << ok << "";
    row("derived: matchFields In with two values does not parse, PreFilter still reads them")
        << makePod({}, required({fields({r("metadata.name", Op::In, {"n1", "n2"})})})) << Labels {} << "n1" << none << true << ok << ""
        << OptionalNames {{"n1", "n2"}} << uu << errReasonPod;
    row("derived: matchFields Exists is not supported")
        << makePod({}, required({fields({r("metadata.name", Op::Exists)})})) << Labels {} << "n1" << none << true << ok << "" << all << uu
        << errReasonPod;
    row("derived: an empty term is dropped and the next one matches")
        << makePod({}, required({NodeSelectorTerm {}, expr({r("k", Op::In, {"x"})})})) << Labels {{"k", "x"}} << "" << none << true << ok
        << "" << all << ok << "";
    row("derived: matchFields are not checked on a node without a name")
        << makePod({}, required({fields({r("metadata.name", Op::In, {"node1"})})})) << Labels {} << "" << none << true << ok << ""
        << OptionalNames {{"node1"}} << ok << "";
    row("derived: a matchFields key other than metadata.name reads as empty")
        << makePod({}, required({fields({r("metadata.uid", Op::NotIn, {"x"})})})) << Labels {} << "n1" << none << true << ok << "" << all
        << ok << "";
    row("derived: no terms at all match no node") << makePod({}, required({})) << fooBar << "n1" << none << true << ok << "" << all << uu
                                                  << errReasonPod;
}

void TestNodeAffinity::filter()
{
    QFETCH(Pod, pod);
    QFETCH(Labels, labels);
    QFETCH(QString, nodeName);
    QFETCH(config::NodeAffinityArgs, args);
    QFETCH(bool, runPreFilter);
    QFETCH(Code, preFilterCode);
    QFETCH(QString, preFilterMessage);
    QFETCH(OptionalNames, preFilterNodes);
    QFETCH(Code, code);
    QFETCH(QString, message);

    Node node = makeNode("", labels);
    node.meta.name = nodeName;
    // The node is also the snapshot's only node: Filter then reads a pod with only a nodeSelector from
    // the snapshot's label columns, and must say the same as it does for a node outside the snapshot.
    test::TestHandle handle({node});
    plugins::NodeAffinity plugin(args, handle);
    framework::CycleState state;
    if (runPreFilter) {
        const framework::PreFilterOutcome outcome = plugin.preFilter(state, pod, {});
        QCOMPARE(framework::toString(outcome.status.code()), framework::toString(preFilterCode));
        QCOMPARE(outcome.status.message(), preFilterMessage);
        QCOMPARE(outcome.result.nodeNames.has_value(), preFilterNodes.has_value());
        if (preFilterNodes) {
            QStringList got = outcome.result.nodeNames->values();
            std::sort(got.begin(), got.end());
            QCOMPARE(got, *preFilterNodes);
        }
    }
    // As upstream's test does, Filter runs even after a Skip (it then parses the pod itself).
    const framework::NodeInfo nodeInfo(std::make_shared<const Node>(node));
    const framework::Status status = plugin.filter(state, pod, nodeInfo);
    QCOMPARE(framework::toString(status.code()), framework::toString(code));
    QCOMPARE(status.message(), message);
    const framework::Status inSnapshot = plugin.filter(state, pod, *handle.snapshot().nodeInfos().constFirst());
    QCOMPARE(framework::toString(inSnapshot.code()), framework::toString(code));
    QCOMPARE(inSnapshot.message(), message);
}

void TestNodeAffinity::score_data()
{
    QTest::addColumn<Pod>("pod");
    QTest::addColumn<QList<Node>>("nodes");
    QTest::addColumn<config::NodeAffinityArgs>("args");
    QTest::addColumn<bool>("runPreScore");
    QTest::addColumn<Code>("preScoreCode");
    QTest::addColumn<QString>("preScoreMessage");
    QTest::addColumn<QList<qint64>>("raw");
    QTest::addColumn<QList<qint64>>("normalized");

    const Labels label1 {{"foo", "bar"}};
    const Labels label2 {{"key", "value"}};
    const Labels label3 {{"az", "az1"}};
    const Labels label4 {{"abc", "az11"}, {"def", "az22"}};
    const Labels label5 {{"foo", "bar"}, {"key", "value"}, {"az", "az1"}};
    const NodeAffinity affinity1 = preferred({pref(2, {r("foo", Op::In, {"bar"})})});
    const NodeAffinity affinity2 = preferred({pref(2, {r("foo", Op::In, {"bar"})}), pref(4, {r("key", Op::In, {"value"})}),
                                              pref(5, {r("foo", Op::In, {"bar"}), r("key", Op::In, {"value"}), r("az", Op::In, {"az1"})})});
    const config::NodeAffinityArgs none;
    const Code ok = Code::Success;
    const QList<Node> nodes123 {makeNode("node1", label1), makeNode("node2", label2), makeNode("node3", label3)};
    const QList<Node> nodes152 {makeNode("node1", label1), makeNode("node5", label5), makeNode("node2", label2)};

    // Upstream TestNodeAffinityPriority.
    QTest::newRow("all nodes are same priority as NodeAffinity is nil")
        << makePod() << nodes123 << none << false << ok << "" << QList<qint64> {0, 0, 0} << QList<qint64> {0, 0, 0};
    QTest::newRow("Skip is returned in PreScore when NodeAffinity is nil")
        << makePod() << QList<Node> {makeNode("node1", label1)} << none << true << Code::Skip << "" << QList<qint64> {}
        << QList<qint64> {};
    QTest::newRow("PreScore returns error when an incoming Pod has a broken affinity")
        << makePod({}, preferred({pref(2, {r("invalid key", Op::In, {"bar"})})})) << QList<Node> {makeNode("node1", label1)} << none << true
        << Code::Error
        << "[0].matchExpressions[0].key: Invalid value: \"invalid key\": name part must consist of alphanumeric characters, '-', '_' "
           "or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used "
           "for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')"
        << QList<qint64> {} << QList<qint64> {};
    QTest::newRow("no node matches preferred scheduling requirements in NodeAffinity of pod so all nodes' priority is zero")
        << makePod({}, affinity1) << QList<Node> {makeNode("node1", label4), makeNode("node2", label2), makeNode("node3", label3)} << none
        << true << ok << "" << QList<qint64> {0, 0, 0} << QList<qint64> {0, 0, 0};
    QTest::newRow("only node1 matches the preferred scheduling requirements of pod")
        << makePod({}, affinity1) << nodes123 << none << true << ok << "" << QList<qint64> {2, 0, 0} << QList<qint64> {100, 0, 0};
    QTest::newRow("all nodes matches the preferred scheduling requirements of pod but with different priorities")
        << makePod({}, affinity2) << nodes152 << none << true << ok << "" << QList<qint64> {2, 11, 4} << QList<qint64> {18, 100, 36};
    QTest::newRow("added affinity") << makePod() << QList<Node> {makeNode("node1", label1), makeNode("node2", label2)} << added(affinity1)
                                    << true << ok << "" << QList<qint64> {2, 0} << QList<qint64> {100, 0};
    QTest::newRow("added affinity and pod has default affinity")
        << makePod({}, affinity1) << QList<Node> {makeNode("node1", label1), makeNode("node2", label2), makeNode("node3", label5)}
        << added(preferred({pref(3, {r("key", Op::In, {"value"})})})) << true << ok << "" << QList<qint64> {2, 3, 5}
        << QList<qint64> {40, 60, 100};
    QTest::newRow("calculate the priorities correctly even if PreScore is not called")
        << makePod({}, affinity2) << nodes152 << none << false << ok << "" << QList<qint64> {2, 11, 4} << QList<qint64> {18, 100, 36};

    // Derived from component-helpers nodeaffinity.
    QTest::newRow("derived: a weight-0 term is skipped")
        << makePod({}, preferred({pref(0, {r("foo", Op::Exists)}), pref(1, {r("key", Op::Exists)})})) << nodes123 << none << true << ok
        << "" << QList<qint64> {0, 1, 0} << QList<qint64> {0, 100, 0};
    QTest::newRow("derived: preferred Gt term")
        << makePod({}, preferred({pref(7, {r("cores", Op::Gt, {"8"})})}))
        << QList<Node> {makeNode("n1", {{"cores", "16"}}), makeNode("n2", {{"cores", "8"}}), makeNode("n3", {})} << none << true << ok << ""
        << QList<qint64> {7, 0, 0} << QList<qint64> {100, 0, 0};
    QTest::newRow("derived: preferred matchFields term scores by node name")
        << makePod({}, preferred({PreferredSchedulingTerm {10, fields({r("metadata.name", Op::In, {"node2"})})}})) << nodes123 << none
        << true << ok << "" << QList<qint64> {0, 10, 0} << QList<qint64> {0, 100, 0};
    QTest::newRow("derived: weights of several matching terms add up, normalization truncates")
        << makePod({}, preferred({pref(1, {r("foo", Op::Exists)}), pref(2, {r("key", Op::Exists)})})) << nodes152 << none << true << ok
        << "" << QList<qint64> {1, 3, 2} << QList<qint64> {33, 100, 66};
}

void TestNodeAffinity::score()
{
    QFETCH(Pod, pod);
    QFETCH(QList<Node>, nodes);
    QFETCH(config::NodeAffinityArgs, args);
    QFETCH(bool, runPreScore);
    QFETCH(Code, preScoreCode);
    QFETCH(QString, preScoreMessage);
    QFETCH(QList<qint64>, raw);
    QFETCH(QList<qint64>, normalized);

    test::TestHandle handle(nodes);
    plugins::NodeAffinity plugin(args, handle);
    framework::CycleState state;
    if (runPreScore) {
        const framework::Status status = plugin.preScore(state, pod, handle.snapshot().nodeInfos());
        QCOMPARE(framework::toString(status.code()), framework::toString(preScoreCode));
        QCOMPARE(status.message(), preScoreMessage);
        if (!status.isSuccess())
            return;
    }
    QList<framework::NodeScore> scores;
    QList<qint64> rawScores;
    for (const auto& nodeInfo : handle.snapshot().nodeInfos()) {
        const framework::ScoreOutcome outcome = plugin.score(state, pod, *nodeInfo);
        QVERIFY(outcome.status.isSuccess());
        scores.append({nodeInfo->name(), outcome.score});
        rawScores.append(outcome.score);
    }
    QCOMPARE(rawScores, raw);
    QVERIFY(plugin.scoreExtensions()->normalizeScore(state, pod, scores).isSuccess());
    QList<qint64> normalizedScores;
    for (const auto& score : scores)
        normalizedScores.append(score.score);
    QCOMPARE(normalizedScores, normalized);
}

// Upstream's New fails on args whose added affinity does not parse.
void TestNodeAffinity::addedAffinityParseError()
{
    test::TestHandle handle;
    const auto bad = added(required({expr({r("k", Op::Gt, {"x"})})}));
    try {
        plugins::NodeAffinity plugin(bad, handle);
        QFAIL("expected LoadError");
    } catch (const LoadError& error) {
        QCOMPARE(error.message(), QStringLiteral("parsing addedAffinity.requiredDuringSchedulingIgnoredDuringExecution: "
                                                 "nodeSelectorTerms[0].matchExpressions[0].values[0]: Invalid value: \"x\": "
                                                 "for 'Gt', 'Lt' operators, the value must be an integer"));
    }
}

void TestNodeAffinity::extensionPoints()
{
    test::TestHandle handle;
    plugins::NodeAffinity plugin(config::NodeAffinityArgs {}, handle);
    framework::Plugin* base = &plugin;
    QCOMPARE(base->name(), QStringLiteral("NodeAffinity"));
    QVERIFY(dynamic_cast<framework::PreFilterPlugin*>(base));
    QVERIFY(dynamic_cast<framework::FilterPlugin*>(base));
    QVERIFY(dynamic_cast<framework::PreScorePlugin*>(base));
    QVERIFY(dynamic_cast<framework::ScorePlugin*>(base));
    QVERIFY(!plugin.preFilterExtensions());
}

QTEST_GUILESS_MAIN(TestNodeAffinity)
#include "tst_nodeaffinity.moc"
