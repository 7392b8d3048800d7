// PodTopologySpread's PreFilter keeps its counts across cycles and recounts only the nodes whose pods
// changed. Over many cycles of pods bound, removed and marked terminating, nodes added and relabelled,
// and incoming pods whose constraints change, the state it writes must equal a full recount's: by a
// fresh plugin on the same columns (counts by value id and value order exactly), and by a fresh plugin
// on a copy of the node list, which reads the nodes instead of the columns.
#include "plugins/podtopologyspread.h"

#include "builders.h"
#include "testhandle.h"

#include <QTest>

#include <random>

using namespace ksv;
using plugins::PodTopologySpread;

namespace {

constexpr auto DNS = UnsatisfiableConstraintAction::DoNotSchedule;

LabelSelector appIs(const char* app)
{
    LabelSelector selector;
    selector.matchLabels.insert(QStringLiteral("app"), QString::fromLatin1(app));
    return selector;
}

TopologySpreadConstraint spread(const char* key, std::optional<LabelSelector> selector,
                                std::optional<NodeInclusionPolicy> taintsPolicy = std::nullopt,
                                std::optional<NodeInclusionPolicy> affinityPolicy = std::nullopt)
{
    TopologySpreadConstraint c;
    c.maxSkew = 1;
    c.topologyKey = QString::fromLatin1(key);
    c.whenUnsatisfiable = DNS;
    c.labelSelector = std::move(selector);
    c.nodeTaintsPolicy = taintsPolicy;
    c.nodeAffinityPolicy = affinityPolicy;
    return c;
}

// The incoming pods the cycles take turns with: each asks PreFilter a different question.
QList<Pod> incomingPods()
{
    QList<Pod> pods;
    test::PodBuilder zoneWeb("zone-web");
    zoneWeb.label("app", "web").spreadConstraint(spread("zone", appIs("web")));
    pods.append(zoneWeb);

    test::PodBuilder twoKeys("two-keys");
    twoKeys.label("app", "web")
        .spreadConstraint(spread("zone", appIs("web")))
        .spreadConstraint(spread("kubernetes.io/hostname", appIs("web")));
    pods.append(twoKeys);

    // A nodeSelector (node affinity honored) and untolerated taints excluding nodes.
    test::PodBuilder selective("selective");
    selective.label("app", "db").spreadConstraint(spread("zone", appIs("db"), NodeInclusionPolicy::Honor));
    Pod selectivePod = selective;
    selectivePod.nodeSelector.insert(QStringLiteral("disk"), QStringLiteral("ssd"));
    pods.append(selectivePod);

    // The same question with the taint tolerated: only the tolerations differ.
    Pod tolerant = selectivePod;
    tolerant.meta.name = QStringLiteral("tolerant");
    Toleration toleration;
    toleration.key = QStringLiteral("dedicated");
    toleration.op = TolerationOperator::Exists;
    tolerant.tolerations.append(toleration);
    pods.append(tolerant);

    // Two constraints on one key: the later one's count is the node's.
    test::PodBuilder sameKey("same-key");
    sameKey.label("app", "cache")
        .spreadConstraint(spread("zone", appIs("web")))
        .spreadConstraint(spread("zone", appIs("cache"), std::nullopt, NodeInclusionPolicy::Ignore));
    pods.append(sameKey);

    // A rack key some nodes lack.
    test::PodBuilder rack("rack-cache");
    rack.label("app", "cache").spreadConstraint(spread("rack", appIs("cache")));
    pods.append(rack);
    return pods;
}

Node makeNode(int i)
{
    const QByteArray name = "node-" + QByteArray::number(i);
    test::NodeBuilder builder(name.constData());
    builder.label("kubernetes.io/hostname", name.constData());
    if (i % 13 != 5)
        builder.label("zone", QByteArray("zone-" + QByteArray::number(i % 4)).constData());
    if (i % 3 == 0)
        builder.label("disk", "ssd");
    if (i % 2 == 0)
        builder.label("rack", QByteArray("rack-" + QByteArray::number(i % 6)).constData());
    if (i % 7 == 0)
        builder.taint("dedicated", "x", TaintEffect::NoSchedule);
    return builder;
}

const char* const apps[] = {"web", "db", "cache"};

struct Observed
{
    QList<PodTopologySpread::Constraint> constraints;
    QStringList keys;
    QList<int> domainsNum;
    QList<QHash<QString, int>> valueToMatchNum;
    QList<PodTopologySpread::CriticalPaths> criticalPaths;
};

Observed observe(const PodTopologySpread::PreFilterState& s)
{
    Observed o;
    o.constraints = s.constraints;
    for (const auto& key : s.keys) {
        o.keys.append(key.key);
        o.domainsNum.append(key.domainsNum);
        o.valueToMatchNum.append(key.valueToMatchNum);
        o.criticalPaths.append(key.criticalPaths);
    }
    return o;
}

const PodTopologySpread::PreFilterState* runPreFilter(PodTopologySpread& plugin, framework::CycleState& state, const Pod& pod,
                                                      const QList<framework::NodeInfoPtr>& nodes)
{
    if (!plugin.preFilter(state, pod, nodes).status.isSuccess())
        return nullptr;
    return state.read<PodTopologySpread::PreFilterState>(PodTopologySpread::preFilterStateKey);
}

} // namespace

class TestPodTopologySpreadIncremental : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void incrementalEqualsFullRecount()
    {
        QList<Node> nodes;
        for (int i = 0; i < 60; ++i)
            nodes.append(makeNode(i));
        std::mt19937 random(20261123);
        QList<Pod> bound;
        int podSerial = 0;
        const auto newPod = [&](const QString& nodeName) {
            const QByteArray name = "bound-" + QByteArray::number(podSerial++);
            test::PodBuilder builder(name.constData(), podSerial % 5 == 0 ? "other" : "default");
            builder.label("app", apps[random() % 3]);
            Pod pod = builder;
            pod.nodeName = nodeName;
            pod.phase = PodPhase::Running;
            return pod;
        };
        for (int i = 0; i < 200; ++i)
            bound.append(newPod(nodes[qsizetype(random() % size_t(nodes.size()))].meta.name));

        test::TestHandle handle(nodes, bound);
        framework::Snapshot& snapshot = handle.mutableSnapshot();
        const QList<Pod> incoming = incomingPods();
        PodTopologySpread plugin(config::PodTopologySpreadArgs {}, handle);

        int kept = 0;
        int columnSets = 1;
        const void* lastValueOrder = nullptr;
        quint64 lastSerial = 0;
        qsizetype lastPod = -1;
        for (int cycle = 0; cycle < 400; ++cycle) {
            // Between cycles, as the scheduler's cache does: pods bound, removed and marked
            // terminating on the snapshot's nodes; now and then a node added or relabelled, which
            // gives the snapshot a new node list and so new columns.
            const QList<framework::NodeInfoPtr>& infos = snapshot.nodeInfos();
            const int changes = int(random() % 4);
            for (int c = 0; c < changes; ++c) {
                const framework::NodeInfoPtr& info = infos[qsizetype(random() % size_t(infos.size()))];
                switch (random() % 3) {
                case 0:
                    info->addPod(framework::PodInfo::create(newPod(info->name())));
                    break;
                case 1:
                    if (!info->pods().isEmpty())
                        info->removePod(info->pods().front()->pod->meta.uid);
                    break;
                default:
                    if (!info->pods().isEmpty()) {
                        Pod pod = *info->pods().back()->pod;
                        pod.meta.deletionTimestampMs = 1;
                        info->removePod(pod.meta.uid);
                        info->addPod(framework::PodInfo::create(pod));
                    }
                    break;
                }
            }
            if (cycle % 97 == 96) {
                auto info = std::make_shared<framework::NodeInfo>(std::make_shared<const Node>(makeNode(int(infos.size()))));
                info->addPod(framework::PodInfo::create(newPod(info->name())));
                snapshot.addNodeInfo(std::move(info));
                ++columnSets;
            } else if (cycle % 61 == 60) {
                // A relabelled node: a new NodeInfo with the same pods, in the same place.
                QList<framework::NodeInfoPtr> list = infos;
                const qsizetype at = qsizetype(random() % size_t(list.size()));
                Node node = list[at]->node();
                node.meta.labels.insert(QStringLiteral("zone"), QStringLiteral("zone-new"));
                auto info = std::make_shared<framework::NodeInfo>(std::make_shared<const Node>(node));
                for (const auto& pod : list[at]->pods())
                    info->addPod(pod);
                list[at] = std::move(info);
                snapshot.setNodeInfos(std::move(list));
                ++columnSets;
            }

            // Runs of a few cycles per incoming pod, coming back to earlier ones (kept or evicted).
            const qsizetype podIndex = (cycle / 7 + (cycle / 50) * 3) % incoming.size();
            const Pod& pod = incoming[podIndex];
            const QList<framework::NodeInfoPtr>& current = snapshot.nodeInfos();

            framework::CycleState incrementalState;
            const auto* incremental = runPreFilter(plugin, incrementalState, pod, current);
            QVERIFY(incremental);
            PodTopologySpread freshPlugin(config::PodTopologySpreadArgs {}, handle);
            framework::CycleState fullState;
            const auto* full = runPreFilter(freshPlugin, fullState, pod, current);
            QVERIFY(full);
            // A copy of the list is not the snapshot's: scratch columns, counts read from the nodes.
            const QList<framework::NodeInfoPtr> copy(current.cbegin(), current.cend());
            PodTopologySpread listPlugin(config::PodTopologySpreadArgs {}, handle);
            framework::CycleState listState;
            const auto* byList = runPreFilter(listPlugin, listState, pod, copy);
            QVERIFY(byList);
            QCOMPARE(byList->columnsSerial, quint64(0));

            const Observed observed = observe(*incremental);
            const Observed expected = observe(*full);
            QCOMPARE(observed.constraints, expected.constraints);
            QCOMPARE(observed.keys, expected.keys);
            QCOMPARE(observed.domainsNum, expected.domainsNum);
            QCOMPARE(observed.valueToMatchNum, expected.valueToMatchNum);
            QCOMPARE(observed.criticalPaths, expected.criticalPaths);
            QCOMPARE(incremental->columnsSerial, snapshot.nodeColumns().serial());
            QCOMPARE(incremental->columnsSerial, full->columnsSerial);
            QCOMPARE(incremental->keyColumns, full->keyColumns);
            QVERIFY(incremental->matchNumsById && incremental->valueOrder);
            QCOMPARE(*incremental->matchNumsById, *full->matchNumsById);
            QCOMPARE(*incremental->valueOrder, *full->valueOrder);

            const Observed listed = observe(*byList);
            QCOMPARE(observed.domainsNum, listed.domainsNum);
            QCOMPARE(observed.valueToMatchNum, listed.valueToMatchNum);
            QCOMPARE(observed.criticalPaths, listed.criticalPaths);

            // The same question on the same columns keeps its counts (the value order is the kept one).
            if (podIndex == lastPod && incremental->columnsSerial == lastSerial) {
                QCOMPARE(static_cast<const void*>(incremental->valueOrder.get()), lastValueOrder);
                ++kept;
            }
            lastPod = podIndex;
            lastSerial = incremental->columnsSerial;
            lastValueOrder = incremental->valueOrder.get();
        }
        QVERIFY(kept > 250);
        QVERIFY(columnSets > 8);
    }

    // The state PreFilter wrote is a copy: the next cycle's update does not change it.
    void earlierStateUnchanged()
    {
        const QList<Node> nodes = {makeNode(0), makeNode(1), makeNode(2), makeNode(3)};
        test::TestHandle handle(nodes, {});
        PodTopologySpread plugin(config::PodTopologySpreadArgs {}, handle);
        const Pod pod = incomingPods().front();
        framework::CycleState first;
        const auto* before = runPreFilter(plugin, first, pod, handle.snapshot().nodeInfos());
        QVERIFY(before);
        const QList<std::vector<int>> counts = *before->matchNumsById;
        const QHash<QString, int> matchNums = before->keys.front().valueToMatchNum;

        Pod web = test::PodBuilder("web").label("app", "web");
        handle.mutableSnapshot().nodeInfos()[1]->addPod(framework::PodInfo::create(web));
        framework::CycleState second;
        const auto* after = runPreFilter(plugin, second, pod, handle.snapshot().nodeInfos());
        QVERIFY(after);
        QCOMPARE(after->keys.front().valueToMatchNum.value(QStringLiteral("zone-1")), 1);
        QCOMPARE(*before->matchNumsById, counts);
        QCOMPARE(before->keys.front().valueToMatchNum, matchNums);
    }
};

QTEST_GUILESS_MAIN(TestPodTopologySpreadIncremental)
#include "tst_podtopologyspreadincremental.moc"
