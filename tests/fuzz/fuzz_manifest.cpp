// One Kubernetes manifest through the object decoders alone (decodeObject: Pod, Node,
// PriorityClass, PodDisruptionBudget, storage objects, ...), without the loader's document handling
// around it, so that the fuzzer spends its time in the field decoders that both scenario files and
// API server objects go through.

#include "fuzzsupport.h"
#include "scenario/decode.h"

#include <yaml-cpp/yaml.h>

extern "C" int LLVMFuzzerInitialize(int*, char***)
{
    ksv::fuzz::silenceQtMessages();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    YAML::Node node;
    try {
        node = YAML::Load(ksv::fuzz::bytes(data, size).toStdString());
    } catch (const YAML::Exception&) {
        return 0; // yaml-cpp's own parse errors: the loader turns these into a LoadError
    }
    for (const auto mode : { ksv::DecodeMode::Full, ksv::DecodeMode::IdentityOnly }) {
        try {
            // Like the reflector, without the loader's isReadKind() check first: decodeObject refuses
            // other kinds itself.
            (void)ksv::decodeObject(ksv::YamlField(node, QStringLiteral("fuzz.yaml")), mode);
        } catch (const ksv::LoadError& error) {
            (void)error.toString();
        }
    }
    return 0;
}
