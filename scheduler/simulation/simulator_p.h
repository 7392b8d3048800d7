#pragma once

// The simulator's in-flight work, shared by its source files.

#include "simulator.h"

namespace ksv {

// A scheduling cycle: computed when it starts (against the snapshot of that instant), its effects
// (assume, Reserve, Permit, or the failure handling) applied when its virtual cost has passed.
struct Simulator::Cycle
{
    QueuedPodInfoPtr pod;
    framework::Framework* framework = nullptr;
    std::unique_ptr<framework::CycleState> state;
    ScheduleOutcome outcome;
    std::optional<framework::PostFilterOutcome> postFilter;
    qint64 number = 0;
    VirtualNanos start = 0;
};

// A binding cycle: waiting on Permit, then PreBind and the bind call.
struct Simulator::Binding
{
    QueuedPodInfoPtr pod;
    framework::Framework* framework = nullptr;
    std::unique_ptr<framework::CycleState> state;
    Pod assumed;
    QString node;
    qint64 cycle = 0;
    VirtualNanos cycleStart = 0;
    // Permit.
    QStringList pendingPlugins; // sorted
    bool resolved = false;      // the first Allow-of-all or Reject decides
    VirtualNanos permitStart = 0;
    framework::Status permitStatus;
    std::unique_ptr<SimWaitingPod> waitingPod;
    // The bind call's outcome, known when it was made and applied when its latency has passed.
    framework::Status bindStatus;
    bool binding = false;
};

class Simulator::SimWaitingPod final : public framework::WaitingPod
{
public:
    SimWaitingPod(Simulator& simulator, Binding& binding)
        : m_simulator(simulator)
        , m_binding(binding)
    {
    }
    const Pod& pod() const override { return m_binding.assumed; }
    const QString& nodeName() const override { return m_binding.node; }
    QStringList pendingPlugins() const override { return m_binding.pendingPlugins; }
    void allow(const QString& pluginName) override;
    void reject(const QString& pluginName, const QString& message) override;

private:
    Simulator& m_simulator;
    Binding& m_binding;
};

} // namespace ksv
