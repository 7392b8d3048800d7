#pragma once

#include "framework/interface.h"

#include <QMap>

#include <functional>
#include <memory>

namespace ksv::config {
struct PluginConfig;
}

namespace ksv::plugins {

// Builds a plugin from its pluginConfig entry (nullptr when the profile has none; the plugin then
// uses its defaulted args) and the framework handle. Throws LoadError for bad args.
using PluginFactory = std::function<std::unique_ptr<framework::Plugin>(const config::PluginConfig* config, framework::Handle& handle)>;

// runtime.Registry: plugin name → factory.
class Registry
{
public:
    void add(const QString& name, PluginFactory factory) { m_factories.insert(name, std::move(factory)); }
    bool contains(const QString& name) const { return m_factories.contains(name); }
    const PluginFactory* factory(const QString& name) const
    {
        const auto it = m_factories.constFind(name);
        return it == m_factories.cend() ? nullptr : &*it;
    }
    QStringList names() const { return m_factories.keys(); }

private:
    QMap<QString, PluginFactory> m_factories;
};

// plugins.NewInTreeRegistry: every plugin kschedviz ships, under its upstream name. A new plugin is
// added here and nowhere in the framework.
Registry inTreeRegistry();

} // namespace ksv::plugins
