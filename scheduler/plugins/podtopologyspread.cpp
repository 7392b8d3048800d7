#include "podtopologyspread.h"

#include "selectorparsing.h"

namespace ksv::plugins {

namespace {

const QString labelHostname = QStringLiteral("kubernetes.io/hostname");
const QString labelTopologyZone = QStringLiteral("topology.kubernetes.io/zone");

// systemDefaultConstraints (plugin.go): soft spreading over hostnames and zones.
QList<TopologySpreadConstraint> systemDefaultConstraints()
{
    TopologySpreadConstraint hostname;
    hostname.topologyKey = labelHostname;
    hostname.whenUnsatisfiable = UnsatisfiableConstraintAction::ScheduleAnyway;
    hostname.maxSkew = 3;
    TopologySpreadConstraint zone;
    zone.topologyKey = labelTopologyZone;
    zone.whenUnsatisfiable = UnsatisfiableConstraintAction::ScheduleAnyway;
    zone.maxSkew = 5;
    return {hostname, zone};
}

// labels.Set(selector).AsSelectorPreValidated().Matches(labels): every entry is present and equal.
bool setMatches(const Labels& set, const Labels& labels)
{
    for (auto it = set.cbegin(); it != set.cend(); ++it) {
        const auto found = labels.constFind(it.key());
        if (found == labels.cend() || *found != it.value())
            return false;
    }
    return true;
}

// The requirements of LabelSelectorAsSelector(selector) when it parses and is not Nothing:
// matchLabels become `key In [value]`, which matches as labels' Equals does.
QList<LabelSelectorRequirement> requirementsOf(const std::optional<LabelSelector>& selector)
{
    QList<LabelSelectorRequirement> requirements;
    if (!selector || !labelSelectorParseError(selector).isEmpty())
        return requirements;
    for (auto it = selector->matchLabels.cbegin(); it != selector->matchLabels.cend(); ++it)
        requirements.append({it.key(), SelectorOperator::In, {it.value()}});
    requirements.append(selector->matchExpressions);
    return requirements;
}

const OwnerReference* controllerOf(const Pod& pod)
{
    for (const auto& owner : pod.meta.ownerReferences) {
        if (owner.controller)
            return &owner;
    }
    return nullptr;
}

template<typename T>
const T* findInNamespace(const QList<T>& objects, const QString& namespace_, const QString& name)
{
    for (const auto& object : objects) {
        if (object.meta.namespace_ == namespace_ && object.meta.name == name)
            return &object;
    }
    return nullptr;
}

} // namespace

// ---- common.go -----------------------------------------------------------------------------------

namespace podtopologyspread {

bool nodeLabelsMatchSpreadConstraints(const Labels& nodeLabels, const QList<PodTopologySpread::Constraint>& constraints)
{
    for (const auto& constraint : constraints) {
        if (!nodeLabels.contains(constraint.topologyKey))
            return false;
    }
    return true;
}

int countPodsMatchSelector(const QList<framework::PodInfoPtr>& pods, const std::optional<LabelSelector>& selector,
                           const QString& ns)
{
    // labels.Nothing() matches no pod, and upstream returns 0 for an Empty() (Everything) selector.
    if (!selector || selector->isEmpty())
        return 0;
    int count = 0;
    for (const auto& podInfo : pods) {
        const Pod& pod = *podInfo->pod;
        // Terminating pods are bypassed (#87621).
        if (pod.meta.isDeleting() || pod.meta.namespace_ != ns)
            continue;
        if (selector->matches(pod.meta.labels))
            ++count;
    }
    return count;
}

int countPodsMatchSelector(const framework::NodeInfo& nodeInfo, const std::optional<LabelSelector>& selector, const QString& ns,
                           quint32 memoKey)
{
    if (!selector || selector->isEmpty())
        return 0;
    return nodeInfo.memoizedCount(memoKey, [&] { return countPodsMatchSelector(nodeInfo.pods(), selector, ns); });
}

quint32 countMemoKey(const std::optional<LabelSelector>& selector, const QString& ns)
{
    const QString description = QStringLiteral("PodTopologySpread/countPodsMatchSelector\x1f") + ns + canonicalText(selector);
    return framework::podCountMemoKey(description);
}

namespace {

// The nodeTaintsPolicy half of matchNodeInclusionPolicies.
bool matchNodeTaintsPolicy(const PodTopologySpread::Constraint& constraint, const Pod& pod, const Node& node)
{
    if (constraint.nodeTaintsPolicy != NodeInclusionPolicy::Honor)
        return true;
    // v1helper.FindMatchingUntoleratedTaint with helper.DoNotScheduleTaintsFilterFunc: only
    // NoSchedule and NoExecute taints count.
    for (const auto& taint : node.taints) {
        if (taint.effect != TaintEffect::NoSchedule && taint.effect != TaintEffect::NoExecute)
            continue;
        const bool tolerated = std::any_of(pod.tolerations.cbegin(), pod.tolerations.cend(),
                                           [&taint](const Toleration& toleration) { return toleration.toleratesTaint(taint); });
        if (!tolerated)
            return false;
    }
    return true;
}

} // namespace

bool matchNodeInclusionPolicies(const PodTopologySpread::Constraint& constraint, const Pod& pod, const Node& node,
                                const nodeaffinity::RequiredNodeAffinity& requiredNodeAffinity)
{
    // Parse errors of the node affinity are ignored for backwards compatibility, as upstream does.
    if (constraint.nodeAffinityPolicy == NodeInclusionPolicy::Honor && !requiredNodeAffinity.match(node))
        return false;
    return matchNodeTaintsPolicy(constraint, pod, node);
}

bool matchNodeInclusionPolicies(const PodTopologySpread::Constraint& constraint, const Pod& pod, const framework::NodeInfo& nodeInfo,
                                bool nodeAffinityMatches)
{
    if (constraint.nodeAffinityPolicy == NodeInclusionPolicy::Honor && !nodeAffinityMatches)
        return false;
    // The node itself is only read for its taints: loops over every node avoid touching it.
    return constraint.nodeTaintsPolicy != NodeInclusionPolicy::Honor || matchNodeTaintsPolicy(constraint, pod, nodeInfo.node());
}

int countPodsMatchSelector(const framework::NodeColumns& columns, framework::NodeColumns::CountMemo* memo, qsizetype index,
                           const std::optional<LabelSelector>& selector, const QString& ns, quint32 memoKey)
{
    if (!selector || selector->isEmpty())
        return 0;
    const framework::NodeInfo& nodeInfo = *columns.nodes()[index];
    if (!memo)
        return countPodsMatchSelector(nodeInfo, selector, ns, memoKey);
    return memo->count(index, [&] { return countPodsMatchSelector(nodeInfo.pods(), selector, ns); });
}

bool anyHonorsNodeAffinity(const QList<PodTopologySpread::Constraint>& constraints)
{
    return std::any_of(constraints.cbegin(), constraints.cend(),
                       [](const PodTopologySpread::Constraint& c) { return c.nodeAffinityPolicy == NodeInclusionPolicy::Honor; });
}

} // namespace podtopologyspread

// ---- plugin.go -----------------------------------------------------------------------------------

PodTopologySpread::PodTopologySpread(const config::PodTopologySpreadArgs& args, framework::Handle& handle)
    : m_handle(handle)
    , m_constraintsNotMatch(framework::Code::Unschedulable, ErrReasonConstraintsNotMatch)
    , m_nodeLabelNotMatch(framework::Code::UnschedulableAndUnresolvable, ErrReasonNodeLabelNotMatch)
{
    // New: System defaulting uses the built-in soft constraints, and then scoring does not require
    // nodes to carry every topology key (so that nodes without a zone still spread by hostname).
    if (args.defaultingType == config::PodTopologySpreadDefaulting::System) {
        m_defaultConstraints = systemDefaultConstraints();
        m_systemDefaulted = true;
    } else {
        m_defaultConstraints = args.defaultConstraints;
    }
}

void PodTopologySpread::updateCriticalPaths(CriticalPaths& paths, const QString& value, int num)
{
    int i = -1;
    if (value == paths[0].topologyValue)
        i = 0;
    else if (value == paths[1].topologyValue)
        i = 1;

    if (i >= 0) {
        paths[i].matchNum = num;
        if (paths[0].matchNum > paths[1].matchNum)
            std::swap(paths[0], paths[1]);
    } else if (num < paths[0].matchNum) {
        paths[1] = paths[0];
        paths[0] = {value, num};
    } else if (num < paths[1].matchNum) {
        paths[1] = {value, num};
    }
}

const PodTopologySpread::TopologyKeyState* PodTopologySpread::PreFilterState::keyState(const QString& key) const
{
    for (const auto& state : keys) {
        if (state.key == key)
            return &state;
    }
    return nullptr;
}

std::optional<int> PodTopologySpread::PreFilterState::matchNum(const QString& key, const QString& value) const
{
    const TopologyKeyState* state = keyState(key);
    if (!state)
        return std::nullopt;
    const auto it = state->valueToMatchNum.constFind(value);
    if (it == state->valueToMatchNum.cend())
        return std::nullopt;
    return *it;
}

PodTopologySpread::ConstraintsResult PodTopologySpread::filterTopologySpreadConstraints(
    const QList<TopologySpreadConstraint>& constraints, const Labels& podLabels, UnsatisfiableConstraintAction action) const
{
    ConstraintsResult result;
    for (const auto& c : constraints) {
        if (c.whenUnsatisfiable != action)
            continue;
        if (const QString error = labelSelectorParseError(c.labelSelector); !error.isEmpty()) {
            result.constraints.clear();
            result.error = error;
            return result;
        }
        std::optional<LabelSelector> selector = c.labelSelector;
        // MatchLabelKeysInPodTopologySpread (beta, on in v1.32): the scheduler itself ANDs
        // `key In [pod's value]` for every listed key the pod has; mergeLabelSetWithSelector leaves
        // a Nothing selector as it is.
        if (!c.matchLabelKeys.isEmpty()) {
            Labels matchLabels;
            for (const auto& key : c.matchLabelKeys) {
                if (const auto value = podLabels.constFind(key); value != podLabels.cend())
                    matchLabels.insert(key, *value);
            }
            if (!matchLabels.isEmpty() && selector) {
                QList<LabelSelectorRequirement> extra;
                for (auto it = matchLabels.cbegin(); it != matchLabels.cend(); ++it)
                    extra.append({it.key(), SelectorOperator::In, {it.value()}});
                selector = withRequirements(*selector, extra);
            }
        }
        Constraint constraint;
        constraint.maxSkew = c.maxSkew;
        constraint.topologyKey = c.topologyKey;
        constraint.selector = std::move(selector);
        constraint.minDomains = c.minDomains.value_or(1);
        // NodeInclusionPolicyInPodTopologySpread (beta, on in v1.32): nil means Honor / Ignore.
        constraint.nodeAffinityPolicy = c.nodeAffinityPolicy.value_or(NodeInclusionPolicy::Honor);
        constraint.nodeTaintsPolicy = c.nodeTaintsPolicy.value_or(NodeInclusionPolicy::Ignore);
        result.constraints.append(std::move(constraint));
    }
    return result;
}

PodTopologySpread::ConstraintsResult PodTopologySpread::buildDefaultConstraints(const Pod& pod,
                                                                                UnsatisfiableConstraintAction action) const
{
    ConstraintsResult result = filterTopologySpreadConstraints(m_defaultConstraints, pod.meta.labels, action);
    if (!result.error.isEmpty() || result.constraints.isEmpty())
        return result;
    const LabelSelector selector = defaultSelector(pod, m_handle.lister().cluster());
    if (selector.isEmpty()) {
        result.constraints.clear();
        return result;
    }
    for (auto& constraint : result.constraints)
        constraint.selector = selector;
    return result;
}

PodTopologySpread::ConstraintsResult PodTopologySpread::constraintsFor(const Pod& pod, UnsatisfiableConstraintAction action) const
{
    const bool hard = action == UnsatisfiableConstraintAction::DoNotSchedule;
    ConstraintsResult result;
    QString prefix;
    if (!pod.topologySpreadConstraints.isEmpty()) {
        result = filterTopologySpreadConstraints(pod.topologySpreadConstraints, pod.meta.labels, action);
        prefix = hard ? QStringLiteral("obtaining pod's hard topology spread constraints: ")
                      : QStringLiteral("obtaining pod's soft topology spread constraints: ");
    } else {
        result = buildDefaultConstraints(pod, action);
        prefix = hard ? QStringLiteral("setting default hard topology spread constraints: ")
                      : QStringLiteral("setting default soft topology spread constraints: ");
    }
    if (!result.error.isEmpty())
        result.error.prepend(prefix);
    return result;
}

LabelSelector PodTopologySpread::defaultSelector(const Pod& pod, const ClusterState& cluster)
{
    // Services, RCs, RSs and SSs that match the pod cannot have conflicting labels, so merging is safe.
    Labels labelSet;
    for (const auto& service : cluster.services) {
        // GetPodServices: services with no selector match nothing, not everything.
        if (service.meta.namespace_ != pod.meta.namespace_ || service.selector.isEmpty())
            continue;
        if (setMatches(service.selector, pod.meta.labels))
            labelSet.insert(service.selector);
    }
    LabelSelector selector;
    selector.matchLabels = labelSet;

    const OwnerReference* owner = controllerOf(pod);
    if (!owner)
        return selector;
    if (owner->apiVersion == QLatin1String("v1") && owner->kind == QLatin1String("ReplicationController")) {
        if (const auto* rc = findInNamespace(cluster.replicationControllers, pod.meta.namespace_, owner->name)) {
            labelSet.insert(rc->selector);
            selector.matchLabels = labelSet;
        }
    } else if (owner->apiVersion == QLatin1String("apps/v1") && owner->kind == QLatin1String("ReplicaSet")) {
        if (const auto* rs = findInNamespace(cluster.replicaSets, pod.meta.namespace_, owner->name))
            selector.matchExpressions.append(requirementsOf(rs->selector));
    } else if (owner->apiVersion == QLatin1String("apps/v1") && owner->kind == QLatin1String("StatefulSet")) {
        if (const auto* ss = findInNamespace(cluster.statefulSets, pod.meta.namespace_, owner->name))
            selector.matchExpressions.append(requirementsOf(ss->selector));
    }
    return selector;
}

// ---- QueueingHints (plugin.go v1.32: EventsToRegister with hints on, involvedInTopologySpreading,
// isSchedulableAfterPodChange, getConstraints, isSchedulableAfterNodeChange,
// checkTopologyKeyLabelsChanged) ----------------------------------------------------------------------

namespace {

// involvedInTopologySpreading: the pod itself, or a scheduled pod of its namespace (only those count).
bool involvedInTopologySpreading(const Pod& incomingPod, const Pod& podWithSpreading)
{
    return incomingPod.meta.uid == podWithSpreading.meta.uid
        || (!incomingPod.nodeName.isEmpty() && incomingPod.meta.namespace_ == podWithSpreading.meta.namespace_);
}

bool hasConstraintWithNodeTaintsPolicyHonor(const QList<PodTopologySpread::Constraint>& constraints)
{
    return std::any_of(constraints.cbegin(), constraints.cend(),
                       [](const auto& c) { return c.nodeTaintsPolicy == NodeInclusionPolicy::Honor; });
}

bool podLabelsMatchSpreadConstraints(const QList<PodTopologySpread::Constraint>& constraints, const Labels& labels)
{
    return std::any_of(constraints.cbegin(), constraints.cend(), [&labels](const auto& c) { return selectorMatches(c.selector, labels); });
}

bool checkTopologyKeyLabelsChanged(const Labels& originalLabels, const Labels& modifiedLabels,
                                   const QList<PodTopologySpread::Constraint>& constraints)
{
    return std::any_of(constraints.cbegin(), constraints.cend(), [&](const auto& c) {
        return originalLabels.value(c.topologyKey) != modifiedLabels.value(c.topologyKey);
    });
}

} // namespace

QList<framework::ClusterEventWithHint> PodTopologySpread::eventsToRegister() const
{
    using namespace framework;
    return {
        // A scheduled pod added, relabelled or deleted changes the counts; a new toleration of the pod
        // itself matters under nodeTaintsPolicy: Honor.
        {clusterEvent(EventResource::Pod, action::Add | action::UpdatePodLabel | action::UpdatePodTolerations | action::Delete),
         [this](const Pod& pod, const KubeObject* oldObj, const KubeObject* newObj) {
             return isSchedulableAfterPodChange(pod, oldObj, newObj);
         }},
        // Nodes make the domains, and their taints count under nodeTaintsPolicy: Honor.
        {clusterEvent(EventResource::Node, action::Add | action::Delete | action::UpdateNodeLabel | action::UpdateNodeTaint),
         [this](const Pod& pod, const KubeObject* oldObj, const KubeObject* newObj) {
             return isSchedulableAfterNodeChange(pod, oldObj, newObj);
         }},
    };
}

framework::QueueingHint PodTopologySpread::isSchedulableAfterPodChange(const Pod& pod, const KubeObject* oldObj,
                                                                      const KubeObject* newObj) const
{
    using framework::QueueingHint;
    const Pod* originalPod = nullptr;
    const Pod* modifiedPod = nullptr;
    if (!framework::as(oldObj, newObj, originalPod, modifiedPod) || (!originalPod && !modifiedPod))
        return QueueingHint::Queue;
    if ((modifiedPod && !involvedInTopologySpreading(*modifiedPod, pod))
        || (originalPod && !involvedInTopologySpreading(*originalPod, pod)))
        return QueueingHint::QueueSkip;

    // getConstraints: the hard constraints.
    const ConstraintsResult result = constraintsFor(pod, UnsatisfiableConstraintAction::DoNotSchedule);
    if (!result.error.isEmpty())
        return QueueingHint::Queue;
    const QList<Constraint>& constraints = result.constraints;

    if (modifiedPod && originalPod) {
        if (pod.meta.uid == modifiedPod->meta.uid && modifiedPod->tolerations != originalPod->tolerations
            && hasConstraintWithNodeTaintsPolicyHonor(constraints))
            return QueueingHint::Queue;
        if (modifiedPod->meta.labels == originalPod->meta.labels)
            return QueueingHint::QueueSkip;
        // Queue when the update makes the pod match, or stop matching, some constraint's selector.
        for (const auto& c : constraints) {
            if (selectorMatches(c.selector, originalPod->meta.labels) != selectorMatches(c.selector, modifiedPod->meta.labels))
                return QueueingHint::Queue;
        }
        return QueueingHint::QueueSkip;
    }

    // Added or deleted: it counts when it matches some constraint.
    const Pod& podToCheck = modifiedPod ? *modifiedPod : *originalPod;
    return podLabelsMatchSpreadConstraints(constraints, podToCheck.meta.labels) ? QueueingHint::Queue : QueueingHint::QueueSkip;
}

framework::QueueingHint PodTopologySpread::isSchedulableAfterNodeChange(const Pod& pod, const KubeObject* oldObj,
                                                                       const KubeObject* newObj) const
{
    using framework::QueueingHint;
    const Node* originalNode = nullptr;
    const Node* modifiedNode = nullptr;
    if (!framework::as(oldObj, newObj, originalNode, modifiedNode) || (!originalNode && !modifiedNode))
        return QueueingHint::Queue;

    const ConstraintsResult result = constraintsFor(pod, UnsatisfiableConstraintAction::DoNotSchedule);
    if (!result.error.isEmpty())
        return QueueingHint::Queue;
    const QList<Constraint>& constraints = result.constraints;

    const bool originalNodeMatching =
        originalNode && podtopologyspread::nodeLabelsMatchSpreadConstraints(originalNode->meta.labels, constraints);
    const bool modifiedNodeMatching =
        modifiedNode && podtopologyspread::nodeLabelsMatchSpreadConstraints(modifiedNode->meta.labels, constraints);

    if (originalNode && modifiedNode) {
        // UpdateNodeLabel: the node joins or leaves the constraints' domains, or moves between them.
        // UpdateNodeTaint: a matching node's taints changed.
        if (originalNodeMatching != modifiedNodeMatching)
            return QueueingHint::Queue;
        if (modifiedNodeMatching
            && (checkTopologyKeyLabelsChanged(originalNode->meta.labels, modifiedNode->meta.labels, constraints)
                || originalNode->taints != modifiedNode->taints))
            return QueueingHint::Queue;
        return QueueingHint::QueueSkip;
    }
    // Add: the new node matches. Delete: the deleted node matched.
    return (modifiedNode ? modifiedNodeMatching : originalNodeMatching) ? QueueingHint::Queue : QueueingHint::QueueSkip;
}

} // namespace ksv::plugins
