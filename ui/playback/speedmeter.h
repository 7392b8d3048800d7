#pragma once

// How fast virtual time really moved while playing: virtual seconds per wall second over the last
// second or so of cursor moves. The chosen speed is a wish; on a large cluster the engine may not
// keep up with it (10x on the scale sample gave about 1.1x), and the toolbar says so (issue 20,
// finding 2). Fed with explicit wall times so that it is tested without a clock.

#include "scenario/scenario.h"

#include <deque>
#include <optional>
#include <utility>

namespace ksv {

class SpeedMeter
{
public:
    // The span measured over: long enough to smooth a frame's jitter, short enough to answer a
    // change of speed within a second or two.
    static constexpr qint64 windowNs = 1'500'000'000;
    static constexpr qint64 minimumSpanNs = 1'000'000'000;

    void reset() { m_samples.clear(); }

    void sample(qint64 wallNs, VirtualNanos virtualTime)
    {
        if (!m_samples.empty() && (wallNs < m_samples.back().first || virtualTime < m_samples.back().second))
            m_samples.clear(); // the cursor went back, or the clock is another one: start again
        m_samples.emplace_back(wallNs, virtualTime);
        while (m_samples.size() > 2 && wallNs - m_samples[1].first >= windowNs)
            m_samples.pop_front();
    }

    // Virtual seconds per wall second, once at least a second of wall time has been seen.
    std::optional<double> achieved() const
    {
        if (m_samples.size() < 2)
            return std::nullopt;
        const qint64 wall = m_samples.back().first - m_samples.front().first;
        if (wall < minimumSpanNs)
            return std::nullopt;
        return double(m_samples.back().second - m_samples.front().second) / double(wall);
    }

private:
    std::deque<std::pair<qint64, VirtualNanos>> m_samples; // (wall, virtual), oldest first
};

} // namespace ksv
