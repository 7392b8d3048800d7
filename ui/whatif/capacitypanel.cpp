#include "capacitypanel.h"

#include "format.h"
#include "playbackcontroller.h"
#include "run.h"
#include "scenarioloadjob.h"
#include "viewstate.h"

#include <QFutureWatcher>
#include <QLabel>
#include <QPushButton>
#include <QTextBrowser>
#include <QThreadPool>
#include <QVBoxLayout>
#include <QtConcurrent>

#include <variant>

namespace ksv {

namespace {

using Outcome = std::variant<CapacityReport, QString>;

Outcome estimateInBackground(const std::shared_ptr<const LoadedScenario>& loaded, const QString& podKey, VirtualNanos at)
{
    try {
        const Scenario& scenario = *loaded->scenario;
        const std::optional<KubeObject> object = findObject(scenario, podRef(podKey));
        if (!object || !std::holds_alternative<Pod>(*object))
            return CapacityPanel::tr("%1 is not a pod of the scenario: only its own pods can be copied.").arg(podKey);
        Pod pod = std::get<Pod>(*object); // admitted with the scenario: its priority is resolved
        if (!pod.schedulingGates.isEmpty())
            return CapacityPanel::tr("%1 has scheduling gates: no copy of it would ever get a scheduling attempt.").arg(podKey);
        pod.nodeName.clear(); // a copy is placed, not bound
        const ClusterAtTime cluster = clusterAt(scenario, loaded->configuration, at);
        return estimateCapacity(scenario, loaded->configuration, cluster, pod, CapacityPanel::maxCopies);
    } catch (const LoadError& error) {
        return error.toString();
    } catch (const std::exception& error) {
        return QString::fromLocal8Bit(error.what());
    }
}

QString zoneName(const QString& zone)
{
    return zone.isEmpty() ? CapacityPanel::tr("(no zone)") : zone;
}

QString tableOf(const QString& first, const QString& second, const QList<std::pair<QString, QString>>& rows)
{
    QString html = QStringLiteral("<table cellspacing=0 cellpadding=2><tr><th align=left>%1</th><th align=left>%2</th></tr>")
                       .arg(first.toHtmlEscaped(), second.toHtmlEscaped());
    for (const auto& [a, b] : rows)
        html += QStringLiteral("<tr><td>%1</td><td>%2</td></tr>").arg(a.toHtmlEscaped(), b.toHtmlEscaped());
    return html + QStringLiteral("</table>");
}

} // namespace

QHash<QString, int> copiesByNode(const CapacityReport& report)
{
    QHash<QString, int> copies;
    for (const auto& [node, count] : report.nodes)
        copies.insert(node, count);
    return copies;
}

CapacityPanel::CapacityPanel(PlaybackController* playback, QWidget* parent)
    : QWidget(parent)
    , m_playback(playback)
    , m_pool(new QThreadPool(this))
{
    m_pool->setMaxThreadCount(1);
    m_heading = new QLabel(tr("Select a pod, then ask how many more copies of it fit on the cluster as it is at the cursor."), this);
    m_heading->setWordWrap(true);
    m_estimate = new QPushButton(tr("How Many More Fit?"), this);
    m_estimate->setToolTip(tr("Schedule copies of the selected pod, one after another, on the cluster at the cursor until one does not fit"));
    m_results = new QTextBrowser(this);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_heading);
    layout->addWidget(m_estimate, 0, Qt::AlignLeft);
    layout->addWidget(m_results, 1);
    connect(m_estimate, &QPushButton::clicked, this, &CapacityPanel::estimateSelected);
    // An answer is about one run's cluster: a new run (a load, an edit) asks again.
    connect(m_playback, &PlaybackController::runChanged, this, [this] {
        ++m_generation;
        m_running = false;
        m_report.reset();
        m_error.clear();
        m_results->clear();
        m_heading->setText(tr("Select a pod, then ask how many more copies of it fit on the cluster as it is at the cursor."));
        m_estimate->setEnabled(true);
        Q_EMIT estimated({}, {});
    });
}

CapacityPanel::~CapacityPanel()
{
    ++m_generation;
    m_pool->waitForDone();
}

void CapacityPanel::setScenario(std::shared_ptr<const LoadedScenario> loaded)
{
    m_loaded = std::move(loaded);
}

bool CapacityPanel::estimateSelected()
{
    const Run* run = m_playback->run();
    const qint32 pod = m_playback->viewState()->selectedPod();
    if (!run || !m_loaded || pod < 0) {
        showError(tr("Select a pod first: its copies are what is counted."));
        return false;
    }
    estimate(run->index().catalogue().podKey(pod), m_playback->viewState()->cursorTime());
    return true;
}

void CapacityPanel::estimate(const QString& podKey, VirtualNanos at)
{
    if (!m_loaded)
        return;
    const quint64 generation = ++m_generation;
    m_running = true;
    m_estimate->setEnabled(false);
    m_report.reset();
    m_error.clear();
    m_heading->setText(tr("How many more of <b>%1</b> fit at %2 — counting…").arg(podKey.toHtmlEscaped(), format::virtualTime(at)));
    m_results->clear();
    Q_EMIT started();
    auto* watcher = new QFutureWatcher<Outcome>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation] {
        watcher->deleteLater();
        if (generation != m_generation)
            return;
        m_running = false;
        m_estimate->setEnabled(true);
        const Outcome outcome = watcher->result();
        if (const auto* report = std::get_if<CapacityReport>(&outcome))
            show(*report);
        else
            showError(std::get<QString>(outcome));
    });
    watcher->setFuture(QtConcurrent::run(m_pool, estimateInBackground, m_loaded, podKey, at));
}

void CapacityPanel::show(const CapacityReport& report)
{
    m_report = report;
    m_heading->setText(tr("How many more of <b>%1</b> fit at %2: <b>%3</b>%4")
                           .arg(report.pod.toHtmlEscaped(), format::virtualTime(report.at), QString::number(report.fit),
                                report.limitReached ? tr(" — the count stopped at %1; more may fit").arg(maxCopies) : QString()));
    QString html = QStringLiteral("<p>") + tr("The cluster then: pods bound or binding %1; pending pods left out %2.")
                                               .arg(report.boundAt)
                                               .arg(report.pendingLeftOut)
        + QStringLiteral("</p>");
    // As `kschedviz capacity` warns: the copies are placed without the configuration's extenders.
    if (m_loaded && !m_loaded->configuration.extenders.isEmpty())
        html += QStringLiteral("<p><b>") + tr("Not called here:") + QStringLiteral("</b> ")
            + tr("the configuration's %n extender(s), as kschedviz capacity does not call them: the count is kube-scheduler's without them.",
                 nullptr, int(m_loaded->configuration.extenders.size()))
            + QStringLiteral("</p>");
    if (report.stoppedBy) {
        html += QStringLiteral("<p><b>") + tr("Copy %1 did not fit:").arg(report.fit + 1) + QStringLiteral("</b> ")
            + report.stoppedBy->message.toHtmlEscaped() + QStringLiteral("</p>");
    }
    QList<std::pair<QString, QString>> zones;
    for (const auto& [zone, copies] : report.zones)
        zones.append({zoneName(zone), QString::number(copies)});
    QList<std::pair<QString, QString>> nodes;
    for (const auto& [node, copies] : report.nodes)
        nodes.append({node, QString::number(copies)});
    if (!report.nodes.isEmpty())
        html += tableOf(tr("Zone"), tr("Copies"), zones) + QStringLiteral("<br>") + tableOf(tr("Node"), tr("Copies"), nodes);
    if (report.stoppedBy) {
        QList<std::pair<QString, QString>> verdicts;
        for (const ExplainNode& node : report.stoppedBy->nodes) {
            QString verdict = node.code;
            if (!node.plugin.isEmpty())
                verdict += QStringLiteral(" (") + node.plugin + QStringLiteral(": ") + node.reasons.join(QStringLiteral("; ")) + QLatin1Char(')');
            verdicts.append({node.name, verdict});
        }
        html += QStringLiteral("<p><b>") + tr("The copy that did not fit, node by node") + QStringLiteral("</b></p>")
            + tableOf(tr("Node"), tr("Verdict"), verdicts);
    }
    m_results->setHtml(html);
    Q_EMIT estimated(report.pod, copiesByNode(report));
}

void CapacityPanel::showError(const QString& message)
{
    m_error = message;
    m_heading->setText(message.toHtmlEscaped());
    m_results->clear();
}

QString CapacityPanel::text() const
{
    return m_heading->text() + QLatin1Char('\n') + m_results->toPlainText();
}

} // namespace ksv
