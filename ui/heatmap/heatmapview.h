#pragma once

// Every node as a cell, grouped by a node label (the zone by default), coloured by what the user
// picks: requested over allocatable of cpu, memory, pods or any extended resource at the cursor, or,
// for the selected scheduling attempt, its Filter verdict per node (rejected nodes in the colour of
// the plugin that rejected them), the total score or one Score plugin's normalized score, drawn on
// the cluster that attempt saw. The node the attempt chose is outlined. A click selects the node and
// fills the side panel with its labels, taints, resources and pods. The selected pod's nominated node
// is ringed with dashes and the nodes its preemption took victims from carry a solid corner. Cells
// shrink to fit the view (down to a few pixels for 5,000 nodes) and only carry text when large
// enough to read. "Colour by the selected attempt" (remembered) switches to an attempt's verdicts as
// soon as one is selected.

#include "heatmapframe.h"

#include <QHash>
#include <QWidget>

#include <functional>

class QAction;
class QComboBox;
class QSplitter;
class QTextBrowser;
class QToolButton;

namespace ksv {

class ElidedLabel;
class HeatmapCanvas;
class Run;
class ViewRefresh;
class ViewState;

class HeatmapView : public QWidget
{
    Q_OBJECT
public:
    explicit HeatmapView(ViewState* viewState, QWidget* parent = nullptr);
    ~HeatmapView() override;

    // The run shown (null: none). Call again for each new run.
    void setRun(const Run* run);

    // Brings values and details up to date; the view calls it itself, coalesced, while visible.
    void refresh();

    // The label nodes are grouped by; "" puts every node in one group.
    void setGroupLabel(const QString& key);
    QString groupLabel() const { return m_groupLabel; }
    void setMode(const HeatmapMode& mode);
    const HeatmapMode& mode() const { return m_mode; }
    // Checked: whenever an attempt is selected, a map coloured by a measure switches to the attempt's
    // Filter verdicts (a score mode stays: it is the attempt's too). Remembered across runs (QSettings).
    QAction* colourByAttemptAction() const { return m_colourByAttempt; }
    static const QString colourByAttemptKey; // heatmap/colourBySelectedAttempt

    // What the view shows, after refresh(). cellValue: Measure, requested/allocatable (NaN: n/a,
    // +inf: requests without allocatable); Verdict, 1 feasible, 0 rejected, NaN not evaluated (or not
    // in the cluster drawn, see shownState());
    // TotalScore, the sum of normalized score × weight; PluginScore, the plugin's normalized score.
    double cellValue(qint32 node) const;
    const std::vector<NodeGroup>& groups() const { return m_groups; }
    const CycleNodes& cycleNodes() const { return m_cycle; }
    // The cluster the map is drawn on: in a cycle mode the selected attempt's (the state when it
    // began), otherwise, or before the attempt began, the cursor's. Null without a run.
    const trace::ReplayState* shownState() const;
    // The selected pod's nominated node and the victims of its latest preemption, as marked.
    const PreemptionMarks& preemptionMarks() const { return m_preemption; }
    // The side panel's text (plain) for tests.
    QString detailsText() const;
    // Why the map has nothing to show in the current mode ("" when it has).
    QString bannerText() const { return m_bannerText; }
    // A node's cell in view coordinates; empty when scrolled out of view or not laid out.
    QRect cellRect(qint32 node) const;
    // The range cycle-score colours are scaled to.
    double rangeMin() const { return m_min; }
    double rangeMax() const { return m_max; }

    static const QString defaultGroupLabel; // topology.kubernetes.io/zone

    // Side by side (docs/whatif.md): `other` is the run this one is compared with, `otherNode` gives
    // its index of a node of this run (-1: it has none), `label` names it. With showDifference on, a
    // measure colours each node by its value here minus in the other run at the cursor (a cycle mode
    // is drawn as it is: an attempt's verdicts and scores are compared in the inspector).
    void setOtherRun(const Run* other, std::function<qint32(qint32)> otherNode, const QString& label);
    QAction* showDifferenceAction() const { return m_showDifference; }
    bool showsDifference() const;
    // This run's value minus the other's at the node, after refresh(); NaN where either has none.
    double differenceValue(qint32 node) const;
    // How many more fit (ui/whatif/capacitypanel.h): the copies of `pod` each node took, by node name.
    // Offered as a colouring of its own ("How many more fit"), and switched to; empty `pod` forgets it.
    void setCapacity(const QString& pod, const QHash<QString, int>& copies);

    // The side panel of node details and the attempt button (a split view has no room for two).
    void setDetailsVisible(bool visible);

Q_SIGNALS:
    // The user picked another colouring or grouping in the view's own combo boxes.
    void modeChosen(const ksv::HeatmapMode& mode);
    void groupLabelChosen(const QString& key);

private:
    void scheduleRefresh();
    void onRunChanged();
    // With colourByAttemptAction() on and an attempt selected: its verdicts, unless a cycle mode shows.
    void showSelectedAttempt();
    void fillModeCombo();
    void computeValues();
    void computeOtherValues();
    void updateStatus();
    void updateDetails();
    // Hands the canvas what it paints now.
    void updateFrame();

    const Run* m_run = nullptr;
    ViewState* m_viewState;
    ViewRefresh* m_refresh;
    const trace::ReplayCatalogue* m_catalogue = nullptr;
    QString m_groupLabel = defaultGroupLabel;
    HeatmapMode m_mode;
    std::vector<NodeGroup> m_groups;
    std::vector<double> m_values; // by node
    double m_min = 0;
    double m_max = 0;
    CycleNodes m_cycle;
    AttemptCluster m_attempt; // the cluster m_cycle saw
    PreemptionMarks m_preemption; // of the selected pod, at the cursor
    QStringList m_scorePlugins; // every Score plugin seen in this run's attempts, sorted
    QString m_bannerText; // why the map has nothing to show in this mode, if it has not
    QString m_detailsHtml; // what the side panel shows
    bool m_valuesDirty = true;
    bool m_layoutDirty = true;
    bool m_detailsDirty = true;
    bool m_fillingCombos = false;
    qint32 m_followedCycle = -1; // the selected attempt showSelectedAttempt() last saw

    QAction* m_colourByAttempt;
    QAction* m_showDifference;
    QToolButton* m_showDifferenceButton; // a tool button does not hide with its action
    const Run* m_other = nullptr;
    std::function<qint32(qint32)> m_otherNode;
    QString m_otherLabel;
    std::vector<double> m_otherValues; // by node of this run, when showsDifference()
    QString m_capacityPod;
    QHash<QString, int> m_capacity; // copies by node name
    QComboBox* m_groupBy;
    QComboBox* m_colourBy;
    ElidedLabel* m_status;
    QSplitter* m_splitter;
    HeatmapCanvas* m_canvas;
    QTextBrowser* m_details;
};

} // namespace ksv
