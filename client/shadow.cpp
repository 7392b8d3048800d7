#include "shadow.h"

#include "recorder.h"

#include <algorithm>
#include <limits>

namespace ksv::client {

namespace {

bool ownedByNode(const Pod& pod)
{
    // A mirror pod of a static pod: the kubelet runs it, no scheduler ever places it.
    return std::any_of(pod.meta.ownerReferences.cbegin(), pod.meta.ownerReferences.cend(),
                       [](const OwnerReference& owner) { return owner.kind == QLatin1String("Node"); });
}

const QString fromNodeName = QStringLiteral("nodeName");
const QString fromScheduledEvent = QStringLiteral("Scheduled event");
const QString fromCondition = QStringLiteral("PodScheduled condition");
const QString fromFailedEvent = QStringLiteral("FailedScheduling event");

} // namespace

ShadowTracker::ShadowTracker(ClusterSession& session, config::KubeSchedulerConfiguration configuration, QObject* parent)
    : QObject(parent)
    , m_session(session)
    , m_configuration(std::move(configuration))
{
    for (const config::Profile& profile : m_configuration.profiles)
        m_schedulerNames.insert(profile.schedulerName);
    connect(&session, &ClusterSession::synced, this, &ShadowTracker::begin);
    connect(&session, &ClusterSession::objectChanged, this, &ShadowTracker::onChanged);
    connect(&session, &ClusterSession::relisted, this, &ShadowTracker::onRelisted);
    if (session.hasSynced())
        begin();
}

const ShadowPod* ShadowTracker::pod(const QString& key) const
{
    const auto it = m_index.constFind(key);
    return it == m_index.cend() ? nullptr : &m_pods[*it];
}

ShadowAgreement ShadowTracker::agreement() const
{
    return recentAgreement(int(std::min<qsizetype>(m_decisions.size(), std::numeric_limits<int>::max())));
}

ShadowAgreement ShadowTracker::recentAgreement(int window) const
{
    ShadowAgreement result;
    for (qsizetype i = std::max<qsizetype>(0, m_decisions.size() - window); i < m_decisions.size(); ++i) {
        ++result.total;
        if (m_pods[m_decisions[i]].comparison.agree)
            ++result.agreed;
    }
    return result;
}

void ShadowTracker::begin()
{
    if (m_started)
        return;
    m_started = true;
    m_startedAtMs = QDateTime::currentMSecsSinceEpoch();
    QList<Pod> pending;
    for (const Pod& pod : m_session.state().pods) {
        if (pod.nodeName.isEmpty() && !pod.isTerminal() && canPredict(pod))
            pending.append(pod);
    }
    predict(pending, true, false);
    Q_EMIT started();
}

bool ShadowTracker::canPredict(const Pod& pod) const
{
    return pod.schedulingGates.isEmpty() && !pod.meta.isDeleting() && m_schedulerNames.contains(pod.schedulerName);
}

qsizetype ShadowTracker::indexOf(const QString& key, const QString& uid) const
{
    const auto it = m_index.constFind(key);
    if (it == m_index.cend() || (!uid.isEmpty() && !m_pods[*it].uid.isEmpty() && m_pods[*it].uid != uid))
        return -1;
    return *it;
}

void ShadowTracker::onChanged(const QString& kind, const QString& key, bool deleted)
{
    // A deleted pod keeps its entry: what the cluster said before stays said.
    if (!m_started || deleted)
        return;
    const Reflector* reflector = m_session.reflector(kind);
    if (!reflector)
        return;
    if (kind == QLatin1String("Pod")) {
        if (const KubeObject* object = reflector->store().find(key))
            onPod(std::get<Pod>(*object));
    } else if (kind == QLatin1String("Event")) {
        if (const auto it = reflector->events().constFind(key); it != reflector->events().cend())
            onEvent(*it);
    }
}

void ShadowTracker::onRelisted(const QString& kind)
{
    if (!m_started)
        return;
    const Reflector* reflector = m_session.reflector(kind);
    if (!reflector)
        return;
    // What a watch missed: every object as the new list has it, in a stable order.
    if (kind == QLatin1String("Pod")) {
        QStringList keys = reflector->store().objects().keys();
        std::sort(keys.begin(), keys.end());
        for (const QString& key : keys)
            onPod(std::get<Pod>(*reflector->store().find(key)));
    } else if (kind == QLatin1String("Event")) {
        for (const SchedulingEvent& event : m_session.schedulingEvents())
            onEvent(event);
    }
}

void ShadowTracker::onPod(const Pod& pod)
{
    if (pod.isTerminal())
        return;
    if (const qsizetype index = indexOf(pod.key(), pod.meta.uid); index >= 0) {
        observeFromPod(index, pod);
        return;
    }
    if (m_noAttempt.contains(pod.key() + QLatin1Char(' ') + pod.meta.uid) || !canPredict(pod))
        return;
    if (pod.nodeName.isEmpty()) {
        predict({pod}, false, false);
        return;
    }
    // Made and bound between two looks (a relist, a slow watch): predicted as if seen pending, if it
    // was made since the start by anyone but a kubelet.
    const bool madeSinceStart = pod.meta.creationTimestampMs && *pod.meta.creationTimestampMs >= m_startedAtMs - 1000;
    if (madeSinceStart && !ownedByNode(pod))
        predict({pod}, false, true);
}

void ShadowTracker::onEvent(const SchedulingEvent& event)
{
    if (event.kind != QLatin1String("Pod"))
        return;
    const qsizetype index = indexOf(event.namespace_ + QLatin1Char('/') + event.name, event.uid);
    if (index < 0)
        return;
    if (event.reason == SchedulingEvent::Reason::Scheduled) {
        // "Successfully assigned default/web-1 to node-a"
        const qsizetype to = event.message.lastIndexOf(QLatin1String(" to "));
        if (to >= 0)
            observe(index, ShadowObservation {ShadowObservation::Kind::Bound, event.message.mid(to + 4).trimmed(), {}, fromScheduledEvent});
        return;
    }
    observe(index, ShadowObservation {ShadowObservation::Kind::Unschedulable, {}, event.message, fromFailedEvent});
}

void ShadowTracker::predict(const QList<Pod>& pods, bool atStart, bool seenBound)
{
    if (pods.isEmpty())
        return;
    QSet<QString> wanted;
    QStringList keys;
    for (const Pod& pod : pods) {
        wanted.insert(pod.key());
        keys.append(pod.key());
    }
    ClusterState state = scenarioState(m_session.state());
    state.pods.removeIf([&wanted](const Pod& pod) { return pod.nodeName.isEmpty() && !wanted.contains(pod.key()); });
    if (seenBound) {
        for (Pod& pod : state.pods) {
            if (!wanted.contains(pod.key()))
                continue;
            pod.nodeName.clear();
            pod.phase = PodPhase::Pending;
            pod.conditions.clear();
            pod.startTimeMs.reset();
        }
    }
    Scenario scenario;
    scenario.name = QStringLiteral("shadow");
    scenario.file = m_session.client().server().toString(QUrl::RemoveUserInfo);
    scenario.initial = std::move(state);
    QHash<QString, ExplainReport> reports;
    try {
        reports = explainFirstAttempts(scenario, m_configuration, keys);
    } catch (const std::exception& error) {
        qWarning("kschedviz: shadow: no prediction for %s: %s", qPrintable(keys.join(QStringLiteral(", "))), error.what());
    }
    const QDateTime now = QDateTime::currentDateTimeUtc();
    const QList<SchedulingEvent> events = m_session.schedulingEvents();
    for (const Pod& pod : pods) {
        const auto report = reports.constFind(pod.key());
        if (report == reports.cend()) {
            m_noAttempt.insert(pod.key() + QLatin1Char(' ') + pod.meta.uid);
            continue;
        }
        ShadowPod entry;
        entry.key = pod.key();
        entry.uid = pod.meta.uid;
        entry.arrivedAt = now;
        entry.pendingAtStart = atStart;
        entry.seenBound = seenBound;
        entry.prediction = *report;
        entry.comparison = compare(entry.prediction, entry.observed);
        m_pods.append(entry);
        const qsizetype index = m_pods.size() - 1;
        m_index.insert(entry.key, index);
        Q_EMIT predicted(entry.key);
        // What the cluster said already: its binding, else its latest FailedScheduling event, then the
        // pod's own condition, which replaces that event.
        const SchedulingEvent* latestFailure = nullptr;
        for (const SchedulingEvent& event : events) {
            if (event.namespace_ != pod.meta.namespace_ || event.name != pod.meta.name || (!event.uid.isEmpty() && event.uid != pod.meta.uid))
                continue;
            if (event.reason == SchedulingEvent::Reason::Scheduled)
                onEvent(event);
            else if (!latestFailure || event.lastTimestamp > latestFailure->lastTimestamp)
                latestFailure = &event;
        }
        if (latestFailure)
            onEvent(*latestFailure);
        observeFromPod(index, pod);
    }
}

void ShadowTracker::observeFromPod(qsizetype index, const Pod& pod)
{
    if (!pod.nodeName.isEmpty()) {
        observe(index, ShadowObservation {ShadowObservation::Kind::Bound, pod.nodeName, {}, fromNodeName});
        return;
    }
    for (const PodCondition& condition : pod.conditions) {
        // Rewritten at every failed attempt: the scheduler's latest verdict.
        if (condition.type == QLatin1String("PodScheduled") && condition.status == QLatin1String("False")
            && condition.reason == QLatin1String("Unschedulable") && !condition.message.isEmpty())
            observe(index, ShadowObservation {ShadowObservation::Kind::Unschedulable, {}, condition.message, fromCondition});
    }
}

void ShadowTracker::observe(qsizetype index, const ShadowObservation& observation)
{
    ShadowPod& entry = m_pods[index];
    const ShadowObservation& current = entry.observed;
    if (current == observation)
        return;
    // A binding is final; the same binding said again (the Scheduled event after nodeName) adds nothing.
    if (current.kind == ShadowObservation::Kind::Bound)
        return;
    // A failure is compared as first said: later attempts see a cluster later than the snapshot
    // kschedviz decided on. Only the condition may replace an event: both describe the attempt, and
    // the condition is rewritten each time while events are deduplicated and rate-limited.
    if (current.kind == ShadowObservation::Kind::Unschedulable && observation.kind == ShadowObservation::Kind::Unschedulable
        && !(current.source == fromFailedEvent && observation.source == fromCondition))
        return;
    entry.observed = observation;
    entry.comparison = compare(entry.prediction, observation);
    entry.decidedAt = QDateTime::currentDateTimeUtc();
    m_decisions.removeOne(index);
    m_decisions.append(index);
    Q_EMIT decided(entry.key);
}

} // namespace ksv::client
