#pragma once

// "How many more fit?" in the window (docs/whatif.md, "How many more fit"): `kschedviz capacity` for
// the selected pod at the cursor. Copies of the pod, as the scenario defines it, are scheduled one
// after another on the cluster as it is at the cursor's time until one does not fit
// (scheduler/capacity.h, the same engine and configuration as the run). The panel says how many fit,
// how they spread over nodes and zones, and the FailedScheduling message that stopped it with the
// stopped copy's verdict node by node; the heatmap colours the nodes by the copies each took.

#include "capacity.h"
#include "scenarioedits.h"

#include <QHash>
#include <QWidget>

#include <memory>
#include <optional>

class QLabel;
class QPushButton;
class QTextBrowser;
class QThreadPool;

namespace ksv {

class PlaybackController;
struct LoadedScenario;

// The copies each node took, by node name (what the heatmap colours by).
QHash<QString, int> copiesByNode(const CapacityReport& report);

class CapacityPanel : public QWidget
{
    Q_OBJECT
public:
    // Copies placed before the app stops counting (the command line has no limit unless --max).
    static constexpr int maxCopies = 10000;

    CapacityPanel(PlaybackController* playback, QWidget* parent = nullptr);
    ~CapacityPanel() override;

    // The scenario the run on screen was made from (its configuration is the run's).
    void setScenario(std::shared_ptr<const LoadedScenario> loaded);
    // The selected pod at the cursor's time; false (and nothing started) without a selected pod.
    bool estimateSelected();
    void estimate(const QString& podKey, VirtualNanos at);
    bool isRunning() const { return m_running; }
    const std::optional<CapacityReport>& report() const { return m_report; }
    QString errorText() const { return m_error; }
    // What the panel says, as plain text (tests).
    QString text() const;

Q_SIGNALS:
    // A new answer, for the heatmap (empty `pod`: none any more).
    void estimated(const QString& pod, const QHash<QString, int>& copies);
    // An estimate started: the panel wants to be in sight.
    void started();

private:
    void show(const CapacityReport& report);
    void showError(const QString& message);

    PlaybackController* m_playback;
    std::shared_ptr<const LoadedScenario> m_loaded;
    QThreadPool* m_pool; // its own thread: a long estimate never holds the global pool
    quint64 m_generation = 0;
    bool m_running = false;
    std::optional<CapacityReport> m_report;
    QString m_error;
    QLabel* m_heading;
    QPushButton* m_estimate;
    QTextBrowser* m_results;
};

} // namespace ksv
