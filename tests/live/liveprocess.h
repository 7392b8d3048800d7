#pragma once

// What the tests against a real server share: running a script or kschedviz to its end, reading
// start.sh's DIR/env, and reading a field of a JSON answer.

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>
#include <QProcess>
#include <QSignalSpy>
#include <QString>
#include <QStringList>

#include <initializer_list>

namespace ksv::test {

constexpr int kScriptTimeoutMs = 180'000;

inline const QString serverScripts = QStringLiteral(KSV_LIVE_SERVER_DIR);

struct ProcessResult
{
    int exitCode = -1;
    bool finished = false;
    QByteArray out;
    QByteArray err;
};

// Runs a program to its end while the event loop keeps turning, so reflectors go on working
// meanwhile (a restart must be seen as it happens, not after).
inline ProcessResult run(const QString& program, const QStringList& args, const QByteArray& input = {}, const QStringList& extraEnv = {},
                         int timeoutMs = kScriptTimeoutMs)
{
    QProcess process;
    if (!extraEnv.isEmpty())
        process.setEnvironment(QProcess::systemEnvironment() + extraEnv);
    QSignalSpy finished(&process, &QProcess::finished);
    process.start(program, args);
    ProcessResult result;
    if (!process.waitForStarted(10'000)) {
        result.err = process.errorString().toUtf8();
        return result;
    }
    process.write(input);
    process.closeWriteChannel();
    if (!finished.wait(timeoutMs)) {
        process.kill();
        process.waitForFinished(5'000);
        result.err = "timed out after " + QByteArray::number(timeoutMs) + " ms; " + process.readAllStandardError();
        return result;
    }
    result.finished = process.exitStatus() == QProcess::NormalExit;
    result.exitCode = process.exitCode();
    result.out = process.readAllStandardOutput();
    result.err = process.readAllStandardError();
    return result;
}

// start.sh's DIR/env: `export KEY=VALUE`, VALUE quoted by printf %q (our paths need no quoting,
// but a backslash is taken off anyway).
inline QHash<QString, QString> readEnvFile(const QString& path)
{
    QHash<QString, QString> env;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return env;
    for (const QByteArray& raw : file.readAll().split('\n')) {
        QString line = QString::fromUtf8(raw);
        if (!line.startsWith(QLatin1String("export ")))
            continue;
        line = line.mid(7);
        const qsizetype eq = line.indexOf(QLatin1Char('='));
        QString value = line.mid(eq + 1);
        value.remove(QLatin1Char('\\'));
        env.insert(line.left(eq), value);
    }
    return env;
}

// The folder of kube-apiserver and kube-scheduler: $KSV_BIN_DIR (packaging/bootstrap.sh test sets
// it), else build.sh's cache; empty, with why in *problem, when neither has them.
inline QString serverBinaries(QString* problem)
{
    QString bin = qEnvironmentVariable("KSV_BIN_DIR");
    if (bin.isEmpty()) {
        const ProcessResult printed = run(QStringLiteral("bash"), {serverScripts + QStringLiteral("/build.sh"), QStringLiteral("--print-path")},
                                          {}, {}, 60'000);
        if (printed.finished && printed.exitCode == 0)
            bin = QString::fromUtf8(printed.out).trimmed().section(QLatin1Char('\n'), -1);
    }
    if (!bin.isEmpty() && QFileInfo(bin + QStringLiteral("/kube-apiserver")).isExecutable()
        && QFileInfo(bin + QStringLiteral("/kube-scheduler")).isExecutable())
        return bin;
    *problem = QStringLiteral("no kube-apiserver and kube-scheduler binaries (KSV_BIN_DIR=\"") + bin
        + QStringLiteral("\"). This test needs the real server: run ") + serverScripts
        + QStringLiteral("/build.sh once (10 to 15 min; `packaging/bootstrap.sh test` does it), or set KSV_BIN_DIR to the folder that holds them.");
    return {};
}

// The reaper: once this process is gone, for whatever reason, stop what start.sh started in
// `dir`/server (stop.sh only ends pids it recorded there) and remove `dir` unless a failure asked to
// keep it (a file `dir`/keep). After a clean cleanupTestCase it finds nothing left to do.
inline bool startReaper(const QString& testName, const QString& dir, qint64* pid = nullptr)
{
    QProcess reaper;
    reaper.setProgram(QStringLiteral("bash"));
    reaper.setArguments({QStringLiteral("-c"),
                         QStringLiteral("tail --pid=\"$1\" -f /dev/null; \"$2\" \"$3/server\" >/dev/null 2>&1;"
                                        " [ -e \"$3/keep\" ] || rm -rf \"$3\""),
                         testName + QStringLiteral("-reaper"), QString::number(QCoreApplication::applicationPid()),
                         serverScripts + QStringLiteral("/stop.sh"), dir});
    reaper.setStandardInputFile(QProcess::nullDevice());
    reaper.setStandardOutputFile(QProcess::nullDevice());
    reaper.setStandardErrorFile(QProcess::nullDevice());
    return reaper.startDetached(pid);
}

// stop.sh on a server folder: the scheduler, then the apiserver, then etcd, each by the pid start.sh
// recorded.
inline ProcessResult stopServerIn(const QString& serverDir)
{
    return run(QStringLiteral("bash"), {serverScripts + QStringLiteral("/stop.sh"), serverDir}, {}, {QStringLiteral("KSV_STOP_TIMEOUT=10")});
}

// A request as the admin (curl, the admin's client certificate from start.sh's `env`): the HTTP
// status, or 0 when curl failed; the body goes to *body. Never through client/, which cannot write.
inline int adminRequest(const QHash<QString, QString>& env, const QString& method, const QString& path, const QJsonObject& object = {},
                        QByteArray* body = nullptr, const QString& contentType = QStringLiteral("application/json"))
{
    QStringList args {QStringLiteral("-sS"), QStringLiteral("--max-time"), QStringLiteral("20"), QStringLiteral("--cacert"),
                      env.value(QStringLiteral("KSV_CA_CERT")), QStringLiteral("--cert"), env.value(QStringLiteral("KSV_ADMIN_CERT")),
                      QStringLiteral("--key"), env.value(QStringLiteral("KSV_ADMIN_KEY")), QStringLiteral("-X"), method,
                      QStringLiteral("-w"), QStringLiteral("\n%{http_code}")};
    QByteArray input;
    if (!object.isEmpty()) {
        args << QStringLiteral("-H") << QString(QStringLiteral("Content-Type: ") + contentType) << QStringLiteral("--data-binary")
             << QStringLiteral("@-");
        input = QJsonDocument(object).toJson(QJsonDocument::Compact);
    }
    args << QString(env.value(QStringLiteral("KSV_APISERVER_URL")) + path);
    const ProcessResult result = run(QStringLiteral("curl"), args, input, {}, 60'000);
    const qsizetype newline = result.out.lastIndexOf('\n');
    if (body)
        *body = result.out.left(newline);
    if (!result.finished || result.exitCode != 0) {
        qWarning("curl %s %s failed: %s", qPrintable(method), qPrintable(path), result.err.constData());
        return 0;
    }
    return result.out.mid(newline + 1).toInt();
}

// A field of a JSON document by its path of keys.
inline QJsonValue field(QJsonValue value, std::initializer_list<const char*> path)
{
    for (const char* key : path)
        value = value.toObject().value(QLatin1StringView(key));
    return value;
}

} // namespace ksv::test
