// Label and node selectors as manifests, plugin arguments and API objects carry them: the decoders
// (decodeOptionalLabelSelector, decodeNodeSelector), then what the plugins do with a selector that
// decoded: LabelSelectorAsSelector's checks (labelSelectorParseError), matching and the canonical
// text. The input is the selector's YAML (JSON is YAML too); the scalar validators see it as text.

#include "api/labels.h"
#include "decoding/decode_common.h"
#include "fuzzsupport.h"
#include "plugins/nodeaffinitymatching.h"
#include "plugins/selectorparsing.h"

#include <yaml-cpp/yaml.h>

extern "C" int LLVMFuzzerInitialize(int*, char***)
{
    ksv::fuzz::silenceQtMessages();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const QByteArray input = ksv::fuzz::bytes(data, size);
    const QString text = QString::fromUtf8(input);
    (void)ksv::isQualifiedName(text);
    (void)ksv::isValidLabelValue(text);
    (void)ksv::isDNS1123Subdomain(text);
    (void)ksv::selectorOperatorFromString(text);

    YAML::Node node;
    try {
        node = YAML::Load(input.toStdString());
    } catch (const YAML::Exception&) {
        return 0; // yaml-cpp's own parse errors: the loader turns these into a LoadError
    }
    const ksv::YamlField field(node, QStringLiteral("fuzz.yaml"), QStringLiteral("selector"));
    const ksv::Labels fixed = { { QStringLiteral("app"), QStringLiteral("web") },
        { QStringLiteral("zone"), QStringLiteral("a") }, { QStringLiteral("gpus"), QStringLiteral("4") } };
    try {
        const std::optional<ksv::LabelSelector> selector = ksv::decodeOptionalLabelSelector(field);
        (void)ksv::plugins::labelSelectorParseError(selector);
        (void)ksv::canonicalText(selector);
        (void)ksv::selectorMatches(selector, fixed);
        if (selector) {
            (void)selector->matches(selector->matchLabels);
            (void)ksv::withRequirements(*selector, selector->matchExpressions);
        }
    } catch (const ksv::LoadError& error) {
        (void)error.toString();
    }
    try {
        const ksv::NodeSelector selector = ksv::decodeNodeSelector(field);
        // Matching parses the requirements again (Gt and Lt read integers) and keeps its errors.
        ksv::Node target;
        target.meta.name = QStringLiteral("node-1");
        target.meta.labels = fixed;
        QString error;
        (void)ksv::plugins::nodeaffinity::matchNodeSelectorTerms(target, selector, &error);
    } catch (const ksv::LoadError& error) {
        (void)error.toString();
    }
    return 0;
}
