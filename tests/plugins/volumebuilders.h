#pragma once

// Builders for storage objects in the spirit of upstream's volumebinding test_utils.go (makePVC,
// makePV and their with* modifiers), for the volume plugins' tests.

#include "api/objects.h"

#include <QStringList>

#include <initializer_list>
#include <utility>

namespace ksv::test {

inline StorageClass storageClass(const char* name, VolumeBindingMode mode, const char* provisioner = "")
{
    StorageClass sc;
    sc.meta.name = QString::fromLatin1(name);
    sc.volumeBindingMode = mode;
    sc.provisioner = QString::fromLatin1(provisioner);
    return sc;
}

// makePVC(name, class) and its with* modifiers.
struct PVCBuilder
{
    PersistentVolumeClaim pvc;
    explicit PVCBuilder(const char* name, const char* className)
    {
        pvc.meta.name = QString::fromLatin1(name);
        pvc.meta.namespace_ = QStringLiteral("default");
        pvc.meta.uid = QStringLiteral("uid-") + pvc.meta.name;
        pvc.hasStorageClassName = true;
        pvc.storageClassName = QString::fromLatin1(className);
    }
    PVCBuilder& boundPV(const char* pvName)
    {
        pvc.volumeName = QString::fromLatin1(pvName);
        pvc.meta.annotations.insert(QStringLiteral("pv.kubernetes.io/bind-completed"), QStringLiteral("yes"));
        return *this;
    }
    PVCBuilder& phase(const char* phase)
    {
        pvc.phase = QString::fromLatin1(phase);
        return *this;
    }
    PVCBuilder& request(const char* storage)
    {
        pvc.requestedStorage = *Quantity::parse(QString::fromLatin1(storage));
        return *this;
    }
    PVCBuilder& annotation(const char* key, const char* value)
    {
        pvc.meta.annotations.insert(QString::fromLatin1(key), QString::fromLatin1(value));
        return *this;
    }
    operator PersistentVolumeClaim() const { return pvc; }
};

// makePV(name, class) and its with* modifiers.
struct PVBuilder
{
    PersistentVolume pv;
    explicit PVBuilder(const char* name, const char* className)
    {
        pv.meta.name = QString::fromLatin1(name);
        pv.storageClassName = QString::fromLatin1(className);
    }
    PVBuilder& phase(const char* phase)
    {
        pv.phase = QString::fromLatin1(phase);
        return *this;
    }
    PVBuilder& capacity(const char* storage)
    {
        pv.capacityStorage = *Quantity::parse(QString::fromLatin1(storage));
        return *this;
    }
    // withNodeAffinity: one term, `key In values` for each entry.
    PVBuilder& nodeAffinity(std::initializer_list<std::pair<const char*, QStringList>> requirements)
    {
        NodeSelectorTerm term;
        for (const auto& [key, values] : requirements)
            term.matchExpressions.append({QString::fromLatin1(key), SelectorOperator::In, values});
        pv.nodeAffinity = NodeSelector {{term}};
        return *this;
    }
    PVBuilder& accessModes(const QList<PersistentVolumeAccessMode>& modes)
    {
        pv.accessModes = modes;
        return *this;
    }
    operator PersistentVolume() const { return pv; }
};

inline Volume claimVolume(const char* claimName)
{
    Volume volume;
    volume.name = QString::fromLatin1(claimName);
    volume.type = QStringLiteral("persistentVolumeClaim");
    volume.claimName = QString::fromLatin1(claimName);
    return volume;
}

} // namespace ksv::test
