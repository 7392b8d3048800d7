// `kschedviz shadow`: kschedviz decides each pod the cluster's scheduler decides, on the snapshot of
// the moment the pod arrived, and compares (client/shadow.h). Runs for --duration or until Ctrl+C,
// then prints one line per pod, the agreement, and each disagreement explained.
#include "livecommands.h"
#include "liveconnection.h"
#include "shadow.h"
#include "shadowreport.h"
#include "stopsignals.h"

#include "decoding/loaderror.h"
#include "scenario/effectiveconfig.h"
#include "scenario/encode.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QJsonDocument>
#include <QTimer>

namespace ksv::cli {

namespace {

using client::isDecided;
using client::percent;

QString toText(const client::ShadowPod& pod)
{
    const QString verdict = !isDecided(pod) ? QStringLiteral("undecided") : pod.comparison.agree ? QStringLiteral("agrees") : QStringLiteral("differs");
    QString line = pod.key + QStringLiteral("  ") + verdict + QStringLiteral("  cluster: ")
        + (isDecided(pod) ? client::describe(pod.observed) : QStringLiteral("-")) + QStringLiteral(", kschedviz: ")
        + client::describePrediction(pod.prediction);
    if (isDecided(pod) && pod.comparison.agree && !pod.comparison.why.isEmpty())
        line += QStringLiteral(" (") + pod.comparison.why + QLatin1Char(')');
    return line;
}

void printReport(const client::ShadowTracker& tracker, const LiveConnection& connection, const Options& options, QTextStream& out)
{
    const client::ShadowAgreement session = tracker.agreement();
    const client::ShadowAgreement recent = tracker.recentAgreement(100);
    const QString configuration = options.config.isEmpty() ? QStringLiteral("the default v1.32 profile") : options.config;
    if (options.json) {
        const client::ShadowReportContext context {connection.session->client().server().toString(QUrl::RemoveUserInfo),
                                                   connection.config.contextName, configuration};
        out << QString::fromUtf8(QJsonDocument(client::shadowReportJson(tracker.pods(), session, recent, context)).toJson(QJsonDocument::Indented));
        out.flush();
        return;
    }
    QStringList disagreements;
    for (const client::ShadowPod& pod : tracker.pods()) {
        out << toText(pod) << QLatin1Char('\n');
        if (isDecided(pod) && !pod.comparison.agree)
            disagreements.append(pod.key + QStringLiteral(": ") + pod.comparison.why);
    }
    out << QStringLiteral("agreement with the cluster's scheduler (") << configuration << QStringLiteral("): ") << session.agreed
        << QStringLiteral(" of ") << session.total << QStringLiteral(" pods (") << percent(session) << QStringLiteral("); last ")
        << recent.total << QStringLiteral(": ") << recent.agreed << QStringLiteral(" (") << percent(recent) << QStringLiteral(")\n");
    if (!disagreements.isEmpty()) {
        out << QStringLiteral("disagreements:\n");
        for (const QString& line : disagreements)
            out << QStringLiteral("  ") << line << QLatin1Char('\n');
    }
    out.flush();
}

} // namespace

int runShadow(const Options& options, QTextStream& out, QTextStream& err)
{
    // The configuration first: a bad --config is said before anything is sent.
    config::KubeSchedulerConfiguration configuration;
    try {
        configuration = effectiveConfiguration(Scenario {}, options.config, versionChoice(options));
        if (const QString warning = extenderWarning(configuration); !warning.isEmpty())
            err << QStringLiteral("warning: ") << warning << Qt::endl;
    } catch (const LoadError& error) {
        err << error.toString() << Qt::endl;
        return ExitBadInput;
    }
    LiveConnection connection;
    if (const auto failed = openConnection(options, connection, err))
        return *failed;
    client::ShadowTracker tracker(*connection.session, configuration);
    // Ctrl+C ends the watch and still prints the report; a second one is the default action again.
    StopSignals stop;
    if (const auto failed = waitForFirstList(options, connection, err))
        return *failed;
    err << QStringLiteral("kschedviz: shadowing the scheduler of ") << connection.session->client().server().toString(QUrl::RemoveUserInfo)
        << QStringLiteral(" (context ") << connection.config.contextName << QStringLiteral(")")
        << (options.durationNanos ? QStringLiteral(" for ") + formatDuration(*options.durationNanos) : QString())
        << QStringLiteral("; Ctrl+C ends it") << Qt::endl;

    QElapsedTimer clock;
    clock.start();
    QEventLoop loop;
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
        if (stop.requested() || (options.durationNanos && clock.nsecsElapsed() >= *options.durationNanos))
            loop.quit();
    });
    poll.start(50);
    loop.exec();
    connection.session->stop();
    stop.restore();
    printReport(tracker, connection, options, out);
    return ExitOk;
}

} // namespace ksv::cli
