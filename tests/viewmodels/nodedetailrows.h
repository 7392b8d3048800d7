#pragma once

// One cycle's per-node detail spelled out node by node, as tests compare it with the views: read
// from the cycle's FilterNodes and ScoreNodes blocks through their random-access readers (the views
// walk them in order), one row per node and, for scores, per plugin.

#include "trace/replay.h"

#include <vector>

namespace ksv::testing {

struct FilterRow
{
    qint32 node = -1; // string ids
    quint8 code = 0;
    qint32 plugin = -1;
    qint32 text = -1;
};

struct ScoreRow
{
    qint32 node = -1; // string ids
    qint32 plugin = -1;
    qint64 raw = 0;
    qint64 normalized = 0;
    qint32 weight = 0;
};

inline std::vector<FilterRow> filterRows(const trace::Trace& trace, const trace::CycleRecord& record)
{
    std::vector<FilterRow> rows;
    for (qsizetype position = record.startEvent; position <= record.endEvent; ++position) {
        const trace::Event& event = trace.at(position);
        if (event.kind() != trace::EventKind::FilterNodes || event.cycle() != record.cycle)
            continue;
        const trace::FilterNodes block = trace.filterNodes(event);
        for (qsizetype i = 0; i < block.size(); ++i) {
            const trace::FilterRejection verdict = block.verdict(i);
            rows.push_back({block.node(i), verdict.code, verdict.plugin, verdict.text});
        }
    }
    return rows;
}

inline std::vector<ScoreRow> scoreRows(const trace::Trace& trace, const trace::CycleRecord& record)
{
    std::vector<ScoreRow> rows;
    for (qsizetype position = record.startEvent; position <= record.endEvent; ++position) {
        const trace::Event& event = trace.at(position);
        if (event.kind() != trace::EventKind::ScoreNodes || event.cycle() != record.cycle)
            continue;
        const trace::ScoreNodes block = trace.scoreNodes(event);
        for (qsizetype n = 0; n < block.size(); ++n) {
            for (int p = 0; p < block.pluginCount(); ++p)
                rows.push_back({block.node(n), block.plugin(p), block.raw(n, p), block.normalized(n, p), block.weight(p)});
        }
    }
    return rows;
}

} // namespace ksv::testing
