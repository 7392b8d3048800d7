// A KubeSchedulerConfiguration as `--config` reads it (loadSchedulerConfigFile): strict decoding of
// kubescheduler.config.k8s.io/v1, the typed plugin arguments, v1.32's defaults and upstream's
// validation. The input goes through a file because that function takes a path.

#include "fuzzsupport.h"
#include "scenario/loader.h"
#include "tempinput.h"

extern "C" int LLVMFuzzerInitialize(int*, char***)
{
    ksv::fuzz::silenceQtMessages();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    // A static, so that its directory is removed when the fuzzer exits.
    static const ksv::fuzz::TempInput input(QStringLiteral("config.yaml"));
    try {
        const ksv::SchedulerConfigSource source
            = ksv::loadSchedulerConfigFile(input.write(ksv::fuzz::bytes(data, size)));
        (void)source.configuration();
    } catch (const ksv::LoadError& error) {
        (void)error.toString();
    }
    return 0;
}
