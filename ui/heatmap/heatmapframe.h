#pragma once

// What the heatmap's canvas paints: the view's values and groups and the run's cluster, handed
// over by HeatmapView after each refresh. It refers to what the view keeps (its values, groups and
// selected attempt; the run's state and trace), valid until the view hands over the next frame.

#include "heatmapdata.h"
#include "preemptionmarks.h"

#include <QString>
#include <span>
#include <vector>

namespace ksv {

struct HeatmapFrame
{
    const trace::ReplayCatalogue* catalogue = nullptr; // null: no run
    // The cluster drawn: the cursor's, or with atAttempt the selected attempt's (when it began).
    const trace::ReplayState* state = nullptr;
    bool atAttempt = false;
    const trace::Trace* trace = nullptr;
    const std::vector<NodeGroup>* groups = nullptr;
    std::span<const double> values; // by node: see HeatmapView::cellValue()
    double min = 0; // the range cycle-score colours are scaled to
    double max = 0;
    HeatmapMode mode;
    const CycleNodes* cycle = nullptr; // the selected attempt
    QString groupLabel;
    QString banner; // why the map has nothing to show in this mode ("" when it has)
    qint32 selectedNode = -1;
    const PreemptionMarks* preemption = nullptr; // the selected pod's nominated node and victims
    // Side by side with the difference shown (HeatmapView::showsDifference()): the measure's value of
    // the same node in the other run, NaN where it has none; empty otherwise.
    std::span<const double> otherValues;
    QString otherLabel; // what the other run is
    bool difference() const { return !otherValues.empty(); }
    // This run's value minus the other's (nodeDifference).
    double differenceAt(qint32 node) const;
};

// The texts of a cell: a short value for cells large enough to carry one ("80%", "rejected"), and
// the tooltip of a node (its resources in the cluster drawn, its verdict and scores in the attempt).
QString heatmapCellText(const HeatmapFrame& frame, qint32 node);
QString heatmapNodeToolTip(const HeatmapFrame& frame, qint32 node);
// The lines of the tooltip and side panel that say a node is the selected pod's nominated node or
// held victims of its preemption (HTML, each line starting with <br>; "" for neither).
QString heatmapPreemptionText(const HeatmapFrame& frame, qint32 node);
// "80%", or a word for a request without allocatable.
QString heatmapPercent(double fraction);
// A difference of two fractions as signed points: "+12%", "−5%", "±0%"; "n/a" for NaN.
QString heatmapDifference(double delta);

} // namespace ksv
