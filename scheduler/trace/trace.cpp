#include "trace.h"

namespace ksv::trace {

qint32 Trace::intern(const QString& text)
{
    const auto it = m_ids.constFind(text);
    if (it != m_ids.cend())
        return *it;
    const auto id = static_cast<qint32>(m_strings.size());
    m_strings.append(text);
    m_ids.insert(text, id);
    return id;
}

qint64 Trace::storeFilterNodes(std::span<const qint32> nodes, std::span<const FilterRejection> rejections)
{
    qint64 handle = 0;
    std::byte* data = m_nodeDetail.allocate(FilterNodes::bytesFor(qsizetype(nodes.size()), qsizetype(rejections.size())), &handle);
    FilterNodes::write(data, nodes, rejections);
    return handle;
}

qint64 Trace::storeScoreNodes(std::span<const qint32> plugins, std::span<const qint32> weights, std::span<const qint32> nodes,
                              std::span<const qint64> raw, std::span<const qint64> normalized)
{
    const quint32 flags = ScoreNodes::flagsFor(raw, normalized);
    qint64 handle = 0;
    std::byte* data = m_nodeDetail.allocate(ScoreNodes::bytesFor(qsizetype(nodes.size()), int(plugins.size()), flags), &handle);
    ScoreNodes::write(data, flags, plugins, weights, nodes, raw, normalized);
    return handle;
}

qsizetype Trace::memoryBytes() const
{
    qsizetype bytes = m_events.allocatedBytes() + m_strings.allocatedBytes() + m_nodeDetail.allocatedBytes();
    for (qsizetype i = 0; i < m_strings.size(); ++i)
        bytes += m_strings[i].size() * qsizetype(sizeof(QChar));
    return bytes;
}

} // namespace ksv::trace
