#include "fakecluster.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace ksv::test {

namespace {

QString nameOf(const QJsonObject& object)
{
    return object.value(QLatin1String("metadata")).toObject().value(QLatin1String("name")).toString();
}

QJsonObject withVersion(QJsonObject object, qint64 version)
{
    QJsonObject meta = object.value(QLatin1String("metadata")).toObject();
    meta.insert(QStringLiteral("resourceVersion"), QString::number(version));
    object.insert(QStringLiteral("metadata"), meta);
    return object;
}

} // namespace

FakeCluster::FakeCluster(FakeApiServer& server, QString kind, QString apiVersion, QString path)
    : QObject(&server)
    , m_kind(std::move(kind))
    , m_apiVersion(std::move(apiVersion))
    , m_path(std::move(path))
{
    // Several clusters on one server (a session reads every resource): a request for another path
    // goes to the cluster made before this one.
    server.setHandler([this, previous = server.handler()](const FakeRequest& request, FakeExchange& exchange) {
        if (request.path != m_path && previous)
            previous(request, exchange);
        else
            handle(request, exchange);
    });
}

QByteArray FakeCluster::eventLine(const QByteArray& type, const QJsonObject& object)
{
    const QJsonObject event {{QStringLiteral("type"), QString::fromLatin1(type)}, {QStringLiteral("object"), object}};
    return QJsonDocument(event).toJson(QJsonDocument::Compact);
}

void FakeCluster::record(const QByteArray& type, QJsonObject object)
{
    ++m_version;
    object.insert(QStringLiteral("kind"), m_kind);
    object.insert(QStringLiteral("apiVersion"), m_apiVersion);
    object = withVersion(object, m_version);
    const QString name = nameOf(object);
    if (type == "DELETED") {
        m_objects.remove(name);
        m_listItems.remove(name);
    } else {
        m_objects.insert(name, object);
        // Encoded once, when it changes, as the API server's watch cache keeps objects: a list of
        // 150,000 pods then costs the fake server copies, not a JSON encoding of every page.
        QJsonObject item = object;
        item.remove(QStringLiteral("kind")); // list items carry none, as on a real server
        item.remove(QStringLiteral("apiVersion"));
        m_listItems.insert(name, QJsonDocument(item).toJson(QJsonDocument::Compact));
    }
    m_history.append(Event {type, object, m_version});
    QByteArray line; // encoded for the first open watch: filling a big cluster needs no event lines
    for (const auto& watcher : std::as_const(m_watchers)) {
        if (!watcher || !watcher->isOpen())
            continue;
        if (line.isEmpty())
            line = eventLine(type, object);
        if (takeFault(Fault::CutNextEventMidLine)) {
            watcher->sendChunk(line.left(line.size() / 2));
            watcher->cut();
            continue;
        }
        watcher->sendLine(line);
    }
}

void FakeCluster::add(QJsonObject object)
{
    record("ADDED", std::move(object));
}

void FakeCluster::modify(QJsonObject object)
{
    record("MODIFIED", std::move(object));
}

void FakeCluster::remove(const QString& name)
{
    record("DELETED", m_objects.value(name));
}

void FakeCluster::sendBookmark()
{
    // As a real bookmark: only kind, apiVersion and metadata.resourceVersion.
    const QJsonObject object {{QStringLiteral("kind"), m_kind},
                              {QStringLiteral("apiVersion"), m_apiVersion},
                              {QStringLiteral("metadata"), QJsonObject {{QStringLiteral("resourceVersion"), QString::number(m_version)}}}};
    for (const auto& watcher : std::as_const(m_watchers)) {
        if (watcher && watcher->isOpen())
            watcher->sendLine(eventLine("BOOKMARK", object));
    }
}

void FakeCluster::endWatches()
{
    for (const auto& watcher : std::as_const(m_watchers)) {
        if (watcher)
            watcher->finish();
    }
    m_watchers.clear();
}

void FakeCluster::handle(const FakeRequest& request, FakeExchange& exchange)
{
    if (request.path != m_path) {
        exchange.respondStatus(404, QStringLiteral("NotFound"), QStringLiteral("the server could not find the requested resource"));
        return;
    }
    if (request.isWatch())
        watch(request, exchange);
    else
        list(request, exchange);
}

// Continue tokens are "<resourceVersion>:<offset>", base64 as the real ones are opaque.
void FakeCluster::list(const FakeRequest& request, FakeExchange& exchange)
{
    ++m_lists;
    if (takeFault(Fault::GarbageNextList)) {
        exchange.respond(200, "{\"kind\":\"NodeList\",\"items\":[{\"metadata\":");
        return;
    }
    const QString token = request.queryValue("continue");
    qsizetype offset = 0;
    if (!token.isEmpty()) {
        if (!request.queryValue("resourceVersion").isEmpty()) {
            exchange.respondStatus(400, QStringLiteral("BadRequest"), QStringLiteral("specifying resource version is not allowed when using continue"));
            return;
        }
        if (takeFault(Fault::ExpireNextContinue)) {
            exchange.respondStatus(410, QStringLiteral("Expired"),
                                   QStringLiteral("The provided continue parameter is too old to display a consistent list result. "
                                                  "You can start a new list without the continue parameter."));
            return;
        }
        offset = QByteArray::fromBase64(token.toLatin1()).split(':').value(1).toLongLong();
    }
    const qsizetype limit = request.queryValue("limit").toLongLong();
    // The items in name order, taken once per version: paging through N objects stays linear.
    if (m_listSnapshotVersion != m_version) {
        m_listSnapshot = m_listItems.values();
        m_listSnapshotVersion = m_version;
    }
    const QList<QByteArray>& all = m_listSnapshot;
    const qsizetype end = limit > 0 ? std::min(all.size(), offset + limit) : all.size();
    QJsonObject meta {{QStringLiteral("resourceVersion"), QString::number(m_version)}};
    if (end < all.size()) {
        const QByteArray next = QByteArray::number(m_version) + ':' + QByteArray::number(end);
        meta.insert(QStringLiteral("continue"), QString::fromLatin1(next.toBase64()));
        meta.insert(QStringLiteral("remainingItemCount"), qint64(all.size() - end));
    }
    const QJsonObject head {{QStringLiteral("kind"), QString(m_kind + QStringLiteral("List"))},
                            {QStringLiteral("apiVersion"), m_apiVersion},
                            {QStringLiteral("metadata"), meta}};
    QByteArray body = QJsonDocument(head).toJson(QJsonDocument::Compact);
    body.chop(1); // the closing brace: the items follow
    qsizetype size = body.size() + 16;
    for (qsizetype i = offset; i < end; ++i)
        size += all[i].size() + 1;
    body.reserve(size);
    body += ",\"items\":[";
    for (qsizetype i = offset; i < end; ++i) {
        if (i > offset)
            body += ',';
        body += all[i];
    }
    body += "]}";
    exchange.respond(200, body);
}

void FakeCluster::watch(const FakeRequest& request, FakeExchange& exchange)
{
    ++m_watches;
    m_watchTimeouts.append(request.queryValue("timeoutSeconds").toInt());
    const qint64 from = request.queryValue("resourceVersion").toLongLong();
    const QString tooOld = QStringLiteral("too old resource version: %1 (%2)").arg(from).arg(m_compactedVersion);
    if (takeFault(Fault::WatchHttp410)) {
        exchange.respondStatus(410, QStringLiteral("Expired"), tooOld);
        return;
    }
    exchange.startStream();
    if (takeFault(Fault::StallNextWatch))
        return; // never a byte more, never registered
    if (takeFault(Fault::GarbageLineOnNextWatch)) {
        exchange.sendLine("<html>502 Bad Gateway</html>");
        return;
    }
    if (takeFault(Fault::WatchStreamError410) || (from != 0 && from < m_compactedVersion)) {
        // As kube-apiserver 1.20 sends it (research note, A2).
        const QJsonObject status {{QStringLiteral("kind"), QStringLiteral("Status")},
                                  {QStringLiteral("apiVersion"), QStringLiteral("v1")},
                                  {QStringLiteral("metadata"), QJsonObject {}},
                                  {QStringLiteral("status"), QStringLiteral("Failure")},
                                  {QStringLiteral("message"), tooOld},
                                  {QStringLiteral("reason"), QStringLiteral("Expired")},
                                  {QStringLiteral("code"), 410}};
        exchange.sendLine(eventLine("ERROR", status));
        exchange.finish();
        return;
    }
    // resourceVersion "0" or unset: synthetic ADDED events for the current state first.
    if (from == 0) {
        for (const QJsonObject& object : std::as_const(m_objects))
            exchange.sendLine(eventLine("ADDED", object));
    } else {
        for (const Event& event : std::as_const(m_history)) {
            if (event.version > from)
                exchange.sendLine(eventLine(event.type, event.object));
        }
    }
    m_watchers.append(&exchange);
}

} // namespace ksv::test
