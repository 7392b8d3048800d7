#pragma once

// client-go's Reflector (tools/cache/reflector.go) for one resource: a paged list, then a watch
// from the list's resourceVersion, kept in a Store of kschedviz's own model.
//   - The first list asks for resourceVersion "0" (the watch cache), pages of `pageSize`.
//   - A continue token that expired (410) makes the pager list again, whole (no limit).
//   - A list whose resourceVersion is too old (410) lists again from "" (a quorum read).
//   - Watches carry allowWatchBookmarks and a random timeoutSeconds in [300, 600); after a clean
//     end the next watch starts from the last resourceVersion seen (events and bookmarks).
//   - 410 on a watch, as an HTTP status or as an in-stream ERROR event: list again.
//   - Refused, reset, cut or stalled connections: jittered exponential backoff (0.8 s to 30 s),
//     then the watch again from the last resourceVersion; garbage from the server: backoff, list.
// An object the decoders refuse is reported (kind, name, the decoder's field and message) and
// left out of the store, as a fresh list would leave it out; the reflector carries on.

#include "restclient.h"
#include "schedulingevent.h"
#include "store.h"

#include <QElapsedTimer>
#include <QJsonObject>
#include <QObject>
#include <QTimer>

#include <random>

namespace ksv::client {

struct ResourceType
{
    QString kind; // as the decoders know it: "Node"
    QString apiVersion; // "v1"
    QString path; // the collection: "/api/v1/nodes"
};

// The resources kschedviz reads. Secrets and ConfigMaps are not among them, and never will be.
// "Event" is read into Reflector::events(), not the store: see schedulingevent.h.
QList<ResourceType> readResources();
std::optional<ResourceType> readResource(const QString& kind);
// The version a server older than `type`'s serves instead, if kschedviz can read it:
// policy/v1beta1 for policy/v1's PodDisruptionBudget (1.20 serves only that), core/v1 for
// events.k8s.io/v1's Event (before 1.19). The reflector falls back to it when the first list of
// `type` is answered 404; resource() then names the version in use.
std::optional<ResourceType> olderVersion(const ResourceType& type);

struct ReflectorOptions
{
    int pageSize = 500;
    int minWatchTimeoutSeconds = 300; // timeoutSeconds is drawn from [min, 2 min)
    int backoffInitialMs = 800;
    int backoffMaxMs = 30'000;
    // A watch with no byte for this long is stalled. v1.20 servers send bookmarks only just before
    // timeoutSeconds, so on a quiet resource this also re-opens the watch every 130 s (cheap: no list).
    int watchTransferTimeoutMs = 130'000;
    int listTransferTimeoutMs = 120'000;
    quint32 seed = std::random_device {}();
    // Events: the scheduler whose FailedScheduling and Scheduled events are kept.
    QString schedulerName = QStringLiteral("default-scheduler");
};

class Reflector : public QObject
{
    Q_OBJECT

public:
    enum class State : quint8 { Stopped, Listing, Watching, BackingOff };
    Q_ENUM(State)

    Reflector(RestClient& client, ResourceType type, ReflectorOptions options = {}, QObject* parent = nullptr);
    ~Reflector() override;

    void start();
    void stop();

    State state() const { return m_state; }
    // Watching, and the server has answered the watch: the connection is up (Watching alone is a
    // watch sent, perhaps to a server that is gone).
    bool isConnected() const { return m_state == State::Watching && m_watchAnswered; }
    const Store& store() const { return m_store; }
    // For the "Event" resource only (the store stays empty): the scheduler's events by
    // "namespace/name" of the Event; every other event is dropped as it arrives.
    const QHash<QString, SchedulingEvent>& events() const { return m_events; }
    const ResourceType& resource() const { return m_type; }
    bool hasSynced() const { return m_hasSynced; }
    QString lastSyncResourceVersion() const { return m_resourceVersion; }
    // While backing off: milliseconds until the next list or watch; -1 otherwise.
    int retryInMs() const { return m_backoffTimer.isActive() ? m_backoffTimer.remainingTime() : -1; }
    // The timeoutSeconds of the latest watch request.
    int lastWatchTimeoutSeconds() const { return m_lastWatchTimeout; }

Q_SIGNALS:
    // The connection as the caller should show it; `reason` says why it changed (an error's text
    // when it is a fault; never a credential).
    void stateChanged(ksv::client::Reflector::State state, const QString& reason);
    void synced(); // a list completed: the store holds it
    void objectChanged(const QString& key, bool deleted); // a watch event changed the store
    void objectRejected(const QString& kind, const QString& name, const QString& message);
    // A list was refused: the credential (401, a failed exec plugin) or the permission (403). The
    // reflector still backs off and lists again; a command gives up, an app shows it.
    void listRefused(const QString& message);

private:
    enum class Next : quint8 { List, Watch };

    void setState(State state, const QString& reason = {});
    void setSource();
    void listPage();
    void onListPage();
    void finishList();
    void watch();
    void onWatchLine(const QByteArray& line);
    void onWatchFinished();
    void backOff(Next next, const QString& reason);
    void relistNow(const QString& reason);
    void dropReply();
    QString relistResourceVersion() const;
    // Decodes one object; a refusal is reported and yields nothing.
    std::optional<KubeObject> decode(QJsonObject object, bool identityOnly);
    std::optional<SchedulingEvent> decodeEvent(const QJsonObject& object);
    bool readsEvents() const { return m_type.kind == QLatin1String("Event"); }
    void onWatchEvent(const QString& type, const QJsonObject& object);

    RestClient& m_client;
    ResourceType m_type;
    ReflectorOptions m_options;
    QString m_source; // server + collection path: where decoded objects come from
    std::mt19937 m_random;
    Store m_store;
    State m_state = State::Stopped;
    RestReply* m_reply = nullptr;
    QTimer m_backoffTimer;
    Next m_afterBackoff = Next::List;
    int m_failures = 0;
    bool m_watchAnswered = false;

    QString m_resourceVersion; // last seen: the list's, then every event's
    bool m_resourceVersionUnavailable = false;
    bool m_paginatedResult = false;
    bool m_hasSynced = false;

    // The list in progress.
    QString m_listRequestVersion;
    QString m_continue;
    bool m_unpaged = false;
    QHash<QString, KubeObject> m_listed;
    QHash<QString, SchedulingEvent> m_listedEvents;
    QHash<QString, SchedulingEvent> m_events;

    // The watch in progress.
    QElapsedTimer m_watchClock;
    int m_watchEvents = 0;
    int m_lastWatchTimeout = 0;
};

} // namespace ksv::client
