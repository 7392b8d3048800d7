#pragma once

#include "scenario/scenario.h"

#include <QMainWindow>

#include <memory>

class QDockWidget;
class QLabel;
class QAbstractItemModel;
class QMenu;

namespace ksv {

struct LoadedScenario;
class NodeTableModel;
class Playback;
class PlaybackToolBar;
class PodTableModel;
class ScenarioLoadJob;

// Wires the docks together: what they show lives in their models and views, playback in Playback,
// loading in ScenarioLoadJob.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    void openScenario(const QString& path);
    void openSchedulerConfig(const QString& path);
    const LoadedScenario* currentScenario() const { return m_current.get(); }
    Playback* playback() const { return m_playback; }
    // Saves DIR/window.png and DIR/view-<name>.png for every dock; false if a file could not be written.
    bool saveScreenshots(const QString& directory);
    // For screenshots and presenters: selects the pod with the most attempts at the cursor.
    void selectMostRetriedPod();

Q_SIGNALS:
    // For tests and the screenshot tool: a load finished, well or not.
    void scenarioLoaded();
    void scenarioFailed(const QString& message);

protected:
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    void closeEvent(QCloseEvent* event) override;

private:
    void createDocks();
    void applyDefaultSizes();
    void createMenus();
    QDockWidget* addDock(QWidget* view, const QString& title, const QString& objectName, Qt::DockWidgetArea area);
    QWidget* createTable(QAbstractItemModel* model, int sortRole, int filterRole, const QString& placeholder);
    void showLoaded(std::shared_ptr<const LoadedScenario> result);
    void showFailure(const QString& message);
    void updateStatus();
    void addRecentFile(const QString& path);
    void updateRecentMenu();

    ScenarioLoadJob* m_loader;
    Playback* m_playback;
    PlaybackToolBar* m_toolBar = nullptr;
    NodeTableModel* m_nodes;
    PodTableModel* m_pods;
    QList<QDockWidget*> m_docks;
    QByteArray m_defaultLayout;
    QLabel* m_statusScenario = nullptr;
    QLabel* m_statusTime = nullptr;
    QLabel* m_statusQueues = nullptr;
    QMenu* m_recentMenu = nullptr;
    QMenu* m_viewMenu = nullptr;
    QString m_configPath;
    QString m_scenarioPath;
    std::shared_ptr<const LoadedScenario> m_current;
};

} // namespace ksv
