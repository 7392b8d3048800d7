// A trace file as the app opens it (readJsonLines, trace/jsonlreader.cpp): every event kind with its
// fields, strings and per-node blocks. A trace that reads is written back, since writing must work
// on whatever the reader accepted.

#include "fuzzsupport.h"
#include "trace/jsonl.h"

#include <QBuffer>

extern "C" int LLVMFuzzerInitialize(int*, char***)
{
    ksv::fuzz::silenceQtMessages();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    QByteArray input = ksv::fuzz::bytes(data, size);
    QBuffer device(&input);
    device.open(QIODevice::ReadOnly);
    ksv::trace::Trace trace;
    try {
        ksv::trace::readJsonLines(device, QStringLiteral("fuzz.jsonl"), trace);
    } catch (const ksv::LoadError& error) {
        (void)error.toString();
        return 0;
    }
    QBuffer output;
    output.open(QIODevice::WriteOnly);
    ksv::trace::writeJsonLines(trace, output);
    return 0;
}
