#include "mainwindow.h"

#include "capacitypanel.h"
#include "comparecontrols.h"
#include "comparedattemptpane.h"
#include "splitview.h"

#include "scenario/effectiveconfig.h"

#include "chartsview.h"
#include "eventlogview.h"
#include "exportactions.h"
#include "format.h"
#include "heatmapview.h"
#include "connectdialog.h"
#include "kubeconfig.h"
#include "bookmarksdock.h"
#include "lessoncontrols.h"
#include "livemode.h"
#include "recentconnections.h"
#include "helpsheets.h"
#include "nodetablemodel.h"
#include "playbackcontroller.h"
#include "playbacktoolbar.h"
#include "presentation.h"
#include "podinspector.h"
#include "podstepactions.h"
#include "podtablemodel.h"
#include "queuelanesview.h"
#include "run.h"
#include "runpolicy.h"
#include "scenarioloadjob.h"
#include "language.h"
#include "theme.h"
#include "timelineview.h"
#include "viewstate.h"
#include "differencesdock.h"
#include "editdock.h"
#include "editsession.h"
#include "whatifcontrols.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QActionGroup>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPainter>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QStatusBar>
#include <QScreen>
#include <QScrollArea>
#include <QStackedWidget>
#include <QTableView>
#include <QThread>
#include <QTimer>
#include <QVBoxLayout>

namespace ksv {

namespace {
constexpr int maxRecentFiles = 8;
const QString recentFilesKey = QStringLiteral("recentFiles");
const char* const scenarioFilter = QT_TRANSLATE_NOOP("ksv::MainWindow", "Scenarios and manifests (*.yaml *.yml *.json);;All files (*)");
} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
    , m_loader(new ScenarioLoadJob(this))
    , m_viewState(new ViewState(this))
    , m_playback(new PlaybackController(m_viewState, this))
    , m_nodes(new NodeTableModel(this))
    , m_pods(new PodTableModel(this))
{
    setWindowTitle(tr("kschedviz"));
    setAcceptDrops(true);
    setDockNestingEnabled(true);

    m_toolBar = new PlaybackToolBar(m_playback, this);
    addToolBar(Qt::TopToolBarArea, m_toolBar);
    createDocks();
    m_lessons = new LessonControls(this, m_playback, m_heatmap, m_lanes, [this](const QString& path) { openScenario(path); });

    m_statusScenario = new QLabel(this);
    m_statusTime = new QLabel(this);
    m_statusQueues = new QLabel(this);
    statusBar()->addWidget(m_statusScenario, 1);
    statusBar()->addPermanentWidget(m_statusQueues);
    statusBar()->addPermanentWidget(m_statusTime);

    createMenus();
    connect(m_loader, &ScenarioLoadJob::loaded, this, &MainWindow::showLoaded);
    connect(m_loader, &ScenarioLoadJob::failed, this, &MainWindow::showLoadFailure);
    connect(m_playback, &PlaybackController::runChanged, this, &MainWindow::showRun);
    connect(m_viewState, &ViewState::cursorChanged, this, &MainWindow::updateStatus);
    m_nodesRefresh = new QTimer(this);
    m_nodesRefresh->setSingleShot(true);
    m_nodesRefresh->setInterval(150);
    connect(m_nodesRefresh, &QTimer::timeout, this, &MainWindow::refreshTables);
    // The tables follow the cursor while they are in sight, at most every 150 ms while it plays.
    connect(m_viewState, &ViewState::cursorChanged, this, [this] {
        if ((m_nodesShown || m_podsShown) && !m_nodesRefresh->isActive())
            m_nodesRefresh->start();
    });
    // Whether a table is in sight: a dock behind another tab of its group is still isVisible(), and
    // refreshing the Pods table of 150,000 pods there would be paid for nothing.
    for (QDockWidget* dock : {m_nodesDock, m_podsDock}) {
        connect(dock, &QDockWidget::visibilityChanged, this, [this, dock](bool visible) {
            (dock == m_nodesDock ? m_nodesShown : m_podsShown) = visible;
            if (visible)
                refreshTables();
        });
    }
    connect(m_playback, &PlaybackController::speedChanged, this, &MainWindow::updateStatus);
    connect(m_viewState, &ViewState::playingChanged, this, &MainWindow::updateStatus);
    connect(m_playback, &PlaybackController::failed, this, &MainWindow::showFailure);

    m_defaultLayout = saveState();
    QSettings settings;
    restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    if (!settings.contains(QStringLiteral("window/geometry"))) {
        // 1400x900 where the screen has room, else what it has (less a frame's worth).
        const QSize room = screen() ? screen()->availableGeometry().size() - QSize(16, 40) : QSize(1400, 900);
        resize(QSize(1400, 900).boundedTo(room));
    }
    if (!restoreState(settings.value(QStringLiteral("window/state")).toByteArray())) {
        // Dock sizes only take once the window has its size.
        QTimer::singleShot(0, this, &MainWindow::applyDefaultSizes);
    }
    updateStatus();
}

void MainWindow::createDocks()
{
    // The queue lanes are the heart of the window; the rest dock around them and can be rearranged,
    // closed and restored (the layout is saved on exit).
    m_lanes = new QueueLanesView(m_viewState, this);
    m_heatmap = new HeatmapView(m_viewState, this);
    m_inspector = new PodInspector(m_viewState, this);
    m_timeline = new TimelineView(m_viewState, this);
    m_eventLog = new EventLogView(m_viewState, this);
    // The views whose minimum sizes add up past a 1280x720 screen (or 1920x1080 at 150 %) scroll in
    // their docks when the window is smaller than they need: a dock then never draws over another,
    // and text keeps its size (issue 20: the heatmap's legend was drawn over the inspector's title).
    QDockWidget* heatmap = addDock(scrolling(m_heatmap), tr("Nodes Heatmap"), QStringLiteral("heatmapDock"), Qt::RightDockWidgetArea);
    QDockWidget* inspector = addDock(scrolling(m_inspector), tr("Pod Inspector"), QStringLiteral("inspectorDock"), Qt::RightDockWidgetArea);
    splitDockWidget(heatmap, inspector, Qt::Vertical);
    QDockWidget* timeline = addDock(scrolling(m_timeline), tr("Timeline"), QStringLiteral("timelineDock"), Qt::BottomDockWidgetArea);
    // Three charts need more height than the bottom docks get; scrolling keeps them from forcing
    // the window taller than the screen.
    m_charts = new ChartsView(m_viewState, this);
    QScrollArea* chartsArea = scrolling(m_charts);
    chartsArea->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    QDockWidget* charts = addDock(chartsArea, tr("Charts"), QStringLiteral("chartsDock"), Qt::BottomDockWidgetArea);
    QDockWidget* log = addDock(scrolling(m_eventLog), tr("Event Log"), QStringLiteral("eventLogDock"), Qt::BottomDockWidgetArea);
    QDockWidget* nodes = m_nodesDock = addDock(createTable(m_nodes, NodeTableModel::SortRole, NodeTableModel::FilterRole, tr("Filter nodes by name, zone or taint")),
                                 tr("Nodes"), QStringLiteral("nodesDock"), Qt::BottomDockWidgetArea);
    QDockWidget* pods = m_podsDock = addDock(createPodTable(), tr("Pods"), QStringLiteral("podsDock"), Qt::BottomDockWidgetArea);
    for (QDockWidget* dock : {charts, log, nodes, pods})
        tabifyDockWidget(timeline, dock);
    timeline->raise();
    // What-if editing: a tab behind the inspector, raised when an edit starts; the views' context
    // menus edit, clone or delete what is selected.
    m_whatIf = new WhatIfControls(this, m_playback, [this](std::shared_ptr<const LoadedScenario> edited) { showEdited(std::move(edited)); });
    // Scrolling as the views do, so that its controls never make the window larger than a 1280x720 screen.
    m_editDock = addDock(scrolling(m_whatIf->dock()), tr("What-if Editor"), QStringLiteral("editDock"), Qt::RightDockWidgetArea);
    tabifyDockWidget(inspector, m_editDock);
    inspector->raise();
    // The Differences of the edited run from the loaded one: a tab beside the timeline, computed
    // while it is in sight.
    QDockWidget* differences = addDock(m_whatIf->differences(), tr("Differences"), QStringLiteral("differencesDock"), Qt::BottomDockWidgetArea);
    tabifyDockWidget(timeline, differences);
    timeline->raise();
    connect(differences, &QDockWidget::visibilityChanged, m_whatIf, &WhatIfControls::setDifferencesShown);
    connect(m_whatIf, &WhatIfControls::dockWanted, this, [this] {
        m_editDock->show();
        m_editDock->raise();
    });
    for (QWidget* view : std::initializer_list<QWidget*> {m_lanes, m_heatmap, m_inspector}) {
        view->setContextMenuPolicy(Qt::ActionsContextMenu);
        view->addActions(m_whatIf->objectActions());
    }
    connect(m_viewState, &ViewState::cursorChanged, this, &MainWindow::restorePlace);

    // Side by side: the split view takes the lanes' place while a comparison is on, and the
    // Differences dock compares the pair shown.
    m_compare = new CompareControls(this, m_playback);
    auto* central = new QStackedWidget(this);
    central->addWidget(m_lanes);
    setCentralWidget(central);
    // The window's heatmap is the split view's left one: its dock steps aside while both runs show,
    // leaving the inspector (with the two runs' attempt) the right-hand side.
    connect(m_compare, &CompareControls::activeChanged, this, [this, central, heatmap, inspector, timeline](bool active) {
        if (active && central->indexOf(m_compare->splitView()) < 0) { // the first comparison made them
            central->addWidget(m_compare->splitView());
            m_inspector->addPane(m_compare->attemptPane(), tr("Both runs"));
            if (const std::optional<CapacityReport>& report = m_capacity->report()) // asked before they existed
                m_compare->splitView()->heatmapHere()->setCapacity(report->pod, copiesByNode(*report));
        }
        central->setCurrentWidget(active ? static_cast<QWidget*>(m_compare->splitView()) : m_lanes);
        m_inspector->setPaneShown(active);
        if (active) {
            m_heatmapDockWasShown = heatmap->isVisible();
            heatmap->hide();
            inspector->show();
            inspector->raise();
            resizeDocks({inspector}, {width() * 36 / 100}, Qt::Horizontal);
            // The two runs and the inspector's pane want the height more than the timeline's tabs do.
            resizeDocks({timeline}, {height() * 18 / 100}, Qt::Vertical);
        } else if (m_heatmapDockWasShown) {
            heatmap->show();
        }
    });
    connect(m_compare, &CompareControls::pairChanged, m_whatIf, &WhatIfControls::setComparedPair);
    connect(m_compare, &CompareControls::failed, this, [this](const QString& message) {
        statusBar()->showMessage(message, 10000);
        if (!qEnvironmentVariableIsSet("KSV_NO_DIALOGS"))
            QMessageBox::warning(this, tr("Cannot compare"), message);
    });

    // How many more of the selected pod fit: a tab behind the inspector, coloured on the heatmaps.
    m_capacity = new CapacityPanel(m_playback, this);
    QDockWidget* capacity = addDock(m_capacity, tr("How Many More Fit"), QStringLiteral("capacityDock"), Qt::RightDockWidgetArea);
    tabifyDockWidget(inspector, capacity);
    inspector->raise();
    connect(m_capacity, &CapacityPanel::started, this, [capacity] {
        capacity->show();
        capacity->raise();
    });
    connect(m_capacity, &CapacityPanel::estimated, m_heatmap, &HeatmapView::setCapacity);
    connect(m_capacity, &CapacityPanel::estimated, this, [this](const QString& pod, const QHash<QString, int>& copies) {
        if (SplitView* split = m_compare->splitView())
            split->heatmapHere()->setCapacity(pod, copies);
    });
    m_howManyMore = new QAction(tr("How Many More &Fit?"), this);
    m_howManyMore->setToolTip(tr("Schedule copies of the selected pod on the cluster at the cursor until one does not fit"));
    connect(m_howManyMore, &QAction::triggered, m_capacity, &CapacityPanel::estimateSelected);
    for (QWidget* view : std::initializer_list<QWidget*> {m_lanes, m_heatmap, m_inspector})
        view->addAction(m_howManyMore);
}

void MainWindow::showRun(Run* run)
{
    if (run) {
        connect(run, &Run::progressed, this, [this] {
            if (m_pendingPlace)
                updateStatus();
        });
    }
    m_nodesAtCursor.reset();
    m_pods->setRun(run ? &run->index() : nullptr);
    refreshTables();
    m_lanes->setRun(run);
    m_heatmap->setRun(run);
    m_inspector->setRun(run);
    m_timeline->setRun(run);
    m_charts->setRun(run);
    m_eventLog->setRun(run);
    m_lessons->setRun(run);
}

void MainWindow::applyDefaultSizes()
{
    // The lanes keep a little more than half the width; the heatmap sits above the inspector, which
    // gets the larger share for its table; the timeline and its tabs take a quarter of the height.
    // Where the window has room, each view gets at least its minimum size, so that it does not
    // scroll in its dock; on a small screen the shares stand and the views scroll.
    const auto dock = [this](const char* name) { return findChild<QDockWidget*>(QString::fromLatin1(name)); };
    const auto share = [](int total, int percent, int wanted, int most) { return std::max(total * percent / 100, std::min(wanted, most)); };
    const int chrome = 32; // a dock's title bar and frame
    const int right = share(width(), 45, std::max(m_inspector->minimumSizeHint().width(), m_heatmap->minimumSizeHint().width()),
                            width() - std::max(m_lanes->minimumSizeHint().width(), 640) - chrome); // the lanes keep room for names
    resizeDocks({dock("heatmapDock")}, {right}, Qt::Horizontal);
    const int heatmap = share(height(), 28, m_heatmap->minimumSizeHint().height() + chrome, height() * 35 / 100);
    const int inspector = share(height(), 42, m_inspector->minimumSizeHint().height() + chrome, height() * 45 / 100);
    resizeDocks({dock("heatmapDock"), dock("inspectorDock")}, {heatmap, inspector}, Qt::Vertical);
    resizeDocks({dock("timelineDock")}, {height() * 27 / 100}, Qt::Vertical);
}

QScrollArea* MainWindow::scrolling(QWidget* view)
{
    // Resizable: the view fills the dock when the dock is large enough, and scrolls when it is
    // smaller than the view's minimum size.
    auto* area = new QScrollArea(this);
    area->setWidget(view);
    area->setWidgetResizable(true);
    area->setFrameShape(QFrame::NoFrame);
    return area;
}

QDockWidget* MainWindow::addDock(QWidget* view, const QString& title, const QString& objectName, Qt::DockWidgetArea area)
{
    auto* dock = new QDockWidget(title, this);
    dock->setObjectName(objectName); // saveState() keys the layout by it
    dock->setWidget(view);
    addDockWidget(area, dock);
    m_docks.append(dock);
    return dock;
}

MainWindow::~MainWindow()
{
    delete m_live; // while the docks and the status bar it changed are still there
    // Docks hidden as the window goes say so; nothing of the window is left to hear it.
    for (QDockWidget* dock : {m_nodesDock, m_podsDock})
        dock->disconnect(this);
}

std::pair<QWidget*, QTableView*> MainWindow::tablePage(QAbstractItemModel* model, const QString& placeholder,
                                                      const std::function<void(const QString&)>& filterBy)
{
    auto* page = new QWidget(this);
    auto* layout = new QVBoxLayout(page);
    layout->setContentsMargins(4, 4, 4, 4);
    auto* filter = new QLineEdit(page);
    filter->setPlaceholderText(placeholder);
    filter->setClearButtonEnabled(true);
    connect(filter, &QLineEdit::textChanged, page, filterBy);
    auto* view = new QTableView(page);
    view->setModel(model);
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
    return {page, view};
}

QWidget* MainWindow::createTable(QAbstractItemModel* model, int sortRole, int filterRole, const QString& placeholder)
{
    auto* proxy = new QSortFilterProxyModel(this);
    proxy->setSourceModel(model);
    proxy->setSortRole(sortRole);
    proxy->setFilterRole(filterRole);
    proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    return tablePage(proxy, placeholder, [proxy](const QString& text) { proxy->setFilterFixedString(text); }).first;
}

QWidget* MainWindow::createPodTable()
{
    // The pod model sorts and filters itself (a proxy would read all 150,000 rows at each refresh).
    const auto [page, view] = tablePage(m_pods, tr("Filter pods by name, node or state"),
                                        [this](const QString& text) { m_pods->setFilterText(text); });
    view->setObjectName(QStringLiteral("podTable"));
    view->setToolTip(tr("Double-click a pod to select it in every view"));
    // Wide enough for "namespace/name-5d9f7c8b6-x2z9q"; sizing to contents would read every row.
    view->setColumnWidth(PodTableModel::PodColumn, view->fontMetrics().averageCharWidth() * 44);
    view->setColumnWidth(PodTableModel::NodeColumn, view->fontMetrics().averageCharWidth() * 28);
    connect(view, &QTableView::activated, this, [this](const QModelIndex& index) {
        if (m_playback->isLoaded() && index.isValid())
            selectPod(*m_viewState, m_playback->run(), m_pods->podAt(index.row()));
    });
    return page;
}

void MainWindow::createMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* open = file->addAction(tr("&Open Scenario…"), this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open Scenario"), QFileInfo(m_scenarioPath).absolutePath(), tr(scenarioFilter));
        if (!path.isEmpty())
            openScenario(path);
    });
    open->setShortcut(QKeySequence::Open);
    file->addAction(tr("Open Scheduler &Configuration…"), this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open KubeSchedulerConfiguration"), {}, tr(scenarioFilter));
        if (!path.isEmpty())
            openSchedulerConfig(path);
    });
    // The version the run models (docs/versions.md): the scenario's, or one chosen here.
    QMenu* versions = file->addMenu(tr("&Kubernetes Version"));
    m_versionActions = new QActionGroup(this);
    const auto addVersion = [this, versions](const QString& text, std::optional<version::KubeVersion> version) {
        QAction* action = versions->addAction(text);
        action->setCheckable(true);
        action->setChecked(!version);
        action->setData(version ? version->toString() : QString());
        m_versionActions->addAction(action);
        connect(action, &QAction::triggered, this, [this, version] { setKubernetesVersion(version); });
    };
    addVersion(tr("As the Scenario Says"), std::nullopt);
    versions->addSeparator();
    for (const version::KubeVersion version : version::modelledVersions)
        addVersion(version.toString(), version);
    QAction* reload = file->addAction(tr("&Reload"), this, [this] {
        if (!m_scenarioPath.isEmpty())
            openScenario(m_scenarioPath);
    });
    // Not QKeySequence::Refresh: on Linux that is F5 too, and F5 is presentation mode.
    reload->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    updateRecentMenu();
    file->addSeparator();
    QAction* connectAction = file->addAction(tr("Connect to &Cluster…"), this, [this] { showConnectDialog(); });
    connectAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_K));
    m_recentConnectionsMenu = file->addMenu(tr("Recent Co&nnections"));
    updateRecentConnectionsMenu();
    file->addSeparator();
    auto* exports = new ExportActions(this, file); // File > Export (ui/export)
    m_lessons->addHandoutActions(exports->menu());
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), qApp, &QApplication::closeAllWindows);
    quit->setShortcut(QKeySequence::Quit);

    menuBar()->addMenu(m_whatIf->createMenu(this));
    QMenu* compareMenu = m_compare->createMenu(this);
    compareMenu->addSeparator();
    compareMenu->addAction(m_howManyMore);
    menuBar()->addMenu(compareMenu);

    QMenu* playbackMenu = menuBar()->addMenu(tr("&Playback"));
    for (QAction* action : m_toolBar->menuActions()) {
        if (action)
            playbackMenu->addAction(action);
        else
            playbackMenu->addSeparator();
    }
    playbackMenu->addSeparator();
    playbackMenu->addAction(m_viewState->action(ViewState::Back));
    playbackMenu->addAction(m_viewState->action(ViewState::Forward));
    // The selected pod's steps (issue 20, findings 9 and 10): in the menu, on window-wide keys, and
    // first in the timeline's context menu.
    auto* podSteps = new PodStepActions(m_playback, this);
    playbackMenu->addSeparator();
    playbackMenu->addActions(podSteps->actions());
    addActions(podSteps->actions());
    m_timeline->setContextActions(podSteps->actions());

    m_viewMenu = menuBar()->addMenu(tr("&View"));
    for (QDockWidget* dock : std::as_const(m_docks))
        m_viewMenu->addAction(dock->toggleViewAction());
    m_viewMenu->addAction(m_lessons->bookmarksDock()->toggleViewAction());
    m_viewMenu->addAction(m_toolBar->toggleViewAction());
    m_viewMenu->addSeparator();
    m_viewMenu->addAction(m_lessons->presentation()->action());
    m_viewMenu->addAction(m_lessons->bookmarks()->addAction());
    QAction* darkProjector = m_viewMenu->addAction(tr("Dark Projector Colours"));
    darkProjector->setCheckable(true);
    connect(darkProjector, &QAction::toggled, m_lessons->presentation(), &Presentation::setDark);
    connect(m_lessons->presentation(), &Presentation::activeChanged, darkProjector, [this, darkProjector] {
        const QSignalBlocker blocker(darkProjector);
        darkProjector->setChecked(m_lessons->presentation()->isDark());
    });
    QMenu* themes = m_viewMenu->addMenu(tr("&Theme"));
    auto* themeGroup = new QActionGroup(this);
    for (const theme::Theme choice : {theme::Theme::System, theme::Theme::Light, theme::Theme::Dark}) {
        QAction* action = themes->addAction(theme::name(choice), this, [choice] {
            theme::apply(choice);
            theme::save(choice);
        });
        action->setCheckable(true);
        action->setChecked(theme::saved() == choice);
        themeGroup->addAction(action);
    }
    // Applied at the next start: a live switch would have to retranslate every view, dock and model.
    QMenu* languages = m_viewMenu->addMenu(tr("&Language"));
    auto* languageGroup = new QActionGroup(this);
    for (const language::Language choice : {language::Language::System, language::Language::English, language::Language::SimplifiedChinese}) {
        QAction* action = languages->addAction(language::name(choice), this, [this, choice] {
            language::save(choice);
            statusBar()->showMessage(tr("The language changes when kschedviz starts again."), 10'000);
        });
        action->setCheckable(true);
        action->setChecked(language::saved() == choice);
        languageGroup->addAction(action);
    }
    m_viewMenu->addAction(tr("Restore &Default Layout"), this, [this] {
        restoreState(m_defaultLayout);
        for (QDockWidget* dock : std::as_const(m_docks))
            dock->show();
        applyDefaultSizes();
    });

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    QAction* shortcuts = help->addAction(tr("&Keyboard Shortcuts"), this, [this] { help::showShortcutSheet(this); });
    shortcuts->setShortcuts({QKeySequence(Qt::Key_Question), QKeySequence(Qt::SHIFT | Qt::Key_Question)});
    help->addAction(tr("&Guide to the Views"), this, [this] { help::showViewGuide(this); });
    help->addMenu(m_lessons->createLessonsMenu(help));
    help->addSeparator();
    help->addAction(tr("&About kschedviz"), this, [this] {
        QMessageBox::about(this, tr("About kschedviz"),
                           tr("<b>kschedviz %1</b><p>Watch kube-scheduler think: a re-implementation of the Kubernetes "
                              "scheduler pipeline, step by step, as %2 run it.</p>")
                               .arg(QApplication::applicationVersion(), version::modelledList()));
    });
}

void MainWindow::openScenario(const QString& path)
{
    leaveLiveMode(); // a file replaces the cluster on screen
    m_scenarioPath = path;
    m_statusScenario->setText(tr("Loading %1…").arg(QFileInfo(path).fileName()));
    m_loader->load(path, m_configPath, m_versionChoice);
}

void MainWindow::setKubernetesVersion(std::optional<version::KubeVersion> version)
{
    m_versionChoice.version = version;
    updateVersionMenu();
    if (m_scenarioPath.isEmpty() || !m_current)
        return;
    m_placeAfterLoad = placeNow();
    openScenario(m_scenarioPath);
}

void MainWindow::updateVersionMenu()
{
    if (!m_versionActions)
        return;
    const QString chosen = m_versionChoice.version ? m_versionChoice.version->toString() : QString();
    for (QAction* action : m_versionActions->actions()) {
        action->setChecked(action->data().toString() == chosen);
        // The first entry names what the scenario says, once one is loaded.
        if (action->data().toString().isEmpty() && m_current) {
            const version::KubeVersion own = m_current->scenario->kubernetesVersion.value_or(version::defaultVersion);
            action->setText(tr("As the Scenario Says (%1)").arg(own.toString()));
        }
    }
}

MainWindow::Place MainWindow::placeNow() const
{
    // The same place in another run, by name (catalogue ids are per run) and by virtual time.
    Place place {m_viewState->cursorTime(), {}, {}};
    if (const Run* run = m_playback->run()) {
        const trace::ReplayCatalogue& catalogue = run->index().catalogue();
        if (m_viewState->selectedPod() >= 0)
            place.pod = catalogue.podKey(m_viewState->selectedPod());
        if (m_viewState->selectedNode() >= 0)
            place.node = catalogue.nodeName(m_viewState->selectedNode());
    }
    return place;
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
    m_pendingPlace.reset();
    m_whatIf->setBase(m_current, m_configPath);
    updateVersionMenu();
    showScenarioStatus();
    startRun();
    m_compare->setShown(m_current, m_current, tr("the scenario as loaded"));
    m_capacity->setScenario(m_current);
    if (!m_current->path.startsWith(QLatin1Char(':')))
        addRecentFile(m_current->path);
    // Another version of the same scenario: back to where the user was.
    if (m_placeAfterLoad) {
        m_pendingPlace = m_placeAfterLoad;
        m_placeAfterLoad.reset();
        if (m_pendingPlace->time > 0)
            m_playback->seek(m_pendingPlace->time);
        updateStatus();
        restorePlace();
    }
    Q_EMIT scenarioLoaded();
}

void MainWindow::startRun()
{
    // A new run of m_current, paused at its start: the user presses play (or steps) when ready.
    m_playback->load(m_current->scenario, m_current->configuration,
                     defaultRunOptions(m_current->configuration, QThread::idealThreadCount()), m_current->catalogue);
}

void MainWindow::showScenarioStatus()
{
    const Scenario& scenario = *m_current->scenario;
    const QString kubernetes = m_current->configuration.features.version.toString();
    setWindowTitle(tr("%1 — Kubernetes %2 — kschedviz").arg(scenario.name, kubernetes));
    // The run calls the configuration's extenders over HTTP: said where the scenario is named, with
    // their URLs in the tooltip, since a slow or broken one changes every attempt.
    QStringList extenderUrls;
    for (const config::Extender& extender : m_current->configuration.extenders)
        extenderUrls.append(extender.urlPrefix);
    const int edits = m_whatIf->editCount();
    m_statusScenario->setText(tr("%1 (Kubernetes %2, seed %3)%4%5%6%7")
                                  .arg(QFileInfo(m_current->path).fileName(), kubernetes)
                                  .arg(scenario.seed)
                                  .arg(edits > 0 ? tr(" — edited (%n change(s))", nullptr, edits) : QString())
                                  .arg(m_current->warnings.isEmpty() ? QString() : tr(" — %n object(s) skipped", nullptr, int(m_current->warnings.size())))
                                  .arg(extenderUrls.isEmpty() ? QString() : tr(" — %n extender(s)", nullptr, int(extenderUrls.size())))
                                  .arg(m_current->versionWarning.isEmpty() ? QString() : tr(" — ⚠ modelled in part")));
    // The engine's sentence stays in English, as the command line prints it.
    m_statusScenario->setToolTip(((extenderUrls.isEmpty() ? QStringList() : QStringList {tr("Extenders: %1").arg(extenderUrls.join(QStringLiteral(", ")))})
                                  + (m_current->versionWarning.isEmpty() ? QStringList() : QStringList {m_current->versionWarning})
                                  + m_current->warnings)
                                     .join(QLatin1Char('\n')));
}

void MainWindow::showEdited(std::shared_ptr<const LoadedScenario> edited)
{
    const Place place = placeNow();
    m_current = std::move(edited);
    showScenarioStatus();
    startRun();
    const int edits = m_whatIf->editCount();
    // Every edit undone: nothing is before the run here, whatever the session's pointers.
    m_compare->setShown(m_current, edits > 0 ? m_whatIf->session()->base() : m_current,
                        edits > 0 ? tr("the scenario with %n edit(s)", nullptr, edits) : tr("the scenario as loaded"));
    m_capacity->setScenario(m_current);
    m_pendingPlace = place;
    if (place.time > 0)
        m_playback->seek(place.time);
    updateStatus();
    restorePlace();
}

void MainWindow::restorePlace()
{
    if (!m_pendingPlace || !m_playback->run())
        return;
    if (m_viewState->cursorTime() < m_pendingPlace->time && !m_playback->isFinished())
        return; // the new run is still on its way to the time
    const Place place = *m_pendingPlace;
    m_pendingPlace.reset();
    updateStatus();
    const Run* run = m_playback->run();
    const trace::ReplayCatalogue& catalogue = run->index().catalogue();
    // The pod with its latest cycle at the cursor, as a click selects it; a pod the edit removed
    // selects nothing.
    if (const qint32 pod = place.pod.isEmpty() ? -1 : catalogue.podIndex(place.pod); pod >= 0)
        selectPod(*m_viewState, run, pod, false);
    else if (const qint32 node = place.node.isEmpty() ? -1 : catalogue.nodeIndex(place.node); node >= 0)
        selectNode(*m_viewState, run, node, false);
    Q_EMIT editedRunShown();
}

void MainWindow::showLoadFailure(const QString& path, const QString& message)
{
    // The run on screen stays: say so, or the previous scenario's views look like the failed one's
    // (issue 20, finding 15). The error itself stays at hand in the tooltip once the dialog is gone.
    const QString failed = QFileInfo(path).fileName();
    m_statusScenario->setText(m_current ? tr("Could not load %1 — still showing %2").arg(failed, QFileInfo(m_current->path).fileName())
                                        : tr("Could not load %1").arg(failed));
    m_statusScenario->setToolTip(message);
    Q_EMIT scenarioFailed(message);
    if (!qEnvironmentVariableIsSet("KSV_NO_DIALOGS"))
        QMessageBox::critical(this, tr("Cannot load scenario"), message);
}

void MainWindow::showFailure(const QString& message)
{
    // The engine stopped (a configuration it could not run): what it published stays on screen.
    m_statusScenario->setText(tr("The run stopped: %1").arg(message.section(QLatin1Char('\n'), 0, 0)));
    m_statusScenario->setToolTip(message);
    Q_EMIT scenarioFailed(message);
    if (!qEnvironmentVariableIsSet("KSV_NO_DIALOGS"))
        QMessageBox::critical(this, tr("The run stopped"), message);
}

void MainWindow::updateStatus()
{
    using trace::PodLocation;
    if (m_pendingPlace && m_playback->run()) {
        // An edit's rerun on its way back to the cursor's time: seconds on a large scenario, during
        // which the cursor stands still; the engine's progress says it is not stuck.
        m_statusTime->setText(tr("rerunning to %1 · the engine at %2")
                                  .arg(format::virtualTime(m_pendingPlace->time), format::virtualTime(m_playback->run()->engineTime())));
        return;
    }
    m_statusTime->setText(tr("%1 · %2%3")
                              .arg(format::virtualTime(m_viewState->cursorTime(), format::microsecondDigits),
                                   PlaybackToolBar::speedText(m_playback->speed()),
                                   m_playback->isPlaying() ? tr(" · playing")
                                       : m_playback->isFinished() ? tr(" · finished")
                                                                  : tr(" · paused")));
    if (!m_playback->isLoaded()) {
        m_statusQueues->clear();
        return;
    }
    const trace::ReplayState& state = m_playback->run()->state();
    // The lanes' own names and counts, so that the two never disagree (a gang waiting on Permit
    // once read "binding 9" here and "Waiting on Permit 9, Binding 0" in the lanes).
    m_statusQueues->setText(tr("active %L1 · backoff %L2 · unschedulable %L3 · gated %L4 · waiting on Permit %L5 · binding %L6 · bound %L7")
                                .arg(state.count(PodLocation::Active))
                                .arg(state.count(PodLocation::Backoff))
                                .arg(state.count(PodLocation::Unschedulable))
                                .arg(state.count(PodLocation::Gated))
                                .arg(state.count(PodLocation::WaitingOnPermit))
                                .arg(state.count(PodLocation::Binding))
                                .arg(state.count(PodLocation::Bound)));
}

void MainWindow::refreshTables()
{
    m_nodesRefresh->stop();
    const Run* run = m_playback->run();
    if (m_nodesShown)
        m_nodes->setRows(run ? m_nodesAtCursor.rows(run->index(), run->state()) : QList<NodeRow> {});
    if (run && m_podsShown)
        m_pods->refresh(run->state());
}

void MainWindow::selectMostRetriedPod()
{
    if (!m_playback->isLoaded())
        return;
    const auto& pods = m_playback->run()->state().pods;
    qint32 best = -1;
    for (size_t pod = 0; pod < pods.size(); ++pod) {
        if (best < 0 || pods[pod].attempts > pods[size_t(best)].attempts)
            best = qint32(pod);
    }
    if (best >= 0 && pods[size_t(best)].attempts > 0)
        selectPod(*m_viewState, m_playback->run(), best);
}

bool MainWindow::saveScreenshots(const QString& directory)
{
    QDir().mkpath(directory);
    QApplication::processEvents();
    bool ok = grab().save(QDir(directory).filePath(QStringLiteral("window.png")));
    ok = centralWidget()->grab().save(QDir(directory).filePath(QStringLiteral("view-queues.png"))) && ok;
    for (QDockWidget* dock : std::as_const(m_docks)) {
        // Each dock on its own, raised and at a readable size.
        const bool floating = dock->isFloating();
        dock->show();
        dock->raise();
        QApplication::processEvents();
        QWidget* view = dock->widget();
        if (auto* area = qobject_cast<QScrollArea*>(view))
            view = area->widget();
        const QSize size = view->size();
        // Grabbed at once after the resize, before the dock's layout puts the old size back.
        if (size.width() < 900 || size.height() < 420)
            view->resize(std::max(size.width(), 900), std::max(size.height(), 420));
        const QString name = dock->objectName().remove(QStringLiteral("Dock")).toLower();
        ok = view->grab().save(QDir(directory).filePath(QStringLiteral("view-") + name + QStringLiteral(".png"))) && ok;
        view->resize(size);
        dock->setFloating(floating);
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

void MainWindow::updateRecentConnectionsMenu()
{
    m_recentConnectionsMenu->clear();
    const QList<RecentConnection> recent = recentConnections();
    for (const RecentConnection& connection : recent) {
        QAction* action = m_recentConnectionsMenu->addAction(connection.label(), this,
                                                             [this, connection] { openCluster(connection.kubeconfig, connection.context); });
        action->setToolTip(connection.kubeconfig.isEmpty() ? tr("the default kubeconfig") : connection.kubeconfig);
    }
    m_recentConnectionsMenu->setEnabled(!recent.isEmpty());
}

void MainWindow::showConnectDialog(const QString& kubeconfig)
{
    ConnectDialog dialog(this);
    const QString file = kubeconfig.isEmpty() ? m_lastKubeconfig : kubeconfig;
    if (!file.isEmpty())
        dialog.setKubeconfig(file);
    if (dialog.exec() == QDialog::Accepted)
        openCluster(dialog.kubeconfig(), dialog.context());
}

void MainWindow::openCluster(const QString& kubeconfig, const QString& context)
{
    m_lastKubeconfig = kubeconfig;
    QString message;
    auto* live = LiveMode::connect(*this, kubeconfig, context, &message);
    if (!live && context.isEmpty() && !qEnvironmentVariableIsSet("KSV_NO_DIALOGS")) {
        // The file names no current context: the user picks one from it, as kubectl's users pass
        // --context. (Any other failure is said below, with its file and field.)
        bool pick = false;
        try {
            const client::KubeconfigContexts found = client::listContexts(client::KubeconfigOptions::fromEnvironment(kubeconfig));
            pick = found.current.isEmpty() && !found.contexts.isEmpty();
        } catch (const LoadError&) {
        }
        if (pick) {
            showConnectDialog(kubeconfig);
            return;
        }
    }
    if (!live) {
        m_statusScenario->setText(tr("Could not connect to %1").arg(context.isEmpty() ? tr("the current context") : context));
        m_statusScenario->setToolTip(message);
        Q_EMIT clusterFailed(message);
        if (!qEnvironmentVariableIsSet("KSV_NO_DIALOGS"))
            QMessageBox::critical(this, tr("Cannot connect"), message);
        return;
    }
    leaveLiveMode();
    m_live = live;
    m_whatIf->setEnabled(false); // a live cluster is read, never edited; Freeze gives a scenario to edit
    m_compare->setEnabled(false);
    m_howManyMore->setEnabled(false); // each snapshot is a new run, which forgets the answer at once
    connect(m_live, &LiveMode::disconnectRequested, this, &MainWindow::leaveLiveMode);
    // The live view is the cluster now: no virtual time to play or read (Freeze gives it).
    m_toolBar->hide();
    m_statusTime->hide();
    addRecentConnection({kubeconfig, m_live->contextName()});
    updateRecentConnectionsMenu();
    setContentsMargins(4, 4, 4, 4); // room for the live frame (paintEvent)
    update();
}

void MainWindow::leaveLiveMode()
{
    if (!m_live)
        return;
    m_live->close();
    m_live->deleteLater();
    m_live = nullptr;
    m_whatIf->setEnabled(true);
    m_compare->setEnabled(true);
    m_howManyMore->setEnabled(true);
    m_toolBar->show();
    m_statusTime->show();
    setContentsMargins(0, 0, 0, 0);
    update();
}

void MainWindow::showSnapshot(std::shared_ptr<const LoadedScenario> snapshot, const std::shared_ptr<PreparedRun>& prepared)
{
    // The same pod stays selected across snapshots, by name: catalogue ids are per snapshot.
    QString selected;
    if (const Run* run = m_playback->run(); run && m_viewState->selectedPod() >= 0)
        selected = run->catalogue()->podKey(m_viewState->selectedPod());
    m_current = std::move(snapshot);
    m_statusScenario->setText(m_current->path);
    m_statusScenario->setToolTip(m_current->warnings.join(QLatin1Char('\n')));
    m_playback->adopt(prepared);
    // What Compare and How Many More Fit start from once live mode ends and the last snapshot stays.
    m_compare->setShown(m_current, m_current, tr("the cluster's snapshot"));
    m_capacity->setScenario(m_current);
    if (!selected.isEmpty()) {
        if (const qint32 pod = m_playback->run()->catalogue()->podIndex(selected); pod >= 0)
            selectPod(*m_viewState, m_playback->run(), pod, false);
    }
    Q_EMIT scenarioLoaded();
}

MainWindow* MainWindow::openInNewWindow(std::shared_ptr<const LoadedScenario> loaded, const QString& selectPodKey, bool play)
{
    auto* window = new MainWindow;
    window->setAttribute(Qt::WA_DeleteOnClose);
    if (!selectPodKey.isEmpty() || play) {
        connect(window, &MainWindow::scenarioLoaded, window, [window, selectPodKey, play] {
            PlaybackController* playback = window->playback();
            if (play) {
                playback->setSpeed(0);
                playback->play();
            }
            if (const qint32 pod = playback->run()->catalogue()->podIndex(selectPodKey); pod >= 0)
                selectPod(*window->viewState(), playback->run(), pod);
        }, Qt::SingleShotConnection);
    }
    window->showLoaded(std::move(loaded));
    window->show();
    return window;
}

void MainWindow::addViewDock(QDockWidget* dock, Qt::DockWidgetArea area)
{
    addDockWidget(area, dock);
    m_docks.append(dock); // saveScreenshots() takes it too
    m_viewMenu->addAction(dock->toggleViewAction());
}

void MainWindow::removeViewDock(QDockWidget* dock)
{
    m_docks.removeOne(dock);
    m_viewMenu->removeAction(dock->toggleViewAction());
    removeDockWidget(dock);
}

void MainWindow::paintEvent(QPaintEvent* event)
{
    QMainWindow::paintEvent(event);
    if (!m_live)
        return;
    // A frame in the live colour all round the window: a live cluster is never mistaken for a scenario.
    QPainter painter(this);
    const QMargins margins = contentsMargins();
    const QRect all = rect();
    const QColor colour = m_live->frameColour();
    painter.fillRect(QRect(all.left(), all.top(), all.width(), margins.top()), colour);
    painter.fillRect(QRect(all.left(), all.bottom() - margins.bottom() + 1, all.width(), margins.bottom()), colour);
    painter.fillRect(QRect(all.left(), all.top(), margins.left(), all.height()), colour);
    painter.fillRect(QRect(all.right() - margins.right() + 1, all.top(), margins.right(), all.height()), colour);
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
    m_playback->pause();
    leaveLiveMode();
    m_lessons->presentation()->setActive(false); // the layout saved is the window's own, not the room's
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    QMainWindow::closeEvent(event);
}

} // namespace ksv
