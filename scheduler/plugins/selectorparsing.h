#pragma once

// What metav1.LabelSelectorAsSelector refuses, for the plugins that parse a pod's label selectors
// in the scheduling cycle (PodTopologySpread's constraints, InterPodAffinity's terms) and turn the
// error into a status. The scenario loader already rejects bad keys, operators and value counts;
// label values inside matchExpressions are not checked there (the API server would refuse them at
// creation), so they are the part that can still fail here.

#include "api/labels.h"

#include <optional>

namespace ksv::plugins {

// The error text of metav1.LabelSelectorAsSelector(selector), empty when it parses. A nil selector
// (labels.Nothing()) and an empty one (labels.Everything()) always parse. The text is upstream's:
// labels.NewRequirement's field errors ("values[0][key]: Invalid value: \"v\": ..."), aggregated.
QString labelSelectorParseError(const std::optional<LabelSelector>& selector);

} // namespace ksv::plugins
