// Effective pod requests as resourcehelper.PodRequests computes them (component-helpers
// resource/helpers_test.go: TestPodRequests cases with sidecars, init containers and overhead),
// and the scoring defaults of calculateResource.
#include "api/resources.h"

#include <QTest>

using namespace ksv;

namespace {

Quantity q(const char* text)
{
    return *Quantity::parse(QString::fromLatin1(text));
}

Container container(const char* cpu, const char* memory, bool sidecar = false)
{
    Container c;
    c.name = QStringLiteral("c");
    if (cpu)
        c.requests.insert(ResourceName::cpu, q(cpu));
    if (memory)
        c.requests.insert(ResourceName::memory, q(memory));
    c.restartPolicyAlways = sidecar;
    return c;
}

} // namespace

class TestResources : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void podRequests_data()
    {
        QTest::addColumn<QList<Container>>("containers");
        QTest::addColumn<QList<Container>>("initContainers");
        QTest::addColumn<QString>("overheadCpu");
        QTest::addColumn<qint64>("expectedMilliCpu");
        QTest::addColumn<qint64>("expectedMemory");

        QTest::newRow("containers summed") << QList {container("1", "1Gi"), container("500m", "512Mi")} << QList<Container> {}
                                           << QString() << qint64(1500) << qint64(1536LL << 20);
        QTest::newRow("init container larger than sum") << QList {container("1", "1Gi")} << QList {container("2", "512Mi")}
                                                        << QString() << qint64(2000) << qint64(1LL << 30);
        QTest::newRow("max of init containers") << QList {container("100m", nullptr)}
                                                << QList {container("300m", nullptr), container("200m", nullptr)} << QString()
                                                << qint64(300) << qint64(0);
        // A sidecar adds to the regular containers and to every init container after it.
        QTest::newRow("sidecar then init") << QList {container("1", nullptr)}
                                           << QList {container("1", nullptr, true), container("2", nullptr)} << QString()
                                           << qint64(3000) << qint64(0);
        QTest::newRow("init then sidecar") << QList {container("1", nullptr)}
                                           << QList {container("2", nullptr), container("1", nullptr, true)} << QString()
                                           << qint64(2000) << qint64(0);
        QTest::newRow("two sidecars") << QList {container("1", nullptr)}
                                      << QList {container("1", nullptr, true), container("1", nullptr, true), container("1", nullptr)}
                                      << QString() << qint64(3000) << qint64(0);
        QTest::newRow("overhead added") << QList {container("1", "1Gi")} << QList<Container> {} << QStringLiteral("250m")
                                        << qint64(1250) << qint64(1LL << 30);
        QTest::newRow("no requests") << QList {container(nullptr, nullptr)} << QList<Container> {} << QString() << qint64(0)
                                     << qint64(0);
    }

    void podRequests()
    {
        QFETCH(QList<Container>, containers);
        QFETCH(QList<Container>, initContainers);
        QFETCH(QString, overheadCpu);
        QFETCH(qint64, expectedMilliCpu);
        QFETCH(qint64, expectedMemory);
        Pod pod;
        pod.containers = containers;
        pod.initContainers = initContainers;
        if (!overheadCpu.isEmpty())
            pod.overhead.insert(ResourceName::cpu, *Quantity::parse(overheadCpu));
        const ResourceList requests = ksv::podRequests(pod);
        QCOMPARE(requests.value(ResourceName::cpu).milliValue(), expectedMilliCpu);
        QCOMPARE(requests.value(ResourceName::memory).value(), expectedMemory);
    }

    void nonZeroRequests_data()
    {
        QTest::addColumn<QList<Container>>("containers");
        QTest::addColumn<qint64>("milliCpu");
        QTest::addColumn<qint64>("memory");
        QTest::newRow("missing both") << QList {container(nullptr, nullptr)} << qint64(100) << qint64(200LL << 20);
        QTest::newRow("missing memory") << QList {container("250m", nullptr)} << qint64(250) << qint64(200LL << 20);
        QTest::newRow("explicit zero stays zero") << QList {container("0", "0")} << qint64(0) << qint64(0);
        QTest::newRow("two containers, one empty") << QList {container("1", "1Gi"), container(nullptr, nullptr)}
                                                   << qint64(1100) << qint64((1LL << 30) + (200LL << 20));
    }

    void nonZeroRequests()
    {
        QFETCH(QList<Container>, containers);
        QFETCH(qint64, milliCpu);
        QFETCH(qint64, memory);
        Pod pod;
        pod.containers = containers;
        const auto requests = podNonZeroRequests(pod);
        QCOMPARE(requests.milliCPU, milliCpu);
        QCOMPARE(requests.memory, memory);
    }

    void resourceNames_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("extended");
        QTest::addColumn<bool>("scalar");
        QTest::newRow("cpu") << QStringLiteral("cpu") << false << false;
        QTest::newRow("gpu") << QStringLiteral("nvidia.com/gpu") << true << true;
        QTest::newRow("hugepages") << QStringLiteral("hugepages-2Mi") << false << true;
        QTest::newRow("prefixed native") << QStringLiteral("kubernetes.io/something") << false << true;
        QTest::newRow("requests prefix") << QStringLiteral("requests.example.com/foo") << false << false;
        QTest::newRow("attachable volumes") << QStringLiteral("attachable-volumes-csi-x") << false << true;
        QTest::newRow("invalid qualified") << QStringLiteral("example.com/-bad") << false << false;
    }

    void resourceNames()
    {
        QFETCH(QString, name);
        QFETCH(bool, extended);
        QFETCH(bool, scalar);
        QCOMPARE(isExtendedResourceName(name), extended);
        QCOMPARE(isScalarResourceName(name), scalar);
    }
};

QTEST_GUILESS_MAIN(TestResources)
#include "tst_resources.moc"
