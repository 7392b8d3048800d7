#pragma once
// runtime.Registry (pkg/scheduler/framework/runtime/registry.go): plugin name → factory. It lives in
// the framework, as upstream's does, so that the framework builds plugins without knowing any: the
// plugins fill a Registry (plugins::inTreeRegistry) and the framework only reads it.

#include "interface.h"

#include <QMap>

#include <functional>
#include <memory>

namespace ksv::config {
struct PluginConfig;
}

namespace ksv::framework {

// runtime.PluginFactory: builds a plugin from its pluginConfig entry (nullptr when the profile has
// none; the plugin then uses its defaulted args) and the framework handle. Throws LoadError for bad
// args.
using PluginFactory = std::function<std::unique_ptr<Plugin>(const config::PluginConfig* config, Handle& handle)>;

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

} // namespace ksv::framework
