#include "runtime.h"

#include "registry.h"
#include "decoding/loaderror.h"

#include <QSet>

#include <bit>
#include <mutex>

namespace ksv::framework {

namespace {
// framework.maxTimeout: a Permit plugin may not ask a pod to wait longer.
constexpr qint64 maxPermitTimeout = 15LL * 60 * 1'000'000'000;

// The error text of a Status that is not a rejection (Status.AsError).
QString asError(const Status& status)
{
    return status.message();
}
} // namespace

// ---- Building a framework from a profile (NewFramework) ------------------------------------------

class FrameworkBuilder
{
public:
    FrameworkBuilder(const Registry& registry, const config::Profile& profile, Framework& framework)
        : m_registry(registry)
        , m_profile(profile)
        , m_framework(framework)
    {
    }

    void build()
    {
        instantiate();
        // Upstream fills the extension points in this order, so the first error it meets is ours too.
        fill(&config::Plugins::preFilter, m_framework.m_preFilter, "PreFilterPlugin");
        fill(&config::Plugins::filter, m_framework.m_filter, "FilterPlugin");
        fill(&config::Plugins::postFilter, m_framework.m_postFilter, "PostFilterPlugin");
        fill(&config::Plugins::reserve, m_framework.m_reserve, "ReservePlugin");
        fill(&config::Plugins::preScore, m_framework.m_preScore, "PreScorePlugin");
        fill(&config::Plugins::score, m_framework.m_score, "ScorePlugin");
        fill(&config::Plugins::preBind, m_framework.m_preBind, "PreBindPlugin");
        fill(&config::Plugins::bind, m_framework.m_bind, "BindPlugin");
        fill(&config::Plugins::postBind, m_framework.m_postBind, "PostBindPlugin");
        fill(&config::Plugins::permit, m_framework.m_permit, "PermitPlugin");
        fill(&config::Plugins::preEnqueue, m_framework.m_preEnqueue, "PreEnqueuePlugin");
        fill(&config::Plugins::queueSort, m_framework.m_queueSort, "QueueSortPlugin");
        checkWeights();
        if (m_framework.m_queueSort.size() != 1) {
            fail(m_profile.source, m_profile.path + QStringLiteral(".plugins.queueSort"),
                 QStringLiteral("only one queue sort plugin required for profile with scheduler name \"") + m_profile.schedulerName
                     + QStringLiteral("\", but got ") + QString::number(m_framework.m_queueSort.size()));
        }
        if (m_framework.m_bind.empty()) {
            fail(m_profile.source, m_profile.path + QStringLiteral(".plugins.bind"),
                 QStringLiteral("at least one bind plugin is needed for profile with scheduler name \"") + m_profile.schedulerName + QLatin1Char('"'));
        }
    }

private:
    [[noreturn]] static void fail(const SourceLocation& where, const QString& path, const QString& message)
    {
        throw LoadError(where, path, message);
    }

    // Every plugin named anywhere is built once and shared by its extension points.
    void instantiate()
    {
        const config::Plugins& plugins = m_profile.plugins;
        for (const auto& point : config::extensionPoints) {
            for (const auto& ref : (plugins.*point.set).enabled) {
                if (m_framework.m_byName.contains(ref.name))
                    continue;
                const PluginFactory* factory = m_registry.factory(ref.name);
                if (!factory)
                    continue; // reported with its extension point's type below, as upstream does
                const config::PluginConfig* pluginConfig = nullptr;
                for (const auto& entry : m_profile.pluginConfig) {
                    if (entry.name == ref.name)
                        pluginConfig = &entry;
                }
                std::unique_ptr<Plugin> plugin = (*factory)(pluginConfig, m_framework);
                m_framework.m_byName.insert(ref.name, plugin.get());
                m_framework.m_plugins.push_back(std::move(plugin));
            }
        }
    }

    template<typename T>
    T* lookup(const config::PluginRef& ref, const char* type) const
    {
        Plugin* plugin = m_framework.m_byName.value(ref.name);
        if (!plugin)
            fail(ref.source, ref.path, QLatin1String(type) + QStringLiteral(" \"") + ref.name + QStringLiteral("\" does not exist"));
        return dynamic_cast<T*>(plugin);
    }

    // updatePluginList, then expandMultiPointPlugins, for one extension point.
    template<typename T>
    void fill(config::PluginSet config::Plugins::*member, std::vector<Framework::Entry<T>>& list, const char* type)
    {
        const config::PluginSet& explicitSet = m_profile.plugins.*member;
        QList<Framework::Entry<T>> explicitEntries;
        QSet<QString> explicitNames;
        for (const auto& ref : explicitSet.enabled) {
            T* plugin = lookup<T>(ref, type);
            if (!plugin) {
                fail(ref.source, ref.path, QStringLiteral("plugin \"") + ref.name + QStringLiteral("\" does not extend ")
                                               + QLatin1String(type) + QStringLiteral(" plugin"));
            }
            if (explicitNames.contains(ref.name)) {
                fail(ref.source, ref.path, QStringLiteral("plugin \"") + ref.name + QStringLiteral("\" already registered as \"")
                                               + QLatin1String(type) + QLatin1Char('"'));
            }
            // Only Score uses weights; a weight elsewhere is a mistake worth saying.
            if (ref.weight != 0 && member != &config::Plugins::score) {
                fail(ref.source, ref.path + QStringLiteral(".weight"),
                     QStringLiteral("Invalid value: ") + QString::number(ref.weight) + QStringLiteral(": weight is only used by score plugins"));
            }
            explicitNames.insert(ref.name);
            explicitEntries.append({plugin, ref.name});
        }

        QSet<QString> disabled;
        for (const auto& ref : explicitSet.disabled)
            disabled.insert(ref.name);
        QList<Framework::Entry<T>> overrides;
        QList<Framework::Entry<T>> fromMultiPoint;
        QSet<QString> multiPointNames;
        if (!disabled.contains(QStringLiteral("*"))) {
            for (const auto& ref : m_profile.plugins.multiPoint.enabled) {
                T* plugin = lookup<T>(ref, type);
                if (!plugin || disabled.contains(ref.name))
                    continue;
                if (explicitNames.contains(ref.name)) {
                    // Explicit configuration wins over multiPoint; it moves to the front.
                    const auto it = std::find_if(explicitEntries.begin(), explicitEntries.end(),
                                                 [&ref](const auto& e) { return e.name == ref.name; });
                    overrides.append(*it);
                    explicitEntries.erase(it);
                    continue;
                }
                if (multiPointNames.contains(ref.name)) {
                    fail(ref.source, ref.path, QStringLiteral("plugin \"") + ref.name + QStringLiteral("\" already registered as \"")
                                                   + QLatin1String(type) + QLatin1Char('"'));
                }
                multiPointNames.insert(ref.name);
                fromMultiPoint.append({plugin, ref.name});
            }
        }
        for (const auto* part : {&overrides, &fromMultiPoint, &explicitEntries}) {
            for (const auto& entry : *part)
                list.push_back(entry);
        }
    }

    // getScoreWeights: Score's explicit entries first, then multiPoint; the first mention wins; 0 → 1.
    void checkWeights()
    {
        QMap<QString, qint64> weights;
        for (const auto* set : {&m_profile.plugins.score, &m_profile.plugins.multiPoint}) {
            for (const auto& ref : set->enabled) {
                const bool isScore = dynamic_cast<ScorePlugin*>(m_framework.m_byName.value(ref.name)) != nullptr;
                if (set == &m_profile.plugins.multiPoint && ref.weight != 0 && !isScore) {
                    fail(ref.source, ref.path + QStringLiteral(".weight"),
                         QStringLiteral("Invalid value: ") + QString::number(ref.weight) + QStringLiteral(": weight is only used by score plugins"));
                }
                if (isScore && !weights.contains(ref.name))
                    weights.insert(ref.name, ref.weight == 0 ? 1 : ref.weight);
            }
        }
        qint64 total = 0;
        for (const auto& entry : m_framework.m_score) {
            const qint64 weight = weights.value(entry.name, 1);
            if (weight * maxNodeScore > maxTotalScore - total)
                fail(m_profile.source, m_profile.path + QStringLiteral(".plugins.score"), QStringLiteral("total score of Score plugins could overflow"));
            total += weight * maxNodeScore;
            m_framework.m_scoreWeights.insert(entry.name, weight);
        }
    }

    const Registry& m_registry;
    const config::Profile& m_profile;
    Framework& m_framework;
};

Framework::Framework(QString profileName, Random& random)
    : m_profileName(std::move(profileName))
    , m_random(random)
{
}

Framework::~Framework() = default;

std::unique_ptr<Framework> Framework::create(const Registry& registry, const config::Profile& profile, Random& random)
{
    std::unique_ptr<Framework> framework(new Framework(profile.schedulerName, random));
    framework->m_percentageOfNodesToScore = profile.percentageOfNodesToScore;
    FrameworkBuilder(registry, profile, *framework).build();
    return framework;
}

Plugin* Framework::plugin(const QString& name) const
{
    return m_byName.value(name);
}

QList<std::pair<QString, QStringList>> Framework::listPlugins() const
{
    QList<std::pair<QString, QStringList>> result;
    const auto add = [&result](const char* point, const auto& list) {
        QStringList names;
        for (const auto& entry : list)
            names.append(entry.name);
        if (!names.isEmpty())
            result.append({QLatin1String(point), names});
    };
    add("PreEnqueue", m_preEnqueue);
    add("QueueSort", m_queueSort);
    add("PreFilter", m_preFilter);
    add("Filter", m_filter);
    add("PostFilter", m_postFilter);
    add("PreScore", m_preScore);
    add("Score", m_score);
    add("Reserve", m_reserve);
    add("Permit", m_permit);
    add("PreBind", m_preBind);
    add("Bind", m_bind);
    add("PostBind", m_postBind);
    return result;
}

// ---- Queue ---------------------------------------------------------------------------------------

Status Framework::runPreEnqueuePlugins(const Pod& pod)
{
    for (const auto& entry : m_preEnqueue) {
        Status status = entry.plugin->preEnqueue(pod);
        record(ExtensionPoint::PreEnqueue, entry.name, status);
        if (!status.isSuccess()) {
            status.withPlugin(entry.name);
            if (!status.isRejected())
                return Status::error(QStringLiteral("running PreEnqueue plugin \"") + entry.name + QStringLiteral("\": ") + asError(status)).withPlugin(entry.name);
            return status;
        }
    }
    return {};
}

bool Framework::queueSortLess(const QueuedPodSortKey& a, const QueuedPodSortKey& b) const
{
    return m_queueSort.front().plugin->less(a, b);
}

// ---- Filtering -----------------------------------------------------------------------------------

Framework::PreFilterRun Framework::runPreFilterPlugins(CycleState& state, const Pod& pod)
{
    PreFilterRun run;
    QStringList pluginsWithNodes;
    QSet<QString> skip;
    for (const auto& entry : m_preFilter) {
        PreFilterOutcome outcome = entry.plugin->preFilter(state, pod, m_snapshot->nodeInfos());
        record(ExtensionPoint::PreFilter, entry.name, outcome.status);
        if (outcome.status.isSkip()) {
            skip.insert(entry.name);
            continue;
        }
        if (!outcome.status.isSuccess()) {
            outcome.status.withPlugin(entry.name);
            if (outcome.status.isRejected()) {
                run.status = outcome.status;
                run.unschedulablePlugins = {entry.name};
                return run;
            }
            run.status = Status::error(QStringLiteral("running PreFilter plugin \"") + entry.name + QStringLiteral("\": ") + asError(outcome.status));
            return run;
        }
        if (!outcome.result.allNodes())
            pluginsWithNodes.append(entry.name);
        run.result = run.result.merge(outcome.result);
        if (!run.result.allNodes() && run.result.nodeNames->isEmpty()) {
            QString message = QStringLiteral("node(s) didn't satisfy plugin ") + pluginsWithNodes.constFirst();
            if (pluginsWithNodes.size() > 1)
                message = QStringLiteral("node(s) didn't satisfy plugin(s) [") + pluginsWithNodes.join(QLatin1Char(' ')) + QStringLiteral("] simultaneously");
            run.status = Status(Code::UnschedulableAndUnresolvable, message);
            run.unschedulablePlugins = pluginsWithNodes;
            run.unschedulablePlugins.sort();
            return run;
        }
    }
    state.skipFilterPlugins() = skip;
    run.unschedulablePlugins = pluginsWithNodes;
    run.unschedulablePlugins.sort();
    return run;
}

void Framework::prepareFilterPlugins(CycleState& state) const
{
    std::optional<quint64>& mask = state.skipFilterMask();
    if (mask)
        return;
    // Hashing plugin names per node and plugin is what a large cluster's Filter pass spent most on;
    // the set only changes in PreFilter, so it becomes one bit mask per cycle.
    const QSet<QString>& skip = std::as_const(state).skipFilterPlugins();
    quint64 bits = 0;
    for (size_t i = 0; i < m_filter.size() && i < 64; ++i) {
        if (skip.contains(m_filter[i].name))
            bits |= quint64(1) << i;
    }
    mask = bits;
}

Parallelizer& Framework::parallelizer() const
{
    static Parallelizer serial(1);
    return m_parallelizer ? *m_parallelizer : serial;
}

Status Framework::runFilterPlugins(CycleState& state, const Pod& pod, const NodeInfo& nodeInfo)
{
    prepareFilterPlugins(state);
    const auto failed = [](const Entry<FilterPlugin>& entry, Status status) {
        if (!status.isRejected())
            status = Status::error(QStringLiteral("running \"") + entry.name + QStringLiteral("\" filter plugin: ") + asError(status));
        return status.withPlugin(entry.name);
    };
    // Only the plugins not skipped, found from the mask's clear bits: a pod usually skips half of
    // the dozen default Filter plugins, and this runs for every node.
    const size_t masked = std::min<size_t>(m_filter.size(), 64);
    quint64 active = ~*state.skipFilterMask() & (masked == 64 ? ~quint64(0) : (quint64(1) << masked) - 1);
    for (; active; active &= active - 1) {
        const auto& entry = m_filter[size_t(std::countr_zero(active))];
        Status status = entry.plugin->filter(state, pod, nodeInfo);
        if (!status.isSuccess())
            return failed(entry, std::move(status));
    }
    for (size_t i = masked; i < m_filter.size(); ++i) {
        const auto& entry = m_filter[i];
        if (std::as_const(state).skipFilterPlugins().contains(entry.name))
            continue;
        Status status = entry.plugin->filter(state, pod, nodeInfo);
        if (!status.isSuccess())
            return failed(entry, std::move(status));
    }
    return {};
}

namespace {

class NoWaitingPods final : public WaitingPods
{
public:
    void iterate(const std::function<void(WaitingPod&)>&) override {}
    WaitingPod* get(const QString&) override { return nullptr; }
};

class NoPods final : public PodLister
{
public:
    void forEachPod(const std::function<void(const Pod&)>&) const override {}
};

} // namespace

WaitingPods& Framework::waitingPods()
{
    static NoWaitingPods none;
    return m_waitingPods ? *m_waitingPods : none;
}

const PodLister& Framework::podLister() const
{
    static const NoPods none;
    return m_podLister ? *m_podLister : none;
}

QList<std::pair<QString, Plugin*>> Framework::plugins() const
{
    QList<std::pair<QString, Plugin*>> result;
    for (const auto& plugin : m_plugins)
        result.append({plugin->name(), plugin.get()});
    return result;
}

QList<Framework::PluginEvents> Framework::enqueueExtensions() const
{
    QList<PluginEvents> result;
    for (const auto& plugin : m_plugins) {
        if (const auto* extensions = dynamic_cast<const EnqueueExtensions*>(plugin.get()))
            result.append({plugin->name(), extensions->eventsToRegister()});
        else
            result.append({plugin->name(), {ClusterEventWithHint {ClusterEvent {EventResource::WildCard, action::All, QString()}, {}}}});
    }
    return result;
}

QList<PodInfoPtr> Framework::nominatedPodsForNode(const QString& nodeName) const
{
    return m_nominator ? m_nominator->nominatedPodsForNode(nodeName) : QList<PodInfoPtr>();
}

Status Framework::runFilterPluginsWithNominatedPods(CycleState& state, const Pod& pod, const NodeInfo& nodeInfo)
{
    // addNominatedPods: nominated pods of equal or higher priority are assumed to be on the node in
    // the first pass; the second pass (without them) only runs if the first passed with pods added.
    if (!m_nominator || !m_nominator->hasNominatedPods())
        return runFilterPlugins(state, pod, nodeInfo);
    const QList<PodInfoPtr> nominated = nominatedPodsForNode(nodeInfo.name());
    std::unique_ptr<CycleState> stateWithNominated;
    std::optional<NodeInfo> nodeWithNominated;
    for (const auto& podInfo : nominated) {
        if (podInfo->pod->effectivePriority() < pod.effectivePriority() || podInfo->pod->meta.uid == pod.meta.uid)
            continue;
        if (!nodeWithNominated) {
            stateWithNominated = state.clone();
            nodeWithNominated.emplace(nodeInfo);
        }
        nodeWithNominated->addPod(podInfo);
        const Status status = runPreFilterExtensionAddPod(*stateWithNominated, pod, podInfo, *nodeWithNominated);
        if (!status.isSuccess())
            return status;
    }
    if (!nodeWithNominated)
        return runFilterPlugins(state, pod, nodeInfo);
    const Status first = runFilterPlugins(*stateWithNominated, pod, *nodeWithNominated);
    if (!first.isSuccess())
        return first;
    return runFilterPlugins(state, pod, nodeInfo);
}

Status Framework::runPreFilterExtensionAddPod(CycleState& state, const Pod& podToSchedule, const PodInfoPtr& podToAdd, const NodeInfo& nodeInfo)
{
    for (const auto& entry : m_preFilter) {
        if (state.skipFilterPlugins().contains(entry.name))
            continue;
        if (auto* extensions = entry.plugin->preFilterExtensions()) {
            const Status status = extensions->addPod(state, podToSchedule, podToAdd, nodeInfo);
            if (!status.isSuccess())
                return Status::error(QStringLiteral("running AddPod on PreFilter plugin \"") + entry.name + QStringLiteral("\": ") + asError(status));
        }
    }
    return {};
}

Status Framework::runPreFilterExtensionRemovePod(CycleState& state, const Pod& podToSchedule, const PodInfoPtr& podToRemove, const NodeInfo& nodeInfo)
{
    for (const auto& entry : m_preFilter) {
        if (state.skipFilterPlugins().contains(entry.name))
            continue;
        if (auto* extensions = entry.plugin->preFilterExtensions()) {
            const Status status = extensions->removePod(state, podToSchedule, podToRemove, nodeInfo);
            if (!status.isSuccess())
                return Status::error(QStringLiteral("running RemovePod on PreFilter plugin \"") + entry.name + QStringLiteral("\": ") + asError(status));
        }
    }
    return {};
}

PostFilterOutcome Framework::runPostFilterPlugins(CycleState& state, const Pod& pod, const NodeToStatus& statuses)
{
    PostFilterOutcome result;
    QStringList reasons;
    QString rejector;
    for (const auto& entry : m_postFilter) {
        PostFilterOutcome outcome = entry.plugin->postFilter(state, pod, statuses);
        record(ExtensionPoint::PostFilter, entry.name, outcome.status);
        if (outcome.status.isSuccess())
            return outcome;
        if (outcome.status.code() == Code::UnschedulableAndUnresolvable) {
            outcome.status.withPlugin(entry.name);
            return outcome;
        }
        if (!outcome.status.isRejected()) {
            outcome.nominatingInfo.reset();
            outcome.status = Status::error(asError(outcome.status)).withPlugin(entry.name);
            return outcome;
        }
        if (outcome.nominatingInfo)
            result = outcome;
        reasons.append(outcome.status.reasons());
        if (rejector.isEmpty())
            rejector = entry.name;
    }
    result.status = Status(Code::Unschedulable, reasons).withPlugin(rejector);
    return result;
}

// ---- Scoring -------------------------------------------------------------------------------------

Status Framework::runPreScorePlugins(CycleState& state, const Pod& pod, const QList<NodeInfoPtr>& nodes)
{
    QSet<QString> skip;
    for (const auto& entry : m_preScore) {
        const Status status = entry.plugin->preScore(state, pod, nodes);
        record(ExtensionPoint::PreScore, entry.name, status);
        if (status.isSkip()) {
            skip.insert(entry.name);
            continue;
        }
        if (!status.isSuccess())
            return Status::error(QStringLiteral("running PreScore plugin \"") + entry.name + QStringLiteral("\": ") + asError(status));
    }
    state.skipScorePlugins() = skip;
    return {};
}

NodePluginScores ScoreTable::node(qsizetype node) const
{
    NodePluginScores row;
    row.name = nodeName(node);
    row.totalScore = totals[size_t(node)];
    const auto count = size_t(plugins.size());
    for (size_t p = 0; p < count; ++p) {
        const size_t at = size_t(node) * count + p;
        row.scores.append({plugins[qsizetype(p)], raw[at], normalized[at], weights[p]});
    }
    return row;
}

ScoreTable Framework::runScorePlugins(CycleState& state, const Pod& pod, const QList<NodeInfoPtr>& nodes, Status* status)
{
    *status = {};
    std::vector<const Entry<ScorePlugin>*> active;
    for (const auto& entry : m_score) {
        if (!state.skipScorePlugins().contains(entry.name))
            active.push_back(&entry);
    }
    const size_t pluginCount = active.size();
    const auto nodeCount = size_t(nodes.size());
    ScoreTable table;
    table.nodes = nodes;
    table.raw.resize(nodeCount * pluginCount);
    table.totals.assign(nodeCount, 0);
    for (size_t p = 0; p < pluginCount; ++p) {
        table.plugins.append(active[p]->name);
        table.weights.push_back(m_scoreWeights.value(active[p]->name, 1));
    }
    // Nodes are scored in ranges, on as many threads as the parallelizer has. Which error is reported
    // must not depend on them: it is the first in plugin order, then node order, as one thread going
    // plugin by plugin over all nodes would meet it. A range stops at its own first error, which is
    // its first in that order; the smallest over all ranges is kept.
    struct ScoreError
    {
        size_t plugin = 0;
        size_t node = 0;
        Status status;
    };
    std::optional<ScoreError> firstError;
    std::mutex errorMutex;
    parallelizer().until(qsizetype(nodeCount), [&](qsizetype begin, qsizetype end) {
        for (size_t p = 0; p < pluginCount; ++p) {
            ScorePlugin* plugin = active[p]->plugin;
            for (auto n = size_t(begin); n < size_t(end); ++n) {
                ScoreOutcome outcome = plugin->score(state, pod, *nodes[qsizetype(n)]);
                if (!outcome.status.isSuccess()) {
                    const std::lock_guard lock(errorMutex);
                    if (!firstError || std::pair(p, n) < std::pair(firstError->plugin, firstError->node))
                        firstError = ScoreError {p, n, std::move(outcome.status)};
                    return true;
                }
                table.raw[n * pluginCount + p] = outcome.score;
            }
        }
        return true;
    });
    if (firstError) {
        *status = Status::error(QStringLiteral("running Score plugins: plugin \"") + active[firstError->plugin]->name
                                + QStringLiteral("\" failed with: ") + asError(firstError->status));
        return {};
    }
    table.normalized = table.raw;
    // NormalizeScore's argument, only for plugins that have it. The names are copied once: each copy
    // is a reference count on a string no other work of the cycle touches.
    QList<NodeScore> scores;
    for (size_t p = 0; p < pluginCount; ++p) {
        auto* extensions = active[p]->plugin->scoreExtensions();
        if (!extensions)
            continue;
        if (scores.isEmpty()) {
            scores.reserve(qsizetype(nodeCount));
            for (size_t n = 0; n < nodeCount; ++n)
                scores.append({nodes[qsizetype(n)]->name(), 0});
        }
        for (size_t n = 0; n < nodeCount; ++n)
            scores[qsizetype(n)].score = table.raw[n * pluginCount + p];
        const Status normalized = extensions->normalizeScore(state, pod, scores);
        if (!normalized.isSuccess()) {
            *status = Status::error(QStringLiteral("running Normalize on Score plugins: plugin \"") + active[p]->name + QStringLiteral("\" failed with: ") + asError(normalized));
            return {};
        }
        for (size_t n = 0; n < nodeCount; ++n)
            table.normalized[n * pluginCount + p] = scores[qsizetype(n)].score;
    }
    for (size_t n = 0; n < nodeCount; ++n) {
        qint64 total = 0;
        for (size_t p = 0; p < pluginCount; ++p) {
            const qint64 score = table.normalized[n * pluginCount + p];
            if (score > maxNodeScore || score < minNodeScore) {
                *status = Status::error(QStringLiteral("applying score defaultWeights on Score plugins: plugin \"") + active[p]->name
                                        + QStringLiteral("\" returns an invalid score ") + QString::number(score)
                                        + QStringLiteral(", it should in the range of [0, 100] after normalizing"));
                return {};
            }
            total += score * table.weights[p];
        }
        table.totals[n] = total;
    }
    return table;
}

// ---- Reserve, Permit, binding -------------------------------------------------------------------

Status Framework::runReservePluginsReserve(CycleState& state, const Pod& pod, const QString& nodeName)
{
    for (const auto& entry : m_reserve) {
        Status status = entry.plugin->reserve(state, pod, nodeName);
        record(ExtensionPoint::Reserve, entry.name, status);
        if (!status.isSuccess()) {
            if (status.isRejected())
                return status.withPlugin(entry.name);
            return Status::error(QStringLiteral("running Reserve plugin \"") + entry.name + QStringLiteral("\": ") + asError(status)).withPlugin(entry.name);
        }
    }
    return {};
}

void Framework::runReservePluginsUnreserve(CycleState& state, const Pod& pod, const QString& nodeName)
{
    // Unreserve runs in the reverse order of Reserve.
    for (auto it = m_reserve.rbegin(); it != m_reserve.rend(); ++it) {
        it->plugin->unreserve(state, pod, nodeName);
        record(ExtensionPoint::Unreserve, it->name, Status());
    }
}

Framework::PermitRun Framework::runPermitPlugins(CycleState& state, const Pod& pod, const QString& nodeName)
{
    PermitRun run;
    for (const auto& entry : m_permit) {
        PermitOutcome outcome = entry.plugin->permit(state, pod, nodeName);
        record(ExtensionPoint::Permit, entry.name, outcome.status);
        if (outcome.status.isSuccess())
            continue;
        if (outcome.status.isRejected()) {
            run.status = outcome.status.withPlugin(entry.name);
            run.waitingPlugins.clear();
            return run;
        }
        if (outcome.status.isWait()) {
            run.waitingPlugins.insert(entry.name, std::min(outcome.timeout, maxPermitTimeout));
            continue;
        }
        run.status = Status::error(QStringLiteral("running Permit plugin \"") + entry.name + QStringLiteral("\": ") + asError(outcome.status)).withPlugin(entry.name);
        run.waitingPlugins.clear();
        return run;
    }
    if (!run.waitingPlugins.isEmpty()) {
        run.status = Status(Code::Wait, QStringLiteral("one or more plugins asked to wait and no plugin rejected pod \"") + pod.meta.name + QLatin1Char('"'));
    }
    return run;
}

Status Framework::runPreBindPlugins(CycleState& state, const Pod& pod, const QString& nodeName)
{
    for (const auto& entry : m_preBind) {
        Status status = entry.plugin->preBind(state, pod, nodeName);
        record(ExtensionPoint::PreBind, entry.name, status);
        if (!status.isSuccess()) {
            if (status.isRejected())
                return status.withPlugin(entry.name);
            return Status::error(QStringLiteral("running PreBind plugin \"") + entry.name + QStringLiteral("\": ") + asError(status));
        }
    }
    return {};
}

Status Framework::runBindPlugins(CycleState& state, const Pod& pod, const QString& nodeName)
{
    if (m_bind.empty())
        return Status(Code::Skip);
    Status status;
    for (const auto& entry : m_bind) {
        status = entry.plugin->bind(state, pod, nodeName);
        record(ExtensionPoint::Bind, entry.name, status);
        if (status.isSkip())
            continue;
        if (!status.isSuccess()) {
            if (status.isRejected())
                return status.withPlugin(entry.name);
            return Status::error(QStringLiteral("running Bind plugin \"") + entry.name + QStringLiteral("\": ") + asError(status));
        }
        return status;
    }
    return status;
}

void Framework::runPostBindPlugins(CycleState& state, const Pod& pod, const QString& nodeName)
{
    for (const auto& entry : m_postBind) {
        entry.plugin->postBind(state, pod, nodeName);
        record(ExtensionPoint::PostBind, entry.name, Status());
    }
}

} // namespace ksv::framework
