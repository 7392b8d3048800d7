#pragma once

// Extender answers from a recording: the request and response of every ExtenderCall event of a
// trace, handed out in the order the calls were made. A run of the same scenario, configuration and
// seed asks the same questions in the same order, so a replay gets the answers the extenders gave
// then, without them, and writes the same trace byte for byte (`run --extender-answers`). A question
// the recording did not ask, or one too many, is answered with a transport error that says so: the
// run has left the recording, and from there on it is no replay.

#include "exchange.h"

#include <QList>

namespace ksv::trace {
class Trace;
} // namespace ksv::trace

namespace ksv::extender {

class RecordedTransport final : public ExtenderTransport
{
public:
    explicit RecordedTransport(QList<Exchange> exchanges);
    // Every ExtenderCall of the trace, in order.
    static QList<Exchange> exchangesOf(const trace::Trace& trace);

    ExtenderResponse post(const ExtenderRequest& request) override;
    qsizetype answered() const { return m_next; }
    qsizetype size() const { return m_exchanges.size(); }

private:
    QList<Exchange> m_exchanges;
    qsizetype m_next = 0;
};

} // namespace ksv::extender
