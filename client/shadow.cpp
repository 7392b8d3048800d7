#include "shadow.h"

#include "recorder.h"

#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <limits>
#include <utility>

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
    m_batch.setSingleShot(true);
    connect(&m_batch, &QTimer::timeout, this, &ShadowTracker::predictArrivals);
    connect(&session, &ClusterSession::synced, this, &ShadowTracker::begin);
    connect(&session, &ClusterSession::objectChanged, this, &ShadowTracker::onChanged);
    connect(&session, &ClusterSession::relisted, this, &ShadowTracker::onRelisted);
    if (session.hasSynced())
        begin();
}

ShadowTracker::~ShadowTracker()
{
    // A run under way stops at its next step; its result is dropped with the watcher.
    if (m_cancel)
        m_cancel->store(true);
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
    QList<Arrival> pending;
    for (const Pod& pod : m_session.state().pods) {
        if (pod.nodeName.isEmpty() && !pod.isTerminal() && canPredict(pod))
            pending.append({pod, pod, false});
    }
    predict(pending, true, scenarioState(m_session.state()), QDateTime::currentDateTimeUtc());
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
    if (!m_started)
        return;
    // A change to what the scheduler sees closes the batch of arrivals; a pod made pending does not.
    if (kind != QLatin1String("Event") && !m_batches.isEmpty() && !m_batches.constLast().closed) {
        const Reflector* changed = m_session.reflector(kind);
        const KubeObject* object = changed && !deleted ? changed->store().find(key) : nullptr;
        const bool newPending = object && std::holds_alternative<Pod>(*object) && std::get<Pod>(*object).nodeName.isEmpty()
            && !waiting(std::get<Pod>(*object).key() + QLatin1Char(' ') + std::get<Pod>(*object).meta.uid);
        if (!newPending)
            closeOpenBatch();
    }
    // A deleted pod keeps its entry: what the cluster said before stays said.
    if (deleted)
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
    if (kind != QLatin1String("Event"))
        closeOpenBatch(); // a store replaced whole: whatever changed, the next arrival sees it
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
    const QString id = pod.key() + QLatin1Char(' ') + pod.meta.uid;
    if (Arrival* arrival = waiting(id)) {
        arrival->latest = pod;
        return;
    }
    if (m_noAttempt.contains(id) || !canPredict(pod))
        return;
    if (pod.nodeName.isEmpty()) {
        arrive(pod, false);
        return;
    }
    // Made and bound between two looks (a relist, a slow watch): predicted as if seen pending, if it
    // was made since the start by anyone but a kubelet.
    const bool madeSinceStart = pod.meta.creationTimestampMs && *pod.meta.creationTimestampMs >= m_startedAtMs - 1000;
    if (madeSinceStart && !ownedByNode(pod))
        arrive(pod, true);
}

void ShadowTracker::arrive(const Pod& pod, bool seenBound)
{
    // Each waiting batch holds a copy of the cluster (about 0.9 GB at 150,000 pods).
    constexpr qsizetype maxWaitingBatches = 2;
    if (m_batches.isEmpty() || (m_batches.constLast().closed && m_batches.size() < maxWaitingBatches)) {
        Batch batch;
        batch.state = scenarioState(m_session.state());
        batch.stateAt = QDateTime::currentDateTimeUtc();
        batch.age.start();
        m_batches.append(std::move(batch));
    }
    m_batches.last().arrivals.append({pod, pod, seenBound});
    if (seenBound)
        closeOpenBatch(); // its binding is a change the next arrival must see
    if (!m_batch.isActive())
        m_batch.start(m_batchWindowMs);
}

void ShadowTracker::closeOpenBatch()
{
    if (!m_batches.isEmpty())
        m_batches.last().closed = true;
}

ShadowTracker::Arrival* ShadowTracker::waiting(const QString& id)
{
    const auto matches = [&id](const Arrival& arrival) { return arrival.seen.key() + QLatin1Char(' ') + arrival.seen.meta.uid == id; };
    for (Batch& batch : m_batches) {
        for (Arrival& arrival : batch.arrivals) {
            if (matches(arrival))
                return &arrival;
        }
    }
    if (const auto it = m_inFlightIndex.constFind(id); it != m_inFlightIndex.cend())
        return &m_inFlight[*it];
    return nullptr;
}

void ShadowTracker::predictArrivals()
{
    if (m_running || m_batches.isEmpty())
        return; // the run under way takes the next batch when it is done
    // A batch still open gets its window to gather a burst; a closed one goes at once.
    const Batch& first = m_batches.constFirst();
    const qint64 wait = m_batchWindowMs - first.age.elapsed();
    if (!first.closed && wait > 0) {
        m_batch.start(int(wait));
        return;
    }
    Batch batch = m_batches.takeFirst();
    predict(std::move(batch.arrivals), false, std::move(batch.state), batch.stateAt);
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

void ShadowTracker::predict(QList<Arrival> arrivals, bool atStart, ClusterState state, QDateTime stateAt)
{
    Q_ASSERT(!m_running);
    QSet<QString> wanted;
    QStringList keys;
    for (const Arrival& arrival : arrivals) {
        wanted.insert(arrival.seen.key());
        keys.append(arrival.seen.key());
    }
    // Every other unbound pod left out; each of the batch pending, whatever the cluster did with it
    // since, in its place (the queue takes equal pods in the state's order), or, if it came after the
    // state was taken, added as it was seen.
    state.pods.removeIf([&wanted](const Pod& pod) { return pod.nodeName.isEmpty() && !wanted.contains(pod.key()); });
    const auto makePending = [](Pod& pod) {
        pod.nodeName.clear();
        pod.phase = PodPhase::Pending;
        pod.conditions.clear();
        pod.startTimeMs.reset();
    };
    QSet<QString> present;
    for (Pod& pod : state.pods) {
        if (!wanted.contains(pod.key()))
            continue;
        present.insert(pod.key());
        makePending(pod);
    }
    for (const Arrival& arrival : arrivals) {
        if (present.contains(arrival.seen.key()))
            continue;
        if (std::optional<KubeObject> asWritten = forScenario(KubeObject(arrival.seen))) {
            Pod pod = std::get<Pod>(std::move(*asWritten));
            makePending(pod);
            state.pods.append(std::move(pod));
        }
    }
    auto scenario = std::make_shared<Scenario>();
    scenario->name = QStringLiteral("shadow");
    scenario->file = m_session.client().server().toString(QUrl::RemoveUserInfo);
    scenario->initial = std::move(state);

    m_inFlight = std::move(arrivals);
    m_inFlightAtStart = atStart;
    m_inFlightAt = stateAt;
    m_inFlightEvents = m_session.schedulingEvents();
    m_inFlightIndex.clear();
    for (qsizetype i = 0; i < m_inFlight.size(); ++i)
        m_inFlightIndex.insert(m_inFlight[i].seen.key() + QLatin1Char(' ') + m_inFlight[i].seen.meta.uid, i);
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    m_running = new QFutureWatcher<QHash<QString, ExplainReport>>(this);
    connect(m_running, &QFutureWatcherBase::finished, this, &ShadowTracker::finishPrediction);
    m_running->setFuture(QtConcurrent::run([scenario, configuration = m_configuration, keys, cancel = m_cancel] {
        try {
            return explainFirstAttempts(*scenario, configuration, keys, cancel.get());
        } catch (const std::exception& error) {
            qWarning("kschedviz: shadow: no prediction for %s: %s", qPrintable(keys.join(QStringLiteral(", "))), error.what());
        }
        return QHash<QString, ExplainReport> {};
    }));
}

void ShadowTracker::finishPrediction()
{
    const QHash<QString, ExplainReport> reports = m_running->result();
    m_running->deleteLater();
    m_running = nullptr;
    m_cancel.reset();
    const QList<Arrival> arrivals = std::exchange(m_inFlight, {});
    m_inFlightIndex.clear();
    const QList<SchedulingEvent> eventsAtStart = std::exchange(m_inFlightEvents, {});
    // The cluster's word, as it would have come had the prediction been instant. Pods pending at the
    // first list: what the cluster said by the snapshot (its condition then, else its latest event
    // then), not what a later attempt, on a later cluster, says. Pods that arrived: their first
    // failure since (the earliest FailedScheduling event; its condition describes the same attempt
    // only when there is no event). A binding, whenever it came, is final.
    const QList<SchedulingEvent> now = m_session.schedulingEvents();
    const QList<SchedulingEvent>& events = m_inFlightAtStart ? eventsAtStart : now;
    for (const Arrival& arrival : arrivals) {
        const Pod& pod = arrival.seen;
        const auto report = reports.constFind(pod.key());
        if (report == reports.cend()) {
            m_noAttempt.insert(pod.key() + QLatin1Char(' ') + pod.meta.uid);
            continue;
        }
        ShadowPod entry;
        entry.key = pod.key();
        entry.uid = pod.meta.uid;
        entry.arrivedAt = m_inFlightAt;
        entry.pendingAtStart = m_inFlightAtStart;
        entry.seenBound = arrival.seenBound;
        entry.prediction = *report;
        entry.comparison = compare(entry.prediction, entry.observed);
        m_pods.append(entry);
        const qsizetype index = m_pods.size() - 1;
        m_index.insert(entry.key, index);
        Q_EMIT predicted(entry.key);
        const auto ofPod = [&pod](const SchedulingEvent& event) {
            return event.namespace_ == pod.meta.namespace_ && event.name == pod.meta.name && (event.uid.isEmpty() || event.uid == pod.meta.uid);
        };
        for (const SchedulingEvent& event : now) {
            if (ofPod(event) && event.reason == SchedulingEvent::Reason::Scheduled)
                onEvent(event);
        }
        if (!arrival.latest.nodeName.isEmpty()) {
            observeFromPod(index, arrival.latest);
            continue;
        }
        const SchedulingEvent* failure = nullptr;
        for (const SchedulingEvent& event : events) {
            if (!ofPod(event) || event.reason != SchedulingEvent::Reason::FailedScheduling)
                continue;
            const bool better = !failure
                || (m_inFlightAtStart ? event.lastTimestamp > failure->lastTimestamp : event.firstTimestamp < failure->firstTimestamp);
            if (better)
                failure = &event;
        }
        if (failure)
            onEvent(*failure);
        if (m_inFlightAtStart || !failure)
            observeFromPod(index, m_inFlightAtStart ? arrival.seen : arrival.latest);
    }
    if (m_inFlightAtStart && !m_initialDone) {
        m_initialDone = true;
        Q_EMIT started();
    }
    predictArrivals(); // what arrived meanwhile
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
