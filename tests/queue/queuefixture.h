#pragma once

// A SchedulingQueue on its own, set up the way upstream's scheduling_queue_test.go sets up a
// PriorityQueue: PrioritySort's order, a queueing-hint map written as a table, optional PreEnqueue
// plugins, and a clock the test moves by hand (the Simulator's m_now, here a plain variable).

#include "../plugins/builders.h"
#include "plugins/prioritysort.h"
#include "plugins/registry.h"
#include "plugins/schedulinggates.h"
#include "profiles.h"
#include "queue/schedulingqueue.h"

#include <QSet>

#include <memory>
#include <utility>

namespace ksv::test {

using framework::ClusterEvent;
using framework::QueueingHint;
using framework::QueueingHintFn;

inline constexpr VirtualNanos second = nanosPerSecond;
// Upstream starts its fake clock at time.Now(). Any instant will do; one far from 0 lets a test queue
// pods a few seconds before it, as upstream's tables do with timestamp.Add(-time.Second).
inline constexpr VirtualNanos start = 1000 * second;

inline const QueueingHintFn queueHintReturnQueue = [](const Pod&, const KubeObject*, const KubeObject*) {
    return QueueingHint::Queue;
};
inline const QueueingHintFn queueHintReturnSkip = [](const Pod&, const KubeObject*, const KubeObject*) {
    return QueueingHint::QueueSkip;
};

// One entry of upstream's QueueingHintMap: an event and the plugins' hint functions, in table order.
struct HintRow
{
    ClusterEvent event;
    QList<std::pair<QString, QueueingHintFn>> functions;
};
using HintMap = QList<HintRow>;

// upstream's preEnqueuePlugin: a pod passes when one of its label keys is in the allowlist.
struct AllowlistSpec
{
    QString name;
    QStringList allowlists;
};

struct QueueSetup
{
    HintMap hints;
    QList<AllowlistSpec> preEnqueue;
    bool schedulingGates = false; // the in-tree SchedulingGates plugin, with its own events
    QueueSettings settings;
};

// PrioritySort, registering no event: upstream's tests hand the queue its hint map, so nothing but
// the table may be interested in an event (the in-tree plugin, lacking EnqueueExtensions, would be
// interested in all of them).
class TableQueueSort final : public framework::Plugin, public framework::QueueSortPlugin, public framework::EnqueueExtensions
{
public:
    explicit TableQueueSort(framework::Handle& handle)
        : m_sort(handle)
    {
    }
    QString name() const override { return plugins::PrioritySort::Name; }
    bool less(const framework::QueuedPodSortKey& a, const framework::QueuedPodSortKey& b) const override { return m_sort.less(a, b); }
    QList<framework::ClusterEventWithHint> eventsToRegister() const override { return {}; }

private:
    plugins::PrioritySort m_sort;
};

// A profile needs a bind plugin; this one registers no event either.
class TableBinder final : public framework::Plugin, public framework::BindPlugin, public framework::EnqueueExtensions
{
public:
    QString name() const override { return QStringLiteral("TableBinder"); }
    framework::Status bind(framework::CycleState&, const Pod&, const QString&) override { return {}; }
    QList<framework::ClusterEventWithHint> eventsToRegister() const override { return {}; }
};

// A plugin of the hint table: it registers the table's events for its name and extends no extension
// point, as the plugin names in upstream's hand-written hint maps need not.
class HintPlugin : public framework::Plugin, public framework::EnqueueExtensions
{
public:
    HintPlugin(QString name, QList<framework::ClusterEventWithHint> events)
        : m_name(std::move(name))
        , m_events(std::move(events))
    {
    }
    QString name() const override { return m_name; }
    QList<framework::ClusterEventWithHint> eventsToRegister() const override { return m_events; }

private:
    QString m_name;
    QList<framework::ClusterEventWithHint> m_events;
};

class AllowlistPlugin final : public HintPlugin, public framework::PreEnqueuePlugin
{
public:
    AllowlistPlugin(const AllowlistSpec& spec, QList<framework::ClusterEventWithHint> events)
        : HintPlugin(spec.name, std::move(events))
        , m_allowlists(spec.allowlists)
    {
    }
    framework::Status preEnqueue(const Pod& pod) override
    {
        for (const auto& allowed : m_allowlists) {
            if (pod.meta.labels.contains(allowed))
                return {};
        }
        return framework::Status(framework::Code::UnschedulableAndUnresolvable, QStringLiteral("pod name not in allowlists"));
    }

private:
    QStringList m_allowlists;
};

// The queue, the frameworks behind it, the clock, and what the queue told its observer.
class QueueHarness final : public QueueObserver
{
public:
    explicit QueueHarness(const QueueSetup& setup = {})
    {
        // The table's events, per plugin, in the order the plugins first appear.
        QStringList order;
        QHash<QString, QList<framework::ClusterEventWithHint>> events;
        for (const auto& row : setup.hints) {
            for (const auto& [plugin, fn] : row.functions) {
                if (!order.contains(plugin))
                    order.append(plugin);
                events[plugin].append({row.event, fn});
            }
        }
        config::Profile profile;
        profile.schedulerName = defaultSchedulerName;
        auto enable = [&profile](const QString& name) {
            config::PluginRef ref;
            ref.name = name;
            profile.plugins.multiPoint.enabled.append(ref);
        };
        m_registry.add(plugins::PrioritySort::Name, [](const config::PluginConfig*, framework::Handle& handle) {
            return std::make_unique<TableQueueSort>(handle);
        });
        enable(plugins::PrioritySort::Name);
        m_registry.add(QStringLiteral("TableBinder"), [](const config::PluginConfig*, framework::Handle&) {
            return std::make_unique<TableBinder>();
        });
        enable(QStringLiteral("TableBinder"));
        if (setup.schedulingGates) {
            m_registry.add(plugins::SchedulingGates::Name, *plugins::inTreeRegistry({}).factory(plugins::SchedulingGates::Name));
            enable(plugins::SchedulingGates::Name);
        }
        for (const auto& spec : setup.preEnqueue) {
            const QList<framework::ClusterEventWithHint> own = events.value(spec.name);
            m_registry.add(spec.name, [spec, own](const config::PluginConfig*, framework::Handle&) {
                return std::make_unique<AllowlistPlugin>(spec, own);
            });
            enable(spec.name);
            order.removeAll(spec.name);
        }
        for (const auto& name : std::as_const(order)) {
            if (name == plugins::SchedulingGates::Name)
                continue; // the in-tree plugin registers its own events
            const QList<framework::ClusterEventWithHint> own = events.value(name);
            m_registry.add(name, [name, own](const config::PluginConfig*, framework::Handle&) {
                return std::make_unique<HintPlugin>(name, own);
            });
            enable(name);
        }
        config::KubeSchedulerConfiguration configuration;
        configuration.profiles = {profile};
        m_profiles = std::make_unique<Profiles>(configuration, m_registry, m_random);
        m_queue = std::make_unique<SchedulingQueue>(*m_profiles, setup.settings, now, this);
    }
    QueueHarness(const QueueHarness&) = delete;
    QueueHarness& operator=(const QueueHarness&) = delete;
    ~QueueHarness() override = default;

    SchedulingQueue& queue() { return *m_queue; }

    // QueueObserver
    void podMoved(const QueuedPodInfo&, trace::PodLocation, trace::PodLocation, const QString&) override {}
    void podIncoming(const QString& queueName, const QString& event) override { ++incoming[queueName + QLatin1Char('/') + event]; }
    void hintEvaluated(const QueuedPodInfo&, const QString&, const QString&, QueueingHint) override { ++hintCalls; }

    VirtualNanos now = start;
    QMap<QString, int> incoming; // "queue/event" → scheduler_queue_incoming_pods_total
    int hintCalls = 0;

private:
    framework::Registry m_registry;
    framework::Random m_random {1};
    std::unique_ptr<Profiles> m_profiles;
    std::unique_ptr<SchedulingQueue> m_queue;
};

// Upstream's queue names for where a pod is (gated pods live in unschedulablePods).
inline const QString activeQ = QStringLiteral("activeQ");
inline const QString backoffQ = QStringLiteral("backoffQ");
inline const QString unschedulablePods = QStringLiteral("unschedulablePods");
inline const QString notInAnyQueue = QStringLiteral("NotInAnyQueue");

inline QString queueOf(const SchedulingQueue& queue, const Pod& pod)
{
    const QueuedPodInfo* info = queue.find(pod.meta.uid);
    if (!info)
        return notInAnyQueue;
    switch (info->location) {
    case trace::PodLocation::Active: return activeQ;
    case trace::PodLocation::Backoff: return backoffQ;
    case trace::PodLocation::Unschedulable:
    case trace::PodLocation::Gated: return unschedulablePods;
    default: return trace::toString(info->location);
    }
}

// Pop, and the popped pod's name ("" when activeQ is empty). The pod stays in flight, as upstream's
// does after a Pop the test never follows with AddUnschedulableIfNotPresent.
inline QString popName(SchedulingQueue& queue)
{
    const QueuedPodInfoPtr popped = queue.pop();
    return popped ? popped->pod().meta.name : QString();
}

// Names of the pods in a key list ("ns/name").
inline QStringList names(const QStringList& keys)
{
    QStringList result;
    for (const auto& key : keys)
        result.append(key.section(QLatin1Char('/'), 1));
    return result;
}

// A failed attempt: Add, Pop (the pod must come out), then AddUnschedulableIfNotPresent with the
// plugins that rejected it. Our queue takes pods into unschedulablePods and backoffQ only this way,
// where upstream's tests often put a QueuedPodInfo there directly; the popped pod has Attempts 1, as
// upstream's attemptQueuedPodInfo gives it.
inline bool failAttempt(SchedulingQueue& queue, const Pod& pod, const QSet<QString>& unschedulablePlugins = {},
                        const QSet<QString>& pendingPlugins = {})
{
    queue.add(pod);
    QueuedPodInfoPtr popped = queue.pop();
    if (!popped || popped->uid() != pod.meta.uid)
        return false;
    popped->unschedulablePlugins = unschedulablePlugins;
    popped->pendingPlugins = pendingPlugins;
    queue.addUnschedulableIfNotPresent(std::move(popped), queue.schedulingCycle(), trace::PodLocation::Scheduling);
    return true;
}

inline Pod withAnnotation(Pod pod, const char* key, const char* value)
{
    pod.meta.annotations.insert(QString::fromLatin1(key), QString::fromLatin1(value));
    return pod;
}

// The pods of upstream's var block (lowPriority 0, mediumPriority 500, highPriority 1000).
inline constexpr int lowPriority = 0;
inline constexpr int midPriority = 100;
inline constexpr int highPriority = 1000;
inline constexpr int mediumPriority = (lowPriority + highPriority) / 2;

inline Pod highPriorityPod()
{
    return PodBuilder("hpp", "ns1").uid("hppns1").priority(highPriority);
}
inline Pod highPriNominatedPod()
{
    return PodBuilder("hpp", "ns1").uid("hppns1").priority(highPriority).nominatedNode("node1");
}
inline Pod medPriorityPod()
{
    return withAnnotation(PodBuilder("mpp", "ns2").uid("mppns2").priority(mediumPriority).nominatedNode("node1"), "annot2", "val2");
}
inline Pod unschedulablePod()
{
    Pod pod = withAnnotation(PodBuilder("up", "ns1").uid("upns1").priority(lowPriority).nominatedNode("node1"), "annot2", "val2");
    pod.conditions.append({QStringLiteral("PodScheduled"), QStringLiteral("False"), QStringLiteral("Unschedulable"), {}});
    return pod;
}

// clonePod: another name, and the UID upstream derives from it.
inline Pod clonePod(Pod pod, const char* newName)
{
    pod.meta.name = QString::fromLatin1(newName);
    pod.meta.uid = pod.meta.name + pod.meta.namespace_;
    return pod;
}

} // namespace ksv::test
