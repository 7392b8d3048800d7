#pragma once

// The simulation's trace: one append-only array of plain value events. The engine appends on its
// thread; views read from the GUI thread while it grows. Events live in fixed-size chunks that are
// never moved, and the number of published events is an atomic, so a reader that reads size() first
// can read every event below it without a lock (Qt Creator's tracing library and heaptrack keep
// their data the same way). Strings (pod keys, node and plugin names, reasons, causes) are interned.

#include "event.h"
#include "nodedetail.h"

#include <QHash>

#include <array>
#include <atomic>
#include <memory>
#include <new>
#include <type_traits>

namespace ksv::trace {

// Append-only storage readable from another thread: see the file comment.
template<typename T, int ChunkBits, int MaxChunks>
class ChunkedArray
{
public:
    static constexpr qsizetype chunkSize = qsizetype(1) << ChunkBits;

    ChunkedArray() = default;
    ChunkedArray(const ChunkedArray&) = delete;
    ChunkedArray& operator=(const ChunkedArray&) = delete;
    ~ChunkedArray()
    {
        for (auto& chunk : m_chunks) {
            if constexpr (rawChunks)
                ::operator delete(chunk.load(std::memory_order_relaxed));
            else
                delete[] chunk.load(std::memory_order_relaxed);
        }
    }

    // Readers: every index below size() is readable.
    qsizetype size() const { return m_size.load(std::memory_order_acquire); }
    const T& operator[](qsizetype index) const
    {
        return m_chunks[static_cast<size_t>(index >> ChunkBits)].load(std::memory_order_acquire)[index & (chunkSize - 1)];
    }

    // The writer only.
    void append(const T& value)
    {
        const qsizetype index = m_size.load(std::memory_order_relaxed);
        const auto chunkIndex = static_cast<size_t>(index >> ChunkBits);
        if (Q_UNLIKELY(chunkIndex >= m_chunks.size()))
            qFatal("kschedviz: the trace is full (%lld entries)", static_cast<long long>(index));
        T* chunk = m_chunks[chunkIndex].load(std::memory_order_relaxed);
        if (!chunk) {
            if constexpr (rawChunks)
                chunk = static_cast<T*>(::operator new(sizeof(T) * static_cast<size_t>(chunkSize)));
            else
                chunk = new T[static_cast<size_t>(chunkSize)];
            m_chunks[chunkIndex].store(chunk, std::memory_order_release);
        }
        if constexpr (rawChunks)
            new (chunk + (index & (chunkSize - 1))) T(value);
        else
            chunk[index & (chunkSize - 1)] = value;
        m_size.store(index + 1, std::memory_order_release);
    }

    qsizetype allocatedBytes() const
    {
        qsizetype chunks = 0;
        for (const auto& chunk : m_chunks)
            chunks += chunk.load(std::memory_order_relaxed) ? 1 : 0;
        return chunks * chunkSize * qsizetype(sizeof(T));
    }

private:
    // Events are plain values: a new chunk is left uninitialised (each slot is constructed when it
    // is appended, and only slots below size() are read), which halves the memory traffic of a
    // trace that grows by megabytes a second.
    static constexpr bool rawChunks = std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>;

    std::array<std::atomic<T*>, MaxChunks> m_chunks {};
    std::atomic<qsizetype> m_size {0};
};

class Trace
{
public:
    Trace() = default;
    Trace(const Trace&) = delete;
    Trace& operator=(const Trace&) = delete;

    // Readers (any thread).
    qsizetype size() const { return m_events.size(); }
    const Event& at(qsizetype index) const { return m_events[index]; }
    qsizetype stringCount() const { return m_strings.size(); }
    // The string of an id below stringCount() (ids in published events always are); "" for -1.
    QString string(qint32 id) const { return id < 0 ? QString() : m_strings[id]; }
    // The block a FilterNodes or ScoreNodes event names; an empty one for any other event.
    FilterNodes filterNodes(const Event& event) const
    {
        Q_ASSERT(event.kind() == EventKind::FilterNodes);
        return event.kind() == EventKind::FilterNodes ? FilterNodes(m_nodeDetail.at(event.block())) : FilterNodes();
    }
    ScoreNodes scoreNodes(const Event& event) const
    {
        Q_ASSERT(event.kind() == EventKind::ScoreNodes);
        return event.kind() == EventKind::ScoreNodes ? ScoreNodes(m_nodeDetail.at(event.block())) : ScoreNodes();
    }
    qsizetype memoryBytes() const;
    qsizetype nodeDetailBytes() const { return m_nodeDetail.allocatedBytes(); }
    // The first scheduling cycle recorded without node detail because the run's budget for it was
    // spent (SimulationOptions::nodeDetailBudget), or -1. Set before any event of that cycle's end
    // is appended, so a reader that sees the cycle's CycleEnd sees it too.
    qint32 nodeDetailCutoff() const { return m_nodeDetailCutoff.load(std::memory_order_acquire); }
    // Whether scheduling cycle `cycle` came after the budget was spent.
    bool nodeDetailCutOff(qint32 cycle) const
    {
        const qint32 cutoff = nodeDetailCutoff();
        return cutoff >= 0 && cycle >= cutoff;
    }

    // The writer (the engine's thread).
    qint32 intern(const QString& text);
    void append(const Event& event) { m_events.append(event); }
    // Store a block; the returned handle goes into the value of the event that names it, which is
    // appended after.
    void setNodeDetailCutoff(qint32 cycle) { m_nodeDetailCutoff.store(cycle, std::memory_order_release); }
    qint64 storeFilterNodes(std::span<const qint32> nodes, std::span<const FilterRejection> rejections);
    qint64 storeScoreNodes(std::span<const qint32> plugins, std::span<const qint32> weights, std::span<const qint32> nodes,
                           std::span<const qint64> raw, std::span<const qint64> normalized);

private:
    ChunkedArray<Event, 15, 1 << 16> m_events;    // up to 2^31 events
    ChunkedArray<QString, 12, 1 << 14> m_strings; // up to 2^26 strings
    QHash<QString, qint32> m_ids;                  // writer only
    NodeDetailArena m_nodeDetail;
    std::atomic<qint32> m_nodeDetailCutoff {-1};
};

} // namespace ksv::trace
