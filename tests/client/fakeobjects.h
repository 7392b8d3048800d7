#pragma once

// Kubernetes objects as the fake API server serves them, for the client and live-window tests: nodes,
// pods (pending, bound, with kube-scheduler 1.20's PodScheduled condition) and a FailedScheduling
// event in events.k8s.io/v1's form.

#include "fakecluster.h"
#include "fakesession.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonObject>

namespace ksv::test::objects {

inline QJsonObject node(const QString& name, const QString& cpu, const QString& memory, const QJsonArray& taints = {})
{
    const QJsonObject resources {{"cpu", cpu}, {"memory", memory}, {"pods", "110"}};
    QJsonObject spec;
    if (!taints.isEmpty())
        spec.insert("taints", taints);
    return QJsonObject {{"apiVersion", "v1"},
                        {"kind", "Node"},
                        {"metadata", QJsonObject {{"name", name}, {"uid", uidOf(name)}, {"labels", QJsonObject {{"kubernetes.io/hostname", name}}}}},
                        {"spec", spec},
                        {"status", QJsonObject {{"capacity", resources}, {"allocatable", resources}}}};
}

inline QJsonObject pod(const QString& name, const QString& cpu, const QString& nodeName = {}, bool toleratesAll = false)
{
    QJsonObject spec {{"containers", QJsonArray {QJsonObject {{"name", "c"}, {"image", "nginx"},
                                                              {"resources", QJsonObject {{"requests", QJsonObject {{"cpu", cpu}, {"memory", "256Mi"}}}}}}}}};
    if (!nodeName.isEmpty())
        spec.insert("nodeName", nodeName);
    if (toleratesAll)
        spec.insert("tolerations", QJsonArray {QJsonObject {{"operator", "Exists"}}});
    const QJsonObject metadata {{"name", name}, {"namespace", "default"}, {"uid", uidOf(name)},
                                {"creationTimestamp", QDateTime::currentDateTimeUtc().toString(Qt::ISODate)}};
    return QJsonObject {{"apiVersion", "v1"}, {"kind", "Pod"}, {"metadata", metadata}, {"spec", spec},
                        {"status", QJsonObject {{"phase", nodeName.isEmpty() ? "Pending" : "Running"}}}};
}

inline QJsonObject bound(QJsonObject object, const QString& nodeName)
{
    QJsonObject spec = object["spec"].toObject();
    spec["nodeName"] = nodeName;
    object["spec"] = spec;
    object["status"] = QJsonObject {{"phase", "Running"}, {"conditions", QJsonArray {QJsonObject {{"type", "PodScheduled"}, {"status", "True"}}}}};
    return object;
}

inline QJsonObject withCondition(QJsonObject object, const QString& message)
{
    object["status"] = QJsonObject {{"phase", "Pending"},
                                    {"conditions", QJsonArray {QJsonObject {{"type", "PodScheduled"}, {"status", "False"},
                                                                            {"reason", "Unschedulable"}, {"message", message}}}}};
    return object;
}

// kube-scheduler 1.20's event, as events.k8s.io/v1 serves it (tests/client/data/apiserver).
inline QJsonObject failedSchedulingEvent(const QString& podName, const QString& note, const QString& at)
{
    return QJsonObject {{"apiVersion", "events.k8s.io/v1"},
                        {"kind", "Event"},
                        {"metadata", QJsonObject {{"name", QString(podName + ".18eb81acc2aea61e")}, {"namespace", "default"}}},
                        {"eventTime", at},
                        {"reportingController", "default-scheduler"},
                        {"reportingInstance", "default-scheduler-vm"},
                        {"action", "Scheduling"},
                        {"reason", "FailedScheduling"},
                        {"regarding", QJsonObject {{"kind", "Pod"}, {"namespace", "default"}, {"name", podName}, {"uid", uidOf(podName)}}},
                        {"note", note},
                        {"type", "Warning"}};
}

// Three nodes of different sizes, the largest tainted dedicated=gpu:NoSchedule: the small cluster
// the shadow and live-window tests decide pods on.
inline void addThreeNodes(FakeCluster& nodes)
{
    nodes.add(node(QStringLiteral("n1"), QStringLiteral("2"), QStringLiteral("4Gi")));
    nodes.add(node(QStringLiteral("n2"), QStringLiteral("4"), QStringLiteral("8Gi")));
    nodes.add(node(QStringLiteral("n3"), QStringLiteral("8"), QStringLiteral("16Gi"),
                   QJsonArray {QJsonObject {{"key", "dedicated"}, {"value", "gpu"}, {"effect", "NoSchedule"}}}));
}

} // namespace ksv::test::objects
