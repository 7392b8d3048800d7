#include "extendercommand.h"

#include "demoextender.h"
#include "stopsignals.h"

#include <QEventLoop>
#include <QTimer>


namespace ksv::cli {

int runExtender(const Options& options, QTextStream& out, QTextStream& err)
{
    extender::DemoRules rules;
    try {
        rules = extender::loadDemoRules(options.rules);
    } catch (const LoadError& error) {
        err << error.toString() << Qt::endl;
        return ExitBadInput;
    }
    const QString listen = options.listen.isEmpty() ? QStringLiteral("127.0.0.1:0") : options.listen;
    const qsizetype colon = listen.lastIndexOf(QLatin1Char(':'));
    bool portOk = false;
    const uint port = colon > 0 ? listen.mid(colon + 1).toUInt(&portOk) : 0;
    QString host = colon > 0 ? listen.left(colon) : QString();
    if (host.startsWith(QLatin1Char('[')) && host.endsWith(QLatin1Char(']')))
        host = host.mid(1, host.size() - 2);
    extenderhttp::DemoServerOptions serverOptions;
    serverOptions.address = QHostAddress(host);
    if (!portOk || port > 65535 || serverOptions.address.isNull()) {
        err << QStringLiteral("kschedviz: --listen needs ADDRESS:PORT, such as 127.0.0.1:8888, not ") << listen << Qt::endl;
        return ExitBadInput;
    }
    serverOptions.port = quint16(port);
    serverOptions.certFile = options.certFile;
    serverOptions.keyFile = options.keyFile;

    extenderhttp::DemoExtenderServer server(rules);
    QString error;
    const quint16 listening = server.listen(serverOptions, &error);
    if (listening == 0) {
        err << QStringLiteral("kschedviz: ") << error << Qt::endl;
        return ExitBadInput;
    }
    const QString scheme = options.certFile.isEmpty() ? QStringLiteral("http") : QStringLiteral("https");
    const QString address = serverOptions.address.protocol() == QAbstractSocket::IPv6Protocol
        ? QLatin1Char('[') + serverOptions.address.toString() + QLatin1Char(']')
        : serverOptions.address.toString();
    // The first line of standard output is the URL, for whoever started us (tests read the port).
    out << scheme << QStringLiteral("://") << address << QLatin1Char(':') << listening << Qt::endl;
    err << QStringLiteral("kschedviz extender: serving ") << options.rules << QStringLiteral("; Ctrl+C stops it") << Qt::endl;

    StopSignals stop;
    QEventLoop loop;
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, &loop, [&loop, &stop] {
        if (stop.requested())
            loop.quit();
    });
    poll.start(50);
    loop.exec();
    stop.restore();
    err << QStringLiteral("kschedviz extender: stopped after ") << server.requestsServed() << QStringLiteral(" requests") << Qt::endl;
    return ExitOk;
}

} // namespace ksv::cli
