// `shadow`'s comparison of one prediction with the cluster's word, by hand-made reports row by row:
// the same node, a tie, a lower score with the plugins that made it, an infeasible node with its
// filter, a node kschedviz never saw; FailedScheduling messages equal, equal in kube-scheduler
// 1.20's wording, or for other reasons; one side binding where the other does not.
#include "shadowcomparison.h"

#include <QJsonArray>
#include <QTest>

using namespace ksv;
using namespace ksv::client;
using Outcome = ShadowComparison::Outcome;

namespace {

// A v1.32-shaped report: a and b tie at the top, c is feasible and lower, d fails a filter.
ExplainReport scheduledOnA()
{
    const auto scored = [](const QString& name, qint64 fit, qint64 taints) {
        ExplainNode node;
        node.name = name;
        node.code = QStringLiteral("Success");
        node.scored = true;
        node.scores = {framework::PluginScore {QStringLiteral("NodeResourcesFit"), fit, fit, 1},
                       framework::PluginScore {QStringLiteral("TaintToleration"), 0, taints, 3}};
        node.total = fit + 3 * taints;
        return node;
    };
    ExplainReport report;
    report.pod = QStringLiteral("default/web");
    report.result = QStringLiteral("Scheduled");
    report.node = QStringLiteral("a");
    report.message = QStringLiteral("Successfully assigned default/web to a");
    ExplainNode d;
    d.name = QStringLiteral("d");
    d.code = QStringLiteral("Unschedulable");
    d.plugin = QStringLiteral("NodeResourcesFit");
    d.reasons = {QStringLiteral("Insufficient cpu")};
    report.nodes = {scored(QStringLiteral("a"), 80, 100), scored(QStringLiteral("b"), 80, 100), scored(QStringLiteral("c"), 50, 100), d};
    return report;
}

ExplainReport unschedulable(const QString& message)
{
    ExplainReport report;
    report.pod = QStringLiteral("default/big");
    report.result = QStringLiteral("Unschedulable");
    report.message = message;
    return report;
}

ShadowObservation boundTo(const QString& node)
{
    return ShadowObservation {ShadowObservation::Kind::Bound, node, {}, QStringLiteral("nodeName")};
}

ShadowObservation failed(const QString& message)
{
    return ShadowObservation {ShadowObservation::Kind::Unschedulable, {}, message, QStringLiteral("FailedScheduling event")};
}

} // namespace

class TestShadowComparison : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void failureReasons_data()
    {
        QTest::addColumn<QString>("message");
        QTest::addColumn<QStringList>("reasons");
        QTest::newRow("v1.32, preemption tail dropped")
            << QStringLiteral("0/3 nodes are available: 1 node(s) had untolerated taint {dedicated: gpu}, 2 Insufficient cpu. preemption: 0/3 "
                              "nodes are available: 3 Preemption is not helpful for scheduling.")
            << QStringList {QStringLiteral("1 node(s) had untolerated taint {dedicated: gpu}"), QStringLiteral("2 Insufficient cpu")};
        QTest::newRow("v1.20 taint wording, with its comma")
            << QStringLiteral("0/3 nodes are available: 2 Insufficient cpu, 1 node(s) had taint {dedicated: gpu}, that the pod didn't tolerate.")
            << QStringList {QStringLiteral("1 node(s) had untolerated taint {dedicated: gpu}"), QStringLiteral("2 Insufficient cpu")};
        QTest::newRow("v1.20 node affinity wording (kube-scheduler 1.20.2, tests/live)")
            << QStringLiteral("0/12 nodes are available: 12 node(s) didn't match Pod's node affinity.")
            << QStringList {QStringLiteral("12 node(s) didn't match Pod's node affinity/selector")};
        QTest::newRow("older node selector wording")
            << QStringLiteral("0/2 nodes are available: 1 Insufficient memory, 1 node(s) didn't match node selector.")
            << QStringList {QStringLiteral("1 Insufficient memory"), QStringLiteral("1 node(s) didn't match Pod's node affinity/selector")};
    }
    void failureReasons()
    {
        QFETCH(QString, message);
        QFETCH(QStringList, reasons);
        QCOMPARE(client::failureReasons(message), reasons);
    }

    void comparesBindings_data()
    {
        QTest::addColumn<QString>("node");
        QTest::addColumn<Outcome>("outcome");
        QTest::addColumn<bool>("agree");
        QTest::addColumn<QString>("why");
        QTest::newRow("same node") << QStringLiteral("a") << Outcome::SameNode << true << QString();
        QTest::newRow("tie") << QStringLiteral("b") << Outcome::Tie << true << QStringLiteral("a tie: node b scored 380, as kschedviz's a did");
        QTest::newRow("lower") << QStringLiteral("c") << Outcome::LowerScore << false
                               << QStringLiteral("kschedviz scored node c 350, 30 below its choice a (380); weighted scores that differ: "
                                                 "NodeResourcesFit 50 against 80");
        QTest::newRow("infeasible") << QStringLiteral("d") << Outcome::Infeasible << false
                                    << QStringLiteral("kschedviz found node d infeasible: NodeResourcesFit: Insufficient cpu; it chose a");
        QTest::newRow("unknown") << QStringLiteral("e") << Outcome::UnknownNode << false
                                 << QStringLiteral("node e was not in the snapshot kschedviz decided on (it joined the cluster after the pod arrived)");
    }
    void comparesBindings()
    {
        QFETCH(QString, node);
        QFETCH(Outcome, outcome);
        QFETCH(bool, agree);
        QFETCH(QString, why);
        const ShadowComparison comparison = compare(scheduledOnA(), boundTo(node));
        QCOMPARE(comparison.outcome, outcome);
        QCOMPARE(comparison.agree, agree);
        QCOMPARE(comparison.why, why);
        if (outcome == Outcome::LowerScore) {
            QCOMPARE(comparison.plugins, (QList<PluginDifference> {{QStringLiteral("NodeResourcesFit"), 50, 80}}));
            QCOMPARE(toJson(comparison).value("plugins").toArray().size(), 1);
        }
        if (outcome == Outcome::Infeasible)
            QCOMPARE(toJson(comparison).value("filter").toString(), QStringLiteral("NodeResourcesFit"));
    }

    void comparesFailures()
    {
        const QString ours = QStringLiteral("0/3 nodes are available: 1 node(s) had untolerated taint {dedicated: gpu}, 2 Insufficient cpu. "
                                            "preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.");
        // Word for word up to the preemption tail: as `pending` compares.
        ShadowComparison same = compare(unschedulable(ours), failed(QStringLiteral("0/3 nodes are available: 1 node(s) had untolerated taint "
                                                                                  "{dedicated: gpu}, 2 Insufficient cpu.")));
        QCOMPARE(same.outcome, Outcome::BothUnschedulable);
        QVERIFY(same.agree);
        QVERIFY(same.why.isEmpty());
        // kube-scheduler 1.20 says the same in its words.
        same = compare(unschedulable(ours), failed(QStringLiteral("0/3 nodes are available: 1 node(s) had taint {dedicated: gpu}, "
                                                                  "that the pod didn't tolerate, 2 Insufficient cpu.")));
        QVERIFY(same.agree);
        QCOMPARE(same.why, QStringLiteral("the same reasons, in an older scheduler's wording"));
        // Other counts: v1.20 ran NodeResourcesFit before TaintToleration.
        const ShadowComparison other = compare(unschedulable(ours), failed(QStringLiteral("0/3 nodes are available: 3 Insufficient cpu.")));
        QCOMPARE(other.outcome, Outcome::ReasonsDiffer);
        QVERIFY(!other.agree);
        QCOMPARE(other.reasons, (QStringList {QStringLiteral("cluster: 3 Insufficient cpu"),
                                              QStringLiteral("kschedviz: 1 node(s) had untolerated taint {dedicated: gpu}"),
                                              QStringLiteral("kschedviz: 2 Insufficient cpu")}));
        // The cluster found no node, kschedviz one.
        const ShadowComparison binding = compare(scheduledOnA(), failed(QStringLiteral("0/4 nodes are available: 4 Insufficient cpu.")));
        QCOMPARE(binding.outcome, Outcome::PredictedBinding);
        QCOMPARE(binding.why, QStringLiteral("the cluster found no node (0/4 nodes are available: 4 Insufficient cpu.); kschedviz would bind it to a"));
        // And kschedviz none, where the cluster bound it: the node's filter is named.
        ExplainReport none = unschedulable(ours);
        none.nodes = scheduledOnA().nodes;
        const ShadowComparison infeasible = compare(none, boundTo(QStringLiteral("d")));
        QCOMPARE(infeasible.outcome, Outcome::Infeasible);
        QCOMPARE(infeasible.plugin, QStringLiteral("NodeResourcesFit"));
        QVERIFY(infeasible.why.endsWith(QLatin1String("; it found no node: ") + comparableMessage(ours)));
    }
};

QTEST_GUILESS_MAIN(TestShadowComparison)
#include "tst_shadowcomparison.moc"
