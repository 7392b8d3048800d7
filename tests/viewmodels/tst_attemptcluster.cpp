// An attempt's verdicts are drawn on the cluster the attempt saw, not the one at the cursor (issue
// 20, finding 5): in tests/data/nodes-come-and-go.yaml the first attempt rejects node-a, node-b and
// node-c; node-c is deleted and node-d added before the second attempt, which binds the pod to node-d.
#include "heatmapdata.h"
#include "simulatedrun.h"

#include <QTest>
#include <cmath>

using namespace ksv;
using namespace ksv::testing;

class TestAttemptCluster : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void verdictsOnTheAttemptsCluster()
    {
        const SimulatedRun run = simulate(QStringLiteral(KSV_TEST_DATA_DIR "/nodes-come-and-go.yaml"));
        const trace::TraceIndex& index = *run.index;
        const auto& catalogue = index.catalogue();
        QCOMPARE(index.cycles().size(), size_t(2));
        const qint32 a = catalogue.nodeIndex(QStringLiteral("node-a"));
        const qint32 c = catalogue.nodeIndex(QStringLiteral("node-c"));
        const qint32 d = catalogue.nodeIndex(QStringLiteral("node-d"));
        QVERIFY(a >= 0 && c >= 0 && d >= 0);
        const trace::ReplayState& end = index.head();
        QVERIFY(!end.nodeExists(c));
        QVERIFY(end.nodeExists(d));
        const HeatmapMode verdict { HeatmapMode::Verdict, 0, {} };

        // The first attempt, seen from the end of the run.
        CycleNodes first;
        first.load(index, 0, index.indexed());
        QCOMPARE(first.rejectedCount(), 3);
        AttemptCluster cluster;
        const trace::ReplayState* seen = cluster.load(index, 0, index.indexed());
        QVERIFY(seen);
        QCOMPARE(seen->position, qsizetype(index.cycles()[0].startEvent));
        QVERIFY(seen->nodeExists(c)); // deleted since: it was there and was rejected
        QVERIFY(!seen->nodeExists(d)); // added since: it was not there
        QCOMPARE(heatmapValue(verdict, *seen, first, a), 0.0);
        QCOMPARE(heatmapValue(verdict, *seen, first, c), 0.0);
        QVERIFY(std::isnan(heatmapValue(verdict, *seen, first, d)));
        // The cluster at the cursor would lose node-c's verdict.
        QVERIFY(std::isnan(heatmapValue(verdict, end, first, c)));
        // Its measures are the attempt's too: node-a's cpu was as idle then as it is now.
        QCOMPARE(heatmapValue({}, *seen, first, a), 0.0);

        // The second attempt saw node-d, not node-c, and chose node-d.
        CycleNodes second;
        second.load(index, 1, index.indexed());
        const trace::ReplayState* seenSecond = cluster.load(index, 1, index.indexed());
        QVERIFY(seenSecond);
        QVERIFY(!seenSecond->nodeExists(c));
        QVERIFY(seenSecond->nodeExists(d));
        QCOMPARE(second.chosenNode(), d);
        QCOMPARE(heatmapValue(verdict, *seenSecond, second, d), 1.0);
        QVERIFY(std::isnan(heatmapValue(verdict, *seenSecond, second, c)));

        // Not begun at the cursor: nothing to draw on; state() says what load() said.
        QVERIFY(!cluster.load(index, 1, qsizetype(index.cycles()[1].startEvent)));
        QVERIFY(!cluster.state());
        QVERIFY(cluster.load(index, 1, index.indexed()));
        QVERIFY(cluster.state());
        QVERIFY(!cluster.load(index, -1, index.indexed()));
        QVERIFY(!cluster.load(index, 2, index.indexed()));
        cluster.clear();
        QVERIFY(!cluster.state());
    }
};

QTEST_GUILESS_MAIN(TestAttemptCluster)
#include "tst_attemptcluster.moc"
