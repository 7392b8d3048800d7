#pragma once

// Reducing per-second series for the charts (STYLE.md rule 11, after heaptrack's chart model): a
// long run becomes at most a few hundred points a series, each bucket of seconds plotted as its
// largest value so that peaks survive. Buckets are a power of two seconds wide, so that while a
// run grows the points already drawn stay put until the bucket doubles.

#include <QList>
#include <QPointF>
#include <algorithm>

namespace ksv::charts {

// Seconds per point for `seconds` seconds at most `maxPoints` points: 1, 2, 4, ...
inline int bucketSeconds(qsizetype seconds, int maxPoints)
{
    int bucket = 1;
    while (maxPoints > 0 && (seconds + bucket - 1) / bucket > maxPoints)
        bucket *= 2;
    return bucket;
}

// One point per bucket of `bucket` seconds among seconds [0, count): x = the end of the bucket's
// last second (the value is what happened by then), y = the largest valueAt(i) over the bucket's
// seconds for which present(i) holds; buckets with none are left out.
template <typename ValueAt, typename Present>
QList<QPointF> reduceMax(qsizetype count, int bucket, ValueAt valueAt, Present present)
{
    QList<QPointF> points;
    points.reserve(count / bucket + 1);
    for (qsizetype first = 0; first < count; first += bucket) {
        const qsizetype last = std::min(count, first + bucket);
        bool any = false;
        double peak = 0;
        for (qsizetype i = first; i < last; ++i) {
            if (!present(i))
                continue;
            const double value = double(valueAt(i));
            peak = any ? std::max(peak, value) : value;
            any = true;
        }
        if (any)
            points.append(QPointF(double(last), peak));
    }
    return points;
}

template <typename ValueAt> QList<QPointF> reduceMax(qsizetype count, int bucket, ValueAt valueAt)
{
    return reduceMax(count, bucket, valueAt, [](qsizetype) { return true; });
}

} // namespace ksv::charts
