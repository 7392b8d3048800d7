// Frame times of every view at scale: the scale sample (5,000 nodes, 150,000 pods) runs as fast as
// possible for a wall-time budget, then each view paints at several cursor positions. Reports, per
// view, the first paint after the cursor moved (it recomputes what it derives from the state) and a
// repaint with nothing changed, both in milliseconds (median and worst), plus what moving the cursor
// costs and the memory the index holds.
//
//   bench_frames [SCENARIO] [--budget SECONDS] [--width W --height H]
//
// It sets the offscreen platform itself: build/tests/benchmarks/bench_frames
#include "chartsview.h"
#include "eventlogview.h"
#include "heatmapview.h"
#include "playback.h"
#include "podinspector.h"
#include "queuelanesview.h"
#include "scenario/loader.h"
#include "config/config.h"
#include "timelineview.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QImage>
#include <QPainter>

#include <sys/resource.h>

#include <algorithm>
#include <cstdio>
#include <functional>

using namespace ksv;

namespace {

long peakMemoryMiB()
{
    rusage usage {};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss / 1024;
}

double elapsedMs(const QElapsedTimer& timer)
{
    return double(timer.nsecsElapsed()) / 1e6;
}

struct Figures
{
    std::vector<double> first;
    std::vector<double> repaint;
};

double median(std::vector<double> values)
{
    std::ranges::sort(values);
    return values.empty() ? 0 : values[values.size() / 2];
}

double worst(const std::vector<double>& values)
{
    return values.empty() ? 0 : *std::ranges::max_element(values);
}

void settle()
{
    // Coalesced updates and deferred refreshes run here, as they would between frames.
    for (int i = 0; i < 3; ++i)
        QCoreApplication::processEvents();
}

double paint(QWidget* view, QImage& image)
{
    QElapsedTimer timer;
    timer.start();
    QPainter painter(&image);
    view->render(&painter);
    return elapsedMs(timer);
}

} // namespace

int main(int argc, char** argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    std::setvbuf(stdout, nullptr, _IOLBF, 0); // lines as they come, also into a pipe
    QApplication app(argc, argv);
    QString file = QStringLiteral(KSV_SAMPLES_DIR "/scale-5000.yaml");
    double budget = 30;
    QSize size(1400, 900);
    const QStringList arguments = app.arguments();
    for (qsizetype i = 1; i < arguments.size(); ++i) {
        if (arguments[i] == QLatin1String("--budget") && i + 1 < arguments.size())
            budget = arguments[++i].toDouble();
        else if (arguments[i] == QLatin1String("--width") && i + 1 < arguments.size())
            size.setWidth(arguments[++i].toInt());
        else if (arguments[i] == QLatin1String("--height") && i + 1 < arguments.size())
            size.setHeight(arguments[++i].toInt());
        else
            file = arguments[i];
    }

    QElapsedTimer timer;
    timer.start();
    const auto scenario = std::make_shared<const Scenario>(loadScenarioFile(file));
    const auto configuration = scenario->schedulerConfig ? config::decodeConfiguration(*scenario->schedulerConfig) : config::defaultConfiguration();
    std::printf("scenario        %s: %lld nodes, %lld initial pods, %lld events, loaded in %.0f ms\n", qPrintable(scenario->name),
                static_cast<long long>(scenario->initial.nodes.size()), static_cast<long long>(scenario->initial.pods.size()),
                static_cast<long long>(scenario->events.size()), elapsedMs(timer));

    Playback playback;
    SimulationOptions options;
    options.nodeDetail = scenario->initial.nodes.size() <= 1000; // as the app decides
    timer.restart();
    playback.load(scenario, configuration, options);
    std::printf("load            %.0f ms (catalogue and initial state on the GUI thread)\n", elapsedMs(timer));

    // The views, as the window holds them.
    struct View
    {
        const char* name;
        QWidget* widget;
        Figures figures;
    };
    std::vector<View> views {
        {"queue lanes", new QueueLanesView(&playback), {}}, {"heatmap", new HeatmapView(&playback), {}},
        {"timeline", new TimelineView(&playback), {}},      {"inspector", new PodInspector(&playback), {}},
        {"charts", new ChartsView(&playback), {}},          {"event log", new EventLogView(&playback), {}},
    };
    for (View& view : views) {
        view.widget->resize(size);
        view.widget->show();
    }

    // Run as fast as possible for the budget, with the views attached and repainting as in the app.
    playback.setSpeed(0);
    playback.play();
    QElapsedTimer wall;
    wall.start();
    std::vector<double> frameGaps;
    QElapsedTimer frame;
    frame.start();
    while (wall.elapsed() < qint64(budget * 1000) && !playback.isFinished()) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 16);
        frameGaps.push_back(elapsedMs(frame));
        frame.restart();
    }
    playback.pause();
    settle();
    const trace::TraceIndex& index = *playback.index();
    qsizetype bound = index.head().count(trace::PodLocation::Bound);
    std::printf("run             %.1f s wall: virtual %.1f s, %lld events indexed, %lld cycles, %lld pods bound; GUI event loop "
                "gap median %.1f ms, worst %.1f ms\n",
                double(wall.elapsed()) / 1000, double(playback.engineTime()) / 1e9, static_cast<long long>(index.indexed()),
                static_cast<long long>(index.cycles().size()), static_cast<long long>(bound), median(frameGaps), worst(frameGaps));
    std::printf("memory          index %.1f MiB, trace %.1f MiB, process peak %ld MiB\n", double(index.memoryBytes()) / 1048576.0,
                double(index.trace().memoryBytes()) / 1048576.0, peakMemoryMiB());

    // Select the most retried pod, so the inspector and the heatmap's attempt modes have something.
    qint32 selected = -1;
    for (size_t pod = 0; pod < index.head().pods.size(); ++pod) {
        if (selected < 0 || index.head().pods[pod].attempts > index.head().pods[size_t(selected)].attempts)
            selected = qint32(pod);
    }
    playback.selectPod(selected);

    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    std::vector<double> seeks;
    const qsizetype end = index.indexed();
    for (int i = 1; i <= 10; ++i) {
        const qsizetype position = end * (i % 2 ? i : 11 - i) / 10; // back and forth over the run
        timer.restart();
        playback.seekPosition(position);
        settle(); // every view's refresh after the move
        seeks.push_back(elapsedMs(timer));
        for (View& view : views) {
            view.figures.first.push_back(paint(view.widget, image));
            view.figures.repaint.push_back(paint(view.widget, image));
        }
    }
    std::vector<double> steps;
    for (int i = 0; i < 20; ++i) {
        timer.restart();
        playback.stepBack(Playback::StepUnit::Event);
        settle();
        steps.push_back(elapsedMs(timer));
    }
    std::printf("seek            median %.1f ms, worst %.1f ms (state rebuilt from a checkpoint, every view refreshed)\n", median(seeks), worst(seeks));
    std::printf("step back       median %.1f ms, worst %.1f ms (including every view's refresh)\n", median(steps), worst(steps));
    std::printf("\n%-14s %14s %14s %14s %14s   (%dx%d)\n", "view", "first median", "first worst", "repaint median", "repaint worst",
                size.width(), size.height());
    for (const View& view : views)
        std::printf("%-14s %11.1f ms %11.1f ms %11.1f ms %11.1f ms\n", view.name, median(view.figures.first), worst(view.figures.first),
                    median(view.figures.repaint), worst(view.figures.repaint));
    for (View& view : views)
        delete view.widget;
    return 0;
}
