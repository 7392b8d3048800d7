#pragma once

// NodeResourcesBalancedAllocation (pkg/scheduler/framework/plugins/noderesources/
// balanced_allocation.go, v1.32): favours nodes whose resource utilisation fractions, with the pod
// added, are close to each other.

#include "resourceallocation.h"
#include "version/features.h"

#include "config/args.h"
#include "framework/interface.h"

namespace ksv::plugins {

class NodeResourcesBalancedAllocation : public framework::Plugin,
                                        public framework::PreScorePlugin,
                                        public framework::ScorePlugin
{
public:
    static inline const QString Name = QStringLiteral("NodeResourcesBalancedAllocation");
    static inline const QString preScoreStateKey = QStringLiteral("PreScoreNodeResourcesBalancedAllocation");

    NodeResourcesBalancedAllocation(const config::NodeResourcesBalancedAllocationArgs& args, framework::Handle& handle,
                                    const version::Features& features = {});

    QString name() const override { return Name; }

    framework::Status preScore(framework::CycleState& state, const Pod& pod,
                               const QList<framework::NodeInfoPtr>& nodes) override;
    framework::ScoreOutcome score(framework::CycleState& state, const Pod& pod, const framework::NodeInfo& nodeInfo) override;

private:
    bool isBestEffortPod(const QList<qint64>& podRequests) const;

    ResourceAllocationScorer m_resourceAllocationScorer;
    bool m_skipBestEffort; // v1.33 (#130260)
};

} // namespace ksv::plugins
