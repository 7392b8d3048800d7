#include "handoutrecorder.h"

#include "bookmarks.h"
#include "bookmarksdock.h"
#include "format.h"
#include "imageexport.h"
#include "lessonplayer.h"
#include "playbackcontroller.h"
#include "viewstate.h"

#include <QTimer>
#include <QWidget>

namespace ksv {

namespace {
constexpr int pollMs = 50;
constexpr int settleMs = 300;        // the views refresh once per turn of the event loop, some after a delay
constexpr int giveUpPolls = 60'000 / pollMs; // a minute for the engine to reach a moment
} // namespace

HandoutRecorder::HandoutRecorder(QWidget* window, PlaybackController* playback, QList<Stop> stops, QString path, QObject* parent)
    : QObject(parent)
    , m_window(window)
    , m_playback(playback)
    , m_stops(std::move(stops))
    , m_path(std::move(path))
    , m_timer(new QTimer(this))
{
    m_timer->setInterval(pollMs);
    connect(m_timer, &QTimer::timeout, this, &HandoutRecorder::poll);
}

HandoutRecorder* HandoutRecorder::forLesson(QWidget* window, PlaybackController* playback, LessonPlayer* player, const QString& path,
                                            QObject* parent)
{
    QList<Stop> stops;
    const Lesson* lesson = player->lesson();
    for (int i = 0; lesson && i < lesson->chapters.size(); ++i) {
        const Chapter& chapter = lesson->chapters.at(i);
        Stop stop;
        // In order: a chapter not found yet is the next one after the page just taken.
        stop.go = [player, i] {
            if (player->currentChapter() == i)
                return;
            if (i < player->stops()->foundCount())
                player->goToChapter(i);
            else
                player->nextChapter();
        };
        stop.arrived = [player, playback, i] { return player->currentChapter() == i && !playback->isPlaying(); };
        stop.page = {QStringLiteral("%1. %2").arg(i + 1).arg(chapter.title), chapter.text, chapter.source, {}};
        stops.append(stop);
    }
    return new HandoutRecorder(window, playback, stops, path, parent);
}

HandoutRecorder* HandoutRecorder::forBookmarks(QWidget* window, PlaybackController* playback, BookmarksDock* bookmarks, const QString& path,
                                               QObject* parent)
{
    QList<Stop> stops;
    const QList<Bookmark>& all = bookmarks->model()->bookmarks();
    for (int row = 0; row < all.size(); ++row) {
        const Bookmark& bookmark = all.at(row);
        Stop stop;
        stop.go = [bookmarks, row] { bookmarks->jumpTo(row); };
        const VirtualNanos time = bookmark.time;
        stop.arrived = [playback, time] { return !playback->isPlaying() && playback->viewState()->cursorTime() == time; };
        QString text = bookmark.note;
        if (!bookmark.pod.isEmpty())
            text = tr("%1 at %2").arg(bookmark.pod, format::virtualTime(time)) + (text.isEmpty() ? QString() : QStringLiteral("\n\n") + text);
        stop.page = {bookmark.name, text, {}, {}};
        stops.append(stop);
    }
    return new HandoutRecorder(window, playback, stops, path, parent);
}

void HandoutRecorder::start()
{
    if (m_stops.isEmpty()) {
        fail(tr("Nothing to write: no chapters or bookmarks"));
        return;
    }
    m_playback->pause();
    m_speed = m_playback->speed();
    m_playback->setSpeed(0); // a chapter minutes ahead is played to at once, not in real time
    next();
}

void HandoutRecorder::next()
{
    ++m_current;
    if (m_current == m_stops.size()) {
        QString error;
        const bool ok = exporting::writeHandout(m_path, m_pages, &error);
        finish(ok, ok ? tr("Wrote %n page(s) to %1", nullptr, int(m_pages.size())).arg(m_path) : error);
        return;
    }
    m_polls = 0;
    m_stops.at(m_current).go();
    m_timer->start();
}

void HandoutRecorder::poll()
{
    const Stop& stop = m_stops.at(m_current);
    if (!m_window) {
        fail(tr("The window closed"));
        return;
    }
    if (!stop.arrived()) {
        // The run ended short of this page (a chapter that never starts), or it takes too long.
        if (++m_polls > giveUpPolls || (m_playback->isFinished() && !m_playback->isPlaying() && m_polls > settleMs / pollMs))
            fail(tr("Page %1 (%2) was never reached").arg(m_current + 1).arg(stop.page.title));
        return;
    }
    m_timer->stop();
    QTimer::singleShot(settleMs, this, [this] {
        if (!m_window) {
            fail(tr("The window closed"));
            return;
        }
        exporting::HandoutPage page = m_stops.at(m_current).page;
        page.picture = exporting::captureWindow(m_window);
        m_pages.append(page);
        next();
    });
}

void HandoutRecorder::fail(const QString& message)
{
    finish(false, message);
}

void HandoutRecorder::finish(bool ok, const QString& message)
{
    m_timer->stop();
    m_playback->pause();
    m_playback->setSpeed(m_speed);
    Q_EMIT finished(ok, message);
    deleteLater();
}

} // namespace ksv
