#include "cyclesegments.h"

#include "extender/transport.h"

namespace ksv::timeline {

using framework::ExtensionPoint;
using trace::EventKind;

std::vector<CycleSegment> modelSegments(
    VirtualNanos start, VirtualNanos end, qint32 evaluated, PointMask ran, const Timing& timing, const ExtenderTimes& extenders)
{
    std::vector<CycleSegment> segments;
    // The extenders' calls take what the trace says they cost; the plugins share the rest.
    const VirtualNanos total = std::max<VirtualNanos>(end - start - extenders.total(), 0);
    if (evaluated > 0)
        ran |= pointBit(ExtensionPoint::Filter);
    else
        ran &= ~pointBit(ExtensionPoint::Filter);
    int others = 0;
    for (const ExtensionPoint point : cyclePoints)
        others += (point != ExtensionPoint::Filter && (ran & pointBit(point))) ? 1 : 0;
    if (others == 0 && !(ran & pointBit(ExtensionPoint::Filter)))
        return segments;

    // Filter's share; with nothing else to run it takes the whole cycle.
    const VirtualNanos filter = !(ran & pointBit(ExtensionPoint::Filter)) ? 0
        : others == 0                                                     ? total
                      : std::min(total, timing.cyclePerNode * evaluated);
    // Even shares of the rest; the last point takes the rounding remainder, so the bar ends at `end`.
    const VirtualNanos rest = total - filter;
    const VirtualNanos share = others > 0 ? rest / others : 0;
    VirtualNanos t = start;
    int other = 0;
    for (const ExtensionPoint point : cyclePoints) {
        if (!(ran & pointBit(point)))
            continue;
        VirtualNanos length = filter;
        if (point != ExtensionPoint::Filter)
            length = ++other == others ? rest - share * (others - 1) : share;
        segments.push_back({ point, t, t + length });
        t += length;
        const VirtualNanos calls = point == ExtensionPoint::Filter ? extenders.filter
            : point == ExtensionPoint::Score                     ? extenders.score
            : point == ExtensionPoint::PostFilter                ? extenders.postFilter
                                                                 : 0;
        if (calls > 0) {
            segments.push_back({point, t, t + calls, true});
            t += calls;
        }
    }
    return segments;
}

PointsRan pointsRan(const trace::Trace& trace, qsizetype indexed, const trace::CycleRecord& cycle)
{
    PointsRan result;
    if (cycle.endEvent < 0)
        return result;
    const auto note = [&](const trace::Event& event) {
        if (event.kind() == EventKind::PluginResult && event.cycle() == cycle.cycle)
            result.mask |= pointBit(event.point());
    };
    // Per-pod results come first, among the calls to extenders; per-node detail (FilterNodes,
    // ScoreNodes) follows them.
    for (qsizetype i = cycle.startEvent + 1; i < cycle.endEvent; ++i) {
        const trace::Event& event = trace.at(i);
        if (event.kind() == EventKind::ExtenderCall) {
            if (event.cycle() == cycle.cycle) {
                switch (event.verb()) {
                case extender::Verb::Filter: result.extenders.filter += event.duration(); break;
                case extender::Verb::Prioritize: result.extenders.score += event.duration(); break;
                case extender::Verb::Preempt: result.extenders.postFilter += event.duration(); break;
                case extender::Verb::Bind: break;
                }
            }
            continue;
        }
        if (event.kind() != EventKind::PluginResult)
            break;
        note(event);
    }
    // Reserve and Permit run when the cycle's cost has been charged, right before CycleEnd.
    for (qsizetype i = cycle.endEvent - 1; i > cycle.startEvent; --i) {
        const trace::Event& event = trace.at(i);
        if (event.kind() != EventKind::PluginResult || event.cycle() != cycle.cycle)
            break;
        note(event);
    }
    result.complete = cycle.endEvent < indexed;
    result.mask &= pointBit(ExtensionPoint::PreFilter) | pointBit(ExtensionPoint::PostFilter)
        | pointBit(ExtensionPoint::PreScore) | pointBit(ExtensionPoint::Reserve) | pointBit(ExtensionPoint::Permit);
    if (cycle.evaluated > 0)
        result.mask |= pointBit(ExtensionPoint::Filter);
    if ((result.mask & pointBit(ExtensionPoint::PreScore)) || cycle.feasible > 1)
        result.mask |= pointBit(ExtensionPoint::Score);
    return result;
}

} // namespace ksv::timeline
