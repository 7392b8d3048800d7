#pragma once

// `kschedviz extender`: the demo scheduler extender, serving filter, prioritize, bind and preempt
// (a POST on any path ending in that verb) as its rules file says (demorules.h), over HTTP or, given
// a certificate and key, HTTPS. It listens on a loopback address only: it is for lessons and
// tests, and answers anybody who can reach it.

#include "extender/demorules.h"

#include <QHostAddress>
#include <QThread>

#include <atomic>
#include <future>
#include <memory>

class QAbstractHttpServer;

namespace ksv::extenderhttp {

struct DemoServerOptions
{
    QHostAddress address = QHostAddress::LocalHost;
    quint16 port = 0;  // 0: any free port
    QString certFile;  // PEM; with keyFile, serve HTTPS
    QString keyFile;
};

class DemoExtenderServer
{
public:
    // `counter`, if given, also counts the requests served (read from other threads).
    explicit DemoExtenderServer(extender::DemoRules rules, std::atomic<qint64>* counter = nullptr);
    ~DemoExtenderServer();

    // The port listened on; 0 with `error` set when the address is not loopback, the port is taken,
    // or the certificate or key cannot be read.
    quint16 listen(const DemoServerOptions& options, QString* error);
    // Requests answered so far, by verb name ("filter", ...), for tests and the closing log line.
    qint64 requestsServed() const;

private:
    std::unique_ptr<QAbstractHttpServer> m_server;
};

// The demo extender on its own thread and event loop: the engine that calls it may be blocking the
// thread that started it (the command line runs the engine on its main thread; tests call
// extenders from theirs).
class DemoExtenderThread final : public QThread
{
public:
    explicit DemoExtenderThread(extender::DemoRules rules, DemoServerOptions options = {});
    ~DemoExtenderThread() override;

    // Starts the thread and waits until the server listens; the port, or 0 with `error` set.
    quint16 startListening(QString* error);
    qint64 requestsServed() const { return m_served.load(); }

protected:
    void run() override;

private:
    extender::DemoRules m_rules;
    DemoServerOptions m_options;
    std::promise<std::pair<quint16, QString>> m_listening;
    std::atomic<qint64> m_served {0};
};

} // namespace ksv::extenderhttp
