#include "replay.h"

#include "api/resources.h"
#include "framework/status.h"
#include "framework/types.h"

#include <QSet>

#include <algorithm>
#include <cmath>
#include <type_traits>

namespace ksv::trace {

// Every state and checkpoint holds a row per pod (150,000 in the scale sample): a new field takes the
// padding before it takes another 8 bytes a pod.
static_assert(sizeof(PodRow) == 56);

namespace {

bool holdsRoom(PodLocation location)
{
    // The scheduler's cache counts assumed pods (waiting on Permit, binding) like bound ones.
    return location == PodLocation::WaitingOnPermit || location == PodLocation::Binding || location == PodLocation::Bound;
}

bool isQueue(PodLocation location)
{
    return location == PodLocation::Active || location == PodLocation::Backoff || location == PodLocation::Unschedulable
        || location == PodLocation::Gated;
}

float percentile(std::vector<float>& sorted, double p)
{
    if (sorted.empty())
        return 0;
    const auto rank = static_cast<size_t>(std::ceil(p * double(sorted.size()))) - 1;
    return sorted[std::min(rank, sorted.size() - 1)];
}

} // namespace

// ---- Catalogue ----------------------------------------------------------------------------------

ReplayCatalogue::ReplayCatalogue(const ClusterSource& source)
{
    const ClusterState& initial = source.initialState();
    for (qsizetype i = 0; i < initial.nodes.size(); ++i)
        addNode(initial.nodes[i], qint32(i));
    for (qsizetype i = 0; i < initial.pods.size(); ++i)
        addPod(initial.pods[i], qint32(i));
    source.forEachKnownChange([this](const ObjectChange& change) { observe(change); });

    QSet<QString> scalars;
    const auto addScalars = [&scalars](const Node& node) {
        const framework::Resource allocatable = framework::Resource::fromResourceList(node.allocatable);
        for (auto it = allocatable.scalarResources.cbegin(); it != allocatable.scalarResources.cend(); ++it)
            scalars.insert(it.key());
    };
    for (const Node& node : initial.nodes)
        addScalars(node);
    source.forEachKnownChange([&addScalars](const ObjectChange& change) {
        if (const auto* node = std::get_if<Node>(&change.object))
            addScalars(*node);
    });
    m_measures = {QStringLiteral("cpu"), QStringLiteral("memory"), QStringLiteral("pods")};
    QStringList names(scalars.cbegin(), scalars.cend());
    names.sort();
    m_measures += names;
}

qint32 ReplayCatalogue::addNode(const Node& node, qint32 initialPosition)
{
    if (const auto it = m_nodeIndex.constFind(node.meta.name); it != m_nodeIndex.cend())
        return *it;
    const auto index = qint32(m_nodeNames.size());
    m_nodeIndex.insert(node.meta.name, index);
    m_nodeNames.append(node.meta.name);
    m_initialNode.push_back(initialPosition);
    m_firstSpecs.push_back(node);
    return index;
}

qint32 ReplayCatalogue::addPod(const Pod& pod, qint32 initialPosition)
{
    const QString key = pod.key();
    if (const auto it = m_podIndex.constFind(key); it != m_podIndex.cend())
        return *it;
    const auto index = qint32(m_podKeys.size());
    m_podIndex.insert(key, index);
    m_podKeys.append(key);
    m_initialPod.push_back(initialPosition);
    return index;
}

void ReplayCatalogue::observe(const ObjectChange& change)
{
    if (const auto* node = std::get_if<Node>(&change.object))
        m_changeObject.push_back(addNode(*node, -1));
    else if (const auto* pod = std::get_if<Pod>(&change.object))
        m_changeObject.push_back(addPod(*pod, -1));
    else
        m_changeObject.push_back(-1);
}

QString ReplayCatalogue::nodeLabel(qint32 node, const QString& label) const
{
    return m_firstSpecs[size_t(node)].meta.labels.value(label);
}

QStringList ReplayCatalogue::nodeLabelKeys() const
{
    QSet<QString> keys;
    for (const Node& node : m_firstSpecs) {
        for (auto it = node.meta.labels.cbegin(); it != node.meta.labels.cend(); ++it)
            keys.insert(it.key());
    }
    QStringList sorted(keys.cbegin(), keys.cend());
    sorted.sort();
    return sorted;
}

std::vector<qint64> ReplayCatalogue::podRequests(const Pod& pod) const
{
    const framework::Resource requests = framework::Resource::fromResourceList(ksv::podRequests(pod));
    std::vector<qint64> row(size_t(m_measures.size()), 0);
    row[MeasureCpu] = requests.milliCPU;
    row[MeasureMemory] = requests.memory;
    row[MeasurePods] = 1;
    for (int i = FirstScalarMeasure; i < m_measures.size(); ++i)
        row[size_t(i)] = requests.scalar(m_measures[i]);
    return row;
}

std::vector<qint64> ReplayCatalogue::nodeAllocatable(const Node& node) const
{
    const framework::Resource allocatable = framework::Resource::fromResourceList(node.allocatable);
    std::vector<qint64> row(size_t(m_measures.size()), 0);
    row[MeasureCpu] = allocatable.milliCPU;
    row[MeasureMemory] = allocatable.memory;
    row[MeasurePods] = allocatable.allowedPodNumber;
    for (int i = FirstScalarMeasure; i < m_measures.size(); ++i)
        row[size_t(i)] = allocatable.scalar(m_measures[i]);
    return row;
}

// ---- State --------------------------------------------------------------------------------------

ReplayState::ReplayState(const ReplayCatalogue& catalogue, const ClusterState& initial)
    : measureCount(catalogue.measureCount())
{
    const auto measures = size_t(measureCount);
    fitTo(catalogue);
    for (qint32 node = 0; node < catalogue.nodeCount(); ++node) {
        const qint32 listed = catalogue.initialNode(node);
        if (listed < 0)
            continue;
        nodeSpec[size_t(node)] = -1;
        std::ranges::copy(catalogue.nodeAllocatable(initial.nodes[listed]), nodeAllocatable.begin() + qsizetype(size_t(node) * measures));
    }
    for (qint32 pod = 0; pod < catalogue.podCount(); ++pod) {
        const qint32 listed = catalogue.initialPod(pod);
        if (listed < 0)
            continue;
        const Pod& spec = initial.pods[listed];
        std::ranges::copy(catalogue.podRequests(spec), podRequests.begin() + qsizetype(size_t(pod) * measures));
        PodRow& row = pods[size_t(pod)];
        row.present = true;
        if (spec.isTerminal())
            continue;
        if (!spec.nodeName.isEmpty()) {
            row.location = PodLocation::Bound;
            place(pod, catalogue.nodeIndex(spec.nodeName));
        }
    }
    counts = {};
    for (const PodRow& row : pods)
        ++counts[size_t(row.location)];
}

void ReplayState::fitTo(const ReplayCatalogue& catalogue)
{
    const auto measures = size_t(measureCount);
    const auto podCount = size_t(catalogue.podCount());
    const auto nodeCount = size_t(catalogue.nodeCount());
    if (pods.size() < podCount) {
        counts[size_t(PodLocation::None)] += qint32(podCount - pods.size());
        pods.resize(podCount);
        podRequests.resize(podCount * measures, 0);
    }
    if (nodeSpec.size() < nodeCount) {
        nodeAllocatable.resize(nodeCount * measures, 0);
        nodeRequested.resize(nodeCount * measures, 0);
        nodeSpec.resize(nodeCount, -2);
    }
}

void ReplayState::place(qint32 pod, qint32 node)
{
    PodRow& row = pods[size_t(pod)];
    if (row.node == node)
        return;
    const auto measures = size_t(measureCount);
    const qint64* requests = podRequests.data() + size_t(pod) * measures;
    if (row.node >= 0) {
        qint64* used = nodeRequested.data() + size_t(row.node) * measures;
        for (size_t i = 0; i < measures; ++i)
            used[i] -= requests[i];
    }
    row.node = node;
    if (node >= 0) {
        qint64* used = nodeRequested.data() + size_t(node) * measures;
        for (size_t i = 0; i < measures; ++i)
            used[i] += requests[i];
    }
}

void ReplayState::applyClusterChange(const Event& event, const TraceIndex& traceIndex)
{
    const auto index = qsizetype(event.objectChange());
    const ObjectChange& change = traceIndex.trace().objects().at(index);
    const ReplayCatalogue& catalogue = traceIndex.catalogue();
    const auto measures = size_t(measureCount);
    if (std::holds_alternative<Node>(change.object)) {
        const qint32 n = catalogue.changeObject(index);
        const auto offset = qsizetype(size_t(n) * measures);
        if (change.action == EventAction::Delete) {
            nodeSpec[size_t(n)] = -2;
            std::fill_n(nodeAllocatable.begin() + offset, measures, 0);
        } else {
            nodeSpec[size_t(n)] = qint32(index);
            std::copy_n(traceIndex.changeRow(index), measures, nodeAllocatable.begin() + offset);
        }
    } else if (std::holds_alternative<Pod>(change.object)) {
        const qint32 p = catalogue.changeObject(index);
        PodRow& row = pods[size_t(p)];
        row.present = change.action != EventAction::Delete;
        if (change.action == EventAction::Delete)
            return; // the pod's move to Deleted frees its room
        const qint32 boundTo = row.node;
        place(p, -1);
        row.spec = qint32(index);
        std::copy_n(traceIndex.changeRow(index), measures, podRequests.begin() + qsizetype(size_t(p) * measures));
        place(p, boundTo);
    }
}

void ReplayState::apply(const Event& event, const TraceIndex& index)
{
    position += 1;
    time = event.time();
    switch (event.kind()) {
    case EventKind::ClusterChange: applyClusterChange(event, index); break;
    case EventKind::QueueMove: {
        const qint32 pod = index.podOf(event.pod());
        if (pod < 0)
            break;
        PodRow& row = pods[size_t(pod)];
        const PodLocation to = event.to();
        --counts[size_t(row.location)];
        ++counts[size_t(to)];
        row.location = to;
        row.since = event.time();
        row.cause = event.cause();
        if (to == PodLocation::Bound)
            row.preempted = false; // placed again: no longer a victim waiting for room
        if (isQueue(to)) {
            row.queueValue = event.queueTime();
            row.priority = event.priority();
            if (row.firstQueued < 0)
                row.firstQueued = event.time();
        }
        place(pod, holdsRoom(to) ? (event.node() >= 0 ? index.nodeOf(event.node()) : row.node) : -1);
        break;
    }
    case EventKind::CycleStart: {
        const qint32 pod = index.podOf(event.pod());
        if (pod >= 0) {
            pods[size_t(pod)].attempts = qint32(event.attempt());
            pods[size_t(pod)].lastCycle = cyclesStarted;
        }
        ++cyclesStarted;
        break;
    }
    case EventKind::Nominated: {
        const qint32 pod = index.podOf(event.pod());
        if (pod >= 0)
            pods[size_t(pod)].nominatedNode = event.node() >= 0 ? index.nodeOf(event.node()) : -1;
        break;
    }
    case EventKind::Victim: {
        const qint32 pod = index.podOf(event.pod());
        if (pod >= 0)
            pods[size_t(pod)].preempted = true;
        break;
    }
    case EventKind::PluginResult:
    case EventKind::FilterNodes:
    case EventKind::ScoreNodes:
    case EventKind::CycleEnd:
    case EventKind::Preemption:
    case EventKind::BindingStart:
    case EventKind::BindingEnd:
    case EventKind::ExtenderCall: break;
    }
}

// ---- Index --------------------------------------------------------------------------------------

TraceIndex::TraceIndex(ReplayCatalogue catalogue, std::shared_ptr<const Trace> trace, Timing timing, qsizetype checkpointSpacing,
                       qsizetype checkpointPrepareBytes)
    : m_trace(std::move(trace))
    , m_catalogue(std::move(catalogue))
    , m_timing(timing)
    , m_head(m_catalogue, m_trace->objects().initial())
    , m_checkpointSpacing(checkpointSpacing)
    , m_checkpointPrepareBytes(checkpointPrepareBytes)
{
    const auto pods = size_t(m_catalogue.podCount());
    m_podEvents.resize(pods);
    m_podCycles.resize(pods);
    m_podBindings.resize(pods);
    m_openBinding.assign(pods, -1);
    m_changeRowAt.assign(size_t(m_catalogue.changeCount()), -1);
    m_checkpoints.push_back(m_head);
    m_seconds.push_back(SecondSample {m_head.counts, 0, 0, 0, 0, 0, 0, 0});
}

void TraceIndex::resolveStrings(qsizetype count) const
{
    count = std::min(count, m_trace->stringCount());
    for (auto id = qsizetype(m_podOfString.size()); id < count; ++id) {
        const QString text = m_trace->string(qint32(id));
        m_podOfString.push_back(m_catalogue.podIndex(text));
        m_nodeOfString.push_back(m_catalogue.nodeIndex(text));
        if (m_podOfString.back() < 0 && m_nodeOfString.back() < 0)
            m_unresolvedStrings.insert(text, qint32(id));
    }
}

void TraceIndex::observeChange(qsizetype change)
{
    const qint32 pods = m_catalogue.podCount();
    const qint32 nodes = m_catalogue.nodeCount();
    for (qsizetype next = m_catalogue.changeCount(); next <= change; ++next) {
        m_catalogue.observe(m_trace->objects().at(next));
        m_changeRowAt.push_back(-1);
    }
    if (m_catalogue.podCount() == pods && m_catalogue.nodeCount() == nodes)
        return;
    // A string that named no pod or node may name the new one.
    const auto resolve = [this](const QString& name, std::vector<qint32>& ofString, qint32 index) {
        const auto it = m_unresolvedStrings.constFind(name);
        if (it == m_unresolvedStrings.cend())
            return;
        ofString[size_t(*it)] = index;
        m_unresolvedStrings.erase(it);
    };
    for (qint32 pod = pods; pod < m_catalogue.podCount(); ++pod)
        resolve(m_catalogue.podKey(pod), m_podOfString, pod);
    for (qint32 node = nodes; node < m_catalogue.nodeCount(); ++node)
        resolve(m_catalogue.nodeName(node), m_nodeOfString, node);
    const auto podCount = size_t(m_catalogue.podCount());
    m_podEvents.resize(podCount);
    m_podCycles.resize(podCount);
    m_podBindings.resize(podCount);
    m_openBinding.resize(podCount, -1);
    m_head.fitTo(m_catalogue);
}

const Node* TraceIndex::nodeSpec(qint32 node, qint32 version) const
{
    if (version >= 0)
        return std::get_if<Node>(&m_trace->objects().at(version).object);
    return version == -1 ? &m_catalogue.firstSpec(node) : nullptr;
}

const Pod* TraceIndex::podSpec(qint32 pod, qint32 version) const
{
    if (version >= 0)
        return std::get_if<Pod>(&m_trace->objects().at(version).object);
    const qint32 initial = m_catalogue.initialPod(pod);
    return initial >= 0 ? &m_trace->objects().initial().pods[initial] : nullptr;
}

const qint64* TraceIndex::changeRow(qsizetype change) const
{
    qint32& at = m_changeRowAt[size_t(change)];
    if (at < 0) {
        const ObjectChange& object = m_trace->objects().at(change);
        std::vector<qint64> row;
        if (const auto* node = std::get_if<Node>(&object.object))
            row = m_catalogue.nodeAllocatable(*node);
        else if (const auto* pod = std::get_if<Pod>(&object.object))
            row = m_catalogue.podRequests(*pod);
        else
            row.assign(size_t(m_catalogue.measureCount()), 0);
        at = qint32(m_changeRows.size());
        m_changeRows.insert(m_changeRows.end(), row.begin(), row.end());
    }
    return m_changeRows.data() + at;
}

qint32 TraceIndex::podOf(qint32 stringId) const
{
    if (stringId < 0)
        return -1;
    if (size_t(stringId) >= m_podOfString.size())
        resolveStrings(qsizetype(stringId) + 1);
    return m_podOfString[size_t(stringId)];
}

qint32 TraceIndex::nodeOf(qint32 stringId) const
{
    if (stringId < 0)
        return -1;
    if (size_t(stringId) >= m_nodeOfString.size())
        resolveStrings(qsizetype(stringId) + 1);
    return m_nodeOfString[size_t(stringId)];
}

void TraceIndex::advance(qsizetype published)
{
    published = std::min(published, m_trace->size());
    if (m_spareCheckpoints.empty() && published > m_head.position)
        prepareCheckpointMemory();
    for (qsizetype position = m_head.position; position < published; ++position) {
        if (position == qsizetype(m_checkpoints.size()) * m_checkpointSpacing)
            takeCheckpoint();
        const Event& event = m_trace->at(position);
        if (event.kind() == EventKind::ClusterChange && event.objectChange() >= m_catalogue.changeCount())
            observeChange(event.objectChange());
        closeSeconds(event.time());
        indexEvent(position, event);
        m_head.apply(event, *this);
        m_seconds.back().counts = m_head.counts;
    }
    std::vector<float> sorted = m_secondLatencies;
    std::ranges::sort(sorted);
    SecondSample& open = m_seconds.back();
    open.latencyP50 = percentile(sorted, 0.50);
    open.latencyP90 = percentile(sorted, 0.90);
    open.latencyP99 = percentile(sorted, 0.99);
}

void TraceIndex::prepareCheckpointMemory()
{
    qsizetype budget = m_checkpointPrepareBytes;
    const auto grow = [&budget](auto& vector, size_t size) {
        using Element = typename std::decay_t<decltype(vector)>::value_type;
        if (budget <= 0 || vector.size() >= size)
            return;
        vector.reserve(size); // address space only: a page is faulted in when first written
        const size_t step = std::min(size - vector.size(), std::max<size_t>(1, size_t(budget) / sizeof(Element)));
        vector.resize(vector.size() + step);
        budget -= qsizetype(step * sizeof(Element));
    };
    ReplayState& prepared = m_preparedCheckpoint;
    grow(prepared.pods, m_head.pods.size());
    grow(prepared.podRequests, m_head.podRequests.size());
    grow(prepared.nodeAllocatable, m_head.nodeAllocatable.size());
    grow(prepared.nodeRequested, m_head.nodeRequested.size());
    grow(prepared.nodeSpec, m_head.nodeSpec.size());
}

void TraceIndex::takeCheckpoint()
{
    if (!m_spareCheckpoints.empty()) {
        m_checkpoints.push_back(std::move(m_spareCheckpoints.back()));
        m_spareCheckpoints.pop_back();
    } else {
        m_checkpoints.push_back(std::move(m_preparedCheckpoint)); // however much of it is written yet
        m_preparedCheckpoint = ReplayState();
    }
    // A full copy whatever the vectors held: into pages already faulted in, as far as they were.
    m_checkpoints.back() = m_head;
    if (qsizetype(m_checkpoints.size()) <= maxCheckpoints)
        return;
    // Twice the spacing, half the checkpoints: memory stays bounded however long the run.
    // A couple of the dropped ones stay as spares: the next checkpoints reuse their memory.
    std::vector<ReplayState> kept;
    for (size_t i = 0; i < m_checkpoints.size(); ++i) {
        if (i % 2 == 0)
            kept.push_back(std::move(m_checkpoints[i]));
        else if (m_spareCheckpoints.size() < maxSpareCheckpoints)
            m_spareCheckpoints.push_back(std::move(m_checkpoints[i]));
    }
    m_checkpoints = std::move(kept);
    m_checkpointSpacing *= 2;
}

void TraceIndex::closeSeconds(VirtualNanos upTo)
{
    const auto second = size_t(upTo / nanosPerSecond);
    while (m_seconds.size() <= second) {
        std::ranges::sort(m_secondLatencies);
        SecondSample& closing = m_seconds.back();
        closing.latencyP50 = percentile(m_secondLatencies, 0.50);
        closing.latencyP90 = percentile(m_secondLatencies, 0.90);
        closing.latencyP99 = percentile(m_secondLatencies, 0.99);
        m_secondLatencies.clear();
        m_seconds.push_back(SecondSample {m_head.counts, 0, 0, 0, 0, 0, 0, 0});
    }
}

void TraceIndex::indexEvent(qsizetype position, const Event& event)
{
    const qint32 pod = podOf(event.pod());
    const auto at = qint32(position);
    if (pod >= 0 && event.kind() != EventKind::FilterNodes && event.kind() != EventKind::ScoreNodes)
        m_podEvents[size_t(pod)].push_back(at);
    const auto openBinding = [&](VirtualNanos permitStart, VirtualNanos start) {
        BindingRecord record;
        record.permitStart = permitStart;
        record.start = start;
        record.pod = pod;
        record.node = nodeOf(event.node());
        record.cycle = m_head.pods[size_t(pod)].lastCycle;
        const auto free = std::ranges::find_if(m_laneBusyUntil, [](VirtualNanos until) { return until >= 0; });
        record.lane = qint32(free - m_laneBusyUntil.begin());
        if (free == m_laneBusyUntil.end())
            m_laneBusyUntil.push_back(-1);
        else
            *free = -1;
        m_bindingLanes = std::max(m_bindingLanes, record.lane + 1);
        m_openBinding[size_t(pod)] = qint32(m_bindings.size());
        m_podBindings[size_t(pod)].push_back(qint32(m_bindings.size()));
        m_bindings.push_back(record);
    };
    const auto closeBinding = [&](quint8 code, qint32 message) {
        BindingRecord& record = m_bindings[size_t(m_openBinding[size_t(pod)])];
        record.end = event.time();
        record.code = code;
        record.message = message;
        record.finished = true;
        m_laneBusyUntil[size_t(record.lane)] = event.time();
        m_openBinding[size_t(pod)] = -1;
    };

    switch (event.kind()) {
    case EventKind::CycleStart: {
        CycleRecord record;
        record.startEvent = position;
        record.start = event.time();
        record.pod = pod;
        record.cycle = event.cycle();
        record.attempt = qint32(event.attempt());
        record.profile = event.profile();
        m_openCycle = qint32(m_cycles.size());
        if (pod >= 0)
            m_podCycles[size_t(pod)].push_back(m_openCycle);
        m_cycles.push_back(record);
        break;
    }
    case EventKind::CycleEnd: {
        if (m_openCycle < 0)
            break;
        CycleRecord& record = m_cycles[size_t(m_openCycle)];
        record.endEvent = position;
        record.end = event.time();
        record.code = quint8(event.code());
        record.node = nodeOf(event.node());
        record.message = event.message();
        record.evaluated = qint32(event.evaluated());
        record.feasible = event.feasible();
        m_openCycle = -1;
        auto& sample = m_seconds.back();
        const framework::Code code = event.code();
        if (code == framework::Code::Success)
            ++sample.scheduled;
        else if (code == framework::Code::Unschedulable || code == framework::Code::UnschedulableAndUnresolvable)
            ++sample.unschedulable;
        else
            ++sample.error;
        break;
    }
    case EventKind::Preemption:
        if (m_openCycle >= 0)
            m_cycles[size_t(m_openCycle)].preempted = true;
        break;
    case EventKind::QueueMove: {
        if (pod < 0)
            break;
        const PodLocation from = event.from();
        const PodLocation to = event.to();
        if (to == PodLocation::WaitingOnPermit && m_openBinding[size_t(pod)] < 0)
            openBinding(event.time(), -1);
        else if (from == PodLocation::WaitingOnPermit && to != PodLocation::Binding && m_openBinding[size_t(pod)] >= 0)
            closeBinding(quint8(framework::Code::Unschedulable), -1); // rejected or timed out while waiting
        if (to == PodLocation::Bound && from == PodLocation::Binding) {
            const VirtualNanos queued = m_head.pods[size_t(pod)].firstQueued;
            if (queued >= 0) {
                m_secondLatencies.push_back(float(double(event.time() - queued) / double(nanosPerSecond)));
                ++m_seconds.back().bound;
            }
        }
        break;
    }
    case EventKind::BindingStart:
        if (pod < 0)
            break;
        if (m_openBinding[size_t(pod)] >= 0)
            m_bindings[size_t(m_openBinding[size_t(pod)])].start = event.time();
        else
            openBinding(-1, event.time());
        break;
    case EventKind::BindingEnd:
        if (pod >= 0 && m_openBinding[size_t(pod)] >= 0)
            closeBinding(quint8(event.code()), event.message());
        break;
    case EventKind::ClusterChange:
    case EventKind::PluginResult:
    case EventKind::FilterNodes:
    case EventKind::ScoreNodes:
    case EventKind::Victim:
    case EventKind::Nominated:
    case EventKind::ExtenderCall: break;
    }
}

qint32 TraceIndex::cycleAt(qint64 position) const
{
    const auto it = std::ranges::upper_bound(m_cycles, position, {}, &CycleRecord::startEvent);
    if (it == m_cycles.begin())
        return -1;
    const auto& record = *std::prev(it);
    if (record.endEvent >= 0 && record.endEvent < position)
        return -1;
    return qint32(std::prev(it) - m_cycles.begin());
}

ReplayState TraceIndex::stateAt(qsizetype position) const
{
    ReplayState state;
    stateAt(position, state);
    return state;
}

void TraceIndex::stateAt(qsizetype position, ReplayState& state) const
{
    position = std::clamp<qsizetype>(position, 0, indexed());
    const auto checkpoint = std::min(size_t(position / m_checkpointSpacing), m_checkpoints.size() - 1);
    state = m_checkpoints[checkpoint];
    state.fitTo(m_catalogue); // pods and nodes first seen after the checkpoint
    advanceState(state, position);
}

qsizetype TraceIndex::checkpointBefore(qsizetype position) const
{
    position = std::clamp<qsizetype>(position, 0, indexed());
    return m_checkpoints[std::min(size_t(position / m_checkpointSpacing), m_checkpoints.size() - 1)].position;
}

void TraceIndex::advanceState(ReplayState& state, qsizetype position) const
{
    position = std::min(position, indexed());
    state.fitTo(m_catalogue);
    for (qsizetype p = state.position; p < position; ++p)
        state.apply(m_trace->at(p), *this);
}

qsizetype TraceIndex::positionAfter(VirtualNanos t) const
{
    qsizetype low = 0;
    qsizetype high = indexed();
    while (low < high) {
        const qsizetype middle = low + (high - low) / 2;
        if (m_trace->at(middle).time() <= t)
            low = middle + 1;
        else
            high = middle;
    }
    return low;
}

qsizetype TraceIndex::memoryBytes() const
{
    const auto stateBytes = [](const ReplayState& state) {
        return qsizetype(state.pods.size() * sizeof(PodRow)
                         + (state.podRequests.size() + state.nodeAllocatable.size() + state.nodeRequested.size()) * sizeof(qint64)
                         + state.nodeSpec.size() * sizeof(qint32));
    };
    qsizetype bytes = stateBytes(m_head) * qsizetype(1 + m_checkpoints.size() + m_spareCheckpoints.size())
        + stateBytes(m_preparedCheckpoint);
    bytes += qsizetype(m_cycles.capacity() * sizeof(CycleRecord) + m_bindings.capacity() * sizeof(BindingRecord)
                       + m_seconds.capacity() * sizeof(SecondSample));
    for (size_t i = 0; i < m_podEvents.size(); ++i)
        bytes += qsizetype((m_podEvents[i].capacity() + m_podCycles[i].capacity() + m_podBindings[i].capacity()) * sizeof(qint32));
    return bytes;
}

} // namespace ksv::trace
