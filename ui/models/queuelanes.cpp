#include "queuelanes.h"

#include <QCoreApplication>
#include <algorithm>
#include <map>

namespace ksv {

using trace::PodLocation;

int laneOf(PodLocation location)
{
    switch (location) {
    case PodLocation::Active:
        return 0;
    case PodLocation::Backoff:
        return 1;
    case PodLocation::Unschedulable:
        return 2;
    case PodLocation::Gated:
        return 3;
    case PodLocation::Scheduling:
        return 4;
    case PodLocation::WaitingOnPermit:
        return 5;
    case PodLocation::Binding:
        return 6;
    case PodLocation::None:
    case PodLocation::Bound:
    case PodLocation::Deleted:
        return -1;
    }
    Q_UNREACHABLE();
    return -1;
}

QString laneTitle(PodLocation location)
{
    switch (location) {
    case PodLocation::Active:
        return QCoreApplication::translate("QueueLanes", "activeQ");
    case PodLocation::Backoff:
        return QCoreApplication::translate("QueueLanes", "backoffQ");
    case PodLocation::Unschedulable:
        return QCoreApplication::translate("QueueLanes", "Unschedulable");
    case PodLocation::Gated:
        return QCoreApplication::translate("QueueLanes", "Gated");
    case PodLocation::Scheduling:
        return QCoreApplication::translate("QueueLanes", "Scheduling");
    case PodLocation::WaitingOnPermit:
        return QCoreApplication::translate("QueueLanes", "Waiting on Permit");
    case PodLocation::Binding:
        return QCoreApplication::translate("QueueLanes", "Binding");
    case PodLocation::Bound:
        return QCoreApplication::translate("QueueLanes", "Bound");
    case PodLocation::Deleted:
        return QCoreApplication::translate("QueueLanes", "Deleted");
    case PodLocation::None:
        return QCoreApplication::translate("QueueLanes", "Not queued");
    }
    Q_UNREACHABLE();
    return {};
}

CauseFamily causeFamily(const QString& cause)
{
    // The queue's own events (framework/events.go) and the steps of scheduleOne; every other label
    // is a cluster event that some plugin's queueing hint accepted.
    if (cause == QLatin1String("BackoffComplete"))
        return CauseFamily::BackoffDone;
    if (cause == QLatin1String("UnschedulableTimeout"))
        return CauseFamily::Sweep;
    if (cause == QLatin1String("ScheduleAttemptFailure"))
        return CauseFamily::FailedAttempt;
    if (cause == QLatin1String("ForceActivate"))
        return CauseFamily::Activation;
    if (cause == QLatin1String("UnschedulablePodAdd"))
        return CauseFamily::Arrival;
    static const QStringList pipeline = {
        QStringLiteral("Pop"),
        QStringLiteral("Permit"),
        QStringLiteral("Scheduled"),
        QStringLiteral("Preempted"),
        QStringLiteral("PodDelete"),
        QStringLiteral("UnschedulablePodDelete"),
    };
    if (cause.isEmpty() || pipeline.contains(cause))
        return CauseFamily::Pipeline;
    return CauseFamily::ClusterEvent;
}

QString toString(CauseFamily family)
{
    switch (family) {
    case CauseFamily::Pipeline:
        return QCoreApplication::translate("QueueLanes", "scheduling loop");
    case CauseFamily::Arrival:
        return QCoreApplication::translate("QueueLanes", "new pod");
    case CauseFamily::ClusterEvent:
        return QCoreApplication::translate("QueueLanes", "cluster event");
    case CauseFamily::BackoffDone:
        return QCoreApplication::translate("QueueLanes", "backoff done");
    case CauseFamily::Sweep:
        return QCoreApplication::translate("QueueLanes", "unschedulable sweep");
    case CauseFamily::FailedAttempt:
        return QCoreApplication::translate("QueueLanes", "failed attempt");
    case CauseFamily::Activation:
        return QCoreApplication::translate("QueueLanes", "activated");
    }
    Q_UNREACHABLE();
    return {};
}

QColor causeColor(CauseFamily family)
{
    // Mid lightness and saturated: the same colour carries on a white and on a near-black lane.
    switch (family) {
    case CauseFamily::Pipeline:
        return QColor(0x86, 0x8e, 0x96);
    case CauseFamily::Arrival:
        return QColor(0x15, 0xaa, 0xbf);
    case CauseFamily::ClusterEvent:
        return QColor(0x33, 0x7f, 0xe6);
    case CauseFamily::BackoffDone:
        return QColor(0x37, 0xb2, 0x4d);
    case CauseFamily::Sweep:
        return QColor(0xae, 0x3e, 0xc9);
    case CauseFamily::FailedAttempt:
        return QColor(0xe0, 0x31, 0x31);
    case CauseFamily::Activation:
        return QColor(0xf0, 0x8c, 0x00);
    }
    Q_UNREACHABLE();
    return {};
}

double moveHighlight(const trace::ReplayState& state, qint32 pod, VirtualNanos now)
{
    if (pod < 0 || size_t(pod) >= state.pods.size())
        return 0;
    const trace::PodRow& row = state.pods[size_t(pod)];
    if (row.cause < 0)
        return 0; // never moved: part of the initial state
    const VirtualNanos age = std::max<VirtualNanos>(0, now - row.since);
    return std::max(0.0, 1.0 - double(age) / double(laneHighlightWindow));
}

std::shared_ptr<const QueueLaneNaming> queueLaneNaming(const trace::ReplayCatalogue& catalogue)
{
    auto naming = std::make_shared<QueueLaneNaming>();
    // A cluster has few namespaces and many pods, so only the distinct names are sorted.
    QHash<QStringView, qint32> first; // looked up only; views into the catalogue's keys
    QStringList found;
    std::vector<qint32> provisional(size_t(catalogue.podCount()));
    for (qint32 pod = 0; pod < catalogue.podCount(); ++pod) {
        const QString& key = catalogue.podKey(pod);
        const QStringView name = QStringView(key).left(std::max<qsizetype>(0, key.indexOf(QLatin1Char('/'))));
        auto it = first.constFind(name);
        if (it == first.cend()) {
            it = first.insert(name, qint32(found.size()));
            found.append(name.toString());
        }
        provisional[size_t(pod)] = *it;
    }
    std::vector<qint32> rank(size_t(found.size()));
    naming->namespaces = found;
    naming->namespaces.sort();
    for (qsizetype i = 0; i < found.size(); ++i)
        rank[size_t(i)] = qint32(naming->namespaces.indexOf(found[i]));
    naming->podNamespace.resize(provisional.size());
    for (size_t pod = 0; pod < provisional.size(); ++pod)
        naming->podNamespace[pod] = rank[size_t(provisional[pod])];

    // Names used in more than one namespace: the first pod's namespace per name, or -1 once a
    // second namespace has used it.
    QHash<QStringView, qint32> namespaceOfName;
    for (qint32 pod = 0; pod < catalogue.podCount(); ++pod) {
        const QString& key = catalogue.podKey(pod);
        const QStringView name = QStringView(key).mid(key.indexOf(QLatin1Char('/')) + 1);
        const auto it = namespaceOfName.find(name);
        if (it == namespaceOfName.end())
            namespaceOfName.insert(name, naming->podNamespace[size_t(pod)]);
        else if (*it != naming->podNamespace[size_t(pod)])
            *it = -1;
    }
    naming->sharedName.resize(provisional.size());
    for (qint32 pod = 0; pod < catalogue.podCount(); ++pod) {
        const QString& key = catalogue.podKey(pod);
        naming->sharedName[size_t(pod)] = namespaceOfName.value(QStringView(key).mid(key.indexOf(QLatin1Char('/')) + 1)) < 0;
    }
    return naming;
}

void QueueLanes::reset(const trace::ReplayCatalogue* catalogue, std::shared_ptr<const QueueLaneNaming> naming)
{
    m_catalogue = catalogue;
    for (Lane& lane : m_lanes)
        lane = {};
    for (auto& open : m_open)
        open.clear();
    m_naming.reset();
    m_matches.clear();
    m_seenLane.clear();
    m_seenKey.clear();
    if (!catalogue)
        return;
    m_naming = naming ? std::move(naming) : queueLaneNaming(*catalogue);
    setFilter(m_filter);
}

QueueLanes::RowLabel QueueLanes::rowLabel(qint32 pod) const
{
    const QString& key = m_catalogue->podKey(pod);
    const qsizetype slash = key.indexOf(QLatin1Char('/'));
    RowLabel label {key.mid(slash + 1), {}};
    if (slash > 0 && m_grouping != LaneGrouping::Namespace && nameNeedsNamespace(pod))
        label.ns = key.left(slash);
    return label;
}

QString QueueLanes::podNamespace(qint32 pod) const
{
    const QString& key = m_catalogue->podKey(pod);
    const qsizetype slash = key.indexOf(QLatin1Char('/'));
    return slash < 0 ? QString() : key.left(slash);
}

namespace {

// A pod's place in its lane, as one comparable value next to its index.
struct OrderKey
{
    qint64 first = 0;
    qint64 second = 0;
    qint32 pod = -1;
    friend bool operator<(const OrderKey& a, const OrderKey& b)
    {
        if (a.first != b.first)
            return a.first < b.first;
        if (a.second != b.second)
            return a.second < b.second;
        return a.pod < b.pod;
    }
};

OrderKey orderKey(const trace::PodRow& row, qint32 pod)
{
    switch (row.location) {
    case PodLocation::Active:
        // PrioritySort.Less: higher priority first, then the earlier queue timestamp.
        return { -qint64(row.priority), row.queueValue, pod };
    case PodLocation::Backoff:
        // backoffQ is a heap on the backoff expiry: the next pod to leave comes first.
        return { row.queueValue, 0, pod };
    default:
        return { row.since, 0, pod };
    }
}

} // namespace

void QueueLanes::rebuildOrder(const trace::ReplayState& state)
{
    // Between two cursor positions a few pods move while thousands stay where they are. Those that
    // stayed with the same key keep their relative order, so only the arrivals are sorted and then
    // merged in: O(pods) per frame while playing instead of a sort of every lane. A seek far away
    // turns most pods into arrivals, which is a full sort.
    const size_t podCount = state.pods.size();
    if (m_seenLane.size() != podCount) {
        m_seenLane.assign(podCount, -1);
        m_seenKey.assign(podCount, {});
    }
    std::array<std::vector<OrderKey>, queueLaneCount> stayed;
    for (int lane = 0; lane < queueLaneCount; ++lane) {
        auto& keys = stayed[size_t(lane)];
        keys.reserve(m_lanes[size_t(lane)].order.size());
        for (const qint32 pod : m_lanes[size_t(lane)].order) {
            const trace::PodRow& row = state.pods[size_t(pod)];
            const OrderKey key = orderKey(row, pod);
            if (laneOf(row.location) == lane && key.first == m_seenKey[size_t(pod)].first
                && key.second == m_seenKey[size_t(pod)].second)
                keys.push_back(key);
        }
    }
    std::array<std::vector<OrderKey>, queueLaneCount> arrived;
    for (qint32 pod = 0; pod < qint32(podCount); ++pod) {
        const trace::PodRow& row = state.pods[size_t(pod)];
        const int lane = laneOf(row.location);
        if (lane < 0) {
            m_seenLane[size_t(pod)] = -1;
            continue;
        }
        const OrderKey key = orderKey(row, pod);
        SeenKey& seen = m_seenKey[size_t(pod)];
        if (m_seenLane[size_t(pod)] != lane || seen.first != key.first || seen.second != key.second)
            arrived[size_t(lane)].push_back(key);
        m_seenLane[size_t(pod)] = qint8(lane);
        seen = { key.first, key.second };
    }
    for (int lane = 0; lane < queueLaneCount; ++lane) {
        auto& arrivals = arrived[size_t(lane)];
        std::sort(arrivals.begin(), arrivals.end());
        const auto& kept = stayed[size_t(lane)];
        auto& order = m_lanes[size_t(lane)].order;
        order.resize(kept.size() + arrivals.size());
        size_t k = 0;
        size_t a = 0;
        for (qint32& slot : order)
            slot = a == arrivals.size() || (k < kept.size() && kept[k] < arrivals[a]) ? kept[k++].pod
                                                                                      : arrivals[a++].pod;
    }
}

void QueueLanes::rebuildRows(const trace::ReplayState& state)
{
    for (int index = 0; index < queueLaneCount; ++index) {
        Lane& lane = m_lanes[size_t(index)];
        lane.matches = 0;
        lane.groups.clear();
        lane.rows.clear();
        if (m_grouping != LaneGrouping::None && m_catalogue) {
            groupRows(index, state);
            continue;
        }
        lane.rows.reserve(lane.order.size());
        for (const qint32 pod : lane.order) {
            if (matches(pod))
                lane.rows.push_back(pod);
        }
        lane.matches = qint32(lane.rows.size());
    }
}

void QueueLanes::groupRows(int laneIndex, const trace::ReplayState& state)
{
    Lane& lane = m_lanes[size_t(laneIndex)];
    // Each pod's group, numbered in the order the groups are shown: namespaces by name, priorities
    // from the highest (the order activeQ pops them in).
    std::vector<qint32> groupOf(lane.order.size());
    QStringList names;
    QStringList keys;
    if (m_grouping == LaneGrouping::Namespace) {
        std::vector<qint32> slot(size_t(m_naming->namespaces.size()), -1);
        for (const qint32 pod : lane.order)
            slot[size_t(m_naming->podNamespace[size_t(pod)])] = 0;
        for (qsizetype ns = 0; ns < m_naming->namespaces.size(); ++ns) {
            if (slot[size_t(ns)] < 0)
                continue;
            slot[size_t(ns)] = qint32(names.size());
            names.append(m_naming->namespaces[ns].isEmpty() ? QCoreApplication::translate("QueueLanes", "(no namespace)")
                                                            : m_naming->namespaces[ns]);
            keys.append(QStringLiteral("ns:") + m_naming->namespaces[ns]);
        }
        for (size_t i = 0; i < lane.order.size(); ++i)
            groupOf[i] = slot[size_t(m_naming->podNamespace[size_t(lane.order[i])])];
    } else {
        std::map<qint32, qint32, std::greater<>> priorities;
        for (const qint32 pod : lane.order)
            priorities.emplace(state.pods[size_t(pod)].priority, 0);
        for (auto& [priority, slot] : priorities) {
            slot = qint32(names.size());
            names.append(QCoreApplication::translate("QueueLanes", "priority %1").arg(priority));
            keys.append(QStringLiteral("prio:") + QString::number(priority));
        }
        for (size_t i = 0; i < lane.order.size(); ++i)
            groupOf[i] = priorities[state.pods[size_t(lane.order[i])].priority];
    }

    lane.groups.resize(size_t(names.size()));
    for (qsizetype g = 0; g < names.size(); ++g) {
        lane.groups[size_t(g)].name = names[g];
        lane.groups[size_t(g)].key = keys[g];
    }
    for (size_t i = 0; i < lane.order.size(); ++i) {
        Group& group = lane.groups[size_t(groupOf[i])];
        ++group.count;
        if (matches(lane.order[i]))
            ++group.matches;
    }
    // Members of each group in lane order: a counting sort on the group number.
    std::vector<qint32> offset(lane.groups.size() + 1, 0);
    for (size_t g = 0; g < lane.groups.size(); ++g)
        offset[g + 1] = offset[g] + lane.groups[g].matches;
    std::vector<qint32> members(size_t(offset.back()));
    {
        std::vector<qint32> next(offset.begin(), offset.end() - 1);
        for (size_t i = 0; i < lane.order.size(); ++i) {
            if (matches(lane.order[i]))
                members[size_t(next[size_t(groupOf[i])]++)] = lane.order[i];
        }
    }
    const bool filtering = !m_filter.isEmpty();
    qsizetype shown = 0;
    for (const Group& group : lane.groups)
        shown += !filtering || group.matches > 0 ? 1 : 0;
    for (size_t g = 0; g < lane.groups.size(); ++g) {
        Group& group = lane.groups[g];
        lane.matches += group.matches;
        if (filtering && group.matches == 0)
            continue; // a search shows only the sections it found something in
        // Sections start folded (an overview of thousands of pods), except while searching, where
        // the user wants to see the hits, and when there is nothing else to show.
        const bool open = m_open[size_t(laneIndex)].value(group.key, filtering || shown == 1);
        group.collapsed = !open;
        lane.rows.push_back(-qint32(g) - 1);
        if (open)
            lane.rows.insert(lane.rows.end(), members.begin() + offset[g], members.begin() + offset[g + 1]);
    }
}

void QueueLanes::setFilter(const QString& text)
{
    if (text != m_filter) {
        // A new search starts from the default folding: open where it found something.
        for (auto& open : m_open)
            open.clear();
    }
    m_filter = text;
    m_matches.clear();
    if (m_filter.isEmpty() || !m_catalogue)
        return;
    // Keys are immutable within a run: the match set depends on the text alone.
    m_matches.resize(size_t(m_catalogue->podCount()));
    for (qint32 pod = 0; pod < m_catalogue->podCount(); ++pod)
        m_matches[size_t(pod)] = m_catalogue->podKey(pod).contains(m_filter, Qt::CaseInsensitive);
}

void QueueLanes::setGrouping(LaneGrouping grouping)
{
    if (grouping == m_grouping)
        return;
    m_grouping = grouping;
    for (auto& open : m_open)
        open.clear();
}

void QueueLanes::toggleGroup(int lane, const QString& key)
{
    const auto& groups = m_lanes[size_t(lane)].groups;
    const auto group = std::find_if(groups.begin(), groups.end(), [&](const Group& g) { return g.key == key; });
    if (group != groups.end())
        m_open[size_t(lane)][key] = group->collapsed;
}

} // namespace ksv
