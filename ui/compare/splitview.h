#pragma once

// Two runs side by side (docs/whatif.md, "Side by side"): the window's run on the left, the other
// run SideBySide keeps on the same cursor on the right, each as its nodes heatmap over its queue
// lanes. The window shows it in place of the queue lanes while a comparison is on. Both heatmaps
// colour and group alike (a choice on either side is made on both), and the right one can colour
// each node by the difference from the left. A click on either side selects on both.

#include <QWidget>

class QLabel;

namespace ksv {

class HeatmapView;
class QueueLanesView;
class Run;
class SideBySide;

class SplitView : public QWidget
{
    Q_OBJECT
public:
    explicit SplitView(SideBySide* sideBySide, QWidget* parent = nullptr);
    ~SplitView() override;

    // The window's run, with what it is ("the scenario as loaded", "with 2 edits", …).
    void setShownRun(const Run* run, const QString& label);

    HeatmapView* heatmapHere() const { return m_heatmapHere; }
    HeatmapView* heatmapThere() const { return m_heatmapThere; }
    QueueLanesView* lanesHere() const { return m_lanesHere; }
    QueueLanesView* lanesThere() const { return m_lanesThere; }

private:
    void setOtherRun(const Run* run);

    SideBySide* m_sideBySide;
    QLabel* m_titleHere;
    QLabel* m_titleThere;
    HeatmapView* m_heatmapHere;
    HeatmapView* m_heatmapThere;
    QueueLanesView* m_lanesHere;
    QueueLanesView* m_lanesThere;
};

} // namespace ksv
