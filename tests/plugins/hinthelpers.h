#pragma once

// Helpers for the QueueingHint tests: objects for the hint functions' old/new arguments, and the
// registered events written out the way upstream's tests compare them.

#include "framework/events.h"

#include <QStringList>

#include <optional>

namespace ksv::test {

// An old or new object of an event; empty is upstream's nil. A struct rather than a std::optional so
// that QTest's columns do not look for comparison operators the alternatives lack.
struct MaybeObject
{
    MaybeObject() = default;
    // Implicit, so that table rows read like upstream's `newObj: node`.
    MaybeObject(KubeObject object) // NOLINT(google-explicit-constructor)
        : value(std::move(object))
    {
    }
    std::optional<KubeObject> value;
};

// The hints as the tables write them.
inline const QString Queue = QStringLiteral("Queue");
inline const QString QueueSkip = QStringLiteral("QueueSkip");

// Upstream passes "not-a-node" / "not-a-pod"; any other kind does here.
inline const MaybeObject notAnObjectOfThatKind = KubeObject(Namespace {});

inline MaybeObject obj(const Pod& pod)
{
    return KubeObject(pod);
}
inline MaybeObject obj(const Node& node)
{
    return KubeObject(node);
}

inline const KubeObject* objectPtr(const MaybeObject& object)
{
    return object.value ? &*object.value : nullptr;
}

// "Node/Add|UpdateNodeTaint": the resource and every action bit by name.
inline QString eventName(const framework::ClusterEvent& event)
{
    QStringList actions;
    if (event.actionType == framework::action::All) {
        actions.append(QStringLiteral("All"));
    } else {
        for (int bit = 0; bit < 13; ++bit) {
            const framework::ActionType type = 1u << bit;
            if (event.actionType & type)
                actions.append(framework::actionTypeString(type));
        }
    }
    return framework::toString(event.resource) + QLatin1Char('/') + actions.join(QLatin1Char('|'));
}

// The registered events, each marked with whether it carries a hint function ("+hint").
inline QStringList registeredEvents(const QList<framework::ClusterEventWithHint>& events)
{
    QStringList names;
    for (const auto& event : events)
        names.append(eventName(event.event) + (event.queueingHintFn ? QStringLiteral(" +hint") : QString()));
    return names;
}

} // namespace ksv::test
