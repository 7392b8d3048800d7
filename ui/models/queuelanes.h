#pragma once

// What the queue lanes show, computed from a ReplayState without any widget: for each lane the pods
// in the order the scheduler would take them (activeQ in PrioritySort's pop order, backoffQ by
// expiry, the others by arrival), then the rows after the search filter and grouping. The order is
// rebuilt only when the cursor moved (one O(pods) pass and one sort per lane); filtering and
// grouping reuse it. Flat arrays of pod indexes, no object per pod (STYLE.md 10).

#include "trace/replay.h"

#include <QColor>
#include <QHash>
#include <QString>
#include <QStringList>
#include <array>
#include <memory>
#include <vector>

namespace ksv {

// The lanes in display order. Bound and Deleted are counted in the view's summary, not drawn:
// they only grow, and 150,000 bound pods in a lane would hide the queue.
inline constexpr std::array<trace::PodLocation, 7> queueLanes = {
    trace::PodLocation::Active,
    trace::PodLocation::Backoff,
    trace::PodLocation::Unschedulable,
    trace::PodLocation::Gated,
    trace::PodLocation::Scheduling,
    trace::PodLocation::WaitingOnPermit,
    trace::PodLocation::Binding,
};
inline constexpr int queueLaneCount = int(queueLanes.size());
// The lane index of a location, or -1 for None, Bound and Deleted.
int laneOf(trace::PodLocation location);
QString laneTitle(trace::PodLocation location);

// Why a pod last moved, as families a colour can tell apart: the queue's own decisions read
// differently from cluster events, and a user debugging a stuck pod wants to see which one freed it.
enum class CauseFamily : quint8 {
    Pipeline, // the scheduling loop moving the pod along: Pop, Permit, Scheduled, PodDelete, ...
    Arrival, // a new unscheduled pod entered the queue (UnschedulablePodAdd)
    ClusterEvent, // NodeAdd, AssignedPodDelete, NodeUpdateNodeTaint, ...: a queueing hint said Queue
    BackoffDone, // BackoffComplete: the backoffQ flush
    Sweep, // UnschedulableTimeout: flushUnschedulablePodsLeftover's periodic sweep
    FailedAttempt, // ScheduleAttemptFailure: the pod went back after a failed cycle
    Activation, // ForceActivate: a plugin activated the pod (e.g. a gang's siblings)
};
inline constexpr int causeFamilyCount = 7;
CauseFamily causeFamily(const QString& cause);
QString toString(CauseFamily family);
// A colour for the family that reads on light and dark backgrounds (saturated, mid lightness).
QColor causeColor(CauseFamily family);

enum class LaneGrouping : quint8 { None, Namespace, Priority };

// A pod's last move is highlighted for a second of virtual time; the latest few moves are outlined.
inline constexpr VirtualNanos laneHighlightWindow = nanosPerSecond;
inline constexpr int laneLatestMoveCount = 6;
// How strongly a pod's last move is highlighted at `now`: 1 at the move, 0 laneHighlightWindow later;
// 0 for a pod that never moved (part of the initial state) and for ids out of range.
double moveHighlight(const trace::ReplayState& state, qint32 pod, VirtualNanos now);

// The namespaces of a catalogue's pods, numbered in name order, and which pod names are used in more
// than one namespace (those rows show the namespace). Keys never change within a run, so this is
// made once per catalogue: O(pods) in string hashing, some 200 ms for 150,000 pods, which is why live
// mode makes it off the GUI thread with each snapshot (queueLaneNaming, PreparedRun).
struct QueueLaneNaming
{
    std::vector<qint32> podNamespace; // by pod: index into namespaces
    std::vector<bool> sharedName; // by pod: see QueueLanes::nameNeedsNamespace()
    QStringList namespaces; // sorted
};
std::shared_ptr<const QueueLaneNaming> queueLaneNaming(const trace::ReplayCatalogue& catalogue);

class QueueLanes
{
public:
    // A group row: the header of a collapsible section.
    struct Group
    {
        QString name; // "default", "priority 1000"
        QString key; // what the collapsed state is remembered by
        qint32 count = 0; // pods of the lane in the group
        qint32 matches = 0; // of them, those that match the filter
        bool collapsed = false;
    };
    struct Lane
    {
        std::vector<qint32> order; // every pod in the location, in lane order
        // What is drawn, top to bottom: a pod index (>= 0) or a group header -(group + 1).
        std::vector<qint32> rows;
        std::vector<Group> groups;
        qint32 matches = 0; // pods matching the filter (== order.size() without one)
    };

    // Drops everything cached for a run (the namespaces of its pods). `naming`: the catalogue's,
    // numbered already (live mode numbers it on the feed's thread); numbered here when null.
    void reset(const trace::ReplayCatalogue* catalogue, std::shared_ptr<const QueueLaneNaming> naming = {});

    // Brings every lane's order up to the state: call when the cursor moved. Sorts only the pods
    // that moved since the last call.
    void rebuildOrder(const trace::ReplayState& state);
    // Rebuilds the rows from the orders: call after rebuildOrder() or when filter, grouping or
    // collapsed groups changed.
    void rebuildRows(const trace::ReplayState& state);

    // Case-insensitive substring of the pod key; "" matches every pod.
    void setFilter(const QString& text);
    const QString& filter() const { return m_filter; }
    bool matches(qint32 pod) const { return m_filter.isEmpty() || m_matches[size_t(pod)]; }
    void setGrouping(LaneGrouping grouping);
    LaneGrouping grouping() const { return m_grouping; }
    // Folds an open section of a lane or opens a folded one. Sections start folded, except while
    // a search is active or when the lane has a single section (see groupRows()).
    void toggleGroup(int lane, const QString& key);

    const Lane& lane(int index) const { return m_lanes[size_t(index)]; }
    // The namespace of a pod ("" for keys without one).
    QString podNamespace(qint32 pod) const;
    // Whether the pod's name alone does not tell it apart: another namespace has a pod of that name.
    // Rows show the name first, and the namespace only then (issue 20, finding 3: rows read
    // "defau…9f5-0" when the namespace came first).
    bool nameNeedsNamespace(qint32 pod) const { return m_naming && size_t(pod) < m_naming->sharedName.size() && m_naming->sharedName[size_t(pod)]; }
    // What a pod's row says: its name, and the namespace where it must be said (not when grouped
    // by namespace, whose headers say it).
    struct RowLabel
    {
        QString name;
        QString ns; // empty: not shown
    };
    RowLabel rowLabel(qint32 pod) const;

private:
    void groupRows(int laneIndex, const trace::ReplayState& state);

    const trace::ReplayCatalogue* m_catalogue = nullptr;
    std::array<Lane, queueLaneCount> m_lanes;
    QString m_filter;
    std::vector<bool> m_matches; // by pod, valid while m_filter is not empty
    LaneGrouping m_grouping = LaneGrouping::None;
    // Sections the user opened (true) or folded (false), per lane, by group key. Remembered across
    // cursor moves so that playing on does not fold a section the user is reading; a new search
    // starts from the defaults again. Only looked up, never iterated.
    std::array<QHash<QString, bool>, queueLaneCount> m_open;
    // By pod, as of the last rebuildOrder(): its lane and sort key (see rebuildOrder()).
    struct SeenKey
    {
        qint64 first = 0;
        qint64 second = 0;
    };
    std::vector<qint8> m_seenLane;
    std::vector<SeenKey> m_seenKey;
    std::shared_ptr<const QueueLaneNaming> m_naming; // null without a catalogue
};

} // namespace ksv
