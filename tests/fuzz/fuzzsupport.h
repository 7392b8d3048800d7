#pragma once

// What every fuzz target shares: quiet logging (a warning per input would dominate the run) and
// the libFuzzer entry points' signatures.

#include <QByteArray>
#include <QtGlobal>
#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);
extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv);

namespace ksv::fuzz {

inline void silenceQtMessages()
{
    qInstallMessageHandler([](QtMsgType, const QMessageLogContext&, const QString&) {});
}

// A copy, not fromRawData: libFuzzer's buffer has no terminating NUL, and a parser may count on the
// one QByteArray guarantees.
inline QByteArray bytes(const uint8_t* data, size_t size)
{
    return QByteArray(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
}

} // namespace ksv::fuzz
