#pragma once

// The live cluster as one thing: a RestClient and a Reflector for every resource kschedviz reads
// (readResources()), started together. It says when all of them have listed once, gives the stores
// as one ClusterState (what `snapshot` writes and `pending` schedules), and passes on every change
// with the kind it belongs to (what `record` turns into timed events).

#include "reflector.h"
#include "restclient.h"

#include <QObject>

#include <memory>
#include <vector>

namespace ksv::client {

class ClusterSession : public QObject
{
    Q_OBJECT

public:
    explicit ClusterSession(const ResolvedConfig& config, ReflectorOptions options = {}, QObject* parent = nullptr);
    ~ClusterSession() override;

    void start();
    void stop();

    // Every reflector has listed at least once.
    bool hasSynced() const;
    // The stores at this instant, each kind sorted by namespace/name so that the same cluster always
    // gives the same scenario, byte for byte.
    ClusterState state() const;
    // The scheduler's FailedScheduling and Scheduled events, sorted by their Event's namespace/name.
    QList<SchedulingEvent> schedulingEvents() const;

    RestClient& client() { return *m_client; }
    const RestClient& client() const { return *m_client; }
    const std::vector<std::unique_ptr<Reflector>>& reflectors() const { return m_reflectors; }
    Reflector* reflector(const QString& kind) const;
    // One line per reflector that is not watching, with its last reason: what a stuck first list
    // is waiting for.
    QStringList pendingReasons() const;

Q_SIGNALS:
    void synced(); // once: every reflector has listed
    void objectChanged(const QString& kind, const QString& key, bool deleted);
    // A reflector listed again after its first list (a 410, a fault): its store was replaced whole,
    // and a caller that keeps its own copy must compare.
    void relisted(const QString& kind);
    void objectRejected(const QString& kind, const QString& name, const QString& message);
    void listRefused(const QString& kind, const QString& message);
    void stateChanged(const QString& kind, ksv::client::Reflector::State state, const QString& reason);

private:
    std::unique_ptr<RestClient> m_client;
    std::vector<std::unique_ptr<Reflector>> m_reflectors;
    QHash<const Reflector*, QString> m_lastReason;
    bool m_synced = false;
};

} // namespace ksv::client
