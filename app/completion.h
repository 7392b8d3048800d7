#pragma once

#include <QString>
#include <QStringList>

#include <functional>

namespace ksv::cli {

// Shell completion. The shell scripts are thin: they pass the words typed so far to the hidden
// `kschedviz __complete WORDS...` and offer what it prints, so the commands and options come from
// the same table as --help (commandhelp.h) and the dynamic answers (contexts, pods) from the same
// code as the commands.
struct Completion
{
    enum class Mode { Words, Files, Directories }; // Files and Directories: the shell adds paths
    Mode mode = Mode::Words;
    QStringList words;        // candidates that start with the word being completed
    QStringList descriptions; // one per word, possibly empty (zsh shows them)
};

// Where dynamic candidates come from; the defaults read the kubeconfig, the scenario and the
// bundled lessons. Each returns nothing when what it reads is missing or broken.
struct CompletionSources
{
    std::function<QStringList(const QString& kubeconfigFlag)> contexts;
    std::function<QStringList(const QString& scenarioPath)> pods; // NAMESPACE/NAME
    std::function<QStringList()> lessons;
    static CompletionSources standard();
};

// `words` are the command line's words after the program name; the last is the word being
// completed (empty after a space).
Completion complete(const QStringList& words, const CompletionSources& sources);

// What `__complete` prints: the mode ("words", "files" or "dirs"), then one candidate a line, a
// tab and its description after it when there is one.
QString formatCompletion(const Completion& completion);

QString bashCompletionScript();
QString zshCompletionScript();

} // namespace ksv::cli
