#include "viewrefresh.h"

#include "viewstate.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEvent>
#include <QLoggingCategory>
#include <QWidget>

#include <algorithm>
#include <deque>

namespace ksv {

namespace {
Q_LOGGING_CATEGORY(lcRefresh, "kschedviz.refresh", QtWarningMsg)
} // namespace

// The views waiting for their refresh, oldest first. One runs per turn of the event loop: the next
// turn is posted before the refresh runs, and Qt delivers events posted while it delivers others
// in the next turn, after whatever was already waiting (input, repaints, the engine's reports).
struct RefreshQueue
{
    std::deque<ViewRefresh*> waiting;
    bool turnPosted = false;

    static RefreshQueue& instance()
    {
        static RefreshQueue queue; // GUI thread only
        return queue;
    }

    void postTurn()
    {
        if (turnPosted || waiting.empty())
            return;
        turnPosted = true;
        QTimer::singleShot(0, QCoreApplication::instance(), [this] {
            turnPosted = false;
            if (waiting.empty())
                return;
            ViewRefresh* next = waiting.front();
            waiting.pop_front();
            next->m_queued = false;
            postTurn();
            next->run();
        });
    }
};

ViewRefresh::ViewRefresh(QWidget* view, const ViewState* state, int playingIntervalMs, std::function<void()> refresh)
    : QObject(view)
    , m_view(view)
    , m_state(state)
    , m_playingInterval(playingIntervalMs)
    , m_refresh(std::move(refresh))
{
    m_delay.setSingleShot(true);
    connect(&m_delay, &QTimer::timeout, this, [this] {
        if (m_pending)
            enqueue();
    });
    view->installEventFilter(this);
}

ViewRefresh::~ViewRefresh()
{
    std::erase(RefreshQueue::instance().waiting, this);
}

int ViewRefresh::queuedCount()
{
    return int(RefreshQueue::instance().waiting.size());
}

void ViewRefresh::request()
{
    m_pending = true;
    if (m_queued || !m_view->isVisible())
        return; // on its way, or the Show event catches up
    const qint64 interval = m_state && m_state->isPlaying() ? m_playingInterval : 0;
    const qint64 since = m_last.isValid() ? m_last.elapsed() : interval;
    if (since < interval) {
        if (!m_delay.isActive())
            m_delay.start(int(interval - since));
        return;
    }
    m_delay.stop(); // paused since it started: answer now
    enqueue();
}

void ViewRefresh::markRefreshed()
{
    m_pending = false;
    m_last.start();
}

void ViewRefresh::enqueue()
{
    if (m_queued)
        return;
    m_queued = true;
    RefreshQueue& queue = RefreshQueue::instance();
    queue.waiting.push_back(this);
    queue.postTurn();
}

void ViewRefresh::run()
{
    if (!m_pending || !m_view->isVisible())
        return;
    markRefreshed();
    if (!lcRefresh().isDebugEnabled()) {
        m_refresh();
        return;
    }
    // QT_LOGGING_RULES="kschedviz.refresh.debug=true": which view's refresh a slow turn was.
    QElapsedTimer timer;
    timer.start();
    m_refresh();
    qCDebug(lcRefresh, "%s refreshed in %.2f ms", m_view->metaObject()->className(), double(timer.nsecsElapsed()) / 1e6);
}

bool ViewRefresh::eventFilter(QObject* watched, QEvent* event)
{
    // Shown: catch up now, before the first paint shows stale data.
    if (watched == m_view && event->type() == QEvent::Show && m_pending)
        run();
    return QObject::eventFilter(watched, event);
}

} // namespace ksv
