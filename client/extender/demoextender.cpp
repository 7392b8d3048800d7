#include "demoextender.h"

#include <QAbstractHttpServer>
#include <QFile>
#include <QHttpServerRequest>
#include <QHttpServerResponder>
#include <QSslCertificate>
#include <QSslKey>
#include <QTimer>

namespace ksv::extenderhttp {

namespace {

class Server final : public QAbstractHttpServer
{
public:
    Server(extender::DemoRules rules, std::atomic<qint64>* counter)
        : m_rules(std::move(rules))
        , m_counter(counter)
    {
    }

    std::atomic<qint64> served {0};

protected:
    bool handleRequest(const QHttpServerRequest& request, QTcpSocket* socket) override
    {
        const QString path = request.url().path();
        const QString verbName = path.section(QLatin1Char('/'), -1);
        static const QStringList verbs = {QStringLiteral("filter"), QStringLiteral("prioritize"), QStringLiteral("bind"), QStringLiteral("preempt")};
        const qsizetype verb = verbs.indexOf(verbName);
        if (verb < 0 || request.method() != QHttpServerRequest::Method::Post)
            return false; // missingHandler answers 404
        ++served;
        if (m_counter)
            ++*m_counter;
        const extender::DemoAnswer answer = extender::answerDemoRequest(m_rules, static_cast<extender::Verb>(verb), request.body());
        auto responder = std::make_shared<QHttpServerResponder>(makeResponder(request, socket));
        const auto respond = [responder, answer] {
            const QByteArray type = answer.status == 200 ? QByteArrayLiteral("application/json") : QByteArrayLiteral("text/plain");
            responder->write(answer.body, type, static_cast<QHttpServerResponder::StatusCode>(answer.status));
        };
        if (answer.delayNanos > 0)
            QTimer::singleShot(std::chrono::milliseconds(answer.delayNanos / 1'000'000), socket, respond);
        else
            respond();
        return true;
    }

    void missingHandler(const QHttpServerRequest& request, QTcpSocket* socket) override
    {
        makeResponder(request, socket).write(QByteArrayLiteral("the demo extender serves POST .../filter, prioritize, bind and preempt"),
                                             QByteArrayLiteral("text/plain"), QHttpServerResponder::StatusCode::NotFound);
    }

private:
    extender::DemoRules m_rules;
    std::atomic<qint64>* m_counter = nullptr;
};

} // namespace

DemoExtenderServer::DemoExtenderServer(extender::DemoRules rules, std::atomic<qint64>* counter)
    : m_server(std::make_unique<Server>(std::move(rules), counter))
{
}

DemoExtenderServer::~DemoExtenderServer() = default;

quint16 DemoExtenderServer::listen(const DemoServerOptions& options, QString* error)
{
    if (!options.address.isLoopback()) {
        *error = QStringLiteral("the demo extender listens on a loopback address only (such as 127.0.0.1), not ") + options.address.toString();
        return 0;
    }
    if (!options.certFile.isEmpty() || !options.keyFile.isEmpty()) {
        QFile certFile(options.certFile);
        QFile keyFile(options.keyFile);
        if (!certFile.open(QIODevice::ReadOnly)) {
            *error = options.certFile + QStringLiteral(": ") + certFile.errorString();
            return 0;
        }
        if (!keyFile.open(QIODevice::ReadOnly)) {
            *error = options.keyFile + QStringLiteral(": ") + keyFile.errorString();
            return 0;
        }
        const QList<QSslCertificate> certificates = QSslCertificate::fromData(certFile.readAll(), QSsl::Pem);
        const QByteArray keyPem = keyFile.readAll();
        QSslKey key(keyPem, QSsl::Rsa, QSsl::Pem);
        if (key.isNull())
            key = QSslKey(keyPem, QSsl::Ec, QSsl::Pem);
        if (certificates.isEmpty()) {
            *error = options.certFile + QStringLiteral(": no PEM certificate in the file");
            return 0;
        }
        if (key.isNull()) {
            *error = options.keyFile + QStringLiteral(": no PEM RSA or EC private key in the file");
            return 0;
        }
        m_server->sslSetup(certificates.constFirst(), key);
    }
    const quint16 port = m_server->listen(options.address, options.port);
    if (port == 0)
        *error = QStringLiteral("cannot listen on ") + options.address.toString() + QLatin1Char(':') + QString::number(options.port);
    return port;
}

qint64 DemoExtenderServer::requestsServed() const
{
    return static_cast<const Server*>(m_server.get())->served.load();
}

DemoExtenderThread::DemoExtenderThread(extender::DemoRules rules, DemoServerOptions options)
    : m_rules(std::move(rules))
    , m_options(std::move(options))
{
    setObjectName(QStringLiteral("ksv-demo-extender"));
}

DemoExtenderThread::~DemoExtenderThread()
{
    quit();
    wait();
}

quint16 DemoExtenderThread::startListening(QString* error)
{
    std::future<std::pair<quint16, QString>> listening = m_listening.get_future();
    start();
    const auto [port, problem] = listening.get();
    *error = problem;
    return port;
}

void DemoExtenderThread::run()
{
    DemoExtenderServer server(m_rules, &m_served);
    QString problem;
    const quint16 port = server.listen(m_options, &problem);
    m_listening.set_value({port, problem});
    if (port != 0)
        exec();
}

} // namespace ksv::extenderhttp
