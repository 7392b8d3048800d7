// Memory of two runs held at once (issue 22: comparing two runs of the scale sample should fit in
// twice the memory of one run, or better; docs/performance.md, docs/whatif.md).
//
//   bench_comparememory [SCENARIO] [--keep-simulator]   default: samples/scale-5000.yaml
//
// Each mode runs in a child process of its own (this program again, with the hidden `--mode M`), so
// that each peak is that mode's alone:
//   load      the scenario and its catalogue only: the part two runs of one scenario share;
//   one       one run held as the desktop app holds it (ui/playback/run.cpp): its trace with per-node
//             detail up to the app's budget, the TraceIndex with its checkpoints, the cursor's state
//             (and with --keep-simulator the finished Simulator, as the engine kept it before);
//   two       two such runs of ONE shared scenario and catalogue, the second with another seed, both
//             alive at the measurement, as the app's side by side holds them;
//   headless  `kschedviz compare`'s path (app/whatifcommands.cpp): summarizeRun twice, no node detail.
// A child reports VmHWM (/proc/self/status) and ru_maxrss at its end. Prints MiB and seconds; never
// asserted: the exit code is non-zero only when a child failed.
#include "cluster/scenariosource.h"
#include "compare.h"
#include "framework/parallelize.h"
#include "scenario/effectiveconfig.h"
#include "scenario/loader.h"
#include "simulation/simulator.h"
#include "trace/replay.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QThread>

#include <sys/resource.h>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <vector>

using namespace ksv;

namespace {

double mib(qint64 bytes)
{
    return double(bytes) / (1 << 20);
}

qint64 statusKib(const QByteArray& field)
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray& line : status.readAll().split('\n')) {
        if (line.startsWith(field))
            return line.mid(field.size()).trimmed().split(' ').value(0).toLongLong();
    }
    return 0;
}

// Before 2026-11-27 the engine kept a finished run's Simulator until the run was stopped or replaced;
// now it releases it as the run ends (EngineWorker::releaseIfOver). --keep-simulator measures the old way.
bool keepSimulator = false;

// A run as the app holds one after it has played to its end.
struct HeldRun
{
    std::shared_ptr<trace::Trace> trace;
    std::unique_ptr<Simulator> simulator;
    std::unique_ptr<trace::TraceIndex> index;
    trace::ReplayState cursor;
};

HeldRun runAsTheApp(const std::shared_ptr<const Scenario>& scenario, const trace::ReplayCatalogue& catalogue,
                    const config::KubeSchedulerConfiguration& configuration, quint64 seed)
{
    // ui/playback/runpolicy.cpp's defaultRunOptions, repeated because a benchmark of the engine does
    // not link the widgets library: per-node detail up to 512 MiB, every core but one.
    SimulationOptions options;
    options.nodeDetailBudget = qsizetype(512) << 20;
    options.threads = framework::effectiveParallelism(configuration.parallelism, std::max(1, QThread::idealThreadCount() - 1));
    options.seed = seed;

    HeldRun run;
    run.trace = std::make_shared<trace::Trace>();
    run.trace->objects().setInitial(scenario->initial);
    run.simulator = std::make_unique<Simulator>(*scenario, configuration, options, *run.trace);
    // TraceIndex copies the catalogue it is given (Run passes its shared one): the copy shares the
    // Qt containers' data and duplicates only its std::vectors.
    run.index = std::make_unique<trace::TraceIndex>(catalogue, run.trace, scenario->timing);
    run.cursor = run.index->head(); // Run gives the cursor's state its memory up front
    // Indexed as the run goes, in the app's chunks, so that checkpoints are prepared as they are there.
    while (run.simulator->step()) {
        if (run.trace->size() - run.index->indexed() >= 2048)
            run.index->advance(run.trace->size());
    }
    run.index->advance(run.trace->size());
    if (!keepSimulator)
        run.simulator.reset();
    std::printf("seed %llu: %lld events, trace %.0f MiB (node detail %.0f MiB), index %.0f MiB; VmRSS now %.0f MiB\n",
                static_cast<unsigned long long>(seed), qlonglong(run.trace->size()), mib(run.trace->memoryBytes()),
                mib(run.trace->nodeDetailBytes()), mib(run.index->memoryBytes()), mib(statusKib("VmRSS:") << 10));
    return run;
}

int child(const QString& mode, const QString& file)
{
    QElapsedTimer timer;
    timer.start();
    std::shared_ptr<const Scenario> scenario;
    try {
        scenario = std::make_shared<const Scenario>(loadScenarioFile(file));
    } catch (const LoadError& error) {
        std::fprintf(stderr, "%s\n", qPrintable(error.toString()));
        return 2;
    }
    const auto configuration = effectiveConfiguration(*scenario);
    const quint64 otherSeed = scenario->seed + 1;
    std::vector<HeldRun> runs;
    std::vector<RunSummary> summaries;
    try {
        if (mode == QLatin1String("headless")) {
            // As runCompare: the scenario's seed against another, the summaries alive to the end.
            for (const quint64 seed : {scenario->seed, otherSeed}) {
                SimulationOptions options;
                options.seed = seed;
                summaries.push_back(summarizeRun(*scenario, configuration, options));
            }
            std::printf("%lld pods differ\n", qlonglong(podDifferences(summaries[0].pods, summaries[1].pods).size()));
        } else {
            const auto catalogue = std::make_shared<const trace::ReplayCatalogue>(ScenarioSource(scenario));
            std::printf("loaded in %.1f s: VmRSS %.0f MiB\n", double(timer.nsecsElapsed()) / 1e9, mib(statusKib("VmRSS:") << 10));
            if (mode != QLatin1String("load"))
                runs.push_back(runAsTheApp(scenario, *catalogue, configuration, scenario->seed));
            if (mode == QLatin1String("two"))
                runs.push_back(runAsTheApp(scenario, *catalogue, configuration, otherSeed));
        }
    } catch (const LoadError& error) {
        std::fprintf(stderr, "%s\n", qPrintable(error.toString()));
        return 2;
    }
    rusage usage {};
    getrusage(RUSAGE_SELF, &usage);
    // The last line is the parent's: VmHWM, ru_maxrss and VmRSS (what is held now, below the peak
    // by what was transient) in KiB, then seconds.
    std::printf("result %lld %ld %lld %.2f\n", statusKib("VmHWM:"), usage.ru_maxrss, statusKib("VmRSS:"), double(timer.nsecsElapsed()) / 1e9);
    std::fflush(stdout);
    return 0;
}

struct Result
{
    QString mode;
    double hwm = 0; // MiB
    double maxRss = 0;
    double held = 0; // VmRSS at the end
    double seconds = 0;
    bool ok = false;
};

Result runChild(const QString& mode, const QString& file)
{
    QProcess process;
    process.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    QStringList arguments {QStringLiteral("--mode"), mode, file};
    if (keepSimulator)
        arguments << QStringLiteral("--keep-simulator");
    process.start(QCoreApplication::applicationFilePath(), arguments);
    process.waitForFinished(-1);
    Result result {mode};
    for (const QByteArray& line : process.readAllStandardOutput().split('\n')) {
        const QList<QByteArray> fields = line.split(' ');
        if (fields.size() == 5 && fields[0] == "result") {
            result = {mode, double(fields[1].toLongLong()) / 1024, double(fields[2].toLongLong()) / 1024,
                      double(fields[3].toLongLong()) / 1024, fields[4].toDouble(), true};
        } else if (!line.isEmpty()) {
            std::printf("  %-8s %s\n", qPrintable(mode), line.constData());
        }
    }
    result.ok = result.ok && process.exitStatus() == QProcess::NormalExit && process.exitCode() == 0;
    if (!result.ok)
        std::printf("  %-8s FAILED (exit %d)\n", qPrintable(mode), process.exitCode());
    std::fflush(stdout);
    return result;
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    QStringList arguments = app.arguments().mid(1);
    keepSimulator = arguments.removeAll(QStringLiteral("--keep-simulator")) > 0;
    QString mode;
    if (const qsizetype at = arguments.indexOf(QStringLiteral("--mode")); at >= 0 && at + 1 < arguments.size()) {
        mode = arguments[at + 1];
        arguments.remove(at, 2);
    }
    const QString file = arguments.value(0, QStringLiteral(KSV_SAMPLES_DIR "/scale-5000.yaml"));
    if (!mode.isEmpty())
        return child(mode, file);

    // One after another, so that the children do not compete for the machine's memory or cores.
    std::vector<Result> results;
    for (const char* each : {"load", "one", "two", "headless"})
        results.push_back(runChild(QLatin1String(each), file));
    std::printf("\n%-9s %12s %14s %14s %8s\n", "mode", "VmHWM MiB", "ru_maxrss MiB", "VmRSS at end", "wall s");
    bool failed = false;
    for (const Result& result : results) {
        failed = failed || !result.ok;
        std::printf("%-9s %12.0f %14.0f %14.0f %8.1f\n", qPrintable(result.mode), result.hwm, result.maxRss, result.held, result.seconds);
    }
    const Result& load = results[0];
    const Result& one = results[1];
    const Result& two = results[2];
    // two - one is what the second run costs. one - load understates the first run's: it reuses the
    // heap the loader freed (still resident), which the second run cannot.
    if (load.ok && one.ok && two.ok && one.hwm > 0) {
        std::printf("two / one: %.2f; the second run adds %.0f MiB, the first %.0f MiB over the load's peak\n", two.hwm / one.hwm,
                    two.hwm - one.hwm, one.hwm - load.hwm);
    }
    return failed ? 1 : 0;
}
