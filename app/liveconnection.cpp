#include "liveconnection.h"

#include "scenario/loader.h"

#include <QEventLoop>
#include <QFile>
#include <QLoggingCategory>
#include <QSet>
#include <QTimer>

namespace ksv::cli {

std::optional<int> openConnection(const Options& options, LiveConnection& connection, QTextStream& err)
{
    // The reflectors' own notes (a version fallback, a relist) are for debugging, not for a command's
    // user: QT_LOGGING_RULES="ksv.client.*=true" shows them.
    QLoggingCategory::setFilterRules(QStringLiteral("ksv.client.*.info=false"));
    try {
        connection.config = client::loadKubeconfig(client::KubeconfigOptions::fromEnvironment(options.kubeconfig, options.context));
    } catch (const LoadError& error) {
        err << error.toString() << Qt::endl;
        return ExitBadInput;
    }
    for (const QString& warning : connection.config.warnings)
        err << QStringLiteral("kschedviz: warning: ") << warning << Qt::endl;
    connection.session = std::make_unique<client::ClusterSession>(connection.config);
    // An exec plugin's stderr is the user's to read (a login prompt's hint, an expired session).
    QObject::connect(&connection.session->client().credentials(), &client::CredentialProvider::pluginStderr,
                     connection.session.get(), [&err](const QString& line) { err << line << Qt::endl; });
    QObject::connect(connection.session.get(), &client::ClusterSession::objectRejected, connection.session.get(),
                     [&err](const QString& kind, const QString& name, const QString& message) {
                         err << QStringLiteral("kschedviz: skipped ") << kind << QLatin1Char(' ') << name << QStringLiteral(": ") << message
                             << Qt::endl;
                     });
    return std::nullopt;
}

std::optional<int> waitForFirstList(const Options& options, LiveConnection& connection, QTextStream& err)
{
    client::ClusterSession& session = *connection.session;
    QEventLoop loop;
    QString refusal;
    QObject::connect(&session, &client::ClusterSession::synced, &loop, [&loop] { loop.quit(); });
    QObject::connect(&session.client().credentials(), &client::CredentialProvider::failed, &loop, [&](const QString& message) {
        refusal = message;
        loop.quit();
    });
    QObject::connect(&session, &client::ClusterSession::listRefused, &loop, [&](const QString&, const QString& message) {
        if (refusal.isEmpty())
            refusal = message;
        loop.quit();
    });
    QTimer timeout;
    timeout.setSingleShot(true);
    QObject::connect(&timeout, &QTimer::timeout, &loop, &QEventLoop::quit);
    timeout.start(static_cast<int>(std::min<qint64>(options.timeoutNanos / 1'000'000, std::numeric_limits<int>::max())));
    session.start();
    loop.exec();
    if (!refusal.isEmpty()) {
        session.stop();
        err << QStringLiteral("kschedviz: ") << refusal << Qt::endl
            << QStringLiteral("kschedviz: the user of context ") << connection.config.contextName
            << QStringLiteral(" cannot read the cluster; the role it needs is in docs/live-client.md (\"Read-only\")") << Qt::endl;
        return ExitBadInput;
    }
    if (!session.hasSynced()) {
        session.stop();
        err << QStringLiteral("kschedviz: ") << session.client().server().toString(QUrl::RemoveUserInfo)
            << QStringLiteral(" did not give a complete list within --timeout; still waiting for:") << Qt::endl;
        // Reasons read "<url>: <why>"; when every resource waits for the same why (the server is
        // down), one line says it instead of fourteen.
        const QStringList reasons = session.pendingReasons();
        QSet<QString> whys;
        for (const QString& line : reasons)
            whys.insert(line.section(QStringLiteral(": "), -1));
        if (reasons.size() > 1 && whys.size() == 1)
            err << QStringLiteral("  every resource (") << reasons.size() << QStringLiteral("): ") << *whys.cbegin() << Qt::endl;
        else
            for (const QString& line : reasons)
                err << QStringLiteral("  ") << line << Qt::endl;
        return ExitFailure;
    }
    return std::nullopt;
}

std::optional<int> listOnce(const Options& options, LiveConnection& connection, QTextStream& err)
{
    if (const auto failed = openConnection(options, connection, err))
        return failed;
    if (const auto failed = waitForFirstList(options, connection, err))
        return failed;
    connection.session->stop();
    return std::nullopt;
}

WrittenScenario writeFor(const Scenario& scenario, const QString& path)
{
    WrittenScenario written;
    written.json = writeScenario(scenario, ScenarioFormat::Json);
    written.output = path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive) ? written.json : writeScenario(scenario, ScenarioFormat::Yaml);
    return written;
}

bool loadsBack(const WrittenScenario& written, const QString& what, QTextStream& err)
{
    try {
        loadScenarioText(written.json, what + QStringLiteral(".json"));
        return true;
    } catch (const LoadError& error) {
        err << QStringLiteral("kschedviz: the ") << what << QStringLiteral(" written does not load back (please report this): ")
            << error.toString() << Qt::endl;
        return false;
    }
}

bool writeOutput(const QString& path, const QByteArray& bytes, QTextStream& out, QTextStream& err)
{
    if (path.isEmpty() || path == QLatin1String("-")) {
        out << QString::fromUtf8(bytes);
        out.flush();
        return true;
    }
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(bytes) != bytes.size() || !file.flush()) {
        err << QStringLiteral("kschedviz: cannot write ") << path << QStringLiteral(": ") << file.errorString() << Qt::endl;
        return false;
    }
    return true;
}

} // namespace ksv::cli
