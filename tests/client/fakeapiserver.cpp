#include "fakeapiserver.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSslKey>
#include <QSslSocket>

namespace ksv::test {

namespace {

QByteArray reasonPhrase(int status)
{
    switch (status) {
    case 200: return "OK";
    case 401: return "Unauthorized";
    case 403: return "Forbidden";
    case 404: return "Not Found";
    case 405: return "Method Not Allowed";
    case 410: return "Gone";
    case 500: return "Internal Server Error";
    default: return "Status";
    }
}

} // namespace

FakeExchange::FakeExchange(QTcpSocket* socket)
    : m_socket(socket)
{
}

bool FakeExchange::isOpen() const
{
    return m_socket && m_socket->state() == QAbstractSocket::ConnectedState;
}

void FakeExchange::respond(int status, const QByteArray& body, const QByteArray& contentType)
{
    if (!isOpen())
        return;
    m_socket->write("HTTP/1.1 " + QByteArray::number(status) + ' ' + reasonPhrase(status) + "\r\nContent-Type: " + contentType
                    + "\r\nContent-Length: " + QByteArray::number(body.size()) + "\r\n\r\n" + body);
}

void FakeExchange::respondStatus(int code, const QString& reason, const QString& message)
{
    const QJsonObject status {{QStringLiteral("kind"), QStringLiteral("Status")},
                              {QStringLiteral("apiVersion"), QStringLiteral("v1")},
                              {QStringLiteral("status"), QStringLiteral("Failure")},
                              {QStringLiteral("message"), message},
                              {QStringLiteral("reason"), reason},
                              {QStringLiteral("code"), code}};
    respond(code, QJsonDocument(status).toJson(QJsonDocument::Compact));
}

void FakeExchange::startStream()
{
    if (!isOpen())
        return;
    m_streaming = true;
    m_socket->write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n");
    m_socket->flush();
}

void FakeExchange::sendChunk(const QByteArray& data)
{
    if (!isOpen() || data.isEmpty())
        return;
    m_socket->write(QByteArray::number(data.size(), 16) + "\r\n" + data + "\r\n");
    m_socket->flush();
}

void FakeExchange::finish()
{
    if (!isOpen())
        return;
    if (m_streaming)
        m_socket->write("0\r\n\r\n");
    m_streaming = false;
    m_socket->flush();
}

void FakeExchange::cut()
{
    if (m_socket)
        m_socket->abort();
}

FakeApiServer::FakeApiServer(Mode mode, QObject* parent)
    : QObject(parent)
    , m_mode(mode)
{
    qRegisterMetaType<FakeRequest>();
}

FakeApiServer::~FakeApiServer()
{
    close();
}

QString FakeApiServer::fixture(const QString& name)
{
    return QStringLiteral(KSV_CLIENT_DATA_DIR "/") + name;
}

QByteArray FakeApiServer::readFixture(const QString& name)
{
    QFile file(fixture(name));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", qPrintable(name));
    return file.readAll();
}

bool FakeApiServer::listen(quint16 port)
{
    if (m_mode == Mode::Tls) {
        auto server = std::make_unique<QSslServer>();
        QSslConfiguration ssl = QSslConfiguration::defaultConfiguration();
        ssl.setLocalCertificate(QSslCertificate(readFixture(QStringLiteral("tls/server.crt")), QSsl::Pem));
        ssl.setPrivateKey(QSslKey(readFixture(QStringLiteral("tls/server.key")), QSsl::Rsa));
        ssl.setCaCertificates(QSslCertificate::fromData(readFixture(QStringLiteral("tls/ca.crt")), QSsl::Pem));
        // Asks for a client certificate without requiring one: token users have none.
        ssl.setPeerVerifyMode(QSslSocket::QueryPeer);
        server->setSslConfiguration(ssl);
        m_server = std::move(server);
    } else {
        m_server = std::make_unique<QTcpServer>();
    }
    connect(m_server.get(), &QTcpServer::pendingConnectionAvailable, this, [this] {
        while (QTcpSocket* socket = m_server->nextPendingConnection())
            accept(socket);
    });
    if (!m_server->listen(QHostAddress::LocalHost, port))
        return false;
    m_port = m_server->serverPort();
    return true;
}

void FakeApiServer::close()
{
    if (m_server)
        m_server->close();
    m_server.reset();
    for (const auto& socket : std::as_const(m_sockets)) {
        if (socket)
            socket->abort();
    }
    m_sockets.clear();
    m_buffers.clear();
}

QUrl FakeApiServer::url() const
{
    QUrl url;
    url.setScheme(m_mode == Mode::Tls ? QStringLiteral("https") : QStringLiteral("http"));
    url.setHost(QStringLiteral("127.0.0.1"));
    url.setPort(m_port);
    return url;
}

QList<FakeExchange*> FakeApiServer::openStreams() const
{
    QList<FakeExchange*> open;
    for (const auto& exchange : m_exchanges) {
        if (exchange && exchange->isStreaming())
            open.append(exchange);
    }
    return open;
}

void FakeApiServer::accept(QTcpSocket* socket)
{
    m_sockets.append(socket);
    connect(socket, &QTcpSocket::readyRead, this, [this, socket] { onReadyRead(socket); });
    connect(socket, &QTcpSocket::disconnected, this, [this, socket] {
        m_buffers.remove(socket);
        socket->deleteLater();
    });
    if (socket->bytesAvailable() > 0)
        onReadyRead(socket);
}

// Requests are read one after another on a connection (keep-alive). GET has no body; a body of
// any other method is read by Content-Length so the request is still recorded whole.
void FakeApiServer::onReadyRead(QTcpSocket* socket)
{
    QByteArray& buffer = m_buffers[socket];
    buffer += socket->readAll();
    for (;;) {
        const qsizetype headerEnd = buffer.indexOf("\r\n\r\n");
        if (headerEnd < 0)
            return;
        const QList<QByteArray> lines = buffer.left(headerEnd).split('\n');
        FakeRequest request;
        const QList<QByteArray> requestLine = lines.value(0).trimmed().split(' ');
        request.method = requestLine.value(0);
        request.target = requestLine.value(1);
        qsizetype contentLength = 0;
        for (qsizetype i = 1; i < lines.size(); ++i) {
            const qsizetype colon = lines[i].indexOf(':');
            if (colon < 0)
                continue;
            const QByteArray name = lines[i].left(colon).trimmed().toLower();
            request.headers.insert(name, lines[i].mid(colon + 1).trimmed());
            if (name == "content-length")
                contentLength = lines[i].mid(colon + 1).trimmed().toLongLong();
        }
        if (buffer.size() < headerEnd + 4 + contentLength)
            return;
        buffer.remove(0, headerEnd + 4 + contentLength);
        const QUrl url = QUrl::fromEncoded(request.target);
        request.path = url.path();
        request.query = QUrlQuery(url);
        if (auto* ssl = qobject_cast<QSslSocket*>(socket))
            request.clientCertificate = ssl->peerCertificate();
        m_requests.append(request);
        Q_EMIT requestReceived(request);

        auto* exchange = new FakeExchange(socket);
        exchange->setParent(socket);
        m_exchanges.append(exchange);
        if (m_handler)
            m_handler(request, *exchange);
        else
            exchange->respondStatus(404, QStringLiteral("NotFound"), QStringLiteral("no handler"));
        if (!m_buffers.contains(socket))
            return; // the handler dropped the connection
    }
}

} // namespace ksv::test
