#pragma once

// The extender protocol's wire types (k8s.io/kube-scheduler/extender/v1/types.go, v1.32). The Go
// structs have no json tags, so upstream writes the Go field names (PascalCase: "Pod", "NodeNames",
// "FailedNodes") and reads keys case-insensitively, which also accepts the pre-1.16 lower-case names.
// Pods and nodes inside are ordinary API objects with their usual field names.
//
// Decoding follows Go's encoding/json (gojson.h): the first value of the body, unknown keys ignored,
// null as "absent", and upstream's error texts for a value of the wrong type ("json: cannot
// unmarshal string into Go struct field ExtenderFilterResult.FailedNodes of type v1.FailedNodesMap").
// Only the node's metadata.name is read from a returned NodeList: kschedviz keeps its own nodes.

#include "framework/extender.h"

#include <QByteArray>
#include <QMap>
#include <QStringList>

#include <optional>

namespace ksv::extender {

// ExtenderArgs, for filter and prioritize: the pod, and the nodes whole (a v1.NodeList) or, for an
// extender with nodeCacheCapable, by name.
QByteArray encodeExtenderArgs(const Pod& pod, const QList<framework::NodeInfoPtr>& nodes, bool nodeCacheCapable);
// ExtenderBindingArgs.
QByteArray encodeBindingArgs(const Pod& pod, const QString& node);
// ExtenderPreemptionArgs: victims as whole pods, or (nodeCacheCapable) by UID in NodeNameToMetaVictims.
QByteArray encodePreemptionArgs(const Pod& pod, const framework::NodeNameToVictims& victims, bool nodeCacheCapable);

// ExtenderFilterResult. `nodes` holds the names of Nodes.items when Nodes was present.
struct FilterAnswer
{
    std::optional<QStringList> nodes;
    std::optional<QStringList> nodeNames;
    QMap<QString, QString> failedNodes;
    QMap<QString, QString> failedAndUnresolvableNodes;
    QString error;
};

struct MetaVictims
{
    QStringList podUids;
    qint64 numPDBViolations = 0;
};

// ExtenderPreemptionResult.NodeNameToMetaVictims; a node whose value was null maps to nullopt.
struct PreemptionAnswer
{
    QMap<QString, std::optional<MetaVictims>> nodeNameToMetaVictims;
};

// Each returns the decoded answer, or sets `error` to Go's text and returns nothing.
std::optional<FilterAnswer> decodeFilterResult(const QByteArray& body, QString* error);
std::optional<QList<framework::HostPriority>> decodeHostPriorityList(const QByteArray& body, QString* error);
// ExtenderBindingResult.Error.
std::optional<QString> decodeBindingResult(const QByteArray& body, QString* error);
std::optional<PreemptionAnswer> decodePreemptionResult(const QByteArray& body, QString* error);

} // namespace ksv::extender
