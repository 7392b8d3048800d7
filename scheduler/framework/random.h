#pragma once

#include <QtGlobal>

namespace ksv::framework {

// The scheduler's source of randomness (selectHost's reservoir, preemption's candidate offset),
// seeded by the scenario. xoshiro256** with splitmix64 seeding: the same sequence on every platform
// and compiler, which std::uniform_int_distribution does not promise.
class Random
{
public:
    explicit Random(quint64 seed = 1) { reseed(seed); }

    void reseed(quint64 seed)
    {
        for (auto& word : m_state) {
            seed += 0x9e3779b97f4a7c15ULL;
            quint64 z = seed;
            z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
            z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
            word = z ^ (z >> 31);
        }
    }

    quint64 next()
    {
        const quint64 result = rotl(m_state[1] * 5, 7) * 9;
        const quint64 t = m_state[1] << 17;
        m_state[2] ^= m_state[0];
        m_state[3] ^= m_state[1];
        m_state[1] ^= m_state[2];
        m_state[0] ^= m_state[3];
        m_state[2] ^= t;
        m_state[3] = rotl(m_state[3], 45);
        return result;
    }

    // rand.Intn: uniform in [0, n), n > 0, without modulo bias.
    qint64 intn(qint64 n)
    {
        Q_ASSERT(n > 0);
        const quint64 bound = static_cast<quint64>(n);
        const quint64 threshold = (0 - bound) % bound;
        for (;;) {
            const quint64 r = next();
            if (r >= threshold)
                return static_cast<qint64>(r % bound);
        }
    }

private:
    static quint64 rotl(quint64 x, int k) { return (x << k) | (x >> (64 - k)); }
    quint64 m_state[4] = {};
};

} // namespace ksv::framework
