#pragma once

// PrioritySort (pkg/scheduler/framework/plugins/queuesort/priority_sort.go): the active queue's
// order, higher priority first, then the pod queued earlier.

#include "framework/interface.h"

namespace ksv::plugins {

class PrioritySort final : public framework::Plugin, public framework::QueueSortPlugin
{
public:
    static inline const QString Name = QStringLiteral("PrioritySort");

    explicit PrioritySort(framework::Handle& handle);

    QString name() const override { return Name; }

    bool less(const framework::QueuedPodSortKey& a, const framework::QueuedPodSortKey& b) const override;
};

} // namespace ksv::plugins
