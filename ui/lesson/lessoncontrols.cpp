#include "lessoncontrols.h"

#include "bookmarksdock.h"
#include "captionbar.h"
#include "handoutrecorder.h"
#include "heatmapdata.h"
#include "heatmapview.h"
#include "language.h"
#include "lessonplayer.h"
#include "playbackcontroller.h"
#include "presentation.h"
#include "queuelanesview.h"
#include "run.h"
#include "bookmarks.h"
#include "scenario/loader.h"
#include "viewstate.h"

#include <QDir>
#include <QFileInfo>
#include <QDockWidget>
#include <QFileDialog>
#include <QMessageBox>
#include <QStatusBar>
#include <QMainWindow>
#include <QMenu>
#include <QToolBar>

namespace ksv {

LessonControls::LessonControls(QMainWindow* window, PlaybackController* playback, HeatmapView* heatmap, QueueLanesView* lanes,
                               std::function<void(const QString&)> openScenario)
    : QObject(window)
    , m_window(window)
    , m_playback(playback)
    , m_heatmap(heatmap)
    , m_lanes(lanes)
    , m_openScenario(std::move(openScenario))
    , m_player(new LessonPlayer(playback, this))
    , m_caption(new CaptionBar(window))
    , m_captionBar(new QToolBar(tr("Caption"), window))
{
    m_captionBar->setObjectName(QStringLiteral("captionToolBar"));
    m_captionBar->setMovable(false);
    m_captionBar->setFloatable(false);
    m_captionBar->addWidget(m_caption);
    m_caption->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    window->addToolBarBreak(Qt::TopToolBarArea);
    window->addToolBar(Qt::TopToolBarArea, m_captionBar);
    m_captionBar->hide();
    m_presentation = new Presentation(window, m_captionBar);
    m_bookmarks = new BookmarksDock(window, playback, heatmap, m_presentation, m_openScenario);
    m_bookmarksDock = new QDockWidget(tr("Bookmarks"), window);
    m_bookmarksDock->setObjectName(QStringLiteral("bookmarksDock"));
    m_bookmarksDock->setWidget(m_bookmarks);
    window->addDockWidget(Qt::BottomDockWidgetArea, m_bookmarksDock);
    if (auto* timeline = window->findChild<QDockWidget*>(QStringLiteral("timelineDock"))) {
        window->tabifyDockWidget(timeline, m_bookmarksDock);
        timeline->raise();
    }

    connect(m_player, &LessonPlayer::lessonChanged, this, &LessonControls::updateCaption);
    connect(m_player, &LessonPlayer::lessonChanged, this, &LessonControls::updateSpotlight);
    connect(m_presentation, &Presentation::activeChanged, this, &LessonControls::updateSpotlight);
    connect(m_player, &LessonPlayer::chapterChanged, this, &LessonControls::showChapter);
    connect(m_caption, &CaptionBar::nextRequested, this, &LessonControls::next);
    connect(m_caption, &CaptionBar::previousRequested, this, &LessonControls::previous);
    connect(m_presentation, &Presentation::nextRequested, this, &LessonControls::next);
    connect(m_presentation, &Presentation::previousRequested, this, &LessonControls::previous);
    connect(m_presentation, &Presentation::playPauseRequested, playback, &PlaybackController::togglePlay);
    connect(m_presentation, &Presentation::activeChanged, this, &LessonControls::updateCaption);
    connect(playback->viewState(), &ViewState::selectionChanged, this, [this] {
        if (!m_player->lesson() && m_presentation->isActive())
            updateCaption();
    });
}

LessonControls::~LessonControls() = default;

void LessonControls::setRun(Run* run)
{
    m_run = run;
    m_player->setRun(run);
    m_bookmarks->setRun(run);
}

void LessonControls::updateSpotlight()
{
    m_lanes->setSpotlight(m_player->lesson() || m_presentation->isActive());
}

void LessonControls::next()
{
    // Without chapters a clicker steps through the scheduling cycles.
    if (m_player->lesson())
        m_player->nextChapter();
    else
        m_playback->step(PlaybackController::StepUnit::Cycle);
}

void LessonControls::previous()
{
    if (m_player->lesson())
        m_player->previousChapter();
    else
        m_playback->stepBack(PlaybackController::StepUnit::Cycle);
}

void LessonControls::showChapter(int chapter)
{
    updateCaption();
    const Chapter* entered = m_player->chapter(chapter);
    if (!entered)
        return;
    if (!entered->heatmap.isEmpty() && m_run) {
        if (const auto mode = heatmapModeNamed(entered->heatmap, m_run->index().catalogue().measures()))
            m_heatmap->setMode(*mode);
    }
    if (!entered->views.isEmpty())
        m_presentation->showViews(entered->views);
}

void LessonControls::updateCaption()
{
    if (const Lesson* lesson = m_player->lesson()) {
        const int chapter = m_player->currentChapter();
        m_caption->showChapter(lesson->title, lesson->summary, chapter, m_player->chapterCount(), m_player->chapter(chapter));
        m_captionBar->show();
        return;
    }
    if (!m_presentation->isActive()) {
        m_captionBar->hide();
        return;
    }
    // Presenting a scenario without a lesson: its name and the pod followed.
    const QString scenario = m_run ? m_run->scenario()->name : QString();
    const qint32 pod = m_playback->viewState()->selectedPod();
    const QString podKey = m_run && pod >= 0 ? m_run->index().catalogue().podKey(pod) : QString();
    m_caption->showPlain(scenario.isEmpty() ? tr("kschedviz") : scenario,
                         podKey.isEmpty() ? tr("Page Down steps to the next scheduling cycle") : tr("Following %1").arg(podKey));
    m_captionBar->show();
}

QList<std::pair<QString, QString>> LessonControls::bundledLessons()
{
    QList<std::pair<QString, QString>> lessons;
    const QDir dir(QStringLiteral(":/lessons"));
    for (const QString& file : dir.entryList({QStringLiteral("*.yaml")}, QDir::Files, QDir::Name)) {
        const QString path = dir.filePath(file);
        QString title = file;
        try {
            if (const Scenario scenario = loadScenarioFile(path); scenario.lesson)
                title = translatedLesson(*scenario.lesson, language::current()).title;
        } catch (const LoadError&) {
            // Listed by its file name: opening it shows the error.
        }
        lessons.append({path, title});
    }
    return lessons;
}

void LessonControls::recordHandout(bool lesson, const QString& path, const std::function<void(bool, const QString&)>& done)
{
    HandoutRecorder* recorder = lesson ? HandoutRecorder::forLesson(m_window, m_playback, m_player, path, this)
                                       : HandoutRecorder::forBookmarks(m_window, m_playback, m_bookmarks, path, this);
    connect(recorder, &HandoutRecorder::finished, this, [done](bool ok, const QString& message) { done(ok, message); });
    recorder->start();
}

void LessonControls::addHandoutActions(QMenu* exportMenu)
{
    exportMenu->addSeparator();
    const auto ask = [this](bool lesson) {
        const QString name = m_run ? QFileInfo(m_run->scenario()->file).completeBaseName() : QString();
        const QString path = QFileDialog::getSaveFileName(m_window, lesson ? tr("Lesson as PDF Handout") : tr("Bookmarks as PDF Handout"),
                                                          QDir::home().filePath(name + (lesson ? QStringLiteral("-lesson.pdf") : QStringLiteral("-bookmarks.pdf"))),
                                                          tr("PDF (*.pdf)"));
        if (path.isEmpty())
            return;
        recordHandout(lesson, path, [this](bool ok, const QString& message) {
            if (ok)
                m_window->statusBar()->showMessage(message, 8000);
            else
                QMessageBox::warning(m_window, tr("PDF Handout"), message);
        });
    };
    QAction* lesson = exportMenu->addAction(tr("&Lesson as PDF Handout…"), this, [ask] { ask(true); });
    QAction* bookmarks = exportMenu->addAction(tr("&Bookmarks as PDF Handout…"), this, [ask] { ask(false); });
    connect(exportMenu, &QMenu::aboutToShow, this, [this, lesson, bookmarks] {
        lesson->setEnabled(m_player->lesson() != nullptr);
        bookmarks->setEnabled(m_bookmarks->model()->count() > 0);
    });
}

QString LessonControls::bundledLessonPath(const QString& name)
{
    const QDir dir(QStringLiteral(":/lessons"));
    const QString file = name + QStringLiteral(".yaml");
    for (const QString& entry : dir.entryList({QStringLiteral("*.yaml")}, QDir::Files, QDir::Name)) {
        const qsizetype dash = entry.indexOf(QLatin1Char('-'));
        if (entry == file || (dash > 0 && entry.mid(dash + 1) == file))
            return dir.filePath(entry);
    }
    return dir.filePath(file);
}

QMenu* LessonControls::createLessonsMenu(QWidget* parent)
{
    auto* menu = new QMenu(tr("&Lessons"), parent);
    // Read when first opened: nine small files, but not at every start.
    connect(menu, &QMenu::aboutToShow, this, [this, menu] {
        if (!menu->isEmpty())
            return;
        const auto lessons = bundledLessons();
        int number = 0;
        for (const auto& [path, title] : lessons) {
            const QString file = path;
            menu->addAction(QStringLiteral("&%1  %2").arg(++number).arg(title), this, [this, file] { m_openScenario(file); });
        }
        if (lessons.isEmpty())
            menu->addAction(tr("No lessons in this build"))->setEnabled(false);
    });
    return menu;
}

} // namespace ksv
