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
// called, the scenario's seed unless the comparison gives another.
RunSummary summarize(const LoadedScenario& loaded, const std::atomic<bool>& stop)
{
    SimulationOptions options;
    options.nodeDetail = false;
    options.seed = loaded.seed;
    if (const auto session = extenderhttp::ExtenderSession::start(*loaded.scenario, loaded.configuration))
        options.extenderTransport = session->transport();
    return summarizeRun(*loaded.scenario, loaded.configuration, options, &stop);
}

Outcome compareInBackground(const std::shared_ptr<const LoadedScenario>& before, const std::shared_ptr<const LoadedScenario>& after,
                            std::shared_ptr<const RunSummary> beforeSummary, const std::shared_ptr<std::atomic<bool>>& stop)
{
    auto result = std::make_shared<RunComparison>();
    try {
        if (!beforeSummary)
            beforeSummary = std::make_shared<const RunSummary>(summarize(*before, *stop));
        result->before = *beforeSummary;
        result->after = summarize(*after, *stop);
        if (*stop) // a part of a run: nobody will read it, and it is not kept
            return {result, nullptr};
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
    , m_pool(new QThreadPool(this))
    , m_stop(std::make_shared<std::atomic<bool>>(false))
{
    m_pool->setMaxThreadCount(1);
}

CompareJob::~CompareJob()
{
    cancel();
    m_pool->waitForDone(); // a stopped run ends within a step
}

void CompareJob::cancel()
{
    ++m_generation;
    m_stop->store(true);
    m_stop = std::make_shared<std::atomic<bool>>(false);
    m_summarised.reset();
    m_summary.reset();
    m_running = false;
}

void CompareJob::compare(std::shared_ptr<const LoadedScenario> before, std::shared_ptr<const LoadedScenario> after)
{
    Q_ASSERT(QThread::currentThread() == thread());
    // The one still running stops; the kept summary of `before` stays.
    m_stop->store(true);
    m_stop = std::make_shared<std::atomic<bool>>(false);
    const quint64 generation = ++m_generation;
    m_running = true;
    std::shared_ptr<const RunSummary> cached = before == m_summarised ? m_summary : nullptr;
    auto* watcher = new QFutureWatcher<Outcome>(this);
    connect(watcher, &QFutureWatcher<Outcome>::finished, this, [this, watcher, generation, before] {
        watcher->deleteLater();
        if (generation != m_generation)
            return; // superseded, stopped or cancelled
        m_running = false;
        const Outcome outcome = watcher->result();
        if (outcome.before && outcome.comparison->error.isEmpty()) {
            m_summarised = before;
            m_summary = outcome.before;
        }
        Q_EMIT compared(outcome.comparison);
    });
    watcher->setFuture(QtConcurrent::run(m_pool, compareInBackground, before, after, cached, m_stop));
}

} // namespace ksv
