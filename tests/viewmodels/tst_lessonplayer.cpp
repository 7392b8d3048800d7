// LessonPlayer over the app's playback: playing pauses exactly where each chapter starts, whether the
// cursor follows the engine or replays what it published; entering a chapter selects the pod it
// follows; next and previous chapter; a scenario without a lesson plays through.
#include "lessonplayer.h"
#include "playbackhelpers.h"

#include <QSignalSpy>
#include <QTest>

using namespace ksv;
using ksv::testing::configurationOf;
using ksv::testing::Session;

namespace {

std::shared_ptr<const Scenario> queuesLesson()
{
    return std::make_shared<const Scenario>(loadScenarioFile(QStringLiteral(KSV_SAMPLES_DIR "/lessons/01-queues.yaml")));
}

struct LessonSession
{
    Session session;
    LessonPlayer player {&session.playback};

    explicit LessonSession(const std::shared_ptr<const Scenario>& scenario)
    {
        QObject::connect(&session.playback, &PlaybackController::runChanged, &player, &LessonPlayer::setRun);
        session.playback.load(scenario, configurationOf(*scenario), {});
    }
};

// Plays until playback pauses by itself; false on timeout.
bool playUntilPaused(Session& session)
{
    session.playback.play();
    return QTest::qWaitFor([&] { return !session.playback.isPlaying(); }, 30000);
}

void checkAtChapter(const LessonSession& lesson, int chapter)
{
    const ChapterStop& stop = lesson.player.stops()->stops().at(chapter);
    if (stop.isFound()) {
        QCOMPARE(lesson.session.view.cursor(), stop.position);
        QCOMPARE(lesson.session.view.cursorTime(), stop.time);
    } else {
        // A chapter at a time the engine's clock has not passed: shown as soon as the cursor is there.
        QVERIFY(lesson.player.chapter(chapter)->at);
        QCOMPARE(lesson.session.view.cursorTime(), *lesson.player.chapter(chapter)->at);
    }
    QCOMPARE(lesson.player.currentChapter(), chapter);
    const QString follow = lesson.player.followedPod(chapter);
    if (!follow.isEmpty()) {
        const qint32 pod = lesson.session.view.selectedPod();
        QVERIFY(pod >= 0);
        QCOMPARE(lesson.session.run().index().catalogue().podKey(pod), follow);
    }
}

} // namespace

class TestLessonPlayer : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void pausesAtEveryChapterWhileFollowingTheEngine()
    {
        LessonSession lesson(queuesLesson());
        QVERIFY(lesson.player.lesson());
        const int chapters = lesson.player.chapterCount();
        QCOMPARE(chapters, 9);
        QSignalSpy entered(&lesson.player, &LessonPlayer::chapterChanged);
        // Loaded at 0s, the run is in its first chapter (at 0s) already.
        QTRY_VERIFY_WITH_TIMEOUT(lesson.session.run().indexed() > 0, 10000);
        checkAtChapter(lesson, 0);
        lesson.session.playback.setSpeed(0);
        for (int chapter = 1; chapter < chapters; ++chapter) {
            QVERIFY(playUntilPaused(lesson.session));
            checkAtChapter(lesson, chapter);
            QCOMPARE(entered.last().at(0).toInt(), chapter);
        }
        // After the last chapter the run plays to its end.
        QVERIFY(playUntilPaused(lesson.session));
        QTRY_VERIFY_WITH_TIMEOUT(lesson.session.playback.isFinished(), 10000);
        QCOMPARE(lesson.player.currentChapter(), chapters - 1);
    }

    void pausesAtEveryChapterWhileReplaying()
    {
        LessonSession lesson(queuesLesson());
        lesson.session.playback.seek(10 * 60 * nanosPerSecond); // the engine runs to the end; nothing plays
        QTRY_VERIFY_WITH_TIMEOUT(lesson.session.playback.isFinished(), 30000);
        QCOMPARE(lesson.player.stops()->foundCount(), 9);
        lesson.session.playback.seekPosition(0);
        QCOMPARE(lesson.player.currentChapter(), -1); // before the first events at t=0
        lesson.session.playback.setSpeed(1000); // replays the published trace, 1,000 virtual seconds a second
        for (int chapter = 0; chapter < lesson.player.chapterCount(); ++chapter) {
            QVERIFY(playUntilPaused(lesson.session));
            checkAtChapter(lesson, chapter);
        }
    }

    void nextAndPreviousChapter()
    {
        LessonSession lesson(queuesLesson());
        QTRY_VERIFY_WITH_TIMEOUT(lesson.session.run().indexed() > 0, 10000);
        checkAtChapter(lesson, 0);
        // Not found yet: Next plays on to the chapter.
        QVERIFY(lesson.player.nextChapter());
        QTRY_VERIFY_WITH_TIMEOUT(!lesson.session.playback.isPlaying(), 30000);
        checkAtChapter(lesson, 1);
        lesson.session.playback.seek(10 * 60 * nanosPerSecond);
        QTRY_VERIFY_WITH_TIMEOUT(lesson.session.playback.isFinished(), 30000);
        QCOMPARE(lesson.player.currentChapter(), 8);
        QVERIFY(lesson.player.goToChapter(3));
        checkAtChapter(lesson, 3);
        QVERIFY(lesson.player.nextChapter());
        checkAtChapter(lesson, 4);
        QVERIFY(lesson.player.previousChapter());
        QVERIFY(lesson.player.previousChapter());
        checkAtChapter(lesson, 2);
        QVERIFY(lesson.player.goToChapter(0));
        QVERIFY(lesson.player.previousChapter()); // stays at the first
        checkAtChapter(lesson, 0);
        QVERIFY(!lesson.player.goToChapter(9));
        QVERIFY(lesson.player.goToChapter(8));
        QVERIFY(!lesson.player.nextChapter());
        // A time chapter shows its own time, not the last event's.
        QVERIFY(lesson.player.goToChapter(0));
        QCOMPARE(lesson.session.view.cursorTime(), VirtualNanos(0));
    }

    void withoutALessonNothingPauses()
    {
        LessonSession lesson(ksv::testing::sample(QStringLiteral("default.yaml")));
        QVERIFY(!lesson.player.lesson());
        QCOMPARE(lesson.player.chapterCount(), 0);
        QVERIFY(!lesson.player.nextChapter());
        lesson.session.playback.setSpeed(0);
        lesson.session.playback.play();
        QTRY_VERIFY_WITH_TIMEOUT(lesson.session.playback.isFinished(), 30000);
    }
};

QTEST_MAIN(TestLessonPlayer)
#include "tst_lessonplayer.moc"
