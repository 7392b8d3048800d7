#pragma once

#include "config/types.h"
#include "scenario/effectiveconfig.h"
#include "trace/replay.h"

#include <QObject>

#include <memory>
#include <optional>

namespace ksv {

struct LoadedScenario
{
    QString path;
    std::shared_ptr<const Scenario> scenario;
    config::KubeSchedulerConfiguration configuration; // the scenario's, the file's, or the default
    std::shared_ptr<const trace::ReplayCatalogue> catalogue; // numbered here, not on the GUI thread
    QStringList warnings;
    // What the chosen Kubernetes version leaves out (versionWarning), empty when nothing.
    QString versionWarning;
    // Overrides the scenario's spec.seed: the same scenario with another seed, side by side.
    std::optional<quint64> seed;
};

// Loads a scenario (and optionally a scheduler configuration) on a worker thread: the GUI thread
// never parses files. A newer request supersedes an older one; a superseded result is dropped
// (generation counter, as hotspot's jobtracker).
class ScenarioLoadJob : public QObject
{
    Q_OBJECT
public:
    explicit ScenarioLoadJob(QObject* parent = nullptr);

    // `version`: the window's choice (Kubernetes Version menu, --kubernetes-version) over the scenario's.
    void load(const QString& scenarioPath, const QString& configPath = {}, const VersionChoice& version = {});
    bool isLoading() const { return m_running > 0; }

Q_SIGNALS:
    void loaded(std::shared_ptr<const ksv::LoadedScenario> result);
    void failed(const QString& path, const QString& message);

private:
    quint64 m_generation = 0;
    int m_running = 0;
};

} // namespace ksv

Q_DECLARE_METATYPE(std::shared_ptr<const ksv::LoadedScenario>)
