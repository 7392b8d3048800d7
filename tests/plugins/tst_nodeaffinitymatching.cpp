// The component-helpers nodeaffinity port that NodeAffinity, PodTopologySpread and VolumeBinding share:
// rows derived from nodeaffinity.go, labels.NewRequirement / Requirement.Matches and strconv.ParseInt
// (none of these are upstream table rows), and the lazy parse errors as upstream words them.
#include "plugins/nodeaffinitymatching.h"

#include "builders.h"

#include <QTest>

using namespace ksv;
namespace na = ksv::plugins::nodeaffinity;
using Op = SelectorOperator;
using Requirements = QList<NodeSelectorRequirement>;

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

NodeSelectorTerm fields(const Requirements& matchFields)
{
    NodeSelectorTerm term;
    term.matchFields = matchFields;
    return term;
}

Node makeNode(const char* name, const Labels& labels)
{
    Node node;
    node.meta.name = QString::fromLatin1(name);
    node.meta.labels = labels;
    return node;
}

} // namespace

class TestNodeAffinityMatching : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // RequiredNodeAffinity: nodeSelector AND required terms.
    void requiredNodeAffinity_data()
    {
        QTest::addColumn<Labels>("nodeSelector");
        QTest::addColumn<std::optional<NodeSelector>>("required");
        QTest::addColumn<Labels>("labels");
        QTest::addColumn<bool>("match");

        const std::optional<NodeSelector> none;
        const auto terms = [](const QList<NodeSelectorTerm>& t) { return std::optional<NodeSelector>(NodeSelector {t}); };
        QTest::newRow("nothing required") << Labels {} << none << Labels {} << true;
        QTest::newRow("nodeSelector only, equal") << Labels {{"a", "1"}} << none << Labels {{"a", "1"}, {"b", "2"}} << true;
        QTest::newRow("nodeSelector only, different value") << Labels {{"a", "1"}} << none << Labels {{"a", "2"}} << false;
        QTest::newRow("nodeSelector only, empty value must be present") << Labels {{"a", ""}} << none << Labels {} << false;
        QTest::newRow("nodeSelector only, empty value present") << Labels {{"a", ""}} << none << Labels {{"a", ""}} << true;
        QTest::newRow("both hold") << Labels {{"a", "1"}} << terms({expr({r("b", Op::Exists)})}) << Labels {{"a", "1"}, {"b", ""}} << true;
        QTest::newRow("terms hold, nodeSelector does not") << Labels {{"a", "1"}} << terms({expr({r("b", Op::Exists)})}) << Labels {{"b", ""}}
                                                           << false;
        QTest::newRow("nodeSelector holds, terms do not") << Labels {{"a", "1"}} << terms({expr({r("b", Op::Exists)})}) << Labels {{"a", "1"}}
                                                          << false;
        QTest::newRow("Gt with a leading plus sign") << Labels {} << terms({expr({r("k", Op::Gt, {"4"})})}) << Labels {{"k", "+5"}} << true;
        QTest::newRow("Gt with surrounding space is not an integer") << Labels {} << terms({expr({r("k", Op::Gt, {"4"})})})
                                                                     << Labels {{"k", " 5"}} << false;
        QTest::newRow("Gt with an int64 overflow is not an integer") << Labels {} << terms({expr({r("k", Op::Gt, {"4"})})})
                                                                     << Labels {{"k", "9223372036854775808"}} << false;
        QTest::newRow("Lt with int64 minimum") << Labels {} << terms({expr({r("k", Op::Lt, {"0"})})})
                                               << Labels {{"k", "-9223372036854775808"}} << true;
        QTest::newRow("Gt with a hex label") << Labels {} << terms({expr({r("k", Op::Gt, {"4"})})}) << Labels {{"k", "0x10"}} << false;
        QTest::newRow("Gt with underscores") << Labels {} << terms({expr({r("k", Op::Gt, {"4"})})}) << Labels {{"k", "1_000"}} << false;
        QTest::newRow("Lt with leading zeros") << Labels {} << terms({expr({r("k", Op::Lt, {"010"})})}) << Labels {{"k", "009"}} << true;
        QTest::newRow("an invalid key never matches") << Labels {} << terms({expr({r("bad key", Op::DoesNotExist)})}) << Labels {} << false;
        QTest::newRow("only empty terms match nothing") << Labels {} << terms({NodeSelectorTerm {}, NodeSelectorTerm {}}) << Labels {} << false;
    }

    void requiredNodeAffinity()
    {
        QFETCH(Labels, nodeSelector);
        QFETCH(std::optional<NodeSelector>, required);
        QFETCH(Labels, labels);
        QFETCH(bool, match);

        Pod pod = test::PodBuilder("p");
        pod.nodeSelector = nodeSelector;
        if (required) {
            NodeAffinity affinity;
            affinity.requiredDuringSchedulingIgnoredDuringExecution = required;
            pod.affinity.nodeAffinity = affinity;
        }
        const Node node = makeNode("n1", labels);
        QCOMPARE(na::RequiredNodeAffinity(pod).match(node), match);
        QCOMPARE(na::podMatchesNodeSelectorAndAffinityTerms(pod, node), match);
    }

    void preferredScore()
    {
        const Node node = makeNode("n1", {{"a", "1"}, {"b", "2"}});
        const QList<PreferredSchedulingTerm> terms {{3, expr({r("a", Op::In, {"1"})})},
                                                    {0, expr({r("a", Op::Exists)})},     // weight 0: skipped
                                                    {5, NodeSelectorTerm {}},            // empty: skipped
                                                    {7, fields({r("metadata.name", Op::In, {"n1"})})},
                                                    {11, expr({r("b", Op::Lt, {"2"})})}};
        const auto parsed = na::PreferredSchedulingTerms::create(terms);
        QVERIFY(parsed);
        QCOMPARE(parsed->size(), 3);
        QCOMPARE(parsed->score(node), 10);
        // Terms of weight 0 are not even parsed, so their errors do not count.
        QVERIFY(na::PreferredSchedulingTerms::create({{0, expr({r("bad key", Op::Exists)})}}));
        QString error;
        QVERIFY(!na::PreferredSchedulingTerms::create({{1, expr({r("k", Op::Exists, {"x"})})}}, QStringLiteral("preferred"), &error));
        QCOMPARE(error, QStringLiteral("preferred[0].matchExpressions[0].values: Invalid value: []string{\"x\"}: values set must be empty for "
                                       "exists and does not exist"));
    }

    void lazyErrors()
    {
        const Node node = makeNode("n1", {{"k", "x"}});
        QString error;
        // A matching term hides the other's parse error.
        QVERIFY(na::matchNodeSelectorTerms(node, NodeSelector {{expr({r("k", Op::In, {})}), expr({r("k", Op::Exists)})}}, &error));
        QVERIFY(error.isEmpty());
        QVERIFY(!na::matchNodeSelectorTerms(node, NodeSelector {{expr({r("k", Op::In, {})}), fields({r("metadata.name", Op::Exists)})}}, &error));
        QCOMPARE(error, QStringLiteral("[nodeSelectorTerms[0].matchExpressions[0].values: Invalid value: []string(nil): for 'in', 'notin' "
                                       "operators, values set can't be empty, nodeSelectorTerms[1].matchFields[0].operator: Unsupported "
                                       "value: \"Exists\": supported values: \"In\", \"NotIn\"]"));
        error.clear();
        QVERIFY(!na::matchNodeSelectorTerms(node, NodeSelector {{fields({r("metadata.name", Op::In, {"a", "b"})})}}, &error));
        QCOMPARE(error, QStringLiteral("nodeSelectorTerms[0].matchFields[0].values: Invalid value: []string{\"a\", \"b\"}: must have one element"));
        error.clear();
        QVERIFY(!na::matchNodeSelectorTerms(node, NodeSelector {{expr({r("k", Op::NotIn, {"a b"})})}}, &error));
        QCOMPARE(error, QStringLiteral("nodeSelectorTerms[0].matchExpressions[0].values[0][k]: Invalid value: \"a b\": a valid label must be "
                                       "an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with "
                                       "an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is "
                                       "'(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')"));
        error.clear();
        // Gt with two non-integer operands: the count error, then one error per operand.
        QVERIFY(!na::newNodeSelector(NodeSelector {{expr({r("k", Op::Gt, {"a", "b"})})}}, QStringLiteral("spec"), &error));
        QCOMPARE(error, QStringLiteral("[spec.nodeSelectorTerms[0].matchExpressions[0].values: Invalid value: []string{\"a\", \"b\"}: for 'Gt', "
                                       "'Lt' operators, exactly one value is required, spec.nodeSelectorTerms[0].matchExpressions[0]."
                                       "values[0]: Invalid value: \"a\": for 'Gt', 'Lt' operators, the value must be an integer, "
                                       "spec.nodeSelectorTerms[0].matchExpressions[0].values[1]: Invalid value: \"b\": for 'Gt', 'Lt' "
                                       "operators, the value must be an integer]"));
        // A name-less node (VolumeBinding's CheckNodeAffinity) ignores matchFields.
        QVERIFY(na::matchNodeSelectorTerms(makeNode("", {}), NodeSelector {{fields({r("metadata.name", Op::In, {"n9"})})}}));
        QVERIFY(!na::matchNodeSelectorTerms(makeNode("n1", {}), NodeSelector {{fields({r("metadata.name", Op::In, {"n9"})})}}));
    }

    void aggregate()
    {
        QCOMPARE(na::aggregateErrorMessage({}), QString());
        QCOMPARE(na::aggregateErrorMessage({QStringLiteral("a")}), QStringLiteral("a"));
        QCOMPARE(na::aggregateErrorMessage({QStringLiteral("a"), QStringLiteral("a")}), QStringLiteral("a"));
        QCOMPARE(na::aggregateErrorMessage({QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("a")}), QStringLiteral("[a, b]"));
    }
};

QTEST_GUILESS_MAIN(TestNodeAffinityMatching)
#include "tst_nodeaffinitymatching.moc"
