#pragma once

// The extension points inside a scheduling cycle, as the timeline draws them.
//
// The trace does not time extension points: the engine runs scheduleOne when the cycle starts and
// charges it the modeled cost (spec.timing: cycleBase + cyclePerNode × nodes evaluated, see
// Simulator::startCycle), so every event of the cycle up to CycleEnd carries the cycle's start time,
// and Reserve and Permit carry its end. The segments are therefore modeled from that same latency
// model, not measured: Filter gets evaluated × cyclePerNode, and what remains of the cycle (cycleBase
// when the trace and the timing agree) is split evenly over the other extension points that ran.
// The view says so in its tooltip.

#include "framework/interface.h"
#include "scenario/scenario.h"
#include "trace/replay.h"

#include <vector>

namespace ksv::timeline {

using PointMask = quint32;

constexpr PointMask pointBit(framework::ExtensionPoint point)
{
    return PointMask(1) << unsigned(point);
}

// The extension points a cycle can show, in the order upstream runs them.
inline constexpr framework::ExtensionPoint cyclePoints[] = {
    framework::ExtensionPoint::PreFilter,
    framework::ExtensionPoint::Filter,
    framework::ExtensionPoint::PostFilter,
    framework::ExtensionPoint::PreScore,
    framework::ExtensionPoint::Score,
    framework::ExtensionPoint::Reserve,
    framework::ExtensionPoint::Permit,
};

struct CycleSegment
{
    framework::ExtensionPoint point = framework::ExtensionPoint::PreFilter;
    VirtualNanos start = 0;
    VirtualNanos end = 0;
    // The extenders' calls of that point (filter after Filter, prioritize after Score, preempt in
    // PostFilter), drawn apart from the plugins': their cost is what the trace recorded.
    bool extender = false;
    friend bool operator==(const CycleSegment&, const CycleSegment&) = default;
};

// What a cycle's calls to extenders cost, by the extension point they belong to (ExtenderCall
// events' durations).
struct ExtenderTimes
{
    VirtualNanos filter = 0;
    VirtualNanos score = 0;
    VirtualNanos postFilter = 0;
    VirtualNanos total() const { return filter + score + postFilter; }
    friend bool operator==(const ExtenderTimes&, const ExtenderTimes&) = default;
};

// The modeled segments of a cycle that ran [start, end] and evaluated `evaluated` nodes, given the
// extension points that ran (`ran`; Filter counts when evaluated > 0 whether or not it is in the
// mask) and its extender calls. In cyclePoints order, each point's extender segment right after
// it, contiguous, covering [start, end] exactly; empty if nothing ran.
std::vector<CycleSegment> modelSegments(
    VirtualNanos start, VirtualNanos end, qint32 evaluated, PointMask ran, const Timing& timing, const ExtenderTimes& extenders = {});

// Which extension points ran in a finished cycle, read from the trace: the PluginResult events
// after CycleStart (PreFilter, PostFilter, PreScore) and right before CycleEnd (Reserve, Permit);
// Filter when nodes were evaluated; Score when PreScore ran or more than one node was feasible
// (upstream scores only then). `complete` is false while CycleEnd is not indexed yet (do not
// cache the answer).
struct PointsRan
{
    PointMask mask = 0;
    ExtenderTimes extenders;
    bool complete = false;
};
PointsRan pointsRan(const trace::Trace& trace, qsizetype indexed, const trace::CycleRecord& cycle);

} // namespace ksv::timeline
