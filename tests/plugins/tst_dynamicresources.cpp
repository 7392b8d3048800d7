// DynamicResources for pods without resource claims (dynamicresources.go in v1.32.5, v1.33.3,
// v1.34.1/v1.34.7 and v1.35.4/v1.35.7, read from vendored copies of those releases): what each
// version's plugin answers at each point, since from v1.34 it is in every default profile and its
// PostFilter reasons are part of FailedScheduling messages.
#include "plugins/dynamicresources.h"

#include "builders.h"
#include "testhandle.h"

#include <QTest>

using namespace ksv;
using framework::Code;

Q_DECLARE_METATYPE(ksv::version::Features)

namespace {

version::Features withDra(version::KubeVersion version)
{
    return version::resolveFeatures(version, version >= version::v1_35 ? QList<version::GateSetting> {}
                                                                       : QList<version::GateSetting> {{QStringLiteral("DynamicResourceAllocation"), true, {}, {}}});
}

} // namespace

class TestDynamicResources : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void postFilter_data()
    {
        QTest::addColumn<version::Features>("features");
        QTest::addColumn<bool>("preFilterRan");
        QTest::addColumn<Code>("code");
        QTest::addColumn<QStringList>("reasons");
        const QStringList noClaims {QStringLiteral("no new claims to deallocate")};
        QTest::newRow("v1.32 (gate on)") << withDra(version::v1_32) << true << Code::Unschedulable << noClaims;
        QTest::newRow("v1.33: the fast path of #129823 says nothing") << withDra(version::v1_33) << true << Code::Unschedulable << QStringList {};
        QTest::newRow("v1.33 without PreFilter") << withDra(version::v1_33) << false << Code::Unschedulable << QStringList {};
        QTest::newRow("v1.34: the reason is back") << withDra(version::v1_34) << true << Code::Unschedulable << noClaims;
        QTest::newRow("v1.35") << withDra(version::v1_35) << true << Code::Unschedulable << noClaims;
        QTest::newRow("v1.36") << withDra(version::v1_36) << true << Code::Unschedulable << noClaims;
        // An earlier PreFilter rejected the pod, so this one never wrote its state: reading it fails,
        // and the Error ends PostFilter before DefaultPreemption.
        QTest::newRow("v1.34 without PreFilter: not found") << withDra(version::v1_34) << false << Code::Error
                                                           << QStringList {QStringLiteral("not found")};
        QTest::newRow("v1.32 without PreFilter: not found") << withDra(version::v1_32) << false << Code::Error
                                                           << QStringList {QStringLiteral("not found")};
        QTest::newRow("disabled") << version::defaultFeatures(version::v1_33) << true << Code::Unschedulable
                                  << QStringList {QStringLiteral("plugin disabled")};
    }
    void postFilter()
    {
        QFETCH(version::Features, features);
        QFETCH(bool, preFilterRan);
        QFETCH(Code, code);
        QFETCH(QStringList, reasons);
        test::TestHandle handle({test::NodeBuilder("node1")});
        const std::unique_ptr<framework::Plugin> plugin = plugins::DynamicResources::create(handle, features);
        auto* dra = dynamic_cast<plugins::DynamicResources*>(plugin.get());
        QVERIFY(dra);
        framework::CycleState state;
        const Pod pod = test::PodBuilder("p");
        QVERIFY(dra->preEnqueue(pod).isSuccess());
        if (preFilterRan)
            QCOMPARE(framework::toString(dra->preFilter(state, pod, handle.snapshot().nodeInfos()).status.code()), framework::toString(Code::Skip));
        const framework::PostFilterOutcome outcome = dra->postFilter(state, pod, framework::NodeToStatus());
        QCOMPARE(framework::toString(outcome.status.code()), framework::toString(code));
        QCOMPARE(outcome.status.reasons(), reasons);
        QVERIFY(!outcome.nominatingInfo);
    }

    // Score arrived in v1.35 (prioritized-list scoring): a pod without claims gets 0 everywhere.
    void scoresFromV135()
    {
        test::TestHandle handle({test::NodeBuilder("node1")});
        QVERIFY(!dynamic_cast<framework::ScorePlugin*>(plugins::DynamicResources::create(handle, withDra(version::v1_34)).get()));
        const auto plugin = plugins::DynamicResources::create(handle, withDra(version::v1_35));
        auto* scorer = dynamic_cast<framework::ScorePlugin*>(plugin.get());
        QVERIFY(scorer);
        framework::CycleState state;
        const framework::ScoreOutcome outcome = scorer->score(state, test::PodBuilder("p"), *handle.snapshot().nodeInfos().first());
        QVERIFY(outcome.status.isSuccess());
        QCOMPARE(outcome.score, qint64(0));
    }

    // Node Add and UpdateNodeLabel without a hint; v1.34 adds UpdateNodeAllocatable. Its other events
    // are of kinds kschedviz does not load yet, so they cannot happen.
    void events()
    {
        test::TestHandle handle;
        const auto actions = [&handle](version::KubeVersion version) {
            const auto plugin = plugins::DynamicResources::create(handle, withDra(version));
            const auto events = dynamic_cast<framework::EnqueueExtensions*>(plugin.get())->eventsToRegister();
            return events.size() == 1 && events.constFirst().event.resource == framework::EventResource::Node && !events.constFirst().queueingHintFn
                ? events.constFirst().event.actionType
                : framework::ActionType(0);
        };
        using namespace framework::action;
        QCOMPARE(actions(version::v1_33), Add | UpdateNodeLabel);
        QCOMPARE(actions(version::v1_34), Add | UpdateNodeLabel | UpdateNodeAllocatable);
        QCOMPARE(actions(version::v1_36), Add | UpdateNodeLabel | UpdateNodeAllocatable);
    }
};

QTEST_GUILESS_MAIN(TestDynamicResources)
#include "tst_dynamicresources.moc"
