#pragma once

#include <QHash>
#include <QSet>
#include <QString>

#include <memory>

namespace ksv::framework {

// framework.StateData: what a plugin computes in PreFilter/PreScore and reads back per node.
// Clone() is needed because preemption's dry runs copy the whole CycleState per candidate node.
class StateData
{
public:
    virtual ~StateData() = default;
    virtual std::unique_ptr<StateData> clone() const = 0;
};

// framework.CycleState: per-cycle storage keyed by the plugin's state key. Plugins run serially here,
// so no lock is needed (upstream's sync.Map guards its parallel Filter calls).
class CycleState
{
public:
    CycleState() = default;
    CycleState(const CycleState&) = delete;
    CycleState& operator=(const CycleState&) = delete;

    void write(const QString& key, std::unique_ptr<StateData> data) { m_data[key] = std::shared_ptr<StateData>(std::move(data)); }

    template<typename T>
    T* read(const QString& key) const
    {
        const auto it = m_data.constFind(key);
        return it == m_data.cend() ? nullptr : dynamic_cast<T*>(it->get());
    }

    void remove(const QString& key) { m_data.remove(key); }

    std::unique_ptr<CycleState> clone() const
    {
        auto copy = std::make_unique<CycleState>();
        for (auto it = m_data.cbegin(); it != m_data.cend(); ++it)
            copy->m_data.insert(it.key(), std::shared_ptr<StateData>((*it)->clone()));
        copy->m_skipFilterPlugins = m_skipFilterPlugins;
        copy->m_skipScorePlugins = m_skipScorePlugins;
        return copy;
    }

    // Plugins whose PreFilter / PreScore returned Skip: their Filter / Score is not run.
    QSet<QString>& skipFilterPlugins() { return m_skipFilterPlugins; }
    QSet<QString>& skipScorePlugins() { return m_skipScorePlugins; }
    const QSet<QString>& skipFilterPlugins() const { return m_skipFilterPlugins; }
    const QSet<QString>& skipScorePlugins() const { return m_skipScorePlugins; }

private:
    QHash<QString, std::shared_ptr<StateData>> m_data;
    QSet<QString> m_skipFilterPlugins;
    QSet<QString> m_skipScorePlugins;
};

} // namespace ksv::framework
