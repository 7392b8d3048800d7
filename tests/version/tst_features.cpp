// Features: each version's gate defaults from the one table, what a user may set, and the words for
// what the engine cannot run.
#include "version/features.h"

#include <QTest>

using namespace ksv;
using version::Features;
using version::GateSetting;
using version::KubeVersion;

Q_DECLARE_METATYPE(KubeVersion)

namespace {

GateSetting set(const char* name, bool value)
{
    return GateSetting {QString::fromLatin1(name), value, {}, QStringLiteral("--feature-gates")};
}

QString errorOf(KubeVersion version, const QList<GateSetting>& settings)
{
    try {
        version::resolveFeatures(version, settings);
    } catch (const LoadError& error) {
        return error.toString();
    }
    return {};
}

} // namespace

class TestFeatures : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void defaultValueIsV132()
    {
        // Features{} is what code that is not handed a version runs: v1.32, as before the seam.
        QCOMPARE(Features {}, version::defaultFeatures(version::v1_32));
    }

    void tableIsWellFormed()
    {
        QSet<QString> names;
        for (const auto& gate : version::gates()) {
            const QString name = QString::fromLatin1(gate.name);
            QVERIFY2(!names.contains(name), qPrintable(name));
            names.insert(name);
            QCOMPARE(qsizetype(qstrlen(gate.states)), qsizetype(version::modelledVersions.size()));
            for (const char c : QByteArray(gate.states))
                QVERIFY2(QByteArray("-abBGL").contains(c), qPrintable(name));
            QVERIFY(version::findGate(name) == &gate);
        }
    }

    void defaults_data()
    {
        QTest::addColumn<KubeVersion>("version");
        QTest::addColumn<bool>("dra");
        QTest::addColumn<bool>("queueingHints");
        QTest::newRow("v1.32") << version::v1_32 << false << true;
        QTest::newRow("v1.33") << version::v1_33 << false << true;
        QTest::newRow("v1.34: DRA is GA") << version::v1_34 << true << true;
        QTest::newRow("v1.36") << version::v1_36 << true << true;
        // SchedulerQueueingHints is gone in v1.37, graduated: hints are always used, so the field
        // keeps its last value.
        QTest::newRow("v1.37") << version::v1_37 << true << true;
    }
    void defaults()
    {
        QFETCH(KubeVersion, version);
        QFETCH(bool, dra);
        QFETCH(bool, queueingHints);
        const Features features = version::defaultFeatures(version);
        QCOMPARE(features.version, version);
        QCOMPARE(features.enableDynamicResourceAllocation, dra);
        QCOMPARE(features.enableSchedulingQueueHint, queueingHints);
        // Not built yet: runs as off whatever the version says, and the warning names it.
        QCOMPARE(features.enableAsyncPreemption, false);
    }

    void settingsApply()
    {
        const Features on = version::resolveFeatures(version::v1_33, {set("DynamicResourceAllocation", true)});
        QVERIFY(on.enableDynamicResourceAllocation);
        // The last setting of a gate wins, as with kube-scheduler's flag.
        const Features twice = version::resolveFeatures(version::v1_33, {set("DynamicResourceAllocation", true), set("DynamicResourceAllocation", false)});
        QVERIFY(!twice.enableDynamicResourceAllocation);
        const Features off = version::resolveFeatures(version::v1_34, {set("DynamicResourceAllocation", false)});
        QVERIFY(!off.enableDynamicResourceAllocation);
        // Turning off what is not modelled yet is allowed, and leaves the warning out.
        const Features noAsync = version::resolveFeatures(version::v1_33, {set("SchedulerAsyncPreemption", false)});
        QVERIFY(!noAsync.enableAsyncPreemption);
    }

    void refusals_data()
    {
        QTest::addColumn<KubeVersion>("version");
        QTest::addColumn<QString>("gate");
        QTest::addColumn<bool>("value");
        QTest::addColumn<QString>("error");
        QTest::newRow("unknown") << version::v1_36 << "NoSuchGate" << true
                                 << "--feature-gates: unrecognized feature gate: NoSuchGate (kschedviz knows the gates that change what "
                                    "kube-scheduler decides: docs/versions.md)";
        QTest::newRow("not yet in the version") << version::v1_33 << "NodeDeclaredFeatures" << true
                                                << "--feature-gates: unrecognized feature gate: NodeDeclaredFeatures (it does not exist in Kubernetes v1.33)";
        QTest::newRow("gone from the version") << version::v1_37 << "SchedulerQueueingHints" << true
                                               << "--feature-gates: unrecognized feature gate: SchedulerQueueingHints (it does not exist in Kubernetes v1.37)";
        QTest::newRow("locked") << version::v1_35 << "DynamicResourceAllocation" << false
                                << "--feature-gates: cannot set feature gate DynamicResourceAllocation to false, feature is locked to true";
        QTest::newRow("only the on path is built") << version::v1_32 << "SchedulerQueueingHints" << false
                                                   << "--feature-gates: kschedviz cannot run SchedulerQueueingHints=false: QueueingHints decide which "
                                                      "events requeue a pod is always on here (docs/versions.md)";
        QTest::newRow("not built yet") << version::v1_33 << "SchedulerAsyncPreemption" << true
                                       << "--feature-gates: kschedviz cannot run SchedulerAsyncPreemption=true: victims are deleted off the "
                                          "scheduling thread; the preemptor waits at PreEnqueue is not modelled yet (docs/versions.md)";
        QTest::newRow("claims only, not the default") << version::v1_34 << "DRAPartitionableDevices" << true
                                                      << "--feature-gates: kschedviz cannot run DRAPartitionableDevices=true: devices that "
                                                         "share counters is not modelled yet (docs/versions.md)";
    }
    void refusals()
    {
        QFETCH(KubeVersion, version);
        QFETCH(QString, gate);
        QFETCH(bool, value);
        QFETCH(QString, error);
        QCOMPARE(errorOf(version, {GateSetting {gate, value, {}, QStringLiteral("--feature-gates")}}), error);
    }

    void refusalInAScenarioNamesItsLine()
    {
        const GateSetting setting {QStringLiteral("NoSuchGate"), true, SourceLocation {QStringLiteral("s.yaml"), 7, 5},
                                   QStringLiteral("spec.featureGates.NoSuchGate")};
        QVERIFY(errorOf(version::v1_36, {setting}).startsWith(QLatin1String("s.yaml:7:5: spec.featureGates.NoSuchGate: unrecognized feature gate")));
    }

    void parsesTheFlag_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("parsed"); // NAME=0|1 joined by ',', or the error
        QTest::newRow("two") << "A=true,B=false" << "A=1,B=0";
        QTest::newRow("ParseBool's forms") << "A=T, B=0 ,C=FALSE,D=1" << "A=1,B=0,C=0,D=1";
        QTest::newRow("empty items") << ",A=true,," << "A=1";
        QTest::newRow("no value") << "A" << "--feature-gates: missing bool value for A";
        QTest::newRow("no name") << "=true" << "--feature-gates: missing bool value for =true";
        QTest::newRow("not a bool") << "A=yes" << "--feature-gates: invalid value of A=yes, err: strconv.ParseBool: parsing \"yes\": invalid syntax";
    }
    void parsesTheFlag()
    {
        QFETCH(QString, text);
        QFETCH(QString, parsed);
        QString actual;
        try {
            QStringList items;
            for (const GateSetting& setting : version::parseGateList(text))
                items.append(setting.name + (setting.value ? QStringLiteral("=1") : QStringLiteral("=0")));
            actual = items.join(QLatin1Char(','));
        } catch (const LoadError& error) {
            actual = error.toString();
        }
        QCOMPARE(actual, parsed);
    }

    void partialModel()
    {
        QCOMPARE(version::partialModelWarning(version::v1_32, {}), QString());
        const QString v133 = version::partialModelWarning(version::v1_33, {});
        QCOMPARE(v133, QStringLiteral("Kubernetes v1.33 is modelled in part: SchedulerAsyncPreemption, SchedulerPopFromBackoffQ, "
                                      "InPlacePodVerticalScaling are on in that version but not modelled yet, so kschedviz runs without "
                                      "them (docs/versions.md)"));
        const QString turnedOff = version::partialModelWarning(
            version::v1_33, {set("SchedulerAsyncPreemption", false), set("SchedulerPopFromBackoffQ", false)});
        QCOMPARE(turnedOff, QStringLiteral("Kubernetes v1.33 is modelled in part: InPlacePodVerticalScaling is on in that version but not "
                                           "modelled yet, so kschedviz runs without it (docs/versions.md)"));
    }
};

QTEST_GUILESS_MAIN(TestFeatures)
#include "tst_features.moc"
