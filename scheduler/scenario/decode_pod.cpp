// Decoding of v1.Pod: the spec fields the scheduler reads and the status fields it keeps.
#include "decode.h"

namespace ksv {

namespace {

ContainerPort decodeContainerPort(const YamlField& field, bool hostNetwork)
{
    ContainerPort port;
    port.name = field.stringOr("name");
    const YamlField containerPort = field["containerPort"];
    if (!containerPort.isDefined())
        containerPort.fail(QStringLiteral("required value is missing"));
    port.containerPort = static_cast<int>(containerPort.toInt(1, 65535));
    if (const YamlField hostPort = field["hostPort"]; hostPort.isDefined())
        port.hostPort = static_cast<int>(hostPort.toInt(0, 65535));
    if (const YamlField protocol = field["protocol"]; protocol.isDefined())
        port.protocol = static_cast<Protocol>(protocol.toEnum({QStringLiteral("TCP"), QStringLiteral("UDP"), QStringLiteral("SCTP")}));
    port.hostIP = field.stringOr("hostIP");
    // SetDefaults_Pod: with hostNetwork every container port is also a host port.
    if (hostNetwork && port.hostPort == 0)
        port.hostPort = port.containerPort;
    return port;
}

Container decodeContainer(const YamlField& field, bool hostNetwork, bool isInit)
{
    Container container;
    container.name = field.requiredString("name");
    container.image = field.stringOr("image");
    const YamlField resources = field["resources"];
    container.requests = decodeResourceList(resources["requests"]);
    container.limits = decodeResourceList(resources["limits"]);
    // SetDefaults_Container: a limit without a request is also the request; a request above its
    // limit is refused by validation ("must be less than or equal to cpu limit").
    for (auto it = container.limits.cbegin(); it != container.limits.cend(); ++it) {
        const auto request = container.requests.constFind(it.key());
        if (request == container.requests.cend())
            container.requests.insert(it.key(), it.value());
        else if (*request > it.value())
            resources["requests"][it.key().toUtf8().constData()].fail(QStringLiteral("must be less than or equal to ")
                                                                      + it.key() + QStringLiteral(" limit of ")
                                                                      + it.value().toString());
    }
    container.ports = field["ports"].list<ContainerPort>([hostNetwork](const YamlField& f) { return decodeContainerPort(f, hostNetwork); });
    if (const YamlField restartPolicy = field["restartPolicy"]; restartPolicy.isDefined()) {
        if (!isInit)
            restartPolicy.fail(QStringLiteral("may not be set for non-init containers"));
        container.restartPolicyAlways = restartPolicy.toEnum({QStringLiteral("Always")}) == 0;
    }
    return container;
}

Volume decodeVolume(const YamlField& field, const QString& podName)
{
    Volume volume;
    volume.name = field.requiredString("name");
    static const QStringList known = {
        QStringLiteral("persistentVolumeClaim"), QStringLiteral("ephemeral"), QStringLiteral("gcePersistentDisk"),
        QStringLiteral("awsElasticBlockStore"), QStringLiteral("iscsi"), QStringLiteral("rbd")};
    for (const auto& [key, value] : field.entries()) {
        if (key == QLatin1String("name"))
            continue;
        volume.type = key;
        if (key == QLatin1String("persistentVolumeClaim")) {
            volume.claimName = value.requiredString("claimName");
            volume.readOnly = value["readOnly"].isDefined() && value["readOnly"].toBool();
        } else if (key == QLatin1String("ephemeral")) {
            // A generic ephemeral volume is backed by the PVC <pod name>-<volume name>.
            volume.claimName = podName + QLatin1Char('-') + volume.name;
        } else if (key == QLatin1String("gcePersistentDisk")) {
            volume.gcePdName = value.requiredString("pdName");
            volume.readOnly = value["readOnly"].isDefined() && value["readOnly"].toBool();
        } else if (key == QLatin1String("awsElasticBlockStore")) {
            volume.awsVolumeID = value.requiredString("volumeID");
            volume.readOnly = value["readOnly"].isDefined() && value["readOnly"].toBool();
        } else if (key == QLatin1String("iscsi")) {
            volume.iscsiTargetPortal = value.requiredString("targetPortal");
            volume.iscsiIqn = value.requiredString("iqn");
            volume.iscsiLun = static_cast<int>(value["lun"].isDefined() ? value["lun"].toInt(0, 255) : 0);
            volume.readOnly = value["readOnly"].isDefined() && value["readOnly"].toBool();
        } else if (key == QLatin1String("rbd")) {
            volume.rbdMonitors = value["monitors"].toStringList();
            volume.rbdPool = value.stringOr("pool", QStringLiteral("rbd"));
            volume.rbdImage = value.requiredString("image");
            volume.readOnly = value["readOnly"].isDefined() && value["readOnly"].toBool();
        }
        if (known.contains(key))
            break;
    }
    return volume;
}

TopologySpreadConstraint decodeTopologySpreadConstraint(const YamlField& field)
{
    TopologySpreadConstraint constraint;
    const YamlField maxSkew = field["maxSkew"];
    if (!maxSkew.isDefined())
        maxSkew.fail(QStringLiteral("required value is missing"));
    constraint.maxSkew = static_cast<int>(maxSkew.toInt(1, std::numeric_limits<int>::max()));
    constraint.topologyKey = field.requiredString("topologyKey");
    if (!isQualifiedName(constraint.topologyKey))
        field["topologyKey"].fail(quoteForMessage(constraint.topologyKey) + QStringLiteral(" is not a valid label key"));
    const YamlField when = field["whenUnsatisfiable"];
    if (!when.isDefined())
        when.fail(QStringLiteral("required value is missing"));
    constraint.whenUnsatisfiable = static_cast<UnsatisfiableConstraintAction>(
        when.toEnum({QStringLiteral("DoNotSchedule"), QStringLiteral("ScheduleAnyway")}));
    constraint.labelSelector = decodeOptionalLabelSelector(field["labelSelector"]);
    if (const YamlField minDomains = field["minDomains"]; minDomains.isDefined()) {
        constraint.minDomains = static_cast<int>(minDomains.toInt(1, std::numeric_limits<int>::max()));
        if (constraint.whenUnsatisfiable != UnsatisfiableConstraintAction::DoNotSchedule)
            minDomains.fail(QStringLiteral("can only use minDomains if whenUnsatisfiable=DoNotSchedule"));
    }
    const QStringList policies = {QStringLiteral("Ignore"), QStringLiteral("Honor")};
    if (const YamlField policy = field["nodeAffinityPolicy"]; policy.isDefined())
        constraint.nodeAffinityPolicy = static_cast<NodeInclusionPolicy>(policy.toEnum(policies));
    if (const YamlField policy = field["nodeTaintsPolicy"]; policy.isDefined())
        constraint.nodeTaintsPolicy = static_cast<NodeInclusionPolicy>(policy.toEnum(policies));
    constraint.matchLabelKeys = field["matchLabelKeys"].toStringList();
    return constraint;
}

} // namespace

Pod decodePod(const YamlField& object)
{
    Pod pod;
    pod.meta = decodeObjectMeta(object["metadata"], true);
    const YamlField spec = object["spec"];
    if (!spec.isDefined())
        spec.fail(QStringLiteral("required value is missing"));
    if (!spec.isMap())
        spec.fail(QStringLiteral("expected a mapping, found ") + spec.describe());

    pod.schedulerName = spec.stringOr("schedulerName", defaultSchedulerName);
    pod.nodeName = spec.stringOr("nodeName");
    pod.priorityClassName = spec.stringOr("priorityClassName");
    if (const YamlField priority = spec["priority"]; priority.isDefined())
        pod.priority = static_cast<int>(priority.toInt(std::numeric_limits<int>::min(), std::numeric_limits<int>::max()));
    if (const YamlField policy = spec["preemptionPolicy"]; policy.isDefined())
        pod.preemptionPolicy = static_cast<PreemptionPolicy>(policy.toEnum({QStringLiteral("PreemptLowerPriority"), QStringLiteral("Never")}));
    pod.nodeSelector = spec["nodeSelector"].toStringMap();
    if (const YamlField affinity = spec["affinity"]; affinity.isDefined())
        pod.affinity = decodeAffinity(affinity);
    pod.tolerations = spec["tolerations"].list<Toleration>(decodeToleration);
    pod.topologySpreadConstraints = spec["topologySpreadConstraints"].list<TopologySpreadConstraint>(decodeTopologySpreadConstraint);
    pod.hostNetwork = spec["hostNetwork"].isDefined() && spec["hostNetwork"].toBool();

    const bool hostNetwork = pod.hostNetwork;
    const YamlField containers = spec["containers"];
    if (containers.elements().isEmpty())
        containers.fail(QStringLiteral("a pod needs at least one container"));
    pod.containers = containers.list<Container>([hostNetwork](const YamlField& f) { return decodeContainer(f, hostNetwork, false); });
    pod.initContainers = spec["initContainers"].list<Container>([hostNetwork](const YamlField& f) { return decodeContainer(f, hostNetwork, true); });
    QStringList containerNames;
    for (const auto& list : {containers, spec["initContainers"]}) {
        for (const auto& container : list.elements()) {
            const QString name = container.stringOr("name");
            if (containerNames.contains(name))
                container["name"].fail(QStringLiteral("duplicate container name ") + quoteForMessage(name));
            containerNames.append(name);
        }
    }
    pod.overhead = decodeResourceList(spec["overhead"]);
    // Dynamic Resource Allocation is not modelled yet: a pod with claims would be placed as if it
    // had none, so it is refused rather than run wrong.
    if (const YamlField claims = spec["resourceClaims"]; !claims.elements().isEmpty())
        claims.fail(QStringLiteral("resource claims (Dynamic Resource Allocation) are not modelled yet: kschedviz would place this pod as if "
                                   "it had none (docs/versions.md)"));
    pod.schedulingGates = spec["schedulingGates"].list<QString>([](const YamlField& gate) { return gate.requiredString("name"); });
    const QString podName = pod.meta.name;
    pod.volumes = spec["volumes"].list<Volume>([&podName](const YamlField& f) { return decodeVolume(f, podName); });

    const YamlField status = object["status"];
    if (const YamlField phase = status["phase"]; phase.isDefined()) {
        pod.phase = static_cast<PodPhase>(phase.toEnum({QStringLiteral("Pending"), QStringLiteral("Running"), QStringLiteral("Succeeded"),
                                                        QStringLiteral("Failed"), QStringLiteral("Unknown")}));
    } else if (!pod.nodeName.isEmpty()) {
        pod.phase = PodPhase::Running;
    }
    pod.nominatedNodeName = status.stringOr("nominatedNodeName");
    if (const YamlField start = status["startTime"]; start.isDefined())
        pod.startTimeMs = decodeTimestampMs(start);
    pod.conditions = status["conditions"].list<PodCondition>([](const YamlField& f) {
        return PodCondition {f.requiredString("type"), f.stringOr("status"), f.stringOr("reason"), f.stringOr("message")};
    });
    return pod;
}

} // namespace ksv
