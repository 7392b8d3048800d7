#include "timelineview.h"

#include "format.h"
#include "timelineplot.h"
#include "timelinezoom.h"
#include "viewcolors.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QScrollBar>
#include <QToolBar>
#include <QVBoxLayout>

namespace ksv {

namespace {

QString swatch(const QColor& color, const QString& name, bool hatched = false)
{
    const QString style = hatched ? QStringLiteral("color:%1;background:%2").arg(colors::binding().name(), color.name())
                                  : QStringLiteral("color:%1").arg(color.name());
    return QStringLiteral("<span style='") + style + QStringLiteral("'>&#9632;</span>&nbsp;") + name;
}

} // namespace

TimelineView::TimelineView(ViewState* viewState, QWidget* parent)
    : QWidget(parent)
    , m_zoom(new TimelineZoom(this))
    , m_plot(new TimelinePlot(viewState, m_zoom, this))
    , m_scrollBar(new QScrollBar(Qt::Vertical, this))
    , m_rangeLabel(new QLabel(this))
{
    auto* toolBar = new QToolBar(this);
    toolBar->setIconSize(QSize(16, 16));
    toolBar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    for (int action = 0; action < TimelineZoom::ActionCount; ++action) {
        toolBar->addAction(m_zoom->action(TimelineZoom::Action(action)));
        addAction(m_zoom->action(TimelineZoom::Action(action))); // shortcuts anywhere in the view
    }
    m_rangeLabel->setContentsMargins(6, 0, 8, 0);
    m_rangeLabel->setToolTip(tr("The window of virtual time shown"));

    auto* legend = new QLabel(this);
    legend->setTextFormat(Qt::RichText);
    legend->setWordWrap(true);
    QStringList keys { swatch(colors::scheduled(), tr("scheduled")),
        swatch(colors::unschedulable(), tr("unschedulable / failed")), swatch(colors::error(), tr("error")),
        swatch(colors::running(), tr("running")), swatch(colors::preemption(), tr("preemption")),
        swatch(colors::permitWait(), tr("Permit wait"), true), swatch(colors::binding(), tr("bind call")) };
    for (const framework::ExtensionPoint point :
        { framework::ExtensionPoint::PreFilter, framework::ExtensionPoint::Filter,
            framework::ExtensionPoint::PostFilter, framework::ExtensionPoint::PreScore,
            framework::ExtensionPoint::Score, framework::ExtensionPoint::Reserve, framework::ExtensionPoint::Permit })
        keys.append(swatch(colors::extensionPoint(point), framework::toString(point)));
    keys.append(swatch(colors::extender(), tr("Extender")));
    legend->setText(keys.join(QStringLiteral(" &nbsp; ")) + tr(" &nbsp; <i>(segments modeled)</i>"));
    legend->setToolTip(
        tr("Wheel: zoom about the pointer · drag: pan · Shift+wheel, ↑/↓: scroll the binding lanes · + / −: zoom "
           "about the cursor · F: fit all · Backspace, Shift+Backspace: back, forward · End: the cursor into view · L: follow (keep "
           "the cursor in view as it plays, steps or jumps) · click: select a cycle · double-click: zoom onto it · "
           "click or drag on the axis: move the cursor · right-click: the pod's previous or next cycle, zoom"));

    auto* plotRow = new QHBoxLayout;
    plotRow->setContentsMargins(0, 0, 0, 0);
    plotRow->setSpacing(0);
    plotRow->addWidget(m_plot, 1);
    plotRow->addWidget(m_scrollBar);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    auto* topRow = new QHBoxLayout;
    topRow->setContentsMargins(0, 0, 0, 0);
    topRow->addWidget(toolBar);
    topRow->addStretch(1);
    topRow->addWidget(m_rangeLabel);
    layout->addLayout(topRow);
    layout->addLayout(plotRow, 1);
    layout->addWidget(legend);
    legend->setContentsMargins(6, 0, 6, 2);

    connect(m_plot, &TimelinePlot::contentHeightChanged, this, &TimelineView::updateScrollBar);
    connect(m_scrollBar, &QScrollBar::valueChanged, m_plot, &TimelinePlot::setVerticalOffset);
    connect(m_zoom, &TimelineZoom::rangeChanged, this, &TimelineView::updateRangeLabel);
    updateScrollBar();
    updateRangeLabel();
    m_plot->setFocus();
}

TimelineView::~TimelineView() = default;

void TimelineView::setRun(const Run* run)
{
    m_plot->setRun(run);
}

void TimelineView::setContextActions(const QList<QAction*>& actions)
{
    m_plot->setContextActions(actions);
}

void TimelineView::updateScrollBar()
{
    const int hidden = std::max(0, m_plot->contentHeight() - m_plot->height());
    m_scrollBar->setRange(0, hidden);
    m_scrollBar->setPageStep(m_plot->height());
    m_scrollBar->setSingleStep(18);
    m_scrollBar->setVisible(hidden > 0);
    m_scrollBar->setValue(m_plot->verticalOffset());
}

void TimelineView::updateRangeLabel()
{
    // As precise as a thousandth of the window.
    const timeline::TimeRange range = m_zoom->range();
    const VirtualNanos step = timeline::tickStep(double(range.span()) / 1000, 1);
    m_rangeLabel->setText(
        tr("%1 – %2 (%3 shown)")
            .arg(timeline::formatTick(range.start / step * step, step),
                timeline::formatTick(range.end / step * step, step), format::duration(range.span())));
}

} // namespace ksv
