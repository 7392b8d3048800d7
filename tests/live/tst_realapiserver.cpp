// The read-only client against a real kube-apiserver 1.20.2, kube-scheduler and etcd, built from
// Debian's `kubernetes` source package by tests/live/server/build.sh and started here, in a
// temporary folder, by start.sh. The admin writes with curl (never through ksvclient, which can only
// GET); the client reads as kschedviz-reader, bound to exactly kschedviz-read-only.yaml. At the end
// the server's own audit log must show that user's verbs as get, list and watch only.
//
// What this process starts it stops by process id (stop.sh reads DIR/pids), in cleanupTestCase, and
// a detached reaper runs stop.sh as well once this process is gone, should it crash or be killed.
#include "kubeconfig.h"
#include "liveprocess.h"
#include "reflector.h"
#include "restclient.h"

#include "scenario/loader.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <signal.h>

using namespace ksv;
using namespace ksv::client;
using namespace ksv::test;

namespace {

// Generous: the machine runs sanitized tests beside this one on two cores.
constexpr int kTimeoutMs = 30'000;

// A process is running unless /proc has no entry for it or it is a zombie (stop.sh returns as soon
// as its processes are zombies; init reaps them).
bool isRunning(qint64 pid)
{
    QFile file("/proc/" + QString::number(pid) + "/status");
    return file.open(QIODevice::ReadOnly) && !file.readAll().contains("\nState:\tZ");
}

QJsonObject nodeJson(const QString& name, const QString& zone, const QString& cpu, const QString& memory, const QString& pods)
{
    const QJsonObject resources {{"cpu", cpu}, {"memory", memory}, {"pods", pods}};
    return QJsonObject {
        {"apiVersion", "v1"},
        {"kind", "Node"},
        {"metadata", QJsonObject {{"name", name},
                                  {"labels", QJsonObject {{"kubernetes.io/hostname", name},
                                                          {"topology.kubernetes.io/zone", zone},
                                                          {"tier", "gold"}}}}},
        // There is no kubelet: the node keeps the status it is created with, Ready included.
        {"status", QJsonObject {{"capacity", resources},
                                {"allocatable", resources},
                                {"conditions", QJsonArray {QJsonObject {{"type", "Ready"},
                                                                        {"status", "True"},
                                                                        {"reason", "KubeletReady"},
                                                                        {"message", "tst_realapiserver"},
                                                                        {"lastHeartbeatTime", "2026-01-01T00:00:00Z"},
                                                                        {"lastTransitionTime", "2026-01-01T00:00:00Z"}}}}}},
    };
}

struct PodSpecInput
{
    QString name;
    QString app;
    QString cpu;
    QString memory;
    QString nodeName; // bound at creation
    QString zoneSelector; // else left to the scheduler
    QString priorityClassName;
};

QJsonObject podJson(const PodSpecInput& in)
{
    QJsonObject spec {
        {"containers", QJsonArray {QJsonObject {
                           {"name", "main"},
                           {"image", "registry.invalid/none:1"},
                           {"resources", QJsonObject {{"requests", QJsonObject {{"cpu", in.cpu}, {"memory", in.memory}}}}}}}},
    };
    if (!in.nodeName.isEmpty())
        spec["nodeName"] = in.nodeName;
    if (!in.zoneSelector.isEmpty())
        spec["nodeSelector"] = QJsonObject {{"topology.kubernetes.io/zone", in.zoneSelector}};
    if (!in.priorityClassName.isEmpty())
        spec["priorityClassName"] = in.priorityClassName;
    return QJsonObject {
        {"apiVersion", "v1"},
        {"kind", "Pod"},
        {"metadata", QJsonObject {{"name", in.name}, {"namespace", "default"}, {"labels", QJsonObject {{"app", in.app}}}}},
        {"spec", spec},
    };
}

ResourceList resources(std::initializer_list<std::pair<const char*, const char*>> items)
{
    ResourceList list;
    for (const auto& [name, value] : items)
        list.insert(QString::fromLatin1(name), *Quantity::parse(QString::fromLatin1(value)));
    return list;
}

// An object written as JSON in the test; a typo fails loudly rather than posting {}.
QJsonObject fromJson(const char* json)
{
    QJsonParseError error;
    const QJsonObject object = QJsonDocument::fromJson(json, &error).object();
    if (error.error != QJsonParseError::NoError)
        qFatal("test JSON does not parse at %d: %s", error.offset, qPrintable(error.errorString()));
    return object;
}

template<typename T>
const T* objectIn(const Store& store, const QString& key)
{
    const KubeObject* object = store.find(key);
    return object ? std::get_if<T>(object) : nullptr;
}

QSet<QString> keysOf(const Store& store)
{
    return QSet<QString>(store.objects().keyBegin(), store.objects().keyEnd());
}

const Node* nodeIn(const Reflector& reflector, const QString& key)
{
    const KubeObject* object = reflector.store().find(key);
    return object ? std::get_if<Node>(object) : nullptr;
}

const Pod* podIn(const Reflector& reflector, const QString& key)
{
    const KubeObject* object = reflector.store().find(key);
    return object ? std::get_if<Pod>(object) : nullptr;
}

ReflectorOptions testOptions()
{
    ReflectorOptions options;
    options.pageSize = 2; // more than one page for nodes and pods
    // The apiserver is down for a few seconds in apiserverRestart(); a 30 s ceiling could make the
    // reflector wait that long after it is back. The schedule is the same, only capped lower.
    options.backoffMaxMs = 4'000;
    return options;
}

} // namespace

class TestRealApiServer : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir {QDir::tempPath() + "/tst_realapiserver-XXXXXX"};
    QString m_serverDir;
    QHash<QString, QString> m_env;
    bool m_started = false;
    bool m_anyFailed = false;
    qint64 m_reaperPid = 0;
    QList<qint64> m_serverPids;

    std::unique_ptr<RestClient> m_client; // reader, client certificate
    std::unique_ptr<Reflector> m_nodes;
    std::unique_ptr<Reflector> m_pods;

    // -- the admin, with curl and the admin's client certificate --------------------------------

    // Returns the HTTP status; the body goes to *body.
    int admin(const QString& method, const QString& path, const QJsonObject& object = {},
              const QString& contentType = "application/json", QByteArray* body = nullptr)
    {
        return adminRequest(m_env, method, path, object, body, contentType);
    }

    bool adminCreate(const QString& path, const QJsonObject& object)
    {
        QByteArray body;
        const int status = admin("POST", path, object, "application/json", &body);
        if (status != 201)
            qWarning("POST %s answered %d: %s", qPrintable(path), status, body.left(500).constData());
        return status == 201;
    }

    // -- the client -------------------------------------------------------------------------------

    static ResolvedConfig load(const QString& kubeconfig)
    {
        KubeconfigOptions options;
        options.kubeconfigFlag = kubeconfig;
        return loadKubeconfig(options);
    }

    // A reflector's first complete list of `kind`, through a fresh client of `config`; the
    // decoders' refusals, if any, go to *rejected.
    static std::optional<Store> listOnce(const ResolvedConfig& config, const QString& kind, QStringList* rejected = nullptr)
    {
        RestClient client(config);
        Reflector reflector(client, *readResource(kind), testOptions());
        QSignalSpy synced(&reflector, &Reflector::synced);
        QSignalSpy refused(&reflector, &Reflector::objectRejected);
        reflector.start();
        const bool ok = synced.wait(kTimeoutMs);
        reflector.stop();
        for (const QList<QVariant>& args : std::as_const(refused)) {
            if (rejected)
                rejected->append(args.at(1).toString() + ": " + args.at(2).toString());
        }
        if (!ok)
            return std::nullopt;
        return reflector.store();
    }

    QStringList serverEnv() const { return {"KSV_BIN_DIR=" + m_env.value("KSV_BIN_DIR")}; }

    bool stopServer()
    {
        // start.sh removes what it started when it fails; a folder without pids has nothing running.
        if (!m_started || !QFileInfo::exists(m_serverDir + "/pids"))
            return true;
        const ProcessResult stopped = stopServerIn(m_serverDir);
        if (!stopped.finished || stopped.exitCode != 0) {
            qWarning("stop.sh failed: %s", stopped.err.constData());
            return false;
        }
        m_started = false;
        return true;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(m_dir.isValid(), qPrintable(m_dir.errorString()));
        m_serverDir = m_dir.filePath("server");

        QString problem;
        const QString bin = serverBinaries(&problem);
        if (bin.isEmpty())
            QFAIL(qPrintable(problem));
        m_env.insert("KSV_BIN_DIR", bin);
        QVERIFY(startReaper("tst_realapiserver", m_dir.path(), &m_reaperPid));

        QElapsedTimer clock;
        clock.start();
        const ProcessResult started = run("bash", {serverScripts + "/start.sh", "--with-scheduler", m_serverDir}, {}, serverEnv());
        m_started = true; // even a failed start.sh may leave something for stop.sh (it cleans up itself, too)
        QVERIFY2(started.finished && started.exitCode == 0, started.err.constData());
        m_env.insert(readEnvFile(m_serverDir + "/env"));
        QVERIFY2(!m_env.value("KSV_APISERVER_URL").isEmpty(), "start.sh wrote no KSV_APISERVER_URL");
        {
            QFile pids(m_serverDir + "/pids");
            QVERIFY(pids.open(QIODevice::ReadOnly));
            for (const QByteArray& line : pids.readAll().split('\n')) {
                if (!line.trimmed().isEmpty())
                    m_serverPids.append(line.trimmed().toLongLong());
            }
        }
        QCOMPARE(m_serverPids.size(), 3); // etcd, kube-apiserver, kube-scheduler
        qInfo("server started in %lld ms: %s", qlonglong(clock.elapsed()), qPrintable(m_env["KSV_APISERVER_URL"]));

        // What the admin creates before the client looks.
        QVERIFY(adminCreate("/apis/scheduling.k8s.io/v1/priorityclasses",
                            QJsonObject {{"apiVersion", "scheduling.k8s.io/v1"},
                                         {"kind", "PriorityClass"},
                                         {"metadata", QJsonObject {{"name", "kschedviz-high"}}},
                                         {"value", 1000}}));
        QVERIFY(adminCreate("/api/v1/nodes", nodeJson("node-a", "zone-a", "4", "8Gi", "110")));
        QVERIFY(adminCreate("/api/v1/nodes", nodeJson("node-b", "zone-b", "2", "4Gi", "20")));
        QVERIFY(adminCreate("/api/v1/nodes", nodeJson("node-c", "zone-c", "8", "16Gi", "110")));
        QVERIFY(adminCreate("/api/v1/namespaces/default/pods",
                            podJson({"bound-1", "web", "250m", "64Mi", "node-b", {}, {}})));
        QVERIFY(adminCreate("/api/v1/namespaces/default/pods",
                            podJson({"sched-1", "batch", "500m", "128Mi", {}, "zone-a", "kschedviz-high"})));
        // Fits no node: the scheduler leaves it Pending.
        QVERIFY(adminCreate("/api/v1/namespaces/default/pods",
                            podJson({"pending-1", "batch", "64", "1Gi", {}, {}, {}})));
        // 1.20 serves PodDisruptionBudgets as policy/v1beta1 only.
        QVERIFY(adminCreate("/apis/policy/v1beta1/namespaces/default/poddisruptionbudgets",
                            QJsonObject {{"apiVersion", "policy/v1beta1"},
                                         {"kind", "PodDisruptionBudget"},
                                         {"metadata", QJsonObject {{"name", "web-pdb"}}},
                                         {"spec", QJsonObject {{"minAvailable", 1},
                                                               {"selector", QJsonObject {{"matchLabels", QJsonObject {{"app", "web"}}}}}}}}));

        // The other kinds the client reads, in namespace shop. No pod uses the claims: the real
        // scheduler would bind a WaitForFirstConsumer claim's volume and then wait for a PV
        // controller that is not running, changing both objects mid-test.
        QVERIFY(adminCreate("/api/v1/namespaces", fromJson(R"({"apiVersion": "v1", "kind": "Namespace",
            "metadata": {"name": "shop", "labels": {"team": "checkout", "env": "prod"}}})")));
        QVERIFY(adminCreate("/apis/storage.k8s.io/v1/storageclasses", fromJson(R"({"apiVersion": "storage.k8s.io/v1", "kind": "StorageClass",
            "metadata": {"name": "local-wffc"}, "provisioner": "kubernetes.io/no-provisioner", "volumeBindingMode": "WaitForFirstConsumer",
            "allowedTopologies": [{"matchLabelExpressions": [{"key": "topology.kubernetes.io/zone", "values": ["zone-a", "zone-b"]}]}]})")));
        QVERIFY(adminCreate("/api/v1/persistentvolumes", fromJson(R"({"apiVersion": "v1", "kind": "PersistentVolume",
            "metadata": {"name": "pv-local"},
            "spec": {"capacity": {"storage": "10Gi"}, "accessModes": ["ReadWriteOnce"], "storageClassName": "local-wffc",
                     "local": {"path": "/mnt/disk1"},
                     "nodeAffinity": {"required": {"nodeSelectorTerms": [{"matchExpressions": [
                         {"key": "kubernetes.io/hostname", "operator": "In", "values": ["node-a"]}]}]}}}})")));
        // Bound ahead to the claim data-2, as an admin binds a volume by hand.
        QVERIFY(adminCreate("/api/v1/persistentvolumes", fromJson(R"({"apiVersion": "v1", "kind": "PersistentVolume",
            "metadata": {"name": "pv-csi"},
            "spec": {"capacity": {"storage": "20Gi"}, "accessModes": ["ReadWriteOnce", "ReadOnlyMany"], "storageClassName": "",
                     "csi": {"driver": "ebs.csi.aws.com", "volumeHandle": "vol-0123"},
                     "claimRef": {"kind": "PersistentVolumeClaim", "namespace": "shop", "name": "data-2"}}})")));
        QVERIFY(adminCreate("/api/v1/namespaces/shop/persistentvolumeclaims", fromJson(R"({"apiVersion": "v1", "kind": "PersistentVolumeClaim",
            "metadata": {"name": "data"},
            "spec": {"accessModes": ["ReadWriteOnce"], "storageClassName": "local-wffc", "resources": {"requests": {"storage": "5Gi"}}}})")));
        QVERIFY(adminCreate("/api/v1/namespaces/shop/persistentvolumeclaims", fromJson(R"({"apiVersion": "v1", "kind": "PersistentVolumeClaim",
            "metadata": {"name": "data-2"},
            "spec": {"accessModes": ["ReadOnlyMany"], "storageClassName": "", "volumeName": "pv-csi",
                     "resources": {"requests": {"storage": "20Gi"}}}})")));
        QVERIFY(adminCreate("/apis/storage.k8s.io/v1/csinodes", fromJson(R"({"apiVersion": "storage.k8s.io/v1", "kind": "CSINode",
            "metadata": {"name": "node-a"},
            "spec": {"drivers": [{"name": "ebs.csi.aws.com", "nodeID": "i-0abc", "allocatable": {"count": 25},
                                  "topologyKeys": ["topology.ebs.csi.aws.com/zone"]}]}})")));
        QVERIFY(adminCreate("/api/v1/namespaces/shop/services", fromJson(R"({"apiVersion": "v1", "kind": "Service",
            "metadata": {"name": "web"}, "spec": {"selector": {"app": "web"}, "ports": [{"port": 80}]}})")));
        // Without a controller manager these create no pods; their specs are all the model keeps.
        QVERIFY(adminCreate("/apis/apps/v1/namespaces/shop/replicasets", fromJson(R"({"apiVersion": "apps/v1", "kind": "ReplicaSet",
            "metadata": {"name": "web-rs"},
            "spec": {"replicas": 3, "selector": {"matchLabels": {"app": "web"},
                                                 "matchExpressions": [{"key": "tier", "operator": "NotIn", "values": ["db"]}]},
                     "template": {"metadata": {"labels": {"app": "web"}}, "spec": {"containers": [{"name": "main", "image": "registry.invalid/none:1"}]}}}})")));
        QVERIFY(adminCreate("/apis/apps/v1/namespaces/shop/statefulsets", fromJson(R"({"apiVersion": "apps/v1", "kind": "StatefulSet",
            "metadata": {"name": "db"},
            "spec": {"replicas": 2, "serviceName": "web", "selector": {"matchLabels": {"app": "db"}},
                     "template": {"metadata": {"labels": {"app": "db"}}, "spec": {"containers": [{"name": "main", "image": "registry.invalid/none:1"}]}}}})")));
        QVERIFY(adminCreate("/api/v1/namespaces/shop/replicationcontrollers", fromJson(R"({"apiVersion": "v1", "kind": "ReplicationController",
            "metadata": {"name": "legacy"},
            "spec": {"replicas": 1, "selector": {"app": "legacy"},
                     "template": {"metadata": {"labels": {"app": "legacy"}}, "spec": {"containers": [{"name": "main", "image": "registry.invalid/none:1"}]}}}})")));
    }

    void cleanup()
    {
        if (QTest::currentTestFailed())
            m_anyFailed = true;
    }

    // The snapshot as the reader lists it, with a client certificate, equals what the admin
    // created; the pod the real scheduler bound carries its node.
    void snapshot()
    {
        QVERIFY(m_started);
        m_client = std::make_unique<RestClient>(load(m_env["KSV_READER_CERT_KUBECONFIG"]));
        m_nodes = std::make_unique<Reflector>(*m_client, *readResource("Node"), testOptions());
        m_pods = std::make_unique<Reflector>(*m_client, *readResource("Pod"), testOptions());
        QSignalSpy nodesSynced(m_nodes.get(), &Reflector::synced);
        QSignalSpy podsSynced(m_pods.get(), &Reflector::synced);
        QSignalSpy rejected(m_pods.get(), &Reflector::objectRejected);
        m_nodes->start();
        m_pods->start();
        QTRY_VERIFY_WITH_TIMEOUT(nodesSynced.size() >= 1 && podsSynced.size() >= 1, kTimeoutMs);
        QCOMPARE(rejected.size(), 0);

        QCOMPARE(QSet<QString>(m_nodes->store().objects().keyBegin(), m_nodes->store().objects().keyEnd()),
                 (QSet<QString> {"node-a", "node-b", "node-c"}));
        const Node* a = nodeIn(*m_nodes, "node-a");
        QVERIFY(a);
        QCOMPARE(a->meta.labels, (Labels {{"kubernetes.io/hostname", "node-a"}, {"topology.kubernetes.io/zone", "zone-a"}, {"tier", "gold"}}));
        QCOMPARE(a->allocatable, resources({{"cpu", "4"}, {"memory", "8Gi"}, {"pods", "110"}}));
        QCOMPARE(a->capacity, a->allocatable);
        QVERIFY(a->taints.isEmpty());
        QCOMPARE(nodeIn(*m_nodes, "node-b")->allocatable, resources({{"cpu", "2"}, {"memory", "4Gi"}, {"pods", "20"}}));
        QVERIFY(!a->meta.uid.isEmpty());

        QCOMPARE(QSet<QString>(m_pods->store().objects().keyBegin(), m_pods->store().objects().keyEnd()),
                 (QSet<QString> {"default/bound-1", "default/sched-1", "default/pending-1"}));
        const Pod* bound = podIn(*m_pods, "default/bound-1");
        QVERIFY(bound);
        QCOMPARE(bound->meta.labels, (Labels {{"app", "web"}}));
        QCOMPARE(bound->nodeName, "node-b");
        QCOMPARE(bound->containers.size(), 1);
        QCOMPARE(bound->containers[0].requests, resources({{"cpu", "250m"}, {"memory", "64Mi"}}));
        const Pod* pending = podIn(*m_pods, "default/pending-1");
        QVERIFY(pending);
        QCOMPARE(pending->containers[0].requests, resources({{"cpu", "64"}, {"memory", "1Gi"}}));

        // The real kube-scheduler binds sched-1 to the only node in zone-a; the watch brings it.
        QTRY_COMPARE_WITH_TIMEOUT(podIn(*m_pods, "default/sched-1") ? podIn(*m_pods, "default/sched-1")->nodeName : QString(),
                                  QString("node-a"), kTimeoutMs);
        const Pod* scheduled = podIn(*m_pods, "default/sched-1");
        QCOMPARE(scheduled->containers[0].requests, resources({{"cpu", "500m"}, {"memory", "128Mi"}}));
        QCOMPARE(scheduled->nodeSelector, (Labels {{"topology.kubernetes.io/zone", "zone-a"}}));
        QCOMPARE(scheduled->priorityClassName, "kschedviz-high");
        QCOMPARE(scheduled->priority, std::optional<int>(1000)); // set by the Priority admission plugin
        // Still unbound: nothing fits 64 cpus. (Checked after sched-1: the scheduler has run.)
        QCOMPARE(podIn(*m_pods, "default/pending-1")->nodeName, QString());
        QTRY_COMPARE_WITH_TIMEOUT(m_nodes->state(), Reflector::State::Watching, kTimeoutMs);
        QTRY_COMPARE_WITH_TIMEOUT(m_pods->state(), Reflector::State::Watching, kTimeoutMs);
    }

    // The PodDisruptionBudget through policy/v1beta1 (the v1 list is a 404 on 1.20), and the real
    // scheduler's FailedScheduling (pending-1) and Scheduled (sched-1) events, read through
    // events.k8s.io/v1 (1.20 serves it: no fallback to core/v1).
    void podDisruptionBudgetsAndSchedulingEvents()
    {
        QVERIFY(m_started);
        RestClient client(load(m_env["KSV_READER_CERT_KUBECONFIG"]));
        Reflector pdbs(client, *readResource("PodDisruptionBudget"), testOptions());
        Reflector events(client, *readResource("Event"), testOptions());
        QSignalSpy pdbsSynced(&pdbs, &Reflector::synced);
        QSignalSpy rejected(&events, &Reflector::objectRejected);
        pdbs.start();
        events.start();
        QVERIFY(pdbsSynced.wait(kTimeoutMs));
        QCOMPARE(pdbs.resource().apiVersion, "policy/v1beta1");
        QTRY_VERIFY_WITH_TIMEOUT(events.hasSynced(), kTimeoutMs);
        QCOMPARE(events.resource().apiVersion, "events.k8s.io/v1");
        QCOMPARE(events.resource().path, "/apis/events.k8s.io/v1/events");
        const KubeObject* object = pdbs.store().find("default/web-pdb");
        QVERIFY(object);
        const auto& pdb = std::get<PodDisruptionBudget>(*object);
        QCOMPARE(pdb.minAvailable, (IntOrPercent {1, false}));
        QVERIFY(pdb.selector);
        QCOMPARE(pdb.selector->matchLabels, (Labels {{"app", "web"}}));

        const auto find = [&events](const QString& pod, SchedulingEvent::Reason reason) -> std::optional<SchedulingEvent> {
            for (const SchedulingEvent& event : events.events()) {
                if (event.name == pod && event.reason == reason)
                    return event;
            }
            return std::nullopt;
        };
        QTRY_VERIFY_WITH_TIMEOUT(find("pending-1", SchedulingEvent::Reason::FailedScheduling).has_value(), kTimeoutMs);
        QTRY_VERIFY_WITH_TIMEOUT(find("sched-1", SchedulingEvent::Reason::Scheduled).has_value(), kTimeoutMs);
        const SchedulingEvent failed = *find("pending-1", SchedulingEvent::Reason::FailedScheduling);
        QCOMPARE(failed.kind, "Pod");
        QCOMPARE(failed.namespace_, "default");
        QCOMPARE(failed.type, "Warning");
        QCOMPARE(failed.reportingController, "default-scheduler");
        QVERIFY2(failed.message.contains("Insufficient cpu"), qPrintable(failed.message));
        QVERIFY(failed.firstTimestamp.isValid());
        QVERIFY(!failed.uid.isEmpty()); // regarding.uid: the pod's
        QVERIFY(failed.count >= 1);
        QCOMPARE(find("sched-1", SchedulingEvent::Reason::Scheduled)->message, "Successfully assigned default/sched-1 to node-a");
        QCOMPARE(find("sched-1", SchedulingEvent::Reason::Scheduled)->type, "Normal");
        QCOMPARE(rejected.size(), 0);
        pdbs.stop();
        events.stop(); // closed here, so the audit log holds these watches
    }

    // Every kind the client reads, listed by the reader, with the fields kschedviz's model keeps
    // (scheduler/api/objects.h). Nodes, pods and PodDisruptionBudgets are checked field by field
    // above and only looked up here; events are in podDisruptionBudgetsAndSchedulingEvents.
    void everyKindListed()
    {
        QVERIFY(m_started);
        const ResolvedConfig config = load(m_env["KSV_READER_CERT_KUBECONFIG"]);
        QHash<QString, Store> stores;
        for (const ResourceType& type : readResources()) {
            if (type.kind == "Event")
                continue; // read into events(), not a store
            QStringList rejected;
            std::optional<Store> store = listOnce(config, type.kind, &rejected);
            QVERIFY2(store, qPrintable(type.kind + " did not list"));
            QVERIFY2(rejected.isEmpty(), qPrintable(type.kind + ": " + rejected.join("; ")));
            stores.insert(type.kind, std::move(*store));
        }
        QVERIFY(objectIn<Node>(stores["Node"], "node-a"));
        QVERIFY(objectIn<Pod>(stores["Pod"], "default/sched-1"));
        QVERIFY(objectIn<PodDisruptionBudget>(stores["PodDisruptionBudget"], "default/web-pdb"));

        // The apiserver makes the first four itself.
        QCOMPARE(keysOf(stores["Namespace"]), (QSet<QString> {"default", "kube-system", "kube-public", "kube-node-lease", "shop"}));
        QCOMPARE(objectIn<Namespace>(stores["Namespace"], "shop")->meta.labels, (Labels {{"team", "checkout"}, {"env", "prod"}}));

        // The apiserver's own two classes beside ours.
        QCOMPARE(keysOf(stores["PriorityClass"]), (QSet<QString> {"kschedviz-high", "system-cluster-critical", "system-node-critical"}));
        const auto* high = objectIn<PriorityClass>(stores["PriorityClass"], "kschedviz-high");
        QCOMPARE(high->value, 1000);
        QVERIFY(!high->globalDefault);
        QCOMPARE(objectIn<PriorityClass>(stores["PriorityClass"], "system-node-critical")->value, 2000001000);

        QCOMPARE(keysOf(stores["StorageClass"]), (QSet<QString> {"local-wffc"}));
        const auto* storageClass = objectIn<StorageClass>(stores["StorageClass"], "local-wffc");
        QCOMPARE(storageClass->provisioner, "kubernetes.io/no-provisioner");
        QCOMPARE(storageClass->volumeBindingMode, VolumeBindingMode::WaitForFirstConsumer);
        QCOMPARE(storageClass->allowedTopologies,
                 (QList<QList<TopologySelectorRequirement>> {{{"topology.kubernetes.io/zone", {"zone-a", "zone-b"}}}}));

        QCOMPARE(keysOf(stores["PersistentVolume"]), (QSet<QString> {"pv-local", "pv-csi"}));
        const auto* local = objectIn<PersistentVolume>(stores["PersistentVolume"], "pv-local");
        QCOMPARE(local->capacityStorage, Quantity::parse(u"10Gi"));
        QCOMPARE(local->accessModes, QList<PersistentVolumeAccessMode> {PersistentVolumeAccessMode::ReadWriteOnce});
        QCOMPARE(local->storageClassName, "local-wffc");
        QVERIFY(local->nodeAffinity);
        QCOMPARE(local->nodeAffinity->nodeSelectorTerms,
                 (QList<NodeSelectorTerm> {{{{"kubernetes.io/hostname", SelectorOperator::In, {"node-a"}}}, {}}}));
        QVERIFY(!local->claimRef);
        QCOMPARE(local->phase, "Pending"); // no PV controller to make it Available
        const auto* csi = objectIn<PersistentVolume>(stores["PersistentVolume"], "pv-csi");
        QCOMPARE(csi->csiDriver, "ebs.csi.aws.com");
        QCOMPARE(csi->csiVolumeHandle, "vol-0123");
        QCOMPARE(csi->accessModes, (QList<PersistentVolumeAccessMode> {PersistentVolumeAccessMode::ReadWriteOnce, PersistentVolumeAccessMode::ReadOnlyMany}));
        QCOMPARE(csi->storageClassName, QString());
        QVERIFY(csi->claimRef);
        QCOMPARE(csi->claimRef->namespace_, "shop");
        QCOMPARE(csi->claimRef->name, "data-2");
        QVERIFY(!csi->nodeAffinity);

        QCOMPARE(keysOf(stores["PersistentVolumeClaim"]), (QSet<QString> {"shop/data", "shop/data-2"}));
        const auto* claim = objectIn<PersistentVolumeClaim>(stores["PersistentVolumeClaim"], "shop/data");
        QCOMPARE(claim->storageClassName, "local-wffc");
        QVERIFY(claim->hasStorageClassName);
        QCOMPARE(claim->accessModes, QList<PersistentVolumeAccessMode> {PersistentVolumeAccessMode::ReadWriteOnce});
        QCOMPARE(claim->requestedStorage, Quantity::parse(u"5Gi"));
        QCOMPARE(claim->volumeName, QString());
        QCOMPARE(claim->phase, "Pending");
        const auto* preBound = objectIn<PersistentVolumeClaim>(stores["PersistentVolumeClaim"], "shop/data-2");
        QVERIFY(preBound->hasStorageClassName); // "" (no class), not absent (the default class)
        QCOMPARE(preBound->storageClassName, QString());
        QCOMPARE(preBound->volumeName, "pv-csi");
        QCOMPARE(preBound->phase, "Pending"); // no PV controller to bind it

        QCOMPARE(keysOf(stores["CSINode"]), (QSet<QString> {"node-a"}));
        QCOMPARE(objectIn<CSINode>(stores["CSINode"], "node-a")->drivers,
                 (QList<CSINodeDriver> {{"ebs.csi.aws.com", "i-0abc", 25, {"topology.ebs.csi.aws.com/zone"}}}));

        // default/kubernetes is the apiserver's own, without a selector: it selects no pod.
        QCOMPARE(keysOf(stores["Service"]), (QSet<QString> {"default/kubernetes", "shop/web"}));
        QCOMPARE(objectIn<Service>(stores["Service"], "shop/web")->selector, (Labels {{"app", "web"}}));
        QVERIFY(objectIn<Service>(stores["Service"], "default/kubernetes")->selector.isEmpty());

        QCOMPARE(keysOf(stores["ReplicaSet"]), (QSet<QString> {"shop/web-rs"}));
        const auto* replicaSet = objectIn<ReplicaSet>(stores["ReplicaSet"], "shop/web-rs");
        QCOMPARE(replicaSet->replicas, 3);
        QCOMPARE(replicaSet->selector, std::optional(LabelSelector {{{"app", "web"}}, {{"tier", SelectorOperator::NotIn, {"db"}}}}));

        QCOMPARE(keysOf(stores["StatefulSet"]), (QSet<QString> {"shop/db"}));
        const auto* statefulSet = objectIn<StatefulSet>(stores["StatefulSet"], "shop/db");
        QCOMPARE(statefulSet->replicas, 2);
        QCOMPARE(statefulSet->selector, std::optional(LabelSelector {{{"app", "db"}}, {}}));

        QCOMPARE(keysOf(stores["ReplicationController"]), (QSet<QString> {"shop/legacy"}));
        QCOMPARE(objectIn<ReplicationController>(stores["ReplicationController"], "shop/legacy")->selector, (Labels {{"app", "legacy"}}));
    }

    // While the reflectors watch, the admin adds a node, deletes a pod and changes a label.
    void watchSeesAdminChanges()
    {
        QVERIFY(m_nodes && m_pods);
        QVERIFY(adminCreate("/api/v1/nodes", nodeJson("node-d", "zone-a", "16", "32Gi", "250")));
        QTRY_VERIFY_WITH_TIMEOUT(nodeIn(*m_nodes, "node-d"), kTimeoutMs);
        QCOMPARE(nodeIn(*m_nodes, "node-d")->allocatable, resources({{"cpu", "16"}, {"memory", "32Gi"}, {"pods", "250"}}));

        // Grace period 0: there is no kubelet to confirm a graceful deletion.
        QCOMPARE(admin("DELETE", "/api/v1/namespaces/default/pods/bound-1?gracePeriodSeconds=0"), 200);
        QTRY_VERIFY_WITH_TIMEOUT(!m_pods->store().find("default/bound-1"), kTimeoutMs);

        QCOMPARE(admin("PATCH", "/api/v1/nodes/node-a", QJsonObject {{"metadata", QJsonObject {{"labels", QJsonObject {{"tier", "silver"}}}}}},
                       "application/merge-patch+json"),
                 200);
        QTRY_COMPARE_WITH_TIMEOUT(nodeIn(*m_nodes, "node-a")->meta.labels.value("tier"), QString("silver"), kTimeoutMs);

        QCOMPARE(admin("DELETE", "/api/v1/nodes/node-c"), 200);
        QTRY_VERIFY_WITH_TIMEOUT(!m_nodes->store().find("node-c"), kTimeoutMs);
        QCOMPARE(m_nodes->state(), Reflector::State::Watching);
        QCOMPARE(m_pods->state(), Reflector::State::Watching);
    }

    // The kube-apiserver alone is killed mid-watch and started again (etcd keeps the data): the
    // reflectors see the fault, come back, and see a change made after the restart.
    void apiserverRestart()
    {
        QVERIFY(m_nodes && m_pods);
        QTRY_COMPARE_WITH_TIMEOUT(m_nodes->state(), Reflector::State::Watching, kTimeoutMs);
        QSignalSpy nodeStates(m_nodes.get(), &Reflector::stateChanged);
        const QString oldPid = m_env["KSV_APISERVER_PID"];

        // On SIGTERM the apiserver stops listening at once but keeps open watches (ours, the
        // scheduler's) for up to a minute; after 2 s stop.sh kills it. The watches open at that
        // moment never reach the audit log (1.20 logs a watch when it ends); all others do.
        const ProcessResult stopped = run("bash", {serverScripts + "/stop.sh", "--apiserver", m_serverDir}, {}, {"KSV_STOP_TIMEOUT=2"});
        QVERIFY2(stopped.finished && stopped.exitCode == 0, stopped.err.constData());
        QVERIFY2(!isRunning(oldPid.toLongLong()), qPrintable("kube-apiserver pid " + oldPid + " still runs after stop.sh --apiserver: "
                                                              + QString::fromUtf8(stopped.err)));
        QTRY_VERIFY_WITH_TIMEOUT(m_nodes->state() != Reflector::State::Watching, kTimeoutMs);
        QTRY_VERIFY_WITH_TIMEOUT(m_pods->state() != Reflector::State::Watching, kTimeoutMs);

        const ProcessResult restarted = run("bash", {serverScripts + "/start.sh", "--restart-apiserver", m_serverDir}, {}, serverEnv());
        m_env.insert(readEnvFile(m_serverDir + "/env"));
        QVERIFY2(restarted.finished && restarted.exitCode == 0, restarted.err.constData());
        QVERIFY(m_env["KSV_APISERVER_PID"] != oldPid);

        // node-e has room for pending-1's memory even with after-restart on it. The scheduler may
        // try pending-1 between the two creations, and in 1.20 an assigned pod's arrival does not
        // wake it, so for up to a minute its word would be about node-e without after-restart.
        // pendingCommand must not depend on which of the two it saw.
        QVERIFY(adminCreate("/api/v1/nodes", nodeJson("node-e", "zone-b", "1", "2Gi", "10")));
        QVERIFY(adminCreate("/api/v1/namespaces/default/pods", podJson({"after-restart", "web", "100m", "32Mi", "node-e", {}, {}})));
        QTRY_VERIFY_WITH_TIMEOUT(nodeIn(*m_nodes, "node-e"), kTimeoutMs);
        QTRY_VERIFY_WITH_TIMEOUT(podIn(*m_pods, "default/after-restart"), kTimeoutMs);
        QTRY_COMPARE_WITH_TIMEOUT(m_nodes->state(), Reflector::State::Watching, kTimeoutMs);
        QTRY_COMPARE_WITH_TIMEOUT(m_pods->state(), Reflector::State::Watching, kTimeoutMs);
        QVERIFY(nodeStates.size() >= 2); // away from Watching and back

        // Nothing lost, nothing duplicated: the stores equal a fresh list.
        const ResolvedConfig config = load(m_env["KSV_READER_CERT_KUBECONFIG"]);
        const std::optional<Store> freshNodes = listOnce(config, "Node");
        const std::optional<Store> freshPods = listOnce(config, "Pod");
        QVERIFY(freshNodes && freshPods);
        QCOMPARE(freshNodes->size(), 4); // node-a, node-b, node-d, node-e
        QVERIFY(m_nodes->store() == *freshNodes);
        QVERIFY(m_pods->store() == *freshPods);
    }

    // A bearer token from the kubeconfig.
    void tokenKubeconfig()
    {
        QVERIFY(m_started);
        const std::optional<Store> nodes = listOnce(load(m_env["KSV_READER_TOKEN_KUBECONFIG"]), "Node");
        QVERIFY(nodes);
        QVERIFY(nodes->find("node-a"));
        QCOMPARE(nodes->size(), 4);
    }

    // An exec plugin (client.authentication.k8s.io/v1) that prints the reader's token.
    void execKubeconfig()
    {
        QVERIFY(m_started);
        const QString plugin = m_dir.filePath("exec-plugin.sh");
        {
            QFile file(plugin);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write("#!/bin/sh\n"
                       "printf '{\"apiVersion\":\"client.authentication.k8s.io/v1\",\"kind\":\"ExecCredential\","
                       "\"status\":{\"token\":\"%s\"}}' \"$(cat \"$1\")\"\n");
            file.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        }
        const QString kubeconfig = m_dir.filePath("reader-exec.kubeconfig");
        {
            QFile file(kubeconfig);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(QString("apiVersion: v1\n"
                               "kind: Config\n"
                               "clusters:\n"
                               "- name: kschedviz-test\n"
                               "  cluster:\n"
                               "    server: %1\n"
                               "    certificate-authority: %2\n"
                               "users:\n"
                               "- name: kschedviz-reader\n"
                               "  user:\n"
                               "    exec:\n"
                               "      apiVersion: client.authentication.k8s.io/v1\n"
                               "      command: %3\n"
                               "      args: [\"%4\"]\n"
                               "      interactiveMode: Never\n"
                               "contexts:\n"
                               "- name: kschedviz-test\n"
                               "  context: {cluster: kschedviz-test, user: kschedviz-reader}\n"
                               "current-context: kschedviz-test\n")
                           .arg(m_env["KSV_APISERVER_URL"], m_env["KSV_CA_CERT"], plugin, m_env["KSV_READER_TOKEN_FILE"])
                           .toUtf8());
        }
        RestClient client(load(kubeconfig));
        QVERIFY(client.credentials().usesPlugin());
        Reflector reflector(client, *readResource("Pod"), testOptions());
        QSignalSpy synced(&reflector, &Reflector::synced);
        reflector.start();
        QVERIFY(synced.wait(kTimeoutMs));
        reflector.stop();
        QVERIFY(reflector.store().find("default/sched-1"));
        QVERIFY(client.credentials().pluginRuns() >= 1);
    }

    // -- the commands, as a user runs them -----------------------------------------------------

    ProcessResult kschedviz(const QStringList& args, int timeoutMs = 120'000)
    {
        return run(QStringLiteral(KSV_BINARY), args, {}, {}, timeoutMs);
    }

    // `snapshot` with each way of authenticating: the file holds what a fresh list holds, in the
    // scenario's terms (pending pods pending, bound pods bound, no annotation the scheduler does not
    // read), and `check` and `run` take it.
    void snapshotCommand()
    {
        QVERIFY(m_started);
        const std::optional<Store> nodes = listOnce(load(m_env["KSV_READER_CERT_KUBECONFIG"]), "Node");
        const std::optional<Store> pods = listOnce(load(m_env["KSV_READER_CERT_KUBECONFIG"]), "Pod");
        QVERIFY(nodes && pods);
        const QStringList kubeconfigs {m_env["KSV_READER_CERT_KUBECONFIG"], m_env["KSV_READER_TOKEN_KUBECONFIG"],
                                       m_dir.filePath("reader-exec.kubeconfig")};
        for (const QString& kubeconfig : kubeconfigs) {
            const QString file = m_dir.filePath(QFileInfo(kubeconfig).baseName() + "-snapshot.yaml");
            const ProcessResult result = kschedviz({"snapshot", "--kubeconfig", kubeconfig, "-o", file});
            QVERIFY2(result.finished && result.exitCode == 0, result.err.constData());
            QVERIFY2(result.err.contains(QByteArray(QByteArray("kschedviz: snapshot of ") + m_env["KSV_APISERVER_URL"].toUtf8())), result.err.constData());
            QFile tokenFile(m_env["KSV_READER_TOKEN_FILE"]);
            QVERIFY(tokenFile.open(QIODevice::ReadOnly));
            const QByteArray token = tokenFile.readAll().trimmed();
            QVERIFY(!token.isEmpty());
            QVERIFY2(!result.err.contains(token) && !result.out.contains(token), "a token was printed");
            const Scenario scenario = loadScenarioFile(file);
            QStringList nodeNames;
            for (const Node& node : scenario.initial.nodes)
                nodeNames.append(node.meta.name);
            QStringList listed = nodes->objects().keys();
            std::sort(listed.begin(), listed.end());
            QCOMPARE(nodeNames, listed);
            QHash<QString, Pod> byKey;
            for (const Pod& pod : scenario.initial.pods)
                byKey.insert(pod.key(), pod);
            QCOMPARE(byKey.size(), pods->size());
            QCOMPARE(byKey.value("default/pending-1").nodeName, QString());
            // Bound by the real scheduler: bound in the snapshot, to the same node.
            QVERIFY(!byKey.value("default/sched-1").nodeName.isEmpty());
            QCOMPARE(byKey.value("default/sched-1").nodeName, std::get<Pod>(*pods->find("default/sched-1")).nodeName);
            QCOMPARE(byKey.value("default/sched-1").priority, std::optional<int>(1000));
            for (const Pod& pod : scenario.initial.pods)
                QVERIFY2(pod.meta.annotations.isEmpty(), qPrintable(pod.key()));
            QCOMPARE(scenario.initial.storageClasses.size(), 1);
            QCOMPARE(scenario.initial.podDisruptionBudgets.size(), 1);
            const ProcessResult checked = kschedviz({"check", file});
            QVERIFY2(checked.finished && checked.exitCode == 0, checked.err.constData());
        }
    }

    // `pending`: the real scheduler's FailedScheduling for pending-1 and kschedviz's own attempt on
    // the snapshot say the same. The scheduler tries again after every node change, so its latest
    // word may lag this test's changes for a moment: asked again until it agrees.
    void pendingCommand()
    {
        QVERIFY(m_started);
        QJsonObject entry;
        QByteArray last;
        QElapsedTimer clock;
        clock.start();
        while (clock.elapsed() < 60'000) {
            const ProcessResult result = kschedviz({"pending", "--kubeconfig", m_env["KSV_READER_TOKEN_KUBECONFIG"], "-A", "--json"});
            QVERIFY2(result.finished && result.exitCode == 0, result.err.constData());
            last = result.out;
            for (const QJsonValue& pod : field(QJsonDocument::fromJson(result.out).object(), {"pods"}).toArray()) {
                if (field(pod, {"pod"}).toString() == "default/pending-1")
                    entry = pod.toObject();
            }
            if (field(entry, {"verdict"}).toString() == "agrees")
                break;
            QTest::qWait(2000);
        }
        QVERIFY2(field(entry, {"verdict"}).toString() == "agrees", last.constData());
        // The condition is the scheduler's latest word; the event says the same, or an older cluster.
        const QString clusterMessage = field(entry, {"cluster", "condition", "message"}).toString();
        QVERIFY2(clusterMessage.contains("Insufficient cpu"), qPrintable(clusterMessage));
        QVERIFY(field(entry, {"cluster", "lastFailedScheduling", "message"}).toString().contains("Insufficient cpu"));
        QCOMPARE(field(entry, {"cluster", "condition", "reason"}).toString(), QStringLiteral("Unschedulable"));
        QCOMPARE(field(entry, {"kschedviz", "result"}).toString(), QStringLiteral("Unschedulable"));
        QVERIFY(field(entry, {"kschedviz", "message"}).toString().startsWith(clusterMessage.chopped(1)));
        const QJsonArray nodes = field(entry, {"kschedviz", "nodes"}).toArray();
        QVERIFY(!nodes.isEmpty());
        for (const QJsonValue& node : nodes)
            QCOMPARE(field(node, {"filter", "plugin"}).toString(), QStringLiteral("NodeResourcesFit"));

        const ProcessResult text = kschedviz({"pending", "--kubeconfig", m_dir.filePath("reader-exec.kubeconfig")});
        QVERIFY2(text.finished && text.exitCode == 0, text.err.constData());
        QVERIFY2(text.out.contains("default/pending-1  agrees\n"), text.out.constData());
        QVERIFY2(text.out.contains("NodeResourcesFit: Insufficient cpu"), text.out.constData());
        QVERIFY2(text.out.contains("in namespace default:"), text.out.constData());
    }

    // `record`, ended by Ctrl+C: the admin's changes are timed events, the pod the real scheduler
    // bound arrives pending with its binding noted, and `run` replays it and compares.
    void recordCommand()
    {
        QVERIFY(m_started);
        const QString file = m_dir.filePath("recorded.yaml");
        QProcess recorder;
        recorder.start(QStringLiteral(KSV_BINARY), {"record", "--kubeconfig", m_env["KSV_READER_CERT_KUBECONFIG"], "-o", file});
        QVERIFY(recorder.waitForStarted(10'000));
        QByteArray err;
        QElapsedTimer clock;
        clock.start();
        while (!err.contains("kschedviz: recording ") && clock.elapsed() < kTimeoutMs) {
            recorder.waitForReadyRead(500);
            err += recorder.readAllStandardError();
        }
        QVERIFY2(err.contains("Ctrl+C ends it"), err.constData());
        QVERIFY(adminCreate("/api/v1/nodes", nodeJson("node-rec", "zone-r", "4", "8Gi", "110")));
        QVERIFY(adminCreate("/api/v1/namespaces/default/pods", podJson({"rec-1", "web", "100m", "32Mi", {}, {}, {}})));
        // The real scheduler binds rec-1; wait until it has.
        QString boundTo;
        while (boundTo.isEmpty() && clock.elapsed() < 60'000) {
            QByteArray body;
            admin("GET", "/api/v1/namespaces/default/pods/rec-1", {}, {}, &body);
            boundTo = field(QJsonDocument::fromJson(body).object(), {"spec", "nodeName"}).toString();
            if (boundTo.isEmpty())
                QTest::qWait(300);
        }
        QVERIFY(!boundTo.isEmpty());
        QCOMPARE(admin("DELETE", "/api/v1/namespaces/default/pods/bound-1?gracePeriodSeconds=0"), 404); // gone in watchSeesAdminChanges
        QTest::qWait(1500); // the watch delivers the binding
        QCOMPARE(::kill(pid_t(recorder.processId()), SIGINT), 0);
        QVERIFY(recorder.waitForFinished(30'000));
        err += recorder.readAllStandardError();
        QCOMPARE(recorder.exitStatus(), QProcess::NormalExit);
        QVERIFY2(recorder.exitCode() == 0, err.constData());
        QVERIFY2(err.contains("bindings by the cluster's scheduler"), err.constData());

        const Scenario scenario = loadScenarioFile(file);
        QVERIFY(scenario.recording);
        QCOMPARE(scenario.recording->server, m_env["KSV_APISERVER_URL"]);
        QStringList changes;
        for (const ObjectChange& change : scenario.events)
            changes.append(toString(change.action) + ' ' + kindOf(change.object) + ' ' + metaOf(change.object).name);
        QVERIFY2(changes.contains("create Node node-rec"), qPrintable(changes.join(", ")));
        QVERIFY2(changes.contains("create Pod rec-1"), qPrintable(changes.join(", ")));
        for (const ObjectChange& change : scenario.events) {
            if (const auto* pod = std::get_if<Pod>(&change.object); pod && pod->meta.name == "rec-1")
                QCOMPARE(pod->nodeName, QString()); // arrives pending: the replay places it
        }
        const auto binding = std::find_if(scenario.recording->bindings.cbegin(), scenario.recording->bindings.cend(),
                                          [](const ObservedBinding& b) { return b.pod == "default/rec-1"; });
        QVERIFY(binding != scenario.recording->bindings.cend());
        QCOMPARE(binding->node, boundTo);
        QVERIFY(binding->at > 0 && binding->at <= scenario.recording->duration);

        const ProcessResult replay = kschedviz({"run", file, "--json"});
        QVERIFY2(replay.finished && replay.exitCode == 0, replay.err.constData());
        const QJsonArray placements = field(QJsonDocument::fromJson(replay.out).object(), {"recordedPlacements", "pods"}).toArray();
        QVERIFY(std::any_of(placements.begin(), placements.end(), [&boundTo](const QJsonValue& p) {
            return field(p, {"pod"}).toString() == "default/rec-1" && field(p, {"clusterNode"}).toString() == boundTo && !field(p, {"node"}).toString().isEmpty();
        }));
        // Replayed twice, byte for byte the same.
        QCOMPARE(kschedviz({"run", file, "--json"}).out, replay.out);
    }

    // The other ways in, for the commands not run with them above: record with the token and the
    // exec plugin, pending with the client certificate.
    void everyCommandWithEveryCredential()
    {
        QVERIFY(m_started);
        for (const QString& kubeconfig : {m_env["KSV_READER_TOKEN_KUBECONFIG"], m_dir.filePath("reader-exec.kubeconfig")}) {
            const QString file = m_dir.filePath(QFileInfo(kubeconfig).baseName() + "-recorded.json");
            const ProcessResult recorded = kschedviz({"record", "--kubeconfig", kubeconfig, "--duration", "2s", "-o", file});
            QVERIFY2(recorded.finished && recorded.exitCode == 0, recorded.err.constData());
            const Scenario scenario = loadScenarioFile(file);
            QVERIFY(scenario.recording);
            QVERIFY(scenario.recording->duration >= 2 * nanosPerSecond);
            QVERIFY(std::any_of(scenario.initial.pods.cbegin(), scenario.initial.pods.cend(), [](const Pod& pod) { return pod.meta.name == "pending-1"; }));
        }
        const ProcessResult pending = kschedviz({"pending", "--kubeconfig", m_env["KSV_READER_CERT_KUBECONFIG"], "-n", "default"});
        QVERIFY2(pending.finished && pending.exitCode == 0, pending.err.constData());
        QVERIFY2(pending.out.contains("default/pending-1  "), pending.out.constData());
    }

    // A user without the role: one message saying so, status 2, nothing written.
    void commandRefusedWithoutTheRole()
    {
        QVERIFY(m_started);
        const QString kubeconfig = m_dir.filePath("stranger.kubeconfig");
        {
            QFile file(kubeconfig);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(QString("apiVersion: v1\nkind: Config\n"
                               "clusters: [{name: c, cluster: {server: %1, certificate-authority: %2}}]\n"
                               "users: [{name: u, user: {token: not-a-token-the-server-knows}}]\n"
                               "contexts: [{name: x, context: {cluster: c, user: u}}]\ncurrent-context: x\n")
                           .arg(m_env["KSV_APISERVER_URL"], m_env["KSV_CA_CERT"])
                           .toUtf8());
        }
        const QString out = m_dir.filePath("never.yaml");
        const ProcessResult result = kschedviz({"snapshot", "--kubeconfig", kubeconfig, "-o", out}, 60'000);
        QVERIFY(result.finished);
        QCOMPARE(result.exitCode, 2);
        QVERIFY2(result.err.contains("401"), result.err.constData());
        QVERIFY2(result.err.contains("cannot read the cluster"), result.err.constData());
        QVERIFY(!result.err.contains("not-a-token-the-server-knows"));
        QVERIFY(!QFileInfo::exists(out));
    }

    // The client refuses Secrets and ConfigMaps itself, before a byte is sent.
    void secretsAndConfigMapsRefused()
    {
        QVERIFY(m_client);
        for (const QString path : {"/api/v1/namespaces/default/secrets", "/api/v1/secrets", "/api/v1/namespaces/default/configmaps",
                                   "/api/v1/configmaps", "/api/v1/namespaces/kube-system/secrets/anything"}) {
            std::unique_ptr<RestReply> reply(m_client->get(path));
            QSignalSpy finished(reply.get(), &RestReply::finished);
            QVERIFY(reply->isFinished() || finished.wait(kTimeoutMs));
            QCOMPARE(reply->error(), RestReply::Error::Aborted);
            QVERIFY2(reply->errorString().contains("never reads Secrets or ConfigMaps"), qPrintable(reply->errorString()));
            QCOMPARE(reply->httpStatus(), 0);
        }
    }

    // The server's own record: every request kschedviz-reader made was a get, list or watch; there
    // were lists and watches; none was for Secrets or ConfigMaps.
    void auditLog()
    {
        QVERIFY(m_started);
        // kube-apiserver 1.20 logs a watch (both its stages) only when it ends: end ours, and give
        // the server time to see the streams close.
        m_nodes.reset();
        m_pods.reset();
        m_client.reset();
        const auto readerWatches = [this] {
            QFile log(m_env["KSV_AUDIT_LOG"]);
            if (!log.open(QIODevice::ReadOnly))
                return 0;
            int watches = 0;
            for (const QByteArray& line : log.readAll().split('\n')) {
                const QJsonObject event = QJsonDocument::fromJson(line).object();
                if (event["user"].toObject()["username"] == "kschedviz-reader" && event["verb"] == "watch"
                    && event["stage"] == "ResponseComplete")
                    ++watches;
            }
            return watches;
        };
        // At least the two closed just now (nodes and pods, opened after the restart).
        QTRY_VERIFY_WITH_TIMEOUT(readerWatches() >= 2, kTimeoutMs);

        QFile file(m_env["KSV_AUDIT_LOG"]);
        QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(file.fileName()));
        QMap<QString, int> verbs;
        QSet<QString> resources;
        QSet<QString> eventGroups; // "" for core/v1
        int lines = 0, readerRequests = 0, adminWrites = 0;
        for (const QByteArray& line : file.readAll().split('\n')) {
            if (line.trimmed().isEmpty())
                continue;
            ++lines;
            QJsonParseError error;
            const QJsonObject event = QJsonDocument::fromJson(line, &error).object();
            QVERIFY2(error.error == QJsonParseError::NoError, qPrintable("audit line " + QString::number(lines) + ": " + error.errorString()));
            const QString verb = event["verb"].toString();
            const QString user = event["user"].toObject()["username"].toString();
            if (user == "admin" && (verb == "create" || verb == "delete" || verb == "patch"))
                ++adminWrites;
            if (user != "kschedviz-reader")
                continue;
            ++readerRequests;
            verbs[verb]++;
            const QString resource = event["objectRef"].toObject()["resource"].toString();
            resources.insert(resource);
            if (resource == "events")
                eventGroups.insert(event["objectRef"].toObject()["apiGroup"].toString());
            QVERIFY2(verb == "get" || verb == "list" || verb == "watch",
                     qPrintable("kschedviz-reader: " + verb + " " + event["requestURI"].toString()));
            QVERIFY2(resource != "secrets" && resource != "configmaps", qPrintable(event["requestURI"].toString()));
        }
        qInfo("audit log: %d lines, %d by kschedviz-reader (list %d, watch %d, get %d) on %s; %d writes by admin", lines,
              readerRequests, verbs.value("list"), verbs.value("watch"), verbs.value("get"),
              qPrintable(QStringList(resources.begin(), resources.end()).join(',')), adminWrites);
        QVERIFY(verbs.value("list") >= 1);
        QVERIFY(verbs.value("watch") >= 1);
        QCOMPARE(resources, (QSet<QString> {"nodes", "pods", "namespaces", "persistentvolumeclaims", "persistentvolumes", "services",
                                            "replicationcontrollers", "replicasets", "statefulsets", "priorityclasses",
                                            "poddisruptionbudgets", "storageclasses", "csinodes", "events"}));
        // Events through events.k8s.io only: 1.20 serves it, so core/v1's were never asked for.
        QCOMPARE(eventGroups, QSet<QString> {"events.k8s.io"});
        QVERIFY(adminWrites >= 10); // the log does hold the writes: it would show the reader's
    }

    void cleanupTestCase()
    {
        m_nodes.reset();
        m_pods.reset();
        m_client.reset();
        if (m_anyFailed && m_started) {
            QFile keep(m_dir.filePath("keep"));
            (void)keep.open(QIODevice::WriteOnly);
            m_dir.setAutoRemove(false);
            qWarning("a check failed: the server's folder (logs, audit.log) is kept in %s", qPrintable(m_serverDir));
        }
        QVERIFY(stopServer());
        // Every pid start.sh recorded is gone (the restarted apiserver's included).
        QFile pids(m_serverDir + "/pids.stopped");
        if (pids.open(QIODevice::ReadOnly)) {
            for (const QByteArray& line : pids.readAll().split('\n')) {
                if (!line.trimmed().isEmpty())
                    m_serverPids.append(line.trimmed().toLongLong());
            }
        }
        for (const qint64 pid : std::as_const(m_serverPids))
            QVERIFY2(!isRunning(pid), qPrintable("pid " + QString::number(pid) + " is still running"));
    }
};

QTEST_GUILESS_MAIN(TestRealApiServer)
#include "tst_realapiserver.moc"
