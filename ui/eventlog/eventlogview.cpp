#include "eventlogview.h"

#include "eventlogmodel.h"
#include "rowtable.h"
#include "run.h"
#include "viewrefresh.h"
#include "viewstate.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenu>
#include <QScrollBar>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

namespace ksv {

using trace::EventKind;

EventLogView::EventLogView(ViewState* viewState, QWidget* parent)
    : QWidget(parent)
    , m_viewState(viewState)
    , m_model(new EventLogModel(nullptr, this))
    , m_searchDelay(new QTimer(this))
    // While playing, the log scrolls 20 times a second: as readable as 60, and each repaint of a
    // full table costs several milliseconds.
    , m_refresh(new ViewRefresh(this, viewState, 50, [this] { m_model->setLimit(cursor()); }))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->setSpacing(4);

    auto* bar = new QHBoxLayout;
    m_search = new QLineEdit(this);
    m_search->setPlaceholderText(tr("Search pods, nodes, plugins, causes, reasons, messages…"));
    m_search->setClearButtonEnabled(true);
    bar->addWidget(m_search, 1);

    m_kinds = new QToolButton(this);
    m_kinds->setPopupMode(QToolButton::InstantPopup);
    m_kinds->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_kindMenu = new QMenu(m_kinds);
    m_kindMenu->setToolTipsVisible(true);
    m_kindMenu->addAction(tr("All kinds"), this, [this] { m_model->setKinds(EventLogModel::allKinds); });
    m_kindMenu->addSeparator();
    for (int kind = 0; kind < EventLogModel::kindCount; ++kind) {
        QAction* action = m_kindMenu->addAction(trace::toString(static_cast<EventKind>(kind)));
        action->setCheckable(true);
        action->setData(kind);
        if (kind == int(EventKind::FilterNodes))
            action->setToolTip(tr("One row a cycle: every node's Filter verdict (the inspector lists them node by node)"));
        if (kind == int(EventKind::ScoreNodes))
            action->setToolTip(tr("One row a cycle: every Score plugin's score of every node (the inspector lists them node by node)"));
        connect(action, &QAction::toggled, this, [this, kind](bool on) { m_model->setKindEnabled(static_cast<EventKind>(kind), on); });
    }
    m_kinds->setMenu(m_kindMenu);
    bar->addWidget(m_kinds);

    m_podOnly = new QCheckBox(tr("Selected pod only"), this);
    bar->addWidget(m_podOnly);
    m_count = new QLabel(this);
    m_count->setMinimumWidth(m_count->fontMetrics().horizontalAdvance(QStringLiteral("0,000,000 of 0,000,000 events")));
    m_count->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    bar->addWidget(m_count);
    layout->addLayout(bar);

    m_view = new RowTable(this);
    m_view->setModel(m_model);
    const auto textWidth = [this](const char* sample) { return m_view->fontMetrics().horizontalAdvance(QString::fromUtf8(sample)) + 18; };
    m_view->setColumnWidth(EventLogModel::TimeColumn, textWidth("00:00.000000"));
    m_view->setColumnWidth(EventLogModel::KindColumn, textWidth("ClusterChange"));
    m_view->setColumnWidth(EventLogModel::PodColumn, textWidth("namespace/a-pod-name-of-some-length"));
    m_view->setColumnWidth(EventLogModel::NodeColumn, textWidth("a-node-name-0"));
    m_view->setColumnWidth(EventLogModel::CycleColumn, textWidth("Cycle0"));
    m_view->setColumnWidth(EventLogModel::PluginColumn, textWidth("PreEnqueue · DefaultPreemption"));
    m_view->setColumnWidth(EventLogModel::CodeColumn, textWidth("Unschedulable"));
    layout->addWidget(m_view, 1);

    m_searchDelay->setSingleShot(true);
    m_searchDelay->setInterval(200);
    connect(m_search, &QLineEdit::textChanged, m_searchDelay, qOverload<>(&QTimer::start));
    connect(m_searchDelay, &QTimer::timeout, this, &EventLogView::applySearch);
    connect(m_podOnly, &QCheckBox::toggled, this, &EventLogView::updatePodFilter);

    // Follow the end while the user is there; scrolling up stops it, scrolling back down resumes.
    connect(m_model, &QAbstractItemModel::rowsAboutToBeInserted, this, [this] {
        const QScrollBar* scroll = m_view->verticalScrollBar();
        m_atEnd = scroll->value() >= scroll->maximum();
    });
    connect(m_model, &QAbstractItemModel::rowsInserted, this, [this] {
        if (m_atEnd)
            m_view->scrollToBottom();
        updateCount();
    });
    connect(m_model, &QAbstractItemModel::rowsRemoved, this, &EventLogView::updateCount);
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        updateCount();
        updateKindButton();
        if (m_viewState->isFollowing() || m_viewState->isPlaying())
            m_view->scrollToBottom();
    });

    connect(m_view, &RowTable::currentRowChanged, this, &EventLogView::selectRow);
    connect(m_view, &RowTable::doubleClicked, this, &EventLogView::selectRow);

    connect(m_viewState, &ViewState::cursorChanged, this, &EventLogView::onCursorChanged);
    connect(m_viewState, &ViewState::selectionChanged, this, &EventLogView::onSelectionChanged);
    onRunChanged();
}

EventLogView::~EventLogView() = default;

void EventLogView::setRun(const Run* run)
{
    m_run = run;
    onRunChanged();
}

void EventLogView::applySearch()
{
    m_searchDelay->stop();
    m_model->setSearch(m_search->text());
}

qsizetype EventLogView::cursor() const
{
    return m_run ? m_run->position() : 0;
}

void EventLogView::onRunChanged()
{
    m_model->setIndex(m_run ? &m_run->index() : nullptr);
    updatePodFilter();
    m_model->setLimit(cursor());
    updateCount();
}

void EventLogView::onCursorChanged()
{
    m_refresh->request();
}

void EventLogView::onSelectionChanged()
{
    if (m_podOnly->isChecked())
        updatePodFilter();
}

void EventLogView::updatePodFilter()
{
    m_model->setPodFilter(m_podOnly->isChecked() && m_run ? m_viewState->selectedPod() : -1);
    updateCount();
}

void EventLogView::selectRow(const QModelIndex& index)
{
    if (!index.isValid() || m_selecting)
        return;
    m_selecting = true;
    const qint32 cycle = index.data(EventLogModel::CycleIndexRole).toInt();
    const qint32 pod = index.data(EventLogModel::PodRole).toInt();
    const qint32 node = index.data(EventLogModel::NodeRole).toInt();
    // One row is one step of the history, though it may select a cycle and a node.
    const bool podChosen = (cycle >= 0 && cycle != m_viewState->selectedCycle()) || (cycle < 0 && pod >= 0 && pod != m_viewState->selectedPod());
    if (cycle >= 0 && cycle != m_viewState->selectedCycle())
        selectCycle(*m_viewState, m_run, cycle);
    else if (cycle < 0 && pod >= 0 && pod != m_viewState->selectedPod())
        selectPod(*m_viewState, m_run, pod);
    if (node >= 0 && node != m_viewState->selectedNode())
        selectNode(*m_viewState, m_run, node, !podChosen);
    m_selecting = false;
}

void EventLogView::updateKindButton()
{
    int enabled = 0;
    for (QAction* action : m_kindMenu->actions()) {
        if (!action->isCheckable())
            continue;
        const bool on = m_model->kinds() & EventLogModel::kindBit(static_cast<EventKind>(action->data().toInt()));
        const QSignalBlocker blocker(action);
        action->setChecked(on);
        enabled += on ? 1 : 0;
    }
    m_kinds->setText(tr("Kinds (%1/%2)").arg(enabled).arg(EventLogModel::kindCount));
}

void EventLogView::updateCount()
{
    const QLocale locale;
    QString text = tr("%1 of %2 events").arg(locale.toString(m_model->rowCount()), locale.toString(qlonglong(m_model->scanned())));
    if (m_podOnly->isChecked() && m_model->podFilter() < 0)
        text += tr(" (no pod selected)");
    m_count->setText(text);
}

} // namespace ksv
