#pragma once

// Shared by the view tests: real sample runs through a Playback, and the queue state recomputed
// from the trace's QueueMove events alone (independently of ReplayState), to check views against.

#include "playback.h"
#include "scenario/effectiveconfig.h"
#include "scenario/loader.h"

#include <QDeadlineTimer>
#include <QTest>
#include <QWidget>

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

// Loads the sample and plays it as fast as possible to the end; false on timeout.
inline bool runToEnd(Playback& playback, const QString& name, const SimulationOptions& options = {})
{
    const auto scenario = sample(name);
    playback.load(scenario, configurationOf(*scenario), options);
    playback.setSpeed(0);
    playback.play();
    return QTest::qWaitFor([&] { return playback.isFinished() && playback.cursor() == playback.published(); }, 60000);
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
inline bool runToEnd(Playback& playback, const std::shared_ptr<const Scenario>& scenario, const SimulationOptions& options = {})
{
    playback.load(scenario, configurationOf(*scenario), options);
    playback.setSpeed(0);
    playback.play();
    QDeadlineTimer deadline(60000);
    while (!playback.isFinished() && !deadline.hasExpired())
        QTest::qWait(10);
    return playback.isFinished();
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

// Screenshots for a human to look at, only when KSV_SCREENSHOT_DIR names a directory: DIR/name.png.
inline void saveShot(QWidget* widget, const QString& name)
{
    QTest::qWait(50); // let pending layouts (chart titles, axis labels) settle, as the event loop would
    const QPixmap pixmap = widget->grab();
    QVERIFY(!pixmap.isNull());
    const QString directory = qEnvironmentVariable("KSV_SCREENSHOT_DIR");
    if (!directory.isEmpty())
        QVERIFY(pixmap.save(directory + QLatin1Char('/') + name + QStringLiteral(".png")));
}

} // namespace ksv::testing
