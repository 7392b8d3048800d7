#pragma once
// parallelize.Parallelizer (pkg/scheduler/framework/parallelize/parallelism.go): runs a per-piece
// function over [0, pieces) on up to `parallelism` threads, in chunks of chunkSizeFor(pieces).
//
// Upstream's Filter and Score run this way with 16 workers by default. Here every result is written
// to the piece's own slot and the caller reads the slots in piece order afterwards, so a run gives
// the same trace whatever the number of threads; threads only decide how soon.
//
// The calling thread works too, and helper threads claim chunks from one atomic cursor, so a helper
// that wakes late only means less help, never a wait. Helpers spin briefly between jobs (a cycle's
// Filter, PreScore and Score come microseconds apart) and then sleep on a futex. One job at a time:
// until() is called from one thread (the engine's).
#include <QtGlobal>

#include <atomic>
#include <thread>
#include <vector>

namespace ksv::framework {

class Parallelizer
{
public:
    // `parallelism`: threads including the caller's; 1 runs everything on the caller's thread.
    explicit Parallelizer(int parallelism = 1);
    ~Parallelizer();
    Parallelizer(const Parallelizer&) = delete;
    Parallelizer& operator=(const Parallelizer&) = delete;

    int parallelism() const { return m_parallelism; }

    // chunkSizeFor: sqrt(pieces), at most pieces / parallelism + 1, at least 1.
    static qsizetype chunkSizeFor(qsizetype pieces, int parallelism);

    // Calls work(begin, end) on consecutive ranges covering [0, pieces) until every range is done or a
    // call returns false. After a false, no range not yet started is started; every range started
    // still finishes. The ranges started always form a prefix of [0, pieces). Returns when all of
    // them are done.
    template<typename Work>
    void until(qsizetype pieces, Work&& work)
    {
        run(pieces, [](void* context, qsizetype begin, qsizetype end) { return (*static_cast<Work*>(context))(begin, end); }, &work);
    }

    // The number of ranges done by a thread other than the caller's since construction (tests).
    quint64 rangesDoneByHelpers() const { return m_rangesByHelpers.load(std::memory_order_relaxed); }

private:
    using Call = bool (*)(void* context, qsizetype begin, qsizetype end);
    void run(qsizetype pieces, Call call, void* context);
    void helperLoop(quint32 seen);
    // Claims and runs ranges of job `epoch` while it has some; false when it has none left.
    void workOn(quint64 epoch, bool helper);
    void stop(quint64 epoch);

    // The cursor packs the job's epoch, a stopped bit, its number of chunks and the next chunk, so
    // that a claim (compare-exchange) can only succeed for the job whose fields it then reads.
    static constexpr int chunkBits = 20;
    static constexpr quint64 chunkMask = (quint64(1) << chunkBits) - 1;
    static constexpr quint64 stoppedBit = quint64(1) << (2 * chunkBits);
    static constexpr int epochShift = 2 * chunkBits + 1;

    const int m_parallelism;
    std::vector<std::thread> m_helpers;
    std::atomic<quint64> m_cursor {0};
    std::atomic<quint64> m_done {0};       // chunks of the current job finished
    std::atomic<quint32> m_published {0};  // bumped per job and on shutdown: what helpers sleep on
    std::atomic<int> m_sleeping {0};
    std::atomic<bool> m_quit {false};
    std::atomic<quint64> m_rangesByHelpers {0};
    quint64 m_epoch = 0;
    // The current job; written before its epoch is published, read only after a claim of that epoch.
    Call m_call = nullptr;
    void* m_context = nullptr;
    qsizetype m_pieces = 0;
    qsizetype m_chunkSize = 1;
};

// How many threads a Parallelizer should get for the configured `parallelism`: no more than the
// machine's hardware threads, and `cap` when it is positive; one on a machine of one or two cores.
int effectiveParallelism(int parallelism, int cap = 0);

} // namespace ksv::framework
