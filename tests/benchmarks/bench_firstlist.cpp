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

#include "scaleobjects.h"
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

using ksv::test::makeNode;
using ksv::test::makePod;

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
