#pragma once

// What the views show, rebuilt from the trace and its object log: the state of the run after any
// prefix of the trace (where each pod is, what each node has requested), and indexes of the whole
// published trace (cycles, binding cycles, each pod's events, a per-second series for the charts).
// Everything is flat arrays indexed by dense pod and node numbers: no object per pod (STYLE.md).
// It lives with the engine, free of widgets, so tests and benchmarks need no GUI; it runs on the
// GUI thread, reading the trace the engine thread appends to.

#include "cluster/clustersource.h"
#include "scenario/scenario.h"
#include "trace/appendarray.h"
#include "trace/trace.h"

#include <QHash>
#include <QStringList>

#include <array>
#include <memory>
#include <vector>

namespace ksv::trace {

class TraceIndex;

// Measures a node's room is reported in: cpu (millicores), memory (bytes), pods (count), then every
// extended or scalar resource some node offers, by name.
enum : int { MeasureCpu = 0, MeasureMemory = 1, MeasurePods = 2, FirstScalarMeasure = 3 };

// Every pod and node the run has seen, numbered densely on first sight: those of the initial state
// (nodes, then pods, in list order), then those of the cluster source's changes, in the order the
// object log holds them. A source that knows its changes ahead (a scenario file) has them all
// numbered before the run, off the GUI thread, so views lay out every node from the start; a live
// source's objects are numbered as the index meets them (TraceIndex::advance), and counts grow.
class ReplayCatalogue
{
public:
    ReplayCatalogue() = default;
    // The initial state's objects, then the changes the source already knows.
    explicit ReplayCatalogue(const ClusterSource& source);

    qint32 podCount() const { return qint32(m_podKeys.size()); }
    qint32 nodeCount() const { return qint32(m_nodeNames.size()); }
    const QString& podKey(qint32 pod) const { return m_podKeys[pod]; }
    const QString& nodeName(qint32 node) const { return m_nodeNames[node]; }
    qint32 podIndex(const QString& key) const { return m_podIndex.value(key, -1); }
    qint32 nodeIndex(const QString& name) const { return m_nodeIndex.value(name, -1); }

    // "cpu", "memory", "pods", then the scalar resources of the nodes numbered when the catalogue
    // was built, in name order. Fixed for the run: a node first seen later with a scalar resource
    // of its own shows it in no measure.
    const QStringList& measures() const { return m_measures; }
    int measureCount() const { return int(m_measures.size()); }

    // The node's value of `label` in its first spec ("" when absent): what the heatmap groups by.
    QString nodeLabel(qint32 node, const QString& label) const;
    // Label keys set on any node, sorted (the heatmap offers them for grouping).
    QStringList nodeLabelKeys() const;

    // The node as first seen: in the initial state, or in its first change.
    const Node& firstSpec(qint32 node) const { return m_firstSpecs[size_t(node)]; }
    // Where a pod or node is in the initial state's lists, or -1 when it was not there.
    qint32 initialPod(qint32 pod) const { return m_initialPod[size_t(pod)]; }
    qint32 initialNode(qint32 node) const { return m_initialNode[size_t(node)]; }

    // Requests or allocatable as one row of measures.
    std::vector<qint64> podRequests(const Pod& pod) const;
    std::vector<qint64> nodeAllocatable(const Node& node) const;

    // How many of the object log's changes are numbered, and the pod or node index of change
    // `change` (-1 for other objects).
    qsizetype changeCount() const { return qsizetype(m_changeObject.size()); }
    qint32 changeObject(qsizetype change) const { return m_changeObject[size_t(change)]; }
    // Numbers the object of the log's next change (index changeCount()) if it is new.
    void observe(const ObjectChange& change);

private:
    qint32 addNode(const Node& node, qint32 initialPosition);
    qint32 addPod(const Pod& pod, qint32 initialPosition);

    QStringList m_podKeys;
    QStringList m_nodeNames;
    QHash<QString, qint32> m_podIndex;
    QHash<QString, qint32> m_nodeIndex;
    QStringList m_measures;
    std::vector<qint32> m_initialPod;                    // by pod index
    std::vector<qint32> m_initialNode;                   // by node index
    std::vector<Node> m_firstSpecs;                      // by node index
    std::vector<qint32> m_changeObject;                  // by object log change
};

// One pod as the queue lanes, heatmap and inspector see it.
struct PodRow
{
    VirtualNanos since = 0;       // when it entered its location
    VirtualNanos firstQueued = -1; // first entry into a queue (the SLI's start)
    qint64 queueValue = 0;        // in Active: the queue timestamp; in Backoff: the backoff expiry
    qint32 priority = 0;
    qint32 node = -1;             // node index where it is bound, binding or waiting
    qint32 attempts = 0;          // scheduling cycles begun
    qint32 cause = -1;            // string id of the last move's cause
    qint32 lastCycle = -1;        // index into TraceIndex::cycles() of its latest cycle
    qint32 nominatedNode = -1;    // node index
    qint32 spec = -1;             // spec version (see TraceIndex::podSpec)
    PodLocation location = PodLocation::None;
    // In the cluster: listed at the start or created since, and not deleted. A pod can be present
    // and never queued (finished, or another scheduler's), so the location alone does not say it.
    bool present = false;
    bool preempted = false; // a preemption victim, not bound again since (fits the padding)
};

// The run after the first `position` events of the trace: a value, so that it can be copied as a
// checkpoint and rebuilt from one.
class ReplayState
{
public:
    ReplayState() = default;
    ReplayState(const ReplayCatalogue& catalogue, const ClusterState& initial); // the run's initial state

    qsizetype position = 0; // events applied
    VirtualNanos time = 0;  // the last applied event's time
    std::vector<PodRow> pods;
    std::vector<qint64> podRequests;     // pods × measures
    std::vector<qint64> nodeAllocatable; // nodes × measures (0 for a node that does not exist)
    std::vector<qint64> nodeRequested;   // nodes × measures, by the pods bound, binding or waiting on it
    std::vector<qint32> nodeSpec;        // spec version per node; -2 while the node does not exist
    std::array<qint32, podLocationCount> counts {};
    qint32 measureCount = 0;

    bool nodeExists(qint32 node) const { return nodeSpec[size_t(node)] != -2; }
    qint64 requested(qint32 node, int measure) const { return nodeRequested[size_t(node) * size_t(measureCount) + size_t(measure)]; }
    qint64 allocatable(qint32 node, int measure) const { return nodeAllocatable[size_t(node) * size_t(measureCount) + size_t(measure)]; }
    qint32 count(PodLocation location) const { return counts[size_t(location)]; }

    qint32 cyclesStarted = 0; // CycleStart events applied: the next cycle's index in TraceIndex::cycles()

    // Applies trace.at(position) and moves past it.
    void apply(const Event& event, const TraceIndex& index);
    // Makes room for pods and nodes the catalogue numbered since the state was built (none there
    // yet: no node, no pod).
    void fitTo(const ReplayCatalogue& catalogue);

private:
    void place(qint32 pod, qint32 node);
    void applyClusterChange(const Event& event, const TraceIndex& index);
};

// A scheduling cycle as the timeline and the inspector show it.
struct CycleRecord
{
    qint64 startEvent = 0;
    qint64 endEvent = -1; // -1 while it runs
    VirtualNanos start = 0;
    VirtualNanos end = -1;
    qint32 pod = -1;
    qint32 cycle = -1;   // the queue's scheduling cycle number
    qint32 attempt = 0;  // the pod's attempt number
    qint32 profile = -1; // string id
    qint32 node = -1;    // chosen node (catalogue index)
    qint32 message = -1; // FailedScheduling message (string id)
    qint32 evaluated = 0;
    qint32 feasible = 0;
    quint8 code = 0; // framework::Code of the result
    bool preempted = false;
};

// A binding cycle: from Permit (or the end of the scheduling cycle) to the bind call's result.
struct BindingRecord
{
    VirtualNanos permitStart = -1; // when the pod began waiting on Permit (-1: it did not wait)
    VirtualNanos start = -1;       // BindingStart (-1: rejected while waiting)
    VirtualNanos end = -1;         // BindingEnd or the rejection; -1 while it runs
    qint32 pod = -1;
    qint32 node = -1;  // catalogue index
    qint32 cycle = -1; // index into cycles()
    qint32 lane = 0;   // first binding lane free at its start: concurrent binding cycles stack
    qint32 message = -1; // string id of the BindingEnd's message ("Successfully assigned ...", or why it failed)
    quint8 code = 0;
    bool finished = false;
};

// Per second of virtual time: what the charts plot.
struct SecondSample
{
    std::array<qint32, podLocationCount> counts {}; // at the end of the second
    qint32 scheduled = 0;      // attempts that ended Success
    qint32 unschedulable = 0;  // ... Unschedulable or UnschedulableAndUnresolvable
    qint32 error = 0;          // ... any other code
    float latencyP50 = 0;      // pod_scheduling_sli_duration of pods bound in the second, seconds
    float latencyP90 = 0;
    float latencyP99 = 0;
    qint32 bound = 0;
};

// Indexes the published trace as it grows and rebuilds the state at any earlier position from
// checkpoints (at most maxCheckpoints, spaced further apart as the trace grows: memory stays bounded).
class TraceIndex
{
public:
    static constexpr int maxCheckpoints = 16;
    static constexpr size_t maxSpareCheckpoints = 2;

    // `checkpointPrepareBytes`: how much of the next checkpoint's memory each advance() writes ahead
    // (see m_preparedCheckpoint); tests make it small to exercise a checkpoint prepared in part.
    // `catalogue`: built from the run's cluster source (off the GUI thread for a large scenario).
    // `timing`: the latency model the run used (the timeline draws cycles' modelled phases with it).
    TraceIndex(ReplayCatalogue catalogue, std::shared_ptr<const Trace> trace, Timing timing, qsizetype checkpointSpacing = 1 << 16,
               qsizetype checkpointPrepareBytes = 512 * 1024);
    TraceIndex(const TraceIndex&) = delete;
    TraceIndex& operator=(const TraceIndex&) = delete;

    // Indexes events up to `published` (the engine's last report).
    void advance(qsizetype published);
    qsizetype indexed() const { return m_head.position; }

    const ReplayCatalogue& catalogue() const { return m_catalogue; }
    const Trace& trace() const { return *m_trace; }
    const std::shared_ptr<const Trace>& sharedTrace() const { return m_trace; }
    const Timing& timing() const { return m_timing; }

    // The object a spec version refers to: -1 is the initial state's (for a node created later,
    // its first spec), otherwise an object log change; null for -2 (a node that does not exist) or
    // a pod without an initial object.
    const Node* nodeSpec(qint32 node, qint32 version) const;
    const Pod* podSpec(qint32 pod, qint32 version) const;
    // The change's pod requests or node allocatable as a row of measures, worked out on first use
    // and kept: a seek replays the same cluster changes again and again, and parsing quantities for
    // each was most of a seek's replay in the scale sample's pod waves.
    const qint64* changeRow(qsizetype change) const;

    // String id to pod or node index; -1 for strings that name neither.
    qint32 podOf(qint32 stringId) const;
    qint32 nodeOf(qint32 stringId) const;

    // Growing without copies: see appendarray.h.
    const AppendArray<CycleRecord>& cycles() const { return m_cycles; }
    const AppendArray<BindingRecord>& bindings() const { return m_bindings; }
    int bindingLanes() const { return m_bindingLanes; }
    // The cycle whose events include trace position `position` (CycleStart to CycleEnd), or -1.
    qint32 cycleAt(qint64 position) const;
    // The pod's events other than per-node Filter and Score, in order; and its cycles (indexes).
    const std::vector<qint32>& podEvents(qint32 pod) const { return m_podEvents[size_t(pod)]; }
    const std::vector<qint32>& podCycles(qint32 pod) const { return m_podCycles[size_t(pod)]; }
    const std::vector<qint32>& podBindings(qint32 pod) const { return m_podBindings[size_t(pod)]; }
    const std::vector<SecondSample>& seconds() const { return m_seconds; }

    const ReplayState& head() const { return m_head; }
    // The state after the first `position` events (position <= indexed()).
    ReplayState stateAt(qsizetype position) const;
    // The same into `state`, reusing its memory: a state of 150,000 pods is some 12 MB, and fresh
    // pages cost more than the copy.
    void stateAt(qsizetype position, ReplayState& state) const;
    // The position of the checkpoint stateAt(position) starts from (<= position): a state at or
    // past it reaches `position` sooner by advanceState(), one before it sooner by stateAt().
    qsizetype checkpointBefore(qsizetype position) const;
    // Advances `state` to `position` (>= state.position) by applying events.
    void advanceState(ReplayState& state, qsizetype position) const;
    // The number of events with time <= t (a position).
    qsizetype positionAfter(VirtualNanos t) const;

    qsizetype memoryBytes() const;

private:
    void indexEvent(qsizetype position, const Event& event);
    // Numbers the objects of log changes the catalogue has not seen, and makes room for them.
    void observeChange(qsizetype change);
    // Maps the trace's strings with ids below `count` to pods and nodes. Lazily, as events refer to
    // them: the engine interns every pod's key early, and mapping 150,000 strings at once would hold
    // the GUI thread for tens of milliseconds.
    void resolveStrings(qsizetype count) const;
    void closeSeconds(VirtualNanos upTo);
    void takeCheckpoint();
    // Writes up to m_checkpointPrepareBytes more of m_preparedCheckpoint, so that its pages are
    // faulted in a slice at a time rather than all during one checkpoint's copy.
    void prepareCheckpointMemory();

    std::shared_ptr<const Trace> m_trace;
    ReplayCatalogue m_catalogue;
    Timing m_timing;
    mutable std::vector<qint32> m_podOfString;  // grows with the trace's strings
    mutable std::vector<qint32> m_nodeOfString;
    // Strings resolved to neither a pod nor a node, by text: a pod or node first seen later may be
    // named by one of them already.
    mutable QHash<QString, qint32> m_unresolvedStrings;
    mutable std::vector<qint32> m_changeRowAt; // by object log change: offset into m_changeRows, or -1
    mutable std::vector<qint64> m_changeRows;
    ReplayState m_head;
    std::vector<ReplayState> m_checkpoints; // m_checkpoints[i].position == i * m_checkpointSpacing
    std::vector<ReplayState> m_spareCheckpoints; // dropped ones, whose memory the next ones reuse
    // The next checkpoint's memory, written a slice at a time by each advance() while there is no
    // spare: a fresh state of 150,000 pods faults in some 3,000 pages, which held the GUI thread for
    // 25 to 40 ms in one turn when the checkpoint copied into it (bench_frames).
    // Kept for the index's life once written (some 12 MB at 150,000 pods, counted in memoryBytes()).
    ReplayState m_preparedCheckpoint;
    qsizetype m_checkpointSpacing = 1 << 16;
    qsizetype m_checkpointPrepareBytes = 512 * 1024;
    AppendArray<CycleRecord> m_cycles;
    AppendArray<BindingRecord> m_bindings;
    std::vector<VirtualNanos> m_laneBusyUntil; // per binding lane: -1 while a binding runs there
    int m_bindingLanes = 0;
    std::vector<std::vector<qint32>> m_podEvents;
    std::vector<std::vector<qint32>> m_podCycles;
    std::vector<std::vector<qint32>> m_podBindings;
    std::vector<qint32> m_openBinding; // per pod: its running binding record, or -1
    qint32 m_openCycle = -1;
    std::vector<SecondSample> m_seconds;
    std::vector<float> m_secondLatencies; // SLI durations of pods bound in the open second
};

} // namespace ksv::trace
