#include "prioritysort.h"

namespace ksv::plugins {

PrioritySort::PrioritySort(framework::Handle& /*handle*/)
{
}

// PrioritySort.Less: corev1helpers.PodPriority (nil is 0), then Timestamp.Before, which is strict: two
// pods of equal priority queued at the same instant are unordered either way.
bool PrioritySort::less(const framework::QueuedPodSortKey& a, const framework::QueuedPodSortKey& b) const
{
    const int p1 = a.pod->effectivePriority();
    const int p2 = b.pod->effectivePriority();
    return p1 > p2 || (p1 == p2 && a.timestamp < b.timestamp);
}

} // namespace ksv::plugins
