#pragma once

// A real HTTP/1.1 server in the test process, over TLS (QSslServer, with the fixtures'
// certificates) or plain TCP (as kubectl proxy serves). Each test scripts its answers with a
// handler; a response can be whole, streamed in chunks (a watch), cut in the middle or left to
// stall. Every request is recorded with its method, so a test can prove the client sent GET only.

#include <QHash>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QSslCertificate>
#include <QSslServer>
#include <QTcpSocket>
#include <QUrlQuery>

#include <functional>
#include <memory>

namespace ksv::test {

struct FakeRequest
{
    QByteArray method;
    QByteArray target; // as sent: "/api/v1/nodes?limit=2", or absolute through a proxy
    QString path;
    QUrlQuery query;
    QHash<QByteArray, QByteArray> headers; // names lowercased
    QSslCertificate clientCertificate; // null without one

    QString queryValue(const char* key) const { return query.queryItemValue(QString::fromLatin1(key), QUrl::FullyDecoded); }
    bool isWatch() const { return queryValue("watch") == QLatin1String("1") || queryValue("watch") == QLatin1String("true"); }
};

// One response in progress. Whole responses finish at once; a stream stays open until finish(),
// cut() or the client goes away.
class FakeExchange : public QObject
{
    Q_OBJECT

public:
    explicit FakeExchange(QTcpSocket* socket);

    void respond(int status, const QByteArray& body, const QByteArray& contentType = "application/json");
    void respondStatus(int code, const QString& reason, const QString& message); // a metav1.Status
    void startStream(); // 200, chunked
    void sendChunk(const QByteArray& data);
    void sendLine(const QByteArray& line) { sendChunk(line + '\n'); }
    void finish(); // the last chunk: a clean end of the stream
    void cut(); // drops the connection at once, as a crash or a reset would
    bool isOpen() const;
    bool isStreaming() const { return m_streaming && isOpen(); }

private:
    QPointer<QTcpSocket> m_socket;
    bool m_streaming = false;
};

class FakeApiServer : public QObject
{
    Q_OBJECT

public:
    enum class Mode : quint8 { Tls, PlainHttp };
    using Handler = std::function<void(const FakeRequest&, FakeExchange&)>;

    explicit FakeApiServer(Mode mode = Mode::Tls, QObject* parent = nullptr);
    ~FakeApiServer() override;

    void setHandler(Handler handler) { m_handler = std::move(handler); }
    const Handler& handler() const { return m_handler; }
    // Listens on 127.0.0.1; port 0 picks a free one. Listening again on the old port restarts.
    bool listen(quint16 port = 0);
    void close(); // stops listening and drops every connection
    quint16 port() const { return m_port; }
    QUrl url() const;

    const QList<FakeRequest>& requests() const { return m_requests; }
    // The streams the handler left open, newest last; closed ones drop out.
    QList<FakeExchange*> openStreams() const;

    static QString fixture(const QString& name); // tests/client/data/<name>
    static QByteArray readFixture(const QString& name);

Q_SIGNALS:
    void requestReceived(const ksv::test::FakeRequest& request);

private:
    void accept(QTcpSocket* socket);
    void onReadyRead(QTcpSocket* socket);

    Mode m_mode;
    std::unique_ptr<QTcpServer> m_server;
    quint16 m_port = 0;
    Handler m_handler;
    QList<FakeRequest> m_requests;
    QHash<QTcpSocket*, QByteArray> m_buffers;
    QList<QPointer<QTcpSocket>> m_sockets;
    QList<QPointer<FakeExchange>> m_exchanges;
};

} // namespace ksv::test
