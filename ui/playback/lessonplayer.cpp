#include "lessonplayer.h"

#include "enginecontroller.h"
#include "language.h"
#include "playbackcontroller.h"
#include "run.h"
#include "viewstate.h"

namespace ksv {

LessonPlayer::LessonPlayer(PlaybackController* playback, QObject* parent)
    : QObject(parent)
    , m_playback(playback)
    , m_view(playback->viewState())
{
    connect(m_view, &ViewState::cursorChanged, this, &LessonPlayer::onCursorChanged);
}

LessonPlayer::~LessonPlayer()
{
    if (m_playback)
        m_playback->setStopFinder({});
}

void LessonPlayer::setRun(Run* run)
{
    m_run = run;
    m_lesson.reset();
    m_stops.reset();
    m_current = -1;
    m_playback->setStopFinder({});
    if (run && run->scenario()->lesson) {
        // In the UI's language where the lesson is translated (spec.lesson.translations).
        m_lesson = translatedLesson(*run->scenario()->lesson, language::current());
        m_stops = std::make_unique<ChapterStops>(m_lesson->chapters);
        m_playback->setStopFinder([this](PlaybackController::Stop from, PlaybackController::Stop to) -> std::optional<PlaybackController::Stop> {
            advance();
            // The chapter shown already (one at a time the cursor was at) is no stop.
            int chapter = m_stops->firstBetween(from.position, from.time, to.position, to.time);
            while (chapter >= 0 && chapter <= m_current) {
                const ChapterStop& passed = m_stops->stops().at(chapter);
                const int later = m_stops->firstBetween(passed.position, passed.time, to.position, to.time);
                chapter = later > chapter ? later : -1;
            }
            if (chapter < 0)
                return std::nullopt;
            const ChapterStop& stop = m_stops->stops().at(chapter);
            return PlaybackController::Stop {stop.position, stop.time};
        });
    }
    // The chapter under the cursor is entered when the controller sets the new run's cursor, after
    // it cleared the old selection (PlaybackController::install()).
    Q_EMIT lessonChanged();
}

const Chapter* LessonPlayer::chapter(int index) const
{
    return m_lesson && index >= 0 && index < m_lesson->chapters.size() ? &m_lesson->chapters.at(index) : nullptr;
}

QString LessonPlayer::followedPod(int chapter) const
{
    for (int i = chapter; i >= 0; --i) {
        if (const QString& follow = m_lesson->chapters.at(i).follow; !follow.isEmpty())
            return follow;
    }
    return {};
}

void LessonPlayer::advance()
{
    if (!m_run || !m_stops)
        return;
    // The engine's clock vouches for the events up to it only once they are all indexed.
    const bool caughtUp = m_run->isEngineFinished() ? m_run->isComplete() : m_run->indexed() == m_run->engine()->published();
    m_stops->advance(m_run->trace(), m_run->indexed(), caughtUp ? m_run->engineTime() : -1, m_run->isComplete());
}

void LessonPlayer::onCursorChanged()
{
    if (!m_stops)
        return;
    advance();
    int chapter = m_stops->chapterAt(m_view->cursor(), m_view->cursorTime());
    // The next chapter set at a time the cursor has reached is shown before it is found: whether more
    // events come at that very time is known only once the engine's clock has passed it.
    const int next = m_stops->foundCount();
    if (chapter == next - 1 && next < m_stops->count()) {
        const std::optional<VirtualNanos> at = m_lesson->chapters.at(next).at;
        if (at && *at <= m_view->cursorTime() && (next == 0 || m_stops->stops().at(next - 1).time <= *at))
            chapter = next;
    }
    if (chapter == m_current)
        return;
    m_current = chapter;
    // The pod followed since the latest chapter that named one, with its latest attempt at the
    // cursor: a chapter that names none keeps following it.
    const QString follow = followedPod(chapter);
    if (!follow.isEmpty()) {
        if (const qint32 pod = m_run->index().catalogue().podIndex(follow); pod >= 0)
            selectPod(*m_view, m_run, pod, false);
    }
    Q_EMIT chapterChanged(chapter);
}

bool LessonPlayer::goToChapter(int index)
{
    advance();
    if (!m_stops || index < 0 || index >= m_stops->foundCount())
        return false;
    // A chapter set at a time shows that time; one started by an event shows the moment of it.
    const ChapterStop& stop = m_stops->stops().at(index);
    if (m_lesson->chapters.at(index).at)
        m_playback->seek(stop.time);
    else
        m_playback->seekPosition(stop.position);
    return true;
}

bool LessonPlayer::nextChapter()
{
    advance();
    const int next = m_current + 1;
    if (!m_stops || next >= m_stops->count())
        return false;
    if (next < m_stops->foundCount())
        return goToChapter(next);
    // Not found yet: a time is sought (the engine runs to it), an event is played to (playing stops
    // where the chapter starts, or at the run's end if it never does).
    if (const std::optional<VirtualNanos> at = m_lesson->chapters.at(next).at)
        m_playback->seek(std::max(*at, m_view->cursorTime()));
    else
        m_playback->play();
    return true;
}

bool LessonPlayer::previousChapter()
{
    // From the first chapter (or before it), back to the first chapter's start.
    return goToChapter(std::max(0, m_current - 1));
}

} // namespace ksv
