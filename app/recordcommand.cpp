// `kschedviz record`: a watch of the cluster, written as a scenario whose events are the changes at
// their observed offsets and whose spec.recording holds the real scheduler's bindings.
#include "livecommands.h"
#include "liveconnection.h"
#include "recorder.h"
#include "stopsignals.h"

#include "scenario/encode.h"

#include <QEventLoop>
#include <QTimer>

namespace ksv::cli {

int runRecord(const Options& options, QTextStream& out, QTextStream& err)
{
    LiveConnection connection;
    if (const auto failed = openConnection(options, connection, err))
        return *failed;
    client::Recorder recorder(*connection.session);
    // Ctrl+C ends the recording and still writes it; a second one is the default action again.
    StopSignals stop;
    if (const auto failed = waitForFirstList(options, connection, err))
        return *failed;
    const QString server = connection.session->client().server().toString(QUrl::RemoveUserInfo);
    err << QStringLiteral("kschedviz: recording ") << server << QStringLiteral(" (context ") << connection.config.contextName
        << QStringLiteral(")")
        << (options.durationNanos ? QStringLiteral(" for ") + formatDuration(*options.durationNanos) : QString())
        << QStringLiteral("; Ctrl+C ends it") << Qt::endl;

    QEventLoop loop;
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
        if (stop.requested() || (options.durationNanos && recorder.now() >= *options.durationNanos))
            loop.quit();
    });
    poll.start(50);
    loop.exec();
    connection.session->stop();
    stop.restore();

    const Scenario scenario = recorder.scenario(QStringLiteral("recording-") + connection.config.contextName, connection.config.contextName);
    for (const QString& line : recorder.skipped())
        err << QStringLiteral("kschedviz: left out ") << line << Qt::endl;
    const WrittenScenario written = writeFor(scenario, options.output);
    if (!writeOutput(options.output, written.output, out, err))
        return ExitFailure;
    err << QStringLiteral("kschedviz: recorded ") << formatDuration(scenario.recording->duration / 1'000'000 * 1'000'000)
        << QStringLiteral(" of ") << server << QStringLiteral(": ") << scenario.initial.objectCount() << QStringLiteral(" objects at the start, ")
        << scenario.events.size() << QStringLiteral(" changes, ") << scenario.recording->bindings.size()
        << QStringLiteral(" bindings by the cluster's scheduler -> ") << options.output << Qt::endl;
    // Written first, checked after: an hour's recording is kept even if a bug of ours shows here.
    return loadsBack(written, QStringLiteral("recording"), err) ? ExitOk : ExitFailure;
}

} // namespace ksv::cli
