#pragma once

// One pod's story up to the cursor: its queue moves, scheduling attempts and their results,
// nominations, preemption and binding. Rows are positions in the trace (no object per event);
// as the cursor advances rows are appended in one batch, going back removes the tail.

#include "trace/replay.h"

#include <QAbstractTableModel>

#include <vector>

namespace ksv {

class PodHistoryModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { TimeColumn, WhatColumn, DetailColumn, CycleColumn, ColumnCount };
    enum Role {
        SortRole = Qt::UserRole,
        PositionRole,   // trace position
        CycleIndexRole, // index into TraceIndex::cycles(), or -1
        KindRole,       // trace::EventKind as int
    };

    explicit PodHistoryModel(const trace::TraceIndex* index, QObject* parent = nullptr);

    void setIndex(const trace::TraceIndex* index);
    // A pod index (catalogue), or -1.
    void setPod(qint32 pod);
    qint32 pod() const { return m_pod; }
    // Events at and after this trace position are not shown. Negative: everything indexed.
    void setLimit(qsizetype position);
    // Plugin results that passed or skipped are many and say little; by default only the others show.
    void setShowAllPluginResults(bool show);
    bool showAllPluginResults() const { return m_showAllPluginResults; }
    // The attempt the inspector shows: its rows are emphasized.
    void setHighlightedCycle(qint32 cycleIndex);

    qint64 positionAt(int row) const { return m_rows[size_t(row)]; }
    qint32 cycleIndexAt(int row) const;
    // The row of the cycle's CycleStart, or -1.
    int rowOfCycleStart(qint32 cycleIndex) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    void reset();
    bool accepts(const trace::Event& event) const;
    // Appends the accepted pod events before the limit that were not examined yet.
    void extend(bool notify);
    qsizetype effectiveLimit() const;
    QString what(const trace::Event& event) const;
    QString detail(const trace::Event& event) const;

    const trace::TraceIndex* m_index;
    qint32 m_pod = -1;
    qsizetype m_limit = -1;
    bool m_showAllPluginResults = false;
    qint32 m_highlightedCycle = -1;
    std::vector<qint32> m_rows;    // trace positions
    size_t m_examined = 0;         // entries of podEvents(pod) examined
};

} // namespace ksv
