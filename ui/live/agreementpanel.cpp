#include "agreementpanel.h"

#include "agreementmodel.h"

#include <QCheckBox>
#include <QFile>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonDocument>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSaveFile>
#include <QSplitter>
#include <QTableView>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace ksv {

AgreementPanel::AgreementPanel(QWidget* parent)
    : QWidget(parent)
    , m_model(new AgreementModel(this))
    , m_summary(new QLabel(this))
    , m_disagreementsOnly(new QCheckBox(tr("Disagreements only"), this))
    , m_table(new QTableView(this))
    , m_details(new QTextBrowser(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::RichText);
    layout->addWidget(m_summary);
    auto* row = new QHBoxLayout;
    row->addWidget(m_disagreementsOnly);
    row->addStretch(1);
    auto* csv = new QPushButton(tr("Export CSV…"), this);
    auto* json = new QPushButton(tr("Export JSON…"), this);
    row->addWidget(csv);
    row->addWidget(json);
    layout->addLayout(row);

    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    // Fixed starting widths: measuring every row's contents would cost O(pods) on every change.
    const QFontMetrics metrics = fontMetrics();
    for (const auto& [column, sample] : {std::pair {AgreementModel::PodColumn, "default/a-fairly-long-pod-name"},
                                         std::pair {AgreementModel::VerdictColumn, "undecided__"},
                                         std::pair {AgreementModel::ClusterColumn, "bound to node-name-long"},
                                         std::pair {AgreementModel::KschedvizColumn, "bound to node-name-long"}})
        m_table->horizontalHeader()->resizeSection(column, metrics.horizontalAdvance(QLatin1String(sample)));
    m_table->setWordWrap(false);
    m_details->setOpenLinks(false);
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_table);
    split->addWidget(m_details);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    layout->addWidget(split, 1);

    connect(m_disagreementsOnly, &QCheckBox::toggled, m_model, &AgreementModel::setDisagreementsOnly);
    connect(m_table, &QTableView::activated, this, [this](const QModelIndex& index) {
        if (const client::ShadowPod* pod = m_model->podAt(index.row()))
            Q_EMIT podActivated(pod->key);
    });
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) { showDetails(m_model->podAt(current.row())); });
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] { showDetails(nullptr); });
    connect(csv, &QPushButton::clicked, this, [this] { exportWithDialog(Format::Csv); });
    connect(json, &QPushButton::clicked, this, [this] { exportWithDialog(Format::Json); });
    showDetails(nullptr);
}

void AgreementPanel::showFrame(const client::LiveFrame& frame, const QString& configuration)
{
    m_pods = frame.shadow;
    m_session = frame.agreement;
    m_recent = frame.recent;
    m_context = {frame.server, frame.context, configuration};
    const QString selected = [this] {
        const client::ShadowPod* pod = m_model->podAt(m_table->currentIndex().row());
        return pod ? pod->key : QString();
    }();
    m_model->setPods(frame.shadow);
    for (int row = 0; row < m_model->rowCount() && !selected.isEmpty(); ++row) {
        if (m_model->podAt(row)->key == selected) {
            m_table->setCurrentIndex(m_model->index(row, 0));
            break;
        }
    }
    const int undecided = int(std::count_if(m_pods.cbegin(), m_pods.cend(), [](const client::ShadowPod& pod) { return !client::isDecided(pod); }));
    // A rate of nothing is no rate: 0 of 0 says "none decided yet", not 100%.
    const auto rate = [](const client::ShadowAgreement& agreement) -> QString {
        return agreement.total == 0 ? tr("none decided yet")
                                    : tr("%1 of %2 pods (%3)").arg(agreement.agreed).arg(agreement.total).arg(client::percent(agreement));
    };
    m_summary->setText(tr("<b>Agreement with the cluster's scheduler: %1</b> over the session · last 100: %2 · %3 undecided · "
                          "configuration: %4")
                           .arg(rate(m_session), rate(m_recent))
                           .arg(undecided)
                           .arg(configuration.toHtmlEscaped()));
}

void AgreementPanel::showDetails(const client::ShadowPod* pod)
{
    if (!pod) {
        m_details->setHtml(tr("<p>Select a pod to see why kschedviz agrees or not; double-click it to explain it node by node.</p>"
                              "<p>A disagreement may come from: another scheduler version, another profile or plugins, out-of-tree "
                              "plugins, extenders, nominated pods, or changes racing the decision.</p>"));
        return;
    }
    QString html = QStringLiteral("<p><b>%1</b>: %2</p>").arg(pod->key.toHtmlEscaped(), pod->comparison.why.toHtmlEscaped());
    html += tr("<p>Cluster: %1<br>kschedviz: %2</p>")
                .arg(client::describe(pod->observed).toHtmlEscaped(), client::describePrediction(pod->prediction).toHtmlEscaped());
    if (!pod->comparison.plugins.isEmpty()) {
        html += tr("<p>Weighted scores, the cluster's node against kschedviz's:</p><ul>");
        for (const client::PluginDifference& difference : pod->comparison.plugins)
            html += QStringLiteral("<li>%1: %2 against %3</li>").arg(difference.plugin).arg(difference.observed).arg(difference.predicted);
        html += QStringLiteral("</ul>");
    }
    if (!pod->comparison.plugin.isEmpty())
        html += tr("<p>Rejected by %1: %2</p>").arg(pod->comparison.plugin, pod->comparison.reasons.join(QStringLiteral("; ")).toHtmlEscaped());
    const QStringList causes = possibleCauses(pod->comparison.outcome);
    if (!causes.isEmpty()) {
        html += tr("<p>What may explain it:</p><ul>");
        for (const QString& cause : causes)
            html += QStringLiteral("<li>") + cause.toHtmlEscaped() + QStringLiteral("</li>");
        html += QStringLiteral("</ul>");
    }
    m_details->setHtml(html);
}

bool AgreementPanel::exportTo(const QString& path, Format format, QString* error) const
{
    const QByteArray bytes = format == Format::Csv
        ? client::shadowReportCsv(m_pods)
        : QJsonDocument(client::shadowReportJson(m_pods, m_session, m_recent, m_context)).toJson(QJsonDocument::Indented);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit()) {
        if (error)
            *error = path + QStringLiteral(": ") + file.errorString();
        return false;
    }
    return true;
}

void AgreementPanel::exportWithDialog(Format format)
{
    const bool csv = format == Format::Csv;
    const QString path = QFileDialog::getSaveFileName(this, csv ? tr("Export Agreement as CSV") : tr("Export Agreement as JSON"),
                                                      csv ? QStringLiteral("agreement.csv") : QStringLiteral("agreement.json"),
                                                      csv ? tr("CSV (*.csv)") : tr("JSON (*.json)"));
    QString error;
    if (!path.isEmpty() && !exportTo(path, format, &error))
        QMessageBox::critical(this, tr("Cannot export"), error);
}

} // namespace ksv
