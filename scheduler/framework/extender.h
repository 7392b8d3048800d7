#pragma once

// framework.Extender (pkg/scheduler/framework/extender.go, v1.32): what the scheduling loop, the
// binding cycle and preemption ask of a scheduler extender. HTTPExtender (extender/httpextender.h)
// is the real one; tests port upstream's FakeExtender onto this interface.
//
// Errors are strings, as upstream's are Go errors whose text reaches the user unchanged (the
// FailedScheduling message of an attempt that failed on an extender is that text).

#include "types.h"

#include <QMap>

#include <optional>

namespace ksv::framework {

class Snapshot;

// extenderv1.Victims: the pods to evict on one node, and how many of them a PDB protects.
struct ExtenderVictims
{
    QList<PodInfoPtr> pods;
    qint64 numPDBViolations = 0;
};
// Keyed by node name. A QMap, not Go's map: the order extenders and candidates are visited in is then
// the same on every run (upstream's is random, and no outcome may depend on it).
using NodeNameToVictims = QMap<QString, ExtenderVictims>;

// extenderv1.HostPriority.
struct HostPriority
{
    QString host;
    qint64 score = 0;
    friend bool operator==(const HostPriority&, const HostPriority&) = default;
};

struct ExtenderFilterResult
{
    QList<NodeInfoPtr> feasible;
    QMap<QString, QString> failed;                 // node → message: Unschedulable
    QMap<QString, QString> failedAndUnresolvable;  // node → message: UnschedulableAndUnresolvable
    std::optional<QString> error;
};

struct ExtenderPrioritizeResult
{
    QList<HostPriority> scores;
    qint64 weight = 0;
    std::optional<QString> error;
};

struct ExtenderPreemptionResult
{
    NodeNameToVictims victims;
    std::optional<QString> error;
};

class Extender
{
public:
    virtual ~Extender() = default;
    // The urlPrefix: the name of its score entries, and of the extender in messages.
    virtual QString name() const = 0;
    virtual bool isIgnorable() const = 0;
    virtual bool isBinder() const = 0;
    virtual bool isFilter() const = 0;
    virtual bool isPrioritizer() const = 0;
    virtual bool supportsPreemption() const = 0;
    // IsInterested: no managed resources, or some container of the pod requests or limits one.
    virtual bool isInterested(const Pod& pod) const = 0;

    virtual ExtenderFilterResult filter(const Pod& pod, const QList<NodeInfoPtr>& nodes) = 0;
    virtual ExtenderPrioritizeResult prioritize(const Pod& pod, const QList<NodeInfoPtr>& nodes) = 0;
    // Binds `pod` to `node`; the error, if any.
    virtual std::optional<QString> bind(const Pod& pod, const QString& node) = 0;
    // ProcessPreemption: the victims per node the extender accepts; `snapshot` resolves the pods it names.
    virtual ExtenderPreemptionResult processPreemption(const Pod& pod, const NodeNameToVictims& victims, const Snapshot& snapshot) = 0;
};

// framework.ExtenderName: the plugin name a diagnosis records when extenders dropped nodes.
inline const QString extenderPluginName = QStringLiteral("Extender");

} // namespace ksv::framework
