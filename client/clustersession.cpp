#include "clustersession.h"

#include <algorithm>

namespace ksv::client {

ClusterSession::ClusterSession(const ResolvedConfig& config, ReflectorOptions options, QObject* parent)
    : QObject(parent)
    , m_client(std::make_unique<RestClient>(config))
{
    quint32 seed = options.seed;
    for (const ResourceType& type : readResources()) {
        // Each reflector draws its own jitter and watch timeouts, from a seed of its own.
        options.seed = seed++;
        auto reflector = std::make_unique<Reflector>(*m_client, type, options);
        Reflector* r = reflector.get();
        connect(r, &Reflector::synced, this, [this, r] {
            const bool first = !m_synced;
            if (m_synced)
                Q_EMIT relisted(r->resource().kind);
            if (first && hasSynced()) {
                m_synced = true;
                Q_EMIT synced();
            }
        });
        connect(r, &Reflector::objectChanged, this, [this, r](const QString& key, bool deleted) {
            Q_EMIT objectChanged(r->resource().kind, key, deleted);
        });
        connect(r, &Reflector::objectRejected, this, &ClusterSession::objectRejected);
        connect(r, &Reflector::listRefused, this, [this, r](const QString& message) { Q_EMIT listRefused(r->resource().kind, message); });
        connect(r, &Reflector::stateChanged, this, [this, r](Reflector::State state, const QString& reason) {
            if (!reason.isEmpty())
                m_lastReason.insert(r, reason);
            Q_EMIT stateChanged(r->resource().kind, state, reason);
        });
        m_reflectors.push_back(std::move(reflector));
    }
}

ClusterSession::~ClusterSession()
{
    // Reflectors hold replies of the client: they go first.
    m_reflectors.clear();
}

void ClusterSession::start()
{
    for (const auto& reflector : m_reflectors)
        reflector->start();
}

void ClusterSession::stop()
{
    for (const auto& reflector : m_reflectors)
        reflector->stop();
}

bool ClusterSession::hasSynced() const
{
    return std::all_of(m_reflectors.cbegin(), m_reflectors.cend(), [](const auto& r) { return r->hasSynced(); });
}

Reflector* ClusterSession::reflector(const QString& kind) const
{
    for (const auto& reflector : m_reflectors) {
        if (reflector->resource().kind == kind)
            return reflector.get();
    }
    return nullptr;
}

ClusterState ClusterSession::state() const
{
    ClusterState state;
    for (const auto& reflector : m_reflectors) {
        const QHash<QString, KubeObject>& objects = reflector->store().objects();
        QStringList keys = objects.keys();
        std::sort(keys.begin(), keys.end());
        for (const QString& key : keys)
            state.add(objects.value(key));
    }
    return state;
}

QList<SchedulingEvent> ClusterSession::schedulingEvents() const
{
    const Reflector* events = reflector(QStringLiteral("Event"));
    if (!events)
        return {};
    QStringList keys = events->events().keys();
    std::sort(keys.begin(), keys.end());
    QList<SchedulingEvent> result;
    for (const QString& key : keys)
        result.append(events->events().value(key));
    return result;
}

QStringList ClusterSession::pendingReasons() const
{
    QStringList lines;
    for (const auto& reflector : m_reflectors) {
        if (reflector->state() == Reflector::State::Watching)
            continue;
        const QString reason = m_lastReason.value(reflector.get());
        lines.append(reflector->resource().kind + QStringLiteral(" (") + reflector->resource().path + QStringLiteral("): ")
                     + (reason.isEmpty() ? QStringLiteral("listing") : reason));
    }
    return lines;
}

} // namespace ksv::client
