#include "event.h"

#include <algorithm>

#include "framework/interface.h"
#include "framework/status.h"

namespace ksv::trace {

Event Event::clusterChange(VirtualNanos time, EventAction action, qint32 object, qint64 objectChange, qint32 pod, qint32 node)
{
    Event event(EventKind::ClusterChange, time, pod, -1);
    event.m_node = node;
    event.m_aux = quint8(action);
    event.m_text = object;
    event.m_value = objectChange;
    return event;
}

Event Event::queueMove(VirtualNanos time, qint32 pod, PodLocation from, PodLocation to, qint32 cause, qint32 node, qint64 queueTime,
                       qint32 priority)
{
    Event event(EventKind::QueueMove, time, pod, -1);
    event.m_from = quint8(from);
    event.m_to = quint8(to);
    event.m_text = cause;
    event.m_node = node;
    event.m_value = queueTime;
    // Only a queue orders by priority: other moves keep none, as their JSON Lines have none.
    const bool intoQueue = to == PodLocation::Active || to == PodLocation::Backoff || to == PodLocation::Unschedulable || to == PodLocation::Gated;
    event.m_value2 = intoQueue ? priority : 0;
    return event;
}

Event Event::cycleStart(VirtualNanos time, qint32 pod, qint32 cycle, qint32 profile, qint64 attempt)
{
    Event event(EventKind::CycleStart, time, pod, cycle);
    event.m_text = profile;
    event.m_value = attempt;
    return event;
}

Event Event::pluginResult(VirtualNanos time, qint32 pod, qint32 cycle, framework::ExtensionPoint point, qint32 plugin, framework::Code code,
                          qint32 reasons)
{
    Event event(EventKind::PluginResult, time, pod, cycle);
    event.m_point = quint8(point);
    event.m_plugin = plugin;
    event.m_code = quint8(code);
    event.m_text = reasons;
    return event;
}

Event Event::nodeDetail(EventKind kind, framework::ExtensionPoint point, VirtualNanos time, qint32 pod, qint32 cycle, qint64 block,
                        qint32 nodes)
{
    Event event(kind, time, pod, cycle);
    event.m_point = quint8(point);
    event.m_value = block;
    event.m_value2 = nodes;
    return event;
}

Event Event::filterNodes(VirtualNanos time, qint32 pod, qint32 cycle, qint64 block, qint32 nodes)
{
    return nodeDetail(EventKind::FilterNodes, framework::ExtensionPoint::Filter, time, pod, cycle, block, nodes);
}

Event Event::scoreNodes(VirtualNanos time, qint32 pod, qint32 cycle, qint64 block, qint32 nodes)
{
    return nodeDetail(EventKind::ScoreNodes, framework::ExtensionPoint::Score, time, pod, cycle, block, nodes);
}

Event Event::cycleEnd(VirtualNanos time, qint32 pod, qint32 cycle, framework::Code code, qint32 node, qint32 message, qint64 evaluated,
                      qint32 feasible)
{
    Event event(EventKind::CycleEnd, time, pod, cycle);
    event.m_code = quint8(code);
    event.m_node = node;
    event.m_text = message;
    event.m_value = evaluated;
    event.m_value2 = feasible;
    return event;
}

Event Event::preemption(VirtualNanos time, qint32 pod, qint32 nominatedNode, qint64 victims)
{
    Event event(EventKind::Preemption, time, pod, -1);
    event.m_node = nominatedNode;
    event.m_value = victims;
    return event;
}

Event Event::victim(VirtualNanos time, qint32 pod, qint32 node, qint32 preemptor)
{
    Event event(EventKind::Victim, time, pod, -1);
    event.m_node = node;
    event.m_text = preemptor;
    return event;
}

Event Event::nominated(VirtualNanos time, qint32 pod, qint32 node)
{
    Event event(EventKind::Nominated, time, pod, -1);
    event.m_node = node;
    return event;
}

Event Event::bindingStart(VirtualNanos time, qint32 pod, qint32 cycle, qint32 node)
{
    Event event(EventKind::BindingStart, time, pod, cycle);
    event.m_node = node;
    return event;
}

Event Event::bindingEnd(VirtualNanos time, qint32 pod, qint32 cycle, qint32 node, framework::Code code, qint32 message)
{
    Event event(EventKind::BindingEnd, time, pod, cycle);
    event.m_node = node;
    event.m_code = quint8(code);
    event.m_text = message;
    return event;
}

Event Event::extenderCall(VirtualNanos time, qint32 pod, qint32 cycle, qint32 extender, extender::Verb verb, qint32 node,
                          framework::Code code, qint32 message, int httpStatus, VirtualNanos duration, qint32 exchange)
{
    Event event(EventKind::ExtenderCall, time, pod, cycle);
    event.m_plugin = extender;
    event.m_point = quint8(verb);
    event.m_node = node;
    event.m_code = quint8(code);
    event.m_text = message;
    const int status = std::clamp(httpStatus, 0, 0xffff);
    event.m_from = quint8(status & 0xff);
    event.m_to = quint8(status >> 8);
    event.m_value = duration;
    event.m_value2 = exchange;
    return event;
}

QString toString(EventKind kind)
{
    switch (kind) {
    case EventKind::ClusterChange: return QStringLiteral("ClusterChange");
    case EventKind::QueueMove: return QStringLiteral("QueueMove");
    case EventKind::CycleStart: return QStringLiteral("CycleStart");
    case EventKind::PluginResult: return QStringLiteral("PluginResult");
    case EventKind::FilterNodes: return QStringLiteral("FilterNodes");
    case EventKind::ScoreNodes: return QStringLiteral("ScoreNodes");
    case EventKind::CycleEnd: return QStringLiteral("CycleEnd");
    case EventKind::Preemption: return QStringLiteral("Preemption");
    case EventKind::Victim: return QStringLiteral("Victim");
    case EventKind::Nominated: return QStringLiteral("Nominated");
    case EventKind::BindingStart: return QStringLiteral("BindingStart");
    case EventKind::BindingEnd: return QStringLiteral("BindingEnd");
    case EventKind::ExtenderCall: return QStringLiteral("ExtenderCall");
    }
    Q_UNREACHABLE();
    return {};
}

QString toString(PodLocation location)
{
    switch (location) {
    case PodLocation::None: return QStringLiteral("None");
    case PodLocation::Active: return QStringLiteral("Active");
    case PodLocation::Backoff: return QStringLiteral("Backoff");
    case PodLocation::Unschedulable: return QStringLiteral("Unschedulable");
    case PodLocation::Gated: return QStringLiteral("Gated");
    case PodLocation::Scheduling: return QStringLiteral("Scheduling");
    case PodLocation::WaitingOnPermit: return QStringLiteral("WaitingOnPermit");
    case PodLocation::Binding: return QStringLiteral("Binding");
    case PodLocation::Bound: return QStringLiteral("Bound");
    case PodLocation::Deleted: return QStringLiteral("Deleted");
    }
    Q_UNREACHABLE();
    return {};
}

} // namespace ksv::trace
