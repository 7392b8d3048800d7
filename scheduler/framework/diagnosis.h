#pragma once
// framework.Diagnosis and framework.FitError (pkg/scheduler/framework/types.go): why a pod fits no
// node. schedulePod fills them and preemption builds one of its own; they live in the framework, as
// upstream's do, so that plugins need not include the scheduler.

#include "nodetostatus.h"
#include "status.h"

#include <QSet>
#include <QString>

namespace ksv::framework {

// framework.Diagnosis.
struct Diagnosis
{
    NodeToStatus nodeToStatus;
    QSet<QString> unschedulablePlugins;
    QSet<QString> pendingPlugins;
    QString preFilterMsg;
    QString postFilterMsg;

    // AddPluginStatus: remember which plugin rejected the pod, for the queue's requeueing.
    void addPluginStatus(const Status& status);
};

// framework.FitError: the pod fits no node.
struct FitError
{
    int numAllNodes = 0;
    Diagnosis diagnosis;
    // Error(): "0/N nodes are available: <sorted reason counts>." plus the PostFilter message.
    QString error() const;
};

} // namespace ksv::framework
