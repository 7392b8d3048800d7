// Lessons in the window, as a trainer uses them: every lesson kschedviz ships is played in
// presentation mode with the clicker's Page Down, and each chapter must show what it names (its
// caption, the pod it follows, its views, the heatmap's colouring). The clicker's keys reach the
// lesson whatever view has focus; B blanks; period plays; Ctrl+= and Ctrl+- scale from 1× to 2.5×;
// Esc gives the window back as it was. Without a lesson, Page Down steps by cycle.
#include "bookmarkfile.h"
#include "bookmarks.h"
#include "bookmarksdock.h"
#include "captionbar.h"
#include "heatmapdata.h"
#include "heatmapview.h"
#include "lessoncontrols.h"
#include "lessonplayer.h"
#include "mainwindow.h"
#include "playbackcontroller.h"
#include "presentation.h"
#include "run.h"
#include "scenario/loader.h"
#include "theme.h"
#include "viewstate.h"

#include <QApplication>
#include <QScreen>
#include <QDir>
#include <QDockWidget>
#include <QMenuBar>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTableView>
#include <QTest>
#include <QToolBar>

using namespace ksv;

namespace {

const std::pair<const char*, const char*> viewDocks[] = {
    {"heatmap", "heatmapDock"}, {"inspector", "inspectorDock"}, {"timeline", "timelineDock"}, {"charts", "chartsDock"},
    {"eventLog", "eventLogDock"}, {"nodes", "nodesDock"},       {"pods", "podsDock"},
};

bool openActive(MainWindow& window, const QString& file)
{
    window.resize(1280, 720);
    window.show();
    window.activateWindow();
    if (!QTest::qWaitForWindowActive(&window))
        return false;
    QSignalSpy loaded(&window, &MainWindow::scenarioLoaded);
    window.openScenario(file);
    // Not "indexed() > 0": a lesson may have nothing happen at t=0 (all its pods bound).
    return QTest::qWaitFor([&] { return loaded.size() == 1 && window.playback()->run(); }, 10000);
}

// The key a presenter's clicker sends, to whatever has focus.
void click(MainWindow& window, Qt::Key key, Qt::KeyboardModifiers modifiers = Qt::NoModifier)
{
    QWidget* target = QApplication::focusWidget() ? QApplication::focusWidget() : &window;
    QTest::keyClick(target, key, modifiers);
}

} // namespace

class TestLessons : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
    }

    void everyLessonInPresentationMode_data()
    {
        QTest::addColumn<QString>("path");
        const QDir dir(QStringLiteral(KSV_SAMPLES_DIR "/lessons"));
        for (const QString& file : dir.entryList({QStringLiteral("*.yaml")}, QDir::Files, QDir::Name))
            QTest::newRow(qPrintable(file)) << dir.filePath(file);
    }

    void everyLessonInPresentationMode()
    {
        QFETCH(QString, path);
        MainWindow window;
        QVERIFY(openActive(window, path));
        LessonPlayer* player = window.lessons()->player();
        Presentation* presentation = window.lessons()->presentation();
        CaptionBar* caption = window.lessons()->caption();
        QVERIFY(player->lesson());
        const Lesson lesson = *player->lesson();
        QVERIFY(window.lessons()->captionToolBar()->isVisible());
        if (player->currentChapter() < 0)
            QCOMPARE(caption->heading(), lesson.title); // before the first chapter

        presentation->setActive(true);
        QVERIFY(window.isFullScreen());
        QVERIFY(!window.menuBar()->isVisible());
        window.playback()->setSpeed(0);
        QStringList views = Presentation::defaultViews();
        for (int i = 0; i < lesson.chapters.size(); ++i) {
            const Chapter& chapter = lesson.chapters.at(i);
            // A chapter at 0s has started when the lesson opens; the others are a Page Down away.
            if (player->currentChapter() < i)
                click(window, Qt::Key_PageDown);
            QTRY_VERIFY2_WITH_TIMEOUT(player->currentChapter() == i && !window.playback()->isPlaying(), qPrintable(chapter.title), 30000);
            if (const ChapterStop& stop = player->stops()->stops().at(i); stop.isFound())
                QCOMPARE(window.viewState()->cursor(), stop.position);
            else
                QCOMPARE(window.viewState()->cursorTime(), *chapter.at); // at a time the engine has not passed yet
            QCOMPARE(caption->heading(), chapter.title);
            QCOMPARE(caption->text(), chapter.text);
            QCOMPARE(caption->source(), chapter.source);
            const Run* run = window.playback()->run();
            if (const QString follow = player->followedPod(i); !follow.isEmpty()) {
                QVERIFY(window.viewState()->selectedPod() >= 0);
                QCOMPARE(run->index().catalogue().podKey(window.viewState()->selectedPod()), follow);
            }
            if (!chapter.views.isEmpty())
                views = chapter.views;
            for (const auto& [view, dock] : viewDocks) {
                QVERIFY2(window.findChild<QDockWidget*>(QString::fromLatin1(dock))->isVisible() == views.contains(QString::fromLatin1(view)),
                         qPrintable(chapter.title + QStringLiteral(": ") + QString::fromLatin1(view)));
            }
            if (!chapter.heatmap.isEmpty()) {
                const auto mode = heatmapModeNamed(chapter.heatmap, run->index().catalogue().measures());
                QVERIFY2(mode, qPrintable(chapter.heatmap));
                QVERIFY(window.findChild<HeatmapView*>()->mode() == *mode);
            }
        }
        click(window, Qt::Key_Escape);
        QVERIFY(!presentation->isActive());
        QVERIFY(!window.isFullScreen());
        QVERIFY(window.menuBar()->isVisible());
    }

    void clickerKeysWhateverHasFocus()
    {
        MainWindow window;
        QVERIFY(openActive(window, QStringLiteral(KSV_SAMPLES_DIR "/lessons/01-queues.yaml")));
        const QPalette palette = QApplication::palette();
        const QFont font = QApplication::font();
        QList<bool> docksShown;
        for (const auto& entry : viewDocks)
            docksShown.append(window.findChild<QDockWidget*>(QString::fromLatin1(entry.second))->isVisible());
        Presentation* presentation = window.lessons()->presentation();
        click(window, Qt::Key_F5);
        QVERIFY(presentation->isActive());
        QCOMPARE(QApplication::palette().color(QPalette::Base), theme::projectorPalette(theme::isDark()).color(QPalette::Base));
        // 1.5× on a screen of 1,000 lines or more, 1.25× on a smaller one.
        const double expected = window.screen()->geometry().height() >= 1000 ? Presentation::defaultScale : 1.25;
        QCOMPARE(presentation->scale(), expected);
        QCOMPARE(QApplication::font().pointSizeF(), font.pointSizeF() * expected);
        QCOMPARE(theme::strokeScale(), expected);
        QVERIFY(window.isFullScreen());

        // The pods table takes Page Down to scroll, and the lanes take period: neither gets them.
        window.findChild<QDockWidget*>(QStringLiteral("podsDock"))->show();
        QTableView* table = window.findChild<QDockWidget*>(QStringLiteral("podsDock"))->findChild<QTableView*>();
        QVERIFY(table);
        table->setFocus();
        QTRY_COMPARE(QApplication::focusWidget(), table);
        window.playback()->setSpeed(0);
        QCOMPARE(window.lessons()->player()->currentChapter(), 0); // at 0s
        click(window, Qt::Key_PageDown);
        QTRY_VERIFY_WITH_TIMEOUT(window.lessons()->player()->currentChapter() == 1 && !window.playback()->isPlaying(), 30000);

        click(window, Qt::Key_B);
        QWidget* blank = window.findChild<QWidget*>(QStringLiteral("presentationBlank"));
        QVERIFY(blank && blank->isVisible());
        QCOMPARE(blank->geometry(), window.rect());
        click(window, Qt::Key_B);
        QTRY_VERIFY(!window.findChild<QWidget*>(QStringLiteral("presentationBlank")));

        window.playback()->setSpeed(0.1);
        click(window, Qt::Key_Period);
        QVERIFY(window.playback()->isPlaying());
        click(window, Qt::Key_Period);
        QVERIFY(!window.playback()->isPlaying());

        click(window, Qt::Key_Equal, Qt::ControlModifier);
        QCOMPARE(presentation->scale(), expected + Presentation::scaleStep);
        QCOMPARE(QApplication::font().pointSizeF(), font.pointSizeF() * (expected + Presentation::scaleStep));
        for (int i = 0; i < 8; ++i)
            click(window, Qt::Key_Equal, Qt::ControlModifier);
        QCOMPARE(presentation->scale(), Presentation::maxScale);
        for (int i = 0; i < 8; ++i)
            click(window, Qt::Key_Minus, Qt::ControlModifier);
        QCOMPARE(presentation->scale(), Presentation::minScale);
        QCOMPARE(theme::strokeScale(), 1.0);

        // Esc gives the window back: palette, font, menus, docks.
        click(window, Qt::Key_Escape);
        QVERIFY(!presentation->isActive());
        QCOMPARE(QApplication::palette(), palette);
        QCOMPARE(QApplication::font(), font);
        QCOMPARE(theme::strokeScale(), 1.0);
        QVERIFY(window.statusBar()->isVisible());
        for (qsizetype i = 0; i < qsizetype(std::size(viewDocks)); ++i)
            QCOMPARE(window.findChild<QDockWidget*>(QString::fromLatin1(viewDocks[i].second))->isVisible(), docksShown.at(i));
        // Outside presentation mode the keys are the window's own again: B does not blank.
        click(window, Qt::Key_B);
        QVERIFY(!window.findChild<QWidget*>(QStringLiteral("presentationBlank")));
    }

    void presentingAScenarioWithoutALesson()
    {
        MainWindow window;
        QVERIFY(openActive(window, QStringLiteral(KSV_SAMPLES_DIR "/default.yaml")));
        QVERIFY(!window.lessons()->captionToolBar()->isVisible());
        window.lessons()->presentation()->setActive(true);
        QVERIFY(window.lessons()->captionToolBar()->isVisible());
        QCOMPARE(window.lessons()->caption()->heading(), window.playback()->run()->scenario()->name);
        // Page Down steps to the end of the next scheduling cycle.
        const qsizetype before = window.viewState()->cursor();
        click(window, Qt::Key_PageDown);
        QTRY_VERIFY_WITH_TIMEOUT(window.viewState()->cursor() > before, 10000);
        const Run* run = window.playback()->run();
        QVERIFY(run->trace().at(window.viewState()->cursor() - 1).kind() == trace::EventKind::CycleEnd);
        window.lessons()->presentation()->setActive(false);
        QVERIFY(!window.lessons()->captionToolBar()->isVisible());
    }

    // Ctrl+B marks the moment; the bookmark is saved beside the scenario, comes back with it, and a
    // click returns to it. A bookmarks file that cannot be read is said so and never overwritten.
    void bookmarksInTheWindow()
    {
        qputenv("KSV_NO_DIALOGS", "1"); // the name is made up instead of asked
        QTemporaryDir dir;
        const QString scenario = dir.filePath(QStringLiteral("backlog.yaml"));
        QVERIFY(QFile::copy(QStringLiteral(KSV_SAMPLES_DIR "/backlog-node-added.yaml"), scenario));
        qint32 pod = -1;
        VirtualNanos time = 0;
        qsizetype position = 0;
        {
            MainWindow window;
            QVERIFY(openActive(window, scenario));
            window.playback()->seek(50 * nanosPerSecond);
            QTRY_COMPARE_WITH_TIMEOUT(window.viewState()->cursorTime(), 50 * nanosPerSecond, 10000);
            window.selectMostRetriedPod();
            pod = window.viewState()->selectedPod();
            QVERIFY(pod >= 0);
            time = window.viewState()->cursorTime();
            position = window.viewState()->cursor();
            click(window, Qt::Key_B, Qt::ControlModifier);
            BookmarkModel* model = window.lessons()->bookmarks()->model();
            QCOMPARE(model->count(), 1);
            const Bookmark& bookmark = model->at(0);
            const QString key = window.playback()->run()->index().catalogue().podKey(pod);
            QCOMPARE(bookmark.pod, key);
            QCOMPARE(bookmark.time, time);
            QCOMPARE(bookmark.position, position);
            QVERIFY(bookmark.name.startsWith(key.section(QLatin1Char('/'), 1)));
            QVERIFY(bookmark.views.contains(QStringLiteral("lanes")));
            QCOMPARE(window.lessons()->bookmarks()->path(), dir.filePath(QStringLiteral("backlog.bookmarks.yaml")));
            QVERIFY(QFile::exists(dir.filePath(QStringLiteral("backlog.bookmarks.yaml"))));
            // Save as Lesson: the scenario again, with the bookmark as its one chapter.
            const QString lessonPath = dir.filePath(QStringLiteral("backlog-lesson.yaml"));
            QVERIFY(window.lessons()->bookmarks()->saveAsLesson(lessonPath, QStringLiteral("Backlog")));
            const Scenario lesson = loadScenarioFile(lessonPath);
            QVERIFY(lesson.lesson);
            QCOMPARE(lesson.lesson->title, QStringLiteral("Backlog"));
            QCOMPARE(lesson.lesson->chapters.size(), 1);
            QCOMPARE(lesson.lesson->chapters.at(0).title, bookmark.name);
            QCOMPARE(lesson.lesson->chapters.at(0).at, std::optional<VirtualNanos>(time));
            QCOMPARE(lesson.lesson->chapters.at(0).follow, key);
            window.playback()->seek(0);
            window.viewState()->select({});
            window.lessons()->bookmarks()->jumpTo(0);
            QCOMPARE(window.viewState()->cursor(), position);
            QCOMPARE(window.viewState()->cursorTime(), time);
            QCOMPARE(window.viewState()->selectedPod(), pod);
        }
        {
            MainWindow window;
            QVERIFY(openActive(window, scenario));
            QCOMPARE(window.lessons()->bookmarks()->model()->count(), 1);
            QCOMPARE(window.lessons()->bookmarks()->model()->at(0).position, position);
        }
        QFile broken(dir.filePath(QStringLiteral("backlog.bookmarks.yaml")));
        QVERIFY(broken.open(QIODevice::WriteOnly));
        broken.write("bookmarks: [\n");
        broken.close();
        {
            MainWindow window;
            QVERIFY(openActive(window, scenario));
            BookmarksDock* dock = window.lessons()->bookmarks();
            QCOMPARE(dock->model()->count(), 0);
            QVERIFY2(dock->statusText().contains(QStringLiteral("backlog.bookmarks.yaml:2:1: invalid YAML")), qPrintable(dock->statusText()));
            dock->addBookmark(QStringLiteral("kept in memory"));
            QCOMPARE(dock->model()->count(), 1);
            QVERIFY(dock->statusText().startsWith(QStringLiteral("Not saved")));
        }
        QVERIFY(broken.open(QIODevice::ReadOnly));
        QCOMPARE(broken.readAll(), QByteArray("bookmarks: [\n"));
        qunsetenv("KSV_NO_DIALOGS");
    }

    // File > Export's handouts: a page per chapter of the lesson, a page per bookmark.
    void handouts()
    {
        qputenv("KSV_NO_DIALOGS", "1");
        // A copy: the bookmarks are saved beside the scenario.
        QTemporaryDir dir;
        const QString scenario = dir.filePath(QStringLiteral("02-cycles.yaml"));
        QVERIFY(QFile::copy(QStringLiteral(KSV_SAMPLES_DIR "/lessons/02-cycles.yaml"), scenario));
        MainWindow window;
        QVERIFY(openActive(window, scenario));
        const auto record = [&window](bool lesson, const QString& path) {
            std::optional<std::pair<bool, QString>> result;
            window.lessons()->recordHandout(lesson, path, [&result](bool ok, const QString& message) { result = {ok, message}; });
            (void)QTest::qWaitFor([&result] { return result.has_value(); }, 120'000);
            return result;
        };
        const QString lessonPdf = dir.filePath(QStringLiteral("lesson.pdf"));
        const auto lesson = record(true, lessonPdf);
        QVERIFY(lesson);
        QVERIFY2(lesson->first, qPrintable(lesson->second));
        QFile lessonFile(lessonPdf);
        QVERIFY(lessonFile.open(QIODevice::ReadOnly));
        QVERIFY(lessonFile.readAll().contains(QByteArray(QByteArray("/Count ") + QByteArray::number(window.lessons()->player()->chapterCount()))));

        BookmarksDock* bookmarks = window.lessons()->bookmarks();
        window.lessons()->player()->goToChapter(1);
        bookmarks->addBookmark(QStringLiteral("one"));
        window.lessons()->player()->goToChapter(4);
        bookmarks->addBookmark(QStringLiteral("two"));
        const QString bookmarksPdf = dir.filePath(QStringLiteral("bookmarks.pdf"));
        const auto marked = record(false, bookmarksPdf);
        QVERIFY(marked);
        QVERIFY2(marked->first, qPrintable(marked->second));
        QFile bookmarksFile(bookmarksPdf);
        QVERIFY(bookmarksFile.open(QIODevice::ReadOnly));
        QVERIFY(bookmarksFile.readAll().contains("/Count 2"));
        qunsetenv("KSV_NO_DIALOGS");
    }

    // Outside presentation mode the caption bar's buttons step through the chapters, and the bar
    // leaves the window within a 1280x720 screen (it once grew the window to 1124 pixels high).
    void captionButtons()
    {
        MainWindow window;
        QVERIFY(openActive(window, QStringLiteral(KSV_SAMPLES_DIR "/lessons/02-cycles.yaml")));
        QTest::qWait(200); // the bar's height follows its width once laid out
        QVERIFY2(window.height() <= 720, qPrintable(QString::number(window.height())));
        QVERIFY(window.lessons()->caption()->height() < 200);
        QSignalSpy loaded(&window, &MainWindow::scenarioLoaded);
        window.openScenario(QStringLiteral(KSV_SAMPLES_DIR "/lessons/01-queues.yaml"));
        QTRY_COMPARE_WITH_TIMEOUT(loaded.size(), 1, 10000);
        window.playback()->setSpeed(0);
        QCOMPARE(window.lessons()->player()->currentChapter(), 0);
        Q_EMIT window.lessons()->caption()->nextRequested();
        QTRY_VERIFY_WITH_TIMEOUT(window.lessons()->player()->currentChapter() == 1 && !window.playback()->isPlaying(), 30000);
        Q_EMIT window.lessons()->caption()->nextRequested();
        QTRY_VERIFY_WITH_TIMEOUT(window.lessons()->player()->currentChapter() == 2 && !window.playback()->isPlaying(), 30000);
        Q_EMIT window.lessons()->caption()->previousRequested();
        QCOMPARE(window.lessons()->player()->currentChapter(), 1);
        QVERIFY(!window.lessons()->presentation()->isActive());
    }
};

QTEST_MAIN(TestLessons)
#include "tst_lessons.moc"
