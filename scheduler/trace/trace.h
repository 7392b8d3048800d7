#pragma once

// The simulation's trace: one append-only array of plain value events (see chunkedarray.h). The
// engine appends on its thread; views read from the GUI thread while it grows, without a lock.
// Strings (pod keys, node and plugin names, reasons, causes) are interned. The run's object log
// lives beside the events: a trace is self-contained.

#include "chunkedarray.h"
#include "cluster/objectlog.h"
#include "event.h"
#include "nodedetail.h"
#include "version/features.h"

#include <QHash>

#include <array>
#include <atomic>
#include <memory>
#include <new>
#include <type_traits>

namespace ksv::trace {

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
    // The objects the run saw; ClusterChange events index its changes.
    const ObjectLog& objects() const { return m_objects; }
    qsizetype memoryBytes() const;
    qsizetype nodeDetailBytes() const { return m_nodeDetail.allocatedBytes(); }
    // The first scheduling cycle recorded without node detail because the run's budget for it was
    // spent (SimulationOptions::nodeDetailBudget), or -1. Set before any event of that cycle's end
    // is appended, so a reader that sees the cycle's CycleEnd sees it too.
    qint32 nodeDetailCutoff() const { return m_nodeDetailCutoff.load(std::memory_order_acquire); }
    // The Kubernetes version and gates the run modelled: set before the first event, never after.
    const version::Features& features() const { return m_features; }
    // Whether scheduling cycle `cycle` came after the budget was spent.
    bool nodeDetailCutOff(qint32 cycle) const
    {
        const qint32 cutoff = nodeDetailCutoff();
        return cutoff >= 0 && cycle >= cutoff;
    }

    // The writer (the engine's thread).
    ObjectLog& objects() { return m_objects; }
    qint32 intern(const QString& text);
    void append(const Event& event) { m_events.append(event); }
    // Store a block; the returned handle goes into the value of the event that names it, which is
    // appended after.
    void setNodeDetailCutoff(qint32 cycle) { m_nodeDetailCutoff.store(cycle, std::memory_order_release); }
    void setFeatures(const version::Features& features)
    {
        Q_ASSERT(size() == 0);
        m_features = features;
    }
    qint64 storeFilterNodes(std::span<const qint32> nodes, std::span<const FilterRejection> rejections);
    qint64 storeScoreNodes(std::span<const qint32> plugins, std::span<const qint32> weights, std::span<const qint32> nodes,
                           std::span<const qint64> raw, std::span<const qint64> normalized);

private:
    ChunkedArray<Event, 15, 1 << 16> m_events;    // up to 2^31 events
    ChunkedArray<QString, 12, 1 << 14> m_strings; // up to 2^26 strings
    QHash<QString, qint32> m_ids;                  // writer only
    NodeDetailArena m_nodeDetail;
    ObjectLog m_objects;
    std::atomic<qint32> m_nodeDetailCutoff {-1};
    version::Features m_features;
};

} // namespace ksv::trace
