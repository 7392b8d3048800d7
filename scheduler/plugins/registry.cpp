#include "registry.h"

#include "coscheduling.h"
#include "defaultbinder.h"
#include "defaultpreemption.h"
#include "imagelocality.h"
#include "interpodaffinity.h"
#include "nodeaffinity.h"
#include "nodename.h"
#include "nodeports.h"
#include "noderesourcesbalancedallocation.h"
#include "noderesourcesfit.h"
#include "nodeunschedulable.h"
#include "nodevolumelimits.h"
#include "podtopologyspread.h"
#include "prioritysort.h"
#include "schedulinggates.h"
#include "tainttoleration.h"
#include "volumebinding.h"
#include "volumerestrictions.h"
#include "volumezone.h"

#include "config/types.h"

namespace ksv::plugins {

namespace {

template<typename PluginT>
void addPlain(framework::Registry& registry)
{
    registry.add(PluginT::Name, [](const config::PluginConfig*, framework::Handle& handle) -> std::unique_ptr<framework::Plugin> {
        return std::make_unique<PluginT>(handle);
    });
}

// A plugin with typed args: those of its pluginConfig entry, else the defaulted ones (a default
// constructed args value holds upstream's defaults).
template<typename PluginT, typename ArgsT>
void addWithArgs(framework::Registry& registry)
{
    registry.add(PluginT::Name, [](const config::PluginConfig* config, framework::Handle& handle) -> std::unique_ptr<framework::Plugin> {
        const ArgsT* args = config ? std::get_if<ArgsT>(&config->args) : nullptr;
        return std::make_unique<PluginT>(args ? *args : ArgsT {}, handle);
    });
}

} // namespace

framework::Registry inTreeRegistry()
{
    framework::Registry registry;
    addPlain<SchedulingGates>(registry);
    addPlain<PrioritySort>(registry);
    addPlain<NodeUnschedulable>(registry);
    addPlain<NodeName>(registry);
    addPlain<TaintToleration>(registry);
    addWithArgs<NodeAffinity, config::NodeAffinityArgs>(registry);
    addPlain<NodePorts>(registry);
    addWithArgs<NodeResourcesFit, config::NodeResourcesFitArgs>(registry);
    addPlain<VolumeRestrictions>(registry);
    addPlain<NodeVolumeLimits>(registry);
    addWithArgs<VolumeBinding, config::VolumeBindingArgs>(registry);
    addPlain<VolumeZone>(registry);
    addWithArgs<PodTopologySpread, config::PodTopologySpreadArgs>(registry);
    addWithArgs<InterPodAffinity, config::InterPodAffinityArgs>(registry);
    addWithArgs<DefaultPreemption, config::DefaultPreemptionArgs>(registry);
    addWithArgs<NodeResourcesBalancedAllocation, config::NodeResourcesBalancedAllocationArgs>(registry);
    addPlain<ImageLocality>(registry);
    addPlain<DefaultBinder>(registry);
    addWithArgs<Coscheduling, config::CoschedulingArgs>(registry); // out-of-tree: enabled only by configuration
    return registry;
}

} // namespace ksv::plugins
