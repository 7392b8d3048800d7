#pragma once

// Credentials for requests, as client-go's transport and exec authenticator
// (plugin/pkg/client/auth/exec/exec.go) provide them: a static token or client certificate from the
// kubeconfig, or an ExecCredential from a plugin, cached until its expirationTimestamp and fetched
// again after a 401. The plugin runs as an asynchronous QProcess, so the thread that asks is never
// blocked; it gets a timeout, and its stderr is passed on.

#include "kubeconfig.h"

#include <QDateTime>
#include <QObject>
#include <QProcess>
#include <QTimer>

#include <memory>

namespace ksv::client {

struct Credential
{
    QByteArray token;
    QByteArray clientCertificatePem;
    QByteArray clientKeyPem;
    QDateTime expiry; // invalid: does not expire

    bool isEmpty() const { return token.isEmpty() && clientKeyPem.isEmpty(); }
    friend bool operator==(const Credential&, const Credential&) = default;
};

// The ExecCredential a plugin printed, for a plugin configured with `apiVersion`; nothing, and in
// `problem` what is wrong (naming fields only: stdout holds the secret). A function of its own so
// that the fuzzer reaches it without a process (tests/fuzz).
std::optional<Credential> parseExecCredential(const QByteArray& stdoutData, const QString& apiVersion, QString* problem);

class CredentialProvider : public QObject
{
    Q_OBJECT

public:
    explicit CredentialProvider(ClusterConfig cluster, UserConfig user, QObject* parent = nullptr);
    ~CredentialProvider() override;

    bool usesPlugin() const { return m_user.exec.has_value(); }
    // The credential to use now: the static one, or the plugin's while it has not expired.
    std::optional<Credential> current() const;
    // Starts the plugin unless it is running; the outcome comes as ready() or failed(). Without a
    // plugin, ready() follows at once (queued) with the static credential.
    void refresh();
    // A request made with `rejected` got 401: forget it, so that the next refresh() runs the
    // plugin again. A credential already replaced is left alone (client-go's maybeRefreshCreds).
    void reportUnauthorized(const Credential& rejected);

    void setTimeout(int milliseconds) { m_timeoutMs = milliseconds; }
    int timeout() const { return m_timeoutMs; }
    // How many times the plugin was started; tests use it to see the cache work.
    int pluginRuns() const { return m_runs; }

Q_SIGNALS:
    void ready(const ksv::client::Credential& credential);
    // One line naming the kubeconfig and its exec field; never the plugin's stdout.
    void failed(const QString& message);
    // The plugin's stderr, passed on line by line (client-go connects it to its own stderr).
    void pluginStderr(const QString& line);

private:
    void startPlugin();
    void onFinished(int exitCode, QProcess::ExitStatus status);
    void fail(const QString& message);
    QByteArray execInfo() const;
    void forwardStderr();
    void emitStderrLines();

    ClusterConfig m_cluster;
    UserConfig m_user;
    std::optional<Credential> m_cached;
    std::unique_ptr<QProcess> m_process;
    QTimer m_timer;
    QByteArray m_stderrBuffer;
    int m_timeoutMs = 60'000;
    int m_runs = 0;
    bool m_timedOut = false;
};

} // namespace ksv::client

Q_DECLARE_METATYPE(ksv::client::Credential)
