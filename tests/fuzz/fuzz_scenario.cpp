// Scenario files and manifests as `kschedviz check` and the app read them: loadScenarioText, the
// whole loader (documents, Lists, Scenario documents, count, events, admission, cross-references,
// an embedded KubeSchedulerConfiguration), and the Kubernetes version and gates it asks for. A LoadError is the expected answer to bad input;
// anything else escaping is a finding.

#include "fuzzsupport.h"
#include "scenario/effectiveconfig.h"
#include "scenario/loader.h"

extern "C" int LLVMFuzzerInitialize(int*, char***)
{
    ksv::fuzz::silenceQtMessages();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    QStringList warnings;
    try {
        const ksv::Scenario scenario
            = ksv::loadScenarioText(ksv::fuzz::bytes(data, size), QStringLiteral("fuzz.yaml"), &warnings);
        if (scenario.schedulerConfig)
            (void)scenario.schedulerConfig->configuration();
        // spec.kubernetesVersion and spec.featureGates, resolved as a run resolves them, and the
        // configuration defaulted for that version.
        (void)ksv::effectiveConfiguration(scenario);
    } catch (const ksv::LoadError& error) {
        (void)error.toString();
    }
    return 0;
}
