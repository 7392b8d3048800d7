// The queue lanes, the node heatmap and the Pods table at scale: how long a refresh (after a seek, and after a step
// while playing) and a paint take with the scale sample's 5,000 nodes and tens of thousands of
// queued pods. Prints milliseconds; never asserted.
//
//   bench_views [SCENARIO] [TIME]    default: samples/scale-5000.yaml at 1s (60,000 pods queued at
//                                    t=0, of which activeQ still holds most). TIME as "90s", "2m".
// Node detail is off, as the app records it only for clusters up to 1,000 nodes.
#include "heatmapview.h"
#include "podtablemodel.h"
#include "playbackcontroller.h"
#include "queuelanesview.h"
#include "run.h"
#include "viewstate.h"
#include "scenario/effectiveconfig.h"
#include "scenario/loader.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QPixmap>
#include <QTableView>
#include <cstdio>

using namespace ksv;

namespace {

VirtualNanos parseTime(const QString& text)
{
    if (text.endsWith(QLatin1Char('m')))
        return text.chopped(1).toLongLong() * 60 * nanosPerSecond;
    if (text.endsWith(QLatin1Char('s')))
        return qint64(text.chopped(1).toDouble() * double(nanosPerSecond));
    return text.toLongLong() * nanosPerSecond;
}

template <typename F> double milliseconds(F&& f)
{
    QElapsedTimer timer;
    timer.start();
    f();
    return double(timer.nsecsElapsed()) / 1e6;
}

} // namespace

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const QStringList arguments = app.arguments();
    const QString file = arguments.value(1, QStringLiteral(KSV_SAMPLES_DIR "/scale-5000.yaml"));
    const VirtualNanos at = parseTime(arguments.value(2, QStringLiteral("1s")));

    QElapsedTimer wall;
    wall.start();
    const auto scenario = std::make_shared<const Scenario>(loadScenarioFile(file));
    const auto configuration = effectiveConfiguration(*scenario);
    SimulationOptions options;
    options.nodeDetail = false;
    ViewState view;
    PlaybackController playback(&view);
    playback.load(scenario, configuration, options);
    const Run& run = *playback.run();
    playback.seek(at);
    while (view.cursorTime() < at && !playback.isFinished())
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);
    std::printf("%s at %.1f s: %lld events, %d pods, %d nodes, loaded and run in %.1f s\n", qPrintable(scenario->name),
        double(view.cursorTime()) / 1e9, static_cast<long long>(view.cursor()),
        run.index().catalogue().podCount(), run.index().catalogue().nodeCount(),
        double(wall.elapsed()) / 1000.0);
    const auto& state = run.state();
    std::printf("queues: active %d, backoff %d, unschedulable %d, bound %d\n", state.count(trace::PodLocation::Active),
        state.count(trace::PodLocation::Backoff), state.count(trace::PodLocation::Unschedulable),
        state.count(trace::PodLocation::Bound));

    QueueLanesView lanes(&view);
    lanes.setRun(&run);
    lanes.resize(1400, 800);
    HeatmapView heatmap(&view);
    heatmap.setRun(&run);
    heatmap.resize(1400, 800);

    std::printf("lanes   first refresh of a run: %7.2f ms\n", milliseconds([&] { lanes.refresh(); }));
    const qsizetype end = view.cursor();
    playback.seekPosition(end / 2);
    std::printf("lanes   refresh after a seek:   %7.2f ms\n", milliseconds([&] { lanes.refresh(); }));
    playback.seekPosition(end);
    std::printf("lanes   and back:               %7.2f ms\n", milliseconds([&] { lanes.refresh(); }));
    std::printf("lanes   paint:                  %7.2f ms\n", milliseconds([&] { (void)lanes.grab(); }));
    double step = 0;
    const int steps = 20;
    for (int i = 0; i < steps; ++i) {
        playback.seekPosition(std::min(view.cursor() + 40, run.indexed()));
        step += milliseconds([&] { lanes.refresh(); });
    }
    std::printf("lanes   refresh after a step:   %7.2f ms (mean of %d)\n", step / steps, steps);
    const QString shots = qEnvironmentVariable("KSV_SCREENSHOT_DIR"); // to look at the views at scale
    if (!shots.isEmpty())
        lanes.grab().save(shots + QStringLiteral("/bench-lanes.png"));
    lanes.setGrouping(LaneGrouping::Namespace);
    std::printf("lanes   grouped by namespace:   %7.2f ms\n", milliseconds([&] { lanes.refresh(); }));
    lanes.setFilter(QStringLiteral("9-12"));
    std::printf("lanes   search:                 %7.2f ms\n", milliseconds([&] { lanes.refresh(); }));
    std::printf("lanes   paint grouped:          %7.2f ms\n", milliseconds([&] { (void)lanes.grab(); }));
    if (!shots.isEmpty())
        lanes.grab().save(shots + QStringLiteral("/bench-lanes-grouped-search.png"));

    std::printf("heatmap refresh:                %7.2f ms\n", milliseconds([&] { heatmap.refresh(); }));
    std::printf("heatmap paint:                  %7.2f ms\n", milliseconds([&] { (void)heatmap.grab(); }));
    step = 0;
    for (int i = 0; i < steps; ++i) {
        playback.seekPosition(std::min(view.cursor() + 40, run.indexed()));
        step += milliseconds([&] { heatmap.refresh(); });
    }
    std::printf("heatmap refresh after a step:   %7.2f ms (mean of %d)\n", step / steps, steps);
    selectNode(view, &run, 0);
    std::printf("heatmap node details:           %7.2f ms\n", milliseconds([&] { heatmap.refresh(); }));
    if (!shots.isEmpty())
        heatmap.grab().save(shots + QStringLiteral("/bench-heatmap.png"));

    // The Pods tab: every pod in the cluster, sorted and filtered by the model at each refresh.
    PodTableModel pods;
    QTableView table;
    table.setModel(&pods);
    table.resize(1400, 400);
    pods.setRun(&run.index());
    double took = milliseconds([&] { pods.refresh(run.state()); });
    std::printf("pods    first refresh:          %7.2f ms (%d rows)\n", took, pods.rowCount());
    step = 0;
    for (int i = 0; i < steps; ++i) {
        playback.seekPosition(std::min(view.cursor() + 40, run.indexed()));
        step += milliseconds([&] { pods.refresh(run.state()); });
    }
    std::printf("pods    refresh after a step:   %7.2f ms (mean of %d)\n", step / steps, steps);
    playback.seekPosition(end / 2);
    took = milliseconds([&] { pods.refresh(run.state()); });
    std::printf("pods    refresh after a seek:   %7.2f ms (%d rows)\n", took, pods.rowCount());
    std::printf("pods    sort by CPU request:    %7.2f ms\n", milliseconds([&] { pods.sort(PodTableModel::CpuColumn, Qt::DescendingOrder); }));
    step = 0;
    for (int i = 0; i < steps; ++i) {
        playback.seekPosition(std::min(view.cursor() + 40, run.indexed()));
        step += milliseconds([&] { pods.refresh(run.state()); });
    }
    std::printf("pods    step, sorted by CPU:    %7.2f ms (mean of %d)\n", step / steps, steps);
    took = milliseconds([&] { pods.setFilterText(QStringLiteral("9-12")); });
    std::printf("pods    filter:                 %7.2f ms (%d rows)\n", took, pods.rowCount());
    std::printf("pods    paint:                  %7.2f ms\n", milliseconds([&] { (void)table.grab(); }));
    return 0;
}
