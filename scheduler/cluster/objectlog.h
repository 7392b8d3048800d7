#pragma once

// The objects a run saw: the cluster when it started, then every change its cluster source handed
// the engine, in the order the engine applied them. Append-only, beside the trace: a ClusterChange
// event names its change by index here, so a trace and its object log together say everything the
// run saw without the file (or the watch) it came from. The engine appends on its thread; views
// read changes below size() from theirs, like the trace's events.

#include "scenario/scenario.h"
#include "trace/chunkedarray.h"

namespace ksv {

class ObjectLog
{
public:
    ObjectLog() = default;
    ObjectLog(const ObjectLog&) = delete;
    ObjectLog& operator=(const ObjectLog&) = delete;

    // Readers (any thread). The initial state is set once, before the run starts and before any
    // reader looks (the app sets it on the GUI thread before the engine's thread starts, so that
    // the views' index can read it at once), and never changes.
    const ClusterState& initial() const { return m_initial; }
    bool hasInitial() const { return m_hasInitial; }
    qsizetype size() const { return m_changes.size(); }
    const ObjectChange& at(qsizetype index) const { return m_changes[index]; }

    // The writer (the engine's thread).
    void setInitial(ClusterState initial)
    {
        Q_ASSERT(!m_hasInitial);
        m_initial = std::move(initial);
        m_hasInitial = true;
    }
    // Returns the change's index.
    qsizetype append(const ObjectChange& change)
    {
        m_changes.append(change);
        return m_changes.size() - 1;
    }

private:
    ClusterState m_initial;
    bool m_hasInitial = false;
    trace::ChunkedArray<ObjectChange, 12, 1 << 14> m_changes; // up to 2^26 changes
};

} // namespace ksv
