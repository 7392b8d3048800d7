// A what-if edit on a large scenario, as the app pays for it before the views show the rerun
// (docs/whatif.md, "Editing in the app"; docs/performance.md):
//   1. the edited scenario: applyEdits (the edit applied, the scenario written and read again through
//      the loader, which checks it as a file);
//   2. the new run's catalogue (ReplayCatalogue), numbered off the GUI thread as a load is;
//   3. the rerun of the first N pods bound (default 10,000), without node detail as the app records at
//      this size.
//
//   bench_whatifedit [SCENARIO] [--pods N] [--repeat K] [--threads T]   default: samples/scale-5000.yaml
//
// The edit taints the scenario's first node NoSchedule at t=0. Prints seconds; never asserted.
#include "cluster/scenariosource.h"
#include "scenario/effectiveconfig.h"
#include "scenario/loader.h"
#include "scenarioedits.h"
#include "simulation/simulator.h"
#include "trace/replay.h"

#include <QCoreApplication>
#include <QElapsedTimer>

#include <cstdio>

using namespace ksv;

namespace {

double seconds(const QElapsedTimer& timer)
{
    return double(timer.nsecsElapsed()) / 1e9;
}

// When the rerun reached each milestone: the simulator set up (the scenario's objects and queues in
// place, before any attempt), the first 1,000 pods bound (what the views have to show within a
// second or so of an edit), and `pods` bound. Seconds from the start; `bound` the bindings seen.
struct Rerun
{
    double started = 0;
    double firstThousand = 0;
    double all = 0;
    qsizetype bound = 0;
};

Rerun runUntilBound(const Scenario& scenario, const config::KubeSchedulerConfiguration& configuration, qsizetype pods, int threads)
{
    QElapsedTimer timer;
    timer.start();
    trace::Trace trace;
    SimulationOptions options;
    options.nodeDetail = false;
    options.threads = threads;
    Simulator simulator(scenario, configuration, options, trace);
    Rerun rerun;
    rerun.started = seconds(timer);
    qsizetype seen = 0;
    while (rerun.bound < pods && simulator.step()) {
        for (; seen < trace.size(); ++seen)
            rerun.bound += trace.at(seen).kind() == trace::EventKind::BindingEnd ? 1 : 0;
        if (rerun.firstThousand == 0 && rerun.bound >= std::min<qsizetype>(1000, pods))
            rerun.firstThousand = seconds(timer);
    }
    rerun.all = seconds(timer);
    return rerun;
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    QStringList arguments = app.arguments().mid(1);
    const auto option = [&arguments](const char* name, qsizetype fallback) {
        const qsizetype at = arguments.indexOf(QLatin1String(name));
        if (at < 0 || at + 1 >= arguments.size())
            return fallback;
        const qsizetype value = arguments[at + 1].toLongLong();
        arguments.remove(at, 2);
        return value;
    };
    const qsizetype pods = option("--pods", 10'000);
    const qsizetype repeat = option("--repeat", 3);
    // Filter and Score threads: the app uses every core but one (ui/playback/runpolicy.cpp).
    const int threads = int(option("--threads", 1));
    const QString file = arguments.value(0, QStringLiteral(KSV_SAMPLES_DIR "/scale-5000.yaml"));

    QElapsedTimer timer;
    timer.start();
    Scenario base;
    try {
        base = loadScenarioFile(file);
    } catch (const LoadError& error) {
        std::fprintf(stderr, "%s\n", qPrintable(error.toString()));
        return 2;
    }
    const auto configuration = effectiveConfiguration(base);
    std::printf("%s: %lld nodes, %lld pods at t=0, %lld events; loaded in %.2f s\n", qPrintable(base.name),
                qlonglong(base.initial.nodes.size()), qlonglong(base.initial.pods.size()), qlonglong(base.events.size()), seconds(timer));
    if (base.initial.nodes.isEmpty())
        return 2;

    const ObjectRef first {QStringLiteral("Node"), {}, base.initial.nodes.front().meta.name};
    QByteArray manifest = objectYaml(*findObject(base, first));
    manifest.append("spec:\n  taints:\n  - {key: whatif, effect: NoSchedule}\n");
    const QList<ScenarioEdit> edits {{ScenarioEdit::Kind::Replace, first, manifest, {}}};

    for (qsizetype round = 0; round < repeat; ++round) {
        timer.restart();
        auto edited = std::make_shared<const Scenario>(applyEdits(base, edits));
        const double apply = seconds(timer);
        timer.restart();
        const trace::ReplayCatalogue catalogue {ScenarioSource(edited)};
        const double numbering = seconds(timer);
        timer.restart();
        const Rerun rerun = runUntilBound(*edited, configuration, pods, threads);
        std::printf("edit %lld (%d thread(s)): applyEdits %.2f s, catalogue %.2f s, rerun: set up %.2f s, 1,000 pods bound %.2f s, "
                    "%lld bound %.2f s; total %.2f s\n",
                    qlonglong(round + 1), threads, apply, numbering, rerun.started, rerun.firstThousand, qlonglong(rerun.bound), rerun.all,
                    apply + numbering + rerun.all);
    }
    return 0;
}
