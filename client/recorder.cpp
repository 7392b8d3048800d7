#include "recorder.h"

#include "scenario/encode.h"

namespace ksv::client {

namespace {

QString idOf(const KubeObject& object)
{
    return kindOf(object) + QLatin1Char(' ') + Store::keyOf(object);
}

template<typename F>
void forEachObject(const ClusterState& state, F&& function)
{
    const auto each = [&function](const auto& list) {
        for (const auto& object : list)
            function(KubeObject(object));
    };
    each(state.namespaces);
    each(state.priorityClasses);
    each(state.storageClasses);
    each(state.nodes);
    each(state.csiNodes);
    each(state.persistentVolumes);
    each(state.persistentVolumeClaims);
    each(state.services);
    each(state.replicationControllers);
    each(state.replicaSets);
    each(state.statefulSets);
    each(state.podDisruptionBudgets);
    each(state.podGroups);
    each(state.pods);
}

bool ownedByNode(const Pod& pod)
{
    // A mirror pod of a static pod: the kubelet runs it, no scheduler ever places it.
    return std::any_of(pod.meta.ownerReferences.cbegin(), pod.meta.ownerReferences.cend(),
                       [](const OwnerReference& owner) { return owner.kind == QLatin1String("Node"); });
}

// A pod the replay's scheduler places, as the workload made it: what the cluster's scheduler and
// kubelet wrote (the node, the nomination, the status) left out. The status seen first is kept, so
// that a status change alone is not a change of the workload; a pod's end is.
Pod asPending(const Pod& current, const Pod* written)
{
    Pod pod = current;
    pod.nodeName.clear();
    if (written) {
        pod.nominatedNodeName = written->nominatedNodeName;
        pod.conditions = written->conditions;
        pod.startTimeMs = written->startTimeMs;
        pod.phase = current.isTerminal() ? current.phase : written->phase;
    } else {
        pod.nominatedNodeName.clear();
        pod.conditions.clear();
        pod.startTimeMs.reset();
        pod.phase = PodPhase::Pending;
    }
    return pod;
}

// What a scenario keeps of a live object: the annotations the scheduler reads, no location.
KubeObject asWritten(KubeObject object)
{
    keepSchedulerAnnotations(object);
    metaOf(object).source = {};
    return object;
}

} // namespace

std::optional<KubeObject> forScenario(KubeObject object)
{
    if (const auto* pod = std::get_if<Pod>(&object); pod && pod->isTerminal())
        return std::nullopt;
    return asWritten(std::move(object));
}

ClusterState scenarioState(const ClusterState& state, QStringList* skipped)
{
    QSet<QString> nodes;
    for (const Node& node : state.nodes)
        nodes.insert(node.meta.name);
    ClusterState result;
    forEachObject(state, [&](KubeObject object) {
        auto kept = forScenario(std::move(object));
        if (!kept)
            return;
        if (const auto* pod = std::get_if<Pod>(&*kept); pod && !pod->nodeName.isEmpty() && !nodes.contains(pod->nodeName)) {
            if (skipped)
                skipped->append(QStringLiteral("pod ") + pod->key() + QStringLiteral(": bound to node ") + pod->nodeName
                                + QStringLiteral(", which is not in the cluster"));
            return;
        }
        result.add(std::move(*kept));
    });
    return result;
}

Recorder::Recorder(ClusterSession& session, std::function<qint64()> clock, QObject* parent)
    : QObject(parent)
    , m_session(session)
    , m_clock(std::move(clock))
{
    if (!m_clock) {
        m_timer.start();
        m_clock = [this] { return m_timer.nsecsElapsed(); };
    }
    connect(&session, &ClusterSession::synced, this, &Recorder::begin);
    connect(&session, &ClusterSession::objectChanged, this, &Recorder::onChanged);
    connect(&session, &ClusterSession::relisted, this, &Recorder::onRelisted);
    connect(&session, &ClusterSession::objectRejected, this, [this](const QString& kind, const QString& name, const QString& message) {
        m_skipped.append(kind + QLatin1Char(' ') + name + QStringLiteral(": ") + message);
    });
    if (session.hasSynced())
        begin();
}

qint64 Recorder::now() const
{
    // Microseconds: finer than any watch delivers, and short in the file.
    return m_started ? (m_clock() - m_startNanos) / 1000 * 1000 : 0;
}

void Recorder::begin()
{
    if (m_started)
        return;
    m_initial = scenarioState(m_session.state(), &m_skipped);
    forEachObject(m_initial, [this](KubeObject object) {
        const QString id = idOf(object);
        if (const auto* node = std::get_if<Node>(&object))
            m_nodes.insert(node->meta.name);
        if (const auto* pod = std::get_if<Pod>(&object); pod && pod->nodeName.isEmpty())
            m_replayPlaces.insert(id);
        m_written.insert(id, std::move(object));
    });
    m_startedAt = QDateTime::currentDateTimeUtc();
    m_startNanos = m_clock();
    m_started = true;
    Q_EMIT started();
}

void Recorder::onChanged(const QString& kind, const QString& key, bool deleted)
{
    if (!m_started || kind == QLatin1String("Event"))
        return;
    const Reflector* reflector = m_session.reflector(kind);
    const KubeObject* current = deleted || !reflector ? nullptr : reflector->store().find(key);
    apply(kind, key, current);
}

void Recorder::onRelisted(const QString& kind)
{
    if (!m_started || kind == QLatin1String("Event"))
        return;
    const Reflector* reflector = m_session.reflector(kind);
    if (!reflector)
        return;
    // A list replaced the store: what it gained, changed or lost since the last version written.
    const QHash<QString, KubeObject>& objects = reflector->store().objects();
    QStringList keys = objects.keys();
    std::sort(keys.begin(), keys.end());
    for (const QString& key : keys)
        apply(kind, key, &objects.find(key).value());
    const QString prefix = kind + QLatin1Char(' ');
    QStringList gone;
    for (auto it = m_written.cbegin(); it != m_written.cend(); ++it) {
        if (it.key().startsWith(prefix) && !objects.contains(it.key().mid(prefix.size())))
            gone.append(it.key().mid(prefix.size()));
    }
    std::sort(gone.begin(), gone.end());
    for (const QString& key : gone)
        apply(kind, key, nullptr);
}

void Recorder::apply(const QString& kind, const QString& key, const KubeObject* current)
{
    const QString id = kind + QLatin1Char(' ') + key;
    const auto written = m_written.constFind(id);
    const KubeObject* previous = written == m_written.cend() ? nullptr : &written.value();
    if (kind == QLatin1String("Pod")) {
        // Terminal pods too: a recorded pod's end is a change of the workload.
        const std::optional<Pod> pod = current ? std::optional<Pod>(std::get<Pod>(asWritten(*current))) : std::nullopt;
        const std::optional<Pod> before = previous ? std::optional<Pod>(std::get<Pod>(*previous)) : std::nullopt;
        recordPod(id, before ? &*before : nullptr, pod ? &*pod : nullptr);
        return;
    }
    const std::optional<KubeObject> now = current ? forScenario(*current) : std::nullopt;
    if (!now) {
        if (previous) {
            const KubeObject gone = *previous;
            add(EventAction::Delete, gone);
        }
        return;
    }
    if (previous && metaOf(*previous).uid != metaOf(*now).uid) {
        const KubeObject replaced = *previous;
        add(EventAction::Delete, replaced); // deleted and made again under the same name
        previous = nullptr;
    }
    if (!previous)
        add(EventAction::Create, *now);
    else if (!(*previous == *now))
        add(EventAction::Update, *now);
}

void Recorder::recordPod(const QString& id, const Pod* previous, const Pod* current)
{
    if (!current) {
        if (previous)
            add(EventAction::Delete, *previous);
        return;
    }
    if (previous && previous->meta.uid != current->meta.uid) {
        recordPod(id, previous, nullptr);
        previous = nullptr;
    }
    if (!previous) {
        if (current->isTerminal())
            return; // never seen running: the scheduler's informers never see it either
        if (current->nodeName.isEmpty()) {
            m_replayPlaces.insert(id);
            add(EventAction::Create, *current);
            return;
        }
        if (!m_nodes.contains(current->nodeName)) {
            m_skipped.append(QStringLiteral("pod ") + current->key() + QStringLiteral(": bound to node ") + current->nodeName
                             + QStringLiteral(", which is not in the cluster"));
            return;
        }
        // Made and bound between two looks (or before a relist): if it was made during the recording
        // by anyone but a kubelet, the replay places it, and the binding is what the scheduler did.
        const bool madeDuringRecording = current->meta.creationTimestampMs
            && *current->meta.creationTimestampMs >= m_startedAt.toMSecsSinceEpoch() - 1000;
        if (madeDuringRecording && !ownedByNode(*current)) {
            m_replayPlaces.insert(id);
            m_observedBound.insert(id);
            add(EventAction::Create, asPending(*current, nullptr));
            m_bindings.append(ObservedBinding {now(), current->key(), current->nodeName});
            return;
        }
        add(EventAction::Create, *current);
        return;
    }
    if (m_replayPlaces.contains(id)) {
        if (!current->nodeName.isEmpty() && !m_observedBound.contains(id)) {
            m_observedBound.insert(id);
            m_bindings.append(ObservedBinding {now(), current->key(), current->nodeName});
        }
        const Pod workload = asPending(*current, previous);
        if (!(workload == *previous))
            add(EventAction::Update, workload);
        return;
    }
    if (!m_nodes.contains(current->nodeName)) {
        m_skipped.append(QStringLiteral("pod ") + current->key() + QStringLiteral(": an update on node ") + current->nodeName
                         + QStringLiteral(", which is no longer in the cluster"));
        return;
    }
    if (!(*current == *previous))
        add(EventAction::Update, *current);
}

void Recorder::add(EventAction action, KubeObject object)
{
    const QString id = idOf(object);
    if (const auto* node = std::get_if<Node>(&object)) {
        if (action == EventAction::Delete)
            m_nodes.remove(node->meta.name);
        else
            m_nodes.insert(node->meta.name);
    }
    if (action == EventAction::Delete) {
        m_written.remove(id);
        m_replayPlaces.remove(id);
        m_observedBound.remove(id);
    } else {
        m_written.insert(id, object);
    }
    m_events.append(ObjectChange {now(), action, std::move(object), {}});
    Q_EMIT recorded(m_events.size(), m_bindings.size());
}

Scenario Recorder::scenario(const QString& name, const QString& context) const
{
    Scenario scenario;
    scenario.name = name;
    scenario.initial = m_initial;
    scenario.events = m_events;
    Recording recording;
    recording.server = m_session.client().server().toString(QUrl::RemoveUserInfo);
    recording.context = context;
    recording.startedAtMs = m_startedAt.toMSecsSinceEpoch();
    recording.duration = now();
    recording.bindings = m_bindings;
    scenario.recording = recording;
    return scenario;
}

} // namespace ksv::client
