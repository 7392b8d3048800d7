#include "livemode.h"

#include "agreementpanel.h"
#include "livepodpanel.h"
#include "livetimelineview.h"
#include "mainwindow.h"
#include "preparedrun.h"
#include "queuelanescanvas.h"
#include "format.h"
#include "runpolicy.h"
#include "run.h"
#include "scenarioloadjob.h"
#include "viewstate.h"

#include "decoding/loaderror.h"
#include "playbackcontroller.h"
#include "scenario/effectiveconfig.h"
#include "scenario/encode.h"
#include "scenario/loader.h"

#include <QDateTime>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QJsonDocument>
#include <QLabel>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QStatusBar>
#include <QThread>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
#include <QVBoxLayout>

namespace ksv {

namespace {

using Phase = client::LiveStatus::Phase;

// A connection down for less than this is not yet called stale: a quiet watch re-opened after its
// stall timeout is down for about a second, and the whole window should not flash for it.
constexpr qint64 staleGraceMs = 3000;

QString clock(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms).toLocalTime().toString(QStringLiteral("HH:mm:ss"));
}

QColor phaseColour(Phase phase, bool stale)
{
    if (stale)
        return QColor(0xd9, 0x8c, 0x1f); // amber: what is on screen is no longer the cluster
    switch (phase) {
    case Phase::Connected:
        return QColor(0x1f, 0x9d, 0x8a);
    case Phase::Connecting:
    case Phase::Reconnecting:
        return QColor(0xd9, 0x8c, 0x1f);
    case Phase::Failed:
        return QColor(0xc0, 0x39, 0x2b);
    }
    return {};
}

client::LiveFeedOptions& defaultFeedOptions()
{
    static client::LiveFeedOptions options;
    return options;
}

} // namespace

void LiveMode::setFeedOptions(const client::LiveFeedOptions& options)
{
    defaultFeedOptions() = options;
}

client::LiveFeedOptions LiveMode::feedOptions()
{
    return defaultFeedOptions();
}

LiveMode* LiveMode::connect(MainWindow& window, const QString& kubeconfig, const QString& context, QString* error,
                            client::LiveFeedOptions options)
{
    // Two small files, read here: what the feed needs before it can send anything.
    try {
        client::ResolvedConfig config = client::loadKubeconfig(client::KubeconfigOptions::fromEnvironment(kubeconfig, context));
        const QString configPath = window.schedulerConfigPath();
        config::KubeSchedulerConfiguration configuration = effectiveConfiguration(Scenario {}, configPath);
        // Each snapshot becomes a run at its start on the feed's thread: the GUI only adopts it.
        options.prepare = [configuration](const client::LiveFrame& frame) -> std::shared_ptr<void> {
            return prepareRunAtStart(frame.snapshot, frame.catalogue, configuration, defaultRunOptions(configuration, QThread::idealThreadCount()));
        };
        return new LiveMode(window, std::move(config), std::move(configuration),
                            configPath.isEmpty() ? tr("the default v1.32 profile") : configPath, options);
    } catch (const LoadError& loadError) {
        if (error)
            *error = loadError.toString();
    }
    return nullptr;
}

LiveMode::LiveMode(MainWindow& window, client::ResolvedConfig config, config::KubeSchedulerConfiguration configuration,
                   QString configurationLabel, client::LiveFeedOptions options)
    : QObject(&window)
    , m_window(window)
    , m_context(config.contextName)
    , m_server(config.cluster.server.toString(QUrl::RemoveUserInfo))
    , m_configuration(configuration)
    , m_configurationLabel(std::move(configurationLabel))
    , m_warnings(config.warnings)
    , m_feed(new client::LiveFeed(std::move(config), std::move(configuration), options, this))
{
    m_toolBar = new QToolBar(tr("Live"), &window);
    m_toolBar->setObjectName(QStringLiteral("liveToolBar"));
    m_toolBar->setMovable(false);
    m_banner = new QLabel(m_toolBar);
    m_banner->setTextFormat(Qt::RichText);
    m_toolBar->addWidget(m_banner);
    m_toolBar->addSeparator();
    m_toolBar->addAction(tr("Freeze"), this, [this] { freeze(); })
        ->setToolTip(tr("Open the cluster as it is now as a scenario, with play, step and seek"));
    m_toolBar->addAction(tr("What Next…"), this, [this] {
        if (!m_podPanel->pod().isEmpty())
            whatNext(m_podPanel->pod());
    })->setToolTip(tr("kschedviz's full placement of the selected pod on the cluster as it is now"));
    m_toolBar->addAction(tr("Paste a Pod…"), this, &LiveMode::pastePod);
    m_toolBar->addSeparator();
    m_toolBar->addAction(tr("Disconnect"), this, &LiveMode::disconnectRequested);
    window.addToolBar(Qt::TopToolBarArea, m_toolBar);
    m_toolBar->show(); // widgets added to a window already shown stay hidden until told

    m_badge = new QLabel(&window);
    m_badge->setObjectName(QStringLiteral("liveBadge"));
    m_badge->setTextFormat(Qt::RichText);
    window.statusBar()->insertPermanentWidget(0, m_badge);
    m_countdown = new QTimer(this);
    m_countdown->setInterval(500);
    QObject::connect(m_countdown, &QTimer::timeout, this, [this] {
        updateStale(); // the grace runs out between frames
        updateBadge();
    });

    m_agreement = new AgreementPanel(&window);
    m_agreementDock = new QDockWidget(tr("Agreement"), &window);
    m_agreementDock->setObjectName(QStringLiteral("liveAgreement"));
    m_agreementDock->setWidget(m_agreement);
    m_podPanel = new LivePodPanel(&window);
    m_podPanel->setConfiguration(m_configuration);
    m_podDock = new QDockWidget(tr("Live Pod"), &window);
    m_podDock->setObjectName(QStringLiteral("livePod"));
    m_podDock->setWidget(m_podPanel);
    // The live timeline: the cluster's bindings and failures and kschedviz's predictions by wall clock.
    auto* timelinePage = new QWidget(&window);
    auto* timelineLayout = new QVBoxLayout(timelinePage);
    timelineLayout->setContentsMargins(0, 0, 0, 0);
    timelineLayout->setSpacing(0);
    auto* timelineBar = new QToolBar(timelinePage);
    m_timeline = new LiveTimelineView(timelinePage);
    timelineBar->addAction(m_timeline->fitAllAction());
    timelineBar->addAction(m_timeline->followAction());
    timelineLayout->addWidget(timelineBar);
    timelineLayout->addWidget(m_timeline, 1);
    m_timelineDock = new QDockWidget(tr("Live Timeline"), &window);
    m_timelineDock->setObjectName(QStringLiteral("liveTimeline"));
    m_timelineDock->setWidget(timelinePage);
    window.addViewDock(m_podDock, Qt::RightDockWidgetArea);
    window.addViewDock(m_agreementDock, Qt::BottomDockWidgetArea);
    window.addViewDock(m_timelineDock, Qt::BottomDockWidgetArea);
    // Beside the views they complete, in front: the live pod over the inspector (whose run is paused
    // before any attempt), the agreement over the timeline.
    if (auto* inspector = window.findChild<QDockWidget*>(QStringLiteral("inspectorDock")))
        window.tabifyDockWidget(inspector, m_podDock);
    if (auto* timeline = window.findChild<QDockWidget*>(QStringLiteral("timelineDock"))) {
        window.tabifyDockWidget(timeline, m_agreementDock);
        window.tabifyDockWidget(timeline, m_timelineDock);
    }
    m_podDock->show();
    m_agreementDock->show();
    m_timelineDock->show();
    m_podDock->raise();
    m_agreementDock->raise();
    for (QDockWidget* dock : window.findChildren<QDockWidget*>())
        m_titles.append({dock, dock->windowTitle()});

    QObject::connect(m_agreement, &AgreementPanel::podActivated, this, &LiveMode::openPod);
    QObject::connect(m_timeline, &LiveTimelineView::podActivated, this, &LiveMode::openPod);
    QObject::connect(m_window.viewState(), &ViewState::selectionChanged, this, [this] {
        const Run* run = m_window.playback()->run();
        const qint32 pod = m_window.viewState()->selectedPod();
        if (run && pod >= 0)
            m_podPanel->showPod(run->catalogue()->podKey(pod));
    });
    QObject::connect(m_podPanel, &LivePodPanel::whatNextRequested, this, [this](const QString& key) { whatNext(key); });
    QObject::connect(m_podPanel, &LivePodPanel::pasteRequested, this, &LiveMode::pastePod);
    QObject::connect(m_feed, &client::LiveFeed::frameReady, this, &LiveMode::onFrame);

    // The queue lanes' rows: the pod's age in the cluster where a scenario shows its time in queue (the
    // snapshot's clock reads 0 for every pod), and its PodScheduled condition and gates in the tooltip.
    m_lanes = window.findChild<QueueLanesCanvas*>();
    if (m_lanes) {
        m_lanes->setPodWords([this](qint32 pod) { return podWords(pod); });
        m_ageTick = new QTimer(this);
        QObject::connect(m_ageTick, &QTimer::timeout, m_lanes, qOverload<>(&QWidget::update));
        m_ageTick->start(5000);
    }

    window.setWindowTitle(tr("LIVE — %1 (%2) — read-only — kschedviz").arg(m_context, m_server));
    updateBadge();
    m_feed->start();
}

LiveMode::~LiveMode()
{
    close();
}

void LiveMode::close()
{
    if (m_closed)
        return;
    m_closed = true;
    m_feed->stop();
    m_countdown->stop();
    if (m_lanes)
        m_lanes->setPodWords({});
    m_stale = false;
    for (const auto& [dock, title] : m_titles) {
        if (dock)
            dock->setWindowTitle(title);
    }
    m_window.removeViewDock(m_agreementDock);
    m_window.removeViewDock(m_podDock);
    m_window.removeViewDock(m_timelineDock);
    m_timelineDock->deleteLater();
    m_window.removeToolBar(m_toolBar);
    m_window.statusBar()->removeWidget(m_badge);
    m_agreementDock->deleteLater();
    m_podDock->deleteLater();
    m_toolBar->deleteLater();
    m_badge->deleteLater();
    m_window.setWindowTitle(tr("kschedviz"));
}

QColor LiveMode::frameColour() const
{
    return phaseColour(m_frame ? m_frame->status.phase : Phase::Connecting, m_stale);
}

bool LiveMode::isStale() const
{
    return m_stale;
}

void LiveMode::onFrame()
{
    m_frame = m_feed->latest();
    if (!m_frame)
        return;
    if (m_frame->snapshot && m_frame->snapshotVersion != m_shownSnapshot && m_frame->prepared) {
        m_shownSnapshot = m_frame->snapshotVersion;
        auto snapshot = std::make_shared<LoadedScenario>();
        snapshot->path = tr("%1 — %2 pods on %3 nodes, listed at %4")
                             .arg(m_context)
                             .arg(m_frame->snapshot->initial.pods.size())
                             .arg(m_frame->snapshot->initial.nodes.size())
                             .arg(clock(m_frame->snapshotAtMs));
        snapshot->scenario = m_frame->snapshot;
        snapshot->configuration = m_configuration;
        snapshot->catalogue = m_frame->catalogue;
        snapshot->warnings = m_frame->skipped;
        m_window.showSnapshot(std::move(snapshot), std::static_pointer_cast<PreparedRun>(m_frame->prepared));
    }
    m_agreement->showFrame(*m_frame, m_configurationLabel);
    m_podPanel->showFrame(m_frame);
    m_timeline->showFrame(*m_frame);
    updateStale();
    updateBadge();
    m_window.update(); // the frame's colour
    Q_EMIT frameShown();
}

void LiveMode::updateBadge()
{
    const client::LiveStatus status = m_frame ? m_frame->status : client::LiveStatus {};
    const QColor colour = phaseColour(status.phase, false);
    QString text;
    switch (status.phase) {
    case Phase::Connecting:
        text = tr("Connecting to %1…").arg(m_context);
        if (!status.reason.isEmpty())
            text += QStringLiteral(" (") + status.reason + QLatin1Char(')');
        break;
    case Phase::Connected:
        text = tr("Connected to %1 · watching %2 resources").arg(m_context).arg(status.watching);
        break;
    case Phase::Reconnecting: {
        const qint64 left = status.retryAtMs - QDateTime::currentMSecsSinceEpoch();
        text = status.retryAtMs > 0 && left > 0 ? tr("Reconnecting in %1 s").arg((left + 999) / 1000) : tr("Reconnecting…");
        if (!status.reason.isEmpty())
            text += QStringLiteral(": ") + status.reason;
        break;
    }
    case Phase::Failed:
        text = tr("Failed: %1").arg(status.reason);
        break;
    }
    if (m_frame && !m_frame->prepareError.isEmpty())
        text += tr(" · the snapshot cannot be shown: %1").arg(m_frame->prepareError);
    m_badge->setToolTip(text);
    m_badge->setText(QStringLiteral("<span style=\"color:%1\">●</span> %2").arg(colour.name(), text.left(120).toHtmlEscaped()));
    m_badge->setProperty("phase", client::phaseName(status.phase));
    if (status.phase == Phase::Reconnecting || status.phase == Phase::Connecting || m_stale) {
        if (!m_countdown->isActive())
            m_countdown->start();
    } else {
        m_countdown->stop();
    }
    const QColor frame = frameColour();
    m_banner->setText(tr("<span style=\"background:%1;color:white;font-weight:bold\">&nbsp;LIVE&nbsp;</span>&nbsp;%2 · %3 · read-only%4%5")
                          .arg(frame.name(), m_context.toHtmlEscaped(), m_server.toHtmlEscaped(),
                               m_stale ? tr(" · <b>stale</b>: the cluster as of %1").arg(clock(status.lostAtMs)) : QString(),
                               m_warnings.isEmpty() ? QString() : QStringLiteral(" · <b>⚠ ") + m_warnings.join(QStringLiteral("; ")).toHtmlEscaped() + QStringLiteral("</b>")));
}

void LiveMode::updateStale()
{
    if (!m_frame)
        return;
    const client::LiveStatus& status = m_frame->status;
    const bool stale = m_frame->snapshot && status.phase != Phase::Connected && status.lostAtMs > 0
        && QDateTime::currentMSecsSinceEpoch() - status.lostAtMs >= staleGraceMs;
    if (stale == m_stale)
        return;
    m_stale = stale;
    m_window.update(); // the frame's colour
    // Every view keeps the last snapshot; its title says since when it is no longer the cluster.
    for (const auto& [dock, title] : m_titles) {
        if (dock)
            dock->setWindowTitle(stale ? tr("%1 — stale since %2").arg(title, clock(status.lostAtMs)) : title);
    }
    m_window.setWindowTitle(stale ? tr("LIVE (stale) — %1 (%2) — read-only — kschedviz").arg(m_context, m_server)
                                  : tr("LIVE — %1 (%2) — read-only — kschedviz").arg(m_context, m_server));
}

QueueLanesCanvas::PodWords LiveMode::podWords(qint32 pod) const
{
    QueueLanesCanvas::PodWords words;
    const Run* run = m_window.playback()->run();
    const qint32 initial = run && pod >= 0 && pod < run->catalogue()->podCount() ? run->catalogue()->initialPod(pod) : -1;
    if (initial < 0)
        return words;
    const Pod& object = run->scenario()->initial.pods[initial];
    if (object.meta.creationTimestampMs) {
        const QString age = format::duration(std::max<qint64>(0, QDateTime::currentMSecsSinceEpoch() - *object.meta.creationTimestampMs) * 1'000'000);
        words.detail = age; // where a scenario's row says how long the pod has waited in the queue
        words.toolTip.append({tr("Age"), age});
    }
    for (const PodCondition& condition : object.conditions) {
        if (condition.type == QLatin1String("PodScheduled") && condition.status != QLatin1String("True"))
            words.toolTip.append({tr("PodScheduled"), condition.reason + QStringLiteral(": ") + condition.message});
    }
    if (!object.schedulingGates.isEmpty())
        words.toolTip.append({tr("Gates"), object.schedulingGates.join(QStringLiteral(", "))});
    return words;
}

void LiveMode::openPod(const QString& key)
{
    if (const Run* run = m_window.playback()->run(); run && run->catalogue()->podIndex(key) >= 0)
        selectPod(*m_window.viewState(), run, run->catalogue()->podIndex(key));
    m_podPanel->showPod(key);
    m_podDock->raise();
}

std::shared_ptr<LoadedScenario> LiveMode::loaded(Scenario scenario, const QString& label) const
{
    auto result = std::make_shared<LoadedScenario>();
    result->path = label;
    result->configuration = m_configuration;
    result->scenario = std::make_shared<const Scenario>(std::move(scenario));
    return result; // the Run numbers the catalogue
}

MainWindow* LiveMode::freeze()
{
    if (!m_frame || !m_frame->snapshot)
        return nullptr;
    Scenario snapshot = *m_frame->snapshot;
    snapshot.name = tr("%1 at %2").arg(m_context, clock(m_frame->snapshotAtMs));
    return MainWindow::openInNewWindow(loaded(std::move(snapshot), tr("snapshot of %1 at %2").arg(m_context, clock(m_frame->snapshotAtMs))));
}

MainWindow* LiveMode::whatNext(const QString& key)
{
    if (!m_frame || !m_frame->snapshot)
        return nullptr;
    if (const Pod* pod = m_frame->pod(key)) {
        Scenario scenario = client::scenarioDeciding(*m_frame->snapshot, *pod);
        scenario.name = tr("What next for %1").arg(key);
        return MainWindow::openInNewWindow(loaded(std::move(scenario), tr("what next for %1 on %2 at %3").arg(key, m_context, clock(m_frame->snapshotAtMs))),
                                           key, true);
    }
    return nullptr;
}

MainWindow* LiveMode::whatNextFromYaml(const QByteArray& yaml, QString* error)
{
    if (!m_frame || !m_frame->snapshot) {
        *error = tr("the cluster has not been listed yet");
        return nullptr;
    }
    // The cluster's PriorityClasses after the pasted text, so that its priorityClassName resolves and
    // its line numbers stay those the user sees.
    QByteArray text = yaml;
    for (const PriorityClass& priorityClass : m_frame->snapshot->initial.priorityClasses)
        text += "\n---\n" + QJsonDocument(encodeObject(KubeObject(priorityClass))).toJson(QJsonDocument::Compact);
    Scenario pasted;
    try {
        pasted = loadScenarioText(text, tr("pasted pod"));
    } catch (const LoadError& loadError) {
        *error = loadError.toString();
        return nullptr;
    }
    if (pasted.initial.pods.size() != 1) {
        *error = tr("pasted pod: expected one Pod, found %n", nullptr, int(pasted.initial.pods.size()));
        return nullptr;
    }
    const Pod& pod = pasted.initial.pods.constFirst();
    Scenario scenario = client::scenarioDeciding(*m_frame->snapshot, pod);
    scenario.name = tr("What next for %1 (pasted)").arg(pod.key());
    return MainWindow::openInNewWindow(loaded(std::move(scenario), tr("what next for the pasted %1 on %2").arg(pod.key(), m_context)), pod.key(), true);
}

void LiveMode::pastePod()
{
    QDialog dialog(&m_window);
    dialog.setWindowTitle(tr("Place a Pod on the Cluster as It Is Now"));
    auto* layout = new QVBoxLayout(&dialog);
    auto* hint = new QLabel(tr("A Pod manifest (YAML). kschedviz places it on the latest snapshot; nothing is sent to the cluster."), &dialog);
    hint->setWordWrap(true);
    layout->addWidget(hint);
    auto* editor = new QPlainTextEdit(&dialog);
    editor->setPlaceholderText(QStringLiteral("apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\n  namespace: default\nspec:\n  containers: …"));
    layout->addWidget(editor, 1);
    auto* message = new QLabel(&dialog);
    message->setWordWrap(true);
    layout->addWidget(message);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    layout->addWidget(buttons);
    QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    QObject::connect(buttons, &QDialogButtonBox::accepted, &dialog, [&] {
        QString error;
        if (whatNextFromYaml(editor->toPlainText().toUtf8(), &error))
            dialog.accept();
        else
            message->setText(error);
    });
    dialog.resize(560, 420);
    dialog.exec();
}

} // namespace ksv
