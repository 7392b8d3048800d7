#pragma once

// Lessons and presentation mode in the window: the LessonPlayer over the window's playback, the
// caption bar (a tool bar of its own across the top), presentation mode, and what a chapter asks
// of the views (the pod it follows is selected by the player; its heatmap colouring and, when
// presenting, its views are applied here). MainWindow installs it and gives it each new run.

#include <QObject>

#include <functional>

class QAction;
class QDockWidget;
class QMainWindow;
class QMenu;
class QToolBar;

namespace ksv {

class BookmarksDock;
class CaptionBar;
class HeatmapView;
class LessonPlayer;
class PlaybackController;
class Presentation;
class QueueLanesView;
class Run;

class LessonControls : public QObject
{
    Q_OBJECT
public:
    LessonControls(QMainWindow* window, PlaybackController* playback, HeatmapView* heatmap, QueueLanesView* lanes,
                   std::function<void(const QString&)> openScenario);
    ~LessonControls() override;

    void setRun(Run* run);

    LessonPlayer* player() const { return m_player; }
    Presentation* presentation() const { return m_presentation; }
    CaptionBar* caption() const { return m_caption; }
    QToolBar* captionToolBar() const { return m_captionBar; }
    BookmarksDock* bookmarks() const { return m_bookmarks; }
    QDockWidget* bookmarksDock() const { return m_bookmarksDock; }
    // A PDF handout of the lesson (a page per chapter) or of the bookmarks (a page per bookmark),
    // recorded on the event loop; `done` says how it ended.
    void recordHandout(bool lesson, const QString& path, const std::function<void(bool ok, const QString& message)>& done);
    // File > Export's entries for them.
    void addHandoutActions(QMenu* exportMenu);
    // Help > Lessons: the lessons kschedviz ships (":/lessons"), by title.
    QMenu* createLessonsMenu(QWidget* parent);
    // The lessons shipped: resource path and title, in file order.
    static QList<std::pair<QString, QString>> bundledLessons();
    // A shipped lesson by name: "queues" for ":/lessons/01-queues.yaml" (the number orders the menu).
    // A name that matches none gives the path it would have, so that opening it says what is missing.
    static QString bundledLessonPath(const QString& name);

private:
    void showChapter(int chapter);
    void updateCaption();
    void updateSpotlight();
    void next();
    void previous();

    QMainWindow* m_window;
    PlaybackController* m_playback;
    HeatmapView* m_heatmap;
    QueueLanesView* m_lanes;
    std::function<void(const QString&)> m_openScenario;
    LessonPlayer* m_player;
    CaptionBar* m_caption;
    QToolBar* m_captionBar;
    Presentation* m_presentation;
    BookmarksDock* m_bookmarks;
    QDockWidget* m_bookmarksDock;
    Run* m_run = nullptr;
};

} // namespace ksv
