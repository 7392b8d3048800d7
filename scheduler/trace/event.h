#pragma once

// One trace event: a 48-byte plain value. Every kind has a named constructor and accessors for its
// own fields, so that nothing outside this file knows which storage slot holds a kind's cause, score
// or message. A new kind adds an enumerator, a constructor, its accessors and a case in the JSON
// Lines writer and reader (docs/adding.md).

#include "scenario/scenario.h"

#include <QtGlobal>

#include <compare>
#include <type_traits>

namespace ksv::framework {
enum class Code : quint8;
enum class ExtensionPoint : quint8;
} // namespace ksv::framework
namespace ksv::extender {
enum class Verb : quint8;
} // namespace ksv::extender

namespace ksv::trace {

enum class EventKind : quint8 {
    ClusterChange, // a scenario object created, updated or deleted
    QueueMove,     // a pod moved between queues or into a binding, bound or deleted state
    CycleStart,    // a scheduling cycle begins
    PluginResult,  // one plugin at a per-pod extension point
    FilterNodes,   // every node's Filter verdict in the cycle, as a block (nodedetail.h)
    ScoreNodes,    // every Score plugin's score of every node, as a block
    CycleEnd,      // the cycle's result, after Reserve and Permit
    Preemption,    // the pod preempts on a node
    Victim,        // the pod is a preemption victim
    Nominated,     // the pod's nominated node changed
    BindingStart,  // the binding cycle passed Permit
    BindingEnd,    // the bind landed or failed
    ExtenderCall,  // a scheduler extender was asked (filter, prioritize, bind or preempt) and answered
};
inline constexpr int eventKindCount = 13;
QString toString(EventKind kind);

// Where a pod is, as the queue lanes show it.
enum class PodLocation : quint8 {
    None, Active, Backoff, Unschedulable, Gated, Scheduling, WaitingOnPermit, Binding, Bound, Deleted,
};
QString toString(PodLocation location);
inline constexpr int podLocationCount = 10;

// Strings are the owning trace's interned ids (Trace::string); -1 is "none".
class Event
{
public:
    Event() = default;

    // ---- Named constructors, one per kind -------------------------------------------------------
    // A change from the cluster source applied: `object` is "Kind namespace/name"; `objectChange` its
    // index in the trace's object log (for a scenario, also its index in the file's events); `pod`
    // or `node` the object's key when it is a pod or a node.
    static Event clusterChange(VirtualNanos time, EventAction action, qint32 object, qint64 objectChange, qint32 pod, qint32 node);
    // `node`: where the pod is bound, binding or waiting (-1 otherwise). `queueTime`: the queue
    // timestamp PrioritySort orders by for a move into Active, the backoff expiry for one into
    // Backoff, 0 otherwise. `priority`: the pod's, kept for moves into a queue (Active, Backoff,
    // Unschedulable, Gated) and 0 for any other.
    static Event queueMove(VirtualNanos time, qint32 pod, PodLocation from, PodLocation to, qint32 cause, qint32 node,
                           qint64 queueTime, qint32 priority);
    static Event cycleStart(VirtualNanos time, qint32 pod, qint32 cycle, qint32 profile, qint64 attempt);
    // `cycle` -1: PreEnqueue, which runs outside any cycle.
    static Event pluginResult(VirtualNanos time, qint32 pod, qint32 cycle, framework::ExtensionPoint point, qint32 plugin,
                              framework::Code code, qint32 reasons);
    // `block`: the handle Trace::storeFilterNodes / storeScoreNodes returned; `nodes`: its node count.
    static Event filterNodes(VirtualNanos time, qint32 pod, qint32 cycle, qint64 block, qint32 nodes);
    static Event scoreNodes(VirtualNanos time, qint32 pod, qint32 cycle, qint64 block, qint32 nodes);
    // `node`: the chosen node (-1 on failure); `message`: the FailedScheduling text.
    static Event cycleEnd(VirtualNanos time, qint32 pod, qint32 cycle, framework::Code code, qint32 node, qint32 message,
                          qint64 evaluated, qint32 feasible);
    // Preemption, Victim and Nominated happen as a cycle fails, after its CycleEnd: they carry no cycle.
    static Event preemption(VirtualNanos time, qint32 pod, qint32 nominatedNode, qint64 victims);
    static Event victim(VirtualNanos time, qint32 pod, qint32 node, qint32 preemptor);
    // `node` -1: the nomination was cleared.
    static Event nominated(VirtualNanos time, qint32 pod, qint32 node);
    static Event bindingStart(VirtualNanos time, qint32 pod, qint32 cycle, qint32 node);
    static Event bindingEnd(VirtualNanos time, qint32 pod, qint32 cycle, qint32 node, framework::Code code, qint32 message);
    // `extender`: its name (the urlPrefix); `node`: the node a bind asked for (-1 for other verbs);
    // `code`: Success, or Error when the call came to an error, whose text is `message`; `httpStatus`:
    // 0 when no HTTP answer came; `duration`: the call's cost in virtual time (the latency model's, or
    // the measured round trip); `exchange`: the request and response as the trace keeps them
    // (extender/exchange.h). Time: when the cycle (or binding) that made the call started.
    static Event extenderCall(VirtualNanos time, qint32 pod, qint32 cycle, qint32 extender, extender::Verb verb, qint32 node,
                              framework::Code code, qint32 message, int httpStatus, VirtualNanos duration, qint32 exchange);

    // ---- Every kind ------------------------------------------------------------------------------
    VirtualNanos time() const { return m_time; }
    EventKind kind() const { return m_kind; }
    qint32 pod() const { return m_pod; }     // "namespace/name", or -1
    qint32 node() const { return m_node; }   // the kind's node (see its constructor), or -1
    qint32 cycle() const { return m_cycle; } // the scheduling cycle (the queue's SchedulingCycle after Pop), or -1
    // The kind's one string: object, cause, profile, reasons, message or preemptor (-1: none). For
    // search and display that treat them alike; code that knows the kind uses the accessor below.
    qint32 text() const { return m_text; }
    bool isNodeDetail() const { return m_kind == EventKind::FilterNodes || m_kind == EventKind::ScoreNodes; }

    // ---- Per kind (asserted in debug builds) ------------------------------------------------------
    // ClusterChange
    EventAction action() const { Q_ASSERT(is(EventKind::ClusterChange)); return static_cast<EventAction>(m_aux); }
    qint32 object() const { Q_ASSERT(is(EventKind::ClusterChange)); return m_text; }
    qint64 objectChange() const { Q_ASSERT(is(EventKind::ClusterChange)); return m_value; }
    // QueueMove
    PodLocation from() const { Q_ASSERT(is(EventKind::QueueMove)); return static_cast<PodLocation>(m_from); }
    PodLocation to() const { Q_ASSERT(is(EventKind::QueueMove)); return static_cast<PodLocation>(m_to); }
    qint32 cause() const { Q_ASSERT(is(EventKind::QueueMove)); return m_text; }
    qint64 queueTime() const { Q_ASSERT(is(EventKind::QueueMove)); return m_value; }
    qint32 priority() const { Q_ASSERT(is(EventKind::QueueMove)); return m_value2; }
    // CycleStart
    qint32 profile() const { Q_ASSERT(is(EventKind::CycleStart)); return m_text; }
    qint64 attempt() const { Q_ASSERT(is(EventKind::CycleStart)); return m_value; }
    // PluginResult (and the point FilterNodes and ScoreNodes stand for)
    framework::ExtensionPoint point() const { return static_cast<framework::ExtensionPoint>(m_point); }
    qint32 plugin() const { Q_ASSERT(is(EventKind::PluginResult)); return m_plugin; }
    qint32 reasons() const { Q_ASSERT(is(EventKind::PluginResult)); return m_text; }
    // PluginResult, CycleEnd, BindingEnd, ExtenderCall
    framework::Code code() const
    {
        Q_ASSERT(is(EventKind::PluginResult) || is(EventKind::CycleEnd) || is(EventKind::BindingEnd) || is(EventKind::ExtenderCall));
        return static_cast<framework::Code>(m_code);
    }
    // CycleEnd, BindingEnd, ExtenderCall (-1: the call succeeded)
    qint32 message() const
    {
        Q_ASSERT(is(EventKind::CycleEnd) || is(EventKind::BindingEnd) || is(EventKind::ExtenderCall));
        return m_text;
    }
    // FilterNodes, ScoreNodes
    qint64 block() const { Q_ASSERT(isNodeDetail()); return m_value; }
    qint32 blockNodes() const { Q_ASSERT(isNodeDetail()); return m_value2; }
    // CycleEnd
    qint64 evaluated() const { Q_ASSERT(is(EventKind::CycleEnd)); return m_value; }
    qint32 feasible() const { Q_ASSERT(is(EventKind::CycleEnd)); return m_value2; }
    // Preemption
    qint64 victims() const { Q_ASSERT(is(EventKind::Preemption)); return m_value; }
    // Victim
    qint32 preemptor() const { Q_ASSERT(is(EventKind::Victim)); return m_text; }
    // ExtenderCall
    qint32 extender() const { Q_ASSERT(is(EventKind::ExtenderCall)); return m_plugin; }
    extender::Verb verb() const { Q_ASSERT(is(EventKind::ExtenderCall)); return static_cast<extender::Verb>(m_point); }
    int httpStatus() const { Q_ASSERT(is(EventKind::ExtenderCall)); return int(m_from) | int(m_to) << 8; }
    VirtualNanos duration() const { Q_ASSERT(is(EventKind::ExtenderCall)); return m_value; }
    qint32 exchange() const { Q_ASSERT(is(EventKind::ExtenderCall)); return m_value2; }

    friend bool operator==(const Event&, const Event&) = default;

private:
    Event(EventKind kind, VirtualNanos time, qint32 pod, qint32 cycle)
        : m_time(time)
        , m_pod(pod)
        , m_cycle(cycle)
        , m_kind(kind)
    {
    }
    // FilterNodes and ScoreNodes: a block's handle and node count, at the point it stands for.
    static Event nodeDetail(EventKind kind, framework::ExtensionPoint point, VirtualNanos time, qint32 pod, qint32 cycle, qint64 block,
                            qint32 nodes);
    bool is(EventKind kind) const { return m_kind == kind; }

    VirtualNanos m_time = 0;
    qint64 m_value = 0;
    qint32 m_value2 = 0;
    qint32 m_pod = -1;
    qint32 m_node = -1;
    qint32 m_plugin = -1;
    qint32 m_text = -1;
    qint32 m_cycle = -1;
    EventKind m_kind = EventKind::ClusterChange;
    quint8 m_point = 0; // framework::ExtensionPoint, or extender::Verb
    quint8 m_code = 0;  // framework::Code
    quint8 m_from = 0;  // PodLocation, or the HTTP status's low byte
    quint8 m_to = 0;    // PodLocation, or the HTTP status's high byte
    quint8 m_aux = 0;   // EventAction
};

// The trace holds millions: the size is part of its memory budget (docs/trace-format.md).
static_assert(sizeof(Event) == 48);
static_assert(std::is_trivially_copyable_v<Event> && std::is_trivially_destructible_v<Event>);

} // namespace ksv::trace
