// TaintToleration: upstream's TestTaintTolerationFilter and TestTaintTolerationScore
// (pkg/scheduler/framework/plugins/tainttoleration/taint_toleration_test.go), plus derived rows.
#include "plugins/tainttoleration.h"

#include "version/features.h"

#include "builders.h"
#include "testhandle.h"

#include <QTest>

using namespace ksv;
using framework::Code;

namespace {

Toleration tol(const char* key, TolerationOperator op, const char* value, std::optional<TaintEffect> effect)
{
    Toleration toleration;
    toleration.key = QString::fromLatin1(key);
    toleration.op = op;
    toleration.value = QString::fromLatin1(value);
    toleration.effect = effect;
    return toleration;
}

Taint taint(const char* key, const char* value, TaintEffect effect)
{
    return Taint {QString::fromLatin1(key), QString::fromLatin1(value), effect};
}

Node nodeWithTaints(const char* name, const QList<Taint>& taints)
{
    Node node = test::NodeBuilder(name);
    node.taints = taints;
    return node;
}

Pod podWithTolerations(const QList<Toleration>& tolerations)
{
    Pod pod = test::PodBuilder("pod1");
    pod.tolerations = tolerations;
    return pod;
}

// TaintToleration.Filter of `features`' version for a pod with `tolerations` on a node "nodeA" with `taints`.
framework::Status filterOn(const QList<Toleration>& tolerations, const QList<Taint>& taints, const version::Features& features)
{
    const Node node = nodeWithTaints("nodeA", taints);
    test::TestHandle handle({node});
    plugins::TaintToleration plugin(handle, features);
    framework::CycleState state;
    return plugin.filter(state, podWithTolerations(tolerations), *handle.snapshot().get(node.meta.name));
}

constexpr auto Equal = TolerationOperator::Equal;
constexpr auto Exists = TolerationOperator::Exists;
constexpr auto NoSchedule = TaintEffect::NoSchedule;
constexpr auto PreferNoSchedule = TaintEffect::PreferNoSchedule;
constexpr auto NoExecute = TaintEffect::NoExecute;

} // namespace

class TestTaintToleration : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void filter_data()
    {
        QTest::addColumn<QList<Toleration>>("tolerations");
        QTest::addColumn<QList<Taint>>("taints");
        QTest::addColumn<Code>("code");
        QTest::addColumn<QStringList>("reasons");

        const Code ok = Code::Success;
        const Code uu = Code::UnschedulableAndUnresolvable;
        // Upstream TestTaintTolerationFilter (node "nodeA").
        QTest::newRow("A pod having no tolerations can't be scheduled onto a node with nonempty taints")
            << QList<Toleration> {} << QList<Taint> {taint("dedicated", "user1", NoSchedule)} << uu
            << QStringList {"node(s) had untolerated taint {dedicated: user1}"};
        QTest::newRow("A pod which can be scheduled on a dedicated node assigned to user1 with effect NoSchedule")
            << QList<Toleration> {tol("dedicated", Equal, "user1", NoSchedule)} << QList<Taint> {taint("dedicated", "user1", NoSchedule)}
            << ok << QStringList {};
        QTest::newRow("A pod which can't be scheduled on a dedicated node assigned to user2 with effect NoSchedule")
            << QList<Toleration> {tol("dedicated", Equal, "user2", NoSchedule)} << QList<Taint> {taint("dedicated", "user1", NoSchedule)}
            << uu << QStringList {"node(s) had untolerated taint {dedicated: user1}"};
        QTest::newRow("A pod can be scheduled onto the node, with a toleration uses operator Exists that tolerates the taints on the node")
            << QList<Toleration> {tol("foo", Exists, "", NoSchedule)} << QList<Taint> {taint("foo", "bar", NoSchedule)} << ok
            << QStringList {};
        QTest::newRow("A pod has multiple tolerations, node has multiple taints, all the taints are tolerated, pod can be scheduled onto the node")
            << QList<Toleration> {tol("dedicated", Equal, "user2", NoSchedule), tol("foo", Exists, "", NoSchedule)}
            << QList<Taint> {taint("dedicated", "user2", NoSchedule), taint("foo", "bar", NoSchedule)} << ok << QStringList {};
        QTest::newRow("A pod has a toleration that keys and values match the taint on the node, but (non-empty) effect doesn't match, can't be scheduled onto the node")
            << QList<Toleration> {tol("foo", Equal, "bar", PreferNoSchedule)} << QList<Taint> {taint("foo", "bar", NoSchedule)} << uu
            << QStringList {"node(s) had untolerated taint {foo: bar}"};
        QTest::newRow("The pod has a toleration that keys and values match the taint on the node, the effect of toleration is empty, and the effect of taint is NoSchedule. Pod can be scheduled onto the node")
            << QList<Toleration> {tol("foo", Equal, "bar", std::nullopt)} << QList<Taint> {taint("foo", "bar", NoSchedule)} << ok
            << QStringList {};
        QTest::newRow("The pod has a toleration that key and value don't match the taint on the node, but the effect of taint on node is PreferNoSchedule. Pod can be scheduled onto the node")
            << QList<Toleration> {tol("dedicated", Equal, "user2", NoSchedule)}
            << QList<Taint> {taint("dedicated", "user1", PreferNoSchedule)} << ok << QStringList {};
        QTest::newRow("The pod has no toleration, but the effect of taint on node is PreferNoSchedule. Pod can be scheduled onto the node")
            << QList<Toleration> {} << QList<Taint> {taint("dedicated", "user1", PreferNoSchedule)} << ok << QStringList {};

        // Derived from the code (not in upstream's table).
        QTest::newRow("derived: NoExecute taints are filtered too")
            << QList<Toleration> {} << QList<Taint> {taint("gpu", "true", NoExecute)} << uu
            << QStringList {"node(s) had untolerated taint {gpu: true}"};
        QTest::newRow("derived: an empty taint value prints as '{key: }'")
            << QList<Toleration> {} << QList<Taint> {taint("node-role.kubernetes.io/control-plane", "", NoSchedule)} << uu
            << QStringList {"node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }"};
        QTest::newRow("derived: the first untolerated taint in node order is reported, PreferNoSchedule ones are passed over")
            << QList<Toleration> {tol("a", Exists, "", std::nullopt)}
            << QList<Taint> {taint("pref", "x", PreferNoSchedule), taint("a", "1", NoSchedule), taint("b", "2", NoExecute), taint("c", "3", NoSchedule)}
            << uu << QStringList {"node(s) had untolerated taint {b: 2}"};
        QTest::newRow("derived: an empty key with Exists tolerates every taint")
            << QList<Toleration> {tol("", Exists, "", std::nullopt)}
            << QList<Taint> {taint("a", "1", NoSchedule), taint("b", "2", NoExecute)} << ok << QStringList {};
        QTest::newRow("derived: a NoSchedule toleration does not tolerate NoExecute")
            << QList<Toleration> {tol("a", Exists, "", NoSchedule)} << QList<Taint> {taint("a", "1", NoExecute)} << uu
            << QStringList {"node(s) had untolerated taint {a: 1}"};
        QTest::newRow("derived: a node without taints") << QList<Toleration> {} << QList<Taint> {} << ok << QStringList {};
    }

    void filter()
    {
        QFETCH(QList<Toleration>, tolerations);
        QFETCH(QList<Taint>, taints);
        QFETCH(Code, code);
        QFETCH(QStringList, reasons);
        const framework::Status status = filterOn(tolerations, taints, version::defaultFeatures(version::v1_32));
        QCOMPARE(framework::toString(status.code()), framework::toString(code));
        QCOMPARE(status.reasons(), reasons);
    }

    // v1.35 (#134740, backported to v1.34 by #135023): the reason no longer names the taint, so every
    // rejection of the table above reads the same and nodes with different taints count together.
    // Upstream's newest TestTaintTolerationFilter has rows 1 to 9 of the table with this message.
    void filterFromV134_data() { filter_data(); }
    void filterFromV134()
    {
        QFETCH(QList<Toleration>, tolerations);
        QFETCH(QList<Taint>, taints);
        QFETCH(Code, code);
        QFETCH(QStringList, reasons);
        for (const version::KubeVersion version : {version::v1_34, version::v1_35, version::v1_37}) {
            const framework::Status status = filterOn(tolerations, taints, version::defaultFeatures(version));
            QCOMPARE(framework::toString(status.code()), framework::toString(code));
            QCOMPARE(status.reasons(), reasons.isEmpty() ? QStringList {} : QStringList {QStringLiteral("node(s) had untolerated taint(s)")});
        }
    }

    void score_data()
    {
        QTest::addColumn<QList<Toleration>>("tolerations");
        QTest::addColumn<QList<QList<Taint>>>("nodeTaints"); // nodes nodeA, nodeB, nodeC, ...
        QTest::addColumn<QList<qint64>>("raw");
        QTest::addColumn<QList<qint64>>("normalized");

        // Upstream TestTaintTolerationScore.
        QTest::newRow("node with taints tolerated by the pod, gets a higher score than those node with intolerable taints")
            << QList<Toleration> {tol("foo", Equal, "bar", PreferNoSchedule)}
            << QList<QList<Taint>> {{taint("foo", "bar", PreferNoSchedule)}, {taint("foo", "blah", PreferNoSchedule)}}
            << QList<qint64> {0, 1} << QList<qint64> {100, 0};
        QTest::newRow("the nodes that all of their taints are tolerated by the pod, get the same score, no matter how many tolerable taints a node has")
            << QList<Toleration> {tol("cpu-type", Equal, "arm64", PreferNoSchedule), tol("disk-type", Equal, "ssd", PreferNoSchedule)}
            << QList<QList<Taint>> {{},
                                    {taint("cpu-type", "arm64", PreferNoSchedule)},
                                    {taint("cpu-type", "arm64", PreferNoSchedule), taint("disk-type", "ssd", PreferNoSchedule)}}
            << QList<qint64> {0, 0, 0} << QList<qint64> {100, 100, 100};
        QTest::newRow("the more intolerable taints a node has, the lower score it gets.")
            << QList<Toleration> {tol("foo", Equal, "bar", PreferNoSchedule)}
            << QList<QList<Taint>> {{},
                                    {taint("cpu-type", "arm64", PreferNoSchedule)},
                                    {taint("cpu-type", "arm64", PreferNoSchedule), taint("disk-type", "ssd", PreferNoSchedule)}}
            << QList<qint64> {0, 1, 2} << QList<qint64> {100, 50, 0};
        QTest::newRow("only taints and tolerations that have effect PreferNoSchedule are checked by prioritizer function")
            << QList<Toleration> {tol("cpu-type", Equal, "arm64", NoSchedule), tol("disk-type", Equal, "ssd", NoSchedule)}
            << QList<QList<Taint>> {{},
                                    {taint("cpu-type", "arm64", NoSchedule)},
                                    {taint("cpu-type", "arm64", PreferNoSchedule), taint("disk-type", "ssd", PreferNoSchedule)}}
            << QList<qint64> {0, 0, 2} << QList<qint64> {100, 100, 0};
        QTest::newRow("Default behaviour No taints and tolerations, lands on node with no taints")
            << QList<Toleration> {} << QList<QList<Taint>> {{}, {taint("cpu-type", "arm64", PreferNoSchedule)}}
            << QList<qint64> {0, 1} << QList<qint64> {100, 0};

        // Derived from the code.
        QTest::newRow("derived: a toleration without effect counts for PreferNoSchedule")
            << QList<Toleration> {tol("foo", Exists, "", std::nullopt)}
            << QList<QList<Taint>> {{taint("foo", "x", PreferNoSchedule)}, {taint("bar", "x", PreferNoSchedule)}}
            << QList<qint64> {0, 1} << QList<qint64> {100, 0};
        QTest::newRow("derived: reverse normalization with uneven counts truncates")
            << QList<Toleration> {}
            << QList<QList<Taint>> {{taint("a", "", PreferNoSchedule)},
                                    {taint("a", "", PreferNoSchedule), taint("b", "", PreferNoSchedule), taint("c", "", PreferNoSchedule)},
                                    {taint("a", "", PreferNoSchedule), taint("b", "", PreferNoSchedule)}}
            << QList<qint64> {1, 3, 2} << QList<qint64> {67, 0, 34};
        QTest::newRow("derived: NoExecute taints do not count for the score")
            << QList<Toleration> {} << QList<QList<Taint>> {{taint("a", "", NoExecute)}, {}}
            << QList<qint64> {0, 0} << QList<qint64> {100, 100};
        QTest::newRow("derived: a NoExecute toleration does not tolerate a PreferNoSchedule taint")
            << QList<Toleration> {tol("a", Exists, "", NoExecute)}
            << QList<QList<Taint>> {{taint("a", "", PreferNoSchedule)}, {}}
            << QList<qint64> {1, 0} << QList<qint64> {0, 100};
        QTest::newRow("derived: value mismatch with Equal")
            << QList<Toleration> {tol("a", Equal, "1", PreferNoSchedule)}
            << QList<QList<Taint>> {{taint("a", "1", PreferNoSchedule)}, {taint("a", "2", PreferNoSchedule)}, {}}
            << QList<qint64> {0, 1, 0} << QList<qint64> {100, 0, 100};
    }

    void score()
    {
        QFETCH(QList<Toleration>, tolerations);
        QFETCH(QList<QList<Taint>>, nodeTaints);
        QFETCH(QList<qint64>, raw);
        QFETCH(QList<qint64>, normalized);

        QList<Node> nodes;
        for (qsizetype i = 0; i < nodeTaints.size(); ++i) {
            QByteArray name = "node";
            name += char('A' + i);
            nodes.append(nodeWithTaints(name.constData(), nodeTaints[i]));
        }
        test::TestHandle handle(nodes);
        plugins::TaintToleration plugin(handle);
        const Pod pod = podWithTolerations(tolerations);
        framework::CycleState state;
        QVERIFY(plugin.preScore(state, pod, handle.snapshot().nodeInfos()).isSuccess());

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

    // The plugin asks NodeInfo whether the node has taints, which it copies from its Node when
    // built: taints added and removed through the cache reach the snapshot's NodeInfo, so Filter and
    // Score see them.
    void taintsThroughTheCacheReachFilterAndScore()
    {
        SchedulerCache cache = test::oneNodeCache();
        test::TestHandle handle;
        plugins::TaintToleration plugin(handle);
        const Pod pod = test::PodBuilder("pod");
        framework::CycleState state;
        const auto nodeInfo = [&] { return cache.snapshot()->get(QStringLiteral("node")); };
        // PreScore then Score on the node as the snapshot has it now; -1 if PreScore failed.
        const auto score = [&] {
            const QList<framework::NodeInfoPtr> nodes {nodeInfo()};
            if (!plugin.preScore(state, pod, nodes).isSuccess())
                return qint64(-1);
            return plugin.score(state, pod, *nodeInfo()).score;
        };
        QVERIFY(plugin.filter(state, pod, *nodeInfo()).isSuccess());
        QCOMPARE(score(), qint64(0));

        cache.updateNode(test::NodeBuilder("node").taint("dedicated", "gpu", TaintEffect::NoSchedule)
                             .taint("spot", "", TaintEffect::PreferNoSchedule));
        const framework::Status rejected = plugin.filter(state, pod, *nodeInfo());
        QCOMPARE(framework::toString(rejected.code()), framework::toString(Code::UnschedulableAndUnresolvable));
        QCOMPARE(rejected.message(), QStringLiteral("node(s) had untolerated taint {dedicated: gpu}"));
        QCOMPARE(score(), qint64(1));

        cache.updateNode(test::NodeBuilder("node"));
        QVERIFY(plugin.filter(state, pod, *nodeInfo()).isSuccess());
        QCOMPARE(score(), qint64(0));
    }

    // Score reads PreScore's state; without it the plugin reports an Error, as upstream does.
    void scoreWithoutPreScore()
    {
        test::TestHandle handle({nodeWithTaints("nodeA", {})});
        plugins::TaintToleration plugin(handle);
        framework::CycleState state;
        const auto outcome = plugin.score(state, test::PodBuilder().obj(), *handle.snapshot().get(QStringLiteral("nodeA")));
        QCOMPARE(framework::toString(outcome.status.code()), framework::toString(Code::Error));
        QCOMPARE(outcome.status.message(), QStringLiteral("failed to read \"PreScoreTaintToleration\" from cycleState: not found"));
    }

    void extensionPoints()
    {
        test::TestHandle handle;
        plugins::TaintToleration plugin(handle);
        framework::Plugin* base = &plugin;
        QCOMPARE(base->name(), QStringLiteral("TaintToleration"));
        QVERIFY(dynamic_cast<framework::FilterPlugin*>(base));
        QVERIFY(dynamic_cast<framework::PreScorePlugin*>(base));
        QVERIFY(dynamic_cast<framework::ScorePlugin*>(base));
        QVERIFY(!dynamic_cast<framework::PreFilterPlugin*>(base));
    }
};

QTEST_GUILESS_MAIN(TestTaintToleration)
#include "tst_tainttoleration.moc"
