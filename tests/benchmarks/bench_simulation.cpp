// The scheduling loop end to end, with the trace on.
//
//   bench_simulation basic        scheduler_perf's SchedulingBasic/5000Nodes shape: 5,000 nodes (4 CPU,
//                                 32Gi, 110 pods), 1,000 pods already running, 1,000 pods measured
//                                 (100m / 500Mi each). Prints pods per second of wall time.
//   bench_simulation FILE         any scenario (the scale sample: samples/scale-5000.yaml) to its end:
//                                 wall time, peak memory (ru_maxrss), trace events and bytes per event.
//   add --no-node-detail to leave per-node Filter/Score detail out of the trace (or
//   --node-detail-budget MIB to keep it up to that much, as the app does with 512), and --budget SECONDS
//   to stop after that much wall time and report how far the run got. --threads N sets the threads
//   Filter and Score use (default: the configuration's parallelism, at most the machine's cores).
#include "scenario/effectiveconfig.h"
#include "scenario/loader.h"
#include "simulation/simulator.h"

#include <QCoreApplication>
#include <QElapsedTimer>

#include <sys/resource.h>

#include <cstdio>

using namespace ksv;

namespace {

Quantity q(const char* text)
{
    return *Quantity::parse(QString::fromLatin1(text));
}

Pod makePod(const QString& name, const QString& nodeName)
{
    Pod pod;
    pod.meta.name = name;
    pod.meta.namespace_ = QStringLiteral("sched-0");
    pod.meta.uid = name;
    pod.nodeName = nodeName;
    pod.phase = nodeName.isEmpty() ? PodPhase::Pending : PodPhase::Running;
    Container c;
    c.name = QStringLiteral("pause");
    c.image = QStringLiteral("registry.k8s.io/pause:3.10");
    c.requests.insert(ResourceName::cpu, q("100m"));
    c.requests.insert(ResourceName::memory, q("500Mi"));
    pod.containers.append(c);
    return pod;
}

Scenario schedulingBasic()
{
    Scenario scenario;
    scenario.name = QStringLiteral("SchedulingBasic/5000Nodes");
    for (int i = 0; i < 5000; ++i) {
        Node node;
        node.meta.name = QStringLiteral("node-%1").arg(i);
        node.meta.uid = node.meta.name;
        node.meta.labels.insert(QStringLiteral("kubernetes.io/hostname"), node.meta.name);
        node.allocatable = {{ResourceName::cpu, q("4")}, {ResourceName::memory, q("32Gi")}, {ResourceName::pods, q("110")}};
        node.capacity = node.allocatable;
        scenario.initial.nodes.append(node);
    }
    // The initial pods are placed as scheduler_perf's first phase leaves them: spread evenly.
    for (int i = 0; i < 1000; ++i)
        scenario.initial.pods.append(makePod(QStringLiteral("init-%1").arg(i), QStringLiteral("node-%1").arg(i * 5)));
    for (int i = 0; i < 1000; ++i)
        scenario.initial.pods.append(makePod(QStringLiteral("measured-%1").arg(i), QString()));
    return scenario;
}

long peakMemoryKiB()
{
    rusage usage {};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss;
}

int run(const Scenario& scenario, SimulationOptions options, qsizetype measuredPods, double budgetSeconds)
{
    const config::KubeSchedulerConfiguration configuration = effectiveConfiguration(scenario);
    trace::Trace trace;
    QElapsedTimer timer;
    timer.start();
    Simulator simulator(scenario, configuration, options, trace);
    const qint64 setupMs = timer.elapsed();
    while (simulator.step()) {
        if (budgetSeconds > 0 && double(timer.nsecsElapsed()) / 1e9 > budgetSeconds) {
            std::printf("stopped after the %.0f s budget, the run unfinished\n", budgetSeconds);
            break;
        }
    }
    const double seconds = double(timer.nsecsElapsed()) / 1e9;
    qsizetype bound = 0;
    for (const auto& pod : simulator.podSummaries())
        bound += pod.location == trace::PodLocation::Bound && pod.scheduledAt ? 1 : 0;
    const QString detail = !options.nodeDetail       ? QStringLiteral("off")
        : options.nodeDetailBudget > 0 ? QStringLiteral("on up to %1 MiB").arg(options.nodeDetailBudget >> 20)
                                       : QStringLiteral("on");
    std::printf("%s (node detail %s, %s)\n", qPrintable(scenario.name), qPrintable(detail),
                options.threads ? qPrintable(QStringLiteral("%1 thread(s)").arg(*options.threads))
                                : "threads: the configuration's parallelism, at most the cores");
    std::printf("  pods scheduled in the run: %lld of %lld, %lld cycles, virtual time %.3f s\n", qlonglong(bound), qlonglong(measuredPods),
                qlonglong(simulator.schedulingCycles()), double(simulator.now()) / 1e9);
    std::printf("  wall time %.3f s (setup %lld ms): %.0f pods/s\n", seconds, qlonglong(setupMs), double(bound) / seconds);
    // scheduler_perf measures throughput once the cluster is set up; so does this line.
    const double scheduling = seconds - double(setupMs) / 1e3;
    std::printf("  scheduling alone %.3f s: %.0f pods/s\n", scheduling, double(bound) / scheduling);
    // Node detail is in blocks beside the events (one FilterNodes and one ScoreNodes event a cycle
    // name them): counted apart, so that bytes per event stays comparable.
    const qsizetype eventBytes = trace.memoryBytes() - trace.nodeDetailBytes();
    std::printf("  trace: %lld events, %.1f MiB, %.1f bytes/event; node detail blocks %.1f MiB (%.1f KiB a cycle)\n", qlonglong(trace.size()),
                double(eventBytes) / (1 << 20), trace.size() ? double(eventBytes) / double(trace.size()) : 0.0,
                double(trace.nodeDetailBytes()) / (1 << 20),
                simulator.schedulingCycles() ? double(trace.nodeDetailBytes()) / 1024 / double(simulator.schedulingCycles()) : 0.0);
    std::printf("  peak memory (ru_maxrss): %.1f MiB\n", double(peakMemoryKiB()) / 1024);
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    QStringList arguments = app.arguments().mid(1);
    SimulationOptions options;
    options.nodeDetail = !arguments.removeAll(QStringLiteral("--no-node-detail"));
    if (const qsizetype at = arguments.indexOf(QStringLiteral("--node-detail-budget")); at >= 0 && at + 1 < arguments.size()) {
        options.nodeDetailBudget = qsizetype(arguments[at + 1].toLongLong()) << 20;
        arguments.remove(at, 2);
    }
    double budget = 0;
    if (const qsizetype at = arguments.indexOf(QStringLiteral("--budget")); at >= 0 && at + 1 < arguments.size()) {
        budget = arguments[at + 1].toDouble();
        arguments.remove(at, 2);
    }
    if (const qsizetype at = arguments.indexOf(QStringLiteral("--threads")); at >= 0 && at + 1 < arguments.size()) {
        options.threads = arguments[at + 1].toInt();
        arguments.remove(at, 2);
    }
    const QString what = arguments.value(0, QStringLiteral("basic"));
    if (what == QLatin1String("basic"))
        return run(schedulingBasic(), options, 1000, budget);
    try {
        const Scenario scenario = loadScenarioFile(what);
        qsizetype pods = scenario.initial.pods.size();
        for (const auto& event : scenario.events)
            pods += std::holds_alternative<Pod>(event.object) ? 1 : 0;
        return run(scenario, options, pods, budget);
    } catch (const LoadError& error) {
        std::fprintf(stderr, "%s\n", qPrintable(error.toString()));
        return 2;
    }
}
