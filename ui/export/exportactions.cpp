#include "exportactions.h"

#include "exportfiles.h"
#include "exportviews.h"
#include "format.h"
#include "mainwindow.h"
#include "scenarioloadjob.h"
#include "viewstate.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QRegularExpression>
#include <QSettings>
#include <QStatusBar>

namespace ksv {

namespace {

const QString directoryKey = QStringLiteral("export/directory");
const QString queuesView = QStringLiteral("queues");

QString fileFriendly(QString text)
{
    // Keeps names safe on every file system: letters, digits, dots, dashes.
    static const QRegularExpression unsafe(QStringLiteral("[^A-Za-z0-9._-]+"));
    return text.replace(unsafe, QStringLiteral("-"));
}

} // namespace

ExportActions::ExportActions(MainWindow* window, QMenu* fileMenu)
    : QObject(window)
    , m_window(window)
    , m_menu(fileMenu->addMenu(tr("&Export")))
    , m_current(queuesView)
{
    m_choosePath = [this](const QString& title, const QString& suggested, const QString& filter) {
        return QFileDialog::getSaveFileName(m_window, title, suggested, filter);
    };
    const QString png = tr("PNG images (*.png)");
    const QString svg = tr("SVG drawings (*.svg)");
    const QString csv = tr("CSV tables (*.csv)");
    m_menu->addAction(tr("Window as &PNG…"), this, [this, png] { exportTo({}, QStringLiteral("png"), png); });
    m_menu->addAction(tr("Window as &SVG…"), this, [this, svg] { exportTo({}, QStringLiteral("svg"), svg); });
    m_menu->addAction(tr("Window as PDF &Handout…"), this,
                      [this] { exportTo({}, QStringLiteral("pdf"), tr("PDF documents (*.pdf)")); });
    m_menu->addSeparator();
    m_viewPng = m_menu->addAction(tr("Current View as PNG…"), this, [this, png] { exportTo(m_current, QStringLiteral("png"), png); });
    m_viewSvg = m_menu->addAction(tr("Current View as SVG…"), this, [this, svg] { exportTo(m_current, QStringLiteral("svg"), svg); });
    m_menu->addSeparator();
    m_menu->addAction(tr("&Charts Data as CSV…"), this, [this, csv] { exportTo(QStringLiteral("charts"), QStringLiteral("csv"), csv); });
    m_menu->addAction(tr("Event &Log as CSV…"), this, [this, csv] { exportTo(QStringLiteral("eventlog"), QStringLiteral("csv"), csv); });
    connect(m_menu, &QMenu::aboutToShow, this, &ExportActions::updateTexts);
    updateTexts();

    // The view in use: the one with the focus, or the last one clicked (the inspector's text and the
    // charts take no focus from a click).
    connect(qApp, &QApplication::focusChanged, this, [this](QWidget*, QWidget* now) { noteUse(now); });
    qApp->installEventFilter(this);
}

ExportActions::~ExportActions()
{
    qApp->removeEventFilter(this);
}

bool ExportActions::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::MouseButtonPress && watched->isWidgetType())
        noteUse(static_cast<QWidget*>(watched));
    return false;
}

void ExportActions::noteUse(QWidget* widget)
{
    if (!widget)
        return;
    const QString name = exporting::viewNameOf(*m_window, widget);
    if (!name.isEmpty())
        m_current = name;
}

void ExportActions::updateTexts()
{
    const QString title = exporting::viewTitle(*m_window, m_current);
    m_viewPng->setText(tr("Current View (%1) as PNG…").arg(title));
    m_viewSvg->setText(tr("Current View (%1) as SVG…").arg(title));
}

QString ExportActions::suggestedPath(const QString& view, const QString& suffix) const
{
    const LoadedScenario* loaded = m_window->currentScenario();
    QStringList parts { loaded ? QFileInfo(loaded->path).completeBaseName() : QStringLiteral("kschedviz") };
    if (!view.isEmpty())
        parts << view;
    parts << format::virtualTime(m_window->viewState()->cursorTime());
    const QString directory = QSettings().value(directoryKey, QDir::homePath()).toString();
    return QDir(directory).filePath(fileFriendly(parts.join(QLatin1Char('-'))) + QLatin1Char('.') + suffix);
}

void ExportActions::exportTo(const QString& view, const QString& suffix, const QString& filter)
{
    const QString title = view.isEmpty() ? tr("Export the Window") : tr("Export %1").arg(exporting::viewTitle(*m_window, view));
    QString path = m_choosePath(title, suggestedPath(view, suffix), filter);
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty())
        path += QLatin1Char('.') + suffix;
    QSettings().setValue(directoryKey, QFileInfo(path).absolutePath());
    QString error;
    if (exporting::exportWindow(*m_window, path, view, &error)) {
        m_window->statusBar()->showMessage(tr("Saved %1").arg(QDir::toNativeSeparators(path)), 5000);
        return;
    }
    m_window->statusBar()->showMessage(error, 8000);
    if (!qEnvironmentVariableIsSet("KSV_NO_DIALOGS"))
        QMessageBox::warning(m_window, tr("Cannot export"), error);
}

} // namespace ksv
