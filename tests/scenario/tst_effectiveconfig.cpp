// Which scheduler configuration a run uses (effectiveConfigSource, effectiveConfiguration): the --config
// file over the scenario's own over v1.32's defaults, as `check`, `explain`, `run` and the app all ask.
// Each configuration sets a parallelism of its own, so the value tells which one was taken.
#include "scenario/effectiveconfig.h"
#include "scenario/loader.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace ksv;

namespace {

const QByteArray inlineConfig = R"(apiVersion: kschedviz.io/v1alpha1
kind: Scenario
metadata: {name: inline}
spec:
  schedulerConfig:
    apiVersion: kubescheduler.config.k8s.io/v1
    kind: KubeSchedulerConfiguration
    parallelism: 12
  objects:
  - {apiVersion: v1, kind: Node, metadata: {name: n1}}
)";

const QByteArray documentConfig = R"(apiVersion: v1
kind: Node
metadata: {name: n1}
---
apiVersion: kubescheduler.config.k8s.io/v1
kind: KubeSchedulerConfiguration
parallelism: 13
)";

const QByteArray listItemConfig = R"(apiVersion: v1
kind: List
items:
- {apiVersion: v1, kind: Node, metadata: {name: n1}}
- apiVersion: kubescheduler.config.k8s.io/v1
  kind: KubeSchedulerConfiguration
  parallelism: 14
)";

// The loader takes a configuration document beside a Scenario that has no inline one.
const QByteArray scenarioAndDocument = R"(apiVersion: kschedviz.io/v1alpha1
kind: Scenario
metadata: {name: beside}
spec:
  objects:
  - {apiVersion: v1, kind: Node, metadata: {name: n1}}
---
apiVersion: kubescheduler.config.k8s.io/v1
kind: KubeSchedulerConfiguration
parallelism: 15
)";

const QByteArray noConfig = R"(apiVersion: v1
kind: Node
metadata: {name: n1}
)";

const QByteArray invalidInlineConfig = R"(apiVersion: kschedviz.io/v1alpha1
kind: Scenario
metadata: {name: invalid}
spec:
  schedulerConfig:
    apiVersion: kubescheduler.config.k8s.io/v1
    kind: KubeSchedulerConfiguration
    parallelism: 0
  objects:
  - {apiVersion: v1, kind: Node, metadata: {name: n1}}
)";

const QByteArray overrideConfig = R"(apiVersion: kubescheduler.config.k8s.io/v1
kind: KubeSchedulerConfiguration
parallelism: 11
)";

const QByteArray invalidOverrideConfig = R"(apiVersion: kubescheduler.config.k8s.io/v1
kind: KubeSchedulerConfiguration
parallelism: 0
)";

constexpr int upstreamDefaultParallelism = 16;

Scenario load(const QByteArray& text)
{
    return loadScenarioText(text, QStringLiteral("scenario.yaml"));
}

} // namespace

class TestEffectiveConfig : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_dir;

    // The override file `name`, written with `text` unless that is empty; "" when `name` is empty.
    QString overridePath(const QByteArray& name, const QByteArray& text)
    {
        if (name.isEmpty())
            return {};
        const QString path = m_dir.filePath(QString::fromUtf8(name));
        if (!text.isEmpty()) {
            QFile file(path);
            if (!file.open(QIODevice::WriteOnly) || file.write(text) != text.size())
                qFatal("cannot write %s", qPrintable(path));
        }
        return path;
    }

private Q_SLOTS:
    // The version a run models: --kubernetes-version over spec.kubernetesVersion over the default;
    // gates: the scenario's, then the command line's, on that version's defaults.
    void versionOrder()
    {
        const Scenario plain = loadScenarioText(inlineConfig, QStringLiteral("s.yaml"));
        QCOMPARE(runFeatures(plain).version, version::defaultVersion);
        QCOMPARE(effectiveConfiguration(plain).features.version, version::defaultVersion);

        const QByteArray versioned = R"(apiVersion: kschedviz.io/v1alpha1
kind: Scenario
metadata: {name: versioned}
spec:
  kubernetesVersion: v1.36.2
  featureGates:
    DynamicResourceAllocation: true
  schedulerConfig:
    apiVersion: kubescheduler.config.k8s.io/v1
    kind: KubeSchedulerConfiguration
    parallelism: 12
  objects:
  - {apiVersion: v1, kind: Node, metadata: {name: n1}}
)";
        const Scenario scenario = loadScenarioText(versioned, QStringLiteral("s.yaml"));
        QCOMPARE(*scenario.kubernetesVersion, version::v1_36);
        const config::KubeSchedulerConfiguration configuration = effectiveConfiguration(scenario);
        QCOMPARE(configuration.features.version, version::v1_36);
        QCOMPARE(configuration.parallelism, 12);
        bool dra = false;
        for (const auto& ref : configuration.profiles[0].plugins.multiPoint.enabled)
            dra = dra || (ref.name == QLatin1String("DynamicResources") && ref.weight == 2);
        QVERIFY(dra);
        // The command line wins, and the scenario's gates must exist in the version it chooses.
        QCOMPARE(effectiveConfiguration(scenario, {}, VersionChoice {version::v1_34, {}}).features.version, version::v1_34);
        // v1.32 has DynamicResourceAllocation too (beta, off), so the scenario's setting holds there.
        QVERIFY(effectiveConfiguration(scenario, {}, VersionChoice {version::v1_32, {}}).features.enableDynamicResourceAllocation);
    }

    void gateAVersionLacksIsRefusedAtItsLine()
    {
        const QByteArray text = R"(apiVersion: kschedviz.io/v1alpha1
kind: Scenario
metadata: {name: gates}
spec:
  featureGates:
    NodeDeclaredFeatures: true
  objects:
  - {apiVersion: v1, kind: Node, metadata: {name: n1}}
)";
        const Scenario scenario = loadScenarioText(text, QStringLiteral("s.yaml"));
        QString error;
        try {
            runFeatures(scenario, VersionChoice {version::v1_33, {}});
        } catch (const LoadError& e) {
            error = e.toString();
        }
        QCOMPARE(error, QStringLiteral("s.yaml:6:27: spec.featureGates.NodeDeclaredFeatures: unrecognized feature gate: NodeDeclaredFeatures "
                                       "(it does not exist in Kubernetes v1.33)"));
        // A version with the gate takes it, but it is not modelled yet.
        try {
            runFeatures(scenario, VersionChoice {version::v1_36, {}});
            QFAIL("NodeDeclaredFeatures is not modelled yet");
        } catch (const LoadError& e) {
            QVERIFY2(e.toString().contains(QLatin1String("not modelled yet")), qPrintable(e.toString()));
        }
        // The command line's gates come after the scenario's: the last setting of a gate is the one checked.
        QVERIFY(!runFeatures(scenario, VersionChoice {version::v1_36, {version::GateSetting {QStringLiteral("NodeDeclaredFeatures"), false, {}, {}}}})
                     .enableNodeDeclaredFeatures);
    }

    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void precedence_data()
    {
        QTest::addColumn<QByteArray>("scenario");
        QTest::addColumn<QByteArray>("overrideText");
        QTest::addColumn<QString>("source"); // "OVERRIDE" stands for the override file's path
        QTest::addColumn<int>("parallelism");

        QTest::newRow("nothing: defaults") << noConfig << QByteArray() << QString() << upstreamDefaultParallelism;
        QTest::newRow("inline spec.schedulerConfig") << inlineConfig << QByteArray() << "scenario.yaml:6:5" << 12;
        QTest::newRow("document in the file") << documentConfig << QByteArray() << "scenario.yaml:5:1" << 13;
        QTest::newRow("List item") << listItemConfig << QByteArray() << "scenario.yaml:5:3" << 14;
        QTest::newRow("document beside a Scenario") << scenarioAndDocument << QByteArray() << "scenario.yaml:8:1" << 15;
        QTest::newRow("override over defaults") << noConfig << overrideConfig << "OVERRIDE:1:1" << 11;
        QTest::newRow("override over inline") << inlineConfig << overrideConfig << "OVERRIDE:1:1" << 11;
        QTest::newRow("override over document") << documentConfig << overrideConfig << "OVERRIDE:1:1" << 11;
        QTest::newRow("override over List item") << listItemConfig << overrideConfig << "OVERRIDE:1:1" << 11;
        // The scenario's own configuration is not used, so it does not have to be valid.
        QTest::newRow("override over an invalid inline") << invalidInlineConfig << overrideConfig << "OVERRIDE:1:1" << 11;
    }
    void precedence()
    {
        QFETCH(QByteArray, scenario);
        QFETCH(QByteArray, overrideText);
        QFETCH(QString, source);
        QFETCH(int, parallelism);
        const QString path = overridePath(overrideText.isEmpty() ? QByteArray() : "override.yaml", overrideText);
        source.replace(QStringLiteral("OVERRIDE"), path);
        try {
            const Scenario loaded = load(scenario);
            const std::optional<SchedulerConfigSource> chosen = effectiveConfigSource(loaded, path);
            QCOMPARE(chosen ? chosen->source.toString() : QString(), source);
            QCOMPARE(effectiveConfiguration(loaded, path).parallelism, parallelism);
        } catch (const LoadError& e) {
            QFAIL(e.what());
        }
    }

    // Errors wait for the configuration's use: effectiveConfigSource (all `check` asks) still says
    // where the chosen one is; effectiveConfiguration throws. An unreadable override fails both.
    void errors_data()
    {
        QTest::addColumn<QByteArray>("scenario");
        QTest::addColumn<QByteArray>("overrideName");
        QTest::addColumn<QByteArray>("overrideText");
        QTest::addColumn<QString>("source"); // "" when effectiveConfigSource throws too
        QTest::addColumn<QString>("error");

        QTest::newRow("invalid inline")
            << invalidInlineConfig << QByteArray() << QByteArray() << "scenario.yaml:6:5"
            << "scenario.yaml:8:18: spec.schedulerConfig.parallelism: Invalid value: 0: should be an integer value "
               "greater than zero";
        QTest::newRow("invalid override")
            << inlineConfig << QByteArray("invalid.yaml") << invalidOverrideConfig << "OVERRIDE:1:1"
            << "OVERRIDE:3:14: parallelism: Invalid value: 0: should be an integer value greater than zero";
        QTest::newRow("missing override") << inlineConfig << QByteArray("missing.yaml") << QByteArray() << QString()
                                          << "OVERRIDE: cannot read file: No such file or directory";
    }
    void errors()
    {
        QFETCH(QByteArray, scenario);
        QFETCH(QByteArray, overrideName);
        QFETCH(QByteArray, overrideText);
        QFETCH(QString, source);
        QFETCH(QString, error);
        const QString path = overridePath(overrideName, overrideText);
        source.replace(QStringLiteral("OVERRIDE"), path);
        error.replace(QStringLiteral("OVERRIDE"), path);
        const Scenario loaded = load(scenario);
        try {
            const std::optional<SchedulerConfigSource> chosen = effectiveConfigSource(loaded, path);
            QVERIFY(chosen);
            QCOMPARE(chosen->source.toString(), source);
        } catch (const LoadError& e) {
            QVERIFY2(source.isEmpty(), e.what());
            QCOMPARE(e.toString(), error);
        }
        try {
            effectiveConfiguration(loaded, path);
            QFAIL("the configuration was accepted");
        } catch (const LoadError& e) {
            QCOMPARE(e.toString(), error);
        }
    }

    // A scenario has at most one configuration of its own: the loader refuses a second one wherever
    // it is, so there is no precedence among them to decide.
    void oneOwnConfiguration_data()
    {
        QTest::addColumn<QByteArray>("scenario");
        QTest::addColumn<QString>("error");

        QTest::newRow("two documents") << documentConfig + "---\n" + overrideConfig
                                       << "scenario.yaml:9:1: a second scheduler configuration; the first is at "
                                          "scenario.yaml:5:1";
        QTest::newRow("inline and a document") << inlineConfig + "---\n" + overrideConfig
                                               << "scenario.yaml:12:1: a second scheduler configuration; the first "
                                                  "is at scenario.yaml:6:5";
        QTest::newRow("two List items") << listItemConfig + "- apiVersion: kubescheduler.config.k8s.io/v1\n"
                                                            "  kind: KubeSchedulerConfiguration\n"
                                        << "scenario.yaml:8:3: items[2]: a second scheduler configuration; the first "
                                           "is at scenario.yaml:5:3";
    }
    void oneOwnConfiguration()
    {
        QFETCH(QByteArray, scenario);
        QFETCH(QString, error);
        try {
            load(scenario);
            QFAIL("a second configuration was accepted");
        } catch (const LoadError& e) {
            QCOMPARE(e.toString(), error);
        }
    }
};

QTEST_GUILESS_MAIN(TestEffectiveConfig)
#include "tst_effectiveconfig.moc"
