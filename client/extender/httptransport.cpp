#include "httptransport.h"

#include <QElapsedTimer>
#include <QFile>
#include <QNetworkAccessManager>
#include <QNetworkProxy>
#include <QNetworkReply>
#include <QSslConfiguration>
#include <QSslKey>
#include <QThread>
#include <QTimer>

#include <chrono>
#include <climits>
#include <condition_variable>
#include <mutex>

namespace ksv::extenderhttp {

namespace {

// One call, shared by the engine's thread (which waits on it) and the network thread (which runs
// it). Everything either side reads after hand-over is behind the mutex.
struct PendingCall
{
    std::mutex mutex;
    std::condition_variable done;
    bool finished = false;
    extender::ExtenderResponse response;

    // Set before hand-over, read-only after.
    QString url;    // as the configuration names it: the one in messages
    QString target; // where it is sent, when a host alias applies
    QByteArray body;
    qint64 timeoutNanos = 0;
    config::Extender extender;

    // Network thread only.
    QNetworkReply* reply = nullptr;
    bool timedOut = false;
    QString sslProblem;

    void finish(extender::ExtenderResponse result)
    {
        {
            const std::lock_guard lock(mutex);
            if (finished)
                return; // cancelled meanwhile: the waiter has its answer
            finished = true;
            response = std::move(result);
        }
        done.notify_all();
    }
};

QString goPrefix(const QString& url)
{
    return QStringLiteral("Post \"") + url + QStringLiteral("\": ");
}

QString hostPort(const QUrl& url)
{
    const int port = url.port(url.scheme() == QLatin1String("https") ? 443 : 80);
    const QString host = url.host().contains(QLatin1Char(':')) ? QLatin1Char('[') + url.host() + QLatin1Char(']') : url.host();
    return host + QLatin1Char(':') + QString::number(port);
}

QByteArray readTlsData(const QByteArray& data, const QString& file, QString* problem)
{
    if (!data.isEmpty() || file.isEmpty())
        return data;
    QFile in(file);
    if (!in.open(QIODevice::ReadOnly)) {
        *problem = QStringLiteral("open ") + file + QStringLiteral(": ") + in.errorString();
        return {};
    }
    return in.readAll();
}

// The SSL error upstream's Go client would report, in Go's words where we know them.
QString goSslProblem(const QSslError& error, const QUrl& url)
{
    switch (error.error()) {
    case QSslError::UnableToGetLocalIssuerCertificate:
    case QSslError::UnableToVerifyFirstCertificate:
    case QSslError::SelfSignedCertificate:
    case QSslError::SelfSignedCertificateInChain:
    case QSslError::CertificateUntrusted:
    case QSslError::UnableToGetIssuerCertificate:
        return QStringLiteral("tls: failed to verify certificate: x509: certificate signed by unknown authority");
    case QSslError::HostNameMismatch:
        return QStringLiteral("tls: failed to verify certificate: x509: certificate is not valid for ") + url.host();
    case QSslError::CertificateExpired:
        return QStringLiteral("tls: failed to verify certificate: x509: certificate has expired or is not yet valid");
    default: return QStringLiteral("tls: ") + error.errorString();
    }
}

} // namespace

class NetworkWorker : public QObject
{
public:
    void start(const std::shared_ptr<PendingCall>& call)
    {
        QNetworkAccessManager* manager = managerFor(call->extender);
        const QUrl url(call->target.isEmpty() ? call->url : call->target);
        if (url.scheme() != QLatin1String("http") && url.scheme() != QLatin1String("https")) {
            extender::ExtenderResponse failed;
            failed.transportError = goPrefix(call->url) + QStringLiteral("unsupported protocol scheme \"") + url.scheme() + QLatin1Char('"');
            call->finish(std::move(failed));
            return;
        }
        QNetworkRequest request(url);
        request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
        request.setAttribute(QNetworkRequest::Http2AllowedAttribute, false);
        if (url.scheme() == QLatin1String("https")) {
            QString problem;
            request.setSslConfiguration(sslConfiguration(call->extender, &problem));
            if (call->extender.tlsConfig && !call->extender.tlsConfig->serverName.isEmpty())
                request.setPeerVerifyName(call->extender.tlsConfig->serverName);
        }
        QNetworkReply* reply = manager->post(request, call->body);
        call->reply = reply;
        // Errors are worded with the URL the configuration names, never the alias's target: a demo
        // extender's port must not reach the trace.
        const QUrl named(call->url);
        QObject::connect(reply, &QNetworkReply::sslErrors, reply, [call, named](const QList<QSslError>& errors) {
            if (!errors.isEmpty() && call->sslProblem.isEmpty())
                call->sslProblem = goSslProblem(errors.constFirst(), named);
        });
        if (call->timeoutNanos > 0) {
            auto* timer = new QTimer(reply);
            timer->setSingleShot(true);
            QObject::connect(timer, &QTimer::timeout, reply, [call] {
                if (!call->reply)
                    return; // finished meanwhile; the reply's deletion, and the timer's with it, is pending
                call->timedOut = true;
                call->reply->abort();
            });
            timer->start(int(std::min<qint64>(call->timeoutNanos / 1'000'000 + (call->timeoutNanos % 1'000'000 ? 1 : 0), INT_MAX)));
        }
        QObject::connect(reply, &QNetworkReply::finished, reply, [call, named] {
            QNetworkReply* finishedReply = call->reply;
            call->reply = nullptr;
            finishedReply->deleteLater();
            extender::ExtenderResponse result;
            const QVariant status = finishedReply->attribute(QNetworkRequest::HttpStatusCodeAttribute);
            if (call->timedOut) {
                result.transportError =
                    goPrefix(call->url) + QStringLiteral("context deadline exceeded (Client.Timeout exceeded while awaiting headers)");
            } else if (status.isValid() && status.toInt() != 0) {
                result.status = status.toInt();
                result.body = finishedReply->readAll();
            } else {
                result.transportError = goPrefix(call->url) + transportProblem(*finishedReply, named, call->sslProblem);
            }
            call->finish(std::move(result));
        });
    }

    void abort(const std::shared_ptr<PendingCall>& call)
    {
        if (call->reply)
            call->reply->abort();
    }

private:
    static QString transportProblem(const QNetworkReply& reply, const QUrl& url, const QString& sslProblem)
    {
        switch (reply.error()) {
        case QNetworkReply::ConnectionRefusedError:
            return QStringLiteral("dial tcp ") + hostPort(url) + QStringLiteral(": connect: connection refused");
        case QNetworkReply::HostNotFoundError:
            return QStringLiteral("dial tcp: lookup ") + url.host() + QStringLiteral(": no such host");
        case QNetworkReply::RemoteHostClosedError: return QStringLiteral("EOF");
        case QNetworkReply::SslHandshakeFailedError:
            return sslProblem.isEmpty() ? QStringLiteral("tls: handshake failure") : sslProblem;
        case QNetworkReply::OperationCanceledError: return QStringLiteral("context canceled");
        case QNetworkReply::TimeoutError: return QStringLiteral("i/o timeout");
        default:
            // Qt's own text may name the address it connected to (an alias's port): a stable one instead.
            return QStringLiteral("network error (Qt QNetworkReply::NetworkError %1)").arg(int(reply.error()));
        }
    }

    static QSslConfiguration sslConfiguration(const config::Extender& extender, QString* problem)
    {
        QSslConfiguration ssl = QSslConfiguration::defaultConfiguration();
        const config::ExtenderTLSConfig tls = extender.tlsConfig.value_or(config::ExtenderTLSConfig {});
        const QByteArray ca = readTlsData(tls.caData, tls.caFile, problem);
        if (!ca.isEmpty())
            ssl.setCaCertificates(QSslCertificate::fromData(ca, QSsl::Pem));
        // makeTransport: enableHTTPS without a CA means no verification.
        if (tls.insecure || (extender.enableHTTPS && ca.isEmpty()))
            ssl.setPeerVerifyMode(QSslSocket::VerifyNone);
        const QByteArray cert = readTlsData(tls.certData, tls.certFile, problem);
        const QByteArray key = readTlsData(tls.keyData, tls.keyFile, problem);
        if (!cert.isEmpty() && !key.isEmpty()) {
            const QList<QSslCertificate> chain = QSslCertificate::fromData(cert, QSsl::Pem);
            if (!chain.isEmpty())
                ssl.setLocalCertificate(chain.constFirst());
            QSslKey privateKey(key, QSsl::Ec, QSsl::Pem);
            if (privateKey.isNull())
                privateKey = QSslKey(key, QSsl::Rsa, QSsl::Pem);
            ssl.setPrivateKey(privateKey);
        }
        return ssl;
    }

    // Upstream gives each extender an http.Client of its own, so a connection verified with one
    // extender's TLS settings never serves another's. Qt keeps connections per manager: one manager
    // per distinct set of settings.
    QNetworkAccessManager* managerFor(const config::Extender& extender)
    {
        const config::ExtenderTLSConfig tls = extender.tlsConfig.value_or(config::ExtenderTLSConfig {});
        const QStringList parts {extender.urlPrefix, QString::number(int(extender.enableHTTPS)), QString::number(int(tls.insecure)),
                                 tls.serverName, tls.certFile, tls.keyFile, tls.caFile, QString::fromLatin1(tls.certData.toBase64()),
                                 QString::fromLatin1(tls.keyData.toBase64()), QString::fromLatin1(tls.caData.toBase64())};
        const QString key = parts.join(QChar(0));
        QNetworkAccessManager*& manager = m_managers[key];
        if (!manager) {
            manager = new QNetworkAccessManager(this);
            manager->setProxy(QNetworkProxy::NoProxy);
        }
        return manager;
    }

    QHash<QString, QNetworkAccessManager*> m_managers;
};

HttpExtenderTransport::HttpExtenderTransport()
    : m_thread(std::make_unique<QThread>())
    , m_worker(new NetworkWorker)
{
    m_thread->setObjectName(QStringLiteral("ksv-extender-http"));
    m_worker->moveToThread(m_thread.get());
    m_thread->start();
}

HttpExtenderTransport::~HttpExtenderTransport()
{
    cancel();
    m_thread->quit();
    m_thread->wait();
    delete m_worker; // its thread has ended: nothing runs on it any more
}

void HttpExtenderTransport::cancel()
{
    m_cancelled.store(true);
}

extender::ExtenderResponse HttpExtenderTransport::post(const extender::ExtenderRequest& request)
{
    extender::ExtenderResponse cancelled;
    cancelled.transportError = goPrefix(request.url) + QStringLiteral("context canceled");
    if (m_cancelled.load())
        return cancelled;

    auto call = std::make_shared<PendingCall>();
    call->url = request.url;
    if (!m_aliasHost.isEmpty()) {
        QUrl url(request.url);
        if (url.host() == m_aliasHost) {
            url.setAuthority(m_aliasAddress);
            call->target = url.toString();
        }
    }
    call->body = request.body;
    call->timeoutNanos = request.timeoutNanos;
    if (request.extender)
        call->extender = *request.extender;
    QElapsedTimer clock;
    clock.start();
    NetworkWorker* worker = m_worker;
    QMetaObject::invokeMethod(worker, [worker, call] { worker->start(call); }, Qt::QueuedConnection);

    std::unique_lock lock(call->mutex);
    while (!call->finished) {
        // Woken by the answer; every 20 ms it also looks whether the call was cancelled.
        call->done.wait_for(lock, std::chrono::milliseconds(20));
        if (!call->finished && m_cancelled.load()) {
            call->finished = true;
            call->response = cancelled;
            QMetaObject::invokeMethod(worker, [worker, call] { worker->abort(call); }, Qt::QueuedConnection);
        }
    }
    extender::ExtenderResponse response = call->response;
    lock.unlock();
    response.elapsedNanos = clock.nsecsElapsed();
    return response;
}

void HttpExtenderTransport::setHostAlias(const QString& host, const QString& address)
{
    m_aliasHost = host;
    m_aliasAddress = address;
}

QString tlsConfigProblem(const config::Extender& extender)
{
    if (!extender.tlsConfig)
        return {};
    const config::ExtenderTLSConfig& tls = *extender.tlsConfig;
    if (tls.insecure && (!tls.caFile.isEmpty() || !tls.caData.isEmpty()))
        return QStringLiteral("specifying a root certificates file with the insecure flag is not allowed");
    QString problem;
    readTlsData(tls.caData, tls.caFile, &problem);
    if (problem.isEmpty())
        readTlsData(tls.certData, tls.certFile, &problem);
    if (problem.isEmpty())
        readTlsData(tls.keyData, tls.keyFile, &problem);
    return problem;
}

} // namespace ksv::extenderhttp
