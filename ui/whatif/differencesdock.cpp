#include "differencesdock.h"

#include "comparejob.h"
#include "differencesmodel.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTableWidget>
#include <QVBoxLayout>

namespace ksv {

namespace {

QString percent(qint64 part, qint64 whole)
{
    return whole > 0 ? QString::number(100.0 * double(part) / double(whole), 'f', 1) + QLatin1Char('%') : QStringLiteral("–");
}

QString seconds(double value)
{
    return QString::number(value, 'f', 3) + QStringLiteral(" s");
}

} // namespace

DifferencesDock::DifferencesDock(QWidget* parent)
    : QWidget(parent)
    , m_status(new QLabel(this))
    , m_summary(new QTableWidget(0, 2, this))
    , m_model(new DifferencesModel(this))
    , m_proxy(new QSortFilterProxyModel(this))
    , m_table(new QTableView(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    m_status->setWordWrap(true);
    layout->addWidget(m_status);
    auto* row = new QHBoxLayout;
    m_summary->setHorizontalHeaderLabels({tr("Before"), tr("After")});
    m_summary->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_summary->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_summary->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_summary->setSelectionMode(QAbstractItemView::NoSelection);
    m_summary->setMinimumWidth(m_summary->fontMetrics().horizontalAdvance(QStringLiteral("Unschedulable attempts 0000000 0000000")) + 40);
    row->addWidget(m_summary);
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(DifferencesModel::SortRole);
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(DifferencesModel::PodColumn, Qt::AscendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(false);
    m_table->setToolTip(tr("Double-click a pod to select it in every view"));
    row->addWidget(m_table, 1);
    layout->addLayout(row, 1);
    connect(m_table, &QTableView::activated, this, [this](const QModelIndex& index) {
        if (index.isValid())
            Q_EMIT podActivated(m_proxy->data(index, DifferencesModel::PodKeyRole).toString());
    });
    setStatus(tr("Edit the scenario or its configuration (the What-if Editor): this compares the run as loaded with the run edited."));
}

void DifferencesDock::setStatus(const QString& text)
{
    m_status->setText(text);
}

void DifferencesDock::clear(const QString& status)
{
    setStatus(status);
    m_model->setDifferences({});
    m_summary->setRowCount(0);
}

void DifferencesDock::showComparison(const RunComparison& comparison, const QString& status)
{
    if (!comparison.error.isEmpty()) {
        clear(tr("The runs could not be compared: %1").arg(comparison.error));
        return;
    }
    setStatus(status);
    m_model->setDifferences(comparison.differences);
    m_table->resizeColumnsToContents();
    const RunSummary& a = comparison.before;
    const RunSummary& b = comparison.after;
    QList<std::tuple<QString, QString, QString>> rows {
        {tr("Scheduled"), QString::number(a.scheduled), QString::number(b.scheduled)},
        {tr("Not scheduled"), QString::number(a.notScheduled), QString::number(b.notScheduled)},
        {tr("Attempts"), QString::number(a.attempts), QString::number(b.attempts)},
        {tr("Unschedulable attempts"), QString::number(a.unschedulableAttempts), QString::number(b.unschedulableAttempts)},
        {tr("Latency p50"), seconds(a.latencyP50), seconds(b.latencyP50)},
        {tr("Latency p99"), seconds(a.latencyP99), seconds(b.latencyP99)},
        {tr("Preemptions (victims)"), QStringLiteral("%1 (%2)").arg(a.preemptions).arg(a.victims), QStringLiteral("%1 (%2)").arg(b.preemptions).arg(b.victims)},
        {tr("Nodes used"), QStringLiteral("%1 of %2").arg(a.nodesUsed).arg(a.nodes), QStringLiteral("%1 of %2").arg(b.nodesUsed).arg(b.nodes)},
        {tr("Zone skew"), QString::number(a.zoneSkew), QString::number(b.zoneSkew)},
    };
    for (const ResourceUse& use : a.utilisation) {
        qint64 requestedAfter = 0;
        qint64 allocatableAfter = 0;
        for (const ResourceUse& other : b.utilisation) {
            if (other.resource == use.resource) {
                requestedAfter = other.requested;
                allocatableAfter = other.allocatable;
            }
        }
        rows.append({tr("%1 requested").arg(use.resource), percent(use.requested, use.allocatable), percent(requestedAfter, allocatableAfter)});
    }
    m_summary->setRowCount(int(rows.size()));
    QStringList labels;
    for (int i = 0; i < rows.size(); ++i) {
        const auto& [label, before, after] = rows[i];
        labels << label;
        auto* left = new QTableWidgetItem(before);
        auto* right = new QTableWidgetItem(after);
        for (QTableWidgetItem* item : {left, right})
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        if (before != after) { // what changed stands out
            QFont bold = right->font();
            bold.setBold(true);
            right->setFont(bold);
        }
        m_summary->setItem(i, 0, left);
        m_summary->setItem(i, 1, right);
    }
    m_summary->setVerticalHeaderLabels(labels);
}

} // namespace ksv
