#include "bookmarksdock.h"

#include "bookmarkfile.h"
#include "bookmarks.h"
#include "format.h"
#include "heatmapview.h"
#include "playbackcontroller.h"
#include "presentation.h"
#include "run.h"
#include "viewstate.h"

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QMainWindow>
#include <QMessageBox>
#include <QSaveFile>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

namespace ksv {

namespace {

// A screenshot or test run has nobody to answer a dialog (app/main.cpp sets it).
bool dialogsAllowed()
{
    return !qEnvironmentVariableIsSet("KSV_NO_DIALOGS");
}

} // namespace

BookmarksDock::BookmarksDock(QMainWindow* window, PlaybackController* playback, HeatmapView* heatmap, Presentation* presentation,
                             std::function<void(const QString&)> openScenario)
    : QWidget(window)
    , m_window(window)
    , m_playback(playback)
    , m_heatmap(heatmap)
    , m_presentation(presentation)
    , m_openScenario(std::move(openScenario))
    , m_model(new BookmarkModel(this))
    , m_table(new QTableView(this))
    , m_status(new QLabel(this))
    , m_add(new QAction(tr("Add &Bookmark…"), this))
{
    m_add->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_B));
    m_add->setToolTip(tr("Mark this moment, the selected pod and the views shown (Ctrl+B)"));
    connect(m_add, &QAction::triggered, this, [this] { addBookmark(); });
    window->addAction(m_add);

    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed);
    m_table->verticalHeader()->hide();
    // A few rows, one line each: names, times and pods as wide as they are, the note takes the rest.
    m_table->setWordWrap(false);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    connect(m_table, &QTableView::clicked, this, [this](const QModelIndex& index) { jumpTo(index.row()); });
    connect(m_table, &QTableView::activated, this, [this](const QModelIndex& index) { jumpTo(index.row()); });
    connect(m_model, &BookmarkModel::edited, this, &BookmarksDock::save);

    auto* add = new QToolButton(this);
    add->setDefaultAction(m_add);
    add->setToolButtonStyle(Qt::ToolButtonTextOnly);
    auto* remove = new QToolButton(this);
    remove->setText(tr("Remove"));
    connect(remove, &QToolButton::clicked, this, [this] {
        if (const QModelIndex current = m_table->currentIndex(); current.isValid())
            m_model->remove(current.row());
    });
    auto* lesson = new QToolButton(this);
    lesson->setText(tr("Save as Lesson…"));
    lesson->setToolTip(tr("Write the scenario with one chapter per bookmark (docs/lessons.md)"));
    connect(lesson, &QToolButton::clicked, this, [this] {
        if (m_model->count() == 0 || m_scenarioFile.isEmpty())
            return;
        const QFileInfo scenario(m_scenarioFile);
        const QString suggested = (m_scenarioFile.startsWith(QLatin1Char(':')) ? QDir::homePath() : scenario.absolutePath())
            + QLatin1Char('/') + scenario.completeBaseName() + QStringLiteral("-lesson.yaml");
        const QString path = QFileDialog::getSaveFileName(this, tr("Save as Lesson"), suggested, tr("Scenarios (*.yaml)"));
        if (path.isEmpty())
            return;
        bool ok = false;
        const QString title = QInputDialog::getText(this, tr("Lesson Title"), tr("Title:"), QLineEdit::Normal,
                                                    m_run ? m_run->scenario()->name : QString(), &ok);
        if (ok && saveAsLesson(path, title.trimmed().isEmpty() ? scenario.completeBaseName() : title.trimmed()))
            m_openScenario(path);
    });
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(add);
    buttons->addWidget(remove);
    buttons->addWidget(lesson);
    buttons->addStretch(1);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status->setForegroundRole(QPalette::PlaceholderText);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(buttons);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_status);
    setStatus(tr("Ctrl+B marks the moment you are looking at."));
}

BookmarksDock::~BookmarksDock() = default;

void BookmarksDock::setRun(Run* run)
{
    const QString file = run ? run->scenario()->file : QString();
    m_run = run;
    if (file == m_scenarioFile && !file.isEmpty())
        return; // a reset or a reload keeps the bookmarks
    m_scenarioFile = file;
    m_saveBlocked = false;
    m_path = file.isEmpty() ? QString() : bookmarksPathFor(file);
    QList<Bookmark> bookmarks;
    if (!m_path.isEmpty() && QFileInfo::exists(m_path)) {
        try {
            bookmarks = readBookmarks(m_path);
            setStatus(tr("Saved in %1").arg(QDir::toNativeSeparators(m_path)));
        } catch (const LoadError& error) {
            m_saveBlocked = true;
            setStatus(tr("Not read, and not overwritten: %1").arg(error.toString()));
        }
    } else {
        setStatus(m_path.isEmpty() ? tr("Ctrl+B marks the moment you are looking at (kept while this window shows it).")
                                   : tr("Ctrl+B marks the moment you are looking at; saved in %1").arg(QDir::toNativeSeparators(m_path)));
    }
    m_model->setBookmarks(bookmarks);
}

Bookmark BookmarksDock::current(const QString& name) const
{
    const ViewState* view = m_playback->viewState();
    Bookmark bookmark;
    bookmark.name = name;
    bookmark.time = view->cursorTime();
    bookmark.position = view->cursor();
    if (const qint32 pod = view->selectedPod(); pod >= 0)
        bookmark.pod = m_run->index().catalogue().podKey(pod);
    bookmark.views = Presentation::visibleViews(m_window);
    bookmark.heatmap = heatmapModeName(m_heatmap->mode(), m_run->index().catalogue().measures());
    return bookmark;
}

void BookmarksDock::addBookmark(const QString& name)
{
    if (!m_run)
        return;
    QString chosen = name;
    if (chosen.isEmpty()) {
        const ViewState* view = m_playback->viewState();
        const qint32 pod = view->selectedPod();
        const QString suggested = pod >= 0 ? tr("%1 at %2").arg(m_run->index().catalogue().podKey(pod).section(QLatin1Char('/'), 1),
                                                                format::virtualTime(view->cursorTime()))
                                           : format::virtualTime(view->cursorTime());
        chosen = suggested;
        if (dialogsAllowed()) {
            bool ok = false;
            chosen = QInputDialog::getText(m_window, tr("Add Bookmark"), tr("Name:"), QLineEdit::Normal, suggested, &ok).trimmed();
            if (!ok)
                return;
            if (chosen.isEmpty())
                chosen = suggested;
        }
    }
    const int row = m_model->add(current(chosen));
    m_table->selectRow(row);
}

void BookmarksDock::jumpTo(int row)
{
    if (!m_run || row < 0 || row >= m_model->count())
        return;
    const Bookmark& bookmark = m_model->at(row);
    // By time when the bookmark was at the end of its instant (or the run has not got there yet:
    // seeking runs to it); else at its exact position within the instant.
    const bool withinInstant = bookmark.position > 0 && bookmark.position <= m_run->indexed()
        && m_run->index().positionAfter(bookmark.time) != bookmark.position
        && m_run->trace().at(bookmark.position - 1).time() == bookmark.time;
    if (withinInstant)
        m_playback->seekPosition(bookmark.position);
    else
        m_playback->seek(bookmark.time);
    if (const qint32 pod = m_run->index().catalogue().podIndex(bookmark.pod); pod >= 0)
        selectPod(*m_playback->viewState(), m_run, pod);
    if (const auto mode = heatmapModeNamed(bookmark.heatmap, m_run->index().catalogue().measures()))
        m_heatmap->setMode(*mode);
    if (m_presentation->isActive() && !bookmark.views.isEmpty())
        m_presentation->showViews(bookmark.views);
}

bool BookmarksDock::saveAsLesson(const QString& path, const QString& title)
{
    QString problem;
    try {
        QSaveFile file(path);
        const QByteArray text = scenarioWithLesson(m_scenarioFile, title, m_model->bookmarks());
        if (file.open(QIODevice::WriteOnly) && file.write(text) == text.size() && file.commit())
            return true;
        problem = path + QStringLiteral(": ") + file.errorString();
    } catch (const LoadError& error) {
        problem = error.toString();
    }
    setStatus(problem);
    if (dialogsAllowed())
        QMessageBox::warning(this, tr("Save as Lesson"), problem);
    return false;
}

void BookmarksDock::save()
{
    if (m_path.isEmpty())
        return;
    if (m_saveBlocked) {
        setStatus(tr("Not saved: %1 could not be read, and is kept as it is. Move it away to save bookmarks.")
                      .arg(QDir::toNativeSeparators(m_path)));
        return;
    }
    QString error;
    if (saveBookmarks(m_path, m_model->bookmarks(), QFileInfo(m_scenarioFile).fileName(), &error))
        setStatus(tr("Saved in %1").arg(QDir::toNativeSeparators(m_path)));
    else
        setStatus(tr("Not saved: %1").arg(error));
}

void BookmarksDock::setStatus(const QString& text)
{
    m_status->setText(text);
}

QString BookmarksDock::statusText() const
{
    return m_status->text();
}

} // namespace ksv
