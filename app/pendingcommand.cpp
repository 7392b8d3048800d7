// `kschedviz pending`: for each pending pod, the cluster's own word (the PodScheduled condition and
// the last FailedScheduling event) beside kschedviz's first attempt on a snapshot of the cluster, and
// whether the two agree: the condition's message when it has one (the scheduler's latest verdict),
// else the last event's, compared with kschedviz's FailedScheduling message up to its preemption part.
#include "explaincommand.h"
#include "livecommands.h"
#include "liveconnection.h"
#include "recorder.h"
#include "shadowcomparison.h"

#include "explain.h"
#include "scenario/effectiveconfig.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace ksv::cli {

namespace {

enum class Verdict : quint8 { Agrees, Differs, NoVerdict };

struct PendingPod
{
    Pod pod;
    std::optional<PodCondition> condition; // PodScheduled
    std::optional<client::SchedulingEvent> lastFailure;
    std::optional<ExplainReport> attempt;
    Verdict verdict = Verdict::NoVerdict;
    QString why; // for Differs and NoVerdict
};

void decide(PendingPod& entry)
{
    // The condition is rewritten at every failed attempt; events are deduplicated and rate-limited
    // by the scheduler's recorder, so the last one may describe an older cluster.
    const bool conditionSays = entry.condition && entry.condition->status == QLatin1String("False") && !entry.condition->message.isEmpty();
    const QString cluster = conditionSays ? entry.condition->message : entry.lastFailure ? entry.lastFailure->message : QString();
    if (!entry.attempt) {
        const bool gated = entry.condition && entry.condition->reason == QLatin1String("SchedulingGated");
        entry.verdict = gated ? Verdict::Agrees : Verdict::NoVerdict;
        entry.why = gated ? QString()
                          : (entry.pod.schedulingGates.isEmpty() ? QStringLiteral("kschedviz makes no attempt (no profile for schedulerName ")
                                                                       + entry.pod.schedulerName + QLatin1Char(')')
                                                                 : QStringLiteral("kschedviz makes no attempt: the pod has scheduling gates"));
        return;
    }
    if (cluster.isEmpty()) {
        entry.verdict = Verdict::NoVerdict;
        entry.why = QStringLiteral("the cluster has not said why yet (no FailedScheduling event, no PodScheduled message)");
        return;
    }
    if (entry.attempt->result == QLatin1String("Scheduled")) {
        entry.verdict = Verdict::Differs;
        entry.why = QStringLiteral("kschedviz would bind it to ") + entry.attempt->node;
        return;
    }
    // kube-scheduler 1.26 on appends " preemption: ...", which older servers do not (shadowcomparison.h).
    const bool same = client::comparableMessage(cluster) == client::comparableMessage(entry.attempt->message);
    entry.verdict = same ? Verdict::Agrees : Verdict::Differs;
    entry.why = same ? QString() : QStringLiteral("the messages differ");
}

QString verdictText(Verdict verdict)
{
    switch (verdict) {
    case Verdict::Agrees: return QStringLiteral("agrees");
    case Verdict::Differs: return QStringLiteral("differs");
    case Verdict::NoVerdict: return QStringLiteral("no verdict");
    }
    return {};
}

QString timestamp(const QDateTime& time)
{
    return time.isValid() ? time.toUTC().toString(Qt::ISODate) : QString();
}

QJsonObject toJson(const PendingPod& entry)
{
    QJsonObject cluster;
    cluster.insert(QStringLiteral("condition"), entry.condition ? QJsonValue(QJsonObject {{QStringLiteral("status"), entry.condition->status},
                                                                                          {QStringLiteral("reason"), entry.condition->reason},
                                                                                          {QStringLiteral("message"), entry.condition->message}})
                                                                : QJsonValue());
    cluster.insert(QStringLiteral("lastFailedScheduling"),
                   entry.lastFailure ? QJsonValue(QJsonObject {{QStringLiteral("message"), entry.lastFailure->message},
                                                               {QStringLiteral("count"), entry.lastFailure->count},
                                                               {QStringLiteral("firstTimestamp"), timestamp(entry.lastFailure->firstTimestamp)},
                                                               {QStringLiteral("lastTimestamp"), timestamp(entry.lastFailure->lastTimestamp)}})
                                     : QJsonValue());
    return QJsonObject {{QStringLiteral("pod"), entry.pod.key()},
                        {QStringLiteral("schedulerName"), entry.pod.schedulerName},
                        {QStringLiteral("verdict"), verdictText(entry.verdict)},
                        {QStringLiteral("why"), entry.why.isEmpty() ? QJsonValue() : QJsonValue(entry.why)},
                        {QStringLiteral("cluster"), cluster},
                        {QStringLiteral("kschedviz"), entry.attempt ? QJsonValue(explainObject(*entry.attempt)) : QJsonValue()}};
}

QString toText(const PendingPod& entry)
{
    QString text = entry.pod.key() + QStringLiteral("  ") + verdictText(entry.verdict)
        + (entry.why.isEmpty() ? QString() : QStringLiteral(" (") + entry.why + QLatin1Char(')')) + QLatin1Char('\n');
    if (entry.condition) {
        text += QStringLiteral("  cluster:    PodScheduled=") + entry.condition->status
            + (entry.condition->reason.isEmpty() ? QString() : QLatin1Char(' ') + entry.condition->reason)
            + (entry.condition->message.isEmpty() ? QString() : QStringLiteral(": ") + entry.condition->message) + QLatin1Char('\n');
    } else {
        text += QStringLiteral("  cluster:    no PodScheduled condition\n");
    }
    if (entry.lastFailure) {
        text += QStringLiteral("              last FailedScheduling (") + QString::number(entry.lastFailure->count) + QStringLiteral("x, ")
            + timestamp(entry.lastFailure->lastTimestamp) + QStringLiteral("): ") + entry.lastFailure->message + QLatin1Char('\n');
    }
    if (!entry.attempt) {
        text += QStringLiteral("  kschedviz:  no attempt\n");
        return text;
    }
    text += QStringLiteral("  kschedviz:  ") + entry.attempt->result + QStringLiteral(": ") + entry.attempt->message + QStringLiteral("\n\n");
    // explain's node table, without the header lines said above.
    const QString table = explainTable(*entry.attempt);
    for (const QString& line : table.mid(table.indexOf(QLatin1String("\nNODE")) + 1).split(QLatin1Char('\n'), Qt::SkipEmptyParts))
        text += QStringLiteral("    ") + line + QLatin1Char('\n');
    return text;
}

} // namespace

int runPending(const Options& options, QTextStream& out, QTextStream& err)
{
    LiveConnection connection;
    if (const auto failed = listOnce(options, connection, err))
        return *failed;

    Scenario scenario;
    scenario.name = QStringLiteral("pending-") + connection.config.contextName;
    scenario.file = connection.session->client().server().toString(QUrl::RemoveUserInfo);
    scenario.initial = client::scenarioState(connection.session->state());
    config::KubeSchedulerConfiguration configuration;
    try {
        configuration = effectiveConfiguration(scenario, options.config, versionChoice(options));
        if (const QString warning = extenderWarning(configuration); !warning.isEmpty())
            err << QStringLiteral("warning: ") << warning << Qt::endl;
    } catch (const LoadError& error) {
        err << error.toString() << Qt::endl;
        return ExitBadInput;
    }

    const QString namespace_ = options.allNamespaces ? QString() : !options.namespace_.isEmpty() ? options.namespace_ : connection.config.namespace_;
    QList<PendingPod> pending;
    QStringList keys;
    for (const Pod& pod : scenario.initial.pods) {
        if (!pod.nodeName.isEmpty() || (!namespace_.isEmpty() && pod.meta.namespace_ != namespace_))
            continue;
        PendingPod entry;
        entry.pod = pod;
        for (const PodCondition& condition : pod.conditions) {
            if (condition.type == QLatin1String("PodScheduled"))
                entry.condition = condition;
        }
        pending.append(entry);
        keys.append(pod.key());
    }
    // The latest FailedScheduling of each pod, of this incarnation of it (an Event names the uid).
    const QList<client::SchedulingEvent> events = connection.session->schedulingEvents();
    for (PendingPod& entry : pending) {
        for (const client::SchedulingEvent& event : events) {
            if (event.reason != client::SchedulingEvent::Reason::FailedScheduling || event.namespace_ != entry.pod.meta.namespace_
                || event.name != entry.pod.meta.name || (!event.uid.isEmpty() && event.uid != entry.pod.meta.uid))
                continue;
            if (!entry.lastFailure || event.lastTimestamp > entry.lastFailure->lastTimestamp)
                entry.lastFailure = event;
        }
    }
    const QHash<QString, ExplainReport> attempts = explainFirstAttempts(scenario, configuration, keys);
    int counts[3] = {0, 0, 0};
    for (PendingPod& entry : pending) {
        if (const auto it = attempts.constFind(entry.pod.key()); it != attempts.cend())
            entry.attempt = *it;
        decide(entry);
        ++counts[static_cast<int>(entry.verdict)];
    }

    const QString scope = namespace_.isEmpty() ? QStringLiteral("all namespaces") : QStringLiteral("namespace ") + namespace_;
    if (options.json) {
        QJsonArray pods;
        for (const PendingPod& entry : pending)
            pods.append(toJson(entry));
        const QJsonObject root {{QStringLiteral("server"), scenario.file},
                                {QStringLiteral("context"), connection.config.contextName},
                                {QStringLiteral("namespace"), namespace_.isEmpty() ? QJsonValue() : QJsonValue(namespace_)},
                                {QStringLiteral("pods"), pods},
                                {QStringLiteral("agree"), counts[0]},
                                {QStringLiteral("differ"), counts[1]},
                                {QStringLiteral("noVerdict"), counts[2]}};
        out << QString::fromUtf8(QJsonDocument(root).toJson(QJsonDocument::Indented));
    } else {
        for (const PendingPod& entry : pending)
            out << toText(entry) << QLatin1Char('\n');
        out << pending.size() << QStringLiteral(" pending pod") << (pending.size() == 1 ? QString() : QStringLiteral("s")) << QStringLiteral(" in ")
            << scope << QStringLiteral(": ") << counts[0] << QStringLiteral(" agree, ") << counts[1] << QStringLiteral(" differ, ") << counts[2]
            << QStringLiteral(" without a verdict") << Qt::endl;
    }
    out.flush();
    return ExitOk;
}

} // namespace ksv::cli
