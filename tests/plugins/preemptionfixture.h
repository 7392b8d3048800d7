#pragma once

// What tst_defaultpreemption needs around the plugin: upstream's test plugins (FakeFilter, FalseFilter,
// the "test-plugin" whose PreFilter extensions fail on nodes labelled error=true), a handle that runs
// filters and PreFilter extensions the way frameworkImpl does (skipping plugins whose PreFilter returned
// Skip, wrapping extension errors), and the resources and priorities of default_preemption_test.go.

#include "plugins/defaultpreemption.h"
#include "plugins/interpodaffinity.h"
#include "plugins/noderesourcesfit.h"
#include "plugins/podtopologyspread.h"

#include "builders.h"
#include "testhandle.h"

#include <vector>

namespace ksv::test {

constexpr int negPriority = -100, lowPriority = 0, midPriority = 100, highPriority = 1000, veryHighPriority = 10000;

enum class Res { None, Small, Medium, Large, VeryLarge };

inline PodBuilder& withReq(PodBuilder& builder, Res res)
{
    switch (res) {
    case Res::None: break;
    case Res::Small: builder.req({{"cpu", "100m"}, {"memory", "100"}}); break;
    case Res::Medium: builder.req({{"cpu", "200m"}, {"memory", "200"}}); break;
    case Res::Large: builder.req({{"cpu", "300m"}, {"memory", "300"}}); break;
    case Res::VeryLarge: builder.req({{"cpu", "500m"}, {"memory", "500"}}); break;
    }
    return builder;
}

// st.MakePod().Name(name).UID(name).Node(node).Priority(priority).Req(res)[.StartTime(epochTime<ms>)].
inline Pod makePod(const char* name, const char* node, int priority, Res res = Res::None, std::optional<qint64> startMs = std::nullopt)
{
    PodBuilder builder(name);
    builder.priority(priority);
    if (*node)
        builder.node(node);
    withReq(builder, res);
    Pod result = builder.obj();
    result.startTimeMs = startMs;
    return result;
}

inline Pod labelled(Pod pod, const char* key, const char* value)
{
    pod.meta.labels.insert(QString::fromLatin1(key), QString::fromLatin1(value));
    return pod;
}

// st.MakeNode().Name(..).Capacity(veryLargeRes), which also gives 32 pods; "node-a/zone1" names a node
// node-a with labels hostname=node-a and zone=zone1, as upstream's tests split it.
inline Node veryLargeNode(const QString& spec)
{
    const QStringList parts = spec.split(QLatin1Char('/'));
    NodeBuilder builder(parts[0].toLatin1().constData());
    builder.capacity({{"cpu", "500m"}, {"memory", "500"}, {"pods", "32"}});
    static const char* const keys[] = {"hostname", "zone", "region"};
    for (qsizetype i = 0; i < parts.size() && i < 3; ++i)
        builder.label(keys[i], parts[i].toLatin1().constData());
    return builder.obj();
}

inline QList<Node> veryLargeNodes(const QStringList& specs)
{
    QList<Node> nodes;
    for (const auto& spec : specs)
        nodes.append(veryLargeNode(spec));
    return nodes;
}

// tf.FakeFilterPlugin: counts its calls, and fails every node with `code` when one is given.
class FakeFilter final : public framework::Plugin, public framework::FilterPlugin
{
public:
    QString name() const override { return QStringLiteral("FakeFilter"); }
    framework::Status filter(framework::CycleState&, const Pod& pod, const framework::NodeInfo&) override
    {
        ++numFilterCalled;
        if (code)
            return framework::Status(*code, QStringLiteral("injecting failure for pod ") + pod.meta.name);
        return {};
    }
    std::optional<framework::Code> code;
    int numFilterCalled = 0;
};

// tf.NewFalseFilterPlugin.
class FalseFilter final : public framework::Plugin, public framework::FilterPlugin
{
public:
    QString name() const override { return QStringLiteral("FalseFilter"); }
    framework::Status filter(framework::CycleState&, const Pod&, const framework::NodeInfo&) override
    {
        return framework::Status(framework::Code::Unschedulable, QStringLiteral("Nodes failed the fake plugin"));
    }
};

// default_preemption_test.go's TestPlugin, registered as a PreFilter plugin only.
class ErrorOnLabelPlugin final : public framework::Plugin, public framework::PreFilterPlugin, public framework::PreFilterExtensions
{
public:
    QString name() const override { return QStringLiteral("test-plugin"); }
    framework::PreFilterOutcome preFilter(framework::CycleState&, const Pod&, const QList<framework::NodeInfoPtr>&) override { return {}; }
    framework::PreFilterExtensions* preFilterExtensions() override { return this; }
    framework::Status addPod(framework::CycleState&, const Pod& pod, const framework::PodInfoPtr&, const framework::NodeInfo& nodeInfo) override
    {
        if (nodeInfo.node().meta.labels.value(QStringLiteral("error")) == QLatin1String("true"))
            return framework::Status::error(QStringLiteral("failed to add pod: ") + pod.meta.name);
        return {};
    }
    framework::Status removePod(framework::CycleState&, const Pod& pod, const framework::PodInfoPtr&, const framework::NodeInfo& nodeInfo) override
    {
        if (nodeInfo.node().meta.labels.value(QStringLiteral("error")) == QLatin1String("true"))
            return framework::Status::error(QStringLiteral("failed to remove pod: ") + pod.meta.name);
        return {};
    }
};

// frameworkImpl's runners over TestHandle's plugin lists.
class PreemptionHandle : public TestHandle
{
public:
    using TestHandle::TestHandle;

    framework::Status runFilterPluginsWithNominatedPods(framework::CycleState& state, const Pod& pod,
                                                        const framework::NodeInfo& nodeInfo) override
    {
        for (auto* plugin : std::as_const(filters)) {
            const QString name = dynamic_cast<framework::Plugin*>(plugin)->name();
            if (state.skipFilterPlugins().contains(name))
                continue;
            framework::Status status = plugin->filter(state, pod, nodeInfo);
            if (!status.isSuccess())
                return status.withPlugin(name);
        }
        return {};
    }
    framework::Status runPreFilterExtensionAddPod(framework::CycleState& state, const Pod& podToSchedule,
                                                  const framework::PodInfoPtr& podToAdd, const framework::NodeInfo& nodeInfo) override
    {
        return runExtensions(state, QStringLiteral("AddPod"), [&](framework::PreFilterExtensions& e) {
            return e.addPod(state, podToSchedule, podToAdd, nodeInfo);
        });
    }
    framework::Status runPreFilterExtensionRemovePod(framework::CycleState& state, const Pod& podToSchedule,
                                                     const framework::PodInfoPtr& podToRemove, const framework::NodeInfo& nodeInfo) override
    {
        return runExtensions(state, QStringLiteral("RemovePod"), [&](framework::PreFilterExtensions& e) {
            return e.removePod(state, podToSchedule, podToRemove, nodeInfo);
        });
    }

    // RunPreFilterPlugins, as upstream's tests call it to fill the cycle state.
    std::unique_ptr<framework::CycleState> runPreFilter(const Pod& pod)
    {
        auto state = std::make_unique<framework::CycleState>();
        for (auto* plugin : std::as_const(preFilters)) {
            const framework::PreFilterOutcome outcome = plugin->preFilter(*state, pod, snapshot().nodeInfos());
            if (outcome.status.isSkip())
                state->skipFilterPlugins().insert(dynamic_cast<framework::Plugin*>(plugin)->name());
        }
        return state;
    }

private:
    template<typename F>
    framework::Status runExtensions(framework::CycleState& state, const QString& operation, F run)
    {
        for (auto* plugin : std::as_const(preFilters)) {
            const QString name = dynamic_cast<framework::Plugin*>(plugin)->name();
            auto* extensions = plugin->preFilterExtensions();
            if (!extensions || state.skipFilterPlugins().contains(name))
                continue;
            const framework::Status status = run(*extensions);
            if (!status.isSuccess())
                return framework::Status::error(QStringLiteral("running ") + operation + QStringLiteral(" on PreFilter plugin \"") + name
                                                + QStringLiteral("\": ") + status.message());
        }
        return {};
    }
};

enum PluginSet : unsigned { Fit = 1, InterPodAffinity = 2, TopologySpread = 4, TestPlugin = 8, FalseFilterPlugin = 16, Counting = 32 };

// A framework of the given plugins (in upstream's registration order: the counting FakeFilter first)
// over the nodes and pods, and DefaultPreemption on it.
struct Fixture
{
    Fixture(const QList<Node>& nodes, const QList<Pod>& pods, unsigned set, const config::DefaultPreemptionArgs& args = {},
            ClusterState cluster = {})
        : handle(nodes, pods, std::move(cluster))
    {
        if (set & Counting)
            handle.filters.append(&fake);
        if (set & FalseFilterPlugin)
            add(std::make_unique<FalseFilter>(), true, false);
        if (set & Fit)
            add(std::make_unique<plugins::NodeResourcesFit>(config::NodeResourcesFitArgs {}, handle), true, true);
        if (set & InterPodAffinity)
            add(std::make_unique<plugins::InterPodAffinity>(config::InterPodAffinityArgs {}, handle), true, true);
        if (set & TopologySpread)
            add(std::make_unique<plugins::PodTopologySpread>(config::PodTopologySpreadArgs {}, handle), true, true);
        if (set & TestPlugin)
            add(std::make_unique<ErrorOnLabelPlugin>(), false, true);
        preemption = std::make_unique<plugins::DefaultPreemption>(args, handle);
    }

    template<typename T>
    void add(std::unique_ptr<T> plugin, bool filter, bool preFilter)
    {
        if constexpr (std::is_base_of_v<framework::FilterPlugin, T>) {
            if (filter)
                handle.filters.append(plugin.get());
        }
        if constexpr (std::is_base_of_v<framework::PreFilterPlugin, T>) {
            if (preFilter)
                handle.preFilters.append(plugin.get());
        }
        ownedPlugins.push_back(std::move(plugin));
    }

    PreemptionHandle handle;
    FakeFilter fake;
    std::vector<std::unique_ptr<framework::Plugin>> ownedPlugins;
    std::unique_ptr<plugins::DefaultPreemption> preemption;
};

// A candidate as "node:victim,victim/violations", victims sorted by name as upstream's test compares them.
inline QString describe(const preemption::Candidate& candidate)
{
    QStringList names;
    for (const auto& victim : candidate.victims.pods)
        names.append(victim->pod->meta.name);
    names.sort();
    return candidate.name + QLatin1Char(':') + names.join(QLatin1Char(',')) + QLatin1Char('/')
        + QString::number(candidate.victims.numPDBViolations);
}

inline preemption::DisruptionBudget appFooBudget(int allowed, QSet<QString> disruptedPods = {})
{
    LabelSelector selector;
    selector.matchLabels.insert(QStringLiteral("app"), QStringLiteral("foo"));
    return {QStringLiteral("default"), selector, allowed, std::move(disruptedPods)};
}

// ---- The shapes of default_preemption_test.go ----------------------------------------------------

inline constexpr unsigned fitOnly = PluginSet::Fit;

inline framework::NodeToStatus statuses(std::initializer_list<std::pair<const char*, framework::Code>> entries)
{
    framework::NodeToStatus m;
    for (const auto& [node, code] : entries)
        m.set(QString::fromLatin1(node), framework::Status(code));
    return m;
}

inline Node capacityNode(const char* name, ResourcePairs capacity, const char* errorLabel = nullptr)
{
    NodeBuilder builder(name);
    builder.capacity(capacity);
    if (errorLabel)
        builder.label("error", errorLabel);
    return builder.obj();
}

inline Node onePodNode(const char* name) { return capacityNode(name, {{"pods", "1"}}); }
inline Node cpuNode(const char* name) { return capacityNode(name, {{"cpu", "200m"}, {"memory", "400"}, {"pods", "32"}}); }
inline Node largeNode(const char* name, const char* error = nullptr)
{
    return capacityNode(name, {{"cpu", "300m"}, {"memory", "300"}, {"pods", "32"}}, error);
}

inline Pod incoming(int priority, Res res = Res::None)
{
    return makePod("p", "", priority, res);
}

inline Pod withPolicy(Pod pod, PreemptionPolicy policy)
{
    pod.preemptionPolicy = policy;
    return pod;
}

// A pod being deleted; with `byPreemption`, carrying the condition preemption sets on its victims.
inline Pod terminating(Pod pod, bool byPreemption)
{
    pod.meta.deletionTimestampMs = 1;
    if (byPreemption)
        pod.conditions.append({QStringLiteral("DisruptionTarget"), QStringLiteral("True"), QStringLiteral("PreemptionByScheduler"), {}});
    return pod;
}

inline Pod nominatedTo(Pod pod, const char* node)
{
    pod.nominatedNodeName = QString::fromLatin1(node);
    return pod;
}

inline LabelSelector existsFoo()
{
    LabelSelector selector;
    selector.matchExpressions.append({QStringLiteral("foo"), SelectorOperator::Exists, {}});
    return selector;
}

// st.MakePod()...SpreadConstraint(1, "zone", DoNotSchedule, Exists(foo)).SpreadConstraint(1, "hostname", ...).
inline Pod spreadPod(Pod pod)
{
    for (const char* key : {"zone", "hostname"}) {
        TopologySpreadConstraint constraint;
        constraint.topologyKey = QString::fromLatin1(key);
        constraint.labelSelector = existsFoo();
        pod.topologySpreadConstraints.append(constraint);
    }
    return pod;
}

inline Pod foo(Pod pod) { return labelled(std::move(pod), "foo", ""); }
inline Pod appFoo(Pod pod) { return labelled(std::move(pod), "app", "foo"); }

inline PodDisruptionBudget pdb(const char* name, const char* key, const char* value, IntOrPercent minAvailable, std::optional<int> allowed)
{
    PodDisruptionBudget budget;
    budget.meta.name = QString::fromLatin1(name);
    budget.meta.namespace_ = QStringLiteral("default");
    LabelSelector selector;
    selector.matchLabels.insert(QString::fromLatin1(key), QString::fromLatin1(value));
    budget.selector = selector;
    budget.minAvailable = minAvailable;
    budget.disruptionsAllowed = allowed;
    return budget;
}

inline config::DefaultPreemptionArgs args(int percentage, int absolute)
{
    config::DefaultPreemptionArgs result;
    result.minCandidateNodesPercentage = percentage;
    result.minCandidateNodesAbsolute = absolute;
    return result;
}

} // namespace ksv::test
