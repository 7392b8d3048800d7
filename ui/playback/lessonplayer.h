#pragma once

// Plays a scenario's lesson (spec.lesson) against the shared view state: playback pauses where each
// chapter starts, the chapter under the cursor is the one shown, and entering a chapter selects the
// pod it follows. What a chapter shows beyond that (its views, the heatmap's colouring, its caption)
// belongs to whoever listens to chapterChanged(): the window and presentation mode.

#include "lesson/chapterstops.h"

#include <QObject>
#include <QPointer>

#include <memory>
#include <optional>

namespace ksv {

class PlaybackController;
class Run;
class ViewState;

class LessonPlayer : public QObject
{
    Q_OBJECT
public:
    explicit LessonPlayer(PlaybackController* playback, QObject* parent = nullptr);
    ~LessonPlayer() override;

    // The run shown; its scenario's lesson, if it has one, is played. Call for each new run.
    void setRun(Run* run);
    const Lesson* lesson() const { return m_lesson ? &*m_lesson : nullptr; }
    int chapterCount() const { return m_lesson ? int(m_lesson->chapters.size()) : 0; }
    // The chapter under the cursor; -1 before the first (or without a lesson).
    int currentChapter() const { return m_current; }
    const Chapter* chapter(int index) const;
    // The pod followed in a chapter: its own, else the latest earlier chapter's; empty: none.
    QString followedPod(int chapter) const;
    // Where each chapter starts, as far as the run has gone.
    const ChapterStops* stops() const { return m_stops.get(); }

    // The next chapter: there at once when the run has reached it, else playing until it starts.
    // False when there is none after the current one.
    bool nextChapter();
    bool previousChapter();
    // Jumps to a chapter that has started in the run (chapters are found in order); false otherwise.
    bool goToChapter(int index);

Q_SIGNALS:
    // A run with another lesson, or none.
    void lessonChanged();
    // The cursor entered a chapter (-1: before the first); its pod is already selected.
    void chapterChanged(int chapter);

private:
    void onCursorChanged();
    // Reads what the run has published so far.
    void advance();

    // Either may go first when a window closes: the finder it was given must not outlive the player.
    QPointer<PlaybackController> m_playback;
    ViewState* m_view;
    Run* m_run = nullptr;
    std::optional<Lesson> m_lesson;
    std::unique_ptr<ChapterStops> m_stops;
    int m_current = -1;
};

} // namespace ksv
