#pragma once

// Reflector options for tests against the fake API server: small pages (so lists are paged, unless a
// test counts its requests and asks for one page), short
// backoffs, and transfer timeouts long enough for a quiet watch on a slow sanitized build (a test of
// stalls shortens them itself).

#include "reflector.h"

namespace ksv::test {

inline client::ReflectorOptions fastOptions(quint32 seed = 7, int pageSize = 2)
{
    client::ReflectorOptions options;
    options.pageSize = pageSize;
    options.backoffInitialMs = 20;
    options.backoffMaxMs = 200;
    options.watchTransferTimeoutMs = 4000;
    options.listTransferTimeoutMs = 5000;
    options.seed = seed;
    return options;
}

} // namespace ksv::test
