#pragma once

// The selected pod's steps as actions, so that the Playback menu, the timeline's context menu and a
// window-wide shortcut reach the same thing: its previous and next event of its own (Alt+Left,
// Alt+Right) and its previous and next scheduling cycle (Alt+Page Up, Alt+Page Down). Alt is "the
// selected pod" beside the playback's own keys (plain, Shift and Ctrl arrows: event, extension point,
// cycle), and keeps them clear of the keys a focused view takes for itself (the plain arrows and
// Page keys in the queue lanes, the heatmap and the timeline). They are enabled while a pod is
// selected in a run. See PlaybackController::stepPod.

#include <QList>
#include <QObject>
#include <array>

class QAction;

namespace ksv {

class PlaybackController;

class PodStepActions : public QObject
{
    Q_OBJECT
public:
    enum Action { PreviousEvent, NextEvent, PreviousCycle, NextCycle, ActionCount };

    explicit PodStepActions(PlaybackController* playback, QObject* parent = nullptr);

    QAction* action(Action action) const { return m_actions[size_t(action)]; }
    // In menu order.
    QList<QAction*> actions() const { return {m_actions.cbegin(), m_actions.cend()}; }

private:
    void updateEnabled();

    PlaybackController* m_playback;
    std::array<QAction*, ActionCount> m_actions {};
};

} // namespace ksv
