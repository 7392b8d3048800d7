#pragma once

// The run before the edits against the run after them, as `kschedviz compare` computes two runs
// (scheduler/compare.h): each scenario run headless to its end, summarised, and the pods whose fate
// differs. Off the GUI thread; a newer request supersedes an older one. The summary of the run before
// is kept for the next request with the same scenario (every edit compares against the one base).

#include "compare.h"
#include "scenarioloadjob.h"

#include <QObject>
#include <QThreadPool>

#include <atomic>

#include <memory>

namespace ksv {

struct RunComparison
{
    RunSummary before;
    RunSummary after;
    QList<PodDifference> differences;
    QString error; // a run that could not be made (its configuration's extender, …)
};

class CompareJob : public QObject
{
    Q_OBJECT
public:
    explicit CompareJob(QObject* parent = nullptr);

    ~CompareJob() override;

    // Supersedes (and stops) any comparison still running.
    void compare(std::shared_ptr<const LoadedScenario> before, std::shared_ptr<const LoadedScenario> after);
    // Stops what is running (its result is not said) and forgets the kept summary.
    void cancel();
    bool isRunning() const { return m_running; }

Q_SIGNALS:
    void compared(std::shared_ptr<const ksv::RunComparison> result);

private:
    // Its own thread, one comparison at a time, so that the full runs never hold the global pool the
    // edits are checked on; a superseded one is told to stop.
    QThreadPool* m_pool;
    std::shared_ptr<std::atomic<bool>> m_stop;
    quint64 m_generation = 0;
    bool m_running = false;
    std::shared_ptr<const LoadedScenario> m_summarised; // whose summary m_summary is
    std::shared_ptr<const RunSummary> m_summary;
};

} // namespace ksv

Q_DECLARE_METATYPE(std::shared_ptr<const ksv::RunComparison>)
