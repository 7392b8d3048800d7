#include "nodedetail.h"

#include <algorithm>
#include <new>

namespace ksv::trace {

namespace {

size_t alignedTo8(size_t bytes)
{
    return (bytes + 7) & ~size_t(7);
}

template<typename T>
void store(std::byte* data, size_t offset, T value)
{
    std::memcpy(data + offset, &value, sizeof(T));
}

// An empty span may hold a null pointer, which memcpy must not be given even for zero bytes.
template<typename T>
void storeAll(std::byte* data, size_t offset, std::span<const T> values)
{
    if (!values.empty())
        std::memcpy(data + offset, values.data(), values.size_bytes());
}

} // namespace

// ---- FilterNodes --------------------------------------------------------------------------------

FilterNodes::FilterNodes(const std::byte* data)
    : m_data(data)
    , m_size(load<qint32>(0))
    , m_rejections(load<qint32>(4))
{
}

qsizetype FilterNodes::feasibleCount() const
{
    qsizetype rejected = 0;
    for (qsizetype r = 0; r < m_rejections; ++r)
        rejected += rejection(r).code != 0 ? 1 : 0;
    return m_size - rejected;
}

FilterRejection FilterNodes::verdict(qsizetype i) const
{
    qsizetype low = 0;
    qsizetype high = m_rejections;
    while (low < high) {
        const qsizetype middle = (low + high) / 2;
        const FilterRejection candidate = rejection(middle);
        if (candidate.index == i)
            return candidate;
        if (candidate.index < i)
            low = middle + 1;
        else
            high = middle;
    }
    FilterRejection passed;
    passed.index = qint32(i);
    return passed;
}

size_t FilterNodes::bytesFor(qsizetype nodes, qsizetype rejections)
{
    return alignedTo8(nodesOffset + size_t(nodes) * 4 + size_t(rejections) * sizeof(FilterRejection));
}

void FilterNodes::write(std::byte* data, std::span<const qint32> nodes, std::span<const FilterRejection> rejections)
{
    store<qint32>(data, 0, qint32(nodes.size()));
    store<qint32>(data, 4, qint32(rejections.size()));
    storeAll(data, nodesOffset, nodes);
    storeAll(data, nodesOffset + nodes.size_bytes(), rejections);
}

// ---- ScoreNodes ---------------------------------------------------------------------------------

ScoreNodes::ScoreNodes(const std::byte* data)
    : m_data(data)
    , m_nodes(load<qint32>(0))
    , m_plugins(load<qint32>(4))
    , m_flags(load<quint32>(8))
    , m_layout(layout(m_nodes, m_plugins, m_flags))
{
}

ScoreNodes::Layout ScoreNodes::layout(qsizetype nodes, int plugins, quint32 flags)
{
    const size_t cells = size_t(nodes) * size_t(plugins);
    Layout result;
    // Plugin ids, weights and node ids are 4 bytes each; the raw scores start 8-aligned.
    result.raw = alignedTo8(headerBytes + (2 * size_t(plugins) + size_t(nodes)) * 4);
    result.normalized = alignedTo8(result.raw + cells * ((flags & WideRaw) ? 8 : 4));
    result.end = alignedTo8(result.normalized + cells * ((flags & WideNormalized) ? 8 : 1));
    return result;
}

quint32 ScoreNodes::flagsFor(std::span<const qint64> raw, std::span<const qint64> normalized)
{
    // One pass each, branch-free so that it vectorizes: this runs on every cycle's every score.
    quint64 rawOutside = 0;
    for (const qint64 value : raw)
        rawOutside |= (quint64(value) + (quint64(1) << 31)) >> 32; // non-zero outside qint32
    quint64 normalizedOutside = 0;
    for (const qint64 value : normalized)
        normalizedOutside |= quint64(value) >> 8; // non-zero outside [0, 255], negatives included
    // NormalizeScore must leave scores in [0, MaxNodeScore], and a plugin that does not fails the
    // cycle before its table is kept: wide normalized scores never occur today. The format allows
    // them all the same, so that a reader never has to trust that.
    return (rawOutside ? quint32(WideRaw) : 0u) | (normalizedOutside ? quint32(WideNormalized) : 0u);
}

size_t ScoreNodes::bytesFor(qsizetype nodes, int plugins, quint32 flags)
{
    return layout(nodes, plugins, flags).end;
}

void ScoreNodes::write(std::byte* data, quint32 flags, std::span<const qint32> plugins, std::span<const qint32> weights,
                       std::span<const qint32> nodes, std::span<const qint64> raw, std::span<const qint64> normalized)
{
    Q_ASSERT(weights.size() == plugins.size() && raw.size() == nodes.size() * plugins.size() && normalized.size() == raw.size());
    const Layout at = layout(qsizetype(nodes.size()), int(plugins.size()), flags);
    store<qint32>(data, 0, qint32(nodes.size()));
    store<qint32>(data, 4, qint32(plugins.size()));
    store<quint32>(data, 8, flags);
    store<quint32>(data, 12, 0);
    storeAll(data, headerBytes, plugins);
    storeAll(data, headerBytes + plugins.size_bytes(), weights);
    storeAll(data, headerBytes + 2 * plugins.size_bytes(), nodes);
    if (flags & WideRaw) {
        storeAll(data, at.raw, raw);
    } else {
        auto* narrow = reinterpret_cast<qint32*>(data + at.raw);
        for (size_t i = 0; i < raw.size(); ++i)
            narrow[i] = qint32(raw[i]);
    }
    if (flags & WideNormalized) {
        storeAll(data, at.normalized, normalized);
    } else {
        auto* narrow = reinterpret_cast<quint8*>(data + at.normalized);
        for (size_t i = 0; i < normalized.size(); ++i)
            narrow[i] = quint8(normalized[i]);
    }
}

qint64 ScoreNodes::raw(qsizetype n, int p) const
{
    const size_t cell = size_t(n) * size_t(m_plugins) + size_t(p);
    return (m_flags & WideRaw) ? load<qint64>(m_layout.raw + cell * 8) : load<qint32>(m_layout.raw + cell * 4);
}

qint64 ScoreNodes::normalized(qsizetype n, int p) const
{
    const size_t cell = size_t(n) * size_t(m_plugins) + size_t(p);
    return (m_flags & WideNormalized) ? load<qint64>(m_layout.normalized + cell * 8) : load<quint8>(m_layout.normalized + cell);
}

qint64 ScoreNodes::total(qsizetype n) const
{
    qint64 sum = 0;
    for (int p = 0; p < m_plugins; ++p)
        sum += normalized(n, p) * weight(p);
    return sum;
}

// ---- NodeDetailArena ----------------------------------------------------------------------------

NodeDetailArena::~NodeDetailArena()
{
    // Only the chunks in use: deleting the ~65,000 null ones costs a sanitizer stack trace each,
    // which made a fuzzer's every small trace take milliseconds.
    for (size_t index = 0; index < m_chunkCount; ++index)
        ::operator delete(m_chunks[index].load(std::memory_order_relaxed), std::align_val_t(8));
}

std::byte* NodeDetailArena::allocate(size_t bytes, qint64* handle)
{
    bytes = alignedTo8(bytes);
    if (m_chunkCount == 0 || m_used + bytes > m_capacity) {
        if (Q_UNLIKELY(m_chunkCount >= m_chunks.size()))
            qFatal("kschedviz: the trace's node detail is full (%zu chunks)", m_chunkCount);
        // A block larger than a chunk gets a chunk of its own size.
        const size_t capacity = std::max(chunkBytes, bytes);
        auto* chunk = static_cast<std::byte*>(::operator new(capacity, std::align_val_t(8)));
        m_chunks[m_chunkCount].store(chunk, std::memory_order_release);
        ++m_chunkCount;
        m_used = 0;
        m_capacity = capacity;
        m_allocated.fetch_add(qsizetype(capacity), std::memory_order_relaxed);
    }
    const size_t chunk = m_chunkCount - 1;
    *handle = (qint64(chunk) << 32) | qint64(m_used);
    std::byte* data = m_chunks[chunk].load(std::memory_order_relaxed) + m_used;
    m_used += bytes;
    return data;
}

} // namespace ksv::trace
