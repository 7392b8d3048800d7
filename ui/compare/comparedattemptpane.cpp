#include "comparedattemptpane.h"

#include "comparedattemptmodel.h"
#include "run.h"
#include "sidebyside.h"
#include "tableviews.h"
#include "viewrefresh.h"
#include "viewstate.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

namespace ksv {

ComparedAttemptPane::ComparedAttemptPane(SideBySide* sideBySide, QWidget* parent)
    : QWidget(parent)
    , m_sideBySide(sideBySide)
    , m_model(new ComparedAttemptModel(this))
    , m_proxy(new QSortFilterProxyModel(this))
    , m_refresh(new ViewRefresh(this, sideBySide->otherView(), 100, [this] { refresh(); }))
{
    m_heading = new QLabel(this);
    m_heading->setWordWrap(true);
    m_heading->setTextFormat(Qt::RichText);
    m_heading->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_differingOnly = new QCheckBox(tr("Only nodes that differ"), this);
    m_differingOnly->setChecked(true);
    m_model->setDifferingOnly(true);
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(ComparedAttemptModel::SortRole);
    m_view = new QTableView(this);
    setUniformRows(m_view);
    m_view->setModel(m_proxy);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(ComparedAttemptModel::ScoreHereColumn, Qt::DescendingOrder);
    m_view->horizontalHeader()->setStretchLastSection(false);
    m_view->horizontalHeader()->setSectionResizeMode(ComparedAttemptModel::DifferencesColumn, QHeaderView::Stretch);
    for (const int column : {ComparedAttemptModel::NodeColumn, ComparedAttemptModel::VerdictHereColumn, ComparedAttemptModel::VerdictThereColumn,
                             ComparedAttemptModel::ScoreHereColumn, ComparedAttemptModel::ScoreThereColumn})
        m_view->horizontalHeader()->setSectionResizeMode(column, QHeaderView::ResizeToContents);

    auto* bar = new QHBoxLayout;
    bar->addWidget(m_heading, 1);
    bar->addWidget(m_differingOnly, 0, Qt::AlignTop);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(m_view, 1);

    connect(m_differingOnly, &QCheckBox::toggled, m_model, &ComparedAttemptModel::setDifferingOnly);
    // The other view follows the window's cursor and selection, so its changes come last.
    connect(sideBySide->otherView(), &ViewState::cursorChanged, m_refresh, &ViewRefresh::request);
    connect(sideBySide->otherView(), &ViewState::selectionChanged, m_refresh, &ViewRefresh::request);
    // The window's own changes too: a selection that maps to the same one there changes nothing there.
    connect(sideBySide->shownView(), &ViewState::cursorChanged, m_refresh, &ViewRefresh::request);
    connect(sideBySide->shownView(), &ViewState::selectionChanged, m_refresh, &ViewRefresh::request);
    // A new run may live where the old one did: nothing read from the old one is kept.
    connect(sideBySide, &SideBySide::otherRunChanged, this, [this] {
        m_shown = {};
        m_model->clear();
        m_refresh->request();
    });
    connect(sideBySide, &SideBySide::shownRunChanged, this, [this] {
        m_shown = {};
        m_model->clear();
        m_refresh->request();
    });
    connect(m_view, &QTableView::doubleClicked, this, [this](const QModelIndex& index) {
        const qint32 node = index.data(ComparedAttemptModel::NodeRole).toInt();
        if (node >= 0)
            selectNode(*m_sideBySide->shownView(), m_sideBySide->shownRun(), node);
    });
}

ComparedAttemptPane::~ComparedAttemptPane() = default;

QString ComparedAttemptPane::headingText() const
{
    return m_heading->text();
}

namespace {

// An attempt read up to the cursor, or to its end once over: the same span gives the same rows.
ComparedAttemptModel::Side sideOf(const Run& run, qint32 cycle)
{
    qsizetype end = run.position();
    if (cycle >= 0 && size_t(cycle) < run.index().cycles().size() && run.index().cycles()[size_t(cycle)].endEvent >= 0)
        end = std::min<qsizetype>(end, run.index().cycles()[size_t(cycle)].endEvent + 1);
    return {&run.index(), cycle, end};
}

} // namespace

void ComparedAttemptPane::refresh()
{
    m_refresh->markRefreshed();
    const Run* here = m_sideBySide->shownRun();
    const Run* there = m_sideBySide->otherRun();
    const qint32 pod = here ? m_sideBySide->shownView()->selectedPod() : -1;
    if (!there || pod < 0) {
        m_shown = {};
        m_model->clear();
        m_heading->setText(there ? tr("Select a pod to compare its attempt here with its attempt in %1, node by node.")
                                         .arg(m_sideBySide->other().label.toHtmlEscaped())
                                 : QString());
        return;
    }
    const ComparedAttemptModel::Side a = sideOf(*here, m_sideBySide->shownView()->selectedCycle());
    const ComparedAttemptModel::Side b = sideOf(*there, m_sideBySide->otherView()->selectedCycle());
    const Shown shown {here, there, a.cycle, a.end, b.cycle, b.end};
    if (shown != m_shown) {
        m_shown = shown;
        m_model->setAttempts(a, b);
    }
    const QString podKey = here->index().catalogue().podKey(pod).toHtmlEscaped();
    m_heading->setText(tr("<b>%1</b> — here: %2<br>in %3: %4<br>%5")
                           .arg(podKey, m_model->outcomeHere().toHtmlEscaped(), m_sideBySide->other().label.toHtmlEscaped(),
                                m_model->outcomeThere().toHtmlEscaped(),
                                m_sideBySide->otherPod(pod) < 0 ? tr("The other run has no such pod.")
                                                                : tr("%n node(s) differ.", nullptr, m_model->differingCount())));
}

} // namespace ksv
