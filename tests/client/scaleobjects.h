#pragma once

// A cluster at scale as kubectl shows its objects: 5,000 worker nodes and Deployment pods with every
// field a real pod carries (bench_firstlist, and the live window's responsiveness test).

#include <QJsonDocument>
#include <QJsonObject>
#include <QString>

namespace ksv::test {

// A worker node as kubectl shows one: labels, addresses, conditions, images.
inline QJsonObject makeNode(int i)
{
    const QString name = QStringLiteral("node-%1").arg(i, 5, 10, QLatin1Char('0'));
    const QString text = QStringLiteral(R"json({"apiVersion":"v1","kind":"Node","metadata":{"name":"%1","uid":"6f1c8a2e-0000-4000-8000-%2",
"creationTimestamp":"2026-11-01T09:58:11Z","annotations":{"node.alpha.kubernetes.io/ttl":"0",
"volumes.kubernetes.io/controller-managed-attach-detach":"true"},
"labels":{"kubernetes.io/arch":"amd64","kubernetes.io/hostname":"%1","kubernetes.io/os":"linux",
"topology.kubernetes.io/region":"region-1","topology.kubernetes.io/zone":"zone-%3","node.kubernetes.io/instance-type":"m5.4xlarge"}},
"spec":{"podCIDR":"10.0.0.0/24","providerID":"aws:///zone-%3/i-%2"},
"status":{"addresses":[{"address":"192.168.0.1","type":"InternalIP"},{"address":"%1","type":"Hostname"}],
"allocatable":{"cpu":"15890m","ephemeral-storage":"95491281146","memory":"63461908Ki","pods":"110"},
"capacity":{"cpu":"16","ephemeral-storage":"103615464Ki","memory":"64513556Ki","pods":"110"},
"conditions":[{"type":"MemoryPressure","status":"False","reason":"KubeletHasSufficientMemory"},
{"type":"DiskPressure","status":"False","reason":"KubeletHasNoDiskPressure"},
{"type":"PIDPressure","status":"False","reason":"KubeletHasSufficientPID"},
{"type":"Ready","status":"True","reason":"KubeletReady","message":"kubelet is posting ready status"}],
"images":[{"names":["registry.example.com/app@sha256:0123456789abcdef","registry.example.com/app:v1"],"sizeBytes":50000000}],
"nodeInfo":{"architecture":"amd64","containerRuntimeVersion":"containerd://1.7.24","kernelVersion":"6.1.0-27-amd64",
"kubeletVersion":"v1.32.0","operatingSystem":"linux","osImage":"Debian GNU/Linux 12 (bookworm)"}}})json")
                             .arg(name)
                             .arg(i, 12, 10, QLatin1Char('0'))
                             .arg(i % 3);
    return QJsonDocument::fromJson(text.toUtf8()).object();
}

// A Deployment's pod as kubectl shows one (managedFields hidden): owner, requests and limits, probe,
// env, the default tolerations, a spread constraint, status. One in fifty is pending.
inline QJsonObject makePod(int i, int nodes, int generation = 0)
{
    const QString app = QStringLiteral("app-%1").arg(i / 30, 5, 10, QLatin1Char('0'));
    const QString ns = QStringLiteral("team-%1").arg(i / 3000, 3, 10, QLatin1Char('0'));
    const bool bound = i % 50 != 49;
    const QString text = QStringLiteral(R"json({"apiVersion":"v1","kind":"Pod","metadata":{"name":"%1-7d9c8b6f5d-%2","namespace":"%3",
"uid":"9a8b7c6d-0000-4000-8000-%4","generateName":"%1-7d9c8b6f5d-","creationTimestamp":"2026-11-20T10:00:00Z",
"labels":{"app":"%1","pod-template-hash":"7d9c8b6f5d","team":"%3","generation":"%7"},
"ownerReferences":[{"apiVersion":"apps/v1","kind":"ReplicaSet","name":"%1-7d9c8b6f5d","uid":"0c1d2e3f-0000-4000-8000-%4",
"controller":true,"blockOwnerDeletion":true}]},
"spec":{%5"containers":[{"name":"app","image":"registry.example.com/%3/%1:v1","imagePullPolicy":"IfNotPresent",
"env":[{"name":"LOG_LEVEL","value":"info"},{"name":"POD_NAME","valueFrom":{"fieldRef":{"apiVersion":"v1","fieldPath":"metadata.name"}}}],
"ports":[{"containerPort":8080,"name":"http","protocol":"TCP"}],
"resources":{"requests":{"cpu":"100m","memory":"128Mi"},"limits":{"cpu":"500m","memory":"512Mi"}},
"livenessProbe":{"httpGet":{"path":"/healthz","port":8080,"scheme":"HTTP"},"periodSeconds":10,"timeoutSeconds":1},
"volumeMounts":[{"mountPath":"/var/run/secrets/kubernetes.io/serviceaccount","name":"kube-api-access","readOnly":true}],
"terminationMessagePath":"/dev/termination-log","terminationMessagePolicy":"File"}],
"dnsPolicy":"ClusterFirst","enableServiceLinks":true,"preemptionPolicy":"PreemptLowerPriority","priority":0,
"restartPolicy":"Always","schedulerName":"default-scheduler","serviceAccountName":"default","terminationGracePeriodSeconds":30,
"tolerations":[{"effect":"NoExecute","key":"node.kubernetes.io/not-ready","operator":"Exists","tolerationSeconds":300},
{"effect":"NoExecute","key":"node.kubernetes.io/unreachable","operator":"Exists","tolerationSeconds":300}],
"topologySpreadConstraints":[{"labelSelector":{"matchLabels":{"app":"%1"}},"maxSkew":1,"topologyKey":"topology.kubernetes.io/zone",
"whenUnsatisfiable":"ScheduleAnyway"}],
"volumes":[{"name":"kube-api-access","projected":{"defaultMode":420,"sources":[{"serviceAccountToken":{"expirationSeconds":3607,"path":"token"}}]}}]},
"status":{"phase":"%6","qosClass":"Burstable","podIP":"10.1.2.3","hostIP":"192.168.0.1","startTime":"2026-11-20T10:00:00Z",
"conditions":[{"type":"Initialized","status":"True"},{"type":"Ready","status":"True"},{"type":"ContainersReady","status":"True"},
{"type":"PodScheduled","status":"True"}],
"containerStatuses":[{"name":"app","ready":true,"restartCount":0,"started":true,"image":"registry.example.com/%3/%1:v1",
"containerID":"containerd://%4","state":{"running":{"startedAt":"2026-11-20T10:00:05Z"}}}]}})json")
                             .arg(app)
                             .arg(i, 6, 16, QLatin1Char('0'))
                             .arg(ns)
                             .arg(i, 12, 10, QLatin1Char('0'))
                             .arg(bound ? QStringLiteral("\"nodeName\":\"node-%1\",").arg((i * 7919) % nodes, 5, 10, QLatin1Char('0')) : QString())
                             .arg(bound ? QStringLiteral("Running") : QStringLiteral("Pending"))
                             .arg(generation);
    return QJsonDocument::fromJson(text.toUtf8()).object();
}

} // namespace ksv::test
