#include "features.h"

#include <QRegularExpression>

#include <algorithm>
#include <array>

namespace ksv::version {

namespace {

using S = GateSupport;

// Every gate that changes what kube-scheduler decides or says, v1.32 to v1.37. The states come
// from upstream's versioned specs (staging/src/k8s.io/kube-scheduler/pkg/features/kube_features.go and
// pkg/features/kube_features.go); docs/versions.md gives the source of each row.
constexpr std::array<GateSpec, 32> gateTable {{
    // The queue and the loop.
    {"SchedulerQueueingHints", &Features::enableSchedulingQueueHint, "BBLLL-", S::OnlyOn, "QueueingHints decide which events requeue a pod"},
    {"SchedulerAsyncPreemption", &Features::enableAsyncPreemption, "aBBBBB", S::OnlyOff,
     "victims are deleted off the scheduling thread; the preemptor waits at PreEnqueue"},
    {"SchedulerPopFromBackoffQ", &Features::enablePopFromBackoffQ, "-BBBBB", S::OnlyOff,
     "an idle activeQ pops from backoffQ; backoff expiries fall in 1 s windows"},
    {"SchedulerAsyncAPICalls", &Features::enableAsyncAPICalls, "--bbbb", S::OnlyOff, "the scheduler's API writes go through a dispatcher"},
    {"NominatedNodeNameForExpectation", &Features::enableNominatedNodeNameForExpectation, "--aBBB", S::OnlyOff,
     "nominatedNodeName is set to the chosen node while a pod waits at Permit or binds volumes"},
    {"ClearingNominatedNodeNameAfterBinding", &Features::enableClearingNominatedNodeNameAfterBinding, "--aBBB", S::OnlyOff,
     "the API server clears nominatedNodeName when a binding succeeds"},
    {"OpportunisticBatching", &Features::enableOpportunisticBatching, "---BBB", S::OnlyOff,
     "identical pods reuse the previous cycle's ranking"},
    // What a pod requests.
    {"PodLevelResources", &Features::enablePodLevelResources, "aaBBBB", S::OnlyOff, "spec.resources replaces the sum of the containers' requests"},
    {"InPlacePodVerticalScaling", &Features::enableInPlacePodVerticalScaling, "aBBLLL", S::OnlyOff,
     "a pod being resized counts the larger of its spec and its status"},
    {"InPlacePodLevelResourcesVerticalScaling", nullptr, "---aBB", S::OnlyOff, "a pod-level resize counting the larger of spec and status"},
    {"SidecarContainers", &Features::enableSidecarContainers, "BLLLL-", S::OnlyOn, "restartable init containers run beside the others"},
    // Plugins.
    {"MatchLabelKeysInPodTopologySpread", &Features::enableMatchLabelKeysInPodTopologySpread, "BBBBBB", S::OnlyOn,
     "topology spread constraints' matchLabelKeys"},
    {"NodeInclusionPolicyInPodTopologySpread", &Features::enableNodeInclusionPolicyInPodTopologySpread, "BLLLLL", S::OnlyOn,
     "nodeAffinityPolicy and nodeTaintsPolicy of topology spread constraints"},
    {"TaintTolerationComparisonOperators", &Features::enableTaintTolerationComparisonOperators, "---aaa", S::OnlyOff,
     "tolerations with the numeric operators Lt and Gt"},
    {"NodeDeclaredFeatures", &Features::enableNodeDeclaredFeatures, "---aBL", S::OnlyOff,
     "the NodeDeclaredFeatures filter on node.status.declaredFeatures"},
    {"StorageCapacityScoring", &Features::enableStorageCapacityScoring, "-aaaaB", S::OnlyOff,
     "VolumeBinding scores nodes by free storage capacity"},
    {"VolumeLimitScaling", &Features::enableVolumeLimitScaling, "---aaB", S::OnlyOff,
     "NodeVolumeLimits rejects a node without a CSI driver that asks for it"},
    // Dynamic Resource Allocation: the DynamicResources plugin joins the default profile with the
    // first gate; the others only change how resource claims are allocated, which the engine refuses.
    {"DynamicResourceAllocation", &Features::enableDynamicResourceAllocation, "bbGLLL", S::Both,
     "the DynamicResources plugin in the default profile"},
    {"DRASchedulerFilterTimeout", &Features::enableDRASchedulerFilterTimeout, "--BBBB", S::AtDefault, "DynamicResources' Filter timeout"},
    {"DRAPrioritizedList", &Features::enableDRAPrioritizedList, "-aBBGL", S::AtDefault, "a claim's firstAvailable subrequests"},
    {"DRAAdminAccess", &Features::enableDRAAdminAccess, "aaBBLL", S::AtDefault, "adminAccess claims"},
    {"DRAResourceClaimDeviceStatus", &Features::enableDRAResourceClaimDeviceStatus, "aBBBBL", S::AtDefault, "a claim's device status"},
    {"DRAPartitionableDevices", &Features::enableDRAPartitionableDevices, "-aaaBB", S::AtDefault, "devices that share counters"},
    {"DRADeviceTaints", &Features::enableDRADeviceTaints, "-aaaBG", S::AtDefault, "taints on devices"},
    {"DRADeviceTaintRules", &Features::enableDRADeviceTaintRules, "---abG", S::AtDefault, "DeviceTaintRules"},
    {"DRAConsumableCapacity", &Features::enableDRAConsumableCapacity, "--aaBB", S::AtDefault, "devices shared by capacity"},
    {"DRADeviceBindingConditions", &Features::enableDRADeviceBindingConditions, "--aaBB", S::AtDefault, "binding conditions of devices"},
    {"DRAExtendedResource", &Features::enableDRAExtendedResource, "--aaBL", S::AtDefault, "extended resources backed by a DeviceClass"},
    // Workloads and gangs.
    {"GenericWorkload", &Features::enableGenericWorkload, "---aab", S::OnlyOff, "the Workload and PodGroup API, and from v1.37 gang scheduling"},
    {"GangScheduling", &Features::enableGangScheduling, "---aa-", S::OnlyOff, "the GangScheduling plugin"},
    {"TopologyAwareWorkloadScheduling", nullptr, "----aa", S::OnlyOff, "placement-based scheduling of pod groups"},
    {"InterPodAffinityHostnameFastPath", nullptr, "-----a", S::OnlyOff, "a faster InterPodAffinity for the hostname key (same results)"},
}};

GateState stateFromChar(char c)
{
    switch (c) {
    case 'a':
    case 'b':
        return GateState::Off;
    case 'B':
    case 'G':
        return GateState::On;
    case 'L':
        return GateState::LockedOn;
    default:
        return GateState::Absent;
    }
}

bool isOn(GateState state)
{
    return state == GateState::On || state == GateState::LockedOn;
}

QString boolText(bool value)
{
    return value ? QStringLiteral("true") : QStringLiteral("false");
}

// Whether the engine can run `value` of `gate`, whose version default is `defaultValue`.
bool canRun(const GateSpec& gate, bool value, bool defaultValue)
{
    switch (gate.support) {
    case GateSupport::Both:
        return true;
    case GateSupport::OnlyOn:
        return value;
    case GateSupport::OnlyOff:
        return !value;
    case GateSupport::AtDefault:
        return value == defaultValue;
    }
    return false;
}

} // namespace

std::span<const GateSpec> gates()
{
    return gateTable;
}

const GateSpec* findGate(const QString& name)
{
    for (const GateSpec& gate : gateTable) {
        if (name == QLatin1String(gate.name))
            return &gate;
    }
    return nullptr;
}

GateState stateIn(const GateSpec& gate, KubeVersion version)
{
    const int index = modelledIndex(version);
    return index < 0 ? GateState::Absent : stateFromChar(gate.states[index]);
}

QList<GateSetting> parseGateList(const QString& text)
{
    const SourceLocation where {QStringLiteral("--feature-gates"), 0, 0};
    QList<GateSetting> settings;
    for (const QString& item : text.split(QLatin1Char(','))) {
        const QString entry = item.trimmed();
        if (entry.isEmpty())
            continue;
        const qsizetype equals = entry.indexOf(QLatin1Char('='));
        if (equals <= 0)
            throw LoadError(where, {}, QStringLiteral("missing bool value for ") + entry);
        const QString name = entry.left(equals).trimmed();
        const QString value = entry.mid(equals + 1).trimmed();
        // strconv.ParseBool, which kube-scheduler's flag uses.
        static const QStringList trues = {QStringLiteral("1"), QStringLiteral("t"), QStringLiteral("T"), QStringLiteral("TRUE"),
                                          QStringLiteral("true"), QStringLiteral("True")};
        static const QStringList falses = {QStringLiteral("0"), QStringLiteral("f"), QStringLiteral("F"), QStringLiteral("FALSE"),
                                           QStringLiteral("false"), QStringLiteral("False")};
        if (!trues.contains(value) && !falses.contains(value))
            throw LoadError(where, {}, QStringLiteral("invalid value of ") + name + QLatin1Char('=') + value
                                           + QStringLiteral(", err: strconv.ParseBool: parsing \"") + value + QStringLiteral("\": invalid syntax"));
        settings.append(GateSetting {name, trues.contains(value), {}, QStringLiteral("--feature-gates")});
    }
    return settings;
}

// A gate removed after graduating keeps its last value: its code path is what remains.
static bool valueIn(const GateSpec& gate, KubeVersion version)
{
    for (int index = modelledIndex(version); index >= 0; --index) {
        const GateState state = stateFromChar(gate.states[index]);
        if (state != GateState::Absent)
            return isOn(state);
    }
    return false;
}

Features defaultFeatures(KubeVersion version)
{
    Features features;
    features.version = version;
    for (const GateSpec& gate : gateTable) {
        // A gate whose behaviour is not built runs as off, whatever the version's default: the value
        // says what the engine runs, and partialModelWarning says what that leaves out.
        if (gate.field)
            features.*gate.field = valueIn(gate, version) && gate.support != GateSupport::OnlyOff;
    }
    return features;
}

Features resolveFeatures(KubeVersion version, const QList<GateSetting>& settings)
{
    Features features = defaultFeatures(version);
    // The last setting of each gate is the one that counts, and the one checked, as with the flag's map.
    QList<GateSetting> last;
    for (const GateSetting& setting : settings) {
        last.removeIf([&setting](const GateSetting& earlier) { return earlier.name == setting.name; });
        last.append(setting);
    }
    for (const GateSetting& setting : last) {
        const SourceLocation where = setting.source.file.isEmpty() ? SourceLocation {QStringLiteral("--feature-gates"), 0, 0} : setting.source;
        const QString path = setting.source.file.isEmpty() ? QString() : setting.fieldPath;
        const GateSpec* gate = findGate(setting.name);
        const GateState state = gate ? stateIn(*gate, version) : GateState::Absent;
        if (state == GateState::Absent) {
            QString message = QStringLiteral("unrecognized feature gate: ") + setting.name;
            message += gate ? QStringLiteral(" (it does not exist in Kubernetes ") + version.toString() + QLatin1Char(')')
                            : QStringLiteral(" (kschedviz knows the gates that change what kube-scheduler decides: docs/versions.md)");
            throw LoadError(where, path, message);
        }
        if (state == GateState::LockedOn && !setting.value)
            throw LoadError(where, path, QStringLiteral("cannot set feature gate ") + setting.name + QStringLiteral(" to false, feature is locked to true"));
        const bool defaultValue = isOn(state);
        if (!canRun(*gate, setting.value, defaultValue))
            throw LoadError(where, path, QStringLiteral("kschedviz cannot run ") + setting.name + QLatin1Char('=') + boolText(setting.value)
                                             + QStringLiteral(": ") + QString::fromLatin1(gate->effect) + QStringLiteral(" is ")
                                             + (setting.value ? QStringLiteral("not modelled yet") : QStringLiteral("always on here"))
                                             + QStringLiteral(" (docs/versions.md)"));
        if (gate->field)
            features.*gate->field = setting.value;
    }
    return features;
}

QString partialModelWarning(KubeVersion version, const QList<GateSetting>& settings)
{
    QStringList runAsOff;
    for (const GateSpec& gate : gateTable) {
        if (gate.support != GateSupport::OnlyOff || !isOn(stateIn(gate, version)))
            continue;
        // A gate the user turned off is not missing.
        const bool setOff = std::any_of(settings.begin(), settings.end(), [&gate](const GateSetting& setting) {
            return setting.name == QLatin1String(gate.name) && !setting.value;
        });
        if (!setOff)
            runAsOff.append(QString::fromLatin1(gate.name));
    }
    if (runAsOff.isEmpty())
        return {};
    return QStringLiteral("Kubernetes ") + version.toString() + QStringLiteral(" is modelled in part: ")
        + runAsOff.join(QStringLiteral(", ")) + (runAsOff.size() == 1 ? QStringLiteral(" is") : QStringLiteral(" are"))
        + QStringLiteral(" on in that version but not modelled yet, so kschedviz runs without ")
        + (runAsOff.size() == 1 ? QStringLiteral("it") : QStringLiteral("them")) + QStringLiteral(" (docs/versions.md)");
}

} // namespace ksv::version
