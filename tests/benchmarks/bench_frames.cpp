// Frame times of every view at scale: the scale sample (5,000 nodes, 150,000 pods) runs as fast as
// possible for a wall-time budget, then each view paints at several cursor positions. Reports, per
// view, the first paint after the cursor moved (it recomputes what it derives from the state) and a
// repaint with nothing changed, both in milliseconds (median and worst), plus what moving the cursor
// costs and the memory the index holds.
//
//   bench_frames [SCENARIO] [--budget SECONDS] [--width W --height H] [--window]
//
// By default each view is a window of its own at the full size, the worst case for painting; with
// --window they are the app's docks in one MainWindow of that size, as a user sees them (the paint
// table is then left out: the views are as small as their docks).
//
// It sets the offscreen platform itself: build/tests/benchmarks/bench_frames
#include "chartsview.h"
#include "eventlogview.h"
#include "heatmapview.h"
#include "mainwindow.h"
#include "playbackcontroller.h"
#include "podinspector.h"
#include "queuelanesview.h"
#include "run.h"
#include "scenario/effectiveconfig.h"
#include "scenario/loader.h"
#include "timelineview.h"
#include "viewstate.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QImage>
#include <QPainter>
#include <QStandardPaths>
#include <QThread>

#include <sys/resource.h>
#include <time.h>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <map>

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

// The GUI thread's CPU time in milliseconds. On a machine whose cores are busy with other work, wall
// time counts the waits for a core too; this does not, so both are reported.
double threadCpuMs()
{
    timespec now {};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return double(now.tv_sec) * 1e3 + double(now.tv_nsec) / 1e6;
}

// Wall and CPU time of a stretch of the GUI thread's work.
struct Stopwatch
{
    QElapsedTimer wall;
    double cpuStart = 0;
    void start()
    {
        cpuStart = threadCpuMs();
        wall.start();
    }
    double wallMs() const { return elapsedMs(wall); }
    double cpuMs() const { return threadCpuMs() - cpuStart; }
};

struct Figures
{
    std::vector<double> first;
    std::vector<double> repaint;
    std::vector<double> firstCpu;
    std::vector<double> repaintCpu;
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
    // Coalesced updates and deferred refreshes run here, as they would between frames: the views
    // refresh one per turn of the event loop (ViewRefresh) and repaint in the next, so a few turns
    // more than there are views.
    for (int i = 0; i < 12; ++i)
        QCoreApplication::processEvents();
}

// Times every event the GUI thread handles at the top level (not those sent from within another),
// so that the report can name what holds the event loop longest while the engine runs.
class TimedApplication : public QApplication
{
public:
    using QApplication::QApplication;

    struct Handler
    {
        double ms = 0;
        double cpuMs = 0;
        QByteArray what; // receiver class and event type
    };
    bool recording = false;
    std::vector<Handler> slowest; // the longest handlers, longest first, at most 8
    std::vector<Handler> current; // every handler since the caller last cleared it

    bool notify(QObject* receiver, QEvent* event) override
    {
        // The engine's thread runs its own timers through here too: only the GUI thread counts.
        if (!recording || m_depth > 0 || QThread::currentThread() != thread())
            return QApplication::notify(receiver, event);
        // Read before: a DeferredDelete destroys the receiver.
        const char* className = receiver->metaObject()->className();
        const QEvent::Type type = event->type();
        Stopwatch watch;
        watch.start();
        ++m_depth;
        const bool result = QApplication::notify(receiver, event);
        --m_depth;
        const double ms = watch.wallMs();
        const auto describe = [&] {
            QByteArray what = className + QByteArray(" ") + QByteArray::number(int(type));
            if (type == QEvent::MetaCall)
                what += " (queued call)";
            else if (type == QEvent::Timer)
                what += " (timer)";
            else if (type == QEvent::UpdateRequest)
                what += " (paint)";
            return what;
        };
        if (ms >= 1)
            current.push_back({ms, watch.cpuMs(), describe()});
        if (slowest.size() < 8 || ms > slowest.back().ms) {
            slowest.push_back({ms, watch.cpuMs(), describe()});
            std::ranges::sort(slowest, std::greater {}, &Handler::ms);
            if (slowest.size() > 8)
                slowest.pop_back();
        }
        return result;
    }

private:
    int m_depth = 0;
};

// Wall and CPU milliseconds of one paint of the view into the image.
std::pair<double, double> paint(QWidget* view, QImage& image)
{
    Stopwatch watch;
    watch.start();
    {
        QPainter painter(&image);
        view->render(&painter);
    }
    return {watch.wallMs(), watch.cpuMs()};
}

} // namespace

int main(int argc, char** argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    std::setvbuf(stdout, nullptr, _IOLBF, 0); // lines as they come, also into a pipe
    TimedApplication app(argc, argv);
    QString file = QStringLiteral(KSV_SAMPLES_DIR "/scale-5000.yaml");
    double budget = 30;
    QSize size(1400, 900);
    bool windowMode = false;
    const QStringList arguments = app.arguments();
    for (qsizetype i = 1; i < arguments.size(); ++i) {
        if (arguments[i] == QLatin1String("--window"))
            windowMode = true;
        else if (arguments[i] == QLatin1String("--budget") && i + 1 < arguments.size())
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
    const auto configuration = effectiveConfiguration(*scenario);
    std::printf("scenario        %s: %lld nodes, %lld initial pods, %lld events, loaded in %.0f ms\n", qPrintable(scenario->name),
                static_cast<long long>(scenario->initial.nodes.size()), static_cast<long long>(scenario->initial.pods.size()),
                static_cast<long long>(scenario->events.size()), elapsedMs(timer));

    // The views, as the window holds them.
    struct View
    {
        const char* name;
        QWidget* widget;
        Figures figures;
    };
    std::vector<View> views;
    std::unique_ptr<ViewState> ownViewState;
    std::unique_ptr<PlaybackController> ownPlayback;
    std::unique_ptr<MainWindow> window;
    timer.restart();
    if (windowMode) {
        QStandardPaths::setTestModeEnabled(true); // the default layout, not the user's saved one
        window = std::make_unique<MainWindow>();
        window->resize(size);
        window->show();
        QEventLoop loading;
        QObject::connect(window.get(), &MainWindow::scenarioLoaded, &loading, &QEventLoop::quit);
        window->openScenario(file);
        loading.exec();
        std::printf("load            %.0f ms (the window's: decoded on a pool thread, catalogue and initial state on the GUI thread)\n",
                    elapsedMs(timer));
    } else {
        ownViewState = std::make_unique<ViewState>();
        ownPlayback = std::make_unique<PlaybackController>(ownViewState.get());
        SimulationOptions options;
        options.nodeDetail = scenario->initial.nodes.size() <= 1000; // as the app decides
        ownPlayback->load(scenario, configuration, options);
        std::printf("load            %.0f ms (catalogue and initial state on the GUI thread)\n", elapsedMs(timer));
        ViewState* v = ownViewState.get();
        const auto shown = [run = ownPlayback->run()](auto* view) {
            view->setRun(run);
            return view;
        };
        views = {
            {"queue lanes", shown(new QueueLanesView(v)), {}}, {"heatmap", shown(new HeatmapView(v)), {}},
            {"timeline", shown(new TimelineView(v)), {}},      {"inspector", shown(new PodInspector(v)), {}},
            {"charts", shown(new ChartsView(v)), {}},          {"event log", shown(new EventLogView(v)), {}},
        };
        for (View& view : views) {
            view.widget->resize(size);
            view.widget->show();
        }
    }
    PlaybackController& playback = windowMode ? *window->playback() : *ownPlayback;
    ViewState& viewState = windowMode ? *window->viewState() : *ownViewState;
    settle(); // the windows' first expose and layout, before the clock starts

    // Run as fast as possible for the budget, with the views attached and repainting as in the app.
    playback.setSpeed(0);
    playback.play();
    QElapsedTimer wall;
    wall.start();
    std::vector<double> frameGaps, frameGapsCpu;
    std::vector<TimedApplication::Handler> worstGap;    // what the longest gap was made of
    std::vector<TimedApplication::Handler> worstCpuGap; // ... and the one that took the most CPU time
    app.recording = true;
    Stopwatch frame;
    frame.start();
    while (wall.elapsed() < qint64(budget * 1000) && !playback.isFinished()) {
        app.current.clear();
        QCoreApplication::processEvents(QEventLoop::AllEvents, 16);
        if (frameGaps.empty() || frame.wallMs() > worst(frameGaps))
            worstGap = app.current;
        if (frameGapsCpu.empty() || frame.cpuMs() > worst(frameGapsCpu))
            worstCpuGap = app.current;
        frameGaps.push_back(frame.wallMs());
        frameGapsCpu.push_back(frame.cpuMs());
        frame.start();
    }
    app.recording = false;
    playback.pause();
    settle();
    const trace::TraceIndex& index = playback.run()->index();
    qsizetype bound = index.head().count(trace::PodLocation::Bound);
    std::printf("run             %.1f s wall: virtual %.1f s, %lld events indexed, %lld cycles, %lld pods bound; GUI event loop "
                "gap median %.1f ms, worst %.1f ms (CPU %.1f ms)\n",
                double(wall.elapsed()) / 1000, double(playback.run()->engineTime()) / 1e9, static_cast<long long>(index.indexed()),
                static_cast<long long>(index.cycles().size()), static_cast<long long>(bound), median(frameGaps), worst(frameGaps), worst(frameGapsCpu));
    for (const TimedApplication::Handler& handler : app.slowest)
        std::printf("  slow handler  %6.1f ms (CPU %5.1f ms)  %s\n", handler.ms, handler.cpuMs, handler.what.constData());
    const auto printGap = [](const char* title, const std::vector<TimedApplication::Handler>& gap) {
        std::printf("  %s", title);
        for (const TimedApplication::Handler& handler : gap)
            std::printf(" %s %.1f ms (CPU %.1f);", handler.what.constData(), handler.ms, handler.cpuMs);
        std::printf("\n");
    };
    printGap("the worst gap held:", worstGap);
    printGap("the gap with the most CPU time held:", worstCpuGap);
    std::printf("memory          index %.1f MiB, trace %.1f MiB, process peak %ld MiB\n", double(index.memoryBytes()) / 1048576.0,
                double(index.trace().memoryBytes()) / 1048576.0, peakMemoryMiB());

    // Select the most retried pod, so the inspector and the heatmap's attempt modes have something.
    qint32 selected = -1;
    for (size_t pod = 0; pod < index.head().pods.size(); ++pod) {
        if (selected < 0 || index.head().pods[pod].attempts > index.head().pods[size_t(selected)].attempts)
            selected = qint32(pod);
    }
    selectPod(viewState, playback.run(), selected);
    settle(); // the views' refresh for the selection (the inspector fills, its dock may resize), not the first seek's

    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    std::vector<double> seeks, seeksCpu;
    std::vector<double> moves; // seekPosition() itself: the state rebuilt and the synchronous slots
    Stopwatch watch;
    const qsizetype end = index.indexed();
    std::map<QByteArray, std::pair<double, double>> seekHandlers; // what the seeks' turns spent, in total
    for (int i = 1; i <= 10; ++i) {
        const qsizetype position = end * (i % 2 ? i : 11 - i) / 10; // back and forth over the run
        app.recording = true;
        app.current.clear();
        watch.start();
        playback.seekPosition(position);
        moves.push_back(watch.wallMs());
        settle(); // every view's refresh after the move, and the repaint of every (top-level) view
        seeks.push_back(watch.wallMs());
        seeksCpu.push_back(watch.cpuMs());
        app.recording = false;
        std::printf("  seek to %3d%%  %6.1f ms (CPU %5.1f), the move %5.1f ms:", int(100 * position / std::max<qsizetype>(end, 1)),
                    seeks.back(), seeksCpu.back(), moves.back());
        for (const TimedApplication::Handler& handler : app.current) {
            seekHandlers[handler.what].first += handler.ms / 10;
            seekHandlers[handler.what].second += handler.cpuMs / 10;
            std::printf(" %s %.1f;", handler.what.constData(), handler.ms);
        }
        std::printf("\n");
        for (View& view : views) {
            const auto [firstWall, firstCpu] = paint(view.widget, image);
            const auto [repaintWall, repaintCpu] = paint(view.widget, image);
            view.figures.first.push_back(firstWall);
            view.figures.firstCpu.push_back(firstCpu);
            view.figures.repaint.push_back(repaintWall);
            view.figures.repaintCpu.push_back(repaintCpu);
        }
    }
    std::vector<double> steps, stepsCpu;
    std::vector<double> stepMoves;
    for (int i = 0; i < 20; ++i) {
        watch.start();
        playback.stepBack(PlaybackController::StepUnit::Event);
        stepMoves.push_back(watch.wallMs());
        settle();
        steps.push_back(watch.wallMs());
        stepsCpu.push_back(watch.cpuMs());
    }
    std::printf("seek            median %.1f ms (CPU %.1f ms), worst %.1f ms (CPU %.1f ms): state rebuilt from a checkpoint, every view "
                "refreshed and repainted; the move alone median %.1f ms, worst %.1f ms\n",
                median(seeks), median(seeksCpu), worst(seeks), worst(seeksCpu), median(moves), worst(moves));
    std::printf("  a seek's turns, on average:");
    for (const auto& [what, ms] : seekHandlers)
        std::printf(" %s %.1f ms (CPU %.1f);", what.constData(), ms.first, ms.second);
    std::printf("\n");
    std::printf("step back       median %.1f ms (CPU %.1f ms), worst %.1f ms (CPU %.1f ms): every view refreshed and repainted; the move "
                "alone median %.1f ms, worst %.1f ms\n",
                median(steps), median(stepsCpu), worst(steps), worst(stepsCpu), median(stepMoves), worst(stepMoves));
    if (views.empty())
        return 0;
    std::printf("\n%-14s %14s %14s %14s %14s   (%dx%d, wall time)\n", "view", "first median", "first worst", "repaint median",
                "repaint worst", size.width(), size.height());
    for (const View& view : views)
        std::printf("%-14s %11.1f ms %11.1f ms %11.1f ms %11.1f ms\n", view.name, median(view.figures.first), worst(view.figures.first),
                    median(view.figures.repaint), worst(view.figures.repaint));
    std::printf("\n%-14s %14s %14s %14s %14s   (GUI thread CPU time)\n", "view", "first median", "first worst", "repaint median",
                "repaint worst");
    for (const View& view : views)
        std::printf("%-14s %11.1f ms %11.1f ms %11.1f ms %11.1f ms\n", view.name, median(view.figures.firstCpu),
                    worst(view.figures.firstCpu), median(view.figures.repaintCpu), worst(view.figures.repaintCpu));
    for (View& view : views)
        delete view.widget;
    return 0;
}
