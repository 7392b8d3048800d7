#include "chartsview.h"
#include "theme.h"

#include "chartreduction.h"
#include "cursorchartview.h"
#include "run.h"
#include "timelinecoordinates.h"
#include "viewrefresh.h"
#include "viewstate.h"
#include "viewcolors.h"

#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QMouseEvent>
#include <QScatterSeries>
#include <QSplitter>
#include <QVBoxLayout>
#include <QCategoryAxis>
#include <QValueAxis>
#include <cmath>

namespace ksv {

using trace::PodLocation;

namespace {

constexpr std::array<int, ChartsView::ChartCount> seriesCounts { ChartsView::PendingSeriesCount,
    ChartsView::AttemptsSeriesCount, ChartsView::LatencySeriesCount };

QString chartTitle(int chart)
{
    switch (chart) {
    case ChartsView::PendingChart:
        return ksv::ChartsView::tr("Pending pods per queue");
    case ChartsView::AttemptsChart:
        return ksv::ChartsView::tr("Scheduling attempts per second, by result");
    case ChartsView::LatencyChart:
        return ksv::ChartsView::tr(
            "Scheduling latency of the pods bound each second (pod_scheduling_sli_duration, seconds)");
    default:
        return {};
    }
}

QColor seriesColor(int chart, int series)
{
    static const std::array<std::array<QColor, ChartsView::maxSeries>, ChartsView::ChartCount> table { {
        { colors::queue(PodLocation::Active), colors::queue(PodLocation::Backoff),
            colors::queue(PodLocation::Unschedulable), colors::queue(PodLocation::Gated) },
        { colors::scheduled(), colors::unschedulable(), colors::error(), QColor() },
        { QColor(0x3d, 0x85, 0xc6), colors::preemption(), colors::unschedulable(), QColor() },
    } };
    return table[size_t(chart)][size_t(series)];
}

// A tick interval that puts at most `maxTicks` intervals on [0, range]: 1-2-5 steps, and for time
// 10, 15, 30 s, minutes, 5, 10, 15, 30 min, hours.
double niceStep(double range, int maxTicks, bool time)
{
    if (range <= 0)
        return 1;
    if (time) {
        for (const double step : { 1.0, 2.0, 5.0, 10.0, 15.0, 30.0, 60.0, 120.0, 300.0, 600.0, 900.0, 1800.0, 3600.0,
                 7200.0, 10800.0, 21600.0 }) {
            if (range / step <= maxTicks)
                return step;
        }
    }
    double magnitude = std::pow(10.0, std::floor(std::log10(range / maxTicks)));
    for (;; magnitude *= 10) {
        for (const double step : { 1.0, 2.0, 5.0 }) {
            if (range / (step * magnitude) <= maxTicks)
                return step * magnitude;
        }
    }
}

} // namespace

ChartsView::ChartsView(ViewState* viewState, QWidget* parent)
    : QWidget(parent)
    , m_viewState(viewState)
{
    static const std::array<QStringList, ChartCount> names {
        QStringList { tr("Active"), tr("Backoff"), tr("Unschedulable"), tr("Gated") },
        QStringList { tr("scheduled"), tr("unschedulable"), tr("error") },
        QStringList { tr("p50"), tr("p90"), tr("p99") },
    };

    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->setChildrenCollapsible(false);
    for (int c = 0; c < ChartCount; ++c) {
        auto* chart = new QChart;
        chart->setAnimationOptions(QChart::NoAnimation);
        chart->setBackgroundRoundness(0);
        auto* x = new QCategoryAxis(chart);
        x->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
        x->setRange(0, 1);
        auto* y = new QValueAxis(chart);
        // Units on the tick labels rather than axis titles: a short dock has no room for titles.
        y->setRange(0, 1);
        y->setTickInterval(1);
        y->setTickType(QValueAxis::TicksDynamic);
        y->setLabelFormat(c == LatencyChart ? QStringLiteral("%.3g s") : QStringLiteral("%g"));
        chart->addAxis(x, Qt::AlignBottom);
        chart->addAxis(y, Qt::AlignLeft);
        m_xAxes[size_t(c)] = x;
        m_yAxes[size_t(c)] = y;
        for (int s = 0; s < seriesCounts[size_t(c)]; ++s) {
            // Latency exists only for the seconds in which pods were bound: points, since a line
            // would invent values across the seconds without any.
            QXYSeries* series = nullptr;
            if (c == LatencyChart) {
                // Decreasing sizes: where the percentiles coincide (a single pod) all three show.
                auto* scatter = new QScatterSeries(chart);
                scatter->setMarkerSize(11 - 3 * s);
                scatter->setBorderColor(Qt::transparent);
                series = scatter;
            } else {
                series = new QLineSeries(chart);
            }
            series->setName(names[size_t(c)][s]);
            chart->addSeries(series);
            series->attachAxis(x);
            series->attachAxis(y);
            m_series[size_t(c)][size_t(s)] = series;
        }
        auto* view = new CursorChartView(chart, m_viewState, &m_cursorSeconds, splitter);
        view->setMinimumHeight(130);
        m_views[size_t(c)] = view;
        splitter->addWidget(view);
    }
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);
    applyTheme();

    // While playing, at most four refreshes a second, however often the trace grows.
    m_refresh = new ViewRefresh(this, m_viewState, 250, [this] { refresh(); });
    connect(m_viewState, &ViewState::cursorChanged, this, &ChartsView::scheduleRefresh);
    refresh();
}

ChartsView::~ChartsView() = default;

void ChartsView::setRun(const Run* run)
{
    m_run = run;
    for (QChartView* view : m_views)
        static_cast<CursorChartView*>(view)->setRun(run);
    m_plottedSeconds = -1;
    refresh();
}

QChart* ChartsView::chart(int chart) const
{
    return m_views[size_t(chart)]->chart();
}

int ChartsView::seriesCount(int chart) const
{
    return seriesCounts[size_t(chart)];
}

QString ChartsView::toolTipAt(int chart, double seconds) const
{
    return static_cast<const CursorChartView*>(m_views[size_t(chart)])->toolTipAt(seconds);
}

QString ChartsView::seriesName(int chart, int series) const
{
    return m_series[size_t(chart)][size_t(series)]->name();
}

QList<QPointF> ChartsView::seriesPoints(int chart, int series) const
{
    return m_series[size_t(chart)][size_t(series)]->points();
}

void ChartsView::setMaxPoints(int points)
{
    m_maxPoints = std::max(points, 2);
    m_plottedSeconds = -1;
    refresh();
}

void ChartsView::scheduleRefresh()
{
    m_refresh->request();
}

void ChartsView::refresh()
{
    m_refresh->markRefreshed();
    const trace::TraceIndex* index = m_run ? &m_run->index() : nullptr;
    m_cursorSeconds = index ? double(m_viewState->cursorTime()) / double(nanosPerSecond) : 0;
    // The last second is still open and changes as events arrive: rebuild whenever the index grew.
    const qsizetype seconds = index ? qsizetype(index->seconds().size()) : 0;
    const qsizetype indexed = index ? index->indexed() : 0;
    if (seconds != m_plottedSeconds || indexed != m_plottedEvents) {
        m_plottedSeconds = seconds;
        m_plottedEvents = indexed;
        rebuildSeries();
    }
    updateAxes();
    for (QChartView* view : m_views) {
        static_cast<CursorChartView*>(view)->setBucketSeconds(m_bucket);
        view->viewport()->update();
    }
}

void ChartsView::rebuildSeries()
{
    const trace::TraceIndex* index = m_run ? &m_run->index() : nullptr;
    static const std::vector<trace::SecondSample> none;
    const auto& samples = index ? index->seconds() : none;
    const auto count = qsizetype(samples.size());
    m_bucket = charts::bucketSeconds(count, m_maxPoints);
    const auto at = [&](qsizetype i) -> const trace::SecondSample& { return samples[size_t(i)]; };

    static constexpr std::array<PodLocation, PendingSeriesCount> queues { PodLocation::Active, PodLocation::Backoff,
        PodLocation::Unschedulable, PodLocation::Gated };
    for (int s = 0; s < PendingSeriesCount; ++s) {
        const auto location = size_t(queues[size_t(s)]);
        m_series[PendingChart][size_t(s)]->replace(
            charts::reduceMax(count, m_bucket, [&](qsizetype i) { return at(i).counts[location]; }));
    }
    m_series[AttemptsChart][ScheduledSeries]->replace(
        charts::reduceMax(count, m_bucket, [&](qsizetype i) { return at(i).scheduled; }));
    m_series[AttemptsChart][UnschedulableAttemptsSeries]->replace(
        charts::reduceMax(count, m_bucket, [&](qsizetype i) { return at(i).unschedulable; }));
    m_series[AttemptsChart][ErrorSeries]->replace(
        charts::reduceMax(count, m_bucket, [&](qsizetype i) { return at(i).error; }));
    // Seconds in which no pod was bound have no latency: no point rather than a zero.
    const auto bound = [&](qsizetype i) { return at(i).bound > 0; };
    m_series[LatencyChart][P50Series]->replace(charts::reduceMax(
        count, m_bucket, [&](qsizetype i) { return at(i).latencyP50; }, bound));
    m_series[LatencyChart][P90Series]->replace(charts::reduceMax(
        count, m_bucket, [&](qsizetype i) { return at(i).latencyP90; }, bound));
    m_series[LatencyChart][P99Series]->replace(charts::reduceMax(
        count, m_bucket, [&](qsizetype i) { return at(i).latencyP99; }, bound));

    // The last second is still open: its point goes at the last indexed event, not the second's end.
    if (count > 0) {
        const double now
            = std::clamp(double(index->head().time) / double(nanosPerSecond), double(count - 1) + 1e-3, double(count));
        for (int c = 0; c < ChartCount; ++c) {
            for (int s = 0; s < seriesCounts[size_t(c)]; ++s) {
                QXYSeries* series = m_series[size_t(c)][size_t(s)];
                if (series->count() > 0 && series->at(series->count() - 1).x() == double(count))
                    series->replace(series->count() - 1, QPointF(now, series->at(series->count() - 1).y()));
            }
        }
    }
}

void ChartsView::updateAxes()
{
    const double end = std::max({ double(std::max<qsizetype>(m_plottedSeconds, 0)), std::ceil(m_cursorSeconds), 1.0 });
    // Qt Charts lays out every tick as soon as the range or the interval changes: change them in the
    // order that never asks for more than a dozen ticks (a wide range on a fine interval would make
    // a graphics item per tick, hundreds of thousands of them).
    const auto setTicks = [](QValueAxis* axis, double top, double step) {
        axis->setTickAnchor(0);
        if (step >= axis->tickInterval()) {
            axis->setTickInterval(step);
            axis->setRange(0, top);
        } else {
            axis->setRange(0, top);
            axis->setTickInterval(step);
        }
    };
    const double xStep = niceStep(end, 10, true);
    if (end != m_xLabelledEnd || xStep != m_xLabelledStep) {
        m_xLabelledEnd = end;
        m_xLabelledStep = xStep;
        const auto stepNanos = VirtualNanos(std::llround(xStep * double(nanosPerSecond)));
        for (QCategoryAxis* x : m_xAxes) {
            for (const QString& label : x->categoriesLabels())
                x->remove(label);
            x->setRange(0, end);
            for (qint64 i = 0; double(i) * xStep <= end + 1e-9; ++i)
                x->append(timeline::formatTick(i * stepNanos, stepNanos), double(i) * xStep);
        }
    }
    for (int c = 0; c < ChartCount; ++c) {
        double peak = 0;
        for (int s = 0; s < seriesCounts[size_t(c)]; ++s) {
            for (const QPointF& point : m_series[size_t(c)][size_t(s)]->points())
                peak = std::max(peak, point.y());
        }
        // Counts tick on whole numbers; the range ends on a tick above the peak.
        double yStep = niceStep(peak * 1.05, 4, false);
        if (c != LatencyChart)
            yStep = std::max(yStep, 1.0);
        setTicks(m_yAxes[size_t(c)], std::max(1.0, std::ceil(peak * 1.05 / yStep)) * yStep, yStep);
    }
    const QString over = m_bucket > 1 ? tr(" — each point the peak of %1 s").arg(m_bucket) : QString();
    for (int c = 0; c < ChartCount; ++c)
        static_cast<CursorChartView*>(m_views[size_t(c)])->setHeading(chartTitle(c) + over);

    // The y axes' labels differ in width ("5", "37.5", "0.04"): pad each chart's left margin up to
    // the widest, so that a time sits at the same x in all three plots.
    std::array<int, ChartCount> labelWidths {};
    for (int c = 0; c < ChartCount; ++c) {
        const QValueAxis* y = m_yAxes[size_t(c)];
        const QFontMetrics metrics(y->labelsFont());
        const QByteArray format = y->labelFormat().toLatin1();
        for (double value = 0; value <= y->max() + y->tickInterval() / 2; value += y->tickInterval())
            labelWidths[size_t(c)] = std::max(
                labelWidths[size_t(c)], metrics.horizontalAdvance(QString::asprintf(format.constData(), value)));
    }
    const int widest = *std::max_element(labelWidths.begin(), labelWidths.end());
    for (int c = 0; c < ChartCount; ++c) {
        const int top = static_cast<CursorChartView*>(m_views[size_t(c)])->headingHeight();
        chart(c)->setMargins(QMargins(4 + widest - labelWidths[size_t(c)], top, 12, 2));
    }
}

void ChartsView::applyTheme()
{
    const bool dark = colors::isDark(palette());
    for (int c = 0; c < ChartCount; ++c) {
        QChart* chart = this->chart(c);
        chart->setTheme(dark ? QChart::ChartThemeDark : QChart::ChartThemeLight);
        chart->setAnimationOptions(QChart::NoAnimation);
        chart->setBackgroundRoundness(0);
        // Themes bring their own legend font and may re-place the legend.
        chart->legend()->setFont(font());
        chart->legend()->setBackgroundVisible(false);
        static_cast<CursorChartView*>(m_views[size_t(c)])->placeLegend();
        // The theme resets the series' pens: the shared colours go on after it.
        for (int s = 0; s < seriesCounts[size_t(c)]; ++s) {
            QXYSeries* series = m_series[size_t(c)][size_t(s)];
            series->setColor(seriesColor(c, s));
            if (c == LatencyChart)
                static_cast<QScatterSeries*>(series)->setBorderColor(Qt::transparent);
            else
                series->setPen(QPen(seriesColor(c, s), theme::stroke(2)));
        }
    }
}

void ChartsView::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange)
        applyTheme();
}

} // namespace ksv
