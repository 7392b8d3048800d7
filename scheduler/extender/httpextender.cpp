#include "httpextender.h"

#include "framework/snapshot.h"
#include "wire.h"

namespace ksv::extender {

QString toString(Verb verb)
{
    switch (verb) {
    case Verb::Filter: return QStringLiteral("filter");
    case Verb::Prioritize: return QStringLiteral("prioritize");
    case Verb::Bind: return QStringLiteral("bind");
    case Verb::Preempt: return QStringLiteral("preempt");
    }
    return {};
}

HTTPExtender::HTTPExtender(config::Extender config, int index, ExtenderTransport& transport, ExtenderCallObserver* observer)
    : m_config(std::move(config))
    , m_index(index)
    , m_transport(transport)
    , m_observer(observer)
{
}

QString HTTPExtender::verbUrl(const QString& urlPrefix, const QString& verb)
{
    QString prefix = urlPrefix;
    while (prefix.endsWith(QLatin1Char('/')))
        prefix.chop(1);
    return prefix + QLatin1Char('/') + verb;
}

bool HTTPExtender::isInterested(const Pod& pod) const
{
    if (m_config.managedResources.isEmpty())
        return true;
    const auto usesManaged = [this](const QList<Container>& containers) {
        for (const Container& container : containers) {
            for (const config::ExtenderManagedResource& resource : m_config.managedResources) {
                if (container.requests.contains(resource.name) || container.limits.contains(resource.name))
                    return true;
            }
        }
        return false;
    };
    return usesManaged(pod.containers) || usesManaged(pod.initContainers);
}

std::optional<QByteArray> HTTPExtender::send(Verb verb, const QString& action, const QByteArray& body, ExtenderCall& call, QString* error)
{
    ExtenderRequest request;
    request.extender = &m_config;
    request.extenderIndex = m_index;
    request.verb = verb;
    request.url = verbUrl(m_config.urlPrefix, action);
    request.body = body;
    request.timeoutNanos = m_config.httpTimeoutNanos == 0 ? defaultExtenderTimeoutNanos : m_config.httpTimeoutNanos;

    call.extenderIndex = m_index;
    call.extenderName = m_config.urlPrefix;
    call.verb = verb;
    call.url = request.url;
    call.request = body;
    call.response = m_transport.post(request);
    if (!call.response.transportError.isEmpty()) {
        *error = call.response.transportError;
        return std::nullopt;
    }
    if (call.response.status != 200) {
        *error = QStringLiteral("failed ") + action + QStringLiteral(" with extender at URL ") + request.url + QStringLiteral(", code ")
                 + QString::number(call.response.status);
        return std::nullopt;
    }
    return call.response.body;
}

void HTTPExtender::report(ExtenderCall& call, const std::optional<QString>& error)
{
    call.error = error.value_or(QString());
    if (m_observer)
        m_observer->extenderCalled(call);
}

framework::ExtenderFilterResult HTTPExtender::filter(const Pod& pod, const QList<framework::NodeInfoPtr>& nodes)
{
    framework::ExtenderFilterResult result;
    if (m_config.filterVerb.isEmpty()) {
        result.feasible = nodes;
        return result;
    }
    ExtenderCall call;
    QString error;
    const std::optional<QByteArray> body = send(Verb::Filter, m_config.filterVerb, encodeExtenderArgs(pod, nodes, m_config.nodeCacheCapable), call, &error);
    std::optional<FilterAnswer> answer;
    if (body)
        answer = decodeFilterResult(*body, &error);
    if (answer && !answer->error.isEmpty())
        error = answer->error;
    if (!answer || !answer->error.isEmpty()) {
        result.error = error;
        report(call, result.error);
        return result;
    }

    QHash<QString, framework::NodeInfoPtr> sent;
    sent.reserve(nodes.size());
    for (const framework::NodeInfoPtr& node : nodes)
        sent.insert(node->name(), node);
    // nodeCacheCapable reads NodeNames when present; otherwise (or when it is null) Nodes.
    const std::optional<QStringList>& names = m_config.nodeCacheCapable && answer->nodeNames ? answer->nodeNames : answer->nodes;
    if (names) {
        for (const QString& name : *names) {
            const framework::NodeInfoPtr node = sent.value(name);
            if (!node) {
                result.error = QStringLiteral("extender \"%1\" claims a filtered node \"%2\" which is not found in the input node list")
                                   .arg(m_config.urlPrefix, name);
                report(call, result.error);
                return result;
            }
            result.feasible.append(node);
        }
    }
    // Neither list: every node is dropped, with no status (an "absent" node).
    result.failed = std::move(answer->failedNodes);
    result.failedAndUnresolvable = std::move(answer->failedAndUnresolvableNodes);
    report(call, std::nullopt);
    return result;
}

framework::ExtenderPrioritizeResult HTTPExtender::prioritize(const Pod& pod, const QList<framework::NodeInfoPtr>& nodes)
{
    framework::ExtenderPrioritizeResult result;
    if (m_config.prioritizeVerb.isEmpty()) {
        for (const framework::NodeInfoPtr& node : nodes)
            result.scores.append(framework::HostPriority {node->name(), 0});
        return result; // weight 0
    }
    ExtenderCall call;
    QString error;
    const std::optional<QByteArray> body =
        send(Verb::Prioritize, m_config.prioritizeVerb, encodeExtenderArgs(pod, nodes, m_config.nodeCacheCapable), call, &error);
    std::optional<QList<framework::HostPriority>> scores;
    if (body)
        scores = decodeHostPriorityList(*body, &error);
    if (!scores) {
        result.error = error;
        report(call, result.error);
        return result;
    }
    result.scores = std::move(*scores);
    result.weight = m_config.weight;
    report(call, std::nullopt);
    return result;
}

std::optional<QString> HTTPExtender::bind(const Pod& pod, const QString& node)
{
    if (!isBinder())
        return QStringLiteral("unexpected empty bindVerb in extender");
    ExtenderCall call;
    call.bindNode = node;
    QString error;
    const std::optional<QByteArray> body = send(Verb::Bind, m_config.bindVerb, encodeBindingArgs(pod, node), call, &error);
    std::optional<QString> answerError;
    if (body)
        answerError = decodeBindingResult(*body, &error);
    std::optional<QString> failure;
    if (!answerError)
        failure = error;
    else if (!answerError->isEmpty())
        failure = *answerError;
    report(call, failure);
    return failure;
}

framework::ExtenderPreemptionResult HTTPExtender::processPreemption(const Pod& pod, const framework::NodeNameToVictims& victims,
                                                                   const framework::Snapshot& snapshot)
{
    framework::ExtenderPreemptionResult result;
    if (!supportsPreemption()) {
        result.error = QStringLiteral("preempt verb is not defined for extender %1 but run into ProcessPreemption").arg(m_config.urlPrefix);
        return result;
    }
    ExtenderCall call;
    QString error;
    const std::optional<QByteArray> body =
        send(Verb::Preempt, m_config.preemptVerb, encodePreemptionArgs(pod, victims, m_config.nodeCacheCapable), call, &error);
    std::optional<PreemptionAnswer> answer;
    if (body)
        answer = decodePreemptionResult(*body, &error);
    if (!answer) {
        result.error = error;
        report(call, result.error);
        return result;
    }
    // convertToVictims: every node must be in the snapshot, every UID a pod on that node.
    for (auto it = answer->nodeNameToMetaVictims.cbegin(); it != answer->nodeNameToMetaVictims.cend(); ++it) {
        const framework::NodeInfoPtr node = snapshot.get(it.key());
        if (!node) {
            result.error = QStringLiteral("nodeinfo not found for node name \"%1\"").arg(it.key());
            break;
        }
        framework::ExtenderVictims converted;
        if (it->has_value()) {
            converted.numPDBViolations = (*it)->numPDBViolations;
            for (const QString& uid : (*it)->podUids) {
                framework::PodInfoPtr found;
                for (const framework::PodInfoPtr& candidate : node->pods()) {
                    if (candidate->pod->meta.uid == uid) {
                        found = candidate;
                        break;
                    }
                }
                if (!found) {
                    result.error = QStringLiteral("extender: %1 claims to preempt pod (UID: &{%2}) on node: %3, but the pod is not found on that node")
                                       .arg(m_config.urlPrefix, uid, it.key());
                    break;
                }
                converted.pods.append(found);
            }
        }
        if (result.error)
            break;
        result.victims.insert(it.key(), std::move(converted));
    }
    if (result.error)
        result.victims.clear();
    report(call, result.error);
    return result;
}

QList<int> extenderCallOrder(const QList<config::Extender>& extenders)
{
    QList<int> order;
    for (int pass = 0; pass < 2; ++pass) {
        for (int i = 0; i < extenders.size(); ++i) {
            if (extenders[i].ignorable == (pass == 1))
                order.append(i);
        }
    }
    return order;
}

} // namespace ksv::extender
