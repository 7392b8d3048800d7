#pragma once

// A scheduling cycle's per-node detail, stored compactly beside the events: one block for every
// node's Filter verdict and one for every Score plugin's score of every scored node. One event of
// the trace (FilterNodes, ScoreNodes) names each block.
//
// Why blocks and not one event per node: a cycle on 5,000 nodes evaluates some 500 of them and
// scores each with four or more plugins. As 48-byte events that was 2,500 events and 121 KB a
// cycle, and writing them (fresh pages, mostly) took more time than scheduling the pod. A block
// holds the node ids once, a verdict only for the nodes rejected, and scores in 4 bytes or less
// when they fit: some 14 KB for the same cycle.
//
// Blocks live in an append-only arena of chunks that never move. The writer fills a block before
// it appends the event that names it, and readers find blocks through published events only, so the
// event array's release and acquire order the block's bytes too.

#include <QtGlobal>

#include <array>
#include <atomic>
#include <cstring>
#include <span>

namespace ksv::trace {

// A value at a byte offset of a block: blocks pack values of different sizes, so reads go through
// memcpy (one load once compiled), never a cast pointer.
template<typename T>
T loadAt(const std::byte* data, size_t offset)
{
    T value;
    std::memcpy(&value, data + offset, sizeof(T));
    return value;
}

// A visited node Filter did not pass (or that has a status of its own): its place in the visit
// order and its status.
struct FilterRejection
{
    qint32 index = 0;   // into the block's nodes
    qint32 plugin = -1; // string id of the rejecting plugin, or -1
    qint32 text = -1;   // string id of the status message, or -1
    quint8 code = 0;    // framework::Code
};

// Reads one FilterNodes block.
class FilterNodes
{
public:
    FilterNodes() = default;
    explicit FilterNodes(const std::byte* data);

    // The nodes in the order Filter visited them (the nominated node first when it was tried alone
    // before all nodes: it then appears twice).
    qsizetype size() const { return m_size; }
    qint32 node(qsizetype i) const { return load<qint32>(nodesOffset + size_t(i) * 4); }
    // The rejections in visit order; every node not listed passed.
    qsizetype rejectionCount() const { return m_rejections; }
    FilterRejection rejection(qsizetype r) const { return load<FilterRejection>(rejectionsOffset() + size_t(r) * sizeof(FilterRejection)); }
    qsizetype feasibleCount() const;
    // A visited node's verdict (binary search among the rejections): Success, plugin and text -1 if it passed.
    FilterRejection verdict(qsizetype i) const;
    // Calls f(node, verdict) for every visited node, in visit order (verdict.index is the visit).
    template<typename F>
    void forEach(F&& f) const
    {
        qsizetype next = 0; // the next rejection
        for (qsizetype visit = 0; visit < m_size; ++visit) {
            FilterRejection verdict;
            verdict.index = qint32(visit);
            if (next < m_rejections && rejection(next).index == visit)
                verdict = rejection(next++);
            f(node(visit), verdict);
        }
    }

    static size_t bytesFor(qsizetype nodes, qsizetype rejections);
    static void write(std::byte* data, std::span<const qint32> nodes, std::span<const FilterRejection> rejections);

private:
    static constexpr size_t nodesOffset = 8;
    size_t rejectionsOffset() const { return nodesOffset + size_t(m_size) * 4; }
    template<typename T>
    T load(size_t offset) const
    {
        return loadAt<T>(m_data, offset);
    }

    const std::byte* m_data = nullptr;
    qsizetype m_size = 0;
    qsizetype m_rejections = 0;
};

// Reads one ScoreNodes block: a table of nodes × Score plugins.
class ScoreNodes
{
public:
    ScoreNodes() = default;
    explicit ScoreNodes(const std::byte* data);

    qsizetype size() const { return m_nodes; } // scored nodes, in Filter order
    int pluginCount() const { return m_plugins; }
    qint32 plugin(int p) const { return load<qint32>(headerBytes + size_t(p) * 4); }
    qint32 weight(int p) const { return load<qint32>(headerBytes + size_t(m_plugins + p) * 4); }
    qint32 node(qsizetype n) const { return load<qint32>(headerBytes + size_t(2 * m_plugins + n) * 4); }
    // What Score returned, and the same after NormalizeScore.
    qint64 raw(qsizetype n, int p) const;
    qint64 normalized(qsizetype n, int p) const;
    // Σ normalized × weight over the plugins: what selectHost compares.
    qint64 total(qsizetype n) const;

    // How the scores are stored: narrow (4-byte raw, 1-byte normalized) when every one fits.
    static quint32 flagsFor(std::span<const qint64> raw, std::span<const qint64> normalized);
    static size_t bytesFor(qsizetype nodes, int plugins, quint32 flags);
    static void write(std::byte* data, quint32 flags, std::span<const qint32> plugins, std::span<const qint32> weights,
                      std::span<const qint32> nodes, std::span<const qint64> raw, std::span<const qint64> normalized);

private:
    // nodes, plugins, flags, padding
    static constexpr size_t headerBytes = 16;
    enum Flag : quint32 { WideRaw = 1, WideNormalized = 2 };
    struct Layout
    {
        size_t raw = 0;
        size_t normalized = 0;
        size_t end = 0;
    };
    static Layout layout(qsizetype nodes, int plugins, quint32 flags);
    template<typename T>
    T load(size_t offset) const
    {
        return loadAt<T>(m_data, offset);
    }

    const std::byte* m_data = nullptr;
    qsizetype m_nodes = 0;
    int m_plugins = 0;
    quint32 m_flags = 0;
    Layout m_layout;
};

// The append-only arena the blocks live in. A block is named by a handle: its chunk and offset.
class NodeDetailArena
{
public:
    NodeDetailArena() = default;
    NodeDetailArena(const NodeDetailArena&) = delete;
    NodeDetailArena& operator=(const NodeDetailArena&) = delete;
    ~NodeDetailArena();

    // Readers: a handle from a published event.
    const std::byte* at(qint64 handle) const
    {
        return m_chunks[size_t(handle >> 32)].load(std::memory_order_acquire) + (handle & 0xffffffff);
    }
    qsizetype allocatedBytes() const { return m_allocated.load(std::memory_order_relaxed); }

    // The writer: room for `bytes` (8-byte aligned), and its handle.
    std::byte* allocate(size_t bytes, qint64* handle);

private:
    static constexpr size_t chunkBytes = size_t(1) << 20;
    std::array<std::atomic<std::byte*>, 1 << 16> m_chunks {};
    std::atomic<qsizetype> m_allocated {0};
    // Writer only.
    size_t m_chunkCount = 0;
    size_t m_used = 0;
    size_t m_capacity = 0;
};

} // namespace ksv::trace
