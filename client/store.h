#pragma once

// client-go's cache.Store for one resource, holding kschedviz's own model: objects by key
// ("namespace/name", or "name" for cluster-scoped kinds). The reflector fills it.

#include "scenario/scenario.h"

#include <QHash>
#include <QString>

namespace ksv::client {

class Store
{
public:
    // MetaNamespaceKeyFunc.
    static QString keyOf(const KubeObject& object);

    void replace(QHash<QString, KubeObject> objects) { m_objects = std::move(objects); }
    void upsert(KubeObject object) { m_objects.insert(keyOf(object), std::move(object)); }
    bool remove(const QString& key) { return m_objects.remove(key) > 0; }

    const KubeObject* find(const QString& key) const;
    qsizetype size() const { return m_objects.size(); }
    const QHash<QString, KubeObject>& objects() const { return m_objects; }

    friend bool operator==(const Store&, const Store&) = default;

private:
    QHash<QString, KubeObject> m_objects;
};

} // namespace ksv::client
