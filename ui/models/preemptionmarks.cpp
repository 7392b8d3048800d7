#include "preemptionmarks.h"

#include <algorithm>

namespace ksv {

using trace::EventKind;
using trace::PodLocation;

qint32 Preemption::victimsOn(qint32 where) const
{
    return qint32(
        std::count_if(victims.begin(), victims.end(), [where](const PreemptionVictim& v) { return v.node == where; }));
}

Preemption latestPreemption(const trace::TraceIndex& index, qint32 pod, qsizetype end)
{
    Preemption preemption;
    if (pod < 0 || pod >= index.catalogue().podCount())
        return preemption;
    const trace::Trace& trace = index.trace();
    end = std::min(end, index.indexed());
    // The pod's own events are few next to the trace's: walk them back from the end.
    const std::vector<qint32>& events = index.podEvents(pod);
    auto it = std::lower_bound(events.begin(), events.end(), end);
    while (it != events.begin()) {
        --it;
        const trace::Event& event = trace.at(*it);
        if (event.kind() != EventKind::Preemption)
            continue;
        preemption.position = *it;
        preemption.time = event.time();
        preemption.preemptor = pod;
        preemption.node = index.nodeOf(event.node());
        // Its victims follow at the same instant (prepareCandidate), each naming the preemptor.
        const qint64 expected = event.victims();
        for (qsizetype position = *it + 1; position < end && qint64(preemption.victims.size()) < expected; ++position) {
            const trace::Event& next = trace.at(position);
            if (next.time() != event.time())
                break;
            if (next.kind() == EventKind::Victim && next.preemptor() == event.pod())
                preemption.victims.push_back({ index.podOf(next.pod()), index.nodeOf(next.node()) });
        }
        break;
    }
    return preemption;
}

PreemptedBy preemptedBy(const trace::TraceIndex& index, qint32 pod, qsizetype end)
{
    if (pod < 0 || pod >= index.catalogue().podCount())
        return {};
    end = std::min(end, index.indexed());
    const std::vector<qint32>& events = index.podEvents(pod);
    for (auto it = std::lower_bound(events.begin(), events.end(), end); it != events.begin();) {
        const trace::Event& event = index.trace().at(*--it);
        if (event.kind() == EventKind::Victim)
            return { index.podOf(event.preemptor()), index.nodeOf(event.node()), event.time() };
    }
    return {};
}

PreemptionMarks preemptionMarks(
    const trace::TraceIndex& index, const trace::ReplayState& state, qint32 pod, qint32 cycle)
{
    PreemptionMarks marks;
    if (pod < 0 || size_t(pod) >= state.pods.size())
        return marks;
    marks.pod = pod;
    const trace::PodRow& row = state.pods[size_t(pod)];
    if (row.location != PodLocation::Bound && row.location != PodLocation::Deleted)
        marks.nominatedNode = row.nominatedNode;
    qsizetype end = state.position;
    if (cycle >= 0 && size_t(cycle) < index.cycles().size() && index.cycles()[size_t(cycle)].pod == pod
        && index.cycles()[size_t(cycle)].endEvent >= 0)
        end = std::min<qsizetype>(end, index.cycles()[size_t(cycle)].endEvent + 1);
    marks.preemption = latestPreemption(index, pod, end);
    return marks;
}

LaneMarks laneMarks(const trace::ReplayState& state, qint32 pod)
{
    if (pod < 0 || size_t(pod) >= state.pods.size())
        return {};
    const trace::PodRow& row = state.pods[size_t(pod)];
    const bool placed = row.location == PodLocation::Bound || row.location == PodLocation::Deleted;
    return { !placed && row.nominatedNode >= 0, !placed && row.preempted };
}

} // namespace ksv
