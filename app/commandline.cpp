#include "commandline.h"

#include "commandhelp.h"

#include "scenario/loader.h"

#include <QFileInfo>
#include <QTextStream>
#include <QRegularExpression>

namespace ksv::cli {

QStringList exportViewNames()
{
    return { QStringLiteral("queues"), QStringLiteral("heatmap"), QStringLiteral("inspector"), QStringLiteral("timeline"),
             QStringLiteral("charts"), QStringLiteral("eventlog"), QStringLiteral("nodes"), QStringLiteral("pods"),
             QStringLiteral("bookmarks"), QStringLiteral("edit"), QStringLiteral("differences"), QStringLiteral("capacity") };
}

namespace {

// Whether `argument` is `flag` or `flag=VALUE`.
bool isOption(const QString& argument, QLatin1String flag)
{
    return argument == flag || (argument.startsWith(flag) && argument.size() > flag.size() && argument[flag.size()] == QLatin1Char('='));
}

// The value of an option written `--flag=VALUE` or `--flag VALUE` (then the next argument is taken);
// empty when there is none.
QString optionValue(const QString& argument, const QStringList& arguments, qsizetype& i)
{
    if (argument.contains(QLatin1Char('=')))
        return argument.section(QLatin1Char('='), 1);
    return i + 1 < arguments.size() ? arguments[++i] : QString();
}

} // namespace

void warnAboutVersion(const Scenario& scenario, const VersionChoice& choice, QTextStream& err)
{
    if (const QString warning = versionWarning(scenario, choice); !warning.isEmpty())
        err << QStringLiteral("warning: ") << warning << Qt::endl;
}

ParseResult parseArguments(const QStringList& arguments)
{
    Options options;
    QStringList positional;
    for (qsizetype i = 0; i < arguments.size(); ++i) {
        const QString& argument = arguments[i];
        // Shell completion hands over whatever was typed: nothing in it is an error.
        if (i == 0 && argument == QLatin1String("__complete")) {
            options.command = Command::Complete;
            options.completeWords = arguments.mid(1);
            return {options, {}};
        }
        if (argument == QLatin1String("--help") || argument == QLatin1String("-h")) {
            options.command = Command::Help;
            // `COMMAND --help` and `--help COMMAND`: that command's options.
            for (const QString& word : arguments) {
                if (!word.isEmpty() && !word.startsWith(QLatin1Char('-')) && findCommand(word)) {
                    options.helpCommand = word;
                    break;
                }
            }
            return {options, {}};
        }
        if (argument == QLatin1String("--version")) {
            options.command = Command::Version;
            return {options, {}};
        }
        if (argument == QLatin1String("--json")) {
            options.json = true;
        } else if (isOption(argument, QLatin1String("--config"))) {
            const QString file = optionValue(argument, arguments, i);
            if (file.isEmpty())
                return {std::nullopt, QStringLiteral("--config needs a file")};
            // A second --config is compare's B (refused for any other command below).
            if (!options.configB.isEmpty())
                return {std::nullopt, QStringLiteral("--config at most twice (compare: A and B)")};
            (options.config.isEmpty() ? options.config : options.configB) = file;
        } else if (isOption(argument, QLatin1String("--kubernetes-version"))) {
            QString error;
            const auto version = version::parseKubeVersion(optionValue(argument, arguments, i), &error);
            if (!version)
                return {std::nullopt, QStringLiteral("--kubernetes-version: ") + error};
            // A second one is compare's B (refused for any other command below).
            if (options.kubernetesVersionB)
                return {std::nullopt, QStringLiteral("--kubernetes-version at most twice (compare: A and B)")};
            (options.kubernetesVersion ? options.kubernetesVersionB : options.kubernetesVersion) = version;
        } else if (isOption(argument, QLatin1String("--feature-gates"))) {
            const QString text = optionValue(argument, arguments, i);
            if (text.isEmpty())
                return {std::nullopt, QStringLiteral("--feature-gates needs NAME=true|false[,NAME=true|false...]")};
            try {
                options.featureGates += version::parseGateList(text);
            } catch (const LoadError& error) {
                return {std::nullopt, error.toString()};
            }
        } else if (argument == QLatin1String("--pod")) {
            if (i + 1 >= arguments.size())
                return {std::nullopt, QStringLiteral("--pod needs NAMESPACE/NAME (explain) or a Pod manifest FILE (capacity)")};
            options.pod = arguments[++i];
        } else if (argument == QLatin1String("--attempt")) {
            const QString value = i + 1 < arguments.size() ? arguments[i + 1] : QString();
            bool ok = false;
            const int number = value.toInt(&ok);
            if (value == QLatin1String("last"))
                options.attempt = 0;
            else if (ok && number >= 1)
                options.attempt = number;
            else
                return {std::nullopt, QStringLiteral("--attempt needs a number from 1, or last")};
            ++i;
        } else if (argument == QLatin1String("--seed")) {
            bool ok = false;
            const quint64 seed = i + 1 < arguments.size() ? arguments[i + 1].toULongLong(&ok) : 0;
            if (!ok)
                return {std::nullopt, QStringLiteral("--seed needs a non-negative integer")};
            options.seed = seed;
            ++i;
        } else if (argument == QLatin1String("--threads")) {
            bool ok = false;
            const int threads = i + 1 < arguments.size() ? arguments[i + 1].toInt(&ok) : 0;
            if (!ok || threads < 1 || threads > 256)
                return {std::nullopt, QStringLiteral("--threads needs a number of threads from 1 to 256")};
            options.threads = threads;
            ++i;
        } else if (argument == QLatin1String("--until")) {
            const auto until = i + 1 < arguments.size() ? parseDuration(arguments[i + 1]) : std::nullopt;
            if (!until)
                return {std::nullopt, QStringLiteral("--until needs a duration such as 90s, 10m or 1h30m")};
            options.untilNanos = *until;
            ++i;
        } else if (argument == QLatin1String("--trace")) {
            if (i + 1 >= arguments.size())
                return {std::nullopt, QStringLiteral("--trace needs a file")};
            options.traceFile = arguments[++i];
        } else if (argument == QLatin1String("--no-node-detail")) {
            options.nodeDetail = false;
        } else if (argument == QLatin1String("--node-detail-budget")) {
            bool ok = false;
            const qlonglong mebibytes = i + 1 < arguments.size() ? arguments[i + 1].toLongLong(&ok) : 0;
            if (!ok || mebibytes < 1 || mebibytes > (qlonglong(1) << 30))
                return {std::nullopt, QStringLiteral("--node-detail-budget needs a size in MiB from 1 to 1073741824")};
            options.nodeDetailBudgetMiB = qsizetype(mebibytes);
            ++i;
        } else if (argument == QLatin1String("--at")) {
            const auto at = i + 1 < arguments.size() ? parseDuration(arguments[i + 1]) : std::nullopt;
            if (!at)
                return {std::nullopt, QStringLiteral("--at needs a duration such as 90s, 10m or 1h30m")};
            options.atNanos = *at;
            ++i;
        } else if (argument == QLatin1String("--theme")) {
            const QString theme = i + 1 < arguments.size() ? arguments[i + 1] : QString();
            if (theme != QLatin1String("system") && theme != QLatin1String("light") && theme != QLatin1String("dark"))
                return {std::nullopt, QStringLiteral("--theme needs system, light or dark")};
            options.theme = theme;
            ++i;
        } else if (argument == QLatin1String("--select")) {
            if (i + 1 >= arguments.size())
                return {std::nullopt, QStringLiteral("--select needs NAMESPACE/NAME")};
            options.select = arguments[++i];
            if (!options.select.contains(QLatin1Char('/')))
                options.select = QStringLiteral("default/") + options.select;
        } else if (argument == QLatin1String("--max")) {
            bool ok = false;
            const int copies = i + 1 < arguments.size() ? arguments[i + 1].toInt(&ok) : 0;
            if (!ok || copies < 0)
                return {std::nullopt, QStringLiteral("--max needs a number of copies (0 or more)")};
            options.maxCopies = copies;
            ++i;
        } else if (argument == QLatin1String("--extender-answers")) {
            if (i + 1 >= arguments.size() || arguments[i + 1].isEmpty())
                return {std::nullopt, QStringLiteral("--extender-answers needs a trace file (run --trace wrote it)")};
            options.extenderAnswers = arguments[++i];
        } else if (argument == QLatin1String("--listen") || argument == QLatin1String("--rules") || argument == QLatin1String("--cert")
                   || argument == QLatin1String("--key")) {
            const QString value = i + 1 < arguments.size() ? arguments[i + 1] : QString();
            if (value.isEmpty())
                return {std::nullopt, argument + QStringLiteral(" needs a value")};
            ++i;
            if (argument == QLatin1String("--listen"))
                options.listen = value;
            else if (argument == QLatin1String("--rules"))
                options.rules = value;
            else if (argument == QLatin1String("--cert"))
                options.certFile = value;
            else
                options.keyFile = value;
        } else if (argument == QLatin1String("--connect")) {
            options.connect = true;
        } else if (argument == QLatin1String("--present")) {
            options.present = true;
        } else if (argument == QLatin1String("--lesson") && arguments.constFirst() == QLatin1String("export")) {
            options.lessonHandout = true;
        } else if (argument == QLatin1String("--lesson")) {
            if (i + 1 >= arguments.size() || arguments[i + 1].isEmpty() || arguments[i + 1].contains(QLatin1Char('/')))
                return {std::nullopt, QStringLiteral("--lesson needs the name of a bundled lesson (such as queues)")};
            options.lesson = arguments[++i];
        } else if (argument == QLatin1String("--view")) {
            if (i + 1 >= arguments.size())
                return {std::nullopt, QStringLiteral("--view needs a view: ") + exportViewNames().join(QStringLiteral(", "))};
            options.view = arguments[++i];
            if (!exportViewNames().contains(options.view))
                return {std::nullopt, QStringLiteral("--view: no view named ") + options.view + QStringLiteral(" (the views: ")
                                          + exportViewNames().join(QStringLiteral(", ")) + QLatin1Char(')')};
        } else if (argument == QLatin1String("--size")) {
            static const QRegularExpression pattern(QStringLiteral("^([0-9]{3,5})x([0-9]{3,5})$"));
            const QRegularExpressionMatch match = pattern.match(i + 1 < arguments.size() ? arguments[i + 1] : QString());
            const QSize size = match.hasMatch() ? QSize(match.captured(1).toInt(), match.captured(2).toInt()) : QSize();
            if (!size.isValid() || size.width() < 320 || size.height() < 240 || size.width() > 7680 || size.height() > 4320)
                return {std::nullopt, QStringLiteral("--size needs WIDTHxHEIGHT in pixels, from 320x240 to 7680x4320, such as 1280x720")};
            options.size = size;
            ++i;
        } else if (argument == QLatin1String("--screenshot")) {
            if (i + 1 >= arguments.size())
                return {std::nullopt, QStringLiteral("--screenshot needs a directory")};
            options.screenshotDir = arguments[++i];
        } else if (argument == QLatin1String("--kubeconfig") || argument == QLatin1String("--context") || argument == QLatin1String("-o")
                   || argument == QLatin1String("--output") || argument == QLatin1String("-n") || argument == QLatin1String("--namespace")) {
            const QString value = i + 1 < arguments.size() ? arguments[i + 1] : QString();
            if (value.isEmpty())
                return {std::nullopt, argument + QStringLiteral(" needs a value")};
            ++i;
            if (argument == QLatin1String("--kubeconfig"))
                options.kubeconfig = value;
            else if (argument == QLatin1String("--context"))
                options.context = value;
            else if (argument == QLatin1String("-o") || argument == QLatin1String("--output"))
                options.output = value;
            else
                options.namespace_ = value;
        } else if (argument == QLatin1String("-A") || argument == QLatin1String("--all-namespaces")) {
            options.allNamespaces = true;
        } else if (argument == QLatin1String("--duration") || argument == QLatin1String("--timeout")) {
            const auto duration = i + 1 < arguments.size() ? parseDuration(arguments[i + 1]) : std::nullopt;
            if (!duration || *duration <= 0)
                return {std::nullopt, argument + QStringLiteral(" needs a duration such as 90s, 10m or 1h30m")};
            if (argument == QLatin1String("--duration"))
                options.durationNanos = *duration;
            else
                options.timeoutNanos = *duration;
            ++i;
        } else if (argument.startsWith(QLatin1Char('-')) && argument != QLatin1String("-")) {
            return {std::nullopt, QStringLiteral("unknown option ") + argument};
        } else {
            positional.append(argument);
        }
    }
    const QString verb = positional.isEmpty() ? QString() : positional.constFirst();
    if (verb == QLatin1String("check") || verb == QLatin1String("explain") || verb == QLatin1String("run")) {
        options.command = verb == QLatin1String("check") ? Command::Check : verb == QLatin1String("run") ? Command::Run : Command::Explain;
        positional.removeFirst();
        if (positional.size() != 1)
            return {std::nullopt, verb + QStringLiteral(" needs exactly one scenario file")};
        options.scenario = positional.constFirst();
        if (options.command == Command::Explain) {
            if (options.pod.isEmpty())
                return {std::nullopt, QStringLiteral("explain needs --pod NAMESPACE/NAME")};
            if (!options.pod.contains(QLatin1Char('/')))
                options.pod = QStringLiteral("default/") + options.pod;
        }
    } else if (verb == QLatin1String("capacity") || verb == QLatin1String("compare")) {
        options.command = verb == QLatin1String("capacity") ? Command::Capacity : Command::Compare;
        positional.removeFirst();
        if (positional.size() != 1)
            return {std::nullopt, verb + QStringLiteral(" needs exactly one scenario file")};
        options.scenario = positional.constFirst();
        if (options.command == Command::Capacity && options.pod.isEmpty())
            return {std::nullopt, QStringLiteral("capacity needs --pod FILE: the pod to place copies of, as a Pod manifest")};
        if (options.command == Command::Compare && options.kubernetesVersion && !options.kubernetesVersionB && !options.seed
            && options.config.isEmpty())
            return {std::nullopt, QStringLiteral("compare: --kubernetes-version twice to compare two versions (A, then B)")};
        if (options.command == Command::Compare && options.config.isEmpty() && !options.seed && !options.kubernetesVersionB)
            return {std::nullopt, QStringLiteral("compare needs something to compare: --config A.yaml [--config B.yaml | --seed N], or "
                                                 "--kubernetes-version A --kubernetes-version B")};
        if (options.command == Command::Compare && int(!options.configB.isEmpty()) + int(options.seed.has_value()) + int(options.kubernetesVersionB.has_value()) > 1)
            return {std::nullopt, QStringLiteral("compare: a second --config, --seed or a second --kubernetes-version, one of them")};

    } else if (verb == QLatin1String("export")) {
        options.command = Command::Export;
        positional.removeFirst();
        if (positional.size() != 1)
            return {std::nullopt, QStringLiteral("export needs exactly one scenario file")};
        options.scenario = positional.constFirst();
        if (options.lessonHandout && options.atNanos)
            return {std::nullopt, QStringLiteral("export: --at or --lesson, not both (--lesson exports every chapter)")};
        if (options.lessonHandout && !options.output.endsWith(QLatin1String(".pdf"), Qt::CaseInsensitive))
            return {std::nullopt, QStringLiteral("export --lesson writes a PDF handout: -o FILE.pdf")};
        if (!options.atNanos && !options.lessonHandout)
            return {std::nullopt, QStringLiteral("export needs --at DURATION (the virtual time to export) or --lesson (a PDF handout)")};
        if (options.output.isEmpty())
            return {std::nullopt, QStringLiteral("export needs -o FILE ending in .png, .svg, .csv or .pdf")};
        const QString suffix = QFileInfo(options.output).suffix().toLower();
        if (suffix != QLatin1String("png") && suffix != QLatin1String("svg") && suffix != QLatin1String("csv") && suffix != QLatin1String("pdf"))
            return {std::nullopt, QStringLiteral("export -o: the format follows the suffix, .png, .svg, .csv or .pdf, not ") + options.output};
        if (suffix == QLatin1String("csv") && options.view != QLatin1String("charts") && options.view != QLatin1String("eventlog"))
            return {std::nullopt, QStringLiteral("export to CSV needs --view charts or --view eventlog")};
    } else if (verb == QLatin1String("snapshot") || verb == QLatin1String("record") || verb == QLatin1String("pending")
               || verb == QLatin1String("shadow")) {
        options.command = verb == QLatin1String("snapshot") ? Command::Snapshot
            : verb == QLatin1String("record")               ? Command::Record
            : verb == QLatin1String("pending")              ? Command::Pending
                                                            : Command::Shadow;
        if (positional.size() > 1)
            return {std::nullopt, verb + QStringLiteral(" reads the cluster, not a file: unexpected argument ") + positional[1]};
        if (options.command == Command::Record && options.output.isEmpty())
            return {std::nullopt, QStringLiteral("record needs -o FILE")};
    } else if (verb == QLatin1String("extender")) {
        options.command = Command::Extender;
        if (positional.size() > 1)
            return {std::nullopt, QStringLiteral("extender takes options only: unexpected argument ") + positional[1]};
        if (options.rules.isEmpty())
            return {std::nullopt, QStringLiteral("extender needs --rules FILE (docs/extenders.md)")};
        if (options.certFile.isEmpty() != options.keyFile.isEmpty())
            return {std::nullopt, QStringLiteral("extender: --cert and --key go together (HTTPS)")};
    } else if (verb == QLatin1String("completion")) {
        options.command = Command::Completion;
        if (arguments.size() != 2 || positional.size() != 2 || (positional[1] != QLatin1String("bash") && positional[1] != QLatin1String("zsh")))
            return {std::nullopt, QStringLiteral("completion takes the shell alone: bash or zsh")};
        options.shell = positional[1];
    } else {
        if (positional.size() > 1)
            return {std::nullopt, QStringLiteral("unexpected argument ") + positional[1]};
        if (!positional.isEmpty())
            options.scenario = positional.constFirst();
    }
    const bool extenderOptions = !options.listen.isEmpty() || !options.rules.isEmpty() || !options.certFile.isEmpty() || !options.keyFile.isEmpty();
    if (extenderOptions && options.command != Command::Extender)
        return {std::nullopt, QStringLiteral("--listen, --rules, --cert and --key are for extender")};
    if (options.command == Command::Extender && !options.config.isEmpty())
        return {std::nullopt, QStringLiteral("--config is not for extender: its rules file says how it answers")};
    if (!options.pod.isEmpty() && options.command != Command::Explain && options.command != Command::Capacity)
        return {std::nullopt, QStringLiteral("--pod is for explain and capacity")};
    if (!options.configB.isEmpty() && options.command != Command::Compare)
        return {std::nullopt, QStringLiteral("--config twice is for compare")};
    if (options.kubernetesVersionB && options.command != Command::Compare)
        return {std::nullopt, QStringLiteral("--kubernetes-version twice is for compare")};
    const bool versioned = options.command == Command::Gui || options.command == Command::Check || options.command == Command::Explain
        || options.command == Command::Run
        || options.command == Command::Capacity || options.command == Command::Compare || options.command == Command::Pending
        || options.command == Command::Shadow;
    if ((options.kubernetesVersion || !options.featureGates.isEmpty()) && !versioned)
        return {std::nullopt, QStringLiteral("--kubernetes-version and --feature-gates are for check, explain, run, capacity, compare, "
                                             "pending, shadow and the app")};
    if (options.command == Command::Gui && !options.featureGates.isEmpty())
        return {std::nullopt, QStringLiteral("--feature-gates is for the headless commands: the app takes a scenario's spec.featureGates")};
    if (options.maxCopies && options.command != Command::Capacity)
        return {std::nullopt, QStringLiteral("--max is for capacity")};
    if (options.attempt != 1 && options.command != Command::Explain)
        return {std::nullopt, QStringLiteral("--attempt is for explain")};
    if (options.json && options.command != Command::Check && options.command != Command::Explain && options.command != Command::Run
        && options.command != Command::Pending && options.command != Command::Shadow && options.command != Command::Capacity
        && options.command != Command::Compare)
        return {std::nullopt, QStringLiteral("--json is for headless commands")};
    if (!options.nodeDetail && options.nodeDetailBudgetMiB > 0)
        return {std::nullopt, QStringLiteral("--no-node-detail and --node-detail-budget exclude each other")};
    const bool runOnly = options.untilNanos || !options.traceFile.isEmpty() || !options.nodeDetail || options.nodeDetailBudgetMiB > 0
        || !options.extenderAnswers.isEmpty() || options.threads;
    if (runOnly && options.command != Command::Run)
        return {std::nullopt, QStringLiteral("--until, --trace, --threads, --no-node-detail, --node-detail-budget and --extender-answers are for run")};
    if (options.seed && options.command != Command::Run && options.command != Command::Compare)
        return {std::nullopt, QStringLiteral("--seed is for run and compare")};
    if (!options.screenshotDir.isEmpty() && options.command != Command::Gui)
        return {std::nullopt, QStringLiteral("--screenshot is for the desktop app")};
    if (options.atNanos && options.command != Command::Gui && options.command != Command::Export && options.command != Command::Capacity)
        return {std::nullopt, QStringLiteral("--at is for the desktop app, export and capacity")};
    if (!options.theme.isEmpty() && options.command != Command::Gui && options.command != Command::Export)
        return {std::nullopt, QStringLiteral("--theme is for the desktop app and export")};
    if ((!options.view.isEmpty() || !options.size.isEmpty()) && options.command != Command::Export)
        return {std::nullopt, QStringLiteral("--view and --size are for export")};
    if (options.connect && (options.command != Command::Gui || !options.scenario.isEmpty() || !options.lesson.isEmpty()
                            || !options.screenshotDir.isEmpty() || !options.kubeconfig.isEmpty() || !options.context.isEmpty()))
        return {std::nullopt, QStringLiteral("--connect opens the app's Connect to Cluster dialog: give no command, SCENARIO, "
                                             "--lesson, --screenshot, --kubeconfig or --context with it")};
    if ((options.present || !options.lesson.isEmpty()) && options.command != Command::Gui)
        return {std::nullopt, QStringLiteral("--present and --lesson NAME are for the desktop app")};
    if (!options.lesson.isEmpty() && (!options.scenario.isEmpty() || !options.kubeconfig.isEmpty() || !options.context.isEmpty()))
        return {std::nullopt, QStringLiteral("--lesson opens a bundled lesson: give no SCENARIO, --kubeconfig or --context with it")};
    const bool live = options.command == Command::Snapshot || options.command == Command::Record || options.command == Command::Pending
        || options.command == Command::Shadow;
    if ((!options.kubeconfig.isEmpty() || !options.context.isEmpty()) && !live && options.command != Command::Gui)
        return {std::nullopt, QStringLiteral("--kubeconfig and --context are for snapshot, record, pending, shadow and the app")};
    if (options.timeoutNanos != Options().timeoutNanos && !live)
        return {std::nullopt, QStringLiteral("--timeout is for snapshot, record, pending and shadow")};
    if ((!options.kubeconfig.isEmpty() || !options.context.isEmpty()) && !options.scenario.isEmpty())
        return {std::nullopt, QStringLiteral("the app opens a scenario or a cluster (--kubeconfig, --context), not both")};
    if (!options.output.isEmpty() && options.command != Command::Snapshot && options.command != Command::Record && options.command != Command::Export)
        return {std::nullopt, QStringLiteral("-o is for snapshot, record and export")};
    if (options.durationNanos && options.command != Command::Record && options.command != Command::Shadow)
        return {std::nullopt, QStringLiteral("--duration is for record and shadow")};
    if ((!options.namespace_.isEmpty() || options.allNamespaces) && options.command != Command::Pending)
        return {std::nullopt, QStringLiteral("-n and -A are for pending")};
    if (!options.namespace_.isEmpty() && options.allNamespaces)
        return {std::nullopt, QStringLiteral("-n and -A exclude each other")};
    if (!options.config.isEmpty() && (options.command == Command::Snapshot || options.command == Command::Record))
        return {std::nullopt, QStringLiteral("--config is for check, explain, run, export, capacity, compare, pending, shadow and the app")};
    if (!options.select.isEmpty() && options.screenshotDir.isEmpty() && options.command != Command::Export)
        return {std::nullopt, QStringLiteral("--select is for --screenshot and export")};
    return {options, {}};
}

} // namespace ksv::cli
