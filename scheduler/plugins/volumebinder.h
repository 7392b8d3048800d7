#pragma once

// volumeBinder (pkg/scheduler/framework/plugins/volumebinding/binder.go, v1.32): sorts a pod's
// claims into bound, delayed-binding and immediate ones, and decides per node which PersistentVolume
// each unbound WaitForFirstConsumer claim would bind to or whether it would be provisioned.
//
// Upstream keeps assumed PVs and PVCs in an assume cache and writes them to the API server in PreBind.
// Here the decisions stay in PodVolumes, for the scheduling loop to apply to the cluster; the
// binder reads the cluster through the handle's lister, which is that cache once the loop applied them.

#include "framework/interface.h"
#include "version/features.h"

namespace ksv::plugins {

// BindingInfo: a claim and the PV it binds to (after Reserve, the PV with its claimRef set).
struct BindingInfo
{
    PersistentVolumeClaim pvc;
    PersistentVolume pv;
    friend bool operator==(const BindingInfo&, const BindingInfo&) = default;
};

// PodVolumes: the binding decisions for one node.
struct PodVolumes
{
    // StaticBindings: claims bound to pre-provisioned PVs.
    QList<BindingInfo> staticBindings;
    // DynamicProvisions: claims to provision (after Reserve, with the selected-node annotation set).
    QList<PersistentVolumeClaim> dynamicProvisions;
    friend bool operator==(const PodVolumes&, const PodVolumes&) = default;
};

// PodVolumeClaims: the pod's claims as PreFilter found them.
struct PodVolumeClaims
{
    QList<PersistentVolumeClaim> boundClaims;
    QList<PersistentVolumeClaim> unboundClaimsDelayBinding;
    QList<PersistentVolumeClaim> unboundClaimsImmediate;
    // PVs of each storage class of the delayed claims (pvCache.ListPVs), in cluster order.
    QHash<QString, QList<PersistentVolume>> unboundVolumesDelayBinding;
};

class VolumeBinder
{
public:
    static inline const QString ErrReasonBindConflict = QStringLiteral("node(s) didn't find available persistent volumes to bind");
    // v1.32's text; v1.33 renamed it (#129887), so that it reads like NodeAffinity's reason.
    static inline const QString ErrReasonNodeConflict = QStringLiteral("node(s) had volume node affinity conflict");
    static inline const QString ErrReasonNodeConflictV133 = QStringLiteral("node(s) didn't match PersistentVolume's node affinity");
    static inline const QString ErrReasonNotEnoughSpace = QStringLiteral("node(s) did not have enough free storage");
    static inline const QString ErrReasonPVNotExist =
        QStringLiteral("node(s) unavailable due to one or more pvc(s) bound to non-existent pv(s)");

    // FindPodVolumes' result: an error, or the conflict reasons (none when the node fits).
    struct FindResult
    {
        PodVolumes podVolumes;
        QStringList reasons;
        QString error;
    };

    explicit VolumeBinder(framework::Handle& handle, const version::Features& features = {});

    // GetPodVolumeClaims; `error` is set, and the claims are partial, when a claim cannot be classified.
    PodVolumeClaims getPodVolumeClaims(const Pod& pod, QString& error) const;

    // FindPodVolumes: whether the node can satisfy every claim, and with which PVs.
    FindResult findPodVolumes(const Pod& pod, const PodVolumeClaims& claims, const Node& node) const;

    // AssumePodVolumes: binds the chosen PVs to their claims and marks the claims to provision with
    // the selected node, in `podVolumes`. Returns true if every claim of the pod is already bound.
    bool assumePodVolumes(const Pod& pod, const QString& nodeName, PodVolumes& podVolumes) const;

    // isPVCFullyBound: spec.volumeName set and the PV controller finished binding. Hand-written
    // scenarios state the latter as status.phase Bound rather than the annotation the controller
    // writes just before it, so either counts.
    static bool isPVCFullyBound(const PersistentVolumeClaim& claim);

    // volume.CheckNodeAffinity: the PV's required node affinity against node labels only (a node
    // without a name, so matchFields never match, as upstream).
    static bool checkNodeAffinity(const PersistentVolume& pv, const Node& labelsOnlyNode);

    // v1helper.MatchTopologySelectorTerms: no terms match every node; an empty or invalid term none.
    static bool matchTopologySelectorTerms(const QList<QList<TopologySelectorRequirement>>& terms, const Labels& labels);

    // volume.FindMatchingVolume, scheduler path: the PV pre-bound to the claim if any (nullptr if its
    // node affinity does not match), else the smallest Available PV of the claim's class that is
    // large enough, offers its access modes and matches the node.
    static const PersistentVolume* findMatchingVolume(const PersistentVolumeClaim& claim, const QList<PersistentVolume>& volumes,
                                                      const Node& labelsOnlyNode, const QSet<QString>& excludedVolumes);

private:
    struct BoundCheck
    {
        bool satisfied = true;
        bool pvsFound = true;
    };
    struct ProvisionCheck
    {
        bool provisionSatisfied = false;
        bool sufficientStorage = false;
        QList<PersistentVolumeClaim> dynamicProvisions;
        QString error;
    };

    // isVolumeBound: whether a claim-backed volume's claim is fully bound, with the claim in `claim`;
    // true with no claim for any other volume, false with `error` set when the claim is unusable.
    bool isVolumeBound(const Pod& pod, const Volume& volume, const PersistentVolumeClaim** claim, QString& error) const;
    // IsDelayBindingMode: the claim's class exists and waits for the first consumer.
    bool isDelayBindingMode(const PersistentVolumeClaim& claim) const;
    BoundCheck checkBoundClaims(const QList<PersistentVolumeClaim>& claims, const Node& labelsOnlyNode) const;
    bool findMatchingVolumes(QList<PersistentVolumeClaim> claimsToBind, const PodVolumeClaims& claims,
                             const Node& labelsOnlyNode, QList<BindingInfo>& bindings,
                             QList<PersistentVolumeClaim>& unboundClaims) const;
    ProvisionCheck checkVolumeProvisions(const QList<PersistentVolumeClaim>& claimsToProvision, const Node& node) const;

    framework::Handle& m_handle;
    QString m_nodeConflictReason; // ErrReasonNodeConflict as the version words it
};

} // namespace ksv::plugins
