#include "recordedtransport.h"

#include "trace/trace.h"

namespace ksv::extender {

RecordedTransport::RecordedTransport(QList<Exchange> exchanges)
    : m_exchanges(std::move(exchanges))
{
}

QList<Exchange> RecordedTransport::exchangesOf(const trace::Trace& trace)
{
    QList<Exchange> exchanges;
    for (qsizetype i = 0; i < trace.size(); ++i) {
        const trace::Event& event = trace.at(i);
        if (event.kind() != trace::EventKind::ExtenderCall)
            continue;
        if (std::optional<Exchange> exchange = decodeExchange(trace.string(event.exchange())))
            exchanges.append(std::move(*exchange));
    }
    return exchanges;
}

ExtenderResponse RecordedTransport::post(const ExtenderRequest& request)
{
    ExtenderResponse response;
    const QString prefix = QStringLiteral("Post \"") + request.url + QStringLiteral("\": ");
    if (m_next >= m_exchanges.size()) {
        response.transportError = prefix + QStringLiteral("the recording has no more answers (it holds %1 calls)").arg(m_exchanges.size());
        return response;
    }
    const Exchange& recorded = m_exchanges[m_next];
    if (recorded.url != request.url || recorded.request != request.body) {
        response.transportError = prefix + QStringLiteral("call %1 differs from the recording's (%2): the run has left the recording")
                                               .arg(m_next + 1)
                                               .arg(recorded.url != request.url ? QStringLiteral("it asked ") + recorded.url
                                                                                : QStringLiteral("another request body"));
        return response;
    }
    ++m_next;
    return recorded.response;
}

} // namespace ksv::extender
