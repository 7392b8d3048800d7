#pragma once

// The scheduling queue at the cursor as lanes: activeQ in pop order, backoffQ with each pod's
// remaining backoff, the unschedulable and gated pods by time entered, and the pods in flight (the
// one being scheduled, those waiting at Permit and those binding) with their node. A pod that moved
// within the last second of virtual time is tinted with the colour of its move's cause (cluster
// event, backoff done, the unschedulable sweep, a failed attempt), fading as time goes on. A pod
// nominated to a node and a preemption victim back in the queue carry the heatmap's preemption
// marks, explained in the legend while some row has one.
//
// Built for thousands of pods: each lane paints only its visible rows from a flat array and scrolls
// on its own; a search box filters every lane by pod key; grouping by namespace or priority folds a
// lane into sections with counts. Sections start folded, because a demanding user groups to get an
// overview of a large queue and opens the one section they care about; while a search is active the
// sections holding hits start open instead, and so does a lane's only section. A click on a section
// header folds or opens it, and that stays as the cursor moves.

#include "queuelanes.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;

namespace ksv {

class QueueLanesCanvas;
class Run;
class ViewRefresh;
class ViewState;

class QueueLanesView : public QWidget
{
    Q_OBJECT
public:
    explicit QueueLanesView(ViewState* viewState, QWidget* parent = nullptr);
    ~QueueLanesView() override;

    // The run shown (null: none). Call again for each new run.
    void setRun(const Run* run);
    // Spotlight (lessons, presentation mode): the selected pod's row stays in sight as the cursor
    // moves it from lane to lane, not only when it is selected.
    void setSpotlight(bool on) { m_spotlight = on; }
    bool spotlight() const { return m_spotlight; }

    // Brings the derived arrays up to date with the run and the cursor. The view calls it itself,
    // once per batch of signals and only while visible; tests call it to read what would be painted.
    void refresh();

    // What the view shows, after refresh(): a lane's pods in lane order (all of them, unfiltered),
    // the rows drawn (pods >= 0, section headers -(group + 1)), its sections, and its count.
    const std::vector<qint32>& laneOrder(trace::PodLocation location) const;
    const std::vector<qint32>& laneRows(trace::PodLocation location) const;
    const std::vector<QueueLanes::Group>& laneGroups(trace::PodLocation location) const;
    int laneCount(trace::PodLocation location) const;
    int laneMatches(trace::PodLocation location) const;
    // How strongly a pod's last move is highlighted: 1 at the move, 0 a second (virtual) later.
    double moveHighlight(qint32 pod) const;
    // The pods of the latest queue moves before the cursor, newest first (outlined when drawn).
    const std::vector<qint32>& latestMoves() const { return m_latest; }
    // A row's rectangle in view coordinates; empty when scrolled out of view.
    QRect rowRect(trace::PodLocation location, int row) const;

    void setFilter(const QString& text);
    void setGrouping(LaneGrouping grouping);
    void toggleGroup(trace::PodLocation location, const QString& key);

    static constexpr VirtualNanos highlightWindow = laneHighlightWindow;
    static constexpr int latestMoveCount = laneLatestMoveCount;

private:
    void scheduleRefresh();
    void findLatestMoves();
    void findPreemptionMarks();
    void updateSummary();
    // Hands the canvas what it paints now.
    void updateFrame();

    const Run* m_run = nullptr;
    ViewState* m_viewState;
    ViewRefresh* m_refresh;
    QueueLanes m_lanes;
    const trace::ReplayCatalogue* m_catalogue = nullptr;
    std::vector<qint32> m_latest;
    VirtualNanos m_now = 0;
    bool m_preemptionMarks = false; // some pod in the lanes is nominated or a preemption victim
    bool m_orderDirty = true;
    bool m_rowsDirty = true;
    bool m_revealSelection = false;
    bool m_spotlight = false;
    QLineEdit* m_search;
    QComboBox* m_grouping;
    QLabel* m_summary;
    QueueLanesCanvas* m_canvas;
};

} // namespace ksv
