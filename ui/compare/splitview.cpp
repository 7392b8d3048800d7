#include "splitview.h"

#include "heatmapview.h"
#include "queuelanesview.h"
#include "run.h"
#include "sidebyside.h"

#include <QLabel>
#include <QScrollArea>
#include <QSplitter>
#include <QVBoxLayout>

namespace ksv {

namespace {

QLabel* columnTitle(QWidget* parent)
{
    auto* title = new QLabel(parent);
    title->setTextFormat(Qt::RichText);
    title->setWordWrap(true);
    title->setContentsMargins(6, 4, 6, 2);
    return title;
}

// Each view scrolls when its half of the window is narrower than it needs, as the window's docks do:
// two views' minimum widths side by side would leave the inspector no room on a 1920-pixel screen.
QScrollArea* scrolling(QWidget* view, QWidget* parent)
{
    auto* area = new QScrollArea(parent);
    area->setWidget(view);
    area->setWidgetResizable(true);
    area->setFrameShape(QFrame::NoFrame);
    return area;
}

QWidget* column(QLabel* title, HeatmapView* heatmap, QueueLanesView* lanes, QWidget* parent)
{
    auto* box = new QWidget(parent);
    auto* layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    auto* split = new QSplitter(Qt::Vertical, box);
    split->addWidget(scrolling(heatmap, split));
    split->addWidget(scrolling(lanes, split));
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    split->setChildrenCollapsible(false);
    layout->addWidget(title);
    layout->addWidget(split, 1);
    // The side panel of node details has no room in half a window; the tooltip and the window's
    // own heatmap still have them.
    heatmap->setDetailsVisible(false);
    return box;
}

} // namespace

SplitView::SplitView(SideBySide* sideBySide, QWidget* parent)
    : QWidget(parent)
    , m_sideBySide(sideBySide)
    , m_titleHere(columnTitle(this))
    , m_titleThere(columnTitle(this))
    , m_heatmapHere(new HeatmapView(sideBySide->shownView(), this))
    , m_heatmapThere(new HeatmapView(sideBySide->otherView(), this))
    , m_lanesHere(new QueueLanesView(sideBySide->shownView(), this))
    , m_lanesThere(new QueueLanesView(sideBySide->otherView(), this))
{
    m_heatmapHere->setObjectName(QStringLiteral("splitHeatmapHere"));
    m_heatmapThere->setObjectName(QStringLiteral("splitHeatmapThere"));
    auto* columns = new QSplitter(Qt::Horizontal, this);
    columns->addWidget(column(m_titleHere, m_heatmapHere, m_lanesHere, columns));
    columns->addWidget(column(m_titleThere, m_heatmapThere, m_lanesThere, columns));
    columns->setChildrenCollapsible(false);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(columns);

    // One colouring and one grouping for both sides, whichever side they were chosen on.
    connect(m_heatmapHere, &HeatmapView::modeChosen, m_heatmapThere, &HeatmapView::setMode);
    connect(m_heatmapThere, &HeatmapView::modeChosen, m_heatmapHere, &HeatmapView::setMode);
    connect(m_heatmapHere, &HeatmapView::groupLabelChosen, m_heatmapThere, &HeatmapView::setGroupLabel);
    connect(m_heatmapThere, &HeatmapView::groupLabelChosen, m_heatmapHere, &HeatmapView::setGroupLabel);
    connect(sideBySide, &SideBySide::otherRunChanged, this, &SplitView::setOtherRun);
    setOtherRun(sideBySide->otherRun());
}

SplitView::~SplitView() = default;

void SplitView::setShownRun(const Run* run, const QString& label)
{
    m_titleHere->setText(tr("<b>Here</b>: %1").arg(label.toHtmlEscaped()));
    m_heatmapHere->setRun(run);
    m_lanesHere->setRun(run);
    setOtherRun(m_sideBySide->otherRun()); // the difference is taken from the run here
}

void SplitView::setOtherRun(const Run* run)
{
    m_titleThere->setText(run ? tr("<b>Other run</b>: %1").arg(m_sideBySide->other().label.toHtmlEscaped()) : QString());
    m_heatmapThere->setRun(run);
    m_lanesThere->setRun(run);
    const Run* here = m_sideBySide->shownRun();
    m_heatmapThere->setOtherRun(run ? here : nullptr, [this](qint32 node) { return m_sideBySide->shownNode(node); }, tr("the run on the left"));
    m_heatmapThere->setMode(m_heatmapHere->mode());
    m_heatmapThere->setGroupLabel(m_heatmapHere->groupLabel());
}

} // namespace ksv
