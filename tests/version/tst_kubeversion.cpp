// KubeVersion: what users write (--kubernetes-version, spec.kubernetesVersion), what a cluster's
// /version answers, and the nearest modelled version with its warning.
#include "version/kubeversion.h"

#include <QTest>

using namespace ksv;
using version::KubeVersion;

Q_DECLARE_METATYPE(KubeVersion)

class TestKubeVersion : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void parses_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<KubeVersion>("version");
        QTest::newRow("minor") << "1.36" << version::v1_36;
        QTest::newRow("with v") << "v1.36" << version::v1_36;
        QTest::newRow("patch") << "1.36.4" << version::v1_36;
        QTest::newRow("v and patch") << "v1.33.0" << version::v1_33;
        QTest::newRow("oldest") << "1.32" << version::v1_32;
        QTest::newRow("newest") << "v1.37.1" << version::v1_37;
    }
    void parses()
    {
        QFETCH(QString, text);
        QFETCH(KubeVersion, version);
        QString error;
        const auto parsed = version::parseKubeVersion(text, &error);
        QVERIFY2(parsed, qPrintable(error));
        QCOMPARE(*parsed, version);
    }

    void refuses_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("error");
        const QString malformed = QStringLiteral("\" is not a Kubernetes version: write MAJOR.MINOR such as 1.36 (v1.36 and 1.36.4 are read too)");
        QTest::newRow("empty") << "" << "\"" + malformed;
        QTest::newRow("word") << "latest" << "\"latest" + malformed;
        QTest::newRow("major only") << "1" << "\"1" + malformed;
        QTest::newRow("leading zero") << "1.036" << "\"1.036" + malformed;
        QTest::newRow("suffix") << "v1.36.2-gke.1" << "\"v1.36.2-gke.1" + malformed;
        QTest::newRow("space") << " 1.36" << "\" 1.36" + malformed;
        QTest::newRow("capital V") << "V1.36" << "\"V1.36" + malformed;
        QTest::newRow("four parts") << "1.36.1.2" << "\"1.36.1.2" + malformed;
        QTest::newRow("older") << "1.31" << "Kubernetes v1.31 is not modelled: kschedviz models v1.32, v1.33, v1.34, v1.35, v1.36, v1.37";
        QTest::newRow("newer") << "v1.38.0" << "Kubernetes v1.38 is not modelled: kschedviz models v1.32, v1.33, v1.34, v1.35, v1.36, v1.37";
        QTest::newRow("major 2") << "2.0" << "Kubernetes v2.0 is not modelled: kschedviz models v1.32, v1.33, v1.34, v1.35, v1.36, v1.37";
    }
    void refuses()
    {
        QFETCH(QString, text);
        QFETCH(QString, error);
        QString actual;
        QVERIFY(!version::parseKubeVersion(text, &actual));
        QCOMPARE(actual, error);
    }

    void readsClusterVersions_data()
    {
        QTest::addColumn<QString>("gitVersion");
        QTest::addColumn<QString>("major");
        QTest::addColumn<QString>("minor");
        QTest::addColumn<int>("expectMinor"); // -1: not a version
        QTest::newRow("plain") << "v1.36.3" << "1" << "36" << 36;
        QTest::newRow("vendor suffix") << "v1.30.4-gke.1000" << "1" << "30+" << 30;
        QTest::newRow("build metadata") << "v1.35.0+k3s1" << "1" << "35" << 35;
        QTest::newRow("debian's 1.20") << "v1.20.5+really1.20.2" << "1" << "20" << 20;
        QTest::newRow("git garbage, numbers ok") << "garbage" << "1" << "34+" << 34;
        QTest::newRow("all garbage") << "garbage" << "one" << "x" << -1;
        QTest::newRow("empty") << "" << "" << "" << -1;
    }
    void readsClusterVersions()
    {
        QFETCH(QString, gitVersion);
        QFETCH(QString, major);
        QFETCH(QString, minor);
        QFETCH(int, expectMinor);
        const auto version = version::clusterVersion(gitVersion, major, minor);
        if (expectMinor < 0) {
            QVERIFY(!version);
            return;
        }
        QVERIFY(version);
        QCOMPARE(version->major, 1);
        QCOMPARE(version->minor, expectMinor);
    }

    void nearest()
    {
        QCOMPARE(version::nearestModelled(KubeVersion {1, 20}), version::v1_32);
        QCOMPARE(version::nearestModelled(KubeVersion {1, 38}), version::v1_37);
        QCOMPARE(version::nearestModelled(version::v1_35), version::v1_35);
        QCOMPARE(version::nearestWarning(version::v1_35), QString());
        QCOMPARE(version::nearestWarning(KubeVersion {1, 20}),
                 QStringLiteral("the cluster runs Kubernetes v1.20, which kschedviz does not model: modelling it as v1.32 "
                                "(kschedviz models v1.32, v1.33, v1.34, v1.35, v1.36, v1.37)"));
        QCOMPARE(version::nearestWarning(KubeVersion {1, 40}).contains(QLatin1String("modelling it as v1.37")), true);
    }

    void orders()
    {
        QVERIFY(version::v1_32 < version::v1_33);
        QVERIFY(KubeVersion({2, 0}) > version::v1_37);
        QCOMPARE(version::v1_36.toString(), QStringLiteral("v1.36"));
        QCOMPARE(version::defaultVersion, version::v1_32);
    }
};

QTEST_GUILESS_MAIN(TestKubeVersion)
#include "tst_kubeversion.moc"
