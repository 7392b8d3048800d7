#pragma once

#include "commandline.h"

#include <QJsonObject>
#include <QTextStream>

namespace ksv {
struct ExplainReport;
}

namespace ksv::cli {

// `kschedviz explain`: the pod's first scheduling attempt, as a table or as JSON.
int runExplain(const Options& options, QTextStream& out, QTextStream& err);

// The JSON document scripts read (shape fixed by the explain issue).
QByteArray explainJson(const ExplainReport& report);
QJsonObject explainObject(const ExplainReport& report);
QString explainTable(const ExplainReport& report);

} // namespace ksv::cli
