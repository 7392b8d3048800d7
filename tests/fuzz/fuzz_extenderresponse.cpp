// A scheduler extender's answer body (extender/wire.cpp, gojson.cpp), as filter, prioritize, bind
// and preempt read it: whatever an extender sends, each decoder gives an answer or Go's error text,
// never both and never a crash. The first byte picks the decoder, so one corpus covers all four.

#include "extender/wire.h"
#include "fuzzsupport.h"

extern "C" int LLVMFuzzerInitialize(int*, char***)
{
    ksv::fuzz::silenceQtMessages();
    return 0;
}

namespace {

template<typename Answer>
void check(const Answer& answer, const QString& error)
{
    if (answer.has_value() == !error.isEmpty())
        __builtin_trap(); // an answer, or a reason: exactly one
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    if (size == 0)
        return 0;
    const QByteArray body = ksv::fuzz::bytes(data + 1, size - 1);
    QString error;
    switch (data[0] % 4) {
    case 0: check(ksv::extender::decodeFilterResult(body, &error), error); break;
    case 1: check(ksv::extender::decodeHostPriorityList(body, &error), error); break;
    case 2: check(ksv::extender::decodeBindingResult(body, &error), error); break;
    default: check(ksv::extender::decodePreemptionResult(body, &error), error); break;
    }
    return 0;
}
