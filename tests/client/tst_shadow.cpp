// ShadowTracker against the fake API server serving every resource (the comparison itself is
// tst_shadowcomparison's): a pod pending at the first list compared with its PodScheduled condition
// in kube-scheduler 1.20's wording, a new pending pod predicted on the snapshot of its arrival, and
// bindings to kschedviz's node, to a feasible lower-scored node and to a node a filter rejects, a
// binding said first by a Scheduled event, a pod first seen bound, and FailedScheduling events with
// the same and with other reasons.
#include "fakecluster.h"
#include "fakeobjects.h"
#include "fakesession.h"
#include "fastoptions.h"
#include "shadow.h"

#include "scenario/effectiveconfig.h"

#include <QJsonArray>
#include <QSignalSpy>
#include <QTest>

using namespace ksv;
using namespace ksv::client;
using ksv::test::FakeApiServer;
using ksv::test::FakeCluster;
using ksv::test::uidOf;
using Outcome = ShadowComparison::Outcome;

using namespace ksv::test::objects;

class TestShadow : public QObject
{
    Q_OBJECT

    std::unique_ptr<FakeApiServer> m_server;
    QHash<QString, FakeCluster*> m_clusters;

    ResolvedConfig config() const { return ksv::test::readerConfig(*m_server); }

    // A session whose tracker has started and whose pod and event watches are open.
    struct Shadowing
    {
        std::unique_ptr<ClusterSession> session;
        std::unique_ptr<ShadowTracker> tracker;
    };
    Shadowing shadowing()
    {
        Shadowing result;
        result.session = std::make_unique<ClusterSession>(config(), ksv::test::fastOptions());
        result.tracker = std::make_unique<ShadowTracker>(*result.session, effectiveConfiguration(Scenario {}));
        result.session->start();
        return result;
    }

    static bool watching(const ClusterSession& session)
    {
        return std::all_of(session.reflectors().cbegin(), session.reflectors().cend(),
                           [](const auto& r) { return r->state() == Reflector::State::Watching; });
    }

private Q_SLOTS:
    void init()
    {
        m_server = std::make_unique<FakeApiServer>();
        QVERIFY(m_server->listen());
        m_clusters = ksv::test::serveEveryResource(*m_server);
        addThreeNodes(*m_clusters["Node"]);
        m_clusters["Pod"]->add(pod("running", "500m", "n1"));
        // Pending at the first list, with kube-scheduler 1.20's verdict in its condition.
        m_clusters["Pod"]->add(withCondition(pod("waiting", "64"), QStringLiteral("0/3 nodes are available: 1 node(s) had taint {dedicated: gpu}, "
                                                                                  "that the pod didn't tolerate, 2 Insufficient cpu.")));
    }

    void cleanup()
    {
        for (const auto& request : m_server->requests())
            QCOMPARE(request.method, QByteArray("GET"));
        m_server.reset();
    }

    // The pod pending at the first list is decided with the first list's snapshot, and the cluster's
    // condition (in v1.20's words) says the same.
    void pendingAtTheFirstList()
    {
        Shadowing s = shadowing();
        QSignalSpy started(s.tracker.get(), &ShadowTracker::started);
        QVERIFY(started.wait(15'000));
        const ShadowPod* waiting = s.tracker->pod(QStringLiteral("default/waiting"));
        QVERIFY(waiting);
        QVERIFY(waiting->pendingAtStart);
        QCOMPARE(waiting->prediction.result, QStringLiteral("Unschedulable"));
        QCOMPARE(waiting->observed.source, QStringLiteral("PodScheduled condition"));
        QCOMPARE(waiting->comparison.outcome, Outcome::BothUnschedulable);
        QVERIFY2(waiting->comparison.agree, qPrintable(waiting->comparison.why));
        QVERIFY(!s.tracker->pod(QStringLiteral("default/running"))); // bound: nothing to decide
        QCOMPARE(s.tracker->agreement().agreed, 1);
        QCOMPARE(s.tracker->agreement().total, 1);
    }

    // A new pending pod is predicted on the snapshot of its arrival, and compared when bound: to
    // kschedviz's node, to a feasible node it scored lower, to a node a filter rejects.
    void bindingsCompared()
    {
        Shadowing s = shadowing();
        QTRY_VERIFY_WITH_TIMEOUT(s.tracker->isStarted() && watching(*s.session), 15'000);
        QSignalSpy decided(s.tracker.get(), &ShadowTracker::decided);

        const QJsonObject web1 = pod("web-1", "500m");
        m_clusters["Pod"]->add(web1);
        QTRY_VERIFY(s.tracker->pod(QStringLiteral("default/web-1")));
        const ShadowPod* predicted = s.tracker->pod(QStringLiteral("default/web-1"));
        // n2 is emptier than n1, and n3's taint is not tolerated.
        QCOMPARE(predicted->prediction.result, QStringLiteral("Scheduled"));
        QCOMPARE(predicted->prediction.node, QStringLiteral("n2"));
        QCOMPARE(predicted->prediction.nodes.size(), 3);
        QCOMPARE(predicted->comparison.outcome, Outcome::Undecided);
        m_clusters["Pod"]->modify(bound(web1, "n2"));
        QTRY_COMPARE(s.tracker->pod(QStringLiteral("default/web-1"))->comparison.outcome, Outcome::SameNode);
        QVERIFY(s.tracker->pod(QStringLiteral("default/web-1"))->comparison.agree);

        // Decided on the snapshot with web-1 on n2: n2 still wins, and the cluster chose n1.
        const QJsonObject web2 = pod("web-2", "500m");
        m_clusters["Pod"]->add(web2);
        QTRY_VERIFY(s.tracker->pod(QStringLiteral("default/web-2")));
        QCOMPARE(s.tracker->pod(QStringLiteral("default/web-2"))->prediction.node, QStringLiteral("n2"));
        m_clusters["Pod"]->modify(bound(web2, "n1"));
        QTRY_COMPARE(s.tracker->pod(QStringLiteral("default/web-2"))->comparison.outcome, Outcome::LowerScore);
        const ShadowComparison lower = s.tracker->pod(QStringLiteral("default/web-2"))->comparison;
        QVERIFY(!lower.agree);
        QVERIFY(lower.observedTotal < lower.bestTotal);
        QVERIFY(std::any_of(lower.plugins.cbegin(), lower.plugins.cend(),
                            [](const PluginDifference& d) { return d.plugin == QLatin1String("NodeResourcesFit") && d.observed < d.predicted; }));
        QVERIFY2(lower.why.startsWith(QLatin1String("kschedviz scored node n1 ")), qPrintable(lower.why));
        QVERIFY2(lower.why.contains(QLatin1String("below its choice n2")), qPrintable(lower.why));

        const QJsonObject web3 = pod("web-3", "500m");
        m_clusters["Pod"]->add(web3);
        QTRY_VERIFY(s.tracker->pod(QStringLiteral("default/web-3")));
        m_clusters["Pod"]->modify(bound(web3, "n3"));
        QTRY_COMPARE(s.tracker->pod(QStringLiteral("default/web-3"))->comparison.outcome, Outcome::Infeasible);
        const ShadowComparison infeasible = s.tracker->pod(QStringLiteral("default/web-3"))->comparison;
        QCOMPARE(infeasible.plugin, QStringLiteral("TaintToleration"));
        QCOMPARE(infeasible.reasons, QStringList {QStringLiteral("node(s) had untolerated taint {dedicated: gpu}")});
        QVERIFY2(infeasible.why.startsWith(QLatin1String("kschedviz found node n3 infeasible: TaintToleration: ")), qPrintable(infeasible.why));

        // waiting (agrees), web-1 (agrees), web-2 and web-3 (differ); over the last two, none.
        QCOMPARE(decided.size(), 3);
        QCOMPARE(s.tracker->agreement().agreed, 2);
        QCOMPARE(s.tracker->agreement().total, 4);
        QCOMPARE(s.tracker->recentAgreement(2).agreed, 0);
        QCOMPARE(s.tracker->recentAgreement(2).total, 2);
    }

    // A Scheduled event may say the binding before the pod's watch does; a pod made and bound
    // between two looks is predicted on the snapshot with it pending.
    void scheduledEventsAndPodsFirstSeenBound()
    {
        Shadowing s = shadowing();
        QTRY_VERIFY_WITH_TIMEOUT(s.tracker->isStarted() && watching(*s.session), 15'000);

        m_clusters["Pod"]->add(pod("web-4", "500m"));
        QTRY_VERIFY(s.tracker->pod(QStringLiteral("default/web-4")));
        QJsonObject scheduled = failedSchedulingEvent("web-4", "Successfully assigned default/web-4 to n1", "2026-11-26T05:00:02.000000Z");
        scheduled["reason"] = "Scheduled";
        scheduled["type"] = "Normal";
        m_clusters["Event"]->add(scheduled);
        QTRY_COMPARE(s.tracker->pod(QStringLiteral("default/web-4"))->observed.source, QStringLiteral("Scheduled event"));
        QCOMPARE(s.tracker->pod(QStringLiteral("default/web-4"))->observed.node, QStringLiteral("n1"));
        QCOMPARE(s.tracker->pod(QStringLiteral("default/web-4"))->comparison.outcome, Outcome::LowerScore);

        m_clusters["Pod"]->add(bound(pod("made-bound", "500m"), "n2"));
        QTRY_VERIFY(s.tracker->pod(QStringLiteral("default/made-bound")));
        const ShadowPod* madeBound = s.tracker->pod(QStringLiteral("default/made-bound"));
        QVERIFY(madeBound->seenBound);
        QCOMPARE(madeBound->prediction.node, QStringLiteral("n2"));
        QCOMPARE(madeBound->observed.source, QStringLiteral("nodeName"));
        QCOMPARE(madeBound->comparison.outcome, Outcome::SameNode);
        // A pod bound before the start is nobody's to predict.
        QVERIFY(!s.tracker->pod(QStringLiteral("default/running")));
    }

    // FailedScheduling events: the same reasons agree, others do not. The pod's condition (the same
    // attempt, rewritten each time) replaces an event; a later attempt's word does not count.
    void failedSchedulingEventsCompared()
    {
        Shadowing s = shadowing();
        QTRY_VERIFY_WITH_TIMEOUT(s.tracker->isStarted() && watching(*s.session), 15'000);

        const QJsonObject big = pod("big", "64", {}, true);
        m_clusters["Pod"]->add(big);
        QTRY_VERIFY(s.tracker->pod(QStringLiteral("default/big")));
        QCOMPARE(s.tracker->pod(QStringLiteral("default/big"))->prediction.result, QStringLiteral("Unschedulable"));
        m_clusters["Event"]->add(failedSchedulingEvent("big", "0/3 nodes are available: 3 Insufficient cpu.", "2026-11-26T05:00:00.000000Z"));
        QTRY_COMPARE(s.tracker->pod(QStringLiteral("default/big"))->comparison.outcome, Outcome::BothUnschedulable);
        QVERIFY(s.tracker->pod(QStringLiteral("default/big"))->comparison.agree);
        QCOMPARE(s.tracker->pod(QStringLiteral("default/big"))->observed.source, QStringLiteral("FailedScheduling event"));

        const QJsonObject other = pod("other", "64", {}, true);
        m_clusters["Pod"]->add(other);
        QTRY_VERIFY(s.tracker->pod(QStringLiteral("default/other")));
        m_clusters["Event"]->add(
            failedSchedulingEvent("other", "0/3 nodes are available: 3 node(s) didn't match node selector.", "2026-11-26T05:00:01.000000Z"));
        QTRY_COMPARE(s.tracker->pod(QStringLiteral("default/other"))->comparison.outcome, Outcome::ReasonsDiffer);
        const ShadowComparison differs = s.tracker->pod(QStringLiteral("default/other"))->comparison;
        QVERIFY(!differs.agree);
        QCOMPARE(differs.reasons, (QStringList {QStringLiteral("cluster: 3 node(s) didn't match Pod's node affinity/selector"),
                                                QStringLiteral("kschedviz: 3 Insufficient cpu")}));

        // The condition comes and says the same as kschedviz: it wins over the event.
        m_clusters["Pod"]->modify(withCondition(other, QStringLiteral("0/3 nodes are available: 3 Insufficient cpu.")));
        QTRY_COMPARE(s.tracker->pod(QStringLiteral("default/other"))->observed.source, QStringLiteral("PodScheduled condition"));
        QVERIFY(s.tracker->pod(QStringLiteral("default/other"))->comparison.agree);
        // A later attempt, on a cluster later than kschedviz's snapshot: not what is compared.
        QJsonObject later = failedSchedulingEvent("other", "0/4 nodes are available: 4 Insufficient cpu.", "2026-11-26T05:01:00.000000Z");
        later["metadata"] = QJsonObject {{"name", "other.18eb81acc2aea999"}, {"namespace", "default"}};
        m_clusters["Event"]->add(later);
        m_clusters["Pod"]->modify(withCondition(other, QStringLiteral("0/4 nodes are available: 4 Insufficient cpu.")));
        QTRY_COMPARE(s.session->schedulingEvents().size(), 3);
        QTRY_COMPARE(std::get<Pod>(*s.session->reflector("Pod")->store().find("default/other")).conditions.value(0).message,
                     QStringLiteral("0/4 nodes are available: 4 Insufficient cpu."));
        QCOMPARE(s.tracker->pod(QStringLiteral("default/other"))->observed.message, QStringLiteral("0/3 nodes are available: 3 Insufficient cpu."));
        QCOMPARE(s.tracker->agreement().agreed, 3);
        QCOMPARE(s.tracker->agreement().total, 3);
    }
};

QTEST_GUILESS_MAIN(TestShadow)
#include "tst_shadow.moc"
