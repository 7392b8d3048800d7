// InterPodAffinity: upstream's TestRequiredAffinitySingleNode, TestRequiredAffinityMultipleNodes,
// TestPreFilterStateAddRemovePod, TestPreferredAffinity and TestPreferredAffinityWithHardPodAffinitySymmetricWeight
// (pkg/scheduler/framework/plugins/interpodaffinity/{filtering,scoring}_test.go, v1.32-era). Upstream's pods
// live in namespace ""; ours in "default", which changes nothing as long as the rows use it consistently.
#include "plugins/interpodaffinity.h"

#include "builders.h"
#include "testhandle.h"

#include <QTest>

using namespace ksv;
using framework::Code;
using plugins::InterPodAffinity;

namespace {

using LabelPairs = std::initializer_list<std::pair<const char*, const char*>>;

Labels labels(LabelPairs pairs)
{
    Labels result;
    for (const auto& [key, value] : pairs)
        result.insert(QString::fromLatin1(key), QString::fromLatin1(value));
    return result;
}

QStringList strings(std::initializer_list<const char*> values)
{
    QStringList result;
    for (const char* value : values)
        result.append(QString::fromLatin1(value));
    return result;
}

LabelSelectorRequirement in(const char* key, std::initializer_list<const char*> values)
{
    return {QString::fromLatin1(key), SelectorOperator::In, strings(values)};
}
LabelSelectorRequirement notIn(const char* key, std::initializer_list<const char*> values)
{
    return {QString::fromLatin1(key), SelectorOperator::NotIn, strings(values)};
}
LabelSelectorRequirement exists(const char* key)
{
    return {QString::fromLatin1(key), SelectorOperator::Exists, {}};
}
LabelSelectorRequirement doesNotExist(const char* key)
{
    return {QString::fromLatin1(key), SelectorOperator::DoesNotExist, {}};
}

LabelSelector selector(std::initializer_list<LabelSelectorRequirement> requirements)
{
    LabelSelector s;
    s.matchExpressions = QList<LabelSelectorRequirement>(requirements);
    return s;
}

// A PodAffinityTerm; namespaces nil and namespaceSelector nil unless given.
PodAffinityTerm term(std::initializer_list<LabelSelectorRequirement> requirements, const char* topologyKey,
                     QStringList namespaces = {}, std::optional<LabelSelector> namespaceSelector = std::nullopt)
{
    PodAffinityTerm t;
    t.labelSelector = selector(requirements);
    t.topologyKey = QString::fromLatin1(topologyKey);
    t.namespaces = std::move(namespaces);
    t.namespaceSelector = std::move(namespaceSelector);
    return t;
}

WeightedPodAffinityTerm weighted(int weight, PodAffinityTerm t)
{
    return {weight, std::move(t)};
}

// An Affinity of required and preferred pod affinity and anti-affinity terms.
struct AffinitySpec
{
    QList<PodAffinityTerm> required;
    QList<PodAffinityTerm> requiredAnti;
    QList<WeightedPodAffinityTerm> preferred;
    QList<WeightedPodAffinityTerm> preferredAnti;
};

Affinity affinity(const AffinitySpec& spec)
{
    Affinity a;
    if (!spec.required.isEmpty() || !spec.preferred.isEmpty())
        a.podAffinity = PodAffinity {spec.required, spec.preferred};
    if (!spec.requiredAnti.isEmpty() || !spec.preferredAnti.isEmpty())
        a.podAntiAffinity = PodAffinity {spec.requiredAnti, spec.preferredAnti};
    return a;
}

Node makeNode(const char* name, const Labels& nodeLabels)
{
    Node node = test::NodeBuilder(name);
    node.meta.labels = nodeLabels;
    return node;
}

Pod makePod(const char* name, const Labels& podLabels, const char* node = nullptr, const char* ns = "default",
            const AffinitySpec& spec = {})
{
    test::PodBuilder builder(name, ns);
    if (node)
        builder.node(node);
    Pod pod = builder.affinity(affinity(spec));
    pod.meta.labels = podLabels;
    return pod;
}

Namespace makeNamespace(const char* name, const Labels& nsLabels)
{
    Namespace ns;
    ns.meta.name = QString::fromLatin1(name);
    ns.meta.labels = nsLabels;
    return ns;
}

ClusterState teamNamespaces()
{
    ClusterState cluster;
    cluster.namespaces = {makeNamespace("subteam1.team1", labels({{"team", "team1"}})), makeNamespace("subteam2.team1", labels({{"team", "team1"}})),
                          makeNamespace("subteam1.team2", labels({{"team", "team2"}})), makeNamespace("subteam2.team2", labels({{"team", "team2"}}))};
    return cluster;
}

LabelSelector teamIn(const char* team)
{
    return selector({in("team", {team})});
}

QString codeName(Code code)
{
    return framework::toString(code);
}

// Per node: S (success), A (affinity rules, UnschedulableAndUnresolvable), N (anti-affinity rules,
// Unschedulable), E (existing pods' anti-affinity, Unschedulable).
framework::Status expectedStatus(const QString& letter)
{
    if (letter == QLatin1String("A"))
        return framework::Status(Code::UnschedulableAndUnresolvable, InterPodAffinity::ErrReasonAffinityRulesNotMatch);
    if (letter == QLatin1String("N"))
        return framework::Status(Code::Unschedulable, InterPodAffinity::ErrReasonAntiAffinityRulesNotMatch);
    if (letter == QLatin1String("E"))
        return framework::Status(Code::Unschedulable, InterPodAffinity::ErrReasonExistingAntiAffinityRulesNotMatch);
    return {};
}

config::InterPodAffinityArgs args(int hardPodAffinityWeight = 1, bool ignorePreferredTermsOfExistingPods = false)
{
    config::InterPodAffinityArgs a;
    a.hardPodAffinityWeight = hardPodAffinityWeight;
    a.ignorePreferredTermsOfExistingPods = ignorePreferredTermsOfExistingPods;
    return a;
}

using Counts = QMap<QString, qint64>;

} // namespace

class TestInterPodAffinity : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // ---- Filter ------------------------------------------------------------------------------------

    void filter_data()
    {
        QTest::addColumn<QList<Node>>("nodes");
        QTest::addColumn<QList<Pod>>("pods");
        QTest::addColumn<Pod>("pod");
        QTest::addColumn<ClusterState>("cluster");
        QTest::addColumn<QString>("preFilter"); // the PreFilter code; Filter runs only after Success
        QTest::addColumn<QStringList>("expected");

        const QString ok = codeName(Code::Success);
        const QString skip = codeName(Code::Skip);
        // TestRequiredAffinitySingleNode: node1 {region: r1, zone: z11}.
        const QList<Node> node1 = {makeNode("node1", labels({{"region", "r1"}, {"zone", "z11"}}))};
        const Labels securityscan = labels({{"service", "securityscan"}});
        const Labels s1 = labels({{"security", "S1"}});
        const QList<Pod> existing = {makePod("existing", securityscan, "node1")};
        const ClusterState teams = teamNamespaces();

        QTest::newRow("A pod that has no required pod affinity scheduling rules can schedule onto a node with no existing pods")
            << node1 << QList<Pod> {} << makePod("p", {}) << teams << skip << QStringList {};
        QTest::newRow("satisfies with requiredDuringSchedulingIgnoredDuringExecution in PodAffinity using In operator that matches the existing pod")
            << node1 << existing << makePod("p", s1, nullptr, "default", {{term({in("service", {"securityscan", "value2"})}, "region")}, {}, {}, {}})
            << teams << ok << QStringList {"S"};
        QTest::newRow("satisfies the pod with requiredDuringSchedulingIgnoredDuringExecution in PodAffinity using not in operator in labelSelector that matches the existing pod")
            << node1 << existing << makePod("p", s1, nullptr, "default", {{term({notIn("service", {"securityscan3", "value3"})}, "region")}, {}, {}, {}})
            << teams << ok << QStringList {"S"};
        QTest::newRow("Does not satisfy the PodAffinity with labelSelector because of diff Namespace")
            << node1 << QList<Pod> {makePod("existing", securityscan, "node1", "ns")}
            << makePod("p", s1, nullptr, "default", {{term({in("service", {"securityscan", "value2"})}, "", strings({"DiffNameSpace"}))}, {}, {}, {}})
            << teams << ok << QStringList {"A"};
        QTest::newRow("Doesn't satisfy the PodAffinity because of unmatching labelSelector with the existing pod")
            << node1 << existing << makePod("p", securityscan, nullptr, "default", {{term({in("service", {"antivirusscan", "value2"})}, "")}, {}, {}, {}})
            << teams << ok << QStringList {"A"};
        QTest::newRow("satisfies the PodAffinity with different label Operators in multiple RequiredDuringSchedulingIgnoredDuringExecution")
            << node1 << existing
            << makePod("p", s1, nullptr, "default",
                       {{term({exists("service"), doesNotExist("wrongkey")}, "region"),
                         term({in("service", {"securityscan"}), notIn("service", {"WrongValue"})}, "region")},
                        {},
                        {},
                        {}})
            << teams << ok << QStringList {"S"};
        QTest::newRow("The labelSelector requirements(items of matchExpressions) are ANDed, the pod cannot schedule onto the node because one of the matchExpression items doesn't match")
            << node1 << existing
            << makePod("p", s1, nullptr, "default",
                       {{term({exists("service"), doesNotExist("wrongkey")}, "region"),
                         term({in("service", {"securityscan2"}), notIn("service", {"WrongValue"})}, "region")},
                        {},
                        {},
                        {}})
            << teams << ok << QStringList {"A"};
        QTest::newRow("satisfies the PodAffinity and PodAntiAffinity with the existing pod")
            << node1 << existing
            << makePod("p", s1, nullptr, "default",
                       {{term({in("service", {"securityscan", "value2"})}, "region")}, {term({in("service", {"antivirusscan", "value2"})}, "node")}, {}, {}})
            << teams << ok << QStringList {"S"};
        QTest::newRow("satisfies the PodAffinity and PodAntiAffinity and PodAntiAffinity symmetry with the existing pod")
            << node1
            << QList<Pod> {makePod("existing", securityscan, "node1", "default", {{}, {term({in("service", {"antivirusscan", "value2"})}, "node")}, {}, {}})}
            << makePod("p", s1, nullptr, "default",
                       {{term({in("service", {"securityscan", "value2"})}, "region")}, {term({in("service", {"antivirusscan", "value2"})}, "node")}, {}, {}})
            << teams << ok << QStringList {"S"};
        QTest::newRow("satisfies the PodAffinity but doesn't satisfy the PodAntiAffinity with the existing pod")
            << node1 << existing
            << makePod("p", s1, nullptr, "default",
                       {{term({in("service", {"securityscan", "value2"})}, "region")}, {term({in("service", {"securityscan", "value2"})}, "zone")}, {}, {}})
            << teams << ok << QStringList {"N"};
        QTest::newRow("satisfies the PodAffinity and PodAntiAffinity but doesn't satisfy PodAntiAffinity symmetry with the existing pod")
            << node1
            << QList<Pod> {makePod("existing", securityscan, "node1", "default", {{}, {term({in("service", {"securityscan", "value2"})}, "zone")}, {}, {}})}
            << makePod("p", securityscan, nullptr, "default",
                       {{term({in("service", {"securityscan", "value2"})}, "region")}, {term({in("service", {"antivirusscan", "value2"})}, "node")}, {}, {}})
            << teams << ok << QStringList {"E"};
        QTest::newRow("pod matches its own Label in PodAffinity and that matches the existing pod Labels")
            << node1 << QList<Pod> {makePod("existing", securityscan, "node2")}
            << makePod("p", securityscan, nullptr, "default", {{term({notIn("service", {"securityscan", "value2"})}, "region")}, {}, {}, {}})
            << teams << ok << QStringList {"A"};
        QTest::newRow("verify that PodAntiAffinity from existing pod is respected when pod has no AntiAffinity constraints. doesn't satisfy PodAntiAffinity symmetry with the existing pod")
            << node1
            << QList<Pod> {makePod("existing", securityscan, "node1", "default", {{}, {term({in("service", {"securityscan", "value2"})}, "zone")}, {}, {}})}
            << makePod("p", securityscan) << teams << ok << QStringList {"E"};
        QTest::newRow("verify that PodAntiAffinity from existing pod is respected when pod has no AntiAffinity constraints. satisfy PodAntiAffinity symmetry with the existing pod")
            << node1
            << QList<Pod> {makePod("existing", securityscan, "node1", "default", {{}, {term({notIn("service", {"securityscan", "value2"})}, "zone")}, {}, {}})}
            << makePod("p", securityscan) << teams << skip << QStringList {};
        QTest::newRow("satisfies the PodAntiAffinity with existing pod but doesn't satisfy PodAntiAffinity symmetry with incoming pod")
            << node1 << QList<Pod> {makePod("existing", s1, "node1", "default", {{}, {term({exists("security")}, "zone")}, {}, {}})}
            << makePod("p", securityscan, nullptr, "default", {{}, {term({exists("service")}, "region"), term({exists("security")}, "region")}, {}, {}})
            << teams << ok << QStringList {"N"};
        QTest::newRow("PodAntiAffinity symmetry check a1: incoming pod and existing pod partially match each other on AffinityTerms")
            << node1 << QList<Pod> {makePod("existing", s1, "node1", "default", {{}, {term({exists("security")}, "zone")}, {}, {}})}
            << makePod("p", securityscan, nullptr, "default", {{}, {term({exists("service")}, "zone"), term({exists("security")}, "zone")}, {}, {}})
            << teams << ok << QStringList {"N"};
        QTest::newRow("PodAntiAffinity symmetry check a2: incoming pod and existing pod partially match each other on AffinityTerms")
            << node1
            << QList<Pod> {makePod("existing", securityscan, "node1", "default", {{}, {term({exists("service")}, "zone"), term({exists("security")}, "zone")}, {}, {}})}
            << makePod("p", s1, nullptr, "default", {{}, {term({exists("security")}, "zone")}, {}, {}}) << teams << ok << QStringList {"E"};
        const AffinitySpec abcDef = {{}, {term({exists("abc")}, "zone"), term({exists("def")}, "zone")}, {}, {}};
        QTest::newRow("PodAntiAffinity symmetry check b1: incoming pod and existing pod partially match each other on AffinityTerms")
            << node1 << QList<Pod> {makePod("existing", labels({{"def", ""}, {"xyz", ""}}), "node1", "default", abcDef)}
            << makePod("p", labels({{"abc", ""}, {"xyz", ""}}), nullptr, "default", abcDef) << teams << ok << QStringList {"N"};
        QTest::newRow("PodAntiAffinity symmetry check b2: incoming pod and existing pod partially match each other on AffinityTerms")
            << node1 << QList<Pod> {makePod("existing", labels({{"abc", ""}, {"xyz", ""}}), "node1", "default", abcDef)}
            << makePod("p", labels({{"def", ""}, {"xyz", ""}}), nullptr, "default", abcDef) << teams << ok << QStringList {"N"};
        QTest::newRow("PodAffinity fails PreFilter with an invalid affinity label syntax")
            << node1 << existing
            << makePod("p", securityscan, nullptr, "default",
                       {{term({in("service", {"{{.bad-value.}}"})}, "region")}, {term({in("service", {"antivirusscan", "value2"})}, "node")}, {}, {}})
            << teams << codeName(Code::UnschedulableAndUnresolvable) << QStringList {};
        const PodAffinityTerm team1Affinity = term({in("service", {"securityscan", "value2"})}, "region", {}, teamIn("team1"));
        QTest::newRow("affinity with NamespaceSelector")
            << node1 << QList<Pod> {makePod("existing", securityscan, "node1", "subteam1.team1")}
            << makePod("p", s1, nullptr, "default", {{team1Affinity}, {}, {}, {}}) << teams << ok << QStringList {"S"};
        QTest::newRow("affinity with non-matching NamespaceSelector")
            << node1 << QList<Pod> {makePod("existing", securityscan, "node1", "subteam1.team2")}
            << makePod("p", s1, nullptr, "default", {{team1Affinity}, {}, {}, {}}) << teams << ok << QStringList {"A"};
        const PodAffinityTerm team1Anti = term({in("service", {"securityscan", "value2"})}, "zone", {}, teamIn("team1"));
        QTest::newRow("anti-affinity with matching NamespaceSelector")
            << node1 << QList<Pod> {makePod("existing", securityscan, "node1", "subteam2.team1")}
            << makePod("p", s1, nullptr, "subteam1.team1", {{}, {team1Anti}, {}, {}}) << teams << ok << QStringList {"N"};
        QTest::newRow("anti-affinity with matching all NamespaceSelector")
            << node1 << QList<Pod> {makePod("existing", securityscan, "node1", "subteam2.team1")}
            << makePod("p", s1, nullptr, "subteam1.team1", {{}, {term({in("service", {"securityscan", "value2"})}, "zone", {}, LabelSelector {})}, {}, {}})
            << teams << ok << QStringList {"N"};
        QTest::newRow("anti-affinity with non-matching NamespaceSelector")
            << node1 << QList<Pod> {makePod("existing", securityscan, "node1", "subteam1.team2")}
            << makePod("p", s1, nullptr, "subteam1.team1", {{}, {team1Anti}, {}, {}}) << teams << ok << QStringList {"S"};

        // TestRequiredAffinityMultipleNodes.
        const Labels china = labels({{"region", "China"}});
        const Labels chinaAz1 = labels({{"region", "China"}, {"az", "az1"}});
        const Labels india = labels({{"region", "India"}});
        ClusterState ns1;
        ns1.namespaces = {makeNamespace("NS1", {})};
        QTest::newRow("A pod can be scheduled onto all the nodes that have the same topology key & label value with one of them has an existing pod that matches the affinity rules")
            << QList<Node> {makeNode("node1", china), makeNode("node2", chinaAz1), makeNode("node3", india)}
            << QList<Pod> {makePod("p1", labels({{"foo", "bar"}}), "node1")}
            << makePod("p", {}, nullptr, "default", {{term({in("foo", {"bar"})}, "region")}, {}, {}, {}}) << ns1 << ok << QStringList {"S", "S", "A"};
        const AffinitySpec fooService = {{term({in("foo", {"bar"})}, "zone"), term({in("service", {"securityscan"})}, "zone")}, {}, {}, {}};
        QTest::newRow("The first pod of the collection should not be blocked from being scheduled onto any node, even there's no existing pod that matches the rule anywhere")
            << QList<Node> {makeNode("nodeA", labels({{"zone", "az1"}, {"hostname", "h1"}})), makeNode("nodeB", labels({{"zone", "az2"}, {"hostname", "h2"}}))}
            << QList<Pod> {makePod("p1", labels({{"foo", "bar"}}), "nodeA")}
            << makePod("p", labels({{"foo", "bar"}, {"service", "securityscan"}}), nullptr, "default", fooService) << ns1 << ok << QStringList {"S", "S"};
        QTest::newRow("The first pod of the collection can not be scheduled onto nodes without the topology key")
            << QList<Node> {makeNode("nodeA", labels({{"zoneLabel", "az1"}, {"hostname", "h1"}})),
                            makeNode("nodeB", labels({{"zoneLabel", "az2"}, {"hostname", "h2"}}))}
            << QList<Pod> {makePod("p1", labels({{"foo", "bar"}}), "nodeA")}
            << makePod("p", labels({{"foo", "bar"}, {"service", "securityscan"}}), nullptr, "default", fooService) << ns1 << ok << QStringList {"A", "A"};
        QTest::newRow("NodeA and nodeB have same topologyKey and label value. NodeA has an existing pod that matches the inter pod affinity rule. The pod can not be scheduled onto nodeA and nodeB.")
            << QList<Node> {makeNode("nodeA", labels({{"region", "r1"}, {"hostname", "nodeA"}})), makeNode("nodeB", labels({{"region", "r1"}, {"hostname", "nodeB"}}))}
            << QList<Pod> {makePod("p1", labels({{"foo", "abc"}}), "nodeA")}
            << makePod("p", {}, nullptr, "default", {{}, {term({in("foo", {"abc"})}, "region")}, {}, {}}) << ns1 << ok << QStringList {"N", "N"};
        QTest::newRow("NodeA and nodeB have same topologyKey and label value. NodeA has an existing pod that matches the inter pod affinity rule. The pod can not be scheduled onto nodeA and nodeB but can be scheduled onto nodeC")
            << QList<Node> {makeNode("nodeA", labels({{"region", "r1"}, {"zone", "z1"}, {"hostname", "nodeA"}})),
                            makeNode("nodeB", labels({{"region", "r1"}, {"zone", "z2"}, {"hostname", "nodeB"}}))}
            << QList<Pod> {makePod("p1", labels({{"foo", "abc"}, {"service", "securityscan"}}), "nodeA")}
            << makePod("p", {}, nullptr, "default", {{}, {term({in("foo", {"abc"})}, "region"), term({in("service", {"securityscan"})}, "zone")}, {}, {}})
            << ns1 << ok << QStringList {"N", "N"};
        QTest::newRow("This test ensures that anti-affinity matches a pod when any term of the anti-affinity rule matches a pod")
            << QList<Node> {makeNode("nodeA", china), makeNode("nodeB", chinaAz1), makeNode("nodeC", india)}
            << QList<Pod> {makePod("p1", labels({{"foo", "abc"}}), "nodeA")}
            << makePod("p", {}, nullptr, "default", {{}, {term({in("foo", {"abc"})}, "region")}, {}, {}}) << ns1 << ok << QStringList {"N", "N", "S"};
        QTest::newRow("NodeA and nodeB have same topologyKey and label value. NodeA has an existing pod that matches the inter pod affinity rule. The pod can not be scheduled onto nodeA, nodeB, but can be scheduled onto nodeC (NodeC has an existing pod that match the inter pod affinity rule but in different namespace)")
            << QList<Node> {makeNode("nodeA", china), makeNode("nodeB", chinaAz1), makeNode("nodeC", india)}
            << QList<Pod> {makePod("p1", labels({{"foo", "bar"}}), "nodeA", "NS1"),
                           makePod("p2", {}, "nodeC", "NS2", {{}, {term({in("foo", {"123"})}, "region")}, {}, {}})}
            << makePod("p", labels({{"foo", "123"}}), nullptr, "NS1", {{}, {term({in("foo", {"bar"})}, "region")}, {}, {}}) << ns1 << ok
            << QStringList {"N", "N", "S"};
        const QList<Node> r1z1z2 = {makeNode("nodeA", labels({{"region", "r1"}, {"zone", "z1"}, {"hostname", "nodeA"}})),
                                    makeNode("nodeB", labels({{"region", "r1"}, {"zone", "z2"}, {"hostname", "nodeB"}}))};
        QTest::newRow("Test existing pod's anti-affinity: if an existing pod has a term with invalid topologyKey, labelSelector of the term is firstly checked, and then topologyKey of the term is also checked")
            << r1z1z2 << QList<Pod> {makePod("p1", {}, "nodeA", "default", {{}, {term({exists("foo")}, "invalid-node-label")}, {}, {}})}
            << makePod("p", labels({{"foo", ""}})) << ns1 << skip << QStringList {};
        QTest::newRow("Test incoming pod's anti-affinity: even if labelSelector matches, we still check if topologyKey matches")
            << r1z1z2 << QList<Pod> {makePod("p1", labels({{"foo", ""}}), "nodeA")}
            << makePod("p", {}, nullptr, "default", {{}, {term({exists("foo")}, "invalid-node-label")}, {}, {}}) << ns1 << ok << QStringList {"S", "S"};
        QTest::newRow("Test existing pod's anti-affinity: incoming pod wouldn't considered as a fit as it violates each existingPod's terms on all nodes")
            << r1z1z2
            << QList<Pod> {makePod("p1", {}, "nodeA", "default", {{}, {term({exists("foo")}, "zone")}, {}, {}}),
                           makePod("p2", {}, "nodeA", "default", {{}, {term({exists("bar")}, "region")}, {}, {}})}
            << makePod("p", labels({{"foo", ""}, {"bar", ""}})) << ns1 << ok << QStringList {"E", "E"};
        QTest::newRow("Test incoming pod's anti-affinity: incoming pod wouldn't considered as a fit as it at least violates one anti-affinity rule of existingPod")
            << r1z1z2 << QList<Pod> {makePod("p1", labels({{"foo", ""}}), "nodeA"), makePod("p2", labels({{"bar", ""}}), "nodeB")}
            << makePod("p", {}, nullptr, "default", {{}, {term({exists("foo")}, "zone"), term({exists("bar")}, "region")}, {}, {}}) << ns1 << ok
            << QStringList {"N", "N"};
        QTest::newRow("Test existing pod's anti-affinity: only when labelSelector and topologyKey both matches, it's counted as a single term match - case 1")
            << r1z1z2
            << QList<Pod> {makePod("p1", {}, "nodeA", "default", {{}, {term({exists("foo")}, "invalid-node-label"), term({exists("bar")}, "zone")}, {}, {}})}
            << makePod("p", labels({{"foo", ""}, {"bar", ""}})) << ns1 << ok << QStringList {"E", "S"};
        QTest::newRow("Test incoming pod's anti-affinity: only when labelSelector and topologyKey both matches, it's counted as a single term match - case 1")
            << r1z1z2 << QList<Pod> {makePod("p1", labels({{"foo", ""}, {"bar", ""}}), "nodeA")}
            << makePod("p", {}, nullptr, "default", {{}, {term({exists("foo")}, "invalid-node-label"), term({exists("bar")}, "zone")}, {}, {}}) << ns1
            << ok << QStringList {"N", "S"};
        QTest::newRow("Test existing pod's anti-affinity: only when labelSelector and topologyKey both matches, it's counted as a single term match - case 2")
            << r1z1z2 << QList<Pod> {makePod("p1", {}, "nodeA", "default", {{}, {term({exists("foo")}, "region"), term({exists("bar")}, "zone")}, {}, {}})}
            << makePod("p", labels({{"foo", ""}, {"bar", ""}})) << ns1 << ok << QStringList {"E", "E"};
        QTest::newRow("Test incoming pod's anti-affinity: only when labelSelector and topologyKey both matches, it's counted as a single term match - case 2")
            << r1z1z2 << QList<Pod> {makePod("p1", labels({{"foo", ""}, {"bar", ""}}), "nodeA")}
            << makePod("p", {}, nullptr, "default", {{}, {term({exists("foo")}, "region"), term({exists("bar")}, "zone")}, {}, {}}) << ns1 << ok
            << QStringList {"N", "N"};
        QTest::newRow("Test existing pod's anti-affinity: existingPod on nodeA and nodeB has at least one anti-affinity term matches incoming pod, so incoming pod can only be scheduled to nodeC")
            << QList<Node> {makeNode("nodeA", labels({{"region", "r1"}, {"zone", "z1"}, {"hostname", "nodeA"}})),
                            makeNode("nodeB", labels({{"region", "r1"}, {"zone", "z2"}, {"hostname", "nodeB"}})),
                            makeNode("nodeC", labels({{"region", "r1"}, {"zone", "z3"}, {"hostname", "nodeC"}}))}
            << QList<Pod> {makePod("p1", {}, "nodeA", "default", {{}, {term({exists("foo")}, "zone"), term({exists("labelA")}, "zone")}, {}, {}}),
                           makePod("p2", {}, "nodeB", "default", {{}, {term({exists("bar")}, "zone"), term({exists("labelB")}, "zone")}, {}, {}})}
            << makePod("p", labels({{"foo", ""}, {"bar", ""}})) << ns1 << ok << QStringList {"E", "E", "S"};
        const QList<Node> r1z1z1 = {makeNode("nodeA", labels({{"region", "r1"}, {"zone", "z1"}, {"hostname", "nodeA"}})),
                                    makeNode("nodeB", labels({{"region", "r1"}, {"zone", "z1"}, {"hostname", "nodeB"}}))};
        const AffinitySpec fooRegionBarZone = {{term({exists("foo")}, "region"), term({exists("bar")}, "zone")}, {}, {}, {}};
        QTest::newRow("Test incoming pod's affinity: firstly check if all affinityTerms match, and then check if all topologyKeys match")
            << r1z1z1 << QList<Pod> {makePod("p1", labels({{"foo", ""}, {"bar", ""}}), "nodeA")} << makePod("p", {}, nullptr, "default", fooRegionBarZone)
            << ns1 << ok << QStringList {"S", "S"};
        QTest::newRow("Test incoming pod's affinity: firstly check if all affinityTerms match, and then check if all topologyKeys match, and the match logic should be satisfied on the same pod")
            << r1z1z2 << QList<Pod> {makePod("p1", labels({{"foo", ""}}), "nodeA"), makePod("p2", labels({{"bar", ""}}), "nodeB")}
            << makePod("p", {}, nullptr, "default", fooRegionBarZone) << ns1 << ok << QStringList {"A", "A"};

        // Derived: a terminating pod still counts (only PodTopologySpread bypasses those).
        QTest::newRow("derived: existing anti-affinity of a terminating pod still counts")
            << node1
            << QList<Pod> {[&] {
                   Pod pod = makePod("existing", securityscan, "node1", "default", {{}, {term({exists("security")}, "zone")}, {}, {}});
                   pod.meta.deletionTimestampMs = 1;
                   return pod;
               }()}
            << makePod("p", s1) << teams << ok << QStringList {"E"};
    }

    void filter()
    {
        QFETCH(QList<Node>, nodes);
        QFETCH(QList<Pod>, pods);
        QFETCH(Pod, pod);
        QFETCH(ClusterState, cluster);
        QFETCH(QString, preFilter);
        QFETCH(QStringList, expected);

        test::TestHandle handle(nodes, pods, cluster);
        InterPodAffinity plugin(args(), handle);
        framework::CycleState state;
        const auto outcome = plugin.preFilter(state, pod, handle.snapshot().nodeInfos());
        QCOMPARE(codeName(outcome.status.code()), preFilter);
        QVERIFY(outcome.result.allNodes());
        if (!outcome.status.isSuccess()) {
            QVERIFY(!state.read<InterPodAffinity::PreFilterState>(InterPodAffinity::preFilterStateKey));
            return;
        }
        QCOMPARE(nodes.size(), expected.size());
        for (qsizetype i = 0; i < nodes.size(); ++i) {
            const framework::Status status = plugin.filter(state, pod, *handle.snapshot().get(nodes[i].meta.name));
            const framework::Status want = expectedStatus(expected[i]);
            QVERIFY2(status.code() == want.code(), qPrintable(nodes[i].meta.name + QStringLiteral(": got ") + codeName(status.code())));
            QCOMPARE(status.reasons(), want.reasons());
        }
    }

    void preFilterParseError()
    {
        test::TestHandle handle({makeNode("node1", labels({{"region", "r1"}}))});
        InterPodAffinity plugin(args(), handle);
        framework::CycleState state;
        const Pod pod = makePod("p", labels({{"service", "securityscan"}}), nullptr, "default",
                                {{term({in("service", {"{{.bad-value.}}"})}, "region")}, {term({in("service", {"antivirusscan", "value2"})}, "node")}, {}, {}});
        const auto outcome = plugin.preFilter(state, pod, handle.snapshot().nodeInfos());
        QCOMPARE(codeName(outcome.status.code()), codeName(Code::UnschedulableAndUnresolvable));
        QCOMPARE(outcome.status.message(),
                 QStringLiteral("parsing pod: requiredAffinityTerms: values[0][service]: Invalid value: \"{{.bad-value.}}\": a valid label must be an empty "
                                "string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character "
                                "(e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')"));
    }

    void filterWithoutPreFilter()
    {
        const Node node = makeNode("node1", labels({{"region", "r1"}}));
        test::TestHandle handle({node});
        InterPodAffinity plugin(args(), handle);
        framework::CycleState state;
        const framework::Status status = plugin.filter(state, makePod("p", {}), *handle.snapshot().get(node.meta.name));
        QCOMPARE(codeName(status.code()), codeName(Code::Error));
        QCOMPARE(status.message(), QStringLiteral("error reading \"PreFilterInterPodAffinity\" from cycleState: not found"));
    }

    // ---- AddPod / RemovePod --------------------------------------------------------------------

    void addRemovePod_data()
    {
        QTest::addColumn<QList<Node>>("nodes");
        QTest::addColumn<QList<Pod>>("pods");
        QTest::addColumn<Pod>("pending");
        QTest::addColumn<Pod>("added");
        QTest::addColumn<Counts>("antiAffinity"); // incoming pod's anti-affinity counts after AddPod
        QTest::addColumn<Counts>("affinity");     // incoming pod's affinity counts after AddPod

        const QList<Node> nodes = {makeNode("nodeA", labels({{"region", "r1"}, {"zone", "z11"}})),
                                   makeNode("nodeB", labels({{"region", "r1"}, {"zone", "z12"}})),
                                   makeNode("nodeC", labels({{"region", "r2"}, {"zone", "z21"}}))};
        const Labels fooBar = labels({{"foo", "bar"}});
        const QList<PodAffinityTerm> antiFooBar = {term({in("foo", {"bar"})}, "region")};
        const QList<PodAffinityTerm> complex = {term({in("foo", {"bar", "buzz"})}, "region"), term({notIn("service", {"bar", "security", "test"})}, "zone")};

        QTest::newRow("no affinity exist")
            << nodes << QList<Pod> {makePod("p1", fooBar, "nodeA"), makePod("p2", {}, "nodeC")} << makePod("pending", fooBar)
            << makePod("addedPod", fooBar, "nodeB") << Counts {} << Counts {};
        QTest::newRow("preFilterState anti-affinity terms are updated correctly after adding and removing a pod")
            << nodes << QList<Pod> {makePod("p1", fooBar, "nodeA"), makePod("p2", {}, "nodeC", "default", {{}, antiFooBar, {}, {}})}
            << makePod("pending", fooBar, nullptr, "default", {{}, antiFooBar, {}, {}})
            << makePod("addedPod", fooBar, "nodeB", "default", {{}, antiFooBar, {}, {}}) << Counts {{"region=r1", 2}} << Counts {};
        QTest::newRow("preFilterState anti-affinity terms are updated correctly after adding and removing a pod (complex)")
            << nodes << QList<Pod> {makePod("p1", fooBar, "nodeA"), makePod("p2", {}, "nodeC", "default", {{}, antiFooBar, {}, {}})}
            << makePod("pending", fooBar, nullptr, "default", {{}, complex, {}, {}})
            << makePod("addedPod", fooBar, "nodeA", "default", {{}, complex, {}, {}})
            << Counts {{"region=r1", 2}, {"zone=z11", 2}, {"zone=z21", 1}} << Counts {};
        QTest::newRow("preFilterState matching pod affinity and anti-affinity are updated correctly after adding and removing a pod")
            << nodes << QList<Pod> {makePod("p1", fooBar, "nodeA"), makePod("p2", {}, "nodeC", "default", {complex, antiFooBar, {}, {}})}
            << makePod("pending", fooBar, nullptr, "default", {complex, {}, {}, {}})
            << makePod("addedPod", fooBar, "nodeA", "default", {{}, complex, {}, {}}) << Counts {} << Counts {{"region=r1", 2}, {"zone=z11", 2}};
    }

    // AddPod yields what PreFilter computes with the pod already there, and RemovePod undoes it.
    void addRemovePod()
    {
        QFETCH(QList<Node>, nodes);
        QFETCH(QList<Pod>, pods);
        QFETCH(Pod, pending);
        QFETCH(Pod, added);
        QFETCH(Counts, antiAffinity);
        QFETCH(Counts, affinity);

        const auto stateOf = [](const framework::CycleState& state) {
            const auto* s = state.read<InterPodAffinity::PreFilterState>(InterPodAffinity::preFilterStateKey);
            return s ? QList<Counts> {s->existingAntiAffinityCounts.toMap(), s->affinityCounts.toMap(), s->antiAffinityCounts.toMap()}
                     : QList<Counts> {};
        };

        test::TestHandle allPodsHandle(nodes, QList<Pod>(pods) << added);
        InterPodAffinity allPodsPlugin(args(), allPodsHandle);
        framework::CycleState allPodsState;
        allPodsPlugin.preFilter(allPodsState, pending, allPodsHandle.snapshot().nodeInfos());

        test::TestHandle handle(nodes, pods);
        InterPodAffinity plugin(args(), handle);
        framework::CycleState state;
        const auto outcome = plugin.preFilter(state, pending, handle.snapshot().nodeInfos());
        if (outcome.status.isSkip()) {
            QCOMPARE(stateOf(allPodsState), QList<Counts> {});
            return;
        }
        QVERIFY(outcome.status.isSuccess());
        const QList<Counts> original = stateOf(state);

        const auto nodeInfo = handle.snapshot().get(added.nodeName);
        const auto podInfo = framework::PodInfo::create(added);
        QVERIFY(plugin.preFilterExtensions()->addPod(state, pending, podInfo, *nodeInfo).isSuccess());
        const QList<Counts> afterAdd = stateOf(state);
        QCOMPARE(afterAdd.at(2), antiAffinity);
        QCOMPARE(afterAdd.at(1), affinity);
        QCOMPARE(afterAdd, stateOf(allPodsState));

        QVERIFY(plugin.preFilterExtensions()->removePod(state, pending, podInfo, *nodeInfo).isSuccess());
        QCOMPARE(stateOf(state), original);
    }

    // The PreFilter state of the incoming pod on preemption's dry runs: AddPod/RemovePod on a clone
    // leave the original alone, and a pair down to zero disappears (the first-pod exception looks at
    // whether any pair is left).
    void removeLastMatchingPodEnablesFirstPodException()
    {
        const QList<Node> nodes = {makeNode("nodeA", labels({{"zone", "z1"}})), makeNode("nodeB", labels({{"zone", "z2"}}))};
        const Pod victim = makePod("victim", labels({{"app", "web"}}), "nodeA");
        const Pod pending = makePod("pending", labels({{"app", "web"}}), nullptr, "default", {{term({in("app", {"web"})}, "zone")}, {}, {}, {}});
        test::TestHandle handle(nodes, {victim});
        InterPodAffinity plugin(args(), handle);
        framework::CycleState state;
        QVERIFY(plugin.preFilter(state, pending, handle.snapshot().nodeInfos()).status.isSuccess());
        const auto nodeB = handle.snapshot().get(QStringLiteral("nodeB"));
        QCOMPARE(codeName(plugin.filter(state, pending, *nodeB).code()), codeName(Code::UnschedulableAndUnresolvable));

        const auto copy = state.clone();
        QVERIFY(plugin.removePod(*copy, pending, framework::PodInfo::create(victim), *handle.snapshot().get(QStringLiteral("nodeA"))).isSuccess());
        QVERIFY(copy->read<InterPodAffinity::PreFilterState>(InterPodAffinity::preFilterStateKey)->affinityCounts.isEmpty());
        QVERIFY(plugin.filter(*copy, pending, *nodeB).isSuccess());
        QCOMPARE(codeName(plugin.filter(state, pending, *nodeB).code()), codeName(Code::UnschedulableAndUnresolvable));
    }

    // ---- Score -------------------------------------------------------------------------------------

    void score_data()
    {
        QTest::addColumn<QList<Node>>("nodes");
        QTest::addColumn<QList<Pod>>("pods");
        QTest::addColumn<Pod>("pod");
        QTest::addColumn<config::InterPodAffinityArgs>("args");
        QTest::addColumn<ClusterState>("cluster");
        QTest::addColumn<QString>("preScore"); // the PreScore code; Score runs only after Success
        QTest::addColumn<QList<qint64>>("raw");  // empty: not checked
        QTest::addColumn<QList<qint64>>("normalized");

        const QString ok = codeName(Code::Success);
        const QString skip = codeName(Code::Skip);
        const Labels china = labels({{"region", "China"}});
        const Labels india = labels({{"region", "India"}});
        const Labels az1 = labels({{"az", "az1"}});
        const Labels az2 = labels({{"az", "az2"}});
        const Labels chinaAz1 = labels({{"region", "China"}, {"az", "az1"}});
        const Labels s1 = labels({{"security", "S1"}});
        const Labels s2 = labels({{"security", "S2"}});

        const WeightedPodAffinityTerm stayWithS1InRegion = weighted(5, term({in("security", {"S1"})}, "region"));
        const WeightedPodAffinityTerm stayWithS2InRegion = weighted(6, term({in("security", {"S2"})}, "region"));
        const QList<WeightedPodAffinityTerm> affinity3 = {weighted(8, term({notIn("security", {"S1"}), in("security", {"S2"})}, "region")),
                                                          weighted(2, term({exists("security"), doesNotExist("wrongkey")}, "region"))};
        const QList<PodAffinityTerm> hardAffinity = {term({in("security", {"S1", "value2"})}, "region"),
                                                     term({exists("security"), doesNotExist("wrongkey")}, "region")};
        const WeightedPodAffinityTerm awayFromS1InAz = weighted(5, term({in("security", {"S1"})}, "az"));
        const WeightedPodAffinityTerm awayFromS2InAz = weighted(5, term({in("security", {"S2"})}, "az"));
        const AffinitySpec stayWithS1AwayFromS2 = {{}, {}, {weighted(8, term({in("security", {"S1"})}, "region"))}, {weighted(5, term({in("security", {"S2"})}, "az"))}};
        const WeightedPodAffinityTerm nsSelectorTerm =
            weighted(5, term({in("security", {"S1"})}, "region", strings({"subteam2.team2"}), teamIn("team1")));
        const ClusterState teams = teamNamespaces();
        const QList<Node> chinaIndiaAz1 = {makeNode("node1", china), makeNode("node2", india), makeNode("node3", az1)};

        QTest::newRow("all nodes have same priority as NodeAffinity is nil")
            << chinaIndiaAz1 << QList<Pod> {} << makePod("p", s1) << args() << teams << skip << QList<qint64> {} << QList<qint64> {};
        QTest::newRow("Affinity: pod that matches topology key & pods in nodes will get high score comparing to others which doesn't match either pods in nodes or in topology key")
            << chinaIndiaAz1 << QList<Pod> {makePod("p1", s1, "node1"), makePod("p2", s2, "node2"), makePod("p3", s1, "node3")}
            << makePod("p", s1, nullptr, "default", {{}, {}, {stayWithS1InRegion}, {}}) << args() << teams << ok << QList<qint64> {5, 0, 0}
            << QList<qint64> {100, 0, 0};
        QTest::newRow("Affinity: pod that matches topology key & pods in nodes will get high score comparing to others which doesn't match either pods in nodes or in topology key, with the same topology key value")
            << QList<Node> {makeNode("node1", china), makeNode("node2", chinaAz1), makeNode("node3", india)} << QList<Pod> {makePod("p1", s1, "node1")}
            << makePod("p", {}, nullptr, "default", {{}, {}, {stayWithS1InRegion}, {}}) << args() << teams << ok << QList<qint64> {}
            << QList<qint64> {100, 100, 0};
        QTest::newRow("Affinity: nodes in one region has more matching pods comparing to other region, so the region which has more matches will get high score")
            << QList<Node> {makeNode("node1", china), makeNode("node2", india), makeNode("node3", china), makeNode("node4", china), makeNode("node5", india)}
            << QList<Pod> {makePod("p1", s2, "node1"), makePod("p2", s2, "node1"), makePod("p3", s2, "node2"), makePod("p4", s2, "node3"),
                           makePod("p5", s2, "node4"), makePod("p6", s2, "node5")}
            << makePod("p", s1, nullptr, "default", {{}, {}, {stayWithS2InRegion}, {}}) << args() << teams << ok << QList<qint64> {24, 12, 24, 24, 12}
            << QList<qint64> {100, 0, 100, 100, 0};
        QTest::newRow("Affinity: different Label operators and values for pod affinity scheduling preference and negative weight")
            << chinaIndiaAz1 << QList<Pod> {makePod("p1", s1, "node1"), makePod("p2", s2, "node2"), makePod("p3", s1, "node3")}
            << makePod("p", s1, nullptr, "default", {{}, {}, affinity3, {}}) << args() << teams << ok << QList<qint64> {2, 10, 0}
            << QList<qint64> {20, 100, 0};
        QTest::newRow("Affinity symmetry: considered only the preferredDuringSchedulingIgnoredDuringExecution in pod affinity symmetry")
            << chinaIndiaAz1
            << QList<Pod> {makePod("p1", s1, "node1", "default", {{}, {}, {stayWithS1InRegion}, {}}),
                           makePod("p2", s2, "node2", "default", {{}, {}, {stayWithS2InRegion}, {}})}
            << makePod("p", s2) << args() << teams << ok << QList<qint64> {0, 6, 0} << QList<qint64> {0, 100, 0};
        QTest::newRow("Affinity symmetry with namespace selector")
            << chinaIndiaAz1
            << QList<Pod> {makePod("p1", s1, "node1", "default", {{}, {}, {nsSelectorTerm}, {}}),
                           makePod("p2", s2, "node2", "default", {{}, {}, {stayWithS2InRegion}, {}})}
            << makePod("p", s1, nullptr, "subteam1.team1") << args() << teams << ok << QList<qint64> {5, 0, 0} << QList<qint64> {100, 0, 0};
        QTest::newRow("AntiAffinity symmetry with namespace selector")
            << chinaIndiaAz1
            << QList<Pod> {makePod("p1", s1, "node1", "default", {{}, {}, {}, {nsSelectorTerm}}),
                           makePod("p2", s2, "node2", "default", {{}, {}, {stayWithS2InRegion}, {}})}
            << makePod("p", s1, nullptr, "subteam1.team1") << args() << teams << ok << QList<qint64> {-5, 0, 0} << QList<qint64> {0, 100, 100};
        QTest::newRow("Affinity symmetry: considered RequiredDuringSchedulingIgnoredDuringExecution in pod affinity symmetry")
            << chinaIndiaAz1
            << QList<Pod> {makePod("p1", s1, "node1", "default", {hardAffinity, {}, {}, {}}), makePod("p2", s2, "node2", "default", {hardAffinity, {}, {}, {}})}
            << makePod("p", s1) << args() << teams << ok << QList<qint64> {2, 2, 0} << QList<qint64> {100, 100, 0};
        QTest::newRow("Anti Affinity: pod that does not match existing pods in node will get high score")
            << QList<Node> {makeNode("node1", az1), makeNode("node2", china)} << QList<Pod> {makePod("p1", s1, "node1"), makePod("p2", s2, "node2")}
            << makePod("p", s1, nullptr, "default", {{}, {}, {}, {awayFromS1InAz}}) << args() << teams << ok << QList<qint64> {-5, 0}
            << QList<qint64> {0, 100};
        QTest::newRow("Anti Affinity: pod that does not match topology key & match the pods in nodes will get higher score comparing to others")
            << QList<Node> {makeNode("node1", az1), makeNode("node2", china)} << QList<Pod> {makePod("p1", s1, "node1"), makePod("p2", s1, "node2")}
            << makePod("p", s1, nullptr, "default", {{}, {}, {}, {awayFromS1InAz}}) << args() << teams << ok << QList<qint64> {}
            << QList<qint64> {0, 100};
        QTest::newRow("Anti Affinity: one node has more matching pods comparing to other node, so the node which has more unmatches will get high score")
            << QList<Node> {makeNode("node1", az1), makeNode("node2", india)}
            << QList<Pod> {makePod("p1", s1, "node1"), makePod("p2", s1, "node1"), makePod("p3", s2, "node2")}
            << makePod("p", s1, nullptr, "default", {{}, {}, {}, {awayFromS1InAz}}) << args() << teams << ok << QList<qint64> {-10, 0}
            << QList<qint64> {0, 100};
        QTest::newRow("Anti Affinity symmetry: the existing pods in node which has anti affinity match will get high score")
            << QList<Node> {makeNode("node1", az1), makeNode("node2", az2)}
            << QList<Pod> {makePod("p1", s1, "node1", "default", {{}, {}, {}, {awayFromS2InAz}}),
                           makePod("p2", s2, "node2", "default", {{}, {}, {}, {awayFromS1InAz}})}
            << makePod("p", s2) << args() << teams << ok << QList<qint64> {-5, 0} << QList<qint64> {0, 100};
        QTest::newRow("Affinity and Anti Affinity: considered only preferredDuringSchedulingIgnoredDuringExecution in both pod affinity & anti affinity")
            << QList<Node> {makeNode("node1", china), makeNode("node2", az1)} << QList<Pod> {makePod("p1", s1, "node1"), makePod("p2", s1, "node2")}
            << makePod("p", s1, nullptr, "default", stayWithS1AwayFromS2) << args() << teams << ok << QList<qint64> {8, 0} << QList<qint64> {100, 0};
        QTest::newRow("Affinity and Anti Affinity: considering both affinity and anti-affinity, the pod to schedule and existing pods have the same labels")
            << QList<Node> {makeNode("node1", chinaAz1), makeNode("node2", india), makeNode("node3", china), makeNode("node4", china), makeNode("node5", india)}
            << QList<Pod> {makePod("p1", s1, "node1"), makePod("p2", s1, "node1"), makePod("p3", s1, "node2"), makePod("p4", s1, "node3"),
                           makePod("p5", s1, "node3"), makePod("p6", s1, "node4"), makePod("p7", s1, "node5")}
            << makePod("p", s1, nullptr, "default", stayWithS1AwayFromS2) << args() << teams << ok << QList<qint64> {}
            << QList<qint64> {100, 0, 100, 100, 0};
        QTest::newRow("Affinity and Anti Affinity and symmetry: considered only preferredDuringSchedulingIgnoredDuringExecution in both pod affinity & anti affinity & symmetry")
            << QList<Node> {makeNode("node1", china), makeNode("node2", az1), makeNode("node3", india), makeNode("node4", az2)}
            << QList<Pod> {makePod("p1", s1, "node1"), makePod("p2", s2, "node2"), makePod("p3", {}, "node3", "default", stayWithS1AwayFromS2),
                           makePod("p4", {}, "node4", "default", {{}, {}, {}, {awayFromS1InAz}})}
            << makePod("p", s1, nullptr, "default", stayWithS1AwayFromS2) << args() << teams << ok << QList<qint64> {}
            << QList<qint64> {100, 0, 100, 0};
        QTest::newRow("Avoid panic when partial nodes in a topology don't have pods with affinity")
            << QList<Node> {makeNode("node1", china), makeNode("node2", china)}
            << QList<Pod> {makePod("p1", s1, "node1"), makePod("p2", {}, "node2", "default", stayWithS1AwayFromS2)} << makePod("p", s1) << args() << teams
            << ok << QList<qint64> {8, 8} << QList<qint64> {0, 0};
        const AffinitySpec nsSelectorAffinity = {{}, {}, {nsSelectorTerm}, {}};
        QTest::newRow("Affinity with namespace selector")
            << QList<Node> {makeNode("node1", china), makeNode("node2", india)}
            << QList<Pod> {makePod("p1", s1, "node1", "subteam1.team1"), makePod("p2", s1, "node1", "subteam1.team1"),
                           makePod("p3", s1, "node1", "subteam1.team2"), makePod("p4", s1, "node2", "subteam2.team1")}
            << makePod("p", s1, nullptr, "subteam1.team1", nsSelectorAffinity) << args() << teams << ok << QList<qint64> {10, 5}
            << QList<qint64> {100, 0};
        QTest::newRow("Affinity with namespace selector and the namespaces list")
            << QList<Node> {makeNode("node1", china), makeNode("node2", india)}
            << QList<Pod> {makePod("p1", s1, "node1", "subteam1.team1"), makePod("p2", s1, "node1", "subteam1.team1"),
                           makePod("p3", s1, "node1", "subteam2.team2"), makePod("p4", s1, "node2", "subteam2.team1")}
            << makePod("p", s1, nullptr, "subteam1.team1", nsSelectorAffinity) << args() << teams << ok << QList<qint64> {15, 5}
            << QList<qint64> {100, 0};
        const AffinitySpec nsSelectorAnti = {{}, {}, {}, {nsSelectorTerm}};
        QTest::newRow("Anti-affinity with namespace selector")
            << QList<Node> {makeNode("node1", china), makeNode("node2", india)}
            << QList<Pod> {makePod("p1", s1, "node1", "subteam1.team1"), makePod("p2", s1, "node1", "subteam1.team1"),
                           makePod("p3", s1, "node1", "subteam1.team2"), makePod("p4", s1, "node2", "subteam2.team1")}
            << makePod("p", s1, nullptr, "subteam1.team1", nsSelectorAnti) << args() << teams << ok << QList<qint64> {-10, -5}
            << QList<qint64> {0, 100};
        QTest::newRow("Anti-affinity with namespace selector and the namespaces list")
            << QList<Node> {makeNode("node1", china), makeNode("node2", india)}
            << QList<Pod> {makePod("p1", s1, "node1", "subteam1.team1"), makePod("p2", s1, "node1", "subteam1.team1"),
                           makePod("p3", s1, "node1", "subteam2.team2"), makePod("p4", s1, "node2", "subteam2.team1")}
            << makePod("p", s1, nullptr, "subteam1.team1", nsSelectorAnti) << args() << teams << ok << QList<qint64> {-15, -5}
            << QList<qint64> {0, 100};
        const QList<Pod> symmetryPods = {makePod("p1", s1, "node1", "default", stayWithS1AwayFromS2),
                                         makePod("p2", s2, "node2", "default", {{}, {}, {stayWithS2InRegion}, {}})};
        QTest::newRow("Ignore preferred terms of existing pods")
            << QList<Node> {makeNode("node1", china), makeNode("node2", india)} << symmetryPods << makePod("p", s2) << args(1, true) << teams << skip
            << QList<qint64> {} << QList<qint64> {};
        QTest::newRow("Do not ignore preferred terms of existing pods")
            << QList<Node> {makeNode("node1", china), makeNode("node2", india)} << symmetryPods << makePod("p", s2) << args(1, false) << teams << ok
            << QList<qint64> {0, 6} << QList<qint64> {0, 100};
        QTest::newRow("No nodes to score")
            << QList<Node> {} << QList<Pod> {} << makePod("p", s2, nullptr, "default", {{}, {}, {stayWithS1InRegion}, {}}) << args() << teams << skip
            << QList<qint64> {} << QList<qint64> {};

        // TestPreferredAffinityWithHardPodAffinitySymmetricWeight.
        const Labels serviceS1 = labels({{"service", "S1"}});
        const QList<PodAffinityTerm> hardPodAffinity = {
            term({in("service", {"S1"})}, "region", strings({"default", "subteam2.team2"}), teamIn("team1"))};
        const QList<Pod> hardPods = {makePod("p1", {}, "node1", "default", {hardPodAffinity, {}, {}, {}}),
                                     makePod("p2", {}, "node2", "default", {hardPodAffinity, {}, {}, {}})};
        QTest::newRow("with default weight")
            << chinaIndiaAz1 << hardPods << makePod("p", serviceS1) << args(1) << teams << ok << QList<qint64> {1, 1, 0} << QList<qint64> {100, 100, 0};
        QTest::newRow("with zero weight")
            << chinaIndiaAz1 << hardPods << makePod("p", serviceS1) << args(0) << teams << skip << QList<qint64> {} << QList<qint64> {};
        QTest::newRow("with no matching namespace")
            << chinaIndiaAz1 << hardPods << makePod("p", serviceS1, nullptr, "subteam1.team2") << args(1) << teams << skip << QList<qint64> {}
            << QList<qint64> {};
        QTest::newRow("with matching NamespaceSelector")
            << chinaIndiaAz1 << hardPods << makePod("p", serviceS1, nullptr, "subteam1.team1") << args(1) << teams << ok << QList<qint64> {}
            << QList<qint64> {100, 100, 0};
        QTest::newRow("with matching Namespaces")
            << chinaIndiaAz1 << hardPods << makePod("p", serviceS1, nullptr, "subteam2.team2") << args(1) << teams << ok << QList<qint64> {}
            << QList<qint64> {100, 100, 0};
        QTest::newRow("derived: a hardPodAffinityWeight of 3 scales the symmetric term")
            << chinaIndiaAz1
            << QList<Pod> {makePod("p1", {}, "node1", "default", {hardPodAffinity, {}, {}, {}}),
                           makePod("p2", {}, "node1", "default", {hardPodAffinity, {}, {}, {}}), makePod("p3", {}, "node2", "default", {hardPodAffinity, {}, {}, {}})}
            << makePod("p", serviceS1) << args(3) << teams << ok << QList<qint64> {6, 3, 0} << QList<qint64> {100, 50, 0};
    }

    void score()
    {
        QFETCH(QList<Node>, nodes);
        QFETCH(QList<Pod>, pods);
        QFETCH(Pod, pod);
        QFETCH(config::InterPodAffinityArgs, args);
        QFETCH(ClusterState, cluster);
        QFETCH(QString, preScore);
        QFETCH(QList<qint64>, raw);
        QFETCH(QList<qint64>, normalized);

        test::TestHandle handle(nodes, pods, cluster);
        InterPodAffinity plugin(args, handle);
        framework::CycleState state;
        const framework::Status status = plugin.preScore(state, pod, handle.snapshot().nodeInfos());
        QCOMPARE(codeName(status.code()), preScore);
        if (!status.isSuccess())
            return;

        QList<framework::NodeScore> scores;
        for (const auto& nodeInfo : handle.snapshot().nodeInfos()) {
            const auto outcome = plugin.score(state, pod, *nodeInfo);
            QVERIFY(outcome.status.isSuccess());
            scores.append({nodeInfo->name(), outcome.score});
        }
        if (!raw.isEmpty()) {
            QList<qint64> gotRaw;
            for (const auto& s : std::as_const(scores))
                gotRaw.append(s.score);
            QCOMPARE(gotRaw, raw);
        }
        QVERIFY(plugin.scoreExtensions()->normalizeScore(state, pod, scores).isSuccess());
        QList<qint64> got;
        for (const auto& s : std::as_const(scores))
            got.append(s.score);
        QCOMPARE(got, normalized);
    }

    void preScoreParseError()
    {
        test::TestHandle handle({makeNode("node1", labels({{"region", "China"}}))});
        InterPodAffinity plugin(args(), handle);
        framework::CycleState state;
        const Pod pod = makePod("p", labels({{"security", "S1"}}), nullptr, "default",
                                {{}, {}, {weighted(8, term({in("security", {"{{.bad-value.}}"})}, "region"))}, {}});
        const framework::Status status = plugin.preScore(state, pod, handle.snapshot().nodeInfos());
        QCOMPARE(codeName(status.code()), codeName(Code::Error));
        QVERIFY(status.message().startsWith(QStringLiteral("failed to parse pod: preferredAffinityTerms: values[0][security]: Invalid value: \"{{.bad-value.}}\"")));
    }
};

QTEST_GUILESS_MAIN(TestInterPodAffinity)
#include "tst_interpodaffinity.moc"
