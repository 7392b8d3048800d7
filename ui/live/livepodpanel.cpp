#include "livepodpanel.h"

#include "explainnodesmodel.h"
#include "format.h"
#include "shadowcomparison.h"

#include <QDateTime>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

namespace ksv {

namespace {

struct ExplainOutcome
{
    ExplainReport report;
    QString error;
};

ExplainOutcome explainNow(std::shared_ptr<const client::LiveFrame> frame, config::KubeSchedulerConfiguration configuration, QString key)
{
    ExplainOutcome outcome;
    const Pod* pod = frame->pod(key);
    if (!pod) {
        outcome.error = QObject::tr("%1 is not in the cluster now").arg(key);
        return outcome;
    }
    try {
        const QHash<QString, ExplainReport> reports = explainFirstAttempts(client::scenarioDeciding(*frame->snapshot, *pod), configuration, {key});
        if (const auto it = reports.constFind(key); it != reports.cend())
            outcome.report = *it;
        else if (!pod->schedulingGates.isEmpty())
            outcome.error = QObject::tr("no attempt: the pod waits on its scheduling gates (%1)").arg(pod->schedulingGates.join(QStringLiteral(", ")));
        else
            outcome.error = QObject::tr("no attempt: no profile of the configuration handles schedulerName \"%1\"").arg(pod->schedulerName);
    } catch (const std::exception& error) {
        outcome.error = QString::fromLocal8Bit(error.what());
    }
    return outcome;
}

QString ageOf(const Pod& pod, qint64 nowMs)
{
    if (!pod.meta.creationTimestampMs)
        return {};
    return format::duration(qMax<qint64>(0, nowMs - *pod.meta.creationTimestampMs) * 1000000);
}

} // namespace

LivePodPanel::LivePodPanel(QWidget* parent)
    : QWidget(parent)
    , m_title(new QLabel(this))
    , m_cluster(new QLabel(this))
    , m_kschedviz(new QLabel(this))
    , m_verdict(new QLabel(this))
    , m_whatNext(new QPushButton(tr("What next…"), this))
    , m_table(new QTableView(this))
    , m_nodes(new ExplainNodesModel(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    auto* top = new QHBoxLayout;
    m_title->setTextFormat(Qt::RichText);
    top->addWidget(m_title, 1);
    m_whatNext->setToolTip(tr("kschedviz's full placement of this pod on the cluster as it is now, in a window of its own: nothing is created"));
    auto* paste = new QPushButton(tr("Paste a Pod…"), this);
    paste->setToolTip(tr("Place a pod given as YAML on the cluster as it is now, without creating it"));
    top->addWidget(m_whatNext);
    top->addWidget(paste);
    layout->addLayout(top);
    // The words above, the nodes below, the split the user's: on a small screen the messages scroll.
    auto* words = new QWidget(this);
    auto* wordsLayout = new QVBoxLayout(words);
    wordsLayout->setContentsMargins(0, 0, 0, 0);
    for (QLabel* label : {m_cluster, m_kschedviz, m_verdict}) {
        label->setWordWrap(true);
        label->setTextFormat(Qt::RichText);
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
        wordsLayout->addWidget(label);
    }
    wordsLayout->addStretch(1);
    auto* wordsArea = new QScrollArea(this);
    wordsArea->setWidget(words);
    wordsArea->setWidgetResizable(true);
    wordsArea->setFrameShape(QFrame::NoFrame);
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(wordsArea);
    m_table->setModel(m_nodes);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(false);
    const QFontMetrics metrics = fontMetrics();
    m_table->horizontalHeader()->resizeSection(ExplainNodesModel::NodeColumn, metrics.horizontalAdvance(QStringLiteral("worker-node-name-12 (chosen)")));
    m_table->horizontalHeader()->resizeSection(ExplainNodesModel::VerdictColumn, metrics.horizontalAdvance(QStringLiteral("UnschedulableAndUnresolvable")));
    m_table->horizontalHeader()->resizeSection(ExplainNodesModel::PluginColumn, metrics.horizontalAdvance(QStringLiteral("NodeResourcesFit__")));
    m_table->horizontalHeader()->resizeSection(ExplainNodesModel::ReasonsColumn, metrics.horizontalAdvance(QStringLiteral("node(s) had untolerated taint {dedicated: gpu}")));
    split->addWidget(m_table);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    layout->addWidget(split, 1);
    connect(m_whatNext, &QPushButton::clicked, this, [this] {
        if (!m_key.isEmpty())
            Q_EMIT whatNextRequested(m_key);
    });
    connect(paste, &QPushButton::clicked, this, &LivePodPanel::pasteRequested);
    showPod({});
}

void LivePodPanel::showFrame(std::shared_ptr<const client::LiveFrame> frame)
{
    m_frame = std::move(frame);
    refreshCluster();
    if (!m_key.isEmpty() && m_frame && m_frame->snapshotVersion != m_explainedVersion)
        explain();
}

void LivePodPanel::showPod(const QString& key)
{
    if (key == m_key && !key.isEmpty())
        return;
    m_key = key;
    m_attempt = {};
    m_nodes->setReport({});
    m_kschedviz->clear();
    m_verdict->clear();
    m_whatNext->setEnabled(!key.isEmpty());
    refreshCluster();
    if (!key.isEmpty())
        explain();
}

void LivePodPanel::refreshCluster()
{
    m_clusterMessage.clear();
    m_clusterNode.clear();
    if (m_key.isEmpty()) {
        m_title->setText(tr("<b>No pod selected.</b> Select a pending pod in the queue lanes, the heatmap or the Agreement panel."));
        m_cluster->clear();
        return;
    }
    const Pod* pod = m_frame ? m_frame->pod(m_key) : nullptr;
    if (!pod) {
        m_title->setText(tr("<b>%1</b> is no longer in the cluster.").arg(m_key.toHtmlEscaped()));
        m_cluster->clear();
        return;
    }
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    const QString age = ageOf(*pod, now);
    QString title = QStringLiteral("<b>%1</b>").arg(m_key.toHtmlEscaped());
    if (pod->nodeName.isEmpty())
        title += tr(" · pending") + (age.isEmpty() ? QString() : tr(" for %1").arg(age));
    else
        title += tr(" · bound to %1").arg(pod->nodeName.toHtmlEscaped());
    if (!pod->schedulingGates.isEmpty())
        title += tr(" · gated by %1").arg(pod->schedulingGates.join(QStringLiteral(", ")).toHtmlEscaped());
    m_title->setText(title);

    QStringList lines;
    m_clusterNode = pod->nodeName;
    for (const PodCondition& condition : pod->conditions) {
        if (condition.type == QLatin1String("PodScheduled") && condition.status != QLatin1String("True")) {
            lines.append(tr("PodScheduled %1 (%2): %3").arg(condition.status, condition.reason, condition.message.toHtmlEscaped()));
            m_clusterMessage = condition.message;
        }
    }
    const client::SchedulingEvent* latest = nullptr;
    for (const client::SchedulingEvent& event : m_frame->events) {
        if (event.reason != client::SchedulingEvent::Reason::FailedScheduling || event.namespace_ != pod->meta.namespace_
            || event.name != pod->meta.name || (!event.uid.isEmpty() && event.uid != pod->meta.uid))
            continue;
        if (!latest || event.lastTimestamp > latest->lastTimestamp)
            latest = &event;
    }
    if (latest) {
        lines.append(tr("Last FailedScheduling (%n time(s), last at %1): %2", nullptr, latest->count)
                         .arg(latest->lastTimestamp.toLocalTime().toString(QStringLiteral("HH:mm:ss")), latest->message.toHtmlEscaped()));
        if (m_clusterMessage.isEmpty())
            m_clusterMessage = latest->message;
    }
    if (lines.isEmpty())
        lines.append(pod->nodeName.isEmpty() ? tr("no word from the scheduler yet") : tr("bound to %1").arg(pod->nodeName.toHtmlEscaped()));
    m_cluster->setText(tr("<b>Cluster:</b> ") + lines.join(QStringLiteral("<br>")));
    compare();
}

void LivePodPanel::explain()
{
    if (!m_frame || !m_frame->snapshot)
        return;
    const quint64 generation = ++m_generation;
    m_explainedVersion = m_frame->snapshotVersion;
    if (m_attempt.pod.isEmpty())
        m_kschedviz->setText(tr("<b>kschedviz:</b> deciding on the cluster as it is now…"));
    auto* watcher = new QFutureWatcher<ExplainOutcome>(this);
    connect(watcher, &QFutureWatcher<ExplainOutcome>::finished, this, [this, watcher, generation] {
        watcher->deleteLater();
        if (generation != m_generation)
            return; // another pod or a newer snapshot asked since
        const ExplainOutcome outcome = watcher->result();
        if (!outcome.error.isEmpty()) {
            m_attempt = {};
            m_nodes->setReport({});
            m_kschedviz->setText(tr("<b>kschedviz:</b> ") + outcome.error.toHtmlEscaped());
            m_verdict->clear();
        } else {
            showAttempt(outcome.report);
        }
        Q_EMIT explained();
    });
    watcher->setFuture(QtConcurrent::run(explainNow, m_frame, m_configuration, m_key));
}

void LivePodPanel::showAttempt(const ExplainReport& report)
{
    m_attempt = report;
    m_nodes->setReport(report);
    m_kschedviz->setText(tr("<b>kschedviz now:</b> %1 — %2").arg(client::describePrediction(report).toHtmlEscaped(), report.message.toHtmlEscaped()));
    compare();
}

void LivePodPanel::compare()
{
    m_differs = false;
    if (m_attempt.pod.isEmpty()) {
        m_verdict->clear();
        return;
    }
    client::ShadowObservation observed;
    if (!m_clusterNode.isEmpty())
        observed = {client::ShadowObservation::Kind::Bound, m_clusterNode, {}, QStringLiteral("nodeName")};
    else if (!m_clusterMessage.isEmpty())
        observed = {client::ShadowObservation::Kind::Unschedulable, {}, m_clusterMessage, QStringLiteral("FailedScheduling event")};
    const client::ShadowComparison comparison = client::compare(m_attempt, observed);
    if (comparison.outcome == client::ShadowComparison::Outcome::Undecided) {
        m_verdict->setText(tr("The cluster's scheduler has not said anything about this pod yet."));
        return;
    }
    m_differs = !comparison.agree;
    m_verdict->setText(m_differs ? tr("<span style=\"color:#c0392b\"><b>⚠ Differs:</b></span> %1").arg(comparison.why.toHtmlEscaped())
                                 : tr("<span style=\"color:#2e8b57\"><b>✓ Agrees</b></span>%1")
                                       .arg(comparison.why.isEmpty() ? QString() : QStringLiteral(": ") + comparison.why.toHtmlEscaped()));
}

} // namespace ksv
