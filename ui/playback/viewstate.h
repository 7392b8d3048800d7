#pragma once

// What the user looks at, shared by every view and independent of any one run: the cursor in
// virtual time (and the trace position it maps to in the run being played), whether it plays, the
// selection by catalogue id (a pod, one of its scheduling cycles, a node), and a history of the
// places visited (selections and cursor jumps) with Back and Forward actions (STYLE.md rule 9, after
// hotspot's FilterAndZoomStack).
//
// It holds state and says when it changes; it does not run anything. Moving the cursor to a time a
// run has not reached needs the run's engine: views and the history ask through seekRequested() and
// cursorRequested(), and whoever drives the runs (PlaybackController) moves the cursor. So two runs
// can be shown against one ViewState, and a lesson script can drive the cursor and the selection.

#include "scenario/scenario.h"

#include <QList>
#include <QObject>
#include <array>

class QAction;

namespace ksv {

// -1: none.
struct Selection
{
    qint32 pod = -1;
    qint32 cycle = -1;
    qint32 node = -1;
    bool operator==(const Selection&) const = default;
};

class ViewState : public QObject
{
    Q_OBJECT
public:
    enum Action { Back, Forward, ActionCount };
    static constexpr int maxHistory = 100;

    // A place the history returns to.
    struct Place
    {
        Selection selection;
        qsizetype position = 0;
        VirtualNanos time = 0;
        bool operator==(const Place&) const = default;
    };

    explicit ViewState(QObject* parent = nullptr);

    // The cursor: the run shows the events before `position`, at virtual time `time`; following, it
    // moves on with the run's end.
    VirtualNanos cursorTime() const { return m_time; }
    qsizetype cursor() const { return m_position; }
    bool isFollowing() const { return m_following; }
    // Says cursorChanged() even when nothing here changed: the views read the run under the cursor
    // too, and that may have grown.
    void setCursor(qsizetype position, VirtualNanos time, bool following);
    // Asks whoever drives the runs to move the cursor to time t; with `record` the place left goes
    // on the history first (once per gesture, as TimelineZoom records a window).
    void requestSeek(VirtualNanos t, bool record = true);

    bool isPlaying() const { return m_playing; }
    void setPlaying(bool playing);

    const Selection& selection() const { return m_selection; }
    qint32 selectedPod() const { return m_selection.pod; }
    qint32 selectedCycle() const { return m_selection.cycle; }
    qint32 selectedNode() const { return m_selection.node; }
    // Ids as given: Run's selectPod(), selectCycle() and selectNode() link a pod and its cycle and
    // check the ids against the run. With `record` the place left goes on the history.
    void select(const Selection& selection, bool record = true);

    // History. remember() puts the current place on the back list (unless it is already its last
    // entry) and clears the forward list; back() and forward() restore a place: the selection here,
    // the cursor through cursorRequested().
    Place place() const { return {m_selection, m_position, m_time}; }
    void remember();
    bool canGoBack() const { return !m_back.isEmpty(); }
    bool canGoForward() const { return !m_forward.isEmpty(); }
    void back();
    void forward();
    QAction* action(Action action) const { return m_actions[size_t(action)]; }

    // A new run: the cursor at its start, following it, nothing selected, no history. Says only
    // historyChanged(): whoever starts the run gives it to the views first, then says the rest with
    // select() and setCursor().
    void reset();

Q_SIGNALS:
    // The cursor moved, or the run under it grew.
    void cursorChanged();
    void selectionChanged();
    void playingChanged(bool playing);
    void historyChanged();
    // For whoever drives the runs: the cursor should go to time t, or back to a place visited.
    void seekRequested(VirtualNanos t);
    void cursorRequested(qsizetype position, VirtualNanos time);

private:
    void restore(const Place& place);
    void updateActions();

    VirtualNanos m_time = 0;
    qsizetype m_position = 0;
    bool m_following = true;
    bool m_playing = false;
    Selection m_selection;
    bool m_restoring = false; // a place coming back is not a new one
    QList<Place> m_back;
    QList<Place> m_forward;
    std::array<QAction*, ActionCount> m_actions {};
};

} // namespace ksv

Q_DECLARE_METATYPE(ksv::Selection)
