// Rebuilding the run's state at any position of a long trace: what a seek in the app costs before
// the views refresh (TraceIndex::stateAt into a state whose memory is reused, as a Run does).
//
//   bench_seek [SCENARIO] [--budget SECONDS] [--events N]   default: samples/scale-5000.yaml to its end
//
// --budget stops the run after that much wall time, --events once the trace holds N events (the same
// trace on every machine, for comparing builds).
//
// Runs the scenario headless without node detail (as the app records it at this size), indexes the
// whole trace, then moves to 64 positions spread over it, and to the positions just before each
// checkpoint, the worst case. Prints milliseconds; never asserted.
#include "cluster/scenariosource.h"
#include "scenario/effectiveconfig.h"
#include "scenario/loader.h"
#include "simulation/simulator.h"
#include "trace/replay.h"

#include <QCoreApplication>
#include <QElapsedTimer>

#include <algorithm>
#include <cstdio>
#include <random>
#include <vector>

using namespace ksv;

namespace {

struct Figures
{
    double median = 0;
    double worst = 0;
};

Figures summarize(std::vector<double> times)
{
    if (times.empty())
        return {};
    std::ranges::sort(times);
    return {times[times.size() / 2], times.back()};
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    QStringList arguments = app.arguments().mid(1);
    double budget = 0;
    if (const qsizetype at = arguments.indexOf(QStringLiteral("--budget")); at >= 0 && at + 1 < arguments.size()) {
        budget = arguments[at + 1].toDouble();
        arguments.remove(at, 2);
    }
    qsizetype events = 0;
    if (const qsizetype at = arguments.indexOf(QStringLiteral("--events")); at >= 0 && at + 1 < arguments.size()) {
        events = arguments[at + 1].toLongLong();
        arguments.remove(at, 2);
    }
    const QString file = arguments.value(0, QStringLiteral(KSV_SAMPLES_DIR "/scale-5000.yaml"));
    std::shared_ptr<const Scenario> scenario;
    try {
        scenario = std::make_shared<const Scenario>(loadScenarioFile(file));
    } catch (const LoadError& error) {
        std::fprintf(stderr, "%s\n", qPrintable(error.toString()));
        return 2;
    }
    const auto configuration = effectiveConfiguration(*scenario);
    auto trace = std::make_shared<trace::Trace>();
    SimulationOptions options;
    options.nodeDetail = false;
    QElapsedTimer timer;
    timer.start();
    {
        Simulator simulator(*scenario, configuration, options, *trace);
        while (simulator.step() && (budget <= 0 || double(timer.nsecsElapsed()) / 1e9 < budget)
               && (events <= 0 || trace->size() < events)) { }
    }
    std::printf("%s: %lld events, run in %.1f s\n", qPrintable(scenario->name), qlonglong(trace->size()),
                double(timer.nsecsElapsed()) / 1e9);

    timer.restart();
    trace::TraceIndex index(trace::ReplayCatalogue(ScenarioSource(scenario)), trace, scenario->timing);
    index.advance(trace->size());
    std::printf("indexed in %.1f s: %.1f MiB of index\n", double(timer.nsecsElapsed()) / 1e9,
                double(index.memoryBytes()) / (1 << 20));

    trace::ReplayState state = index.stateAt(0);
    const auto seekTo = [&](qsizetype position) {
        QElapsedTimer seek;
        seek.start();
        index.stateAt(position, state);
        return double(seek.nsecsElapsed()) / 1e6;
    };
    const qsizetype end = index.indexed();
    std::mt19937_64 random(1);
    std::vector<double> spread;
    for (int i = 0; i < 64; ++i)
        spread.push_back(seekTo(qsizetype(random() % quint64(end + 1))));
    // The worst positions: just before a checkpoint, where the most events are applied after the copy.
    std::vector<double> beforeCheckpoints;
    for (qsizetype position = end; position > 0 && beforeCheckpoints.size() < 16;) {
        const qsizetype checkpoint = index.checkpointBefore(position);
        if (checkpoint == 0)
            break;
        const qsizetype from = index.checkpointBefore(checkpoint - 1);
        beforeCheckpoints.push_back(seekTo(checkpoint - 1));
        std::printf("  to %lld (%.1f s): %lld events from the checkpoint, %.2f ms\n", qlonglong(checkpoint - 1),
                    double(trace->at(checkpoint - 2).time()) / 1e9, qlonglong(checkpoint - 1 - from), beforeCheckpoints.back());
        position = checkpoint - 1;
    }
    const Figures anywhere = summarize(spread);
    const Figures worst = summarize(beforeCheckpoints);
    std::printf("seek to 64 random positions: median %.2f ms, worst %.2f ms\n", anywhere.median, anywhere.worst);
    std::printf("seek to just before each of %zu checkpoints: median %.2f ms, worst %.2f ms\n", beforeCheckpoints.size(),
                worst.median, worst.worst);
    return 0;
}
