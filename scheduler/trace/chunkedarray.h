#pragma once

// Append-only storage that one thread writes and others read while it grows: elements live in
// fixed-size chunks that never move, and the number of published elements is an atomic, so a reader
// that reads size() first can read every element below it without a lock (Qt Creator's tracing
// library and heaptrack keep their data the same way). The trace's events and strings, and the
// object log's changes, are kept so.

#include <QtGlobal>

#include <array>
#include <atomic>
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
        // Chunks are allocated in order, so the first null one ends them. Stopping there also spares
        // the sanitizers a stack trace for each of the thousands of null deletes.
        for (auto& chunk : m_chunks) {
            T* data = chunk.load(std::memory_order_relaxed);
            if (!data)
                break;
            if constexpr (rawChunks)
                ::operator delete(data);
            else
                delete[] data;
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

} // namespace ksv::trace
