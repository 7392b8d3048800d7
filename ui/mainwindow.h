#pragma once

#include "nodesatcursor.h"
#include "scenario/effectiveconfig.h"
#include "scenario/scenario.h"

#include <QMainWindow>

#include <functional>
#include <utility>

#include <memory>
#include <optional>

class QDockWidget;
class QLabel;
class QAbstractItemModel;
class QAction;
class QActionGroup;
class QMenu;
class QScrollArea;
class QTableView;
class QTimer;

namespace ksv {

struct LoadedScenario;
class CapacityPanel;
class ChartsView;
class CompareControls;
class EventLogView;
class HeatmapView;
class LessonControls;
class LiveMode;
class NodeTableModel;
class PlaybackController;
class PlaybackToolBar;
class PodInspector;
class PodTableModel;
struct PreparedRun;
class QueueLanesView;
class Run;
class ScenarioLoadJob;
class TimelineView;
class ViewState;
class WhatIfControls;

// Wires the docks together: what they show lives in their models and views, the cursor and the
// selection in a ViewState, playing in a PlaybackController, loading in ScenarioLoadJob, how a run is
// started in runpolicy.h.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    void openScenario(const QString& path);
    void openSchedulerConfig(const QString& path);
    const LoadedScenario* currentScenario() const { return m_current.get(); }
    PlaybackController* playback() const { return m_playback; }
    ViewState* viewState() const { return m_viewState; }
    // Saves DIR/window.png and DIR/view-<name>.png for every dock; false if a file could not be written.
    bool saveScreenshots(const QString& directory);
    // For screenshots and presenters: selects the pod with the most attempts at the cursor.
    void selectMostRetriedPod();

    // Live mode (ui/live/livemode.h): the window shows a cluster, read-only, through a LiveMode it
    // owns. `kubeconfig` empty: $KUBECONFIG, else ~/.kube/config, as kubectl reads them.
    void openCluster(const QString& kubeconfig, const QString& context);
    // File > Connect to Cluster…: the contexts of `kubeconfig` (empty: the last one used, else
    // kubectl's search).
    void showConnectDialog(const QString& kubeconfig = {});
    LiveMode* liveMode() const { return m_live; }
    // Lessons, the caption bar and presentation mode (ui/lesson/lessoncontrols.h).
    LessonControls* lessons() const { return m_lessons; }
    // A snapshot from live mode, prepared on the feed's thread: as a loaded scenario, but the selected
    // pod stays selected and no recent file is added.
    void showSnapshot(std::shared_ptr<const LoadedScenario> snapshot, const std::shared_ptr<PreparedRun>& prepared);
    // What-if edits (ui/whatif): the Edit menu, the What-if Editor dock and the session of edits.
    WhatIfControls* whatIf() const { return m_whatIf; }
    // Two runs side by side (ui/compare): the Compare menu, the split view, the inspector's pane.
    CompareControls* compare() const { return m_compare; }
    CapacityPanel* capacity() const { return m_capacity; }
    // An edited scenario from the what-if session: a rerun that keeps the cursor's time and the
    // selected pod or node (by name), unlike a scenario loaded from a file.
    void showEdited(std::shared_ptr<const LoadedScenario> edited);
    // A scenario that exists only in memory (a frozen snapshot, a what-next) in a window of its own,
    // with full time control; `selectPod` is selected once loaded, and `play` runs it to its end.
    static MainWindow* openInNewWindow(std::shared_ptr<const LoadedScenario> loaded, const QString& selectPod = {}, bool play = false);
    // Docks and tool bars live mode adds and removes.
    void addViewDock(QDockWidget* dock, Qt::DockWidgetArea area);
    void removeViewDock(QDockWidget* dock);
    PlaybackToolBar* playbackToolBar() const { return m_toolBar; }
    // The config file chosen (--config, File > Open Scheduler Configuration), empty for the default.
    const QString& schedulerConfigPath() const { return m_configPath; }
    // The Kubernetes version the window models instead of the scenario's (File > Kubernetes Version);
    // nullopt: the scenario's spec.kubernetesVersion, else the default. Reruns the scenario on screen
    // at the cursor's time, with the same pod or node selected.
    void setKubernetesVersion(std::optional<version::KubeVersion> version);
    std::optional<version::KubeVersion> kubernetesVersionChoice() const { return m_versionChoice.version; }

Q_SIGNALS:
    // For tests and the screenshot tool: a load finished, well or not.
    void scenarioLoaded();
    void scenarioFailed(const QString& message);
    // showEdited() has rerun and the cursor and the selection are back where they were.
    void editedRunShown();
    // openCluster() could not start: the kubeconfig or the context (the message names the file).
    void clusterFailed(const QString& message);

protected:
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    void closeEvent(QCloseEvent* event) override;
    void paintEvent(QPaintEvent* event) override;

private:
    void createDocks();
    void applyDefaultSizes();
    void createMenus();
    QDockWidget* addDock(QWidget* view, const QString& title, const QString& objectName, Qt::DockWidgetArea area);
    QWidget* createTable(QAbstractItemModel* model, int sortRole, int filterRole, const QString& placeholder);
    QWidget* createPodTable();
    QScrollArea* scrolling(QWidget* view);
    // A filter field over a table view of `model`, styled for large tables; `filterBy` applies the
    // field's text.
    std::pair<QWidget*, QTableView*> tablePage(QAbstractItemModel* model, const QString& placeholder,
                                               const std::function<void(const QString&)>& filterBy);
    void showLoaded(std::shared_ptr<const LoadedScenario> result);
    void showLoadFailure(const QString& path, const QString& message);
    void showFailure(const QString& message); // the engine's
    // Gives every view the run the controller started.
    void showRun(Run* run);
    void updateStatus();
    void showScenarioStatus();
    void startRun();
    void restorePlace(); // after showEdited(), once the cursor is back
    void refreshTables();
    void addRecentFile(const QString& path);
    void updateRecentMenu();
    void updateRecentConnectionsMenu();
    void leaveLiveMode();

    ScenarioLoadJob* m_loader;
    ViewState* m_viewState;
    PlaybackController* m_playback;
    QueueLanesView* m_lanes = nullptr;
    HeatmapView* m_heatmap = nullptr;
    PodInspector* m_inspector = nullptr;
    TimelineView* m_timeline = nullptr;
    ChartsView* m_charts = nullptr;
    EventLogView* m_eventLog = nullptr;
    PlaybackToolBar* m_toolBar = nullptr;
    LessonControls* m_lessons = nullptr;
    WhatIfControls* m_whatIf = nullptr;
    CompareControls* m_compare = nullptr;
    CapacityPanel* m_capacity = nullptr;
    bool m_heatmapDockWasShown = true; // before side by side hid it
    QAction* m_howManyMore = nullptr;
    QDockWidget* m_editDock = nullptr;
    // Where showEdited() puts the cursor and the selection back, once the new run reaches the time.
    struct Place
    {
        VirtualNanos time = 0;
        QString pod;  // namespace/name
        QString node;
    };
    std::optional<Place> m_pendingPlace;
    Place placeNow() const;
    // Where a version change's reload puts the cursor and the selection back.
    std::optional<Place> m_placeAfterLoad;
    VersionChoice m_versionChoice;
    QActionGroup* m_versionActions = nullptr;
    void updateVersionMenu();
    NodeTableModel* m_nodes;
    // The Nodes tab shows the cluster at the cursor; while the cursor moves (playing) it is brought
    // up to date a few times a second, and only while the tab is shown.
    NodesAtCursor m_nodesAtCursor;
    QDockWidget* m_nodesDock = nullptr;
    QDockWidget* m_podsDock = nullptr;
    QTimer* m_nodesRefresh = nullptr;
    bool m_nodesShown = false; // the tab is the one shown in its dock group (visibilityChanged)
    bool m_podsShown = false;
    PodTableModel* m_pods;
    QList<QDockWidget*> m_docks;
    QByteArray m_defaultLayout;
    QLabel* m_statusScenario = nullptr;
    QLabel* m_statusTime = nullptr;
    QLabel* m_statusQueues = nullptr;
    QMenu* m_recentMenu = nullptr;
    QMenu* m_recentConnectionsMenu = nullptr;
    LiveMode* m_live = nullptr;
    QString m_lastKubeconfig; // the file the last connection read (empty: kubectl's search)
    QMenu* m_viewMenu = nullptr;
    QString m_configPath;
    QString m_scenarioPath;
    std::shared_ptr<const LoadedScenario> m_current;
};

} // namespace ksv
