#pragma once

#include "api/objects.h"

#include <QHash>

namespace ksv {

// What the API server does to a pod on creation that the scheduler then reads: the Priority
// admission plugin, DefaultTolerationSeconds, and the merge of pod (anti-)affinity matchLabelKeys
// into label selectors (MatchLabelKeysInPodAffinity, beta and on in v1.31 and v1.32). Throws
// LoadError where the API server would refuse the pod.
void admitPod(Pod& pod, const QHash<QString, PriorityClass>& priorityClasses);

// A stable UID for an object that has none, so that runs are reproducible.
QString synthesizeUid(const QString& kind, const ObjectMeta& meta);

} // namespace ksv
