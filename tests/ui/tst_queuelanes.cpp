// The queue lanes against the trace: at many cursor positions of real samples, every lane holds
// exactly the pods whose last QueueMove took them there, activeQ in PrioritySort's pop order and
// backoffQ by expiry (both recomputed from the moves' queuedAt, backoffExpiry and priority);
// search, grouping and the highlight of recent moves; clicks select; painting at mid-run; the marks
// of preemption victims and nominated pods (issue 20, finding 11).
#include "playbackhelpers.h"
#include "queuelanesview.h"
#include "theme.h"

#include <QAction>
#include <QElapsedTimer>
#include <QHelpEvent>
#include <QSignalSpy>
#include <QTest>
#include <QToolTip>
#include <algorithm>
#include <set>

using namespace ksv;
using namespace ksv::testing;
using trace::PodLocation;

namespace {

// Cursor positions worth checking: a spread over the run, plus where each lane peaks.
QList<qsizetype> interestingPositions(const trace::Trace& trace, qsizetype size)
{
    QList<qsizetype> positions;
    for (int i = 1; i <= 12; ++i)
        positions.append(size * i / 13);
    positions.append(size);
    std::array<int, trace::podLocationCount> current {};
    std::array<int, trace::podLocationCount> peak {};
    std::array<qsizetype, trace::podLocationCount> peakAt {};
    std::map<qint32, PodLocation> where;
    for (qsizetype position = 0; position < size; ++position) {
        const trace::Event& event = trace.at(position);
        if (event.kind() != trace::EventKind::QueueMove)
            continue;
        auto [it, inserted] = where.try_emplace(event.pod(), PodLocation::None);
        --current[size_t(it->second)];
        it->second = event.to();
        ++current[size_t(it->second)];
        const auto to = size_t(event.to());
        if (current[to] > peak[to]) {
            peak[to] = current[to];
            peakAt[to] = position + 1;
        }
    }
    for (const PodLocation location : queueLanes) {
        if (peak[size_t(location)] > 0)
            positions.append(peakAt[size_t(location)]);
    }
    return positions;
}

std::vector<qint32> expectedOrder(const QueueScan& scan, const trace::ReplayCatalogue& catalogue, PodLocation location)
{
    struct Entry
    {
        qint64 first;
        qint64 second;
        qint32 pod;
    };
    std::vector<Entry> entries;
    for (const auto& [key, pod] : scan.pods) {
        if (pod.location != location)
            continue;
        const qint32 index = catalogue.podIndex(key);
        if (location == PodLocation::Active)
            entries.push_back({ -qint64(pod.priority), pod.value, index });
        else if (location == PodLocation::Backoff)
            entries.push_back({ pod.value, 0, index });
        else
            entries.push_back({ pod.since, 0, index });
    }
    std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) {
        return std::tie(a.first, a.second, a.pod) < std::tie(b.first, b.second, b.pod);
    });
    std::vector<qint32> order;
    for (const Entry& entry : entries)
        order.push_back(entry.pod);
    return order;
}

QStringList keys(const trace::ReplayCatalogue& catalogue, const std::vector<qint32>& pods)
{
    QStringList list;
    for (const qint32 pod : pods)
        list.append(pod >= 0 ? catalogue.podKey(pod) : QStringLiteral("<group %1>").arg(-pod - 1));
    return list;
}

void saveScreenshot(QWidget& widget, const QString& name)
{
    const QImage image = widget.grab().toImage();
    QVERIFY(!image.isNull());
    const QString directory = qEnvironmentVariable("KSV_SCREENSHOT_DIR");
    if (!directory.isEmpty())
        QVERIFY(image.save(directory + QLatin1Char('/') + name + QStringLiteral(".png")));
}

} // namespace

class TestQueueLanes : public QObject
{
    Q_OBJECT

private Q_SLOTS:

    // Every lane at many cursor positions holds exactly the pods the QueueMove events put there, in
    // the scheduler's order.
    void lanesMatchTrace_data()
    {
        QTest::addColumn<QString>("file");
        for (const char* file : { "backlog-node-added.yaml", "zone-spread.yaml", "default.yaml",
                 "priority-preemption.yaml", "gang-scheduling.yaml", "database-anti-affinity.yaml" })
            QTest::newRow(file) << QString::fromLatin1(file);
    }
    void lanesMatchTrace()
    {
        QFETCH(QString, file);
        Session session;
        QueueLanesView view(&session.view);
        session.attach(view);
        QVERIFY(runToEnd(session, sample(file)));
        const trace::Trace& trace = session.run().trace();
        const trace::ReplayCatalogue& catalogue = session.run().index().catalogue();
        const qsizetype size = session.run().indexed();
        int nonEmptyQueues = 0;
        for (const qsizetype position : interestingPositions(trace, size)) {
            session.playback.seekPosition(position);
            QCOMPARE(session.view.cursor(), position);
            view.refresh();
            const QueueScan scan = scanQueue(trace, position);
            for (const PodLocation location : queueLanes) {
                const std::vector<qint32> expected = expectedOrder(scan, catalogue, location);
                QCOMPARE(view.laneCount(location), scan.count(location));
                QCOMPARE(keys(catalogue, view.laneOrder(location)), keys(catalogue, expected));
                QCOMPARE(keys(catalogue, view.laneRows(location)), keys(catalogue, expected)); // no filter, no grouping
                if (!expected.empty() && location <= PodLocation::Gated)
                    ++nonEmptyQueues;
            }
        }
        QVERIFY(nonEmptyQueues > 0); // the positions did catch pods in the queues
    }

    // activeQ's order is PrioritySort's: priority first, then the queue timestamp. The preemption
    // sample has pods of several priorities queued together.
    void activeInPopOrder()
    {
        Session session;
        QueueLanesView view(&session.view);
        session.attach(view);
        QVERIFY(runToEnd(session, sample(QStringLiteral("priority-preemption.yaml"))));
        const trace::Trace& trace = session.run().trace();
        bool sawTwoPriorities = false;
        for (const qsizetype position : interestingPositions(trace, session.run().indexed())) {
            session.playback.seekPosition(position);
            view.refresh();
            const auto& order = view.laneOrder(PodLocation::Active);
            const QueueScan scan = scanQueue(trace, position);
            for (size_t i = 1; i < order.size(); ++i) {
                const auto& before = scan.pods.at(session.run().index().catalogue().podKey(order[i - 1]));
                const auto& after = scan.pods.at(session.run().index().catalogue().podKey(order[i]));
                QVERIFY(before.priority >= after.priority);
                if (before.priority == after.priority)
                    QVERIFY(before.value <= after.value);
                else
                    sawTwoPriorities = true;
            }
        }
        if (!sawTwoPriorities)
            qInfo("priority-preemption never had two priorities in activeQ at the checked positions");
    }

    void searchFiltersEveryLane()
    {
        Session session;
        QueueLanesView view(&session.view);
        session.attach(view);
        QVERIFY(runToEnd(session, sample(QStringLiteral("backlog-node-added.yaml"))));
        // At time 30 s the render workers wait in the unschedulable queue.
        session.playback.seek(30 * nanosPerSecond);
        view.refresh();
        const auto unschedulable = view.laneOrder(PodLocation::Unschedulable);
        QVERIFY(unschedulable.size() >= 20);
        view.setFilter(QStringLiteral("RENDER-worker-1"));
        view.refresh();
        const auto& catalogue = session.run().index().catalogue();
        const auto& rows = view.laneRows(PodLocation::Unschedulable);
        QCOMPARE(view.laneOrder(PodLocation::Unschedulable).size(), unschedulable.size()); // the order is unfiltered
        QCOMPARE(int(rows.size()), view.laneMatches(PodLocation::Unschedulable));
        QCOMPARE(rows.size(), size_t(11)); // render-worker-1 and -10 .. -19
        for (const qint32 pod : rows)
            QVERIFY(catalogue.podKey(pod).contains(QStringLiteral("render-worker-1")));
        QVERIFY(std::is_sorted(rows.begin(), rows.end(), [&](qint32 a, qint32 b) {
            return std::find(unschedulable.begin(), unschedulable.end(), a)
                < std::find(unschedulable.begin(), unschedulable.end(), b);
        }));
        view.setFilter({});
        view.refresh();
        QCOMPARE(view.laneRows(PodLocation::Unschedulable).size(), unschedulable.size());
    }

    void groupingFoldsIntoSections()
    {
        Session session;
        QueueLanesView view(&session.view);
        session.attach(view);
        QVERIFY(runToEnd(session, sample(QStringLiteral("backlog-node-added.yaml"))));
        session.playback.seek(30 * nanosPerSecond);
        view.setGrouping(LaneGrouping::Namespace);
        view.refresh();
        const auto& groups = view.laneGroups(PodLocation::Unschedulable);
        QCOMPARE(groups.size(), size_t(1));
        QCOMPARE(groups[0].name, QStringLiteral("media"));
        QCOMPARE(groups[0].count, view.laneCount(PodLocation::Unschedulable));
        // A lone section starts open: folding it would hide everything.
        QVERIFY(!groups[0].collapsed);
        QCOMPARE(
            view.laneRows(PodLocation::Unschedulable).size(), size_t(view.laneCount(PodLocation::Unschedulable)) + 1);
        view.toggleGroup(PodLocation::Unschedulable, groups[0].key);
        view.refresh();
        QCOMPARE(view.laneRows(PodLocation::Unschedulable), std::vector<qint32>({ -1 })); // the header alone
        // Stays folded as the cursor moves.
        session.playback.seek(31 * nanosPerSecond);
        view.refresh();
        QVERIFY(view.laneGroups(PodLocation::Unschedulable)[0].collapsed);

        // By priority: sections from the highest priority down, counts adding up.
        Session preemption;
        QueueLanesView byPriority(&preemption.view);
        preemption.attach(byPriority);
        QVERIFY(runToEnd(preemption, sample(QStringLiteral("priority-preemption.yaml"))));
        byPriority.setGrouping(LaneGrouping::Priority);
        for (const qsizetype position : interestingPositions(preemption.run().trace(), preemption.run().indexed())) {
            preemption.playback.seekPosition(position);
            byPriority.refresh();
            for (const PodLocation location : queueLanes) {
                int total = 0;
                for (const auto& group : byPriority.laneGroups(location))
                    total += group.count;
                QCOMPARE(total, byPriority.laneCount(location));
            }
        }
    }

    // Pods that just moved are highlighted with their move's cause; the latest moves are the last
    // QueueMove events before the cursor.
    void recentMovesHighlighted()
    {
        Session session;
        QueueLanesView view(&session.view);
        session.attach(view);
        QVERIFY(runToEnd(session, sample(QStringLiteral("backlog-node-added.yaml"))));
        const trace::Trace& trace = session.run().trace();
        // Just after the NodeAdd at 45 s moved the render workers back to activeQ (the moves are
        // interleaved with the queueing hints' results).
        qsizetype after = -1;
        VirtualNanos nodeAdd = -1;
        for (qsizetype position = 0; position < session.run().indexed(); ++position) {
            const trace::Event& event = trace.at(position);
            if (nodeAdd >= 0 && event.time() > nodeAdd)
                break;
            if (event.kind() == trace::EventKind::QueueMove && trace.string(event.text()) == QLatin1String("NodeAdd")) {
                nodeAdd = event.time();
                after = position + 1;
            }
        }
        QVERIFY(after > 0);
        session.playback.seekPosition(after);
        view.refresh();
        const QueueScan scan = scanQueue(trace, after);
        const auto& catalogue = session.run().index().catalogue();
        int highlighted = 0;
        for (const auto& [key, pod] : scan.pods) {
            const double highlight = view.moveHighlight(catalogue.podIndex(key));
            const VirtualNanos age = trace.at(after - 1).time() - pod.since;
            if (age == 0) {
                QCOMPARE(highlight, 1.0);
                ++highlighted;
            } else if (age >= QueueLanesView::highlightWindow) {
                QCOMPARE(highlight, 0.0);
            }
        }
        QVERIFY(highlighted >= 20);
        QVERIFY(!view.latestMoves().empty());
        QCOMPARE(catalogue.podKey(view.latestMoves().front()), trace.string(trace.at(scan.lastMove).pod()));
    }

    void clickSelectsAndTooltipsDoNotCrash()
    {
        Session session;
        QueueLanesView view(&session.view);
        session.attach(view);
        view.resize(1300, 700);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QVERIFY(runToEnd(session, sample(QStringLiteral("backlog-node-added.yaml"))));
        session.playback.seek(30 * nanosPerSecond);
        view.refresh();
        const auto& rows = view.laneRows(PodLocation::Unschedulable);
        QVERIFY(rows.size() > 3);
        const QRect rect = view.rowRect(PodLocation::Unschedulable, 2);
        QVERIFY(!rect.isEmpty());
        QSignalSpy selection(&session.view, &ViewState::selectionChanged);
        QWidget* canvas = view.childAt(rect.center());
        QVERIFY(canvas);
        QTest::mouseClick(canvas, Qt::LeftButton, {}, canvas->mapFrom(&view, rect.center()));
        QCOMPARE(session.view.selectedPod(), rows[2]);
        QVERIFY(!selection.isEmpty());
        const QPoint local = canvas->mapFrom(&view, rect.center());
        QHelpEvent help(QEvent::ToolTip, local, canvas->mapToGlobal(local));
        QCoreApplication::sendEvent(canvas, &help);
        QVERIFY(QToolTip::text().contains(session.run().index().catalogue().podKey(rows[2])));
        QVERIFY(QToolTip::text().contains(QStringLiteral("ScheduleAttemptFailure")));
        saveScreenshot(view, QStringLiteral("lanes-backlog-30s"));
    }

    // Issue 20, finding 11: preemption is marked in the lanes as on the heatmap. In
    // tests/data/preemption-at-permit.yaml shop/urgent preempts gang pods that wait on Permit: they go
    // back to the queue with a solid corner (black on a light row) and a tooltip naming the
    // preemptor, and shop/urgent waits nominated to worker-0, its row ringed with dashes.
    void marksPreemption()
    {
        const auto scenario = std::make_shared<const Scenario>(
            loadScenarioFile(QStringLiteral(KSV_TEST_DATA_DIR "/preemption-at-permit.yaml")));
        Session session;
        QueueLanesView view(&session.view);
        session.attach(view);
        view.resize(1300, 700);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QVERIFY(runToEnd(session, scenario));
        view.refresh();
        const trace::TraceIndex& index = session.run().index();
        const auto& catalogue = index.catalogue();
        std::set<qint32> victims;
        for (const qint64 position : positionsWhere(index.trace(), index.indexed(),
                 [](const trace::Event& event) { return event.kind() == trace::EventKind::Victim; }))
            victims.insert(index.podOf(index.trace().at(position).pod()));
        QVERIFY(victims.size() >= 2);

        // At the end every gang pod is unschedulable; the victims among them are marked.
        const auto& rows = view.laneRows(PodLocation::Unschedulable);
        const QImage image = view.grab().toImage();
        QWidget* canvas = nullptr;
        size_t marked = 0;
        int plain = 0;
        for (int row = 0; row < int(rows.size()); ++row) {
            const QRect rect = view.rowRect(PodLocation::Unschedulable, row);
            QVERIFY(!rect.isEmpty());
            const bool victim = victims.count(rows[size_t(row)]) > 0;
            const QString key = catalogue.podKey(rows[size_t(row)]);
            QVERIFY2(
                (image.pixelColor(rect.right() - 3, rect.top() + 2) == QColor(Qt::black)) == victim, qPrintable(key));
            canvas = canvas ? canvas : view.childAt(rect.center());
            QVERIFY(canvas);
            const QPoint local = canvas->mapFrom(&view, rect.center());
            QHelpEvent help(QEvent::ToolTip, local, canvas->mapToGlobal(local));
            QCoreApplication::sendEvent(canvas, &help);
            QCOMPARE(QToolTip::text().contains(QStringLiteral("<b>Preemption victim</b>")), victim);
            if (victim) {
                QVERIFY2(QToolTip::text().contains(QStringLiteral("to make room for shop/urgent")),
                    qPrintable(QToolTip::text()));
                ++marked;
            } else {
                ++plain;
            }
        }
        QCOMPARE(marked, victims.size());
        QVERIFY(plain >= 1);
        saveScreenshot(view, QStringLiteral("lanes-preemption-victims"));

        // Just nominated: shop/urgent's row carries the dashed ring (black on a light row), down its
        // left side where no text is drawn.
        const qint32 urgent = catalogue.podIndex(QStringLiteral("shop/urgent"));
        const std::vector<qint64> nominations = positionsWhere(index.trace(), index.indexed(),
            [](const trace::Event& event) { return event.kind() == trace::EventKind::Nominated && event.node() >= 0; });
        QVERIFY(!nominations.empty());
        session.playback.seekPosition(nominations.front() + 1);
        view.refresh();
        const PodLocation location = session.run().state().pods[size_t(urgent)].location;
        const auto& lane = view.laneRows(location);
        const auto row = std::find(lane.begin(), lane.end(), urgent);
        QVERIFY(row != lane.end());
        const QRect rect = view.rowRect(location, int(row - lane.begin()));
        const QImage nominated = view.grab().toImage();
        int ring = 0;
        for (int y = rect.top() + 3; y < rect.bottom() - 3; ++y) {
            for (int x = rect.left() + 1; x <= rect.left() + 4; ++x)
                ring += nominated.pixelColor(x, y) == QColor(Qt::black) ? 1 : 0;
        }
        QVERIFY2(ring >= 4, qPrintable(QString::number(ring)));
        saveScreenshot(view, QStringLiteral("lanes-preemption-nominated"));
    }

    // With the lanes focused, the arrows move the selected pod along its lane and across lanes as a
    // click would, Enter folds a section, and the modified arrows stay the window's.
    void keyboardMovesTheSelection()
    {
        Session session;
        QueueLanesView view(&session.view);
        session.attach(view);
        view.resize(1300, 700);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QVERIFY(runToEnd(session, sample(QStringLiteral("backlog-node-added.yaml"))));
        session.playback.seek(30 * nanosPerSecond);
        view.refresh();
        const auto& rows = view.laneRows(PodLocation::Unschedulable);
        QVERIFY(rows.size() > 3);
        const QRect rect = view.rowRect(PodLocation::Unschedulable, 2);
        QWidget* canvas = view.childAt(rect.center());
        QVERIFY(canvas);
        QTest::mouseClick(canvas, Qt::LeftButton, {}, canvas->mapFrom(&view, rect.center()));
        QCOMPARE(session.view.selectedPod(), rows[2]);
        canvas->setFocus();
        int stepped = 0;
        QAction step;
        step.setShortcut(QKeySequence(Qt::Key_Down));
        step.setShortcutContext(Qt::WindowShortcut);
        view.addAction(&step);
        connect(&step, &QAction::triggered, [&] { ++stepped; });

        QTest::keyClick(canvas, Qt::Key_Down);
        QCOMPARE(session.view.selectedPod(), rows[3]);
        QCOMPARE(stepped, 0); // the lanes took the key
        QTest::keyClick(canvas, Qt::Key_Up);
        QTest::keyClick(canvas, Qt::Key_Up);
        QCOMPARE(session.view.selectedPod(), rows[1]);
        QTest::keyClick(canvas, Qt::Key_End);
        QCOMPARE(session.view.selectedPod(), rows.back());
        QTest::keyClick(canvas, Qt::Key_Home);
        QCOMPARE(session.view.selectedPod(), rows[0]);

        // Across lanes: the row at the same height in the nearest lane with rows.
        const auto nearest = [&](int from, int direction) {
            for (int lane = from + direction; lane >= 0 && lane < queueLaneCount; lane += direction) {
                if (!view.laneRows(queueLanes[size_t(lane)]).empty())
                    return lane;
            }
            return -1;
        };
        const int unschedulable = laneOf(PodLocation::Unschedulable);
        const int right = nearest(unschedulable, 1);
        QTest::keyClick(canvas, Qt::Key_Right);
        if (right >= 0) {
            QCOMPARE(session.view.selectedPod(), view.laneRows(queueLanes[size_t(right)]).front());
            QTest::keyClick(canvas, Qt::Key_Left);
        }
        QCOMPARE(session.view.selectedPod(), rows[0]);
        QTest::keyClick(canvas, Qt::Key_Down, Qt::ControlModifier);
        QCOMPARE(session.view.selectedPod(), rows[0]); // not the lanes' key
        QTest::keyClick(canvas, Qt::Key_Down);
        view.refresh();
        saveScreenshot(view, QStringLiteral("lanes-keyboard")); // the focus frame on the selected row

        // Enter on a section header folds or opens it, as a click does.
        view.setGrouping(LaneGrouping::Namespace);
        view.refresh();
        const auto& grouped = view.laneRows(PodLocation::Unschedulable);
        QVERIFY(!grouped.empty());
        QVERIFY(grouped.front() < 0); // a header
        const bool collapsed = view.laneGroups(PodLocation::Unschedulable).front().collapsed;
        const QRect header = view.rowRect(PodLocation::Unschedulable, 0);
        QTest::mouseClick(canvas, Qt::LeftButton, {}, canvas->mapFrom(&view, header.center()));
        view.refresh();
        QCOMPARE(view.laneGroups(PodLocation::Unschedulable).front().collapsed, !collapsed);
        QTest::keyClick(canvas, Qt::Key_Return);
        view.refresh();
        QCOMPARE(view.laneGroups(PodLocation::Unschedulable).front().collapsed, collapsed);
    }

    // ← and → move to the row at the same height in the nearest lane with pods, and back.
    void keyboardCrossesLanes()
    {
        Session session;
        QueueLanesView view(&session.view);
        session.attach(view);
        view.resize(1300, 700);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QVERIFY(runToEnd(session, sample(QStringLiteral("default.yaml"))));
        // A moment with pods in two lanes.
        const qsizetype end = session.run().indexed();
        int first = -1;
        int second = -1;
        for (qsizetype position = 1; position < end && second < 0; position += std::max<qsizetype>(1, end / 200)) {
            session.playback.seekPosition(position);
            view.refresh();
            first = second = -1;
            for (int lane = 0; lane < queueLaneCount; ++lane) {
                if (view.laneRows(queueLanes[size_t(lane)]).empty())
                    continue;
                (first < 0 ? first : second) = lane;
                if (second >= 0)
                    break;
            }
        }
        QVERIFY(second >= 0);
        const PodLocation from = queueLanes[size_t(first)];
        const PodLocation to = queueLanes[size_t(second)];
        const QRect rect = view.rowRect(from, 0);
        QWidget* canvas = view.childAt(rect.center());
        QVERIFY(canvas);
        QTest::mouseClick(canvas, Qt::LeftButton, {}, canvas->mapFrom(&view, rect.center()));
        QCOMPARE(session.view.selectedPod(), view.laneRows(from).front());
        canvas->setFocus();
        QTest::keyClick(canvas, Qt::Key_Right);
        QCOMPARE(session.view.selectedPod(), view.laneRows(to).front());
        QTest::keyClick(canvas, Qt::Key_Left);
        QCOMPARE(session.view.selectedPod(), view.laneRows(from).front());
    }

    // Paints at mid-run in every grouping, with a search, and with a dark palette.
    void paintsMidRun()
    {
        Session session;
        QueueLanesView view(&session.view);
        session.attach(view);
        view.resize(1400, 800);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QVERIFY(runToEnd(session, sample(QStringLiteral("backlog-node-added.yaml"))));
        // 4 ms after the NodeAdd: the render workers are being scheduled onto the new nodes.
        session.playback.seek(45 * nanosPerSecond + 4'000'000);
        view.refresh();
        saveScreenshot(view, QStringLiteral("lanes-backlog-45s"));
        view.setGrouping(LaneGrouping::Namespace);
        view.refresh();
        saveScreenshot(view, QStringLiteral("lanes-backlog-45s-grouped"));
        view.setGrouping(LaneGrouping::None);
        view.setFilter(QStringLiteral("worker-1"));
        view.refresh();
        saveScreenshot(view, QStringLiteral("lanes-backlog-45s-search"));
        view.setFilter({});
        view.setPalette(theme::darkPalette());
        view.refresh();
        saveScreenshot(view, QStringLiteral("lanes-backlog-45s-dark"));
    }

    // Where backoffQ and the in-flight lanes are busiest in the samples that have them.
    void paintsBusyMoments_data()
    {
        QTest::addColumn<QString>("file");
        for (const char* file : { "priority-preemption.yaml", "gang-scheduling.yaml", "database-anti-affinity.yaml" })
            QTest::newRow(file) << QString::fromLatin1(file);
    }
    void paintsBusyMoments()
    {
        QFETCH(QString, file);
        Session session;
        QueueLanesView view(&session.view);
        session.attach(view);
        view.resize(1400, 800);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QVERIFY(runToEnd(session, sample(file)));
        const trace::Trace& trace = session.run().trace();
        // The position where the most pods wait in some queue other than activeQ.
        qsizetype best = 0;
        int most = -1;
        for (const qsizetype position : interestingPositions(trace, session.run().indexed())) {
            const QueueScan scan = scanQueue(trace, position);
            const int waiting = scan.count(PodLocation::Backoff) * 4 + scan.count(PodLocation::Unschedulable)
                + scan.count(PodLocation::WaitingOnPermit) * 2 + scan.count(PodLocation::Gated);
            if (waiting > most) {
                most = waiting;
                best = position;
            }
        }
        session.playback.seekPosition(best);
        view.refresh();
        saveScreenshot(view, QStringLiteral("lanes-") + QString(file).remove(QStringLiteral(".yaml")));
    }
};

QTEST_MAIN(TestQueueLanes)
#include "tst_queuelanes.moc"
