#pragma once

#include "commandline.h"

#include <QTextStream>

namespace ksv {
struct CapacityReport;
struct RunSummary;
struct PodDifference;
} // namespace ksv

namespace ksv::cli {

// `kschedviz capacity`: how many more copies of a pod fit at a virtual time (scheduler/capacity.h).
int runCapacity(const Options& options, QTextStream& out, QTextStream& err);
// `kschedviz compare`: two runs of a scenario, two configurations or two seeds (scheduler/compare.h).
int runCompare(const Options& options, QTextStream& out, QTextStream& err);

QString capacityText(const CapacityReport& report);
QByteArray capacityJson(const CapacityReport& report);

struct ComparedRun
{
    QString configuration; // the file, or "" for the scenario's own
    quint64 seed = 0;
    version::KubeVersion kubernetesVersion; // the version the run modelled
};
QString compareText(const QString& scenario, const ComparedRun& a, const RunSummary& runA, const ComparedRun& b,
                    const RunSummary& runB, const QList<PodDifference>& differences);
QByteArray compareJson(const QString& scenario, const ComparedRun& a, const RunSummary& runA, const ComparedRun& b,
                       const RunSummary& runB, const QList<PodDifference>& differences);

} // namespace ksv::cli
