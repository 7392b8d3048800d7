#pragma once

// Shared by several plugins (pkg/scheduler/framework/plugins/helper).

#include "framework/interface.h"

namespace ksv::plugins {

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
