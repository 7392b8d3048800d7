#pragma once

// The charts (Qt Charts) of a run, stacked: pending pods per queue over virtual time, scheduling
// attempts per second by result, and the scheduling latency percentiles (pod_scheduling_sli_duration)
// of the pods bound each second. They plot TraceIndex::seconds(), reduced to at most maxPoints()
// points a series (peaks kept, chartreduction.h), refreshed a few times a second while the run grows,
// with the playback cursor drawn across each chart. Clicking a chart moves the cursor there.

#include <QList>
#include <QPointF>
#include <QWidget>
#include <array>

class QChart;
class QChartView;
class QXYSeries;
class QCategoryAxis;
class QValueAxis;

namespace ksv {

class Run;
class ViewRefresh;
class ViewState;

class ChartsView : public QWidget
{
    Q_OBJECT
public:
    enum Chart { PendingChart, AttemptsChart, LatencyChart, ChartCount };
    // Series of each chart, in order.
    enum PendingSeries { ActiveSeries, BackoffSeries, UnschedulableSeries, GatedSeries, PendingSeriesCount };
    enum AttemptsSeries { ScheduledSeries, UnschedulableAttemptsSeries, ErrorSeries, AttemptsSeriesCount };
    enum LatencySeries { P50Series, P90Series, P99Series, LatencySeriesCount };
    static constexpr int maxSeries = 4;
    static constexpr int defaultMaxPoints = 400;

    explicit ChartsView(ViewState* viewState, QWidget* parent = nullptr);
    ~ChartsView() override;

    // The run plotted (null: none). Call again for each new run.
    void setRun(const Run* run);

    // What the charts plot, for tests: x in virtual seconds.
    QList<QPointF> seriesPoints(int chart, int series) const;
    int seriesCount(int chart) const;
    QString seriesName(int chart, int series) const;
    // The hover text of a chart at a virtual time (seconds): each series' value there.
    QString toolTipAt(int chart, double seconds) const;
    QChart* chart(int chart) const;
    QChartView* chartView(int chart) const { return m_views[size_t(chart)]; }
    // Seconds each point stands for (1 until the run outgrows maxPoints seconds).
    int bucketSeconds() const { return m_bucket; }
    int maxPoints() const { return m_maxPoints; }
    void setMaxPoints(int points);
    // Brings the charts up to date with the run and the cursor now (normally coalesced).
    void refresh();

protected:
    void changeEvent(QEvent* event) override;

private:
    void scheduleRefresh();
    void rebuildSeries();
    void applyTheme();
    void updateAxes();

    const Run* m_run = nullptr;
    ViewState* m_viewState;
    ViewRefresh* m_refresh = nullptr;
    std::array<QChartView*, ChartCount> m_views {};
    std::array<std::array<QXYSeries*, maxSeries>, ChartCount> m_series {};
    // Time axes label their ticks with the app's clock ("0:30", "1:00"), which only a category
    // axis can print; their ticks are set in updateAxes().
    std::array<QCategoryAxis*, ChartCount> m_xAxes {};
    double m_xLabelledEnd = -1, m_xLabelledStep = -1;
    std::array<QValueAxis*, ChartCount> m_yAxes {};
    int m_maxPoints = defaultMaxPoints;
    int m_bucket = 1;
    qsizetype m_plottedSeconds = -1; // seconds() size the series were built from
    qsizetype m_plottedEvents = -1; // and the events indexed then
    double m_cursorSeconds = 0;
};

} // namespace ksv
