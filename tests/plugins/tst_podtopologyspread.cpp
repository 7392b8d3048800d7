// PodTopologySpread: upstream's TestPreFilterState, TestPreFilterStateAddPod, TestPreFilterStateRemovePod,
// TestSingleConstraint, TestMultipleConstraints, TestPodTopologySpreadScore and TestPreScoreSkip
// (pkg/scheduler/framework/plugins/podtopologyspread/{filtering,scoring}_test.go, v1.32-era). Upstream's
// pods live in namespace ""; ours in "default", which changes nothing as long as every pod of a row
// shares it. Rows that upstream runs with a feature gate off are ported with the v1.32 default (on).
#include "plugins/podtopologyspread.h"

#include "builders.h"
#include "testhandle.h"

#include <QTest>

using namespace ksv;
using framework::Code;
using plugins::PodTopologySpread;
using Constraint = PodTopologySpread::Constraint;

namespace {

constexpr auto DNS = UnsatisfiableConstraintAction::DoNotSchedule;
constexpr auto SA = UnsatisfiableConstraintAction::ScheduleAnyway;
constexpr auto Honor = NodeInclusionPolicy::Honor;
constexpr auto Ignore = NodeInclusionPolicy::Ignore;

using LabelPairs = std::initializer_list<std::pair<const char*, const char*>>;

Labels labels(LabelPairs pairs)
{
    Labels result;
    for (const auto& [key, value] : pairs)
        result.insert(QString::fromLatin1(key), QString::fromLatin1(value));
    return result;
}

LabelSelector exists(const char* key)
{
    LabelSelector selector;
    selector.matchExpressions.append({QString::fromLatin1(key), SelectorOperator::Exists, {}});
    return selector;
}

LabelSelector matchLabels(LabelPairs pairs)
{
    LabelSelector selector;
    selector.matchLabels = labels(pairs);
    return selector;
}

const std::optional<LabelSelector> fooSelector = exists("foo");
const std::optional<LabelSelector> barSelector = exists("bar");
const std::optional<LabelSelector> nilSelector = std::nullopt;

// st.MakePod().SpreadConstraint(maxSkew, key, action, selector, minDomains, nodeAffinityPolicy,
// nodeTaintsPolicy, matchLabelKeys).
TopologySpreadConstraint spread(int maxSkew, const char* key, UnsatisfiableConstraintAction action,
                                std::optional<LabelSelector> selector, std::optional<int> minDomains = std::nullopt,
                                std::optional<NodeInclusionPolicy> affinityPolicy = std::nullopt,
                                std::optional<NodeInclusionPolicy> taintsPolicy = std::nullopt, QStringList matchLabelKeys = {})
{
    TopologySpreadConstraint c;
    c.maxSkew = maxSkew;
    c.topologyKey = QString::fromLatin1(key);
    c.whenUnsatisfiable = action;
    c.labelSelector = std::move(selector);
    c.minDomains = minDomains;
    c.nodeAffinityPolicy = affinityPolicy;
    c.nodeTaintsPolicy = taintsPolicy;
    c.matchLabelKeys = std::move(matchLabelKeys);
    return c;
}

// The internal constraint upstream's tables expect.
Constraint internal(int maxSkew, const char* key, std::optional<LabelSelector> selector, int minDomains = 1,
                    NodeInclusionPolicy affinityPolicy = Honor, NodeInclusionPolicy taintsPolicy = Ignore)
{
    Constraint c;
    c.maxSkew = maxSkew;
    c.topologyKey = QString::fromLatin1(key);
    c.selector = std::move(selector);
    c.minDomains = minDomains;
    c.nodeAffinityPolicy = affinityPolicy;
    c.nodeTaintsPolicy = taintsPolicy;
    return c;
}

// st.MakeNode().Name(name).Label(...): exactly these labels (no hostname unless given).
Node makeNode(const char* name, LabelPairs nodeLabels)
{
    Node node = test::NodeBuilder(name);
    node.meta.labels = labels(nodeLabels);
    return node;
}

const Taint unschedulableTaint {QStringLiteral("node.kubernetes.io/unschedulable"), QString(), TaintEffect::NoSchedule};

Node tainted(Node node)
{
    node.taints.append(unschedulableTaint);
    return node;
}

// An existing pod on `node`.
Pod podOn(const char* name, const char* node, LabelPairs podLabels, const char* ns = "default")
{
    test::PodBuilder builder(name, ns);
    builder.node(node);
    for (const auto& [key, value] : podLabels)
        builder.label(key, value);
    return builder;
}

Pod terminating(Pod pod)
{
    pod.meta.deletionTimestampMs = 1;
    return pod;
}

// The incoming pod "p" with these labels and constraints.
test::PodBuilder incoming(LabelPairs podLabels, const QList<TopologySpreadConstraint>& constraints = {})
{
    test::PodBuilder builder("p");
    for (const auto& [key, value] : podLabels)
        builder.label(key, value);
    for (const auto& c : constraints)
        builder.spreadConstraint(c);
    return builder;
}

// .NodeAffinityIn / .NodeAffinityNotIn: one required term with one expression.
Affinity nodeAffinity(const char* key, SelectorOperator op, const QStringList& values)
{
    NodeSelectorTerm term;
    term.matchExpressions.append({QString::fromLatin1(key), op, values});
    NodeAffinity nodeAffinity;
    nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution = NodeSelector {{term}};
    Affinity affinity;
    affinity.nodeAffinity = nodeAffinity;
    return affinity;
}

Toleration tolerateUnschedulable()
{
    Toleration toleration;
    toleration.key = QStringLiteral("node.kubernetes.io/unschedulable");
    toleration.op = TolerationOperator::Exists;
    return toleration;
}

config::PodTopologySpreadArgs listArgs(const QList<TopologySpreadConstraint>& defaults = {})
{
    config::PodTopologySpreadArgs args;
    args.defaultingType = config::PodTopologySpreadDefaulting::List;
    args.defaultConstraints = defaults;
    return args;
}

config::PodTopologySpreadArgs systemArgs()
{
    return config::PodTopologySpreadArgs {};
}

// The four nodes most of upstream's tables use.
QList<Node> l4()
{
    return {makeNode("node-a", {{"zone", "zone1"}, {"node", "node-a"}}), makeNode("node-b", {{"zone", "zone1"}, {"node", "node-b"}}),
            makeNode("node-x", {{"zone", "zone2"}, {"node", "node-x"}}), makeNode("node-y", {{"zone", "zone2"}, {"node", "node-y"}})};
}

Service service(const char* ns, LabelPairs selector)
{
    Service s;
    s.meta.name = QStringLiteral("svc");
    s.meta.namespace_ = QString::fromLatin1(ns);
    s.selector = labels(selector);
    return s;
}

ClusterState withServices(const QList<Service>& services)
{
    ClusterState cluster;
    cluster.services = services;
    return cluster;
}

// ---- State as comparable values ------------------------------------------------------------------

// "key/value" → match number.
QMap<QString, int> pairsOf(const PodTopologySpread::PreFilterState& state)
{
    QMap<QString, int> pairs;
    for (const auto& key : state.keys) {
        for (auto it = key.valueToMatchNum.cbegin(); it != key.valueToMatchNum.cend(); ++it)
            pairs.insert(key.key + QLatin1Char('/') + it.key(), it.value());
    }
    return pairs;
}

// TpKeyToDomainsNum: keys without domains have no entry upstream.
QMap<QString, int> domainsOf(const PodTopologySpread::PreFilterState& state)
{
    QMap<QString, int> domains;
    for (const auto& key : state.keys) {
        if (key.domainsNum > 0)
            domains.insert(key.key, key.domainsNum);
    }
    return domains;
}

// "value:num value:num", with equal numbers ordered by value as upstream's comparer sorts them, and
// math.MaxInt32 printed as MAX.
QMap<QString, QString> pathsOf(const PodTopologySpread::PreFilterState& state)
{
    QMap<QString, QString> paths;
    for (const auto& key : state.keys) {
        auto p = key.criticalPaths;
        if (p[0].matchNum == p[1].matchNum && p[0].topologyValue > p[1].topologyValue)
            std::swap(p[0], p[1]);
        QStringList parts;
        for (const auto& path : p) {
            const QString num = path.matchNum == std::numeric_limits<qint32>::max() ? QStringLiteral("MAX") : QString::number(path.matchNum);
            parts.append(path.topologyValue + QLatin1Char(':') + num);
        }
        paths.insert(key.key, parts.join(QLatin1Char(' ')));
    }
    return paths;
}

using Pairs = QMap<QString, int>;
using Paths = QMap<QString, QString>;

Code codeFor(const QString& letter)
{
    if (letter == QLatin1String("S"))
        return Code::Success;
    if (letter == QLatin1String("U"))
        return Code::Unschedulable;
    return Code::UnschedulableAndUnresolvable;
}

QStringList reasonsFor(Code code)
{
    if (code == Code::Unschedulable)
        return {PodTopologySpread::ErrReasonConstraintsNotMatch};
    if (code == Code::UnschedulableAndUnresolvable)
        return {PodTopologySpread::ErrReasonNodeLabelNotMatch};
    return {};
}

} // namespace

class TestPodTopologySpread : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // The per-node memo of countPodsMatchSelector must never outlive a change of the node's pods:
    // every add and remove invalidates it, and a copy (the nominated-pods pass, preemption's dry
    // runs) keeps its own.
    void countMemoFollowsThePods()
    {
        framework::NodeInfo node(std::make_shared<const Node>(Node(test::NodeBuilder("node-a"))));
        node.addPod(framework::PodInfo::create(podOn("p1", "node-a", {{"foo", ""}})));
        const quint32 foo = plugins::podtopologyspread::countMemoKey(fooSelector, QStringLiteral("default"));
        const quint32 bar = plugins::podtopologyspread::countMemoKey(barSelector, QStringLiteral("default"));
        const quint32 fooElsewhere = plugins::podtopologyspread::countMemoKey(fooSelector, QStringLiteral("other"));
        QVERIFY(foo != bar);
        QVERIFY(foo != fooElsewhere);
        QCOMPARE(plugins::podtopologyspread::countMemoKey(exists("foo"), QStringLiteral("default")), foo);

        QCOMPARE(plugins::podtopologyspread::countPodsMatchSelector(node, fooSelector, QStringLiteral("default"), foo), 1);
        QCOMPARE(plugins::podtopologyspread::countPodsMatchSelector(node, barSelector, QStringLiteral("default"), bar), 0);
        QCOMPARE(node.memoizedCount(foo), std::optional<int>(1));

        node.addPod(framework::PodInfo::create(podOn("p2", "node-a", {{"foo", ""}, {"bar", ""}})));
        QCOMPARE(node.memoizedCount(foo), std::nullopt);
        QCOMPARE(plugins::podtopologyspread::countPodsMatchSelector(node, fooSelector, QStringLiteral("default"), foo), 2);
        QCOMPARE(plugins::podtopologyspread::countPodsMatchSelector(node, barSelector, QStringLiteral("default"), bar), 1);

        framework::NodeInfo copy = node;
        QVERIFY(copy.removePod(QStringLiteral("default/p2")));
        QCOMPARE(plugins::podtopologyspread::countPodsMatchSelector(copy, fooSelector, QStringLiteral("default"), foo), 1);
        QCOMPARE(plugins::podtopologyspread::countPodsMatchSelector(node, fooSelector, QStringLiteral("default"), foo), 2);
        QVERIFY(node.removePod(QStringLiteral("default/p1")));
        QCOMPARE(plugins::podtopologyspread::countPodsMatchSelector(node, fooSelector, QStringLiteral("default"), foo), 1);
        QCOMPARE(plugins::podtopologyspread::countPodsMatchSelector(node, fooSelector, QStringLiteral("other"), fooElsewhere), 0);
    }

    // RequiredNodeAffinity's memo is keyed by the nodeSelector: two pods with different selectors
    // never share an answer on the same node.
    void nodeSelectorMatchMemo()
    {
        const framework::NodeInfo node(std::make_shared<const Node>(Node(test::NodeBuilder("node-a").label("zone", "z1"))));
        test::PodBuilder inZ1("in-z1");
        inZ1.nodeSelector("zone", "z1");
        test::PodBuilder inZ2("in-z2");
        inZ2.nodeSelector("zone", "z2");
        const plugins::nodeaffinity::RequiredNodeAffinity z1((Pod(inZ1)));
        const plugins::nodeaffinity::RequiredNodeAffinity z2((Pod(inZ2)));
        for (int round = 0; round < 2; ++round) { // the second round answers from the memo
            QVERIFY(z1.match(node));
            QVERIFY(!z2.match(node));
        }
    }

    // ---- PreFilter state -----------------------------------------------------------------------

    void preFilterState_data()
    {
        QTest::addColumn<QList<Node>>("nodes");
        QTest::addColumn<QList<Pod>>("pods");
        QTest::addColumn<Pod>("pod");
        QTest::addColumn<config::PodTopologySpreadArgs>("args");
        QTest::addColumn<ClusterState>("cluster");
        QTest::addColumn<Code>("code");
        QTest::addColumn<QList<Constraint>>("constraints");
        QTest::addColumn<Pairs>("pairs");
        QTest::addColumn<Pairs>("domains");
        QTest::addColumn<Paths>("paths");

        const QList<Pod> pods5 = {podOn("p-a1", "node-a", {{"foo", ""}}), podOn("p-a2", "node-a", {{"foo", ""}}),
                                  podOn("p-b1", "node-b", {{"foo", ""}}), podOn("p-y1", "node-y", {{"foo", ""}}),
                                  podOn("p-y2", "node-y", {{"foo", ""}})};
        const QList<Pod> pods7 = {podOn("p-a1", "node-a", {{"foo", ""}}), podOn("p-a2", "node-a", {{"foo", ""}}),
                                  podOn("p-b1", "node-b", {{"foo", ""}}), podOn("p-y1", "node-y", {{"foo", ""}}),
                                  podOn("p-y2", "node-y", {{"foo", ""}}), podOn("p-y3", "node-y", {{"foo", ""}}),
                                  podOn("p-y4", "node-y", {{"foo", ""}})};

        QTest::newRow("clean cluster with one spreadConstraint")
            << l4() << QList<Pod> {} << incoming({{"foo", ""}}, {spread(5, "zone", DNS, matchLabels({{"foo", "bar"}}))}).obj()
            << listArgs() << ClusterState {} << Code::Success << QList<Constraint> {internal(5, "zone", matchLabels({{"foo", "bar"}}))}
            << Pairs {{"zone/zone1", 0}, {"zone/zone2", 0}} << Pairs {{"zone", 2}} << Paths {{"zone", "zone1:0 zone2:0"}};
        QTest::newRow("normal case with one spreadConstraint")
            << l4() << pods5 << incoming({{"foo", ""}}, {spread(1, "zone", DNS, fooSelector)}).obj() << listArgs() << ClusterState {}
            << Code::Success << QList<Constraint> {internal(1, "zone", fooSelector)} << Pairs {{"zone/zone1", 3}, {"zone/zone2", 2}}
            << Pairs {{"zone", 2}} << Paths {{"zone", "zone2:2 zone1:3"}};
        QTest::newRow("normal case with one spreadConstraint, on a 3-zone cluster")
            << (l4() << makeNode("node-o", {{"zone", "zone3"}, {"node", "node-o"}}) << makeNode("node-p", {{"zone", "zone3"}, {"node", "node-p"}}))
            << pods5 << incoming({{"foo", ""}}, {spread(1, "zone", DNS, fooSelector)}).obj() << listArgs() << ClusterState {}
            << Code::Success << QList<Constraint> {internal(1, "zone", fooSelector)}
            << Pairs {{"zone/zone1", 3}, {"zone/zone2", 2}, {"zone/zone3", 0}} << Pairs {{"zone", 3}} << Paths {{"zone", "zone3:0 zone2:2"}};
        QTest::newRow("namespace mismatch doesn't count")
            << l4()
            << QList<Pod> {podOn("p-a1", "node-a", {{"foo", ""}}), podOn("p-a2", "node-a", {{"foo", ""}}, "ns1"),
                           podOn("p-b1", "node-b", {{"foo", ""}}), podOn("p-y1", "node-y", {{"foo", ""}}, "ns2"),
                           podOn("p-y2", "node-y", {{"foo", ""}})}
            << incoming({{"foo", ""}}, {spread(1, "zone", DNS, fooSelector)}).obj() << listArgs() << ClusterState {} << Code::Success
            << QList<Constraint> {internal(1, "zone", fooSelector)} << Pairs {{"zone/zone1", 2}, {"zone/zone2", 1}} << Pairs {{"zone", 2}}
            << Paths {{"zone", "zone2:1 zone1:2"}};
        QTest::newRow("normal case with two spreadConstraints")
            << l4() << pods7 << incoming({{"foo", ""}}, {spread(1, "zone", DNS, fooSelector), spread(1, "node", DNS, fooSelector)}).obj()
            << listArgs() << ClusterState {} << Code::Success
            << QList<Constraint> {internal(1, "zone", fooSelector), internal(1, "node", fooSelector)}
            << Pairs {{"zone/zone1", 3}, {"zone/zone2", 4}, {"node/node-a", 2}, {"node/node-b", 1}, {"node/node-x", 0}, {"node/node-y", 4}}
            << Pairs {{"zone", 2}, {"node", 4}} << Paths {{"zone", "zone1:3 zone2:4"}, {"node", "node-x:0 node-b:1"}};
        QTest::newRow("soft spreadConstraints should be bypassed")
            << QList<Node> {l4()[0], l4()[1], l4()[3]} << pods7
            << incoming({{"foo", ""}}, {spread(1, "zone", SA, fooSelector), spread(1, "zone", DNS, fooSelector),
                                        spread(1, "node", SA, fooSelector), spread(1, "node", DNS, fooSelector)})
                   .obj()
            << listArgs() << ClusterState {} << Code::Success
            << QList<Constraint> {internal(1, "zone", fooSelector), internal(1, "node", fooSelector)}
            << Pairs {{"zone/zone1", 3}, {"zone/zone2", 4}, {"node/node-a", 2}, {"node/node-b", 1}, {"node/node-y", 4}}
            << Pairs {{"zone", 2}, {"node", 3}} << Paths {{"zone", "zone1:3 zone2:4"}, {"node", "node-b:1 node-a:2"}};
        QTest::newRow("different labelSelectors - simple version")
            << QList<Node> {l4()[0], l4()[1], l4()[3]}
            << QList<Pod> {podOn("p-a", "node-a", {{"foo", ""}}), podOn("p-b", "node-b", {{"bar", ""}})}
            << incoming({{"foo", ""}, {"bar", ""}}, {spread(1, "zone", DNS, fooSelector), spread(1, "node", DNS, barSelector)}).obj()
            << listArgs() << ClusterState {} << Code::Success
            << QList<Constraint> {internal(1, "zone", fooSelector), internal(1, "node", barSelector)}
            << Pairs {{"zone/zone1", 1}, {"zone/zone2", 0}, {"node/node-a", 0}, {"node/node-b", 1}, {"node/node-y", 0}}
            << Pairs {{"zone", 2}, {"node", 3}} << Paths {{"zone", "zone2:0 zone1:1"}, {"node", "node-a:0 node-y:0"}};
        QTest::newRow("two spreadConstraints, and with podAffinity")
            << l4() << pods7
            << incoming({{"foo", ""}}, {spread(1, "zone", DNS, fooSelector), spread(1, "node", DNS, fooSelector)})
                   .affinity(nodeAffinity("node", SelectorOperator::NotIn, {QStringLiteral("node-x")}))
                   .obj()
            << listArgs() << ClusterState {} << Code::Success
            << QList<Constraint> {internal(1, "zone", fooSelector), internal(1, "node", fooSelector)}
            << Pairs {{"zone/zone1", 3}, {"zone/zone2", 4}, {"node/node-a", 2}, {"node/node-b", 1}, {"node/node-y", 4}}
            << Pairs {{"zone", 2}, {"node", 3}} << Paths {{"zone", "zone1:3 zone2:4"}, {"node", "node-b:1 node-a:2"}};
        QTest::newRow("default constraints and a service")
            << QList<Node> {} << QList<Pod> {} << incoming({{"foo", "bar"}, {"baz", "kar"}}).obj()
            << listArgs({spread(3, "node", DNS, nilSelector), spread(2, "node", SA, nilSelector), spread(5, "rack", DNS, nilSelector)})
            << withServices({service("default", {{"foo", "bar"}})}) << Code::Success
            << QList<Constraint> {internal(3, "node", matchLabels({{"foo", "bar"}})), internal(5, "rack", matchLabels({{"foo", "bar"}}))}
            << Pairs {} << Pairs {} << Paths {{"node", ":MAX :MAX"}, {"rack", ":MAX :MAX"}};
        QTest::newRow("default constraints and a service that doesn't match")
            << QList<Node> {} << QList<Pod> {} << incoming({{"foo", "bar"}}).obj() << listArgs({spread(3, "node", DNS, nilSelector)})
            << withServices({service("default", {{"baz", "kep"}})}) << Code::Skip << QList<Constraint> {} << Pairs {} << Pairs {} << Paths {};
        QTest::newRow("default constraints and a service, but pod has constraints")
            << QList<Node> {} << QList<Pod> {}
            << incoming({{"foo", "bar"}, {"baz", "tar"}},
                        {spread(1, "zone", DNS, matchLabels({{"baz", "tar"}})), spread(2, "planet", SA, matchLabels({{"fot", "rok"}}))})
                   .obj()
            << listArgs({spread(2, "node", DNS, nilSelector)}) << withServices({service("default", {{"foo", "bar"}})}) << Code::Success
            << QList<Constraint> {internal(1, "zone", matchLabels({{"baz", "tar"}}))} << Pairs {} << Pairs {} << Paths {{"zone", ":MAX :MAX"}};
        QTest::newRow("default soft constraints and a service")
            << QList<Node> {} << QList<Pod> {} << incoming({{"foo", "bar"}}).obj() << listArgs({spread(2, "node", SA, nilSelector)})
            << withServices({service("default", {{"foo", "bar"}})}) << Code::Skip << QList<Constraint> {} << Pairs {} << Pairs {} << Paths {};
        QTest::newRow("skip if not specified")
            << l4() << QList<Pod> {} << incoming({{"foo", ""}}).obj() << listArgs() << ClusterState {} << Code::Skip << QList<Constraint> {}
            << Pairs {} << Pairs {} << Paths {};

        const QList<Node> inclusionNodes = {makeNode("node-a", {{"node", "node-a"}, {"foo", ""}}),
                                            makeNode("node-b", {{"node", "node-b"}, {"foo", ""}}),
                                            makeNode("node-c", {{"node", "node-c"}, {"bar", ""}})};
        const QList<Pod> inclusionPods = {podOn("p-a", "node-a", {{"bar", ""}}), podOn("p-b", "node-b", {{"bar", ""}}),
                                          podOn("p-c", "node-b", {{"bar", ""}}), podOn("p-d", "node-c", {})};
        QTest::newRow("NodeAffinityPolicy honored with labelSelectors")
            << inclusionNodes << inclusionPods << incoming({{"foo", ""}}, {spread(1, "node", DNS, barSelector)}).nodeSelector("foo", "").obj()
            << listArgs() << ClusterState {} << Code::Success << QList<Constraint> {internal(1, "node", barSelector)}
            << Pairs {{"node/node-a", 1}, {"node/node-b", 2}} << Pairs {{"node", 2}} << Paths {{"node", "node-a:1 node-b:2"}};
        QTest::newRow("NodeAffinityPolicy ignored with labelSelectors")
            << inclusionNodes << inclusionPods
            << incoming({{"foo", ""}}, {spread(1, "node", DNS, barSelector, std::nullopt, Ignore)}).nodeSelector("foo", "").obj()
            << listArgs() << ClusterState {} << Code::Success << QList<Constraint> {internal(1, "node", barSelector, 1, Ignore)}
            << Pairs {{"node/node-a", 1}, {"node/node-b", 2}, {"node/node-c", 0}} << Pairs {{"node", 3}} << Paths {{"node", "node-c:0 node-a:1"}};
        QTest::newRow("NodeAffinityPolicy honored with nodeAffinity")
            << inclusionNodes << inclusionPods
            << incoming({{"foo", ""}}, {spread(1, "node", DNS, barSelector)})
                   .affinity(nodeAffinity("foo", SelectorOperator::In, {QString()}))
                   .obj()
            << listArgs() << ClusterState {} << Code::Success << QList<Constraint> {internal(1, "node", barSelector)}
            << Pairs {{"node/node-a", 1}, {"node/node-b", 2}} << Pairs {{"node", 2}} << Paths {{"node", "node-a:1 node-b:2"}};

        const QList<Node> taintNodes = {makeNode("node-a", {{"node", "node-a"}, {"foo", ""}}),
                                        makeNode("node-b", {{"node", "node-b"}, {"foo", ""}}),
                                        tainted(makeNode("node-c", {{"node", "node-c"}, {"bar", ""}}))};
        QTest::newRow("NodeTaintsPolicy ignored")
            << taintNodes << inclusionPods << incoming({{"foo", ""}}, {spread(1, "node", DNS, barSelector)}).obj() << listArgs()
            << ClusterState {} << Code::Success << QList<Constraint> {internal(1, "node", barSelector)}
            << Pairs {{"node/node-a", 1}, {"node/node-b", 2}, {"node/node-c", 0}} << Pairs {{"node", 3}} << Paths {{"node", "node-c:0 node-a:1"}};
        QTest::newRow("NodeTaintsPolicy honored")
            << taintNodes << inclusionPods
            << incoming({{"foo", ""}}, {spread(1, "node", DNS, barSelector, std::nullopt, std::nullopt, Honor)}).obj() << listArgs()
            << ClusterState {} << Code::Success << QList<Constraint> {internal(1, "node", barSelector, 1, Honor, Honor)}
            << Pairs {{"node/node-a", 1}, {"node/node-b", 2}} << Pairs {{"node", 2}} << Paths {{"node", "node-a:1 node-b:2"}};
        QTest::newRow("NodeTaintsPolicy honored with tolerated taints")
            << taintNodes << inclusionPods
            << incoming({{"foo", ""}}, {spread(1, "node", DNS, barSelector, std::nullopt, std::nullopt, Honor)})
                   .toleration(tolerateUnschedulable())
                   .obj()
            << listArgs() << ClusterState {} << Code::Success << QList<Constraint> {internal(1, "node", barSelector, 1, Honor, Honor)}
            << Pairs {{"node/node-a", 1}, {"node/node-b", 2}, {"node/node-c", 0}} << Pairs {{"node", 3}} << Paths {{"node", "node-c:0 node-a:1"}};

        // matchLabelKeys, merged by the scheduler itself in v1.32.
        LabelSelector fooAndBarA = exists("foo");
        fooAndBarA.matchExpressions.append({QStringLiteral("bar"), SelectorOperator::In, {QStringLiteral("a")}});
        QTest::newRow("key in matchLabelKeys is merged into the selector")
            << l4()
            << QList<Pod> {podOn("p-a1", "node-a", {{"foo", ""}}), podOn("p-a2", "node-a", {{"foo", ""}, {"bar", "a"}}),
                           podOn("p-b1", "node-b", {{"foo", ""}}), podOn("p-y1", "node-y", {{"foo", ""}, {"bar", "a"}}),
                           podOn("p-y2", "node-y", {{"bar", ""}})}
            << incoming({{"foo", ""}, {"bar", "a"}}, {spread(1, "zone", DNS, fooSelector, std::nullopt, std::nullopt, std::nullopt, {QStringLiteral("bar")})}).obj()
            << listArgs() << ClusterState {} << Code::Success << QList<Constraint> {internal(1, "zone", fooAndBarA)}
            << Pairs {{"zone/zone1", 1}, {"zone/zone2", 1}} << Pairs {{"zone", 2}} << Paths {{"zone", "zone1:1 zone2:1"}};
        LabelSelector fooA;
        fooA.matchExpressions.append({QStringLiteral("foo"), SelectorOperator::In, {QStringLiteral("a")}});
        const QList<Pod> fooAPods = {podOn("p-a1", "node-a", {{"foo", "a"}}), podOn("p-a2", "node-a", {{"foo", "a"}}),
                                     podOn("p-b1", "node-b", {{"foo", "a"}}), podOn("p-y1", "node-y", {{"foo", "a"}}),
                                     podOn("p-y2", "node-y", {{"foo", "a"}})};
        QTest::newRow("matchLabelKeys merged into an empty labelSelector")
            << l4() << fooAPods
            << incoming({{"foo", "a"}}, {spread(1, "zone", DNS, LabelSelector {}, std::nullopt, std::nullopt, std::nullopt, {QStringLiteral("foo")})}).obj()
            << listArgs() << ClusterState {} << Code::Success << QList<Constraint> {internal(1, "zone", fooA)}
            << Pairs {{"zone/zone1", 3}, {"zone/zone2", 2}} << Pairs {{"zone", 2}} << Paths {{"zone", "zone2:2 zone1:3"}};
        QTest::newRow("matchLabelKeys leaves a nil labelSelector matching nothing")
            << l4() << fooAPods
            << incoming({{"foo", ""}}, {spread(1, "zone", DNS, nilSelector, std::nullopt, std::nullopt, std::nullopt, {QStringLiteral("bar")})}).obj()
            << listArgs() << ClusterState {} << Code::Success << QList<Constraint> {internal(1, "zone", nilSelector)}
            << Pairs {{"zone/zone1", 0}, {"zone/zone2", 0}} << Pairs {{"zone", 2}} << Paths {{"zone", "zone1:0 zone2:0"}};
        QTest::newRow("key in matchLabelKeys is ignored when the pod lacks it")
            << l4() << fooAPods
            << incoming({{"foo", ""}}, {spread(1, "zone", DNS, fooSelector, std::nullopt, std::nullopt, std::nullopt, {QStringLiteral("bar")})}).obj()
            << listArgs() << ClusterState {} << Code::Success << QList<Constraint> {internal(1, "zone", fooSelector)}
            << Pairs {{"zone/zone1", 3}, {"zone/zone2", 2}} << Pairs {{"zone", 2}} << Paths {{"zone", "zone2:2 zone1:3"}};

        // Derived: two hard constraints on one key share the v1.32 pair counts; the later one wins per node.
        QTest::newRow("derived: two hard constraints on one topology key share pair counts")
            << l4() << QList<Pod> {podOn("p-a1", "node-a", {{"foo", ""}}), podOn("p-x1", "node-x", {{"bar", ""}})}
            << incoming({{"foo", ""}}, {spread(1, "zone", DNS, fooSelector), spread(2, "zone", DNS, barSelector)}).obj() << listArgs()
            << ClusterState {} << Code::Success << QList<Constraint> {internal(1, "zone", fooSelector), internal(2, "zone", barSelector)}
            << Pairs {{"zone/zone1", 0}, {"zone/zone2", 1}} << Pairs {{"zone", 2}} << Paths {{"zone", "zone1:0 zone2:1"}};
    }

    void preFilterState()
    {
        QFETCH(QList<Node>, nodes);
        QFETCH(QList<Pod>, pods);
        QFETCH(Pod, pod);
        QFETCH(config::PodTopologySpreadArgs, args);
        QFETCH(ClusterState, cluster);
        QFETCH(Code, code);
        QFETCH(QList<Constraint>, constraints);
        QFETCH(Pairs, pairs);
        QFETCH(Pairs, domains);
        QFETCH(Paths, paths);

        test::TestHandle handle(nodes, pods, cluster);
        PodTopologySpread plugin(args, handle);
        framework::CycleState state;
        const auto outcome = plugin.preFilter(state, pod, handle.snapshot().nodeInfos());
        QCOMPARE(framework::toString(outcome.status.code()), framework::toString(code));
        QVERIFY(outcome.result.allNodes());
        const auto* s = state.read<PodTopologySpread::PreFilterState>(PodTopologySpread::preFilterStateKey);
        if (code == Code::Skip) {
            QVERIFY(!s);
            return;
        }
        QVERIFY(s);
        QCOMPARE(s->constraints, constraints);
        QCOMPARE(pairsOf(*s), pairs);
        QCOMPARE(domainsOf(*s), domains);
        QCOMPARE(pathsOf(*s), paths);
    }

    // ---- AddPod / RemovePod -------------------------------------------------------------------

    void addRemovePod_data()
    {
        QTest::addColumn<QList<Node>>("nodes");
        QTest::addColumn<QList<Pod>>("pods");
        QTest::addColumn<Pod>("preemptor");
        QTest::addColumn<Pod>("changed"); // added, or removed
        QTest::addColumn<bool>("add");
        QTest::addColumn<int>("nodeIdx");
        QTest::addColumn<Pairs>("pairs");
        QTest::addColumn<Pairs>("domains");
        QTest::addColumn<Paths>("paths");

        const Pod nodeOnly = incoming({{"foo", ""}}, {spread(1, "node", DNS, fooSelector)});
        const Pod zoneOnly = incoming({{"foo", ""}}, {spread(1, "zone", DNS, fooSelector)});
        const Pod zoneAndNode = incoming({{"foo", ""}}, {spread(1, "zone", DNS, fooSelector), spread(1, "node", DNS, fooSelector)});
        const Pod fooBar = incoming({{"foo", ""}, {"bar", ""}}, {spread(1, "zone", DNS, fooSelector), spread(1, "node", DNS, barSelector)});
        const QList<Node> ab = {l4()[0], l4()[1]};
        const QList<Node> ax = {l4()[0], l4()[2]};
        const QList<Node> abx = {l4()[0], l4()[1], l4()[2]};

        // TestPreFilterStateAddPod.
        QTest::newRow("add: node a and b both impact current min match")
            << ab << QList<Pod> {} << nodeOnly << podOn("p-a1", "node-a", {{"foo", ""}}) << true << 0
            << Pairs {{"node/node-a", 1}, {"node/node-b", 0}} << Pairs {{"node", 2}} << Paths {{"node", "node-b:0 node-a:1"}};
        QTest::newRow("add: only node a impacts current min match")
            << ab << QList<Pod> {podOn("p-b1", "node-b", {{"foo", ""}})} << nodeOnly << podOn("p-a1", "node-a", {{"foo", ""}}) << true << 0
            << Pairs {{"node/node-a", 1}, {"node/node-b", 1}} << Pairs {{"node", 2}} << Paths {{"node", "node-a:1 node-b:1"}};
        QTest::newRow("add: a pod in a different namespace doesn't change topologyKeyToMinPodsMap")
            << ab << QList<Pod> {podOn("p-b1", "node-b", {{"foo", ""}})} << nodeOnly << podOn("p-a1", "node-a", {{"foo", ""}}, "ns1") << true
            << 0 << Pairs {{"node/node-a", 0}, {"node/node-b", 1}} << Pairs {{"node", 2}} << Paths {{"node", "node-a:0 node-b:1"}};
        QTest::newRow("add: pod on non-critical node won't trigger re-calculation")
            << ab << QList<Pod> {podOn("p-b1", "node-b", {{"foo", ""}})} << nodeOnly << podOn("p-b2", "node-b", {{"foo", ""}}) << true << 1
            << Pairs {{"node/node-a", 0}, {"node/node-b", 2}} << Pairs {{"node", 2}} << Paths {{"node", "node-a:0 node-b:2"}};
        QTest::newRow("add: node a and x both impact topologyKeyToMinPodsMap on zone and node")
            << ax << QList<Pod> {} << zoneAndNode << podOn("p-a1", "node-a", {{"foo", ""}}) << true << 0
            << Pairs {{"zone/zone1", 1}, {"zone/zone2", 0}, {"node/node-a", 1}, {"node/node-x", 0}} << Pairs {{"zone", 2}, {"node", 2}}
            << Paths {{"zone", "zone2:0 zone1:1"}, {"node", "node-x:0 node-a:1"}};
        QTest::newRow("add: only node a impacts topologyKeyToMinPodsMap on zone and node")
            << ax << QList<Pod> {podOn("p-x1", "node-x", {{"foo", ""}})} << zoneAndNode << podOn("p-a1", "node-a", {{"foo", ""}}) << true << 0
            << Pairs {{"zone/zone1", 1}, {"zone/zone2", 1}, {"node/node-a", 1}, {"node/node-x", 1}} << Pairs {{"zone", 2}, {"node", 2}}
            << Paths {{"zone", "zone1:1 zone2:1"}, {"node", "node-a:1 node-x:1"}};
        QTest::newRow("add: node a impacts the node key, node x the zone key")
            << abx
            << QList<Pod> {podOn("p-b1", "node-b", {{"foo", ""}}), podOn("p-b2", "node-b", {{"foo", ""}}), podOn("p-x1", "node-x", {{"foo", ""}})}
            << zoneAndNode << podOn("p-a1", "node-a", {{"foo", ""}}) << true << 0
            << Pairs {{"zone/zone1", 3}, {"zone/zone2", 1}, {"node/node-a", 1}, {"node/node-b", 2}, {"node/node-x", 1}}
            << Pairs {{"zone", 2}, {"node", 3}} << Paths {{"zone", "zone2:1 zone1:3"}, {"node", "node-a:1 node-x:1"}};
        QTest::newRow("add: constraints hold different labelSelectors, node a impacts the zone key")
            << abx
            << QList<Pod> {podOn("p-b1", "node-b", {{"foo", ""}, {"bar", ""}}), podOn("p-x1", "node-x", {{"foo", ""}, {"bar", ""}}),
                           podOn("p-x2", "node-x", {{"bar", ""}})}
            << fooBar << podOn("p-a1", "node-a", {{"foo", ""}}) << true << 0
            << Pairs {{"zone/zone1", 2}, {"zone/zone2", 1}, {"node/node-a", 0}, {"node/node-b", 1}, {"node/node-x", 2}}
            << Pairs {{"zone", 2}, {"node", 3}} << Paths {{"zone", "zone2:1 zone1:2"}, {"node", "node-a:0 node-b:1"}};
        QTest::newRow("add: constraints hold different labelSelectors, node a impacts both keys")
            << abx
            << QList<Pod> {podOn("p-b1", "node-b", {{"bar", ""}}), podOn("p-x1", "node-x", {{"foo", ""}, {"bar", ""}}),
                           podOn("p-x2", "node-x", {{"bar", ""}})}
            << fooBar << podOn("p-a1", "node-a", {{"foo", ""}, {"bar", ""}}) << true << 0
            << Pairs {{"zone/zone1", 1}, {"zone/zone2", 1}, {"node/node-a", 1}, {"node/node-b", 1}, {"node/node-x", 2}}
            << Pairs {{"zone", 2}, {"node", 3}} << Paths {{"zone", "zone1:1 zone2:1"}, {"node", "node-a:1 node-b:1"}};

        const QList<Node> affinityNodes = {makeNode("node-a", {{"zone", "zone1"}, {"node", "node-a"}, {"foo", "bar"}}),
                                           makeNode("node-b", {{"zone", "zone2"}, {"node", "node-b"}, {"foo", ""}})};
        const Pod zoneNotFooBar = incoming({{"foo", ""}}, {spread(1, "zone", DNS, fooSelector)})
                                      .affinity(nodeAffinity("foo", SelectorOperator::NotIn, {QStringLiteral("bar")}));
        QTest::newRow("add: a pod when scheduling node affinity unmatched pod")
            << affinityNodes
            << QList<Pod> {podOn("p-a2", "node-a", {{"foo", ""}, {"zone", "zone1"}}), podOn("p-b1", "node-b", {{"foo", ""}, {"zone", "zone2"}})}
            << zoneNotFooBar << podOn("p-a1", "node-a", {{"foo", ""}, {"zone", "zone1"}}) << true << 0 << Pairs {{"zone/zone2", 1}}
            << Pairs {{"zone", 1}} << Paths {{"zone", "zone2:1 :MAX"}};
        QTest::newRow("add: a pod when scheduling node affinity matched pod")
            << affinityNodes
            << QList<Pod> {podOn("p-a1", "node-a", {{"foo", ""}, {"zone", "zone1"}}), podOn("p-b2", "node-b", {{"foo", ""}, {"zone", "zone2"}})}
            << zoneOnly << podOn("p-b1", "node-b", {{"foo", ""}, {"zone", "zone2"}}) << true << 1
            << Pairs {{"zone/zone1", 1}, {"zone/zone2", 2}} << Pairs {{"zone", 2}} << Paths {{"zone", "zone1:1 zone2:2"}};
        QTest::newRow("add: a label selector not matched pod")
            << affinityNodes
            << QList<Pod> {podOn("p-a1", "node-a", {{"foo", ""}, {"zone", "zone1"}}), podOn("p-b2", "node-b", {{"foo", ""}, {"zone", "zone2"}})}
            << zoneOnly << podOn("p-b1", "node-b", {{"zone", "zone2"}}) << true << 1 << Pairs {{"zone/zone1", 1}, {"zone/zone2", 1}}
            << Pairs {{"zone", 2}} << Paths {{"zone", "zone1:1 zone2:1"}};
        const QList<Node> taintedA = {tainted(makeNode("node-a", {{"zone", "zone1"}, {"node", "node-a"}})),
                                      makeNode("node-b", {{"zone", "zone2"}, {"node", "node-b"}})};
        QTest::newRow("add: a pod when scheduling taint tolerated pod")
            << taintedA
            << QList<Pod> {podOn("p-a1", "node-a", {{"foo", ""}, {"zone", "zone1"}}), podOn("p-b2", "node-b", {{"foo", ""}, {"zone", "zone2"}})}
            << incoming({{"foo", ""}}, {spread(1, "zone", DNS, fooSelector)}).toleration(tolerateUnschedulable()).obj()
            << podOn("p-b1", "node-b", {{"foo", ""}, {"zone", "zone2"}}) << true << 1 << Pairs {{"zone/zone1", 1}, {"zone/zone2", 2}}
            << Pairs {{"zone", 2}} << Paths {{"zone", "zone1:1 zone2:2"}};

        // TestPreFilterStateRemovePod: the removed pod is part of the snapshot PreFilter saw.
        const QList<Node> abxy = l4();
        QTest::newRow("remove: one spreadConstraint on zone, topologyKeyToMinPodsMap unchanged")
            << abx
            << QList<Pod> {podOn("p-a1", "node-a", {{"foo", ""}}), podOn("p-b1", "node-b", {{"foo", ""}}), podOn("p-x1", "node-x", {{"foo", ""}})}
            << zoneOnly << podOn("p-a1", "node-a", {{"foo", ""}}) << false << 0 << Pairs {{"zone/zone1", 1}, {"zone/zone2", 1}}
            << Pairs {{"zone", 2}} << Paths {{"zone", "zone1:1 zone2:1"}};
        QTest::newRow("remove: one spreadConstraint on node, topologyKeyToMinPodsMap changed")
            << abxy
            << QList<Pod> {podOn("p-a1", "node-a", {{"foo", ""}}), podOn("p-b1", "node-b", {{"foo", ""}}), podOn("p-x1", "node-x", {{"foo", ""}}),
                           podOn("p-y1", "node-y", {{"foo", ""}})}
            << zoneOnly << podOn("p-a1", "node-a", {{"foo", ""}}) << false << 0 << Pairs {{"zone/zone1", 1}, {"zone/zone2", 2}}
            << Pairs {{"zone", 2}} << Paths {{"zone", "zone1:1 zone2:2"}};
        QTest::newRow("remove: delete an irrelevant pod won't help")
            << abxy
            << QList<Pod> {podOn("p-a0", "node-a", {{"bar", ""}}), podOn("p-a1", "node-a", {{"foo", ""}}), podOn("p-b1", "node-b", {{"foo", ""}}),
                           podOn("p-x1", "node-x", {{"foo", ""}}), podOn("p-y1", "node-y", {{"foo", ""}})}
            << zoneOnly << podOn("p-a0", "node-a", {{"bar", ""}}) << false << 0 << Pairs {{"zone/zone1", 2}, {"zone/zone2", 2}}
            << Pairs {{"zone", 2}} << Paths {{"zone", "zone1:2 zone2:2"}};
        QTest::newRow("remove: delete a non-existing pod won't help")
            << abxy
            << QList<Pod> {podOn("p-a1", "node-a", {{"foo", ""}}), podOn("p-b1", "node-b", {{"foo", ""}}), podOn("p-x1", "node-x", {{"foo", ""}}),
                           podOn("p-y1", "node-y", {{"foo", ""}})}
            << zoneOnly << podOn("p-a0", "node-a", {{"bar", ""}}) << false << 0 << Pairs {{"zone/zone1", 2}, {"zone/zone2", 2}}
            << Pairs {{"zone", 2}} << Paths {{"zone", "zone1:2 zone2:2"}};
        QTest::newRow("remove: two spreadConstraints")
            << abx
            << QList<Pod> {podOn("p-a1", "node-a", {{"foo", ""}}), podOn("p-a2", "node-a", {{"foo", ""}}), podOn("p-b1", "node-b", {{"foo", ""}}),
                           podOn("p-x1", "node-x", {{"foo", ""}}), podOn("p-x2", "node-x", {{"foo", ""}})}
            << zoneAndNode << podOn("p-x1", "node-x", {{"foo", ""}}) << false << 2
            << Pairs {{"zone/zone1", 3}, {"zone/zone2", 1}, {"node/node-a", 2}, {"node/node-b", 1}, {"node/node-x", 1}}
            << Pairs {{"zone", 2}, {"node", 3}} << Paths {{"zone", "zone2:1 zone1:3"}, {"node", "node-b:1 node-x:1"}};
        QTest::newRow("remove: a pod when scheduling node affinity unmatched pod")
            << affinityNodes
            << QList<Pod> {podOn("p-a2", "node-a", {{"foo", ""}, {"zone", "zone1"}}), podOn("p-b1", "node-b", {{"foo", ""}, {"zone", "zone2"}})}
            << zoneNotFooBar << podOn("p-a1", "node-a", {{"foo", ""}, {"zone", "zone1"}}) << false << 0 << Pairs {{"zone/zone2", 1}}
            << Pairs {{"zone", 1}} << Paths {{"zone", "zone2:1 :MAX"}};
        QTest::newRow("remove: a pod when scheduling node affinity matched pod")
            << affinityNodes
            << QList<Pod> {podOn("p-a1", "node-a", {{"foo", ""}, {"zone", "zone1"}}), podOn("p-b2", "node-b", {{"foo", ""}, {"zone", "zone2"}})}
            << zoneOnly << podOn("p-b1", "node-b", {{"foo", ""}, {"zone", "zone2"}}) << false << 1
            << Pairs {{"zone/zone1", 1}, {"zone/zone2", 0}} << Pairs {{"zone", 2}} << Paths {{"zone", "zone2:0 zone1:1"}};
    }

    void addRemovePod()
    {
        QFETCH(QList<Node>, nodes);
        QFETCH(QList<Pod>, pods);
        QFETCH(Pod, preemptor);
        QFETCH(Pod, changed);
        QFETCH(bool, add);
        QFETCH(int, nodeIdx);
        QFETCH(Pairs, pairs);
        QFETCH(Pairs, domains);
        QFETCH(Paths, paths);

        test::TestHandle handle(nodes, pods);
        PodTopologySpread plugin(listArgs(), handle);
        framework::CycleState state;
        QVERIFY(plugin.preFilter(state, preemptor, handle.snapshot().nodeInfos()).status.isSuccess());
        const auto nodeInfo = handle.snapshot().get(nodes[nodeIdx].meta.name);
        const auto podInfo = framework::PodInfo::create(changed);
        auto* extensions = plugin.preFilterExtensions();
        QVERIFY(extensions);
        const framework::Status status =
            add ? extensions->addPod(state, preemptor, podInfo, *nodeInfo) : extensions->removePod(state, preemptor, podInfo, *nodeInfo);
        QVERIFY(status.isSuccess());
        const auto* s = state.read<PodTopologySpread::PreFilterState>(PodTopologySpread::preFilterStateKey);
        QVERIFY(s);
        QCOMPARE(pairsOf(*s), pairs);
        QCOMPARE(domainsOf(*s), domains);
        QCOMPARE(pathsOf(*s), paths);
    }

    // A cloned state is independent: preemption evaluates each candidate node on its own copy.
    void cloneIsIndependent()
    {
        const QList<Node> nodes = {l4()[0], l4()[1]};
        test::TestHandle handle(nodes, {podOn("p-b1", "node-b", {{"foo", ""}})});
        PodTopologySpread plugin(listArgs(), handle);
        framework::CycleState state;
        const Pod pod = incoming({{"foo", ""}}, {spread(1, "node", DNS, fooSelector)});
        QVERIFY(plugin.preFilter(state, pod, handle.snapshot().nodeInfos()).status.isSuccess());
        const auto copy = state.clone();
        QVERIFY(plugin.addPod(*copy, pod, framework::PodInfo::create(podOn("p-a1", "node-a", {{"foo", ""}})), *handle.snapshot().get(QStringLiteral("node-a")))
                    .isSuccess());
        const auto* original = state.read<PodTopologySpread::PreFilterState>(PodTopologySpread::preFilterStateKey);
        const auto* cloned = copy->read<PodTopologySpread::PreFilterState>(PodTopologySpread::preFilterStateKey);
        QCOMPARE(pairsOf(*original), (Pairs {{"node/node-a", 0}, {"node/node-b", 1}}));
        QCOMPARE(pairsOf(*cloned), (Pairs {{"node/node-a", 1}, {"node/node-b", 1}}));
    }

    // ---- Filter ------------------------------------------------------------------------------------

    void filter_data()
    {
        QTest::addColumn<QList<Node>>("nodes");
        QTest::addColumn<QList<Pod>>("pods");
        QTest::addColumn<Pod>("pod");
        QTest::addColumn<QStringList>("expected"); // per node: S, U or UU

        const Pod zoneFoo = incoming({{"foo", ""}}, {spread(1, "zone", DNS, fooSelector)});
        const Pod nodeFoo = incoming({{"foo", ""}}, {spread(1, "node", DNS, fooSelector)});
        const QList<Pod> pods213 = {podOn("p-a1", "node-a", {{"foo", ""}}), podOn("p-a2", "node-a", {{"foo", ""}}),
                                    podOn("p-b1", "node-b", {{"foo", ""}}), podOn("p-y1", "node-y", {{"foo", ""}}),
                                    podOn("p-y2", "node-y", {{"foo", ""}}), podOn("p-y3", "node-y", {{"foo", ""}})};

        // TestSingleConstraint.
        QTest::newRow("no existing pods") << l4() << QList<Pod> {} << zoneFoo << QStringList {"S", "S", "S", "S"};
        QTest::newRow("no existing pods, incoming pod doesn't match itself")
            << l4() << QList<Pod> {} << incoming({{"foo", ""}}, {spread(1, "zone", DNS, barSelector)}).obj() << QStringList {"S", "S", "S", "S"};
        QTest::newRow("existing pods in a different namespace do not count")
            << l4()
            << QList<Pod> {podOn("p-a1", "node-a", {{"foo", ""}}, "ns1"), podOn("p-b1", "node-a", {{"foo", ""}}, "ns2"),
                           podOn("p-x1", "node-x", {{"foo", ""}}), podOn("p-y1", "node-y", {{"foo", ""}})}
            << zoneFoo << QStringList {"S", "S", "U", "U"};
        QTest::newRow("existing pods do not match null selector")
            << l4() << QList<Pod> {podOn("p-x1", "node-x", {{"foo", ""}}), podOn("p-y1", "node-y", {{"foo", ""}})}
            << incoming({{"foo", ""}}, {spread(1, "zone", DNS, nilSelector)}).obj() << QStringList {"S", "S", "S", "S"};
        QTest::newRow("pods spread across zones as 3/3, all nodes fit") << l4() << pods213 << zoneFoo << QStringList {"S", "S", "S", "S"};
        QTest::newRow("pods spread across zones as 1/2 due to absence of label 'zone' on node-b")
            << QList<Node> {l4()[0], makeNode("node-b", {{"zon", "zone1"}, {"node", "node-b"}}), l4()[2], l4()[3]}
            << QList<Pod> {podOn("p-a1", "node-a", {{"foo", ""}}), podOn("p-b1", "node-b", {{"foo", ""}}), podOn("p-x1", "node-x", {{"foo", ""}}),
                           podOn("p-y1", "node-y", {{"foo", ""}})}
            << zoneFoo << QStringList {"S", "UU", "U", "U"};
        QTest::newRow("pod cannot be scheduled as all nodes don't have label 'rack'")
            << QList<Node> {l4()[0], l4()[2]} << QList<Pod> {} << incoming({{"foo", ""}}, {spread(1, "rack", DNS, fooSelector)}).obj()
            << QStringList {"UU", "UU"};
        QTest::newRow("pods spread across nodes as 2/1/0/3, only node-x fits") << l4() << pods213 << nodeFoo << QStringList {"U", "U", "S", "U"};
        QTest::newRow("pods spread across nodes as 2/1/0/3, maxSkew is 2, node-b and node-x fit")
            << l4() << pods213 << incoming({{"foo", ""}}, {spread(2, "node", DNS, fooSelector)}).obj() << QStringList {"U", "S", "S", "U"};
        QTest::newRow("pods spread across nodes as 2/1/0/3, but pod doesn't match itself")
            << l4() << pods213 << incoming({{"bar", ""}}, {spread(1, "node", DNS, fooSelector)}).obj() << QStringList {"U", "S", "S", "U"};
        QTest::newRow("incoming pod has nodeAffinity, pods spread as 2/~1~/~0~/3, hence node-a fits")
            << l4() << pods213
            << incoming({{"foo", ""}}, {spread(1, "node", DNS, fooSelector)})
                   .affinity(nodeAffinity("node", SelectorOperator::In, {QStringLiteral("node-a"), QStringLiteral("node-y")}))
                   .obj()
            << QStringList {"S", "S", "S", "U"};
        QTest::newRow("terminating Pods should be excluded")
            << QList<Node> {makeNode("node-a", {{"node", "node-a"}}), makeNode("node-b", {{"node", "node-b"}})}
            << QList<Pod> {terminating(podOn("p-a", "node-a", {{"foo", ""}})), podOn("p-b", "node-b", {{"foo", ""}})} << nodeFoo
            << QStringList {"S", "U"};
        QTest::newRow("incoming pod has nodeAffinity, pods spread as 0/~2~/0/1, hence node-a fits")
            << l4()
            << QList<Pod> {podOn("p-b1", "node-b", {{"foo", ""}}), podOn("p-b2", "node-b", {{"foo", ""}}), podOn("p-y1", "node-y", {{"foo", ""}})}
            << incoming({{"foo", ""}}, {spread(1, "zone", DNS, fooSelector)})
                   .affinity(nodeAffinity("node", SelectorOperator::NotIn, {QStringLiteral("node-b")}))
                   .obj()
            << QStringList {"S", "S", "U", "U"};

        const QList<Node> abc = {makeNode("node-a", {{"node", "node-a"}}), makeNode("node-b", {{"node", "node-b"}}),
                                 makeNode("node-c", {{"node", "node-c"}})};
        const QList<Pod> pods221 = {podOn("p-a1", "node-a", {{"foo", ""}}), podOn("p-a2", "node-a", {{"foo", ""}}),
                                    podOn("p-b1", "node-b", {{"foo", ""}}), podOn("p-b2", "node-b", {{"foo", ""}}),
                                    podOn("p-c1", "node-c", {{"foo", ""}})};
        QTest::newRow("pods spread across nodes as 2/2/1, maxSkew is 2, and the number of domains < minDomains, then the third node fits")
            << abc << pods221 << incoming({{"foo", ""}}, {spread(2, "node", DNS, fooSelector, 4)}).obj() << QStringList {"U", "U", "S"};
        QTest::newRow("pods spread across nodes as 2/2/1, maxSkew is 2, and the number of domains > minDomains, then the all nodes fit")
            << abc << pods221 << incoming({{"foo", ""}}, {spread(2, "node", DNS, fooSelector, 2)}).obj() << QStringList {"S", "S", "S"};
        const QList<Pod> zonePods = {podOn("p-b1", "node-a", {{"foo", ""}}), podOn("p-b2", "node-b", {{"foo", ""}}),
                                     podOn("p-y1", "node-y", {{"foo", ""}})};
        QTest::newRow("pods spread across zone as 2/1, maxSkew is 2 and the number of domains < minDomains, then the third and fourth nodes fit")
            << l4() << zonePods << incoming({{"foo", ""}}, {spread(2, "zone", DNS, fooSelector, 3)}).obj() << QStringList {"U", "U", "S", "S"};
        QTest::newRow("pods spread across zone as 2/1, maxSkew is 2 and the number of domains > minDomains, then the all nodes fit")
            << l4() << zonePods << incoming({{"foo", ""}}, {spread(2, "zone", DNS, fooSelector, 1)}).obj() << QStringList {"S", "S", "S", "S"};

        const QList<Node> fooNodes = {makeNode("node-a", {{"node", "node-a"}, {"foo", ""}}), makeNode("node-b", {{"node", "node-b"}, {"foo", ""}}),
                                      makeNode("node-x", {{"node", "node-x"}, {"foo", ""}}), makeNode("node-y", {{"node", "node-y"}})};
        const QList<Pod> inclusionPods = {podOn("p-b1", "node-a", {{"foo", ""}}), podOn("p-b2", "node-b", {{"foo", ""}}),
                                          podOn("p-y1", "node-y", {{"foo", ""}})};
        QTest::newRow("NodeAffinityPolicy honored with labelSelectors")
            << fooNodes << inclusionPods << incoming({{"foo", ""}}, {spread(1, "node", DNS, fooSelector)}).nodeSelector("foo", "").obj()
            << QStringList {"U", "U", "S", "S"};
        QTest::newRow("NodeAffinityPolicy ignored with labelSelectors")
            << fooNodes << inclusionPods
            << incoming({{"foo", ""}}, {spread(1, "node", DNS, fooSelector, std::nullopt, Ignore)}).nodeSelector("foo", "").obj()
            << QStringList {"U", "U", "S", "U"};
        QTest::newRow("NodeAffinityPolicy honored with nodeAffinity")
            << fooNodes << inclusionPods
            << incoming({{"foo", ""}}, {spread(1, "node", DNS, fooSelector)}).affinity(nodeAffinity("foo", SelectorOperator::In, {QString()})).obj()
            << QStringList {"U", "U", "S", "S"};
        QTest::newRow("NodeAffinityPolicy ignored with nodeAffinity")
            << fooNodes << inclusionPods
            << incoming({{"foo", ""}}, {spread(1, "node", DNS, fooSelector, std::nullopt, Ignore)})
                   .affinity(nodeAffinity("foo", SelectorOperator::In, {QString()}))
                   .obj()
            << QStringList {"U", "U", "S", "U"};
        const QList<Node> taintedY = {makeNode("node-a", {{"node", "node-a"}}), makeNode("node-b", {{"node", "node-b"}}),
                                      makeNode("node-x", {{"node", "node-x"}}), tainted(makeNode("node-y", {{"node", "node-y"}}))};
        QTest::newRow("NodeTaintsPolicy honored")
            << taintedY << inclusionPods << incoming({{"foo", ""}}, {spread(1, "node", DNS, fooSelector, std::nullopt, std::nullopt, Honor)}).obj()
            << QStringList {"U", "U", "S", "S"};
        QTest::newRow("NodeTaintsPolicy ignored") << taintedY << inclusionPods << nodeFoo << QStringList {"U", "U", "S", "U"};

        // TestMultipleConstraints.
        const Pod zoneNodeFoo = incoming({{"foo", ""}}, {spread(1, "zone", DNS, fooSelector), spread(1, "node", DNS, fooSelector)});
        const Pod zoneFooNodeBar = incoming({{"foo", ""}, {"bar", ""}}, {spread(1, "zone", DNS, fooSelector), spread(1, "node", DNS, barSelector)});
        QTest::newRow("two Constraints on zone and node, spreads = [3/3, 2/1/0/3]") << l4() << pods213 << zoneNodeFoo << QStringList {"U", "U", "S", "U"};
        QTest::newRow("two Constraints on zone and node, spreads = [3/4, 2/1/0/4]")
            << l4() << (QList<Pod>(pods213) << podOn("p-y4", "node-y", {{"foo", ""}})) << zoneNodeFoo << QStringList {"U", "U", "U", "U"};
        QTest::newRow("Constraints hold different labelSelectors, spreads = [1/0, 1/0/0/1]")
            << l4() << QList<Pod> {podOn("p-a1", "node-a", {{"foo", ""}}), podOn("p-y1", "node-y", {{"bar", ""}})} << zoneFooNodeBar
            << QStringList {"U", "U", "S", "U"};
        QTest::newRow("Constraints hold different labelSelectors, spreads = [1/0, 0/0/1/1]")
            << l4() << QList<Pod> {podOn("p-a1", "node-a", {{"foo", ""}}), podOn("p-x1", "node-x", {{"bar", ""}}), podOn("p-y1", "node-y", {{"bar", ""}})}
            << zoneFooNodeBar << QStringList {"U", "U", "U", "U"};
        QTest::newRow("Constraints hold different labelSelectors, spreads = [2/3, 1/0/0/1]")
            << l4()
            << QList<Pod> {podOn("p-a1", "node-a", {{"foo", ""}}), podOn("p-a2", "node-a", {{"foo", ""}, {"bar", ""}}),
                           podOn("p-y1", "node-y", {{"foo", ""}}), podOn("p-y2", "node-y", {{"foo", ""}, {"bar", ""}}),
                           podOn("p-y3", "node-y", {{"foo", ""}})}
            << zoneFooNodeBar << QStringList {"U", "S", "U", "U"};
        QTest::newRow("Constraints hold different labelSelectors but pod doesn't match itself on 'zone' constraint")
            << l4() << QList<Pod> {podOn("p-a1", "node-a", {{"foo", ""}}), podOn("p-x1", "node-x", {{"bar", ""}}), podOn("p-y1", "node-y", {{"bar", ""}})}
            << incoming({{"bar", ""}}, {spread(1, "zone", DNS, fooSelector), spread(1, "node", DNS, barSelector)}).obj()
            << QStringList {"S", "S", "U", "U"};
        QTest::newRow("two Constraints on zone and node, absence of label 'node' on node-x, spreads = [1/1, 1/0/0/1]")
            << QList<Node> {l4()[0], l4()[1], makeNode("node-x", {{"zone", "zone2"}}), l4()[3]}
            << QList<Pod> {podOn("p-a1", "node-a", {{"foo", ""}}), podOn("p-y3", "node-y", {{"foo", ""}})} << zoneNodeFoo
            << QStringList {"U", "S", "UU", "U"};
        const QList<Node> zoneFooNodes = {makeNode("node-a", {{"zone", "zone1"}, {"node", "node-a"}, {"foo", ""}}),
                                          makeNode("node-b", {{"zone", "zone1"}, {"node", "node-b"}, {"foo", ""}}),
                                          makeNode("node-x", {{"zone", "zone2"}, {"node", "node-x"}, {"foo", ""}}),
                                          makeNode("node-y", {{"zone", "zone2"}, {"node", "node-y"}})};
        const QList<Pod> abyPods = {podOn("p-a1", "node-a", {{"foo", ""}}), podOn("p-b1", "node-b", {{"foo", ""}}),
                                    podOn("p-y1", "node-y", {{"foo", ""}})};
        QTest::newRow("two node inclusion Constraints, zone: honor/ignore, node: ignore/ignore")
            << zoneFooNodes << abyPods
            << incoming({{"foo", ""}}, {spread(1, "zone", DNS, fooSelector), spread(1, "node", DNS, fooSelector, std::nullopt, Ignore)})
                   .nodeSelector("foo", "")
                   .obj()
            << QStringList {"U", "U", "S", "U"};
        const QList<Node> zoneTaintedY = {makeNode("node-a", {{"zone", "zone1"}, {"node", "node-a"}, {"foo", ""}}),
                                          makeNode("node-b", {{"zone", "zone1"}, {"node", "node-b"}, {"foo", ""}}),
                                          makeNode("node-x", {{"zone", "zone2"}, {"node", "node-x"}, {"foo", ""}}),
                                          tainted(makeNode("node-y", {{"zone", "zone2"}, {"node", "node-y"}}))};
        QTest::newRow("two node inclusion Constraints, zone: honor/honor, node: honor/ignore")
            << zoneTaintedY << abyPods
            << incoming({{"foo", ""}}, {spread(1, "zone", DNS, fooSelector, std::nullopt, std::nullopt, Honor), spread(1, "node", DNS, fooSelector)}).obj()
            << QStringList {"U", "U", "S", "U"};
        const QList<Node> mixedNodes = {makeNode("node-a", {{"zone", "zone1"}, {"node", "node-a"}, {"foo", ""}}),
                                        makeNode("node-b", {{"zone", "zone1"}, {"node", "node-b"}}),
                                        makeNode("node-x", {{"zone", "zone2"}, {"node", "node-x"}, {"foo", ""}}),
                                        tainted(makeNode("node-y", {{"zone", "zone2"}, {"node", "node-y"}, {"foo", ""}}))};
        QTest::newRow("two node inclusion Constraints, zone: honor/ignore, node: honor/ignore")
            << mixedNodes << abyPods << incoming({{"foo", ""}}, {spread(1, "zone", DNS, fooSelector), spread(1, "node", DNS, fooSelector)}).nodeSelector("foo", "").obj()
            << QStringList {"U", "S", "S", "U"};
        QTest::newRow("two node inclusion Constraints, zone: honor/honor, node: ignore/ignore")
            << mixedNodes << abyPods
            << incoming({{"foo", ""}}, {spread(1, "zone", DNS, fooSelector, std::nullopt, std::nullopt, Honor), spread(1, "node", DNS, fooSelector, std::nullopt, Ignore)})
                   .nodeSelector("foo", "")
                   .obj()
            << QStringList {"U", "U", "S", "U"};

        // Derived from v1.32's minMatchNum: a key without any domain (every node excluded by node
        // affinity here) is skipped, not failed (see also keyWithoutDomainsIsSkippedAfterAddPod).
        QTest::newRow("derived: a constraint whose key has no eligible domain is skipped")
            << QList<Node> {makeNode("node-a", {{"zone", "zone1"}})} << QList<Pod> {podOn("p-a1", "node-a", {{"foo", ""}})}
            << incoming({{"foo", ""}}, {spread(1, "zone", DNS, fooSelector)}).nodeSelector("disk", "ssd").obj() << QStringList {"S"};
    }

    void filter()
    {
        QFETCH(QList<Node>, nodes);
        QFETCH(QList<Pod>, pods);
        QFETCH(Pod, pod);
        QFETCH(QStringList, expected);

        test::TestHandle handle(nodes, pods);
        PodTopologySpread plugin(listArgs(), handle);
        framework::CycleState state;
        QVERIFY(plugin.preFilter(state, pod, handle.snapshot().nodeInfos()).status.isSuccess());
        QCOMPARE(nodes.size(), expected.size());
        for (qsizetype i = 0; i < nodes.size(); ++i) {
            // The snapshot's own node is read from its label columns; a clone (as preemption makes)
            // from its labels. Both must give upstream's verdict.
            const framework::NodeInfoPtr inSnapshot = handle.snapshot().get(nodes[i].meta.name);
            const framework::NodeInfo clone = *inSnapshot;
            for (const framework::NodeInfo* nodeInfo : {static_cast<const framework::NodeInfo*>(inSnapshot.get()), &clone}) {
                const framework::Status status = plugin.filter(state, pod, *nodeInfo);
                const Code code = codeFor(expected[i]);
                QVERIFY2(status.code() == code, qPrintable(nodes[i].meta.name + QStringLiteral(": got ") + framework::toString(status.code())));
                QCOMPARE(status.reasons(), reasonsFor(code));
            }
        }
    }

    // v1.32's minMatchNum fails for a key that had no domain at PreFilter (TpKeyToDomainsNum has no
    // entry) and Filter then skips the constraint, even after AddPod has counted a pod for the key.
    void keyWithoutDomainsIsSkippedAfterAddPod()
    {
        const Node node = makeNode("node-a", {{"zone", "zone1"}});
        test::TestHandle handle({node});
        PodTopologySpread plugin(listArgs(), handle);
        framework::CycleState state;
        const Pod pod = incoming({{"foo", ""}}, {spread(1, "zone", DNS, fooSelector)});
        QVERIFY(plugin.preFilter(state, pod, {}).status.isSuccess());
        const auto nodeInfo = handle.snapshot().get(node.meta.name);
        QVERIFY(plugin.addPod(state, pod, framework::PodInfo::create(podOn("p-a1", "node-a", {{"foo", ""}})), *nodeInfo).isSuccess());
        const auto* s = state.read<PodTopologySpread::PreFilterState>(PodTopologySpread::preFilterStateKey);
        QCOMPARE(pairsOf(*s), (Pairs {{"zone/zone1", 1}}));
        QCOMPARE(domainsOf(*s), Pairs {});
        QVERIFY(plugin.filter(state, pod, *nodeInfo).isSuccess());
    }

    void filterWithoutPreFilter()
    {
        const Node node = makeNode("node-a", {{"zone", "zone1"}});
        test::TestHandle handle({node});
        PodTopologySpread plugin(listArgs(), handle);
        framework::CycleState state;
        const framework::Status status = plugin.filter(state, incoming({{"foo", ""}}), *handle.snapshot().get(node.meta.name));
        QCOMPARE(framework::toString(status.code()), framework::toString(Code::Error));
        QCOMPARE(status.message(), QStringLiteral("reading \"PreFilterPodTopologySpread\" from cycleState: not found"));
    }

    void preFilterParseError()
    {
        LabelSelector bad;
        bad.matchExpressions.append({QStringLiteral("foo"), SelectorOperator::In, {QStringLiteral("{{.bad-value.}}")}});
        test::TestHandle handle({makeNode("node-a", {{"zone", "zone1"}})});
        PodTopologySpread plugin(listArgs(), handle);
        framework::CycleState state;
        const auto outcome = plugin.preFilter(state, incoming({{"foo", ""}}, {spread(1, "zone", DNS, bad)}), handle.snapshot().nodeInfos());
        QCOMPARE(framework::toString(outcome.status.code()), framework::toString(Code::Error));
        QVERIFY(outcome.status.message().startsWith(
            QStringLiteral("obtaining pod's hard topology spread constraints: values[0][foo]: Invalid value: \"{{.bad-value.}}\": a valid label must be")));
    }

    // ---- Score -------------------------------------------------------------------------------------

    void score_data()
    {
        QTest::addColumn<QList<Node>>("nodes");       // the nodes that passed Filter
        QTest::addColumn<QList<Node>>("failedNodes"); // in the snapshot too
        QTest::addColumn<QList<Pod>>("pods");
        QTest::addColumn<Pod>("pod");
        QTest::addColumn<config::PodTopologySpreadArgs>("args");
        QTest::addColumn<ClusterState>("cluster");
        QTest::addColumn<QList<qint64>>("raw"); // empty: not checked
        QTest::addColumn<QList<qint64>>("normalized");

        const auto hn = [](const char* name) { return makeNode(name, {{"kubernetes.io/hostname", name}}); };
        const auto hnZone = [](const char* name, const char* zone) { return makeNode(name, {{"kubernetes.io/hostname", name}, {"zone", zone}}); };
        const Pod hnFoo = incoming({{"foo", ""}}, {spread(1, "kubernetes.io/hostname", SA, fooSelector)});
        const QList<Node> abcd = {hn("node-a"), hn("node-b"), hn("node-c"), hn("node-d")};
        const auto fooPods = [](std::initializer_list<std::pair<const char*, int>> perNode) {
            QList<Pod> pods;
            for (const auto& [node, count] : perNode) {
                for (int i = 1; i <= count; ++i) {
                    const QByteArray name = QByteArray("p-") + QByteArray(node).right(1) + QByteArray::number(i);
                    pods.append(podOn(name.constData(), node, {{"foo", ""}}));
                }
            }
            return pods;
        };

        QTest::newRow("one constraint on node, no existing pods")
            << QList<Node> {hn("node-a"), hn("node-b")} << QList<Node> {} << QList<Pod> {} << hnFoo << systemArgs() << ClusterState {}
            << QList<qint64> {0, 0} << QList<qint64> {100, 100};
        QTest::newRow("one constraint on node, only one node is candidate")
            << QList<Node> {hn("node-a")} << QList<Node> {hn("node-b")} << fooPods({{"node-a", 2}, {"node-b", 1}}) << hnFoo << systemArgs()
            << ClusterState {} << QList<qint64> {} << QList<qint64> {100};
        QTest::newRow("one constraint on node, all nodes have the same number of matching pods")
            << QList<Node> {hn("node-a"), hn("node-b")} << QList<Node> {} << fooPods({{"node-a", 1}, {"node-b", 1}}) << hnFoo << systemArgs()
            << ClusterState {} << QList<qint64> {} << QList<qint64> {100, 100};
        QTest::newRow("one constraint on node, all 4 nodes are candidates")
            << abcd << QList<Node> {} << fooPods({{"node-a", 2}, {"node-b", 1}, {"node-d", 3}}) << hnFoo << systemArgs() << ClusterState {}
            << QList<qint64> {4, 2, 0, 5} << QList<qint64> {20, 60, 100, 0};
        QTest::newRow("one constraint on node, all 4 nodes are candidates, no matching pods due to nil selector")
            << abcd << QList<Node> {} << fooPods({{"node-a", 2}, {"node-b", 1}, {"node-d", 3}})
            << incoming({{"foo", ""}}, {spread(1, "kubernetes.io/hostname", SA, nilSelector)}).obj() << systemArgs() << ClusterState {}
            << QList<qint64> {0, 0, 0, 0} << QList<qint64> {100, 100, 100, 100};
        QTest::newRow("one constraint on node, all 4 nodes are candidates, maxSkew=2")
            << abcd << QList<Node> {} << fooPods({{"node-a", 2}, {"node-b", 1}, {"node-d", 3}})
            << incoming({{"foo", ""}}, {spread(2, "kubernetes.io/hostname", SA, fooSelector)}).obj() << systemArgs() << ClusterState {}
            << QList<qint64> {} << QList<qint64> {33, 66, 100, 16};
        QTest::newRow("one constraint on node, all 4 nodes are candidates, maxSkew=3")
            << abcd << QList<Node> {} << fooPods({{"node-a", 4}, {"node-b", 3}, {"node-c", 2}, {"node-d", 1}})
            << incoming({{"foo", ""}}, {spread(3, "kubernetes.io/hostname", SA, fooSelector)}).obj() << systemArgs() << ClusterState {}
            << QList<qint64> {} << QList<qint64> {44, 66, 77, 100};
        QTest::newRow("system defaulting, nodes don't have zone, pods match service")
            << abcd << QList<Node> {} << fooPods({{"node-a", 4}, {"node-b", 3}, {"node-c", 2}, {"node-d", 1}}) << incoming({{"foo", ""}}).obj()
            << systemArgs() << withServices({service("default", {{"foo", ""}})}) << QList<qint64> {9, 7, 6, 4}
            << QList<qint64> {44, 66, 77, 100};
        QTest::newRow("one constraint on node, 3 out of 4 nodes are candidates")
            << QList<Node> {hn("node-a"), hn("node-b"), hn("node-x")} << QList<Node> {hn("node-y")}
            << fooPods({{"node-a", 4}, {"node-b", 2}, {"node-x", 1}, {"node-y", 3}}) << hnFoo << systemArgs() << ClusterState {}
            << QList<qint64> {} << QList<qint64> {33, 83, 100};
        QTest::newRow("one constraint on node, 3 out of 4 nodes are candidates, one node doesn't match topology key")
            << QList<Node> {hn("node-a"), makeNode("node-b", {{"n", "node-b"}}), hn("node-x")} << QList<Node> {hn("node-y")}
            << fooPods({{"node-a", 4}, {"node-b", 2}, {"node-x", 1}, {"node-y", 3}}) << hnFoo << systemArgs() << ClusterState {}
            << QList<qint64> {} << QList<qint64> {16, 0, 100};
        QTest::newRow("one constraint on zone, 3 out of 4 nodes are candidates")
            << QList<Node> {hnZone("node-a", "zone1"), hnZone("node-b", "zone1"), hnZone("node-x", "zone2")}
            << QList<Node> {hnZone("node-y", "zone2")} << fooPods({{"node-a", 4}, {"node-b", 2}, {"node-x", 1}, {"node-y", 3}})
            << incoming({{"foo", ""}}, {spread(1, "zone", SA, fooSelector)}).obj() << systemArgs() << ClusterState {} << QList<qint64> {}
            << QList<qint64> {75, 75, 100};
        const Pod zoneHnFoo = incoming({{"foo", ""}}, {spread(1, "zone", SA, fooSelector), spread(1, "kubernetes.io/hostname", SA, fooSelector)});
        QTest::newRow("two Constraints on zone and node, 2 out of 4 nodes are candidates")
            << QList<Node> {hnZone("node-a", "zone1"), hnZone("node-x", "zone2")}
            << QList<Node> {hnZone("node-b", "zone1"), hnZone("node-y", "zone2")}
            << fooPods({{"node-a", 2}, {"node-b", 1}, {"node-x", 2}, {"node-y", 4}}) << zoneHnFoo << systemArgs() << ClusterState {}
            << QList<qint64> {} << QList<qint64> {100, 63};
        const Pod zoneFooHnBar =
            incoming({{"foo", ""}, {"bar", ""}}, {spread(1, "zone", SA, fooSelector), spread(1, "kubernetes.io/hostname", SA, barSelector)});
        const QList<Node> zoned = {hnZone("node-a", "zone1"), hnZone("node-b", "zone1"), hnZone("node-x", "zone2"), hnZone("node-y", "zone2")};
        const QList<Pod> mixed1 = {podOn("p-a1", "node-a", {{"foo", ""}}), podOn("p-b1", "node-b", {{"foo", ""}, {"bar", ""}}),
                                   podOn("p-y1", "node-y", {{"foo", ""}}), podOn("p-y2", "node-y", {{"bar", ""}})};
        QTest::newRow("two Constraints on zone and node, with different labelSelectors")
            << zoned << QList<Node> {} << mixed1 << zoneFooHnBar << systemArgs() << ClusterState {} << QList<qint64> {}
            << QList<qint64> {60, 20, 100, 60};
        QTest::newRow("two Constraints on zone and node, with different labelSelectors, some nodes have 0 pods")
            << zoned << QList<Node> {}
            << QList<Pod> {podOn("p-b1", "node-b", {{"bar", ""}}), podOn("p-x1", "node-x", {{"foo", ""}}),
                           podOn("p-y1", "node-y", {{"foo", ""}, {"bar", ""}})}
            << zoneFooHnBar << systemArgs() << ClusterState {} << QList<qint64> {} << QList<qint64> {100, 60, 40, 0};
        QTest::newRow("two Constraints on zone and node, with different labelSelectors, 3 out of 4 nodes are candidates")
            << QList<Node> {zoned[0], zoned[1], zoned[2]} << QList<Node> {zoned[3]} << mixed1 << zoneFooHnBar << systemArgs() << ClusterState {}
            << QList<qint64> {} << QList<qint64> {50, 25, 100};
        QTest::newRow("existing pods in a different namespace do not count")
            << QList<Node> {hn("node-a"), hn("node-b")} << QList<Node> {}
            << QList<Pod> {podOn("p-a1", "node-a", {{"foo", ""}}, "ns1"), podOn("p-a2", "node-a", {{"foo", ""}}),
                           podOn("p-b1", "node-b", {{"foo", ""}}), podOn("p-b2", "node-b", {{"foo", ""}})}
            << hnFoo << systemArgs() << ClusterState {} << QList<qint64> {} << QList<qint64> {100, 33};
        QTest::newRow("terminating Pods should be excluded")
            << QList<Node> {hn("node-a"), hn("node-b")} << QList<Node> {}
            << QList<Pod> {terminating(podOn("p-a", "node-a", {{"foo", ""}})), podOn("p-b", "node-b", {{"foo", ""}})} << hnFoo << systemArgs()
            << ClusterState {} << QList<qint64> {} << QList<qint64> {100, 0};
        QTest::newRow("minDomains has no effect when ScheduleAnyway")
            << QList<Node> {makeNode("node-a", {{"node", "node-a"}}), makeNode("node-b", {{"node", "node-b"}}), makeNode("node-c", {{"node", "node-c"}})}
            << QList<Node> {} << fooPods({{"node-a", 2}, {"node-b", 2}, {"node-c", 1}})
            << incoming({{"foo", ""}}, {spread(2, "node", SA, fooSelector, 10)}).obj() << systemArgs() << ClusterState {} << QList<qint64> {}
            << QList<qint64> {75, 75, 100};

        const QList<Node> inclusionNodes = {makeNode("node-a", {{"node", "node-a"}, {"foo", ""}}), makeNode("node-b", {{"node", "node-b"}, {"foo", ""}}),
                                            makeNode("node-c", {{"node", "node-c"}})};
        const QList<Pod> inclusionPods = fooPods({{"node-a", 2}, {"node-b", 1}, {"node-c", 1}});
        QTest::newRow("NodeAffinityPolicy honored with labelSelectors")
            << inclusionNodes << QList<Node> {} << inclusionPods
            << incoming({{"foo", ""}}, {spread(1, "node", SA, fooSelector)}).nodeSelector("foo", "").obj() << systemArgs() << ClusterState {}
            << QList<qint64> {} << QList<qint64> {0, 33, 100};
        QTest::newRow("NodeAffinityPolicy ignored with labelSelectors")
            << inclusionNodes << QList<Node> {} << inclusionPods
            << incoming({{"foo", ""}}, {spread(1, "node", SA, fooSelector, std::nullopt, Ignore)}).nodeSelector("foo", "").obj() << systemArgs()
            << ClusterState {} << QList<qint64> {} << QList<qint64> {66, 100, 100};
        QTest::newRow("NodeAffinityPolicy honored with nodeAffinity")
            << inclusionNodes << QList<Node> {} << inclusionPods
            << incoming({{"foo", ""}}, {spread(1, "node", SA, fooSelector)}).affinity(nodeAffinity("foo", SelectorOperator::In, {QString()})).obj()
            << systemArgs() << ClusterState {} << QList<qint64> {} << QList<qint64> {0, 33, 100};
        const QList<Node> taintedC = {makeNode("node-a", {{"node", "node-a"}}), makeNode("node-b", {{"node", "node-b"}}),
                                      tainted(makeNode("node-c", {{"node", "node-c"}}))};
        QTest::newRow("NodeTaintsPolicy honored")
            << taintedC << QList<Node> {} << inclusionPods
            << incoming({{"foo", ""}}, {spread(1, "node", SA, fooSelector, std::nullopt, std::nullopt, Honor)}).obj() << systemArgs()
            << ClusterState {} << QList<qint64> {} << QList<qint64> {0, 33, 100};
        QTest::newRow("NodeTaintsPolicy ignored")
            << taintedC << QList<Node> {} << inclusionPods << incoming({{"foo", ""}}, {spread(1, "node", SA, fooSelector)}).obj() << systemArgs()
            << ClusterState {} << QList<qint64> {} << QList<qint64> {66, 100, 100};

        const QList<Node> zoned2 = {hnZone("node-a", "zone1"), hnZone("node-b", "zone1"), hnZone("node-c", "zone2"), hnZone("node-d", "zone2")};
        QTest::newRow("matchLabelKeys ANDed into empty labelSelectors")
            << zoned2 << QList<Node> {}
            << QList<Pod> {podOn("p-a1", "node-a", {{"foo", ""}}), podOn("p-b1", "node-b", {{"foo", ""}, {"bar", ""}}),
                           podOn("p-y1", "node-c", {{"foo", ""}}), podOn("p-y2", "node-c", {{"bar", ""}})}
            << incoming({{"foo", ""}, {"bar", ""}},
                        {spread(1, "zone", SA, LabelSelector {}, std::nullopt, std::nullopt, std::nullopt, {QStringLiteral("foo")}),
                         spread(1, "kubernetes.io/hostname", SA, LabelSelector {}, std::nullopt, std::nullopt, std::nullopt, {QStringLiteral("bar")})})
                   .obj()
            << systemArgs() << ClusterState {} << QList<qint64> {} << QList<qint64> {60, 20, 60, 100};
        QTest::newRow("matchLabelKeys ANDed with labelSelector")
            << zoned2 << QList<Node> {}
            << QList<Pod> {podOn("p-a1", "node-a", {{"foo", ""}}), podOn("p-b1", "node-b", {{"foo", ""}, {"bar", ""}, {"baz", ""}}),
                           podOn("p-c1", "node-c", {{"foo", ""}}), podOn("p-c2", "node-c", {{"bar", ""}}),
                           podOn("p-d3", "node-c", {{"bar", ""}, {"baz", ""}})}
            << incoming({{"foo", ""}, {"bar", ""}, {"baz", ""}},
                        {spread(1, "zone", SA, fooSelector),
                         spread(1, "kubernetes.io/hostname", SA, barSelector, std::nullopt, std::nullopt, std::nullopt, {QStringLiteral("baz")})})
                   .obj()
            << systemArgs() << ClusterState {} << QList<qint64> {} << QList<qint64> {60, 20, 60, 100};
    }

    void score()
    {
        QFETCH(QList<Node>, nodes);
        QFETCH(QList<Node>, failedNodes);
        QFETCH(QList<Pod>, pods);
        QFETCH(Pod, pod);
        QFETCH(config::PodTopologySpreadArgs, args);
        QFETCH(ClusterState, cluster);
        QFETCH(QList<qint64>, raw);
        QFETCH(QList<qint64>, normalized);

        test::TestHandle handle(nodes + failedNodes, pods, cluster);
        PodTopologySpread plugin(args, handle);
        framework::CycleState state;
        QList<framework::NodeInfoPtr> filtered;
        for (const auto& node : nodes)
            filtered.append(handle.snapshot().get(node.meta.name));
        QVERIFY(plugin.preScore(state, pod, filtered).isSuccess());

        // The snapshot's own nodes are read from its label columns. Clones of them (as preemption
        // makes, and outside the columns) are read from their labels, in PreScore and in Score: both
        // must give the same raw scores.
        QList<framework::NodeInfoPtr> clones;
        for (const auto& nodeInfo : filtered)
            clones.append(std::make_shared<framework::NodeInfo>(*nodeInfo));
        framework::CycleState cloneState;
        QVERIFY(plugin.preScore(cloneState, pod, clones).isSuccess());

        QList<framework::NodeScore> scores;
        for (qsizetype i = 0; i < filtered.size(); ++i) {
            const auto outcome = plugin.score(state, pod, *filtered[i]);
            QVERIFY(outcome.status.isSuccess());
            scores.append({filtered[i]->name(), outcome.score});
            QCOMPARE(plugin.score(state, pod, *clones[i]).score, outcome.score);
            QCOMPARE(plugin.score(cloneState, pod, *clones[i]).score, outcome.score);
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

    // TestPreScoreSkip, plus an empty snapshot.
    void preScoreSkip_data()
    {
        QTest::addColumn<QList<Node>>("nodes");
        QTest::addColumn<Pod>("pod");
        QTest::addColumn<config::PodTopologySpreadArgs>("args");
        QTest::addColumn<ClusterState>("cluster");

        const QList<Node> ab = {makeNode("node-a", {{"kubernetes.io/hostname", "node-a"}}), makeNode("node-b", {{"kubernetes.io/hostname", "node-b"}})};
        QTest::newRow("the pod doesn't have soft topology spread Constraints") << ab << incoming({{"foo", ""}}).obj() << listArgs() << ClusterState {};
        Pod owned = test::PodBuilder("p", "default").label("foo", "bar").label("baz", "sup");
        owned.meta.ownerReferences.append({QStringLiteral("apps/v1"), QStringLiteral("ReplicaSet"), QStringLiteral("rs2"), QString(), true});
        ReplicaSet rs1;
        rs1.meta.name = QStringLiteral("rs1");
        rs1.meta.namespace_ = QStringLiteral("default");
        rs1.selector = exists("tar");
        ClusterState cluster;
        cluster.replicaSets = {rs1};
        QTest::newRow("default constraints and a replicaset that doesn't match")
            << QList<Node> {makeNode("node-a", {{"kubernetes.io/hostname", "node-a"}, {"planet", "mars"}})} << owned
            << listArgs({spread(2, "planet", SA, nilSelector)}) << cluster;
        QTest::newRow("no nodes in the snapshot")
            << QList<Node> {} << incoming({{"foo", ""}}, {spread(1, "zone", SA, fooSelector)}).obj() << listArgs() << ClusterState {};
    }

    void preScoreSkip()
    {
        QFETCH(QList<Node>, nodes);
        QFETCH(Pod, pod);
        QFETCH(config::PodTopologySpreadArgs, args);
        QFETCH(ClusterState, cluster);

        test::TestHandle handle(nodes, {}, cluster);
        PodTopologySpread plugin(args, handle);
        framework::CycleState state;
        QCOMPARE(framework::toString(plugin.preScore(state, pod, handle.snapshot().nodeInfos()).code()), framework::toString(Code::Skip));
    }

    // TestPreScoreStateEmptyNodes: the weights and ignored nodes.
    void preScoreState_data()
    {
        QTest::addColumn<QList<Node>>("nodes");
        QTest::addColumn<Pod>("pod");
        QTest::addColumn<config::PodTopologySpreadArgs>("args");
        QTest::addColumn<ClusterState>("cluster");
        QTest::addColumn<QList<Constraint>>("constraints");
        QTest::addColumn<QStringList>("ignored");
        QTest::addColumn<Pairs>("pairs");
        QTest::addColumn<QList<double>>("weights");

        const auto node = [](const char* name, const char* zone) {
            return zone ? makeNode(name, {{"kubernetes.io/hostname", name}, {"zone", zone}}) : makeNode(name, {{"kubernetes.io/hostname", name}});
        };
        QTest::newRow("normal case")
            << QList<Node> {node("node-a", "zone1"), node("node-b", "zone1"), node("node-x", "zone2")}
            << incoming({{"foo", ""}}, {spread(1, "zone", SA, fooSelector), spread(1, "kubernetes.io/hostname", SA, fooSelector)}).obj() << listArgs()
            << ClusterState {} << QList<Constraint> {internal(1, "zone", fooSelector), internal(1, "kubernetes.io/hostname", fooSelector)}
            << QStringList {} << Pairs {{"zone/zone1", 0}, {"zone/zone2", 0}} << QList<double> {std::log(4.0), std::log(5.0)};
        QTest::newRow("node-x doesn't have label zone")
            << QList<Node> {node("node-a", "zone1"), node("node-b", "zone1"), node("node-x", nullptr)}
            << incoming({{"foo", ""}, {"bar", ""}}, {spread(1, "zone", SA, fooSelector), spread(1, "kubernetes.io/hostname", SA, barSelector)}).obj()
            << listArgs() << ClusterState {}
            << QList<Constraint> {internal(1, "zone", fooSelector), internal(1, "kubernetes.io/hostname", barSelector)}
            << QStringList {"node-x"} << Pairs {{"zone/zone1", 0}} << QList<double> {std::log(3.0), std::log(4.0)};

        Pod owned = test::PodBuilder("p", "default").label("foo", "tar").label("baz", "sup");
        owned.meta.ownerReferences.append({QStringLiteral("apps/v1"), QStringLiteral("ReplicaSet"), QStringLiteral("rs1"), QString(), true});
        ReplicaSet rs1;
        rs1.meta.name = QStringLiteral("rs1");
        rs1.meta.namespace_ = QStringLiteral("default");
        rs1.selector = exists("foo");
        ClusterState cluster;
        cluster.replicaSets = {rs1};
        const QList<Node> mars = {makeNode("node-a", {{"kubernetes.io/hostname", "node-a"}, {"topology.kubernetes.io/zone", "mars"}}),
                                  makeNode("node-b", {{"kubernetes.io/hostname", "node-b"}, {"topology.kubernetes.io/zone", "mars"}}),
                                  node("node-c", nullptr), node("node-d", nullptr)};
        QTest::newRow("system defaults constraints and a replica set")
            << mars << owned << systemArgs() << cluster
            << QList<Constraint> {internal(3, "kubernetes.io/hostname", exists("foo")), internal(5, "topology.kubernetes.io/zone", exists("foo"))}
            << QStringList {} << Pairs {{"topology.kubernetes.io/zone/mars", 0}, {"topology.kubernetes.io/zone/", 0}}
            << QList<double> {std::log(6.0), std::log(4.0)};
        QTest::newRow("default constraints and a replica set")
            << QList<Node> {makeNode("node-a", {{"rack", "rack1"}, {"kubernetes.io/hostname", "node-a"}, {"planet", "mars"}})} << owned
            << listArgs({spread(1, "kubernetes.io/hostname", SA, nilSelector), spread(2, "rack", DNS, nilSelector), spread(2, "planet", SA, nilSelector)})
            << cluster << QList<Constraint> {internal(1, "kubernetes.io/hostname", exists("foo")), internal(2, "planet", exists("foo"))}
            << QStringList {} << Pairs {{"planet/mars", 0}} << QList<double> {std::log(3.0), std::log(3.0)};
        QTest::newRow("null selector")
            << QList<Node> {node("node-a", "zone1"), node("node-b", "zone1"), node("node-x", "zone2")}
            << incoming({{"foo", ""}}, {spread(1, "zone", SA, nilSelector)}).obj() << listArgs() << ClusterState {}
            << QList<Constraint> {internal(1, "zone", nilSelector)} << QStringList {} << Pairs {{"zone/zone1", 0}, {"zone/zone2", 0}}
            << QList<double> {std::log(4.0)};
    }

    void preScoreState()
    {
        QFETCH(QList<Node>, nodes);
        QFETCH(Pod, pod);
        QFETCH(config::PodTopologySpreadArgs, args);
        QFETCH(ClusterState, cluster);
        QFETCH(QList<Constraint>, constraints);
        QFETCH(QStringList, ignored);
        QFETCH(Pairs, pairs);
        QFETCH(QList<double>, weights);

        test::TestHandle handle(nodes, {}, cluster);
        PodTopologySpread plugin(args, handle);
        framework::CycleState state;
        QVERIFY(plugin.preScore(state, pod, handle.snapshot().nodeInfos()).isSuccess());
        const auto* s = state.read<PodTopologySpread::PreScoreState>(PodTopologySpread::preScoreStateKey);
        QVERIFY(s);
        QCOMPARE(s->constraints, constraints);
        QStringList gotIgnored = s->ignoredNodes.values();
        gotIgnored.sort();
        QCOMPARE(gotIgnored, ignored);
        Pairs gotPairs;
        for (qsizetype i = 0; i < s->constraints.size(); ++i) {
            const auto& counts = s->valueToPodCounts[s->keyIndex[i]];
            for (auto it = counts.cbegin(); it != counts.cend(); ++it)
                gotPairs.insert(s->constraints[i].topologyKey + QLatin1Char('/') + it.key(), static_cast<int>(it.value()));
        }
        QCOMPARE(gotPairs, pairs);
        QCOMPARE(s->topologyNormalizingWeight, weights);
    }
};

QTEST_GUILESS_MAIN(TestPodTopologySpread)
#include "tst_podtopologyspread.moc"
