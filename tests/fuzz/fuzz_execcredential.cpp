// What an exec credential plugin prints (client.authentication.k8s.io ExecCredential), as the
// credential provider reads it after the plugin exits: parseExecCredential, with the PEM pair
// checked by OpenSSL when the plugin returns a client certificate. Both apiVersions a kubeconfig
// may configure are tried, so that either version's input gets past the first check.

#include "credentials.h"
#include "fuzzsupport.h"

extern "C" int LLVMFuzzerInitialize(int*, char***)
{
    ksv::fuzz::silenceQtMessages();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const QByteArray input = ksv::fuzz::bytes(data, size);
    for (const char* apiVersion : { "client.authentication.k8s.io/v1", "client.authentication.k8s.io/v1beta1" }) {
        QString problem;
        const auto credential = ksv::client::parseExecCredential(input, QString::fromLatin1(apiVersion), &problem);
        if (!credential && problem.isEmpty())
            __builtin_trap(); // a refusal must say why
    }
    return 0;
}
