#include "completion.h"

#include "version/features.h"

#include "commandhelp.h"

#include "kubeconfig.h"
#include "scenario/loader.h"

#include <QDir>
#include <QFileInfo>

#include <exception>

namespace ksv::cli {

namespace {

QString expandHome(const QString& path)
{
    return path.startsWith(QLatin1String("~/")) ? QDir::home().filePath(path.mid(2)) : path;
}

// The first sentence: enough beside a candidate in zsh's menu.
QString firstSentence(const char* text)
{
    const QString all = QString::fromUtf8(text);
    const qsizetype end = all.indexOf(QLatin1String(". "));
    return end < 0 ? all : all.left(end + 1);
}

// Only a regular file (or a bundled sample) is read: completing on /dev/stdin or a FIFO must not block.
bool readable(const QString& path)
{
    return path.startsWith(QLatin1String(":/")) || QFileInfo(path).isFile();
}

QStringList scenarioPods(const QString& path)
{
    QStringList pods;
    if (!readable(path))
        return pods;
    try {
        const Scenario scenario = loadScenarioFile(path);
        for (const Pod& pod : scenario.initial.pods)
            pods.append(pod.key());
        for (const ObjectChange& change : scenario.events) {
            if (const Pod* pod = std::get_if<Pod>(&change.object); pod && change.action == EventAction::Create)
                pods.append(pod->key());
        }
    } catch (const std::exception&) {
        // A broken scenario completes nothing: the command itself will say what is wrong.
    }
    pods.removeDuplicates();
    return pods;
}

QStringList kubeconfigContexts(const QString& kubeconfigFlag)
{
    QStringList names;
    if (!kubeconfigFlag.isEmpty() && !readable(kubeconfigFlag))
        return names;
    try {
        for (const client::ContextEntry& context : client::listContexts(client::KubeconfigOptions::fromEnvironment(kubeconfigFlag)).contexts)
            names.append(context.name);
    } catch (const std::exception&) {
    }
    return names;
}

// "01-queues.yaml" is the lesson `--lesson queues` opens.
QStringList bundledLessons()
{
    QStringList names;
    for (QString file : QDir(QStringLiteral(":/lessons")).entryList({QStringLiteral("*.yaml")}, QDir::Files, QDir::Name)) {
        file.chop(5);
        const qsizetype dash = file.indexOf(QLatin1Char('-'));
        names.append(dash > 0 ? file.mid(dash + 1) : file);
    }
    return names;
}

} // namespace

CompletionSources CompletionSources::standard()
{
    return {kubeconfigContexts, scenarioPods, bundledLessons};
}

Completion complete(const QStringList& allWords, const CompletionSources& sources)
{
    QStringList words = allWords;
    const QString current = words.isEmpty() ? QString() : words.takeLast();
    const CommandHelp* command = findCommand(QString());
    bool commandGiven = false;
    QStringList positionals;
    QHash<QString, QString> given; // flag -> its argument
    const OptionHelp* pending = nullptr; // the option whose argument is being completed
    int countConfig = 0;
    for (qsizetype i = 0; i < words.size(); ++i) {
        const QString& word = words[i];
        if (word.size() > 1 && word.startsWith(QLatin1Char('-'))) {
            const OptionHelp* option = findOption(*command, word);
            if (!option)
                continue;
            given.insert(QString::fromUtf8(option->flag), QString());
            countConfig += QLatin1String(option->flag) == QLatin1String("--config") ? 1 : 0;
            if (option->argument) {
                if (i + 1 < words.size())
                    given.insert(QString::fromUtf8(option->flag), words[++i]);
                else
                    pending = option;
            }
        } else if (!commandGiven && positionals.isEmpty() && !word.isEmpty() && findCommand(word)) {
            command = findCommand(word);
            commandGiven = true;
        } else {
            positionals.append(word);
        }
    }

    Completion result;
    const auto offer = [&result, &current](const QString& word, const QString& description = {}) {
        if (word.startsWith(current)) {
            result.words.append(word);
            result.descriptions.append(description);
        }
    };
    if (pending) {
        switch (pending->kind) {
        case ArgumentKind::File:
            result.mode = Completion::Mode::Files;
            break;
        case ArgumentKind::Directory:
            result.mode = Completion::Mode::Directories;
            break;
        case ArgumentKind::Choice:
            for (const QString& choice : QString::fromUtf8(pending->choices).split(QLatin1Char(' ')))
                offer(choice);
            break;
        case ArgumentKind::Context:
            if (sources.contexts) {
                for (const QString& context : sources.contexts(expandHome(given.value(QStringLiteral("--kubeconfig")))))
                    offer(context);
            }
            break;
        case ArgumentKind::Pod:
            if (sources.pods) {
                // The app without a SCENARIO opens the bundled default sample.
                const QString scenario = positionals.isEmpty() ? (commandGiven ? QString() : QStringLiteral(":/samples/default.yaml"))
                                                               : expandHome(positionals.constFirst());
                if (!scenario.isEmpty()) {
                    for (const QString& pod : sources.pods(scenario))
                        offer(pod);
                }
            }
            break;
        case ArgumentKind::Lesson:
            if (sources.lessons) {
                for (const QString& lesson : sources.lessons())
                    offer(lesson);
            }
            break;
        case ArgumentKind::Number:
            if (QLatin1String(pending->flag) == QLatin1String("--attempt"))
                offer(QStringLiteral("last"));
            break;
        case ArgumentKind::Gates:
            // The gates kschedviz knows, each ready for its value; after a comma, the next one.
            for (const version::GateSpec& gate : version::gates()) {
                const QString prefix = current.contains(QLatin1Char(',')) ? current.left(current.lastIndexOf(QLatin1Char(',')) + 1) : QString();
                offer(prefix + QLatin1String(gate.name) + QLatin1Char('='), QString::fromLatin1(gate.effect));
            }
            break;
        case ArgumentKind::None:
        case ArgumentKind::Duration:
        case ArgumentKind::Namespace:
        case ArgumentKind::Size:
        case ArgumentKind::Address:
            break;
        }
        return result;
    }
    if (current.startsWith(QLatin1Char('-'))) {
        // compare takes --config twice: A, then B.
        const bool secondConfig = QLatin1String(command->name) == QLatin1String("compare") && countConfig < 2;
        for (const OptionHelp& option : command->options) {
            const QString flag = QString::fromUtf8(option.flag);
            if (!given.contains(flag) || (secondConfig && flag == QLatin1String("--config")))
                offer(QString::fromUtf8(option.flag), firstSentence(option.text));
        }
        offer(QStringLiteral("--help"), QStringLiteral("Show the options."));
        if (!commandGiven)
            offer(QStringLiteral("--version"), QStringLiteral("Show the version and the modelled Kubernetes version."));
        return result;
    }
    if (!commandGiven && positionals.isEmpty()) {
        for (const CommandHelp& each : commands()) {
            if (*each.name)
                offer(QString::fromUtf8(each.name), QString::fromUtf8(each.summary));
        }
        result.mode = Completion::Mode::Files; // or the app's SCENARIO
        return result;
    }
    if (positionals.isEmpty() && command->positional == ArgumentKind::File)
        result.mode = Completion::Mode::Files;
    else if (positionals.isEmpty() && command->positional == ArgumentKind::Choice) {
        offer(QStringLiteral("bash"));
        offer(QStringLiteral("zsh"));
    }
    return result;
}

QString formatCompletion(const Completion& completion)
{
    QString out = completion.mode == Completion::Mode::Files         ? QStringLiteral("files\n")
        : completion.mode == Completion::Mode::Directories ? QStringLiteral("dirs\n")
                                                           : QStringLiteral("words\n");
    for (qsizetype i = 0; i < completion.words.size(); ++i) {
        out += completion.words[i];
        const QString description = completion.descriptions.value(i);
        if (!description.isEmpty())
            out += QLatin1Char('\t') + description;
        out += QLatin1Char('\n');
    }
    return out;
}

QString bashCompletionScript()
{
    return QStringLiteral(R"(# bash completion for kschedviz. Generated from the command table: `kschedviz completion bash`.
# It asks `kschedviz __complete WORDS...` for candidates, so contexts and pods come from the files named.
_kschedviz() {
    # No pathname expansion of candidates such as a[1].yaml (options local to the function).
    local -
    set -f
    # The words typed so far, split on blanks only: context names such as arn:aws:eks:... keep their colons.
    local line=${COMP_LINE:0:COMP_POINT}
    local -a words
    read -r -a words <<< "$line"
    [[ $line =~ [[:space:]]$ ]] && words+=("")
    local cur=${words[${#words[@]}-1]}
    local IFS=$'\n'
    local -a answer
    answer=($("${words[0]}" __complete "${words[@]:1}" 2>/dev/null)) || return 0
    COMPREPLY=()
    case ${answer[0]} in
        files) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")) ;;
        dirs) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- "$cur")) ;;
    esac
    local candidate
    for candidate in "${answer[@]:1}"; do
        COMPREPLY+=("${candidate%%$'\t'*}")
    done
    # Bash replaces only what follows the last colon (COMP_WORDBREAKS), so that part is offered.
    if [[ $cur == *:* && $COMP_WORDBREAKS == *:* ]]; then
        local prefix=${cur%"${cur##*:}"}
        COMPREPLY=("${COMPREPLY[@]#"$prefix"}")
    fi
}
complete -F _kschedviz kschedviz
)");
}

QString zshCompletionScript()
{
    return QStringLiteral(R"(#compdef kschedviz
# zsh completion for kschedviz. Generated from the command table: `kschedviz completion zsh`.
# It asks `kschedviz __complete WORDS...` for candidates, so contexts and pods come from the files named.
_kschedviz() {
    local -a answer candidates
    answer=("${(@f)$(${words[1]} __complete "${(@)words[2,CURRENT]}" 2>/dev/null)}")
    case ${answer[1]} in
        files) _files ;;
        dirs) _files -/ ;;
    esac
    local line
    for line in "${(@)answer[2,-1]}"; do
        [[ -n $line ]] || continue
        if [[ $line == *$'\t'* ]]; then
            candidates+=("${${line%%$'\t'*}//:/\\:}:${line#*$'\t'}")
        else
            candidates+=("${line//:/\\:}")
        fi
    done
    (( ${#candidates} )) && _describe -t kschedviz 'kschedviz' candidates
    return 0
}
if [[ ${zsh_eval_context[-1]} == loadautofunc ]]; then
    _kschedviz "$@"
else
    (( ${+functions[compdef]} )) && compdef _kschedviz kschedviz
fi
)");
}

} // namespace ksv::cli
