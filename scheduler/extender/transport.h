#pragma once

// The seam between the engine, which decides what to ask an extender, and whoever carries the
// request: the HTTP client (client/extender/, Qt Network, outside this Qt::Core-only library), a
// replay of recorded answers, or a test's in-process fake. The engine waits for the answer. In the
// simulated clock a call costs spec.timing.extenderLatency, or its measured round trip when the
// scenario asks for that (Timing::extenderLatency < 0).

#include "config/types.h"

#include <QByteArray>
#include <QString>

namespace ksv::extender {

enum class Verb : quint8 { Filter, Prioritize, Bind, Preempt };
QString toString(Verb verb);

struct ExtenderRequest
{
    const config::Extender* extender = nullptr; // the configuration: URL, TLS, timeout
    int extenderIndex = 0;                      // in the configuration's list
    Verb verb = Verb::Filter;
    QString url;       // urlPrefix without trailing slashes, "/", the verb
    QByteArray body;   // JSON
    qint64 timeoutNanos = 0; // httpTimeout, 5 s when unset; ≤ 0 after that means none
};

struct ExtenderResponse
{
    // Transport failure in Go's words ("Post \"http://…/filter\": dial tcp …: connect: connection
    // refused"), or empty when an HTTP answer came back.
    QString transportError;
    int status = 0;
    QByteArray body;
    qint64 elapsedNanos = 0; // wall-clock round trip, for the event log and measured latency
};

class ExtenderTransport
{
public:
    virtual ~ExtenderTransport() = default;
    // Sends the POST and waits for its answer or failure. Called on the engine's thread.
    virtual ExtenderResponse post(const ExtenderRequest& request) = 0;
    // Ends the call in flight and every later one, from any thread: whoever stops a run must not
    // wait out an extender's timeout. A transport that never blocks has nothing to do.
    virtual void cancel() {}
};

// Fails every call with one message: a run whose extenders could not be set up (a TLS file that
// cannot be read, a demo extender that cannot listen) shows that on every attempt that asks them,
// rather than quietly running as if the configuration had none.
class FailingTransport final : public ExtenderTransport
{
public:
    explicit FailingTransport(QString message)
        : m_message(std::move(message))
    {
    }
    ExtenderResponse post(const ExtenderRequest&) override { return ExtenderResponse {m_message, 0, {}, 0}; }

private:
    QString m_message;
};

// One finished call, as the trace records it.
struct ExtenderCall
{
    int extenderIndex = 0;
    QString extenderName; // the urlPrefix
    Verb verb = Verb::Filter;
    QString url;
    QByteArray request;
    ExtenderResponse response;
    QString error; // what the call came to as an error (transport, status, decoding, the answer's Error), or empty
    QString bindNode; // the node a bind asked for
};

class ExtenderCallObserver
{
public:
    virtual ~ExtenderCallObserver() = default;
    virtual void extenderCalled(const ExtenderCall& call) = 0;
};

} // namespace ksv::extender
