#pragma once

// Shared by several plugins (pkg/scheduler/framework/plugins/helper).

#include "framework/interface.h"

namespace ksv::plugins {

// The node's index in the snapshot's label columns (NodeColumns::indexOf), for a plugin whose cycle
// state kept ids or counts by index into the columns of serial `columnsSerial` (0: it kept none).
// -1 when the snapshot has other columns since, or the node is not one of them (a clone, another
// list): the plugin then reads the node itself.
inline qsizetype snapshotColumnIndex(const framework::Handle& handle, quint64 columnsSerial, const framework::NodeInfo& nodeInfo)
{
    if (columnsSerial == 0)
        return -1;
    const framework::NodeColumns& columns = handle.snapshot().nodeColumns();
    return columns.serial() == columnsSerial ? columns.indexOf(nodeInfo) : -1;
}

// helper.DefaultNormalizeScore: scales scores so the highest becomes maxPriority; with `reverse`
// the result is maxPriority minus that. All zero: unchanged, or all maxPriority when reversed.
inline framework::Status defaultNormalizeScore(qint64 maxPriority, bool reverse, QList<framework::NodeScore>& scores)
{
    qint64 maxCount = 0;
    for (const auto& score : scores)
        maxCount = std::max(maxCount, score.score);
    if (maxCount == 0) {
        if (reverse) {
            for (auto& score : scores)
                score.score = maxPriority;
        }
        return {};
    }
    for (auto& score : scores) {
        score.score = maxPriority * score.score / maxCount;
        if (reverse)
            score.score = maxPriority - score.score;
    }
    return {};
}

} // namespace ksv::plugins
