// GET over QNetworkAccessManager with the kubeconfig's TLS, proxy and credentials.
#include "restclient.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QLoggingCategory>
#include <QNetworkProxy>
#include <QSslKey>

namespace ksv::client {

namespace {

Q_LOGGING_CATEGORY(lcRest, "ksv.client.rest")

// A line longer than this is not a watch event but garbage or an attack on our memory.
constexpr qsizetype maxLineBytes = 256 * 1024 * 1024;

QSslKey privateKey(const QByteArray& pem)
{
    QSslKey key(pem, QSsl::Rsa);
    if (key.isNull())
        key = QSslKey(pem, QSsl::Ec);
    return key;
}

QNetworkProxy proxyFor(const QUrl& url)
{
    if (url.isEmpty())
        return QNetworkProxy(QNetworkProxy::NoProxy);
    const auto type = url.scheme() == QLatin1String("socks5") ? QNetworkProxy::Socks5Proxy : QNetworkProxy::HttpProxy;
    return QNetworkProxy(type, url.host(), static_cast<quint16>(url.port(type == QNetworkProxy::Socks5Proxy ? 1080 : 80)),
                         url.userName(), url.password());
}

} // namespace

RestClient::RestClient(const ResolvedConfig& config, QObject* parent)
    : QObject(parent)
    , m_server(config.cluster.server)
    , m_tlsServerName(config.cluster.tlsServerName)
    , m_ssl(QSslConfiguration::defaultConfiguration())
    , m_warnings(config.warnings)
    , m_credentials(config.cluster, config.user)
{
    // Only the cluster's CA is trusted when the kubeconfig names one, as client-go does.
    if (!config.cluster.certificateAuthorityPem.isEmpty())
        m_ssl.setCaCertificates(QSslCertificate::fromData(config.cluster.certificateAuthorityPem, QSsl::Pem));
    if (config.cluster.insecureSkipTlsVerify)
        m_ssl.setPeerVerifyMode(QSslSocket::VerifyNone);
    for (const QString& warning : m_warnings)
        qCWarning(lcRest).noquote() << warning;
    m_proxy = proxyFor(config.cluster.proxyUrl);
    configure(m_network);
    connect(&m_credentials, &CredentialProvider::ready, this, [this] {
        const auto waiting = std::exchange(m_waitingForCredential, {});
        for (const auto& reply : waiting) {
            if (reply)
                whenCredentialReady(reply);
        }
    });
    connect(&m_credentials, &CredentialProvider::failed, this, [this](const QString& message) {
        const auto waiting = std::exchange(m_waitingForCredential, {});
        for (const auto& reply : waiting) {
            if (reply)
                reply->finish(RestReply::Error::Credentials, message);
        }
    });
}

RestClient::~RestClient() = default;

RestReply* RestClient::get(const QString& path, const QUrlQuery& query, const GetOptions& options)
{
    QUrl url = m_server;
    url.setPath(m_server.path() + path); // a server URL may carry a prefix (kubectl proxy --api-prefix)
    url.setQuery(query);
    auto* reply = new RestReply(this, url, options.streamed, options.transferTimeoutMs);
    // Secrets and ConfigMaps hold credentials and configuration the scheduler never reads; the
    // client refuses to fetch them even if a caller asks (the read-only role does not grant them).
    const QStringList segments = path.split(QLatin1Char('/'), Qt::SkipEmptyParts);
    if (segments.contains(QLatin1String("secrets")) || segments.contains(QLatin1String("configmaps"))) {
        QMetaObject::invokeMethod(reply, [reply] {
            reply->finish(RestReply::Error::Aborted, reply->m_url.toString(QUrl::RemoveUserInfo)
                                                         + QStringLiteral(": kschedviz never reads Secrets or ConfigMaps"));
        }, Qt::QueuedConnection);
        return reply;
    }
    whenCredentialReady(reply);
    return reply;
}

void RestClient::whenCredentialReady(RestReply* reply)
{
    if (const auto credential = m_credentials.current()) {
        reply->send(*credential);
        return;
    }
    m_waitingForCredential.append(reply);
    m_credentials.refresh();
}

void RestClient::configure(QNetworkAccessManager& network) const
{
    network.setProxy(m_proxy);
    // The API server never redirects; following one could carry the bearer token elsewhere.
    network.setRedirectPolicy(QNetworkRequest::ManualRedirectPolicy);
}

// Over HTTP/1.1 (kubectl proxy, a server without HTTP/2) every open watch holds a connection, and a
// QNetworkAccessManager opens at most six to one host: a session's fourteen watches would starve
// each other and every list. So watches are spread over managers of their own, a few each, and lists
// keep m_network to themselves. Over HTTP/2 this costs a connection per manager, no more.
RestClient::StreamNetwork& RestClient::networkForStream()
{
    constexpr int streamsPerManager = 4;
    for (const auto& stream : m_streamNetworks) {
        if (stream->openStreams < streamsPerManager)
            return *stream;
    }
    m_streamNetworks.push_back(std::make_unique<StreamNetwork>());
    configure(m_streamNetworks.back()->network);
    return *m_streamNetworks.back();
}

QNetworkReply* RestClient::startGet(const QUrl& url, const Credential& credential, int transferTimeoutMs, bool streamed)
{
    QNetworkRequest request(url);
    request.setRawHeader("Accept", "application/json");
    request.setRawHeader("User-Agent", "kschedviz (read-only)");
    if (!credential.token.isEmpty())
        request.setRawHeader("Authorization", "Bearer " + credential.token);
    if (!m_tlsServerName.isEmpty())
        request.setPeerVerifyName(m_tlsServerName);
    QSslConfiguration ssl = m_ssl;
    if (!credential.clientKeyPem.isEmpty()) {
        ssl.setLocalCertificate(QSslCertificate(credential.clientCertificatePem, QSsl::Pem));
        ssl.setPrivateKey(privateKey(credential.clientKeyPem));
    }
    request.setSslConfiguration(ssl);
    if (transferTimeoutMs > 0)
        request.setTransferTimeout(transferTimeoutMs);
    if (!streamed)
        return m_network.get(request); // the only request this library ever sends
    StreamNetwork& stream = networkForStream();
    ++stream.openStreams;
    QNetworkReply* reply = stream.network.get(request); // the same GET, on a manager that holds watches
    connect(reply, &QObject::destroyed, &stream.network, [&stream] { --stream.openStreams; });
    return reply;
}

RestReply::RestReply(RestClient* client, QUrl url, bool streamed, int transferTimeoutMs)
    : QObject(nullptr)
    , m_client(client)
    , m_url(std::move(url))
    , m_streamed(streamed)
    , m_transferTimeoutMs(transferTimeoutMs)
{
}

RestReply::~RestReply()
{
    if (m_reply) {
        m_reply->disconnect(this);
        m_reply->abort();
        m_reply->deleteLater();
    }
}

void RestReply::send(const Credential& credential)
{
    if (m_finished || !m_client)
        return;
    m_credential = credential;
    m_body.clear();
    m_reply = m_client->startGet(m_url, credential, m_transferTimeoutMs, m_streamed);
    connect(m_reply, &QNetworkReply::readyRead, this, &RestReply::onReadyRead);
    connect(m_reply, &QNetworkReply::finished, this, &RestReply::onFinished);
    connect(m_reply, &QNetworkReply::metaDataChanged, this, [this] {
        const QVariant status = m_reply ? m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute) : QVariant();
        if (!m_responded && status.isValid()) {
            m_responded = true;
            Q_EMIT responded(status.toInt());
        }
    });
}

void RestReply::abort()
{
    if (m_finished)
        return;
    m_aborting = true;
    if (m_reply)
        m_reply->abort(); // finished() follows
    else
        finish(Error::Aborted, QStringLiteral("aborted"));
}

void RestReply::onReadyRead()
{
    const int status = m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    m_body += m_reply->readAll();
    // Only a 2xx stream is lines of events; an error body is one Status object, read at the end.
    if (!m_streamed || status < 200 || status >= 300)
        return;
    qsizetype start = 0;
    qsizetype newline;
    while ((newline = m_body.indexOf('\n', start)) >= 0) {
        const QByteArray line = m_body.sliced(start, newline - start);
        start = newline + 1;
        if (!line.trimmed().isEmpty())
            Q_EMIT lineReceived(line);
        if (m_finished) // a handler aborted us
            return;
    }
    m_body.remove(0, start);
    if (m_body.size() > maxLineBytes) {
        m_reply->disconnect(this);
        m_reply->abort();
        finish(Error::Network, m_url.toString() + QStringLiteral(": a watch line longer than 256 MiB"));
    }
}

void RestReply::onFinished()
{
    QNetworkReply* reply = m_reply;
    reply->deleteLater();
    m_reply = nullptr;
    if (m_finished)
        return;
    m_status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (reply->isOpen()) // closed after a transfer timeout
        m_body += reply->readAll();
    const QString where = m_url.toString(QUrl::RemoveUserInfo);

    if (m_aborting) {
        finish(Error::Aborted, where + QStringLiteral(": aborted"));
        return;
    }
    if (m_status == 401 && m_client && m_client->credentials().usesPlugin() && !m_retriedAfter401) {
        // The plugin's credential was refused: forget it and try once more with a fresh one
        // (client-go refreshes it for the next request; retrying this one saves a relist).
        m_retriedAfter401 = true;
        m_client->credentials().reportUnauthorized(m_credential);
        m_client->whenCredentialReady(this);
        return;
    }
    if (m_status != 0 && (m_status < 200 || m_status >= 300)) {
        // The API server explains itself in a Status object; its message names no credential.
        const QJsonObject status = QJsonDocument::fromJson(m_body).object();
        m_statusReason = status.value(QStringLiteral("reason")).toString();
        QString message = status.value(QStringLiteral("message")).toString();
        if (message.isEmpty())
            message = reply->attribute(QNetworkRequest::HttpReasonPhraseAttribute).toString();
        finish(Error::Http, where + QStringLiteral(": HTTP ") + QString::number(m_status) + QStringLiteral(": ") + message);
        return;
    }
    switch (reply->error()) {
    case QNetworkReply::NoError:
        break;
    case QNetworkReply::OperationCanceledError:
    case QNetworkReply::TimeoutError:
        // Not aborted by us: the transfer timeout ran out with no bytes.
        finish(Error::Timeout, where + QStringLiteral(": no data for ") + QString::number(m_transferTimeoutMs / 1000.0)
                                   + QStringLiteral(" s"));
        return;
    default:
        finish(Error::Network, where + QStringLiteral(": ") + reply->errorString());
        return;
    }
    if (m_streamed && !m_body.trimmed().isEmpty()) {
        finish(Error::Truncated, where + QStringLiteral(": the stream ended inside a line"));
        return;
    }
    finish(Error::None, {});
}

void RestReply::finish(Error error, const QString& message)
{
    if (m_finished)
        return;
    m_finished = true;
    m_error = error;
    m_errorString = message;
    if (m_streamed)
        m_body.clear();
    Q_EMIT finished();
}

} // namespace ksv::client
