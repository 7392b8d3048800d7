// Time to the first complete list of a big cluster, as the live client lists it: Reflectors for nodes
// and pods (pageSize 500) against the fake API server over TLS, then a watch that must keep the
// stores equal to the server's objects while the cluster changes.
//
//   bench_firstlist [--nodes N] [--pods M] [--changes K]     defaults: 5000 nodes, 150000 pods, 3000 changes
//
// The fake servers run on a thread of their own, as a real API server is another process; both
// share the machine's cores with the client. Prints seconds and memory; never asserted on time.
// Exits 1 if the stores and the server disagree after the changes.
//   - peak RSS: VmHWM while listing (the mark is reset once the servers are filled);
//   - client heap: bytes malloc holds for the client, after the list; the fake servers' own objects
//     (the JSON they serve) are measured before the reflectors start and left out;
//   - bytes per pod: what the pod store gives back when its reflector is destroyed.
#include "decoding/yamlfield.h"
#include "fakecluster.h"
#include "fakesession.h"
#include "reflector.h"
#include "scenario/decode.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QJsonDocument>
#include <QThread>
#include <QTimer>

#include <malloc.h>
#include <time.h>

#include <cstdio>
#include <functional>

using namespace ksv;
using namespace ksv::client;
using ksv::test::FakeApiServer;
using ksv::test::FakeCluster;

namespace {

qint64 procStatusKiB(const char* field)
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray& line : status.readAll().split('\n')) {
        if (line.startsWith(field))
            return line.mid(qstrlen(field)).trimmed().split(' ').value(0).toLongLong();
    }
    return -1;
}

// The peak (VmHWM) restarts from the current RSS (Linux: clear_refs, value 5).
void resetPeakRss()
{
    QFile file(QStringLiteral("/proc/self/clear_refs"));
    if (file.open(QIODevice::WriteOnly))
        file.write("5");
}

double mib(double bytes)
{
    return bytes / (1024.0 * 1024.0);
}

// CPU time of the calling thread: the client's own work, apart from the fake servers' thread.
double threadCpuSeconds()
{
    timespec now {};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) / 1e9;
}

qint64 heapInUse()
{
    malloc_trim(0);
    const struct mallinfo2 info = mallinfo2();
    return static_cast<qint64>(info.uordblks + info.hblkhd);
}

// A worker node as kubectl shows one: labels, addresses, conditions, images.
QJsonObject makeNode(int i)
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
QJsonObject makePod(int i, int nodes, int generation = 0)
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

// What the reflector's store must hold: the server's objects through the same decoders.
Store expectedStore(const QList<QJsonObject>& objects, const QString& source)
{
    Store store;
    for (const QJsonObject& object : objects)
        store.upsert(decodeObject(YamlField(object, source)));
    return store;
}

bool waitUntil(const std::function<bool()>& done, int timeoutMs)
{
    QElapsedTimer clock;
    clock.start();
    while (!done()) {
        if (clock.elapsed() > timeoutMs)
            return false;
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);
    }
    return true;
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    int nodes = 5000;
    int pods = 150'000;
    int changes = 3000;
    const QStringList args = app.arguments();
    for (qsizetype i = 1; i + 1 < args.size(); i += 2) {
        if (args[i] == QLatin1String("--nodes"))
            nodes = args[i + 1].toInt();
        else if (args[i] == QLatin1String("--pods"))
            pods = args[i + 1].toInt();
        else if (args[i] == QLatin1String("--changes"))
            changes = args[i + 1].toInt();
    }
    if (nodes <= 0 || pods < 0 || changes < 0 || (args.size() % 2) == 0) {
        std::fprintf(stderr, "usage: bench_firstlist [--nodes N] [--pods M] [--changes K]\n");
        return 2;
    }

    // The servers live on their own thread; everything that touches them runs there, in order.
    QThread serverThread;
    serverThread.start();
    QObject serverContext;
    serverContext.moveToThread(&serverThread);
    const auto onServer = [&serverContext](const std::function<void()>& work) {
        QMetaObject::invokeMethod(&serverContext, work, Qt::BlockingQueuedConnection);
    };
    std::unique_ptr<FakeApiServer> nodeServer;
    std::unique_ptr<FakeApiServer> podServer;
    FakeCluster* nodeCluster = nullptr;
    FakeCluster* podCluster = nullptr;
    QElapsedTimer fill;
    fill.start();
    onServer([&] {
        nodeServer = std::make_unique<FakeApiServer>();
        podServer = std::make_unique<FakeApiServer>();
        if (!nodeServer->listen() || !podServer->listen())
            qFatal("the fake API servers cannot listen");
        nodeCluster = new FakeCluster(*nodeServer, QStringLiteral("Node"), QStringLiteral("v1"), QStringLiteral("/api/v1/nodes"));
        podCluster = new FakeCluster(*podServer, QStringLiteral("Pod"), QStringLiteral("v1"), QStringLiteral("/api/v1/pods"));
        for (int i = 0; i < nodes; ++i)
            nodeCluster->add(makeNode(i));
        for (int i = 0; i < pods; ++i)
            podCluster->add(makePod(i, nodes));
    });
    std::printf("fake cluster: %d nodes, %d pods, filled in %.1f s\n", nodes, pods, fill.elapsed() / 1000.0);

    RestClient nodeClient(ksv::test::readerConfig(*nodeServer));
    RestClient podClient(ksv::test::readerConfig(*podServer));
    ReflectorOptions options; // pageSize 500, as the client lists
    options.seed = 1;
    auto nodeReflector = std::make_unique<Reflector>(nodeClient, *readResource(QStringLiteral("Node")), options);
    auto podReflector = std::make_unique<Reflector>(podClient, *readResource(QStringLiteral("Pod")), options);
    int rejected = 0;
    for (Reflector* reflector : {nodeReflector.get(), podReflector.get()}) {
        QObject::connect(reflector, &Reflector::objectRejected, reflector, [&rejected](const QString&, const QString& name, const QString& message) {
            if (++rejected <= 3)
                std::fprintf(stderr, "rejected %s: %s\n", qPrintable(name), qPrintable(message));
        });
    }

    const qint64 heapBefore = heapInUse();
    const qint64 rssBefore = procStatusKiB("VmRSS:");
    resetPeakRss();
    QElapsedTimer clock;
    clock.start();
    const double cpuStart = threadCpuSeconds();
    nodeReflector->start();
    podReflector->start();
    double nodesSynced = 0;
    double podsSynced = 0;
    QObject::connect(nodeReflector.get(), &Reflector::synced, &app, [&] { nodesSynced = clock.elapsed() / 1000.0; });
    QObject::connect(podReflector.get(), &Reflector::synced, &app, [&] { podsSynced = clock.elapsed() / 1000.0; });
    if (!waitUntil([&] { return nodeReflector->hasSynced() && podReflector->hasSynced(); }, 600'000)) {
        std::fprintf(stderr, "no complete list within 10 minutes\n");
        return 1;
    }
    const double firstList = clock.elapsed() / 1000.0;
    const double listCpu = threadCpuSeconds() - cpuStart;
    const qint64 peakKiB = procStatusKiB("VmHWM:");
    const qint64 rssAfterKiB = procStatusKiB("VmRSS:");
    const qint64 heapAfter = heapInUse();
    std::printf("first complete list: %.2f s (nodes %.2f s, pods %.2f s); %lld nodes, %lld pods in the stores\n", firstList,
                nodesSynced, podsSynced, static_cast<long long>(nodeReflector->store().size()),
                static_cast<long long>(podReflector->store().size()));
    std::printf("client main thread CPU while listing: %.2f s (JSON parsing, decoding, the stores)\n", listCpu);
    std::printf("RSS: %.0f MiB before the reflectors (the fake servers' objects), peak %.0f MiB while listing, %.0f MiB after\n",
                rssBefore / 1024.0, peakKiB / 1024.0, rssAfterKiB / 1024.0);
    std::printf("client heap after the list: %.0f MiB\n", mib(static_cast<double>(heapAfter - heapBefore)));

    // Changes while watching: new pods, pods relabelled, pods deleted, nodes modified.
    QElapsedTimer changing;
    changing.start();
    onServer([&] {
        for (int k = 0; k < changes; ++k) {
            switch (k % 4) {
            case 0: podCluster->add(makePod(pods + k, nodes)); break;
            case 1: podCluster->modify(makePod((k * 37) % pods, nodes, k)); break;
            case 2: podCluster->remove(makePod((k * 53 + 11) % pods, nodes).value(QLatin1String("metadata"))
                                           .toObject().value(QLatin1String("name")).toString()); break;
            case 3: nodeCluster->modify(makeNode(k % nodes)); break;
            }
        }
    });
    QString nodeVersion;
    QString podVersion;
    onServer([&] {
        nodeVersion = QString::number(nodeCluster->resourceVersion());
        podVersion = QString::number(podCluster->resourceVersion());
    });
    const bool caughtUp = waitUntil([&] {
        return nodeReflector->lastSyncResourceVersion() == nodeVersion && podReflector->lastSyncResourceVersion() == podVersion;
    }, 120'000);
    const double watchSeconds = changing.elapsed() / 1000.0;
    QList<QJsonObject> serverNodes;
    QList<QJsonObject> serverPods;
    onServer([&] {
        serverNodes = nodeCluster->objects();
        serverPods = podCluster->objects();
    });
    const auto sourceOf = [](const Reflector& reflector) {
        return reflector.store().objects().isEmpty() ? QString() : metaOf(*reflector.store().objects().cbegin()).source.file;
    };
    const bool nodesEqual = nodeReflector->store() == expectedStore(serverNodes, sourceOf(*nodeReflector));
    const bool podsEqual = podReflector->store() == expectedStore(serverPods, sourceOf(*podReflector));
    std::printf("watch: %d changes applied and seen in %.2f s; stores equal the server's objects: %s (nodes %s, pods %s)\n",
                changes, watchSeconds, caughtUp && nodesEqual && podsEqual ? "yes" : "NO", nodesEqual ? "equal" : "differ",
                podsEqual ? "equal" : "differ");
    serverNodes.clear();
    serverPods.clear();

    // What the pod store costs: the heap it gives back.
    const qsizetype podCount = podReflector->store().size();
    const qint64 heapWithPods = heapInUse();
    podReflector.reset();
    const qint64 heapWithoutPods = heapInUse();
    if (podCount > 0) {
        // The store's slot holds a KubeObject, a variant as large as the largest kind.
        std::printf("store slot: %zu bytes (sizeof KubeObject; sizeof Pod %zu, sizeof Node %zu)\n", sizeof(KubeObject), sizeof(Pod), sizeof(Node));
        std::printf("pod store: %.0f MiB for %lld pods, %.0f bytes per pod\n", mib(static_cast<double>(heapWithPods - heapWithoutPods)),
                    static_cast<long long>(podCount), static_cast<double>(heapWithPods - heapWithoutPods) / static_cast<double>(podCount));
    }
    if (rejected > 0)
        std::printf("%d objects rejected by the decoders\n", rejected);

    nodeReflector.reset();
    onServer([&] {
        nodeServer.reset();
        podServer.reset();
    });
    serverThread.quit();
    serverThread.wait();
    return caughtUp && nodesEqual && podsEqual && rejected == 0 ? 0 : 1;
}
