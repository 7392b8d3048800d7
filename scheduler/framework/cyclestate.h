#pragma once

#include "api/objects.h"

#include <QHash>
#include <QMap>
#include <QSet>
#include <QString>

#include <memory>
#include <optional>
#include <typeinfo>
#include <vector>

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

    void write(const QString& key, std::unique_ptr<StateData> data)
    {
        std::shared_ptr<StateData> value(std::move(data));
        if (Slot* slot = find(key))
            slot->data = std::move(value);
        else
            m_data.push_back({key, std::move(value)});
    }

    // Filter and Score read their PreFilter / PreScore state once per node and plugin, so this is
    // on the hottest path there is: a short linear scan that compares the keys' shared string data
    // first (plugins pass the same QString constant they wrote with) and checks the exact type
    // before falling back to dynamic_cast.
    template<typename T>
    T* read(const QString& key) const
    {
        const Slot* slot = find(key);
        if (!slot || !slot->data)
            return nullptr;
        StateData* data = slot->data.get();
        if (typeid(*data) == typeid(T))
            return static_cast<T*>(data);
        return dynamic_cast<T*>(data);
    }

    void remove(const QString& key)
    {
        std::erase_if(m_data, [&key](const Slot& slot) { return slot.key == key; });
    }

    std::unique_ptr<CycleState> clone() const
    {
        auto copy = std::make_unique<CycleState>();
        copy->m_data.reserve(m_data.size());
        for (const Slot& slot : m_data)
            copy->m_data.push_back({slot.key, std::shared_ptr<StateData>(slot.data->clone())});
        copy->m_skipFilterPlugins = m_skipFilterPlugins;
        copy->m_skipScorePlugins = m_skipScorePlugins;
        copy->m_skipFilterMask = m_skipFilterMask;
        return copy;
    }

    // Plugins whose PreFilter / PreScore returned Skip: their Filter / Score is not run.
    QSet<QString>& skipFilterPlugins()
    {
        m_skipFilterMask.reset();
        return m_skipFilterPlugins;
    }
    QSet<QString>& skipScorePlugins() { return m_skipScorePlugins; }
    const QSet<QString>& skipFilterPlugins() const { return m_skipFilterPlugins; }
    const QSet<QString>& skipScorePlugins() const { return m_skipScorePlugins; }
    // The framework's per-node fast path: bit i is set when its i-th Filter plugin is skipped.
    // Computed from skipFilterPlugins() on first use, forgotten whenever that set may change.
    std::optional<quint64>& skipFilterMask() const { return m_skipFilterMask; }

private:
    struct Slot
    {
        QString key;
        std::shared_ptr<StateData> data;
    };
    const Slot* find(const QString& key) const
    {
        for (const Slot& slot : m_data) {
            if (slot.key.constData() == key.constData())
                return &slot;
        }
        for (const Slot& slot : m_data) {
            if (slot.key == key)
                return &slot;
        }
        return nullptr;
    }
    Slot* find(const QString& key) { return const_cast<Slot*>(std::as_const(*this).find(key)); }

    std::vector<Slot> m_data; // a dozen keys at most: a scan beats hashing the key

    QSet<QString> m_skipFilterPlugins;
    QSet<QString> m_skipScorePlugins;
    mutable std::optional<quint64> m_skipFilterMask;
};

// framework.PodsToActivate (types.go): pods a plugin wants moved to the active queue once this cycle is
// over (Coscheduling wakes a group's siblings with it). The scheduling cycle writes an empty one under
// podsToActivateKey; the scheduler activates what it holds after Permit and again after binding.
inline const QString podsToActivateKey = QStringLiteral("kubernetes.io/pods-to-activate");

struct PodsToActivate final : StateData
{
    QMap<QString, Pod> pods; // "namespace/name" → pod; a QMap so that activation order is stable

    // Upstream's Clone returns the same object; only preemption's dry runs clone, and they never activate.
    std::unique_ptr<StateData> clone() const override { return std::make_unique<PodsToActivate>(*this); }
};

} // namespace ksv::framework
