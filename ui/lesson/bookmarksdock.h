#pragma once

// The Bookmarks dock: Ctrl+B marks the moment (cursor, selected pod, the docks shown, the heatmap's
// colouring) under a name; a click goes back to it; names and notes are edited in place; "Save as
// Lesson…" writes the scenario with one chapter per bookmark. Bookmarks are saved beside the
// scenario as the user changes them (ui/models/bookmarkfile.h says where).

#include <QWidget>

#include <functional>

class QAction;
class QLabel;
class QMainWindow;
class QTableView;

namespace ksv {

class BookmarkModel;
class HeatmapView;
class PlaybackController;
class Presentation;
class Run;
struct Bookmark;

class BookmarksDock : public QWidget
{
    Q_OBJECT
public:
    BookmarksDock(QMainWindow* window, PlaybackController* playback, HeatmapView* heatmap, Presentation* presentation,
                  std::function<void(const QString&)> openScenario);
    ~BookmarksDock() override;

    // The run shown: its scenario's bookmarks are read (and later saved) beside its file.
    void setRun(Run* run);
    BookmarkModel* model() const { return m_model; }
    // Ctrl+B.
    QAction* addAction() const { return m_add; }
    // Marks the current moment; `name` empty: asks for one (or, without dialogs, makes one up).
    void addBookmark(const QString& name = {});
    // Goes back to a bookmark's moment: cursor, pod, colouring and (presenting) views.
    void jumpTo(int row);
    // Writes the scenario with the bookmarks as its lesson to `path`; false with a message shown.
    bool saveAsLesson(const QString& path, const QString& title);
    // Where the bookmarks are saved ("" when the run has no file, such as a live snapshot).
    const QString& path() const { return m_path; }
    // What the dock says under its table (where the file is, or what went wrong), for tests.
    QString statusText() const;

private:
    Bookmark current(const QString& name) const;
    void save();
    void setStatus(const QString& text);

    QMainWindow* m_window;
    PlaybackController* m_playback;
    HeatmapView* m_heatmap;
    Presentation* m_presentation;
    std::function<void(const QString&)> m_openScenario;
    BookmarkModel* m_model;
    QTableView* m_table;
    QLabel* m_status;
    QAction* m_add;
    Run* m_run = nullptr;
    QString m_scenarioFile;
    QString m_path;
    bool m_saveBlocked = false; // the file on disk could not be read: it is not overwritten
};

} // namespace ksv
