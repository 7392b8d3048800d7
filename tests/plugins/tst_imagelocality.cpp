// ImageLocality (imagelocality/image_locality_test.go, v1.32, plus the ImageLocality cases of
// schedule_one_test.go's Test_prioritizeNodes): raw scores per node; the plugin has no NormalizeScore.
#include "builders.h"
#include "testhandle.h"

#include "plugins/imagelocality.h"

#include <QCryptographicHash>
#include <QTest>

using namespace ksv;
using namespace ksv::test;
using plugins::ImageLocality;

namespace {

constexpr qint64 mb = 1024 * 1024;

// makeImageNode(name, status): only the name and status.images matter.
Node node403002000(const char* name)
{
    return NodeBuilder(name)
        .image({"gcr.io/40:latest", "gcr.io/40:v1", "gcr.io/40:v1"}, 40 * mb)
        .image({"gcr.io/300:latest", "gcr.io/300:v1"}, 300 * mb)
        .image({"gcr.io/2000:latest"}, 2000 * mb);
}

Node node25010(const char* name)
{
    return NodeBuilder(name).image({"gcr.io/250:latest"}, 250 * mb).image({"gcr.io/10:latest", "gcr.io/10:v1"}, 10 * mb);
}

Node node60040900(const char* name)
{
    return NodeBuilder(name)
        .image({"gcr.io/600:latest"}, 600 * mb)
        .image({"gcr.io/40:latest"}, 40 * mb)
        .image({"gcr.io/900:latest"}, 900 * mb);
}

Node node300600900(const char* name)
{
    return NodeBuilder(name)
        .image({"gcr.io/300:latest"}, 300 * mb)
        .image({"gcr.io/600:latest"}, 600 * mb)
        .image({"gcr.io/900:latest"}, 900 * mb);
}

Node node400030(const char* name)
{
    return NodeBuilder(name).image({"gcr.io/4000:latest"}, 4000 * mb).image({"gcr.io/30:latest"}, 30 * mb);
}

Node node203040(const char* name)
{
    return NodeBuilder(name)
        .image({"gcr.io/20:latest"}, 20 * mb)
        .image({"gcr.io/30:latest"}, 30 * mb)
        .image({"gcr.io/40:latest"}, 40 * mb);
}

Node nodeWithNoImages(const char* name)
{
    return NodeBuilder(name);
}

Pod podWithImages(std::initializer_list<const char*> images, std::initializer_list<const char*> initImages = {})
{
    PodBuilder builder("pod");
    for (const char* image : images)
        builder.image(image);
    Pod pod = builder.obj();
    for (const char* image : initImages) {
        Container container;
        container.name = QStringLiteral("init") + QString::number(pod.initContainers.size());
        container.image = QString::fromLatin1(image);
        pod.initContainers.append(container);
    }
    return pod;
}

} // namespace

class TestImageLocality : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void score_data();
    void score();
    void normalizedImageName_data();
    void normalizedImageName();
    void calculatePriority_data();
    void calculatePriority();
};

void TestImageLocality::score_data()
{
    QTest::addColumn<Pod>("pod");
    QTest::addColumn<QList<Node>>("nodes");
    QTest::addColumn<QList<qint64>>("expected");

    // TestImageLocalityPriority.
    QTest::newRow("two images spread on two nodes, prefer the larger image one")
        << podWithImages({"gcr.io/40", "gcr.io/250"}) << QList<Node> {node403002000("node1"), node25010("node2")}
        << QList<qint64> {0, 5};
    QTest::newRow("two images on one node, prefer this node")
        << podWithImages({"gcr.io/40", "gcr.io/300"}) << QList<Node> {node403002000("node1"), node25010("node2")}
        << QList<qint64> {7, 0};
    QTest::newRow("if exceed limit, use limit")
        << podWithImages({"gcr.io/10", "gcr.io/4000"}) << QList<Node> {node400030("node1"), node25010("node2")}
        << QList<qint64> {100, 0};
    QTest::newRow("if exceed limit, use limit (with node which has no images present)")
        << podWithImages({"gcr.io/10", "gcr.io/4000"})
        << QList<Node> {node400030("node1"), node25010("node2"), nodeWithNoImages("node3")} << QList<qint64> {66, 0, 0};
    QTest::newRow("pod with multiple large images, node2 is preferred")
        << podWithImages({"gcr.io/300", "gcr.io/600", "gcr.io/900"})
        << QList<Node> {node60040900("node1"), node300600900("node2"), nodeWithNoImages("node3")}
        << QList<qint64> {32, 36, 0};
    QTest::newRow("pod with multiple small images")
        << podWithImages({"gcr.io/30", "gcr.io/40"}) << QList<Node> {node203040("node1"), node400030("node2")}
        << QList<qint64> {1, 0};
    QTest::newRow("include InitContainers: two images spread on two nodes, prefer the larger image one")
        << podWithImages({"gcr.io/30"}, {"gcr.io/300"}) << QList<Node> {node403002000("node1"), node203040("node2")}
        << QList<qint64> {6, 0};

    // Test_prioritizeNodes, ImageLocality alone.
    const auto imageNodes = [] {
        const auto capacity = [](NodeBuilder builder) {
            return builder.capacity({{"cpu", "1000m"}, {"memory", "2097152000"}}).obj();
        };
        return QList<Node> {
            capacity(NodeBuilder("node1").image({"gcr.io/40:latest", "gcr.io/40:v1"}, 80 * mb)
                         .image({"gcr.io/300:latest", "gcr.io/300:v1"}, 300 * mb)),
            capacity(NodeBuilder("node2").image({"gcr.io/300:latest"}, 300 * mb)
                         .image({"gcr.io/40:latest", "gcr.io/40:v1"}, 80 * mb)),
            capacity(NodeBuilder("node3").image({"gcr.io/600:latest"}, 600 * mb)
                         .image({"gcr.io/40:latest"}, 80 * mb)
                         .image({"gcr.io/900:latest"}, 900 * mb)),
        };
    }();
    QTest::newRow("prioritizeNodes: image on every node") << podWithImages({"gcr.io/40"}) << imageNodes
                                                          << QList<qint64> {5, 5, 5};
    QTest::newRow("prioritizeNodes: image on two of three nodes") << podWithImages({"gcr.io/300"}) << imageNodes
                                                                  << QList<qint64> {18, 18, 0};

    // Derived: an explicit tag is looked up as written; an untagged image as ":latest".
    QTest::newRow("explicit tag") << podWithImages({"gcr.io/300:v1"}) << QList<Node> {node403002000("node1"), node25010("node2")}
                                  << QList<qint64> {12, 0};
    QTest::newRow("tag absent on the node") << podWithImages({"gcr.io/250:v2"})
                                            << QList<Node> {node403002000("node1"), node25010("node2")} << QList<qint64> {0, 0};
}

void TestImageLocality::score()
{
    QFETCH(Pod, pod);
    QFETCH(QList<Node>, nodes);
    QFETCH(QList<qint64>, expected);

    TestHandle handle(nodes);
    ImageLocality plugin(handle);
    framework::CycleState state;
    QList<qint64> scores;
    for (const auto& nodeInfo : handle.snapshot().nodeInfos()) {
        const framework::ScoreOutcome outcome = plugin.score(state, pod, *nodeInfo);
        QVERIFY(outcome.status.isSuccess());
        scores.append(outcome.score);
    }
    QCOMPARE(scores, expected);
}

void TestImageLocality::normalizedImageName_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("expected");

    // TestNormalizedImageName.
    const QString digest = QStringLiteral("root@sha256:") + QString::fromLatin1(
        QCryptographicHash::hash("root", QCryptographicHash::Sha256).toHex());
    QTest::newRow("add :latest postfix 1") << "root" << "root:latest";
    QTest::newRow("add :latest postfix 2") << "gcr.io:5000/root" << "gcr.io:5000/root:latest";
    QTest::newRow("keep it as is 1") << "root:tag" << "root:tag";
    QTest::newRow("keep it as is 2") << digest << digest;
}

void TestImageLocality::normalizedImageName()
{
    QFETCH(QString, name);
    QFETCH(QString, expected);
    QCOMPARE(ImageLocality::normalizedImageName(name), expected);
}

void TestImageLocality::calculatePriority_data()
{
    QTest::addColumn<qint64>("sum");
    QTest::addColumn<qint64>("numContainers");
    QTest::addColumn<qint64>("expected");

    // Derived from calculatePriority's clamping.
    QTest::newRow("below the minimum") << qint64(10 * mb) << qint64(1) << qint64(0);
    QTest::newRow("at the minimum") << ImageLocality::minThreshold << qint64(1) << qint64(0);
    QTest::newRow("at the maximum") << ImageLocality::maxContainerThreshold << qint64(1) << qint64(100);
    QTest::newRow("above the maximum of two containers") << qint64(5000 * mb) << qint64(2) << qint64(100);
    QTest::newRow("no containers") << qint64(0) << qint64(0) << qint64(0);
}

void TestImageLocality::calculatePriority()
{
    QFETCH(qint64, sum);
    QFETCH(qint64, numContainers);
    QFETCH(qint64, expected);
    QCOMPARE(ImageLocality::calculatePriority(sum, numContainers), expected);
}

QTEST_GUILESS_MAIN(TestImageLocality)
#include "tst_imagelocality.moc"
