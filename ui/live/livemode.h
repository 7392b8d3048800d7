#pragma once

// Live mode: a MainWindow showing a cluster, read-only. A LiveFeed (client/livefeed.h) lists and
// watches on its own thread; each new snapshot is shown by the window's usual views, paused at its
// start (the heatmap is the cluster now, the queue lanes its pending pods in the profile's pop
// order), and the live docks show what is live only: the selected pod against the cluster's
// scheduler (LivePodPanel) and the agreement (AgreementPanel). A status-bar badge says whether the
// feed is connected, reconnecting (with its countdown) or failed (with the reason); a lost connection
// keeps the last snapshot on screen, marked stale. The title and a frame round the window say it is
// live. Nothing here writes to the cluster: the feed only sends GET.
//
// Freeze and What next open a snapshot in a window of its own, with full time control.

#include "livefeed.h"
#include "queuelanescanvas.h"

#include <QColor>
#include <QObject>
#include <QPointer>

#include <memory>

class QDockWidget;
class QLabel;
class QTimer;
class QToolBar;

namespace ksv {

class AgreementPanel;
class LivePodPanel;
class LiveTimelineView;
class MainWindow;
struct LoadedScenario;

class LiveMode : public QObject
{
    Q_OBJECT
public:
    // Reads the kubeconfig and the window's scheduler configuration, then starts the feed. Null, with
    // `error` naming the file and field, when either cannot be used.
    static LiveMode* connect(MainWindow& window, const QString& kubeconfig, const QString& context, QString* error,
                             client::LiveFeedOptions options = feedOptions());
    ~LiveMode() override;
    // The options MainWindow::openCluster starts feeds with: kubectl's backoffs and a frame a second,
    // unless a test shortens them.
    static void setFeedOptions(const client::LiveFeedOptions& options);
    static client::LiveFeedOptions feedOptions();

    // Stops the feed and takes the live docks, tool bar and badge off the window.
    void close();

    const QString& contextName() const { return m_context; }
    QColor frameColour() const;
    bool isStale() const;
    client::LiveFeed* feed() const { return m_feed; }
    std::shared_ptr<const client::LiveFrame> frame() const { return m_frame; }
    QLabel* badge() const { return m_badge; }
    QToolBar* toolBar() const { return m_toolBar; }
    AgreementPanel* agreement() const { return m_agreement; }
    LivePodPanel* podPanel() const { return m_podPanel; }
    QDockWidget* agreementDock() const { return m_agreementDock; }
    QDockWidget* podDock() const { return m_podDock; }
    LiveTimelineView* timeline() const { return m_timeline; }
    QDockWidget* timelineDock() const { return m_timelineDock; }

    // The snapshot on screen in a window of its own, with full time control.
    MainWindow* freeze();
    // kschedviz's full placement of `key` on the snapshot, in a window of its own, played to its end.
    MainWindow* whatNext(const QString& key);
    // The same for a pod given as YAML; null with `error` (line and field) when it is not one pod.
    MainWindow* whatNextFromYaml(const QByteArray& yaml, QString* error);

Q_SIGNALS:
    void disconnectRequested();
    // A frame was shown (status, snapshot, agreement): for tests and screenshots.
    void frameShown();

private:
    LiveMode(MainWindow& window, client::ResolvedConfig config, config::KubeSchedulerConfiguration configuration, QString configurationLabel,
             client::LiveFeedOptions options);
    void onFrame();
    void updateBadge();
    void updateStale();
    void pastePod();
    // A pod opened from the Agreement panel or the live timeline: selected everywhere, explained.
    void openPod(const QString& key);
    // What the queue lanes say of a pod of the snapshot on screen (catalogue id).
    QueueLanesCanvas::PodWords podWords(qint32 pod) const;
    std::shared_ptr<LoadedScenario> loaded(Scenario scenario, const QString& label) const;

    MainWindow& m_window;
    QString m_context;
    QString m_server;
    config::KubeSchedulerConfiguration m_configuration;
    QString m_configurationLabel;
    QStringList m_warnings; // the kubeconfig's (insecure-skip-tls-verify, ...): said as long as it is used
    client::LiveFeed* m_feed;
    std::shared_ptr<const client::LiveFrame> m_frame;
    quint64 m_shownSnapshot = 0;
    bool m_stale = false;
    QLabel* m_badge = nullptr;
    QLabel* m_banner = nullptr;
    QToolBar* m_toolBar = nullptr;
    QTimer* m_countdown = nullptr;
    AgreementPanel* m_agreement = nullptr;
    LivePodPanel* m_podPanel = nullptr;
    QDockWidget* m_agreementDock = nullptr;
    QDockWidget* m_podDock = nullptr;
    LiveTimelineView* m_timeline = nullptr;
    QDockWidget* m_timelineDock = nullptr;
    QPointer<QueueLanesCanvas> m_lanes; // its rows say the pods' age, condition and gates
    QTimer* m_ageTick = nullptr;
    QList<std::pair<QPointer<QDockWidget>, QString>> m_titles; // the window's dock titles, without the stale mark
    bool m_closed = false;
};

} // namespace ksv
