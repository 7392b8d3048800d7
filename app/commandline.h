#pragma once

#include "scenario/effectiveconfig.h"
#include "version/features.h"

#include <QSize>
#include <QString>
#include <QStringList>

#include <optional>

namespace ksv::cli {

// Exit statuses shared by every command.
enum ExitCode : int {
    ExitOk = 0,
    ExitFailure = 1,  // the command ran but could not do what was asked (no display, ...)
    ExitBadInput = 2, // a file, flag or argument is wrong: one message names what and where
};

enum class Command { Gui, Check, Explain, Run, Snapshot, Record, Pending, Shadow, Export, Capacity, Compare, Extender, Completion, Complete, Help, Version };

struct Options
{
    Command command = Command::Gui;
    QString scenario;  // empty: the bundled default sample
    QString config;    // --config
    QString configB;   // a second --config (compare's B)
    std::optional<version::KubeVersion> kubernetesVersion;  // --kubernetes-version: overrides the scenario's and the cluster's
    std::optional<version::KubeVersion> kubernetesVersionB; // a second --kubernetes-version (compare's B)
    QList<version::GateSetting> featureGates;               // --feature-gates A=true,B=false (may repeat)
    QString pod;       // --pod NAMESPACE/NAME (explain), or a Pod manifest file (capacity)
    std::optional<int> maxCopies; // --max N (capacity)
    int attempt = 1;   // --attempt N|last (explain); 0 is last
    bool json = false; // --json
    QString screenshotDir; // --screenshot DIR: save a PNG of every view once loaded, then quit
    std::optional<qint64> atNanos; // --at DURATION: the app opens paused at that virtual time
    QString theme;                 // --theme system|light|dark (else the saved choice)
    QString select;                // --select NAMESPACE/NAME: the pod a screenshot or an export selects (else the most retried)
    bool present = false;          // --present: open in presentation mode
    QString lesson;                // --lesson NAME: open the bundled lesson samples/lessons/NAME.yaml
    bool connect = false;          // --connect: open the Connect to Cluster dialog
    QString helpCommand;           // --help with a command word: that command's help
    QString shell;                 // completion bash|zsh
    QStringList completeWords;     // __complete WORDS...: the words to complete (completion.h)
    // export
    bool lessonHandout = false;    // --lesson: the scenario's lesson as a PDF handout, a page per chapter
    QString view;                  // --view NAME: one view instead of the window (exportViewNames)
    QSize size;                    // --size WxH: the window's size (else exportDefaultSize)
    // run
    std::optional<quint64> seed;        // --seed N
    std::optional<int> threads;         // --threads N (run): Filter and Score spread over N threads
    std::optional<qint64> untilNanos;   // --until DURATION
    QString traceFile;                  // --trace FILE
    QString extenderAnswers;            // --extender-answers TRACE: replay the extenders' answers a trace recorded
    bool nodeDetail = true;             // --no-node-detail turns per-node trace detail off
    qsizetype nodeDetailBudgetMiB = 0;  // --node-detail-budget MIB: per-node detail stops past it (as in the app)
    // snapshot, record, pending, shadow: the live cluster
    QString kubeconfig;                 // --kubeconfig FILE
    QString context;                    // --context NAME
    QString output;                     // -o FILE (snapshot: else standard output; export: its suffix is the format)
    std::optional<qint64> durationNanos; // --duration DURATION (record, shadow: else until Ctrl+C)
    QString namespace_;                 // -n NAMESPACE (pending: else the context's)
    bool allNamespaces = false;         // -A
    qint64 timeoutNanos = 60'000'000'000; // --timeout DURATION: the longest wait for the first complete list
    // extender: the demo scheduler extender
    QString listen;                     // --listen ADDRESS:PORT (loopback only; port 0: any free one; default 127.0.0.1:0)
    QString rules;                      // --rules FILE
    QString certFile;                   // --cert FILE (with --key: HTTPS)
    QString keyFile;                    // --key FILE
};

struct ParseResult
{
    std::optional<Options> options;
    QString error; // set when options is empty
};

// --kubernetes-version (the first, for compare) and --feature-gates, for effectiveConfiguration.
inline VersionChoice versionChoice(const Options& options)
{
    return {options.kubernetesVersion, options.featureGates};
}

// Prints versionWarning's sentence, if any, as "warning: ...".
void warnAboutVersion(const Scenario& scenario, const VersionChoice& choice, QTextStream& err);

// Parses argv[1..]. Kept free of QCommandLineParser's exit-on-error so that every bad invocation
// is reported the same way (exit status 2).
ParseResult parseArguments(const QStringList& arguments);

// What `export --view` accepts: the app's views as ui/export/exportviews.h names them.
QStringList exportViewNames();
inline constexpr QSize exportDefaultSize(1400, 900); // the app's window on a large screen

inline const QString defaultSample = QStringLiteral(":/samples/default.yaml");

} // namespace ksv::cli
