#pragma once

// The coalesced, lazy refresh every view that derives what it paints from the run and the view state
// shares. A view
// calls request() whenever something it shows changed (the cursor moved, the selection, a filter);
// the refresh runs later, once for any number of requests, and only while the view is visible: a
// hidden dock does no work and catches up when shown (before its first paint).
//
// Refreshes of all views wait in one queue and run one per event-loop turn, so a cursor move that
// dirties every view never holds the event loop for the sum of their refreshes: input is answered
// between two of them, and each view's repaint goes out with the next turn. While the run plays, a
// view may also ask for a minimum interval between its refreshes (the charts: a few a second).

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include <functional>

class QWidget;

namespace ksv {

class ViewState;

class ViewRefresh : public QObject
{
    Q_OBJECT
public:
    // `refresh` brings `view` up to date; `playingIntervalMs` is the least time between two refreshes
    // while `state` plays (0: as often as the event loop turns). The view starts out needing one.
    ViewRefresh(QWidget* view, const ViewState* state, int playingIntervalMs, std::function<void()> refresh);
    ~ViewRefresh() override;

    void request();
    // The view refreshed by itself (its refresh() was called directly): nothing is pending.
    void markRefreshed();
    bool isPending() const { return m_pending; }

    // Views waiting in the queue (for tests).
    static int queuedCount();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    friend struct RefreshQueue;
    void enqueue();
    void run();

    QWidget* m_view;
    const ViewState* m_state;
    int m_playingInterval;
    std::function<void()> m_refresh;
    QElapsedTimer m_last; // since the last refresh
    QTimer m_delay;       // the rest of the playing interval
    bool m_pending = true;
    bool m_queued = false;
};

} // namespace ksv
