// The configuration editor's quick toggles (scheduler/config/configtoggles.h): each rewrites the text
// so that, decoded as kube-scheduler decodes its --config, the configuration has exactly the change
// asked for and nothing else.
#include "config/config.h"
#include "config/configtoggles.h"
#include "framework/random.h"
#include "plugins/registry.h"
#include "profiles.h"
#include "scenario/loader.h"

#include <QFile>
#include <QTest>

using namespace ksv;
using namespace ksv::config;

namespace {

const QByteArray minimal = "apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\n";
const QString file = QStringLiteral("configuration");
const QString defaultScheduler = QStringLiteral("default-scheduler");

KubeSchedulerConfiguration decode(const QByteArray& text)
{
    try {
        return loadSchedulerConfigText(text, file).configuration();
    } catch (const LoadError& error) {
        qFatal("%s\nin:\n%s", qPrintable(error.toString()), text.constData());
    }
}

const Profile& profileNamed(const KubeSchedulerConfiguration& configuration, const QString& name)
{
    for (const Profile& profile : configuration.profiles) {
        if (profile.schedulerName == name)
            return profile;
    }
    qFatal("no profile %s", qPrintable(name));
}

ScoringStrategyType strategyOf(const Profile& profile)
{
    return std::get<NodeResourcesFitArgs>(*profile.argsFor(QStringLiteral("NodeResourcesFit"))).scoringStrategy.type;
}

// The merged multiPoint entry of `plugin` (nullptr when it is not enabled there).
const PluginRef* multiPointEntry(const Profile& profile, const QString& plugin)
{
    for (const PluginRef& ref : profile.plugins.multiPoint.enabled) {
        if (ref.name == plugin)
            return &ref;
    }
    return nullptr;
}

// A configuration with nothing that the toggles touch set, for comparing "nothing else changed".
KubeSchedulerConfiguration withoutSources(KubeSchedulerConfiguration configuration)
{
    configuration.source = {};
    for (Profile& profile : configuration.profiles) {
        profile.source = {};
        profile.path.clear();
        for (const ExtensionPoint& point : extensionPoints) {
            for (QList<PluginRef>* list : {&(profile.plugins.*point.set).enabled, &(profile.plugins.*point.set).disabled}) {
                for (PluginRef& ref : *list) {
                    ref.source = {};
                    ref.path.clear();
                }
            }
        }
        for (PluginConfig& config : profile.pluginConfig) {
            config.source = {};
            config.path.clear();
        }
    }
    return configuration;
}

} // namespace

class TestConfigToggles : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void percentageOfNodesToScore()
    {
        const QByteArray seventy = setPercentageOfNodesToScore(minimal, defaultScheduler, 70, file);
        QCOMPARE(decode(seventy).percentageOfNodesToScore, 70);
        QCOMPARE(decode(setPercentageOfNodesToScore(seventy, defaultScheduler, 0, file)).percentageOfNodesToScore, 0);
        QVERIFY(!setPercentageOfNodesToScore(seventy, defaultScheduler, 0, file).contains("percentageOfNodesToScore"));
        // A profile that sets its own: that one changes, the global one stays.
        const QByteArray own = minimal + "percentageOfNodesToScore: 50\nprofiles:\n- schedulerName: a\n  percentageOfNodesToScore: 20\n- schedulerName: b\n";
        const KubeSchedulerConfiguration changed = decode(setPercentageOfNodesToScore(own, QStringLiteral("a"), 35, file));
        QCOMPARE(changed.percentageOfNodesToScore, 50);
        QCOMPARE(profileNamed(changed, QStringLiteral("a")).percentageOfNodesToScore, std::optional<int>(35));
        const KubeSchedulerConfiguration global = decode(setPercentageOfNodesToScore(own, QStringLiteral("b"), 35, file));
        QCOMPARE(global.percentageOfNodesToScore, 35);
        QCOMPARE(profileNamed(global, QStringLiteral("a")).percentageOfNodesToScore, std::optional<int>(20));
    }

    void scoringStrategy()
    {
        const QByteArray most = setScoringStrategy(minimal, defaultScheduler, ScoringStrategyType::MostAllocated, file);
        const KubeSchedulerConfiguration decoded = decode(most);
        QCOMPARE(decoded.profiles.size(), 1);
        QVERIFY(strategyOf(decoded.profiles.front()) == ScoringStrategyType::MostAllocated);
        // Back to LeastAllocated: the plugin's args are the default ones again.
        const QByteArray least = setScoringStrategy(most, defaultScheduler, ScoringStrategyType::LeastAllocated, file);
        const KubeSchedulerConfiguration leastDecoded = decode(least);
        const KubeSchedulerConfiguration defaults = defaultConfiguration();
        QVERIFY(*leastDecoded.profiles.front().argsFor(QStringLiteral("NodeResourcesFit")) == *defaults.profiles.front().argsFor(QStringLiteral("NodeResourcesFit")));
        QCOMPARE(withoutSources(leastDecoded).profiles.front().plugins, withoutSources(defaults).profiles.front().plugins);
        // RequestedToCapacityRatio gets a shape, which validation requires.
        const QByteArray ratio = setScoringStrategy(minimal, defaultScheduler, ScoringStrategyType::RequestedToCapacityRatio, file);
        const KubeSchedulerConfiguration ratioDecoded = decode(ratio);
        const Profile& profile = ratioDecoded.profiles.front();
        QVERIFY(strategyOf(profile) == ScoringStrategyType::RequestedToCapacityRatio);
        QCOMPARE(std::get<NodeResourcesFitArgs>(*profile.argsFor(QStringLiteral("NodeResourcesFit"))).scoringStrategy.requestedToCapacityRatio->shape.size(), 2);
    }

    void scoringStrategyKeepsTheOtherArgs()
    {
        const QByteArray text = minimal + "profiles:\n- schedulerName: default-scheduler\n  pluginConfig:\n  - name: NodeResourcesFit\n"
                                          "    args:\n      ignoredResources: [example.com/foo]\n      scoringStrategy:\n"
                                          "        resources: [{name: cpu, weight: 3}]\n";
        const KubeSchedulerConfiguration decoded = decode(setScoringStrategy(text, defaultScheduler, ScoringStrategyType::MostAllocated, file));
        const Profile& profile = decoded.profiles.front();
        const auto& args = std::get<NodeResourcesFitArgs>(*profile.argsFor(QStringLiteral("NodeResourcesFit")));
        QVERIFY(args.scoringStrategy.type == ScoringStrategyType::MostAllocated);
        QCOMPARE(args.ignoredResources, QStringList {QStringLiteral("example.com/foo")});
        QCOMPARE(args.scoringStrategy.resources.size(), 1);
        QCOMPARE(args.scoringStrategy.resources.front().weight, 3);
    }

    void disableEnableAndWeigh()
    {
        const QString plugin = QStringLiteral("TaintToleration");
        const QByteArray off = setPluginEnabled(minimal, defaultScheduler, plugin, false, file);
        QVERIFY(!multiPointEntry(decode(off).profiles.front(), plugin));
        const QByteArray on = setPluginEnabled(off, defaultScheduler, plugin, true, file);
        QCOMPARE(multiPointEntry(decode(on).profiles.front(), plugin)->weight, 3);
        QVERIFY(!on.contains("TaintToleration")); // a default needs no entry to be enabled

        const QByteArray heavy = setPluginWeight(minimal, defaultScheduler, plugin, 7, file);
        const KubeSchedulerConfiguration heavyDecoded = decode(heavy);
        const Profile& profile = heavyDecoded.profiles.front();
        QCOMPARE(multiPointEntry(profile, plugin)->weight, 7);
        // In place: the order of the defaults stays.
        QCOMPARE(profile.plugins.multiPoint.enabled.size(), defaultPlugins().multiPoint.enabled.size());
        // A second weight replaces the first entry's.
        const QByteArray heavier = setPluginWeight(heavy, defaultScheduler, plugin, 9, file);
        QCOMPARE(multiPointEntry(decode(heavier).profiles.front(), plugin)->weight, 9);
        QCOMPARE(heavier.count("TaintToleration"), 1);
        // Disabling drops its weight entry too; enabling it again gives the default's weight back.
        const QByteArray again = setPluginEnabled(setPluginEnabled(heavier, defaultScheduler, plugin, false, file), defaultScheduler, plugin, true, file);
        QCOMPARE(multiPointEntry(decode(again).profiles.front(), plugin)->weight, 3);
    }

    void enableUnderAStar()
    {
        // Every default off at multiPoint: enabling one lists it, since removing a "disabled" entry
        // for it would change nothing.
        const QByteArray text = minimal + "profiles:\n- schedulerName: default-scheduler\n  plugins:\n    multiPoint:\n"
                                          "      disabled: [{name: '*'}]\n      enabled: [{name: PrioritySort}, {name: DefaultBinder}]\n";
        QVERIFY(!multiPointEntry(decode(text).profiles.front(), QStringLiteral("NodeAffinity")));
        const QByteArray on = setPluginEnabled(text, defaultScheduler, QStringLiteral("NodeAffinity"), true, file);
        QVERIFY(multiPointEntry(decode(on).profiles.front(), QStringLiteral("NodeAffinity")));

        // Scoring off with "*" at score and preScore (samples/configs/two-profiles.yaml's second
        // profile): enabling a score plugin enables it at both.
        QFile sample(QStringLiteral(KSV_SAMPLES_DIR "/configs/two-profiles.yaml"));
        QVERIFY(sample.open(QIODevice::ReadOnly));
        const QString noScoring = QStringLiteral("no-scoring-scheduler");
        const KubeSchedulerConfiguration scoring = decode(setPluginEnabled(sample.readAll(), noScoring, QStringLiteral("NodeResourcesFit"), true, file));
        const Profile& profile = profileNamed(scoring, noScoring);
        const auto has = [](const QList<PluginRef>& list, const char* name) {
            return std::any_of(list.cbegin(), list.cend(), [name](const PluginRef& ref) { return ref.name == QLatin1String(name); });
        };
        QVERIFY(has(profile.plugins.score.enabled, "NodeResourcesFit"));
        QVERIFY(has(profile.plugins.preScore.enabled, "NodeResourcesFit"));
        QVERIFY(!has(profile.plugins.score.enabled, "TaintToleration")); // the others stay off
        framework::Random random;
        const Profiles built(scoring, plugins::inTreeRegistry({}), random); // the engine takes it
    }

    void adaptiveOnAProfile()
    {
        // A profile's own 0 is adaptive, not "take the global value": it is written, not removed.
        const QByteArray own = minimal + "percentageOfNodesToScore: 50\nprofiles:\n- schedulerName: a\n  percentageOfNodesToScore: 20\n";
        const KubeSchedulerConfiguration adaptive = decode(setPercentageOfNodesToScore(own, QStringLiteral("a"), 0, file));
        QCOMPARE(profileNamed(adaptive, QStringLiteral("a")).percentageOfNodesToScore, std::optional<int>(0));
        QCOMPARE(adaptive.percentageOfNodesToScore, 50);
    }

    void otherProfilesAreLeftAlone()
    {
        QFile sample(QStringLiteral(KSV_SAMPLES_DIR "/configs/two-profiles.yaml"));
        QVERIFY(sample.open(QIODevice::ReadOnly));
        const QByteArray text = sample.readAll();
        const KubeSchedulerConfiguration before = decode(text);
        const QString other = QStringLiteral("no-scoring-scheduler");
        const KubeSchedulerConfiguration after = decode(setScoringStrategy(text, other, ScoringStrategyType::MostAllocated, file));
        QVERIFY(strategyOf(profileNamed(after, other)) == ScoringStrategyType::MostAllocated);
        QVERIFY(strategyOf(profileNamed(after, defaultScheduler)) == ScoringStrategyType::LeastAllocated);
        QCOMPARE(withoutSources(after).profiles.front(), withoutSources(before).profiles.front());
        QCOMPARE(profileNamed(after, other).percentageOfNodesToScore, 20);
        // A profile the text does not have is added.
        const KubeSchedulerConfiguration added = decode(setPluginEnabled(text, QStringLiteral("third"), QStringLiteral("ImageLocality"), false, file));
        QCOMPARE(added.profiles.size(), 3);
        QVERIFY(!multiPointEntry(profileNamed(added, QStringLiteral("third")), QStringLiteral("ImageLocality")));
    }

    void brokenText()
    {
        QVERIFY_THROWS_EXCEPTION(LoadError, setPercentageOfNodesToScore("a: [", defaultScheduler, 5, file));
        QVERIFY_THROWS_EXCEPTION(LoadError, setPluginWeight("- a list\n", defaultScheduler, QStringLiteral("X"), 1, file));
        try {
            setScoringStrategy("kind: x\n  bad: indent\n", defaultScheduler, ScoringStrategyType::MostAllocated, file);
            QFAIL("no error");
        } catch (const LoadError& error) {
            QVERIFY2(error.toString().startsWith(file + QStringLiteral(":2:")), qPrintable(error.toString()));
        }
    }
};

QTEST_GUILESS_MAIN(TestConfigToggles)
#include "tst_configtoggles.moc"
