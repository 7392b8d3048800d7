#pragma once

// A sample run to its end through Playback, as the app does it, for the trace views' tests.

#include "config/config.h"
#include "playback.h"
#include "scenario/loader.h"

#include <QTest>

#include <functional>

namespace ksv::testing {

inline std::shared_ptr<const Scenario> sample(const QString& name)
{
    return std::make_shared<const Scenario>(loadScenarioFile(QStringLiteral(KSV_SAMPLES_DIR "/") + name));
}

inline config::KubeSchedulerConfiguration configurationOf(const Scenario& scenario)
{
    return scenario.schedulerConfig ? config::decodeConfiguration(*scenario.schedulerConfig) : config::defaultConfiguration();
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

} // namespace ksv::testing
