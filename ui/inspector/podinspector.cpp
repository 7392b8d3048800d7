#include "podinspector.h"

#include "attempttablemodel.h"
#include "eventtext.h"
#include "run.h"
#include "viewstate.h"
#include "podhistorymodel.h"
#include "tableviews.h"
#include "tracecolors.h"

#include <QCheckBox>
#include <QTabBar>
#include <QTabWidget>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMap>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStackedWidget>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace ksv {

using framework::Code;
using framework::ExtensionPoint;
using trace::EventKind;

namespace {

const QString failureStyle = QStringLiteral("QLabel { background: rgba(200, 40, 40, 28); border: 1px solid rgba(200, 40, 40, 140); "
                                            "border-radius: 3px; padding: 6px; }");
const QString successStyle = QStringLiteral("QLabel { background: rgba(46, 160, 67, 30); border: 1px solid rgba(46, 160, 67, 150); "
                                            "border-radius: 3px; padding: 6px; }");
const QString neutralStyle = QStringLiteral("QLabel { border: 1px solid palette(mid); border-radius: 3px; padding: 6px; }");

QString escaped(const QString& text)
{
    return text.toHtmlEscaped();
}

bool isRejection(Code code)
{
    return code == Code::Error || code == Code::Unschedulable || code == Code::UnschedulableAndUnresolvable;
}

QString locationText(trace::PodLocation location)
{
    return eventtext::location(quint8(location));
}

QString noDetailText()
{
    return PodInspector::tr("This run was recorded without per-node detail (node detail off, as with <tt>--no-node-detail</tt>): the "
                            "trace has no Filter verdict or Score for each node.");
}

} // namespace

PodInspector::PodInspector(ViewState* viewState, QWidget* parent)
    : QWidget(parent)
    , m_viewState(viewState)
    , m_attempt(new AttemptTableModel(nullptr, this))
    , m_attemptProxy(new QSortFilterProxyModel(this))
    , m_history(new PodHistoryModel(nullptr, this))
{
    // No layout of its own: the stack fills the inspector by hand (resizeEvent). The outcome's
    // wrapped text and the history change size as the cursor moves; with a layout each change went
    // up to the dock and the main window, which laid out every dock again. Without one it stops
    // at the stack (see sizeHint()).
    m_stack = new QStackedWidget(this);

    m_placeholder = new QLabel(tr("<p><b>No pod selected.</b></p><p>Select a pod in the queue lanes, the timeline or the event "
                                  "log to see its scheduling attempts node by node: each node's Filter verdict, the plugin "
                                  "that rejected it and why, every Score plugin's share, the node chosen or the "
                                  "FailedScheduling message, and the pod's way through the queues.</p>"),
                               m_stack);
    m_placeholder->setAlignment(Qt::AlignCenter);
    m_placeholder->setWordWrap(true);
    m_placeholder->setMargin(24);
    m_placeholder->setMaximumWidth(640);
    auto* placeholderPage = new QWidget(m_stack);
    auto* placeholderLayout = new QVBoxLayout(placeholderPage);
    placeholderLayout->addWidget(m_placeholder, 0, Qt::AlignCenter);
    m_stack->addWidget(placeholderPage);

    auto* page = new QWidget(m_stack);
    auto* layout = new QVBoxLayout(page);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->setSpacing(6);

    // Who: the pod and where it is at the cursor.
    auto* titleRow = new QHBoxLayout;
    m_title = new QLabel(page);
    QFont titleFont = m_title->font();
    titleFont.setBold(true);
    if (titleFont.pointSizeF() > 0)
        titleFont.setPointSizeF(titleFont.pointSizeF() * 1.25);
    m_title->setFont(titleFont);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_facts = new QLabel(page);
    m_facts->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // Wrapped: on one line the facts set the dock's minimum width past what a 1280-pixel screen
    // leaves the inspector.
    m_facts->setWordWrap(true);
    titleRow->addWidget(m_title);
    titleRow->addSpacing(12);
    titleRow->addWidget(m_facts, 1);
    layout->addLayout(titleRow);

    // Which attempt, and how to read its table.
    auto* attemptRow = new QHBoxLayout;
    attemptRow->addWidget(new QLabel(tr("Attempt:"), page));
    m_previous = new QToolButton(page);
    m_previous->setArrowType(Qt::LeftArrow);
    m_previous->setToolTip(tr("Previous attempt"));
    m_attempts = new QComboBox(page);
    // A fixed width: long attempt descriptions must not widen the dock (and the window with it).
    m_attempts->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_attempts->setMinimumContentsLength(14);
    m_next = new QToolButton(page);
    m_next->setArrowType(Qt::RightArrow);
    m_next->setToolTip(tr("Next attempt"));
    attemptRow->addWidget(m_previous);
    attemptRow->addWidget(m_attempts);
    attemptRow->addWidget(m_next);
    attemptRow->addSpacing(16);
    attemptRow->addWidget(new QLabel(tr("Scores:"), page));
    m_scoreMode = new QComboBox(page);
    m_scoreMode->addItem(tr("Weighted"), int(AttemptTableModel::ScoreMode::Weighted));
    m_scoreMode->addItem(tr("Normalized"), int(AttemptTableModel::ScoreMode::Normalized));
    m_scoreMode->addItem(tr("Raw"), int(AttemptTableModel::ScoreMode::Raw));
    m_scoreMode->setToolTip(tr("What the score columns show: weighted (normalized × weight), normalized (0–100, after "
                                 "NormalizeScore) or raw. Total is always Σ normalized × weight, what selectHost compares."));
    attemptRow->addWidget(m_scoreMode);
    attemptRow->addStretch(1);
    m_nodeFilter = new QLineEdit(page);
    m_nodeFilter->setPlaceholderText(tr("Filter nodes by name"));
    m_nodeFilter->setClearButtonEnabled(true);
    m_nodeFilter->setMaximumWidth(260);
    attemptRow->addWidget(m_nodeFilter);
    m_unevaluated = new QCheckBox(tr("Nodes not evaluated"), page);
    m_unevaluated->setToolTip(tr("Also list the nodes that existed but were not evaluated: the scheduler stops after "
                                 "numFeasibleNodesToFind, and PreFilter may narrow the nodes"));
    attemptRow->addWidget(m_unevaluated);
    layout->addLayout(attemptRow);

    // The attempt's outcome: the FailedScheduling message or the chosen node, then the per-pod
    // extension points.
    m_outcome = new QLabel(page);
    m_outcome->setWordWrap(true);
    m_outcome->setTextFormat(Qt::RichText);
    m_outcome->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_outcome);
    m_points = new QLabel(page);
    m_points->setWordWrap(true);
    m_points->setTextFormat(Qt::RichText);
    m_points->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_points);
    m_noDetail = new QLabel(noDetailText(), page);
    m_noDetail->setWordWrap(true);
    m_noDetail->setStyleSheet(neutralStyle);
    layout->addWidget(m_noDetail);

    auto* splitter = new QSplitter(Qt::Vertical, page);
    m_attemptProxy->setSourceModel(m_attempt);
    m_attemptProxy->setSortRole(AttemptTableModel::SortRole);
    m_attemptProxy->setFilterRole(AttemptTableModel::FilterRole);
    m_attemptProxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_tabs = new QTabWidget(splitter);
    m_tabs->setDocumentMode(true);
    m_attemptView = new QTableView(m_tabs);
    m_tabs->addTab(m_attemptView, tr("This run"));
    m_tabs->tabBar()->hide();
    setUniformRows(m_attemptView);
    m_attemptView->setModel(m_attemptProxy);
    m_attemptView->setSortingEnabled(true);
    // Feasible nodes first, best total on top, as selectHost sees them.
    m_attemptView->sortByColumn(AttemptTableModel::TotalColumn, Qt::DescendingOrder);

    auto* historyPage = new QWidget(splitter);
    auto* historyLayout = new QVBoxLayout(historyPage);
    historyLayout->setContentsMargins(0, 0, 0, 0);
    auto* historyBar = new QHBoxLayout;
    auto* historyTitle = new QLabel(tr("<b>History</b> up to the cursor — click an attempt to show it above"), historyPage);
    m_allResults = new QCheckBox(tr("All plugin results"), historyPage);
    m_allResults->setToolTip(tr("Also list the extension point results that passed or skipped"));
    historyBar->addWidget(historyTitle);
    historyBar->addStretch(1);
    historyBar->addWidget(m_allResults);
    historyLayout->addLayout(historyBar);
    m_historyView = new QTableView(historyPage);
    setUniformRows(m_historyView);
    m_historyView->setModel(m_history);
    m_historyView->horizontalHeader()->setStretchLastSection(false);
    m_historyView->horizontalHeader()->setSectionResizeMode(PodHistoryModel::DetailColumn, QHeaderView::Stretch);
    m_historyView->setColumnWidth(PodHistoryModel::TimeColumn, m_historyView->fontMetrics().horizontalAdvance(QStringLiteral("00:00.000000")) + 16);
    m_historyView->setColumnWidth(PodHistoryModel::WhatColumn, 260);
    m_historyView->setColumnWidth(PodHistoryModel::CycleColumn, 60);
    historyLayout->addWidget(m_historyView);
    splitter->addWidget(m_tabs);
    splitter->addWidget(historyPage);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    layout->addWidget(splitter, 1);
    m_stack->addWidget(page);

    connect(m_viewState, &ViewState::selectionChanged, this, &PodInspector::onSelectionChanged);
    connect(m_viewState, &ViewState::cursorChanged, this, &PodInspector::onCursorChanged);

    connect(m_attempts, &QComboBox::activated, this, [this](int item) {
        const qint32 cycle = m_attempts->itemData(item).toInt();
        if (cycle != m_cycle)
            selectCycle(*m_viewState, m_run, cycle);
    });
    connect(m_previous, &QToolButton::clicked, this, [this] { stepAttempt(-1); });
    connect(m_next, &QToolButton::clicked, this, [this] { stepAttempt(1); });
    connect(m_scoreMode, &QComboBox::currentIndexChanged, this, [this](int item) {
        m_attempt->setScoreMode(static_cast<AttemptTableModel::ScoreMode>(m_scoreMode->itemData(item).toInt()));
    });
    connect(m_nodeFilter, &QLineEdit::textChanged, m_attemptProxy, &QSortFilterProxyModel::setFilterFixedString);
    connect(m_unevaluated, &QCheckBox::toggled, m_attempt, &AttemptTableModel::setShowUnevaluated);
    connect(m_allResults, &QCheckBox::toggled, m_history, &PodHistoryModel::setShowAllPluginResults);
    connect(m_attempt, &AttemptTableModel::summaryChanged, this, &PodInspector::updateSummary);
    connect(m_attempt, &QAbstractItemModel::modelReset, this, &PodInspector::fitAttemptColumns);
    connect(m_attemptView, &QTableView::doubleClicked, this, [this](const QModelIndex& index) {
        const qint32 node = index.data(AttemptTableModel::NodeRole).toInt();
        if (node >= 0)
            selectNode(*m_viewState, m_run, node);
    });
    connect(m_historyView, &QTableView::clicked, this, [this](const QModelIndex& index) {
        const qint32 cycle = index.data(PodHistoryModel::CycleIndexRole).toInt();
        if (cycle >= 0 && cycle != m_cycle)
            selectCycle(*m_viewState, m_run, cycle);
    });

    setRun(nullptr);
}

PodInspector::~PodInspector() = default;


void PodInspector::addPane(QWidget* pane, const QString& title)
{
    // A tab, not a third part of the splitter: at 720 pixels the splitter had room for one row of it.
    m_tabs->addTab(pane, title);
    m_tabs->setTabVisible(m_tabs->count() - 1, false);
}

void PodInspector::setPaneShown(bool shown)
{
    if (!m_tabs || m_tabs->count() < 2)
        return;
    m_tabs->setTabVisible(1, shown);
    m_tabs->tabBar()->setVisible(shown);
    m_tabs->setCurrentIndex(shown ? 1 : 0);
}

bool PodInspector::isPaneShown() const
{
    return m_tabs && m_tabs->count() > 1 && m_tabs->isTabVisible(1);
}

QSize PodInspector::sizeHint() const
{
    return m_stack->sizeHint();
}

QSize PodInspector::minimumSizeHint() const
{
    return m_stack->minimumSizeHint();
}

void PodInspector::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    m_stack->setGeometry(rect());
}

bool PodInspector::isShowingPlaceholder() const
{
    return m_stack->currentIndex() == 0;
}

bool PodInspector::isShowingNoDetailNote() const
{
    return !m_noDetail->isHidden();
}

QString PodInspector::noDetailNote() const
{
    return m_noDetail->text();
}

QString PodInspector::outcomeText() const
{
    return m_outcome->text();
}

qsizetype PodInspector::cursor() const
{
    return m_run ? m_run->position() : 0;
}

void PodInspector::setRun(const Run* run)
{
    m_run = run;
    m_pod = m_cycle = m_latestVisible = -1;
    m_attemptSignature.clear();
    m_attempt->setIndex(m_run ? &m_run->index() : nullptr);
    m_history->setIndex(m_run ? &m_run->index() : nullptr);
    onSelectionChanged();
}

std::vector<qint32> PodInspector::visibleCycles() const
{
    std::vector<qint32> cycles;
    const trace::TraceIndex* index = m_run ? &m_run->index() : nullptr;
    if (!index || m_pod < 0)
        return cycles;
    const qsizetype at = cursor();
    for (const qint32 cycle : index->podCycles(m_pod)) {
        if (index->cycles()[size_t(cycle)].startEvent < at)
            cycles.push_back(cycle);
    }
    return cycles;
}

void PodInspector::onSelectionChanged()
{
    const trace::TraceIndex* index = m_run ? &m_run->index() : nullptr;
    const qint32 pod = index ? m_viewState->selectedPod() : -1;
    m_stack->setCurrentIndex(pod >= 0 ? 1 : 0);
    m_pod = pod;
    m_cycle = pod >= 0 ? m_viewState->selectedCycle() : -1;
    m_history->setPod(pod);
    m_history->setLimit(cursor());
    m_history->setHighlightedCycle(m_cycle);
    m_attempt->setLimit(cursor());
    m_attempt->setCycle(m_cycle);
    const std::vector<qint32> cycles = visibleCycles();
    m_latestVisible = cycles.empty() ? -1 : cycles.back();
    updateHeader();
    updateAttemptSelector();
    updateSummary();
    // The history marks where the shown attempt starts.
    const int row = m_history->rowOfCycleStart(m_cycle);
    if (row >= 0) {
        m_historyView->selectionModel()->setCurrentIndex(m_history->index(row, 0),
                                                         QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        m_historyView->scrollTo(m_history->index(row, 0));
    } else {
        m_historyView->selectionModel()->clear();
    }
}

void PodInspector::onCursorChanged()
{
    if (m_pod < 0)
        return;
    const qsizetype at = cursor();
    const std::vector<qint32> cycles = visibleCycles();
    const qint32 latest = cycles.empty() ? -1 : cycles.back();
    // Keep showing the latest attempt while it is the one shown: a new attempt replaces it as the
    // cursor reaches it, and going back before the shown attempt falls back to the latest then.
    const bool shownIsLatest = m_cycle == m_latestVisible;
    const bool shownInFuture = m_cycle >= 0 && std::find(cycles.cbegin(), cycles.cend(), m_cycle) == cycles.cend();
    m_latestVisible = latest;
    if ((shownIsLatest || shownInFuture) && latest != m_cycle) {
        // Following the cursor, not a choice of the user's: nothing for the history.
        if (latest >= 0)
            selectCycle(*m_viewState, m_run, latest, false); // re-enters onSelectionChanged
        else
            selectPod(*m_viewState, m_run, m_pod, false);
        if (m_viewState->selectedCycle() != m_cycle)
            return;
    }
    m_history->setLimit(at);
    m_attempt->setLimit(at); // emits summaryChanged when the rows change
    updateHeader();
    updateAttemptSelector();
}

void PodInspector::updateHeader()
{
    const trace::TraceIndex* index = m_run ? &m_run->index() : nullptr;
    if (!index || m_pod < 0)
        return;
    const trace::ReplayCatalogue& catalogue = index->catalogue();
    m_title->setText(catalogue.podKey(m_pod));
    const trace::ReplayState& state = m_run->state();
    if (size_t(m_pod) >= state.pods.size())
        return;
    const trace::PodRow& row = state.pods[size_t(m_pod)];
    QStringList facts;
    QString where = locationText(row.location);
    if (row.node >= 0)
        where += (row.location == trace::PodLocation::Bound ? tr(" on ") : tr(" → ")) + catalogue.nodeName(row.node);
    facts << tr("<b>%1</b> since %2").arg(escaped(where), eventtext::time(row.since));
    if (row.nominatedNode >= 0 && row.location != trace::PodLocation::Bound)
        facts << tr("nominated to %1").arg(escaped(catalogue.nodeName(row.nominatedNode)));
    facts << tr("%n attempt(s)", nullptr, row.attempts);
    facts << tr("priority %1").arg(row.priority);
    if (row.cause >= 0 && row.location != trace::PodLocation::Bound)
        facts << tr("last move: %1").arg(escaped(index->trace().string(row.cause)));
    const QString text = facts.join(QStringLiteral(" &nbsp;·&nbsp; "));
    if (m_facts->text() != text)
        m_facts->setText(text);
}

void PodInspector::updateAttemptSelector()
{
    const trace::TraceIndex* index = m_run ? &m_run->index() : nullptr;
    const std::vector<qint32> cycles = visibleCycles();
    const qsizetype at = cursor();
    QStringList items;
    for (const qint32 cycle : cycles) {
        const trace::CycleRecord& record = index->cycles()[size_t(cycle)];
        QString result;
        if (record.endEvent < 0 || record.endEvent >= at)
            result = tr("in progress");
        else if (record.code == quint8(Code::Success))
            result = tr("chose %1").arg(record.node >= 0 ? index->catalogue().nodeName(record.node) : QString());
        else
            result = eventtext::code(record.code);
        items << tr("#%1  at %2  —  %3").arg(record.attempt).arg(eventtext::time(record.start), result);
    }
    const QString signature = items.join(QLatin1Char('\n')) + QLatin1Char('|') + QString::number(m_cycle);
    if (signature != m_attemptSignature) {
        m_attemptSignature = signature;
        const QSignalBlocker blocker(m_attempts);
        m_attempts->clear();
        for (size_t i = 0; i < cycles.size(); ++i)
            m_attempts->addItem(items[qsizetype(i)], cycles[i]);
        if (cycles.empty())
            m_attempts->addItem(tr("no attempt yet at the cursor"), -1);
        m_attempts->setCurrentIndex(std::max(0, m_attempts->findData(m_cycle)));
    }
    const auto shown = std::find(cycles.cbegin(), cycles.cend(), m_cycle);
    m_previous->setEnabled(shown != cycles.cend() && shown != cycles.cbegin());
    m_next->setEnabled(shown != cycles.cend() && shown + 1 != cycles.cend());
    m_attempts->setEnabled(!cycles.empty());
}

void PodInspector::stepAttempt(int delta)
{
    const std::vector<qint32> cycles = visibleCycles();
    const auto at = std::find(cycles.cbegin(), cycles.cend(), m_cycle);
    if (at == cycles.cend())
        return;
    const auto target = (at - cycles.cbegin()) + delta;
    if (target >= 0 && size_t(target) < cycles.size())
        selectCycle(*m_viewState, m_run, cycles[size_t(target)]);
}

void PodInspector::setOutcomeStyle(const QString& style)
{
    // Setting a style sheet polishes the label again (fonts, palette, size hints) even when it is
    // the same sheet.
    if (m_outcome->styleSheet() != style)
        m_outcome->setStyleSheet(style);
}

void PodInspector::updateSummary()
{
    const QString red = tracecolors::failure().name();
    const QString amber = tracecolors::caution().name();
    const trace::CycleRecord* record = m_attempt->record();
    const bool noDetail = record && m_attempt->isStarted() && m_attempt->isFinished() && !m_attempt->hasNodeDetail() && m_attempt->evaluated() > 0;
    if (noDetail && m_run->trace().nodeDetailCutOff(record->cycle))
        m_noDetail->setText(tr("Per-node detail stopped at cycle %1, when the run had spent its memory budget for it: this attempt's "
                               "Filter verdict and Score for each node are not in the trace. Earlier attempts have them.")
                                .arg(m_run->trace().nodeDetailCutoff()));
    else if (noDetail)
        m_noDetail->setText(noDetailText());
    m_noDetail->setVisible(noDetail);
    if (!record || !m_attempt->isStarted()) {
        setOutcomeStyle(neutralStyle);
        m_outcome->setText(m_pod >= 0 && visibleCycles().empty() ? tr("The pod has not been through a scheduling cycle at the cursor.")
                                                                   : tr("No attempt selected."));
        m_points->clear();
        return;
    }

    // Composed first and set once: each setText of rich text lays the label out again.
    QString outcome;
    const QString counts = tr("evaluated <b>%1</b> · feasible <b>%2</b>");
    // What the later extension points and the binding cycle did to a cycle that chose a node.
    QString later;
    for (const auto& result : m_attempt->pluginResults()) {
        if (result.point >= ExtensionPoint::Reserve && isRejection(result.code)) {
            later = tr("<br><span style='color:%1'><b>%2 rejected</b> by %3: %4</span>")
                        .arg(red, framework::toString(result.point), escaped(result.plugin), escaped(result.reasons));
            break;
        }
    }
    if (!m_attempt->isFinished()) {
        int feasible = 0;
        for (int row = 0; row < m_attempt->rowCount(); ++row)
            feasible += m_attempt->index(row, 0).data(AttemptTableModel::FeasibleRole).toBool() ? 1 : 0;
        setOutcomeStyle(neutralStyle);
        outcome = (tr("<b>Attempt %1 in progress</b> at the cursor: the table fills in as the cursor moves through "
                              "Filter and Score. So far ")
                               .arg(record->attempt)
                           + counts.arg(m_attempt->rowCount()).arg(feasible) + QLatin1Char('.'));
    } else if (m_attempt->resultCode() == Code::Success) {
        // The scheduling cycle chose a node; whether the pod got there is the binding cycle's part.
        QString text = tr("<b>Chose %1</b>").arg(escaped(m_attempt->chosenNode()));
        const int chosen = m_attempt->chosenRow();
        if (chosen >= 0 && m_attempt->scorePluginCount() > 0) {
            const qint64 best = m_attempt->index(chosen, 0).data(AttemptTableModel::TotalRole).toLongLong();
            text += tr(" with total score <b>%1</b>").arg(best);
            int tied = 0;
            for (int row = 0; row < m_attempt->rowCount(); ++row)
                tied += row != chosen && m_attempt->index(row, 0).data(AttemptTableModel::TotalRole).toLongLong() == best ? 1 : 0;
            if (tied > 0)
                text += tr(", tied with %n other node(s): selectHost picks one of the best at random", nullptr, tied);
        }
        else if (m_attempt->feasible() == 1)
            text += tr(", the only feasible node (scoring skipped)");
        text += QStringLiteral(" &nbsp;—&nbsp; ") + counts.arg(m_attempt->evaluated()).arg(m_attempt->feasible());
        // The binding's result, once the cursor has passed it.
        const trace::TraceIndex* index = m_run ? &m_run->index() : nullptr;
        const qsizetype at = cursor();
        for (const qint32 position : index->podEvents(record->pod)) {
            if (position >= at)
                break;
            const trace::Event& event = index->trace().at(position);
            if (event.kind() == EventKind::BindingEnd && event.cycle() == record->cycle) {
                text += event.code() == Code::Success
                    ? tr("<br>Bound at %1.").arg(eventtext::time(event.time()))
                    : tr("<br><span style='color:%1'><b>Binding failed</b>: %2</span>").arg(red, escaped(index->trace().string(event.message())));
            }
        }
        setOutcomeStyle(later.isEmpty() ? successStyle : failureStyle);
        outcome = text + later;
    } else {
        setOutcomeStyle(failureStyle);
        outcome = (tr("<span style='color:%1'><b>FailedScheduling</b> (%2)</span>: <b>%3</b><br>")
                               .arg(red, eventtext::code(quint8(m_attempt->resultCode())), escaped(m_attempt->message()))
                           + counts.arg(m_attempt->evaluated()).arg(m_attempt->feasible()));
    }

    if (!m_attempt->preemptionNode().isEmpty()) {
        const QStringList& victims = m_attempt->victims();
        QString text = tr("<br><b>Preemption</b>: nominated to <b>%1</b>").arg(escaped(m_attempt->preemptionNode()));
        if (!victims.isEmpty()) {
            QStringList shown = victims.mid(0, 5);
            for (QString& victim : shown)
                victim = escaped(victim);
            text += tr(", evicting %n victim(s): ", nullptr, int(victims.size())) + shown.join(QStringLiteral(", "))
                + (victims.size() > shown.size() ? QStringLiteral(", …") : QString());
        }
        outcome += text;
    }
    if (m_attempt->nominatedFirstRow() >= 0) {
        const QString node = m_attempt->index(m_attempt->nominatedFirstRow(), AttemptTableModel::NodeColumn).data().toString();
        QString first = eventtext::code(quint8(m_attempt->nominatedFirstCode()));
        if (!m_attempt->nominatedFirstReason().isEmpty())
            first += QStringLiteral(": ") + m_attempt->nominatedFirstReason();
        outcome += tr("<br>The pod's nominated node <b>%1</b> was evaluated alone first (%2), then every node was.")
                                 .arg(escaped(node), escaped(first));
    }
    m_outcome->setText(outcome);

    // The per-pod extension points, one group each: what passed is counted, anything else named.
    struct Group
    {
        int passed = 0;
        int skipped = 0;
        QStringList others;
    };
    QMap<int, Group> groups;
    QString table = QStringLiteral("<table cellspacing='0' cellpadding='2'>");
    for (const auto& result : m_attempt->pluginResults()) {
        Group& group = groups[int(result.point)];
        if (result.code == Code::Success)
            ++group.passed;
        else if (result.code == Code::Skip)
            ++group.skipped;
        else {
            const QString color = isRejection(result.code) ? red : amber;
            QString item = QStringLiteral("<span style='color:%1'>%2: %3").arg(color, escaped(result.plugin), eventtext::code(quint8(result.code)));
            if (!result.reasons.isEmpty())
                item += QStringLiteral(" — ") + escaped(result.reasons);
            group.others << QString(item + QStringLiteral("</span>"));
        }
        table += QStringLiteral("<tr><td>%1</td><td>%2</td><td>%3</td><td>%4</td></tr>")
                     .arg(framework::toString(result.point), escaped(result.plugin), eventtext::code(quint8(result.code)), escaped(result.reasons));
    }
    table += QStringLiteral("</table>");
    QStringList parts;
    for (auto it = groups.cbegin(); it != groups.cend(); ++it) {
        QStringList bits;
        if (it->passed)
            bits << tr("%1 passed").arg(it->passed);
        if (it->skipped)
            bits << tr("%1 skipped").arg(it->skipped);
        bits += it->others;
        parts << QStringLiteral("<b>%1</b> %2").arg(framework::toString(static_cast<ExtensionPoint>(it.key())), bits.join(QStringLiteral(", ")));
    }
    m_points->setText(parts.isEmpty() ? QString() : QString(tr("Extension points: ") + parts.join(QStringLiteral(" &nbsp;·&nbsp; "))));
    m_points->setToolTip(parts.isEmpty() ? QString() : table);
}

void PodInspector::fitAttemptColumns()
{
    // Fitted once per attempt and set of columns, so that stepping through a cycle or a user's
    // own widths are not undone on every event. The reason, last, takes the rest of the width.
    const QString fitted = QStringLiteral("%1/%2/%3").arg(m_attempt->cycle()).arg(m_attempt->columnCount()).arg(m_attempt->rowCount() > 0);
    if (fitted == m_fitted)
        return;
    m_fitted = fitted;
    QHeaderView* header = m_attemptView->horizontalHeader();
    m_attemptView->resizeColumnsToContents();
    for (int column = 0; column < m_attempt->reasonColumn(); ++column)
        header->resizeSection(column, std::clamp(header->sectionSize(column), 56, 240));
    // The header does not re-stretch its last section after the columns changed in a reset.
    header->setStretchLastSection(false);
    header->setStretchLastSection(true);
}

} // namespace ksv
