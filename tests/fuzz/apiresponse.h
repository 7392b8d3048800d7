#pragma once

// What the reflector does with each object of a list page or watch event (client/reflector.cpp,
// Reflector::decode and decodeEvent), for the list and watch targets. Those are private members
// driven by network replies, so their few lines of glue are repeated here; what they call, the
// decoders every object goes through, is the code under test. (Not covered: pdbFromV1beta1, a
// JSON-to-JSON rewrite of policy/v1beta1 PodDisruptionBudgets before the decoder.)

#include "reflector.h"
#include "scenario/decode.h"
#include "schedulingevent.h"

#include <QJsonObject>

namespace ksv::fuzz {

inline const QString source = QStringLiteral("https://fuzz:6443/api/v1/things");

// The resource the server would have been asked for, from what the answer says it holds ("PodList",
// or a watch event object's kind); Pods when it names none the reflector reads.
inline client::ResourceType resourceFor(QString kind, const QString& apiVersion)
{
    if (kind.endsWith(QLatin1String("List")))
        kind.chop(4);
    auto type = client::readResource(kind);
    if (!type)
        type = client::readResource(QStringLiteral("Pod"));
    if (type->kind == QLatin1String("Event") && apiVersion == QLatin1String("v1"))
        type->apiVersion = apiVersion; // core/v1 Events, as from a server before 1.19
    return *type;
}

inline void decodeAsReflector(const client::ResourceType& type, QJsonObject object, bool identityOnly)
{
    try {
        if (type.kind == QLatin1String("Event")) {
            const auto api = type.apiVersion == QLatin1String("events.k8s.io/v1") ? client::EventApi::EventsV1
                                                                                  : client::EventApi::CoreV1;
            (void)client::decodeSchedulingEvent(object, api, source);
            return;
        }
        if (!object.contains(QLatin1StringView("kind")))
            object.insert(QStringLiteral("kind"), type.kind);
        if (!object.contains(QLatin1StringView("apiVersion")))
            object.insert(QStringLiteral("apiVersion"), type.apiVersion);
        (void)decodeObject(YamlField(object, source), identityOnly ? DecodeMode::IdentityOnly : DecodeMode::Full);
    } catch (const LoadError& error) {
        (void)error.toString();
    }
}

} // namespace ksv::fuzz
