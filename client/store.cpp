#include "store.h"

namespace ksv::client {

QString Store::keyOf(const KubeObject& object)
{
    const ObjectMeta& meta = metaOf(object);
    return meta.namespace_.isEmpty() ? meta.name : meta.namespace_ + QLatin1Char('/') + meta.name;
}

const KubeObject* Store::find(const QString& key) const
{
    const auto it = m_objects.constFind(key);
    return it == m_objects.cend() ? nullptr : &*it;
}

} // namespace ksv::client
