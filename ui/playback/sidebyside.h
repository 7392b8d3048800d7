#pragma once

// Two runs side by side on one cursor (docs/whatif.md, "Side by side"). The run on screen is the one
// the PlaybackController plays against the window's ViewState. The other answers the same question
// another way: the scenario before the edits, another scheduler configuration, another seed. It runs
// to its end as fast as it goes, shown on a ViewState of its own that follows the window's: the
// same virtual time, and the same pod, attempt and node, matched by name. The two runs number their
// objects each in its own catalogue, and an edit may add or delete some, so ids never cross over.
// A selection made in the other run's views comes back to the window's, so either side can be
// clicked, and the history (Back, Forward) stays the window's alone.

#include "scenarioloadjob.h"

#include <QObject>

#include <memory>
#include <optional>
#include <vector>

namespace ksv {

class PlaybackController;
class Run;
class ViewState;

class SideBySide : public QObject
{
    Q_OBJECT
public:
    struct Other
    {
        std::shared_ptr<const LoadedScenario> loaded; // with its seed, when it overrides the scenario's
        QString label; // what the other run is, as its column's heading says it
    };

    explicit SideBySide(PlaybackController* playback, QObject* parent = nullptr);
    ~SideBySide() override;

    // Starts the other run (replacing one shown before) and keeps it on the window's cursor.
    void show(Other other);
    void stop();
    bool isActive() const { return m_run != nullptr; }
    const Other& other() const { return m_other; }
    Run* otherRun() const { return m_run.get(); }
    ViewState* otherView() const { return m_otherView; }
    // The window's run (null before one is loaded) and view state.
    Run* shownRun() const;
    ViewState* shownView() const { return m_view; }

    // The same object in the other run, matched by name; -1 where it has none.
    qint32 otherNode(qint32 node) const;
    qint32 shownNode(qint32 otherNode) const;
    qint32 otherPod(qint32 pod) const;
    qint32 shownPod(qint32 otherPod) const;
    // The other run's attempt matching the shown run's attempt `cycle`: the same pod's attempt with
    // the same number if it began before the other's cursor, else that pod's latest attempt before
    // it; -1 for none.
    qint32 otherCycle(qint32 cycle) const;
    // The inverse, for a click in the other run's views.
    qint32 shownCycle(qint32 otherCycle) const;

Q_SIGNALS:
    // A new other run (null: side by side ended). Views take it before anything else is said.
    void otherRunChanged(ksv::Run* run);
    // The window has a new run (said before the other side follows it; the old one is about to go).
    void shownRunChanged();
    // The other run could not be made (its configuration refused by the engine, an extender problem).
    void failed(const QString& message);

private:
    void mapNodes();
    // `cycle` of run `from` matched in run `to`, its pod found there by `mapPod`.
    qint32 matchCycle(const Run* from, const Run* to, qint32 cycle, qint32 (SideBySide::*mapPod)(qint32) const) const;
    void followCursor();
    void followSelection();
    void selectionFromOther();

    PlaybackController* m_playback;
    ViewState* m_view;
    ViewState* m_otherView;
    std::unique_ptr<Run> m_run;
    Other m_other;
    // By catalogue index, -1 for a node the other run does not have. Built for each pair of runs:
    // the heatmap's difference reads one per node and refresh.
    std::vector<qint32> m_toOther;
    std::vector<qint32> m_fromOther;
    bool m_echoing = false; // a selection being copied from one side to the other
};

// The matching of attempts, for SideBySide and its tests: in `to`, the pod `toPod`'s attempt numbered
// as `attempt`, if it began before position `end`, else its latest that did; -1 for none.
qint32 matchingAttempt(const Run& to, qint32 toPod, qint32 attempt, qsizetype end);

} // namespace ksv
