#include "timelinemodel.h"

#include "cyclesegments.h"
#include "framework/status.h"

namespace ksv::timeline {

using framework::Code;

namespace {
constexpr quint16 pointsKnown = 0x8000; // m_points: the entry has been read
} // namespace

void TimelineModel::reset(const trace::TraceIndex* index)
{
    m_index = index;
    m_cursorTime = 0;
    m_cyclesFinal = 0;
    m_failedPrefix.assign(1, 0);
    m_failedCycles.clear();
    m_preemptedCycles.clear();
    m_points.clear();
    m_extenderTimes.clear();
    m_laneBindings.clear();
    m_laneFinal.clear();
    m_laneFailedPrefix.clear();
    m_bindingsSeen = 0;
    m_dataEnd = 0;
}

void TimelineModel::update(bool runComplete)
{
    if (!m_index)
        return;
    const auto& cycles = m_index->cycles();
    m_points.resize(cycles.size(), 0);
    // A cycle is final once the next one began (or the run is over): its record no longer changes.
    const qsizetype finalCount = runComplete ? qsizetype(cycles.size()) : std::max<qsizetype>(0, qsizetype(cycles.size()) - 1);
    for (; m_cyclesFinal < finalCount; ++m_cyclesFinal) {
        const trace::CycleRecord& cycle = cycles[size_t(m_cyclesFinal)];
        if (cycle.endEvent < 0)
            break;
        const bool failed = cycle.code != quint8(Code::Success);
        m_failedPrefix.push_back(m_failedPrefix.back() + (failed ? 1 : 0));
        if (failed)
            m_failedCycles.push_back(qint32(m_cyclesFinal));
        if (cycle.preempted)
            m_preemptedCycles.push_back(qint32(m_cyclesFinal));
    }
    if (!cycles.empty())
        m_dataEnd = std::max(m_dataEnd, cycles.back().endEvent >= 0 ? cycles.back().end : cycles.back().start);

    const auto& bindings = m_index->bindings();
    const auto lanes = size_t(std::max(m_index->bindingLanes(), 0));
    if (m_laneBindings.size() < lanes) {
        m_laneBindings.resize(lanes);
        m_laneFinal.resize(lanes, 0);
        m_laneFailedPrefix.resize(lanes, std::vector<qint32> {0});
    }
    for (; m_bindingsSeen < bindings.size(); ++m_bindingsSeen) {
        const auto lane = size_t(bindings[m_bindingsSeen].lane);
        if (lane >= m_laneBindings.size()) {
            m_laneBindings.resize(lane + 1);
            m_laneFinal.resize(lane + 1, 0);
            m_laneFailedPrefix.resize(lane + 1, std::vector<qint32> {0});
        }
        m_laneBindings[lane].push_back(qint32(m_bindingsSeen));
    }
    for (size_t lane = 0; lane < m_laneBindings.size(); ++lane) {
        const auto& members = m_laneBindings[lane];
        auto& prefix = m_laneFailedPrefix[lane];
        for (qsizetype& done = m_laneFinal[lane]; done < qsizetype(members.size()); ++done) {
            const trace::BindingRecord& binding = bindings[size_t(members[size_t(done)])];
            if (!binding.finished)
                break;
            prefix.push_back(prefix.back() + (bindingFailed(binding) ? 1 : 0));
            m_dataEnd = std::max(m_dataEnd, binding.end);
        }
    }
}

VirtualNanos TimelineModel::cycleEnd(const trace::CycleRecord& cycle) const
{
    // A running cycle reaches the cursor.
    return cycle.endEvent >= 0 ? cycle.end : std::max(cycle.start, m_cursorTime);
}

VirtualNanos TimelineModel::bindingStart(const trace::BindingRecord& binding)
{
    return binding.permitStart >= 0 ? binding.permitStart : binding.start;
}

VirtualNanos TimelineModel::bindingEnd(const trace::BindingRecord& binding) const
{
    return binding.finished && binding.end >= 0 ? binding.end : std::max(bindingStart(binding), m_cursorTime);
}

bool TimelineModel::cycleFailed(qsizetype cycle) const
{
    const auto& record = m_index->cycles()[size_t(cycle)];
    return record.endEvent >= 0 && record.code != quint8(Code::Success);
}

bool TimelineModel::bindingFailed(const trace::BindingRecord& binding)
{
    return binding.finished && binding.code != quint8(Code::Success);
}

qint64 TimelineModel::failuresIn(qsizetype first, qsizetype last) const
{
    // Finished cycles from the prefix sums; the few the last update has not counted yet, one by one.
    const qsizetype final = std::clamp(m_cyclesFinal, first, last);
    qint64 failures = final > first ? m_failedPrefix[size_t(final)] - m_failedPrefix[size_t(first)] : 0;
    for (qsizetype i = final; i < last; ++i)
        failures += cycleFailed(i) ? 1 : 0;
    return failures;
}

qint64 TimelineModel::laneFailuresIn(int lane, qsizetype first, qsizetype last) const
{
    const auto& prefix = m_laneFailedPrefix[size_t(lane)];
    const qsizetype final = std::clamp(m_laneFinal[size_t(lane)], first, last);
    qint64 failures = final > first ? prefix[size_t(final)] - prefix[size_t(first)] : 0;
    const auto& bindings = m_index->bindings();
    for (qsizetype i = final; i < last; ++i)
        failures += bindingFailed(bindings[size_t(m_laneBindings[size_t(lane)][size_t(i)])]) ? 1 : 0;
    return failures;
}

quint32 TimelineModel::pointsOf(qint32 cycle) const
{
    // A paint can come before the coalesced update has seen the newest cycles.
    if (size_t(cycle) >= m_points.size())
        m_points.resize(size_t(cycle) + 1, 0);
    quint16& cached = m_points[size_t(cycle)];
    if (cached & pointsKnown)
        return cached & ~pointsKnown;
    const PointsRan ran = pointsRan(m_index->trace(), m_index->indexed(), m_index->cycles()[size_t(cycle)]);
    if (ran.complete) {
        cached = quint16(ran.mask) | pointsKnown;
        if (ran.extenders.total() > 0)
            m_extenderTimes.insert(cycle, ran.extenders);
    }
    return ran.mask;
}

timeline::ExtenderTimes TimelineModel::extenderTimesOf(qint32 cycle) const
{
    pointsOf(cycle); // reads both
    return m_extenderTimes.value(cycle);
}

TimelineFrame TimelineModel::frame(const TimelineCoordinates& coordinates, int firstLane, int lastLane) const
{
    TimelineFrame frame;
    frame.coordinates = coordinates;
    if (!m_index)
        return frame;
    const TimeRange range = coordinates.range();
    const auto& cycles = m_index->cycles();

    const auto cycleStartAt = [&](qsizetype i) { return cycles[size_t(i)].start; };
    const auto cycleEndAt = [&](qsizetype i) { return cycleEnd(cycles[size_t(i)]); };
    const auto [first, last] = visibleSlice(qsizetype(cycles.size()), range, cycleStartAt);
    frame.cycles = foldItems(coordinates, first, last, cycleStartAt, cycleEndAt, foldWidth);

    // Marks fold on their own: a failure stays visible however many successes surround it.
    const auto marks = [&](const std::vector<qint32>& list) {
        const auto startAt = [&](qsizetype i) { return cycles[size_t(list[size_t(i)])].start; };
        const auto endAt = [&](qsizetype i) { return cycleEnd(cycles[size_t(list[size_t(i)])]); };
        const auto [from, to] = visibleSlice(qsizetype(list.size()), range, startAt);
        return foldItems(coordinates, from, to, startAt, endAt, foldWidth);
    };
    frame.failures = marks(m_failedCycles);
    frame.preemptions = marks(m_preemptedCycles);

    const auto& bindings = m_index->bindings();
    frame.bindings.resize(m_laneBindings.size());
    for (int lane = std::max(firstLane, 0); lane < std::min(lastLane, bindingLaneCount()); ++lane) {
        const auto& members = m_laneBindings[size_t(lane)];
        const auto startAt = [&](qsizetype i) { return bindingStart(bindings[size_t(members[size_t(i)])]); };
        const auto endAt = [&](qsizetype i) { return bindingEnd(bindings[size_t(members[size_t(i)])]); };
        const auto [from, to] = visibleSlice(qsizetype(members.size()), range, startAt);
        frame.bindings[size_t(lane)] = foldItems(coordinates, from, to, startAt, endAt, foldWidth);
    }
    return frame;
}

qint32 TimelineModel::cycleNear(VirtualNanos t, VirtualNanos tolerance) const
{
    const auto& cycles = m_index->cycles();
    const qsizetype after
        = partitionPoint(0, qsizetype(cycles.size()), [&](qsizetype i) { return cycles[size_t(i)].start <= t + tolerance; });
    qint32 best = -1;
    VirtualNanos bestDistance = tolerance + 1;
    for (qsizetype i = after - 1; i >= std::max<qsizetype>(0, after - 2); --i) {
        const auto& cycle = cycles[size_t(i)];
        const VirtualNanos distance = t < cycle.start ? cycle.start - t : std::max<VirtualNanos>(0, t - cycleEnd(cycle));
        if (distance < bestDistance) {
            bestDistance = distance;
            best = qint32(i);
        }
    }
    return best;
}

qint32 TimelineModel::bindingNear(int lane, VirtualNanos t, VirtualNanos tolerance) const
{
    const auto& bindings = m_index->bindings();
    const auto& members = m_laneBindings[size_t(lane)];
    const qsizetype after = partitionPoint(0, qsizetype(members.size()),
        [&](qsizetype i) { return bindingStart(bindings[size_t(members[size_t(i)])]) <= t + tolerance; });
    qint32 best = -1;
    VirtualNanos bestDistance = tolerance + 1;
    for (qsizetype i = after - 1; i >= std::max<qsizetype>(0, after - 2); --i) {
        const auto& binding = bindings[size_t(members[size_t(i)])];
        const VirtualNanos distance
            = t < bindingStart(binding) ? bindingStart(binding) - t : std::max<VirtualNanos>(0, t - bindingEnd(binding));
        if (distance < bestDistance) {
            bestDistance = distance;
            best = members[size_t(i)];
        }
    }
    return best;
}

qint32 TimelineModel::podCycleNear(qint32 pod, VirtualNanos t, VirtualNanos tolerance) const
{
    qint32 best = -1;
    VirtualNanos bestDistance = tolerance + 1;
    for (const qint32 i : m_index->podCycles(pod)) {
        const auto& cycle = m_index->cycles()[size_t(i)];
        // A running or instant attempt is as wide as the tolerance, so that it can be clicked.
        const VirtualNanos end = std::max(cycleEnd(cycle), cycle.start + tolerance);
        const VirtualNanos distance = t < cycle.start ? cycle.start - t : std::max<VirtualNanos>(0, t - end);
        if (distance < bestDistance) {
            bestDistance = distance;
            best = i;
        }
    }
    return best;
}

qint32 TimelineModel::podBindingAt(qint32 pod, VirtualNanos t, VirtualNanos tolerance) const
{
    qint32 found = -1;
    for (const qint32 b : m_index->podBindings(pod)) {
        const auto& binding = m_index->bindings()[size_t(b)];
        if (t >= bindingStart(binding) - tolerance && t <= bindingEnd(binding) + tolerance)
            found = b;
    }
    return found;
}

} // namespace ksv::timeline
