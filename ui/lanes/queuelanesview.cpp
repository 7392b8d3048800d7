#include "queuelanesview.h"

#include "preemptionmarks.h"
#include "queuelanescanvas.h"
#include "run.h"
#include "viewrefresh.h"
#include "viewstate.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QVBoxLayout>
#include <algorithm>

namespace ksv {

using trace::PodLocation;

namespace {
const std::vector<qint32> noPods;
const std::vector<QueueLanes::Group> noGroups;
// How far back from the cursor the latest moves are looked for: the search must stay cheap however
// many events (bindings, plugin results) lie between two queue moves.
constexpr qsizetype latestMoveScanLimit = 20000;
} // namespace

// m_refresh: while playing, 30 updates a second keep moves readable; the lanes' rebuild is O(pods).
// (Above, not in the initializer list: there the comment hides the class from lupdate.)
QueueLanesView::QueueLanesView(ViewState* viewState, QWidget* parent)
    : QWidget(parent)
    , m_viewState(viewState)
    , m_refresh(new ViewRefresh(this, viewState, 33, [this] { refresh(); }))
{
    m_search = new QLineEdit(this);
    m_search->setPlaceholderText(tr("Search pods by namespace/name"));
    m_search->setClearButtonEnabled(true);
    m_grouping = new QComboBox(this);
    m_grouping->addItem(tr("No grouping"), int(LaneGrouping::None));
    m_grouping->addItem(tr("By namespace"), int(LaneGrouping::Namespace));
    m_grouping->addItem(tr("By priority"), int(LaneGrouping::Priority));
    m_summary = new QLabel(this);
    m_summary->setTextFormat(Qt::PlainText);
    m_canvas = new QueueLanesCanvas(this);
    updateFrame();

    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(4, 4, 4, 0);
    bar->addWidget(m_search, 2);
    auto* groupLabel = new QLabel(tr("&Group:"), this);
    groupLabel->setBuddy(m_grouping);
    bar->addWidget(groupLabel);
    bar->addWidget(m_grouping);
    bar->addSpacing(12);
    bar->addWidget(m_summary, 3);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(bar);
    layout->addWidget(m_canvas, 1);

    connect(m_search, &QLineEdit::textChanged, this, &QueueLanesView::setFilter);
    connect(m_grouping, &QComboBox::currentIndexChanged, this,
        [this](int index) { setGrouping(LaneGrouping(m_grouping->itemData(index).toInt())); });
    connect(m_canvas, &QueueLanesCanvas::podActivated, this, [this](qint32 pod) { selectPod(*m_viewState, m_run, pod); });
    connect(m_canvas, &QueueLanesCanvas::groupToggled, this,
        [this](int lane, const QString& key) { toggleGroup(queueLanes[size_t(lane)], key); });
    connect(m_viewState, &ViewState::cursorChanged, this, [this] {
        m_orderDirty = true;
        m_revealSelection = m_revealSelection || m_spotlight;
        updateFrame(); // the run's state at the new cursor; the rows follow with the refresh
        scheduleRefresh();
    });
    connect(m_viewState, &ViewState::selectionChanged, this, [this] {
        m_revealSelection = true;
        updateFrame(); // the keys move on from the pod just selected
        scheduleRefresh();
    });
}

QueueLanesView::~QueueLanesView() = default;

void QueueLanesView::setRun(const Run* run)
{
    m_run = run;
    m_catalogue = nullptr; // refresh() resets the lanes for the new catalogue
    m_orderDirty = true;
    updateFrame();
    scheduleRefresh();
}

void QueueLanesView::updateFrame()
{
    QueueLanesFrame frame;
    frame.lanes = &m_lanes;
    frame.catalogue = m_catalogue;
    if (m_catalogue) {
        frame.state = &m_run->state();
        frame.trace = &m_run->trace();
        frame.index = &m_run->index();
    }
    frame.preemptionMarks = m_preemptionMarks;
    frame.now = m_now;
    frame.selectedPod = m_viewState->selectedPod();
    frame.latestMoves = m_latest;
    m_canvas->setFrame(frame);
}

void QueueLanesView::scheduleRefresh()
{
    // Coalesced: a burst of signals (the engine reports every frame while the user also drags the
    // cursor) costs one rebuild.
    m_refresh->request();
}

void QueueLanesView::refresh()
{
    m_refresh->markRefreshed();
    const trace::ReplayCatalogue* catalogue = m_run ? &m_run->index().catalogue() : nullptr;
    if (catalogue != m_catalogue) {
        m_catalogue = catalogue;
        m_lanes.reset(catalogue, m_run ? m_run->laneNaming() : nullptr);
        m_orderDirty = true;
    }
    if (!m_catalogue) {
        m_latest.clear();
        updateSummary();
        updateFrame();
        m_canvas->relayout();
        return;
    }
    const trace::ReplayState& state = m_run->state();
    if (m_orderDirty) {
        m_now = m_viewState->cursorTime();
        m_lanes.rebuildOrder(state);
        findLatestMoves();
        findPreemptionMarks();
        m_orderDirty = false;
        m_rowsDirty = true;
    }
    updateFrame();
    if (m_rowsDirty) {
        m_lanes.rebuildRows(state);
        m_rowsDirty = false;
        updateSummary();
        m_canvas->relayout();
    }
    if (m_revealSelection) {
        m_revealSelection = false;
        m_canvas->reveal(m_viewState->selectedPod());
    }
    m_canvas->update();
}

void QueueLanesView::findLatestMoves()
{
    // The newest queue moves before the cursor, one per pod. While virtual time stands still
    // (stepping through one instant) every move there is equally recent; these tell them apart.
    m_latest.clear();
    const trace::Trace& trace = m_run->trace();
    const qsizetype end = m_run->position();
    for (qsizetype position = end - 1; position >= 0 && position >= end - latestMoveScanLimit; --position) {
        const trace::Event& event = trace.at(position);
        if (event.kind() != trace::EventKind::QueueMove)
            continue;
        const qint32 pod = m_run->index().podOf(event.pod());
        if (pod < 0 || std::find(m_latest.begin(), m_latest.end(), pod) != m_latest.end())
            continue;
        m_latest.push_back(pod);
        if (int(m_latest.size()) == latestMoveCount)
            break;
    }
}

void QueueLanesView::findPreemptionMarks()
{
    // The legend explains the marks only while some row carries one.
    m_preemptionMarks = false;
    const trace::ReplayState& state = m_run->state();
    for (int lane = 0; lane < queueLaneCount && !m_preemptionMarks; ++lane) {
        for (const qint32 pod : m_lanes.lane(lane).order) {
            if (laneMarks(state, pod).any()) {
                m_preemptionMarks = true;
                break;
            }
        }
    }
}

void QueueLanesView::updateSummary()
{
    if (!m_catalogue) {
        m_summary->clear();
        return;
    }
    const trace::ReplayState& state = m_run->state();
    const QLocale locale;
    QString text = tr("%1 pods · bound %2 · deleted %3")
                       .arg(locale.toString(m_catalogue->podCount()), locale.toString(state.count(PodLocation::Bound)),
                           locale.toString(state.count(PodLocation::Deleted)));
    if (!m_lanes.filter().isEmpty()) {
        qint64 matches = 0;
        for (int lane = 0; lane < queueLaneCount; ++lane)
            matches += m_lanes.lane(lane).matches;
        text += matches == 1 ? tr(" · 1 match in the lanes")
                             : tr(" · %1 matches in the lanes").arg(locale.toString(matches));
    }
    m_summary->setText(text);
}

const std::vector<qint32>& QueueLanesView::laneOrder(PodLocation location) const
{
    const int lane = laneOf(location);
    return lane < 0 ? noPods : m_lanes.lane(lane).order;
}

const std::vector<qint32>& QueueLanesView::laneRows(PodLocation location) const
{
    const int lane = laneOf(location);
    return lane < 0 ? noPods : m_lanes.lane(lane).rows;
}

const std::vector<QueueLanes::Group>& QueueLanesView::laneGroups(PodLocation location) const
{
    const int lane = laneOf(location);
    return lane < 0 ? noGroups : m_lanes.lane(lane).groups;
}

int QueueLanesView::laneCount(PodLocation location) const
{
    return m_catalogue ? m_run->state().count(location) : 0;
}

int QueueLanesView::laneMatches(PodLocation location) const
{
    const int lane = laneOf(location);
    return lane < 0 ? 0 : m_lanes.lane(lane).matches;
}

QRect QueueLanesView::rowRect(PodLocation location, int row) const
{
    const int lane = laneOf(location);
    const QRect rect = lane < 0 ? QRect() : m_canvas->rowRect(lane, row);
    return rect.isEmpty() ? rect : rect.translated(m_canvas->pos());
}

double QueueLanesView::moveHighlight(qint32 pod) const
{
    return m_catalogue ? ksv::moveHighlight(m_run->state(), pod, m_now) : 0;
}

void QueueLanesView::setFilter(const QString& text)
{
    if (m_search->text() != text)
        m_search->setText(text); // comes back here through textChanged
    if (text == m_lanes.filter())
        return;
    m_lanes.setFilter(text);
    m_rowsDirty = true;
    scheduleRefresh();
}

void QueueLanesView::setGrouping(LaneGrouping grouping)
{
    const int index = m_grouping->findData(int(grouping));
    if (m_grouping->currentIndex() != index)
        m_grouping->setCurrentIndex(index);
    if (grouping == m_lanes.grouping())
        return;
    m_lanes.setGrouping(grouping);
    m_rowsDirty = true;
    scheduleRefresh();
}

void QueueLanesView::toggleGroup(PodLocation location, const QString& key)
{
    const int lane = laneOf(location);
    if (lane < 0)
        return;
    m_lanes.toggleGroup(lane, key);
    m_rowsDirty = true;
    scheduleRefresh();
}

} // namespace ksv
