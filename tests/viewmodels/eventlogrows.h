#pragma once

// What the event log's model shows, as its tests compare it: shared by the model's tests
// (tests/viewmodels) and the view's (tests/ui).

#include "eventlogmodel.h"

#include <vector>

namespace ksv::testing {

// The trace positions of the model's rows, in order.
inline std::vector<qint64> rowsOf(const EventLogModel& model)
{
    std::vector<qint64> rows;
    for (int row = 0; row < model.rowCount(); ++row)
        rows.push_back(model.positionAt(row));
    return rows;
}

// The log shows every kind until told otherwise (node detail is two rows a cycle).
inline bool anyKind(const trace::Event&)
{
    return true;
}

} // namespace ksv::testing
