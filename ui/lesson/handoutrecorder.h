#pragma once

// A PDF handout of a lesson (a page per chapter) or of the bookmarks (a page per bookmark): the
// window is brought to each moment in turn, the views are given a moment to catch up, and the window
// is captured; then the pages are written (ui/export/handout.h). It runs on the event loop, as the
// engine may have to run on to a chapter not reached yet.

#include "handout.h"

#include <QObject>
#include <QPointer>

#include <functional>

class QTimer;
class QWidget;

namespace ksv {

class BookmarksDock;
class LessonPlayer;
class PlaybackController;

class HandoutRecorder : public QObject
{
    Q_OBJECT
public:
    // One page: how to get there, how to tell it is there, and the page's words.
    struct Stop
    {
        std::function<void()> go;
        std::function<bool()> arrived;
        exporting::HandoutPage page;
    };

    HandoutRecorder(QWidget* window, PlaybackController* playback, QList<Stop> stops, QString path, QObject* parent = nullptr);
    static HandoutRecorder* forLesson(QWidget* window, PlaybackController* playback, LessonPlayer* player, const QString& path,
                                      QObject* parent);
    static HandoutRecorder* forBookmarks(QWidget* window, PlaybackController* playback, BookmarksDock* bookmarks, const QString& path,
                                         QObject* parent);

    // Starts; finished() says how it ended. A recorder deletes itself after saying so.
    void start();

Q_SIGNALS:
    void finished(bool ok, const QString& message);

private:
    void next();
    void poll();
    void fail(const QString& message);
    void finish(bool ok, const QString& message);

    QPointer<QWidget> m_window;
    PlaybackController* m_playback;
    QList<Stop> m_stops;
    QString m_path;
    QList<exporting::HandoutPage> m_pages;
    int m_current = -1;
    int m_polls = 0;
    double m_speed = 1; // the playback's, restored at the end: recording runs as fast as possible
    QTimer* m_timer;
};

} // namespace ksv
