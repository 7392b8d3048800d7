#include "mainwindow.h"

#include "nodetablemodel.h"
#include "podtablemodel.h"
#include "scenarioloadjob.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDragEnterEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

namespace ksv {

namespace {
constexpr int maxRecentFiles = 8;
const QString recentFilesKey = QStringLiteral("recentFiles");
const QString scenarioFilter = QStringLiteral("Scenarios and manifests (*.yaml *.yml *.json);;All files (*)");
} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
    , m_loader(new ScenarioLoadJob(this))
    , m_nodes(new NodeTableModel(this))
    , m_pods(new PodTableModel(this))
{
    setWindowTitle(tr("kschedviz"));
    setAcceptDrops(true);

    m_tabs = new QTabWidget(this);
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(createTable(m_nodes, NodeTableModel::SortRole, NodeTableModel::FilterRole, tr("Filter nodes by name, zone or taint")),
                   tr("Nodes"));
    m_tabs->addTab(createTable(m_pods, PodTableModel::SortRole, PodTableModel::FilterRole, tr("Filter pods by name, node or phase")),
                   tr("Pods"));
    setCentralWidget(m_tabs);

    m_statusScenario = new QLabel(this);
    m_statusCounts = new QLabel(this);
    statusBar()->addWidget(m_statusScenario, 1);
    statusBar()->addPermanentWidget(m_statusCounts);

    createMenus();
    connect(m_loader, &ScenarioLoadJob::loaded, this, &MainWindow::showLoaded);
    connect(m_loader, &ScenarioLoadJob::failed, this, [this](const QString&, const QString& message) { showFailure(message); });

    QSettings settings;
    restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    if (!settings.contains(QStringLiteral("window/geometry")))
        resize(1200, 760);
}

MainWindow::~MainWindow() = default;

QWidget* MainWindow::createTable(QAbstractItemModel* model, int sortRole, int filterRole, const QString& placeholder)
{
    auto* page = new QWidget(this);
    auto* layout = new QVBoxLayout(page);
    layout->setContentsMargins(4, 4, 4, 4);
    auto* filter = new QLineEdit(page);
    filter->setPlaceholderText(placeholder);
    filter->setClearButtonEnabled(true);
    auto* proxy = new QSortFilterProxyModel(page);
    proxy->setSourceModel(model);
    proxy->setSortRole(sortRole);
    proxy->setFilterRole(filterRole);
    proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    connect(filter, &QLineEdit::textChanged, proxy, &QSortFilterProxyModel::setFilterFixedString);
    auto* view = new QTableView(page);
    view->setModel(proxy);
    view->setSortingEnabled(true);
    view->sortByColumn(0, Qt::AscendingOrder);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setAlternatingRowColors(true);
    view->verticalHeader()->hide();
    // Uniform rows keep a 150,000-row table fast: no per-row size hints are computed.
    view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 6);
    view->setWordWrap(false);
    view->horizontalHeader()->setStretchLastSection(true);
    view->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    view->horizontalHeader()->setDefaultSectionSize(160);
    layout->addWidget(filter);
    layout->addWidget(view);
    return page;
}

void MainWindow::createMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* open = file->addAction(tr("&Open Scenario…"), this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open Scenario"), QFileInfo(m_scenarioPath).absolutePath(), scenarioFilter);
        if (!path.isEmpty())
            openScenario(path);
    });
    open->setShortcut(QKeySequence::Open);
    file->addAction(tr("Open Scheduler &Configuration…"), this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open KubeSchedulerConfiguration"), {}, scenarioFilter);
        if (!path.isEmpty())
            openSchedulerConfig(path);
    });
    QAction* reload = file->addAction(tr("&Reload"), this, [this] {
        if (!m_scenarioPath.isEmpty())
            openScenario(m_scenarioPath);
    });
    reload->setShortcut(QKeySequence::Refresh);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    updateRecentMenu();
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), qApp, &QApplication::closeAllWindows);
    quit->setShortcut(QKeySequence::Quit);

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About kschedviz"), this, [this] {
        QMessageBox::about(this, tr("About kschedviz"),
                           tr("<b>kschedviz %1</b><p>Watch kube-scheduler think: a re-implementation of the Kubernetes "
                              "v1.32 scheduler pipeline, step by step.</p>")
                               .arg(QApplication::applicationVersion()));
    });
}

void MainWindow::openScenario(const QString& path)
{
    m_scenarioPath = path;
    m_statusScenario->setText(tr("Loading %1…").arg(QFileInfo(path).fileName()));
    m_loader->load(path, m_configPath);
}

void MainWindow::openSchedulerConfig(const QString& path)
{
    m_configPath = path;
    if (!m_scenarioPath.isEmpty())
        openScenario(m_scenarioPath);
}

void MainWindow::showLoaded(std::shared_ptr<const LoadedScenario> result)
{
    m_current = std::move(result);
    const Scenario& scenario = *m_current->scenario;
    m_nodes->setRows(m_current->summary.nodes);
    m_pods->setRows(m_current->summary.pods);
    setWindowTitle(tr("%1 — kschedviz").arg(scenario.name));
    m_statusScenario->setText(tr("%1 (seed %2)%3")
                                  .arg(QFileInfo(m_current->path).fileName())
                                  .arg(scenario.seed)
                                  .arg(m_current->warnings.isEmpty() ? QString() : tr(" — %n object(s) skipped", nullptr, int(m_current->warnings.size()))));
    m_statusScenario->setToolTip(m_current->warnings.join(QLatin1Char('\n')));
    m_statusCounts->setText(tr("%1 nodes · %2 pods bound · %3 pending · %4 events")
                                .arg(m_current->summary.nodes.size())
                                .arg(m_current->summary.boundPods)
                                .arg(m_current->summary.pendingPods)
                                .arg(scenario.events.size()));
    if (!m_current->path.startsWith(QLatin1Char(':')))
        addRecentFile(m_current->path);
    Q_EMIT scenarioLoaded();
}

void MainWindow::showFailure(const QString& message)
{
    m_statusScenario->setText(tr("Could not load the scenario"));
    Q_EMIT scenarioFailed(message);
    // The app keeps running with whatever it showed before.
    if (!qEnvironmentVariableIsSet("KSV_NO_DIALOGS"))
        QMessageBox::critical(this, tr("Cannot load scenario"), message);
}

bool MainWindow::saveScreenshots(const QString& directory)
{
    QDir().mkpath(directory);
    bool ok = true;
    for (int i = 0; i < m_tabs->count(); ++i) {
        m_tabs->setCurrentIndex(i);
        QApplication::processEvents();
        const QString name = m_tabs->tabText(i).toLower().remove(QLatin1Char('&'));
        ok = grab().save(QDir(directory).filePath(QStringLiteral("window-") + name + QStringLiteral(".png"))) && ok;
    }
    return ok;
}

void MainWindow::addRecentFile(const QString& path)
{
    QSettings settings;
    QStringList recent = settings.value(recentFilesKey).toStringList();
    const QString absolute = QFileInfo(path).absoluteFilePath();
    recent.removeAll(absolute);
    recent.prepend(absolute);
    settings.setValue(recentFilesKey, recent.mid(0, maxRecentFiles));
    updateRecentMenu();
}

void MainWindow::updateRecentMenu()
{
    m_recentMenu->clear();
    const QStringList recent = QSettings().value(recentFilesKey).toStringList();
    for (const QString& path : recent)
        m_recentMenu->addAction(QFileInfo(path).fileName(), this, [this, path] { openScenario(path); })->setToolTip(path);
    m_recentMenu->setEnabled(!recent.isEmpty());
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    if (event->mimeData()->hasUrls())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event)
{
    const auto urls = event->mimeData()->urls();
    if (!urls.isEmpty() && urls.constFirst().isLocalFile())
        openScenario(urls.constFirst().toLocalFile());
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    QMainWindow::closeEvent(event);
}

} // namespace ksv
