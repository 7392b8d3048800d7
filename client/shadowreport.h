#pragma once

// The agreement report as `kschedviz shadow --json` prints it and the app's Agreement panel exports
// it (JSON and CSV): one writer, so that the two never drift apart.

#include "shadow.h"

#include <QJsonObject>

namespace ksv::client {

// The cluster has said something about the pod (its binding or a failure).
bool isDecided(const ShadowPod& pod);
QString percent(const ShadowAgreement& agreement);

// {"pod", "uid", "observed", "predicted", "agree", "why", …} for one pod.
QJsonObject toJson(const ShadowPod& pod);

struct ShadowReportContext
{
    QString server;
    QString context;
    QString configuration; // the --config file, or "the default v1.32 profile"
};

// {"server", "context", "configuration", "pods", "agreement", "recent", "undecided"}.
QJsonObject shadowReportJson(const QList<ShadowPod>& pods, const ShadowAgreement& session, const ShadowAgreement& recent,
                             const ShadowReportContext& context);
// One row per pod: pod,uid,observed,predicted,agree,outcome,why,observedMessage,predictedMessage,arrivedAt,decidedAt
// (RFC 4180 quoting).
QByteArray shadowReportCsv(const QList<ShadowPod>& pods);

} // namespace ksv::client
