#include "scenarioloadjob.h"

#include "cluster/scenariosource.h"
#include "scenario/effectiveconfig.h"
#include "scenario/loader.h"

#include <QFutureWatcher>
#include <QThread>
#include <QtConcurrent>

#include <variant>

namespace ksv {

namespace {

struct LoadFailure
{
    QString message;
};
using LoadOutcome = std::variant<std::shared_ptr<const LoadedScenario>, LoadFailure>;

LoadOutcome loadInBackground(const QString& scenarioPath, const QString& configPath, const VersionChoice& version)
{
    try {
        auto result = std::make_shared<LoadedScenario>();
        result->path = scenarioPath;
        Scenario scenario = loadScenarioFile(scenarioPath, &result->warnings);
        // Decoded here, off the GUI thread: a bad configuration fails the load with its file:line.
        result->configuration = effectiveConfiguration(scenario, configPath, version);
        result->versionWarning = versionWarning(scenario, version);
        result->scenario = std::make_shared<const Scenario>(std::move(scenario));
        result->catalogue = std::make_shared<const trace::ReplayCatalogue>(ScenarioSource(result->scenario));
        return result;
    } catch (const LoadError& error) {
        return LoadFailure {error.toString()};
    } catch (const std::exception& error) {
        return LoadFailure {scenarioPath + QStringLiteral(": ") + QString::fromLocal8Bit(error.what())};
    }
}

} // namespace

ScenarioLoadJob::ScenarioLoadJob(QObject* parent)
    : QObject(parent)
{
}

void ScenarioLoadJob::load(const QString& scenarioPath, const QString& configPath, const VersionChoice& version)
{
    Q_ASSERT(QThread::currentThread() == thread());
    const quint64 generation = ++m_generation;
    ++m_running;
    auto* watcher = new QFutureWatcher<LoadOutcome>(this);
    connect(watcher, &QFutureWatcher<LoadOutcome>::finished, this, [this, watcher, generation, scenarioPath] {
        --m_running;
        watcher->deleteLater();
        if (generation != m_generation)
            return; // superseded by a newer load
        const LoadOutcome outcome = watcher->result();
        if (const auto* failure = std::get_if<LoadFailure>(&outcome))
            Q_EMIT failed(scenarioPath, failure->message);
        else
            Q_EMIT loaded(std::get<std::shared_ptr<const LoadedScenario>>(outcome));
    });
    watcher->setFuture(QtConcurrent::run(loadInBackground, scenarioPath, configPath, version));
}

} // namespace ksv
