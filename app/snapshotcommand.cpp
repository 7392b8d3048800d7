// `kschedviz snapshot`: the cluster as it is now, as a scenario that check, run, explain and the app
// replay offline.
#include "livecommands.h"
#include "liveconnection.h"
#include "recorder.h"


namespace ksv::cli {

namespace {

QString summary(const Scenario& scenario)
{
    qsizetype pending = 0;
    for (const Pod& pod : scenario.initial.pods)
        pending += pod.nodeName.isEmpty() ? 1 : 0;
    return QString::number(scenario.initial.nodes.size()) + QStringLiteral(" nodes, ") + QString::number(scenario.initial.pods.size())
        + QStringLiteral(" pods (") + QString::number(pending) + QStringLiteral(" pending), ")
        + QString::number(scenario.initial.objectCount() - scenario.initial.nodes.size() - scenario.initial.pods.size())
        + QStringLiteral(" other objects");
}

} // namespace

int runSnapshot(const Options& options, QTextStream& out, QTextStream& err)
{
    LiveConnection connection;
    if (const auto failed = listOnce(options, connection, err))
        return *failed;
    QStringList skipped;
    Scenario scenario;
    scenario.name = QStringLiteral("snapshot-") + connection.config.contextName;
    scenario.initial = client::scenarioState(connection.session->state(), &skipped);
    for (const QString& line : skipped)
        err << QStringLiteral("kschedviz: left out ") << line << Qt::endl;
    const WrittenScenario written = writeFor(scenario, options.output);
    if (!loadsBack(written, QStringLiteral("snapshot"), err))
        return ExitFailure;
    if (!writeOutput(options.output, written.output, out, err))
        return ExitFailure;
    err << QStringLiteral("kschedviz: snapshot of ") << connection.session->client().server().toString(QUrl::RemoveUserInfo)
        << QStringLiteral(": ") << summary(scenario) << (options.output.isEmpty() ? QString() : QStringLiteral(" -> ") + options.output)
        << Qt::endl;
    return ExitOk;
}


} // namespace ksv::cli
