#pragma once

// The scheduler extenders' HTTP client: extender::ExtenderTransport over Qt Network. The engine's
// thread calls post() and waits; the request runs on this transport's own network thread, so that
// the wait can be cut short by cancel() from any thread (a new run, stop, quitting the app) and no
// event loop ever runs nested inside the engine.
//
// As upstream's client (extender.go makeTransport, http.Client{Timeout}): one deadline, httpTimeout,
// for the whole call; TLS from tlsConfig, with verification off when enableHTTPS is set without a
// CA; the scheme comes from urlPrefix. No proxy: extenders are reached directly (upstream honours
// HTTP_PROXY, except for localhost). Failures are worded as Go's net/http words them, because the
// text becomes the FailedScheduling message: `Post "http://127.0.0.1:1/filter": dial tcp
// 127.0.0.1:1: connect: connection refused`.

#include "extender/transport.h"

#include <QObject>

#include <atomic>
#include <memory>

class QThread;

namespace ksv::extenderhttp {

class NetworkWorker;

class HttpExtenderTransport final : public extender::ExtenderTransport
{
public:
    HttpExtenderTransport();
    ~HttpExtenderTransport() override;

    extender::ExtenderResponse post(const extender::ExtenderRequest& request) override;
    // Ends the call in flight, and every later one, with Go's "context canceled". Any thread.
    void cancel() override;
    // Requests for `host` go to `address` instead; the URL the trace records keeps the host. Set
    // before the first call.
    void setHostAlias(const QString& host, const QString& address);

private:
    std::unique_ptr<QThread> m_thread;
    NetworkWorker* m_worker = nullptr; // lives on m_thread
    std::atomic<bool> m_cancelled {false};
    QString m_aliasHost;
    QString m_aliasAddress; // host:port
};

// The TLS problems upstream refuses when it builds the client (restclient.TLSConfigFor), in its
// words ("specifying a root certificates file with the insecure flag is not allowed"); empty when
// the configuration is usable. File paths are read here.
QString tlsConfigProblem(const config::Extender& extender);

} // namespace ksv::extenderhttp
