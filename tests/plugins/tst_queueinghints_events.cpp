// The events every default plugin registers with SchedulerQueueingHints on (v1.32 EventsToRegister),
// as upstream's TestEventsToRegister tables assert them, for every plugin in one place. "+hint" marks
// an event with a QueueingHintFn; one without always queues.
#include "plugins/defaultbinder.h"
#include "plugins/defaultpreemption.h"
#include "plugins/imagelocality.h"
#include "plugins/interpodaffinity.h"
#include "plugins/nodeaffinity.h"
#include "plugins/nodename.h"
#include "plugins/nodeports.h"
#include "plugins/noderesourcesbalancedallocation.h"
#include "plugins/noderesourcesfit.h"
#include "plugins/nodeunschedulable.h"
#include "plugins/nodevolumelimits.h"
#include "plugins/podtopologyspread.h"
#include "plugins/prioritysort.h"
#include "plugins/schedulinggates.h"
#include "plugins/tainttoleration.h"
#include "plugins/volumebinding.h"
#include "plugins/volumerestrictions.h"
#include "plugins/volumezone.h"

#include "hinthelpers.h"
#include "testhandle.h"

#include <QTest>

using namespace ksv;

namespace {

QStringList events(const framework::Plugin& plugin)
{
    const auto* extensions = dynamic_cast<const framework::EnqueueExtensions*>(&plugin);
    return extensions ? test::registeredEvents(extensions->eventsToRegister()) : QStringList {QStringLiteral("<none>")};
}

} // namespace

class TestQueueingHintsEvents : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void eventsToRegister()
    {
        test::TestHandle handle;
        QCOMPARE(events(plugins::SchedulingGates(handle)), QStringList {QStringLiteral("Pod/UpdatePodSchedulingGatesEliminated +hint")});
        QCOMPARE(events(plugins::NodeUnschedulable(handle)),
                 (QStringList {QStringLiteral("Node/Add|UpdateNodeTaint +hint"), QStringLiteral("Pod/UpdatePodTolerations +hint")}));
        QCOMPARE(events(plugins::NodeName(handle)), QStringList {QStringLiteral("Node/Add")});
        QCOMPARE(events(plugins::TaintToleration(handle)),
                 (QStringList {QStringLiteral("Node/Add|UpdateNodeTaint +hint"), QStringLiteral("Pod/UpdatePodTolerations +hint")}));
        QCOMPARE(events(plugins::NodeAffinity(config::NodeAffinityArgs {}, handle)),
                 QStringList {QStringLiteral("Node/Add|UpdateNodeLabel +hint")});
        QCOMPARE(events(plugins::NodePorts(handle)), (QStringList {QStringLiteral("Pod/Delete +hint"), QStringLiteral("Node/Add")}));
        QCOMPARE(events(plugins::NodeResourcesFit(config::NodeResourcesFitArgs {}, handle)),
                 (QStringList {QStringLiteral("Pod/Delete +hint"), QStringLiteral("Node/Add|UpdateNodeAllocatable +hint")}));
        QCOMPARE(events(plugins::VolumeRestrictions(handle)),
                 (QStringList {QStringLiteral("Pod/Delete +hint"), QStringLiteral("Node/Add"), QStringLiteral("PersistentVolumeClaim/Add +hint")}));
        QCOMPARE(events(plugins::NodeVolumeLimits(handle)),
                 (QStringList {QStringLiteral("storage.k8s.io/CSINode/Add"), QStringLiteral("Pod/Delete +hint"),
                               QStringLiteral("PersistentVolumeClaim/Add +hint"), QStringLiteral("storage.k8s.io/VolumeAttachment/Delete")}));
        // Update on a storage object is every update bit, as upstream's Update constant is.
        const QString update = QStringLiteral(
            "UpdateNodeAllocatable|UpdateNodeLabel|UpdateNodeTaint|UpdateNodeCondition|UpdateNodeAnnotation|UpdatePodLabel|"
            "UpdatePodScaleDown|UpdatePodTolerations|UpdatePodSchedulingGatesEliminated|UpdatePodGeneratedResourceClaim|Update");
        QCOMPARE(events(plugins::VolumeBinding(config::VolumeBindingArgs {}, handle)),
                 (QStringList {QStringLiteral("storage.k8s.io/StorageClass/Add|") + update + QStringLiteral(" +hint"),
                               QStringLiteral("PersistentVolumeClaim/Add|") + update + QStringLiteral(" +hint"),
                               QStringLiteral("PersistentVolume/Add|") + update, QStringLiteral("Node/Add|UpdateNodeLabel"),
                               QStringLiteral("storage.k8s.io/CSINode/Add|") + update + QStringLiteral(" +hint"),
                               QStringLiteral("storage.k8s.io/CSIDriver/") + update + QStringLiteral(" +hint"),
                               QStringLiteral("storage.k8s.io/CSIStorageCapacity/Add|") + update + QStringLiteral(" +hint")}));
        QCOMPARE(events(plugins::VolumeZone(handle)),
                 (QStringList {QStringLiteral("storage.k8s.io/StorageClass/Add +hint"), QStringLiteral("Node/Add|UpdateNodeLabel"),
                               QStringLiteral("PersistentVolumeClaim/Add|") + update + QStringLiteral(" +hint"),
                               QStringLiteral("PersistentVolume/Add|") + update + QStringLiteral(" +hint")}));
        QCOMPARE(events(plugins::PodTopologySpread(config::PodTopologySpreadArgs {}, handle)),
                 (QStringList {QStringLiteral("Pod/Add|Delete|UpdatePodLabel|UpdatePodTolerations +hint"),
                               QStringLiteral("Node/Add|Delete|UpdateNodeLabel|UpdateNodeTaint +hint")}));
        QCOMPARE(events(plugins::InterPodAffinity(config::InterPodAffinityArgs {}, handle)),
                 (QStringList {QStringLiteral("Pod/Add|Delete|UpdatePodLabel +hint"), QStringLiteral("Node/Add|UpdateNodeLabel +hint")}));
        // DefaultPreemption registers nothing with SchedulerAsyncPreemption off.
        QCOMPARE(events(plugins::DefaultPreemption(config::DefaultPreemptionArgs {}, handle)), QStringList {});
        // Score-only, QueueSort and Bind plugins reject no pod and register nothing.
        QCOMPARE(events(plugins::ImageLocality(handle)), QStringList {QStringLiteral("<none>")});
        QCOMPARE(events(plugins::NodeResourcesBalancedAllocation(config::NodeResourcesBalancedAllocationArgs {}, handle)),
                 QStringList {QStringLiteral("<none>")});
        QCOMPARE(events(plugins::PrioritySort(handle)), QStringList {QStringLiteral("<none>")});
        QCOMPARE(events(plugins::DefaultBinder(handle)), QStringList {QStringLiteral("<none>")});
    }

    // The registered events' labels follow Label() where the action is a single one.
    void labels()
    {
        test::TestHandle handle;
        const auto registered = plugins::NodeName(handle).eventsToRegister();
        QCOMPARE(registered.size(), 1);
        QCOMPARE(registered.first().event.label, QStringLiteral("NodeAdd"));
    }
};

QTEST_GUILESS_MAIN(TestQueueingHintsEvents)
#include "tst_queueinghints_events.moc"
