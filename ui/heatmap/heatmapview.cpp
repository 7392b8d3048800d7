#include "heatmapview.h"

#include "elidedlabel.h"
#include "framework/status.h"
#include "heatmapcanvas.h"
#include "run.h"
#include "viewrefresh.h"
#include "viewstate.h"

#include <QAbstractItemView>
#include <QAction>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QSettings>
#include <QSplitter>
#include <QStyle>
#include <QTextBrowser>
#include <QToolButton>
#include <QUrl>
#include <QVBoxLayout>
#include <cmath>
#include <limits>

namespace ksv {

const QString HeatmapView::defaultGroupLabel = QStringLiteral("topology.kubernetes.io/zone");
const QString HeatmapView::colourByAttemptKey = QStringLiteral("heatmap/colourBySelectedAttempt");

namespace {

// Combo entries carry the mode as text: measures by index, cycle modes by name.
QString modeKey(const HeatmapMode& mode)
{
    switch (mode.kind) {
    case HeatmapMode::Measure:
        return QStringLiteral("measure:") + QString::number(mode.measure);
    case HeatmapMode::Verdict:
        return QStringLiteral("verdict");
    case HeatmapMode::TotalScore:
        return QStringLiteral("total");
    case HeatmapMode::PluginScore:
        return QStringLiteral("score:") + mode.plugin;
    case HeatmapMode::Capacity:
        return QStringLiteral("capacity");
    }
    Q_UNREACHABLE();
    return {};
}

HeatmapMode modeOf(const QString& key)
{
    HeatmapMode mode;
    if (key.startsWith(QLatin1String("measure:"))) {
        mode.measure = key.mid(8).toInt();
    } else if (key == QLatin1String("verdict")) {
        mode.kind = HeatmapMode::Verdict;
    } else if (key == QLatin1String("total")) {
        mode.kind = HeatmapMode::TotalScore;
    } else if (key == QLatin1String("capacity")) {
        mode.kind = HeatmapMode::Capacity;
    } else if (key.startsWith(QLatin1String("score:"))) {
        mode.kind = HeatmapMode::PluginScore;
        mode.plugin = key.mid(6);
    }
    return mode;
}

// A combo box as wide as `characters` whatever it holds, down to a third of that in a narrow dock,
// its popup as wide as its longest entry: the heatmap's width must not follow the entries it offers
// (plugins seen, label keys of a run).
void fixWidth(QComboBox* combo, int characters)
{
    combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    combo->setMinimumContentsLength(characters / 3);
    combo->setMinimumWidth(combo->minimumSizeHint().width());
    combo->setMinimumContentsLength(characters);
}

void fitPopup(QComboBox* combo)
{
    combo->view()->setMinimumWidth(combo->view()->sizeHintForColumn(0)
        + combo->style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, combo) + 8);
}

} // namespace

HeatmapView::HeatmapView(ViewState* viewState, QWidget* parent)
    : QWidget(parent)
    , m_viewState(viewState)
    // While playing, colours changing 20 times a second read as well as 60 and cost a third.
    , m_refresh(new ViewRefresh(this, viewState, 50, [this] { refresh(); }))
{
    m_groupBy = new QComboBox(this);
    fixWidth(m_groupBy, 14);
    m_colourBy = new QComboBox(this);
    fixWidth(m_colourBy, 20);
    // The status names the selected attempt's pod, node and result: as long as they are, elided.
    m_status = new ElidedLabel(this);
    m_splitter = new QSplitter(Qt::Horizontal, this);
    m_canvas = new HeatmapCanvas(this);
    updateFrame();
    m_details = new QTextBrowser(this);
    m_details->setOpenLinks(false);
    m_details->setMinimumWidth(fontMetrics().averageCharWidth() * 30);
    m_splitter->addWidget(m_canvas);
    m_splitter->addWidget(m_details);
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 1);
    m_splitter->setChildrenCollapsible(false);

    // Issue 20, finding 6: an attempt selected anywhere (lanes, timeline, inspector) can colour the
    // map at once, without a trip to the combo box.
    m_colourByAttempt = new QAction(tr("Colour by the selected attempt"), this);
    m_colourByAttempt->setIconText(tr("Attempt on select")); // the button's: the bar is narrow
    m_colourByAttempt->setCheckable(true);
    m_colourByAttempt->setToolTip(tr("Whenever an attempt is selected, colour the nodes by its Filter verdicts"));
    m_colourByAttempt->setChecked(QSettings().value(colourByAttemptKey, false).toBool());
    auto* colourByAttempt = new QToolButton(this);
    colourByAttempt->setObjectName(QStringLiteral("colourByAttempt"));
    colourByAttempt->setDefaultAction(m_colourByAttempt);
    colourByAttempt->setToolButtonStyle(Qt::ToolButtonTextOnly);

    m_showDifference = new QAction(tr("Difference"), this);
    m_showDifference->setCheckable(true);
    m_showDifference->setToolTip(tr("Colour each node by its requested / allocatable in this run minus in the other run, at the cursor"));
    m_showDifference->setVisible(false);
    auto* showDifference = m_showDifferenceButton = new QToolButton(this);
    showDifference->setObjectName(QStringLiteral("showDifference"));
    showDifference->setDefaultAction(m_showDifference);
    showDifference->setToolButtonStyle(Qt::ToolButtonTextOnly);
    showDifference->setVisible(false);

    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(4, 4, 4, 0);
    auto* groupLabel = new QLabel(tr("&Group by:"), this);
    groupLabel->setBuddy(m_groupBy);
    auto* colourLabel = new QLabel(tr("&Colour by:"), this);
    colourLabel->setBuddy(m_colourBy);
    bar->addWidget(groupLabel);
    bar->addWidget(m_groupBy);
    bar->addSpacing(12);
    bar->addWidget(colourLabel);
    bar->addWidget(m_colourBy);
    bar->addWidget(showDifference);
    bar->addWidget(colourByAttempt);
    bar->addStretch(1);
    // The status on a line of its own: next to the controls a dock of default width left it no room.
    auto* status = new QHBoxLayout;
    status->setContentsMargins(6, 0, 4, 0);
    status->addWidget(m_status, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(bar);
    layout->addLayout(status);
    layout->addWidget(m_splitter, 1);

    connect(m_groupBy, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (!m_fillingCombos && index >= 0) {
            setGroupLabel(m_groupBy->itemData(index).toString());
            Q_EMIT groupLabelChosen(m_groupLabel);
        }
    });
    connect(m_colourBy, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (!m_fillingCombos && index >= 0) {
            setMode(modeOf(m_colourBy->itemData(index).toString()));
            Q_EMIT modeChosen(m_mode);
        }
    });
    connect(m_showDifference, &QAction::toggled, this, [this] {
        m_valuesDirty = true;
        m_layoutDirty = true; // the legend changes
        scheduleRefresh();
    });
    connect(m_colourByAttempt, &QAction::toggled, this, [this](bool on) {
        QSettings().setValue(colourByAttemptKey, on);
        if (on)
            showSelectedAttempt();
    });
    connect(m_details, &QTextBrowser::anchorClicked, this, [this](const QUrl& url) {
        if (url.scheme() == QLatin1String("pod"))
            selectPod(*m_viewState, m_run, url.path().toInt());
    });
    connect(m_canvas, &HeatmapCanvas::nodeActivated, this, [this](qint32 node) { selectNode(*m_viewState, m_run, node); });
    connect(m_viewState, &ViewState::cursorChanged, this, [this] {
        m_valuesDirty = true;
        m_detailsDirty = true;
        updateFrame(); // the run's state at the new cursor; the values follow with the refresh
        scheduleRefresh();
    });
    connect(m_viewState, &ViewState::selectionChanged, this, [this] {
        if (m_viewState->selectedCycle() != m_followedCycle) {
            m_followedCycle = m_viewState->selectedCycle();
            if (m_colourByAttempt->isChecked())
                showSelectedAttempt();
        }
        m_valuesDirty = true; // the selected attempt may have changed
        m_detailsDirty = true;
        updateFrame(); // the keys move on from the node just selected
        scheduleRefresh();
    });
}

HeatmapView::~HeatmapView() = default;

void HeatmapView::setRun(const Run* run)
{
    m_run = run;
    m_followedCycle = -1;
    m_catalogue = nullptr; // refresh() takes the new run's catalogue
    updateFrame();
    scheduleRefresh();
}

void HeatmapView::updateFrame()
{
    HeatmapFrame frame;
    frame.catalogue = m_catalogue;
    if (m_catalogue) {
        frame.state = shownState();
        frame.atAttempt = frame.state != &m_run->state();
        frame.trace = &m_run->trace();
    }
    frame.groups = &m_groups;
    frame.values = m_values;
    frame.min = m_min;
    frame.max = m_max;
    frame.mode = m_mode;
    frame.cycle = &m_cycle;
    frame.groupLabel = m_groupLabel;
    frame.banner = m_bannerText;
    frame.selectedNode = m_viewState->selectedNode();
    frame.preemption = &m_preemption;
    if (showsDifference() && m_otherValues.size() == m_values.size()) {
        frame.otherValues = m_otherValues;
        frame.otherLabel = m_otherLabel;
    }
    m_canvas->setFrame(frame);
}

void HeatmapView::scheduleRefresh()
{
    m_refresh->request();
}

void HeatmapView::onRunChanged()
{
    m_catalogue = m_run ? &m_run->index().catalogue() : nullptr;
    m_cycle.clear();
    m_attempt.clear();
    m_preemption = {};
    m_scorePlugins.clear();
    m_layoutDirty = m_valuesDirty = m_detailsDirty = true;
    m_fillingCombos = true;
    m_groupBy->clear();
    if (m_catalogue) {
        m_groupBy->addItem(tr("Nothing (one group)"), QString());
        for (const QString& key : m_catalogue->nodeLabelKeys())
            m_groupBy->addItem(key, key);
        // Keep the user's grouping across runs when the new cluster has the label.
        int current = m_groupBy->findData(m_groupLabel);
        if (current < 0)
            current = m_groupBy->findData(defaultGroupLabel);
        m_groupBy->setCurrentIndex(std::max(0, current));
        m_groupLabel = m_groupBy->currentData().toString();
        fitPopup(m_groupBy);
        if (m_mode.kind == HeatmapMode::Measure && m_mode.measure >= m_catalogue->measureCount())
            m_mode = {};
    }
    m_fillingCombos = false;
    fillModeCombo();
}

void HeatmapView::fillModeCombo()
{
    m_fillingCombos = true;
    m_colourBy->clear();
    if (m_catalogue) {
        const QStringList& measures = m_catalogue->measures();
        for (int measure = 0; measure < measures.size(); ++measure) {
            HeatmapMode mode;
            mode.measure = measure;
            m_colourBy->addItem(tr("%1 requested / allocatable").arg(measures[measure]), modeKey(mode));
        }
        m_colourBy->insertSeparator(m_colourBy->count());
        m_colourBy->addItem(tr("Filter verdict (selected attempt)"), modeKey({ HeatmapMode::Verdict, 0, {} }));
        m_colourBy->addItem(tr("Total score (selected attempt)"), modeKey({ HeatmapMode::TotalScore, 0, {} }));
        QStringList plugins = m_scorePlugins;
        if (m_mode.kind == HeatmapMode::PluginScore && !plugins.contains(m_mode.plugin))
            plugins.append(m_mode.plugin);
        for (const QString& plugin : plugins)
            m_colourBy->addItem(tr("Score: %1").arg(plugin), modeKey({ HeatmapMode::PluginScore, 0, plugin }));
        if (!m_capacityPod.isEmpty()) {
            m_colourBy->insertSeparator(m_colourBy->count());
            m_colourBy->addItem(tr("How many more fit: %1").arg(m_capacityPod), modeKey({ HeatmapMode::Capacity, 0, {} }));
        }
        m_colourBy->setCurrentIndex(std::max(0, m_colourBy->findData(modeKey(m_mode))));
        fitPopup(m_colourBy);
    }
    m_fillingCombos = false;
}

void HeatmapView::setGroupLabel(const QString& key)
{
    if (key == m_groupLabel)
        return;
    m_groupLabel = key;
    const int index = m_groupBy->findData(key);
    if (index >= 0 && index != m_groupBy->currentIndex()) {
        m_fillingCombos = true;
        m_groupBy->setCurrentIndex(index);
        m_fillingCombos = false;
    }
    m_layoutDirty = true;
    m_detailsDirty = true;
    scheduleRefresh();
}

void HeatmapView::setMode(const HeatmapMode& mode)
{
    if (mode == m_mode)
        return;
    m_mode = mode;
    if (m_catalogue && m_colourBy->findData(modeKey(mode)) < 0)
        fillModeCombo(); // a plugin not seen yet: add it
    const int index = m_colourBy->findData(modeKey(mode));
    if (index >= 0 && index != m_colourBy->currentIndex()) {
        m_fillingCombos = true;
        m_colourBy->setCurrentIndex(index);
        m_fillingCombos = false;
    }
    m_valuesDirty = true;
    m_layoutDirty = true; // the legend and banner change size
    scheduleRefresh();
}

void HeatmapView::showSelectedAttempt()
{
    if (m_viewState->selectedCycle() >= 0 && !m_mode.isCycleMode())
        setMode({ HeatmapMode::Verdict, 0, {} });
}

void HeatmapView::refresh()
{
    m_refresh->markRefreshed();
    if ((m_run ? &m_run->index().catalogue() : nullptr) != m_catalogue || (m_catalogue && m_groupBy->count() == 0))
        onRunChanged();
    if (!m_catalogue) {
        m_groups.clear();
        m_values.clear();
        m_bannerText.clear();
        m_status->clear();
        m_details->clear();
        updateFrame();
        m_canvas->relayout();
        return;
    }
    const trace::TraceIndex* index = &m_run->index();
    if (m_layoutDirty)
        m_groups = groupNodes(*m_catalogue, m_groupLabel);

    // The selected attempt, read up to the cursor: reread only when that span changed.
    const qint32 cycle = m_viewState->selectedCycle();
    qsizetype end = cycle >= 0 ? m_run->position() : -1;
    if (cycle >= 0 && size_t(cycle) < index->cycles().size() && index->cycles()[size_t(cycle)].endEvent >= 0)
        end = std::min<qsizetype>(end, index->cycles()[size_t(cycle)].endEvent + 1);
    if (cycle != m_cycle.cycle() || end != m_cycle.end()) {
        m_cycle.load(*index, cycle, end);
        bool added = false;
        for (const QString& plugin : m_cycle.scorePlugins()) {
            if (!m_scorePlugins.contains(plugin)) {
                m_scorePlugins.append(plugin);
                added = true;
            }
        }
        if (added) {
            m_scorePlugins.sort();
            fillModeCombo();
        }
        m_valuesDirty = true;
        m_detailsDirty = true;
    }
    // The attempt's own cluster, once the cursor is past its start; the cursor's before.
    const bool atAttempt = m_attempt.state() != nullptr;
    if (m_mode.isCycleMode())
        m_attempt.load(*index, m_cycle.cycle(), m_run->position());
    if (m_mode.isCycleMode() && atAttempt != (m_attempt.state() != nullptr))
        m_valuesDirty = true;
    if (m_valuesDirty) {
        PreemptionMarks marks
            = ksv::preemptionMarks(*index, m_run->state(), m_viewState->selectedPod(), m_viewState->selectedCycle());
        if (marks != m_preemption) {
            m_preemption = std::move(marks);
            m_layoutDirty = true; // the legend names them
            m_detailsDirty = true;
        }
        const QString banner = m_bannerText;
        computeValues();
        m_valuesDirty = false;
        m_layoutDirty = m_layoutDirty || banner != m_bannerText || m_mode.isCycleMode();
        updateStatus();
    }
    updateFrame();
    if (m_layoutDirty) {
        m_canvas->relayout();
        m_layoutDirty = false;
    }
    if (m_detailsDirty) {
        updateDetails();
        m_detailsDirty = false;
    }
    m_canvas->update();
}

const trace::ReplayState* HeatmapView::shownState() const
{
    if (!m_run)
        return nullptr;
    const trace::ReplayState* attempt = m_mode.isCycleMode() ? m_attempt.state() : nullptr;
    return attempt && m_attempt.cycle() == m_cycle.cycle() ? attempt : &m_run->state();
}

void HeatmapView::setOtherRun(const Run* other, std::function<qint32(qint32)> otherNode, const QString& label)
{
    m_other = other;
    m_otherNode = std::move(otherNode);
    m_otherLabel = label;
    m_showDifference->setVisible(other != nullptr);
    m_showDifferenceButton->setVisible(other != nullptr);
    m_valuesDirty = true;
    m_layoutDirty = true;
    scheduleRefresh();
}

bool HeatmapView::showsDifference() const
{
    return m_other && m_showDifference->isChecked() && m_mode.kind == HeatmapMode::Measure;
}

double HeatmapView::differenceValue(qint32 node) const
{
    return showsDifference() ? nodeDifference(m_values, m_otherValues, node) : std::numeric_limits<double>::quiet_NaN();
}

void HeatmapView::setCapacity(const QString& pod, const QHash<QString, int>& copies)
{
    m_capacityPod = pod;
    m_capacity = copies;
    fillModeCombo();
    if (pod.isEmpty()) {
        if (m_mode.kind == HeatmapMode::Capacity)
            setMode({});
        return;
    }
    m_valuesDirty = true;
    m_layoutDirty = true;
    if (m_mode.kind == HeatmapMode::Capacity)
        scheduleRefresh();
    else
        setMode({ HeatmapMode::Capacity, 0, {} });
}

void HeatmapView::setDetailsVisible(bool visible)
{
    m_details->setVisible(visible);
    // The same narrow half-window has no room for the attempt button either; the action still
    // follows the setting the window's heatmap changes.
    if (auto* button = findChild<QToolButton*>(QStringLiteral("colourByAttempt")))
        button->setVisible(visible);
}

void HeatmapView::computeOtherValues()
{
    m_otherValues.clear();
    if (!showsDifference())
        return;
    // The other run numbers its measures (extended resources) and nodes in its own catalogue.
    const trace::ReplayCatalogue& other = m_other->index().catalogue();
    const int measure = int(other.measures().indexOf(m_catalogue->measures().value(m_mode.measure)));
    const trace::ReplayState& state = m_other->state();
    m_otherValues.assign(m_values.size(), std::numeric_limits<double>::quiet_NaN());
    for (qint32 node = 0; node < qint32(m_values.size()); ++node) {
        const qint32 there = m_otherNode ? m_otherNode(node) : -1;
        if (there >= 0 && measure >= 0)
            m_otherValues[size_t(node)] = utilization(state, there, measure);
    }
}

void HeatmapView::computeValues()
{
    const trace::ReplayState& state = *shownState();
    const qint32 nodeCount = m_catalogue->nodeCount();
    m_values.assign(size_t(nodeCount), std::numeric_limits<double>::quiet_NaN());
    m_min = std::numeric_limits<double>::infinity();
    m_max = -std::numeric_limits<double>::infinity();
    for (qint32 node = 0; node < nodeCount; ++node) {
        const double value = m_mode.kind != HeatmapMode::Capacity ? heatmapValue(m_mode, state, m_cycle, node)
            : state.nodeExists(node) ? double(m_capacity.value(m_catalogue->nodeName(node), 0))
                                     : std::numeric_limits<double>::quiet_NaN();
        m_values[size_t(node)] = value;
        if (std::isfinite(value)) {
            m_min = std::min(m_min, value);
            m_max = std::max(m_max, value);
        }
    }
    if (m_min > m_max)
        m_min = m_max = 0;
    computeOtherValues();

    m_bannerText.clear();
    if (!m_mode.isCycleMode())
        return;
    const trace::TraceIndex& index = m_run->index();
    const qint32 cycle = m_cycle.cycle();
    if (cycle < 0 || size_t(cycle) >= index.cycles().size()) {
        m_bannerText
            = tr("No scheduling attempt selected. Select a pod or one of its attempts (queue lanes, timeline, pod "
                 "table) to colour the nodes by that attempt's Filter verdicts and scores.");
        return;
    }
    const trace::CycleRecord& record = index.cycles()[size_t(cycle)];
    const QString attempt = tr("Attempt %1 of %2").arg(record.attempt).arg(m_catalogue->podKey(record.pod));
    const bool ended = record.endEvent >= 0 && record.endEvent < m_run->position();
    if (!m_cycle.started()) {
        m_bannerText = tr("%1 starts after the cursor.").arg(attempt);
    } else if (!m_cycle.hasNodeDetail()) {
        if (ended && record.evaluated == 0)
            m_bannerText = tr("%1 evaluated no node: it stopped before Filter (%2).")
                               .arg(attempt,
                                   m_run->trace().string(record.message).isEmpty()
                                       ? framework::toString(framework::Code(record.code))
                                       : m_run->trace().string(record.message));
        else if (ended && m_run->trace().nodeDetailCutOff(record.cycle))
            m_bannerText = tr("Per-node detail stopped at cycle %1, when the run had spent its memory budget for it: %2 evaluated "
                              "%3 nodes, but their Filter verdicts and scores are not in the trace. Earlier attempts have them.")
                               .arg(m_run->trace().nodeDetailCutoff())
                               .arg(attempt)
                               .arg(record.evaluated);
        else if (ended)
            m_bannerText
                = tr("This run was recorded without per-node detail (--no-node-detail): %1 evaluated %2 nodes, but "
                     "their Filter verdicts and scores are not in the trace.")
                      .arg(attempt)
                      .arg(record.evaluated);
        else
            m_bannerText = tr("%1 has not reached Filter yet at the cursor.").arg(attempt);
    } else if (m_mode.kind != HeatmapMode::Verdict && m_cycle.scorePlugins().isEmpty()) {
        m_bannerText = m_cycle.feasibleCount() == 1
            ? tr("%1 found a single feasible node: kube-scheduler skips scoring then.").arg(attempt)
            : tr("%1 scored no node (%2 feasible).").arg(attempt).arg(m_cycle.feasibleCount());
    } else if (m_mode.kind == HeatmapMode::PluginScore && !m_cycle.scorePlugins().contains(m_mode.plugin)) {
        m_bannerText = tr("%1 did not score with %2.").arg(attempt, m_mode.plugin);
    }
}

void HeatmapView::updateStatus()
{
    const trace::ReplayState& state = m_run->state();
    const QLocale locale;
    if (!m_mode.isCycleMode()) {
        qint64 requested = 0;
        qint64 allocatable = 0;
        qint32 nodes = 0;
        for (qint32 node = 0; node < m_catalogue->nodeCount(); ++node) {
            if (!state.nodeExists(node))
                continue;
            ++nodes;
            requested += state.requested(node, m_mode.measure);
            allocatable += state.allocatable(node, m_mode.measure);
        }
        const QString measure = m_catalogue->measures().value(m_mode.measure);
        m_status->setText(
            tr("%1 nodes · %2 requested: %3 of %4 (%5)")
                .arg(locale.toString(nodes), measure, formatMeasure(measure, requested),
                    formatMeasure(measure, allocatable),
                    allocatable > 0 ? heatmapPercent(double(requested) / double(allocatable)) : tr("none allocatable")));
        return;
    }
    const trace::TraceIndex& index = m_run->index();
    if (m_cycle.cycle() < 0 || size_t(m_cycle.cycle()) >= index.cycles().size()) {
        m_status->setText(tr("No attempt selected"));
        return;
    }
    const trace::CycleRecord& record = index.cycles()[size_t(m_cycle.cycle())];
    QString text
        = tr("%1, attempt %2 (cycle %3)").arg(m_catalogue->podKey(record.pod)).arg(record.attempt).arg(record.cycle);
    if (m_cycle.hasNodeDetail())
        text += tr(" · %1 feasible, %2 rejected").arg(m_cycle.feasibleCount()).arg(m_cycle.rejectedCount());
    if (m_cycle.chosenNode() >= 0)
        text += tr(" · chose %1").arg(m_catalogue->nodeName(m_cycle.chosenNode()));
    else if (record.endEvent >= 0 && record.endEvent < m_run->position())
        text += QStringLiteral(" · ") + framework::toString(framework::Code(record.code));
    m_status->setText(text);
}

QRect HeatmapView::cellRect(qint32 node) const
{
    const QRect rect = m_canvas->cellRect(node);
    return rect.isEmpty() ? rect : QRect(m_canvas->mapTo(this, rect.topLeft()), rect.size());
}

double HeatmapView::cellValue(qint32 node) const
{
    return node >= 0 && size_t(node) < m_values.size() ? m_values[size_t(node)]
                                                       : std::numeric_limits<double>::quiet_NaN();
}

} // namespace ksv
