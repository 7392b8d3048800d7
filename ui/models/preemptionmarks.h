#pragma once

// What the views mark of preemption, from the trace and without a widget (issue 20, finding 11).
// DefaultPreemption's PostFilter picks a node, evicts victims there and nominates the preemptor to
// it; the trace says so with a Preemption event for the preemptor, a Victim event per victim at the
// same instant, then a Nominated event. The heatmap marks the selected pod's nominated node and the
// nodes of its victims; the queue lanes mark a pod with a nominated node and a victim back in the queue.

#include "trace/replay.h"

#include <vector>

namespace ksv {

struct PreemptionVictim
{
    qint32 pod = -1;
    qint32 node = -1; // where it ran when it was preempted
    friend bool operator==(const PreemptionVictim&, const PreemptionVictim&) = default;
};

// One preemption by a pod.
struct Preemption
{
    qint64 position = -1; // of the Preemption event; -1: none
    VirtualNanos time = 0;
    qint32 preemptor = -1;
    qint32 node = -1; // the node it made room on
    std::vector<PreemptionVictim> victims;

    qint32 victimsOn(qint32 where) const;
    friend bool operator==(const Preemption&, const Preemption&) = default;
};

// The latest preemption by `pod` among the first `end` events of the trace (none: position -1).
Preemption latestPreemption(const trace::TraceIndex& index, qint32 pod, qsizetype end);

// Who preempted `pod` last among the first `end` events, on which node and when (pod -1: nobody).
struct PreemptedBy
{
    qint32 pod = -1;
    qint32 node = -1;
    VirtualNanos time = 0;
};
PreemptedBy preemptedBy(const trace::TraceIndex& index, qint32 pod, qsizetype end);

// The heatmap's marks for the selected pod and attempt.
struct PreemptionMarks
{
    qint32 pod = -1;
    // The node the pod is nominated to at the cursor (-1: none, or the pod is bound or gone).
    qint32 nominatedNode = -1;
    // Its latest preemption before the cursor, and no later than the selected attempt: an attempt
    // from before the pod preempted shows none.
    Preemption preemption;

    bool isEmpty() const { return nominatedNode < 0 && preemption.victims.empty(); }
    friend bool operator==(const PreemptionMarks&, const PreemptionMarks&) = default;
};
// `state`: the run at the cursor; `cycle`: the selected attempt (an index into cycles(), or -1).
PreemptionMarks preemptionMarks(
    const trace::TraceIndex& index, const trace::ReplayState& state, qint32 pod, qint32 cycle);

// A queue lane row's marks: a pod nominated to a node (room is being made for it there) and a
// preemption victim back in the queue (it lost its place to a pod of higher priority).
struct LaneMarks
{
    bool nominated = false;
    bool victim = false;
    bool any() const { return nominated || victim; }
};
LaneMarks laneMarks(const trace::ReplayState& state, qint32 pod);

} // namespace ksv
