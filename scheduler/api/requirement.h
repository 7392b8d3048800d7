#pragma once

// labels.Requirement.Matches, shared by label selectors (labels.h) and node selectors (NodeAffinity):
// both are a key, an operator and values. Kept out of labels.h so that few files depend on it.

#include "labels.h"

#include <QStringView>

namespace ksv {

bool requirementMatches(const QString& key, SelectorOperator op, const QStringList& values, const Labels& labels);

// strconv.ParseInt(s, 10, 64): an optional sign and decimal digits only, within int64. Labels are
// compared per node, so this does not allocate.
std::optional<qint64> parseInt64(QStringView text);

} // namespace ksv
