// How the timeline and the charts cope with a large run: the time to catch up with the index, to
// build a frame (visible slice and folding) and to paint, fit-all and zoomed, and to rebuild the
// charts. Without a scenario it generates one with 150,000 pods on 150 roomy nodes (so that every
// cycle is cheap: a couple of minutes on one core, where scale-5000 takes far longer), a few of them
// unschedulable. A benchmark, not a test: it prints, never asserts.
//   cmake --build build --target bench_timeline
//   QT_QPA_PLATFORM=offscreen build/tests/benchmarks/bench_timeline [SCENARIO | --pods N] [--until SECONDS]
//   [--node-detail]
#include "chartsview.h"
#include "playbackcontroller.h"
#include "run.h"
#include "viewstate.h"
#include "scenario/effectiveconfig.h"
#include "scenario/loader.h"
#include "timelineplot.h"
#include "timelineview.h"
#include "timelinezoom.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <QTextStream>

using namespace ksv;

namespace {

template <typename Work> double millis(Work work, int repeat = 1)
{
    QElapsedTimer timer;
    timer.start();
    for (int i = 0; i < repeat; ++i)
        work();
    return double(timer.nsecsElapsed()) / 1e6 / repeat;
}

QByteArray syntheticScenario(int pods)
{
    QByteArray yaml = R"(apiVersion: kschedviz.io/v1alpha1
kind: Scenario
metadata:
  name: bench-views
spec:
  seed: 1
  objects:
  - apiVersion: v1
    kind: Namespace
    metadata:
      name: bench
  - apiVersion: v1
    kind: Node
    count: 150
    metadata:
      name: roomy
      labels:
        kubernetes.io/os: linux
    status:
      allocatable:
        cpu: "1000"
        memory: 4000Gi
        pods: "1100"
  - apiVersion: v1
    kind: Pod
    count: 20
    metadata:
      name: too-big
      namespace: bench
    spec:
      containers:
      - name: c
        resources:
          requests:
            cpu: "2000"
  - apiVersion: v1
    kind: Pod
    count: %HALF%
    metadata:
      name: first-wave
      namespace: bench
    spec:
      containers:
      - name: c
        resources:
          requests:
            cpu: 10m
            memory: 16Mi
  events:
  - at: 1m
    action: create
    count: %HALF%
    object:
      apiVersion: v1
      kind: Pod
      metadata:
        name: second-wave
        namespace: bench
      spec:
        containers:
        - name: c
          resources:
            requests:
              cpu: 10m
              memory: 16Mi
)";
    return yaml.replace("%HALF%", QByteArray::number(pods / 2));
}

} // namespace

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    QTextStream out(stdout);
    QString file;
    int pods = 150'000;
    SimulationOptions options;
    options.nodeDetail = false;
    const QStringList arguments = app.arguments();
    for (qsizetype i = 1; i < arguments.size(); ++i) {
        if (arguments[i] == QLatin1String("--until") && i + 1 < arguments.size())
            options.until = VirtualNanos(arguments[++i].toDouble() * double(nanosPerSecond));
        else if (arguments[i] == QLatin1String("--node-detail"))
            options.nodeDetail = true;
        else if (arguments[i] == QLatin1String("--pods") && i + 1 < arguments.size())
            pods = arguments[++i].toInt();
        else
            file = arguments[i];
    }
    QTemporaryDir directory;
    if (file.isEmpty()) {
        file = directory.filePath(QStringLiteral("bench-views.yaml"));
        QFile generated(file);
        if (!generated.open(QIODevice::WriteOnly) || generated.write(syntheticScenario(pods)) < 0)
            return 1;
    }

    const auto scenario = std::make_shared<const Scenario>(loadScenarioFile(file));
    ViewState view;
    PlaybackController playback(&view);
    TimelineView timeline(&view);
    ChartsView charts(&view);
    QObject::connect(&playback, &PlaybackController::runChanged, &timeline, &TimelineView::setRun);
    QObject::connect(&playback, &PlaybackController::runChanged, &charts, &ChartsView::setRun);
    timeline.resize(1400, 800);
    charts.resize(1200, 760);
    timeline.show();
    charts.show();

    QElapsedTimer wall;
    wall.start();
    playback.load(scenario,
        effectiveConfiguration(*scenario),
        options);
    playback.setSpeed(0);
    playback.play();
    // The views refresh as they would in the app while the run goes on.
    while (!(playback.isFinished() && view.isFollowing()))
        QTest::qWait(20);
    const trace::TraceIndex& index = playback.run()->index();
    out << scenario->name << ": " << index.cycles().size() << " cycles, " << index.bindings().size()
        << " binding cycles in " << index.bindingLanes() << " lanes, " << index.indexed() << " events, "
        << index.seconds().size() << " seconds; run " << wall.elapsed() << " ms\n";

    TimelinePlot* plot = timeline.plot();
    out << "timeline refresh (caught up):   " << millis([&] { plot->refresh(); }, 20) << " ms\n";
    timeline.zoom()->fitAll();
    std::size_t runs = 0;
    out << "frame, fit all:                 " << millis([&] { runs = plot->frame().cycles.size(); }, 20) << " ms ("
        << runs << " runs for the cycles)\n";
    out << "paint, fit all:                 " << millis([&] { plot->grab(); }, 10) << " ms\n";
    const auto& cycles = index.cycles();
    for (const VirtualNanos span : { 10 * nanosPerSecond, nanosPerSecond, 10'000'000LL, 1'000'000LL }) {
        const VirtualNanos middle = cycles[cycles.size() / 2].start;
        timeline.zoom()->setRange({ middle - span / 2, middle + span / 2 }, true);
        out << "frame + paint, " << QString::number(double(span) / 1e6)
            << " ms window: " << millis([&] { plot->grab(); }, 10) << " ms (" << plot->frame().cycles.size()
            << " runs)\n";
    }
    const QPoint centre(plot->plotLeft() + plot->plotWidth() / 2, plot->cycleBarRect().center().y());
    out << "tooltip (hit test):             " << millis([&] { plot->toolTipAt(centre); }, 100) << " ms\n";
    out << "charts rebuild:                 "
        << millis(
               [&] {
                   charts.setMaxPoints(ChartsView::defaultMaxPoints + 1);
                   charts.setMaxPoints(ChartsView::defaultMaxPoints);
               },
               5)
            / 2
        << " ms (" << charts.seriesPoints(ChartsView::PendingChart, 0).size() << " points a series, "
        << charts.bucketSeconds() << " s each)\n";
    out << "charts paint:                   " << millis([&] { charts.grab(); }, 5) << " ms\n";
    return 0;
}
