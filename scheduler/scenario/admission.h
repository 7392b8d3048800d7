#pragma once

#include "api/objects.h"

#include <QHash>

namespace ksv {

// What the API server does to a pod on creation that the scheduler then reads: the Priority
// admission plugin, DefaultTolerationSeconds, and the merge of pod (anti-)affinity matchLabelKeys
// into label selectors (MatchLabelKeysInPodAffinity, beta and on in v1.31 and v1.32). Throws
// LoadError where the API server would refuse the pod.
void admitPod(Pod& pod, const QHash<QString, PriorityClass>& priorityClasses);

// The reverse of admission's matchLabelKeys merge: the requirements it added to the pod's (anti-)
// affinity terms from the pod's labels are taken out again, as the pod was before it was created.
void unmergeMatchLabelKeys(Pod& pod);

// A stable UID for an object that has none, so that runs are reproducible.
QString synthesizeUid(const QString& kind, const ObjectMeta& meta);

} // namespace ksv
