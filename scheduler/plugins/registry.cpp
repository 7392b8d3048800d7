#include "registry.h"

#include "coscheduling.h"
#include "defaultbinder.h"
#include "defaultpreemption.h"
#include "dynamicresources.h"
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

// runtime.FactoryAdapter: the registry binds the run's features into each factory, and a plugin
// whose behaviour depends on them takes them in its constructor.
template<typename PluginT>
void addPlain(framework::Registry& registry, const version::Features& features)
{
    registry.add(PluginT::Name, [features](const config::PluginConfig*, framework::Handle& handle) -> std::unique_ptr<framework::Plugin> {
        if constexpr (std::is_constructible_v<PluginT, framework::Handle&, const version::Features&>)
            return std::make_unique<PluginT>(handle, features);
        else
            return std::make_unique<PluginT>(handle);
    });
}

// A plugin with typed args: those of its pluginConfig entry, else the defaulted ones (a default
// constructed args value holds upstream's defaults).
template<typename PluginT, typename ArgsT>
void addWithArgs(framework::Registry& registry, const version::Features& features)
{
    registry.add(PluginT::Name, [features](const config::PluginConfig* config, framework::Handle& handle) -> std::unique_ptr<framework::Plugin> {
        const ArgsT* args = config ? std::get_if<ArgsT>(&config->args) : nullptr;
        if constexpr (std::is_constructible_v<PluginT, const ArgsT&, framework::Handle&, const version::Features&>)
            return std::make_unique<PluginT>(args ? *args : ArgsT {}, handle, features);
        else
            return std::make_unique<PluginT>(args ? *args : ArgsT {}, handle);
    });
}

} // namespace

framework::Registry inTreeRegistry(const version::Features& features)
{
    framework::Registry registry;
    addPlain<SchedulingGates>(registry, features);
    addPlain<PrioritySort>(registry, features);
    addPlain<NodeUnschedulable>(registry, features);
    addPlain<NodeName>(registry, features);
    addPlain<TaintToleration>(registry, features);
    addWithArgs<NodeAffinity, config::NodeAffinityArgs>(registry, features);
    addPlain<NodePorts>(registry, features);
    addWithArgs<NodeResourcesFit, config::NodeResourcesFitArgs>(registry, features);
    addPlain<VolumeRestrictions>(registry, features);
    addPlain<NodeVolumeLimits>(registry, features);
    addWithArgs<VolumeBinding, config::VolumeBindingArgs>(registry, features);
    addPlain<VolumeZone>(registry, features);
    addWithArgs<PodTopologySpread, config::PodTopologySpreadArgs>(registry, features);
    addWithArgs<InterPodAffinity, config::InterPodAffinityArgs>(registry, features);
    addWithArgs<DefaultPreemption, config::DefaultPreemptionArgs>(registry, features);
    addWithArgs<NodeResourcesBalancedAllocation, config::NodeResourcesBalancedAllocationArgs>(registry, features);
    addPlain<ImageLocality>(registry, features);
    addPlain<DefaultBinder>(registry, features);
    // Registered in every version, as upstream's registry does; with its gate off it does nothing.
    registry.add(DynamicResources::Name, [features](const config::PluginConfig*, framework::Handle& handle) {
        return DynamicResources::create(handle, features);
    });
    addWithArgs<Coscheduling, config::CoschedulingArgs>(registry, features); // out-of-tree: enabled only by configuration
    return registry;
}

} // namespace ksv::plugins
