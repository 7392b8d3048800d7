#pragma once

// What the timeline derives from a run's TraceIndex, without a widget: the failed and preempted
// scheduling cycles (each a flat list, and failures as prefix sums for counting inside a fold), the
// binding cycles by binding lane (a lane's bindings never overlap), and, for a window of virtual
// time, the visible slice of each, folded where items are narrower than a few pixels (STYLE.md rule
// 10). Only finished cycles and bindings enter the lists: their records no longer change, so the
// lists grow by appending as the run goes on, and a refresh costs what the run added since the last.
// TimelinePlot paints what frame() returns; tests/viewmodels/tst_timelinemodel.cpp checks it against
// the trace.

#include "cyclesegments.h"
#include "timelinecoordinates.h"
#include "trace/replay.h"

#include <QHash>

#include <vector>

namespace ksv::timeline {

// What a paint draws for a window: runs index into the index's cycles, failedCycles(),
// preemptedCycles() and, per binding lane, laneBindings(lane).
struct TimelineFrame
{
    TimelineCoordinates coordinates;
    std::vector<FoldedRun> cycles;
    std::vector<FoldedRun> failures;
    std::vector<FoldedRun> preemptions;
    std::vector<std::vector<FoldedRun>> bindings; // by binding lane
};

class TimelineModel
{
public:
    // Below this many pixels an item folds into its neighbours.
    static constexpr double foldWidth = 3;

    // A new run (null: none).
    void reset(const trace::TraceIndex* index);
    const trace::TraceIndex* index() const { return m_index; }
    // Takes in what the index added since the last call. `runComplete`: no more events will come, so
    // the last cycle is final too (otherwise a cycle is final once the next one began).
    void update(bool runComplete);
    // Running cycles and bindings reach the cursor.
    void setCursorTime(VirtualNanos t) { m_cursorTime = t; }
    VirtualNanos cursorTime() const { return m_cursorTime; }
    // The latest time a finished cycle or binding reached.
    VirtualNanos dataEnd() const { return m_dataEnd; }

    const std::vector<qint32>& failedCycles() const { return m_failedCycles; }
    const std::vector<qint32>& preemptedCycles() const { return m_preemptedCycles; }
    int bindingLaneCount() const { return int(m_laneBindings.size()); }
    const std::vector<qint32>& laneBindings(int lane) const { return m_laneBindings[size_t(lane)]; }

    // Where an item starts and ends on the timeline.
    VirtualNanos cycleEnd(const trace::CycleRecord& cycle) const;
    static VirtualNanos bindingStart(const trace::BindingRecord& binding);
    VirtualNanos bindingEnd(const trace::BindingRecord& binding) const;
    static bool bindingFailed(const trace::BindingRecord& binding);
    // Failed cycles among cycles [first, last), and failed bindings among a lane's [first, last).
    qint64 failuresIn(qsizetype first, qsizetype last) const;
    qint64 laneFailuresIn(int lane, qsizetype first, qsizetype last) const;
    // The extension points a cycle ran (a framework::ExtensionPoint bit mask), read once it is complete.
    quint32 pointsOf(qint32 cycle) const;
    // What the cycle's calls to extenders cost, by extension point (zero without extenders).
    timeline::ExtenderTimes extenderTimesOf(qint32 cycle) const;

    // The window's items: every cycle and mark, and the binding lanes [firstLane, lastLane) (the
    // others left empty: scrolled out of view).
    TimelineFrame frame(const TimelineCoordinates& coordinates, int firstLane, int lastLane) const;

    // The item nearest to time t within `tolerance`, or -1: a cycle (an index into cycles()), a
    // binding of a lane, and the selected pod's attempt or binding (cycles first).
    qint32 cycleNear(VirtualNanos t, VirtualNanos tolerance) const;
    qint32 bindingNear(int lane, VirtualNanos t, VirtualNanos tolerance) const;
    qint32 podCycleNear(qint32 pod, VirtualNanos t, VirtualNanos tolerance) const;
    qint32 podBindingAt(qint32 pod, VirtualNanos t, VirtualNanos tolerance) const;

private:
    bool cycleFailed(qsizetype cycle) const;

    const trace::TraceIndex* m_index = nullptr;
    VirtualNanos m_cursorTime = 0;
    // Cycles [0, m_cyclesFinal) are finished and counted in the arrays below; cycles only finish in
    // order (the scheduling loop is serial).
    qsizetype m_cyclesFinal = 0;
    std::vector<qint32> m_failedPrefix {0}; // failures among cycles [0, i)
    std::vector<qint32> m_failedCycles;
    std::vector<qint32> m_preemptedCycles;
    mutable std::vector<quint16> m_points; // per cycle: the extension points that ran, 0 = not read yet
    mutable QHash<qint32, timeline::ExtenderTimes> m_extenderTimes; // cycles that called extenders, once read
    // Per binding lane: its bindings in order, and how many of the first are finished, with failures
    // among the first i.
    std::vector<std::vector<qint32>> m_laneBindings;
    std::vector<qsizetype> m_laneFinal;
    std::vector<std::vector<qint32>> m_laneFailedPrefix;
    size_t m_bindingsSeen = 0;
    VirtualNanos m_dataEnd = 0;
};

} // namespace ksv::timeline
