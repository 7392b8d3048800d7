#include "parallelize.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

namespace ksv::framework {

namespace {

void cpuRelax()
{
#if defined(__x86_64__) || defined(__i386__)
    _mm_pause();
#else
    std::this_thread::yield();
#endif
}

// How long a helper keeps looking for the next job before it sleeps. A cycle's Filter, PreScore and
// Score jobs come within microseconds of each other; a futex wake costs tens of microseconds.
constexpr std::chrono::microseconds helperSpin {50};

constexpr quint64 epochMask = (quint64(1) << 23) - 1;

} // namespace

Parallelizer::Parallelizer(int parallelism)
    : m_parallelism(std::max(1, parallelism))
{
}

Parallelizer::~Parallelizer()
{
    m_quit.store(true, std::memory_order_release);
    m_published.fetch_add(1, std::memory_order_seq_cst);
    m_published.notify_all();
    for (std::thread& helper : m_helpers)
        helper.join();
}

qsizetype Parallelizer::chunkSizeFor(qsizetype pieces, int parallelism)
{
    auto size = qsizetype(std::sqrt(double(pieces)));
    if (const qsizetype bound = pieces / std::max(1, parallelism) + 1; size > bound)
        size = bound;
    return std::max<qsizetype>(size, 1);
}

void Parallelizer::run(qsizetype pieces, Call call, void* context)
{
    if (pieces <= 0)
        return;
    qsizetype chunkSize = chunkSizeFor(pieces, m_parallelism);
    qsizetype chunks = (pieces + chunkSize - 1) / chunkSize;
    if (m_parallelism <= 1 || chunks <= 1) {
        for (qsizetype begin = 0; begin < pieces; begin += chunkSize) {
            if (!call(context, begin, std::min(pieces, begin + chunkSize)))
                break;
        }
        return;
    }
    if (quint64(chunks) > chunkMask) {
        chunkSize = (pieces + qsizetype(chunkMask) - 1) / qsizetype(chunkMask);
        chunks = (pieces + chunkSize - 1) / chunkSize;
    }
    if (m_helpers.empty()) {
        m_helpers.reserve(size_t(m_parallelism - 1));
        // What helpers have seen is read here, before the job below is published: a helper that
        // starts late must still see that job (or the shutdown) as new.
        const quint32 seen = m_published.load(std::memory_order_relaxed);
        for (int i = 1; i < m_parallelism; ++i)
            m_helpers.emplace_back([this, seen] { helperLoop(seen); });
    }

    m_call = call;
    m_context = context;
    m_pieces = pieces;
    m_chunkSize = chunkSize;
    m_done.store(0, std::memory_order_relaxed);
    m_epoch = (m_epoch + 1) & epochMask;
    m_cursor.store((m_epoch << epochShift) | (quint64(chunks) << chunkBits), std::memory_order_release);
    // seq_cst on both sides (here and in helperLoop) so that either this sees a helper going to sleep
    // or that helper sees the new job before it sleeps.
    m_published.fetch_add(1, std::memory_order_seq_cst);
    if (m_sleeping.load(std::memory_order_seq_cst) > 0)
        m_published.notify_all();

    workOn(m_epoch, false);

    // No chunk can be claimed any more; wait for those that helpers are still running.
    const quint64 claimed = m_cursor.load(std::memory_order_acquire) & chunkMask;
    for (int spins = 0; m_done.load(std::memory_order_acquire) < claimed; ++spins) {
        if (spins < 4096)
            cpuRelax();
        else
            std::this_thread::yield(); // the helper lost its core: let it have ours
    }
}

void Parallelizer::workOn(quint64 epoch, bool helper)
{
    for (;;) {
        quint64 cursor = m_cursor.load(std::memory_order_acquire);
        if ((cursor >> epochShift) != epoch || (cursor & stoppedBit))
            return;
        const quint64 next = cursor & chunkMask;
        const quint64 chunks = (cursor >> chunkBits) & chunkMask;
        if (next >= chunks)
            return;
        if (!m_cursor.compare_exchange_weak(cursor, cursor + 1, std::memory_order_acq_rel, std::memory_order_acquire))
            continue;
        const qsizetype begin = qsizetype(next) * m_chunkSize;
        const qsizetype end = std::min(m_pieces, begin + m_chunkSize);
        if (!m_call(m_context, begin, end))
            stop(epoch);
        if (helper)
            m_rangesByHelpers.fetch_add(1, std::memory_order_relaxed);
        m_done.fetch_add(1, std::memory_order_release);
    }
}

void Parallelizer::stop(quint64 epoch)
{
    quint64 cursor = m_cursor.load(std::memory_order_acquire);
    while ((cursor >> epochShift) == epoch && !(cursor & stoppedBit)) {
        if (m_cursor.compare_exchange_weak(cursor, cursor | stoppedBit, std::memory_order_acq_rel, std::memory_order_acquire))
            return;
    }
}

void Parallelizer::helperLoop(quint32 seen)
{
    for (;;) {
        quint32 now = m_published.load(std::memory_order_acquire);
        if (now == seen) {
            const auto deadline = std::chrono::steady_clock::now() + helperSpin;
            while ((now = m_published.load(std::memory_order_acquire)) == seen && std::chrono::steady_clock::now() < deadline)
                cpuRelax();
        }
        if (now == seen) {
            m_sleeping.fetch_add(1, std::memory_order_seq_cst);
            if (m_published.load(std::memory_order_seq_cst) == seen)
                m_published.wait(seen, std::memory_order_acquire);
            m_sleeping.fetch_sub(1, std::memory_order_seq_cst);
            continue;
        }
        seen = now;
        if (m_quit.load(std::memory_order_acquire))
            return;
        workOn(m_cursor.load(std::memory_order_acquire) >> epochShift, true);
    }
}

int effectiveParallelism(int parallelism, int cap)
{
    const int hardware = std::max(1, int(std::thread::hardware_concurrency()));
    // Two cores give Filter and Score too little: at best half of a cycle's work runs twice as fast,
    // and on this project's two-vCPU machine two busy threads ran no faster than one (the scale
    // sample scheduled fewer pods in 25 s with two threads than with one, in every pair of runs).
    // There, and on one core, one thread.
    if (hardware <= 2)
        return 1;
    int threads = std::min(parallelism, hardware);
    if (cap > 0)
        threads = std::min(threads, cap);
    return std::max(1, threads);
}

} // namespace ksv::framework
