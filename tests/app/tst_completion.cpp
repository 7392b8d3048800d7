// What `kschedviz __complete` offers for a half-typed command line (app/completion.cpp).
#include "completion.h"

#include <QTemporaryDir>
#include <QTest>

using namespace ksv::cli;

namespace {

QStringList words(const char* line)
{
    // The last word is the one being completed: a trailing space means an empty one.
    QStringList result = QString::fromUtf8(line).split(QLatin1Char(' '));
    return result;
}

struct FakeSources
{
    QString kubeconfigAsked;
    QString scenarioAsked;
    CompletionSources sources()
    {
        return {[this](const QString& kubeconfig) {
                    kubeconfigAsked = kubeconfig;
                    return QStringList{QStringLiteral("prod"), QStringLiteral("dev"), QStringLiteral("arn:aws:eks:eu-west-1:1:cluster/x")};
                },
                [this](const QString& scenario) {
                    scenarioAsked = scenario;
                    return QStringList{QStringLiteral("default/web-0"), QStringLiteral("default/web-1"), QStringLiteral("batch/job-0")};
                },
                [] { return QStringList{QStringLiteral("queues"), QStringLiteral("cycles")}; }};
    }
};

} // namespace

class TestCompletion : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void commandsAndScenarioFirst()
    {
        FakeSources fake;
        const Completion all = complete(words(""), fake.sources());
        QVERIFY(all.mode == Completion::Mode::Files); // the app's SCENARIO
        QCOMPARE(all.words, QStringList({"check", "explain", "run", "export", "capacity", "compare", "extender", "snapshot", "record", "pending", "shadow", "completion"}));
        QCOMPARE(all.descriptions.size(), all.words.size());
        QVERIFY(all.descriptions.constFirst().contains(QLatin1String("validate")));
        QCOMPARE(complete(words("ch"), fake.sources()).words, QStringList({"check"}));
    }

    void optionsOfTheCommand()
    {
        FakeSources fake;
        const Completion run = complete(words("run s.yaml -"), fake.sources());
        QVERIFY(run.words.contains(QLatin1String("--seed")));
        QVERIFY(run.words.contains(QLatin1String("--trace")));
        QVERIFY(run.words.contains(QLatin1String("--help")));
        QVERIFY(!run.words.contains(QLatin1String("--pod")));
        QVERIFY(!run.words.contains(QLatin1String("--version")));
        // An option already given is not offered again.
        const Completion again = complete(words("run s.yaml --config c.yaml --"), fake.sources());
        QVERIFY(!again.words.contains(QLatin1String("--config")));
        QVERIFY(again.words.contains(QLatin1String("--json")));
        // compare takes a second --config (B), not a third.
        QVERIFY(complete(words("compare s.yaml --config a.yaml --"), fake.sources()).words.contains(QLatin1String("--config")));
        QVERIFY(!complete(words("compare s.yaml --config a.yaml --config b.yaml --"), fake.sources()).words.contains(QLatin1String("--config")));
        // Before any command: the app's options, and --version.
        const Completion app = complete(words("--p"), fake.sources());
        QCOMPARE(app.words, QStringList({"--present"}));
        QVERIFY(complete(words("--"), fake.sources()).words.contains(QLatin1String("--version")));
        QCOMPARE(complete(words("pending -"), fake.sources()).words.contains(QLatin1String("-A")), true);
    }

    void argumentsByKind()
    {
        FakeSources fake;
        QVERIFY(complete(words("run s.yaml --trace "), fake.sources()).mode == Completion::Mode::Files);
        QVERIFY(complete(words("--screenshot "), fake.sources()).mode == Completion::Mode::Directories);
        QCOMPARE(complete(words("--theme d"), fake.sources()).words, QStringList({"dark"}));
        QCOMPARE(complete(words("export s.yaml --view "), fake.sources()).words.size(), 12);
        QCOMPARE(complete(words("explain s.yaml --pod x --attempt "), fake.sources()).words, QStringList({"last"}));
        QCOMPARE(complete(words("--lesson q"), fake.sources()).words, QStringList({"queues"}));
        QCOMPARE(complete(words("completion "), fake.sources()).words, QStringList({"bash", "zsh"}));
        // capacity's --pod is a manifest file, explain's a pod of the scenario.
        QVERIFY(complete(words("capacity s.yaml --pod "), fake.sources()).mode == Completion::Mode::Files);
        // A duration has nothing to offer, and no files either.
        const Completion duration = complete(words("run s.yaml --until "), fake.sources());
        QVERIFY(duration.mode == Completion::Mode::Words && duration.words.isEmpty());
        // export's --lesson takes no argument: what follows is not a lesson name.
        QVERIFY(complete(words("export s.yaml --lesson "), fake.sources()).words.isEmpty());
    }

    void positionals()
    {
        FakeSources fake;
        QVERIFY(complete(words("check "), fake.sources()).mode == Completion::Mode::Files);
        const Completion done = complete(words("check s.yaml "), fake.sources());
        QVERIFY(done.mode == Completion::Mode::Words && done.words.isEmpty());
        const Completion live = complete(words("snapshot "), fake.sources());
        QVERIFY(live.mode == Completion::Mode::Words && live.words.isEmpty());
    }

    void contextsFromTheKubeconfigNamed()
    {
        FakeSources fake;
        QCOMPARE(complete(words("snapshot --kubeconfig k.yaml --context p"), fake.sources()).words, QStringList({"prod"}));
        QCOMPARE(fake.kubeconfigAsked, QStringLiteral("k.yaml"));
        QCOMPARE(complete(words("pending --context arn:aws"), fake.sources()).words, QStringList({"arn:aws:eks:eu-west-1:1:cluster/x"}));
        QCOMPARE(fake.kubeconfigAsked, QString());
        complete(words("--kubeconfig ~/k.yaml --context "), fake.sources());
        QCOMPARE(fake.kubeconfigAsked, QDir::home().filePath(QStringLiteral("k.yaml")));
    }

    void podsFromTheScenarioNamed()
    {
        FakeSources fake;
        QCOMPARE(complete(words("explain s.yaml --pod default/"), fake.sources()).words, QStringList({"default/web-0", "default/web-1"}));
        QCOMPARE(fake.scenarioAsked, QStringLiteral("s.yaml"));
        // The options may come first.
        QCOMPARE(complete(words("export --at 5s t.yaml --select b"), fake.sources()).words, QStringList({"batch/job-0"}));
        QCOMPARE(fake.scenarioAsked, QStringLiteral("t.yaml"));
        // The app without a scenario opens the bundled default sample.
        complete(words("--screenshot shots --select "), fake.sources());
        QCOMPARE(fake.scenarioAsked, QStringLiteral(":/samples/default.yaml"));
        // explain before its scenario is typed: nothing to read yet.
        fake.scenarioAsked.clear();
        QVERIFY(complete(words("explain --pod "), fake.sources()).words.isEmpty());
        QVERIFY(fake.scenarioAsked.isEmpty());
    }

    void format()
    {
        Completion completion;
        completion.words = {QStringLiteral("check"), QStringLiteral("bash")};
        completion.descriptions = {QStringLiteral("load it"), QString()};
        QCOMPARE(formatCompletion(completion), QStringLiteral("words\ncheck\tload it\nbash\n"));
        completion.mode = Completion::Mode::Directories;
        completion.words.clear();
        QCOMPARE(formatCompletion(completion), QStringLiteral("dirs\n"));
    }

    // The real sources: a sample's pods, a kubeconfig's contexts, the bundled lessons; broken input
    // completes nothing and says nothing.
    void standardSources()
    {
        const CompletionSources sources = CompletionSources::standard();
        const QStringList pods = sources.pods(QStringLiteral(KSV_SAMPLES_DIR "/default.yaml"));
        QVERIFY(pods.contains(QLatin1String("default/postgres-0")));
        QVERIFY(sources.pods(QStringLiteral(KSV_TEST_DATA_DIR "/no-such-file.yaml")).isEmpty());
        // Not a regular file: never opened (a FIFO or /dev/stdin would block the shell).
        QVERIFY(sources.pods(QStringLiteral("/dev/stdin")).isEmpty());
        QVERIFY(sources.contexts(QStringLiteral("/dev/stdin")).isEmpty());

        QTemporaryDir dir;
        QFile kubeconfig(dir.filePath(QStringLiteral("config")));
        QVERIFY(kubeconfig.open(QIODevice::WriteOnly));
        kubeconfig.write("apiVersion: v1\nkind: Config\ncurrent-context: b\n"
                         "contexts:\n- name: a\n  context: {cluster: c, user: u}\n- name: b\n  context: {cluster: c, user: u}\n"
                         "clusters:\n- name: c\n  cluster: {server: 'https://127.0.0.1:6443'}\nusers:\n- name: u\n  user: {token: t}\n");
        kubeconfig.close();
        QCOMPARE(sources.contexts(kubeconfig.fileName()), QStringList({"b", "a"})); // the current one first
        QFile broken(dir.filePath(QStringLiteral("broken")));
        QVERIFY(broken.open(QIODevice::WriteOnly));
        broken.write("contexts: [\n");
        broken.close();
        QVERIFY(sources.contexts(broken.fileName()).isEmpty());

        QCOMPARE(sources.lessons(), QStringList({"queues", "cycles", "extension-points", "sampling", "preemption", "gang", "profiles",
                                                 "queueing-hints", "extenders"}));
    }

    void scriptsCallTheHiddenCommand()
    {
        QVERIFY(bashCompletionScript().contains(QLatin1String("__complete")));
        QVERIFY(bashCompletionScript().contains(QLatin1String("complete -F _kschedviz kschedviz")));
        QVERIFY(zshCompletionScript().startsWith(QLatin1String("#compdef kschedviz\n")));
        QVERIFY(zshCompletionScript().contains(QLatin1String("__complete")));
    }
};

QTEST_GUILESS_MAIN(TestCompletion)
#include "tst_completion.moc"
