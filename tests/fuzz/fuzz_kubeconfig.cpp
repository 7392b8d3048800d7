// A kubeconfig as `--kubeconfig` reads it: loadKubeconfig (decoding, the context, cluster and user
// it resolves, base64 and PEM data, the exec section) and listContexts (what Connect to cluster…
// lists). The input goes through a file because both take paths.

#include "fuzzsupport.h"
#include "kubeconfig.h"
#include "tempinput.h"

extern "C" int LLVMFuzzerInitialize(int*, char***)
{
    ksv::fuzz::silenceQtMessages();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    // A static, so that its directory is removed when the fuzzer exits.
    static const ksv::fuzz::TempInput input(QStringLiteral("kubeconfig"));
    ksv::client::KubeconfigOptions options;
    options.kubeconfigFlag = input.write(ksv::fuzz::bytes(data, size));
    try {
        (void)ksv::client::listContexts(options);
    } catch (const ksv::LoadError& error) {
        (void)error.toString();
    }
    try {
        (void)ksv::client::loadKubeconfig(options);
    } catch (const ksv::LoadError& error) {
        (void)error.toString();
    }
    return 0;
}
