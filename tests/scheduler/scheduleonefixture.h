#pragma once

// Upstream's fake plugins of schedule_one_test.go and a profile of them (Setup), run once through
// schedulePod (Run): shared by tst_scheduleone and tst_scheduleextenders.

#include "../plugins/builders.h"
#include "config/config.h"
#include "plugins/registry.h"
#include "schedule_one.h"

using namespace ksv;
using namespace ksv::framework;
using test::NodeBuilder;
using test::PodBuilder;

namespace {

const QString errReasonFake = QStringLiteral("Nodes failed the fake plugin");

class TrueFilter : public Plugin, public FilterPlugin
{
public:
    QString name() const override { return QStringLiteral("TrueFilter"); }
    Status filter(CycleState&, const Pod&, const NodeInfo&) override { return {}; }
};

class FalseFilter : public Plugin, public FilterPlugin
{
public:
    QString name() const override { return QStringLiteral("FalseFilter"); }
    Status filter(CycleState&, const Pod&, const NodeInfo&) override { return Status(Code::Unschedulable, errReasonFake); }
};

// Passes only the node named like the pod.
class MatchFilter : public Plugin, public FilterPlugin
{
public:
    QString name() const override { return QStringLiteral("MatchFilter"); }
    Status filter(CycleState&, const Pod& pod, const NodeInfo& node) override
    {
        return node.name() == pod.meta.name ? Status() : Status(Code::Unschedulable, errReasonFake);
    }
};

// Rejects one node by name with "injecting failure for pod <name>".
class FakeFilter : public Plugin, public FilterPlugin
{
public:
    explicit FakeFilter(QString node, Code code = Code::Unschedulable)
        : m_node(std::move(node))
        , m_code(code)
    {
    }
    QString name() const override { return QStringLiteral("FakeFilter"); }
    Status filter(CycleState&, const Pod& pod, const NodeInfo& node) override
    {
        return node.name() == m_node ? Status(m_code, QStringLiteral("injecting failure for pod ") + pod.meta.name) : Status();
    }

private:
    QString m_node;
    Code m_code;
};

// Error on the nodes in `errors`, Unschedulable on those in `rejects`, success elsewhere.
class ErrorFilter : public Plugin, public FilterPlugin
{
public:
    ErrorFilter(QSet<QString> errors, QSet<QString> rejects)
        : m_errors(std::move(errors))
        , m_rejects(std::move(rejects))
    {
    }
    QString name() const override { return QStringLiteral("ErrorFilter"); }
    Status filter(CycleState&, const Pod&, const NodeInfo& node) override
    {
        if (m_errors.contains(node.name()))
            return Status::error(QStringLiteral("broken on ") + node.name());
        if (m_rejects.contains(node.name()))
            return Status(Code::Unschedulable, errReasonFake);
        return {};
    }

private:
    QSet<QString> m_errors;
    QSet<QString> m_rejects;
};

// Scores 1, or fails on one node.
class FailingScore : public Plugin, public ScorePlugin
{
public:
    FailingScore(QString name, QString node)
        : m_name(std::move(name))
        , m_node(std::move(node))
    {
    }
    QString name() const override { return m_name; }
    ScoreOutcome score(CycleState&, const Pod&, const NodeInfo& node) override
    {
        if (node.name() == m_node)
            return {0, Status::error(QStringLiteral("cannot score ") + node.name())};
        return {1, {}};
    }

private:
    QString m_name;
    QString m_node;
};

// PreScore fails.
class FailingPreScore : public Plugin, public PreScorePlugin
{
public:
    QString name() const override { return QStringLiteral("FailingPreScore"); }
    Status preScore(CycleState&, const Pod&, const QList<NodeInfoPtr>&) override { return Status::error(QStringLiteral("broken")); }
};

// Score = the node name as a number; the reverse variant normalizes to max + min - score.
class NumericMap : public Plugin, public ScorePlugin, public ScoreExtensions
{
public:
    explicit NumericMap(bool reverse)
        : m_reverse(reverse)
    {
    }
    QString name() const override { return m_reverse ? QStringLiteral("ReverseNumericMap") : QStringLiteral("NumericMap"); }
    ScoreOutcome score(CycleState&, const Pod&, const NodeInfo& node) override { return {node.name().toLongLong(), {}}; }
    ScoreExtensions* scoreExtensions() override { return m_reverse ? this : nullptr; }
    Status normalizeScore(CycleState&, const Pod&, QList<NodeScore>& scores) override
    {
        qint64 max = std::numeric_limits<qint64>::min();
        qint64 min = std::numeric_limits<qint64>::max();
        for (const auto& s : scores) {
            max = std::max(max, s.score);
            min = std::min(min, s.score);
        }
        for (auto& s : scores)
            s.score = max + min - s.score;
        return {};
    }

private:
    bool m_reverse;
};

// Restricts nodes through its PreFilterResult, or rejects in PreFilter.
class FakePreFilter : public Plugin, public PreFilterPlugin
{
public:
    FakePreFilter(QString name, std::optional<QSet<QString>> nodes, Status status = {})
        : m_name(std::move(name))
        , m_nodes(std::move(nodes))
        , m_status(std::move(status))
    {
    }
    QString name() const override { return m_name; }
    PreFilterOutcome preFilter(CycleState&, const Pod&, const QList<NodeInfoPtr>&) override { return {{m_nodes}, m_status}; }

private:
    QString m_name;
    std::optional<QSet<QString>> m_nodes;
    Status m_status;
};

class QueueSort : public Plugin, public QueueSortPlugin
{
public:
    QString name() const override { return QStringLiteral("QueueSort"); }
    bool less(const QueuedPodSortKey& a, const QueuedPodSortKey& b) const override { return a.timestamp < b.timestamp; }
};

class Binder : public Plugin, public BindPlugin
{
public:
    QString name() const override { return QStringLiteral("Binder"); }
    Status bind(CycleState&, const Pod&, const QString&) override { return {}; }
};

using Factory = std::function<std::unique_ptr<Plugin>()>;

// A profile of the given plugins, each in the extension points it implements (multiPoint).
struct Setup
{
    Registry registry;
    config::Profile profile;

    explicit Setup(const QList<std::pair<QString, Factory>>& plugins, const QMap<QString, int>& weights = {})
    {
        profile.schedulerName = QStringLiteral("default-scheduler");
        QList<std::pair<QString, Factory>> all = plugins;
        all.append({QStringLiteral("QueueSort"), [] { return std::make_unique<QueueSort>(); }});
        all.append({QStringLiteral("Binder"), [] { return std::make_unique<Binder>(); }});
        for (const auto& [name, factory] : all) {
            registry.add(name, [factory](const config::PluginConfig*, Handle&) { return factory(); });
            config::PluginRef ref;
            ref.name = name;
            ref.weight = weights.value(name, 0);
            profile.plugins.multiPoint.enabled.append(ref);
        }
    }
};

// The threads Filter and Score use in the tables below: each table runs with 1 and with 4, and
// must give the same results.
int runThreads = 1;

struct Run
{
    Random random {1};
    Parallelizer parallelizer {runThreads};
    std::unique_ptr<Framework> framework;
    SchedulingAlgorithm algorithm;
    ScheduleOutcome outcome;

    Run(const Setup& setup, const QList<Node>& nodes, const Pod& pod, const QList<Pod>& pods = {}, int percentage = 0,
        const QList<Extender*>& extenders = {})
        : framework(Framework::create(setup.registry, setup.profile, random))
        , algorithm(percentage)
    {
        framework->setParallelizer(&parallelizer);
        framework->setExtenders(extenders);
        framework->setSnapshot(std::make_shared<Snapshot>(Snapshot::fromCluster(nodes, pods)));
        CycleState state;
        outcome = algorithm.schedulePod(*framework, state, pod);
    }
};

QList<Node> nodesNamed(const QStringList& names)
{
    QList<Node> nodes;
    for (const auto& name : names)
        nodes.append(NodeBuilder(qPrintable(name)).obj());
    return nodes;
}

Factory make(std::function<Plugin*()> f)
{
    return [f] { return std::unique_ptr<Plugin>(f()); };
}

} // namespace
