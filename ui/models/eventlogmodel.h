#pragma once

// The trace up to the cursor as a table, filtered by event kind, a text search and optionally one
// pod. Millions of events: no proxy and no object per event. The model keeps the trace positions
// that match, extends them in one batch of inserted rows as the cursor advances, hides the tail
// when it goes back (and shows it again without scanning when the cursor returns), and rebuilds
// (one reset) when the filter changes. The search is decided per interned string once, so testing
// an event is a few array reads.

#include "trace/replay.h"

#include <QAbstractTableModel>

#include <vector>

namespace ksv {

constexpr quint32 eventKindBit(trace::EventKind kind)
{
    return quint32(1) << int(kind);
}

class EventLogModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { TimeColumn, KindColumn, PodColumn, NodeColumn, CycleColumn, PluginColumn, CodeColumn, DetailColumn, ColumnCount };
    enum Role {
        SortRole = Qt::UserRole,
        PositionRole,   // trace position
        PodRole,        // catalogue pod index, or -1
        NodeRole,       // catalogue node index, or -1
        CycleIndexRole, // index into TraceIndex::cycles(), or -1
        KindRole,       // trace::EventKind as int
    };

    static constexpr int kindCount = trace::eventKindCount;
    static constexpr quint32 kindBit(trace::EventKind kind) { return eventKindBit(kind); }
    static constexpr quint32 allKinds = (quint32(1) << kindCount) - 1;

    explicit EventLogModel(const trace::TraceIndex* index, QObject* parent = nullptr);

    // A new run: every row goes.
    void setIndex(const trace::TraceIndex* index);
    // Rows are the matching events at positions [0, position). Negative: everything indexed.
    void setLimit(qsizetype position);
    qsizetype limit() const { return m_limit; }

    void setKinds(quint32 kinds);
    quint32 kinds() const { return m_kinds; }
    void setKindEnabled(trace::EventKind kind, bool enabled);
    // Case-insensitive substring of the pod, node, plugin or text (cause, reasons, message), or of
    // the kind, code, extension point or queue names shown.
    void setSearch(const QString& text);
    QString search() const { return m_search; }
    // Only the events of one pod (catalogue index), -1 for all.
    void setPodFilter(qint32 pod);
    qint32 podFilter() const { return m_podFilter; }

    qint64 positionAt(int row) const { return m_rows[size_t(row)]; }
    // The first row at or after a trace position (rowCount() if none).
    int rowAtOrAfter(qint64 position) const;
    // Events up to the limit, all examined (the effective limit).
    qsizetype scanned() const;
    bool matches(const trace::Event& event) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    void rebuild();
    // Scans [m_scanned, limit) into `out`.
    void scan(qsizetype limit, trace::AppendArray<qint32>& out);
    void updateStringMatches();
    qsizetype effectiveLimit() const;
    bool blockMatches(const trace::Event& event) const;
    bool searchMatches(const trace::Event& event) const;

    const trace::TraceIndex* m_index;
    qsizetype m_limit = -1;
    qsizetype m_scanned = 0;
    quint32 m_kinds = allKinds;
    QString m_search;
    qint32 m_podFilter = -1;
    // Matching trace positions in [0, m_scanned), ascending; the first m_shown are the rows (those
    // before the limit). m_scanned may lie beyond the limit after the cursor went back.
    trace::AppendArray<qint32> m_rows; // 4.4 million at the scale sample's end: grows without copies
    int m_shown = 0;
    // Per string id: does it contain the search text (grown as the trace interns more strings).
    std::vector<quint8> m_stringMatches;
    // The same for the fixed names: kinds, codes, extension points, queue locations.
    std::vector<quint8> m_kindMatches, m_codeMatches, m_pointMatches, m_locationMatches;
};

} // namespace ksv
