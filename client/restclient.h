#pragma once

// The HTTP layer of the read-only client. It can send GET and nothing else: the one public way to
// make a request is get(), which takes no verb and no body, and the QNetworkAccessManager behind it
// is private. TLS, the proxy and the credentials come from the kubeconfig.

#include "credentials.h"
#include "kubeconfig.h"

#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QObject>
#include <QNetworkProxy>
#include <QPointer>
#include <QUrlQuery>

#include <memory>
#include <vector>

namespace ksv::client {

class RestClient;

// One GET, buffered or streamed line by line (a watch).
class RestReply : public QObject
{
    Q_OBJECT

public:
    enum class Error : quint8 {
        None,
        Http, // the server answered with a status outside 2xx; statusMessage() has its Status message
        Network, // refused, reset, TLS failure, closed before the end
        Timeout, // no byte within the transfer timeout: a stalled stream or server
        Truncated, // the stream ended inside a line
        Credentials, // the exec plugin failed; errorString() says why
        Aborted,
    };
    Q_ENUM(Error)

    ~RestReply() override;

    QUrl url() const { return m_url; }
    bool isFinished() const { return m_finished; }
    Error error() const { return m_error; }
    int httpStatus() const { return m_status; }
    // For Http errors: the Status object's reason ("Expired", "Gone", ...) and message.
    QString statusReason() const { return m_statusReason; }
    // One line for people, naming the URL; never a credential.
    QString errorString() const { return m_errorString; }
    // The whole body of a buffered reply, once finished.
    const QByteArray& body() const { return m_body; }

    void abort();

Q_SIGNALS:
    // The server's status line and headers arrived: the connection is up, whatever comes next.
    void responded(int httpStatus);
    // Streamed replies: each complete line (without its newline), as it arrives.
    void lineReceived(const QByteArray& line);
    void finished();

private:
    friend class RestClient;
    RestReply(RestClient* client, QUrl url, bool streamed, int transferTimeoutMs);
    void send(const Credential& credential);
    void onReadyRead();
    void onFinished();
    void finish(Error error, const QString& message);

    QPointer<RestClient> m_client;
    QUrl m_url;
    bool m_streamed;
    int m_transferTimeoutMs;
    QPointer<QNetworkReply> m_reply;
    Credential m_credential;
    bool m_retriedAfter401 = false;
    bool m_responded = false;
    bool m_finished = false;
    bool m_aborting = false;
    Error m_error = Error::None;
    int m_status = 0;
    QString m_statusReason;
    QString m_errorString;
    QByteArray m_body; // buffered: the body; streamed: the unfinished line
};

struct GetOptions
{
    bool streamed = false; // watch: lines as they arrive
    // No bytes for this long ends the reply with Error::Timeout. A watch gets about two bookmark
    // intervals; 0: none.
    int transferTimeoutMs = 0;
};

class RestClient : public QObject
{
    Q_OBJECT

public:
    explicit RestClient(const ResolvedConfig& config, QObject* parent = nullptr);
    ~RestClient() override;

    // The one request there is. The reply belongs to the caller (deleteLater when done).
    RestReply* get(const QString& path, const QUrlQuery& query = {}, const GetOptions& options = {});

    const QUrl& server() const { return m_server; }
    CredentialProvider& credentials() { return m_credentials; }
    // What the configuration warns about (insecure-skip-tls-verify), also logged per client.
    const QStringList& warnings() const { return m_warnings; }

private:
    friend class RestReply;
    QNetworkReply* startGet(const QUrl& url, const Credential& credential, int transferTimeoutMs, bool streamed);
    void configure(QNetworkAccessManager& network) const;
    struct StreamNetwork
    {
        QNetworkAccessManager network;
        int openStreams = 0; // replies not yet destroyed
    };
    StreamNetwork& networkForStream();
    void whenCredentialReady(RestReply* reply);

    QUrl m_server;
    QString m_tlsServerName;
    QSslConfiguration m_ssl;
    QStringList m_warnings;
    CredentialProvider m_credentials;
    QNetworkProxy m_proxy;
    QNetworkAccessManager m_network; // lists
    std::vector<std::unique_ptr<StreamNetwork>> m_streamNetworks; // watches, a few each
    QList<QPointer<RestReply>> m_waitingForCredential;
};

} // namespace ksv::client
