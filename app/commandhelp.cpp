#include "commandhelp.h"

#include <QRegularExpression>

namespace ksv::cli {

namespace {

using K = ArgumentKind;

// Options several commands share: one wording everywhere.
constexpr OptionHelp configOption{"--config", nullptr, "FILE", K::File,
                                  "A KubeSchedulerConfiguration (kubescheduler.config.k8s.io/v1) used instead of the scenario's own."};
constexpr OptionHelp jsonOption{"--json", nullptr, nullptr, K::None, "Print JSON instead of text."};
constexpr OptionHelp versionOption{"--kubernetes-version", nullptr, "VERSION", K::Choice,
                                   "The Kubernetes version to model, such as 1.36 (v1.36 and 1.36.4 are read too), instead of the scenario's spec.kubernetesVersion, the cluster's or the default (v1.32).",
                                   "1.32 1.33 1.34 1.35 1.36 1.37"};
constexpr OptionHelp gatesOption{"--feature-gates", nullptr, "NAME=BOOL,...", K::Gates,
                                 "Feature gates on that version's defaults, as kube-scheduler's flag sets them (after the scenario's spec.featureGates)."};
constexpr OptionHelp kubeconfigOption{"--kubeconfig", nullptr, "FILE", K::File,
                                      "The kubeconfig to read, alone. Without it, $KUBECONFIG's files are merged, else ~/.kube/config is read, as kubectl does."};
constexpr OptionHelp contextOption{"--context", nullptr, "NAME", K::Context, "The kubeconfig context to use instead of current-context."};
constexpr OptionHelp timeoutOption{"--timeout", nullptr, "DURATION", K::Duration,
                                   "The longest wait for every resource's first complete list (default 60s); then the command names what it still waited for and exits 1."};
constexpr OptionHelp themeOption{"--theme", nullptr, "THEME", K::Choice, "The colours: system, light or dark (else the saved choice).",
                                 "system light dark"};
constexpr OptionHelp selectOption{"--select", nullptr, "NAMESPACE/NAME", K::Pod, "The pod to select (else the most retried one)."};

constexpr OptionHelp appOptions[] = {
    configOption,
    {"--kubernetes-version", nullptr, "VERSION", K::Choice,
     "Model this Kubernetes version instead of the scenario's (File > Kubernetes Version chooses it too).", "1.32 1.33 1.34 1.35 1.36 1.37"},
    kubeconfigOption,
    contextOption,
    {"--connect", nullptr, nullptr, K::None, "Open the Connect to Cluster dialog, which lists the kubeconfig's contexts."},
    {"--lesson", nullptr, "NAME", K::Lesson,
     "Open a bundled lesson instead of SCENARIO: queues, cycles, extension-points, sampling, preemption, gang, profiles, queueing-hints "
     "or extenders."},
    {"--present", nullptr, nullptr, K::None, "Start in presentation mode: full screen, projector colours and the caption bar (F5 or Esc leaves it)."},
    {"--at", nullptr, "DURATION", K::Duration,
     "Open paused at this virtual time, such as 90s or 1m30s. On a cluster, take the screenshot this long after the first snapshot."},
    themeOption,
    {"--screenshot", nullptr, "DIR", K::Directory, "Save a PNG of the window and of every view to DIR once loaded, then quit."},
    {"--select", nullptr, "NAMESPACE/NAME", K::Pod, "The pod selected for --screenshot (else the most retried one)."},
};

constexpr OptionHelp checkOptions[] = {configOption, versionOption, gatesOption, jsonOption};

constexpr OptionHelp explainOptions[] = {
    {"--pod", nullptr, "NAMESPACE/NAME", K::Pod, "The pod to explain (required; a name without a namespace is in default)."},
    {"--attempt", nullptr, "N|last", K::Number, "Which of the pod's scheduling attempts: a number from 1 (the default), or last."},
    configOption,
    versionOption,
    gatesOption,
    jsonOption,
};

constexpr OptionHelp runOptions[] = {
    configOption,
    versionOption,
    gatesOption,
    {"--seed", nullptr, "N", K::Number, "The random seed (else the scenario's): it decides selectHost's ties, preemption's candidate offset and the latency model's draws."},
    {"--until", nullptr, "DURATION", K::Duration, "Stop at this virtual time instead of when nothing is left to do."},
    {"--trace", nullptr, "FILE", K::File, "Write the whole trace as JSON Lines (docs/trace-format.md)."},
    {"--threads", nullptr, "N", K::Number,
     "Spread Filter and Score over N threads (default: the configuration's parallelism, at most the machine's cores; one on two cores). The trace is the same for any number."},
    {"--no-node-detail", nullptr, nullptr, K::None, "Leave per-node Filter and Score detail out of the trace (smaller and faster for large runs)."},
    {"--node-detail-budget", nullptr, "MIB", K::Number, "Keep per-node detail until the trace holds this many MiB of it, as the app does."},
    {"--extender-answers", nullptr, "TRACE", K::File,
     "Call no extender: answer each call with what the extenders answered in a trace --trace wrote, in order (a replay gives the same trace)."},
    jsonOption,
};

constexpr OptionHelp exportOptions[] = {
    {"--at", nullptr, "DURATION", K::Duration, "The virtual time to export, such as 20s."},
    {"--lesson", nullptr, nullptr, K::None, "Export the scenario's lesson as a PDF handout, a page per chapter, instead of one moment."},
    {"-o", "--output", "FILE", K::File, "The file to write; its suffix is the format: .png (at 2x pixels), .svg, .pdf or .csv."},
    {"--view", nullptr, "NAME", K::Choice, "One view instead of the whole window. CSV needs charts or eventlog.",
     "queues heatmap inspector timeline charts eventlog nodes pods bookmarks edit differences capacity"},
    selectOption,
    {"--size", nullptr, "WxH", K::Size, "The window's size in pixels (default 1400x900)."},
    configOption,
    themeOption,
};

constexpr OptionHelp capacityOptions[] = {
    {"--pod", nullptr, "FILE", K::File, "The pod to place copies of: a file with one Pod manifest (required)."},
    {"--at", nullptr, "DURATION", K::Duration,
     "The cluster as the scenario has it at this virtual time (default: once the scenario's run has nothing left to do)."},
    {"--max", nullptr, "N", K::Number, "Stop once N copies fit (default: until one does not)."},
    configOption,
    versionOption,
    gatesOption,
    jsonOption,
};

constexpr OptionHelp compareOptions[] = {
    {"--config", nullptr, "FILE", K::File,
     "A KubeSchedulerConfiguration. Once: the scenario's own configuration is A and this is B. Twice: the first is A, the second B."},
    {"--seed", nullptr, "N", K::Number, "B runs with this seed, A with the scenario's, both with the same configuration."},
    {"--kubernetes-version", nullptr, "VERSION", K::Choice,
     "Once: both runs model this version. Twice: A models the first and B the second (the upgrade what-if), with the same configuration.",
     "1.32 1.33 1.34 1.35 1.36 1.37"},
    gatesOption,
    jsonOption,
};

constexpr OptionHelp extenderOptions[] = {
    {"--rules", nullptr, "FILE", K::File, "The ExtenderRules file: what to filter, how to score, whom to refuse, which faults to play (required)."},
    {"--listen", nullptr, "ADDRESS:PORT", K::Address, "Where to listen: a loopback address only (default 127.0.0.1:0, any free port)."},
    {"--cert", nullptr, "FILE", K::File, "A PEM certificate: serve HTTPS (with --key)."},
    {"--key", nullptr, "FILE", K::File, "The certificate's PEM private key."},
};

constexpr OptionHelp snapshotOptions[] = {
    kubeconfigOption, contextOption, timeoutOption,
    {"-o", "--output", "FILE", K::File, "Write to FILE (JSON for a .json name, else YAML) instead of standard output."},
};

constexpr OptionHelp recordOptions[] = {
    kubeconfigOption, contextOption, timeoutOption,
    {"--duration", nullptr, "DURATION", K::Duration, "Stop after this long (else at Ctrl+C)."},
    {"-o", "--output", "FILE", K::File, "The scenario file to write (required)."},
};

constexpr OptionHelp pendingOptions[] = {
    kubeconfigOption, contextOption, timeoutOption,
    {"-n", "--namespace", "NAMESPACE", K::Namespace, "Only this namespace's pods (else the context's namespace)."},
    {"-A", "--all-namespaces", nullptr, K::None, "The pending pods of every namespace."},
    configOption,
    versionOption,
    gatesOption,
    jsonOption,
};

constexpr OptionHelp shadowOptions[] = {
    kubeconfigOption, contextOption, timeoutOption, configOption, versionOption, gatesOption,
    {"--duration", nullptr, "DURATION", K::Duration, "Stop after this long (else at Ctrl+C)."},
    jsonOption,
};

constexpr CommandHelp table[] = {
    {"",
     "kschedviz [--config FILE] [SCENARIO]\n"
     "kschedviz [--config FILE] --kubeconfig FILE [--context NAME] | --context NAME | --connect\n"
     "kschedviz --lesson NAME [--present]\n"
     "kschedviz --screenshot DIR [--at DURATION] [--select NAMESPACE/NAME] [SCENARIO]",
     "open the desktop app on a scenario (default: the bundled sample), a cluster (read-only) or a lesson",
     "The desktop app opens SCENARIO paused at its start. Space plays, the arrow keys step, and Help > Keyboard Shortcuts lists the rest.\n\n"
     "SCENARIO is a kschedviz Scenario file, a multi-document YAML of Kubernetes objects, or the output of "
     "`kubectl get nodes,pods -A -o yaml`. Without one, the bundled default sample opens.\n\n"
     "With --kubeconfig or --context the app follows a live cluster instead, read-only: it sends GET requests and nothing else.",
     appOptions, K::File, ""},
    {"check", "kschedviz check SCENARIO [--config FILE] [--json]", "load and validate a scenario, print what it holds",
     "Loads SCENARIO (and the configuration) with every check the app makes and prints the objects, timed events and "
     "scheduler profiles it holds. A scenario with a lesson is played to its end and each chapter's start is listed; a chapter "
     "that never starts is an error at its place in the file.",
     checkOptions, K::File, "check s.yaml"},
    {"explain", "kschedviz explain SCENARIO --pod NAMESPACE/NAME [--attempt N|last] [--config FILE] [--json]",
     "one scheduling attempt of a pod, node by node",
     "Runs the scenario up to the pod's attempt (the first unless --attempt says) and prints, node by node, each Filter "
     "plugin's verdict with upstream's reason, each Score plugin's raw, normalized and weighted score, and the chosen node or "
     "the FailedScheduling message the cluster would show.",
     explainOptions, K::File, "explain s.yaml --pod default/web"},
    {"run",
     "kschedviz run SCENARIO [--config FILE] [--seed N] [--until DURATION] [--trace FILE]\n"
     "    [--no-node-detail | --node-detail-budget MIB] [--json]",
     "run the scheduler in virtual time, print where every pod went",
     "Runs the whole scheduling loop headless, in virtual time: the queue, both cycles, preemption and Permit. It prints each "
     "pod's node or FailedScheduling message, with attempts and times. The same scenario, configuration and seed give the same "
     "output and trace, byte for byte.",
     runOptions, K::File, "run s.yaml"},
    {"export",
     "kschedviz export SCENARIO --at DURATION -o FILE.png|.svg|.pdf|.csv [--view NAME] [--select NAMESPACE/NAME]\n"
     "    [--size WxH] [--config FILE] [--theme THEME]\n"
     "kschedviz export SCENARIO --lesson -o FILE.pdf [--config FILE]",
     "the window or one view at a virtual time, headless; or a lesson as a PDF handout",
     "Paints the window (or one view) at that virtual time off screen, as the app shows it: PNG at 2x pixels, SVG, or a "
     "one-page PDF. CSV writes the charts' data or the event log's rows. With --lesson it writes the scenario's lesson as a "
     "PDF handout, a page per chapter.",
     exportOptions, K::File, "export s.yaml --at 10s -o out.png"},
    {"capacity", "kschedviz capacity SCENARIO --pod FILE [--at DURATION] [--max N] [--config FILE] [--json]",
     "how many more copies of a pod fit, and where",
     "Takes the cluster as the scenario has it at --at, or at the end of its run: its nodes and the pods bound or binding there "
     "(pods still pending are left out). Then schedules copies of the pod one after another, each through the scheduling and binding cycles, until one "
     "does not fit. It prints how many fit, how they spread over nodes and zones, and the attempt that stopped it, node by "
     "node, with its FailedScheduling message. Copies do not preempt: preemption would evict pods to make room.",
     capacityOptions, K::File, "capacity s.yaml --pod p.yaml"},
    {"compare",
     "kschedviz compare SCENARIO [--config A.yaml] --config B.yaml [--json]\n"
     "kschedviz compare SCENARIO [--config FILE] --seed N [--json]\n"
     "kschedviz compare SCENARIO [--config FILE] --kubernetes-version A --kubernetes-version B [--json]",
     "two runs of a scenario side by side: two configurations, two seeds or two Kubernetes versions",
     "Runs the scenario twice and prints a summary of each run: pods scheduled and not, attempts, scheduling latency p50 and "
     "p99, preemptions, requested resources, nodes used and zone skew. Then every pod whose fate differs: bound to another "
     "node, bound in one run only, or bound at another time. Two Kubernetes versions are the upgrade what-if: what moving "
     "the cluster from A to B changes.",
     compareOptions, K::File, "compare s.yaml --config a.yaml"},
    {"extender", "kschedviz extender --rules FILE [--listen ADDRESS:PORT] [--cert FILE --key FILE]",
     "serve the demo scheduler extender: filter, prioritize, bind and preempt",
     "Serves a scheduler extender on a loopback address, for lessons and for trying extender configurations: it answers "
     "POSTs on any path ending in filter, prioritize, bind or preempt as the rules file says, and can answer slowly, with "
     "500s or with garbage on demand. It prints the URL it listens on and serves until Ctrl+C. A scenario can instead carry "
     "the rules (spec.demoExtender): run, explain and the app then start it themselves.",
     extenderOptions, K::None, "extender --rules rules.yaml"},
    {"snapshot", "kschedviz snapshot [--kubeconfig FILE] [--context NAME] [--timeout DURATION] [-o FILE]",
     "write the live cluster as a scenario, read-only",
     "Lists the cluster's objects (GET only) and writes them as a Scenario: bound pods stay bound, pending pods are pending "
     "at t=0. Only the fields the scheduler reads are written.",
     snapshotOptions, K::None, "snapshot"},
    {"record", "kschedviz record [--kubeconfig FILE] [--context NAME] [--timeout DURATION] [--duration DURATION] -o FILE",
     "watch the cluster and write what changed as a timed scenario",
     "Lists and then watches the cluster (GET only) for DURATION or until Ctrl+C, and writes the first list and every change "
     "with its time as a Scenario that replays the same way every time.",
     recordOptions, K::None, "record -o r.yaml"},
    {"pending", "kschedviz pending [--kubeconfig FILE] [--context NAME] [-n NAMESPACE | -A] [--config FILE] [--json]",
     "each pending pod: the cluster's word beside kschedviz's attempt",
     "Takes a snapshot of the cluster and, for each pending pod, prints the scheduler's last FailedScheduling event beside "
     "kschedviz's own attempt on the snapshot, node by node.",
     pendingOptions, K::None, "pending"},
    {"shadow", "kschedviz shadow [--kubeconfig FILE] [--context NAME] [--config FILE] [--duration DURATION] [--json]",
     "decide each new pod as the cluster's scheduler does, and compare",
     "Watches the cluster and decides every pod the cluster's scheduler decides, on the same snapshot, for DURATION or until "
     "Ctrl+C. Then it prints how often kschedviz agreed, and why not when it did not.",
     shadowOptions, K::None, "shadow"},
    {"completion", "kschedviz completion bash|zsh", "print the shell completion script",
     "Prints the completion script for bash or zsh. It completes commands, options, the kubeconfig's contexts and the pods of "
     "the scenario on the command line. The package installs both; from a build, try `source <(kschedviz completion bash)`.",
     {}, K::Choice, "completion bash"},
};

QString text(const char* utf8)
{
    return QString::fromUtf8(utf8);
}

QString optionLabel(const OptionHelp& option)
{
    QString label = text(option.flag);
    if (option.alias)
        label += QStringLiteral(", ") + text(option.alias);
    if (option.argument)
        label += QLatin1Char(' ') + text(option.argument);
    return label;
}

} // namespace

std::span<const CommandHelp> commands()
{
    return table;
}

const CommandHelp* findCommand(const QString& name)
{
    for (const CommandHelp& command : table) {
        if (name == QLatin1String(command.name))
            return &command;
    }
    return nullptr;
}

const OptionHelp* findOption(const CommandHelp& command, const QString& flag)
{
    const auto matches = [&flag](const OptionHelp& option) {
        return flag == QLatin1String(option.flag) || (option.alias && flag == QLatin1String(option.alias));
    };
    for (const OptionHelp& option : command.options) {
        if (matches(option))
            return &option;
    }
    for (const CommandHelp& other : table) {
        for (const OptionHelp& option : other.options) {
            if (matches(option))
                return &option;
        }
    }
    return nullptr;
}

QString wrapText(const QString& input, int indent, int width)
{
    const QString margin(indent, QLatin1Char(' '));
    QStringList paragraphs;
    for (const QString& paragraph : input.split(QStringLiteral("\n\n"))) {
        QString result;
        QString line;
        for (const QString& word : paragraph.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts)) {
            if (!line.isEmpty() && indent + line.size() + 1 + word.size() > width) {
                result += margin + line + QLatin1Char('\n');
                line.clear();
            }
            line += (line.isEmpty() ? QString() : QStringLiteral(" ")) + word;
        }
        if (!line.isEmpty())
            result += margin + line + QLatin1Char('\n');
        paragraphs.append(result);
    }
    return paragraphs.join(QLatin1Char('\n'));
}

QString usage()
{
    QString out = QStringLiteral("Usage:\n");
    for (const CommandHelp& command : table) {
        for (const QString& line : text(command.synopsis).split(QLatin1Char('\n')))
            out += QStringLiteral("  ") + line + QLatin1Char('\n');
        out += wrapText(text(command.summary), 6);
    }
    out += QStringLiteral("  kschedviz --help | --version\n\nOptions of the desktop app:\n");
    for (const OptionHelp& option : table[0].options) {
        out += QStringLiteral("  ") + optionLabel(option) + QLatin1Char('\n');
        out += wrapText(text(option.text), 6);
    }
    out += QLatin1Char('\n');
    out += wrapText(QStringLiteral("`kschedviz COMMAND --help` shows a command's options, and `man kschedviz` all of them. SCENARIO is a "
                                   "kschedviz Scenario file, a multi-document YAML of Kubernetes objects, or the output of "
                                   "`kubectl get nodes,pods -A -o yaml`. Bad input exits with status 2.\n\n"
                                   "The cluster commands read the kubeconfig as kubectl does (--kubeconfig, else $KUBECONFIG, "
                                   "else ~/.kube/config) and only ever send GET requests."),
                    0);
    return out;
}

QString commandUsage(const CommandHelp& command)
{
    QString out = QStringLiteral("Usage:\n");
    for (const QString& line : text(command.synopsis).split(QLatin1Char('\n')))
        out += QStringLiteral("  ") + line + QLatin1Char('\n');
    out += QLatin1Char('\n') + wrapText(text(command.description), 0);
    if (!command.options.empty()) {
        out += QStringLiteral("\nOptions:\n");
        for (const OptionHelp& option : command.options) {
            out += QStringLiteral("  ") + optionLabel(option) + QLatin1Char('\n');
            out += wrapText(text(option.text), 6);
        }
    }
    return out;
}

} // namespace ksv::cli
