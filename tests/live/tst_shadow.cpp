// `kschedviz shadow` against a real kube-scheduler 1.20.2 (beside a real kube-apiserver and etcd,
// started here by tests/live/server/start.sh). Both schedulers get the profile whose behaviour is the
// same in v1.20 and v1.32 (research note A5; docs/live-client.md, "Shadow"): the default filters,
// and for scores only least-allocated cpu and memory, NodeAffinity and TaintToleration, each at
// weight 1, scoring every node. The admin makes a cluster of varied nodes (sizes, zones, disk
// labels, NoSchedule and PreferNoSchedule taints) and then pods one at a time, each after the last
// one was bound or refused: plain ones, ones with node selectors, required and preferred affinity,
// tolerations, and some that fit nowhere. `shadow`, watching meanwhile and stopped by Ctrl+C, must
// agree on at least 99% of them and explain every disagreement.
//
// What this process starts it stops by process id (stop.sh reads DIR/pids), and a detached reaper
// runs stop.sh too once this process is gone, as tst_realapiserver does.
#include "liveprocess.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <signal.h>

namespace {

using namespace ksv::test;

// kube-scheduler 1.20 (kubescheduler.config.k8s.io/v1beta1): appended to start.sh's configuration.
const char* const profile120 = R"(percentageOfNodesToScore: 100
profiles:
- schedulerName: default-scheduler
  plugins:
    score:
      disabled:
      - name: "*"
      enabled:
      - name: NodeResourcesLeastAllocated
        weight: 1
      - name: NodeAffinity
        weight: 1
      - name: TaintToleration
        weight: 1
)";

// The same profile for kschedviz's v1.32 model.
const char* const profile132 = R"(apiVersion: kubescheduler.config.k8s.io/v1
kind: KubeSchedulerConfiguration
percentageOfNodesToScore: 100
profiles:
- schedulerName: default-scheduler
  plugins:
    score:
      disabled:
      - name: "*"
      enabled:
      - name: NodeResourcesFit
        weight: 1
      - name: NodeAffinity
        weight: 1
      - name: TaintToleration
        weight: 1
  pluginConfig:
  - name: NodeResourcesFit
    args:
      scoringStrategy:
        type: LeastAllocated
        resources:
        - name: cpu
          weight: 1
        - name: memory
          weight: 1
)";


struct NodeInput
{
    const char* name;
    const char* cpu;
    const char* memory;
    const char* zone;
    const char* disk;
    const char* taint; // "key=value:Effect", or empty
};

// Sizes from 1 to 16 cpus, three zones, two disk kinds, two kinds of taints.
const NodeInput nodes[] = {
    {"small-a1", "2", "4Gi", "zone-a", "hdd", ""},
    {"small-b1", "2", "2Gi", "zone-b", "hdd", ""},
    {"med-a1", "4", "8Gi", "zone-a", "ssd", ""},
    {"med-b1", "4", "16Gi", "zone-b", "ssd", ""},
    {"med-c1", "4", "8Gi", "zone-c", "hdd", "spot=true:PreferNoSchedule"},
    {"large-a1", "8", "32Gi", "zone-a", "ssd", ""},
    {"large-c1", "8", "16Gi", "zone-c", "ssd", "spot=true:PreferNoSchedule"},
    {"gpu-a1", "16", "64Gi", "zone-a", "ssd", "dedicated=gpu:NoSchedule"},
    {"gpu-b1", "16", "32Gi", "zone-b", "ssd", "dedicated=gpu:NoSchedule"},
    {"mem-b1", "2", "64Gi", "zone-b", "hdd", ""},
    {"cpu-c1", "16", "8Gi", "zone-c", "hdd", ""},
    {"edge-c1", "1", "1Gi", "zone-c", "hdd", "edge=true:NoSchedule"},
};

QJsonObject nodeJson(const NodeInput& in)
{
    const QJsonObject resources {{"cpu", in.cpu}, {"memory", in.memory}, {"pods", "110"}};
    QJsonObject spec;
    const QString taint = QString::fromLatin1(in.taint);
    if (!taint.isEmpty()) {
        const QString keyValue = taint.section(':', 0, 0);
        spec["taints"] = QJsonArray {QJsonObject {{"key", keyValue.section('=', 0, 0)}, {"value", keyValue.section('=', 1)},
                                                  {"effect", taint.section(':', 1)}}};
    }
    return QJsonObject {
        {"apiVersion", "v1"},
        {"kind", "Node"},
        {"metadata", QJsonObject {{"name", in.name},
                                  {"labels", QJsonObject {{"kubernetes.io/hostname", in.name},
                                                          {"topology.kubernetes.io/zone", in.zone},
                                                          {"disktype", in.disk}}}}},
        {"spec", spec},
        // There is no kubelet: the node keeps the status it is created with, Ready included.
        {"status", QJsonObject {{"capacity", resources},
                                {"allocatable", resources},
                                {"conditions", QJsonArray {QJsonObject {{"type", "Ready"},
                                                                        {"status", "True"},
                                                                        {"reason", "KubeletReady"},
                                                                        {"lastHeartbeatTime", "2026-01-01T00:00:00Z"},
                                                                        {"lastTransitionTime", "2026-01-01T00:00:00Z"}}}}}},
    };
}

QJsonObject zoneTerm(const QJsonArray& zones)
{
    return QJsonObject {{"matchExpressions", QJsonArray {QJsonObject {{"key", "topology.kubernetes.io/zone"}, {"operator", "In"}, {"values", zones}}}}};
}

// Pod i of the run: its shape cycles through ten kinds; every twentieth of two kinds fits nowhere.
// Those that fit nowhere tolerate every taint, so that each node fails one filter only: v1.20 and
// v1.32 run the filters in different orders, and a node failing two would be named by a different
// one (docs/live-client.md, "Shadow").
QJsonObject podJson(int i, QRandomGenerator& random, bool* fitsNowhere)
{
    const QString cpu = QString::number(100 + 50 * random.bounded(11)) + "m"; // 100m to 600m
    const QString memory = QString::number(64 * (1 + random.bounded(12))) + "Mi"; // 64Mi to 768Mi
    QJsonObject spec;
    QJsonObject requests {{"cpu", cpu}, {"memory", memory}};
    *fitsNowhere = false;
    switch (i % 10) {
    case 5:
        spec["nodeSelector"] = QJsonObject {{"disktype", "ssd"}};
        break;
    case 6:
        spec["tolerations"] = QJsonArray {QJsonObject {{"key", "dedicated"}, {"operator", "Equal"}, {"value", "gpu"}, {"effect", "NoSchedule"}}};
        spec["affinity"] = QJsonObject {{"nodeAffinity", QJsonObject {{"preferredDuringSchedulingIgnoredDuringExecution",
                                                                       QJsonArray {QJsonObject {{"weight", 50}, {"preference", zoneTerm({"zone-b"})}}}}}}};
        break;
    case 7:
        spec["tolerations"] = QJsonArray {QJsonObject {{"key", "spot"}, {"operator", "Exists"}, {"effect", "PreferNoSchedule"}}};
        spec["affinity"] = QJsonObject {{"nodeAffinity", QJsonObject {{"preferredDuringSchedulingIgnoredDuringExecution",
                                                                       QJsonArray {QJsonObject {{"weight", 80}, {"preference", zoneTerm({"zone-c"})}},
                                                                                   QJsonObject {{"weight", 20}, {"preference", zoneTerm({"zone-a"})}}}}}}};
        break;
    case 8:
        if (i % 20 == 8) {
            // Little memory: its later attempts find the same reasons however full the nodes get.
            requests = QJsonObject {{"cpu", "64"}, {"memory", "64Mi"}};
            spec["tolerations"] = QJsonArray {QJsonObject {{"operator", "Exists"}}};
            *fitsNowhere = true;
        } else {
            spec["affinity"] = QJsonObject {{"nodeAffinity", QJsonObject {{"requiredDuringSchedulingIgnoredDuringExecution",
                                                                           QJsonObject {{"nodeSelectorTerms", QJsonArray {zoneTerm({"zone-a", "zone-b"})}}}}}}};
        }
        break;
    case 9:
        if (i % 20 == 9) {
            // Small: NodeResourcesFit, which v1.20 runs before NodeAffinity, passes on every node.
            requests = QJsonObject {{"cpu", "10m"}, {"memory", "16Mi"}};
            spec["nodeSelector"] = QJsonObject {{"disktype", "nvme"}};
            spec["tolerations"] = QJsonArray {QJsonObject {{"operator", "Exists"}}};
            *fitsNowhere = true;
        } else {
            requests = QJsonObject {{"cpu", "1500m"}, {"memory", "2Gi"}};
        }
        break;
    default:
        break;
    }
    spec["containers"] = QJsonArray {QJsonObject {{"name", "main"}, {"image", "registry.invalid/none:1"}, {"resources", QJsonObject {{"requests", requests}}}}};
    return QJsonObject {
        {"apiVersion", "v1"},
        {"kind", "Pod"},
        {"metadata", QJsonObject {{"name", QStringLiteral("shadow-%1").arg(i, 3, 10, QLatin1Char('0'))}, {"namespace", "default"}}},
        {"spec", spec},
    };
}

} // namespace

class TestShadow : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir {QDir::tempPath() + "/tst_shadow-XXXXXX"};
    QString m_serverDir;
    QHash<QString, QString> m_env;
    bool m_started = false;
    bool m_anyFailed = false;

    // The admin, with curl and the admin's client certificate. Returns the HTTP status.
    int admin(const QString& method, const QString& path, const QJsonObject& object = {}, QByteArray* body = nullptr)
    {
        return adminRequest(m_env, method, path, object, body);
    }

    bool adminCreate(const QString& path, const QJsonObject& object)
    {
        QByteArray body;
        const int status = admin("POST", path, object, &body);
        if (status != 201)
            qWarning("POST %s answered %d: %s", qPrintable(path), status, body.left(500).constData());
        return status == 201;
    }

    // The real scheduler's word on a pod: its node, or "unschedulable" once PodScheduled=False is
    // written; empty while it has said nothing.
    QString clusterWord(const QString& name)
    {
        QByteArray body;
        if (admin("GET", "/api/v1/namespaces/default/pods/" + name, {}, &body) != 200)
            return {};
        const QJsonObject pod = QJsonDocument::fromJson(body).object();
        const QString node = field(pod, {"spec", "nodeName"}).toString();
        if (!node.isEmpty())
            return node;
        for (const QJsonValue& condition : field(pod, {"status", "conditions"}).toArray()) {
            if (field(condition, {"type"}).toString() == "PodScheduled" && field(condition, {"status"}).toString() == "False")
                return QStringLiteral("unschedulable");
        }
        return {};
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
        QVERIFY(startReaper("tst_shadow", m_dir.path()));

        QFile extra(m_dir.filePath("profile-v120.yaml"));
        QVERIFY(extra.open(QIODevice::WriteOnly) && extra.write(profile120) > 0);
        extra.close();
        QFile ours(m_dir.filePath("profile-v132.yaml"));
        QVERIFY(ours.open(QIODevice::WriteOnly) && ours.write(profile132) > 0);
        ours.close();

        const ProcessResult started = run("bash", {serverScripts + "/start.sh", "--scheduler-config-extra", extra.fileName(), m_serverDir}, {},
                                          {"KSV_BIN_DIR=" + bin});
        m_started = true; // even a failed start.sh may leave something for stop.sh
        QVERIFY2(started.finished && started.exitCode == 0, started.err.constData());
        m_env = readEnvFile(m_serverDir + "/env");
        QVERIFY2(!m_env.value("KSV_APISERVER_URL").isEmpty(), "start.sh wrote no KSV_APISERVER_URL");
        for (const NodeInput& node : nodes)
            QVERIFY(adminCreate("/api/v1/nodes", nodeJson(node)));
    }

    void cleanup()
    {
        if (QTest::currentTestFailed())
            m_anyFailed = true;
    }

    void agreesWithTheRealScheduler()
    {
        QVERIFY(m_started);
        QProcess shadow;
        shadow.start(QStringLiteral(KSV_BINARY), {"shadow", "--kubeconfig", m_env["KSV_READER_TOKEN_KUBECONFIG"], "--config",
                                                  m_dir.filePath("profile-v132.yaml"), "--json"});
        QVERIFY(shadow.waitForStarted(10'000));
        QByteArray err;
        QElapsedTimer clock;
        clock.start();
        while (!err.contains("Ctrl+C ends it") && clock.elapsed() < 60'000 && shadow.state() == QProcess::Running) {
            shadow.waitForReadyRead(500);
            err += shadow.readAllStandardError();
        }
        QVERIFY2(err.contains("kschedviz: shadowing the scheduler of "), err.constData());

        // One pod at a time: the next is made once the scheduler has bound or refused the last, so
        // both schedulers decide each pod on the same cluster.
        constexpr int podCount = 100;
        QRandomGenerator random(20261126);
        QHash<QString, QString> clusterSaid;
        int unschedulable = 0;
        for (int i = 0; i < podCount; ++i) {
            bool fitsNowhere = false;
            const QJsonObject pod = podJson(i, random, &fitsNowhere);
            const QString name = field(pod, {"metadata", "name"}).toString();
            QVERIFY(adminCreate("/api/v1/namespaces/default/pods", pod));
            QString word;
            QElapsedTimer waited;
            waited.start();
            while ((word = clusterWord(name)).isEmpty() && waited.elapsed() < 30'000)
                QTest::qWait(100);
            QVERIFY2(!word.isEmpty(), qPrintable("the scheduler said nothing about " + name));
            QCOMPARE(word == "unschedulable", fitsNowhere);
            unschedulable += fitsNowhere ? 1 : 0;
            clusterSaid.insert("default/" + name, word);
        }
        QCOMPARE(unschedulable, 10);
        // The last watch events reach kschedviz, then Ctrl+C ends it and the report comes.
        QTest::qWait(3000);
        QCOMPARE(::kill(pid_t(shadow.processId()), SIGINT), 0);
        QVERIFY(shadow.waitForFinished(60'000));
        err += shadow.readAllStandardError();
        QCOMPARE(shadow.exitStatus(), QProcess::NormalExit);
        QVERIFY2(shadow.exitCode() == 0, err.constData());
        const QByteArray out = shadow.readAllStandardOutput();
        const QJsonObject report = QJsonDocument::fromJson(out).object();
        QVERIFY2(!report.isEmpty(), out.constData());

        // Every pod made is in the report with what the cluster said, and decided.
        QHash<QString, QJsonObject> byPod;
        for (const QJsonValue& pod : report["pods"].toArray())
            byPod.insert(field(pod, {"pod"}).toString(), pod.toObject());
        QStringList disagreements;
        for (auto it = clusterSaid.cbegin(); it != clusterSaid.cend(); ++it) {
            QVERIFY2(byPod.contains(it.key()), qPrintable(it.key() + " is not in the report"));
            const QJsonObject pod = byPod[it.key()];
            QCOMPARE(field(pod, {"observed"}).toString(), it.value());
            QVERIFY(field(pod, {"agree"}).isBool());
            if (!field(pod, {"agree"}).toBool()) {
                // Explained: a sentence, and for a lower score the plugins, for an infeasible node the filter.
                const QString why = field(pod, {"why"}).toString();
                QVERIFY2(!why.isEmpty(), qPrintable(it.key()));
                const QString outcome = field(pod, {"outcome"}).toString();
                if (outcome == "lowerScore")
                    QVERIFY2(!field(pod, {"plugins"}).toArray().isEmpty(), qPrintable(it.key() + ": " + why));
                if (outcome == "infeasible")
                    QVERIFY2(!field(pod, {"filter"}).toString().isEmpty(), qPrintable(it.key() + ": " + why));
                disagreements.append(it.key() + ": " + why);
            }
        }
        const int agreed = field(report, {"agreement", "agreed"}).toInt();
        const int total = field(report, {"agreement", "total"}).toInt();
        QMap<QString, int> outcomes;
        for (const QJsonObject& pod : std::as_const(byPod))
            ++outcomes[field(pod, {"outcome"}).toString()];
        QStringList counts;
        for (auto it = outcomes.cbegin(); it != outcomes.cend(); ++it)
            counts.append(it.key() + ' ' + QString::number(it.value()));
        qInfo("kschedviz agreed with kube-scheduler 1.20.2 on %d of %d pods (%s)", agreed, total, qPrintable(counts.join(", ")));
        for (const QString& line : std::as_const(disagreements))
            qInfo("  %s", qPrintable(line));
        QCOMPARE(total, podCount);
        QCOMPARE(agreed, podCount - int(disagreements.size()));
        QVERIFY2(agreed * 100 >= total * 99, qPrintable(disagreements.join('\n')));
        QCOMPARE(field(report, {"recent", "total"}).toInt(), 100);

        // Text, ended by --duration: the pods still pending are decided on the first list's snapshot.
        const ProcessResult text = run(QStringLiteral(KSV_BINARY), {"shadow", "--kubeconfig", m_env["KSV_READER_CERT_KUBECONFIG"], "--config",
                                                                    m_dir.filePath("profile-v132.yaml"), "--duration", "3s"},
                                       {}, {}, 120'000);
        QVERIFY2(text.finished && text.exitCode == 0, text.err.constData());
        QVERIFY2(text.out.contains("default/shadow-008  agrees  cluster: unschedulable, kschedviz: unschedulable"), text.out.constData());
        QVERIFY2(text.out.contains(QByteArray("agreement with the cluster's scheduler (" + m_dir.filePath("profile-v132.yaml").toUtf8() + "): 10 of 10 pods")),
                 text.out.constData());
    }

    void cleanupTestCase()
    {
        if (m_anyFailed && m_started) {
            QFile keep(m_dir.filePath("keep"));
            (void)keep.open(QIODevice::WriteOnly);
            m_dir.setAutoRemove(false);
            qWarning("a check failed: the server's folder (logs) is kept in %s", qPrintable(m_serverDir));
        }
        if (m_started && QFileInfo::exists(m_serverDir + "/pids")) {
            const ProcessResult stopped = stopServerIn(m_serverDir);
            QVERIFY2(stopped.finished && stopped.exitCode == 0, stopped.err.constData());
        }
    }
};

QTEST_GUILESS_MAIN(TestShadow)
#include "tst_shadow.moc"
