#include "comparejob.h"

#include "extendersession.h"

#include <QFutureWatcher>
#include <QThread>
#include <QtConcurrent>

namespace ksv {

namespace {

struct Outcome
{
    std::shared_ptr<const RunComparison> comparison;
    std::shared_ptr<const RunSummary> before; // for the next request
};

// As `kschedviz compare` runs each: the configuration's extenders (and the scenario's demo extender)
// called, the scenario's seed.
RunSummary summarize(const LoadedScenario& loaded)
{
    SimulationOptions options;
    options.nodeDetail = false;
    if (const auto session = extenderhttp::ExtenderSession::start(*loaded.scenario, loaded.configuration))
        options.extenderTransport = session->transport();
    return summarizeRun(*loaded.scenario, loaded.configuration, options);
}

Outcome compareInBackground(const std::shared_ptr<const LoadedScenario>& before, const std::shared_ptr<const LoadedScenario>& after,
                            std::shared_ptr<const RunSummary> beforeSummary)
{
    auto result = std::make_shared<RunComparison>();
    try {
        if (!beforeSummary)
            beforeSummary = std::make_shared<const RunSummary>(summarize(*before));
        result->before = *beforeSummary;
        result->after = summarize(*after);
        result->differences = podDifferences(result->before.pods, result->after.pods);
    } catch (const LoadError& error) {
        result->error = error.toString();
    } catch (const std::exception& error) {
        result->error = QString::fromLocal8Bit(error.what());
    }
    return {result, beforeSummary};
}

} // namespace

CompareJob::CompareJob(QObject* parent)
    : QObject(parent)
{
}

void CompareJob::compare(std::shared_ptr<const LoadedScenario> before, std::shared_ptr<const LoadedScenario> after)
{
    Q_ASSERT(QThread::currentThread() == thread());
    const quint64 generation = ++m_generation;
    ++m_running;
    std::shared_ptr<const RunSummary> cached = before == m_summarised ? m_summary : nullptr;
    auto* watcher = new QFutureWatcher<Outcome>(this);
    connect(watcher, &QFutureWatcher<Outcome>::finished, this, [this, watcher, generation, before] {
        --m_running;
        watcher->deleteLater();
        const Outcome outcome = watcher->result();
        if (outcome.before && outcome.comparison->error.isEmpty()) {
            m_summarised = before;
            m_summary = outcome.before;
        }
        if (generation == m_generation)
            Q_EMIT compared(outcome.comparison);
    });
    watcher->setFuture(QtConcurrent::run(compareInBackground, before, after, cached));
}

} // namespace ksv
