// The node heatmap against the scenario and the trace: cpu cells equal the requests of the pods
// bound to the node (from the pods' specs and the QueueMove events) over the node's allocatable;
// grouping by zone; the selected attempt's Filter verdicts and scores equal its FilterNodes and
// ScoreNodes blocks; runs without node detail say so; a click shows the node's pods; 5,000 nodes fit;
// painting in every mode. Issue 20: the view keeps its size whatever the mode (finding 4), draws an
// attempt on the cluster it saw (5), can switch to a selected attempt at once (6) and marks the
// selected pod's nominated node and preemption victims (11).
#include "theme.h"
#include "api/resources.h"
#include "framework/status.h"
#include "heatmapcanvas.h"
#include "heatmapview.h"
#include "nodedetailrows.h"
#include "playbackhelpers.h"
#include "screenshots.h"

#include <QAbstractButton>
#include <QAction>
#include <QComboBox>
#include <QHelpEvent>
#include <QImage>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QToolTip>
#include <cmath>

using namespace ksv;
using namespace ksv::testing;
using trace::PodLocation;

namespace {

// Milli-cpu requested per node name after the first `end` events, from the scenario's pod specs.
std::map<QString, qint64> requestedCpu(const Scenario& scenario, const trace::Trace& trace, qsizetype end)
{
    std::map<QString, Pod> specs;
    std::map<QString, QString> nodeOf;
    for (const Pod& pod : scenario.initial.pods) {
        specs[pod.key()] = pod;
        if (!pod.nodeName.isEmpty() && !pod.isTerminal())
            nodeOf[pod.key()] = pod.nodeName;
    }
    for (const ObjectChange& event : scenario.events) {
        if (const Pod* pod = std::get_if<Pod>(&event.object); pod && event.action != EventAction::Delete)
            specs.try_emplace(pod->key(), *pod);
    }
    for (qsizetype position = 0; position < end; ++position) {
        const trace::Event& event = trace.at(position);
        if (event.kind() != trace::EventKind::QueueMove)
            continue;
        const auto to = event.to();
        if (to == PodLocation::Bound || to == PodLocation::Binding || to == PodLocation::WaitingOnPermit)
            nodeOf[trace.string(event.pod())] = trace.string(event.node());
        else
            nodeOf.erase(trace.string(event.pod()));
    }
    std::map<QString, qint64> requested;
    for (const auto& [key, node] : nodeOf)
        requested[node] += podRequests(specs.at(key)).value(ResourceName::cpu).milliValue();
    return requested;
}

qint64 allocatableCpu(const Scenario& scenario, const QString& name)
{
    for (const Node& node : scenario.initial.nodes) {
        if (node.meta.name == name)
            return node.allocatable.value(ResourceName::cpu).milliValue();
    }
    qint64 allocatable = 0;
    for (const ObjectChange& event : scenario.events) {
        if (const Node* node = std::get_if<Node>(&event.object); node && node->meta.name == name)
            allocatable = node->allocatable.value(ResourceName::cpu).milliValue();
    }
    return allocatable;
}

// The first attempt that matches `predicate`, or -1.
template <typename Predicate> qint32 findCycle(const Session& session, Predicate predicate)
{
    const auto& cycles = session.run().index().cycles();
    for (size_t i = 0; i < cycles.size(); ++i) {
        if (predicate(cycles[i]))
            return qint32(i);
    }
    return -1;
}



// 5,000 nodes in five zones and a few pods: the size the heatmap must fit.
QString writeLargeCluster(const QTemporaryDir& directory)
{
    QString yaml
        = QStringLiteral("apiVersion: kschedviz.io/v1alpha1\nkind: Scenario\nmetadata:\n  name: heatmap-5000\nspec:\n"
                         "  seed: 1\n  objects:\n");
    for (const char zone : { 'a', 'b', 'c', 'd', 'f' }) {
        yaml += QStringLiteral(
            "  - apiVersion: v1\n    kind: Node\n    count: 1000\n    metadata:\n      name: node-1%1\n"
            "      labels:\n        topology.kubernetes.io/zone: us-east-1%1\n"
            "    status:\n      allocatable:\n        cpu: \"8\"\n        memory: 32Gi\n        pods: \"110\"\n")
                    .arg(QLatin1Char(zone));
    }
    yaml += QStringLiteral(
        "  - apiVersion: v1\n    kind: Pod\n    count: 40\n    metadata:\n      name: web\n      namespace: default\n"
        "    spec:\n      containers:\n      - name: web\n        image: nginx\n        resources:\n"
        "          requests:\n            cpu: \"6\"\n            memory: 1Gi\n");
    const QString path = directory.filePath(QStringLiteral("heatmap-5000.yaml"));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return {};
    file.write(yaml.toUtf8());
    return path;
}

// The tooltip the map shows over a node's cell.
QString toolTipOver(HeatmapView& view, qint32 node)
{
    const QRect cell = view.cellRect(node);
    if (cell.isEmpty())
        return {};
    QWidget* canvas = view.childAt(cell.center());
    if (!canvas)
        return {};
    const QPoint local = canvas->mapFrom(&view, cell.center());
    QHelpEvent help(QEvent::ToolTip, local, canvas->mapToGlobal(local));
    QCoreApplication::sendEvent(canvas, &help);
    return QToolTip::text();
}

// The combo box that picks the colour mode: the one offering the Filter verdict.
QComboBox* colourCombo(HeatmapView& view)
{
    for (QComboBox* combo : view.findChildren<QComboBox*>()) {
        if (combo->findText(QStringLiteral("Filter verdict (selected attempt)")) >= 0)
            return combo;
    }
    return nullptr;
}

} // namespace

class TestHeatmap : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        // The view remembers a choice in QSettings: not in the user's.
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
    }

    // Issue 20, finding 4: choosing "Filter verdict" widened the heatmap's dock and squeezed the
    // queue lanes, because the status line (and the combo boxes) asked for their text's width. The
    // view's size hints now stay put whatever the mode, attempt or plugins offered.
    void sizeHintsIgnoreTheMode_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("long pod names, preemption") << QStringLiteral("priority-preemption.yaml");
        QTest::newRow("score plugins") << QStringLiteral("zone-spread.yaml");
    }
    void sizeHintsIgnoreTheMode()
    {
        QFETCH(QString, file);
        Session session;
        HeatmapView view(&session.view);
        session.attach(view);
        view.resize(700, 400);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QVERIFY(runToEnd(session, sample(file)));
        view.refresh();
        QCoreApplication::processEvents();
        const QSize hint = view.sizeHint();
        const QSize minimum = view.minimumSizeHint();
        QComboBox* combo = colourCombo(view);
        QVERIFY(combo);
        // The attempt of the longest pod name, and one that scored (its plugins join the modes).
        const auto& catalogue = session.run().index().catalogue();
        const auto& cycles = session.run().index().cycles();
        qint32 longest = -1;
        for (qint32 cycle = 0; cycle < qint32(cycles.size()); ++cycle) {
            if (cycles[size_t(cycle)].endEvent >= 0 && cycles[size_t(cycle)].evaluated > 0
                && (longest < 0
                    || catalogue.podKey(cycles[size_t(cycle)].pod).size()
                        > catalogue.podKey(cycles[size_t(longest)].pod).size()))
                longest = cycle;
        }
        const qint32 scored
            = findCycle(session, [](const trace::CycleRecord& c) { return c.endEvent >= 0 && c.feasible > 1; });
        QVERIFY(longest >= 0);
        int checked = 0;
        for (const qint32 cycle : { -1, longest, scored }) {
            if (cycle >= 0)
                session.selectCycle(cycle);
            for (int index = 0; index < combo->count(); ++index) {
                if (combo->itemData(index).toString().isEmpty())
                    continue; // the separator
                combo->setCurrentIndex(index); // as the user picks it
                view.refresh();
                QCoreApplication::processEvents();
                const QString what = combo->itemText(index) + QStringLiteral(", cycle ") + QString::number(cycle);
                QVERIFY2(view.minimumSizeHint() == minimum,
                    qPrintable(what
                        + QStringLiteral(": minimum width %1, was %2")
                              .arg(view.minimumSizeHint().width())
                              .arg(minimum.width())));
                QVERIFY2(view.sizeHint() == hint,
                    qPrintable(
                        what + QStringLiteral(": width %1, was %2").arg(view.sizeHint().width()).arg(hint.width())));
                ++checked;
            }
        }
        QVERIFY(checked >= 3 * 5);
        QVERIFY(view.mode().isCycleMode()); // the entries after the measures were reached
    }

    // Issue 20, finding 5: a selected attempt's verdicts are drawn on the cluster the attempt saw.
    // In nodes-come-and-go the first attempt rejected node-c, deleted since, and never saw node-d,
    // added since: with the cursor at the end, node-c shows its verdict and node-d is not there.
    void verdictsOnTheAttemptsCluster()
    {
        const auto scenario = std::make_shared<const Scenario>(
            loadScenarioFile(QStringLiteral(KSV_TEST_DATA_DIR "/nodes-come-and-go.yaml")));
        Session session;
        HeatmapView view(&session.view);
        session.attach(view);
        view.resize(1000, 500);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QVERIFY(runToEnd(session, scenario));
        const auto& catalogue = session.run().index().catalogue();
        const qint32 c = catalogue.nodeIndex(QStringLiteral("node-c"));
        const qint32 d = catalogue.nodeIndex(QStringLiteral("node-d"));
        QVERIFY(!session.run().state().nodeExists(c) && session.run().state().nodeExists(d));
        session.selectCycle(0);
        view.setMode({ HeatmapMode::Verdict, 0, {} });
        view.refresh();
        QVERIFY2(view.bannerText().isEmpty(), qPrintable(view.bannerText()));
        QCOMPARE(view.cycleNodes().rejectedCount(), 3);

        QCOMPARE(view.cellValue(c), 0.0);
        const QString deleted = toolTipOver(view, c);
        QVERIFY2(deleted.contains(QStringLiteral("Rejected by <b>NodeResourcesFit</b>")), qPrintable(deleted));
        const QString added = toolTipOver(view, d);
        QVERIFY2(added.contains(QStringLiteral("Not in the cluster when the attempt began")), qPrintable(added));
        QVERIFY(!added.contains(QStringLiteral("Not evaluated")));
        // Painted so: node-c filled in its rejecting plugin's colour, node-d a hollow cell.
        const QImage image = view.grab().toImage();
        const QRect cellC = view.cellRect(c);
        const QRect cellD = view.cellRect(d);
        QCOMPARE(
            image.pixelColor(cellC.left() + 2, cellC.center().y()), rejectionColor(QStringLiteral("NodeResourcesFit")));
        QCOMPARE(image.pixelColor(cellD.left() + 2, cellD.center().y()), view.palette().color(QPalette::Base));
        session.selectNode(d);
        view.refresh();
        QVERIFY2(view.detailsText().contains(QStringLiteral("Not in the cluster when the attempt began.")),
            qPrintable(view.detailsText()));
        saveShot(&view, QStringLiteral("heatmap-attempt-cluster"));

        // The second attempt saw node-d and bound the pod there; node-c was gone by then.
        session.selectCycle(1);
        view.refresh();
        QCOMPARE(view.cellValue(d), 1.0);
        QVERIFY(std::isnan(view.cellValue(c)));
        QVERIFY(toolTipOver(view, c).contains(QStringLiteral("Not in the cluster when the attempt began")));
        // A measure is the cluster at the cursor again.
        view.setMode({});
        view.refresh();
        QVERIFY(toolTipOver(view, c).contains(QStringLiteral("Not in the cluster at the cursor")));
    }

    // Issue 20, finding 6: "Colour by the selected attempt" switches the map to an attempt's verdicts
    // as soon as one is selected, and is remembered for the next view (the next run of the app).
    void colourBySelectedAttempt()
    {
        Session session;
        auto view = std::make_unique<HeatmapView>(&session.view);
        session.attach(*view);
        QVERIFY(runToEnd(session, sample(QStringLiteral("backlog-node-added.yaml"))));
        view->refresh();
        auto* toggle = view->findChild<QAbstractButton*>(QStringLiteral("colourByAttempt"));
        QVERIFY2(toggle, "no \"Colour by the selected attempt\" toggle in the view");
        QVERIFY(toggle->isCheckable());
        QVERIFY(!toggle->isChecked()); // off until the user asks
        const qint32 first
            = findCycle(session, [](const trace::CycleRecord& c) { return c.endEvent >= 0 && c.evaluated > 0; });
        const qint32 later = findCycle(session, [&](const trace::CycleRecord& c) {
            return c.endEvent >= 0 && c.evaluated > 0 && c.pod != session.run().index().cycles()[size_t(first)].pod;
        });
        QVERIFY(first >= 0 && later >= 0);
        session.selectCycle(first);
        view->refresh();
        QCOMPARE(view->mode().kind, HeatmapMode::Measure); // off: the map keeps its measure

        toggle->click(); // on, with an attempt selected: its verdicts at once
        QVERIFY(toggle->isChecked());
        QCOMPARE(view->mode().kind, HeatmapMode::Verdict);
        QCOMPARE(QSettings().value(QStringLiteral("heatmap/colourBySelectedAttempt")).toBool(), true);
        view->refresh();
        QCOMPARE(view->cycleNodes().cycle(), first);

        // Back to a measure by hand; the next attempt selected switches again.
        view->setMode({ HeatmapMode::Measure, trace::MeasureMemory, {} });
        session.selectCycle(later);
        QCOMPARE(view->mode().kind, HeatmapMode::Verdict);
        view->refresh();
        QCOMPARE(view->cycleNodes().cycle(), later);
        // A score is the attempt's too: it stays.
        view->setMode({ HeatmapMode::TotalScore, 0, {} });
        session.selectCycle(first);
        QCOMPARE(view->mode().kind, HeatmapMode::TotalScore);
        // Selecting a node keeps the attempt: nothing changes.
        view->setMode({});
        session.selectNode(0);
        QCOMPARE(view->mode().kind, HeatmapMode::Measure);

        // Remembered: a new view (as after a restart) starts with it on.
        view = std::make_unique<HeatmapView>(&session.view);
        session.attach(*view);
        toggle = view->findChild<QAbstractButton*>(QStringLiteral("colourByAttempt"));
        QVERIFY(toggle && toggle->isChecked());
        session.selectCycle(later);
        QCOMPARE(view->mode().kind, HeatmapMode::Verdict);
        toggle->click();
        QCOMPARE(QSettings().value(QStringLiteral("heatmap/colourBySelectedAttempt")).toBool(), false);
        view->setMode({});
        session.selectCycle(first);
        QCOMPARE(view->mode().kind, HeatmapMode::Measure);
    }

    // Issue 20, finding 11: the selected pod's nominated node and the node of its preemption's
    // victims are marked on the map (a dashed ring, an amber corner), named in the legend and the
    // tooltip. In the priority sample at 6 s, checkout-api-0 has preempted etl-backfill-zm5w8 on
    // worker-b-0 and waits, nominated there.
    void marksPreemption()
    {
        Session session;
        HeatmapView view(&session.view);
        session.attach(view);
        view.resize(1100, 500);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QVERIFY(runToEnd(session, sample(QStringLiteral("priority-preemption.yaml"))));
        session.playback.seek(6 * nanosPerSecond);
        const auto& catalogue = session.run().index().catalogue();
        const qint32 pod = catalogue.podIndex(QStringLiteral("shop/checkout-api-7f6d5c4b8-0"));
        const qint32 nominated = catalogue.nodeIndex(QStringLiteral("worker-b-0"));
        const qint32 other = catalogue.nodeIndex(QStringLiteral("worker-b-1"));
        QCOMPARE(session.run().state().pods[size_t(pod)].nominatedNode, nominated);
        session.selectPod(pod);
        view.refresh();

        const QString marked = toolTipOver(view, nominated);
        QVERIFY2(marked.contains(QStringLiteral("<b>Nominated node</b> of shop/checkout-api-7f6d5c4b8-0")),
            qPrintable(marked));
        QVERIFY2(marked.contains(QStringLiteral("<b>Preempted</b> here by shop/checkout-api-7f6d5c4b8-0")),
            qPrintable(marked));
        QVERIFY(marked.contains(QStringLiteral("analytics/etl-backfill-zm5w8")));
        const QString unmarked = toolTipOver(view, other); // checkout-api-1's victim: not the selected pod's
        QVERIFY(!unmarked.contains(QStringLiteral("Nominated")) && !unmarked.contains(QStringLiteral("Preempted")));

        // Painted: the victims' solid corner and the dashed ring, black on the cell's amber (76% cpu).
        for (const bool dark : { false, true }) {
            view.setPalette(dark ? theme::darkPalette() : QPalette());
            view.refresh();
            const QImage image = view.grab().toImage();
            const QRect cell = view.cellRect(nominated);
            QCOMPARE(image.pixelColor(cell.right() - 3, cell.top() + 2), QColor(Qt::black));
            const QRect plain = view.cellRect(other);
            QVERIFY(image.pixelColor(plain.right() - 3, plain.top() + 2) != QColor(Qt::black));
            // The ring's dashes, black or white, down the cell's left side (its text starts further in).
            int ring = 0;
            for (int y = cell.top() + 3; y < cell.bottom() - 3; ++y) {
                for (int x = cell.left() + 1; x <= cell.left() + 3; ++x) {
                    const QColor pixel = image.pixelColor(x, y);
                    ring += pixel == QColor(Qt::black) || pixel == QColor(Qt::white) ? 1 : 0;
                }
            }
            QVERIFY2(ring >= 6, qPrintable(QString::number(ring)));
            saveShot(&view, dark ? QStringLiteral("heatmap-preemption-dark") : QStringLiteral("heatmap-preemption"));
        }
        view.setPalette(QPalette());
    }

    void groupsByZone()
    {
        Session session;
        HeatmapView view(&session.view);
        session.attach(view);
        QVERIFY(runToEnd(session, sample(QStringLiteral("zone-spread.yaml"))));
        view.refresh();
        QCOMPARE(view.groupLabel(), HeatmapView::defaultGroupLabel);
        const auto& groups = view.groups();
        QCOMPARE(groups.size(), size_t(3));
        QCOMPARE(groups[0].name, QStringLiteral("us-east-1a"));
        QCOMPARE(groups[2].name, QStringLiteral("us-east-1c"));
        for (const NodeGroup& group : groups)
            QCOMPARE(group.nodes.size(), size_t(3));
        view.setGroupLabel({});
        view.refresh();
        QCOMPARE(view.groups().size(), size_t(1));
        QCOMPARE(view.groups()[0].nodes.size(), size_t(9));
    }

    // cpu cells at the end and mid-run equal the bound pods' requests over allocatable.
    void cpuMatchesScenario_data()
    {
        QTest::addColumn<QString>("file");
        for (const char* file : { "backlog-node-added.yaml", "zone-spread.yaml", "default.yaml", "gpu-pool.yaml",
                 "priority-preemption.yaml" })
            QTest::newRow(file) << QString::fromLatin1(file);
    }
    void cpuMatchesScenario()
    {
        QFETCH(QString, file);
        const auto scenario = sample(file);
        Session session;
        HeatmapView view(&session.view);
        session.attach(view);
        QVERIFY(runToEnd(session, scenario));
        const qsizetype size = session.run().indexed();
        for (const qsizetype position : { size / 3, size * 2 / 3, size }) {
            session.playback.seekPosition(position);
            view.refresh();
            QCOMPARE(view.mode().kind, HeatmapMode::Measure);
            QCOMPARE(view.mode().measure, int(trace::MeasureCpu));
            const auto requested = requestedCpu(*scenario, session.run().trace(), position);
            const auto& catalogue = session.run().index().catalogue();
            for (qint32 node = 0; node < catalogue.nodeCount(); ++node) {
                const QString name = catalogue.nodeName(node);
                if (!session.run().state().nodeExists(node)) {
                    QVERIFY(std::isnan(view.cellValue(node)));
                    continue;
                }
                const auto it = requested.find(name);
                const double expected
                    = double(it == requested.end() ? 0 : it->second) / double(allocatableCpu(*scenario, name));
                QVERIFY2(std::abs(view.cellValue(node) - expected) < 1e-9,
                    qPrintable(QStringLiteral("%1 at %2: %3 != %4")
                                   .arg(name)
                                   .arg(position)
                                   .arg(view.cellValue(node))
                                   .arg(expected)));
            }
        }
    }

    // The first failed attempt of the backlog sample: every node rejected, by NodeResourcesFit.
    void verdictMarksRejectedNodes()
    {
        Session session;
        HeatmapView view(&session.view);
        session.attach(view);
        QVERIFY(runToEnd(session, sample(QStringLiteral("backlog-node-added.yaml"))));
        const qint32 cycle = findCycle(session, [](const trace::CycleRecord& c) {
            return c.endEvent >= 0 && c.code != quint8(framework::Code::Success) && c.evaluated > 0;
        });
        QVERIFY(cycle >= 0);
        session.selectCycle(cycle);
        QCOMPARE(session.view.selectedCycle(), cycle);
        view.setMode({ HeatmapMode::Verdict, 0, {} });
        view.refresh();
        QVERIFY2(view.bannerText().isEmpty(), qPrintable(view.bannerText()));

        const trace::Trace& trace = session.run().trace();
        const trace::CycleRecord& record = session.run().index().cycles()[size_t(cycle)];
        std::map<QString, std::pair<quint8, QString>> verdicts;
        for (const FilterRow& row : filterRows(trace, record))
            verdicts[trace.string(row.node)] = { row.code, trace.string(row.plugin) };
        QCOMPARE(int(verdicts.size()), record.evaluated);
        const auto& catalogue = session.run().index().catalogue();
        int rejected = 0;
        for (qint32 node = 0; node < catalogue.nodeCount(); ++node) {
            const auto it = verdicts.find(catalogue.nodeName(node));
            if (it == verdicts.end()) {
                QVERIFY(std::isnan(view.cellValue(node)));
                continue;
            }
            const bool feasible = it->second.first == quint8(framework::Code::Success);
            QCOMPARE(view.cellValue(node), feasible ? 1.0 : 0.0);
            if (!feasible) {
                ++rejected;
                QCOMPARE(trace.string(view.cycleNodes().filter(node).plugin), it->second.second);
            }
        }
        QCOMPARE(rejected, record.evaluated - record.feasible);
        QVERIFY(rejected >= 3);
        QCOMPARE(view.cycleNodes().rejectedCount(), rejected);
        QCOMPARE(view.cycleNodes().chosenNode(), -1);
        QCOMPARE(trace.string(view.cycleNodes().rejections().front().first), QStringLiteral("NodeResourcesFit"));
    }

    // A successful attempt of the zone-spread sample: totals are Σ normalized × weight of its
    // scores, the chosen node has the highest, and one plugin's mode shows its scores.
    void scoresMatchTrace()
    {
        Session session;
        HeatmapView view(&session.view);
        session.attach(view);
        view.resize(1200, 500);
        QVERIFY(runToEnd(session, sample(QStringLiteral("zone-spread.yaml"))));
        const qint32 cycle = findCycle(session, [](const trace::CycleRecord& c) {
            return c.endEvent >= 0 && c.code == quint8(framework::Code::Success) && c.feasible > 1;
        });
        QVERIFY(cycle >= 0);
        session.selectCycle(cycle);
        view.setMode({ HeatmapMode::TotalScore, 0, {} });
        view.refresh();
        const trace::Trace& trace = session.run().trace();
        const trace::CycleRecord& record = session.run().index().cycles()[size_t(cycle)];
        std::map<QString, double> totals;
        std::map<QString, double> spread;
        for (const ScoreRow& row : scoreRows(trace, record)) {
            totals[trace.string(row.node)] += double(row.normalized) * double(row.weight);
            if (trace.string(row.plugin) == QLatin1String("PodTopologySpread"))
                spread[trace.string(row.node)] = double(row.normalized);
        }
        QVERIFY(!totals.empty());
        const auto& catalogue = session.run().index().catalogue();
        double best = -1;
        for (const auto& [name, total] : totals) {
            QCOMPARE(view.cellValue(catalogue.nodeIndex(name)), total);
            best = std::max(best, total);
        }
        const qint32 chosen = view.cycleNodes().chosenNode();
        QCOMPARE(chosen, record.node);
        QCOMPARE(view.cellValue(chosen), best);
        QCOMPARE(view.rangeMax(), best);
        saveShot(&view, QStringLiteral("heatmap-zone-spread-total"));

        QVERIFY(view.cycleNodes().scorePlugins().contains(QStringLiteral("PodTopologySpread")));
        view.setMode({ HeatmapMode::PluginScore, 0, QStringLiteral("PodTopologySpread") });
        view.refresh();
        for (const auto& [name, score] : spread)
            QCOMPARE(view.cellValue(catalogue.nodeIndex(name)), score);
        saveShot(&view, QStringLiteral("heatmap-zone-spread-score"));
    }

    void noNodeDetailIsSaid()
    {
        Session session;
        HeatmapView view(&session.view);
        session.attach(view);
        SimulationOptions options;
        options.nodeDetail = false;
        QVERIFY(runToEnd(session, sample(QStringLiteral("zone-spread.yaml")), options));
        view.setMode({ HeatmapMode::Verdict, 0, {} });
        view.refresh();
        QVERIFY(view.bannerText().contains(QStringLiteral("No scheduling attempt selected")));
        const qint32 cycle
            = findCycle(session, [](const trace::CycleRecord& c) { return c.endEvent >= 0 && c.evaluated > 0; });
        QVERIFY(cycle >= 0);
        session.selectCycle(cycle);
        view.refresh();
        QVERIFY2(view.bannerText().contains(QStringLiteral("without per-node detail")), qPrintable(view.bannerText()));
        QVERIFY(!view.cycleNodes().hasNodeDetail());
    }

    // A run whose budget for node detail ran out: attempts after it say so, earlier ones are drawn.
    void spentNodeDetailBudgetIsSaid()
    {
        Session session;
        HeatmapView view(&session.view);
        session.attach(view);
        SimulationOptions options;
        options.nodeDetailBudget = 1; // the first block's chunk spends it
        QVERIFY(runToEnd(session, sample(QStringLiteral("zone-spread.yaml")), options));
        const qint32 cutoff = session.run().trace().nodeDetailCutoff();
        QVERIFY(cutoff > 0);
        view.setMode({ HeatmapMode::Verdict, 0, {} });
        const qint32 early = findCycle(session, [&](const trace::CycleRecord& c) { return c.endEvent >= 0 && c.evaluated > 0 && c.cycle < cutoff; });
        const qint32 late = findCycle(session, [&](const trace::CycleRecord& c) { return c.endEvent >= 0 && c.evaluated > 0 && c.cycle >= cutoff; });
        QVERIFY(early >= 0 && late >= 0);
        session.selectCycle(early);
        view.refresh();
        QVERIFY2(view.bannerText().isEmpty(), qPrintable(view.bannerText()));
        QVERIFY(view.cycleNodes().hasNodeDetail());
        session.selectCycle(late);
        view.refresh();
        QVERIFY2(view.bannerText().contains(QStringLiteral("stopped at cycle %1").arg(cutoff)), qPrintable(view.bannerText()));
        QVERIFY(!view.cycleNodes().hasNodeDetail());
        saveShot(&view, QStringLiteral("heatmap-detail-budget-spent"));
    }

    // With the map focused, the arrows select the neighbouring node as a click would, and leave
    // the modified arrows to the window (they step the playback).
    void keyboardSelectsNodes()
    {
        const auto scenario = sample(QStringLiteral("backlog-node-added.yaml"));
        Session session;
        HeatmapView view(&session.view);
        session.attach(view);
        view.resize(1200, 700);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QVERIFY(runToEnd(session, scenario));
        view.refresh();
        const auto& groups = view.groups();
        QVERIFY(!groups.empty() && groups.front().nodes.size() >= 2);
        const qint32 first = groups.front().nodes[0];
        QWidget* canvas = view.childAt(view.cellRect(first).center());
        QVERIFY(canvas);
        QTest::mouseClick(canvas, Qt::LeftButton, {}, canvas->mapFrom(&view, view.cellRect(first).center()));
        QCOMPARE(session.view.selectedNode(), first);
        canvas->setFocus();
        int stepped = 0;
        QAction step;
        step.setShortcut(QKeySequence(Qt::Key_Right));
        step.setShortcutContext(Qt::WindowShortcut);
        view.addAction(&step);
        connect(&step, &QAction::triggered, [&] { ++stepped; });
        QTest::keyClick(canvas, Qt::Key_Right);
        QCOMPARE(session.view.selectedNode(), groups.front().nodes[1]);
        QCOMPARE(stepped, 0); // the map took the key
        QTest::keyClick(canvas, Qt::Key_Left);
        QCOMPARE(session.view.selectedNode(), first);
        QTest::keyClick(canvas, Qt::Key_End);
        QCOMPARE(session.view.selectedNode(), groups.back().nodes.back());
        QTest::keyClick(canvas, Qt::Key_Home);
        QCOMPARE(session.view.selectedNode(), first);
        view.refresh();
        QVERIFY(view.detailsText().contains(session.run().index().catalogue().nodeName(first))); // as a click does
        QTest::keyClick(canvas, Qt::Key_Right, Qt::ShiftModifier);
        QCOMPARE(session.view.selectedNode(), first); // not the map's
    }

    // On a high-DPI screen (devicePixelRatio 2) a cell covers exactly twice its size in device pixels,
    // every one of them in the cell's colour: drawn at the device's resolution, not scaled up.
    void sharpAtDevicePixelRatio2()
    {
        const auto scenario = sample(QStringLiteral("backlog-node-added.yaml"));
        Session session;
        HeatmapView view(&session.view);
        session.attach(view);
        view.resize(1200, 700);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QVERIFY(runToEnd(session, scenario));
        view.refresh();
        const qint32 node = view.groups().front().nodes.front();
        const QRect cell = view.cellRect(node);
        QVERIFY(cell.width() >= 4 && cell.height() >= 4);
        QImage image(view.size() * 2, QImage::Format_ARGB32_Premultiplied);
        image.setDevicePixelRatio(2);
        image.fill(Qt::transparent);
        view.render(&image);
        const QColor colour = image.pixelColor(cell.center() * 2);
        QVERIFY(colour != view.palette().color(QPalette::Base));
        const int left = 2 * cell.left();
        const int top = 2 * cell.top();
        const int right = 2 * (cell.right() + 1) - 1;
        const int bottom = 2 * (cell.bottom() + 1) - 1;
        for (const QPoint corner : {QPoint(left, top), QPoint(right, top), QPoint(left, bottom), QPoint(right, bottom)})
            QCOMPARE(image.pixelColor(corner), colour);
        // Crisp edges: the device pixel just outside is the background, not a blend.
        QCOMPARE(image.pixelColor(left - 1, 2 * cell.center().y()), image.pixelColor(left - 2, 2 * cell.center().y()));
        QVERIFY(image.pixelColor(left - 1, 2 * cell.center().y()) != colour);
    }

    // A click on a cell selects the node; the side panel lists its taints and exactly its pods.
    void clickShowsNodeDetails()
    {
        const auto scenario = sample(QStringLiteral("backlog-node-added.yaml"));
        Session session;
        HeatmapView view(&session.view);
        session.attach(view);
        view.resize(1200, 700);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QVERIFY(runToEnd(session, scenario));
        view.refresh();
        const auto& catalogue = session.run().index().catalogue();
        const qint32 node = catalogue.nodeIndex(QStringLiteral("render-pool-0"));
        QVERIFY(node >= 0);
        const QRect cell = view.cellRect(node);
        QVERIFY(!cell.isEmpty());
        QWidget* canvas = view.childAt(cell.center());
        QVERIFY(canvas);
        QSignalSpy selection(&session.view, &ViewState::selectionChanged);
        QTest::mouseClick(canvas, Qt::LeftButton, {}, canvas->mapFrom(&view, cell.center()));
        QCOMPARE(session.view.selectedNode(), node);
        const QPoint local = canvas->mapFrom(&view, cell.center());
        QHelpEvent help(QEvent::ToolTip, local, canvas->mapToGlobal(local));
        QCoreApplication::sendEvent(canvas, &help);
        QVERIFY(QToolTip::text().contains(QStringLiteral("render-pool-0")));
        QVERIFY2(
            QToolTip::text().contains(QStringLiteral("cpu</td><td>14 / 15.89 (88%)")), qPrintable(QToolTip::text()));
        view.refresh();
        const QString details = view.detailsText();
        QVERIFY(details.contains(QStringLiteral("render-pool-0")));
        int bound = 0;
        const trace::Trace& trace = session.run().trace();
        const QueueScan scan = scanQueue(trace, session.view.cursor());
        for (const auto& [key, pod] : scan.pods) {
            const bool here = pod.location == PodLocation::Bound && pod.node == QLatin1String("render-pool-0");
            QCOMPARE(details.contains(key + QLatin1Char('\n')) || details.contains(key + QLatin1Char('\t'))
                    || details.contains(key + QLatin1Char(' ')),
                here);
            bound += here ? 1 : 0;
        }
        QVERIFY(bound >= 6);
        QVERIFY(details.contains(QStringLiteral("Pods (%1)").arg(bound)));
        QVERIFY(details.contains(QStringLiteral("Taints")));
        saveShot(&view, QStringLiteral("heatmap-backlog-end-selected"));
    }

    // Paints at mid-run in each mode, and with a dark palette.
    void paintsMidRun()
    {
        Session session;
        HeatmapView view(&session.view);
        session.attach(view);
        view.resize(1300, 760);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QVERIFY(runToEnd(session, sample(QStringLiteral("backlog-node-added.yaml"))));
        session.playback.seek(46 * nanosPerSecond);
        view.refresh();
        saveShot(&view, QStringLiteral("heatmap-backlog-46s-cpu"));
        view.setMode({ HeatmapMode::Measure, trace::MeasureMemory, {} });
        view.refresh();
        saveShot(&view, QStringLiteral("heatmap-backlog-46s-memory"));
        view.setMode({ HeatmapMode::Verdict, 0, {} });
        view.refresh();
        saveShot(&view, QStringLiteral("heatmap-backlog-46s-verdict-none"));
        const qint32 cycle = findCycle(session, [](const trace::CycleRecord& c) {
            return c.endEvent >= 0 && c.code != quint8(framework::Code::Success) && c.evaluated > 0;
        });
        session.selectCycle(cycle);
        view.refresh();
        saveShot(&view, QStringLiteral("heatmap-backlog-verdict-failed"));
        view.setPalette(theme::darkPalette());
        view.setMode({ HeatmapMode::Measure, trace::MeasureCpu, {} });
        view.refresh();
        saveShot(&view, QStringLiteral("heatmap-backlog-46s-cpu-dark"));
    }

    // 5,000 nodes fit the view without scrolling, in their zones, and paint.
    void fiveThousandNodes()
    {
        QTemporaryDir directory;
        const QString path = writeLargeCluster(directory);
        QVERIFY(!path.isEmpty());
        const auto scenario = std::make_shared<const Scenario>(loadScenarioFile(path));
        QCOMPARE(scenario->initial.nodes.size(), 5000);
        Session session;
        HeatmapView view(&session.view);
        session.attach(view);
        view.resize(1400, 860);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QVERIFY(runToEnd(session, scenario));
        view.refresh();
        QCOMPARE(view.groups().size(), size_t(5));
        const auto& catalogue = session.run().index().catalogue();
        for (qint32 node = 0; node < catalogue.nodeCount(); node += 97)
            QVERIFY2(!view.cellRect(node).isEmpty(), qPrintable(catalogue.nodeName(node)));
        QVERIFY(!view.cellRect(catalogue.nodeCount() - 1).isEmpty());
        QVERIFY(view.cellRect(0).width() >= heatmapMinCell);
        // 40 pods of 6 cpu on 8-cpu nodes: 40 nodes at 75%.
        int busy = 0;
        for (qint32 node = 0; node < catalogue.nodeCount(); ++node)
            busy += view.cellValue(node) > 0 ? 1 : 0;
        QCOMPARE(busy, 40);
        const qint32 cycle
            = findCycle(session, [](const trace::CycleRecord& c) { return c.endEvent >= 0 && c.feasible > 1; });
        session.selectCycle(cycle);
        view.setMode({ HeatmapMode::TotalScore, 0, {} });
        view.refresh();
        saveShot(&view, QStringLiteral("heatmap-5000-score"));
        view.setMode({ HeatmapMode::Measure, trace::MeasureCpu, {} });
        view.refresh();
        saveShot(&view, QStringLiteral("heatmap-5000-cpu"));
    }
};

QTEST_MAIN(TestHeatmap)
#include "tst_heatmap.moc"
