// One scheduling cycle (schedulePod with the default v1.32 profile) on 5,000 nodes carrying 30 pods
// each, the shape of the framework issue's target. Prints microseconds per cycle for three mixes:
//   basic     incoming pod with requests only, bound pods with requests only
//   spread    incoming pod with a zone topology spread constraint (DoNotSchedule)
//   affinity  incoming pod with a zone spread and a preferred pod anti-affinity; 10% of the bound
//             pods carry a required anti-affinity term, as a realistic cluster's databases do
// Usage: bench_schedulecycle [cycles] [threads]   (default 2000 cycles; threads for Filter and Score,
// default 1, which is what this benchmark measured before they could use more)
#include "cache.h"
#include "config/config.h"
#include "plugins/registry.h"
#include "profiles.h"
#include "schedule_one.h"

#include <QCoreApplication>
#include <QElapsedTimer>

#include <cstdio>

using namespace ksv;

namespace {

constexpr int nodeCount = 5000;
constexpr int podsPerNode = 30;
constexpr int zones = 5;

Quantity q(const char* text)
{
    return *Quantity::parse(QString::fromLatin1(text));
}

Container container(const char* cpu, const char* memory)
{
    Container c;
    c.name = QStringLiteral("app");
    c.image = QStringLiteral("registry.example.com/app:1.0");
    c.requests.insert(ResourceName::cpu, q(cpu));
    c.requests.insert(ResourceName::memory, q(memory));
    return c;
}

ClusterState buildCluster(bool withAffinity)
{
    ClusterState cluster;
    cluster.nodes.reserve(nodeCount);
    for (int i = 0; i < nodeCount; ++i) {
        Node node;
        node.meta.name = QStringLiteral("node-%1").arg(i);
        node.meta.uid = node.meta.name;
        node.meta.labels.insert(QStringLiteral("kubernetes.io/hostname"), node.meta.name);
        node.meta.labels.insert(QStringLiteral("topology.kubernetes.io/zone"), QStringLiteral("zone-%1").arg(i % zones));
        node.allocatable = {{ResourceName::cpu, q("64")}, {ResourceName::memory, q("256Gi")}, {ResourceName::pods, q("110")}};
        node.capacity = node.allocatable;
        cluster.nodes.append(node);
    }
    cluster.pods.reserve(nodeCount * podsPerNode);
    for (int n = 0; n < nodeCount; ++n) {
        for (int p = 0; p < podsPerNode; ++p) {
            Pod pod;
            pod.meta.name = QStringLiteral("bound-%1-%2").arg(n).arg(p);
            pod.meta.namespace_ = QStringLiteral("default");
            pod.meta.uid = pod.meta.name;
            pod.meta.labels.insert(QStringLiteral("app"), QStringLiteral("svc-%1").arg(p % 10));
            pod.nodeName = cluster.nodes[n].meta.name;
            pod.phase = PodPhase::Running;
            pod.priority = 0;
            pod.containers.append(container("500m", "1Gi"));
            if (withAffinity && p == 0 && n % 3 == 0) {
                PodAffinityTerm term;
                term.labelSelector = LabelSelector {{{QStringLiteral("app"), QStringLiteral("db")}}, {}};
                term.topologyKey = QStringLiteral("kubernetes.io/hostname");
                PodAffinity anti;
                anti.requiredDuringSchedulingIgnoredDuringExecution.append(term);
                pod.affinity.podAntiAffinity = anti;
            }
            cluster.pods.append(pod);
        }
    }
    return cluster;
}

Pod incomingPod(int mix)
{
    Pod pod;
    pod.meta.name = QStringLiteral("incoming");
    pod.meta.namespace_ = QStringLiteral("default");
    pod.meta.uid = pod.meta.name;
    pod.meta.labels.insert(QStringLiteral("app"), QStringLiteral("web"));
    pod.priority = 0;
    pod.containers.append(container("1", "2Gi"));
    if (mix >= 1) {
        TopologySpreadConstraint spread;
        spread.maxSkew = 1;
        spread.topologyKey = QStringLiteral("topology.kubernetes.io/zone");
        spread.labelSelector = LabelSelector {{{QStringLiteral("app"), QStringLiteral("web")}}, {}};
        pod.topologySpreadConstraints.append(spread);
    }
    if (mix >= 2) {
        WeightedPodAffinityTerm preferred;
        preferred.weight = 50;
        preferred.podAffinityTerm.labelSelector = LabelSelector {{{QStringLiteral("app"), QStringLiteral("web")}}, {}};
        preferred.podAffinityTerm.topologyKey = QStringLiteral("kubernetes.io/hostname");
        PodAffinity anti;
        anti.preferredDuringSchedulingIgnoredDuringExecution.append(preferred);
        pod.affinity.podAntiAffinity = anti;
    }
    return pod;
}

void run(const char* label, int mix, int cycles, int threads)
{
    framework::Parallelizer parallelizer(threads);
    const ClusterState cluster = buildCluster(mix == 2);
    SchedulerCache cache(cluster);
    framework::Random random(1);
    const framework::Registry registry = plugins::inTreeRegistry({});
    const config::KubeSchedulerConfiguration configuration = config::defaultConfiguration();
    Profiles profiles(configuration, registry, random);
    framework::Framework* framework = profiles.all().front().get();
    framework->setSnapshot(cache.snapshot());
    framework->setLister(cache.lister());
    framework->setParallelizer(&parallelizer);
    SchedulingAlgorithm algorithm(configuration.percentageOfNodesToScore);
    const Pod pod = incomingPod(mix);

    int scheduled = 0;
    QElapsedTimer timer;
    timer.start();
    for (int i = 0; i < cycles; ++i) {
        framework::CycleState state;
        const ScheduleOutcome outcome = algorithm.schedulePod(*framework, state, pod);
        scheduled += outcome.result.has_value();
    }
    const double micros = static_cast<double>(timer.nsecsElapsed()) / 1000.0 / cycles;
    std::printf("%-9s %d nodes x %d pods, %d thread(s): %8.1f us per cycle (%d/%d cycles found a node)\n", label, nodeCount, podsPerNode,
                threads, micros, scheduled, cycles);
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const int cycles = argc > 1 ? std::max(1, std::atoi(argv[1])) : 2000;
    const int threads = argc > 2 ? std::max(1, std::atoi(argv[2])) : 1;
    run("basic", 0, cycles, threads);
    run("spread", 1, cycles, threads);
    run("affinity", 2, cycles, threads);
    return 0;
}
