// Static credentials and client.authentication.k8s.io exec plugins (v1 and v1beta1).
#include "credentials.h"

#include "decoding/yamlfield.h"

#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLoggingCategory>
#include <QStandardPaths>

namespace ksv::client {

namespace {

Q_LOGGING_CATEGORY(lcCredentials, "ksv.client.credentials")

} // namespace

CredentialProvider::CredentialProvider(ClusterConfig cluster, UserConfig user, QObject* parent)
    : QObject(parent)
    , m_cluster(std::move(cluster))
    , m_user(std::move(user))
{
    qRegisterMetaType<Credential>();
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, [this] {
        m_timedOut = true;
        if (m_process)
            m_process->kill(); // finished() follows, and reports the timeout
    });
}

CredentialProvider::~CredentialProvider()
{
    if (m_process) {
        m_process->disconnect(this);
        m_process->kill();
        m_process->waitForFinished(1000);
    }
}

std::optional<Credential> CredentialProvider::current() const
{
    if (!m_user.exec) {
        // client-go sends a static token alongside an exec plugin's certificate too; without a
        // plugin the kubeconfig's own fields are the whole credential.
        return Credential {m_user.token, m_user.clientCertificatePem, m_user.clientKeyPem, {}};
    }
    if (m_cached && (!m_cached->expiry.isValid() || QDateTime::currentDateTimeUtc() < m_cached->expiry))
        return m_cached;
    return std::nullopt;
}

void CredentialProvider::refresh()
{
    if (!m_user.exec) {
        QMetaObject::invokeMethod(this, [this] { Q_EMIT ready(*current()); }, Qt::QueuedConnection);
        return;
    }
    if (const auto valid = current()) {
        QMetaObject::invokeMethod(this, [this, credential = *valid] { Q_EMIT ready(credential); }, Qt::QueuedConnection);
        return;
    }
    if (!m_process)
        startPlugin();
}

void CredentialProvider::reportUnauthorized(const Credential& rejected)
{
    if (m_cached && *m_cached == rejected)
        m_cached.reset();
}

void CredentialProvider::fail(const QString& message)
{
    const ExecConfig& exec = *m_user.exec;
    Q_EMIT failed(exec.where.toString() + QStringLiteral(": ") + exec.fieldPath + QStringLiteral(": ") + message);
}

QByteArray CredentialProvider::execInfo() const
{
    const ExecConfig& exec = *m_user.exec;
    QJsonObject spec {{QStringLiteral("interactive"), false}};
    if (exec.provideClusterInfo) {
        QJsonObject cluster {{QStringLiteral("server"), m_cluster.server.toString()}};
        if (!m_cluster.tlsServerName.isEmpty())
            cluster.insert(QStringLiteral("tls-server-name"), m_cluster.tlsServerName);
        if (m_cluster.insecureSkipTlsVerify)
            cluster.insert(QStringLiteral("insecure-skip-tls-verify"), true);
        if (!m_cluster.certificateAuthorityPem.isEmpty())
            cluster.insert(QStringLiteral("certificate-authority-data"), QString::fromLatin1(m_cluster.certificateAuthorityPem.toBase64()));
        if (!m_cluster.proxyUrl.isEmpty())
            cluster.insert(QStringLiteral("proxy-url"), m_cluster.proxyUrl.toString());
        spec.insert(QStringLiteral("cluster"), cluster);
    }
    const QJsonObject info {{QStringLiteral("apiVersion"), exec.apiVersion},
                            {QStringLiteral("kind"), QStringLiteral("ExecCredential")},
                            {QStringLiteral("spec"), spec}};
    return QJsonDocument(info).toJson(QJsonDocument::Compact);
}

void CredentialProvider::startPlugin()
{
    const ExecConfig& exec = *m_user.exec;
    // No terminal is ever handed to the plugin (stdin stays closed), so a plugin that must ask
    // the user cannot work: client-go refuses the same way when stdin is not a terminal.
    if (exec.interactiveMode == ExecConfig::InteractiveMode::Always) {
        fail(QStringLiteral("the plugin wants interactiveMode Always, but kschedviz cannot give it a terminal; "
                            "log in with the plugin once in a shell, or use \"kubectl proxy\""));
        return;
    }
    QString program = exec.command;
    if (!program.contains(QLatin1Char('/')))
        program = QStandardPaths::findExecutable(program);
    const QFileInfo info(program);
    if (program.isEmpty() || !info.isFile() || !info.isExecutable()) {
        QString message = QStringLiteral("exec plugin ") + quoteForMessage(exec.command)
            + (exec.command.contains(QLatin1Char('/')) ? QStringLiteral(" is not an executable file")
                                                       : QStringLiteral(" was not found in PATH"));
        if (!exec.installHint.isEmpty())
            message += QStringLiteral(". ") + exec.installHint.trimmed();
        fail(message);
        return;
    }

    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    for (const auto& [name, value] : exec.env)
        environment.insert(name, value);
    environment.insert(QStringLiteral("KUBERNETES_EXEC_INFO"), QString::fromUtf8(execInfo()));

    m_process = std::make_unique<QProcess>();
    m_process->setProcessEnvironment(environment);
    m_process->setProgram(program);
    m_process->setArguments(exec.args);
    m_process->setStandardInputFile(QProcess::nullDevice());
    connect(m_process.get(), &QProcess::readyReadStandardError, this, &CredentialProvider::forwardStderr);
    connect(m_process.get(), &QProcess::finished, this, &CredentialProvider::onFinished);
    connect(m_process.get(), &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart)
            onFinished(-1, QProcess::CrashExit);
    });
    m_timedOut = false;
    ++m_runs;
    m_timer.start(m_timeoutMs);
    m_process->start();
}

void CredentialProvider::forwardStderr()
{
    m_stderrBuffer += m_process->readAllStandardError();
    emitStderrLines();
}

void CredentialProvider::emitStderrLines()
{
    qsizetype newline;
    while ((newline = m_stderrBuffer.indexOf('\n')) >= 0) {
        const QString line = QString::fromUtf8(m_stderrBuffer.left(newline));
        qCInfo(lcCredentials).noquote() << "exec plugin:" << line;
        Q_EMIT pluginStderr(line);
        m_stderrBuffer.remove(0, newline + 1);
    }
}

void CredentialProvider::onFinished(int exitCode, QProcess::ExitStatus status)
{
    m_timer.stop();
    std::unique_ptr<QProcess> process = std::move(m_process);
    process->disconnect(this);
    const QByteArray output = process->readAllStandardOutput();
    m_stderrBuffer += process->readAllStandardError();
    if (!m_stderrBuffer.isEmpty() && !m_stderrBuffer.endsWith('\n'))
        m_stderrBuffer += '\n';
    emitStderrLines();
    process.release()->deleteLater(); // we may be inside one of its signals

    const ExecConfig& exec = *m_user.exec;
    if (m_timedOut) {
        fail(QStringLiteral("exec plugin ") + quoteForMessage(exec.command) + QStringLiteral(" did not finish within ")
             + QString::number(m_timeoutMs / 1000.0) + QStringLiteral(" s and was stopped"));
        return;
    }
    if (status != QProcess::NormalExit || exitCode != 0) {
        fail(QStringLiteral("exec plugin ") + quoteForMessage(exec.command)
             + (status == QProcess::NormalExit ? QStringLiteral(" failed with exit code ") + QString::number(exitCode)
                                               : QStringLiteral(" could not run or crashed")));
        return;
    }
    QString problem;
    const auto credential = parseExecCredential(output, exec.apiVersion, &problem);
    if (!credential) {
        fail(QStringLiteral("exec plugin ") + quoteForMessage(exec.command) + QStringLiteral(": ") + problem);
        return;
    }
    m_cached = credential;
    Q_EMIT ready(*credential);
}

// Problems name fields only: stdout holds the secret.
std::optional<Credential> parseExecCredential(const QByteArray& stdoutData, const QString& apiVersion, QString* problem)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(stdoutData, &error);
    if (error.error != QJsonParseError::NoError || !document.isObject()) {
        *problem = QStringLiteral("its output is not an ExecCredential JSON object (") + error.errorString()
            + QStringLiteral(" at byte ") + QString::number(error.offset) + QLatin1Char(')');
        return std::nullopt;
    }
    const QJsonObject root = document.object();
    const QString returned = root.value(QStringLiteral("apiVersion")).toString();
    if (returned != apiVersion) {
        *problem = QStringLiteral("apiVersion: the plugin is configured for ") + apiVersion
            + QStringLiteral(" but returned ") + quoteForMessage(returned);
        return std::nullopt;
    }
    if (root.value(QStringLiteral("kind")).toString() != QLatin1String("ExecCredential")) {
        *problem = QStringLiteral("kind: expected ExecCredential");
        return std::nullopt;
    }
    const QJsonValue statusValue = root.value(QStringLiteral("status"));
    if (!statusValue.isObject()) {
        *problem = QStringLiteral("status: required value is missing");
        return std::nullopt;
    }
    const QJsonObject status = statusValue.toObject();
    Credential credential;
    credential.token = status.value(QStringLiteral("token")).toString().toUtf8();
    credential.clientCertificatePem = status.value(QStringLiteral("clientCertificateData")).toString().toUtf8();
    credential.clientKeyPem = status.value(QStringLiteral("clientKeyData")).toString().toUtf8();
    if (credential.clientCertificatePem.isEmpty() != credential.clientKeyPem.isEmpty()) {
        *problem = QStringLiteral("status: clientCertificateData and clientKeyData must be given together");
        return std::nullopt;
    }
    if (!credential.clientKeyPem.isEmpty()) {
        if (const QString mismatch = checkCertificateAndKey(credential.clientCertificatePem, credential.clientKeyPem); !mismatch.isEmpty()) {
            *problem = QStringLiteral("status.clientKeyData: ") + mismatch;
            return std::nullopt;
        }
    }
    if (credential.token.isEmpty() && credential.clientKeyPem.isEmpty()) {
        *problem = QStringLiteral("status: neither a token nor a client certificate and key");
        return std::nullopt;
    }
    if (const QJsonValue expiry = status.value(QStringLiteral("expirationTimestamp")); !expiry.isUndefined() && !expiry.isNull()) {
        credential.expiry = QDateTime::fromString(expiry.toString(), Qt::ISODateWithMs);
        if (!credential.expiry.isValid()) {
            *problem = QStringLiteral("status.expirationTimestamp: ") + quoteForMessage(expiry.toString())
                + QStringLiteral(" is not an RFC 3339 time");
            return std::nullopt;
        }
    }
    return credential;
}

} // namespace ksv::client
