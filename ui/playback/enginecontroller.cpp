#include "enginecontroller.h"

#include "decoding/loaderror.h"

#include <QElapsedTimer>
#include <QThread>
#include <QTimer>

namespace ksv {

namespace {

// A frame: the most often the GUI hears from the engine, and the longest the engine works between
// looking at its event loop (so pause, speed and stop are answered within a frame).
constexpr qint64 frameNs = 16'000'000;
constexpr qint64 workSliceNs = 8'000'000;

qint64 wallNs()
{
    static QElapsedTimer clock;
    if (!clock.isValid())
        clock.start();
    return clock.nsecsElapsed();
}

} // namespace

// ---- GUI side -----------------------------------------------------------------------------------

EngineController::EngineController(QObject* parent)
    : QObject(parent)
{
}

EngineController::~EngineController()
{
    stop();
}

void EngineController::start(std::shared_ptr<const Scenario> scenario, const config::KubeSchedulerConfiguration& configuration,
                             const SimulationOptions& options)
{
    stop();
    ++m_generation;
    auto trace = std::make_shared<trace::Trace>();
    // Here, before the engine's thread starts: the views' index reads it as soon as start() returns.
    trace->objects().setInitial(scenario->initial);
    m_trace = trace;
    m_published = 0;
    m_now = 0;
    m_finished = false;

    m_extenderTransport = options.extenderTransport;
    m_mailbox = std::make_shared<EngineMailbox>();
    m_thread = new QThread;
    m_thread->setObjectName(QStringLiteral("kschedviz engine"));
    auto* worker = new EngineWorker(m_mailbox, std::move(scenario), configuration, options, std::move(trace));
    worker->moveToThread(m_thread);
    m_worker = worker;
    connect(m_thread, &QThread::started, worker, &EngineWorker::initialize);
    // On its way out the engine thread stops the worker's timer and hands the worker back, so that
    // stop() deletes it on this thread once the thread is joined: every hand-over is then one
    // ThreadSanitizer can see (the join), none goes through Qt's deferred deletion.
    QThread* gui = thread();
    connect(m_thread, &QThread::finished, worker, [worker, gui] { worker->retire(gui); }, Qt::DirectConnection);
    const quint64 generation = m_generation;
    connect(worker, &EngineWorker::progress, this, [this, generation] { onProgress(generation); }, Qt::QueuedConnection);
    connect(worker, &EngineWorker::failed, this, [this, generation] { onFailed(generation); }, Qt::QueuedConnection);
    m_thread->start();
}

void EngineController::stop()
{
    if (!m_thread)
        return;
    // The worker answers within a work slice. Waiting here keeps a run from outliving the scenario
    // and configuration it reads. An extender call in flight is cut short first: the wait must not
    // last as long as the extender's timeout.
    if (m_extenderTransport)
        m_extenderTransport->cancel();
    m_thread->quit();
    m_thread->wait();
    {
        const std::lock_guard lock(m_mailbox->mutex);
        Q_ASSERT(m_mailbox->retired);
    }
    delete m_worker.data();
    delete m_thread;
    m_thread = nullptr;
    m_worker = nullptr;
}

void EngineController::adopt(std::shared_ptr<const trace::Trace> trace)
{
    stop();
    ++m_generation; // anything an earlier run still reports is dropped
    m_published = trace->size();
    m_now = m_published > 0 ? trace->at(m_published - 1).time() : 0;
    m_trace = std::move(trace);
    m_finished = true;
}

void EngineController::setSpeed(double speed)
{
    if (!m_worker)
        return;
    {
        const std::lock_guard lock(m_mailbox->mutex);
        m_mailbox->speed = speed;
    }
    QMetaObject::invokeMethod(m_worker, "applySpeed", Qt::QueuedConnection);
}

void EngineController::play()
{
    if (m_worker)
        QMetaObject::invokeMethod(m_worker, "play", Qt::QueuedConnection);
}

void EngineController::pause()
{
    if (m_worker)
        QMetaObject::invokeMethod(m_worker, "pause", Qt::QueuedConnection);
}

void EngineController::step()
{
    if (m_worker)
        QMetaObject::invokeMethod(m_worker, "step", Qt::QueuedConnection);
}

void EngineController::runUntil(VirtualNanos t)
{
    if (!m_worker)
        return;
    {
        const std::lock_guard lock(m_mailbox->mutex);
        m_mailbox->runUntil = t;
    }
    QMetaObject::invokeMethod(m_worker, "runUntil", Qt::QueuedConnection);
}

void EngineController::onProgress(quint64 generation)
{
    if (generation != m_generation)
        return; // a superseded run
    qsizetype traceSize = 0;
    VirtualNanos now = 0;
    bool done = false;
    {
        const std::lock_guard lock(m_mailbox->mutex);
        traceSize = m_mailbox->traceSize;
        now = m_mailbox->now;
        done = m_mailbox->done;
    }
    if (traceSize < m_published)
        return; // an older report, overtaken by one already read
    m_published = traceSize;
    m_now = now;
    Q_EMIT progressed(traceSize, now);
    if (done && !m_finished) {
        m_finished = true;
        Q_EMIT finished();
    }
}

void EngineController::onFailed(quint64 generation)
{
    if (generation != m_generation)
        return;
    QString message;
    {
        const std::lock_guard lock(m_mailbox->mutex);
        message = m_mailbox->failure;
    }
    Q_EMIT failed(message);
}

// ---- Engine side --------------------------------------------------------------------------------

EngineWorker::EngineWorker(std::shared_ptr<EngineMailbox> mailbox, std::shared_ptr<const Scenario> scenario,
                           config::KubeSchedulerConfiguration configuration, SimulationOptions options, std::shared_ptr<trace::Trace> trace)
    : m_mailbox(std::move(mailbox))
    , m_scenario(std::move(scenario))
    , m_configuration(std::move(configuration))
    , m_options(options)
    , m_trace(std::move(trace))
{
}

EngineWorker::~EngineWorker() = default;

void EngineWorker::retire(QThread* owner)
{
    if (m_timer)
        m_timer->stop();
    m_simulator.reset();
    moveToThread(owner);
    // The last thing this thread does with the worker: stop() takes the same lock after joining.
    const std::lock_guard lock(m_mailbox->mutex);
    m_mailbox->retired = true;
}

void EngineWorker::initialize()
{
    // Building the cache of a large cluster takes a while: it happens here, off the GUI thread.
    try {
        m_simulator = std::make_unique<Simulator>(*m_scenario, m_configuration, m_options, *m_trace);
        m_reached = 0;
    } catch (const LoadError& error) {
        {
            const std::lock_guard lock(m_mailbox->mutex);
            m_mailbox->failure = error.toString();
        }
        Q_EMIT failed();
        return;
    }
    m_timer = new QTimer(this);
    connect(m_timer, &QTimer::timeout, this, &EngineWorker::advance);
    report(true);
}

void EngineWorker::applySpeed()
{
    double speed = 1.0;
    {
        const std::lock_guard lock(m_mailbox->mutex);
        speed = m_mailbox->speed;
    }
    if (m_simulator && m_playing) {
        // Keep the virtual clock continuous across the change.
        m_playStartVirtual = clock();
        m_playStartWallNs = wallNs();
    }
    m_speed = speed;
}

void EngineWorker::play()
{
    if (!m_simulator) {
        report(true); // an ended run still answers, as the simulator did when it had nothing left
        return;
    }
    m_runUntil.reset(); // playing paces from here, whatever ran before
    m_playing = true;
    m_playStartWallNs = wallNs();
    m_playStartVirtual = clock();
    m_timer->start(0);
}

void EngineWorker::runUntil()
{
    if (!m_simulator) {
        report(true);
        return;
    }
    {
        const std::lock_guard lock(m_mailbox->mutex);
        m_runUntil = m_mailbox->runUntil;
    }
    m_playing = true;
    m_timer->start(0);
}

void EngineWorker::pause()
{
    m_playing = false;
    m_runUntil.reset();
    if (m_timer)
        m_timer->stop();
    report(true);
}

void EngineWorker::step()
{
    if (m_simulator) {
        m_simulator->step();
        releaseIfOver();
    }
    report(true);
}

void EngineWorker::releaseIfOver()
{
    if (!m_simulator || m_simulator->nextTime())
        return;
    m_reached = clock();
    m_simulator.reset();
    m_over = true;
}

void EngineWorker::advance()
{
    const qint64 sliceEnd = wallNs() + workSliceNs;
    const bool asFastAsPossible = m_speed <= 0 || m_runUntil;
    const VirtualNanos target = m_runUntil ? *m_runUntil
        : asFastAsPossible ? std::numeric_limits<VirtualNanos>::max()
                           : m_playStartVirtual + static_cast<VirtualNanos>(double(wallNs() - m_playStartWallNs) * m_speed);
    bool more = true;
    while (wallNs() < sliceEnd) {
        const std::optional<VirtualNanos> next = m_simulator->nextTime();
        if (!next) {
            more = false;
            break;
        }
        if (*next > target) {
            if (m_runUntil) {
                // Everything up to the target is done: the clock reads it from now on (nothing
                // happens in between), then rest.
                m_reached = std::max(m_reached, *m_runUntil);
                pause();
                return;
            }
            // Paced, nothing happens before `target`: virtual time has flowed to it all the same.
            // The clock shows it, or the views stand still through an idle stretch and then jump
            // (issue 20, finding 1: 18 s of wall time at "2.001 s" at 1x).
            m_reached = std::max(m_reached, target);
            break;
        }
        m_simulator->step();
    }
    if (!more) {
        m_playing = false;
        m_runUntil.reset();
        m_timer->stop();
        releaseIfOver();
        report(true);
        return;
    }
    // Paced: look again a frame later; as fast as possible: at once, after the event loop ran.
    m_timer->setInterval(asFastAsPossible ? 0 : int(frameNs / 1'000'000));
    report(false);
}

void EngineWorker::report(bool force)
{
    if (!m_simulator && !m_over)
        return; // initialize() failed and said so
    const qint64 now = wallNs();
    if (!force && now - m_lastReportWallNs < frameNs)
        return;
    const qsizetype size = m_trace->size();
    const bool done = !m_simulator || !m_simulator->nextTime().has_value();
    if (!force && size == m_lastReportedSize && clock() == m_lastReportedClock)
        return;
    m_lastReportWallNs = now;
    m_lastReportedSize = size;
    m_lastReportedClock = clock();
    post(size, clock(), done);
}

void EngineWorker::post(qsizetype traceSize, VirtualNanos now, bool done)
{
    {
        const std::lock_guard lock(m_mailbox->mutex);
        m_mailbox->traceSize = traceSize;
        m_mailbox->now = now;
        m_mailbox->done = done;
    }
    Q_EMIT progress();
}

} // namespace ksv
