#include "livefeed.h"

#include "clustersession.h"
#include "credentials.h"
#include "recorder.h"

#include "cluster/scenariosource.h"
#include "trace/releaseoffgui.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QThread>
#include <QTimer>

#include <algorithm>

namespace ksv::client {

QString phaseName(LiveStatus::Phase phase)
{
    switch (phase) {
    case LiveStatus::Phase::Connecting:
        return QStringLiteral("connecting");
    case LiveStatus::Phase::Connected:
        return QStringLiteral("connected");
    case LiveStatus::Phase::Reconnecting:
        return QStringLiteral("reconnecting");
    case LiveStatus::Phase::Failed:
        return QStringLiteral("failed");
    }
    return {};
}

// Lives on the feed's thread: owns the session and the tracker, and posts frames.
class LiveWorker : public QObject
{
    Q_OBJECT
public:
    LiveWorker(std::shared_ptr<LiveMailbox> mailbox, ResolvedConfig config, config::KubeSchedulerConfiguration configuration,
               LiveFeedOptions options)
        : m_mailbox(std::move(mailbox))
        , m_config(std::move(config))
        , m_configuration(std::move(configuration))
        , m_options(options)
    {
    }

public Q_SLOTS:
    void initialize()
    {
        m_session = std::make_unique<ClusterSession>(m_config, m_options.reflector);
        // Connected before the tracker is made, so that this runs first when every resource has
        // listed: the snapshot goes out at once, before the tracker decides the pods pending then
        // (on this thread, which takes a while on a large cluster).
        connect(m_session.get(), &ClusterSession::synced, this, [this] {
            m_objectsDirty = m_otherDirty = true;
            m_refusal.clear();
            post(status());
        });
        m_tracker = std::make_unique<ShadowTracker>(*m_session, m_configuration);
        connect(m_session.get(), &ClusterSession::objectChanged, this, [this](const QString& kind, const QString&, bool) {
            (kind == QLatin1String("Event") ? m_otherDirty : m_objectsDirty) = true;
        });
        connect(m_session.get(), &ClusterSession::relisted, this, [this] { m_objectsDirty = m_otherDirty = true; });
        connect(m_session.get(), &ClusterSession::stateChanged, this,
                [this](const QString&, Reflector::State state, const QString& reason) {
                    if (state == Reflector::State::Watching)
                        m_refusal.clear();
                    if (!reason.isEmpty())
                        m_lastReason = reason;
                    m_otherDirty = true;
                });
        connect(m_session.get(), &ClusterSession::listRefused, this, [this](const QString&, const QString& message) {
            m_refusal = message;
            m_otherDirty = true;
        });
        connect(&m_session->client().credentials(), &CredentialProvider::failed, this, [this](const QString& message) {
            m_refusal = message;
            m_otherDirty = true;
        });
        connect(m_tracker.get(), &ShadowTracker::predicted, this, [this] { m_otherDirty = true; });
        connect(m_tracker.get(), &ShadowTracker::decided, this, [this] { m_otherDirty = true; });
        m_timer = new QTimer(this);
        connect(m_timer, &QTimer::timeout, this, &LiveWorker::tick);
        m_timer->start(50);
        m_sinceFrame.start();
        m_otherDirty = true;
        m_session->start();
        tick();
    }

    void shutdown()
    {
        if (m_timer)
            m_timer->stop();
        if (m_session)
            m_session->stop();
        m_tracker.reset();
        m_session.reset();
    }

Q_SIGNALS:
    void posted();

private:
    LiveStatus status()
    {
        LiveStatus status;
        status.synced = m_session->hasSynced();
        status.resources = int(m_session->reflectors().size());
        int backingOff = 0;
        qint64 retryIn = -1;
        for (const auto& reflector : m_session->reflectors()) {
            switch (reflector->state()) {
            case Reflector::State::Watching:
                if (reflector->isConnected()) // not a watch only sent, perhaps to a server that is gone
                    ++status.watching;
                break;
            case Reflector::State::BackingOff:
                ++backingOff;
                if (const int ms = reflector->retryInMs(); ms >= 0 && (retryIn < 0 || ms < retryIn))
                    retryIn = ms;
                break;
            case Reflector::State::Listing:
            case Reflector::State::Stopped:
                break;
            }
        }
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        if (!m_refusal.isEmpty()) {
            status.phase = LiveStatus::Phase::Failed;
            status.reason = m_refusal;
        } else if (backingOff > 0) {
            status.phase = status.synced || m_wasConnected ? LiveStatus::Phase::Reconnecting : LiveStatus::Phase::Connecting;
            status.reason = m_lastReason;
            status.retryAtMs = retryIn >= 0 ? now + retryIn : 0;
        } else if (status.watching == status.resources && status.synced) {
            status.phase = LiveStatus::Phase::Connected;
        } else {
            // Listing: the first time, or again after a lost watch.
            status.phase = m_wasConnected ? LiveStatus::Phase::Reconnecting : LiveStatus::Phase::Connecting;
            status.reason = m_wasConnected ? m_lastReason : QString();
        }
        if (status.phase == LiveStatus::Phase::Connected) {
            m_wasConnected = true;
            m_lostAtMs = 0;
        } else if (m_wasConnected && m_lostAtMs == 0) {
            m_lostAtMs = now;
        }
        status.lostAtMs = m_lostAtMs;
        return status;
    }

    void tick()
    {
        // Status changes without a signal too (a countdown running out is a list, then a watch).
        const LiveStatus now = status();
        if (!(now == m_lastStatus) || !m_frame)
            m_otherDirty = true;
        if (!m_objectsDirty && !m_otherDirty)
            return;
        if (m_frame && m_sinceFrame.elapsed() < m_interval)
            return;
        post(now);
    }

    void post(const LiveStatus& status)
    {
        QElapsedTimer building;
        building.start();
        auto frame = std::make_shared<LiveFrame>();
        if (m_frame)
            *frame = *m_frame; // the snapshot and its catalogue are shared, not copied
        frame->sequence = ++m_sequence;
        frame->context = m_config.contextName;
        frame->server = m_session->client().server().toString(QUrl::RemoveUserInfo);
        frame->status = status;
        if (m_objectsDirty && m_session->hasSynced()) {
            // Released off the GUI thread, whichever holder lets go last (releaseoffgui.h).
            auto scenario = makeReleasedOffGui<Scenario>();
            scenario->name = m_config.contextName;
            scenario->file = frame->server;
            frame->skipped.clear();
            scenario->initial = scenarioState(m_session->state(), &frame->skipped);
            std::shared_ptr<const Scenario> snapshot = std::move(scenario);
            frame->catalogue = makeReleasedOffGui<const trace::ReplayCatalogue>(ScenarioSource(snapshot));
            frame->snapshot = std::move(snapshot);
            frame->snapshotAtMs = QDateTime::currentMSecsSinceEpoch();
            ++frame->snapshotVersion;
            frame->prepared.reset();
            frame->prepareError.clear();
            if (m_options.prepare) {
                try {
                    frame->prepared = m_options.prepare(*frame);
                } catch (const std::exception& error) {
                    frame->prepareError = QString::fromLocal8Bit(error.what());
                }
            }
            m_objectsDirty = false;
        }
        frame->events = m_session->schedulingEvents();
        frame->shadow = m_tracker->pods();
        frame->agreement = m_tracker->agreement();
        frame->recent = m_tracker->recentAgreement(100);
        m_otherDirty = false;
        m_lastStatus = status;
        m_frame = frame;
        m_interval = std::max<qint64>(m_options.minFrameIntervalMs, 2 * building.elapsed());
        m_sinceFrame.restart();
        {
            const std::lock_guard lock(m_mailbox->mutex);
            m_mailbox->latest = std::move(frame);
        }
        Q_EMIT posted();
    }

    std::shared_ptr<LiveMailbox> m_mailbox;
    ResolvedConfig m_config;
    config::KubeSchedulerConfiguration m_configuration;
    LiveFeedOptions m_options;
    std::unique_ptr<ClusterSession> m_session;
    std::unique_ptr<ShadowTracker> m_tracker;
    QTimer* m_timer = nullptr;
    QElapsedTimer m_sinceFrame;
    qint64 m_interval = 0;
    bool m_objectsDirty = false;
    bool m_otherDirty = false;
    bool m_wasConnected = false;
    qint64 m_lostAtMs = 0;
    QString m_refusal;
    QString m_lastReason;
    LiveStatus m_lastStatus;
    quint64 m_sequence = 0;
    std::shared_ptr<const LiveFrame> m_frame;
};

LiveFeed::LiveFeed(ResolvedConfig config, config::KubeSchedulerConfiguration configuration, LiveFeedOptions options, QObject* parent)
    : QObject(parent)
    , m_config(std::move(config))
    , m_configuration(std::move(configuration))
    , m_options(options)
    , m_mailbox(std::make_shared<LiveMailbox>())
{
}

LiveFeed::~LiveFeed()
{
    stop();
}

void LiveFeed::start()
{
    if (m_thread)
        return;
    m_thread = new QThread;
    m_thread->setObjectName(QStringLiteral("kschedviz live"));
    auto* worker = new LiveWorker(m_mailbox, m_config, m_configuration, m_options);
    worker->moveToThread(m_thread);
    m_worker = worker;
    connect(worker, &LiveWorker::posted, this, &LiveFeed::onPosted, Qt::QueuedConnection);
    connect(m_thread, &QThread::finished, worker, &QObject::deleteLater);
    m_thread->start();
    QMetaObject::invokeMethod(worker, &LiveWorker::initialize, Qt::QueuedConnection);
}

void LiveFeed::stop()
{
    if (!m_thread)
        return;
    if (m_worker)
        QMetaObject::invokeMethod(m_worker.data(), &LiveWorker::shutdown, Qt::BlockingQueuedConnection);
    m_thread->quit();
    m_thread->wait();
    delete m_thread;
    m_thread = nullptr;
}

void LiveFeed::onPosted()
{
    std::shared_ptr<const LiveFrame> frame;
    {
        const std::lock_guard lock(m_mailbox->mutex);
        frame = m_mailbox->latest;
    }
    if (!frame || frame == m_latest)
        return;
    m_latest = std::move(frame);
    Q_EMIT frameReady();
}

const Pod* LiveFrame::pod(const QString& key) const
{
    if (!snapshot || !catalogue)
        return nullptr;
    const qint32 index = catalogue->podIndex(key);
    const qint32 initial = index >= 0 ? catalogue->initialPod(index) : -1;
    return initial >= 0 ? &snapshot->initial.pods[initial] : nullptr;
}

Scenario scenarioDeciding(const Scenario& snapshot, const Pod& pod)
{
    Scenario scenario;
    scenario.name = snapshot.name;
    scenario.file = snapshot.file;
    scenario.seed = snapshot.seed;
    scenario.timing = snapshot.timing;
    scenario.initial = snapshot.initial;
    const QString key = pod.key();
    scenario.initial.pods.removeIf([&key](const Pod& other) { return other.nodeName.isEmpty() || other.key() == key; });
    Pod pending = pod;
    pending.nodeName.clear();
    pending.phase = PodPhase::Pending;
    scenario.initial.pods.append(pending);
    return scenario;
}

} // namespace ksv::client

#include "livefeed.moc"
