// The command table (app/commandhelp.cpp) is what --help, the man page and the completion say; the
// parser is what the command line does. These tests hold the two together, both ways.
#include "commandhelp.h"
#include "commandline.h"

#include <QRegularExpression>
#include <QTest>

using namespace ksv::cli;

namespace {

QStringList split(const char* text)
{
    return QString::fromUtf8(text).split(QLatin1Char(' '), Qt::SkipEmptyParts);
}

// A valid argument of each kind.
QString sampleArgument(const OptionHelp& option)
{
    switch (option.kind) {
    case ArgumentKind::File: return QStringLiteral("x.yaml");
    case ArgumentKind::Directory: return QStringLiteral("shots");
    case ArgumentKind::Duration: return QStringLiteral("10s");
    case ArgumentKind::Number: return QStringLiteral("3");
    case ArgumentKind::Choice: return split(option.choices).constFirst();
    case ArgumentKind::Context: return QStringLiteral("prod");
    case ArgumentKind::Pod: return QStringLiteral("default/web");
    case ArgumentKind::Lesson: return QStringLiteral("queues");
    case ArgumentKind::Namespace: return QStringLiteral("team-a");
    case ArgumentKind::Size: return QStringLiteral("1280x720");
    case ArgumentKind::Address: return QStringLiteral("127.0.0.1:0");
    case ArgumentKind::Gates: return QStringLiteral("SchedulerAsyncPreemption=false");
    case ArgumentKind::None: break;
    }
    return {};
}

QStringList withOption(const CommandHelp& command, const OptionHelp& option)
{
    QStringList arguments = split(command.example);
    arguments.append(QString::fromUtf8(option.flag));
    if (option.argument)
        arguments.append(sampleArgument(option));
    // An option that only means something beside another one.
    if (!*command.name && QLatin1String(option.flag) == QLatin1String("--select"))
        arguments << QStringLiteral("--screenshot") << QStringLiteral("shots");
    return arguments;
}

QString label(const CommandHelp& command)
{
    return *command.name ? QString::fromUtf8(command.name) : QStringLiteral("the app");
}

} // namespace

class TestCommandHelp : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyExampleParses()
    {
        for (const CommandHelp& command : commands()) {
            const ParseResult parsed = parseArguments(split(command.example));
            QVERIFY2(parsed.options, qPrintable(label(command) + QStringLiteral(": ") + parsed.error));
            QCOMPARE(parseArguments({QString::fromUtf8(command.name), QStringLiteral("--help")}).options->helpCommand,
                     QString::fromUtf8(command.name));
        }
    }

    // Every option the table lists for a command, the parser takes for it.
    void listedOptionsAreAccepted()
    {
        for (const CommandHelp& command : commands()) {
            const QStringList example = split(command.example);
            for (const OptionHelp& option : command.options) {
                if (example.contains(QString::fromUtf8(option.flag)))
                    continue;
                const ParseResult parsed = parseArguments(withOption(command, option));
                // export's --lesson and --at are the two ways to say what to export.
                // extender's --cert and --key only go together.
                const bool excluded = !parsed.options && (parsed.error.contains(QLatin1String("not both")) || parsed.error.contains(QLatin1String("go together")));
                QVERIFY2(parsed.options || excluded,
                         qPrintable(label(command) + QLatin1Char(' ') + QString::fromUtf8(option.flag) + QStringLiteral(": ") + parsed.error));
                if (option.alias) {
                    QStringList aliased = withOption(command, option);
                    aliased.replace(aliased.indexOf(QString::fromUtf8(option.flag)), QString::fromUtf8(option.alias));
                    QVERIFY2(parseArguments(aliased).options, option.alias);
                }
            }
        }
    }

    // And every option it does not list for a command, the parser refuses there: the help never
    // leaves out what a command takes.
    void unlistedOptionsAreRefused()
    {
        for (const CommandHelp& command : commands()) {
            for (const CommandHelp& other : commands()) {
                for (const OptionHelp& option : other.options) {
                    const QString flag = QString::fromUtf8(option.flag);
                    const bool listed = std::any_of(command.options.begin(), command.options.end(),
                                                    [&flag](const OptionHelp& own) { return flag == QLatin1String(own.flag); });
                    if (listed)
                        continue;
                    const ParseResult parsed = parseArguments(withOption(command, option));
                    QVERIFY2(!parsed.options, qPrintable(label(command) + QStringLiteral(" took ") + flag));
                    QVERIFY(!parsed.error.isEmpty());
                }
            }
        }
    }

    void overviewListsEveryCommand()
    {
        const QString text = usage();
        for (const CommandHelp& command : commands()) {
            for (const QString& line : QString::fromUtf8(command.synopsis).split(QLatin1Char('\n')))
                QVERIFY2(text.contains(line.trimmed()), qPrintable(line));
        }
        for (const QString& line : text.split(QLatin1Char('\n')))
            QVERIFY2(line.size() <= 100 || line.startsWith(QLatin1String("  kschedviz")), qPrintable(line));
    }

    void commandHelpShowsEveryOption()
    {
        for (const CommandHelp& command : commands()) {
            const QString text = commandUsage(command);
            QVERIFY(text.startsWith(QLatin1String("Usage:\n")));
            for (const OptionHelp& option : command.options) {
                QString labelled = QStringLiteral("\n  ") + QString::fromUtf8(option.flag);
                if (option.alias)
                    labelled += QStringLiteral(", ") + QString::fromUtf8(option.alias);
                if (option.argument)
                    labelled += QLatin1Char(' ') + QString::fromUtf8(option.argument);
                QVERIFY2(text.contains(labelled + QLatin1Char('\n')), option.flag);
            }
        }
        QVERIFY(commandUsage(*findCommand(QStringLiteral("run"))).contains(QLatin1String("--node-detail-budget MIB")));
    }

    void helpForACommand()
    {
        QCOMPARE(parseArguments({QStringLiteral("run"), QStringLiteral("--help")}).options->helpCommand, QStringLiteral("run"));
        QCOMPARE(parseArguments({QStringLiteral("--help"), QStringLiteral("export")}).options->helpCommand, QStringLiteral("export"));
        QCOMPARE(parseArguments({QStringLiteral("--help")}).options->helpCommand, QString());
        // A scenario named like a file is not a command.
        QCOMPARE(parseArguments({QStringLiteral("check.yaml"), QStringLiteral("-h")}).options->helpCommand, QString());
    }

    void completionCommand()
    {
        const auto parsed = parseArguments({QStringLiteral("completion"), QStringLiteral("zsh")});
        QVERIFY(parsed.options && parsed.options->command == Command::Completion);
        QCOMPARE(parsed.options->shell, QStringLiteral("zsh"));
        QVERIFY(!parseArguments({QStringLiteral("completion"), QStringLiteral("fish")}).options);
        QVERIFY(!parseArguments({QStringLiteral("completion")}).options);
        // __complete takes anything, even what the parser would refuse: it is half-typed.
        const auto complete = parseArguments({QStringLiteral("__complete"), QStringLiteral("--pod"), QStringLiteral("--bogus"), QString()});
        QVERIFY(complete.options && complete.options->command == Command::Complete);
        QCOMPARE(complete.options->completeWords, QStringList({QStringLiteral("--pod"), QStringLiteral("--bogus"), QString()}));
    }

    void connectIsForTheAppAlone()
    {
        QVERIFY(parseArguments({QStringLiteral("--connect")}).options->connect);
        QVERIFY(!parseArguments({QStringLiteral("--connect"), QStringLiteral("s.yaml")}).options);
        QVERIFY(!parseArguments({QStringLiteral("--connect"), QStringLiteral("--lesson"), QStringLiteral("queues")}).options);
        QVERIFY(!parseArguments({QStringLiteral("check"), QStringLiteral("s.yaml"), QStringLiteral("--connect")}).options);
    }

    void wrapping()
    {
        const QString text = wrapText(QStringLiteral("one two three four five six\n\nseven"), 4, 16);
        QCOMPARE(text, QStringLiteral("    one two\n    three four\n    five six\n\n    seven\n"));
        // A word longer than the line stays whole.
        QCOMPARE(wrapText(QStringLiteral("abcdefghijklmnopqrstuvwxyz"), 2, 10), QStringLiteral("  abcdefghijklmnopqrstuvwxyz\n"));
    }

    void manPageHasASectionPerCommand()
    {
        const QString page = manPage();
        QVERIFY(page.startsWith(QLatin1String(".\\\" Generated")));
        QVERIFY(page.contains(QLatin1String(".TH KSCHEDVIZ 1")));
        QVERIFY(page.contains(QLatin1String(".SH \"THE DESKTOP APP\"")));
        for (const CommandHelp& command : commands()) {
            if (*command.name)
                QVERIFY2(page.contains(QStringLiteral(".SH \"") + QString::fromUtf8(command.name).toUpper() + QLatin1Char('"')), command.name);
            for (const OptionHelp& option : command.options) {
                const QString escaped = QString::fromUtf8(option.flag).replace(QLatin1Char('-'), QStringLiteral("\\-"));
                QVERIFY2(page.contains(QStringLiteral(".TP\n\\fB") + escaped + QStringLiteral("\\fR")), option.flag);
            }
        }
        // No line may start with a roff control character unless it is a request.
        static const QRegularExpression request(QStringLiteral("^\\.(\\\\\"|TH|SH|SS|PP|TP|nf|fi|br)( |$)"));
        for (const QString& line : page.split(QLatin1Char('\n'))) {
            if (line.startsWith(QLatin1Char('.')) || line.startsWith(QLatin1Char('\'')))
                QVERIFY2(request.match(line).hasMatch(), qPrintable(line));
        }
    }
};

QTEST_GUILESS_MAIN(TestCommandHelp)
#include "tst_commandhelp.moc"
