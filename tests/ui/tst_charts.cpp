// The charts against real runs: attempts per second add up to the trace's CycleEnd events by
// result, pending counts match the replayed state at each second's end, latency percentiles lie
// within the SLI durations of the pods bound that second; long runs are reduced with peaks kept.
#include "chartsview.h"
#include "format.h"
#include "cursorchartview.h"
#include "config/config.h"
#include "playbackhelpers.h"
#include "screenshots.h"
#include "scenario/loader.h"
#include "theme.h"

#include <QChart>
#include <QChartView>
#include <QLocale>
#include <QMouseEvent>
#include <QTest>
#include <QToolTip>
#include <cmath>
#include <algorithm>
#include <array>
#include <map>

using namespace ksv;
using ksv::testing::configurationOf;
using ksv::testing::sample;
using ksv::testing::runToEnd;
using ksv::testing::saveShot;
using ksv::testing::Session;
using framework::Code;
using trace::EventKind;
using trace::PodLocation;

namespace {



double sumY(const QList<QPointF>& points)
{
    double sum = 0;
    for (const QPointF& point : points)
        sum += point.y();
    return sum;
}

double maxY(const QList<QPointF>& points)
{
    double peak = 0;
    for (const QPointF& point : points)
        peak = std::max(peak, point.y());
    return peak;
}

bool isQueue(PodLocation where)
{
    return where == PodLocation::Active || where == PodLocation::Backoff || where == PodLocation::Unschedulable
        || where == PodLocation::Gated;
}

// Shows the view at the screenshots' size and waits until it is on screen.
bool showAtScreenshotSize(ChartsView& view)
{
    view.resize(1200, 760);
    view.show();
    return QTest::qWaitForWindowExposed(&view);
}

} // namespace

class TestCharts : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void samples_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::newRow("default") << "default.yaml";
        QTest::newRow("backlog-node-added") << "backlog-node-added.yaml";
        QTest::newRow("gang-scheduling") << "gang-scheduling.yaml";
    }

    // Attempts per second: the points add up to the CycleEnd events by result, second by second.
    void attemptsMatchTrace_data() { samples_data(); }
    void attemptsMatchTrace()
    {
        QFETCH(QString, scenario);
        Session session;
        ChartsView view(&session.view);
        session.attach(view);
        QVERIFY(runToEnd(session, scenario));
        view.setMaxPoints(1'000'000); // second by second here; reducedWithPeaks tests the reduction
        QCOMPARE(view.bucketSeconds(), 1);

        const trace::TraceIndex& index = session.run().index();
        std::map<qint64, std::array<int, 3>> perSecond; // second → scheduled, unschedulable, error
        std::array<int, 3> totals {};
        for (qsizetype i = 0; i < index.indexed(); ++i) {
            const trace::Event& event = index.trace().at(i);
            if (event.kind() != EventKind::CycleEnd)
                continue;
            const Code code = event.code();
            const size_t result = code == Code::Success                                       ? 0
                : (code == Code::Unschedulable || code == Code::UnschedulableAndUnresolvable) ? 1
                                                                                              : 2;
            ++perSecond[event.time() / nanosPerSecond][result];
            ++totals[result];
        }
        QVERIFY(totals[0] > 0);
        const int series[3]
            = { ChartsView::ScheduledSeries, ChartsView::UnschedulableAttemptsSeries, ChartsView::ErrorSeries };
        for (size_t r = 0; r < 3; ++r) {
            const QList<QPointF> points = view.seriesPoints(ChartsView::AttemptsChart, series[r]);
            QCOMPARE(int(sumY(points)), totals[r]);
            for (const QPointF& point : points) {
                // The point at x covers the second [x - 1, x) (the last, open one: up to the last event).
                const auto it = perSecond.find(qint64(std::ceil(point.x())) - 1);
                QCOMPARE(int(point.y()), it == perSecond.end() ? 0 : it->second[r]);
            }
        }
    }

    // Pending pods per queue: each point is the replayed state at the end of its second.
    void pendingMatchesReplay_data() { samples_data(); }
    void pendingMatchesReplay()
    {
        QFETCH(QString, scenario);
        Session session;
        ChartsView view(&session.view);
        session.attach(view);
        QVERIFY(runToEnd(session, scenario));
        view.setMaxPoints(1'000'000);
        const trace::TraceIndex& index = session.run().index();
        const PodLocation queues[]
            = { PodLocation::Active, PodLocation::Backoff, PodLocation::Unschedulable, PodLocation::Gated };
        const QList<QPointF> active = view.seriesPoints(ChartsView::PendingChart, ChartsView::ActiveSeries);
        QCOMPARE(active.size(), qsizetype(index.seconds().size()));
        // Counted independently of ReplayState: queue moves up to the second's end.
        std::array<qint64, trace::podLocationCount> counts {};
        qsizetype position = 0;
        for (const QPointF& point : active) {
            const VirtualNanos end = VirtualNanos(std::ceil(point.x())) * nanosPerSecond;
            for (; position < index.indexed() && index.trace().at(position).time() < end; ++position) {
                const trace::Event& event = index.trace().at(position);
                if (event.kind() != EventKind::QueueMove)
                    continue;
                if (isQueue(event.from()))
                    --counts[size_t(event.from())];
                if (isQueue(event.to()))
                    ++counts[size_t(event.to())];
            }
            for (int s = 0; s < ChartsView::PendingSeriesCount; ++s) {
                const QPointF value = view.seriesPoints(ChartsView::PendingChart, s)[active.indexOf(point)];
                QCOMPARE(value.x(), point.x());
                QVERIFY2(qint64(value.y()) == counts[size_t(queues[s])],
                    qPrintable(QStringLiteral("%1 at %2 s: chart %3, trace %4")
                                   .arg(view.seriesName(ChartsView::PendingChart, s))
                                   .arg(point.x())
                                   .arg(value.y())
                                   .arg(counts[size_t(queues[s])])));
            }
        }
    }

    // Latency: p50 <= p90 <= p99, each within the SLI durations of the pods bound that second, and
    // a point exactly for the seconds in which pods were bound.
    void latencyConsistentWithBoundPods_data() { samples_data(); }
    void latencyConsistentWithBoundPods()
    {
        QFETCH(QString, scenario);
        Session session;
        ChartsView view(&session.view);
        session.attach(view);
        QVERIFY(runToEnd(session, scenario));
        view.setMaxPoints(1'000'000);
        const trace::TraceIndex& index = session.run().index();

        // SLI: from the pod's first entry into a queue to its bind.
        QHash<qint32, VirtualNanos> firstQueued;
        std::map<qint64, std::vector<double>> boundIn; // second → SLI seconds
        qsizetype bound = 0;
        for (qsizetype i = 0; i < index.indexed(); ++i) {
            const trace::Event& event = index.trace().at(i);
            if (event.kind() == EventKind::QueueMove && isQueue(event.to()) && !firstQueued.contains(event.pod()))
                firstQueued.insert(event.pod(), event.time());
            if (event.kind() == EventKind::BindingEnd && event.code() == Code::Success) {
                boundIn[event.time() / nanosPerSecond].push_back(
                    double(event.time() - firstQueued.value(event.pod(), event.time())) / nanosPerSecond);
                ++bound;
            }
        }
        QVERIFY(bound > 0);
        qsizetype sampledBound = 0;
        for (const trace::SecondSample& second : index.seconds())
            sampledBound += second.bound;
        QCOMPARE(sampledBound, bound);

        const QList<QPointF> p50 = view.seriesPoints(ChartsView::LatencyChart, ChartsView::P50Series);
        const QList<QPointF> p90 = view.seriesPoints(ChartsView::LatencyChart, ChartsView::P90Series);
        const QList<QPointF> p99 = view.seriesPoints(ChartsView::LatencyChart, ChartsView::P99Series);
        QCOMPARE(p50.size(), qsizetype(boundIn.size()));
        QCOMPARE(p90.size(), p50.size());
        QCOMPARE(p99.size(), p50.size());
        for (qsizetype i = 0; i < p50.size(); ++i) {
            const auto it = boundIn.find(qint64(std::ceil(p50[i].x())) - 1);
            QVERIFY2(it != boundIn.end(), qPrintable(QString::number(p50[i].x())));
            const auto [low, high] = std::minmax_element(it->second.begin(), it->second.end());
            const double slack = 1e-3;
            QVERIFY(p50[i].y() <= p90[i].y() + slack && p90[i].y() <= p99[i].y() + slack);
            QVERIFY2(p50[i].y() >= *low - slack && p99[i].y() <= *high + slack,
                qPrintable(QStringLiteral("second %1: p50 %2 p99 %3, SLIs %4..%5")
                               .arg(p50[i].x())
                               .arg(p50[i].y())
                               .arg(p99[i].y())
                               .arg(*low)
                               .arg(*high)));
        }
    }

    // A long run is reduced to at most maxPoints points a series, and its peaks survive.
    void reducedWithPeaks()
    {
        Session session;
        ChartsView view(&session.view);
        session.attach(view);
        QVERIFY(runToEnd(session, QStringLiteral("backlog-node-added.yaml")));
        view.refresh();
        QList<QList<QPointF>> full;
        for (int c = 0; c < ChartsView::ChartCount; ++c) {
            for (int s = 0; s < view.seriesCount(c); ++s)
                full.append(view.seriesPoints(c, s));
        }
        const qsizetype seconds = qsizetype(session.run().index().seconds().size());
        QVERIFY(seconds > 16);
        view.setMaxPoints(8);
        QVERIFY(view.bucketSeconds() > 1);
        int series = 0;
        for (int c = 0; c < ChartsView::ChartCount; ++c) {
            for (int s = 0; s < view.seriesCount(c); ++s) {
                const QList<QPointF> reduced = view.seriesPoints(c, s);
                QVERIFY2(reduced.size() <= 8, qPrintable(view.seriesName(c, s)));
                QCOMPARE(maxY(reduced), maxY(full[series++]));
            }
        }
        view.setMaxPoints(ChartsView::defaultMaxPoints);
        QCOMPARE(view.bucketSeconds(), 1);
    }

    // The theme follows the palette's lightness.
    void themeFollowsPalette()
    {
        Session session;
        ChartsView view(&session.view);
        session.attach(view);
        QCOMPARE(int(view.chart(0)->theme()), int(QChart::ChartThemeLight));
        QPalette dark = view.palette();
        dark.setColor(QPalette::Window, QColor(0x2a, 0x2a, 0x2e));
        dark.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x22));
        dark.setColor(QPalette::WindowText, Qt::white);
        dark.setColor(QPalette::Text, Qt::white);
        view.setPalette(dark);
        QCOMPARE(int(view.chart(ChartsView::LatencyChart)->theme()), int(QChart::ChartThemeDark));
    }

    // Mid-run: the cursor line where the playback stands; clicking a chart seeks.
    void cursorAndScreenshots()
    {
        Session session;
        ChartsView view(&session.view);
        session.attach(view);
        QVERIFY(showAtScreenshotSize(view));
        QVERIFY(runToEnd(session, QStringLiteral("backlog-node-added.yaml")));
        view.refresh();
        saveShot(&view, QStringLiteral("charts-backlog-end"));

        session.playback.seek(50 * nanosPerSecond);
        view.refresh();
        QVERIFY(session.view.cursorTime() <= 50 * nanosPerSecond);
        saveShot(&view, QStringLiteral("charts-backlog-mid"));

        // Click at 20 s on the attempts chart.
        QChartView* chartView = view.chartView(ChartsView::AttemptsChart);
        QChart* chart = chartView->chart();
        const QPointF position = chart->mapToPosition(QPointF(20, 0.5), chart->series().constFirst());
        QTest::mouseClick(
            chartView->viewport(), Qt::LeftButton, {}, chartView->mapFromScene(chart->mapToScene(position)));
        // Pixel rounding moves the time by a fraction of a second: between 19.5 and 20.5 s.
        QVERIFY(session.view.cursor() >= session.run().index().positionAfter(19'500'000'000));
        QVERIFY(session.view.cursor() <= session.run().index().positionAfter(20'500'000'000));
        QVERIFY(!session.view.isFollowing());
    }

    // A cursor move repaints the cached chart and the line over it; the series are rendered again
    // only when they change.
    void cursorMoveReusesThePlot()
    {
        Session session;
        ChartsView view(&session.view);
        session.attach(view);
        QVERIFY(showAtScreenshotSize(view));
        QVERIFY(runToEnd(session, QStringLiteral("backlog-node-added.yaml")));
        view.refresh();
        // Until the layout has settled (chart titles, axis labels, the legend): painted twice alike.
        std::array<int, ChartsView::ChartCount> renders {};
        for (int attempt = 0; attempt < 50; ++attempt) {
            QTest::qWait(50);
            std::array<int, ChartsView::ChartCount> now {};
            for (int c = 0; c < ChartsView::ChartCount; ++c) {
                auto* chartView = static_cast<CursorChartView*>(view.chartView(c));
                chartView->grab();
                now[size_t(c)] = chartView->plotRenders();
            }
            if (now == renders)
                break;
            renders = now;
        }
        for (int c = 0; c < ChartsView::ChartCount; ++c)
            QVERIFY(renders[size_t(c)] > 0);
        double previousX = -1;
        for (const VirtualNanos t : { 50 * nanosPerSecond, 20 * nanosPerSecond }) {
            session.playback.seek(t);
            view.refresh();
            QTest::qWait(50);
            const double seconds = double(session.view.cursorTime()) / double(nanosPerSecond);
            for (int c = 0; c < ChartsView::ChartCount; ++c) {
                auto* chartView = static_cast<CursorChartView*>(view.chartView(c));
                const QImage image = chartView->grab().toImage();
                QCOMPARE(chartView->plotRenders(), renders[size_t(c)]);
                // The line is at the cursor's time on the x axis.
                QChart* chart = chartView->chart();
                const QPointF position = chart->mapToScene(chart->mapToPosition(QPointF(seconds, 0), chart->series().constFirst()));
                const double expected = chartView->viewportTransform().map(position).x();
                QVERIFY2(std::abs(chartView->cursorX() - expected) < 0.01, qPrintable(QString::number(chartView->cursorX())));
                const QRectF plot = chart->mapToScene(chart->plotArea()).boundingRect();
                const QPoint pixel = chartView->viewport()->mapTo(chartView, QPointF(expected, plot.center().y()).toPoint());
                QCOMPARE(image.pixelColor(pixel * image.devicePixelRatio()).rgb(), view.palette().color(QPalette::Highlight).rgb());
            }
            const double x = static_cast<CursorChartView*>(view.chartView(ChartsView::PendingChart))->cursorX();
            QVERIFY(previousX < 0 || x < previousX);
            previousX = x;
        }
        // New points are rendered: the scene's change notification drops the cached chart.
        view.setMaxPoints(5);
        QTest::qWait(20);
        auto* pending = static_cast<CursorChartView*>(view.chartView(ChartsView::PendingChart));
        pending->grab();
        QVERIFY(pending->plotRenders() > renders[ChartsView::PendingChart]);
    }

    // Hovering a chart shows every series' value at the time under the mouse.
    void hoverShowsTheValues()
    {
        Session session;
        ChartsView view(&session.view);
        session.attach(view);
        QVERIFY(showAtScreenshotSize(view));
        QVERIFY(runToEnd(session, QStringLiteral("backlog-node-added.yaml")));
        view.refresh();
        QCOMPARE(view.bucketSeconds(), 1);
        // The second with the most pods pending in any queue.
        QPointF peak;
        for (int s = 0; s < view.seriesCount(ChartsView::PendingChart); ++s) {
            for (const QPointF& point : view.seriesPoints(ChartsView::PendingChart, s))
                peak = point.y() > peak.y() ? point : peak;
        }
        QVERIFY(peak.y() > 0);
        const double t = peak.x() - 0.5; // within the second the point stands for
        const QString tip = view.toolTipAt(ChartsView::PendingChart, t);
        for (int s = 0; s < view.seriesCount(ChartsView::PendingChart); ++s) {
            const QList<QPointF> points = view.seriesPoints(ChartsView::PendingChart, s);
            const auto at = std::find_if(points.cbegin(), points.cend(), [&](const QPointF& p) { return p.x() >= t; });
            QVERIFY(at != points.cend());
            QVERIFY2(tip.contains(view.seriesName(ChartsView::PendingChart, s) + QStringLiteral("</td><td align='right'>&nbsp;")
                                  + QLocale().toString(at->y(), 'g', 4) + QStringLiteral("</td>")),
                     qPrintable(tip));
        }
        QVERIFY(view.toolTipAt(ChartsView::PendingChart, -1).isEmpty());
        // Latency only exists in the seconds in which pods were bound: the others say so.
        const QList<QPointF> latency = view.seriesPoints(ChartsView::LatencyChart, ChartsView::P50Series);
        QVERIFY(!latency.isEmpty());
        QVERIFY(view.toolTipAt(ChartsView::LatencyChart, latency.front().x() - 0.5).contains(QLocale().toString(latency.front().y(), 'g', 4)));
        if (latency.front().x() > 1.5)
            QVERIFY(view.toolTipAt(ChartsView::LatencyChart, 0.5).contains(QStringLiteral("–")));

        // And with the mouse: the text follows it.
        QChartView* chartView = view.chartView(ChartsView::PendingChart);
        QChart* chart = chartView->chart();
        const QPoint mouse = chartView->mapFromScene(chart->mapToScene(chart->mapToPosition(QPointF(t, 0.5), chart->series().constFirst())));
        QMouseEvent move(QEvent::MouseMove, mouse, chartView->viewport()->mapToGlobal(mouse), Qt::NoButton, {}, {});
        QCoreApplication::sendEvent(chartView->viewport(), &move);
        QTRY_VERIFY2(QToolTip::text().contains(view.seriesName(ChartsView::PendingChart, ChartsView::ActiveSeries)), qPrintable(QToolTip::text()));
        // The second under the mouse, on the app's clock (issue 20, finding 13).
        const auto second = VirtualNanos(std::floor(t)) * nanosPerSecond;
        QVERIFY2(QToolTip::text().contains(format::virtualTime(second, 0) + QStringLiteral(" to ") + format::virtualTime(second + nanosPerSecond, 0)),
                 qPrintable(QToolTip::text()));
    }

    void darkScreenshot()
    {
        theme::apply(theme::Theme::Dark);
        Session session;
        ChartsView view(&session.view);
        session.attach(view);
        QVERIFY(showAtScreenshotSize(view));
        QCOMPARE(int(view.chart(ChartsView::PendingChart)->theme()), int(QChart::ChartThemeDark));
        QVERIFY(runToEnd(session, QStringLiteral("backlog-node-added.yaml")));
        session.playback.seek(46 * nanosPerSecond);
        view.refresh();
        saveShot(&view, QStringLiteral("charts-dark"));
        theme::apply(theme::Theme::Light);
    }

    // While the run plays the charts grow a few times a second, and their points stay consistent.
    void growsWhileRunning()
    {
        Session session;
        ChartsView view(&session.view);
        session.attach(view);
        QVERIFY(showAtScreenshotSize(view));
        const auto scenario = sample(QStringLiteral("gang-scheduling.yaml"));
        session.playback.load(scenario, configurationOf(*scenario), {});
        session.playback.setSpeed(200);
        session.playback.play();
        double reached = 0;
        for (int i = 0; i < 6; ++i) {
            QTest::qWait(300);
            QVERIFY(!view.grab().isNull());
            const QList<QPointF> active = view.seriesPoints(ChartsView::PendingChart, ChartsView::ActiveSeries);
            // The charts only grow in time (their points may merge when the bucket doubles).
            QVERIFY(!active.isEmpty());
            QVERIFY(active.constLast().x() >= reached);
            reached = active.constLast().x();
            QVERIFY(active.size() <= view.maxPoints() + 1);
            for (qsizetype p = 1; p < active.size(); ++p)
                QVERIFY(active[p].x() > active[p - 1].x());
        }
        session.playback.pause();
        QVERIFY(reached > 10);
    }

    void gangScreenshot()
    {
        Session session;
        ChartsView view(&session.view);
        session.attach(view);
        QVERIFY(showAtScreenshotSize(view));
        QVERIFY(runToEnd(session, QStringLiteral("gang-scheduling.yaml")));
        view.refresh();
        saveShot(&view, QStringLiteral("charts-gang"));
    }
};

QTEST_MAIN(TestCharts)
#include "tst_charts.moc"
