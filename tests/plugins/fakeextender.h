#pragma once

// Upstream's FakeExtender (pkg/scheduler/testing/framework/fake_extender.go) and its predicates and
// prioritizers, on framework::Extender: tst_scheduleextenders and tst_defaultpreemption share it.

#include "framework/extender.h"
#include "framework/snapshot.h"
#include "framework/status.h"

#include <functional>
#include <memory>

namespace ksv::test {

using framework::Code;
using framework::Extender;
using framework::ExtenderFilterResult;
using framework::ExtenderPreemptionResult;
using framework::ExtenderPrioritizeResult;
using framework::HostPriority;
using framework::NodeInfo;
using framework::NodeInfoPtr;
using framework::NodeNameToVictims;
using framework::Snapshot;
using framework::Status;

using Predicate = std::function<Status(const Pod&, const NodeInfo&)>;
using Prioritizer = std::function<QList<HostPriority>(const Pod&, const QList<NodeInfoPtr>&)>;

inline Status truePredicate(const Pod&, const NodeInfo&)
{
    return {};
}
inline Status falsePredicate(const Pod&, const NodeInfo& node)
{
    return Status(Code::Unschedulable, QStringLiteral("pod is unschedulable on the node \"%1\"").arg(node.name()));
}
inline Status errorPredicate(const Pod&, const NodeInfo&)
{
    return Status::error(QStringLiteral("some error"));
}
inline Predicate onlyNode(const QString& name)
{
    return [name](const Pod&, const NodeInfo& node) {
        return node.name() == name ? Status() : Status(Code::Unschedulable, QStringLiteral("node \"%1\" is not allowed").arg(node.name()));
    };
}
inline Prioritizer favouring(const QString& name)
{
    return [name](const Pod&, const QList<NodeInfoPtr>& nodes) {
        QList<HostPriority> result;
        for (const NodeInfoPtr& node : nodes)
            result.append(HostPriority {node->name(), node->name() == name ? 10 : 1});
        return result;
    };
}

struct WeightedPrioritizer
{
    Prioritizer function; // null: ErrorPrioritizerExtender
    qint64 weight = 0;
};

// tf.FakeExtender.
class FakeExtender final : public Extender
{
public:
    QList<Predicate> predicates;
    QList<WeightedPrioritizer> prioritizers;
    qint64 weight = 0;
    bool nodeCacheCapable = false;
    bool unInterested = false;
    bool ignorable = false;

    QString name() const override { return QStringLiteral("FakeExtender"); }
    bool isIgnorable() const override { return ignorable; }
    bool isBinder() const override { return true; }
    bool isFilter() const override { return !predicates.isEmpty(); }
    bool isPrioritizer() const override { return !prioritizers.isEmpty(); }
    bool supportsPreemption() const override { return true; }
    bool isInterested(const Pod&) const override { return !unInterested; }

    ExtenderFilterResult filter(const Pod& pod, const QList<NodeInfoPtr>& nodes) override
    {
        ExtenderFilterResult result;
        for (const NodeInfoPtr& node : nodes) {
            Status status;
            for (const Predicate& predicate : predicates) {
                status = predicate(pod, *node);
                if (!status.isSuccess())
                    break;
            }
            if (status.isSuccess())
                result.feasible.append(node);
            else if (status.code() == Code::Unschedulable)
                result.failed.insert(node->name(), QStringLiteral("FakeExtender: node \"%1\" failed").arg(node->name()));
            else if (status.code() == Code::UnschedulableAndUnresolvable)
                result.failedAndUnresolvable.insert(node->name(), QStringLiteral("FakeExtender: node \"%1\" failed and unresolvable").arg(node->name()));
            else {
                result.error = status.message();
                return result;
            }
        }
        return result;
    }
    ExtenderPrioritizeResult prioritize(const Pod& pod, const QList<NodeInfoPtr>& nodes) override
    {
        ExtenderPrioritizeResult result;
        QMap<QString, qint64> combined;
        for (const WeightedPrioritizer& prioritizer : prioritizers) {
            if (prioritizer.weight == 0)
                continue;
            if (!prioritizer.function) {
                result.error = QStringLiteral("some error");
                return result;
            }
            for (const HostPriority& entry : prioritizer.function(pod, nodes))
                combined[entry.host] += entry.score * prioritizer.weight;
        }
        for (const NodeInfoPtr& node : nodes)
            result.scores.append(HostPriority {node->name(), combined.value(node->name())});
        result.weight = weight;
        return result;
    }
    std::optional<QString> bind(const Pod&, const QString&) override { return std::nullopt; }
    // Not nodeCacheCapable, as upstream's tables use it: each candidate node goes through the
    // predicates again; a rejected one is dropped, an error fails the call, the victims stay.
    ExtenderPreemptionResult processPreemption(const Pod& pod, const NodeNameToVictims& victims, const Snapshot& snapshot) override
    {
        ExtenderPreemptionResult result;
        for (auto it = victims.cbegin(); it != victims.cend(); ++it) {
            const NodeInfoPtr node = snapshot.get(it.key());
            Status status;
            for (const Predicate& predicate : predicates) {
                status = predicate(pod, *node);
                if (!status.isSuccess())
                    break;
            }
            if (status.code() == Code::Error) {
                result.error = status.message();
                result.victims.clear();
                return result;
            }
            if (status.isSuccess())
                result.victims.insert(it.key(), it.value());
        }
        return result;
    }
};

inline std::shared_ptr<FakeExtender> fake(QList<Predicate> predicates, QList<WeightedPrioritizer> prioritizers = {}, qint64 weight = 0)
{
    auto extender = std::make_shared<FakeExtender>();
    extender->predicates = std::move(predicates);
    extender->prioritizers = std::move(prioritizers);
    extender->weight = weight;
    return extender;
}

using Extenders = QList<std::shared_ptr<FakeExtender>>;

} // namespace ksv::test
