#pragma once

// Shared by the model and view tests: real sample runs played as the app plays them (a Session), and
// the queue state recomputed from the trace's QueueMove events alone (independently of ReplayState),
// to check models and views against.

#include "playbackcontroller.h"
#include "run.h"
#include "scenario/effectiveconfig.h"
#include "scenario/loader.h"
#include "viewstate.h"

#include <QDeadlineTimer>
#include <QTest>

#include <functional>
#include <map>
#include <memory>

namespace ksv::testing {

inline std::shared_ptr<const Scenario> sample(const QString& name)
{
    return std::make_shared<const Scenario>(loadScenarioFile(QStringLiteral(KSV_SAMPLES_DIR "/") + name));
}

inline config::KubeSchedulerConfiguration configurationOf(const Scenario& scenario)
{
    return effectiveConfiguration(scenario);
}

// The app's playback without its window: the view state, the controller that plays runs over it, and
// the views it gives each new run, as MainWindow gives them.
struct Session
{
    ViewState view;
    PlaybackController playback {&view};

    Run& run() const { return *playback.run(); }
    // `widget` shows the current run and every later one (anything with setRun(const Run*)).
    template <typename View> void attach(View& widget)
    {
        widget.setRun(playback.run());
        QObject::connect(&playback, &PlaybackController::runChanged, &widget, [&widget](Run* run) { widget.setRun(run); });
    }
    // What selecting in a view does.
    void selectPod(qint32 pod) { ksv::selectPod(view, playback.run(), pod); }
    void selectCycle(qint32 cycle) { ksv::selectCycle(view, playback.run(), cycle); }
    void selectNode(qint32 node) { ksv::selectNode(view, playback.run(), node); }
};

// Loads the sample and plays it as fast as possible to the end; false on timeout.
inline bool runToEnd(Session& session, const QString& name, const SimulationOptions& options = {})
{
    const auto scenario = sample(name);
    session.playback.load(scenario, configurationOf(*scenario), options);
    session.playback.setSpeed(0);
    session.playback.play();
    return QTest::qWaitFor([&] { return session.playback.isFinished() && session.view.cursor() == session.run().indexed(); }, 60000);
}

// Trace positions [0, end) whose event satisfies `predicate`.
inline std::vector<qint64> positionsWhere(const trace::Trace& trace, qsizetype end, const std::function<bool(const trace::Event&)>& predicate)
{
    std::vector<qint64> positions;
    for (qsizetype i = 0; i < end; ++i) {
        if (predicate(trace.at(i)))
            positions.push_back(i);
    }
    return positions;
}

// Loads the sample and plays it to its end as fast as possible.
inline bool runToEnd(Session& session, const std::shared_ptr<const Scenario>& scenario, const SimulationOptions& options = {})
{
    session.playback.load(scenario, configurationOf(*scenario), options);
    session.playback.setSpeed(0);
    session.playback.play();
    QDeadlineTimer deadline(60000);
    while (!session.playback.isFinished() && !deadline.hasExpired())
        QTest::qWait(10);
    return session.playback.isFinished();
}

// Where each pod is after the first `end` events, from the QueueMove events only.
struct QueueScan
{
    struct Pod
    {
        trace::PodLocation location = trace::PodLocation::None;
        qint64 value = 0;     // queuedAt (Active) or backoffExpiry (Backoff) of the last move
        qint32 priority = 0;
        VirtualNanos since = 0;
        QString node;
        QString cause;
    };
    std::map<QString, Pod> pods; // by key: ordered, so iteration is deterministic
    qsizetype lastMove = -1;     // position of the latest QueueMove

    int count(trace::PodLocation location) const
    {
        int n = 0;
        for (const auto& [key, pod] : pods)
            n += pod.location == location ? 1 : 0;
        return n;
    }
};

inline QueueScan scanQueue(const trace::Trace& trace, qsizetype end)
{
    QueueScan scan;
    for (qsizetype position = 0; position < end; ++position) {
        const trace::Event& event = trace.at(position);
        if (event.kind() != trace::EventKind::QueueMove)
            continue;
        QueueScan::Pod& pod = scan.pods[trace.string(event.pod())];
        pod.location = event.to();
        pod.since = event.time();
        pod.cause = trace.string(event.cause());
        pod.node = trace.string(event.node());
        if (pod.location == trace::PodLocation::Active || pod.location == trace::PodLocation::Backoff
            || pod.location == trace::PodLocation::Unschedulable || pod.location == trace::PodLocation::Gated) {
            pod.priority = event.priority();
            pod.value = event.queueTime();
        }
        scan.lastMove = position;
    }
    return scan;
}

} // namespace ksv::testing
