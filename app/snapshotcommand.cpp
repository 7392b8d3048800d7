// `kschedviz snapshot`: the cluster as it is now, as a scenario that check, run, explain and the app
// replay offline.
#include "livecommands.h"
#include "liveconnection.h"
#include "recorder.h"

#include "scenario/encode.h"
#include "scenario/loader.h"

namespace ksv::cli {

namespace {

ScenarioFormat formatFor(const QString& path)
{
    return path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive) ? ScenarioFormat::Json : ScenarioFormat::Yaml;
}

// What was written must load: a snapshot that `check` would refuse is a bug of ours, said here
// rather than found later.
bool loadsBack(const QByteArray& bytes, const QString& name, QTextStream& err)
{
    try {
        loadScenarioText(bytes, name);
        return true;
    } catch (const LoadError& error) {
        err << QStringLiteral("kschedviz: the scenario written does not load back (please report this): ") << error.toString() << Qt::endl;
        return false;
    }
}

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
    const QByteArray bytes = writeScenario(scenario, formatFor(options.output));
    if (!loadsBack(bytes, options.output.isEmpty() ? QStringLiteral("snapshot") : options.output, err))
        return ExitFailure;
    if (!writeOutput(options.output, bytes, out, err))
        return ExitFailure;
    err << QStringLiteral("kschedviz: snapshot of ") << connection.session->client().server().toString(QUrl::RemoveUserInfo)
        << QStringLiteral(": ") << summary(scenario) << (options.output.isEmpty() ? QString() : QStringLiteral(" -> ") + options.output)
        << Qt::endl;
    return ExitOk;
}


} // namespace ksv::cli
