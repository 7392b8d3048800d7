// The live timeline (issue 18): the marks one LiveFrame gives (bindings from Scheduled events and
// the shadow's decisions, failures from FailedScheduling events, predictions with their verdict),
// built by hand without a server, and the view that paints them: tooltips, clicks, zoom, follow,
// and both themes.
#include "livetimelinedata.h"
#include "livetimelineview.h"
#include "theme.h"
#include "viewcolors.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QSignalSpy>
#include <QTest>
#include <QToolTip>
#include <QWheelEvent>

using namespace ksv;
using client::LiveFrame;
using client::SchedulingEvent;
using client::ShadowComparison;
using client::ShadowObservation;
using client::ShadowPod;
using live::TimelineRow;
using live::Verdict;

namespace {

// 2026-09-21 14:13:20 UTC: any wall-clock time will do; the tests read it back in local time.
constexpr qint64 t0 = 1'790'000'000'000;

QDateTime at(qint64 offsetMs)
{
    return QDateTime::fromMSecsSinceEpoch(t0 + offsetMs, Qt::UTC);
}

SchedulingEvent scheduled(const QString& name, qint64 offset, const QString& node, const QString& uid = {})
{
    SchedulingEvent event;
    event.eventNamespace = QStringLiteral("default");
    event.eventName = name + QStringLiteral(".scheduled");
    event.kind = QStringLiteral("Pod");
    event.namespace_ = QStringLiteral("default");
    event.name = name;
    event.uid = uid;
    event.reason = SchedulingEvent::Reason::Scheduled;
    event.type = QStringLiteral("Normal");
    event.message = QStringLiteral("Successfully assigned default/") + name + QStringLiteral(" to ") + node;
    event.firstTimestamp = event.lastTimestamp = at(offset);
    return event;
}

SchedulingEvent failed(const QString& name, qint64 first, qint64 last, int count, const QString& eventName = {})
{
    SchedulingEvent event;
    event.eventNamespace = QStringLiteral("default");
    event.eventName = eventName.isEmpty() ? name + QStringLiteral(".failed") : eventName;
    event.kind = QStringLiteral("Pod");
    event.namespace_ = QStringLiteral("default");
    event.name = name;
    event.reason = SchedulingEvent::Reason::FailedScheduling;
    event.type = QStringLiteral("Warning");
    event.message = QStringLiteral("0/3 nodes are available: 3 Insufficient cpu.");
    event.count = count;
    event.firstTimestamp = at(first);
    event.lastTimestamp = at(last);
    return event;
}

// A pod kschedviz predicted at `arrived` onto `predicted` (empty: unschedulable), and what the cluster did.
ShadowPod shadow(const QString& name, qint64 arrived, const QString& predicted, ShadowObservation::Kind kind,
    const QString& observedNode, qint64 decided, ShadowComparison::Outcome outcome, const QString& uid = {})
{
    ShadowPod pod;
    pod.key = QStringLiteral("default/") + name;
    pod.uid = uid;
    pod.arrivedAt = at(arrived);
    pod.prediction.pod = pod.key;
    pod.prediction.result = predicted.isEmpty() ? QStringLiteral("Unschedulable") : QStringLiteral("Scheduled");
    pod.prediction.node = predicted;
    pod.observed.kind = kind;
    pod.observed.node = observedNode;
    pod.observed.source = kind == ShadowObservation::Kind::Bound ? QStringLiteral("nodeName")
                                                                 : QStringLiteral("PodScheduled condition");
    if (kind != ShadowObservation::Kind::None)
        pod.decidedAt = at(decided);
    pod.comparison.outcome = outcome;
    pod.comparison.agree = outcome == ShadowComparison::Outcome::SameNode || outcome == ShadowComparison::Outcome::Tie
        || outcome == ShadowComparison::Outcome::BothUnschedulable;
    if (outcome == ShadowComparison::Outcome::Infeasible)
        pod.comparison.why = QStringLiteral("NodeResourcesFit rejected ") + observedNode;
    return pod;
}

struct Expected
{
    TimelineRow row;
    qint64 offset;
    QString pod;
    int count = 1;
    Verdict verdict = Verdict::None;
    QString detail = {};
};

LiveFrame frameOf(QList<SchedulingEvent> events, QList<ShadowPod> pods = {})
{
    LiveFrame frame;
    frame.events = std::move(events);
    frame.shadow = std::move(pods);
    return frame;
}

// Every row's kind of mark, one each, and far enough apart to be hit alone.
LiveFrame mixedFrame()
{
    return frameOf({ scheduled(QStringLiteral("web"), -240'000, QStringLiteral("node-a")),
                       failed(QStringLiteral("db"), -300'000, -180'000, 5) },
        { shadow(QStringLiteral("web"), -250'000, QStringLiteral("node-a"), ShadowObservation::Kind::Bound,
              QStringLiteral("node-a"), -238'000, ShadowComparison::Outcome::SameNode),
            shadow(QStringLiteral("api"), -120'000, QStringLiteral("node-b"), ShadowObservation::Kind::Bound,
                QStringLiteral("node-c"), -60'000, ShadowComparison::Outcome::Infeasible),
            shadow(QStringLiteral("job"), -30'000, QStringLiteral("node-a"), ShadowObservation::Kind::None, {}, 0,
                ShadowComparison::Outcome::Undecided) });
}

QString toolTipAt(LiveTimelineView& view, QPoint position)
{
    QHelpEvent help(QEvent::ToolTip, position, view.mapToGlobal(position));
    QCoreApplication::sendEvent(&view, &help);
    return QToolTip::text();
}

} // namespace

Q_DECLARE_METATYPE(ksv::client::LiveFrame)
Q_DECLARE_METATYPE(QList<Expected>)

class TestLiveTimeline : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void cleanup() { theme::apply(theme::Theme::Light); }

    void marks_data()
    {
        using K = ShadowObservation::Kind;
        using O = ShadowComparison::Outcome;
        const QString web = QStringLiteral("web"), a = QStringLiteral("node-a"), b = QStringLiteral("node-b");
        QTest::addColumn<LiveFrame>("frame");
        QTest::addColumn<QList<Expected>>("expected");

        QTest::newRow("empty") << LiveFrame() << QList<Expected>();
        QTest::newRow("scheduled event") << frameOf({ scheduled(web, 1000, a) })
                                         << QList<Expected> { { TimelineRow::Binding, 1000,
                                                QStringLiteral("default/web"), 1, Verdict::None, a } };
        QTest::newRow("failure keeps its count, at its last time")
            << frameOf({ failed(web, 1000, 9000, 4) })
            << QList<Expected> { { TimelineRow::Failure, 9000, QStringLiteral("default/web"), 4 } };
        QTest::newRow("an Event object marked once")
            << frameOf({ failed(web, 1000, 2000, 1, QStringLiteral("e1")),
                   failed(web, 1000, 2000, 1, QStringLiteral("e1")), failed(web, 5000, 6000, 2, QStringLiteral("e2")) })
            << QList<Expected> { { TimelineRow::Failure, 2000, QStringLiteral("default/web") },
                   { TimelineRow::Failure, 6000, QStringLiteral("default/web"), 2 } };
        QTest::newRow("predictions: agree, differ, undecided")
            << frameOf({},
                   { shadow(QStringLiteral("p1"), 100, a, K::Bound, a, 500, O::SameNode),
                       shadow(QStringLiteral("p2"), 200, {}, K::Bound, b, 700, O::PredictedUnschedulable),
                       shadow(QStringLiteral("p3"), 300, a, K::None, {}, 0, O::Undecided) })
            << QList<Expected> { { TimelineRow::Prediction, 100, QStringLiteral("default/p1"), 1, Verdict::Agree, a },
                   { TimelineRow::Prediction, 200, QStringLiteral("default/p2"), 1, Verdict::Differ,
                       QStringLiteral("unschedulable") },
                   { TimelineRow::Prediction, 300, QStringLiteral("default/p3"), 1, Verdict::Undecided, a },
                   { TimelineRow::Binding, 500, QStringLiteral("default/p1"), 1, Verdict::None, a },
                   { TimelineRow::Binding, 700, QStringLiteral("default/p2"), 1, Verdict::None, b } };
        QTest::newRow("event and shadow decision: one binding, at the event's time")
            << frameOf({ scheduled(web, 5000, a, QStringLiteral("u1")) },
                   { shadow(web, 1000, a, K::Bound, a, 7000, O::SameNode, QStringLiteral("u1")) })
            << QList<Expected> { { TimelineRow::Prediction, 1000, QStringLiteral("default/web"), 1, Verdict::Agree, a },
                   { TimelineRow::Binding, 5000, QStringLiteral("default/web"), 1, Verdict::None, a } };
        QTest::newRow("event without a uid matches the shadow's pod")
            << frameOf({ scheduled(web, 5000, a) },
                   { shadow(web, 1000, a, K::Bound, a, 4000, O::SameNode, QStringLiteral("u1")) })
            << QList<Expected> { { TimelineRow::Prediction, 1000, QStringLiteral("default/web"), 1, Verdict::Agree, a },
                   { TimelineRow::Binding, 5000, QStringLiteral("default/web"), 1, Verdict::None, a } };
        QTest::newRow("a pod made again under its name is another binding")
            << frameOf({ scheduled(web, 5000, a, QStringLiteral("u1")) },
                   { shadow(web, 6000, b, K::Bound, b, 8000, O::SameNode, QStringLiteral("u2")) })
            << QList<Expected> { { TimelineRow::Binding, 5000, QStringLiteral("default/web"), 1, Verdict::None, a },
                   { TimelineRow::Prediction, 6000, QStringLiteral("default/web"), 1, Verdict::Agree, b },
                   { TimelineRow::Binding, 8000, QStringLiteral("default/web"), 1, Verdict::None, b } };
        QTest::newRow("one pod's Scheduled event twice: the earlier")
            << frameOf({ scheduled(web, 9000, a), scheduled(web, 4000, a) })
            << QList<Expected> { { TimelineRow::Binding, 4000, QStringLiteral("default/web"), 1, Verdict::None, a } };
        QTest::newRow("an unschedulable observation is no failure mark (events are)")
            << frameOf({}, { shadow(web, 1000, {}, K::Unschedulable, {}, 2000, O::BothUnschedulable) })
            << QList<Expected> { { TimelineRow::Prediction, 1000, QStringLiteral("default/web"), 1, Verdict::Agree,
                   QStringLiteral("unschedulable") } };
        QTest::newRow("sorted by time, then row")
            << frameOf({ failed(QStringLiteral("x"), 0, 3000, 1), scheduled(QStringLiteral("y"), 3000, a),
                   scheduled(QStringLiteral("z"), -2000, b) })
            << QList<Expected> { { TimelineRow::Binding, -2000, QStringLiteral("default/z"), 1, Verdict::None, b },
                   { TimelineRow::Binding, 3000, QStringLiteral("default/y"), 1, Verdict::None, a },
                   { TimelineRow::Failure, 3000, QStringLiteral("default/x") } };
        SchedulingEvent undated = scheduled(web, 0, a);
        undated.lastTimestamp = undated.firstTimestamp = {};
        ShadowPod unarrived = shadow(QStringLiteral("q"), 0, a, K::None, {}, 0, O::Undecided);
        unarrived.arrivedAt = {};
        QTest::newRow("no time, no mark") << frameOf({ undated }, { unarrived }) << QList<Expected>();
    }

    void marks()
    {
        QFETCH(LiveFrame, frame);
        QFETCH(QList<Expected>, expected);
        const live::LiveTimelineData data = live::buildLiveTimeline(frame);
        QCOMPARE(data.size(), expected.size());
        QCOMPARE(data.details.size(), expected.size());
        QCOMPARE(data.notes.size(), expected.size());
        for (qsizetype i = 0; i < expected.size(); ++i) {
            const live::TimelineMark& mark = data.marks[size_t(i)];
            const Expected& want = expected.at(i);
            QVERIFY2(mark.row == want.row, qPrintable(QString::number(i)));
            QCOMPARE(mark.at, t0 + want.offset);
            QCOMPARE(data.podKey(i), want.pod);
            QCOMPARE(mark.count, want.count);
            QVERIFY2(mark.verdict == want.verdict, qPrintable(QString::number(i)));
            if (!want.detail.isEmpty())
                QCOMPARE(data.details.at(i), want.detail);
        }
    }

    void failureKeepsFirstTime()
    {
        const live::LiveTimelineData data
            = live::buildLiveTimeline(frameOf({ failed(QStringLiteral("db"), 1000, 9000, 3) }));
        QCOMPARE(data.size(), 1);
        QCOMPARE(data.marks[0].firstAt, t0 + 1000);
        QCOMPARE(data.details.at(0), QStringLiteral("0/3 nodes are available: 3 Insufficient cpu."));
    }

    void toolTips()
    {
        const live::LiveTimelineData data = live::buildLiveTimeline(mixedFrame());
        QCOMPARE(data.size(), 6);
        const auto time = [](qint64 offset) { return live::formatWallTime(t0 + offset); };
        QStringList tips;
        for (qsizetype i = 0; i < data.size(); ++i)
            tips << live::markToolTip(data, i);
        QCOMPARE(tips.at(0),
            QStringLiteral("default/web\nkschedviz predicted node-a at ") + time(-250'000)
                + QStringLiteral("\nAgrees with the cluster"));
        QCOMPARE(tips.at(1),
            QStringLiteral("default/web\nBound to node-a at ") + time(-240'000) + QStringLiteral(" (Scheduled event)"));
        QCOMPARE(tips.at(2),
            QStringLiteral("default/db\nFailedScheduling 5 times, last at ") + time(-180'000)
                + QStringLiteral(" (first at ") + time(-300'000)
                + QStringLiteral(")\n0/3 nodes are available: 3 Insufficient cpu."));
        QCOMPARE(tips.at(3),
            QStringLiteral("default/api\nkschedviz predicted node-b at ") + time(-120'000)
                + QStringLiteral("\nDiffers from the cluster: NodeResourcesFit rejected node-c"));
        QCOMPARE(tips.at(4),
            QStringLiteral("default/api\nBound to node-c at ") + time(-60'000) + QStringLiteral(" (nodeName)"));
        QCOMPARE(tips.at(5),
            QStringLiteral("default/job\nkschedviz predicted node-a at ") + time(-30'000)
                + QStringLiteral("\nThe cluster has not decided yet"));
    }

    void longMessageShortened()
    {
        SchedulingEvent event = failed(QStringLiteral("db"), 0, 0, 1);
        event.message = QStringLiteral("0/500 nodes are available: ")
            + QStringLiteral("1 node(s) had untolerated taint, ").repeated(40);
        const QString tip = live::markToolTip(live::buildLiveTimeline(frameOf({ event })), 0);
        const QString message = tip.section(QLatin1Char('\n'), 2);
        QCOMPARE(message.size(), 160);
        QVERIFY(message.startsWith(QStringLiteral("0/500 nodes are available: 1 node(s)")));
        QVERIFY(message.endsWith(QChar(0x2026)));
    }

    void axis_data()
    {
        QTest::addColumn<double>("msPerPixel");
        QTest::addColumn<double>("minPixels");
        QTest::addColumn<qint64>("step");
        QTest::newRow("a second") << 10.0 << 80.0 << qint64(1000);
        QTest::newRow("ten seconds") << 100.0 << 80.0 << qint64(10'000);
        QTest::newRow("a minute") << 600.0 << 80.0 << qint64(60'000);
        QTest::newRow("an hour") << 30'000.0 << 80.0 << qint64(3'600'000);
        QTest::newRow("days") << 3'000'000.0 << 80.0 << qint64(3 * 86'400'000);
    }

    void axis()
    {
        QFETCH(double, msPerPixel);
        QFETCH(double, minPixels);
        QFETCH(qint64, step);
        QCOMPARE(live::wallTickStep(msPerPixel, minPixels), step);
    }

    void rangeMath()
    {
        const live::LiveTimelineData data = live::buildLiveTimeline(mixedFrame());
        // Visible slices by binary search, inclusive at both ends.
        QCOMPARE(live::marksBetween(data, t0 - 250'000, t0 - 120'000), std::make_pair(qsizetype(0), qsizetype(4)));
        QCOMPARE(live::marksBetween(data, t0, t0 + 1000), std::make_pair(qsizetype(6), qsizetype(6)));
        QCOMPARE(live::marksBetween(data, t0 - 1'000'000, t0 - 900'000), std::make_pair(qsizetype(0), qsizetype(0)));

        const live::WallRange fitted = live::fitWall(data, t0, 600'000);
        QCOMPARE(fitted.end, t0);
        QVERIFY(fitted.start < t0 - 250'000);
        QVERIFY(fitted.start > t0 - 280'000);
        QCOMPARE(live::fitWall(live::LiveTimelineData(), t0, 600'000), (live::WallRange { t0 - 600'000, t0 }));

        // Zooming keeps the anchor's time, and stays within the spans that make sense on a wall clock.
        const live::WallRange range { t0 - 600'000, t0 };
        QCOMPARE(live::zoomWall(range, 0.5, 2.0), (live::WallRange { t0 - 450'000, t0 - 150'000 }));
        QCOMPARE(live::zoomWall(range, 1.0, 2.0), (live::WallRange { t0 - 300'000, t0 }));
        QCOMPARE(live::zoomWall(range, 1.0, 1e9).span(), live::minimumWallSpan);
    }

    void view_data()
    {
        QTest::addColumn<bool>("dark");
        QTest::newRow("light") << false;
        QTest::newRow("dark") << true;
    }

    void view()
    {
        QFETCH(bool, dark);
        theme::apply(dark ? theme::Theme::Dark : theme::Theme::Light);
        LiveTimelineView view;
        view.resize(900, 200);
        view.setNow(t0);
        view.showFrame(mixedFrame());
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        // By default the last ten minutes, following now.
        QCOMPARE(view.range(), (live::WallRange { t0 - 600'000, t0 }));
        QVERIFY(view.isFollowing());
        QCOMPARE(view.data().size(), 6);

        QSignalSpy activated(&view, &LiveTimelineView::podActivated);
        for (qsizetype i = 0; i < view.data().size(); ++i) {
            const QPoint position = view.markPosition(i).toPoint();
            QCOMPARE(view.markAt(position), i);
            const QString tip = toolTipAt(view, position);
            QCOMPARE(tip, live::markToolTip(view.data(), i));
            QVERIFY(tip.startsWith(view.data().podKey(i) + QLatin1Char('\n')));
            QTest::mouseClick(&view, Qt::LeftButton, {}, position);
            QCOMPARE(activated.size(), i + 1);
            QCOMPARE(activated.at(i).at(0).toString(), view.data().podKey(i));
        }
        // Between marks: no tooltip, no pod.
        const QPoint empty(view.markPosition(3).toPoint().x(), view.markPosition(1).toPoint().y());
        QCOMPARE(view.markAt(empty), -1);
        toolTipAt(view, empty);
        QTRY_VERIFY(QToolTip::text().isEmpty());
        QTest::mouseClick(&view, Qt::LeftButton, {}, empty);
        QCOMPARE(activated.size(), 6);

        // What is painted: the palette's background, a green binding, a failure in red, and a
        // differing prediction hollow (its outline red), in either theme.
        const QImage image = view.grab().toImage();
        const QColor base = view.palette().color(QPalette::Base);
        QCOMPARE(image.pixelColor(view.width() - 2, 4).rgb(), base.rgb());
        QCOMPARE(QColor(image.pixel(view.markPosition(1).toPoint())).rgb(), colors::scheduled().rgb());
        QCOMPARE(QColor(image.pixel(view.markPosition(2).toPoint())).rgb(), colors::unschedulable().rgb());
        QCOMPARE(QColor(image.pixel(view.markPosition(0).toPoint())).rgb(), colors::binding().rgb());
        QCOMPARE(QColor(image.pixel(view.markPosition(3).toPoint())).rgb(), base.rgb());
        QCOMPARE(
            QColor(image.pixel(view.markPosition(3).toPoint() + QPoint(4, 0))).rgb(), colors::unschedulable().rgb());
        QCOMPARE(QColor(image.pixel(view.markPosition(5).toPoint())).rgb(), colors::running().rgb());
        QCOMPARE(theme::isDark(), dark);
    }

    void followZoomAndFit()
    {
        LiveTimelineView view;
        view.resize(900, 200);
        view.setNow(t0);
        view.showFrame(mixedFrame());
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QSignalSpy ranges(&view, &LiveTimelineView::rangeChanged);

        // Following: the clock moves the window.
        view.setNow(t0 + 60'000);
        QCOMPARE(view.range(), (live::WallRange { t0 - 540'000, t0 + 60'000 }));
        QCOMPARE(ranges.size(), 1);

        // A wheel notch while following zooms about now, which stays the right edge.
        const QPoint middle(view.width() / 2, view.height() / 2);
        QWheelEvent in(
            middle, view.mapToGlobal(middle), {}, QPoint(0, 120), Qt::NoButton, {}, Qt::NoScrollPhase, false);
        QCoreApplication::sendEvent(&view, &in);
        QCOMPARE(view.range().end, t0 + 60'000);
        QCOMPARE(view.range().span(), qint64(std::llround(600'000 / 1.2)));
        QVERIFY(view.isFollowing());

        // Not following: about the cursor, and the clock leaves the window alone.
        view.setFollowing(false);
        QVERIFY(!view.followAction()->isChecked());
        const QPoint atMark = view.markPosition(3).toPoint();
        const qsizetype before = view.markAt(atMark);
        QWheelEvent zoomIn(
            atMark, view.mapToGlobal(atMark), {}, QPoint(0, 240), Qt::NoButton, {}, Qt::NoScrollPhase, false);
        QCoreApplication::sendEvent(&view, &zoomIn);
        QVERIFY(view.range().span() < 500'000);
        QCOMPARE(view.markAt(atMark), before);
        const live::WallRange held = view.range();
        view.setNow(t0 + 120'000);
        QCOMPARE(view.range(), held);

        // Fit all: from before the earliest mark to now, following again.
        QSignalSpy following(&view, &LiveTimelineView::followingChanged);
        view.fitAllAction()->trigger();
        QVERIFY(view.isFollowing());
        QVERIFY(view.followAction()->isChecked());
        QCOMPARE(following.size(), 1);
        QCOMPARE(view.range().end, t0 + 120'000);
        QVERIFY(view.range().start < view.data().marks.front().at);
        for (qsizetype i = 0; i < view.data().size(); ++i)
            QCOMPARE(view.markAt(view.markPosition(i).toPoint()), i);

        // A drag into the past stops following; no pod is activated by it.
        QSignalSpy activated(&view, &LiveTimelineView::podActivated);
        const QPoint from = view.markPosition(2).toPoint();
        QTest::mousePress(&view, Qt::LeftButton, {}, from);
        const QPoint to = from + QPoint(100, 0);
        QMouseEvent move(QEvent::MouseMove, to, view.mapToGlobal(to), Qt::NoButton, Qt::LeftButton, {});
        QCoreApplication::sendEvent(&view, &move);
        QTest::mouseRelease(&view, Qt::LeftButton, {}, from + QPoint(100, 0));
        QVERIFY(!view.isFollowing());
        QVERIFY(view.range().end < t0 + 120'000);
        QCOMPARE(activated.size(), 0);
    }
};

QTEST_MAIN(TestLiveTimeline)
#include "tst_livetimeline.moc"
