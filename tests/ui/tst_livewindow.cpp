// The app's live mode against the fake API server, under the offscreen platform: connecting from a
// kubeconfig (and the Connect dialog's list of contexts), the cluster's nodes and pending pods in the
// usual views, a pending pod explained beside the cluster's FailedScheduling (agreeing, then
// differing), a binding seen and compared in the Agreement panel and exported, a disconnect (the
// badge counts down, every view is marked stale and keeps the last snapshot) and the reconnect, the
// frame round the window, freeze and what next (a pending pod and a pasted one, broken YAML said with
// its line), and leaving live mode. Every request the app sends is a GET.
#include "agreementmodel.h"
#include "agreementpanel.h"
#include "connectdialog.h"
#include "explainnodesmodel.h"
#include "fakeobjects.h"
#include "fastoptions.h"
#include "livemode.h"
#include "livepodpanel.h"
#include "livetimelinedata.h"
#include "livetimelineview.h"
#include "mainwindow.h"
#include "playbackcontroller.h"
#include "playbacktoolbar.h"
#include "queuelanescanvas.h"
#include "recentconnections.h"
#include "run.h"
#include "scenarioloadjob.h"
#include "viewstate.h"

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QDockWidget>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTextBrowser>
#include <QTemporaryDir>
#include <QTest>
#include <QToolBar>
#include <QTreeWidget>

using namespace ksv;
using namespace ksv::test::objects;
using ksv::test::FakeApiServer;
using ksv::test::FakeCluster;
using trace::PodLocation;

namespace {

const QString unschedulableMessage = QStringLiteral("0/3 nodes are available: 1 node(s) had taint {dedicated: gpu}, that the pod didn't "
                                                    "tolerate, 2 Insufficient cpu.");

} // namespace

class TestLiveWindow : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    std::unique_ptr<FakeApiServer> m_server;
    QHash<QString, FakeCluster*> m_clusters;
    QString m_kubeconfig;

    QString writeKubeconfig(const QString& name, const QString& text)
    {
        const QString path = m_dir.filePath(name);
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
            qFatal("cannot write %s", qPrintable(path));
        file.write(text.toUtf8());
        return path;
    }

    static bool waitForFrame(LiveMode& live, const std::function<bool(const client::LiveFrame&)>& wanted, int timeoutMs = 15000)
    {
        return QTest::qWaitFor([&] { return live.frame() && wanted(*live.frame()); }, timeoutMs);
    }

    // The window's run shows the latest snapshot and has indexed its start.
    static bool showsLatest(MainWindow& window)
    {
        LiveMode* live = window.liveMode();
        const Run* run = window.playback()->run();
        return live && live->frame() && run && window.currentScenario() && window.currentScenario()->scenario == live->frame()->snapshot
            && run->indexed() > 0;
    }

    static qint32 podIndex(const MainWindow& window, const QString& key)
    {
        return window.playback()->run()->catalogue()->podIndex(key);
    }

    static MainWindow* waitForWindow(MainWindow* window)
    {
        if (!window)
            return nullptr;
        if (!QTest::qWaitFor([window] { return window->playback()->run() && window->playback()->run()->indexed() > 0; }, 15000))
            return nullptr;
        return window;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
        qputenv("KSV_NO_DIALOGS", "1");
        client::LiveFeedOptions options;
        options.reflector = ksv::test::fastOptions(7, 500);
        options.minFrameIntervalMs = 50;
        LiveMode::setFeedOptions(options);
    }

    void init()
    {
        m_server = std::make_unique<FakeApiServer>();
        QVERIFY(m_server->listen());
        m_clusters = ksv::test::serveEveryResource(*m_server);
        addThreeNodes(*m_clusters["Node"]);
        m_clusters["Pod"]->add(pod("running", "1", "n1"));
        m_clusters["Pod"]->add(withCondition(pod("waiting", "64"), unschedulableMessage));
        m_clusters["Pod"]->add(pod("web", "1"));
        m_kubeconfig = writeKubeconfig(QStringLiteral("kubeconfig"), QStringLiteral("apiVersion: v1\nkind: Config\ncurrent-context: fake\n"
                                                                                   "clusters: [{name: fake, cluster: {server: '%1', certificate-authority: '%2'}}]\n"
                                                                                   "users: [{name: reader, user: {token: reader-token}}]\n"
                                                                                   "contexts:\n"
                                                                                   "- {name: other, context: {cluster: fake, user: reader, namespace: ops}}\n"
                                                                                   "- {name: fake, context: {cluster: fake, user: reader}}\n")
                                                              .arg(m_server->url().toString(), FakeApiServer::fixture(QStringLiteral("tls/ca.crt"))));
    }

    void cleanup()
    {
        // Read-only: nothing but GET ever reached the server.
        for (const auto& request : m_server->requests())
            QCOMPARE(request.method, QByteArray("GET"));
        m_server.reset();
    }

    void connectDialogListsContexts()
    {
        qputenv("KUBECONFIG", m_kubeconfig.toLocal8Bit());
        ConnectDialog dialog;
        QCOMPARE(dialog.contextList()->topLevelItemCount(), 2);
        QCOMPARE(dialog.contextList()->topLevelItem(0)->text(0), QStringLiteral("fake (current)"));
        QCOMPARE(dialog.contextList()->topLevelItem(0)->text(2), m_server->url().toString());
        QCOMPARE(dialog.contextList()->topLevelItem(1)->text(3), QStringLiteral("ops"));
        QCOMPARE(dialog.context(), QStringLiteral("fake"));
        QVERIFY(dialog.kubeconfig().isEmpty()); // kubectl's search
        const QString broken = writeKubeconfig(QStringLiteral("broken"), QStringLiteral("contexts: [unterminated\n"));
        qputenv("KUBECONFIG", broken.toLocal8Bit());
        dialog.reload();
        QCOMPARE(dialog.contextList()->topLevelItemCount(), 0);
        QVERIFY2(dialog.messageLabel()->text().startsWith(broken + QLatin1Char(':')), qPrintable(dialog.messageLabel()->text()));
        QVERIFY(dialog.context().isEmpty());
        // A file given (--kubeconfig, the last connection's) wins over kubectl's search.
        dialog.setKubeconfig(m_kubeconfig);
        QCOMPARE(dialog.kubeconfig(), m_kubeconfig);
        QCOMPARE(dialog.contextList()->topLevelItemCount(), 2);
        QCOMPARE(dialog.context(), QStringLiteral("fake"));
        // Shown, as File > Connect to Cluster… shows it: its destruction then goes through the list's
        // signals (a defect UBSan found once).
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        qunsetenv("KUBECONFIG");
    }

    void badKubeconfigIsSaid()
    {
        MainWindow window;
        QSignalSpy failed(&window, &MainWindow::clusterFailed);
        window.openCluster(m_kubeconfig, QStringLiteral("nowhere"));
        QCOMPARE(failed.size(), 1);
        QVERIFY2(failed.constFirst().constFirst().toString().contains(QStringLiteral("context \"nowhere\" is not defined")),
                 qPrintable(failed.constFirst().constFirst().toString()));
        QVERIFY(!window.liveMode());
    }

    void showsTheClusterLive()
    {
        MainWindow window;
        window.resize(1280, 720);
        window.show();
        window.openCluster(m_kubeconfig, QStringLiteral("fake"));
        LiveMode* live = window.liveMode();
        QVERIFY(live);
        QCOMPARE(live->contextName(), QStringLiteral("fake"));
        QVERIFY(window.windowTitle().startsWith(QStringLiteral("LIVE — fake")));
        QVERIFY(window.windowTitle().contains(QStringLiteral("read-only")));
        QVERIFY(!window.playbackToolBar()->isVisible());
        QVERIFY(live->toolBar()->isVisible());
        QCOMPARE(recentConnections().constFirst(), (RecentConnection {m_kubeconfig, QStringLiteral("fake")}));

        QVERIFY(waitForFrame(*live, [](const client::LiveFrame& f) { return f.status.phase == client::LiveStatus::Phase::Connected && f.snapshot; }));
        QTRY_VERIFY_WITH_TIMEOUT(showsLatest(window), 10000);
        QCOMPARE(live->badge()->property("phase").toString(), QStringLiteral("connected"));
        QVERIFY(live->badge()->text().contains(QStringLiteral("Connected to fake")));

        // The heatmap's numbers: the cluster's requests as they are now, nothing scheduled by kschedviz.
        const Run* run = window.playback()->run();
        const trace::ReplayState& state = run->state();
        const qint32 n1 = run->catalogue()->nodeIndex(QStringLiteral("n1"));
        QCOMPARE(state.requested(n1, 0), 1000); // milli-CPU of "running"
        QCOMPARE(state.allocatable(n1, 0), 2000);
        // The queue lanes: the pending pods in activeQ, in the profile's pop order; none tried yet.
        QCOMPARE(state.count(PodLocation::Active), 2);
        QCOMPARE(state.count(PodLocation::Bound), 1);
        QCOMPARE(state.pods[size_t(podIndex(window, QStringLiteral("default/web")))].attempts, 0);
        // Each row says the pod's age in the cluster; its tooltip its PodScheduled condition.
        auto* lanes = window.findChild<QueueLanesCanvas*>();
        QVERIFY(lanes);
        const qint32 waiting = podIndex(window, QStringLiteral("default/waiting"));
        // (A scenario's row would say how long the pod has waited in the queue: 0 ns in a snapshot.)
        QVERIFY2(lanes->rowDetail(laneOf(PodLocation::Active), waiting) != QStringLiteral("0 ns")
                     && !lanes->rowDetail(laneOf(PodLocation::Active), waiting).isEmpty(),
                 qPrintable(lanes->rowDetail(laneOf(PodLocation::Active), waiting)));
        QVERIFY(lanes->rowToolTip(waiting).contains(QStringLiteral("Age")));
        QVERIFY2(lanes->rowToolTip(waiting).contains(QStringLiteral("PodScheduled")) && lanes->rowToolTip(waiting).contains(QStringLiteral("Insufficient cpu")),
                 qPrintable(lanes->rowToolTip(waiting)));

        // The frame round the window is in the live colour.
        const QImage image = window.grab().toImage();
        QCOMPARE(image.pixelColor(1, image.height() / 2), live->frameColour());
        QCOMPARE(image.pixelColor(image.width() / 2, 1), live->frameColour());

        // A pending pod explained on the snapshot, beside the cluster's word: the same reasons.
        QSignalSpy explained(live->podPanel(), &LivePodPanel::explained);
        selectPod(*window.viewState(), run, podIndex(window, QStringLiteral("default/waiting")));
        QCOMPARE(live->podPanel()->pod(), QStringLiteral("default/waiting"));
        QTRY_VERIFY_WITH_TIMEOUT(explained.size() >= 1, 15000);
        QCOMPARE(live->podPanel()->attempt().result, QStringLiteral("Unschedulable"));
        QVERIFY(live->podPanel()->attempt().message.startsWith(QStringLiteral("0/3 nodes are available")));
        QVERIFY(live->podPanel()->clusterLabel()->text().contains(QStringLiteral("PodScheduled False")));
        QVERIFY(!live->podPanel()->differs());
        QVERIFY(live->podPanel()->verdictLabel()->text().contains(QStringLiteral("Agrees")));
        QCOMPARE(live->podPanel()->nodes()->rowCount(), 3);
        QAbstractItemModelTester nodesTester(live->podPanel()->nodes(), QAbstractItemModelTester::FailureReportingMode::QtTest);

        // The cluster's scheduler now says something else in a FailedScheduling event: marked.
        m_clusters["Pod"]->modify(pod("waiting", "64"));
        m_clusters["Event"]->add(failedSchedulingEvent(QStringLiteral("waiting"), QStringLiteral("0/3 nodes are available: 3 node(s) didn't match Pod's node affinity/selector."),
                                                       QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs)));
        QTRY_VERIFY_WITH_TIMEOUT(live->podPanel()->clusterLabel()->text().contains(QStringLiteral("Last FailedScheduling")), 15000);
        QTRY_VERIFY_WITH_TIMEOUT(live->podPanel()->differs(), 15000);
        QVERIFY(live->podPanel()->verdictLabel()->text().contains(QStringLiteral("Differs")));

        // The selection follows the pod across snapshots; the cluster binds "web" where kschedviz would.
        selectPod(*window.viewState(), window.playback()->run(), podIndex(window, QStringLiteral("default/web")));
        QTRY_COMPARE_WITH_TIMEOUT(live->podPanel()->attempt().node, QStringLiteral("n2"), 15000);
        m_clusters["Pod"]->modify(bound(pod("web", "1"), QStringLiteral("n2")));
        QTRY_VERIFY_WITH_TIMEOUT(showsLatest(window) && window.playback()->run()->state().count(PodLocation::Bound) == 2, 15000);
        QCOMPARE(window.playback()->run()->catalogue()->podKey(window.viewState()->selectedPod()), QStringLiteral("default/web"));

        // A pod the cluster binds to a node kschedviz scored lower (n1 is the fuller one).
        m_clusters["Pod"]->add(pod("odd", "500m"));
        QTRY_VERIFY_WITH_TIMEOUT(live->frame()->shadow.size() == 3, 15000);
        m_clusters["Pod"]->modify(bound(pod("odd", "500m"), QStringLiteral("n1")));

        // The Agreement panel: the three pods compared, the disagreement explained.
        AgreementModel* agreement = live->agreement()->model();
        QAbstractItemModelTester agreementTester(agreement, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QTRY_VERIFY_WITH_TIMEOUT(live->frame()->agreement.total == 3, 15000);
        QTRY_COMPARE_WITH_TIMEOUT(agreement->rowCount(), 3, 15000);
        QVERIFY2(live->agreement()->summary()->text().contains(QStringLiteral("scheduler: 2 of 3 pods (66.7%)</b> over the session · last 100: 2 of 3 pods (66.7%)")),
                 qPrintable(live->agreement()->summary()->text()));
        QCOMPARE(agreement->index(0, AgreementModel::PodColumn).data().toString(), QStringLiteral("default/odd")); // newest first
        QCOMPARE(agreement->index(0, AgreementModel::VerdictColumn).data().toString(), QStringLiteral("differs"));
        QCOMPARE(agreement->index(0, AgreementModel::ClusterColumn).data().toString(), QStringLiteral("n1"));
        QCOMPARE(agreement->index(0, AgreementModel::KschedvizColumn).data().toString(), QStringLiteral("n2"));
        live->agreement()->disagreementsOnly()->setChecked(true);
        QCOMPARE(agreement->rowCount(), 1);
        QVERIFY(agreement->podAt(0)->comparison.outcome == client::ShadowComparison::Outcome::LowerScore);
        QVERIFY(!possibleCauses(agreement->podAt(0)->comparison.outcome).isEmpty());
        live->agreement()->disagreementsOnly()->setChecked(false);
        QCOMPARE(agreement->rowCount(), 3);
        // Exported as CSV and JSON, every pod whatever the filter.
        const QString csvPath = m_dir.filePath(QStringLiteral("agreement.csv"));
        const QString jsonPath = m_dir.filePath(QStringLiteral("agreement.json"));
        QVERIFY(live->agreement()->exportTo(csvPath, AgreementPanel::Format::Csv));
        QVERIFY(live->agreement()->exportTo(jsonPath, AgreementPanel::Format::Json));
        QFile csv(csvPath);
        QVERIFY(csv.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = csv.readAll().split('\n');
        QCOMPARE(lines.size(), 5); // the header, three pods, the empty rest after the last CRLF
        QVERIFY(lines[3].startsWith("default/odd,uid-odd,n1,n2,false,lowerScore,"));
        QFile json(jsonPath);
        QVERIFY(json.open(QIODevice::ReadOnly));
        const QJsonObject report = QJsonDocument::fromJson(json.readAll()).object();
        QCOMPARE(report["agreement"].toObject()["agreed"].toInt(), 2);
        QCOMPARE(report["agreement"].toObject()["total"].toInt(), 3);
        QCOMPARE(report["context"].toString(), QStringLiteral("fake"));
        QCOMPARE(report["pods"].toArray().size(), 3);
        QString error;
        QVERIFY(!live->agreement()->exportTo(m_dir.filePath(QStringLiteral("missing/dir/x.csv")), AgreementPanel::Format::Csv, &error));
        QVERIFY(error.contains(QStringLiteral("missing/dir/x.csv")));
        // The live timeline: the two bindings the cluster made, the failure, and the three predictions.
        const live::LiveTimelineData& marks = live->timeline()->data();
        const auto countRow = [&marks](live::TimelineRow row) {
            return std::count_if(marks.marks.cbegin(), marks.marks.cend(), [row](const live::TimelineMark& mark) { return mark.row == row; });
        };
        QCOMPARE(countRow(live::TimelineRow::Binding), 2);
        QCOMPARE(countRow(live::TimelineRow::Failure), 1);
        QCOMPARE(countRow(live::TimelineRow::Prediction), 3);
        // A click on a mark opens its pod, as a row of the Agreement panel does.
        Q_EMIT live->timeline()->podActivated(QStringLiteral("default/waiting"));
        QCOMPARE(live->podPanel()->pod(), QStringLiteral("default/waiting"));
        QCOMPARE(window.playback()->run()->catalogue()->podKey(window.viewState()->selectedPod()), QStringLiteral("default/waiting"));

        // Opening a row selects the pod in every view and explains it.
        live->agreement()->findChild<QTableView*>()->setCurrentIndex(agreement->index(0, 0));
        Q_EMIT live->agreement()->findChild<QTableView*>()->activated(agreement->index(0, 0));
        QCOMPARE(live->podPanel()->pod(), QStringLiteral("default/odd"));
        QCOMPARE(window.playback()->run()->catalogue()->podKey(window.viewState()->selectedPod()), QStringLiteral("default/odd"));
        QVERIFY(live->agreement()->details()->toPlainText().contains(QStringLiteral("What may explain it")));

        // Leaving live mode: the docks, the tool bar and the badge go, the playback tool bar comes back.
        QPointer<QDockWidget> agreementDock = live->agreementDock();
        Q_EMIT live->disconnectRequested();
        QVERIFY(!window.liveMode());
        QTRY_VERIFY(!agreementDock);
        QVERIFY(window.playbackToolBar()->isVisible());
        QCOMPARE(window.windowTitle(), QStringLiteral("kschedviz"));
        // The last snapshot stays, as a scenario would (ids are per snapshot: a later one may have come).
        QTRY_COMPARE(lanes->rowDetail(laneOf(PodLocation::Active), podIndex(window, QStringLiteral("default/waiting"))), QStringLiteral("0 ns"));
    }

    void disconnectAndReconnect()
    {
        MainWindow window;
        window.show();
        window.openCluster(m_kubeconfig, QStringLiteral("fake"));
        LiveMode* live = window.liveMode();
        QVERIFY(live);
        QTRY_VERIFY_WITH_TIMEOUT(showsLatest(window) && live->frame()->status.phase == client::LiveStatus::Phase::Connected, 15000);
        const std::shared_ptr<const Scenario> before = window.currentScenario()->scenario;
        const QColor connected = live->frameColour();
        const quint16 port = m_server->port();

        m_server->close();
        QTRY_COMPARE_WITH_TIMEOUT(live->badge()->property("phase").toString(), QStringLiteral("reconnecting"), 15000);
        QTRY_VERIFY_WITH_TIMEOUT(live->badge()->text().contains(QStringLiteral("Reconnecting in")), 15000);
        // Stale once the connection has been down for a few seconds: a watch re-opened at once is not.
        QVERIFY(!live->isStale());
        const auto why = [live] {
            return QString(live->badge()->text() + QStringLiteral(" lost at ") + QString::number(live->frame()->status.lostAtMs) + QStringLiteral(" now ")
                           + QString::number(QDateTime::currentMSecsSinceEpoch()) + QLatin1Char(' ') + client::phaseName(live->frame()->status.phase));
        };
        QTRY_VERIFY2_WITH_TIMEOUT(live->isStale(), qPrintable(why()), 15000);
        QVERIFY(live->frameColour() != connected);
        QVERIFY(window.windowTitle().contains(QStringLiteral("(stale)")));
        for (QDockWidget* dock : window.findChildren<QDockWidget*>())
            QVERIFY2(dock->windowTitle().contains(QStringLiteral("stale since")), qPrintable(dock->windowTitle()));
        QVERIFY(live->toolBar()->findChildren<QLabel*>().constFirst()->text().contains(QStringLiteral("stale")));
        // The views keep the last known cluster.
        QCOMPARE(window.currentScenario()->scenario.get(), before.get());
        QCOMPARE(window.playback()->run()->state().count(PodLocation::Active), 2);

        QVERIFY(m_server->listen(port));
        QTRY_COMPARE_WITH_TIMEOUT(live->badge()->property("phase").toString(), QStringLiteral("connected"), 15000);
        QVERIFY(!live->isStale());
        QVERIFY(!window.windowTitle().contains(QStringLiteral("(stale)")));
        for (QDockWidget* dock : window.findChildren<QDockWidget*>())
            QVERIFY2(!dock->windowTitle().contains(QStringLiteral("stale")), qPrintable(dock->windowTitle()));
        QCOMPARE(live->frameColour(), connected);
    }

    // A kubeconfig's warnings are said as long as the connection is used, as the commands say them.
    void insecureIsSaid()
    {
        const QString insecure = writeKubeconfig(QStringLiteral("insecure"), QStringLiteral("current-context: fake\n"
                                                                                             "clusters: [{name: fake, cluster: {server: '%1', insecure-skip-tls-verify: true}}]\n"
                                                                                             "users: [{name: reader, user: {token: reader-token}}]\n"
                                                                                             "contexts: [{name: fake, context: {cluster: fake, user: reader}}]\n")
                                                                          .arg(m_server->url().toString()));
        MainWindow window;
        window.openCluster(insecure, {});
        LiveMode* live = window.liveMode();
        QVERIFY(live);
        const QString banner = live->toolBar()->findChildren<QLabel*>().constFirst()->text();
        QVERIFY2(banner.contains(QStringLiteral("insecure-skip-tls-verify")), qPrintable(banner));
        QTRY_COMPARE_WITH_TIMEOUT(live->badge()->property("phase").toString(), QStringLiteral("connected"), 15000);
    }

    void failedConnectionIsSaid()
    {
        m_server->setHandler([](const ksv::test::FakeRequest&, ksv::test::FakeExchange& exchange) {
            exchange.respondStatus(401, QStringLiteral("Unauthorized"), QStringLiteral("Unauthorized"));
        });
        MainWindow window;
        window.openCluster(m_kubeconfig, QStringLiteral("fake"));
        LiveMode* live = window.liveMode();
        QVERIFY(live);
        QTRY_COMPARE_WITH_TIMEOUT(live->badge()->property("phase").toString(), QStringLiteral("failed"), 15000);
        QVERIFY2(live->badge()->text().contains(QStringLiteral("Failed:")), qPrintable(live->badge()->text()));
        QVERIFY(!live->badge()->text().contains(QStringLiteral("reader-token")));
        QVERIFY2(live->agreement()->summary()->text().contains(QStringLiteral("none decided yet")), qPrintable(live->agreement()->summary()->text()));
        QVERIFY(!window.currentScenario());
    }

    void freezeAndWhatNext()
    {
        MainWindow window;
        window.openCluster(m_kubeconfig, QStringLiteral("fake"));
        LiveMode* live = window.liveMode();
        QVERIFY(live);
        QTRY_VERIFY_WITH_TIMEOUT(showsLatest(window), 15000);

        // Freeze: the snapshot with full time control, played to its end.
        QPointer<MainWindow> frozen = waitForWindow(live->freeze());
        QVERIFY(frozen);
        QVERIFY(!frozen->liveMode());
        QVERIFY(frozen->playbackToolBar()->isVisible());
        QCOMPARE(frozen->currentScenario()->scenario->initial.pods.size(), 3);
        frozen->playback()->setSpeed(0);
        frozen->playback()->play();
        QTRY_VERIFY_WITH_TIMEOUT(frozen->playback()->isFinished(), 30000);
        const trace::ReplayState& end = frozen->playback()->run()->state();
        QVERIFY(end.pods[size_t(podIndex(*frozen, QStringLiteral("default/web")))].location == PodLocation::Bound);
        QVERIFY(end.pods[size_t(podIndex(*frozen, QStringLiteral("default/waiting")))].location == PodLocation::Unschedulable);
        frozen->close();

        // What next for a pending pod: its placement, the only pending pod of the snapshot.
        QPointer<MainWindow> next = waitForWindow(live->whatNext(QStringLiteral("default/web")));
        QVERIFY(next);
        QCOMPARE(next->currentScenario()->scenario->initial.pods.size(), 2);
        QTRY_VERIFY_WITH_TIMEOUT(next->playback()->isFinished(), 30000);
        const qint32 web = podIndex(*next, QStringLiteral("default/web"));
        QCOMPARE(next->viewState()->selectedPod(), web);
        const trace::ReplayState& placed = next->playback()->run()->state();
        QVERIFY(placed.pods[size_t(web)].location == PodLocation::Bound);
        QCOMPARE(next->playback()->run()->catalogue()->nodeName(placed.pods[size_t(web)].node), QStringLiteral("n2"));
        next->close();
        QVERIFY(!live->whatNext(QStringLiteral("default/nobody")));

        // A pasted pod, which fits only on the tainted node it tolerates.
        QString error;
        const QByteArray yaml = "apiVersion: v1\nkind: Pod\nmetadata: {name: trainer, namespace: ml}\nspec:\n"
                                "  tolerations: [{key: dedicated, operator: Exists}]\n"
                                "  containers: [{name: c, image: x, resources: {requests: {cpu: '6'}}}]\n";
        QPointer<MainWindow> pasted = waitForWindow(live->whatNextFromYaml(yaml, &error));
        QVERIFY2(pasted, qPrintable(error));
        QTRY_VERIFY_WITH_TIMEOUT(pasted->playback()->isFinished(), 30000);
        const qint32 trainer = podIndex(*pasted, QStringLiteral("ml/trainer"));
        const trace::ReplayState& trained = pasted->playback()->run()->state();
        QVERIFY(trained.pods[size_t(trainer)].location == PodLocation::Bound);
        QCOMPARE(pasted->playback()->run()->catalogue()->nodeName(trained.pods[size_t(trainer)].node), QStringLiteral("n3"));
        pasted->close();

        // Broken input: the line and the field, no window.
        QVERIFY(!live->whatNextFromYaml("apiVersion: v1\nkind: Pod\nmetadata: {name: x\n", &error));
        QVERIFY2(error.startsWith(QStringLiteral("pasted pod:")), qPrintable(error));
        QVERIFY(!live->whatNextFromYaml("apiVersion: v1\nkind: Pod\nmetadata: {name: x}\nspec: {containers: [{name: c, resources: {requests: {cpu: lots}}}]}\n", &error));
        QVERIFY2(error.startsWith(QStringLiteral("pasted pod:4:")) && error.contains(QStringLiteral("cpu")), qPrintable(error));
        QVERIFY(!live->whatNextFromYaml("apiVersion: v1\nkind: Node\nmetadata: {name: x}\n", &error));
        QCOMPARE(error, QStringLiteral("pasted pod: expected one Pod, found 0"));
    }
};

QTEST_MAIN(TestLiveWindow)
#include "tst_livewindow.moc"
