// NodeColumns (framework/nodecolumns.h): the flat label columns and count memos that loops over
// every node read instead of the nodes. They must answer exactly what the nodes would, and a memo must
// never outlive a change of a node's pods.

#include "builders.h"

#include "framework/nodecolumns.h"
#include "framework/snapshot.h"

#include <QTest>

using namespace ksv;
using framework::NodeColumns;

namespace {

QList<Node> threeNodes()
{
    return {test::NodeBuilder("n1").label("zone", "z1").label("rack", ""),
            test::NodeBuilder("n2").label("zone", "z2"),
            test::NodeBuilder("n3").label("zone", "z1").label("rack", "r1")};
}

Pod podOn(const char* name, const char* node)
{
    return test::PodBuilder(name).node(node).label("app", "web");
}

} // namespace

class TestNodeColumns : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void labelColumnsHoldValueIdsInNodeOrder()
    {
        const framework::Snapshot snapshot = framework::Snapshot::fromCluster(threeNodes(), {});
        const NodeColumns& columns = snapshot.nodeColumns();
        const std::vector<qint32>& zone = columns.column(QStringLiteral("zone"));
        QCOMPARE(zone.size(), size_t(3));
        QCOMPARE(zone[0], zone[2]);
        QVERIFY(zone[0] != zone[1]);
        QCOMPARE(columns.value(zone[0]), QStringLiteral("z1"));
        QCOMPARE(columns.value(zone[1]), QStringLiteral("z2"));
        QCOMPARE(columns.valueId(QStringLiteral("z2")), zone[1]);

        // A label with an empty value is present; a missing one is not.
        const std::vector<qint32>& rack = columns.column(QStringLiteral("rack"));
        QCOMPARE(columns.value(rack[0]), QString());
        QCOMPARE(rack[1], NodeColumns::missing);
        QCOMPARE(columns.value(rack[2]), QStringLiteral("r1"));
        QCOMPARE(columns.column(QStringLiteral("no-such-key")), std::vector<qint32>(3, NodeColumns::missing));
        QCOMPARE(columns.valueId(QStringLiteral("z9")), NodeColumns::missing);
        // The same reference on every call: loops keep it.
        QCOMPARE(&columns.column(QStringLiteral("zone")), &zone);
    }

    // A node finds its column index from its generation mirror; clones and scratch columns have none.
    void indexOfReadsTheMirror()
    {
        const framework::Snapshot snapshot = framework::Snapshot::fromCluster(threeNodes(), {});
        const NodeColumns& columns = snapshot.nodeColumns();
        for (qsizetype i = 0; i < 3; ++i)
            QCOMPARE(columns.indexOf(*snapshot.nodeInfos()[i]), i);
        const framework::NodeInfo clone = *snapshot.nodeInfos()[1];
        QCOMPARE(columns.indexOf(clone), -1);
        const NodeColumns scratch(snapshot.nodeInfos(), false);
        QCOMPARE(scratch.indexOf(*snapshot.nodeInfos()[1]), -1);
        QVERIFY(scratch.serial() != columns.serial());
        // Another snapshot's node is not in these columns.
        const framework::Snapshot other = framework::Snapshot::fromCluster(threeNodes(), {});
        QCOMPARE(columns.indexOf(*other.nodeInfos()[0]), -1);
        QCOMPARE(other.nodeColumns().indexOf(*other.nodeInfos()[2]), 2);
    }

    void selectorMatchesCompareValueIds()
    {
        const framework::Snapshot snapshot = framework::Snapshot::fromCluster(threeNodes(), {});
        const NodeColumns& columns = snapshot.nodeColumns();
        auto matches = [&columns](Labels selector) { return *columns.selectorMatches(selector); };
        QCOMPARE(matches({{"zone", "z1"}}), (std::vector<char> {1, 0, 1}));
        QCOMPARE(matches({{"zone", "z1"}, {"rack", "r1"}}), (std::vector<char> {0, 0, 1}));
        QCOMPARE(matches({{"rack", ""}}), (std::vector<char> {1, 0, 0}));
        QCOMPARE(matches({{"zone", "z9"}}), (std::vector<char> {0, 0, 0}));
        QCOMPARE(matches({{"no-such-key", "z1"}}), (std::vector<char> {0, 0, 0}));
        // Kept: the same selector gets the same answer object.
        const Labels selector {{"zone", "z2"}};
        QCOMPARE(columns.selectorMatches(selector).get(), columns.selectorMatches(selector).get());
        QCOMPARE(*columns.selectorMatches(selector), (std::vector<char> {0, 1, 0}));
    }

    void snapshotRebuildsColumnsWhenItsNodesChange()
    {
        framework::Snapshot snapshot = framework::Snapshot::fromCluster(threeNodes(), {});
        QCOMPARE(snapshot.nodeColumns().size(), 3);
        QList<framework::NodeInfoPtr> nodes = snapshot.nodeInfos();
        nodes.removeFirst();
        snapshot.setNodeInfos(nodes);
        const std::vector<qint32>& zone = snapshot.nodeColumns().column(QStringLiteral("zone"));
        QCOMPARE(zone.size(), size_t(2));
        QCOMPARE(snapshot.nodeColumns().value(zone[0]), QStringLiteral("z2"));
    }

    // A count is taken once per node and kept until that node's pods change; a change on one node
    // recounts that node only.
    void countMemoRecountsOnlyChangedNodes()
    {
        framework::Snapshot snapshot = framework::Snapshot::fromCluster(threeNodes(), {podOn("a", "n1")});
        const NodeColumns& columns = snapshot.nodeColumns();
        const std::shared_ptr<NodeColumns::CountMemo> memo = columns.countMemo(framework::podCountMemoKey(QStringLiteral("tst_nodecolumns/pods")));
        QVERIFY(memo);
        int computed = 0;
        auto countAll = [&] {
            QList<int> counts;
            for (qsizetype i = 0; i < columns.size(); ++i)
                counts.append(memo->count(i, [&] {
                    ++computed;
                    return int(columns.nodes()[i]->pods().size());
                }));
            return counts;
        };
        QCOMPARE(countAll(), QList<int>({1, 0, 0}));
        QCOMPARE(computed, 3);
        QCOMPARE(countAll(), QList<int>({1, 0, 0}));
        QCOMPARE(computed, 3);

        snapshot.nodeInfos()[2]->addPod(framework::PodInfo::create(podOn("b", "n3")));
        QCOMPARE(countAll(), QList<int>({1, 0, 1}));
        QCOMPARE(computed, 4);
        QVERIFY(snapshot.nodeInfos()[0]->removePod(QStringLiteral("default/a")));
        QCOMPARE(countAll(), QList<int>({0, 0, 1}));
        QCOMPARE(computed, 5);

        // A clone (preemption's dry run, the nominated-pods pass) does not report to the columns.
        framework::NodeInfo clone = *snapshot.nodeInfos()[1];
        clone.addPod(framework::PodInfo::create(podOn("c", "n2")));
        QCOMPARE(countAll(), QList<int>({0, 0, 1}));
        QCOMPARE(computed, 5);
    }

    // Only one column set hears a node: a second over the same nodes has no count memo, and the first
    // keeps working. Once the first is gone, the nodes no longer write to it.
    void oneMirrorPerNode()
    {
        framework::Snapshot snapshot = framework::Snapshot::fromCluster(threeNodes(), {});
        const quint32 key = framework::podCountMemoKey(QStringLiteral("tst_nodecolumns/mirror"));
        QVERIFY(snapshot.nodeColumns().countMemo(key));
        {
            const NodeColumns second(snapshot.nodeInfos(), true);
            QVERIFY(!second.countMemo(key));
        }
        // The second one's failed claim left the snapshot's mirrors in place.
        const std::shared_ptr<NodeColumns::CountMemo> memo = snapshot.nodeColumns().countMemo(key);
        QCOMPARE(memo->count(0, [] { return 7; }), 7);
        snapshot.nodeInfos()[0]->addPod(framework::PodInfo::create(podOn("z", "n1")));
        QCOMPARE(memo->count(0, [] { return 8; }), 8);
        {
            const NodeColumns scratch(snapshot.nodeInfos(), false);
            QVERIFY(!scratch.countMemo(key));
        }
        QList<framework::NodeInfoPtr> nodes = snapshot.nodeInfos();
        snapshot.setNodeInfos({});
        // The old columns are gone: changing a node must not write into them (ASan would see it).
        nodes[1]->addPod(framework::PodInfo::create(podOn("a", "n2")));
        // Mirrors are free again, so a new column set gets count memos.
        const NodeColumns fresh(nodes, true);
        QVERIFY(fresh.countMemo(key));
    }

    // NodeInfo::observerId: an id one observer (the simulator) keeps on a node is never read by another.
    void observerIdIsPerObserver()
    {
        const framework::NodeInfo node(std::make_shared<const Node>(Node(test::NodeBuilder("n1"))));
        const int first = 0;
        const int second = 0;
        QCOMPARE(node.observerId(&first), -1);
        node.setObserverId(&first, 7);
        QCOMPARE(node.observerId(&first), 7);
        QCOMPARE(node.observerId(&second), -1);
        node.setObserverId(&second, 3);
        QCOMPARE(node.observerId(&second), 3);
        QCOMPARE(node.observerId(&first), -1);
        const framework::NodeInfo clone = node; // the same node: the same name, the same id
        QCOMPARE(clone.observerId(&second), 3);
    }

    // nodeColumnsFor: the snapshot's own columns for its node list, scratch ones for any other.
    void columnsForOtherListsAreScratch()
    {
        const framework::Snapshot snapshot = framework::Snapshot::fromCluster(threeNodes(), {});
        std::unique_ptr<NodeColumns> scratch;
        QCOMPARE(&framework::nodeColumnsFor(snapshot, snapshot.nodeInfos(), scratch), &snapshot.nodeColumns());
        QVERIFY(!scratch);
        const QList<framework::NodeInfoPtr> subset = snapshot.nodeInfos().mid(1);
        const NodeColumns& columns = framework::nodeColumnsFor(snapshot, subset, scratch);
        QCOMPARE(&columns, scratch.get());
        QCOMPARE(columns.size(), 2);
        QVERIFY(!columns.countMemo(framework::podCountMemoKey(QStringLiteral("tst_nodecolumns/scratch"))));
    }
};

QTEST_GUILESS_MAIN(TestNodeColumns)
#include "tst_nodecolumns.moc"
