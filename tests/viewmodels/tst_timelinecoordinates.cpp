// The timeline's pure math, row by row: time to pixels and back, zooming about a point or about the
// cursor, following the cursor, tick steps and labels, the visible slice of sorted intervals,
// folding, and the modeled cycle segments.
#include "cyclesegments.h"
#include "timelinecoordinates.h"

#include <QTest>

using namespace ksv;
using namespace ksv::timeline;

namespace {

constexpr VirtualNanos us = nanosPerMicro;
constexpr VirtualNanos ms = nanosPerMilli;
constexpr VirtualNanos s = nanosPerSecond;

struct Interval
{
    VirtualNanos start;
    VirtualNanos end;
};
using Intervals = QList<Interval>;

// Compact run descriptions for QCOMPARE: "0-1 1-4" means runs [0,1) and [1,4).
QString describe(const std::vector<FoldedRun>& runs)
{
    QStringList parts;
    for (const FoldedRun& run : runs)
        parts.append(QString::number(run.first) + QLatin1Char('-') + QString::number(run.last));
    return parts.join(QLatin1Char(' '));
}

QString describe(const std::vector<CycleSegment>& segments)
{
    QStringList parts;
    for (const CycleSegment& segment : segments)
        parts.append(framework::toString(segment.point) + QLatin1Char(':') + QString::number(segment.start)
            + QLatin1Char('-') + QString::number(segment.end));
    return parts.join(QLatin1Char(' '));
}

} // namespace

Q_DECLARE_METATYPE(Interval)
Q_DECLARE_METATYPE(ksv::timeline::TimeRange)

class TestTimelineCoordinates : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void timeToX_data()
    {
        QTest::addColumn<VirtualNanos>("start");
        QTest::addColumn<VirtualNanos>("end");
        QTest::addColumn<double>("width");
        QTest::addColumn<VirtualNanos>("t");
        QTest::addColumn<double>("x");
        QTest::newRow("left edge") << VirtualNanos(0) << s << 1000.0 << VirtualNanos(0) << 0.0;
        QTest::newRow("right edge") << VirtualNanos(0) << s << 1000.0 << s << 1000.0;
        QTest::newRow("middle") << VirtualNanos(0) << s << 1000.0 << 500 * ms << 500.0;
        QTest::newRow("offset window") << 10 * s << 20 * s << 500.0 << 15 * s << 250.0;
        QTest::newRow("before the window") << 10 * s << 20 * s << 500.0 << 9 * s << -50.0;
        QTest::newRow("microseconds") << 100 * us << 110 * us << 1000.0 << 101 * us << 100.0;
        QTest::newRow("an hour on 1200 px")
            << VirtualNanos(0) << nanosPerHour << 1200.0 << 30 * nanosPerMinute << 600.0;
    }
    void timeToX()
    {
        QFETCH(VirtualNanos, start);
        QFETCH(VirtualNanos, end);
        QFETCH(double, width);
        QFETCH(VirtualNanos, t);
        QFETCH(double, x);
        const TimelineCoordinates coordinates({ start, end }, width);
        QCOMPARE(coordinates.timeToX(t), x);
        QCOMPARE(coordinates.xToTime(x), t);
    }

    void zoomKeepsAnchor_data()
    {
        QTest::addColumn<VirtualNanos>("start");
        QTest::addColumn<VirtualNanos>("end");
        QTest::addColumn<double>("anchor");
        QTest::addColumn<double>("factor");
        QTest::addColumn<VirtualNanos>("expectedSpan");
        QTest::newRow("in about the centre") << VirtualNanos(0) << 10 * s << 0.5 << 2.0 << 5 * s;
        QTest::newRow("in about the left edge") << VirtualNanos(0) << 10 * s << 0.0 << 2.0 << 5 * s;
        QTest::newRow("out about a third") << 3 * s << 6 * s << 1.0 / 3 << 0.5 << 6 * s;
        QTest::newRow("in about 0.9") << 100 * ms << 200 * ms << 0.9 << 10.0 << 10 * ms;
        QTest::newRow("clamped at the narrowest") << VirtualNanos(0) << 20 * us << 0.25 << 100.0 << minimumSpan;
        QTest::newRow("clamped at the widest") << VirtualNanos(0) << 4 * 24 * nanosPerHour << 0.5 << 0.1 << maximumSpan;
    }
    void zoomKeepsAnchor()
    {
        QFETCH(VirtualNanos, start);
        QFETCH(VirtualNanos, end);
        QFETCH(double, anchor);
        QFETCH(double, factor);
        QFETCH(VirtualNanos, expectedSpan);
        const TimeRange before { start, end };
        const TimeRange after = zoomAround(before, anchor, factor);
        QCOMPARE(after.span(), expectedSpan);
        // The time under the anchor stays put, to the nanosecond.
        const double width = 1000;
        const TimelineCoordinates was(before, width);
        const TimelineCoordinates is(after, width);
        QVERIFY(std::abs(was.xToTime(anchor * width) - is.xToTime(anchor * width)) <= 1);
    }

    // The zoom keys (finding 8): about the cursor, which keeps its x while in view and is brought
    // into view, centred, from outside.
    void zoomAboutTime_data()
    {
        QTest::addColumn<TimeRange>("range");
        QTest::addColumn<VirtualNanos>("t");
        QTest::addColumn<double>("factor");
        QTest::addColumn<TimeRange>("expected");
        const TimeRange window {10 * s, 20 * s};
        QTest::newRow("in, cursor at a quarter") << window << 12500 * ms << 2.0 << TimeRange {11250 * ms, 16250 * ms};
        QTest::newRow("out, cursor at a quarter") << window << 12500 * ms << 0.5 << TimeRange {7500 * ms, 27500 * ms};
        QTest::newRow("in, cursor at the left edge") << window << 10 * s << 2.0 << TimeRange {10 * s, 15 * s};
        QTest::newRow("in, cursor after the window") << window << 40 * s << 2.0 << TimeRange {37500 * ms, 42500 * ms};
        QTest::newRow("out, cursor before the window") << window << 2 * s << 0.5 << TimeRange {-8 * s, 12 * s};
        QTest::newRow("in, cursor on the end (outside)") << window << 20 * s << 2.0 << TimeRange {17500 * ms, 22500 * ms};
        QTest::newRow("clamped at the narrowest") << TimeRange {0, 20 * us} << 5 * us << 100.0 << TimeRange {2500, 12500};
    }
    void zoomAboutTime()
    {
        QFETCH(TimeRange, range);
        QFETCH(VirtualNanos, t);
        QFETCH(double, factor);
        QFETCH(TimeRange, expected);
        const TimeRange result = timeline::zoomAboutTime(range, t, factor);
        QCOMPARE(result.start, expected.start);
        QCOMPARE(result.end, expected.end);
        QVERIFY(result.contains(t));
        if (range.contains(t)) {
            const double fraction = double(t - range.start) / double(range.span());
            QVERIFY(std::abs(double(t - result.start) / double(result.span()) - fraction) < 1e-9);
        }
    }

    // Follow mode (finding 8): the window turns a page, keeping its span, once the cursor leaves it
    // (or, playing, comes within the margin of its right edge).
    void followTime_data()
    {
        QTest::addColumn<TimeRange>("range");
        QTest::addColumn<VirtualNanos>("t");
        QTest::addColumn<double>("margin");
        QTest::addColumn<TimeRange>("expected");
        const TimeRange window {10 * s, 20 * s};
        QTest::newRow("inside") << window << 15 * s << 0.0 << window;
        QTest::newRow("at the start") << window << 10 * s << 0.0 << window;
        QTest::newRow("near the end, paused") << window << 19900 * ms << 0.0 << window;
        QTest::newRow("near the end, playing") << window << 19900 * ms << 0.02 << TimeRange {11400 * ms, 21400 * ms};
        QTest::newRow("after") << window << 60 * s << 0.0 << TimeRange {51500 * ms, 61500 * ms};
        QTest::newRow("before") << window << 2 * s << 0.0 << TimeRange {-6500 * ms, 3500 * ms};
        QTest::newRow("on the end") << window << 20 * s << 0.0 << TimeRange {11500 * ms, 21500 * ms};
    }
    void followTime()
    {
        QFETCH(TimeRange, range);
        QFETCH(VirtualNanos, t);
        QFETCH(double, margin);
        QFETCH(TimeRange, expected);
        const TimeRange result = timeline::followTime(range, t, margin);
        QCOMPARE(result.start, expected.start);
        QCOMPARE(result.end, expected.end);
        QCOMPARE(result.span(), range.span());
        QVERIFY(result.contains(t));
    }

    void pan()
    {
        QCOMPARE(panByPixels({ 0, 10 * s }, 1000, 100), (TimeRange { -1 * s, 9 * s }));
        QCOMPARE(panByPixels({ 0, 10 * s }, 1000, -250), (TimeRange { 2500 * ms, 12500 * ms }));
    }

    void ensureVisible_data()
    {
        QTest::addColumn<TimeRange>("range");
        QTest::addColumn<VirtualNanos>("from");
        QTest::addColumn<VirtualNanos>("to");
        QTest::addColumn<TimeRange>("expected");
        const TimeRange window { 10 * s, 20 * s };
        QTest::newRow("inside") << window << 12 * s << 13 * s << window;
        QTest::newRow("instant inside") << window << 12 * s << 12 * s << window;
        QTest::newRow("after") << window << 25 * s << 26 * s << TimeRange { 17 * s, 27 * s };
        QTest::newRow("before") << window << 2 * s << 3 * s << TimeRange { 1 * s, 11 * s };
        QTest::newRow("straddles the end") << window << 19 * s << 21 * s << TimeRange { 12 * s, 22 * s };
        QTest::newRow("wider than the window") << window << VirtualNanos(0) << 40 * s << TimeRange { -5 * s, 45 * s };
    }
    void ensureVisible()
    {
        QFETCH(TimeRange, range);
        QFETCH(VirtualNanos, from);
        QFETCH(VirtualNanos, to);
        QFETCH(TimeRange, expected);
        const TimeRange result = timeline::ensureVisible(range, from, to, 0.1);
        QCOMPARE(result.start, expected.start);
        QCOMPARE(result.end, expected.end);
    }

    void tickStep_data()
    {
        QTest::addColumn<double>("nanosPerPixel");
        QTest::addColumn<double>("minPixels");
        QTest::addColumn<VirtualNanos>("step");
        QTest::newRow("finest") << 1.0 << 70.0 << 1 * us;
        QTest::newRow("2 µs") << 20.0 << 70.0 << 2 * us;
        QTest::newRow("100 µs") << 1000.0 << 70.0 << 100 * us;
        QTest::newRow("1 ms") << 10'000.0 << 70.0 << 1 * ms;
        QTest::newRow("500 ms") << 5e6 << 70.0 << 500 * ms;
        QTest::newRow("10 s, not 7") << 1e8 << 70.0 << 10 * s;
        QTest::newRow("15 s between 10 and 30") << 1.5e8 << 70.0 << 15 * s;
        QTest::newRow("1 min") << 6e8 << 70.0 << nanosPerMinute;
        QTest::newRow("30 min") << 2e10 << 70.0 << 30 * nanosPerMinute;
        QTest::newRow("3 h") << 1.5e11 << 70.0 << 3 * nanosPerHour;
        QTest::newRow("a day") << 1e12 << 70.0 << 24 * nanosPerHour;
        QTest::newRow("beyond a day: days") << 2e12 << 70.0 << 48 * nanosPerHour;
    }
    void tickStep()
    {
        QFETCH(double, nanosPerPixel);
        QFETCH(double, minPixels);
        QFETCH(VirtualNanos, step);
        QCOMPARE(timeline::tickStep(nanosPerPixel, minPixels), step);
        QVERIFY(double(step) / nanosPerPixel >= minPixels);
    }

    void ticks()
    {
        QCOMPARE(
            timeline::ticks({ 0, 1 * s }, 250 * ms), (QList<VirtualNanos> { 0, 250 * ms, 500 * ms, 750 * ms, 1 * s }));
        QCOMPARE(
            timeline::ticks({ 130 * ms, 610 * ms }, 200 * ms), (QList<VirtualNanos> { 200 * ms, 400 * ms, 600 * ms }));
        QCOMPARE(timeline::ticks({ -300 * ms, 300 * ms }, 200 * ms), (QList<VirtualNanos> { -200 * ms, 0, 200 * ms }));
        QVERIFY(timeline::ticks({ 0, 1 * s }, 0).isEmpty());
    }

    // Ticks are instants on the app's one clock (issue 20, finding 13), as precise as the step.
    void formatTick_data()
    {
        QTest::addColumn<VirtualNanos>("t");
        QTest::addColumn<VirtualNanos>("step");
        QTest::addColumn<QString>("text");
        QTest::newRow("zero") << VirtualNanos(0) << 1 * s << "0:00";
        QTest::newRow("half a second") << 500 * ms << 500 * ms << "0:00.5";
        QTest::newRow("12 ms") << 12 * ms << 2 * ms << "0:00.012";
        QTest::newRow("12.5 ms") << 12'500 * us << 500 * us << "0:00.0125";
        QTest::newRow("250 µs") << 250 * us << 50 * us << "0:00.00025";
        QTest::newRow("1.25 s") << 1'250 * ms << 50 * ms << "0:01.25";
        QTest::newRow("1.002 s at 1 ms steps") << 1'002 * ms << 1 * ms << "0:01.002";
        QTest::newRow("45 s") << 45 * s << 5 * s << "0:45";
        QTest::newRow("1 min 30 s") << 90 * s << 10 * s << "1:30";
        QTest::newRow("1 min 0.5 s") << 60'500 * ms << 500 * ms << "1:00.5";
        QTest::newRow("2 min at minute steps") << 2 * nanosPerMinute << nanosPerMinute << "2:00";
        QTest::newRow("2 h 15 min") << 2 * nanosPerHour + 15 * nanosPerMinute << 15 * nanosPerMinute << "2:15:00";
        QTest::newRow("negative") << -500 * ms << 500 * ms << "-0:00.5";
    }
    void formatTick()
    {
        QFETCH(VirtualNanos, t);
        QFETCH(VirtualNanos, step);
        QFETCH(QString, text);
        QCOMPARE(timeline::formatTick(t, step), text);
    }

    void visibleSlice_data()
    {
        QTest::addColumn<TimeRange>("range");
        QTest::addColumn<qsizetype>("first");
        QTest::addColumn<qsizetype>("last");
        // Items: [0,10) [10,20) [30,40) [40,40] [50,100)
        QTest::newRow("all") << TimeRange { 0, 200 } << qsizetype(0) << qsizetype(5);
        QTest::newRow("the item before reaches in") << TimeRange { 15, 35 } << qsizetype(1) << qsizetype(3);
        QTest::newRow("inside a long item") << TimeRange { 60, 70 } << qsizetype(4) << qsizetype(5);
        QTest::newRow("in a gap") << TimeRange { 22, 28 } << qsizetype(1) << qsizetype(2);
        QTest::newRow("the instant at the window's end") << TimeRange { 35, 40 } << qsizetype(2) << qsizetype(4);
        QTest::newRow("before everything") << TimeRange { -50, -10 } << qsizetype(0) << qsizetype(0);
        QTest::newRow("after everything") << TimeRange { 500, 600 } << qsizetype(4) << qsizetype(5);
    }
    void visibleSlice()
    {
        QFETCH(TimeRange, range);
        QFETCH(qsizetype, first);
        QFETCH(qsizetype, last);
        const Intervals items { { 0, 10 }, { 10, 20 }, { 30, 40 }, { 40, 40 }, { 50, 100 } };
        const auto slice = timeline::visibleSlice(items.size(), range, [&](qsizetype i) { return items[i].start; });
        QCOMPARE(slice.first, first);
        QCOMPARE(slice.second, last);
    }

    void fold_data()
    {
        QTest::addColumn<Intervals>("items");
        QTest::addColumn<double>("nanosPerPixel");
        QTest::addColumn<QString>("runs");
        QTest::addColumn<QString>("extents"); // x0-x1 of each run, drawn
        // Window [0, 1000 px × ns/px); fold width 3 px.
        QTest::newRow("wide items stay apart")
            << Intervals { { 0, 100 }, { 100, 200 }, { 300, 310 } } << 1.0 << "0-1 1-2 2-3" << "0-100 100-200 300-310";
        QTest::newRow("narrow neighbours fold")
            << Intervals { { 0, 1 }, { 1, 2 }, { 2, 3 }, { 10, 20 } } << 1.0 << "0-3 3-4" << "0-3 10-20";
        QTest::newRow("narrow items far apart do not, and each is 3 px")
            << Intervals { { 0, 1 }, { 10, 11 }, { 20, 21 } } << 1.0 << "0-1 1-2 2-3" << "0-3 10-13 20-23";
        QTest::newRow("a wide item after narrow ones stays whole, the fold stops at its start")
            << Intervals { { 0, 1 }, { 1, 2 }, { 2, 50 } } << 1.0 << "0-2 2-3" << "0-2 2-50";
        QTest::newRow("a narrow item right before a wide one is still a pixel")
            << Intervals { { 0, 0 }, { 0, 50 } } << 1.0 << "0-1 1-2" << "0-1 0-50";
        QTest::newRow("zoomed out: all fold")
            << Intervals { { 0, 100 }, { 100, 200 }, { 300, 310 } } << 1000.0 << "0-3" << "0-3";
        QTest::newRow("zoomed out: folds per 3 px")
            << Intervals { { 0, 10 }, { 500, 510 }, { 2900, 2910 }, { 3000, 3010 }, { 6000, 6010 } } << 1000.0
            << "0-3 3-4 4-5" << "0-3 3-6 6-9";
        QTest::newRow("instants") << Intervals { { 5, 5 }, { 5, 5 }, { 100, 100 } } << 1.0 << "0-2 2-3" << "5-8 100-103";
    }
    void fold()
    {
        QFETCH(Intervals, items);
        QFETCH(double, nanosPerPixel);
        QFETCH(QString, runs);
        QFETCH(QString, extents);
        const TimelineCoordinates coordinates({ 0, static_cast<VirtualNanos>(1000 * nanosPerPixel) }, 1000);
        const auto folded = foldItems(
            coordinates, 0, items.size(), [&](qsizetype i) { return items[i].start; },
            [&](qsizetype i) { return items[i].end; }, 3.0);
        QCOMPARE(describe(folded), runs);
        QStringList drawn;
        for (const FoldedRun& run : folded)
            drawn.append(QString::number(run.x0) + QLatin1Char('-') + QString::number(run.x1));
        QCOMPARE(drawn.join(QLatin1Char(' ')), extents);
        // Every item is in exactly one run; every run is at least a pixel wide, and the fold width
        // unless the next run starts sooner, which it reaches but does not pass.
        qsizetype covered = 0;
        for (size_t i = 0; i < folded.size(); ++i) {
            const FoldedRun& run = folded[i];
            QCOMPARE(run.first, covered);
            covered = run.last;
            QVERIFY(run.x1 - run.x0 >= 1.0);
            if (i + 1 < folded.size()) {
                QVERIFY(run.x1 - run.x0 >= 3.0 || run.x1 >= folded[i + 1].x0);
                QVERIFY(run.x1 <= std::max(folded[i + 1].x0, run.x0 + 1.0));
            } else {
                QVERIFY(run.x1 - run.x0 >= 3.0);
            }
        }
        QCOMPARE(covered, items.size());
    }

    void foldManyItemsCheaply()
    {
        // 150,000 cycles of 0.5 ms over 75 s on 1200 px: a few hundred runs, not 150,000.
        const qsizetype count = 150'000;
        const auto startAt = [](qsizetype i) { return VirtualNanos(i) * 500 * us; };
        const auto endAt = [](qsizetype i) { return VirtualNanos(i + 1) * 500 * us - 10 * us; };
        const TimelineCoordinates coordinates({ 0, 75 * s }, 1200);
        const auto runs = foldItems(coordinates, 0, count, startAt, endAt, 3.0);
        QVERIFY(runs.size() <= 1200 / 3 + 1);
        QCOMPARE(runs.back().last, count);
    }

    void segments_data()
    {
        using framework::ExtensionPoint;
        QTest::addColumn<VirtualNanos>("duration");
        QTest::addColumn<qint32>("evaluated");
        QTest::addColumn<quint32>("ran");
        QTest::addColumn<QString>("segments");
        // The default timing: cycleBase 500 µs, cyclePerNode 5 µs.
        const quint32 success = pointBit(ExtensionPoint::PreFilter) | pointBit(ExtensionPoint::PreScore)
            | pointBit(ExtensionPoint::Score) | pointBit(ExtensionPoint::Reserve) | pointBit(ExtensionPoint::Permit);
        // 3 nodes: 515 µs; Filter 15 µs, 500 µs over 5 others.
        QTest::newRow("scheduled on one of three") << 515 * us << 3 << success
                                                   << "PreFilter:0-100000 Filter:100000-115000 PreScore:115000-215000 "
                                                      "Score:215000-315000 Reserve:315000-415000 Permit:415000-515000";
        QTest::newRow("unschedulable, PostFilter ran")
            << 515 * us << 3 << (pointBit(ExtensionPoint::PreFilter) | pointBit(ExtensionPoint::PostFilter))
            << "PreFilter:0-250000 Filter:250000-265000 PostFilter:265000-515000";
        QTest::newRow("rejected at PreFilter")
            << 500 * us << 0 << pointBit(ExtensionPoint::PreFilter) << "PreFilter:0-500000";
        QTest::newRow("Filter only takes it all") << 510 * us << 2 << quint32(0) << "Filter:0-510000";
        QTest::newRow("nothing ran") << 500 * us << 0 << quint32(0) << "";
        QTest::newRow("remainder to the last")
            << VirtualNanos(1000) << 0
            << (pointBit(ExtensionPoint::PreFilter) | pointBit(ExtensionPoint::Reserve)
                   | pointBit(ExtensionPoint::Permit))
            << "PreFilter:0-333 Reserve:333-666 Permit:666-1000";
        QTest::newRow("Filter longer than the cycle is cut")
            << 100 * us << 100 << pointBit(ExtensionPoint::PreFilter) << "PreFilter:0-0 Filter:0-100000";
    }
    void segments()
    {
        QFETCH(VirtualNanos, duration);
        QFETCH(qint32, evaluated);
        QFETCH(quint32, ran);
        QFETCH(QString, segments);
        const auto result = modelSegments(0, duration, evaluated, ran, Timing {});
        QCOMPARE(describe(result), segments);
        if (!result.empty()) {
            QCOMPARE(result.front().start, VirtualNanos(0));
            QCOMPARE(result.back().end, duration);
        }
    }

    // A cycle that called extenders: each point's calls follow it, with the cost the trace recorded;
    // the plugins share the rest as before.
    void segmentsWithExtenders()
    {
        using framework::ExtensionPoint;
        const quint32 success = pointBit(ExtensionPoint::PreFilter) | pointBit(ExtensionPoint::PreScore)
            | pointBit(ExtensionPoint::Score) | pointBit(ExtensionPoint::Reserve) | pointBit(ExtensionPoint::Permit);
        // 3 nodes, a filter and a prioritize call of 2 ms each: 4.515 ms.
        const auto result = modelSegments(0, 4515 * us, 3, success, Timing {}, ExtenderTimes {2000 * us, 2000 * us, 0});
        QCOMPARE(describe(result), QStringLiteral("PreFilter:0-100000 Filter:100000-115000 Filter:115000-2115000 PreScore:2115000-2215000 "
                                                  "Score:2215000-2315000 Score:2315000-4315000 Reserve:4315000-4415000 Permit:4415000-4515000"));
        QVERIFY(!result[1].extender && result[2].extender && result[5].extender);
        QCOMPARE(result.back().end, 4515 * us);
    }
};

QTEST_GUILESS_MAIN(TestTimelineCoordinates)
#include "tst_timelinecoordinates.moc"
