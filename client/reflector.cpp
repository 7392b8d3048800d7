// List and watch one resource as client-go's reflector does (v1.32 without the WatchList feature,
// which is off by default there).
#include "reflector.h"

#include "decoding/loaderror.h"
#include "scenario/decode.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QLoggingCategory>

namespace ksv::client {

namespace {

Q_LOGGING_CATEGORY(lcReflector, "ksv.client.reflector")

bool isExpired(const RestReply& reply)
{
    // client-go's isExpiredError: IsResourceExpired || IsGone (1.17 servers said Gone).
    return reply.error() == RestReply::Error::Http
        && (reply.httpStatus() == 410 || reply.statusReason() == QLatin1String("Expired") || reply.statusReason() == QLatin1String("Gone"));
}

QString metaString(const QJsonObject& object, const char* key)
{
    return object.value(QLatin1StringView("metadata")).toObject().value(QLatin1StringView(key)).toString();
}

const auto pdbV1beta1 = QLatin1StringView("policy/v1beta1");
const auto eventsV1 = QLatin1StringView("events.k8s.io/v1");

// policy/v1beta1's PodDisruptionBudget as policy/v1 (the only version the decoders accept) states
// it. The fields kschedviz reads are the same, but an empty selector ({}) selected no pod in
// v1beta1 and selects every pod of the namespace in v1 (the API server's own conversion turns it
// into a selector no pod matches). Without a selector the model matches none, as v1beta1 meant.
QJsonObject pdbFromV1beta1(QJsonObject object)
{
    object.insert(QStringLiteral("apiVersion"), QStringLiteral("policy/v1"));
    QJsonObject spec = object.value(QLatin1StringView("spec")).toObject();
    const QJsonValue selector = spec.value(QLatin1StringView("selector"));
    if (selector.isObject()) {
        const QJsonObject s = selector.toObject();
        // Only a selector empty in both parts; a malformed one goes on to the decoder's message.
        const auto emptyOrAbsent = [&s](const char* key, bool isMap) {
            const QJsonValue value = s.value(QLatin1StringView(key));
            return value.isUndefined() || value.isNull() || (isMap && value.isObject() && value.toObject().isEmpty())
                || (!isMap && value.isArray() && value.toArray().isEmpty());
        };
        if (emptyOrAbsent("matchLabels", true) && emptyOrAbsent("matchExpressions", false)) {
            spec.remove(QStringLiteral("selector"));
            object.insert(QStringLiteral("spec"), spec);
        }
    }
    return object;
}

} // namespace

QList<ResourceType> readResources()
{
    return {
        {QStringLiteral("Node"), QStringLiteral("v1"), QStringLiteral("/api/v1/nodes")},
        {QStringLiteral("Pod"), QStringLiteral("v1"), QStringLiteral("/api/v1/pods")},
        {QStringLiteral("Namespace"), QStringLiteral("v1"), QStringLiteral("/api/v1/namespaces")},
        {QStringLiteral("PersistentVolumeClaim"), QStringLiteral("v1"), QStringLiteral("/api/v1/persistentvolumeclaims")},
        {QStringLiteral("PersistentVolume"), QStringLiteral("v1"), QStringLiteral("/api/v1/persistentvolumes")},
        {QStringLiteral("Service"), QStringLiteral("v1"), QStringLiteral("/api/v1/services")},
        {QStringLiteral("ReplicationController"), QStringLiteral("v1"), QStringLiteral("/api/v1/replicationcontrollers")},
        {QStringLiteral("ReplicaSet"), QStringLiteral("apps/v1"), QStringLiteral("/apis/apps/v1/replicasets")},
        {QStringLiteral("StatefulSet"), QStringLiteral("apps/v1"), QStringLiteral("/apis/apps/v1/statefulsets")},
        {QStringLiteral("PriorityClass"), QStringLiteral("scheduling.k8s.io/v1"), QStringLiteral("/apis/scheduling.k8s.io/v1/priorityclasses")},
        {QStringLiteral("PodDisruptionBudget"), QStringLiteral("policy/v1"), QStringLiteral("/apis/policy/v1/poddisruptionbudgets")},
        {QStringLiteral("StorageClass"), QStringLiteral("storage.k8s.io/v1"), QStringLiteral("/apis/storage.k8s.io/v1/storageclasses")},
        {QStringLiteral("CSINode"), QStringLiteral("storage.k8s.io/v1"), QStringLiteral("/apis/storage.k8s.io/v1/csinodes")},
        // Every event is listed and watched, and all but the scheduler's dropped as they arrive: a
        // field selector cannot ask for two reasons at once. events.k8s.io/v1 (1.19 on), else core/v1.
        {QStringLiteral("Event"), eventsV1, QStringLiteral("/apis/events.k8s.io/v1/events")},
    };
}

std::optional<ResourceType> olderVersion(const ResourceType& type)
{
    if (type.kind == QLatin1String("PodDisruptionBudget") && type.apiVersion == QLatin1String("policy/v1"))
        return ResourceType {type.kind, pdbV1beta1, QStringLiteral("/apis/policy/v1beta1/poddisruptionbudgets")};
    // The same stored Events in core/v1's shape: a server before 1.19 has no events.k8s.io/v1.
    if (type.kind == QLatin1String("Event") && type.apiVersion == eventsV1)
        return ResourceType {type.kind, QStringLiteral("v1"), QStringLiteral("/api/v1/events")};
    return std::nullopt;
}

std::optional<ResourceType> readResource(const QString& kind)
{
    for (const ResourceType& type : readResources()) {
        if (type.kind == kind)
            return type;
    }
    return std::nullopt;
}

Reflector::Reflector(RestClient& client, ResourceType type, ReflectorOptions options, QObject* parent)
    : QObject(parent)
    , m_client(client)
    , m_type(std::move(type))
    , m_options(options)
    , m_random(options.seed)
{
    setSource();
    m_backoffTimer.setSingleShot(true);
    connect(&m_backoffTimer, &QTimer::timeout, this, [this] {
        if (m_afterBackoff == Next::List)
            listPage();
        else
            watch();
    });
}

void Reflector::setSource()
{
    QUrl source = m_client.server();
    source.setPath(source.path() + m_type.path);
    m_source = source.toString(QUrl::RemoveUserInfo);
}

Reflector::~Reflector()
{
    dropReply();
}

void Reflector::start()
{
    if (m_state != State::Stopped)
        return;
    m_failures = 0;
    m_continue.clear();
    listPage();
}

void Reflector::stop()
{
    dropReply();
    m_backoffTimer.stop();
    setState(State::Stopped);
}

void Reflector::setState(State state, const QString& reason)
{
    if (state == m_state && reason.isEmpty())
        return;
    m_state = state;
    Q_EMIT stateChanged(state, reason);
}

void Reflector::dropReply()
{
    if (!m_reply)
        return;
    m_reply->disconnect(this);
    m_reply->abort();
    m_reply->deleteLater();
    m_reply = nullptr;
}

QString Reflector::relistResourceVersion() const
{
    if (m_resourceVersionUnavailable)
        return {}; // a consistent read from etcd, after the cache said the version is gone
    if (m_resourceVersion.isEmpty())
        return QStringLiteral("0"); // the first list may come from the watch cache
    return m_resourceVersion;
}

void Reflector::backOff(Next next, const QString& reason)
{
    dropReply();
    // wait.Backoff as the reflector's backoff manager uses it: doubling from 0.8 s, jitter up
    // to the same again, never above 30 s.
    const double base = std::min<double>(m_options.backoffMaxMs, m_options.backoffInitialMs * std::pow(2.0, std::min(m_failures, 16)));
    const double jittered = std::min<double>(m_options.backoffMaxMs, base * (1.0 + std::uniform_real_distribution<double>(0.0, 1.0)(m_random)));
    ++m_failures;
    m_afterBackoff = next;
    qCInfo(lcReflector).noquote() << m_type.kind << "backing off" << qRound(jittered) << "ms:" << reason;
    setState(State::BackingOff, reason);
    m_backoffTimer.start(qRound(jittered));
}

void Reflector::relistNow(const QString& reason)
{
    dropReply();
    qCInfo(lcReflector).noquote() << m_type.kind << "listing again:" << reason;
    m_continue.clear();
    listPage();
}

void Reflector::listPage()
{
    QUrlQuery query;
    if (m_continue.isEmpty()) {
        m_listed.clear();
        m_listedEvents.clear();
        m_listRequestVersion = relistResourceVersion();
        setState(State::Listing);
    }
    // As client-go's pager: no paging for a relist from a known version (served whole by the
    // watch cache) unless the first list showed that this server pages.
    const bool paged = !m_unpaged
        && (m_paginatedResult || m_listRequestVersion.isEmpty() || m_listRequestVersion == QLatin1String("0"));
    if (paged)
        query.addQueryItem(QStringLiteral("limit"), QString::number(m_options.pageSize));
    if (!m_continue.isEmpty())
        query.addQueryItem(QStringLiteral("continue"), m_continue);
    else if (!m_listRequestVersion.isEmpty())
        query.addQueryItem(QStringLiteral("resourceVersion"), m_listRequestVersion);
    m_reply = m_client.get(m_type.path, query, GetOptions {false, m_options.listTransferTimeoutMs});
    connect(m_reply, &RestReply::finished, this, &Reflector::onListPage);
}

void Reflector::onListPage()
{
    RestReply* reply = std::exchange(m_reply, nullptr);
    reply->deleteLater();
    if (isExpired(*reply)) {
        if (!m_continue.isEmpty()) {
            // The pager's FullListIfExpired: the rest of a paged list is gone; list again whole.
            m_continue.clear();
            m_unpaged = true;
            listPage();
            return;
        }
        if (!m_resourceVersionUnavailable) {
            m_resourceVersionUnavailable = true;
            listPage(); // at once, from "": the version we asked for is no longer kept
            return;
        }
    }
    // The version to read is chosen by the first list's answer: a 404 on the preferred version's
    // collection is what discovery (GET /apis/policy, /apis/events.k8s.io) would have said, with
    // no request and no state before the list on servers that serve it, and no discovery
    // permission to grant. A 404 can only mean "not served" here: a missing permission is a 403.
    if (reply->error() == RestReply::Error::Http && reply->httpStatus() == 404 && m_continue.isEmpty() && !m_hasSynced) {
        if (auto older = olderVersion(m_type)) {
            qCInfo(lcReflector).noquote() << m_source << "is not served; reading" << older->apiVersion;
            m_type = std::move(*older);
            setSource();
            listPage();
            return;
        }
    }
    if (reply->error() != RestReply::Error::None) {
        m_continue.clear();
        // Retrying cannot mend a refusal of who we are or of what we may read, though a role may be
        // granted meanwhile: the reflector retries as client-go's does, and says so to its caller.
        const bool refused = reply->error() == RestReply::Error::Credentials
            || (reply->error() == RestReply::Error::Http && (reply->httpStatus() == 401 || reply->httpStatus() == 403));
        if (refused)
            Q_EMIT listRefused(reply->errorString());
        backOff(Next::List, reply->errorString());
        return;
    }
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(reply->body(), &parseError);
    const QJsonObject list = document.object();
    if (parseError.error != QJsonParseError::NoError || !list.value(QLatin1StringView("items")).isArray()) {
        m_continue.clear();
        backOff(Next::List, reply->url().toString(QUrl::RemoveUserInfo) + QStringLiteral(": not a list: ")
                                + (parseError.error != QJsonParseError::NoError ? parseError.errorString() : QStringLiteral("no items")));
        return;
    }
    const QJsonObject meta = list.value(QLatin1StringView("metadata")).toObject();
    m_continue = meta.value(QLatin1StringView("continue")).toString();
    const bool more = !m_continue.isEmpty();
    if (more) {
        if (m_listRequestVersion == QLatin1String("0"))
            m_paginatedResult = true; // paged from the cache: the cache is off, keep paging
        // The next page is asked for before this one is decoded: the server prepares it and Qt's
        // network thread receives it meanwhile, instead of idling while this thread decodes
        // (bench_firstlist, 30,000 pods: 3.9 s to 3.7 s; docs/live-client.md, Scale). The pages
        // asked for, and their order, stay client-go's.
        listPage();
    }
    const QJsonArray items = list.value(QLatin1StringView("items")).toArray();
    for (const QJsonValue& item : items) {
        if (readsEvents()) {
            if (auto event = decodeEvent(item.toObject()))
                m_listedEvents.insert(event->eventNamespace + QLatin1Char('/') + event->eventName, std::move(*event));
        } else if (auto object = decode(item.toObject(), false)) {
            m_listed.insert(Store::keyOf(*object), std::move(*object));
        }
    }
    if (more)
        return;
    m_resourceVersion = meta.value(QLatin1StringView("resourceVersion")).toString();
    finishList();
}

void Reflector::finishList()
{
    m_store.replace(std::exchange(m_listed, {}));
    m_events = std::exchange(m_listedEvents, {});
    m_resourceVersionUnavailable = false;
    m_unpaged = false;
    m_failures = 0;
    m_hasSynced = true;
    Q_EMIT synced();
    watch();
}

void Reflector::watch()
{
    m_lastWatchTimeout = std::uniform_int_distribution<int>(m_options.minWatchTimeoutSeconds, 2 * m_options.minWatchTimeoutSeconds - 1)(m_random);
    QUrlQuery query;
    query.addQueryItem(QStringLiteral("watch"), QStringLiteral("1"));
    query.addQueryItem(QStringLiteral("allowWatchBookmarks"), QStringLiteral("true"));
    query.addQueryItem(QStringLiteral("resourceVersion"), m_resourceVersion);
    query.addQueryItem(QStringLiteral("timeoutSeconds"), QString::number(m_lastWatchTimeout));
    m_watchEvents = 0;
    m_watchClock.start();
    m_reply = m_client.get(m_type.path, query, GetOptions {true, m_options.watchTransferTimeoutMs});
    m_watchAnswered = false;
    connect(m_reply, &RestReply::responded, this, [this](int status) {
        if (status < 200 || status >= 300)
            return;
        // The server is back: the next fault backs off from the start again. The state is unchanged
        // (Watching since the watch was sent), so nothing is said: isConnected() reads it.
        m_failures = 0;
        m_watchAnswered = true;
    });
    connect(m_reply, &RestReply::lineReceived, this, &Reflector::onWatchLine);
    connect(m_reply, &RestReply::finished, this, &Reflector::onWatchFinished);
    setState(State::Watching);
}

void Reflector::onWatchLine(const QByteArray& line)
{
    QJsonParseError parseError;
    const QJsonObject event = QJsonDocument::fromJson(line, &parseError).object();
    const QString type = event.value(QLatin1StringView("type")).toString();
    const QJsonObject object = event.value(QLatin1StringView("object")).toObject();
    const QString where = m_source + QStringLiteral(" (watch)");
    if (parseError.error != QJsonParseError::NoError || type.isEmpty() || object.isEmpty()) {
        // client-go ends the watch on an event it cannot decode, and the reflector lists again.
        backOff(Next::List, where + QStringLiteral(": not a watch event: ")
                                + (parseError.error != QJsonParseError::NoError ? parseError.errorString() + QStringLiteral(" at byte ")
                                           + QString::number(parseError.offset)
                                                                                 : QStringLiteral("no type or object")));
        return;
    }
    if (type == QLatin1String("ERROR")) {
        const QString message = where + QStringLiteral(": ") + object.value(QLatin1StringView("message")).toString();
        const int code = object.value(QLatin1StringView("code")).toInt();
        const QString reason = object.value(QLatin1StringView("reason")).toString();
        // The form a too-old resourceVersion takes on a real server: HTTP 200, then this event.
        if (code == 410 || reason == QLatin1String("Expired") || reason == QLatin1String("Gone"))
            relistNow(message);
        else
            backOff(Next::List, message);
        return;
    }
    const QString version = metaString(object, "resourceVersion");
    ++m_watchEvents;
    if (type == QLatin1String("ADDED") || type == QLatin1String("MODIFIED") || type == QLatin1String("DELETED")) {
        onWatchEvent(type, object);
    } else if (type != QLatin1String("BOOKMARK")) {
        backOff(Next::List, where + QStringLiteral(": unknown watch event type ") + quoteForMessage(type));
        return;
    }
    if (!version.isEmpty())
        m_resourceVersion = version;
}

void Reflector::onWatchFinished()
{
    RestReply* reply = std::exchange(m_reply, nullptr);
    reply->deleteLater();
    if (isExpired(*reply)) {
        relistNow(reply->errorString());
        return;
    }
    switch (reply->error()) {
    case RestReply::Error::None:
        // timeoutSeconds ran out: watch on from the last version. A watch that ended at once with
        // nothing in it is client-go's "very short watch": wait before the next.
        if (m_watchEvents == 0 && m_watchClock.elapsed() < 1000) {
            backOff(Next::Watch, m_source + QStringLiteral(": very short watch: closed within a second with no events"));
        } else {
            m_failures = 0;
            watch();
        }
        return;
    case RestReply::Error::Http:
        backOff(Next::List, reply->errorString());
        return;
    default:
        // The connection failed, stalled or was cut: what arrived whole is applied and its
        // resourceVersion kept, so the next watch loses nothing.
        backOff(Next::Watch, reply->errorString());
        return;
    }
}

void Reflector::onWatchEvent(const QString& type, const QJsonObject& object)
{
    if (readsEvents()) {
        const QString key = metaString(object, "namespace") + QLatin1Char('/') + metaString(object, "name");
        std::optional<SchedulingEvent> event;
        if (type != QLatin1String("DELETED"))
            event = decodeEvent(object);
        if (event) {
            m_events.insert(key, std::move(*event));
            Q_EMIT objectChanged(key, false);
        } else if (m_events.remove(key)) {
            Q_EMIT objectChanged(key, true); // deleted, or no longer one the scheduler reported
        }
        return;
    }
    if (type == QLatin1String("ADDED") || type == QLatin1String("MODIFIED")) {
        if (auto decoded = decode(object, false)) {
            const QString key = Store::keyOf(*decoded);
            m_store.upsert(std::move(*decoded));
            Q_EMIT objectChanged(key, false);
        } else {
            // A version the decoders refuse is not in a fresh list either: the old one goes.
            const QString ns = metaString(object, "namespace");
            const QString key = ns.isEmpty() ? metaString(object, "name") : ns + QLatin1Char('/') + metaString(object, "name");
            if (m_store.remove(key))
                Q_EMIT objectChanged(key, true);
        }
    } else if (type == QLatin1String("DELETED")) {
        if (auto decoded = decode(object, true)) {
            const QString key = Store::keyOf(*decoded);
            if (m_store.remove(key))
                Q_EMIT objectChanged(key, true);
        }
    }
}

std::optional<SchedulingEvent> Reflector::decodeEvent(const QJsonObject& object)
{
    try {
        const EventApi api = m_type.apiVersion == eventsV1 ? EventApi::EventsV1 : EventApi::CoreV1;
        return decodeSchedulingEvent(object, api, m_source, m_options.schedulerName);
    } catch (const LoadError& error) {
        const QString name = metaString(object, "namespace") + QLatin1Char('/') + metaString(object, "name");
        qCWarning(lcReflector).noquote() << m_type.kind << name << "skipped:" << error.toString();
        Q_EMIT objectRejected(m_type.kind, name, error.toString());
        return std::nullopt;
    }
}

std::optional<KubeObject> Reflector::decode(QJsonObject object, bool identityOnly)
{
    // List items carry no kind or apiVersion; the list's resource says what they are.
    if (!object.contains(QLatin1StringView("kind")))
        object.insert(QStringLiteral("kind"), m_type.kind);
    if (!object.contains(QLatin1StringView("apiVersion")))
        object.insert(QStringLiteral("apiVersion"), m_type.apiVersion);
    if (m_type.apiVersion == pdbV1beta1 && object.value(QLatin1StringView("apiVersion")).toString() == pdbV1beta1)
        object = pdbFromV1beta1(std::move(object));
    try {
        return decodeObject(YamlField(object, m_source), identityOnly ? DecodeMode::IdentityOnly : DecodeMode::Full);
    } catch (const LoadError& error) {
        const QString ns = metaString(object, "namespace");
        const QString name = ns.isEmpty() ? metaString(object, "name") : ns + QLatin1Char('/') + metaString(object, "name");
        qCWarning(lcReflector).noquote() << m_type.kind << name << "skipped:" << error.toString();
        Q_EMIT objectRejected(m_type.kind, name, error.toString());
        return std::nullopt;
    }
}

} // namespace ksv::client
