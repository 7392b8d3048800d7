#pragma once

#include <QMainWindow>

#include <memory>

class QLabel;
class QAbstractItemModel;
class QMenu;
class QTabWidget;

namespace ksv {

struct LoadedScenario;
class NodeTableModel;
class PodTableModel;
class ScenarioLoadJob;

// Wires the views together; what they show lives in models, loading in ScenarioLoadJob.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    void openScenario(const QString& path);
    void openSchedulerConfig(const QString& path);
    const LoadedScenario* currentScenario() const { return m_current.get(); }
    // Saves DIR/window-<view>.png for every view; false if a file could not be written.
    bool saveScreenshots(const QString& directory);

Q_SIGNALS:
    // For tests and the screenshot tool: a load finished, well or not.
    void scenarioLoaded();
    void scenarioFailed(const QString& message);

protected:
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    void closeEvent(QCloseEvent* event) override;

private:
    void createMenus();
    QWidget* createTable(QAbstractItemModel* model, int sortRole, int filterRole, const QString& placeholder);
    void showLoaded(std::shared_ptr<const LoadedScenario> result);
    void showFailure(const QString& message);
    void addRecentFile(const QString& path);
    void updateRecentMenu();

    ScenarioLoadJob* m_loader;
    NodeTableModel* m_nodes;
    PodTableModel* m_pods;
    QTabWidget* m_tabs = nullptr;
    QLabel* m_statusScenario = nullptr;
    QLabel* m_statusCounts = nullptr;
    QMenu* m_recentMenu = nullptr;
    QString m_configPath;
    QString m_scenarioPath;
    std::shared_ptr<const LoadedScenario> m_current;
};

} // namespace ksv
